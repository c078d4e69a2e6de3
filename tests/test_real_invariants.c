/* test_real_invariants.c: the engine on every real trace of the real-trace
 * folder. Four groups of checks, each over every top-level *.trace and every
 * streaming/ *.trace (each must load with TV_OK):
 *
 *  1. invariants of docs/numbers.md, recomputed independently from the
 *     trace's flat call arrays and compared with profile.c, over all threads
 *     and over every single thread (the per-thread profiles must sum back);
 *  2. the same with the thread filter on the busiest thread;
 *  3. damaged/ *.trace: loads with warnings (then the invariants hold) or
 *     fails with a clean error code; never crashes;
 *  4. on every dual-clock trace, the CPU axis's mapping of an instant
 *     (clockmap.h) equal to a range's cut.
 *
 * The reference outputs of Traceview and dmtracedump are compared in
 * test_real_traceview.c and test_real_dmtracedump.c.
 *
 * The folder comes from env TV_REAL_DIR or the TV_REAL_DIR macro; every test
 * skips when it is absent. A failed check names the trace and the numbers
 * and the test goes on with the other traces, failing at the end.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <inttypes.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "analyze/clockmap.h"
#include "analyze/derive.h"
#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "realtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ one trace */

/* Load-level facts: records per thread, num-method-calls, and the warnings
 * against the own replay. */
static void check_load(struct ctx *c, const struct real *r)
{
	const struct trace *tr = &r->tr;
	uint64_t sum = 0, orphans = 0, lost = 0;
	size_t len;
	const char *v;

	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		const struct rp_thread *rt = rp_find(&r->rp, th->tid);
		sum += th->records;
		CHECK(c, t == 0 || tr->threads[t - 1].tid < th->tid,
		      "threads not sorted by tid at %" PRIu32, t);
		CHECK(c, rt && rt->records == th->records,
		      "thread %" PRIu32 ": %" PRIu64 " records, replay saw %" PRIu64,
		      th->tid, th->records, rt ? rt->records : 0);
	}
	for (size_t i = 0; i < r->rp.n; i++) {
		orphans += r->rp.th[i].orphans;
		lost += r->rp.th[i].lost;
		CHECK(c, trace_find_thread(tr, r->rp.th[i].tid) != IDMAP_NONE,
		      "tid %" PRIu32 " has records but no thread", r->rp.th[i].tid);
	}
	CHECK(c, sum == tr->records, "threads hold %" PRIu64 " records, trace %" PRIu64,
	      sum, tr->records);
	v = trace_option(tr, "num-method-calls", &len);
	if (v) {
		char num[32] = "";
		if (len < sizeof num)
			memcpy(num, v, len);
		CHECK(c, strtoull(num, NULL, 10) == tr->records,
		      "num-method-calls=%s but %" PRIu64 " records", num, tr->records);
	}
	/* One orphan warning per rule-3 exit; rule 2 repairs are lost exits
	 * (the calls rule 3 closes may count there too, hence >=). */
	CHECK(c, tu_warn(tr, TV_W_ORPHAN_EXIT) == orphans,
	      "%" PRIu64 " orphan-exit warnings, replay found %" PRIu64,
	      tu_warn(tr, TV_W_ORPHAN_EXIT), orphans);
	CHECK(c, tu_warn(tr, TV_W_LOST_EXIT) >= lost,
	      "%" PRIu64 " lost-exit warnings, replay found %" PRIu64 " (rule 2)",
	      tu_warn(tr, TV_W_LOST_EXIT), lost);
}

/* ------------------------------------------- invariants of one profile */

struct mstat {
	uint64_t calls, rcalls, incl[TV_NCLOCKS], excl[TV_NCLOCKS];
};

/* Calls of one edge in two halves, [1] the "while recursive" one. */
struct half {
	uint64_t calls[2];
	uint64_t incl[2][TV_NCLOCKS];
};

/* One call as an edge: caller method (PROF_TOPLEVEL for the root). The
 * callee's parent list splits by the call's own recursion (by_callee),
 * the caller's child list by its parent call's (by_caller). */
struct pair {
	uint32_t from, to;
	struct half by_callee, by_caller;
};

static int pair_cmp(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if (x->to != y->to)
		return x->to < y->to ? -1 : 1;
	return 0;
}

struct recompute {
	const struct trace *tr;
	struct mstat *ms;
	uint32_t *active;       /* per method: open ancestors of that method */
	struct pair *pairs;
	size_t npairs;
	uint64_t top_incl[TV_NCLOCKS], top_excl[TV_NCLOCKS];
};

/* Structure checks of one call and its place in the thread. */
static void check_call(struct ctx *c, const struct recompute *rc,
                       const struct tv_thread *th, uint32_t i)
{
	uint32_t par = th->parent[i];

	CHECK(c, th->method[i] < rc->tr->nmethods, "tid %" PRIu32 " call %" PRIu32
	      ": method index %" PRIu32 " out of range", th->tid, i, th->method[i]);
	CHECK(c, par == TV_ROOT || par < i, "tid %" PRIu32 " call %" PRIu32
	      ": parent %" PRIu32 " not before it (not preorder)", th->tid, i, par);
	for (int k = 0; k < TV_NCLOCKS; k++) {
		uint64_t s, e;
		if (!rc->tr->has_clock[k])
			continue;
		s = trace_call_start(th, k, i);
		e = trace_call_end(th, k, i);
		CHECK(c, s <= e, "tid %" PRIu32 " call %" PRIu32 " clock %d: start %"
		      PRIu64 " > end %" PRIu64, th->tid, i, k, s, e);
		CHECK(c, e <= trace_thread_span(th, k), "tid %" PRIu32 " call %" PRIu32
		      " clock %d: end %" PRIu64 " after the thread span %" PRIu64,
		      th->tid, i, k, e, trace_thread_span(th, k));
		CHECK(c, i == 0 || trace_call_start(th, k, i - 1) <= s, "tid %" PRIu32
		      " call %" PRIu32 " clock %d: starts before the call before it",
		      th->tid, i, k);
		if (par != TV_ROOT && par < i)
			CHECK(c, trace_call_start(th, k, par) <= s &&
			      e <= trace_call_end(th, k, par), "tid %" PRIu32 " call %"
			      PRIu32 " clock %d: [%" PRIu64 ",%" PRIu64 "] outside parent [%"
			      PRIu64 ",%" PRIu64 "]", th->tid, i, k, s, e,
			      trace_call_start(th, k, par), trace_call_end(th, k, par));
	}
}

/* Recursion, incl, calls and edges of one thread, from the arrays alone. */
static void recompute_thread(struct ctx *c, struct recompute *rc,
                             const struct tv_thread *th)
{
	const struct trace *tr = rc->tr;
	uint64_t *childsum[TV_NCLOCKS] = {NULL, NULL};
	uint64_t rootsum[TV_NCLOCKS] = {0, 0};
	uint32_t *stack = xcalloc(th->ncalls, sizeof *stack);
	uint8_t *isrec = xcalloc(th->ncalls, 1);
	uint32_t sp = 0;

	for (int k = 0; k < TV_NCLOCKS; k++)
		childsum[k] = xcalloc(th->ncalls, sizeof *childsum[k]);
	for (uint32_t i = 0; i < th->ncalls; i++) {
		uint32_t m = th->method[i], par = th->parent[i];
		struct pair *pr;
		int rec, prec;

		check_call(c, rc, th, i);
		if (m >= tr->nmethods || (par != TV_ROOT && par >= i))
			goto out;       /* reported; the rest would read out of range */
		/* The stack holds the ancestor chain of call i. */
		while (sp > 0 && stack[sp - 1] != par)
			rc->active[th->method[stack[--sp]]]--;
		CHECK(c, par == TV_ROOT || sp > 0, "tid %" PRIu32 " call %" PRIu32
		      ": parent %" PRIu32 " is not an ancestor in array order",
		      th->tid, i, par);
		rec = rc->active[m] > 0;
		isrec[i] = (uint8_t)rec;
		prec = par != TV_ROOT && isrec[par];
		stack[sp++] = i;
		rc->active[m]++;

		pr = &rc->pairs[rc->npairs++];
		pr->from = par == TV_ROOT ? PROF_TOPLEVEL : th->method[par];
		pr->to = m;
		memset(&pr->by_callee, 0, sizeof pr->by_callee);
		memset(&pr->by_caller, 0, sizeof pr->by_caller);
		pr->by_callee.calls[rec] = 1;
		pr->by_caller.calls[prec] = 1;
		if (rec)
			rc->ms[m].rcalls++;
		else
			rc->ms[m].calls++;
		for (int k = 0; k < TV_NCLOCKS; k++) {
			uint64_t incl;
			if (!tr->has_clock[k])
				continue;
			incl = trace_call_incl(th, k, i);
			pr->by_callee.incl[rec][k] = incl;
			pr->by_caller.incl[prec][k] = incl;
			if (!rec)
				rc->ms[m].incl[k] += incl;
			if (par == TV_ROOT)
				rootsum[k] += incl;
			else
				childsum[k][par] += incl;
		}
	}
	for (uint32_t i = 0; i < th->ncalls; i++) {
		for (int k = 0; k < TV_NCLOCKS; k++) {
			uint64_t incl;
			if (!tr->has_clock[k])
				continue;
			incl = trace_call_incl(th, k, i);
			CHECK(c, childsum[k][i] <= incl, "tid %" PRIu32 " call %" PRIu32
			      " clock %d: children take %" PRIu64 " of its %" PRIu64
			      " (negative excl)", th->tid, i, k, childsum[k][i], incl);
			rc->ms[th->method[i]].excl[k] += incl - childsum[k][i];
		}
	}
	for (int k = 0; k < TV_NCLOCKS; k++) {
		uint64_t span = trace_thread_span(th, k);
		if (!tr->has_clock[k])
			continue;
		CHECK(c, rootsum[k] <= span, "tid %" PRIu32 " clock %d: top calls take %"
		      PRIu64 " of the span %" PRIu64, th->tid, k, rootsum[k], span);
		rc->top_incl[k] += span;
		rc->top_excl[k] += span - rootsum[k];
	}
out:
	while (sp > 0)
		rc->active[th->method[stack[--sp]]]--;
	for (int k = 0; k < TV_NCLOCKS; k++)
		free(childsum[k]);
	free(stack);
	free(isrec);
}

static void half_add(struct half *to, const struct half *h)
{
	for (int r = 0; r < 2; r++) {
		to->calls[r] += h->calls[r];
		for (int k = 0; k < TV_NCLOCKS; k++)
			to->incl[r][k] += h->incl[r][k];
	}
}

/* Sorts the per-call pairs and merges equal (from, to) into one edge. */
static void merge_pairs(struct recompute *rc)
{
	size_t n = 0;

	if (rc->npairs)
		qsort(rc->pairs, rc->npairs, sizeof *rc->pairs, pair_cmp);
	for (size_t i = 0; i < rc->npairs; i++) {
		if (n && pair_cmp(&rc->pairs[n - 1], &rc->pairs[i]) == 0) {
			half_add(&rc->pairs[n - 1].by_callee, &rc->pairs[i].by_callee);
			half_add(&rc->pairs[n - 1].by_caller, &rc->pairs[i].by_caller);
		} else {
			rc->pairs[n++] = rc->pairs[i];
		}
	}
	rc->npairs = n;
}

static const struct pair *find_pair(const struct recompute *rc, uint32_t from, uint32_t to)
{
	struct pair key;
	memset(&key, 0, sizeof key);
	key.from = from;
	key.to = to;
	return bsearch(&key, rc->pairs, rc->npairs, sizeof key, pair_cmp);
}

/* List l against the recomputed pairs, both halves; parents when side is
 * 0 (the edge's method is the caller), children/top otherwise. */
static void check_edges(struct ctx *c, const struct recompute *rc, const struct profile *p,
                        uint32_t m, const struct prof_list *l, int side)
{
	int sc = trace_sort_clock(rc->tr);
	struct prof_edge *e = tu_list(l), got;
	uint32_t n = l->n;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t from = side == 0 ? e[i].method : m;
		uint32_t to = side == 0 ? m : e[i].method;
		const struct pair *pr = find_pair(rc, from, to);
		const struct half *h;

		CHECK(c, pr != NULL, "edge %" PRIx32 "->%" PRIx32 " has no call", from, to);
		if (!pr)
			continue;
		h = side == 0 ? &pr->by_callee : &pr->by_caller;
		CHECK(c, h->calls[0] == e[i].calls && h->calls[1] == e[i].rcalls, "edge %"
		      PRIu32 "->%" PRIu32 " (%s): calls %" PRIu64 "+%" PRIu64 ", recomputed %"
		      PRIu64 "+%" PRIu64, from, to, side ? "child" : "parent", e[i].calls,
		      e[i].rcalls, h->calls[0], h->calls[1]);
		for (int k = 0; k < TV_NCLOCKS; k++)
			if (rc->tr->has_clock[k])
				CHECK(c, h->incl[0][k] == e[i].incl[k] && h->incl[1][k] == e[i].rincl[k],
				      "edge %" PRIu32 "->%" PRIu32 " (%s) clock %d: incl %" PRIu64 "+%"
				      PRIu64 ", recomputed %" PRIu64 "+%" PRIu64, from, to,
				      side ? "child" : "parent", k, e[i].incl[k], e[i].rincl[k],
				      h->incl[0][k], h->incl[1][k]);
		CHECK(c, i == 0 || profile_edge_cmp(rc->tr, sc, &e[i - 1], &e[i]) < 0,
		      "edges of method %" PRIu32 " not sorted at %" PRIu32, m, i);
		/* The same calls seen from the edge's other end, split otherwise. */
		if (side != 0 && to != PROF_TOPLEVEL) {
			const struct prof_method *pm = &p->methods[to];
			const struct prof_edge *back = tu_edge_to(&pm->parents, from, &got);
			CHECK(c, back && back->calls + back->rcalls == e[i].calls + e[i].rcalls,
			      "child edge %" PRIu32 "->%" PRIu32 " has %" PRIu64 " calls, parent"
			      " edge %" PRIu64, from, to, e[i].calls + e[i].rcalls,
			      back ? back->calls + back->rcalls : 0);
		}
	}
	free(e);
}

/* Per-method numbers, edge counts and order against the recomputation. */
static void compare_methods(struct ctx *c, const struct recompute *rc, const struct profile *p)
{
	const struct trace *tr = rc->tr;
	uint32_t *npar = xcalloc(tr->nmethods, sizeof *npar);
	uint32_t *nchi = xcalloc(tr->nmethods, sizeof *nchi);
	uint32_t ntop = 0, nused = 0;
	int sc = trace_sort_clock(tr);

	for (size_t i = 0; i < rc->npairs; i++) {
		const struct pair *pr = &rc->pairs[i];
		npar[pr->to]++;
		if (pr->from == PROF_TOPLEVEL)
			ntop++;
		else
			nchi[pr->from]++;
	}
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct prof_method *pm = &p->methods[m];
		const struct mstat *ms = &rc->ms[m];

		nused += ms->calls + ms->rcalls > 0;
		CHECK(c, pm->calls == ms->calls && pm->rcalls == ms->rcalls, "method %"
		      PRIu32 " (id 0x%" PRIx64 "): calls %" PRIu64 "+%" PRIu64
		      ", recomputed %" PRIu64 "+%" PRIu64, m, tr->methods[m].id,
		      pm->calls, pm->rcalls, ms->calls, ms->rcalls);
		for (int k = 0; k < TV_NCLOCKS; k++) {
			if (!tr->has_clock[k])
				continue;
			CHECK(c, pm->incl[k] == ms->incl[k], "method id 0x%" PRIx64
			      " clock %d: incl %" PRIu64 ", recomputed %" PRIu64,
			      tr->methods[m].id, k, pm->incl[k], ms->incl[k]);
			CHECK(c, pm->excl[k] == ms->excl[k], "method id 0x%" PRIx64
			      " clock %d: excl %" PRIu64 ", recomputed %" PRIu64,
			      tr->methods[m].id, k, pm->excl[k], ms->excl[k]);
		}
		CHECK(c, pm->parents.n == npar[m] && pm->children.n == nchi[m], "method id 0x%"
		      PRIx64 ": %" PRIu32 " parents %" PRIu32 " children, recomputed %"
		      PRIu32 " and %" PRIu32, tr->methods[m].id, pm->parents.n,
		      pm->children.n, npar[m], nchi[m]);
		check_edges(c, rc, p, m, &pm->parents, 0);
		check_edges(c, rc, p, m, &pm->children, 1);
	}
	CHECK(c, p->top_children.n == ntop, "%" PRIu32 " top children, recomputed %"
	      PRIu32, p->top_children.n, ntop);
	check_edges(c, rc, p, PROF_TOPLEVEL, &p->top_children, 1);

	CHECK(c, p->norder == nused, "order lists %" PRIu32 " methods, %" PRIu32
	      " have calls", p->norder, nused);
	for (uint32_t i = 0; i < p->norder && i < nused; i++) {
		uint32_t m = p->order[i];
		CHECK(c, m < tr->nmethods && rc->ms[m].calls + rc->ms[m].rcalls > 0,
		      "order[%" PRIu32 "] = %" PRIu32 " has no call", i, m);
		if (i > 0 && m < tr->nmethods && p->order[i - 1] < tr->nmethods) {
			const struct prof_method *a = &p->methods[p->order[i - 1]];
			const struct prof_method *b = &p->methods[m];
			CHECK(c, a->incl[sc] > b->incl[sc] || (a->incl[sc] == b->incl[sc] &&
			      tr->methods[p->order[i - 1]].id < tr->methods[m].id),
			      "order not by incl desc, id asc at %" PRIu32, i);
		}
	}
	free(npar);
	free(nchi);
}

/* Every invariant of profile p (over its selected threads). */
static void check_profile(struct ctx *c, const struct trace *tr, const struct profile *p)
{
	struct recompute rc;
	size_t ncalls = 0;
	uint64_t esum[TV_NCLOCKS] = {0, 0};

	memset(&rc, 0, sizeof rc);
	rc.tr = tr;
	CHECK(c, p->tr == tr, "profile borrows another trace");
	for (uint32_t k = 0; k < p->nthreads; k++) {
		CHECK(c, p->threads[k] < tr->nthreads, "selected thread %" PRIu32
		      " out of range", p->threads[k]);
		if (p->threads[k] >= tr->nthreads)
			return;
		ncalls += tr->threads[p->threads[k]].ncalls;
	}
	rc.ms = xcalloc(tr->nmethods, sizeof *rc.ms);
	rc.active = xcalloc(tr->nmethods, sizeof *rc.active);
	rc.pairs = xcalloc(ncalls, sizeof *rc.pairs);
	for (uint32_t k = 0; k < p->nthreads; k++)
		recompute_thread(c, &rc, &tr->threads[p->threads[k]]);
	merge_pairs(&rc);

	for (uint32_t m = 0; m < tr->nmethods; m++)
		for (int k = 0; k < TV_NCLOCKS; k++)
			esum[k] += p->methods[m].excl[k];
	for (int k = 0; k < TV_NCLOCKS; k++) {
		if (!tr->has_clock[k])
			continue;
		CHECK(c, esum[k] + p->top_excl[k] == p->top_incl[k], "clock %d: sum of excl %"
		      PRIu64 " + toplevel excl %" PRIu64 " != toplevel incl %" PRIu64,
		      k, esum[k], p->top_excl[k], p->top_incl[k]);
		CHECK(c, p->top_incl[k] == rc.top_incl[k], "clock %d: toplevel incl %"
		      PRIu64 ", sum of thread spans %" PRIu64, k, p->top_incl[k],
		      rc.top_incl[k]);
		CHECK(c, p->top_excl[k] == rc.top_excl[k], "clock %d: toplevel excl %"
		      PRIu64 ", recomputed %" PRIu64, k, p->top_excl[k], rc.top_excl[k]);
	}
	compare_methods(c, &rc, p);
	{
		char msg[256];
		CHECK(c, tu_check_edge_sums(p, msg, sizeof msg) == 0, "edge sums: %s", msg);
	}
	free(rc.ms);
	free(rc.active);
	free(rc.pairs);
}

/* ------------------------------------------------- per-thread profiles */

struct sums {
	uint64_t top_incl[TV_NCLOCKS], top_excl[TV_NCLOCKS];
	struct mstat *ms;
};

static void add_profile(struct sums *s, const struct trace *tr, const struct profile *p)
{
	for (int k = 0; k < TV_NCLOCKS; k++) {
		s->top_incl[k] += p->top_incl[k];
		s->top_excl[k] += p->top_excl[k];
	}
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		s->ms[m].calls += p->methods[m].calls;
		s->ms[m].rcalls += p->methods[m].rcalls;
		for (int k = 0; k < TV_NCLOCKS; k++) {
			s->ms[m].incl[k] += p->methods[m].incl[k];
			s->ms[m].excl[k] += p->methods[m].excl[k];
		}
	}
}

/* Profile of one thread: its own invariants, and it adds to s. */
static void check_one_thread(struct ctx *c, const struct trace *tr, uint32_t t,
                             struct sums *s)
{
	const struct tv_thread *th = &tr->threads[t];
	struct profile p;
	struct tv_error err;
	char what[64];
	const char *saved = c->what;

	snprintf(what, sizeof what, "thread %" PRIu32, th->tid);
	c->what = what;
	memset(&p, 0, sizeof p);
	if (profile_build(&p, tr, &th->tid, &err) != TV_OK) {
		CHECK(c, 0, "profile_build failed: %s", tv_status_str(err.code));
		c->what = saved;
		return;
	}
	CHECK(c, p.filtered && p.tid == th->tid && p.nthreads == 1 && p.threads[0] == t,
	      "filtered profile selects %" PRIu32 " threads (filtered=%d tid=%" PRIu32 ")",
	      p.nthreads, p.filtered, p.tid);
	check_profile(c, tr, &p);
	if (s)
		add_profile(s, tr, &p);
	profile_free(&p);
	c->what = saved;
}

static void check_thread_sums(struct ctx *c, const struct trace *tr, const struct profile *all)
{
	struct sums s;
	uint32_t maxtid = 0;
	struct profile p;
	struct tv_error err;

	memset(&s, 0, sizeof s);
	s.ms = xcalloc(tr->nmethods, sizeof *s.ms);
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		if (tr->threads[t].tid > maxtid)
			maxtid = tr->threads[t].tid;
		if (tr->threads[t].records > 0)
			check_one_thread(c, tr, t, &s);
	}
	c->what = "threads summed";
	for (int k = 0; k < TV_NCLOCKS; k++) {
		if (!tr->has_clock[k])
			continue;
		CHECK(c, s.top_incl[k] == all->top_incl[k] && s.top_excl[k] == all->top_excl[k],
		      "clock %d: threads sum to toplevel %" PRIu64 "/%" PRIu64 ", all %" PRIu64
		      "/%" PRIu64, k, s.top_incl[k], s.top_excl[k], all->top_incl[k],
		      all->top_excl[k]);
	}
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct prof_method *a = &all->methods[m];
		CHECK(c, s.ms[m].calls == a->calls && s.ms[m].rcalls == a->rcalls,
		      "method id 0x%" PRIx64 ": threads sum to %" PRIu64 "+%" PRIu64 " calls, all %"
		      PRIu64 "+%" PRIu64, tr->methods[m].id, s.ms[m].calls, s.ms[m].rcalls,
		      a->calls, a->rcalls);
		for (int k = 0; k < TV_NCLOCKS; k++)
			if (tr->has_clock[k])
				CHECK(c, s.ms[m].excl[k] == a->excl[k] && s.ms[m].incl[k] == a->incl[k],
				      "method id 0x%" PRIx64 " clock %d: threads sum to excl %" PRIu64
				      " incl %" PRIu64 ", all %" PRIu64 " %" PRIu64, tr->methods[m].id,
				      k, s.ms[m].excl[k], s.ms[m].incl[k], a->excl[k], a->incl[k]);
	}
	free(s.ms);
	/* A tid with no records is an error, not an empty profile. */
	if (maxtid < UINT32_MAX) {
		uint32_t none = maxtid + 1;
		memset(&p, 0, sizeof p);
		memset(&err, 0, sizeof err);
		CHECK(c, profile_build(&p, tr, &none, &err) == TV_ERR_NO_THREAD,
		      "profile of absent tid %" PRIu32 " did not fail with TV_ERR_NO_THREAD", none);
		profile_free(&p);
	}
}

/* Load, all-thread invariants and per-thread sums of one trace. */
static void check_trace_all(struct ctx *c, const char *path)
{
	struct real r;
	struct profile p;
	struct tv_error err;

	c->trace = base_name(path);
	c->what = "load";
	if (real_load(c, &r, path) == 0) {
		check_load(c, &r);
		c->what = "all threads";
		memset(&p, 0, sizeof p);
		if (profile_build(&p, &r.tr, NULL, &err) != TV_OK) {
			CHECK(c, 0, "profile_build: %s", tv_status_str(err.code));
		} else {
			CHECK(c, !p.filtered, "unfiltered profile says filtered");
			check_profile(c, &r.tr, &p);
			check_thread_sums(c, &r.tr, &p);
			profile_free(&p);
		}
	}
	real_free(&r);
}

static void test_invariants(void **state)
{
	struct ctx c = {NULL, NULL, 0};
	size_t n;
	char **v = (real_dir_or_skip(), tu_real_traces(&n));

	(void)state;
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++)
		check_trace_all(&c, v[i]);
	print_message("invariants checked on %zu real traces (all threads and each thread)\n", n);
	tu_free_list(v, n);
	assert_int_equal(c.fails, 0);
}

/* The thread with the most records. */
static uint32_t busiest_thread(const struct trace *tr)
{
	uint32_t best = 0;
	for (uint32_t t = 1; t < tr->nthreads; t++)
		if (tr->threads[t].records > tr->threads[best].records)
			best = t;
	return best;
}

static void test_busiest_thread(void **state)
{
	struct ctx c = {NULL, NULL, 0};
	size_t n;
	char **v = (real_dir_or_skip(), tu_real_traces(&n));

	(void)state;
	for (size_t i = 0; i < n; i++) {
		struct real r;
		c.trace = base_name(v[i]);
		c.what = "load";
		if (real_load(&c, &r, v[i]) == 0 && r.tr.nthreads > 0)
			check_one_thread(&c, &r.tr, busiest_thread(&r.tr), NULL);
		real_free(&r);
	}
	print_message("busiest thread of %zu real traces checked alone\n", n);
	tu_free_list(v, n);
	assert_int_equal(c.fails, 0);
}

/* Damaged files: TV_OK with at least one warning (and then the invariants
 * hold), or a clean error. */
static void test_damaged(void **state)
{
	const char *dir = real_dir_or_skip();
	char *ddir = tu_path(dir, "damaged");
	struct ctx c = {NULL, "damaged", 0};
	size_t n;
	char **v = tu_list_traces(ddir, &n);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		struct trace tr;
		struct tv_error err;
		char errfile[1024] = "";
		enum tv_status st;

		c.trace = base_name(v[i]);
		trace_init(&tr);
		memset(&err, 0, sizeof err);
		st = load_file(&tr, v[i], &err, errfile, sizeof errfile);
		if (st == TV_OK) {
			struct profile p;
			CHECK(&c, tv_warnings_kinds(&tr.warnings) > 0, "loaded with no warning");
			memset(&p, 0, sizeof p);
			if (profile_build(&p, &tr, NULL, &err) == TV_OK) {
				check_profile(&c, &tr, &p);
				profile_free(&p);
			}
			print_message("%s: loaded with %zu kinds of warnings\n", c.trace,
			              tv_warnings_kinds(&tr.warnings));
		} else {
			char msg[256];
			CHECK(&c, st > TV_OK && st < TV_STATUS_COUNT && err.code == st,
			      "status %d, err.code %d", (int)st, (int)err.code);
			CHECK(&c, errfile[0] != '\0', "no file named for the error");
			tv_error_format(&err, msg, sizeof msg);
			print_message("%s: rejected: %s\n", c.trace, msg);
		}
		trace_free(&tr);
	}
	print_message("%zu damaged traces tried\n", n);
	tu_free_list(v, n);
	free(ddir);
	assert_int_equal(c.fails, 0);
}

/* ------------------------------------------------------------ the CPU axis */

/* The CPU axis's mapping of an instant (clockmap.h) is the range's cut
 * (derive.c) on every real dual-clock trace: a range from t to the end
 * moves each thread's first wall time to t and its first CPU time to the
 * CPU it had used by then, interpolated between its records. Eight
 * instants over each trace's axis, every thread whose span holds one. */
static void check_clockmap_cuts(struct ctx *c, const struct trace *tr)
{
	uint64_t origin = derive_axis_origin(tr), span = derive_axis_end(tr);
	for (uint64_t k = 1; k <= 8; k++) {
		struct range r = {1, 0, span * k / 9, 0, 0};
		struct derive_step st;
		struct trace view;
		struct tv_error err;
		assert_int_equal(derive_step_range(&r, &st), 0);
		assert_int_equal(derive_build(&view, tr, &st, 1, NULL, &err), TV_OK);
		uint64_t at = origin + r.start;
		for (uint32_t t = 0; t < tr->nthreads; t++) {
			const struct tv_thread *th = &tr->threads[t];
			if (!th->records || th->first[TV_WALL] >= at || th->last[TV_WALL] < at)
				continue;
			CHECK(c, view.threads[t].first[TV_WALL] == at, "thread %u: range starts at %" PRIu64,
			      (unsigned)th->tid, view.threads[t].first[TV_WALL]);
			CHECK(c, clockmap_at(th, TV_WALL, at) == view.threads[t].first[TV_CPU],
			      "thread %u at wall %" PRIu64 ": clockmap %" PRIu64 ", range cut %" PRIu64,
			      (unsigned)th->tid, at, clockmap_at(th, TV_WALL, at),
			      view.threads[t].first[TV_CPU]);
		}
		trace_free(&view);
		derive_step_free(&st);
	}
}

static void test_clockmap_cuts(void **state)
{
	struct ctx c = {NULL, "clockmap", 0};
	size_t n, dual = 0;
	char **v = (real_dir_or_skip(), tu_real_traces(&n));

	(void)state;
	for (size_t i = 0; i < n; i++) {
		struct trace tr;
		struct tv_error err;
		char errfile[1024] = "";
		c.trace = base_name(v[i]);
		trace_init(&tr);
		if (load_file(&tr, v[i], &err, errfile, sizeof errfile) == TV_OK &&
		    tr.has_clock[TV_CPU] && tr.has_clock[TV_WALL]) {
			check_clockmap_cuts(&c, &tr);
			dual++;
		}
		trace_free(&tr);
	}
	print_message("CPU-axis mapping checked against range cuts on %zu dual-clock traces\n", dual);
	tu_free_list(v, n);
	assert_true(dual > 0);
	assert_int_equal(c.fails, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_invariants),
		cmocka_unit_test(test_busiest_thread),
		cmocka_unit_test(test_damaged),
		cmocka_unit_test(test_clockmap_cuts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
