/* test_rules.c: docs/numbers.md rule by rule, on small generated traces:
 * the call tree's rules 1-4, the actions, recursion (threads are in
 * test_rules_threads.c, times, clocks and families in test_rules_clocks.c).
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
#include "rulestest.h"
#include "testutil.h"
#include "tracegen.h"

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
	assert_int_equal(b->parents.n, 2);
	CHECK_E(f, &b->parents, "A", 2, 4, 7, 0, 0, 0);
	CHECK_E(f, &b->parents, "C", 1, 2, 3, 0, 0, 0);
	/* parents sorted by incl wall, descending: A (7) before C (3) */
	assert_int_equal(profile_list_at(&b->parents, 0).method, trace_find_method(&f->tr, sym_id(f, "A")));
	assert_int_equal(a->children.n, 2);
	CHECK_E(f, &a->children, "B", 2, 4, 7, 0, 0, 0);
	CHECK_E(f, &a->children, "C", 1, 4, 7, 0, 0, 0);
	CHECK_E(f, &a->parents, TOP, 1, 15, 30, 0, 0, 0);
	CHECK_E(f, &c->children, "B", 1, 2, 3, 0, 0, 0);
	assert_int_equal(b->children.n, 0);
	/* toplevel: span cpu 15-0, wall 30-0; excl = span - incl(A) = 0 */
	CHECK_TOP(f, 15, 0, 30, 0);
	assert_int_equal(f->p.top_children.n, 1);
	CHECK_E(f, &f->p.top_children, "A", 1, 15, 30, 0, 0, 0);
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
	assert_int_equal(f->p.top_children.n, 3);
	CHECK_E(f, &f->p.top_children, "A", 2, 5, 15, 0, 0, 0);
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
	CHECK_E(f, &pm(f, "B")->children, "C", 1, 8, 16, 0, 0, 0);
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
	assert_int_equal(x->children.n, 2);
	CHECK_E(f, &x->children, "A", 1, 10, 20, 0, 0, 0);
	CHECK_E(f, &x->children, "B", 1, 5, 10, 0, 0, 0);
	CHECK_E(f, &pm(f, "A")->parents, "X", 1, 10, 20, 0, 0, 0);
	assert_int_equal(pm(f, "A")->parents.n, 1);
	assert_int_equal(f->p.top_children.n, 2);   /* X and C */
	CHECK_E(f, &f->p.top_children, "X", 1, 40, 60, 0, 0, 0);
	CHECK_E(f, &f->p.top_children, "C", 1, 10, 10, 0, 0, 0);
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
	CHECK_E(f, &pm(f, "X")->parents, "Y", 1, 0, 0, 0, 0, 0);
	/* span 12-5=7, 70-50=20; excl 7-(3+3)=1, 20-(10+9)=1 */
	CHECK_TOP(f, 7, 1, 20, 1);
	assert_int_equal(f->p.top_children.n, 2);
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
	CHECK_E(f, &pm(f, "X")->children, "A", 1, 5, 10, 0, 0, 0);
	CHECK_E(f, &pm(f, "A")->children, "B", 1, 3, 6, 0, 0, 0);
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
	CHECK_E(f, &pm(f, "A")->children, "A", 1, 2, 2, 0, 0, 0);
	CHECK_E(f, &pm(f, "A")->parents, "A", 0, 0, 0, 1, 2, 2);
	CHECK_E(f, &pm(f, "A")->parents, TOP, 1, 5, 5, 0, 0, 0);
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
	CHECK_E(f, &a->children, "A", 1, 5, 10, 1, 2, 4);
	CHECK_E(f, &a->parents, "A", 0, 0, 0, 2, 7, 14);
	CHECK_E(f, &a->parents, TOP, 1, 9, 18, 0, 0, 0);
	assert_int_equal(a->parents.n, 2);
	assert_int_equal(a->children.n, 1);
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
	CHECK_E(f, &a->parents, "B", 0, 0, 0, 1, 3, 4);
	CHECK_E(f, &a->parents, TOP, 1, 10, 15, 0, 0, 0);
	/* sorted by incl wall: toplevel (15) before B (4) */
	assert_int_equal(profile_list_at(&a->parents, 0).method, PROF_TOPLEVEL);
	CHECK_E(f, &a->children, "B", 1, 6, 9, 0, 0, 0);
	/* ... but plain as B's child: the B call above it is not recursive */
	CHECK_E(f, &pm(f, "B")->children, "A", 1, 3, 4, 0, 0, 0);
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
	assert_int_equal(a->parents.n, 3);
	CHECK_E(f, &a->parents, TOP, 1, 20, 40, 0, 0, 0);
	CHECK_E(f, &a->parents, "B", 0, 0, 0, 1, 8, 15);
	CHECK_E(f, &a->parents, "A", 0, 0, 0, 1, 4, 8);
	assert_int_equal(a->children.n, 3);
	CHECK_E(f, &a->children, "B", 1, 11, 22, 0, 0, 0);
	CHECK_E(f, &a->children, "C", 1, 3, 7, 2, 3, 4);
	CHECK_E(f, &a->children, "A", 0, 0, 0, 1, 4, 8);
	assert_int_equal(b->parents.n, 1);
	CHECK_E(f, &b->parents, "A", 1, 11, 22, 0, 0, 0);
	assert_int_equal(b->children.n, 1);
	CHECK_E(f, &b->children, "A", 1, 8, 15, 0, 0, 0);
	assert_int_equal(c->parents.n, 1);
	CHECK_E(f, &c->parents, "A", 3, 6, 11, 0, 0, 0);
	assert_int_equal(c->children.n, 0);
	assert_int_equal(f->p.top_children.n, 1);
	CHECK_E(f, &f->p.top_children, "A", 1, 20, 40, 0, 0, 0);
	/* Order: plain incl (wall), then recursive incl, then id. A's parents:
	 * toplevel, then B (recursive 15) before A (8) although A's id is the
	 * lower; A's children: B 22, C 7, A 0. */
	uint32_t ia = trace_find_method(&f->tr, sym_id(f, "A"));
	uint32_t ib = trace_find_method(&f->tr, sym_id(f, "B"));
	uint32_t ic = trace_find_method(&f->tr, sym_id(f, "C"));
	assert_true(sym_id(f, "A") < sym_id(f, "B"));
	assert_int_equal(profile_list_at(&a->parents, 0).method, PROF_TOPLEVEL);
	assert_int_equal(profile_list_at(&a->parents, 1).method, ib);
	assert_int_equal(profile_list_at(&a->parents, 2).method, ia);
	assert_int_equal(profile_list_at(&a->children, 0).method, ib);
	assert_int_equal(profile_list_at(&a->children, 1).method, ic);
	assert_int_equal(profile_list_at(&a->children, 2).method, ia);

	/* One clock, the same split (CPU numbers above). */
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_THREAD_CPU};
	fx_build(f, &o, NULL);
	CHECK_E(f, &pm(f, "A")->children, "C", 1, 3, NA, 2, 3, NA);
	CHECK_E(f, &pm(f, "A")->parents, "B", 0, 0, NA, 1, 8, NA);
}

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
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
