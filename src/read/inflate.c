/* inflate.c: gzip (zlib) and zstd (libzstd) decoding into memory.
 *
 * The output is one buffer grown in place (realloc of a large block moves
 * pages, not bytes), started at the size the file announces so that a
 * well-formed file needs no growth at all.
 */
#include "config.h"

#include "read/inflate.h"

#include "base/grow.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#define INFLATE_START ((size_t)1 << 20)  /* output buffer with no hint */
#define INFLATE_MIN_GROW ((size_t)1 << 20)
#define INFLATE_RATIO 1032u              /* deflate's best ratio */

struct inflate {
	enum inflate_kind kind;
	uint8_t *buf;
	size_t len, cap;
	uint64_t in_total;   /* compressed bytes consumed */
	int inside;          /* inside a member or frame: ending now cuts it */
	int between;         /* gzip: a member ended; the next needs a reset */
	z_stream gz;
#ifdef HAVE_ZSTD
	ZSTD_DStream *zs;
#endif
};

enum inflate_kind inflate_detect(const uint8_t *buf, size_t len)
{
	if (len >= 2 && buf[0] == 0x1f && buf[1] == 0x8b)
		return INFLATE_GZIP;
	if (len >= 4 && memcmp(buf, "\x28\xb5\x2f\xfd", 4) == 0)
		return INFLATE_ZSTD;
	return INFLATE_NONE;
}

int inflate_supported(enum inflate_kind k)
{
#ifdef HAVE_ZSTD
	return k == INFLATE_GZIP || k == INFLATE_ZSTD;
#else
	return k == INFLATE_GZIP;
#endif
}

uint64_t inflate_size_hint(enum inflate_kind k, const uint8_t *buf, size_t len)
{
	uint64_t n = 0, most = (uint64_t)len * INFLATE_RATIO;

	if (k == INFLATE_GZIP && len >= 18) {
		/* ISIZE: the last member's size mod 2^32, little-endian */
		const uint8_t *t = buf + len - 4;
		n = (uint64_t)t[0] | (uint64_t)t[1] << 8 | (uint64_t)t[2] << 16 |
		    (uint64_t)t[3] << 24;
	}
#ifdef HAVE_ZSTD
	/* the frames' content sizes, as far as the first few frames say */
	for (size_t pos = 0, i = 0; k == INFLATE_ZSTD && pos < len && i < 64; i++) {
		unsigned long long s = ZSTD_getFrameContentSize(buf + pos, len - pos);
		size_t fl = ZSTD_findFrameCompressedSize(buf + pos, len - pos);
		if (s == ZSTD_CONTENTSIZE_ERROR || s == ZSTD_CONTENTSIZE_UNKNOWN ||
		    ZSTD_isError(fl) || fl == 0 || s > UINT64_MAX - n)
			break;
		n += s;
		pos += fl;
	}
#endif
	return n < most ? n : most;
}

struct inflate *inflate_new(enum inflate_kind k, uint64_t hint)
{
	struct inflate *z = calloc(1, sizeof *z);

	if (!z || !inflate_supported(k)) {
		free(z);
		return NULL;
	}
	z->kind = k;
	z->cap = hint > INFLATE_START && hint < SIZE_MAX ? (size_t)hint : INFLATE_START;
	z->buf = malloc(z->cap);
	if (!z->buf && z->cap > INFLATE_START) {   /* a hint too big for this process */
		z->cap = INFLATE_START;
		z->buf = malloc(z->cap);
	}
	if (!z->buf) {
		free(z);
		return NULL;
	}
	if (k == INFLATE_GZIP) {
		/* 15 + 16: a gzip wrapper, any window size */
		if (inflateInit2(&z->gz, 15 + 16) != Z_OK) {
			free(z->buf);
			free(z);
			return NULL;
		}
	}
#ifdef HAVE_ZSTD
	if (k == INFLATE_ZSTD && !(z->zs = ZSTD_createDStream())) {
		free(z->buf);
		free(z);
		return NULL;
	}
#endif
	return z;
}

/* Room for at least one more byte: doubling, and cap starts at 1 MiB or
 * more, so each step adds at least INFLATE_MIN_GROW. */
static int inflate_room(struct inflate *z)
{
	return grow_push((void **)&z->buf, &z->cap, z->len, 1);
}

/* One piece of at most UINT_MAX bytes through zlib. */
static enum tv_status inflate_gz_piece(struct inflate *z, const uint8_t *in, uInt n,
                                       struct tv_error *err)
{
	z_stream *s = &z->gz;

	s->next_in = (Bytef *)(uintptr_t)in;   /* zlib does not write it */
	s->avail_in = n;
	for (;;) {
		if (z->between) {
			if (s->avail_in == 0)
				break;
			inflateReset(s);   /* the next member of a concatenation */
			z->between = 0;
		}
		if (inflate_room(z))
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
		size_t room = z->cap - z->len;
		s->next_out = z->buf + z->len;
		s->avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
		uInt before = s->avail_out;
		int r = inflate(s, Z_NO_FLUSH);
		z->len += before - s->avail_out;
		z->inside = 1;
		if (r == Z_STREAM_END) {
			z->inside = 0;
			z->between = 1;
			continue;
		}
		if (r == Z_MEM_ERROR)
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
		if (r != Z_OK && r != Z_BUF_ERROR)
			return tv_fail(err, TV_ERR_COMPRESSED,
			               z->in_total + (uint64_t)(s->next_in - in), "gzip: %s",
			               s->msg ? s->msg : "corrupt data");
		if (s->avail_out > 0)
			break;   /* all input taken (zlib stops only for want of one or the other) */
	}
	z->in_total += n;
	return TV_OK;
}

#ifdef HAVE_ZSTD
static enum tv_status inflate_zstd(struct inflate *z, const uint8_t *in, size_t n,
                                   struct tv_error *err)
{
	ZSTD_inBuffer ib = {in, n, 0};

	for (;;) {
		if (inflate_room(z))
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
		ZSTD_outBuffer ob = {z->buf + z->len, z->cap - z->len, 0};
		size_t r = ZSTD_decompressStream(z->zs, &ob, &ib);
		z->len += ob.pos;
		if (ZSTD_isError(r))
			return tv_fail(err, TV_ERR_COMPRESSED, z->in_total + ib.pos, "zstd: %s",
			               ZSTD_getErrorName(r));
		z->inside = r != 0;
		/* Done when the input is used up and the decoder did not stop
		 * for want of room (or it just closed a frame). */
		if (ib.pos == ib.size && (ob.pos < ob.size || r == 0))
			break;
	}
	z->in_total += n;
	return TV_OK;
}
#endif

enum tv_status inflate_feed(struct inflate *z, const uint8_t *in, size_t len,
                            struct tv_error *err)
{
#ifdef HAVE_ZSTD
	if (z->kind == INFLATE_ZSTD)
		return len ? inflate_zstd(z, in, len, err) : TV_OK;
#endif
	while (len > 0) {
		uInt n = len > UINT_MAX ? UINT_MAX : (uInt)len;
		enum tv_status r = inflate_gz_piece(z, in, n, err);
		if (r != TV_OK)
			return r;
		in += n;
		len -= n;
	}
	return TV_OK;
}

enum tv_status inflate_finish(struct inflate *z, struct tv_error *err)
{
	if (z->inside)
		return tv_fail(err, TV_ERR_COMPRESSED, z->in_total, "%s stream cut short",
		               z->kind == INFLATE_GZIP ? "gzip" : "zstd");
	return TV_OK;
}

uint64_t inflate_in_total(const struct inflate *z)
{
	return z->in_total;
}

uint8_t *inflate_take(struct inflate *z, size_t *len)
{
	uint8_t *b = z->buf;

	*len = z->len;
	/* A shrink, not growth (so not grow.h): give back a hint's or the
	 * last doubling's excess. */
	if (z->len && z->cap - z->len > INFLATE_MIN_GROW) {
		uint8_t *n = realloc(b, z->len);
		if (n)
			b = n;
	}
	z->buf = NULL;
	z->len = z->cap = 0;
	return b;
}

void inflate_free(struct inflate *z)
{
	if (!z)
		return;
	if (z->kind == INFLATE_GZIP)
		inflateEnd(&z->gz);
#ifdef HAVE_ZSTD
	if (z->kind == INFLATE_ZSTD)
		ZSTD_freeDStream(z->zs);
#endif
	free(z->buf);
	free(z);
}
