/* test_rules_threads.c: threads in the call tree (docs/numbers.md, "The
 * call tree"): unknown methods and threads, 16-bit thread ids, the thread
 * filter, sets of threads and --thread's globs, on small generated traces
 * with hand-worked results. */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_unknown_method),
		T(test_unknown_thread),
		T(test_tid16),
		T(test_thread_set),
		T(test_match_threads),
		T(test_thread_filter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
