/* outbuf.c: buffered output (see outbuf.h). */
#include "base/outbuf.h"

#include "base/numfmt.h"

void outbuf_init(struct outbuf *ob, FILE *out, char *buf, size_t size)
{
	*ob = (struct outbuf){ .out = out, .buf = buf, .size = size };
}

void outbuf_flush(struct outbuf *ob)
{
	if (ob->len && !ob->failed && fwrite(ob->buf, 1, ob->len, ob->out) != ob->len)
		ob->failed = 1;
	ob->handed += ob->len;
	ob->len = 0;
}

enum tv_status outbuf_finish(struct outbuf *ob)
{
	outbuf_flush(ob);
	if (ob->failed || fflush(ob->out) != 0 || ferror(ob->out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}

void outbuf_write_slow(struct outbuf *ob, const void *p, size_t n)
{
	outbuf_flush(ob);
	if (n <= ob->size) {
		memcpy(ob->buf, p, n);
		ob->len = n;
	} else {
		if (!ob->failed && fwrite(p, 1, n, ob->out) != n)
			ob->failed = 1;
		ob->handed += n;
	}
}

void outbuf_spaces(struct outbuf *ob, size_t n)
{
	static const char sp[] = "                                ";
	for (; n > sizeof sp - 1; n -= sizeof sp - 1)
		outbuf_write(ob, sp, sizeof sp - 1);
	outbuf_write(ob, sp, n);
}

void outbuf_right(struct outbuf *ob, const char *s, size_t n, size_t width)
{
	if (n < width)
		outbuf_spaces(ob, width - n);
	outbuf_write(ob, s, n);
}

void outbuf_left(struct outbuf *ob, const char *s, size_t width)
{
	size_t n = strlen(s);
	outbuf_write(ob, s, n);
	if (n < width)
		outbuf_spaces(ob, width - n);
}

void outbuf_u64(struct outbuf *ob, uint64_t v)
{
	char *p = outbuf_reserve(ob, NUMFMT_MAX);
	outbuf_commit(ob, p + numfmt_put_u64(p, v));
}

void outbuf_u64_or_null(struct outbuf *ob, int has, uint64_t v)
{
	if (has)
		outbuf_u64(ob, v);
	else
		outbuf_puts(ob, "null");
}

void outbuf_hex(struct outbuf *ob, uint64_t v)
{
	char *p = outbuf_reserve(ob, NUMFMT_MAX);
	outbuf_commit(ob, p + numfmt_put_hex(p, v));
}

void outbuf_fixed(struct outbuf *ob, uint64_t scaled, unsigned decimals)
{
	char *p = outbuf_reserve(ob, NUMFMT_MAX);
	outbuf_commit(ob, p + numfmt_put_fixed(p, scaled, decimals));
}
