/* bytebuild.c: a byte builder (see bytebuild.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytebuild.h"

/* Doubling from 4 KiB: the limits tests build inputs of gigabytes. */
void bb_put(struct bb *b, const void *src, size_t n)
{
	if (b->n + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->n + n)
			cap *= 2;
		b->p = realloc(b->p, cap);
		assert_non_null(b->p);
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->n, src, n);
	b->n += n;
}

void bb_u1(struct bb *b, unsigned v)
{
	uint8_t x = (uint8_t)v;
	bb_put(b, &x, 1);
}

void bb_le(struct bb *b, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		bb_u1(b, i < 8 ? (unsigned)(v >> (8 * i)) & 0xFF : 0);
}

void bb_str(struct bb *b, const char *s) { bb_put(b, s, strlen(s)); }

void bb_printf(struct bb *b, const char *fmt, ...)
{
	char t[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof t);
	bb_put(b, t, (size_t)n);
}

void bb_hex(struct bb *b, const char *hex)
{
	for (const char *p = hex; *p;) {
		unsigned v;
		if (*p == ' ' || *p == '|' || *p == '\n') {
			p++;
			continue;
		}
		assert_int_equal(sscanf(p, "%2x", &v), 1);
		bb_u1(b, v);
		p += 2;
	}
}

void bb_uleb(struct bb *b, uint64_t v)
{
	do {
		unsigned x = v & 0x7f;
		v >>= 7;
		bb_u1(b, x | (v ? 0x80 : 0));
	} while (v);
}

void bb_sleb(struct bb *b, int64_t v)
{
	for (;;) {
		unsigned x = (unsigned)v & 0x7f;
		v >>= 7;  /* arithmetic on gcc/clang */
		if ((v == 0 && !(x & 0x40)) || (v == -1 && (x & 0x40))) {
			bb_u1(b, x);
			return;
		}
		bb_u1(b, x | 0x80);
	}
}

void bb_v1_header(struct bb *b, unsigned version, unsigned record_size, uint64_t start)
{
	bb_str(b, "SLOW");
	bb_le(b, version, 2);
	bb_le(b, 32, 2);
	bb_le(b, start, 8);
	bb_le(b, record_size, 2);
	for (int i = 18; i < 32; i++)
		bb_u1(b, 0);
}
