/* timeline.c: time-range queries over a trace's calls (see timeline.h). */
#include "analyze/timeline.h"

#include "analyze/clockmap.h"
#include "model/callwalk.h"

#include <stdlib.h>
#include <string.h>

/* A cell in which at most this many calls start is resolved exactly. */
#define TIMELINE_EXACT_MAX 24
/* How many of the innermost covering calls an exact cell looks at. */
#define TIMELINE_CHAIN_MAX 32
/* Sample points per crowded cell. */
#define TIMELINE_SAMPLES 16

/* Scratch of the index's build, one entry a method. */
struct timeline_scratch {
	uint32_t *active;   /* open calls on the path */
	uint32_t *last;     /* thread index + 1 of the method's latest run */
	uint32_t *pos;      /* its calls: count, then the fill's cursor */
	uint8_t *outer;     /* the thread's outermost calls, a bit each */
};

/* One thread's calls in preorder, keeping the path from the root: a call
 * is outermost when its method is not already on the path. Counts them
 * per method, and the method's runs (threads with one), and marks them
 * in outer[] (one bit per call). */
static void timeline_outermost(struct timeline *tl, uint32_t t, struct timeline_scratch *x,
                               struct callwalk *w)
{
	const struct tv_thread *th = &tl->tr->threads[t];
	callwalk_init(w, th);
	uint32_t i;
	for (int step; (step = callwalk_next(w, &i)) != CALLWALK_DONE;) {
		uint32_t m = th->method[i];
		if (step == CALLWALK_LEAVE) {
			x->active[m]--;
			continue;
		}
		if (x->active[m]++)
			continue;
		x->pos[m]++;
		if (x->last[m] != t + 1) {
			x->last[m] = t + 1;
			tl->by_method[m + 1]++;
		}
		x->outer[i >> 3] |= (uint8_t)(1u << (i & 7));
	}
}

/* Thread t's outermost calls (marked in x->outer) into their methods'
 * runs, a run opened at a method's first call on t. */
static void timeline_fill(struct timeline *tl, uint32_t t, struct timeline_scratch *x)
{
	const struct tv_thread *th = &tl->tr->threads[t];
	for (uint32_t i = 0; i < th->ncalls; i++) {
		if (!(x->outer[i >> 3] & (1u << (i & 7))))
			continue;
		uint32_t m = th->method[i];
		if (x->last[m] != t + 1) {
			x->last[m] = t + 1;
			tl->runs[x->active[m]++] = (struct timeline_run){t, x->pos[m]};
		}
		tl->calls[x->pos[m]++] = i;
	}
}

/* The runs and calls arrays, once x->pos counts each method's calls and
 * by_method its runs: both made starts (prefix sums), the cursors of the
 * fill set (x->active: the next run; x->pos: the next call). */
static int timeline_alloc(struct timeline *tl, struct timeline_scratch *x)
{
	uint32_t n = tl->tr->nmethods, total = 0;
	for (uint32_t m = 0; m < n; m++) {
		tl->by_method[m + 1] += tl->by_method[m];
		uint32_t c = x->pos[m];
		x->pos[m] = total;
		total += c;
		x->active[m] = tl->by_method[m];
		x->last[m] = 0;
	}
	uint32_t nruns = tl->by_method[n];
	tl->runs = malloc(((size_t)nruns + 1) * sizeof *tl->runs);
	tl->calls = malloc((size_t)(total ? total : 1) * sizeof *tl->calls);
	if (!tl->runs || !tl->calls)
		return -1;
	tl->runs[nruns] = (struct timeline_run){TL_NONE, total};   /* the last run's end */
	return 0;
}

/* Every thread's outermost calls, counted, then sorted by method (a
 * counting sort): each method's calls end up by thread (a run each), in
 * preorder, which is time order within a thread. Two walks of the calls,
 * the second over a bitset; 4 bytes an outermost call, 8 a run. */
static int timeline_index(struct timeline *tl)
{
	const struct trace *tr = tl->tr;
	size_t n = (size_t)tr->nmethods + 1;
	struct timeline_scratch x = {calloc(n, sizeof *x.active), calloc(n, sizeof *x.last),
	                             calloc(n, sizeof *x.pos), NULL};
	uint8_t **outer = calloc((size_t)tr->nthreads + 1, sizeof *outer);
	struct callwalk walk;
	int rc = x.active && x.last && x.pos && outer ? 0 : -1;
	for (uint32_t t = 0; rc == 0 && t < tr->nthreads; t++) {
		x.outer = outer[t] = calloc((size_t)tr->threads[t].ncalls / 8 + 1, 1);
		if (!x.outer)
			rc = -1;
		else
			timeline_outermost(tl, t, &x, &walk);
	}
	if (rc == 0)
		rc = timeline_alloc(tl, &x);
	for (uint32_t t = 0; rc == 0 && t < tr->nthreads; t++) {
		x.outer = outer[t];
		timeline_fill(tl, t, &x);
	}
	for (uint32_t t = 0; outer && t < tr->nthreads; t++)
		free(outer[t]);
	free(outer);
	free(x.active);
	free(x.last);
	free(x.pos);
	return rc;
}

enum tv_status timeline_build(struct timeline *tl, const struct trace *tr,
                              struct tv_error *err)
{
	memset(tl, 0, sizeof *tl);
	tl->tr = tr;
	tl->clock = tr->has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	int any = 0;
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		if (!th->records)
			continue;
		if (!any || th->first[tl->clock] < tl->begin)
			tl->begin = th->first[tl->clock];
		if (!any || th->last[tl->clock] > tl->end)
			tl->end = th->last[tl->clock];
		any = 1;
	}
	tl->by_method = calloc((size_t)tr->nmethods + 1, sizeof *tl->by_method);
	if (!tl->by_method || timeline_index(tl) < 0) {
		timeline_free(tl);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	return TV_OK;
}

void timeline_free(struct timeline *tl)
{
	free(tl->by_method);
	free(tl->runs);
	free(tl->calls);
	tl->by_method = NULL;
	tl->runs = NULL;
	tl->calls = NULL;
}

int timeline_cpu_axis(struct timeline *cpu, const struct timeline *wall)
{
	const struct trace *tr = wall->tr;
	if (wall->clock != TV_WALL || !tr->has_clock[TV_CPU])
		return -1;
	*cpu = *wall;
	cpu->clock = TV_CPU;
	cpu->aligned = 1;
	cpu->end = cpu->begin;
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		if (th->records && cpu->begin + trace_thread_span(th, TV_CPU) > cpu->end)
			cpu->end = cpu->begin + trace_thread_span(th, TV_CPU);
	}
	return 0;
}

/* Where a thread's times count from on the axis. */
static uint64_t timeline_origin(const struct timeline *tl, const struct tv_thread *th)
{
	return tl->aligned ? tl->begin : th->first[tl->clock];
}

uint64_t timeline_map(const struct timeline *from, const struct timeline *to, uint32_t thread,
                      uint64_t t)
{
	const struct tv_thread *th = &from->tr->threads[thread];
	uint64_t o = timeline_origin(from, th), rel = t > o ? t - o : 0;
	uint64_t v = th->first[from->clock] + rel;
	if (from->clock != to->clock)
		v = clockmap_at(th, from->clock, v);
	return timeline_origin(to, th) + (v - th->first[to->clock]);
}

uint64_t timeline_call_start(const struct timeline *tl, uint32_t thread, uint32_t call)
{
	const struct tv_thread *th = &tl->tr->threads[thread];
	return timeline_origin(tl, th) + trace_call_start(th, tl->clock, call);
}

uint64_t timeline_call_end(const struct timeline *tl, uint32_t thread, uint32_t call)
{
	const struct tv_thread *th = &tl->tr->threads[thread];
	return timeline_origin(tl, th) + trace_call_end(th, tl->clock, call);
}

/* Relative time of t on a thread, clamped below at 0. */
static uint64_t timeline_rel(const struct timeline *tl, const struct tv_thread *th, uint64_t t)
{
	uint64_t first = timeline_origin(tl, th);
	return t > first ? t - first : 0;
}

static uint32_t timeline_innermost(const struct tv_thread *th, int clock, uint64_t rel)
{
	/* The last call starting at or before rel; the call covering rel, if
	 * any, is it or one of its ancestors (later siblings start later). */
	uint32_t i = clockmap_lower(th, clock, rel + 1);
	if (i == 0)
		return TL_NONE;
	i--;
	while (i != TV_ROOT && trace_call_end(th, clock, i) <= rel)
		i = th->parent[i];
	return i == TV_ROOT ? TL_NONE : i;
}

uint32_t timeline_call_at(const struct timeline *tl, uint32_t thread, uint64_t t)
{
	const struct tv_thread *th = &tl->tr->threads[thread];
	uint64_t o = timeline_origin(tl, th);
	if (!th->ncalls || t < o)
		return TL_NONE;
	return timeline_innermost(th, tl->clock, t - o);
}

uint32_t timeline_depth(const struct timeline *tl, uint32_t thread, uint32_t call)
{
	const uint32_t *parent = tl->tr->threads[thread].parent;
	uint32_t d = 0;
	while (parent[call] != TV_ROOT) {
		call = parent[call];
		d++;
	}
	return d;
}

static uint64_t timeline_overlap(uint64_t s, uint64_t e, uint64_t a, uint64_t b)
{
	uint64_t lo = s > a ? s : a, hi = e < b ? e : b;
	return hi > lo ? hi - lo : 0;
}

struct timeline_item {
	uint32_t call;
	uint64_t own;    /* overlap with the cell, less its children's */
};

/* Exact dominant method of [a, b) (relative times), calls lo..hi-1 start
 * inside it. */
static uint32_t timeline_cell_exact(const struct tv_thread *th, int clock, uint64_t a, uint64_t b,
                                    uint32_t lo, uint32_t hi)
{
	struct timeline_item it[TIMELINE_CHAIN_MAX + TIMELINE_EXACT_MAX];
	int n = 0;
	/* The chain covering a, innermost first, then reversed to outer first. */
	uint32_t c = timeline_innermost(th, clock, a);
	for (; c != TL_NONE && n < TIMELINE_CHAIN_MAX; c = th->parent[c])
		if (trace_call_start(th, clock, c) < a)  /* else it is in lo..hi */
			it[n++].call = c;
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		struct timeline_item tmp = it[i];
		it[i] = it[j];
		it[j] = tmp;
	}
	for (uint32_t i = lo; i < hi; i++)
		it[n++].call = i;
	for (int k = 0; k < n; k++)
		it[k].own = timeline_overlap(trace_call_start(th, clock, it[k].call),
		                             trace_call_end(th, clock, it[k].call), a, b);
	/* The items are in preorder: a stack finds each one's parent. */
	int stack[TIMELINE_CHAIN_MAX + TIMELINE_EXACT_MAX], sp = 0;
	for (int k = 0; k < n; k++) {
		uint32_t parent = th->parent[it[k].call];
		int q = sp - 1;
		while (q >= 0 && it[stack[q]].call != parent)
			q--;
		if (q >= 0) {  /* not found: an ancestor cut off the chain */
			struct timeline_item *p = &it[stack[q]];
			p->own -= it[k].own < p->own ? it[k].own : p->own;
			sp = q + 1;
		}
		stack[sp++] = k;
	}
	/* Sum per method; the best total wins, the innermost on ties. */
	uint32_t best = TL_NONE;
	uint64_t best_t = 0;
	for (int k = n - 1; k >= 0; k--) {
		uint32_t m = th->method[it[k].call];
		uint64_t tot = 0;
		for (int j = 0; j < n; j++)
			if (th->method[it[j].call] == m)
				tot += it[j].own;
		if (tot > best_t) {
			best_t = tot;
			best = m;
		}
	}
	return best;
}

/* Majority of the methods under TIMELINE_SAMPLES points of [a, b). */
static uint32_t timeline_cell_sampled(const struct tv_thread *th, int clock, uint64_t a, uint64_t b)
{
	uint32_t ms[TIMELINE_SAMPLES];
	int n = 0;
	for (int s = 0; s < TIMELINE_SAMPLES; s++) {
		uint64_t t = a + (b - a) * (uint64_t)(2 * s + 1) / (2 * TIMELINE_SAMPLES);
		uint32_t c = timeline_innermost(th, clock, t);
		if (c != TL_NONE)
			ms[n++] = th->method[c];
	}
	uint32_t best = TL_NONE;
	int best_n = 0;
	for (int i = 0; i < n; i++) {
		int k = 0;
		for (int j = 0; j < n; j++)
			k += ms[j] == ms[i];
		if (k > best_n) {
			best_n = k;
			best = ms[i];
		}
	}
	return best;
}

/* Bounds of cell c of ncols over [t0, t1). */
static uint64_t timeline_edge(uint64_t t0, uint64_t t1, uint32_t c, uint32_t ncols)
{
	uint64_t span = t1 - t0;
	if (span < (UINT64_C(1) << 40))
		return t0 + span * c / ncols;
	return t0 + (uint64_t)((double)span * c / ncols);
}

void timeline_cells(const struct timeline *tl, uint32_t thread, uint64_t t0, uint64_t t1,
                    uint32_t ncols, uint32_t *out)
{
	const struct tv_thread *th = &tl->tr->threads[thread];
	int clk = tl->clock;
	uint64_t first = timeline_origin(tl, th), last = first + trace_thread_span(th, clk);
	for (uint32_t c = 0; c < ncols; c++) {
		uint64_t a = timeline_edge(t0, t1, c, ncols), b = timeline_edge(t0, t1, c + 1,
		                                                                ncols);
		out[c] = TL_NONE;
		if (b <= a)
			b = a + 1;
		if (!th->ncalls || b <= first || a >= last)
			continue;
		uint64_t ra = timeline_rel(tl, th, a), rb = timeline_rel(tl, th, b);
		uint32_t lo = clockmap_lower(th, clk, ra), hi = clockmap_lower(th, clk, rb);
		if (hi - lo <= TIMELINE_EXACT_MAX)
			out[c] = timeline_cell_exact(th, clk, ra, rb, lo, hi);
		else
			out[c] = timeline_cell_sampled(th, clk, ra, rb);
	}
}

/* The thread's CPU clock (µs since its first CPU time) at wall time rel
 * (µs since its first wall time): linear between the events around rel,
 * the last event before it (an entry, or the exit of the latest call to
 * end) and the first after it (the next entry, or the exit of the call
 * running). Flat before the first event and after the last. */
static double timeline_cpu_at(const struct tv_thread *th, uint64_t rel)
{
	uint32_t k = clockmap_lower(th, TV_WALL, rel + 1), c = TV_ROOT, prev = TL_NONE;
	if (k == 0)
		return (double)trace_call_start(th, TV_CPU, 0);
	for (c = k - 1; c != TV_ROOT && trace_call_end(th, TV_WALL, c) <= rel; c = th->parent[c])
		prev = c;
	uint64_t w0, w1;
	double c0, c1;
	if (prev != TL_NONE) {
		w0 = trace_call_end(th, TV_WALL, prev);
		c0 = (double)trace_call_end(th, TV_CPU, prev);
	} else {
		w0 = trace_call_start(th, TV_WALL, c);
		c0 = (double)trace_call_start(th, TV_CPU, c);
	}
	if (k < th->ncalls && (c == TV_ROOT || trace_call_start(th, TV_WALL, k) <
	                                           trace_call_end(th, TV_WALL, c))) {
		w1 = trace_call_start(th, TV_WALL, k);
		c1 = (double)trace_call_start(th, TV_CPU, k);
	} else if (c != TV_ROOT) {
		w1 = trace_call_end(th, TV_WALL, c);
		c1 = (double)trace_call_end(th, TV_CPU, c);
	} else {
		return c0;
	}
	if (w1 <= w0 || c1 <= c0)
		return c0;
	return c0 + (c1 - c0) * (double)(rel - w0) / (double)(w1 - w0);
}

int timeline_offcpu(const struct timeline *tl, uint32_t thread, uint64_t t0, uint64_t t1,
                    uint32_t ncols, uint8_t *out)
{
	const struct tv_thread *th = &tl->tr->threads[thread];
	memset(out, 0, ncols);
	if (tl->clock != TV_WALL || !tl->tr->has_clock[TV_CPU] || !th->ncalls)
		return tl->clock == TV_WALL && tl->tr->has_clock[TV_CPU];
	uint64_t a = timeline_edge(t0, t1, 0, ncols);
	double ca = (double)timeline_cpu_at(th, timeline_rel(tl, th, a));
	for (uint32_t x = 0; x < ncols; x++) {
		uint64_t b = timeline_edge(t0, t1, x + 1, ncols);
		double cb = timeline_cpu_at(th, timeline_rel(tl, th, b));
		uint64_t ra = timeline_rel(tl, th, a), rb = timeline_rel(tl, th, b);
		out[x] = rb > ra && (cb - ca) * 2 < (double)(rb - ra);
		a = b;
		ca = cb;
	}
	return 1;
}

/* The calls of method on thread: calls[*lo, *hi) (empty when none). */
static void timeline_thread_range(const struct timeline *tl, uint32_t method, uint32_t thread,
                                  uint32_t *lo, uint32_t *hi)
{
	uint32_t a = tl->by_method[method], end = tl->by_method[method + 1], b = end;
	while (a < b) {
		uint32_t mid = a + (b - a) / 2;
		if (tl->runs[mid].thread < thread)
			a = mid + 1;
		else
			b = mid;
	}
	*lo = *hi = 0;
	if (a < end && tl->runs[a].thread == thread) {
		*lo = tl->runs[a].start;
		*hi = tl->runs[a + 1].start;
	}
}

/* First index in calls[lo, hi) (one thread's) whose start is >= t. */
static uint32_t timeline_ref_lower(const struct timeline *tl, uint32_t thread, uint32_t lo,
                                   uint32_t hi, uint64_t t)
{
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (timeline_call_start(tl, thread, tl->calls[mid]) < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

uint32_t timeline_method_ncalls(const struct timeline *tl, uint32_t method)
{
	if (method >= tl->tr->nmethods)
		return 0;
	return tl->runs[tl->by_method[method + 1]].start - tl->runs[tl->by_method[method]].start;
}

struct tl_ref timeline_method_call(const struct timeline *tl, uint32_t method, uint32_t k)
{
	uint32_t a = tl->by_method[method], b = tl->by_method[method + 1];
	uint32_t at = tl->runs[a].start + k;
	while (b - a > 1) {   /* the run r with runs[r].start <= at */
		uint32_t mid = a + (b - a) / 2;
		if (tl->runs[mid].start <= at)
			a = mid;
		else
			b = mid;
	}
	return (struct tl_ref){tl->runs[a].thread, tl->calls[at]};
}

void timeline_marks(const struct timeline *tl, uint32_t thread, uint32_t method,
                    uint64_t t0, uint64_t t1, uint32_t ncols, uint8_t *out)
{
	memset(out, 0, ncols);
	uint32_t lo, hi;
	if (method >= tl->tr->nmethods || t1 <= t0 || !ncols)
		return;
	timeline_thread_range(tl, method, thread, &lo, &hi);
	/* Outermost calls of a method are disjoint and sorted by start and
	 * end alike: a cell is marked when the last one starting before the
	 * cell's end is still running at the cell's start. */
	for (uint32_t c = 0; c < ncols && lo < hi; c++) {
		uint64_t a = timeline_edge(t0, t1, c, ncols), b = timeline_edge(t0, t1, c + 1,
		                                                                ncols);
		if (b <= a)
			b = a + 1;
		uint32_t k = timeline_ref_lower(tl, thread, lo, hi, b);
		if (k > lo && timeline_call_end(tl, thread, tl->calls[k - 1]) > a)
			out[c] = 1;
	}
}

int timeline_step(const struct timeline *tl, uint32_t method, uint64_t t, int dir,
                  struct tl_ref *ref)
{
	int found = 0;
	if (dir > 0 && t == UINT64_MAX)
		return -1;  /* nothing starts after the end of time */
	if (method >= tl->tr->nmethods)
		return -1;
	uint64_t best = 0;
	for (uint32_t r = tl->by_method[method]; r < tl->by_method[method + 1]; r++) {
		uint32_t thread = tl->runs[r].thread, a = tl->runs[r].start, b = tl->runs[r + 1].start;
		uint32_t k = timeline_ref_lower(tl, thread, a, b, dir > 0 ? t + 1 : t);
		uint32_t pick = dir > 0 ? k : (k > a ? k - 1 : b);
		if (pick < b) {
			uint64_t s = timeline_call_start(tl, thread, tl->calls[pick]);
			if (!found || (dir > 0 ? s < best : s > best)) {
				best = s;
				*ref = (struct tl_ref){thread, tl->calls[pick]};
				found = 1;
			}
		}
	}
	return found ? 0 : -1;
}
