/* tracegen_write.c: the test trace writer's output, every family byte for
 * byte as docs/format.md describes (see tracegen.h); tracegen.c builds the
 * struct tg it reads. */
#include "tracegen.h"
#include "tracegen_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ bytes */

/* A growable byte buffer; abort on allocation failure (test code). */
struct tg_buf {
	uint8_t *p;
	size_t len, cap;
};

static void buf_put(struct tg_buf *b, const void *src, size_t n)
{
	if (b->len + n > b->cap) {
		size_t nc = b->cap ? b->cap : 256;
		while (nc < b->len + n)
			nc *= 2;
		b->p = realloc(b->p, nc);
		if (!b->p)
			abort();
		b->cap = nc;
	}
	if (n)
		memcpy(b->p + b->len, src, n);
	b->len += n;
}

static void buf_u1(struct tg_buf *b, unsigned v)
{
	uint8_t c = (uint8_t)v;
	buf_put(b, &c, 1);
}

static void buf_le(struct tg_buf *b, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		buf_u1(b, (unsigned)(v >> (8 * i)) & 0xff);
}

static void buf_zero(struct tg_buf *b, size_t n)
{
	while (n--)
		buf_u1(b, 0);
}

static void buf_str(struct tg_buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

static void buf_printf(struct tg_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void buf_printf(struct tg_buf *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();
	if ((size_t)n < sizeof tmp) {
		buf_put(b, tmp, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big)
		abort();
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	buf_put(b, big, (size_t)n);
	free(big);
}

static void buf_uleb(struct tg_buf *b, uint64_t v)
{
	do {
		unsigned byte = v & 0x7f;
		v >>= 7;
		buf_u1(b, byte | (v ? 0x80 : 0));
	} while (v);
}

static void buf_sleb(struct tg_buf *b, int64_t v)
{
	for (;;) {
		unsigned byte = (unsigned)((uint64_t)v & 0x7f);
		v = (int64_t)((uint64_t)v >> 7) |
		    (v < 0 ? (int64_t)(~(UINT64_MAX >> 7)) : 0);  /* arithmetic shift */
		int done = (v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40));
		buf_u1(b, byte | (done ? 0 : 0x80));
		if (done)
			return;
	}
}

/* ------------------------------------------------------------ options */

/* Resolved output parameters. */
struct tg_cfg {
	const struct tg_opts *o;
	unsigned version;       /* base version 1-5 */
	const char *clock_key;  /* NULL: no clock line */
	int use_cpu, use_wall;  /* which times records carry */
	unsigned rec_size;      /* natural V1 record size */
	uint32_t tid_mask;      /* record thread id width */
	unsigned mult;          /* V2 time scale */
	int ns;                 /* V2 revision (d) */
};

static const char *tg_clock_name(enum tg_clock c)
{
	switch (c) {
	case TG_CLOCK_THREAD_CPU: return "thread-cpu";
	case TG_CLOCK_WALL: return "wall";
	case TG_CLOCK_GLOBAL: return "global";
	case TG_CLOCK_DUAL: return "dual";
	default: return NULL;
	}
}

static int tg_config(const struct tg_opts *o, struct tg_cfg *c)
{
	memset(c, 0, sizeof *c);
	c->o = o;
	int v2 = o->family == TG_V2;
	c->version = o->version ? o->version : v2 ? 5 : 3;
	if (v2 ? (c->version < 4 || c->version > 5) : (c->version < 1 || c->version > 3)) {
		fprintf(stderr, "tg_write: version %u does not fit the family\n", c->version);
		return -1;
	}
	int dual = c->version == 3 || c->version == 5;
	if (o->clock == TG_CLOCK_AUTO)
		c->clock_key = dual ? "dual" : "thread-cpu";
	else
		c->clock_key = tg_clock_name(o->clock);
	int wall = o->clock == TG_CLOCK_WALL || o->clock == TG_CLOCK_GLOBAL;
	c->use_cpu = dual || !wall;
	c->use_wall = dual || wall;
	c->rec_size = c->version == 1 ? 9 : c->version == 2 ? 10 : 14;
	c->tid_mask = v2 ? UINT32_MAX : c->version == 1 && o->family == TG_V1 ? 0xff : 0xffff;
	if (o->family == TG_V1_STREAM && c->version == 1)
		c->tid_mask = 0xff;
	c->ns = v2 && o->rev == TG_REV_D;
	c->mult = o->time_mult ? o->time_mult : c->ns ? 1000 : 1;
	return 0;
}

/* ------------------------------------------------------------ key text */

static void tg_fmt_id(struct tg_buf *b, enum tg_id_style st, uint64_t id)
{
	switch (st) {
	case TG_ID_08X: buf_printf(b, "0x%08" PRIx64, id); break;
	case TG_ID_P: buf_printf(b, "0x%" PRIx64, id); break;
	case TG_ID_NIL:
		if (id == 0)
			buf_str(b, "(nil)");
		else
			buf_printf(b, "0x%" PRIx64, id);
		break;
	default:
		if (id == 0)
			buf_str(b, "0");
		else
			buf_printf(b, "0x%" PRIx64, id);
	}
}

#define S(x) ((x) ? (x) : "")

/* One method line as in §2.5 (eol included). */
static void tg_method_text(struct tg_buf *b, const struct tg_opts *o,
                           const struct tg_meth *m, const char *eol)
{
	tg_fmt_id(b, o->id_style, m->id);
	switch (o->shape) {
	case TG_LINE_DALVIK6:
		buf_printf(b, "\t%s\t%s\t%s\t%s\t%" PRId64, S(m->cls), S(m->name),
		           S(m->sig), S(m->src), m->line);
		break;
	case TG_LINE_4:
		buf_printf(b, "\t%s\t%s\t%s", S(m->cls), S(m->name), S(m->sig));
		break;
	case TG_LINE_2:
		if (m->name)
			buf_printf(b, "\t%s.%s", S(m->cls), m->name);
		else
			buf_printf(b, "\t%s", S(m->cls));
		break;
	default:
		buf_printf(b, "\t%s\t%s\t%s\t%s", S(m->cls), S(m->name), S(m->sig), S(m->src));
	}
	buf_str(b, eol);
}

static void tg_elapsed(const struct tg *tg, uint64_t *min, uint64_t *max)
{
	*min = *max = 0;
	for (size_t i = 0; i < tg->nev; i++) {
		uint64_t w = tg->ev[i].wall;
		if (i == 0 || w < *min)
			*min = w;
		if (i == 0 || w > *max)
			*max = w;
	}
}

enum tg_text_kind { TG_TEXT_KEY, TG_TEXT_STREAM, TG_TEXT_V2 };

/* The option lines shared by keys and summaries. */
static void tg_options_text(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c,
                            enum tg_text_kind kind, const char *eol)
{
	const struct tg_opts *o = c->o;
	buf_printf(b, "data-file-overflow=%s%s", o->overflow ? "true" : "false", eol);
	if (c->clock_key)
		buf_printf(b, "clock=%s%s", c->clock_key, eol);
	if (!o->no_elapsed) {
		uint64_t lo, hi;
		tg_elapsed(tg, &lo, &hi);
		if (c->ns)
			buf_printf(b, "elapsed-time-nsec=%" PRIu64 "%s", (hi - lo) * c->mult, eol);
		else
			buf_printf(b, "elapsed-time-usec=%" PRIu64 "%s", (hi - lo) * c->mult, eol);
	}
	int streaming = kind == TG_TEXT_STREAM || (kind == TG_TEXT_V2 && o->streaming);
	if (!streaming || o->has_num_calls)
		buf_printf(b, "num-method-calls=%" PRIu64 "%s",
		           o->has_num_calls ? o->num_calls : (uint64_t)tg->nev, eol);
	buf_printf(b, "clock-call-overhead-nsec=500%s", eol);
	buf_printf(b, "vm=%s%s", o->vm ? o->vm : "art", eol);
	if (o->extra_keys)
		buf_str(b, o->extra_keys);
}

static void tg_threads_text(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c,
                            const char *eol)
{
	for (size_t i = 0; i < tg->nthr; i++) {
		uint32_t tid = tg->thr[i].tid;
		if (c->o->tid_style == TG_TID_TRUNC)
			tid &= c->tid_mask;
		buf_printf(b, "%" PRIu32 "\t%s%s", tid, tg->thr[i].name, eol);
	}
}

/* A V1 key section or a V1 streaming / V2 summary text. */
static void tg_key_text(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c,
                        enum tg_text_kind kind)
{
	const struct tg_opts *o = c->o;
	const char *eol = kind == TG_TEXT_KEY && o->crlf ? "\r\n" : "\n";
	buf_printf(b, "*version%s%u%s", eol, o->key_version ? o->key_version : c->version, eol);
	tg_options_text(b, tg, c, kind, eol);
	if (kind != TG_TEXT_V2) {
		buf_printf(b, "*threads%s", eol);
		if (kind == TG_TEXT_KEY || !o->summary_no_threads)
			tg_threads_text(b, tg, c, eol);
		buf_printf(b, "*methods%s", eol);
		if (kind == TG_TEXT_KEY || o->summary_methods)
			for (size_t i = 0; i < tg->nmeth; i++)
				tg_method_text(b, o, &tg->meth[i], eol);
	}
	buf_printf(b, "*end%s", eol);
}

/* ------------------------------------------------------------ V1 binary */

static int tg_v1_header(struct tg_buf *b, const struct tg_cfg *c, unsigned stored,
                        unsigned rec_size_field)
{
	const struct tg_opts *o = c->o;
	unsigned off = o->data_offset ? o->data_offset : 32;
	if (off < 16) {
		fprintf(stderr, "tg_write: data offset %u below 16\n", off);
		return -1;
	}
	size_t start = b->len;
	buf_le(b, 0x574F4C53, 4);
	buf_le(b, stored, 2);
	buf_le(b, off, 2);
	buf_le(b, o->start_time, 8);
	if (stored >= 3 && off >= 18)
		buf_le(b, rec_size_field, 2);
	buf_zero(b, off - (b->len - start));
	return 0;
}

/* One record at the natural size of c->version, padded to size bytes. */
static void tg_v1_record(struct tg_buf *b, const struct tg_cfg *c, const struct tg_ev *e,
                         unsigned size)
{
	size_t start = b->len;
	if (c->version == 1)
		buf_u1(b, e->tid & 0xff);
	else
		buf_le(b, e->tid & 0xffff, 2);
	buf_le(b, e->word & 0xffffffffu, 4);
	if (c->version == 3) {
		buf_le(b, e->cpu & 0xffffffffu, 4);
		buf_le(b, e->wall & 0xffffffffu, 4);
	} else {
		buf_le(b, (c->use_cpu ? e->cpu : e->wall) & 0xffffffffu, 4);
	}
	buf_zero(b, size - (b->len - start));
}

static int tg_v1_size(const struct tg_cfg *c, unsigned *size)
{
	*size = c->o->record_size ? c->o->record_size : c->rec_size;
	if (*size < c->rec_size) {
		fprintf(stderr, "tg_write: record size %u below %u\n", *size, c->rec_size);
		return -1;
	}
	return 0;
}

static int tg_v1_data(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c)
{
	unsigned size;
	if (tg_v1_size(c, &size) || tg_v1_header(b, c, c->version, size))
		return -1;
	for (size_t i = 0; i < tg->nev; i++)
		tg_v1_record(b, c, &tg->ev[i], size);
	return 0;
}

/* ------------------------------------------------------------ V1 streaming */

static void tg_stream_thread(struct tg_buf *b, const struct tg *tg, uint32_t tid)
{
	for (size_t i = 0; i < tg->nthr; i++) {
		if (tg->thr[i].tid != tid)
			continue;
		size_t n = strlen(tg->thr[i].name);
		buf_le(b, 0, 2);
		buf_u1(b, 2);
		buf_le(b, tid & 0xffff, 2);
		buf_le(b, n, 2);
		buf_put(b, tg->thr[i].name, n);
		return;
	}
}

static void tg_stream_method(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c,
                             uint64_t id)
{
	for (size_t i = 0; i < tg->nmeth; i++) {
		if (tg->meth[i].id != id)
			continue;
		struct tg_buf line = {0};
		tg_method_text(&line, c->o, &tg->meth[i], "\n");
		buf_le(b, 0, 2);
		buf_u1(b, 1);
		buf_le(b, line.len, 2);
		buf_put(b, line.p, line.len);
		free(line.p);
	}
}

/* Whether v appears in arr[0..n). */
static int tg_seen(const uint64_t *arr, size_t n, uint64_t v)
{
	for (size_t i = 0; i < n; i++)
		if (arr[i] == v)
			return 1;
	return 0;
}

static int tg_stream(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c)
{
	const struct tg_opts *o = c->o;
	unsigned size;
	if (tg_v1_size(c, &size))
		return -1;
	unsigned stored = size, written = size;
	if (o->stride14_bug) {
		if (c->version != 2) {
			fprintf(stderr, "tg_write: stride14_bug needs version 2\n");
			return -1;
		}
		written = size + 4;
	}
	if (tg_v1_header(b, c, 0xF0 | c->version, stored))
		return -1;
	uint64_t *seen = calloc(2 * tg->nev + 1, sizeof *seen);
	if (!seen)
		abort();
	size_t nthr = 0, nmeth = 0;
	uint64_t *thr = seen, *meth = seen + tg->nev;
	for (size_t i = 0; i < tg->nev; i++) {
		const struct tg_ev *e = &tg->ev[i];
		if (!tg_seen(thr, nthr, e->tid)) {
			thr[nthr++] = e->tid;
			tg_stream_thread(b, tg, e->tid);
		}
		uint64_t id = e->word & ~(uint64_t)3;
		if (!tg_seen(meth, nmeth, id)) {
			meth[nmeth++] = id;
			tg_stream_method(b, tg, c, id);
		}
		tg_v1_record(b, c, e, size);
		/* The stale tail of ART's 14-byte stack buffer. */
		for (unsigned k = size; k < written; k++)
			buf_u1(b, 0xDE + k);
	}
	free(seen);
	if (!o->no_summary) {
		struct tg_buf text = {0};
		tg_key_text(&text, tg, c, TG_TEXT_STREAM);
		buf_le(b, 0, 2);
		buf_u1(b, 3);
		buf_le(b, text.len, 4);
		buf_put(b, text.p, text.len);
		free(text.p);
	}
	return 0;
}

/* ------------------------------------------------------------ V2 */

static void tg_v2_infos(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c)
{
	for (size_t i = 0; i < tg->nthr; i++) {
		size_t n = strlen(tg->thr[i].name);
		buf_u1(b, 0);
		buf_le(b, tg->thr[i].tid, 4);
		buf_le(b, n, 2);
		buf_put(b, tg->thr[i].name, n);
	}
	for (size_t i = 0; i < tg->nmeth; i++) {
		const struct tg_meth *m = &tg->meth[i];
		struct tg_buf line = {0};
		buf_printf(&line, "%s\t%s\t%s\t%s\n", S(m->cls), S(m->name), S(m->sig), S(m->src));
		buf_u1(b, 1);
		if (c->o->rev == TG_REV_A)
			buf_le(b, m->id >> 2, 4);
		else
			buf_le(b, m->id, 8);
		buf_le(b, line.len, 2);
		buf_put(b, line.p, line.len);
		free(line.p);
	}
}

/* Payload of events ev[0..n) with deltas from *prev (value, wall, cpu);
 * rel_first keeps deltas relative to the initial value (revision a). */
static void tg_v2_payload(struct tg_buf *b, const struct tg_cfg *c, const struct tg_ev **ev,
                          size_t n, uint64_t prev[3], int rel_first)
{
	uint64_t base = prev[0];
	for (size_t i = 0; i < n; i++) {
		uint64_t wall = ev[i]->wall * c->mult, cpu = ev[i]->cpu * c->mult;
		buf_sleb(b, (int64_t)(ev[i]->word - (rel_first ? base : prev[0])));
		if (c->use_wall)
			buf_uleb(b, wall - prev[1]);
		if (c->use_cpu)
			buf_uleb(b, cpu - prev[2]);
		prev[0] = ev[i]->word;
		prev[1] = wall;
		prev[2] = cpu;
	}
}

static void tg_v2_block(struct tg_buf *b, const struct tg_cfg *c, uint32_t tid,
                        const struct tg_ev **ev, size_t n)
{
	struct tg_buf pay = {0};
	buf_u1(b, 2);
	buf_le(b, tid, 4);
	if (c->o->rev == TG_REV_C || c->o->rev == TG_REV_D) {
		uint64_t prev[3] = {0, 0, 0};
		tg_v2_payload(&pay, c, ev, n, prev, 0);
		buf_le(b, n, 3);
		buf_le(b, pay.len, 4);
	} else {
		int a = c->o->rev == TG_REV_A;
		uint64_t prev[3] = {ev[0]->word, ev[0]->wall * c->mult, ev[0]->cpu * c->mult};
		buf_le(b, ev[0]->word, a ? 4 : 8);
		if (c->use_cpu)
			buf_le(b, prev[2], 4);
		if (c->use_wall)
			buf_le(b, prev[1], 4);
		tg_v2_payload(&pay, c, ev + 1, n - 1, prev, a);
		buf_le(b, n - 1, 2);
		buf_le(b, pay.len, 2);
	}
	buf_put(b, pay.p, pay.len);
	free(pay.p);
}

/* Entry blocks: per thread in order of first record, split every
 * block_events events. */
static void tg_v2_blocks(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c)
{
	const struct tg_ev **list = malloc((tg->nev + 1) * sizeof *list);
	uint64_t *done = malloc((tg->nev + 1) * sizeof *done);
	if (!list || !done)
		abort();
	size_t ndone = 0;
	for (size_t i = 0; i < tg->nev; i++) {
		uint32_t tid = tg->ev[i].tid;
		if (tg_seen(done, ndone, tid))
			continue;
		done[ndone++] = tid;
		size_t n = 0;
		for (size_t j = i; j < tg->nev; j++)
			if (tg->ev[j].tid == tid)
				list[n++] = &tg->ev[j];
		size_t per = c->o->block_events ? c->o->block_events : n;
		for (size_t k = 0; k < n; k += per)
			tg_v2_block(b, c, tid, list + k, n - k < per ? n - k : per);
	}
	free(list);
	free(done);
}

static int tg_v2(struct tg_buf *b, const struct tg *tg, const struct tg_cfg *c)
{
	const struct tg_opts *o = c->o;
	if (o->rev == TG_REV_A) {
		for (size_t i = 0; i < tg->nmeth; i++)
			if (tg->meth[i].id & 3 || tg->meth[i].id >> 2 > UINT32_MAX) {
				fprintf(stderr, "tg_write: revision (a) needs ids index << 2\n");
				return -1;
			}
	}
	buf_le(b, 0x574F4C53, 4);
	buf_le(b, c->version | (o->streaming ? 0xF0 : 0), 2);
	buf_le(b, o->start_time, 8);
	buf_zero(b, 18);
	tg_v2_infos(b, tg, c);
	tg_v2_blocks(b, tg, c);
	if (!o->no_summary) {
		struct tg_buf text = {0};
		tg_key_text(&text, tg, c, TG_TEXT_V2);
		buf_u1(b, 3);
		buf_le(b, text.len, 2);
		buf_put(b, text.p, text.len);
		free(text.p);
	}
	return 0;
}

/* ------------------------------------------------------------ output */

static void tg_damage(const struct tg_opts *o, struct tg_buf *b)
{
	if (o->truncate && o->truncate_at < b->len)
		b->len = o->truncate_at;
	b->len -= o->drop_tail < b->len ? o->drop_tail : b->len;
}

static void tg_hand_over(struct tg_buf *b, uint8_t **buf, size_t *len)
{
	if (!b->p) {
		b->p = malloc(1);
		if (!b->p)
			abort();
	}
	*buf = b->p;
	*len = b->len;
}

int tg_write(const struct tg *tg, const struct tg_opts *o, uint8_t **buf, size_t *len)
{
	static const struct tg_opts defaults;
	struct tg_cfg c;
	struct tg_buf b = {0};
	int rc;
	if (!o)
		o = &defaults;
	if (tg_config(o, &c))
		return -1;
	switch (o->family) {
	case TG_V1:
		tg_key_text(&b, tg, &c, TG_TEXT_KEY);
		rc = tg_v1_data(&b, tg, &c);
		break;
	case TG_V1_STREAM:
		rc = tg_stream(&b, tg, &c);
		break;
	default:
		rc = tg_v2(&b, tg, &c);
	}
	if (rc) {
		free(b.p);
		return -1;
	}
	tg_damage(o, &b);
	tg_hand_over(&b, buf, len);
	return 0;
}

int tg_write_pair(const struct tg *tg, const struct tg_opts *o,
                  uint8_t **key, size_t *keylen, uint8_t **data, size_t *datalen)
{
	static const struct tg_opts defaults;
	struct tg_cfg c;
	struct tg_buf k = {0}, d = {0};
	if (!o)
		o = &defaults;
	if (o->family != TG_V1) {
		fprintf(stderr, "tg_write_pair: only V1 non-streaming has a key file\n");
		return -1;
	}
	if (tg_config(o, &c))
		return -1;
	tg_key_text(&k, tg, &c, TG_TEXT_KEY);
	if (tg_v1_data(&d, tg, &c)) {
		free(k.p);
		free(d.p);
		return -1;
	}
	tg_damage(o, &d);
	tg_hand_over(&k, key, keylen);
	tg_hand_over(&d, data, datalen);
	return 0;
}

static int tg_save(const char *path, const uint8_t *buf, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		perror(path);
		return -1;
	}
	int rc = fwrite(buf, 1, len, f) == len ? 0 : -1;
	if (fclose(f) != 0)
		rc = -1;
	return rc;
}

int tg_write_file(const struct tg *tg, const struct tg_opts *o, const char *path)
{
	uint8_t *buf;
	size_t len;
	if (tg_write(tg, o, &buf, &len))
		return -1;
	int rc = tg_save(path, buf, len);
	free(buf);
	return rc;
}

int tg_write_pair_files(const struct tg *tg, const struct tg_opts *o, const char *base)
{
	uint8_t *key, *data;
	size_t keylen, datalen;
	if (tg_write_pair(tg, o, &key, &keylen, &data, &datalen))
		return -1;
	size_t n = strlen(base) + 6;
	char *path = malloc(n);
	if (!path)
		abort();
	snprintf(path, n, "%s.key", base);
	int rc = tg_save(path, key, keylen);
	snprintf(path, n, "%s.data", base);
	if (rc == 0)
		rc = tg_save(path, data, datalen);
	free(path);
	free(key);
	free(data);
	return rc;
}
