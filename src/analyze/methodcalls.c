/* methodcalls.c: every call of some methods (see methodcalls.h). */
#include "analyze/methodcalls.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/numfmt.h"
#include "model/callwalk.h"

void methodcalls_axis_of(const struct trace *tr, struct methodcalls_axis *ax)
{
	int any = 0;
	ax->clock = tr->has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	ax->origin = 0;
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		if (th->records && (!any || th->first[ax->clock] < ax->origin)) {
			ax->origin = th->first[ax->clock];
			any = 1;
		}
	}
}

static int methodcalls_cmp_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

/* The report's order: start, tid, depth, then the call itself. */
static int methodcalls_cmp_start(const struct trace *tr, const struct methodcalls_row *a,
                                 const struct methodcalls_row *b)
{
	int c = methodcalls_cmp_u64(a->start, b->start);
	if (!c)
		c = methodcalls_cmp_u64(tr->threads[a->thread].tid, tr->threads[b->thread].tid);
	if (!c)
		c = methodcalls_cmp_u64(a->depth, b->depth);
	if (!c)
		c = methodcalls_cmp_u64(a->call, b->call);
	return c;
}

static int methodcalls_cmp_wait(const struct methodcalls_row *a, const struct methodcalls_row *b)
{
	int64_t x = methodcalls_wait(a), y = methodcalls_wait(b);
	return (x > y) - (x < y);
}

/* qsort has no context argument: the sort runs on the caller's thread
 * with the trace and key in these. */
struct methodcalls_sort_ctx {
	const struct trace *tr;
	enum methodcalls_key key;
	int sign;
};

static int methodcalls_key_cmp(const struct methodcalls_sort_ctx *s,
                               const struct methodcalls_row *a, const struct methodcalls_row *b)
{
	switch (s->key) {
	case METHODCALLS_BY_START: return 0;
	case METHODCALLS_BY_TID:
		return methodcalls_cmp_u64(s->tr->threads[a->thread].tid,
		                           s->tr->threads[b->thread].tid);
	case METHODCALLS_BY_WALL: return methodcalls_cmp_u64(a->incl[TV_WALL], b->incl[TV_WALL]);
	case METHODCALLS_BY_CPU: return methodcalls_cmp_u64(a->incl[TV_CPU], b->incl[TV_CPU]);
	case METHODCALLS_BY_WAIT: return methodcalls_cmp_wait(a, b);
	case METHODCALLS_BY_DEPTH: return methodcalls_cmp_u64(a->depth, b->depth);
	case METHODCALLS_BY_CALLER: return methodcalls_cmp_u64(a->caller, b->caller);
	}
	return 0;
}

/* Merge sort with the context in hand (qsort_r is not C11 or POSIX). */
static void methodcalls_merge(const struct methodcalls_sort_ctx *s, struct methodcalls_row *a,
                              struct methodcalls_row *tmp, size_t n)
{
	if (n < 2)
		return;
	size_t h = n / 2, i = 0, j = h, k = 0;
	methodcalls_merge(s, a, tmp, h);
	methodcalls_merge(s, a + h, tmp, n - h);
	while (i < h && j < n) {
		int c = s->sign * methodcalls_key_cmp(s, &a[i], &a[j]);
		if (!c)
			c = methodcalls_cmp_start(s->tr, &a[i], &a[j]);
		tmp[k++] = c <= 0 ? a[i++] : a[j++];
	}
	while (i < h)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, n * sizeof *a);
}

static int methodcalls_sort_ctx(struct methodcalls *c, enum methodcalls_key key, int descending)
{
	struct methodcalls_sort_ctx s = {c->tr, key, descending ? -1 : 1};
	struct methodcalls_row *tmp = malloc((c->nrows ? c->nrows : 1) * sizeof *tmp);
	if (!tmp)
		return -1;
	methodcalls_merge(&s, c->rows, tmp, c->nrows);
	free(tmp);
	return 0;
}

void methodcalls_sort(struct methodcalls *c, enum methodcalls_key key, int descending)
{
	/* Out of memory leaves the order as it was: a pane still shows rows. */
	(void)methodcalls_sort_ctx(c, key, descending);
}

/* The rows of one thread, in preorder. */
static int methodcalls_thread(struct methodcalls *c, uint32_t t, const uint8_t *want,
                              const struct methodcalls_axis *ax)
{
	const struct trace *tr = c->tr;
	const struct tv_thread *th = &tr->threads[t];
	struct callwalk w;
	uint32_t call;
	int step;
	callwalk_init(&w, th);
	while ((step = callwalk_next(&w, &call)) != CALLWALK_DONE) {
		if (step != CALLWALK_ENTER || !want[th->method[call]])
			continue;
		if (grow_push((void **)&c->rows, &c->cap, c->nrows, sizeof *c->rows) < 0)
			return -1;
		struct methodcalls_row *r = &c->rows[c->nrows++];
		uint32_t parent = th->parent[call];
		r->thread = t;
		r->call = call;
		r->method = th->method[call];
		r->caller = parent == TV_ROOT ? METHODCALLS_TOPLEVEL : th->method[parent];
		r->depth = w.depth;
		r->start = th->first[ax->clock] + trace_call_start(th, ax->clock, call) - ax->origin;
		for (int k = 0; k < TV_NCLOCKS; k++)
			r->incl[k] = tr->has_clock[k] ? trace_call_incl(th, k, call) : 0;
	}
	return 0;
}

enum tv_status methodcalls_collect(struct methodcalls *c, const struct trace *tr, const uint8_t *want,
                                   const uint32_t *tid, const struct methodcalls_axis *ax,
                                   struct tv_error *err)
{
	struct trace_sel one;
	return methodcalls_collect_set(c, tr, want, trace_sel_one(&one, tid), ax, err);
}

enum tv_status methodcalls_collect_set(struct methodcalls *c, const struct trace *tr,
                                       const uint8_t *want, const struct trace_sel *sel,
                                       const struct methodcalls_axis *ax, struct tv_error *err)
{
	memset(c, 0, sizeof *c);
	c->tr = tr;
	int found = 0;
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		if (!th->records || !trace_sel_has(sel, th->tid))
			continue;
		found = 1;
		if (methodcalls_thread(c, t, want, ax) < 0)
			goto nomem;
	}
	if (sel && !found)
		return trace_sel_none(sel, err);
	if (methodcalls_sort_ctx(c, METHODCALLS_BY_START, 0) < 0)
		goto nomem;
	return TV_OK;
nomem:
	methodcalls_free(c);
	return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
}

void methodcalls_free(struct methodcalls *c)
{
	free(c->rows);
	c->rows = NULL;
	c->nrows = c->cap = 0;
}

uint64_t methodcalls_percentile(const uint64_t *sorted, size_t n, unsigned pct)
{
	/* ⌈pct × n / 100⌉ without overflow for any n below 2^57 */
	uint64_t rank = ((uint64_t)n * pct + 99) / 100;
	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

static int methodcalls_u64_cmp(const void *a, const void *b)
{
	return methodcalls_cmp_u64(*(const uint64_t *)a, *(const uint64_t *)b);
}

enum tv_status methodcalls_summarize(const struct methodcalls *c, int clock, struct methodcalls_summary *s)
{
	memset(s, 0, sizeof *s);
	s->clock = clock;
	s->count = c->nrows;
	if (!c->nrows)
		return TV_OK;
	uint64_t *v = malloc(c->nrows * sizeof *v);
	if (!v)
		return TV_ERR_NOMEM;
	/* The sum of n values below 2^64 fits in 128 bits: kept as a quotient
	 * by n and a remainder, so the mean is exact however long the trace. */
	uint64_t q = 0, r = 0, n = c->nrows;
	for (size_t i = 0; i < c->nrows; i++) {
		v[i] = c->rows[i].incl[clock];
		q += v[i] / n;
		r += v[i] % n;
		if (r >= n) {
			q++;
			r -= n;
		}
	}
	qsort(v, c->nrows, sizeof *v, methodcalls_u64_cmp);
	s->min = v[0];
	s->max = v[c->nrows - 1];
	s->mean = q;
	s->p50 = methodcalls_percentile(v, c->nrows, 50);
	s->p95 = methodcalls_percentile(v, c->nrows, 95);
	free(v);
	return TV_OK;
}

uint64_t methodcalls_bucket_low(uint32_t k)
{
	static const uint64_t step[3] = {1, 2, 5};
	if (k == 0)
		return 0;
	uint64_t v = step[(k - 1) % 3];
	for (uint32_t d = (k - 1) / 3; d; d--)
		v *= 10;
	return v;
}

size_t methodcalls_bound_text(char *buf, uint64_t v)
{
	const char *unit = "us";
	if (v >= 1000000 && v % 1000000 == 0) {
		v /= 1000000;
		unit = "s";
	} else if (v >= 1000 && v % 1000 == 0) {
		v /= 1000;
		unit = "ms";
	}
	size_t n = numfmt_put_u64(buf, v);
	memcpy(buf + n, unit, strlen(unit) + 1);
	return n + strlen(unit);
}

uint32_t methodcalls_bucket_of(uint64_t usec)
{
	uint32_t k = 0;
	while (k + 1 < METHODCALLS_BUCKETS && usec >= methodcalls_bucket_low(k + 1))
		k++;
	return k;
}

void methodcalls_histogram(const struct methodcalls *c, int clock, struct methodcalls_hist *h)
{
	memset(h, 0, sizeof *h);
	h->clock = clock;
	h->first = METHODCALLS_BUCKETS;
	for (size_t i = 0; i < c->nrows; i++) {
		uint32_t k = methodcalls_bucket_of(c->rows[i].incl[clock]);
		h->count[k]++;
		if (k < h->first)
			h->first = k;
		if (k > h->last)
			h->last = k;
	}
	if (!c->nrows) {
		h->first = 1;
		h->last = 0;
	}
}
