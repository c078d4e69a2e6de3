/* bytebuild.h: a byte builder for inputs written byte by byte, which the
 * reader tests (readtest.h) and the limits tests (limitstest.h) share.
 * Failures fail the calling cmocka test; allocation failure too.
 */
#ifndef TV_BYTEBUILD_H
#define TV_BYTEBUILD_H

#include <stddef.h>
#include <stdint.h>

/* Bytes appended at the end of p (malloc'd; the caller frees p). */
struct bb {
	uint8_t *p;
	size_t n, cap;
};

void bb_put(struct bb *b, const void *src, size_t n);
void bb_u1(struct bb *b, unsigned v);
/* v as n little-endian bytes; bytes past the 8th are zero. */
void bb_le(struct bb *b, uint64_t v, int n);
void bb_str(struct bb *b, const char *s);
void bb_printf(struct bb *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* Hex digit pairs; blanks and '|' between them are ignored. */
void bb_hex(struct bb *b, const char *hex);
void bb_uleb(struct bb *b, uint64_t v);
void bb_sleb(struct bb *b, int64_t v);
/* A V1 header of 32 bytes. */
void bb_v1_header(struct bb *b, unsigned version, unsigned record_size, uint64_t start);

#endif
