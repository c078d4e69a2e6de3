/* test_rules.c: docs/numbers.md rule by rule, on small generated traces.
 *
 * Every expected number is worked out by hand from the spec; the comments
 * show the arithmetic. Scripts use the tracegen syntax
 * "TID OP METHOD CPU [WALL]" (OP: > enter, < exit, ! unroll, ? action 3).
 * Unless a test says otherwise the trace is V1 version 3, clock=dual.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/match.h"
#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"

#define NA UINT64_MAX   /* a clock the trace does not record: not checked */
#define TOP "(top)"     /* edge end that is the thread root */

struct fx {
	struct tg *tg;
	struct trace tr;
	struct profile p;
	int loaded, built;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->tg = tg_new();
	*state = f;
	return 0;
}

static void fx_reset(struct fx *f)
{
	if (f->built)
		profile_free(&f->p);
	if (f->loaded)
		trace_free(&f->tr);
	f->built = f->loaded = 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	fx_reset(f);
	tg_free(f->tg);
	free(f);
	return 0;
}

/* Loads the tg written with o (NULL: V1 v3 dual) and builds the profile
 * over all threads (tid NULL) or one. */
static void fx_build(struct fx *f, const struct tg_opts *o, const uint32_t *tid)
{
	fx_reset(f);
	f->loaded = 1;
	assert_int_equal(tu_load_tg(&f->tr, f->tg, o), TV_OK);
	struct tv_error err = {0};
	assert_int_equal(profile_build(&f->p, &f->tr, tid, &err), TV_OK);
	f->built = 1;
	char msg[256];
	if (tu_check_edge_sums(&f->p, msg, sizeof msg) != 0)
		fail_msg("edge sums: %s", msg);
}

static struct fx *fx_run(void **state, const char *script, const struct tg_opts *o)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, script), 0);
	fx_build(f, o, NULL);
	return f;
}

static uint64_t sym_id(const struct fx *f, const char *sym)
{
	if (strcmp(sym, TOP) == 0)
		return TU_TOPLEVEL;
	if (sym[0] == '0' && sym[1] == 'x')
		return strtoull(sym, NULL, 16);
	uint64_t id = tg_id(f->tg, sym);
	if (id == UINT64_MAX)
		fail_msg("no symbol %s", sym);
	return id;
}

static const struct prof_method *pm(const struct fx *f, const char *sym)
{
	const struct prof_method *m = tu_method(&f->p, sym_id(f, sym));
	if (!m)
		fail_msg("method %s is not in the trace", sym);
	return m;
}

static void eq(uint64_t got, uint64_t want, const char *what, const char *sym, int line)
{
	if (want != NA && got != want)
		fail_msg("line %d: %s of %s: got %llu, want %llu", line, what, sym,
		         (unsigned long long)got, (unsigned long long)want);
}

/* calls, recursive calls, incl/excl CPU, incl/excl wall. */
#define CHECK_M(f, sym, c, r, ic, ec, iw, ew) \
	check_m(f, sym, c, r, ic, ec, iw, ew, __LINE__)
static void check_m(const struct fx *f, const char *sym, uint64_t c, uint64_t r,
                    uint64_t ic, uint64_t ec, uint64_t iw, uint64_t ew, int line)
{
	const struct prof_method *m = pm(f, sym);
	eq(m->calls, c, "calls", sym, line);
	eq(m->rcalls, r, "recursive calls", sym, line);
	eq(m->incl[TV_CPU], ic, "incl cpu", sym, line);
	eq(m->excl[TV_CPU], ec, "excl cpu", sym, line);
	eq(m->incl[TV_WALL], iw, "incl wall", sym, line);
	eq(m->excl[TV_WALL], ew, "excl wall", sym, line);
}

/* The edge to/from `other` in a list, both halves: calls, incl cpu, incl
 * wall of the plain half, then of the "while recursive" half. */
#define CHECK_E(f, list, n, other, c, ic, iw, rc, ric, riw) \
	check_e(f, list, n, other, (uint64_t[6]){c, ic, iw, rc, ric, riw}, __LINE__)
static void check_e(const struct fx *f, const struct prof_edge *list, uint32_t n,
                    const char *other, const uint64_t want[6], int line)
{
	const struct prof_edge *e = tu_edge(&f->p, list, n, sym_id(f, other));
	if (!e)
		fail_msg("line %d: no edge with %s", line, other);
	eq(e->calls, want[0], "edge calls", other, line);
	eq(e->incl[TV_CPU], want[1], "edge incl cpu", other, line);
	eq(e->incl[TV_WALL], want[2], "edge incl wall", other, line);
	eq(e->rcalls, want[3], "edge recursive calls", other, line);
	eq(e->rincl[TV_CPU], want[4], "edge recursive incl cpu", other, line);
	eq(e->rincl[TV_WALL], want[5], "edge recursive incl wall", other, line);
}

#define CHECK_TOP(f, ic, ec, iw, ew) check_top(f, ic, ec, iw, ew, __LINE__)
static void check_top(const struct fx *f, uint64_t ic, uint64_t ec, uint64_t iw, uint64_t ew,
                      int line)
{
	eq(f->p.top_incl[TV_CPU], ic, "incl cpu", TOP, line);
	eq(f->p.top_excl[TV_CPU], ec, "excl cpu", TOP, line);
	eq(f->p.top_incl[TV_WALL], iw, "incl wall", TOP, line);
	eq(f->p.top_excl[TV_WALL], ew, "excl wall", TOP, line);
}

static const struct tv_thread *thread(const struct fx *f, uint32_t tid)
{
	uint32_t i = trace_find_thread(&f->tr, tid);
	if (i == IDMAP_NONE)
		fail_msg("no thread %u", (unsigned)tid);
	return &f->tr.threads[i];
}

/* Asserts the thread's name (NULL: no name). */
#define NAME_IS(f, tid, want) name_is(f, tid, want, __LINE__)
static void name_is(const struct fx *f, uint32_t tid, const char *want, int line)
{
	struct tv_str s = thread(f, tid)->name;
	if (!tu_str_eq(&f->tr, s, want))
		fail_msg("line %d: thread %u: name is %.*s, want %s", line, (unsigned)tid,
		         trace_str(&f->tr, s) ? (int)s.len : 6,
		         trace_str(&f->tr, s) ? trace_str(&f->tr, s) : "absent",
		         want ? want : "absent");
}

#define STR_IS(f, s, want) assert_true(tu_str_eq(&(f)->tr, s, want))

/* ------------------------------------------------ call tree, rules 1-2 */

/* Plain nesting. A calls B, then C (which calls B), then B again. */
static void test_nesting(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > B 2 3\n"
		"1 < B 5 8\n"      /* B1: cpu 5-2=3, wall 8-3=5 */
		"1 > C 6 10\n"
		"1 > B 7 12\n"
		"1 < B 9 15\n"     /* B2: cpu 2, wall 3 */
		"1 < C 10 17\n"    /* C: cpu 4, wall 7; excl cpu 4-2=2, wall 7-3=4 */
		"1 > B 12 20\n"
		"1 < B 13 22\n"    /* B3: cpu 1, wall 2 */
		"1 < A 15 30\n",   /* A: cpu 15, wall 30 */
		NULL);
	/* A excl: cpu 15-(3+4+1)=7, wall 30-(5+7+2)=16 */
	CHECK_M(f, "A", 1, 0, 15, 7, 30, 16);
	/* B: 3 calls, cpu 3+2+1=6, wall 5+3+2=10, all exclusive */
	CHECK_M(f, "B", 3, 0, 6, 6, 10, 10);
	CHECK_M(f, "C", 1, 0, 4, 2, 7, 4);
	/* edges: A->B twice (cpu 3+1=4, wall 5+2=7), C->B once (2, 3) */
	const struct prof_method *b = pm(f, "B"), *a = pm(f, "A"), *c = pm(f, "C");
	assert_int_equal(b->nparents, 2);
	CHECK_E(f, b->parents, b->nparents, "A", 2, 4, 7, 0, 0, 0);
	CHECK_E(f, b->parents, b->nparents, "C", 1, 2, 3, 0, 0, 0);
	/* parents sorted by incl wall, descending: A (7) before C (3) */
	assert_int_equal(b->parents[0].method, trace_find_method(&f->tr, sym_id(f, "A")));
	assert_int_equal(a->nchildren, 2);
	CHECK_E(f, a->children, a->nchildren, "B", 2, 4, 7, 0, 0, 0);
	CHECK_E(f, a->children, a->nchildren, "C", 1, 4, 7, 0, 0, 0);
	CHECK_E(f, a->parents, a->nparents, TOP, 1, 15, 30, 0, 0, 0);
	CHECK_E(f, c->children, c->nchildren, "B", 1, 2, 3, 0, 0, 0);
	assert_int_equal(b->nchildren, 0);
	/* toplevel: span cpu 15-0, wall 30-0; excl = span - incl(A) = 0 */
	CHECK_TOP(f, 15, 0, 30, 0);
	assert_int_equal(f->p.ntop_children, 1);
	CHECK_E(f, f->p.top_children, f->p.ntop_children, "A", 1, 15, 30, 0, 0, 0);
	/* methods by incl wall: A 30, B 10, C 7 */
	assert_int_equal(f->p.norder, 3);
	assert_int_equal(f->p.order[0], trace_find_method(&f->tr, sym_id(f, "A")));
	assert_int_equal(f->p.order[1], trace_find_method(&f->tr, sym_id(f, "B")));
	assert_int_equal(f->p.order[2], trace_find_method(&f->tr, sym_id(f, "C")));
	assert_int_equal(f->tr.records, 10);
	assert_int_equal(thread(f, 1)->records, 10);
	assert_int_equal(tu_warn(&f->tr, TV_W_LOST_EXIT), 0);
	assert_int_equal(tu_warn(&f->tr, TV_W_ORPHAN_EXIT), 0);
}

/* Toplevel excl: time on the root between top-level calls, two threads. */
static void test_toplevel(void **state)
{
	struct fx *f = fx_run(state,
		"thread 1 main\nthread 2 worker\n"
		"1 > A 10 100\n"
		"2 > B 0 50\n"
		"1 < A 14 110\n"   /* A: cpu 4, wall 10 */
		"2 < B 3 60\n"     /* B: cpu 3, wall 10 */
		"1 > A 20 120\n"
		"1 < A 21 125\n"   /* A: cpu 1, wall 5 */
		"2 > 0x9000 5 70\n",  /* unknown method, open at end: 0 long */
		NULL);
	/* spans: t1 cpu 21-10=11, wall 125-100=25; t2 cpu 5-0=5, wall 70-50=20
	 * incl = 11+5=16, 25+20=45
	 * excl = (11-(4+1)) + (5-(3+0)) = 6+2 = 8; (25-(10+5)) + (20-(10+0)) = 10+10 = 20 */
	CHECK_TOP(f, 16, 8, 45, 20);
	CHECK_M(f, "A", 2, 0, 5, 5, 15, 15);
	CHECK_M(f, "B", 1, 0, 3, 3, 10, 10);
	CHECK_M(f, "0x9000", 1, 0, 0, 0, 0, 0);
	assert_int_equal(trace_thread_span(thread(f, 1), TV_CPU), 11);
	assert_int_equal(trace_thread_span(thread(f, 2), TV_WALL), 20);
	/* toplevel children: A (2 calls), B, 0x9000 */
	assert_int_equal(f->p.ntop_children, 3);
	CHECK_E(f, f->p.top_children, f->p.ntop_children, "A", 2, 5, 15, 0, 0, 0);
	NAME_IS(f, 1, "main");
	NAME_IS(f, 2, "worker");
	assert_int_equal(f->p.nthreads, 2);
}

/* Rule 2: exit of an open method that is not on top: the calls above it
 * lost their exits and end at that time. */
static void test_skip_frames(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > B 1 2\n"
		"1 > C 2 4\n"
		"1 < A 10 20\n",   /* C and B end at (10,20), then A */
		NULL);
	/* A 10/20, B 9/18, C 8/16; excl A 10-9=1, 20-18=2; B 9-8=1, 18-16=2 */
	CHECK_M(f, "A", 1, 0, 10, 1, 20, 2);
	CHECK_M(f, "B", 1, 0, 9, 1, 18, 2);
	CHECK_M(f, "C", 1, 0, 8, 8, 16, 16);
	CHECK_E(f, pm(f, "B")->children, pm(f, "B")->nchildren, "C", 1, 8, 16, 0, 0, 0);
	assert_int_equal(tu_warn(&f->tr, TV_W_LOST_EXIT), 2);
	assert_int_equal(tu_warn(&f->tr, TV_W_ORPHAN_EXIT), 0);
}

/* Rule 2 picks the topmost open call of M. */
static void test_skip_to_topmost(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0\n1 > B 1\n1 > A 2\n1 > C 3\n"
		"1 < A 5\n"        /* inner A (topmost) ends at 5; C lost its exit: 3..5 */
		"1 < B 6\n1 < A 7\n", NULL);
	/* outer A 0..7 = 7; B 1..6 = 5; inner A 2..5 = 3 (recursive); C = 2
	 * A: incl 7 (outer only), excl (7-5)+(3-2) = 3; B excl 5-3 = 2 */
	CHECK_M(f, "A", 1, 1, 7, 3, 7, 3);
	CHECK_M(f, "B", 1, 0, 5, 2, 5, 2);
	CHECK_M(f, "C", 1, 0, 2, 2, 2, 2);
	assert_int_equal(tu_warn(&f->tr, TV_W_LOST_EXIT), 1);
}

/* ------------------------------------------------------------ rule 3 */

/* An orphan exit adopts every earlier root child. */
static void test_orphan_adopts(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 10 100\n"
		"1 < A 20 120\n"   /* A: 10/20 */
		"1 > B 30 130\n"
		"1 < B 35 140\n"   /* B: 5/10 */
		"1 < X 50 160\n"   /* X from the first time (10,100) to (50,160) */
		"1 > C 60 170\n"
		"1 < C 70 180\n",  /* C: 10/10, a root child after X */
		NULL);
	/* X: incl 40/60, excl 40-(10+5)=25, 60-(20+10)=30 */
	CHECK_M(f, "X", 1, 0, 40, 25, 60, 30);
	CHECK_M(f, "A", 1, 0, 10, 10, 20, 20);
	CHECK_M(f, "B", 1, 0, 5, 5, 10, 10);
	CHECK_M(f, "C", 1, 0, 10, 10, 10, 10);
	const struct prof_method *x = pm(f, "X");
	assert_int_equal(x->nchildren, 2);
	CHECK_E(f, x->children, x->nchildren, "A", 1, 10, 20, 0, 0, 0);
	CHECK_E(f, x->children, x->nchildren, "B", 1, 5, 10, 0, 0, 0);
	CHECK_E(f, pm(f, "A")->parents, pm(f, "A")->nparents, "X", 1, 10, 20, 0, 0, 0);
	assert_int_equal(pm(f, "A")->nparents, 1);
	assert_int_equal(f->p.ntop_children, 2);   /* X and C */
	CHECK_E(f, f->p.top_children, f->p.ntop_children, "X", 1, 40, 60, 0, 0, 0);
	CHECK_E(f, f->p.top_children, f->p.ntop_children, "C", 1, 10, 10, 0, 0, 0);
	/* span cpu 70-10=60, wall 180-100=80; excl 60-(40+10)=10, 80-(60+10)=10 */
	CHECK_TOP(f, 60, 10, 80, 10);
	assert_int_equal(tu_warn(&f->tr, TV_W_ORPHAN_EXIT), 1);
}

/* Orphan exits at the start (Dalvik): each wraps the ones before. */
static void test_orphan_chain(void **state)
{
	struct fx *f = fx_run(state,
		"1 < X 5 50\n"     /* X: first time to now: 0/0 */
		"1 < Y 8 60\n"     /* Y: (5,50)..(8,60) = 3/10, adopts X */
		"1 > A 9 61\n"
		"1 < A 12 70\n",   /* A: 3/9 */
		NULL);
	CHECK_M(f, "X", 1, 0, 0, 0, 0, 0);
	CHECK_M(f, "Y", 1, 0, 3, 3, 10, 10);
	CHECK_M(f, "A", 1, 0, 3, 3, 9, 9);
	CHECK_E(f, pm(f, "X")->parents, pm(f, "X")->nparents, "Y", 1, 0, 0, 0, 0, 0);
	/* span 12-5=7, 70-50=20; excl 7-(3+3)=1, 20-(10+9)=1 */
	CHECK_TOP(f, 7, 1, 20, 1);
	assert_int_equal(f->p.ntop_children, 2);
	assert_int_equal(tu_warn(&f->tr, TV_W_ORPHAN_EXIT), 2);
}

/* An orphan exit while calls are open closes them, then adopts. */
static void test_orphan_open(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > B 2 4\n"
		"1 < X 5 10\n"     /* B, A end at (5,10); X (0,0)..(5,10) adopts A */
		"1 > C 6 12\n"
		"1 < C 8 15\n",
		NULL);
	/* A 5/10, excl 5-3=2, 10-6=4; B 3/6; X 5/10 excl 0; C 2/3 */
	CHECK_M(f, "A", 1, 0, 5, 2, 10, 4);
	CHECK_M(f, "B", 1, 0, 3, 3, 6, 6);
	CHECK_M(f, "X", 1, 0, 5, 0, 10, 0);
	CHECK_M(f, "C", 1, 0, 2, 2, 3, 3);
	CHECK_E(f, pm(f, "X")->children, pm(f, "X")->nchildren, "A", 1, 5, 10, 0, 0, 0);
	CHECK_E(f, pm(f, "A")->children, pm(f, "A")->nchildren, "B", 1, 3, 6, 0, 0, 0);
	/* span 8/15; excl 8-(5+2)=1, 15-(10+3)=2 */
	CHECK_TOP(f, 8, 1, 15, 2);
	assert_true(tu_warn(&f->tr, TV_W_ORPHAN_EXIT) >= 1);
}

/* Recursion is judged in the final tree: an adopted call of the same
 * method becomes recursive. */
static void test_orphan_recursion(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0\n1 < A 2\n"   /* A1: 0..2 */
		"1 < A 5\n",           /* A not open: A2 0..5 adopts A1 */
		NULL);
	/* A: calls 1 (A2), recursive 1 (A1); incl 5; excl (5-2)+2 = 5 */
	CHECK_M(f, "A", 1, 1, 5, 5, 5, 5);
	/* A1 as A's child is plain (its parent call A2 is not recursive); as
	 * A's parent edge it is "while recursive" (A1 itself is recursive). */
	CHECK_E(f, pm(f, "A")->children, pm(f, "A")->nchildren, "A", 1, 2, 2, 0, 0, 0);
	CHECK_E(f, pm(f, "A")->parents, pm(f, "A")->nparents, "A", 0, 0, 0, 1, 2, 2);
	CHECK_E(f, pm(f, "A")->parents, pm(f, "A")->nparents, TOP, 1, 5, 5, 0, 0, 0);
}

/* ------------------------------------------------------------ rule 4 */

static void test_open_at_end(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > B 3 5\n"
		"1 < B 4 7\n"      /* B: 1/2 */
		"2 > D 100 200\n"
		"1 > C 6 9\n"      /* C open: ends at thread 1's last time (6,9): 0/0 */
		"2 > E 110 220\n", /* thread 2 ends at (110,220) */
		NULL);
	/* A: (0,0)..(6,9) = 6/9, excl 6-1-0=5, 9-2-0=7 */
	CHECK_M(f, "A", 1, 0, 6, 5, 9, 7);
	CHECK_M(f, "B", 1, 0, 1, 1, 2, 2);
	CHECK_M(f, "C", 1, 0, 0, 0, 0, 0);
	/* D: 10/20 (excl too: E is 0 long) */
	CHECK_M(f, "D", 1, 0, 10, 10, 20, 20);
	CHECK_M(f, "E", 1, 0, 0, 0, 0, 0);
	/* spans 6+10=16, 9+20=29; every root child covers its thread: excl 0 */
	CHECK_TOP(f, 16, 0, 29, 0);
}

/* ------------------------------------------------------------ actions */

static void test_unroll(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > B 1 2\n"
		"1 ! B 4 8\n"      /* unroll ends B: 3/6 */
		"1 ! A 6 12\n",    /* A: 6/12, excl 3/6 */
		NULL);
	CHECK_M(f, "A", 1, 0, 6, 3, 12, 6);
	CHECK_M(f, "B", 1, 0, 3, 3, 6, 6);
	assert_int_equal(tu_warn(&f->tr, TV_W_LOST_EXIT), 0);
	assert_int_equal(tu_warn(&f->tr, TV_W_ORPHAN_EXIT), 0);
}

static void test_action3(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 ? B 2 4\n"      /* ignored: B is not entered */
		"1 > B 3 5\n"
		"1 ? A 4 6\n"      /* ignored: A is not exited */
		"1 < B 5 7\n"      /* B: 2/2 */
		"1 < A 8 10\n",    /* A: 8/10, excl 6/8 */
		NULL);
	CHECK_M(f, "A", 1, 0, 8, 6, 10, 8);
	CHECK_M(f, "B", 1, 0, 2, 2, 2, 2);
	assert_int_equal(tu_warn(&f->tr, TV_W_ACTION3), 2);
	assert_int_equal(f->tr.records, 6);
	assert_int_equal(tu_warn(&f->tr, TV_W_ORPHAN_EXIT), 0);
}

/* ------------------------------------------------------------ recursion */

static void test_recursion_direct(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > A 1 2\n"
		"1 > A 2 4\n"
		"1 < A 4 8\n"      /* inner: 2/4 */
		"1 < A 6 12\n"     /* middle: 5/10 */
		"1 < A 9 18\n",    /* outer: 9/18 */
		NULL);
	/* calls 1, recursive 2; incl = outer only = 9/18
	 * excl = outer (9-5, 18-10) + middle (5-2, 10-4) + inner (2, 4)
	 *      = 4+3+2 = 9, 8+6+4 = 18 */
	CHECK_M(f, "A", 1, 2, 9, 9, 18, 18);
	const struct prof_method *a = pm(f, "A");
	/* A->A holds the middle and inner calls, both recursive: as A's
	 * parents both are "while recursive" (cpu 5+2=7, wall 10+4=14); as A's
	 * children they split by their parent call: the middle one under the
	 * outer (not recursive) is plain 5/10, the inner one under the middle
	 * (recursive) is "while recursive" 2/4. */
	CHECK_E(f, a->children, a->nchildren, "A", 1, 5, 10, 1, 2, 4);
	CHECK_E(f, a->parents, a->nparents, "A", 0, 0, 0, 2, 7, 14);
	CHECK_E(f, a->parents, a->nparents, TOP, 1, 9, 18, 0, 0, 0);
	assert_int_equal(a->nparents, 2);
	assert_int_equal(a->nchildren, 1);
}

static void test_recursion_indirect(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n"
		"1 > B 1 1\n"
		"1 > A 2 3\n"
		"1 < A 5 7\n"      /* inner A: 3/4, recursive */
		"1 < B 7 10\n"     /* B: 6/9, excl 3/5 */
		"1 < A 10 15\n",   /* outer A: 10/15, excl 10-6=4, 15-9=6 */
		NULL);
	/* A: incl 10/15 (outer only); excl 4+3=7, 6+4=10 */
	CHECK_M(f, "A", 1, 1, 10, 7, 15, 10);
	CHECK_M(f, "B", 1, 0, 6, 3, 9, 5);
	const struct prof_method *a = pm(f, "A");
	/* the inner A is recursive: its parent edge from B is "while recursive" */
	CHECK_E(f, a->parents, a->nparents, "B", 0, 0, 0, 1, 3, 4);
	CHECK_E(f, a->parents, a->nparents, TOP, 1, 10, 15, 0, 0, 0);
	/* sorted by incl wall: toplevel (15) before B (4) */
	assert_int_equal(a->parents[0].method, PROF_TOPLEVEL);
	CHECK_E(f, a->children, a->nchildren, "B", 1, 6, 9, 0, 0, 0);
	/* ... but plain as B's child: the B call above it is not recursive */
	CHECK_E(f, pm(f, "B")->children, pm(f, "B")->nchildren, "A", 1, 3, 4, 0, 0, 0);
}

/* Both halves of every edge with direct and indirect recursion, and calls
 * made under recursive calls:
 *   A1 (0,0)..(20,40)
 *     B1 (1,3)..(12,25)
 *       A2 (2,5)..(10,20)         recursive (A1 above it)
 *         A3 (3,6)..(7,14)        recursive
 *           C1 (4,10)..(6,13)     parent call A3 is recursive
 *         C2 (8,17)..(9,18)       parent call A2 is recursive
 *     C3 (13,26)..(16,33)         parent call A1 is not
 * incl cpu/wall: A1 20/40, B1 11/22, A2 8/15, A3 4/8, C1 2/3, C2 1/1, C3 3/7.
 * A: 1+2 calls, incl 20/40 (A1), excl A1 20-11-3=6, 40-22-7=11; A2 8-4-1=3,
 *    15-8-1=6; A3 4-2=2, 8-3=5: 11/22. B: 1+0, 11/22, excl 3/7.
 * C: 3+0 (no C above any C), incl = excl = 2+1+3=6, 3+1+7=11.
 * A's parents, by A's own recursion: toplevel plain 1 (A1 20/40); B
 *   recursive 1 (A2 8/15); A recursive 1 (A3 4/8). Σ plain = 1 call, 20/40
 *   = A's calls and incl; Σ recursive calls 2 = A's.
 * A's children, by the recursion of A's call above them: B plain 1 (under
 *   A1: 11/22); C plain 1 (C3 3/7) and recursive 2 (C1 + C2: 3/4); A
 *   recursive 1 (A3 under A2: 4/8). Σ plain incl 14/29 <= 20/40.
 * B's parents: A plain 1 (11/22). B's children: A plain 1 (A2 8/15; B1 is
 *   not recursive, though A2 is). C's parents: A plain 3 (6/11). */
static void test_recursion_split(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0 0\n1 > B 1 3\n1 > A 2 5\n1 > A 3 6\n"
		"1 > C 4 10\n1 < C 6 13\n"
		"1 < A 7 14\n"
		"1 > C 8 17\n1 < C 9 18\n"
		"1 < A 10 20\n1 < B 12 25\n"
		"1 > C 13 26\n1 < C 16 33\n"
		"1 < A 20 40\n", NULL);
	CHECK_M(f, "A", 1, 2, 20, 11, 40, 22);
	CHECK_M(f, "B", 1, 0, 11, 3, 22, 7);
	CHECK_M(f, "C", 3, 0, 6, 6, 11, 11);
	CHECK_TOP(f, 20, 0, 40, 0);
	const struct prof_method *a = pm(f, "A"), *b = pm(f, "B"), *c = pm(f, "C");
	assert_int_equal(a->nparents, 3);
	CHECK_E(f, a->parents, a->nparents, TOP, 1, 20, 40, 0, 0, 0);
	CHECK_E(f, a->parents, a->nparents, "B", 0, 0, 0, 1, 8, 15);
	CHECK_E(f, a->parents, a->nparents, "A", 0, 0, 0, 1, 4, 8);
	assert_int_equal(a->nchildren, 3);
	CHECK_E(f, a->children, a->nchildren, "B", 1, 11, 22, 0, 0, 0);
	CHECK_E(f, a->children, a->nchildren, "C", 1, 3, 7, 2, 3, 4);
	CHECK_E(f, a->children, a->nchildren, "A", 0, 0, 0, 1, 4, 8);
	assert_int_equal(b->nparents, 1);
	CHECK_E(f, b->parents, b->nparents, "A", 1, 11, 22, 0, 0, 0);
	assert_int_equal(b->nchildren, 1);
	CHECK_E(f, b->children, b->nchildren, "A", 1, 8, 15, 0, 0, 0);
	assert_int_equal(c->nparents, 1);
	CHECK_E(f, c->parents, c->nparents, "A", 3, 6, 11, 0, 0, 0);
	assert_int_equal(c->nchildren, 0);
	assert_int_equal(f->p.ntop_children, 1);
	CHECK_E(f, f->p.top_children, f->p.ntop_children, "A", 1, 20, 40, 0, 0, 0);
	/* Order: plain incl (wall), then recursive incl, then id. A's parents:
	 * toplevel, then B (recursive 15) before A (8) although A's id is the
	 * lower; A's children: B 22, C 7, A 0. */
	uint32_t ia = trace_find_method(&f->tr, sym_id(f, "A"));
	uint32_t ib = trace_find_method(&f->tr, sym_id(f, "B"));
	uint32_t ic = trace_find_method(&f->tr, sym_id(f, "C"));
	assert_true(sym_id(f, "A") < sym_id(f, "B"));
	assert_int_equal(a->parents[0].method, PROF_TOPLEVEL);
	assert_int_equal(a->parents[1].method, ib);
	assert_int_equal(a->parents[2].method, ia);
	assert_int_equal(a->children[0].method, ib);
	assert_int_equal(a->children[1].method, ic);
	assert_int_equal(a->children[2].method, ia);

	/* One clock, the same split (CPU numbers above). */
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_THREAD_CPU};
	fx_build(f, &o, NULL);
	CHECK_E(f, pm(f, "A")->children, pm(f, "A")->nchildren, "C", 1, 3, NA, 2, 3, NA);
	CHECK_E(f, pm(f, "A")->parents, pm(f, "A")->nparents, "B", 0, 0, NA, 1, 8, NA);
}

/* ------------------------------------------------------------ thread names */

static void test_unknown_method(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0\n1 > 0x500 1\n1 < 0x500 3\n1 < A 4\n", NULL);
	uint32_t i = trace_find_method(&f->tr, 0x500);
	assert_int_not_equal(i, IDMAP_NONE);
	const struct tv_method *m = &f->tr.methods[i];
	assert_int_equal(m->declared, 0);
	assert_null(trace_str(&f->tr, m->cls));
	assert_null(trace_str(&f->tr, m->name));
	assert_null(trace_str(&f->tr, m->sig));
	assert_null(trace_str(&f->tr, m->source));
	CHECK_M(f, "0x500", 1, 0, 2, 2, 2, 2);
	CHECK_M(f, "A", 1, 0, 4, 2, 4, 2);
	assert_int_equal(tu_warn(&f->tr, TV_W_UNKNOWN_METHOD), 1);
	/* a declared method keeps its line */
	const struct tv_method *a = &f->tr.methods[trace_find_method(&f->tr, tg_id(f->tg, "A"))];
	assert_true(a->declared);
	STR_IS(f, a->name, "A");
}

static void test_unknown_thread(void **state)
{
	struct fx *f = fx_run(state,
		"thread 1 main\n"
		"1 > A 0\n1 < A 1\n"
		"5 > A 0\n5 < A 2\n", NULL);
	NAME_IS(f, 1, "main");
	NAME_IS(f, 5, NULL);
	CHECK_M(f, "A", 2, 0, 3, 3, 3, 3);
}

/* 16-bit record ids: a *threads line above 65535 matches id % 65536. */
static void test_tid16(void **state)
{
	struct fx *f = fx_run(state,
		"thread 1 main\n"
		"thread 70000 worker\n"           /* 70000 % 65536 = 4464 */
		"thread 4465 exact\n"
		"thread 70001 shadowed\n"         /* 70001 % 65536 = 4465, but 4465 matches first */
		"thread 200000 a\nthread 265536 b\n"  /* both % 65536 = 3392 */
		"70000 > A 0\n70000 < A 1\n"      /* written as tid 4464 */
		"4465 > A 0\n4465 < A 1\n"
		"3392 > A 0\n3392 < A 1\n", NULL);
	assert_int_equal(trace_find_thread(&f->tr, 70000), IDMAP_NONE);
	NAME_IS(f, 4464, "worker");
	NAME_IS(f, 4465, "exact");
	NAME_IS(f, 3392, NULL);   /* two candidates: no name */
}

/* ------------------------------------------------------------ time */

static void test_wrap(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0xFFFFFF00 0xFFFFFFF0\n"
		"1 < A 0x100 0x10\n"          /* far below: +2^32 */
		"2 > B 0 0\n"
		"2 > C 0x80000000 0x80000000\n"   /* a forward step of 2^31 */
		"2 < C 0xF0000000 0xF0000000\n"
		"2 > D 0x10 0x10\n"           /* 0xEFFFFFF0 below: wrap, 2^32 + 0x10 */
		"2 < D 0x20 0x20\n"
		"2 < B 0x30 0x30\n"           /* 2^32 + 0x30 */
		"3 > E 0x80000000\n3 < E 0\n"   /* exactly 2^31 below: clamped */
		"4 > F 0x80000001\n4 < F 0\n",  /* 2^31 + 1 below: wrap */
		NULL);
	/* A: 2^32 + 0x100 - 0xFFFFFF00 = 0x200 = 512; wall 2^32 + 0x10 - 0xFFFFFFF0 = 32 */
	CHECK_M(f, "A", 1, 0, 512, 512, 32, 32);
	/* B: 2^32 + 0x30 = 4294967344; C: 0xF0000000 - 0x80000000 = 1879048192;
	 * D: 16; B excl 4294967344 - 1879048192 - 16 = 2415919136 */
	CHECK_M(f, "B", 1, 0, 4294967344u, 2415919136u, 4294967344u, 2415919136u);
	CHECK_M(f, "C", 1, 0, 1879048192u, 1879048192u, 1879048192u, 1879048192u);
	CHECK_M(f, "D", 1, 0, 16, 16, 16, 16);
	CHECK_M(f, "E", 1, 0, 0, 0, 0, 0);
	/* F: 2^32 - 0x80000001 = 0x7FFFFFFF */
	CHECK_M(f, "F", 1, 0, 2147483647u, 2147483647u, 2147483647u, 2147483647u);
	assert_int_equal(trace_thread_span(thread(f, 2), TV_WALL), 4294967344u);
}

static void test_clamp(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 100 1000\n"
		"1 > B 90 990\n"    /* 10 back: clamped to (100, 1000) */
		"1 < B 110 1010\n"  /* B: 10/10 */
		"1 < A 120 1020\n", /* A: 20/20, excl 10/10 */
		NULL);
	CHECK_M(f, "A", 1, 0, 20, 10, 20, 10);
	CHECK_M(f, "B", 1, 0, 10, 10, 10, 10);
	CHECK_TOP(f, 20, 0, 20, 0);
	assert_true(tu_warn(&f->tr, TV_W_TIME_BACKWARDS) >= 1);
}

/* ------------------------------------------------------------ thread filter */

static void test_thread_filter(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg,
		"1 > A 0 0\n1 > B 1 1\n1 < B 3 3\n1 < A 4 4\n"         /* A 4/4 excl 2/2; B 2/2 */
		"2 > A 10 100\n2 > C 12 103\n2 < C 13 107\n2 < A 20 110\n"), 0);
	/* thread 2: A 10/10, excl 10-1=9, 10-4=6; C 1/4 */
	fx_build(f, NULL, NULL);
	/* all: A 2 calls, 14/14, excl 2+9=11, 2+6=8 */
	CHECK_M(f, "A", 2, 0, 14, 11, 14, 8);
	CHECK_TOP(f, 14, 0, 14, 0);
	assert_int_equal(f->p.norder, 3);

	uint32_t tid = 2;
	fx_build(f, NULL, &tid);
	assert_true(f->p.filtered);
	assert_int_equal(f->p.tid, 2);
	assert_int_equal(f->p.nthreads, 1);
	CHECK_M(f, "A", 1, 0, 10, 9, 10, 6);
	CHECK_M(f, "C", 1, 0, 1, 1, 4, 4);
	CHECK_M(f, "B", 0, 0, 0, 0, 0, 0);
	assert_int_equal(f->p.norder, 2);   /* B has no call in thread 2 */
	CHECK_TOP(f, 10, 0, 10, 0);
	assert_int_equal(f->tr.records, 8);  /* the file, whatever the filter */

	struct profile p;
	struct tv_error err = {0};
	tid = 99;
	assert_int_equal(profile_build(&p, &f->tr, &tid, &err), TV_ERR_NO_THREAD);
	profile_free(&p);   /* the header does not say failure frees */
}

/* A set of threads (--thread repeated or a glob): every number over the
 * selected threads together, as over all of them (docs/numbers.md,
 * "Numbers"). Thread 1 "main": A [0,4] holds B [1,3] (both clocks);
 * thread 2 "worker-a": A [10,20]/[100,110] holds C [12,13]/[103,107];
 * thread 3 "worker-b": A [0,6]/[0,8] holds A [1,2]/[1,3] (recursive).
 * Over {1, 3}: A 2 calls + 1 recursive, incl (non-recursive only)
 * 4+6 = 10 cpu, 4+8 = 12 wall; excl 2 + (5+1) = 8 cpu, 2 + (6+2) = 10
 * wall; B 1 call 2/2; C none; toplevel incl = the spans 4+6, 4+8, excl
 * 0 (A fills each thread). */
static void test_thread_set(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg,
		"thread 1 main\nthread 2 worker-a\nthread 3 worker-b\n"
		"1 > A 0 0\n1 > B 1 1\n1 < B 3 3\n1 < A 4 4\n"
		"2 > A 10 100\n2 > C 12 103\n2 < C 13 107\n2 < A 20 110\n"
		"3 > A 0 0\n3 > A 1 1\n3 < A 2 3\n3 < A 6 8\n"), 0);
	fx_build(f, NULL, NULL);
	const uint32_t t13[] = {1, 3}, t99[] = {99};
	struct trace_sel sel = {t13, 2};
	struct tv_error err = {0};
	profile_free(&f->p);
	assert_int_equal(profile_build_set(&f->p, &f->tr, &sel, &err), TV_OK);
	assert_false(f->p.filtered);       /* several threads: no single tid */
	assert_int_equal(f->p.nthreads, 2);
	CHECK_M(f, "A", 2, 1, 10, 8, 12, 10);
	CHECK_M(f, "B", 1, 0, 2, 2, 2, 2);
	CHECK_M(f, "C", 0, 0, 0, 0, 0, 0);
	CHECK_TOP(f, 10, 0, 12, 0);
	assert_int_equal(f->p.norder, 2);

	struct pathtree t;
	assert_int_equal(pathtree_build_set(&t, &f->tr, &sel, TV_WALL, &err), TV_OK);
	assert_int_equal(t.nthreads, 2);
	assert_int_equal(t.nodes[0].incl[TV_WALL], 12);
	assert_int_equal(t.nodes[0].calls, 2);   /* one root per thread */
	pathtree_free(&t);

	struct methodcalls c;
	struct methodcalls_axis ax;
	uint8_t *want = calloc(f->tr.nmethods, 1);
	assert_non_null(want);
	want[trace_find_method(&f->tr, sym_id(f, "A"))] = 1;
	methodcalls_axis_of(&f->tr, &ax);
	assert_int_equal(methodcalls_collect_set(&c, &f->tr, want, &sel, &ax, &err), TV_OK);
	assert_int_equal(c.nrows, 3);            /* 1's A, 3's A and its inner A */
	for (size_t i = 0; i < c.nrows; i++)
		assert_int_not_equal(f->tr.threads[c.rows[i].thread].tid, 2);
	methodcalls_free(&c);

	sel = (struct trace_sel){t99, 1};
	assert_int_equal(methodcalls_collect_set(&c, &f->tr, want, &sel, &ax, &err),
	                 TV_ERR_NO_THREAD);
	methodcalls_free(&c);
	free(want);
	struct profile p;
	assert_int_equal(profile_build_set(&p, &f->tr, &sel, &err), TV_ERR_NO_THREAD);
	assert_string_equal(err.detail, "99");
	profile_free(&p);
	assert_true(trace_sel_has(NULL, 2));
	assert_false(trace_sel_has(&sel, 2));
}

/* --thread's words: a glob names every thread whose whole name matches,
 * a plain word keeps the old rules (tid, exact name, then prefix); an
 * exact name shared by several threads names them all, a prefix of
 * several is ambiguous. */
static void test_match_threads(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg,
		"thread 1 main\nthread 2 worker-a\nthread 3 worker-b\nthread 4 w*x\n"
		"thread 5 twin\nthread 6 twin\n"
		"1 > A 0 0\n1 < A 1 1\n2 > A 0 0\n2 < A 1 1\n3 > A 0 0\n3 < A 1 1\n"
		"4 > A 0 0\n4 < A 1 1\n5 > A 0 0\n5 < A 1 1\n6 > A 0 0\n6 < A 1 1\n"), 0);
	fx_build(f, NULL, NULL);
	uint32_t idx[8];
	int all;
	assert_int_equal(match_threads(&f->tr, "worker-*", idx, 8, &all), 2);
	assert_true(all);
	assert_int_equal(f->tr.threads[idx[0]].tid, 2);
	assert_int_equal(f->tr.threads[idx[1]].tid, 3);
	assert_int_equal(match_threads(&f->tr, "*", idx, 8, &all), 6);
	assert_int_equal(match_threads(&f->tr, "*-b", idx, 8, &all), 1);
	assert_int_equal(f->tr.threads[idx[0]].tid, 3);
	assert_int_equal(match_threads(&f->tr, "w*x", idx, 8, &all), 1);   /* '*' matches '*' */
	assert_int_equal(match_threads(&f->tr, "Worker*", idx, 8, &all), 0);   /* case */
	assert_int_equal(match_threads(&f->tr, "worker", idx, 8, &all), 2);   /* a prefix */
	assert_false(all);                                   /* of two: ambiguous */
	assert_int_equal(match_threads(&f->tr, "twin", idx, 8, &all), 2);   /* a shared name */
	assert_true(all);
	assert_int_equal(match_threads(&f->tr, "tw", idx, 8, &all), 2);
	assert_false(all);
	assert_int_equal(match_threads(&f->tr, "3", idx, 8, &all), 1);
	assert_int_equal(f->tr.threads[idx[0]].tid, 3);
}

/* ------------------------------------------------------------ clocks */

static const char nest[] =
	"1 > A 0 10\n1 > B 5 20\n1 < B 15 40\n1 < A 20 50\n";
/* cpu: A 20, B 10, A excl 10; wall: A 40, B 20, A excl 20 */

static void check_clock(void **state, const struct tg_opts *o, enum tv_clock_kind kind,
                        int cpu, int wall)
{
	struct fx *f = *state;
	fx_build(f, o, NULL);
	assert_int_equal(f->tr.clock, kind);
	assert_int_equal(f->tr.has_clock[TV_CPU], cpu);
	assert_int_equal(f->tr.has_clock[TV_WALL], wall);
	CHECK_M(f, "A", 1, 0, cpu ? 20 : NA, cpu ? 10 : NA, wall ? 40 : NA, wall ? 20 : NA);
	CHECK_M(f, "B", 1, 0, cpu ? 10 : NA, cpu ? 10 : NA, wall ? 20 : NA, wall ? 20 : NA);
	CHECK_TOP(f, cpu ? 20 : NA, cpu ? 0 : NA, wall ? 40 : NA, wall ? 0 : NA);
}

static void test_clocks(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, nest), 0);
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_THREAD_CPU};
	check_clock(state, &o, TV_CLOCK_THREAD_CPU, 1, 0);
	o.clock = TG_CLOCK_WALL;
	check_clock(state, &o, TV_CLOCK_WALL, 0, 1);
	o.clock = TG_CLOCK_GLOBAL;
	o.version = 1;
	check_clock(state, &o, TV_CLOCK_GLOBAL, 0, 1);
	o.clock = TG_CLOCK_DUAL;
	o.version = 3;
	check_clock(state, &o, TV_CLOCK_DUAL, 1, 1);
	/* no clock key: v3 -> dual, v2 and v1 -> thread-cpu */
	o.clock = TG_CLOCK_NONE;
	check_clock(state, &o, TV_CLOCK_DUAL, 1, 1);
	o.version = 2;
	check_clock(state, &o, TV_CLOCK_THREAD_CPU, 1, 0);
	o.version = 1;
	check_clock(state, &o, TV_CLOCK_THREAD_CPU, 1, 0);
}

/* ------------------------------------------------------------ families */

/* Two named threads, declared methods, nesting, an orphan exit, an unroll,
 * recursion and a call open at the end. */
static const char mixed[] =
	"thread 1 main\nthread 2 worker\n"
	"method A 0x4 com.example.App onCreate ()V App.java\n"
	"method B 0x8 com.example.App load (I)I App.java\n"
	"method C 0xc java.lang.Object wait ()V Object.java\n"
	"method D 0x10 com.example.Net fetch ()V -\n"
	"1 > A 0 0\n"
	"1 > B 2 3\n"
	"2 < C 50 500\n"      /* orphan: C (50,500)..(50,500) = 0/0 */
	"1 > B 4 6\n"         /* recursive B */
	"1 < B 7 10\n"        /* inner B: 3/4 */
	"2 > D 52 510\n"
	"1 ! B 9 13\n"        /* outer B: 7/10, excl 4/6 */
	"2 < D 60 530\n"      /* D: 8/20 */
	"1 < A 12 20\n"       /* A: 12/20, excl 5/10 */
	"2 > A 61 540\n";     /* open at end: 0/0 */
/* totals: A calls 2 (both non-recursive), incl 12/20, excl 5/10
 *         B calls 1 + 1 recursive, incl 7/10, excl 4+3=7, 6+4=10
 *         C 0/0, D 8/20
 * top: t1 span 12/20, excl 0; t2 span 61-50=11, 540-500=40,
 *      excl 11-(0+8+0)=3, 40-(0+20+0)=20 -> incl 23/60, excl 3/20 */

static void check_mixed(struct fx *f)
{
	CHECK_M(f, "A", 2, 0, 12, 5, 20, 10);
	CHECK_M(f, "B", 1, 1, 7, 7, 10, 10);
	CHECK_M(f, "C", 1, 0, 0, 0, 0, 0);
	CHECK_M(f, "D", 1, 0, 8, 8, 20, 20);
	CHECK_TOP(f, 23, 3, 60, 20);
	CHECK_E(f, pm(f, "B")->parents, pm(f, "B")->nparents, "B", 0, 0, 0, 1, 3, 4);
	CHECK_E(f, pm(f, "B")->parents, pm(f, "B")->nparents, "A", 1, 7, 10, 0, 0, 0);
	NAME_IS(f, 1, "main");
	NAME_IS(f, 2, "worker");
	const struct tv_method *d = &f->tr.methods[trace_find_method(&f->tr, 0x10)];
	STR_IS(f, d->cls, "com.example.Net");
	STR_IS(f, d->name, "fetch");
	assert_int_equal(f->tr.records, 10);
}

static void run_family(void **state, const struct tg_opts *o, unsigned version, int streaming)
{
	struct fx *f = *state;
	if (tg_nrecords(f->tg) == 0)
		assert_int_equal(tg_script(f->tg, mixed), 0);
	fx_build(f, o, NULL);
	assert_int_equal(f->tr.version, version);
	assert_int_equal(f->tr.streaming, streaming);
	assert_int_equal(f->tr.clock, TV_CLOCK_DUAL);
	check_mixed(f);
}

static void test_family_v1(void **state)
{
	struct tg_opts o = {.version = 3};
	run_family(state, &o, 3, 0);
}

static void test_family_v1_crlf_dalvik(void **state)
{
	struct tg_opts o = {.crlf = 1, .shape = TG_LINE_DALVIK6, .id_style = TG_ID_08X,
	                    .vm = "dalvik"};
	run_family(state, &o, 3, 0);
}

static void test_family_f3(void **state)
{
	struct tg_opts o = {.family = TG_V1_STREAM, .version = 3};
	run_family(state, &o, 3, 1);
}

static void test_family_f3_nosummary(void **state)
{
	struct tg_opts o = {.family = TG_V1_STREAM, .version = 3, .no_summary = 1};
	run_family(state, &o, 3, 1);
}

static void test_family_v2c(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_C};
	run_family(state, &o, 5, 1);
}

static void test_family_v2c_nonstream(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .rev = TG_REV_C};
	run_family(state, &o, 5, 0);
}

static void test_family_v2d(void **state)
{
	/* times written in ns (x1000), read back in µs */
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_D,
	                    .start_time = 5000000000ull};
	run_family(state, &o, 5, 1);
}

static void test_family_v2b(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_B};
	run_family(state, &o, 5, 1);
}

static void test_family_v2a(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_A};
	run_family(state, &o, 5, 1);
}

/* Damage: data-file-overflow=true loads with a warning. */
static void test_overflow(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, nest), 0);
	struct tg_opts o = {.overflow = 1};
	fx_build(f, &o, NULL);
	assert_int_equal(tu_warn(&f->tr, TV_W_OVERFLOW), 1);
	CHECK_M(f, "A", 1, 0, 20, 10, 40, 20);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_nesting),
		T(test_toplevel),
		T(test_skip_frames),
		T(test_skip_to_topmost),
		T(test_orphan_adopts),
		T(test_orphan_chain),
		T(test_orphan_open),
		T(test_orphan_recursion),
		T(test_open_at_end),
		T(test_unroll),
		T(test_action3),
		T(test_recursion_direct),
		T(test_recursion_indirect),
		T(test_recursion_split),
		T(test_unknown_method),
		T(test_unknown_thread),
		T(test_tid16),
		T(test_wrap),
		T(test_clamp),
		T(test_thread_set),
		T(test_match_threads),
		T(test_thread_filter),
		T(test_clocks),
		T(test_family_v1),
		T(test_family_v1_crlf_dalvik),
		T(test_family_f3),
		T(test_family_f3_nosummary),
		T(test_family_v2c),
		T(test_family_v2c_nonstream),
		T(test_family_v2d),
		T(test_family_v2b),
		T(test_family_v2a),
		T(test_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
