/* base64.h: standard base64 (RFC 4648: A-Z a-z 0-9 + /, '=' padding), as
 * ART writes a long-running-method dump into an ANR report.
 */
#ifndef TV_BASE64_H
#define TV_BASE64_H

#include <stddef.h>
#include <stdint.h>

/* The most bytes n characters decode to. */
static inline size_t base64_max(size_t n)
{
	return n / 4 * 3 + 3;
}

/* Decodes in[0..n) into out (room for base64_max(n) bytes), stopping at
 * the padding or at the end; *outlen gets the bytes written. 0, or -1 with
 * *bad the index of the first character that is not base64 (or of a last
 * group too short to hold a byte). */
int base64_decode(const char *in, size_t n, uint8_t *out, size_t *outlen, size_t *bad);

#endif
