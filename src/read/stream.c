/* stream.c: ART V1 streaming files, versions 0xF1-0xF3
 * (docs/format.md, "Streaming files").
 *
 * After the header come records (u2 thread id != 0) and packets (u2 0, then
 * an opcode). The only allocation is in the 0xF2 stride probe, which tracks
 * which thread and method ids the packets announced.
 */
#include "read/stream.h"
#include "base/bytes.h"

#include "base/idmap.h"
#include "read/keyfile.h"
#include "read/v1.h"

#include <string.h>

#define STREAM_CHUNK ((size_t)1 << 20) /* bytes between sink->consumed calls (as v1.c) */
#define STREAM_PROBE_ITEMS 4096     /* records + packets looked at per stride */

/* One packet at buf[pos] (pos at the 00 00 marker) split into its parts. */
struct stream_packet {
	unsigned op;        /* 1 method, 2 thread, 3 summary, other: unknown */
	uint32_t tid;       /* thread packets */
	size_t body, blen;  /* the text: index and length */
	size_t next;        /* index after the packet */
};

enum stream_pk { STREAM_PK_OK, STREAM_PK_SHORT, STREAM_PK_UNKNOWN };

static enum stream_pk stream_packet_read(const uint8_t *buf, size_t len, size_t pos,
                                         struct stream_packet *pk)
{
	size_t avail = len - pos, hdr;

	if (avail < 3)
		return STREAM_PK_SHORT;
	pk->op = buf[pos + 2];
	pk->tid = 0;
	switch (pk->op) {
	case 1:
		hdr = 5;
		if (avail < hdr)
			return STREAM_PK_SHORT;
		pk->blen = bytes_le16(buf + pos + 3);
		break;
	case 2:
		hdr = 7;
		if (avail < hdr)
			return STREAM_PK_SHORT;
		pk->tid = bytes_le16(buf + pos + 3);
		pk->blen = bytes_le16(buf + pos + 5);
		break;
	case 3:
		hdr = 7;
		if (avail < hdr)
			return STREAM_PK_SHORT;
		pk->blen = bytes_le32(buf + pos + 3);
		break;
	default:
		return STREAM_PK_UNKNOWN;
	}
	if (pk->blen > avail - hdr)
		return STREAM_PK_SHORT;
	pk->body = pos + hdr;
	pk->next = pos + hdr + pk->blen;
	return STREAM_PK_OK;
}

/* ------------------------------------------------------------ 0xF2 probe */

struct stream_probe {
	long score;   /* consistent items minus penalties */
	int fatal;    /* hit an unknown opcode or a bad method line */
};

/* Walk the first items with the given stride and judge how well they decode:
 * records must use announced threads and methods, packets must be sane. */
static int stream_probe_run(const uint8_t *buf, size_t len, size_t pos, size_t stride,
                            struct stream_probe *r)
{
	struct idmap meth, thr;
	int rc = 0;

	idmap_init(&meth);
	idmap_init(&thr);
	r->score = 0;
	r->fatal = 0;
	for (unsigned items = 0; items < STREAM_PROBE_ITEMS && len - pos >= 2; items++) {
		uint32_t tid = bytes_le16(buf + pos);
		struct stream_packet pk;
		struct sink_method m;
		uint64_t id;

		if (tid != 0) {
			if (len - pos < stride)
				break;
			uint32_t word = bytes_le32(buf + pos + 2);
			int good = idmap_get(&thr, tid) != IDMAP_NONE &&
			           idmap_get(&meth, word & ~3u) != IDMAP_NONE && (word & 3) != 3;
			r->score += good ? 1 : -2;
			pos += stride;
			continue;
		}
		enum stream_pk k = stream_packet_read(buf, len, pos, &pk);
		if (k == STREAM_PK_SHORT)
			break;
		if (k == STREAM_PK_UNKNOWN || pk.op == 3) {
			r->fatal = k == STREAM_PK_UNKNOWN;
			r->score += r->fatal ? -64 : 4;
			break;
		}
		if (pk.op == 1) {
			if (keyfile_method_line((const char *)buf + pk.body, pk.blen, &id, &m) < 0) {
				r->fatal = 1;
				r->score -= 64;
				break;
			}
			rc |= idmap_put(&meth, id, 1);
		} else {
			rc |= idmap_put(&thr, pk.tid, 1);
		}
		r->score += 1;
		pos = pk.next;
	}
	idmap_free(&meth);
	idmap_free(&thr);
	return rc;
}

/* The stride to read records with: the header's, or 14 for the pre-2023
 * writer bug where single-clock records were written 14 bytes long. */
static enum tv_status stream_pick_stride(const uint8_t *buf, size_t len, const struct v1_header *h,
                                         size_t *stride, struct tv_error *err)
{
	struct stream_probe as_is, as14;

	*stride = h->record_size;
	if (h->record_size >= 14)
		return TV_OK;
	/* Both are always tried: a short file can look fine read wrongly. */
	if (stream_probe_run(buf, len, h->data_offset, h->record_size, &as_is) < 0 ||
	    stream_probe_run(buf, len, h->data_offset, 14, &as14) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (as14.score > as_is.score)
		*stride = 14;
	return TV_OK;
}

/* ------------------------------------------------------------ main loop */

struct stream_state {
	const uint8_t *buf;
	size_t len;
	const struct sink *s;
	struct tv_error *err;
	uint64_t records;
	int packets;        /* any packet seen */
	int summary;
};

/* Handles the packet at pos; sets *next (len to stop). */
static enum tv_status stream_packet(struct stream_state *st, size_t pos, size_t *next)
{
	const struct sink *s = st->s;
	const char *body;
	struct stream_packet pk;
	struct sink_method m;
	struct sink_bytes name;
	uint64_t id;
	int stop = 0;

	switch (stream_packet_read(st->buf, st->len, pos, &pk)) {
	case STREAM_PK_SHORT:
		sink_warn(s, TV_W_TRUNCATED, pos, 1);
		*next = st->len;
		return TV_OK;
	case STREAM_PK_UNKNOWN:
		if (st->records == 0)
			return tv_fail(st->err, TV_ERR_PACKET, pos, "unknown packet opcode %u",
			               st->buf[pos + 2]);
		sink_warn(s, TV_W_UNKNOWN_PACKET, pos, 1);
		*next = st->len;
		return TV_OK;
	case STREAM_PK_OK:
		break;
	}
	st->packets = 1;
	body = (const char *)st->buf + pk.body;
	*next = pk.next;
	if (pk.op == 1) {
		if (keyfile_method_line(body, pk.blen, &id, &m) < 0)
			sink_warn(s, TV_W_KEY_LINE, pos, 1);
		else if (s->method)
			stop = s->method(s->ctx, id, &m, pos);
	} else if (pk.op == 2) {
		name.ptr = body;
		name.len = pk.blen;
		if (s->thread)
			stop = s->thread(s->ctx, pk.tid, name, pos);
	} else {
		struct keyfile_info info;
		enum tv_status r = keyfile_parse(st->buf + pk.body, pk.blen, pk.body, 0, s,
		                                 &info, st->err);
		if (r == TV_ERR_NOMEM)
			return r;
		if (r != TV_OK)  /* the records are fine; only the summary is bad */
			sink_warn(s, TV_W_KEY_LINE, pk.body, 1);
		st->summary = 1;
		if (pk.next < st->len)
			sink_warn(s, TV_W_TRAILING, pk.next, st->len - pk.next);
		*next = st->len;
	}
	return stop ? tv_fail(st->err, TV_ERR_NOMEM, pos, NULL) : TV_OK;
}

/* Records from pos until a packet or EOF; returns the index reached. */
static size_t stream_records(struct stream_state *st, size_t pos, size_t stride, int dual,
                             size_t limit, enum tv_status *rc)
{
	const uint8_t *buf = st->buf;
	size_t len = st->len;
	int (*rec)(void *, uint32_t, uint64_t, uint64_t, uint64_t, uint64_t) = st->s->record;
	void *ctx = st->s->ctx;

	while (pos < limit && len - pos >= 2) {
		const uint8_t *p = buf + pos;
		uint32_t tid = bytes_le16(p);

		if (tid == 0)
			break;
		if (len - pos < stride) {
			sink_warn(st->s, TV_W_TRUNCATED, pos, 1);
			return len;
		}
		if (rec && rec(ctx, tid, bytes_le32(p + 2), bytes_le32(p + 6),
		               dual ? bytes_le32(p + 10) : 0, pos)) {
			*rc = tv_fail(st->err, TV_ERR_NOMEM, pos, NULL);
			return len;
		}
		st->records++;
		pos += stride;
	}
	if (pos < len && len - pos < 2) {
		sink_warn(st->s, TV_W_TRUNCATED, pos, 1);
		return len;
	}
	return pos;
}

enum tv_status stream_parse(const uint8_t *buf, size_t len, const struct sink *s,
                            struct tv_error *err)
{
	struct stream_state st = {buf, len, s, err, 0, 0, 0};
	struct sink_format f;
	struct v1_header h;
	enum tv_status rc;
	size_t stride, pos, mark;
	unsigned bv;

	rc = v1_header_parse(buf, len, 0, &h, err);
	if (rc != TV_OK)
		return rc;
	if ((h.version & 0xF0) != 0xF0)
		return tv_fail(err, TV_ERR_VERSION, 4, "version %u is not a streaming version",
		               h.version);
	bv = h.version & 0x0F;
	/* Streaming records always carry a u2 thread id: v1_header_parse()
	 * allows 9 bytes for version 1, whose plain records have a u1 one. */
	if (h.record_size < 10)
		return tv_fail(err, TV_ERR_HEADER, 16,
		               "record size %u is below 10 for a streaming file", h.record_size);
	rc = stream_pick_stride(buf, len, &h, &stride, err);
	if (rc != TV_OK)
		return rc;
	if (stride != h.record_size)
		sink_warn(s, TV_W_STRIDE14, h.data_offset, 1);
	f.version = bv;
	f.streaming = 1;
	f.nslots = bv == 3 ? 2 : 1;
	f.record_size = (unsigned)stride;
	f.start_time = h.start_time;
	f.start_time_ns = 0;
	f.clock = SINK_CLOCK_KEY;
	if (s->format && s->format(s->ctx, &f))
		return tv_fail(err, TV_ERR_NOMEM, 0, NULL);

	pos = h.data_offset;
	mark = pos + STREAM_CHUNK;
	rc = TV_OK;
	while (pos < len && rc == TV_OK) {
		pos = stream_records(&st, pos, stride, f.nslots == 2, mark, &rc);
		if (rc != TV_OK || pos >= len)
			break;
		if (pos >= mark) {
			if (s->consumed)
				s->consumed(s->cctx, pos);
			mark = pos + STREAM_CHUNK;
			continue;
		}
		rc = stream_packet(&st, pos, &pos);
	}
	if (rc != TV_OK)
		return rc;
	if (!st.summary && (st.records || st.packets))
		sink_warn(s, TV_W_NO_SUMMARY, len, 1);
	return TV_OK;
}
