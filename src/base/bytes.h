/* bytes.h: little-endian reads from a buffer the caller has bounds-checked,
 * and LEB128 reads that check their own bounds.
 *
 * Every binary field of a trace is little-endian (docs/format.md); the
 * readers check lengths first and then read through these.
 */
#ifndef TV_BYTES_H
#define TV_BYTES_H

#include <stdint.h>

static inline uint32_t bytes_le16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t bytes_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t bytes_le64(const uint8_t *p)
{
	return (uint64_t)bytes_le32(p) | (uint64_t)bytes_le32(p + 4) << 32;
}

/* ULEB128 (sign 0) or SLEB128 (sign 1) of up to 64 bits (10 bytes) from
 * *pp, which moves past it; -1 when it runs into end (then *pp stays).
 * SLEB values come back two's complement: callers add them modulo 2^64. */
static inline int bytes_leb(const uint8_t **pp, const uint8_t *end, uint64_t *out, int sign)
{
	const uint8_t *p = *pp;
	uint64_t v = 0;

	for (unsigned i = 0; i < 10 && p < end; i++) {
		uint8_t b = *p++;
		v |= (uint64_t)(b & 0x7f) << (7 * i);
		if (!(b & 0x80)) {
			unsigned sh = 7 * (i + 1);
			if (sign && sh < 64 && (b & 0x40))
				v |= ~(uint64_t)0 << sh;
			*out = v;
			*pp = p;
			return 0;
		}
	}
	return -1;
}

static inline int bytes_uleb(const uint8_t **pp, const uint8_t *end, uint64_t *out)
{
	return bytes_leb(pp, end, out, 0);
}

static inline int bytes_sleb(const uint8_t **pp, const uint8_t *end, uint64_t *out)
{
	return bytes_leb(pp, end, out, 1);
}

#endif
