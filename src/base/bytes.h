/* bytes.h: little-endian reads from a buffer the caller has bounds-checked.
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

#endif
