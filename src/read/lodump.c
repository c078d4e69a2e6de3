/* lodump.c: ART's low-overhead and long-running-method dumps: which
 * layout, and the events of its blocks (see lodump.h; docs/format.md,
 * "Low-overhead dumps").
 *
 * No header says the layout, so each candidate (long-running blocks with
 * 12-byte headers, "all methods" blocks with 12- or 8-byte headers) walks
 * the blocks from the start and is judged by what it ends on: the end of
 * the data, a text trailer, or a chain of packets that runs to the end.
 * Long-running blocks carry their payload size, so they are checked byte
 * for byte; "all methods" blocks are checked by where they end. Then the
 * chosen walk decodes every event into memory, the names after the blocks
 * go to the sink, and lodump_emit.c pairs and sends the events.
 */
#include "read/lodump.h"

#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "base/grow.h"
#include "read/lodump_internal.h"

#define LODUMP_TAG 2u         /* first byte of every block */

static const char lodump_flagless_why[] =
	"ART long-running dump of February 2025 (8-byte blocks): its events carry no "
	"entry/exit flag and cannot be decoded";

uint64_t lodump_off(const struct lodump *d, size_t pos)
{
	return d->where.base + (d->where.b64 ? (uint64_t)pos / 3 * 4 : (uint64_t)pos);
}

/* ------------------------------------------------------------ one block */

/* A block's header at pos: tid, event count and (12-byte headers) size. */
struct lodump_head {
	uint32_t tid;
	uint32_t n;
	uint32_t size;
	uint64_t bad;         /* entries that are no ArtMethod* (walks only) */
};

/* -1 when the header is cut by the end, 1 when it is no block's, else 0. */
static int lodump_head(const uint8_t *buf, size_t len, size_t pos, unsigned hdr,
                       struct lodump_head *h)
{
	if (buf[pos] != LODUMP_TAG)
		return 1;
	if (len - pos < hdr)
		return -1;
	h->bad = 0;
	h->tid = bytes_le32(buf + pos + 1);
	h->n = bytes_le16(buf + pos + 5) | (uint32_t)buf[pos + 7] << 16;
	h->size = hdr == 12 ? bytes_le32(buf + pos + 8) : 0;
	return h->n > LODUMP_MAX_EVENTS ? 1 : 0;
}

/* Walks (and with d set, records) the n events at *pp, up to end. In
 * "all methods" blocks each event moves a running value that restarts at
 * 1 after an exit (odd); in long-running blocks a time-and-action value
 * moves, and an entry (even) is followed by its method's delta. Entries
 * that are no ArtMethod* are counted in *bad and left out. -1 when the
 * events run past end. */
static int lodump_events(struct lodump *d, uint64_t *bad, enum lodump_mode mode,
                         const uint8_t **pp, const uint8_t *end, uint32_t n)
{
	uint64_t v = 0, m = 0, dv;
	for (uint32_t k = 0; k < n; k++) {
		const uint8_t *at = *pp;
		if (bytes_sleb(pp, end, &dv) < 0)
			return -1;
		v += dv;
		uint64_t word = v & 1 ? 1 : v;
		if (mode == LODUMP_ALL && (v & 1))
			v = 1;
		if (mode == LODUMP_LONG && !(v & 1)) {
			if (bytes_sleb(pp, end, &dv) < 0)
				return -1;
			word = m += dv;
		}
		if (mode == LODUMP_LONG && v == 1)
			continue;  /* long-running placeholder: an exit at time 0 */
		if (word != 1 && (word == 0 || (word & 3))) {
			++*bad;
			continue;
		}
		if (!d)
			continue;
		if (grow_push((void **)&d->ev, &d->evcap, d->nev, sizeof *d->ev) < 0)
			return -2;
		d->ev[d->nev++] = (struct lodump_ev){word, v, (uint64_t)(at - d->buf)};
	}
	return 0;
}

/* The block at pos under shape sh: its end in *next, its header in *h.
 * 0, -1 when cut by the end of the data, 1 when it is no block of that
 * shape, -2 when out of memory (only when recording into d). */
static int lodump_block(const uint8_t *buf, size_t len, size_t pos, const struct lodump_shape *sh,
                        struct lodump *d, size_t *next, struct lodump_head *hp)
{
	struct lodump_head h = {0, 0, 0, 0};
	int r = lodump_head(buf, len, pos, sh->hdr, &h);
	if (r)
		return r;
	const uint8_t *p = buf + pos + sh->hdr, *end = buf + len;
	if (sh->mode == LODUMP_LONG) {
		if (h.size > len - pos - sh->hdr)
			return -1;
		end = p + h.size;
	}
	r = d ? lodump_events(d, &d->bad_events, sh->mode, &p, end, h.n)
	      : lodump_events(NULL, &h.bad, sh->mode, &p, end, h.n);
	*hp = h;
	if (r)
		return r == -1 && sh->mode == LODUMP_LONG ? 1 : r;
	if (sh->mode == LODUMP_LONG && p != end)
		return 1;
	*next = (size_t)(p - buf);
	return 0;
}

/* ------------------------------------------------------------ layouts */

/* Whether buf[0..len) is nothing but line ends. */
static int lodump_only_eol(const uint8_t *buf, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (buf[i] != '\n' && buf[i] != '\r')
			return 0;
	return 1;
}

/* What the bytes after the blocks are. */
static void lodump_classify_tail(const uint8_t *buf, size_t len, struct lodump_shape *sh)
{
	size_t pos = sh->end, n;
	sh->tail_at = pos;
	if (sh->tail == LODUMP_TAIL_CUT)
		return;
	if (pos == len)
		sh->tail = LODUMP_TAIL_NONE;
	else if ((n = lodump_text_len(buf + pos, len - pos)) > 0 &&
	         lodump_only_eol(buf + pos + n, len - pos - n))
		sh->tail = LODUMP_TAIL_TEXT;
	else if (lodump_packets_len(buf + pos, len - pos) == len - pos)
		sh->tail = LODUMP_TAIL_PACKETS;
	else
		sh->tail = LODUMP_TAIL_BAD;
}

/* Walks the blocks of shape sh from sh->start; sets end, blocks, full and
 * the tail. */
static void lodump_walk(const uint8_t *buf, size_t len, struct lodump_shape *sh)
{
	size_t pos = sh->start, next = 0;
	struct lodump_head h;
	sh->blocks = sh->full = 0;
	sh->tail = LODUMP_TAIL_NONE;
	while (pos < len) {
		int r = lodump_block(buf, len, pos, sh, NULL, &next, &h);
		if (r == -1)
			sh->tail = LODUMP_TAIL_CUT;
		if (r)
			break;
		/* 2047 events: every slot the writer dumps (2048 in 2024-09) */
		sh->full += sh->mode == LODUMP_ALL && h.n >= LODUMP_RING - 1;
		sh->bad += h.bad;
		sh->blocks++;
		pos = next;
	}
	sh->end = pos;
	lodump_classify_tail(buf, len, sh);
}

/* How good a walk is: what it ends on, then how far it got. */
static uint64_t lodump_score(const struct lodump_shape *sh)
{
	uint64_t ends = sh->tail == LODUMP_TAIL_BAD ? 0 : sh->tail == LODUMP_TAIL_CUT ? 1 : 2;
	if (sh->blocks == 0 && sh->tail != LODUMP_TAIL_PACKETS)
		ends = 0;
	return ends << 62 | (uint64_t)sh->end;
}

static uint64_t lodump_known_of(const uint8_t *buf, size_t len, const struct lodump_shape *sh);

/* All-methods blocks with 12- and 8-byte headers that walk equally far
 * (a first event of five SLEB bytes, cut after four by the longer header,
 * leaves the count of events unchanged): the reading more of whose
 * methods the names declare, then the one with fewer impossible entries,
 * then 8 bytes when nothing follows the blocks (the 2024-09 layout). */
static const struct lodump_shape *lodump_tie(const uint8_t *buf, size_t len,
                                             const struct lodump_shape *h12,
                                             const struct lodump_shape *h8)
{
	if (h12->tail == LODUMP_TAIL_TEXT || h12->tail == LODUMP_TAIL_PACKETS) {
		uint64_t k12 = lodump_known_of(buf, len, h12), k8 = lodump_known_of(buf, len, h8);
		if (k12 != k8)
			return k8 > k12 ? h8 : h12;
	}
	if (h8->bad != h12->bad)
		return h8->bad < h12->bad ? h8 : h12;
	return h12->tail == LODUMP_TAIL_NONE ? h8 : h12;
}

/* Picks the layout of buf: 0, or -1 when none fits. */
static int lodump_shape_find(const uint8_t *buf, size_t len, struct lodump_shape *best)
{
	static const struct lodump_shape tries[] = {
		{.mode = LODUMP_LONG, .hdr = 12}, {.mode = LODUMP_ALL, .hdr = 12},
		{.mode = LODUMP_ALL, .hdr = 8},
	};
	struct lodump_shape sh[3];
	uint64_t sc[3];
	if (len >= 6 && memcmp(buf, "TMOL", 4) == 0 && bytes_le16(buf + 4) == 1) {
		*best = (struct lodump_shape){.mode = LODUMP_ALL, .hdr = 8, .tmol = 1, .start = 6};
		lodump_walk(buf, len, best);
		return 0;
	}
	uint64_t top = 0;
	for (size_t i = 0; i < 3; i++) {
		sh[i] = tries[i];
		lodump_walk(buf, len, &sh[i]);
		sc[i] = lodump_score(&sh[i]);
		if (sc[i] > top) {  /* ties keep the earlier, stricter layout */
			top = sc[i];
			*best = sh[i];
		}
	}
	if (!top)
		return -1;
	if (sc[1] == top && sc[2] == top && sc[0] != top)
		*best = *lodump_tie(buf, len, &sh[1], &sh[2]);
	/* 2024-09: nothing after the blocks, and only wrapped rings written. */
	best->reversed = best->hdr == 8 && best->tail == LODUMP_TAIL_NONE &&
	                 best->full == best->blocks;
	return 0;
}

/* The start of a text trailer that runs to the end of buf, or len: the
 * last line "*threads" decides (one look, however many there are). */
static size_t lodump_trailer_at(const uint8_t *buf, size_t len)
{
	for (size_t pos = len; pos-- > 0;) {
		if (buf[pos] != '\n')
			continue;
		size_t n = lodump_text_len(buf + pos, len - pos);
		if (n)
			return lodump_only_eol(buf + pos + n, len - pos - n) ? pos : len;
	}
	return len;
}

/* The long-running dumps of 2025-02-20 to 02-26: blocks whose events no
 * reading decodes (no entry/exit flag), then a text trailer. */
static int lodump_flagless(const uint8_t *buf, size_t len, const struct lodump_shape *sh)
{
	return len > 8 && buf[0] == LODUMP_TAG && !sh->tmol &&
	       (sh->tail == LODUMP_TAIL_BAD || sh->tail == LODUMP_TAIL_CUT) &&
	       lodump_trailer_at(buf, len) < len;
}

int lodump_detect(const uint8_t *buf, size_t len)
{
	struct lodump_shape sh;
	if (len == 0 || buf[0] > LODUMP_TAG) {
		if (len < 6 || memcmp(buf, "TMOL", 4) != 0)
			return 0;
	}
	if (lodump_shape_find(buf, len, &sh) < 0)
		sh = (struct lodump_shape){.tail = LODUMP_TAIL_BAD};
	if (sh.tmol || lodump_flagless(buf, len, &sh))
		return 1;
	/* Cut after a whole block; damaged after two, or after one that
	 * checked its size (long-running) or is followed by names; or a bare
	 * chain of packets naming a method (a dump with no events): random
	 * bytes seldom get that far. */
	if (sh.tail == LODUMP_TAIL_CUT)
		return sh.blocks >= 1;
	if (sh.tail == LODUMP_TAIL_BAD)
		return sh.blocks >= 2 ||
		       (sh.blocks == 1 && (sh.mode == LODUMP_LONG ||
		                           lodump_text_len(buf + sh.end, len - sh.end) > 0 ||
		                           lodump_packets_len(buf + sh.end, len - sh.end) >= 11));
	return sh.blocks > 0 || (len >= 11 && buf[0] == 1);
}

size_t lodump_extent(const uint8_t *buf, size_t len)
{
	struct lodump_shape sh = {.mode = LODUMP_LONG, .hdr = 12};
	lodump_walk(buf, len, &sh);
	if (sh.tail == LODUMP_TAIL_CUT)  /* a report cut inside the dump */
		return sh.blocks ? len : 0;
	size_t pos = sh.end, n = lodump_text_len(buf + pos, len - pos);
	if (n == 0)
		n = lodump_packets_len(buf + pos, len - pos);
	return sh.blocks == 0 && n == 0 ? 0 : pos + n;
}

/* ------------------------------------------------------------ parsing */

/* Records every block of the chosen shape into d's arrays. */
static int lodump_read_blocks(struct lodump *d)
{
	size_t pos = d->sh.start, next = 0;
	struct lodump_head h;
	while (pos < d->sh.end) {
		size_t first = d->nev;
		if (lodump_block(d->buf, d->len, pos, &d->sh, d, &next, &h) != 0 ||
		    grow_push((void **)&d->blk, &d->blkcap, d->nblk, sizeof *d->blk) < 0)
			return -1;
		struct lodump_blk *b = &d->blk[d->nblk];
		b->tid = h.tid;
		b->order = (uint32_t)d->nblk++;
		b->first = first;
		b->n = d->nev - first;
		/* long-running: by first time; all methods: file order */
		b->key = b->n && d->sh.mode == LODUMP_LONG ? d->ev[first].v : 0;
		if (d->sh.reversed)
			for (size_t i = 0, j = b->n; i + 1 < j--; i++) {
				struct lodump_ev t = d->ev[first + i];
				d->ev[first + i] = d->ev[first + j];
				d->ev[first + j] = t;
			}
		pos = next;
	}
	return 0;
}

/* How many recorded entries there are, and how many of them have a
 * method the names declare. */
static void lodump_declared(const struct lodump *d, const struct lodump_info *in,
                            uint64_t *entries, uint64_t *known)
{
	*entries = *known = 0;
	for (size_t i = 0; i < d->nev; i++) {
		if (d->ev[i].word == 1)
			continue;
		++*entries;
		*known += idmap_get(&in->ids, d->ev[i].word) != IDMAP_NONE;
	}
}

/* Bytes after the blocks that are no clean ending: the names that run to
 * the end past damage (a long-running dump past its buffer limit: no
 * event after the damage is read), else the names right after the blocks
 * with bytes after them, else nothing. *tail_len: the names' length. */
static void lodump_damaged_tail(struct lodump *d, size_t *tail_len)
{
	struct lodump_shape *sh = &d->sh;
	const uint8_t *at = d->buf + sh->end;
	size_t rest = d->len - sh->end;
	size_t p = lodump_packets_find(d->buf, d->len, sh->end), n;
	*tail_len = d->len - p;
	if (p < d->len) {
		sink_warn(d->s, sh->mode == LODUMP_LONG ? TV_W_LO_STUCK : TV_W_TRAILING,
		          lodump_off(d, sh->end), 1);
		sh->tail = LODUMP_TAIL_PACKETS;
		sh->tail_at = p;
		return;
	}
	sh->tail = LODUMP_TAIL_TEXT;
	if ((n = lodump_text_len(at, rest)) == 0) {
		sh->tail = LODUMP_TAIL_PACKETS;
		n = lodump_packets_len(at, rest);
	}
	sink_warn(d->s, TV_W_TRAILING, lodump_off(d, sh->end + n), rest - n);
	*tail_len = n;
}

/* How many entries of the reading sh of buf have a method its names
 * declare; 0 when memory runs out. */
static uint64_t lodump_known_of(const uint8_t *buf, size_t len, const struct lodump_shape *sh)
{
	static const struct sink none;
	struct lodump t;
	struct lodump_info in;
	uint64_t entries, known = 0;
	memset(&t, 0, sizeof t);
	t.buf = buf;
	t.len = len;
	t.sh = *sh;
	t.s = &none;
	idmap_init(&in.ids);
	if (lodump_read_blocks(&t) == 0 &&
	    lodump_info_read(&t, buf + sh->tail_at, len - sh->tail_at, sh->tail, 1, &in) == 0)
		lodump_declared(&t, &in, &entries, &known);
	idmap_free(&in.ids);
	free(t.ev);
	free(t.blk);
	return known;
}

/* The names after the blocks; the damage between them and the blocks. */
static enum tv_status lodump_read_tail(struct lodump *d)
{
	struct lodump_shape *sh = &d->sh;
	struct lodump_info in;
	size_t tail_len = d->len - sh->tail_at;
	if (sh->tail == LODUMP_TAIL_BAD)
		lodump_damaged_tail(d, &tail_len);
	else if (sh->tail == LODUMP_TAIL_CUT)
		sink_warn(d->s, TV_W_TRUNCATED, lodump_off(d, sh->end), 1);
	if (sh->tail != LODUMP_TAIL_TEXT && sh->tail != LODUMP_TAIL_PACKETS)
		return TV_OK;
	int check = sh->tail == LODUMP_TAIL_TEXT && sh->hdr == 8 && !sh->tmol;
	if (lodump_info_read(d, d->buf + sh->tail_at, tail_len, sh->tail, check, &in) < 0) {
		idmap_free(&in.ids);
		return tv_fail(d->err, TV_ERR_NOMEM, lodump_off(d, sh->tail_at), NULL);
	}
	uint64_t entries = 0, known = 0;
	if (check && in.methods)
		lodump_declared(d, &in, &entries, &known);
	idmap_free(&in.ids);
	if (entries >= 4 && known * 2 < entries)
		return tv_fail(d->err, TV_ERR_NOT_TRACE, lodump_off(d, sh->start), "%s",
		               lodump_flagless_why);
	d->ticks_era = sh->mode == LODUMP_LONG && (sh->tail == LODUMP_TAIL_TEXT || in.threads);
	if (in.art_ids && in.threads)
		sink_warn(d->s, TV_W_LO_THREAD_IDS, lodump_off(d, sh->tail_at), in.threads);
	return TV_OK;
}

static void lodump_free(struct lodump *d)
{
	free(d->ev);
	free(d->blk);
}

enum tv_status lodump_parse(const uint8_t *buf, size_t len, const struct lodump_where *where,
                            const struct sink *s, struct tv_error *err)
{
	struct lodump d;
	memset(&d, 0, sizeof d);
	d.buf = buf;
	d.len = len;
	d.s = s;
	d.err = err;
	if (where)
		d.where = *where;
	if (lodump_shape_find(buf, len, &d.sh) < 0)
		d.sh = (struct lodump_shape){.tail = LODUMP_TAIL_BAD};
	if (lodump_flagless(buf, len, &d.sh) && d.sh.blocks < 2)
		return tv_fail(err, TV_ERR_NOT_TRACE, lodump_off(&d, 0), "%s", lodump_flagless_why);
	if (d.sh.blocks == 0 && d.sh.tail != LODUMP_TAIL_PACKETS && d.sh.tail != LODUMP_TAIL_TEXT)
		return d.sh.tail == LODUMP_TAIL_CUT || d.sh.tmol
		           ? tv_fail(err, TV_ERR_NO_RECORDS, lodump_off(&d, len),
		                     "dump cut before the end of its first block")
		           : tv_fail(err, TV_ERR_NOT_TRACE, lodump_off(&d, 0),
		                     "no block of an ART low-overhead dump decodes");
	enum tv_status r = TV_OK;
	if (lodump_read_blocks(&d) < 0)
		r = tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (r == TV_OK)
		r = lodump_read_tail(&d);
	if (r == TV_OK && d.sh.full)
		sink_warn(s, TV_W_LO_WRAPPED, lodump_off(&d, d.sh.start), d.sh.full);
	if (r == TV_OK && d.bad_events)
		sink_warn(s, TV_W_LO_BAD_EVENT, lodump_off(&d, d.sh.start), d.bad_events);
	if (r == TV_OK && lodump_emit(&d) < 0)
		r = err ? err->code : TV_ERR_NOMEM;
	lodump_free(&d);
	return r;
}
