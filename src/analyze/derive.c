/* derive.c: ranges and transforms make a derived trace (see derive.h;
 * docs/numbers.md, "Time ranges" and "Transforms").
 *
 * The range clips each thread's calls into fresh arrays; each transform is
 * then one forward pass over a thread's calls in preorder that keeps,
 * merges (children go to the nearest kept ancestor) or drops (with the
 * subtree) each call, compacting the arrays in place. A merge needs no
 * time change: the parent's excl grows by itself, since excl is incl less
 * the kept children. A drop closes the gap it leaves, so every incl above
 * it shrinks by the dropped time.
 */
#include "analyze/derive.h"

#include "base/grow.h"
#include "base/mul128.h"

#include <stdlib.h>
#include <string.h>

#define DERIVE_DEAD (UINT32_MAX - 1) /* a call dropped with its subtree */

/* ------------------------------------------------------------ steps */

static const char *const derive_kinds[] = {"focus", "merge", "collapse", "rec", "drop", "app"};

const char *derive_kind_word(unsigned i)
{
	return i < sizeof derive_kinds / sizeof *derive_kinds ? derive_kinds[i] : NULL;
}

int derive_parse_globs(const char *s, struct derive_glob **globs, uint32_t *n, const char **why)
{
	uint32_t k = 1;
	for (const char *p = s; *p; p++)
		k += *p == ',';
	*globs = malloc(k * sizeof **globs);
	*n = 0;
	if (!*globs) {
		*why = "out of memory";
		return -1;
	}
	for (const char *p = s;; p++) {
		size_t len = strcspn(p, ",");
		if (!len) {
			free(*globs);
			*globs = NULL;
			*why = "empty class pattern";
			return -1;
		}
		(*globs)[(*n)++] = (struct derive_glob){p, len};
		p += len;
		if (!*p)
			return 0;
	}
}

int derive_step_transform(const char *s, struct derive_step *out, const char **why)
{
	memset(out, 0, sizeof *out);
	const char *colon = strchr(s, ':');
	size_t klen = colon ? (size_t)(colon - s) : strlen(s);
	int kind = -1;
	for (int i = 0; i < (int)(sizeof derive_kinds / sizeof derive_kinds[0]); i++)
		if (strlen(derive_kinds[i]) == klen && memcmp(s, derive_kinds[i], klen) == 0)
			kind = i;
	if (kind < 0) {
		*why = "unknown kind (expected focus, merge, collapse, rec, drop or app, then "
		       "':' and its argument)";
		return -1;
	}
	if (!colon || !colon[1]) {
		*why = "missing argument after the kind";
		return -1;
	}
	out->kind = (enum derive_kind)(DERIVE_FOCUS + kind);
	if (!(out->text = strdup(s))) {
		*why = "out of memory";
		return -1;
	}
	const char *arg = out->text + klen + 1;
	int rc;
	if (out->kind == DERIVE_APP) {
		rc = derive_parse_globs(arg, &out->globs, &out->nglobs, why);
	} else if (out->kind == DERIVE_COLLAPSE) {
		/* One pattern: a ',' in it is literal. */
		rc = (out->globs = malloc(sizeof *out->globs)) ? 0 : -1;
		*why = "out of memory";
		if (!rc) {
			out->globs[0] = (struct derive_glob){arg, strlen(arg)};
			out->nglobs = 1;
		}
	} else {
		rc = match_spec_parse(arg, &out->method, why);
	}
	if (rc < 0)
		derive_step_free(out);
	return rc;
}

int derive_step_range(const struct range *r, struct derive_step *out)
{
	char buf[RANGE_TEXT_MAX];
	memset(out, 0, sizeof *out);
	out->kind = DERIVE_RANGE;
	out->range = *r;
	range_format(r, buf);
	return (out->text = strdup(buf)) ? 0 : -1;
}

void derive_step_free(struct derive_step *st)
{
	free(st->text);
	free(st->globs);
	match_spec_free(&st->method);
	memset(st, 0, sizeof *st);
}

/* ------------------------------------------------------------ the axis */

int derive_axis_clock(const struct trace *tr)
{
	return tr->has_clock[TV_WALL] ? TV_WALL : TV_CPU;
}

uint64_t derive_axis_origin(const struct trace *tr)
{
	int x = derive_axis_clock(tr);
	uint64_t o = UINT64_MAX;
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].records && tr->threads[i].first[x] < o)
			o = tr->threads[i].first[x];
	return o == UINT64_MAX ? 0 : o;
}

uint64_t derive_axis_end(const struct trace *tr)
{
	int x = derive_axis_clock(tr);
	uint64_t end = 0, o = derive_axis_origin(tr);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].records && tr->threads[i].last[x] - o > end)
			end = tr->threads[i].last[x] - o;
	return end;
}

void derive_only_threads(struct trace *view, const struct trace_sel *sel)
{
	for (uint32_t t = 0; t < view->nthreads; t++) {
		struct tv_thread *th = &view->threads[t];
		if (trace_sel_has(sel, th->tid))
			continue;
		/* no records, no calls, not shown: out of every profile, tree
		 * and call list (the arrays stay, for trace_free()) */
		th->records = 0;
		th->shown = 0;
		th->ncalls = th->walk_calls = th->nmarks = 0;
	}
}

int derive_range_outside(const struct trace *tr, const struct range *r)
{
	/* B > A >= 0 and the earliest thread starts at 0, so only A can
	 * miss: past every thread's last timestamp. */
	return r->has_start && r->start > derive_axis_end(tr);
}

int derive_range_fits(const struct trace *tr, const struct range *r)
{
	if (!r->has_start && !r->has_end)
		return 1;
	return !r->events == !trace_is_sequence(tr);
}

/* ------------------------------------------------------------ times */

static uint64_t derive_get(const uint32_t *lo, const uint32_t *hi, uint32_t i)
{
	return lo[i] | (hi ? (uint64_t)hi[i] << 32 : 0);
}

/* Stores v at i, giving the array a high half when v needs one. */
static int derive_set(uint32_t *lo, uint32_t **hi, uint32_t cap, uint32_t i, uint64_t v)
{
	lo[i] = (uint32_t)v;
	if (v >> 32 && !*hi && !(*hi = calloc(cap ? cap : 1, sizeof **hi)))
		return -1;
	if (*hi)
		(*hi)[i] = (uint32_t)(v >> 32);
	return 0;
}

/* ------------------------------------------------------------ the copy */

static int derive_copy_base(struct trace *out, const struct trace *in)
{
	out->version = in->version;
	out->streaming = in->streaming;
	out->clock = in->clock;
	memcpy(out->has_clock, in->has_clock, sizeof out->has_clock);
	out->record_size = in->record_size;
	out->start_time = in->start_time;
	out->records = in->records;
	out->warnings = in->warnings;
	if (in->strings.len) {
		if (!(out->strings.buf = malloc(in->strings.len)))
			return -1;
		memcpy(out->strings.buf, in->strings.buf, in->strings.len);
		out->strings.len = out->strings.cap = in->strings.len;
	}
	if (in->nmethods) {
		if (!(out->methods = malloc(in->nmethods * sizeof *out->methods)))
			return -1;
		memcpy(out->methods, in->methods, in->nmethods * sizeof *out->methods);
		out->nmethods = out->methods_cap = in->nmethods;
	}
	for (uint32_t i = 0; i < in->nmethods; i++)
		if (idmap_put(&out->method_ids, in->methods[i].id, i) < 0)
			return -1;
	if (in->nkeythreads) {
		if (!(out->keythreads = malloc(in->nkeythreads * sizeof *out->keythreads)))
			return -1;
		memcpy(out->keythreads, in->keythreads, in->nkeythreads * sizeof *out->keythreads);
		out->nkeythreads = out->keythreads_cap = in->nkeythreads;
	}
	if (in->noptions) {
		if (!(out->options = malloc(in->noptions * sizeof *out->options)))
			return -1;
		memcpy(out->options, in->options, in->noptions * sizeof *out->options);
		out->noptions = out->options_cap = in->noptions;
	}
	if (in->nthreads && !(out->threads = calloc(in->nthreads, sizeof *out->threads)))
		return -1;
	out->nthreads = out->threads_cap = in->nthreads;
	return 0;
}

/* ------------------------------------------------------------ the range */

/* The records bracketing a cut time t on the axis: the last one before t
 * (lo) and the first at or after it (hi). Both clocks only grow along a
 * thread's records, so the maxima and minima below are those records. */
struct derive_cut {
	uint64_t t;
	int has_lo, has_hi;
	uint64_t lo_x, lo_y, hi_x, hi_y;
};

static void derive_cut_note(struct derive_cut *c, uint64_t x, uint64_t y)
{
	if (x < c->t) {
		if (!c->has_lo || x > c->lo_x)
			c->lo_x = x;
		if (!c->has_lo || y > c->lo_y)
			c->lo_y = y;
		c->has_lo = 1;
	} else {
		if (!c->has_hi || x < c->hi_x)
			c->hi_x = x;
		if (!c->has_hi || y < c->hi_y)
			c->hi_y = y;
		c->has_hi = 1;
	}
}

/* The other clock at the cut (docs/numbers.md, "Time ranges"). */
static uint64_t derive_cut_other(const struct derive_cut *c)
{
	if (!c->has_lo)
		return c->hi_y;
	if (!c->has_hi)
		return c->lo_y;
	if (c->hi_x == c->t)
		return c->hi_y;
	return c->lo_y + mul128_muldiv(c->hi_y - c->lo_y, c->t - c->lo_x, c->hi_x - c->lo_x);
}

struct derive_range {
	int x, y;            /* axis clock; other clock or -1 */
	uint64_t a, b;       /* absolute µs on the axis; b UINT64_MAX when open */
};

/* Counts the records in [a, b) and finds the records around a and b from
 * the call boundaries and marks (every record is one or the other). */
static uint64_t derive_scan(const struct tv_thread *t, const struct derive_range *r,
                            struct derive_cut cut[2])
{
	int x = r->x, y = r->y;
	int64_t records = 0;
	for (uint32_t i = 0; i < t->ncalls; i++) {
		for (int e = 0; e < 2; e++) {
			const uint32_t *lo = e ? t->end[x] : t->start[x];
			const uint32_t *hi = e ? t->end_hi[x] : t->start_hi[x];
			uint64_t vx = t->first[x] + derive_get(lo, hi, i), vy = 0;
			if (y >= 0)
				vy = t->first[y] + derive_get(e ? t->end[y] : t->start[y],
				                              e ? t->end_hi[y] : t->start_hi[y], i);
			records += vx >= r->a && vx < r->b;
			derive_cut_note(&cut[0], vx, vy);
			derive_cut_note(&cut[1], vx, vy);
		}
	}
	for (uint32_t k = 0; k < t->nmarks; k++) {
		uint64_t vx = t->first[x] + t->marks[k].t[x];
		uint64_t vy = y >= 0 ? t->first[y] + t->marks[k].t[y] : 0;
		if (vx >= r->a && vx < r->b)
			records += t->marks[k].n;
		derive_cut_note(&cut[0], vx, vy);
		derive_cut_note(&cut[1], vx, vy);
	}
	return records > 0 ? (uint64_t)records : 0;
}

static int derive_alloc_calls(struct tv_thread *o, const struct trace *tr, uint32_t n)
{
	size_t sz = (size_t)(n ? n : 1) * sizeof(uint32_t);
	o->ncalls = o->cap = n;
	if (!(o->method = malloc(sz)) || !(o->parent = malloc(sz)))
		return -1;
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c] && (!(o->start[c] = malloc(sz)) || !(o->end[c] = malloc(sz))))
			return -1;
	return 0;
}

/* The range's ends on the other clock into oy (the axis's own when there
 * is none), and o's first and last times, moved in to the ends the range
 * cuts. */
static void derive_clip_ends(struct tv_thread *o, const struct tv_thread *t,
                             const struct derive_range *r, struct derive_cut cut[2],
                             uint64_t oy[2])
{
	int x = r->x, y = r->y;
	oy[0] = cut[0].t;
	oy[1] = cut[1].t;
	if (y >= 0) {
		oy[0] = derive_cut_other(&cut[0]);
		oy[1] = derive_cut_other(&cut[1]);
	}
	int moved = t->first[x] < r->a;
	o->first[x] = moved ? r->a : t->first[x];
	if (y >= 0)
		o->first[y] = moved ? oy[0] : t->first[y];
	moved = t->last[x] >= r->b;
	o->last[x] = moved ? r->b : t->last[x];
	if (y >= 0)
		o->last[y] = moved ? oy[1] : t->last[y];
}

/* map[i]: call i's index among the calls the range keeps, or DERIVE_DEAD.
 * A kept call keeps its ancestors (parents come before children in
 * preorder). Returns how many are kept. */
static uint32_t derive_clip_keep(const struct tv_thread *t, const struct derive_range *r,
                                 uint32_t *map)
{
	int x = r->x;
	uint32_t n = t->ncalls, kept = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t s = t->first[x] + derive_get(t->start[x], t->start_hi[x], i);
		uint64_t e = t->first[x] + derive_get(t->end[x], t->end_hi[x], i);
		map[i] = s < r->b && (e > r->a || (s == e && s == r->a));
	}
	for (uint32_t i = n; i-- > 0;)
		if (map[i] && t->parent[i] != TV_ROOT)
			map[t->parent[i]] = 1;
	for (uint32_t i = 0; i < n; i++)
		map[i] = map[i] ? kept++ : DERIVE_DEAD;
	return kept;
}

/* Copies the kept calls (derive_clip_keep()) into o's arrays, their times
 * cut at the range's ends (oy on the other clock). */
static int derive_clip_copy(struct tv_thread *o, const struct tv_thread *t, const struct trace *in,
                            const struct derive_range *r, const uint32_t *map, uint32_t kept,
                            const uint64_t oy[2])
{
	int x = r->x, rc = 0;
	for (uint32_t i = 0; i < t->ncalls && !rc; i++) {
		uint32_t j = map[i];
		if (j == DERIVE_DEAD)
			continue;
		o->method[j] = t->method[i];
		o->parent[j] = t->parent[i] == TV_ROOT ? TV_ROOT : map[t->parent[i]];
		uint64_t sx = t->first[x] + derive_get(t->start[x], t->start_hi[x], i);
		uint64_t ex = t->first[x] + derive_get(t->end[x], t->end_hi[x], i);
		for (int c = 0; c < TV_NCLOCKS && !rc; c++) {
			if (!in->has_clock[c])
				continue;
			uint64_t s = t->first[c] + derive_get(t->start[c], t->start_hi[c], i);
			uint64_t e = t->first[c] + derive_get(t->end[c], t->end_hi[c], i);
			if (sx < r->a)
				s = c == x ? r->a : oy[0];
			if (ex >= r->b)
				e = c == x ? r->b : oy[1];
			rc = derive_set(o->start[c], &o->start_hi[c], kept, j, s - o->first[c]) |
			     derive_set(o->end[c], &o->end_hi[c], kept, j, e - o->first[c]);
		}
	}
	return rc;
}

/* Thread t of in, clipped to the range, into o. */
static int derive_clip(struct tv_thread *o, const struct tv_thread *t, const struct trace *in,
                       const struct derive_range *r)
{
	o->tid = t->tid;
	o->name = t->name;
	memcpy(o->first, t->first, sizeof o->first);
	memcpy(o->last, t->first, sizeof o->last);
	if (!t->records || t->first[r->x] >= r->b || t->last[r->x] < r->a)
		return derive_alloc_calls(o, in, 0); /* the range misses the thread */
	struct derive_cut cut[2] = {{.t = r->a}, {.t = r->b}};
	o->records = derive_scan(t, r, cut);
	o->shown = 1;
	uint64_t oy[2];
	derive_clip_ends(o, t, r, cut, oy);
	uint32_t *map = malloc((size_t)(t->ncalls ? t->ncalls : 1) * sizeof *map);
	if (!map)
		return -1;
	uint32_t kept = derive_clip_keep(t, r, map);
	int rc = derive_alloc_calls(o, in, kept);
	if (!rc)
		rc = derive_clip_copy(o, t, in, r, map, kept, oy);
	free(map);
	return rc;
}

/* ------------------------------------------------------------ transforms */

enum { DERIVE_METHOD_KEEP, DERIVE_METHOD_MERGE, DERIVE_METHOD_DROP };

struct derive_pass {
	struct trace *tr;
	const struct derive_step *st;
	uint8_t *match;        /* per method */
	uint32_t synth;        /* collapse: its method */
	uint32_t *newof, *meth;  /* per call of the thread being rewritten */
	uint32_t ncap;
	uint64_t *dend[TV_NCLOCKS], *dsum[TV_NCLOCKS];  /* drop: the gaps */
	uint32_t nd, dcap;
};

static int derive_matches(const struct derive_pass *ps, uint32_t m)
{
	const struct derive_step *st = ps->st;
	const struct trace *tr = ps->tr;
	switch (st->kind) {
	case DERIVE_COLLAPSE:
		return match_class_glob(st->globs[0].p, st->globs[0].len, tr, m);
	case DERIVE_APP:
		for (uint32_t g = 0; g < st->nglobs; g++)
			if (match_class_glob(st->globs[g].p, st->globs[g].len, tr, m))
				return 1;
		return 0;
	case DERIVE_RANGE: return 0;
	default: return match_method(&st->method, tr, m);
	}
}

/* What a call of m, child of a call of pm (UINT32_MAX: the root) whose
 * nearest kept ancestor is up, becomes; *newm its method when kept. */
static int derive_decide(const struct derive_pass *ps, uint32_t m, uint32_t pm, uint32_t up,
                         uint32_t *newm, uint32_t *newparent)
{
	const uint8_t *mt = ps->match;
	*newm = m;
	*newparent = up;
	switch (ps->st->kind) {
	case DERIVE_MERGE: return mt[m] ? DERIVE_METHOD_MERGE : DERIVE_METHOD_KEEP;
	case DERIVE_APP:
		if (mt[m] || ps->tr->methods[m].synthetic)
			return DERIVE_METHOD_KEEP;
		return DERIVE_METHOD_MERGE;
	case DERIVE_REC: return mt[m] && pm == m ? DERIVE_METHOD_MERGE : DERIVE_METHOD_KEEP;
	case DERIVE_DROP: return mt[m] ? DERIVE_METHOD_DROP : DERIVE_METHOD_KEEP;
	case DERIVE_COLLAPSE:
		if (!mt[m])
			return DERIVE_METHOD_KEEP;
		if (pm != UINT32_MAX && mt[pm])
			return DERIVE_METHOD_MERGE;
		*newm = ps->synth;
		return DERIVE_METHOD_KEEP;
	case DERIVE_FOCUS:
		if (up != TV_ROOT)
			return DERIVE_METHOD_KEEP;
		*newparent = TV_ROOT;
		return mt[m] ? DERIVE_METHOD_KEEP : DERIVE_METHOD_MERGE;
	case DERIVE_RANGE: break;
	}
	return DERIVE_METHOD_KEEP;
}

static int derive_note_gap(struct derive_pass *ps, const struct tv_thread *th, uint32_t i)
{
	if (ps->nd == ps->dcap) {
		uint32_t cap = ps->dcap;
		for (int c = 0; c < TV_NCLOCKS; c++) {
			cap = ps->dcap;
			if (grow_to32((void **)&ps->dend[c], &cap, ps->nd + 1, sizeof(uint64_t)) < 0)
				return -1;
			cap = ps->dcap;
			if (grow_to32((void **)&ps->dsum[c], &cap, ps->nd + 1, sizeof(uint64_t)) < 0)
				return -1;
		}
		ps->dcap = cap;
	}
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!th->start[c])
			continue;
		uint64_t s = derive_get(th->start[c], th->start_hi[c], i);
		uint64_t e = derive_get(th->end[c], th->end_hi[c], i);
		ps->dend[c][ps->nd] = e;
		ps->dsum[c][ps->nd] = (ps->nd ? ps->dsum[c][ps->nd - 1] : 0) + (e - s);
	}
	ps->nd++;
	return 0;
}

/* The dropped time before t on clock c: the gaps that end at or before t. */
static uint64_t derive_shift(const struct derive_pass *ps, int c, uint64_t t)
{
	uint32_t lo = 0, hi = ps->nd;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (ps->dend[c][mid] <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? ps->dsum[c][lo - 1] : 0;
}

static void derive_move(struct tv_thread *th, uint32_t j, uint32_t i)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!th->start[c])
			continue;
		th->start[c][j] = th->start[c][i];
		th->end[c][j] = th->end[c][i];
		if (th->start_hi[c])
			th->start_hi[c][j] = th->start_hi[c][i];
		if (th->end_hi[c])
			th->end_hi[c][j] = th->end_hi[c][i];
	}
}

/* Closes the gaps of dropped calls and lowers the thread's share. */
static int derive_close_gaps(struct derive_pass *ps, struct tv_thread *th)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!th->start[c])
			continue;
		for (uint32_t j = 0; j < th->ncalls; j++) {
			uint64_t s = derive_get(th->start[c], th->start_hi[c], j);
			uint64_t e = derive_get(th->end[c], th->end_hi[c], j);
			/* New values are smaller: no high half is ever needed. */
			derive_set(th->start[c], &th->start_hi[c], th->cap, j,
			           s - derive_shift(ps, c, s));
			derive_set(th->end[c], &th->end_hi[c], th->cap, j,
			           e - derive_shift(ps, c, e));
		}
		if (!th->has_top)
			th->top[c] = trace_thread_span(th, c);
		th->top[c] -= ps->dsum[c][ps->nd - 1];
	}
	th->has_top = 1;
	return 0;
}

static int derive_thread(struct derive_pass *ps, struct tv_thread *th)
{
	uint32_t n = th->ncalls, k = 0;
	if (n > ps->ncap) {
		uint32_t cap = ps->ncap;
		if (grow_to32((void **)&ps->newof, &cap, n, sizeof *ps->newof) < 0)
			return -1;
		cap = ps->ncap;
		if (grow_to32((void **)&ps->meth, &cap, n, sizeof *ps->meth) < 0)
			return -1;
		ps->ncap = cap;
	}
	memcpy(ps->meth, th->method, (size_t)n * sizeof *ps->meth);
	ps->nd = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t p = th->parent[i], up = TV_ROOT, newm, np;
		if (p != TV_ROOT) {
			up = ps->newof[p];
			if (up == DERIVE_DEAD) {
				ps->newof[i] = DERIVE_DEAD;
				continue;
			}
		}
		uint32_t m = ps->meth[i];
		uint32_t pm = p == TV_ROOT ? UINT32_MAX : ps->meth[p];
		int act = derive_decide(ps, m, pm, up, &newm, &np);
		if (act == DERIVE_METHOD_MERGE) {
			ps->newof[i] = np;
		} else if (act == DERIVE_METHOD_DROP) {
			ps->newof[i] = DERIVE_DEAD;
			if (derive_note_gap(ps, th, i) < 0)
				return -1;
		} else {
			if (k != i)
				derive_move(th, k, i);
			th->method[k] = newm;
			th->parent[k] = np;
			ps->newof[i] = k++;
		}
	}
	th->ncalls = k;
	if (ps->st->kind == DERIVE_FOCUS) {
		for (int c = 0; c < TV_NCLOCKS; c++) {
			th->top[c] = 0;
			for (uint32_t j = 0; th->start[c] && j < k; j++)
				if (th->parent[j] == TV_ROOT)
					th->top[c] += derive_get(th->end[c], th->end_hi[c], j) -
					              derive_get(th->start[c], th->start_hi[c], j);
		}
		th->has_top = 1;
	}
	return ps->nd ? derive_close_gaps(ps, th) : 0;
}

/* The synthetic method of a collapse pattern, made on first use. */
static int derive_synth(struct trace *tr, const struct derive_glob *g, uint32_t *out)
{
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct tv_method *tm = &tr->methods[m];
		if (tm->synthetic && tm->cls.len == g->len &&
		    memcmp(trace_str(tr, tm->cls), g->p, g->len) == 0) {
			*out = m;
			return 0;
		}
	}
	if (grow_push32((void **)&tr->methods, &tr->methods_cap, tr->nmethods,
	                sizeof *tr->methods) < 0)
		return -1;
	struct tv_method *tm = &tr->methods[tr->nmethods];
	memset(tm, 0, sizeof *tm);
	if (strtab_add(&tr->strings, g->p, g->len, &tm->cls) < 0 ||
	    strtab_add(&tr->strings, "", 0, &tm->name) < 0)
		return -1;
	tm->sig = tm->name;
	tm->source = TV_STR_NONE;
	tm->declared = tm->synthetic = 1;
	*out = tr->nmethods++;
	return 0;
}

/* One transform over every thread; *unmatched when no call matched. */
static int derive_transform(struct trace *tr, const struct derive_step *st, uint8_t *unmatched)
{
	struct derive_pass ps = {tr, st, NULL, 0, NULL, NULL, 0, {NULL}, {NULL}, 0, 0};
	int rc = -1, any = 0;
	size_t mcap = tr->nmethods ? tr->nmethods : 1;
	if (!(ps.match = malloc(mcap)))
		return -1;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		ps.match[m] = (uint8_t)derive_matches(&ps, m);
	for (uint32_t t = 0; t < tr->nthreads && !any; t++)
		for (uint32_t i = 0; i < tr->threads[t].ncalls && !any; i++)
			any = ps.match[tr->threads[t].method[i]];
	*unmatched = !any;
	if (!any) {
		rc = 0;
		goto out;
	}
	if (st->kind == DERIVE_COLLAPSE) {
		if (derive_synth(tr, &st->globs[0], &ps.synth) < 0)
			goto out;
		/* the synthetic method may be new: one more slot */
		if (grow_to((void **)&ps.match, &mcap, tr->nmethods, 1) < 0)
			goto out;
		ps.match[ps.synth] = 0;
	}
	for (uint32_t t = 0; t < tr->nthreads; t++)
		if (derive_thread(&ps, &tr->threads[t]) < 0)
			goto out;
	rc = 0;
out:
	free(ps.match);
	free(ps.newof);
	free(ps.meth);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		free(ps.dend[c]);
		free(ps.dsum[c]);
	}
	return rc;
}

/* Synthetic ids in byte order of their patterns, after every real id. */
static int derive_synth_ids(struct trace *tr)
{
	uint64_t rank = 0;
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct tv_method *a = &tr->methods[m];
		if (!a->synthetic)
			continue;
		rank = 0;
		for (uint32_t k = 0; k < tr->nmethods; k++) {
			const struct tv_method *b = &tr->methods[k];
			if (!b->synthetic || k == m)
				continue;
			size_t n = a->cls.len < b->cls.len ? a->cls.len : b->cls.len;
			int d = memcmp(trace_str(tr, b->cls), trace_str(tr, a->cls), n);
			rank += d < 0 || (d == 0 && b->cls.len < a->cls.len);
		}
		tr->methods[m].id = DERIVE_SYNTH_ID + rank;
		if (idmap_put(&tr->method_ids, DERIVE_SYNTH_ID + rank, m) < 0)
			return -1;
	}
	return 0;
}

/* The intersection of the range steps, on the axis in absolute µs. */
static void derive_range_of(const struct trace *in, const struct derive_step *steps, uint32_t n,
                            struct derive_range *r)
{
	uint64_t o = derive_axis_origin(in);
	r->x = derive_axis_clock(in);
	r->y = in->has_clock[TV_CPU] && in->has_clock[TV_WALL] ? TV_CPU : -1;
	r->a = 0;
	r->b = UINT64_MAX;
	for (uint32_t i = 0; i < n; i++) {
		const struct range *g = &steps[i].range;
		if (steps[i].kind != DERIVE_RANGE)
			continue;
		if (g->has_start && o + g->start > r->a)
			r->a = o + g->start;
		if (g->has_end && o + g->end < r->b)
			r->b = o + g->end;
	}
	if (r->b < r->a)
		r->b = r->a;
}

enum tv_status derive_build(struct trace *out, const struct trace *in,
                            const struct derive_step *steps, uint32_t n, uint8_t *unmatched,
                            struct tv_error *err)
{
	struct derive_range r;
	trace_init(out);
	if (unmatched)
		memset(unmatched, 0, n);
	if (derive_copy_base(out, in) < 0)
		goto fail;
	derive_range_of(in, steps, n, &r);
	for (uint32_t t = 0; t < in->nthreads; t++)
		if (derive_clip(&out->threads[t], &in->threads[t], in, &r) < 0)
			goto fail;
	for (uint32_t i = 0; i < n; i++) {
		uint8_t none = 0;
		if (steps[i].kind != DERIVE_RANGE && derive_transform(out, &steps[i], &none) < 0)
			goto fail;
		if (unmatched)
			unmatched[i] = none;
	}
	if (derive_synth_ids(out) < 0)
		goto fail;
	return TV_OK;
fail:
	trace_free(out);
	return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
}
