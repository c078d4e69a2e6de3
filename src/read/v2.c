/* v2.c: the ART "V2" format, versions 4/5 and 0xF4/0xF5
 * (docs/format.md, "V2 files").
 *
 * The block layout changed three times in 2024-2025 with no version bump, so
 * the revision is found by walking the packet chain under each layout
 * (docs/format.md, "Block revisions": (c)/(d), (b), (a)) and keeping the one
 * that decodes; a non-zero counter frequency at offset 22 means Perfetto's
 * revision. The walk also finds the summary, whose elapsed-time-nsec key says
 * the times are ns (revision d). Then a second walk sends the events. Every
 * block is decoded once dry to check it fills exactly its payload before any of
 * its events reach the sink, so a desynchronised block is skipped, never half-
 * sent.
 */
#include "read/v2.h"
#include "base/bytes.h"

#include "base/grow.h"
#include "base/idmap.h"
#include "read/keyfile.h"

#include <stdlib.h>
#include <string.h>

#define V2_MAGIC 0x574F4C53u
#define V2_HDR 32
/* A plausible CLOCK_MONOTONIC start in ns: as µs it would mean 115 days of
 * uptime. Used only when there is no summary to say which unit it is. */
#define V2_NS_START_GUESS 10000000000000ull

enum v2_rev { V2_REV_A, V2_REV_B, V2_REV_C, V2_REV_E, V2_NREV };

/* Packet walk outcomes. */
enum v2_pk { V2_PK_OK, V2_PK_SHORT, V2_PK_BAD, V2_PK_SUMMARY, V2_PK_FAIL };

struct v2_dec {       /* running values of one block */
	uint64_t m;       /* method value (id | action); (e): (ticks << 2) | action */
	uint64_t v0;      /* wall, or the single clock */
	uint64_t v1;      /* thread CPU (dual) */
	uint64_t meth;    /* (e): last entered method id */
};

struct v2_stack {     /* (e): open methods of one thread (exits carry no id) */
	uint64_t *v;
	size_t n, cap;
};

struct v2 {
	const uint8_t *buf;
	size_t len;
	const struct sink *s;
	struct tv_error *err;
	enum v2_rev rev;
	int dual, ns, emit;
	uint64_t freq, tick0;     /* (e) */
	int sub_tick0;            /* (e): -1 undecided, else whether to subtract */
	uint64_t ext_budget;      /* bytes the (a)/(b) overflow search may still scan */
	/* walk results */
	uint64_t blocks, bad_blocks, records, packets;
	size_t reached, summary_pos;
	enum v2_pk end_kind;
	/* split blocks (revision d): the previous block's tid, n and final state */
	int prev_valid;
	uint32_t prev_tid;
	uint64_t prev_n;
	struct v2_dec prev;
	/* (e) stacks by tid */
	struct idmap stack_ix;
	struct v2_stack *stacks;
	size_t nstacks, stacks_cap;
	enum tv_status fail;      /* set with V2_PK_FAIL */
};

/* ------------------------------------------------------------ events */

static int v2_send(struct v2 *v, uint32_t tid, uint64_t word, uint64_t wall, uint64_t thr,
                   uint64_t off)
{
	uint64_t t0 = v->dual ? thr : wall, t1 = v->dual ? wall : 0;

	v->records++;
	if (!v->s->record)
		return 0;
	if (v->ns) {
		t0 /= 1000;
		t1 /= 1000;
	}
	return v->s->record(v->s->ctx, tid, word, t0, t1, off);
}

/* One event of revisions (a)-(d): method delta, wall delta, thread delta. */
static inline int v2_event(const struct v2 *v, const uint8_t **p, const uint8_t *end,
                           uint64_t base_m, struct v2_dec *d)
{
	uint64_t dm, dv;

	if (bytes_sleb(p, end, &dm) < 0 || bytes_uleb(p, end, &dv) < 0)
		return -1;
	d->m = base_m + dm;
	d->v0 += dv;
	if (v->dual) {
		if (bytes_uleb(p, end, &dv) < 0)
			return -1;
		d->v1 += dv;
	}
	return 0;
}

static uint64_t v2_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t q = a / c, r = a % c;

	if (c <= UINT64_MAX / b)
		return q * b + r * b / c;
	return q * b + (uint64_t)((long double)r * (long double)b / (long double)c);
}

static struct v2_stack *v2_stack_of(struct v2 *v, uint32_t tid)
{
	int added;
	uint32_t ix = idmap_get_or_put(&v->stack_ix, tid, (uint32_t)v->nstacks, &added);

	if (ix == IDMAP_NONE)
		return NULL;
	if (added) {
		if (grow_push((void **)&v->stacks, &v->stacks_cap, v->nstacks, sizeof *v->stacks) < 0)
			return NULL;
		memset(&v->stacks[v->nstacks++], 0, sizeof *v->stacks);
	}
	return &v->stacks[ix];
}

static int v2_push(struct v2_stack *st, uint64_t id)
{
	if (grow_push((void **)&st->v, &st->cap, st->n, sizeof *st->v) < 0)
		return -1;
	st->v[st->n++] = id;
	return 0;
}

/* Perfetto's revision: SLEB of (ticks << 2 | action), [SLEB thread],
 * and for entries SLEB of the method id. Exits name no method: the thread's
 * stack says which one ends; an exit with an empty stack is dropped. */
static int v2_event_e(struct v2 *v, const uint8_t **p, const uint8_t *end, struct v2_dec *d,
                      struct v2_stack *st, uint32_t tid, uint64_t off)
{
	uint64_t dv, ticks, word;

	if (bytes_sleb(p, end, &dv) < 0)
		return -1;
	d->m += dv;
	if (v->dual) {
		if (bytes_sleb(p, end, &dv) < 0)
			return -1;
		d->v1 += dv;
	}
	if ((d->m & 3) == 0) {
		if (bytes_sleb(p, end, &dv) < 0)
			return -1;
		d->meth += dv;
	}
	if (!st)
		return 0;
	if ((d->m & 3) == 0) {
		word = d->meth & ~(uint64_t)3;
		if (v2_push(st, word) < 0)
			return -2;
	} else if (st->n) {
		word = st->v[--st->n] | (d->m & 3);
	} else {
		return 0;
	}
	ticks = d->m >> 63 ? 0 : d->m >> 2;
	if (v->sub_tick0 < 0)
		v->sub_tick0 = v->tick0 && ticks >= v->tick0;
	if (v->sub_tick0)
		ticks = ticks >= v->tick0 ? ticks - v->tick0 : 0;
	return v2_send(v, tid, word, v2_muldiv(ticks, 1000000000u, v->freq),
	               d->v1 >> 63 ? 0 : d->v1, off) ? -2 : 0;
}

/* Decodes payload [p, end) of a (c)/(d)/(e) block from state d. Returns the
 * number of events when they fill the payload exactly, -1 when they do not,
 * -2 when the sink stopped or memory ran out. Sends when v->emit. */
static int64_t v2_run_c(struct v2 *v, const uint8_t *p, const uint8_t *end,
                        struct v2_dec *d, uint32_t tid)
{
	struct v2_stack *st = NULL;
	int64_t c = 0;

	if (v->rev == V2_REV_E && v->emit && !(st = v2_stack_of(v, tid)))
		return -2;
	while (p < end) {
		const uint8_t *at = p;
		int r;
		if (v->rev == V2_REV_E) {
			r = v2_event_e(v, &p, end, d, st, tid, (uint64_t)(at - v->buf));
		} else {
			r = v2_event(v, &p, end, d->m, d);
			if (r == 0 && v->emit &&
			    v2_send(v, tid, d->m, d->v0, d->v1, (uint64_t)(at - v->buf)))
				r = -2;
		}
		if (r < 0)
			return r;
		c++;
	}
	return c;
}

/* ------------------------------------------------------------ blocks */

/* Block of (c)/(d)/(e): u1 2, u4 tid, u3 n, u4 payload size. */
static enum v2_pk v2_block_c(struct v2 *v, size_t pos, size_t *next)
{
	const uint8_t *b = v->buf + pos, *pay, *end;
	uint32_t tid;
	uint64_t n, size;
	struct v2_dec d = {0, 0, 0, 0};
	int64_t c;
	int cont;

	if (v->len - pos < 12)
		return V2_PK_SHORT;
	tid = bytes_le32(b + 1);
	n = bytes_le32(b + 5) & 0xFFFFFF;
	size = bytes_le32(b + 8);
	if (size > v->len - pos - 12)
		return V2_PK_SHORT;
	pay = b + 12;
	end = pay + size;
	*next = pos + 12 + (size_t)size;
	v->blocks++;
	int emit = v->emit;
	v->emit = 0;
	c = v2_run_c(v, pay, end, &d, tid);
	v->emit = emit;
	/* Split flushes (2025+): n counts every event of the flush so far and
	 * the running values carry over from the previous block. */
	cont = c >= 0 && (uint64_t)c < n && v->prev_valid && v->prev_tid == tid &&
	       n == v->prev_n + (uint64_t)c && v->rev != V2_REV_E;
	if (c < 0 || ((uint64_t)c != n && !cont)) {
		v->bad_blocks++;
		v->prev_valid = 0;
		if (v->emit)
			sink_warn(v->s, TV_W_V2_DESYNC, pos, 1);
		return V2_PK_OK;
	}
	if (v->emit) {
		struct v2_dec z = {0, 0, 0, 0};
		d = cont ? v->prev : z;
		if (v2_run_c(v, pay, end, &d, tid) == -2) {
			v->fail = TV_ERR_NOMEM;
			return V2_PK_FAIL;
		}
	} else if (cont) {  /* every running value is a sum of deltas */
		d.m += v->prev.m;
		d.v0 += v->prev.v0;
		d.v1 += v->prev.v1;
		d.meth += v->prev.meth;
	}
	v->prev_valid = 1;
	v->prev_tid = tid;
	v->prev_n = n;
	v->prev = d;
	return V2_PK_OK;
}

/* Decodes the events after the first of an (a)/(b) block; returns the byte
 * length they take when it is congruent to size modulo 2^16 at a count
 * congruent to cnt (the u2 fields overflow on big flushes), or -1. */
static int64_t v2_ab_measure(struct v2 *v, const uint8_t *pay, uint32_t cnt, uint32_t size,
                             const struct v2_dec *first)
{
	const uint8_t *p = pay, *end = v->buf + v->len;
	struct v2_dec d = *first;
	uint64_t i = 0;

	for (;;) {
		for (; i < cnt; i++)
			if (v2_event(v, &p, end, v->rev == V2_REV_A ? first->m : d.m, &d) < 0)
				return -1;
		if ((uint64_t)(p - pay) % 65536 == size)
			return p - pay;
		if ((uint64_t)(p - pay) > v->ext_budget)
			return -1;
		/* Try the next count that has the same low 16 bits. */
		v->ext_budget -= (uint64_t)(p - pay);
		cnt += 65536;
		if (cnt > 0xFFFFFFFFu - 65536)
			return -1;
	}
}

/* Block of (a)/(b): u1 2, u4 tid, u4 (a) / u8 (b) first method value,
 * [u4 thread] [u4 wall] of the first event, u2 count - 1, u2 size. */
static enum v2_pk v2_block_ab(struct v2 *v, size_t pos, size_t *next)
{
	const uint8_t *b = v->buf + pos, *p, *pay;
	size_t idlen = v->rev == V2_REV_A ? 4 : 8;
	size_t hdr = 1 + 4 + idlen + (v->dual ? 8 : 4) + 4;
	struct v2_dec first = {0, 0, 0, 0}, d;
	uint32_t tid, cnt, size;
	int64_t used;

	if (v->len - pos < hdr)
		return V2_PK_SHORT;
	tid = bytes_le32(b + 1);
	first.m = idlen == 4 ? bytes_le32(b + 5) : bytes_le64(b + 5);
	p = b + 5 + idlen;
	if (v->dual) {
		first.v1 = bytes_le32(p);      /* thread first in these headers */
		first.v0 = bytes_le32(p + 4);
		p += 8;
	} else {
		first.v0 = bytes_le32(p);
		p += 4;
	}
	cnt = bytes_le16(p);
	size = bytes_le16(p + 2);
	pay = b + hdr;
	v->blocks++;
	used = v2_ab_measure(v, pay, cnt, size, &first);
	if (used < 0) {
		v->bad_blocks++;
		if (size > v->len - pos - hdr)
			return V2_PK_SHORT;
		if (v->emit)
			sink_warn(v->s, TV_W_V2_DESYNC, pos, 1);
		*next = pos + hdr + size;
		return V2_PK_OK;
	}
	*next = pos + hdr + (size_t)used;
	if (!v->emit)
		return V2_PK_OK;
	d = first;
	if (v2_send(v, tid, first.m, first.v0, first.v1, pos))
		goto stop;
	for (p = pay; p < pay + used;) {
		const uint8_t *at = p;
		v2_event(v, &p, pay + used, v->rev == V2_REV_A ? first.m : d.m, &d);
		if (v2_send(v, tid, d.m, d.v0, d.v1, (uint64_t)(at - v->buf)))
			goto stop;
	}
	return V2_PK_OK;
stop:
	v->fail = TV_ERR_NOMEM;
	return V2_PK_FAIL;
}

/* ------------------------------------------------------------ packets */

static enum v2_pk v2_info(struct v2 *v, size_t pos, size_t *next)
{
	const uint8_t *b = v->buf + pos;
	size_t avail = v->len - pos, idlen, n;
	struct sink_method m;
	struct sink_bytes name;
	uint64_t id;
	int stop = 0;

	if (b[0] == 0) {  /* thread: u4 tid, u2 len, name */
		if (avail < 7 || (n = bytes_le16(b + 5)) > avail - 7)
			return V2_PK_SHORT;
		*next = pos + 7 + n;
		name.ptr = (const char *)b + 7;
		name.len = n;
		if (v->emit && v->s->thread)
			stop = v->s->thread(v->s->ctx, bytes_le32(b + 1), name, pos);
	} else {          /* method: u4 index (a) or u8 ArtMethod*, u2 len, line */
		idlen = v->rev == V2_REV_A ? 4 : 8;
		if (avail < 3 + idlen || (n = bytes_le16(b + 1 + idlen)) > avail - 3 - idlen)
			return V2_PK_SHORT;
		*next = pos + 3 + idlen + n;
		id = idlen == 4 ? (uint64_t)bytes_le32(b + 1) << 2 : bytes_le64(b + 1) & ~(uint64_t)3;
		if (keyfile_method_fields((const char *)b + 3 + idlen, n, &m) < 0) {
			if (!v->emit)
				return V2_PK_BAD;  /* the strongest sign of a wrong layout */
			sink_warn(v->s, TV_W_KEY_LINE, pos, 1);
		} else if (v->emit && v->s->method) {
			stop = v->s->method(v->s->ctx, id, &m, pos);
		}
	}
	if (stop) {
		v->fail = TV_ERR_NOMEM;
		return V2_PK_FAIL;
	}
	return V2_PK_OK;
}

static enum v2_pk v2_packet(struct v2 *v, size_t pos, size_t *next)
{
	switch (v->buf[pos]) {
	case 0:
	case 1:
		return v2_info(v, pos, next);
	case 2:
		return v->rev == V2_REV_A || v->rev == V2_REV_B ? v2_block_ab(v, pos, next)
		                                                : v2_block_c(v, pos, next);
	case 3:
		if (v->len - pos < 3 || bytes_le16(v->buf + pos + 1) > v->len - pos - 3)
			return V2_PK_SHORT;
		*next = pos + 3 + bytes_le16(v->buf + pos + 1);
		return V2_PK_SUMMARY;
	default:
		return V2_PK_BAD;
	}
}

/* Walks packets from the header to the summary, a bad packet or EOF. */
static void v2_walk(struct v2 *v)
{
	size_t pos = V2_HDR, next = pos;

	v->blocks = v->bad_blocks = v->records = v->packets = 0;
	v->prev_valid = 0;
	v->summary_pos = 0;
	v->end_kind = V2_PK_OK;
	while (pos < v->len) {
		enum v2_pk k = v2_packet(v, pos, &next);
		if (k != V2_PK_OK) {
			v->end_kind = k;
			if (k == V2_PK_SUMMARY)
				v->summary_pos = pos;
			break;
		}
		v->packets++;
		pos = next;
	}
	v->reached = pos;
}

/* ------------------------------------------------------------ summary */

static int v2_probe_option(void *ctx, struct sink_bytes key, struct sink_bytes val)
{
	(void)val;
	if (key.len == 17 && memcmp(key.ptr, "elapsed-time-nsec", 17) == 0)
		*(int *)ctx = 1;
	return 0;
}

/* Whether the summary at pos says the times are ns (revision d). */
static int v2_summary_ns(const struct v2 *v, size_t pos)
{
	struct sink probe;
	int ns = 0;

	memset(&probe, 0, sizeof probe);
	probe.ctx = &ns;
	probe.option = v2_probe_option;
	keyfile_parse(v->buf + pos + 3, bytes_le16(v->buf + pos + 1), pos + 3, 0, &probe,
	              NULL, NULL);
	return ns;
}

/* ------------------------------------------------------------ revision */

/* A walk is better when more blocks decode exactly, then when it ends
 * cleanly, then when it gets further, then with fewer bad blocks. Order of
 * trial breaks ties: (c)/(d), (b), (a). */
static int v2_better(const struct v2 *a, const struct v2 *b)
{
	int ca = a->end_kind != V2_PK_BAD, cb = b->end_kind != V2_PK_BAD;
	uint64_t ga = a->blocks - a->bad_blocks, gb = b->blocks - b->bad_blocks;

	if (ga != gb)
		return ga > gb;
	if (ca != cb)
		return ca > cb;
	if (a->reached != b->reached)
		return a->reached > b->reached;
	return a->bad_blocks < b->bad_blocks;
}

static enum tv_status v2_pick_revision(struct v2 *v)
{
	static const enum v2_rev order[] = {V2_REV_C, V2_REV_B, V2_REV_A};
	struct v2 best;
	int have = 0;

	if (v->freq) {
		v->rev = V2_REV_E;
		v2_walk(v);
	} else {
		for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
			v->rev = order[i];
			v->ext_budget = (uint64_t)v->len * 4;
			v2_walk(v);
			if (!have || v2_better(v, &best)) {
				best = *v;
				have = 1;
			}
			if (v->end_kind != V2_PK_BAD && v->blocks && !v->bad_blocks)
				break;  /* every block decoded exactly: no need to look on */
		}
		*v = best;
	}
	if (v->blocks && v->bad_blocks == v->blocks)
		return tv_fail(v->err, TV_ERR_V2_REVISION, V2_HDR,
		               "no known V2 block layout decodes any of its %llu blocks",
		               (unsigned long long)v->blocks);
	return TV_OK;
}

/* ------------------------------------------------------------ main */

static enum tv_status v2_header(struct v2 *v, unsigned *version)
{
	const uint8_t *b = v->buf;

	if (v->len < 4 || bytes_le32(b) != V2_MAGIC)
		return tv_fail(v->err, TV_ERR_NOT_TRACE, 0, NULL);
	if (v->len < V2_HDR)
		return tv_fail(v->err, TV_ERR_NO_RECORDS, v->len,
		               "V2 header cut short (%zu of 32 bytes)", v->len);
	*version = bytes_le16(b + 4);
	if (*version != 4 && *version != 5 && *version != 0xF4 && *version != 0xF5)
		return tv_fail(v->err, TV_ERR_VERSION, 4, "version %u is not a V2 version",
		               *version);
	v->dual = (*version & 0x0F) == 5;
	v->tick0 = bytes_le64(b + 14);
	v->freq = bytes_le64(b + 22);
	return TV_OK;
}

/* The emitting walk, from the header to the summary. */
static enum tv_status v2_emit_all(struct v2 *v)
{
	size_t pos = V2_HDR, next = pos;
	struct keyfile_info info;
	enum tv_status r;

	v->emit = 1;
	v->records = 0;
	v->prev_valid = 0;
	v->ext_budget = (uint64_t)v->len * 4;
	while (pos < v->len) {
		enum v2_pk k = v2_packet(v, pos, &next);
		switch (k) {
		case V2_PK_OK:
			pos = next;
			continue;
		case V2_PK_FAIL:
			return tv_fail(v->err, v->fail, pos, NULL);
		case V2_PK_SHORT:
			sink_warn(v->s, TV_W_TRUNCATED, pos, 1);
			return TV_OK;
		case V2_PK_BAD:
			if (v->records == 0)
				return tv_fail(v->err, TV_ERR_PACKET, pos, "unknown V2 packet type %u",
				               v->buf[pos]);
			sink_warn(v->s, TV_W_UNKNOWN_PACKET, pos, 1);
			return TV_OK;
		case V2_PK_SUMMARY:
			r = keyfile_parse(v->buf + pos + 3, next - pos - 3, pos + 3, 0, v->s, &info,
			                  v->err);
			if (r == TV_ERR_NOMEM)
				return r;
			if (r != TV_OK)
				sink_warn(v->s, TV_W_KEY_LINE, pos + 3, 1);
			if (next < v->len)
				sink_warn(v->s, TV_W_TRAILING, next, v->len - next);
			return TV_OK;
		}
	}
	return TV_OK;
}

enum tv_status v2_parse(const uint8_t *buf, size_t len, const struct sink *s,
                        struct tv_error *err)
{
	struct v2 v;
	struct sink_format f;
	unsigned version = 0;
	enum tv_status r;

	memset(&v, 0, sizeof v);
	v.buf = buf;
	v.len = len;
	v.s = s;
	v.err = err;
	v.sub_tick0 = -1;
	idmap_init(&v.stack_ix);
	r = v2_header(&v, &version);
	if (r == TV_OK)
		r = v2_pick_revision(&v);
	if (r != TV_OK)
		goto out;
	if (v.rev == V2_REV_E)
		v.ns = 1;
	else if (v.rev == V2_REV_C)
		v.ns = v.end_kind == V2_PK_SUMMARY ? v2_summary_ns(&v, v.summary_pos)
		                                    : bytes_le64(buf + 6) >= V2_NS_START_GUESS;
	f.version = version & 0x0F;
	f.streaming = (version & 0xF0) == 0xF0;
	f.nslots = v.dual ? 2 : 1;
	f.record_size = 0;
	f.start_time = bytes_le64(buf + 6);
	f.start_time_ns = v.ns;
	f.clock = SINK_CLOCK_KEY;
	if (s->format && s->format(s->ctx, &f)) {
		r = tv_fail(err, TV_ERR_NOMEM, 0, NULL);
		goto out;
	}
	r = v2_emit_all(&v);
	if (r == TV_OK && v.end_kind != V2_PK_SUMMARY && (v.packets || v.records))
		sink_warn(s, TV_W_NO_SUMMARY, len, 1);
out:
	for (size_t i = 0; i < v.nstacks; i++)
		free(v.stacks[i].v);
	free(v.stacks);
	idmap_free(&v.stack_ix);
	return r;
}
