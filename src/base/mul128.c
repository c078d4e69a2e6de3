/* mul128.c: exact comparison and division of 64-bit products (see mul128.h). */
#include "base/mul128.h"

/* a × b as 128 bits (hi, lo). */
static void mul128_mul(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
	*lo = (mid << 32) | (p00 & 0xffffffffu);
	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

int mul128_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	uint64_t h1, l1, h2, l2;
	mul128_mul(a, b, &h1, &l1);
	mul128_mul(c, d, &h2, &l2);
	if (h1 != h2)
		return h1 > h2 ? 1 : -1;
	return (l1 > l2) - (l1 < l2);
}

uint64_t mul128_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	if (!b || a <= UINT64_MAX / b)
		return a * b / c;
	uint64_t hi, lo, q = 0, r = 0;
	mul128_mul(a, b, &hi, &lo);
	/* Long division, a bit at a time: rare (products past 2^64). */
	for (int i = 127; i >= 0; i--) {
		uint64_t bit = i >= 64 ? hi >> (i - 64) & 1 : lo >> i & 1;
		int carry = (int)(r >> 63);
		r = r << 1 | bit;
		q <<= 1;
		if (carry || r >= c) {
			r -= c;
			q |= 1;
		}
	}
	return q;
}
