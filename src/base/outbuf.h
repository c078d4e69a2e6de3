/* outbuf.h: buffered output for the reports.
 *
 * A report is millions of small pieces; through stdio each would pay for a
 * call, a lock and (for numbers) printf's parsing. An outbuf collects them
 * in one large buffer the caller owns and hands it to fwrite when full.
 * Numbers are formatted by numfmt.h, escaped strings by textesc.h.
 *
 * Failure: a short fwrite marks the outbuf failed; later output is dropped
 * and outbuf_finish() reports TV_ERR_OUTPUT. Nothing here allocates.
 */
#ifndef TV_OUTBUF_H
#define TV_OUTBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/status.h"

/* The smallest buffer outbuf_init() takes: room for any outbuf_reserve()
 * its callers make (a JSON edge line). */
#define OUTBUF_MIN 1024

struct outbuf {
	FILE *out;      /* where full buffers go; not owned */
	char *buf;      /* caller's buffer, size bytes */
	size_t size, len;
	uint64_t handed;  /* bytes given to the stream so far */
	int failed;     /* a write failed: output is dropped from then on */
};

/* Writes to out through buf (size at least OUTBUF_MIN), both the caller's
 * until outbuf_finish(). */
void outbuf_init(struct outbuf *ob, FILE *out, char *buf, size_t size);

/* Hands the buffered bytes to the stream. */
void outbuf_flush(struct outbuf *ob);

/* Flushes the buffer and the stream: TV_OK, or TV_ERR_OUTPUT when any
 * write failed (the stream's error flag included). */
enum tv_status outbuf_finish(struct outbuf *ob);

/* n bytes of p; pieces larger than the buffer go to the stream directly. */
void outbuf_write_slow(struct outbuf *ob, const void *p, size_t n);

static inline void outbuf_write(struct outbuf *ob, const void *p, size_t n)
{
	if (n <= ob->size - ob->len) {
		memcpy(ob->buf + ob->len, p, n);
		ob->len += n;
	} else {
		outbuf_write_slow(ob, p, n);
	}
}

static inline void outbuf_putc(struct outbuf *ob, char c)
{
	if (ob->len == ob->size)
		outbuf_flush(ob);
	ob->buf[ob->len++] = c;
}

static inline void outbuf_puts(struct outbuf *ob, const char *s)
{
	outbuf_write(ob, s, strlen(s));
}

/* Room for n bytes (n at most OUTBUF_MIN) at the returned pointer; the
 * caller fills some of it and hands the end to outbuf_commit(). */
static inline char *outbuf_reserve(struct outbuf *ob, size_t n)
{
	if (n > ob->size - ob->len)
		outbuf_flush(ob);
	return ob->buf + ob->len;
}

static inline void outbuf_commit(struct outbuf *ob, const char *end)
{
	ob->len = (size_t)(end - ob->buf);
}

/* Bytes written so far (handed to the stream or buffered). */
static inline uint64_t outbuf_tell(const struct outbuf *ob)
{
	return ob->handed + ob->len;
}

/* n spaces. */
void outbuf_spaces(struct outbuf *ob, size_t n);

/* s (n bytes) right-aligned in width columns, as printf's "%*s". */
void outbuf_right(struct outbuf *ob, const char *s, size_t n, size_t width);

/* s left-aligned in width columns, as printf's "%-*s". */
void outbuf_left(struct outbuf *ob, const char *s, size_t width);

/* Numbers as numfmt.h writes them. */
void outbuf_u64(struct outbuf *ob, uint64_t v);
void outbuf_hex(struct outbuf *ob, uint64_t v);
void outbuf_fixed(struct outbuf *ob, uint64_t scaled, unsigned decimals);
/* v, or JSON's null when has is 0 (a number the trace does not have). */
void outbuf_u64_or_null(struct outbuf *ob, int has, uint64_t v);

#endif
