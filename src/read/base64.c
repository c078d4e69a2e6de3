/* base64.c: standard base64 decoding (see base64.h). */
#include "read/base64.h"

/* The 6-bit value of c, or -1. */
static int base64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

int base64_decode(const char *in, size_t n, uint8_t *out, size_t *outlen, size_t *bad)
{
	uint32_t acc = 0;
	unsigned bits = 0;
	size_t o = 0, i;

	for (i = 0; i < n && in[i] != '='; i++) {
		int v = base64_value((unsigned char)in[i]);
		if (v < 0) {
			*bad = i;
			return -1;
		}
		acc = (acc << 6 | (uint32_t)v) & 0xFFFFFF;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (uint8_t)(acc >> bits);
		}
	}
	*outlen = o;
	if (bits >= 6) {  /* one character alone cannot hold a byte */
		*bad = i - 1;
		return -1;
	}
	return 0;
}
