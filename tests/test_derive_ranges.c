/* test_derive_ranges.c: time ranges and transforms on small traces written
 * by tracegen, with hand-checked numbers (docs/numbers.md, "Time ranges",
 * "Transforms"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/match.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "derivetest.h"
#include "model/load.h"
#include "testutil.h"
#include "tracegen.h"

/* ------------------------------------------------------------ ranges */

/* Wall starts at 1000 so the axis origin matters. B [1020,1060],
 * C [1080,1100] with CPU standing still, in A [1000,1120]. */
static const char range_script[] =
	"thread 1 main\n"
	"method A 0x10 com.example.Main run ()V\n"
	"method B 0x14 com.example.Main b ()V\n"
	"method C 0x18 com.example.Main c ()V\n"
	"1 > A 0 1000\n"
	"1 > B 10 1020\n"
	"1 < B 30 1060\n"
	"1 > C 40 1080\n"
	"1 < C 40 1100\n"
	"1 < A 50 1120\n";

static void test_range_interpolation(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, range_script);
	static const char *const st[] = {"30us..90us"};
	derive(&tr, &v, NULL, st, 1);
	profile_of(&p, &v, NULL);
	uint32_t a = mi(&v, "com.example.Main", "run"), b = mi(&v, "com.example.Main", "b"),
	         c = mi(&v, "com.example.Main", "c");
	/* CPU at wall 30: between (20, 10) and (60, 30): 10 + 20*10/40 = 15;
	 * at 90: between (80, 40) and (100, 40): 40. */
	assert_int_equal(p.methods[a].incl[TV_WALL], 60);
	assert_int_equal(p.methods[a].incl[TV_CPU], 25);
	assert_int_equal(p.methods[a].excl[TV_WALL], 20);
	assert_int_equal(p.methods[a].excl[TV_CPU], 10);
	assert_int_equal(p.methods[b].incl[TV_WALL], 30);
	assert_int_equal(p.methods[b].incl[TV_CPU], 15);
	assert_int_equal(p.methods[c].incl[TV_WALL], 10);
	assert_int_equal(p.methods[c].incl[TV_CPU], 0);
	assert_int_equal(p.top_incl[TV_WALL], 60);
	assert_int_equal(p.top_incl[TV_CPU], 25);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	const struct tv_thread *th = thread_of(&v, 1);
	assert_int_equal(th->records, 2);   /* walls 1060 and 1080 */
	assert_int_equal(v.records, 6);     /* the file's, whatever the range */
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

static void test_range_boundaries(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, range_script);
	/* [60, 80): B ends at 60 and C starts at 80: both gone. */
	static const char *const st[] = {"60us..80us"};
	derive(&tr, &v, NULL, st, 1);
	profile_of(&p, &v, NULL);
	uint32_t a = mi(&v, "com.example.Main", "run");
	assert_int_equal(p.norder, 1);
	assert_int_equal(p.methods[a].calls, 1);
	assert_int_equal(p.methods[a].incl[TV_WALL], 20);
	assert_int_equal(p.methods[a].incl[TV_CPU], 10);   /* 30 at wall 60, 40 at 80 */
	assert_int_equal(thread_of(&v, 1)->records, 1);
	profile_free(&p);
	trace_free(&v);

	/* The whole trace, written as an open range: the same numbers. */
	static const char *const all[] = {"0us.."};
	struct profile q;
	derive(&tr, &v, NULL, all, 1);
	profile_of(&p, &v, NULL);
	profile_of(&q, &tr, NULL);
	assert_int_equal(p.norder, q.norder);
	for (uint32_t i = 0; i < q.norder; i++) {
		uint32_t m = q.order[i];
		assert_int_equal(p.order[i], m);
		assert_memory_equal(p.methods[m].incl, q.methods[m].incl, sizeof q.methods[m].incl);
		assert_memory_equal(p.methods[m].excl, q.methods[m].excl, sizeof q.methods[m].excl);
	}
	assert_int_equal(thread_of(&v, 1)->records, 6);
	profile_free(&q);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* Zero-length calls at the range's start are kept, with their ancestors. */
static void test_range_zero_length(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, "method A 0x10 x.Y a ()V\nmethod B 0x14 x.Y b ()V\n"
	                  "method Z 0x18 x.Y z ()V\nmethod C 0x1c x.Y c ()V\n"
	                  "1 > A 0 0\n1 > B 5 10\n1 > Z 8 50\n1 < Z 8 50\n1 < B 10 50\n"
	                  "1 > C 12 60\n1 < C 14 70\n1 < A 20 100\n");
	uint32_t b = mi(&tr, "x.Y", "b"), z = mi(&tr, "x.Y", "z"), c = mi(&tr, "x.Y", "c");
	static const char *const from50[] = {"50us.."};
	derive(&tr, &v, NULL, from50, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[z].calls, 1);
	assert_int_equal(p.methods[b].calls, 1);   /* kept for Z, clipped to nothing */
	assert_int_equal(p.methods[b].incl[TV_WALL], 0);
	assert_int_equal(p.methods[c].calls, 1);
	assert_int_equal(p.top_incl[TV_WALL], 50);
	/* records at walls 50, 50, 50, 60, 70, 100 */
	assert_int_equal(thread_of(&v, 1)->records, 6);
	profile_free(&p);
	trace_free(&v);

	static const char *const to50[] = {"..50us"};
	derive(&tr, &v, NULL, to50, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[z].calls + p.methods[c].calls, 0);  /* at B: gone */
	assert_int_equal(p.methods[b].calls, 1);
	assert_int_equal(p.methods[b].incl[TV_WALL], 40);
	/* B's end moved to 50: CPU of the first record at 50 (Z's entry, 8) */
	assert_int_equal(p.methods[b].incl[TV_CPU], 3);
	assert_int_equal(thread_of(&v, 1)->records, 2);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* Threads start at different times; the axis is the earliest of them. */
static void test_range_threads(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, "method A 0x10 x.Y a ()V\nmethod E 0x14 x.Y e ()V\n"
	                  "1 > A 0 1000\n2 > E 0 1200\n1 < A 50 1120\n2 < E 5 1300\n");
	uint32_t e = mi(&tr, "x.Y", "e");
	static const char *const early[] = {"..150us"};
	derive(&tr, &v, NULL, early, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 1);   /* thread 2 begins at 200 */
	assert_int_equal(v.threads[p.threads[0]].tid, 1);
	profile_free(&p);
	trace_free(&v);

	static const char *const late[] = {"250us.."};
	derive(&tr, &v, NULL, late, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 1);
	assert_int_equal(p.methods[e].incl[TV_WALL], 50);
	assert_int_equal(p.methods[e].incl[TV_CPU], 3);   /* CPU 2 at wall 250 (0 + 5*50/100) */
	assert_int_equal(thread_of(&v, 2)->records, 1);
	profile_free(&p);
	trace_free(&v);

	/* A thread whose span meets the range but has no record inside it. */
	static const char *const mid[] = {"140us..150us"};
	derive(&tr, &v, NULL, mid, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 0);    /* thread 1 ended at 120, 2 began at 200 */
	profile_free(&p);
	trace_free(&v);
	static const char *const inside[] = {"210us..220us"};
	derive(&tr, &v, NULL, inside, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 1);
	assert_int_equal(thread_of(&v, 2)->records, 0);
	assert_int_equal(p.methods[e].incl[TV_WALL], 10);
	assert_int_equal(p.top_incl[TV_WALL], 10);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* The axis ends at the latest timestamp, 300 µs after the earliest (1000
 * to 1300 wall): a range from 300 µs still meets thread 2 (its last
 * timestamp is 300), one from 301 µs meets nothing; an open start never
 * lies outside. */
static void test_range_outside(void **state)
{
	(void)state;
	struct trace tr;
	load_script(&tr, "method A 0x10 x.Y a ()V\nmethod E 0x14 x.Y e ()V\n"
	                  "1 > A 0 1000\n2 > E 0 1200\n1 < A 50 1120\n2 < E 5 1300\n");
	assert_int_equal(derive_axis_end(&tr), 300);
	struct range r;
	const char *why;
	assert_int_equal(range_parse("300us..400us", &r, &why), 0);
	assert_false(derive_range_outside(&tr, &r));
	assert_int_equal(range_parse("301us..", &r, &why), 0);
	assert_true(derive_range_outside(&tr, &r));
	assert_int_equal(range_parse("140us..150us", &r, &why), 0);   /* a gap, not outside */
	assert_false(derive_range_outside(&tr, &r));
	assert_int_equal(range_parse("..1us", &r, &why), 0);
	assert_false(derive_range_outside(&tr, &r));
	trace_free(&tr);
	trace_init(&tr);
	assert_int_equal(derive_axis_end(&tr), 0);   /* no records */
	trace_free(&tr);
}

/* A view left with threads 1 and 3 of three: a profile over every
 * thread covers those two (A 2 calls, incl 10+30 µs wall), thread 2
 * keeps its place and name but takes no part. */
static void test_only_threads(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, "method A 0x10 x.Y a ()V\n"
	                  "1 > A 0 0\n1 < A 5 10\n2 > A 0 0\n2 < A 5 20\n3 > A 0 0\n3 < A 5 30\n");
	derive(&tr, &v, NULL, NULL, 0);
	const uint32_t t13[] = {1, 3};
	struct trace_sel sel = {t13, 2};
	derive_only_threads(&v, &sel);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 2);
	assert_int_equal(p.methods[mi(&v, "x.Y", "a")].calls, 2);
	assert_int_equal(p.methods[mi(&v, "x.Y", "a")].incl[TV_WALL], 40);
	assert_int_equal(p.top_incl[TV_WALL], 40);
	assert_int_equal(v.nthreads, 3);
	assert_int_equal(thread_of(&v, 2)->ncalls, 0);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* ------------------------------------------------------------ transforms */

static void test_collapse_example(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	/* A(androidx) -> B(app) -> C(androidx) -> D(androidx) */
	load_script(&tr, "method A 0x10 androidx.core.A a ()V\n"
	                  "method B 0x14 com.example.B b ()V\n"
	                  "method C 0x18 androidx.core.C c ()V\n"
	                  "method D 0x1c androidx.core.D d ()V\n"
	                  "1 > A 0\n1 > B 10\n1 > C 20\n1 > D 30\n1 < D 40\n1 < C 60\n1 < B 70\n"
	                  "1 < A 100\n");
	static const char *const st[] = {"collapse:androidx.*"};
	uint8_t none[1];
	derive(&tr, &v, none, st, 1);
	assert_int_equal(none[0], 0);
	const struct tv_thread *th = thread_of(&v, 1);
	assert_int_equal(th->ncalls, 3);   /* collapse -> B -> collapse */
	uint32_t s = th->method[0], b = mi(&v, "com.example.B", "b");
	assert_true(v.methods[s].synthetic);
	assert_true(tu_str_eq(&v, v.methods[s].cls, "androidx.*"));
	assert_int_equal(v.methods[s].id, DERIVE_SYNTH_ID);
	assert_int_equal(th->method[1], b);
	assert_int_equal(th->method[2], s);
	assert_int_equal(th->parent[2], 1);
	profile_of(&p, &v, NULL);
	/* synthetic: excl = A's 40 + C's and D's 40 (C 20 + D 10 + ... ) */
	assert_int_equal(p.methods[s].excl[TV_CPU], 40 + 40);
	assert_int_equal(p.methods[s].incl[TV_CPU], 100);   /* the inner one is recursive */
	assert_int_equal(p.methods[s].calls, 1);
	assert_int_equal(p.methods[s].rcalls, 1);
	assert_int_equal(p.methods[b].excl[TV_CPU], 20);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* One thread: M [0,100] { A [10,40] { M [20,30] }, D [50,70] { A [55,60] } }. */
static const char kinds_script[] =
	"method M 0x10 p.K m ()V\nmethod A 0x14 p.K a ()V\nmethod D 0x18 q.L d ()V\n"
	"1 > M 0\n1 > A 10\n1 > M 20\n1 < M 30\n1 < A 40\n1 > D 50\n1 > A 55\n1 < A 60\n"
	"1 < D 70\n1 < M 100\n";

static void test_merge_focus_drop(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, kinds_script);
	uint32_t m = mi(&tr, "p.K", "m"), a = mi(&tr, "p.K", "a"), d = mi(&tr, "q.L", "d");

	static const char *const merge[] = {"merge:p.K.a"};
	derive(&tr, &v, NULL, merge, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[a].calls, 0);
	assert_int_equal(p.methods[m].excl[TV_CPU], 50 + 20 + 10);  /* own 50, A's 20, inner M 10 */
	assert_int_equal(p.methods[m].rcalls, 1);                    /* the inner M: child of M now */
	assert_int_equal(p.methods[d].excl[TV_CPU], 20);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	profile_free(&p);
	trace_free(&v);

	static const char *const focus[] = {"focus:p.K.a"};
	derive(&tr, &v, NULL, focus, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.top_incl[TV_CPU], 30 + 5);
	assert_int_equal(p.top_excl[TV_CPU], 0);
	assert_int_equal(p.methods[a].calls, 2);
	assert_int_equal(p.methods[m].calls, 1);   /* the inner M, now non-recursive */
	assert_int_equal(p.methods[d].calls, 0);
	assert_int_equal(trace_thread_span(thread_of(&v, 1), TV_CPU), 100);  /* threads stay */
	profile_free(&p);
	trace_free(&v);

	static const char *const drop[] = {"drop:p.K.a"};
	derive(&tr, &v, NULL, drop, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.top_incl[TV_CPU], 100 - 30 - 5);
	assert_int_equal(p.methods[m].incl[TV_CPU], 65);
	assert_int_equal(p.methods[m].calls, 1);     /* the inner M went with A */
	assert_int_equal(p.methods[d].incl[TV_CPU], 15);
	assert_int_equal(p.methods[d].excl[TV_CPU], 15);
	assert_int_equal(p.methods[m].excl[TV_CPU], 50);
	profile_free(&p);
	trace_free(&v);

	/* rec: the inner M's parent is A, so nothing merges; after merging A
	 * it is M's child and merges into it. */
	static const char *const rec[] = {"merge:p.K.a", "rec:p.K.m"};
	derive(&tr, &v, NULL, rec, 2);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[m].calls, 1);
	assert_int_equal(p.methods[m].rcalls, 0);
	assert_int_equal(p.methods[m].excl[TV_CPU], 80);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	profile_free(&p);
	trace_free(&v);

	/* app: only q.* kept; M and A merge into the root. */
	static const char *const app[] = {"app:q.*"};
	derive(&tr, &v, NULL, app, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.norder, 1);
	assert_int_equal(p.methods[d].incl[TV_CPU], 20);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	assert_int_equal(p.top_excl[TV_CPU], 80);
	profile_free(&p);
	trace_free(&v);

	/* Transforms that match nothing change nothing. */
	uint8_t none[3];
	static const char *const nothing[] = {"merge:no.Such.m", "app:zzz.*", "drop:0x999"};
	derive(&tr, &v, none, nothing, 3);
	assert_true(none[0] && none[1] && none[2]);
	assert_int_equal(thread_of(&v, 1)->ncalls, thread_of(&tr, 1)->ncalls);
	trace_free(&v);
	trace_free(&tr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_range_interpolation),
		cmocka_unit_test(test_range_boundaries),
		cmocka_unit_test(test_range_zero_length),
		cmocka_unit_test(test_range_threads),
		cmocka_unit_test(test_range_outside),
		cmocka_unit_test(test_only_threads),
		cmocka_unit_test(test_collapse_example),
		cmocka_unit_test(test_merge_focus_drop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
