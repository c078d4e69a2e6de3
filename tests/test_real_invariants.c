/* test_real.c: the engine on every real trace of the real-trace folder.
 *
 * Four groups of checks, each over every top-level *.trace and every
 * streaming/ *.trace (each must load with TV_OK):
 *
 *  1. invariants of docs/numbers.md, recomputed independently from the
 *     trace's flat call arrays and compared with profile.c, over all threads
 *     and over every single thread (the per-thread profiles must sum back);
 *  2. the same with the thread filter on the busiest thread;
 *  3. damaged/ *.trace: loads with warnings (then the invariants hold) or
 *     fails with a clean error code; never crashes;
 *  4. reference outputs of Traceview and dmtracedump (reference/ *.txt.gz,
 *     read through "gzip -dc", skipped when gzip is missing), compared
 *     where their semantics and ours agree (what is not compared, and why:
 *     see tv_compare() and the dmtracedump part).
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
#include "testutil.h"
#include "write/report.h"

/* ------------------------------------------------------------ checking */

/* A failed check is reported and counted, not fatal: one engine bug should
 * not hide what the other traces say. */
struct ctx {
	const char *trace;      /* file name, for messages */
	const char *what;       /* "all threads", "thread 12", ... */
	unsigned fails;
};

#define CHECK(c, cond, ...) \
	do { if (!(cond)) check_failed((c), __LINE__, __VA_ARGS__); } while (0)

static void check_failed(struct ctx *c, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static void check_failed(struct ctx *c, int line, const char *fmt, ...)
{
	if (c->fails++ < 40) {
		va_list ap;
		print_error("FAIL %s [%s] (test_real.c:%d): ", c->trace,
		            c->what ? c->what : "", line);
		va_start(ap, fmt);
		vprint_error(fmt, ap);
		va_end(ap);
		print_error("\n");
	}
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	assert_non_null(p);
	return p;
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	assert_non_null(p);
	return p;
}

static char *xstrdup(const char *s)
{
	char *d = strdup(s);
	assert_non_null(d);
	return d;
}

/* ------------------------------------------------------------ the files */

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ------------------------------------------------------ an own replay
 *
 * A replay of the records independent of replay.c, only to learn per thread
 * how many exits were orphans (docs/numbers.md, "The call tree") and how many
 * calls lost their exit (rule 2): the reference tools treat those cases
 * differently, so they decide what can be compared.
 */
struct rp_thread {
	uint32_t tid;
	uint64_t *stack;        /* open method ids */
	size_t n, cap;
	uint64_t records, orphans, lost;
};

struct replay {
	struct rp_thread *th;
	size_t n, cap;
};

static struct rp_thread *rp_find(const struct replay *r, uint32_t tid)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->th[i].tid == tid)
			return &r->th[i];
	return NULL;
}

static struct rp_thread *rp_get(struct replay *r, uint32_t tid)
{
	struct rp_thread *t = rp_find(r, tid);

	if (t)
		return t;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		r->th = xrealloc(r->th, r->cap * sizeof *r->th);
	}
	t = &r->th[r->n++];
	memset(t, 0, sizeof *t);
	t->tid = tid;
	return t;
}

static void rp_exit(struct rp_thread *t, uint64_t id)
{
	for (size_t k = t->n; k-- > 0;) {
		if (t->stack[k] == id) {
			t->lost += t->n - 1 - k;
			t->n = k;
			return;
		}
	}
	t->orphans++;
	t->n = 0;
}

static int rp_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0,
                     uint64_t t1, uint64_t offset)
{
	struct rp_thread *t = rp_get(ctx, tid);
	uint64_t id = word & ~(uint64_t)3;

	(void)t0;
	(void)t1;
	(void)offset;
	t->records++;
	switch (word & 3) {
	case 0:
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 64;
			t->stack = xrealloc(t->stack, t->cap * sizeof *t->stack);
		}
		t->stack[t->n++] = id;
		break;
	case 1:
	case 2:
		rp_exit(t, id);
		break;
	default:
		break;
	}
	return 0;
}

static void rp_free(struct replay *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->th[i].stack);
	free(r->th);
	memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------ one trace */

struct real {
	const char *path, *name;
	struct trace tr;
	struct replay rp;
};

/* Loads path into r (TV_OK asserted through c) and replays it. Returns 0
 * when the trace is usable. */
static int real_load(struct ctx *c, struct real *r, const char *path)
{
	struct tv_error err;
	char errfile[1024] = "";
	enum tv_status st;
	uint8_t *buf;
	size_t len;

	memset(r, 0, sizeof *r);
	r->path = path;
	r->name = base_name(path);
	trace_init(&r->tr);
	memset(&err, 0, sizeof err);
	st = load_file(&r->tr, path, &err, errfile, sizeof errfile);
	if (st != TV_OK) {
		char msg[256];
		tv_error_format(&err, msg, sizeof msg);
		CHECK(c, 0, "load_file: %s (%s)", msg, errfile);
		return -1;
	}
	if (tu_read_file(path, &buf, &len) == 0) {
		struct sink s;
		memset(&s, 0, sizeof s);
		s.ctx = &r->rp;
		s.record = rp_record;
		st = load_scan(buf, len, &s, &err);
		CHECK(c, st == TV_OK, "load_scan with a record-only sink: %s",
		      tv_status_str(st));
		free(buf);
	}
	return 0;
}

static void real_free(struct real *r)
{
	trace_free(&r->tr);
	rp_free(&r->rp);
}

static uint64_t warn_count(const struct trace *tr, enum tv_warn k)
{
	return tr->warnings.count[k];
}

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
	CHECK(c, warn_count(tr, TV_W_ORPHAN_EXIT) == orphans,
	      "%" PRIu64 " orphan-exit warnings, replay found %" PRIu64,
	      warn_count(tr, TV_W_ORPHAN_EXIT), orphans);
	CHECK(c, warn_count(tr, TV_W_LOST_EXIT) >= lost,
	      "%" PRIu64 " lost-exit warnings, replay found %" PRIu64 " (rule 2)",
	      warn_count(tr, TV_W_LOST_EXIT), lost);
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

static const struct prof_edge *find_edge(const struct prof_edge *e, uint32_t n, uint32_t m)
{
	for (uint32_t i = 0; i < n; i++)
		if (e[i].method == m)
			return &e[i];
	return NULL;
}

/* edges[0..n) against the recomputed pairs, both halves; parents when
 * side is 0 (the edge's method is the caller), children/top otherwise. */
static void check_edges(struct ctx *c, const struct recompute *rc, const struct profile *p,
                        uint32_t m, const struct prof_edge *e, uint32_t n, int side)
{
	int sc = trace_sort_clock(rc->tr);

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
			const struct prof_edge *back = find_edge(pm->parents, pm->nparents, from);
			CHECK(c, back && back->calls + back->rcalls == e[i].calls + e[i].rcalls,
			      "child edge %" PRIu32 "->%" PRIu32 " has %" PRIu64 " calls, parent"
			      " edge %" PRIu64, from, to, e[i].calls + e[i].rcalls,
			      back ? back->calls + back->rcalls : 0);
		}
	}
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
		CHECK(c, pm->nparents == npar[m] && pm->nchildren == nchi[m], "method id 0x%"
		      PRIx64 ": %" PRIu32 " parents %" PRIu32 " children, recomputed %"
		      PRIu32 " and %" PRIu32, tr->methods[m].id, pm->nparents,
		      pm->nchildren, npar[m], nchi[m]);
		check_edges(c, rc, p, m, pm->parents, pm->nparents, 0);
		check_edges(c, rc, p, m, pm->children, pm->nchildren, 1);
	}
	CHECK(c, p->ntop_children == ntop, "%" PRIu32 " top children, recomputed %"
	      PRIu32, p->ntop_children, ntop);
	check_edges(c, rc, p, PROF_TOPLEVEL, p->top_children, p->ntop_children, 1);

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

static const char *real_dir_or_skip(void)
{
	const char *dir = tu_real_dir();
	if (!dir) {
		print_message("real-trace folder absent: skipped\n");
		skip();
	}
	return dir;
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

/* --------------------------------------------------- reference outputs */

/* Lines of a gzipped file, through gzip (no zlib dependency). NULL when
 * the file or gzip is missing. */
static char **read_gz_lines(const char *path, size_t *n)
{
	char cmd[4200];
	FILE *f;
	char *line = NULL;
	size_t cap = 0, vcap = 0;
	ssize_t len;
	char **v = NULL;
	struct stat sb;

	*n = 0;
	if (stat(path, &sb) != 0 || strchr(path, '\'') || strlen(path) > 4000)
		return NULL;
	snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
	f = popen(cmd, "r");
	if (!f)
		return NULL;
	while ((len = getline(&line, &cap, f)) >= 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (*n == vcap) {
			vcap = vcap ? 2 * vcap : 1024;
			v = xrealloc(v, vcap * sizeof *v);
		}
		v[(*n)++] = xstrdup(line);
	}
	free(line);
	if (pclose(f) != 0 || *n == 0) {
		tu_free_list(v, *n);
		*n = 0;
		return NULL;
	}
	return v;
}

static int have_gzip(void)
{
	return system("gzip --version >/dev/null 2>&1") == 0;
}

/* Appends len bytes; with ascii set, each byte >= 0x80 becomes U+FFFD, as
 * Traceview's US-ASCII reader of the key section makes it. */
static char *put_bytes(char *d, const char *s, size_t len, int ascii)
{
	for (size_t i = 0; i < len; i++) {
		if (ascii && (unsigned char)s[i] >= 0x80) {
			memcpy(d, "\xEF\xBF\xBD", 3);
			d += 3;
		} else {
			*d++ = s[i];
		}
	}
	return d;
}

/* "class.name sig" as both tools print a method (NULL when a part is
 * missing); malloc'd. ascii: as Traceview prints it (see put_bytes). */
static char *method_fullname(const struct trace *tr, uint32_t m, int ascii)
{
	const struct tv_method *me = &tr->methods[m];
	char *s, *d;

	if (!me->declared || !tv_str_present(me->cls) || !tv_str_present(me->name) ||
	    !tv_str_present(me->sig))
		return NULL;
	s = xcalloc(3 * (me->cls.len + me->name.len + me->sig.len) + 3, 1);
	d = put_bytes(s, trace_str(tr, me->cls), me->cls.len, ascii);
	*d++ = '.';
	d = put_bytes(d, trace_str(tr, me->name), me->name.len, ascii);
	*d++ = ' ';
	put_bytes(d, trace_str(tr, me->sig), me->sig.len, ascii);
	return s;
}

/* Our methods by full name; a name carried by two methods is ambiguous. */
struct named {
	char *name;
	uint32_t m;
};

struct names {
	struct named *v;
	size_t n;
	int ascii;              /* names as Traceview prints them */
};

static int named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

#define NAME_NONE UINT32_MAX
#define NAME_AMBIGUOUS (UINT32_MAX - 1)

static void names_build(struct names *ns, const struct trace *tr, int ascii)
{
	ns->v = xcalloc(tr->nmethods, sizeof *ns->v);
	ns->n = 0;
	ns->ascii = ascii;
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		char *s = method_fullname(tr, m, ascii);
		if (s) {
			ns->v[ns->n].name = s;
			ns->v[ns->n++].m = m;
		}
	}
	if (ns->n)
		qsort(ns->v, ns->n, sizeof *ns->v, named_cmp);
}

static uint32_t names_find(const struct names *ns, const char *name)
{
	size_t lo = 0, hi = ns->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strcmp(ns->v[mid].name, name);
		if (r == 0) {
			if ((mid > 0 && strcmp(ns->v[mid - 1].name, name) == 0) ||
			    (mid + 1 < ns->n && strcmp(ns->v[mid + 1].name, name) == 0))
				return NAME_AMBIGUOUS;
			return ns->v[mid].m;
		}
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NAME_NONE;
}

static void names_free(struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->v[i].name);
	free(ns->v);
}

/* Methods with a call that the reference tools see in another place.
 *
 * In a thread with an orphan exit (rule 3), the last adopted call starts at
 * the thread's first timestamp, is a top-level call, and contains every call
 * entered before that exit; the tools instead keep those calls where they
 * were (Traceview) or charge the orphan from time 0 (dmtracedump). Calls
 * outside such subtrees have the same ancestors, children and times in all
 * three. Every top-level call starting at 0 on every clock in such a thread
 * is taken as adopted: a superset, so the test stays sound. A method is
 * "dirty" when any of its calls is in one of these subtrees. */
static uint8_t *dirty_methods(const struct real *r)
{
	const struct trace *tr = &r->tr;
	uint8_t *dirty = xcalloc(tr->nmethods, 1);

	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		const struct rp_thread *rt = rp_find(&r->rp, th->tid);
		uint8_t *in;

		if (!rt || rt->orphans == 0)
			continue;
		in = xcalloc(th->ncalls, 1);
		for (uint32_t i = 0; i < th->ncalls; i++) {
			uint32_t par = th->parent[i];
			if (par == TV_ROOT) {
				in[i] = 1;
				for (int k = 0; k < TV_NCLOCKS; k++)
					if (tr->has_clock[k] && trace_call_start(th, k, i) != 0)
						in[i] = 0;
			} else if (par < i) {
				in[i] = in[par];
			}
			if (in[i])
				dirty[th->method[i]] = 1;
		}
		free(in);
	}
	return dirty;
}

/* Trace-level reasons to compare no method at all with either tool. */
static const char *no_method_compare(const struct trace *tr)
{
	/* Rule 2 repairs: Traceview throws on such exits and dmtracedump aborts,
	 * so what they printed does not describe the same tree. */
	if (warn_count(tr, TV_W_LOST_EXIT))
		return "lost exits (mismatched exits)";
	/* We clamp; both tools take the negative step as it is. */
	if (warn_count(tr, TV_W_TIME_BACKWARDS))
		return "timestamps stepped backwards";
	return NULL;
}

struct stats {
	unsigned traces, full, partial, methods, edges, absent, threads;
	unsigned cswitch;       /* methods with a "(context switch)" child */
};

/* ---- Traceview */

struct tvr_edge {
	char *name;
	uint64_t calls, total;      /* "n/total" */
	int64_t cpu, real;
};

/* A method's four edge lists, as Traceview prints them in this order. */
enum { TVR_PAR, TVR_CHI, TVR_RPAR, TVR_RCHI, TVR_NLISTS };

static const char *const tvr_list_name[TVR_NLISTS] = {
	"parent", "child", "parent while recursive", "child while recursive"
};

struct tvr_list {
	struct tvr_edge *v;
	size_t n, cap;
};

struct tvr_row {
	char *name;
	int64_t incl_cpu, excl_cpu, incl_real;
	uint64_t calls, rcalls;
	struct tvr_list list[TVR_NLISTS];
	int context_switch;         /* a "(context switch)" child row */
};

struct tvr_thread {
	int64_t tid, cpu, real;
};

struct tvref {
	int64_t total_cpu, total_real;
	struct tvr_row *rows;
	size_t nrows, crows;
	struct tvr_thread *th;
	size_t nth, cth;
};

/* Splits s at tabs in place; returns the number of fields (at most max). */
static size_t split_tabs(char *s, char **f, size_t max)
{
	size_t n = 0;

	while (n < max) {
		char *t = strchr(s, '\t');
		f[n++] = s;
		if (!t)
			break;
		*t = '\0';
		s = t + 1;
	}
	return n;
}

/* A name without Traceview's leading rank ("12 java.lang.Foo.bar ()V"). */
static char *strip_rank(char *s)
{
	char *p = s;

	while (*p == ' ')
		p++;
	s = p;
	while (*p >= '0' && *p <= '9')
		p++;
	return p > s && *p == ' ' ? p + 1 : s;
}

static int parse_calls(const char *s, uint64_t *a, uint64_t *b, char sep)
{
	char *e;

	*a = strtoull(s, &e, 10);
	if (e == s || *e != sep)
		return -1;
	s = e + 1;
	*b = strtoull(s, &e, 10);
	return e == s ? -1 : 0;
}

static void tvr_thread_line(struct tvref *ref, const char *l)
{
	const char *cpu = strstr(l, " cpu="), *real = strstr(l, " real=");
	struct tvr_thread *t;

	if (!cpu || !real)
		return;
	if (ref->nth == ref->cth) {
		ref->cth = ref->cth ? 2 * ref->cth : 64;
		ref->th = xrealloc(ref->th, ref->cth * sizeof *ref->th);
	}
	t = &ref->th[ref->nth++];
	t->tid = strtoll(l + strlen("thread ["), NULL, 10);
	/* A thread name could hold " cpu=": the last one is the field. */
	for (const char *q; (q = strstr(cpu + 1, " cpu=")) != NULL;)
		cpu = q;
	for (const char *q; (q = strstr(real + 1, " real=")) != NULL;)
		real = q;
	t->cpu = strtoll(cpu + 5, NULL, 10);
	t->real = strtoll(real + 6, NULL, 10);
}

static void tvr_edge_line(struct tvr_row *row, char *l, int which)
{
	char *f[8];
	size_t n = split_tabs(l, f, 8);
	struct tvr_list *li = &row->list[which];
	struct tvr_edge *e;

	if (n < 6)
		return;         /* the "self" row has no calls column */
	if (li->n == li->cap) {
		li->cap = li->cap ? 2 * li->cap : 8;
		li->v = xrealloc(li->v, li->cap * sizeof *li->v);
	}
	e = &li->v[li->n++];
	e->name = xstrdup(strip_rank(f[0]));
	e->cpu = strtoll(f[2], NULL, 10);
	e->real = strtoll(f[4], NULL, 10);
	if (parse_calls(f[5], &e->calls, &e->total, '/') != 0)
		e->calls = e->total = 0;
	if ((which == TVR_CHI || which == TVR_RCHI) && strcmp(e->name, "(context switch)") == 0)
		row->context_switch = 1;
}

/* Which list a "  Parents" / "  Children" / "  ... while recursive" line
 * opens. */
static int tvr_list_of(const char *l)
{
	int children = strncmp(l, "Children", 8) == 0;
	int rec = strstr(l, "while recursive") != NULL;
	return rec ? (children ? TVR_RCHI : TVR_RPAR) : (children ? TVR_CHI : TVR_PAR);
}

static void tvr_row_line(struct tvref *ref, char *l)
{
	char *f[13];
	struct tvr_row *row;

	if (split_tabs(l, f, 13) < 12)
		return;
	if (ref->nrows == ref->crows) {
		ref->crows = ref->crows ? 2 * ref->crows : 256;
		ref->rows = xrealloc(ref->rows, ref->crows * sizeof *ref->rows);
	}
	row = &ref->rows[ref->nrows++];
	memset(row, 0, sizeof *row);
	row->name = xstrdup(strip_rank(f[0]));
	row->incl_cpu = strtoll(f[2], NULL, 10);
	row->excl_cpu = strtoll(f[4], NULL, 10);
	row->incl_real = strtoll(f[6], NULL, 10);
	if (parse_calls(f[9], &row->calls, &row->rcalls, '+') != 0)
		row->calls = row->rcalls = 0;
}

static int tvr_parse(struct tvref *ref, char **lines, size_t n)
{
	int which = TVR_PAR;
	const char *s;

	memset(ref, 0, sizeof *ref);
	if (n == 0 || strncmp(lines[0], "clock=", 6) != 0)
		return -1;
	s = strstr(lines[0], "totalCpuTime=");
	ref->total_cpu = s ? strtoll(s + 13, NULL, 10) : -1;
	s = strstr(lines[0], "totalRealTime=");
	ref->total_real = s ? strtoll(s + 14, NULL, 10) : -1;
	for (size_t i = 1; i < n; i++) {
		char *l = lines[i];
		if (strncmp(l, "thread [", 8) == 0)
			tvr_thread_line(ref, l);
		else if (strncmp(l, "Name\t", 5) == 0)
			continue;
		else if (strncmp(l, "    ", 4) == 0) {
			if (ref->nrows)
				tvr_edge_line(&ref->rows[ref->nrows - 1], l + 4, which);
		} else if (strncmp(l, "  ", 2) == 0)
			which = tvr_list_of(l + 2);
		else
			tvr_row_line(ref, l);
	}
	return 0;
}

static void tvr_free(struct tvref *ref)
{
	for (size_t i = 0; i < ref->nrows; i++) {
		struct tvr_row *r = &ref->rows[i];
		for (int w = 0; w < TVR_NLISTS; w++) {
			for (size_t k = 0; k < r->list[w].n; k++)
				free(r->list[w].v[k].name);
			free(r->list[w].v);
		}
		free(r->name);
	}
	free(ref->rows);
	free(ref->th);
}

/* The row named name; NULL when absent or listed twice. */
static const struct tvr_row *tvr_row(const struct tvref *ref, const char *name, int *dup)
{
	const struct tvr_row *found = NULL;

	*dup = 0;
	for (size_t i = 0; i < ref->nrows; i++) {
		if (strcmp(ref->rows[i].name, name) == 0) {
			if (found)
				*dup = 1;
			found = &ref->rows[i];
		}
	}
	return *dup ? NULL : found;
}

/* Thread ids as Traceview reads them: signed (1 byte in version 1, 2 bytes
 * otherwise). */
static int64_t tv_signed_tid(const struct trace *tr, uint32_t tid)
{
	if (tr->version == 1)
		return (int8_t)(uint8_t)tid;
	return (int16_t)(uint16_t)tid;
}

/* Whether Traceview's real time of this thread must equal our wall span.
 * Its thread CPU time is the span (every record's CPU delta goes to the call
 * on top, the root included), but its thread real time is only the Σ of
 * the root's children's real incl: the root itself gets no real time, so
 * gaps between top-level calls count only where a "(context switch)"
 * pseudo-call fills them. Equal when our top-level calls cover the whole
 * span and the thread has no orphan exit (then both have the same top-level
 * calls); otherwise it can only be smaller. */
static int tv_real_exact(const struct real *r, const struct tv_thread *th)
{
	const struct rp_thread *rt = rp_find(&r->rp, th->tid);
	uint64_t sum = 0;

	if (!r->tr.has_clock[TV_WALL] || !rt || rt->orphans)
		return 0;
	for (uint32_t i = 0; i < th->ncalls; i++)
		if (th->parent[i] == TV_ROOT)
			sum += trace_call_incl(th, TV_WALL, i);
	return sum == trace_thread_span(th, TV_WALL);
}

/* Traceview's real time against ours (see tv_real_exact). */
static void tv_check_real(struct ctx *c, int exact, int64_t tv, uint64_t ours,
                          const char *what)
{
	if (exact)
		CHECK(c, tv == (int64_t)ours, "%s: real %" PRIu64 ", Traceview %" PRId64,
		      what, ours, tv);
	else
		CHECK(c, tv >= 0 && tv <= (int64_t)ours, "%s: real %" PRIu64
		      ", Traceview %" PRId64 " (can only be smaller)", what, ours, tv);
}

/* Thread header lines: spans per thread. Real spans of thread-cpu traces
 * are synthesised by Traceview: not compared. */
static void tv_compare_threads(struct ctx *c, const struct real *r,
                               const struct tvref *ref, struct stats *st)
{
	const struct trace *tr = &r->tr;
	int dual = tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];

	for (size_t i = 0; i < ref->nth; i++) {
		const struct tvr_thread *rt = &ref->th[i];
		const struct tv_thread *th = NULL;
		for (uint32_t t = 0; t < tr->nthreads; t++)
			if (tv_signed_tid(tr, tr->threads[t].tid) == rt->tid)
				th = &tr->threads[t];
		if (!th || th->records == 0) {
			CHECK(c, rt->cpu == 0, "reference thread [%" PRId64 "] has cpu=%" PRId64
			      " but no records here", rt->tid, rt->cpu);
			continue;
		}
		st->threads++;
		CHECK(c, (int64_t)trace_thread_span(th, TV_CPU) == rt->cpu, "thread %" PRIu32
		      ": cpu span %" PRIu64 ", Traceview %" PRId64, th->tid,
		      trace_thread_span(th, TV_CPU), rt->cpu);
		if (dual) {
			char what[48];
			snprintf(what, sizeof what, "thread %" PRIu32, th->tid);
			tv_check_real(c, tv_real_exact(r, th), rt->real,
			              trace_thread_span(th, TV_WALL), what);
		}
	}
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		int found = 0;
		for (size_t i = 0; i < ref->nth; i++)
			found |= ref->th[i].tid == tv_signed_tid(tr, tr->threads[t].tid);
		CHECK(c, found || tr->threads[t].records == 0, "thread %" PRIu32
		      " not in Traceview's thread list", tr->threads[t].tid);
	}
}

/* The name our edge end has in Traceview's lists; NULL when not comparable
 * (unknown method, or a name two methods share). */
static const char *edge_name(const struct trace *tr, const struct names *ns,
                             uint32_t m, char **owned)
{
	*owned = NULL;
	if (m == PROF_TOPLEVEL)
		return "(toplevel)";
	*owned = method_fullname(tr, m, ns->ascii);
	if (!*owned || names_find(ns, *owned) >= NAME_AMBIGUOUS) {
		free(*owned);
		*owned = NULL;
		return NULL;
	}
	return *owned;
}

/* A child's total calls, the "total" of its "n/total"; 0 (not compared)
 * for a dirty child: it has calls that Traceview places elsewhere and
 * counts otherwise (its own row is not compared either), though the calls
 * under a clean method are the same in both. */
static uint64_t tv_child_total(const struct profile *p, const uint8_t *dirty, uint32_t m)
{
	if (m == PROF_TOPLEVEL || dirty[m])
		return 0;
	return p->methods[m].calls + p->methods[m].rcalls;
}

/* One half of our edges of one side against one of Traceview's lists:
 * rec 0 the plain list ("Parents", "Children"), 1 the "while recursive"
 * one. Every edge with a call in that half must be there with the same
 * calls, n/total, CPU incl and (when compared) real incl, and the lists
 * must hold the same Σ calls, "(context switch)" rows aside. total is the
 * method's own total calls for parents, 0 for children (each child's). */
static void tv_compare_edges(struct ctx *c, const struct profile *p, const struct names *ns,
                             const char *mname, const struct prof_edge *e, uint32_t n,
                             const struct tvr_list *li, int rec, uint64_t total,
                             const uint8_t *dirty, int real, struct stats *st,
                             const char *side)
{
	const struct trace *tr = p->tr;
	uint64_t ours = 0, theirs = 0;

	for (uint32_t i = 0; i < n; i++)
		ours += rec ? e[i].rcalls : e[i].calls;
	for (size_t k = 0; k < li->n; k++)
		if (strcmp(li->v[k].name, "(context switch)") != 0)
			theirs += li->v[k].calls;
	CHECK(c, ours == theirs, "%s: %s edges hold %" PRIu64 " calls, Traceview %" PRIu64,
	      mname, side, ours, theirs);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t calls = rec ? e[i].rcalls : e[i].calls;
		const uint64_t *incl = rec ? e[i].rincl : e[i].incl;
		uint64_t want_total = total ? total : tv_child_total(p, dirty, e[i].method);
		const struct tvr_edge *te = NULL;
		char *owned;
		const char *nm;
		int dup = 0;

		if (!calls)
			continue;
		nm = edge_name(tr, ns, e[i].method, &owned);
		if (!nm)
			continue;
		for (size_t k = 0; k < li->n; k++) {
			if (strcmp(li->v[k].name, nm) == 0) {
				dup |= te != NULL;
				te = &li->v[k];
			}
		}
		st->edges++;
		CHECK(c, te && !dup, "%s: %s %s missing from Traceview's list (or listed twice)",
		      mname, side, nm);
		if (te && !dup)
			CHECK(c, te->calls == calls && (!want_total || te->total == want_total) &&
			      te->cpu == (int64_t)incl[TV_CPU] &&
			      (!real || te->real == (int64_t)incl[TV_WALL]),
			      "%s: %s %s: calls %" PRIu64 "/%" PRIu64 " cpu %" PRIu64 " real %"
			      PRIu64 "; Traceview %" PRIu64 "/%" PRIu64 " %" PRId64 " %" PRId64,
			      mname, side, nm, calls, want_total, incl[TV_CPU], incl[TV_WALL],
			      te->calls, te->total, te->cpu, te->real);
		free(owned);
	}
}

/* One method against its Traceview row. Excl Real is never compared:
 * Traceview's "(context switch)" pseudo-calls (Δwall − Δcpu > 100 µs) take
 * real time from the method's exclusive real time (its incl stays). */
static void tv_compare_method(struct ctx *c, const struct trace *tr, const struct names *ns,
                              const struct profile *p, uint32_t m, const char *name,
                              const struct tvref *ref, const uint8_t *dirty,
                              struct stats *st)
{
	const struct prof_method *pm = &p->methods[m];
	int dual = tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
	int dup;
	const struct tvr_row *row = tvr_row(ref, name, &dup);

	if (dup)
		return;
	if (!row) {
		/* Traceview lists no method whose incl is 0 in its preferred
		 * base, CPU time unless the trace is wall-only. */
		CHECK(c, pm->incl[TV_CPU] == 0,
		      "%s (incl cpu %" PRIu64 ") missing from Traceview's table", name,
		      pm->incl[TV_CPU]);
		st->absent++;
		return;
	}
	st->methods++;
	CHECK(c, row->incl_cpu == (int64_t)pm->incl[TV_CPU] &&
	      row->excl_cpu == (int64_t)pm->excl[TV_CPU] &&
	      (!dual || row->incl_real == (int64_t)pm->incl[TV_WALL]) &&
	      row->calls == pm->calls && row->rcalls == pm->rcalls,
	      "%s: incl cpu %" PRIu64 " excl cpu %" PRIu64 " incl real %" PRIu64
	      " calls %" PRIu64 "+%" PRIu64 "; Traceview %" PRId64 " %" PRId64 " %"
	      PRId64 " %" PRIu64 "+%" PRIu64, name, pm->incl[TV_CPU], pm->excl[TV_CPU],
	      pm->incl[TV_WALL], pm->calls, pm->rcalls, row->incl_cpu, row->excl_cpu,
	      row->incl_real, row->calls, row->rcalls);
	/* Traceview's "(context switch)" child rows (a pseudo-call we do not
	 * make) take real time from the method's excl only: the real incl of
	 * every other edge is still the calls' own, so real times are compared
	 * on every edge, those methods included (they hold on every
	 * reference; see st->cswitch). */
	int real = dual;
	st->cswitch += row->context_switch;
	uint64_t total = pm->calls + pm->rcalls;
	for (int w = 0; w < TVR_NLISTS; w++) {
		int parents = w == TVR_PAR || w == TVR_RPAR;
		tv_compare_edges(c, p, ns, name, parents ? pm->parents : pm->children,
		                 parents ? pm->nparents : pm->nchildren, &row->list[w],
		                 w >= TVR_RPAR, parents ? total : 0, dirty, real, st,
		                 tvr_list_name[w]);
	}
}

/* Compared per method: Incl Cpu, Excl Cpu, Incl Real (dual clock), calls
 * and recursive calls; per edge, the plain half against "Parents" /
 * "Children" and the recursive half against "Parents while recursive" /
 * "Children while recursive": calls, n/total (a dirty child's total
 * aside, see tv_child_total()), incl cpu, incl real; and the Σ of calls
 * over each of the four lists.
 * Not compared, and why:
 * - undeclared methods (Traceview names them "(0x…)") and names two of our
 *   methods share (after Traceview's U+FFFD mangling): no sound match;
 * - dirty methods (dirty_methods()): orphan exits are adopted here and
 *   ignored there;
 * - everything, when no_method_compare() says so;
 * - Excl Real (context switches, see tv_compare_method), the per-call
 *   columns and percentages (derived), "(context switch)" edges;
 * - real times of thread-cpu traces: Traceview synthesises them.
 * ART >= 6 gives a real method id 0, under which Traceview also files its
 * "(toplevel)": that method keeps its own row (compared like any other),
 * but the "(toplevel)" row goes; so the "(toplevel)" row is compared only
 * when present and when the trace has no orphan exit (Traceview leaves the
 * orphans' time in it). Its call count (one per thread, empty ones too) is
 * never compared. */
static void tv_compare(struct ctx *c, const struct real *r, const struct tvref *ref,
                       struct stats *st)
{
	const struct trace *tr = &r->tr;
	int dual = tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
	struct profile p;
	struct tv_error err;
	struct names ns;
	uint8_t *dirty;
	const char *why = no_method_compare(tr);
	unsigned before = st->methods, ndirty = 0;
	int dup, exact = 1;
	const struct tvr_row *top;

	memset(&p, 0, sizeof p);
	if (profile_build(&p, tr, NULL, &err) != TV_OK) {
		CHECK(c, 0, "profile_build: %s", tv_status_str(err.code));
		return;
	}
	st->traces++;
	if (tr->has_clock[TV_CPU])
		CHECK(c, ref->total_cpu == (int64_t)p.top_incl[TV_CPU], "totalCpuTime %"
		      PRId64 ", toplevel incl cpu %" PRIu64, ref->total_cpu, p.top_incl[TV_CPU]);
	for (uint32_t t = 0; t < tr->nthreads; t++)
		exact &= tv_real_exact(r, &tr->threads[t]);
	if (dual)
		tv_check_real(c, exact, ref->total_real, p.top_incl[TV_WALL], "totalRealTime");
	tv_compare_threads(c, r, ref, st);
	if (why || !tr->has_clock[TV_CPU]) {
		print_message("  %s: Traceview: thread totals only (%s)\n", r->name,
		              why ? why : "no CPU clock");
		profile_free(&p);
		return;
	}
	names_build(&ns, tr, 1);
	dirty = dirty_methods(r);
	for (uint32_t k = 0; k < p.norder; k++) {
		uint32_t m = p.order[k];
		char *name;
		if (dirty[m]) {
			ndirty++;
			continue;
		}
		name = method_fullname(tr, m, 1);
		if (name && names_find(&ns, name) < NAME_AMBIGUOUS)
			tv_compare_method(c, tr, &ns, &p, m, name, ref, dirty, st);
		free(name);
	}
	top = tvr_row(ref, "(toplevel)", &dup);
	if (top && warn_count(tr, TV_W_ORPHAN_EXIT) == 0 &&
	    trace_find_method(tr, 0) == IDMAP_NONE) {
		CHECK(c, top->incl_cpu == (int64_t)p.top_incl[TV_CPU] &&
		      top->excl_cpu == (int64_t)p.top_excl[TV_CPU],
		      "(toplevel): incl cpu %" PRIu64 " excl cpu %" PRIu64
		      "; Traceview %" PRId64 " %" PRId64, p.top_incl[TV_CPU],
		      p.top_excl[TV_CPU], top->incl_cpu, top->excl_cpu);
		if (dual)
			tv_check_real(c, exact, top->incl_real, p.top_incl[TV_WALL],
			              "(toplevel)");
	}
	if (ndirty == 0)
		st->full++;
	else
		st->partial++;
	print_message("  %s: Traceview: %u methods compared, %u skipped (orphan-exit"
	              " subtrees)\n", r->name, st->methods - before, ndirty);
	free(dirty);
	names_free(&ns);
	profile_free(&p);
}

static char *reference_path(const char *dir, const char *trace, const char *tool)
{
	size_t len = strlen(trace) - strlen(".trace");
	char *name = xcalloc(len + strlen(tool) + 16, 1);
	char *sub = tu_path(dir, "reference");
	char *path;

	memcpy(name, trace, len);
	strcat(name, ".");
	strcat(name, tool);
	strcat(name, ".txt.gz");
	path = tu_path(sub, name);
	free(sub);
	free(name);
	return path;
}

static void test_traceview_reference(void **state)
{
	const char *dir = real_dir_or_skip();
	struct ctx c = {NULL, "Traceview", 0};
	struct stats st;
	size_t n;
	char **v;

	(void)state;
	if (!have_gzip()) {
		print_message("gzip missing: reference outputs not read\n");
		skip();
	}
	memset(&st, 0, sizeof st);
	v = tu_list_traces(dir, &n);
	for (size_t i = 0; i < n; i++) {
		struct real r;
		char *rp = reference_path(dir, base_name(v[i]), "traceview");
		size_t nl;
		char **lines = read_gz_lines(rp, &nl);
		struct tvref ref;

		c.trace = base_name(v[i]);
		if (lines && tvr_parse(&ref, lines, nl) == 0) {
			if (real_load(&c, &r, v[i]) == 0)
				tv_compare(&c, &r, &ref, &st);
			real_free(&r);
			tvr_free(&ref);
		}
		tu_free_list(lines, nl);
		free(rp);
	}
	print_message("Traceview reference: %u traces (%u with every method compared, %u"
	              " partly), %u methods, %u edges, %u thread spans compared; %u"
	              " methods absent from its table (zero incl); %u methods with a"
	              " \"(context switch)\" child\n", st.traces, st.full,
	              st.partial, st.methods, st.edges, st.threads, st.absent, st.cswitch);
	tu_free_list(v, n);
	assert_int_equal(c.fails, 0);
	assert_true(st.full >= 1);
}

/* ---- dmtracedump
 *
 * Sound subset: "Total cycles" is Σ over threads of (last − first) of the
 * record's first timestamp (CPU in dual and thread-cpu traces), i.e. our
 * toplevel incl on that clock, whatever the orphans. Per method, the
 * exclusive table (time on top of the stack, all calls) and the method line
 * of the inclusive table (non-recursive + recursive calls, incl of the
 * non-recursive calls) are compared for the same methods as with
 * Traceview (not dirty, unique full name, raw bytes: dmtracedump does not
 * mangle UTF-8). Both its tables leave out methods whose time there is 0:
 * such a method must then have 0 here. Not compared: its "excl" line under each method (non-recursive calls only),
 * edges (recursive edges are printed apart, with the recursion of the
 * caller), "(unknown)" which merges every undeclared id, the class and
 * name summaries. dmtracedump prints ART's 5-field method lines with the
 * source glued after a tab: the name is cut there. */

struct dmr_method {
	char *name;
	uint64_t excl, calls, rcalls, incl;
	int has_excl, has_incl;
};

struct dmref {
	int64_t total;
	struct dmr_method *v;
	size_t n, cap;
};

static struct dmr_method *dmr_get(struct dmref *ref, const char *name)
{
	struct dmr_method *d;

	for (size_t i = ref->n; i-- > 0;)
		if (strcmp(ref->v[i].name, name) == 0)
			return &ref->v[i];
	if (ref->n == ref->cap) {
		ref->cap = ref->cap ? 2 * ref->cap : 256;
		ref->v = xrealloc(ref->v, ref->cap * sizeof *ref->v);
	}
	d = &ref->v[ref->n++];
	memset(d, 0, sizeof *d);
	d->name = xstrdup(name);
	return d;
}

/* "[idx] name[\tsource]" → name; NULL when not of that shape. */
static char *dm_name(char *s)
{
	char *t;

	while (*s == ' ')
		s++;
	if (*s != '[' || !(t = strchr(s, ']')) || t[1] != ' ')
		return NULL;
	s = t + 2;
	t = strchr(s, '\t');
	if (t)
		*t = '\0';
	return s;
}

static void dmr_parse(struct dmref *ref, char **lines, size_t n)
{
	int sect = 0;   /* 1 exclusive table, 2 inclusive table, 3 after */

	memset(ref, 0, sizeof *ref);
	ref->total = -1;
	for (size_t i = 0; i < n; i++) {
		char *l = lines[i], *e, *nm;
		if (strncmp(l, "Total cycles: ", 14) == 0)
			ref->total = strtoll(l + 14, NULL, 10);
		else if (strstr(l, "Usecs  self %"))
			sect = 1;
		else if (strncmp(l, "index  %/total", 14) == 0)
			sect = 2;
		else if (strncmp(l, "Exclusive elapsed time for each class", 37) == 0)
			sect = 3;
		else if (sect == 1 && l[0] == ' ') {
			uint64_t us = strtoull(l, &e, 10);
			char *b = strchr(e, '[');
			if (b && (nm = dm_name(b)) != NULL) {
				struct dmr_method *d = dmr_get(ref, nm);
				d->excl = us;
				d->has_excl++;
			}
		} else if (sect == 2 && l[0] == '[') {
			/* "[3]     85.6%                     1+0        2561402 name" */
			char *q = strchr(l, '%'), *name;
			uint64_t a, b, us;
			if (!q)
				continue;
			a = strtoull(q + 1, &e, 10);
			if (*e != '+')
				continue;
			b = strtoull(e + 1, &e, 10);
			us = strtoull(e, &e, 10);
			name = e;
			while (*name == ' ')
				name++;
			if ((e = strchr(name, '\t')) != NULL)
				*e = '\0';
			{
				struct dmr_method *d = dmr_get(ref, name);
				d->calls = a;
				d->rcalls = b;
				d->incl = us;
				d->has_incl++;
			}
		}
	}
}

static void dmr_free(struct dmref *ref)
{
	for (size_t i = 0; i < ref->n; i++)
		free(ref->v[i].name);
	free(ref->v);
}

static void dm_compare(struct ctx *c, const struct real *r, const struct dmref *ref,
                       struct stats *st)
{
	const struct trace *tr = &r->tr;
	int k = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	struct profile p;
	struct tv_error err;
	struct names ns;
	uint8_t *dirty;
	unsigned before = st->methods, ndirty = 0;

	memset(&p, 0, sizeof p);
	if (profile_build(&p, tr, NULL, &err) != TV_OK) {
		CHECK(c, 0, "profile_build: %s", tv_status_str(err.code));
		return;
	}
	st->traces++;
	CHECK(c, ref->total == (int64_t)p.top_incl[k], "Total cycles %" PRId64
	      ", toplevel incl on clock %d %" PRIu64, ref->total, k, p.top_incl[k]);
	if (no_method_compare(tr)) {
		profile_free(&p);
		return;
	}
	names_build(&ns, tr, 0);
	dirty = dirty_methods(r);
	for (uint32_t i = 0; i < p.norder; i++) {
		uint32_t m = p.order[i];
		const struct prof_method *pm = &p.methods[m];
		struct dmr_method *d = NULL;
		char *name;

		if (dirty[m]) {
			ndirty++;
			continue;
		}
		name = method_fullname(tr, m, 0);
		if (name && names_find(&ns, name) < NAME_AMBIGUOUS) {
			for (size_t j = 0; j < ref->n && !d; j++)
				if (strcmp(ref->v[j].name, name) == 0)
					d = &ref->v[j];
			/* Its tables leave out methods with no exclusive (resp.
			 * inclusive) time. */
			CHECK(c, (d && d->has_incl) || pm->incl[k] == 0, "%s (incl %" PRIu64
			      ") not in dmtracedump's inclusive table", name, pm->incl[k]);
			if (!d || !d->has_incl)
				st->absent++;
			/* A name printed twice there (two ids): ambiguous. */
			else if (d->has_excl <= 1 && d->has_incl == 1) {
				st->methods++;
				CHECK(c, d->excl == pm->excl[k] && d->incl == pm->incl[k] &&
				      d->calls == pm->calls && d->rcalls == pm->rcalls,
				      "%s: excl %" PRIu64 " incl %" PRIu64 " calls %" PRIu64 "+%"
				      PRIu64 "; dmtracedump %" PRIu64 " %" PRIu64 " %" PRIu64 "+%"
				      PRIu64, name, pm->excl[k], pm->incl[k], pm->calls, pm->rcalls,
				      d->excl, d->incl, d->calls, d->rcalls);
			}
		}
		free(name);
	}
	if (ndirty == 0)
		st->full++;
	else
		st->partial++;
	print_message("  %s: dmtracedump: %u methods compared, %u skipped (orphan-exit"
	              " subtrees)\n", r->name, st->methods - before, ndirty);
	free(dirty);
	names_free(&ns);
	profile_free(&p);
}

static void test_dmtracedump_reference(void **state)
{
	const char *dir = real_dir_or_skip();
	struct ctx c = {NULL, "dmtracedump", 0};
	struct stats st;
	size_t n;
	char **v;

	(void)state;
	if (!have_gzip()) {
		print_message("gzip missing: reference outputs not read\n");
		skip();
	}
	memset(&st, 0, sizeof st);
	v = tu_list_traces(dir, &n);
	for (size_t i = 0; i < n; i++) {
		struct real r;
		char *rp = reference_path(dir, base_name(v[i]), "dmtracedump");
		size_t nl;
		char **lines = read_gz_lines(rp, &nl);
		struct dmref ref;

		c.trace = base_name(v[i]);
		if (lines) {
			dmr_parse(&ref, lines, nl);
			if (real_load(&c, &r, v[i]) == 0)
				dm_compare(&c, &r, &ref, &st);
			real_free(&r);
			dmr_free(&ref);
		}
		tu_free_list(lines, nl);
		free(rp);
	}
	print_message("dmtracedump reference: %u traces (Total cycles), %u with every"
	              " method compared, %u partly, %u methods; %u absent from its"
	              " tables (zero incl)\n", st.traces, st.full, st.partial, st.methods,
	              st.absent);
	tu_free_list(v, n);
	assert_int_equal(c.fails, 0);
	assert_true(st.full >= 1);
}

/* ---- the bundled sample against numbers read off Traceview's output */

/* tests/samples/ under $srcdir (the test harness exports it), else the
 * same file in the real-trace directory; NULL when neither is there. */
static char *sample_path(const char *name)
{
	const char *src = getenv("srcdir"), *real = tu_real_dir();
	struct stat sb;
	char *dir, *path;

	if (src && *src) {
		dir = tu_path(src, "tests/samples");
		path = tu_path(dir, name);
		free(dir);
		if (stat(path, &sb) == 0)
			return path;
		free(path);
	}
	if (!real)
		return NULL;
	path = tu_path(real, name);
	if (stat(path, &sb) == 0)
		return path;
	free(path);
	return NULL;
}

/* LayoutInflater.inflate(I, ViewGroup, Z) on the sample: Traceview lists
 * its parent inflate(I, ViewGroup) as 7/11, 124650 µs CPU, 100.0%
 * (208169 µs real), and while recursive as 4/11, 20196 µs, 16.2% (33853
 * µs real). The plain parent shares add up to 100%; the text report
 * prints both rows so. */
static void test_sample_recursive_parents(void **state)
{
	char *path = sample_path("dalvik-v3-dual-zhkl0228-tracereader-test2.trace");
	struct trace tr;
	struct profile p;
	struct tv_error err;
	struct names ns;
	char errfile[256], *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	if (!path)
		skip();
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_OK);
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	names_build(&ns, &tr, 0);
	uint32_t m = names_find(&ns, "android/view/LayoutInflater.inflate "
	                             "(ILandroid/view/ViewGroup;Z)Landroid/view/View;");
	uint32_t par = names_find(&ns, "android/view/LayoutInflater.inflate "
	                               "(ILandroid/view/ViewGroup;)Landroid/view/View;");
	assert_true(m < NAME_AMBIGUOUS && par < NAME_AMBIGUOUS);
	const struct prof_method *pm = &p.methods[m];
	assert_int_equal(pm->calls, 7);
	assert_int_equal(pm->rcalls, 4);
	assert_int_equal(pm->incl[TV_CPU], 124650);
	assert_int_equal(pm->nparents, 1);
	const struct prof_edge *e = &pm->parents[0];
	assert_int_equal(e->method, par);
	assert_int_equal(e->calls, 7);
	assert_int_equal(e->incl[TV_CPU], 124650);
	assert_int_equal(e->incl[TV_WALL], 208169);
	assert_int_equal(e->rcalls, 4);
	assert_int_equal(e->rincl[TV_CPU], 20196);
	assert_int_equal(e->rincl[TV_WALL], 33853);

	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(report_text(f, &p, "sample.trace"), TV_OK);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(text,
		"\nandroid/view/LayoutInflater.inflate (ILandroid/view/ViewGroup;Z)Landroid/view/View;\n"
		"  parent       100.0      124.650       100.0      208.169         7/11  "
		"android/view/LayoutInflater.inflate (ILandroid/view/ViewGroup;)Landroid/view/View;\n"));
	assert_non_null(strstr(text,
		"  Parents while recursive\n"
		"  parent        16.2       20.196        16.3       33.853         4/11  "
		"android/view/LayoutInflater.inflate (ILandroid/view/ViewGroup;)Landroid/view/View;\n"
		"  Children while recursive\n"));
	/* The header: 13.0 s recorded (the largest minus the smallest wall
	 * value of the file's 15773 records, read with a separate script:
	 * 13012018 µs; elapsed-time-usec says 15.3 s), while the 56 threads'
	 * spans add up to 67.8 s. */
	assert_non_null(strstr(text, "\nrecording  wall 13012.018 ms (earliest to latest record)\n"
	                             "elapsed    15311.199 ms (elapsed-time-usec)\n"
	                             "thread time cpu 1665.649 ms wall 67819.608 ms\n"));
	free(text);
	names_free(&ns);
	profile_free(&p);
	trace_free(&tr);
	free(path);
}

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
		cmocka_unit_test(test_traceview_reference),
		cmocka_unit_test(test_dmtracedump_reference),
		cmocka_unit_test(test_sample_recursive_parents),
		cmocka_unit_test(test_clockmap_cuts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
