/* test_methodcalls.c: every call of a method, the jank finder and the
 * waits (docs/numbers.md, "Every call of a method", "Jank" and "Wait
 * time").
 *
 * Small written traces with the expected numbers worked out in comments;
 * reports are compared whole where their layout is the point.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/jank.h"
#include "analyze/match.h"
#include "analyze/methodcalls.h"
#include "analyze/waits.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

struct fx {
	struct tg *tg;
	struct trace tr;
	int loaded;
	struct methodcalls c;
	struct jank j;
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

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	methodcalls_free(&f->c);
	jank_free(&f->j);
	if (f->loaded)
		trace_free(&f->tr);
	tg_free(f->tg);
	free(f);
	return 0;
}

static struct fx *fx_load(void **state, const char *script, const struct tg_opts *o)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, script), 0);
	assert_int_equal(tu_load_tg(&f->tr, f->tg, o), TV_OK);
	f->loaded = 1;
	return f;
}

static uint32_t method_of(const struct fx *f, const char *sym)
{
	uint32_t m = trace_find_method(&f->tr, tg_id(f->tg, sym));
	if (m == IDMAP_NONE)
		fail_msg("no method %s", sym);
	return m;
}

/* The calls of the methods named by spec (match.h syntax). */
static void collect(struct fx *f, const char *spec, const uint32_t *tid)
{
	struct match_spec m;
	const char *why;
	struct methodcalls_axis ax;
	struct tv_error err = {0};
	uint8_t *want = calloc(f->tr.nmethods + 1, 1);
	assert_non_null(want);
	assert_int_equal(match_spec_parse(spec, &m, &why), 0);
	for (uint32_t i = 0; i < f->tr.nmethods; i++)
		want[i] = (uint8_t)match_method(&m, &f->tr, i);
	match_spec_free(&m);
	methodcalls_axis_of(&f->tr, &ax);
	methodcalls_free(&f->c);
	assert_int_equal(methodcalls_collect(&f->c, &f->tr, want, tid, &ax, &err), TV_OK);
	free(want);
}

/* Row i: tid, start, incl wall, incl cpu, depth, caller symbol (NULL:
 * toplevel). */
static void row_eq(struct fx *f, size_t i, uint32_t tid, uint64_t start, uint64_t wall,
                   uint64_t cpu, uint32_t depth, const char *caller)
{
	assert_true(i < f->c.nrows);
	const struct methodcalls_row *r = &f->c.rows[i];
	assert_int_equal(f->tr.threads[r->thread].tid, tid);
	assert_int_equal(r->start, start);
	assert_int_equal(r->incl[TV_WALL], wall);
	assert_int_equal(r->incl[TV_CPU], cpu);
	assert_int_equal(methodcalls_wait(r), (int64_t)wall - (int64_t)cpu);
	assert_int_equal(r->depth, depth);
	assert_int_equal(r->caller, caller ? method_of(f, caller) : METHODCALLS_TOPLEVEL);
}

/* A report into a string (caller frees). */
static char *report(enum tv_status (*fn)(FILE *, const struct methodcalls *, const char *, int),
                    const struct methodcalls *c, const char *method, int clock)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_non_null(out);
	assert_int_equal(fn(out, c, method, clock), TV_OK);
	fclose(out);
	return buf;
}

/* ---------------------------------------------------------------- calls */

/* Thread 1 (first wall 10): A [10,110] wall / [0,30] cpu holds B
 * [20,60]/[5,15], which holds A again [30,50]/[8,12] (recursive).
 * Thread 2 (first wall 5, the earliest: the axis's 0): A [5,8]/[0,3].
 * By start on the axis: t2 A at 0; t1 A at 5 (depth 1, wall 100, cpu 30,
 * wait 70); t1 A at 25 (depth 3 under B, wall 20, cpu 4, wait 16). */
static const char *const rec_script =
	"thread 1 main\nthread 2 worker\n"
	"1 > A 0 10\n1 > B 5 20\n1 > A 8 30\n1 < A 12 50\n1 < B 15 60\n1 < A 30 110\n"
	"2 > A 0 5\n2 < A 3 8\n";

static void test_calls_recursive(void **state)
{
	struct fx *f = fx_load(state, rec_script, NULL);
	collect(f, "com.example.Test.A", NULL);
	assert_int_equal(f->c.nrows, 3);
	row_eq(f, 0, 2, 0, 3, 3, 1, NULL);
	row_eq(f, 1, 1, 5, 100, 30, 1, NULL);
	row_eq(f, 2, 1, 25, 20, 4, 3, "B");

	/* wall {3, 20, 100}: mean 123 / 3 = 41; p50 rank ⌈1.5⌉ = 2 -> 20;
	 * p95 rank ⌈2.85⌉ = 3 -> 100. CPU {3, 4, 30}: mean 37 / 3 = 12.33
	 * rounded down to 12; p50 4; p95 30. */
	struct methodcalls_summary s;
	assert_int_equal(methodcalls_summarize(&f->c, TV_WALL, &s), TV_OK);
	assert_int_equal(s.count, 3);
	assert_int_equal(s.min, 3);
	assert_int_equal(s.mean, 41);
	assert_int_equal(s.p50, 20);
	assert_int_equal(s.p95, 100);
	assert_int_equal(s.max, 100);
	assert_int_equal(methodcalls_summarize(&f->c, TV_CPU, &s), TV_OK);
	assert_int_equal(s.mean, 12);
	assert_int_equal(s.p50, 4);
	assert_int_equal(s.p95, 30);

	/* one thread: its calls only, the axis unchanged */
	uint32_t tid = 1;
	collect(f, "com.example.Test.A", &tid);
	assert_int_equal(f->c.nrows, 2);
	row_eq(f, 0, 1, 5, 100, 30, 1, NULL);
	row_eq(f, 1, 1, 25, 20, 4, 3, "B");
	/* B by id 0x8 (the second symbol) */
	collect(f, "0x8", NULL);
	assert_int_equal(f->c.nrows, 1);
	row_eq(f, 0, 1, 15, 40, 10, 2, "A");
}

/* Equal starts: tid first, then depth. Thread 1 enters A and, at the same
 * instant, A again; thread 0x2 enters A at that instant too. */
static void test_calls_ties(void **state)
{
	struct fx *f = fx_load(state,
	                       "2 > A 0 0\n1 > A 0 0\n1 > A 0 0\n1 < A 4 4\n1 < A 6 6\n"
	                       "2 < A 1 1\n",
	                       NULL);
	collect(f, "com.example.Test.A", NULL);
	assert_int_equal(f->c.nrows, 3);
	row_eq(f, 0, 1, 0, 6, 6, 1, NULL);
	row_eq(f, 1, 1, 0, 4, 4, 2, "A");
	row_eq(f, 2, 2, 0, 1, 1, 1, NULL);
	/* the pane's sorts: by wall, descending, then the report's order */
	methodcalls_sort(&f->c, METHODCALLS_BY_WALL, 1);
	assert_int_equal(f->c.rows[0].incl[TV_WALL], 6);
	assert_int_equal(f->c.rows[2].incl[TV_WALL], 1);
	methodcalls_sort(&f->c, METHODCALLS_BY_DEPTH, 1);
	assert_int_equal(f->c.rows[0].depth, 2);
	methodcalls_sort(&f->c, METHODCALLS_BY_TID, 1);
	assert_int_equal(f->tr.threads[f->c.rows[0].thread].tid, 2);
	methodcalls_sort(&f->c, METHODCALLS_BY_START, 0);
	row_eq(f, 0, 1, 0, 6, 6, 1, NULL);
	row_eq(f, 2, 2, 0, 1, 1, 1, NULL);
}

/* Twenty calls of 1..20 µs: mean 210 / 20 = 10.5 rounded down to 10; p50
 * rank 10 -> 10; p95 rank 19 -> 19. One call: every statistic is it. */
static void test_calls_percentiles(void **state)
{
	struct fx *f = *state;
	char script[2048];
	size_t n = 0;
	uint64_t t = 0;
	for (int i = 20; i >= 1; i--) {   /* longest first: the summary sorts */
		n += (size_t)snprintf(script + n, sizeof script - n, "1 > A %llu\n1 < A %llu\n",
		                      (unsigned long long)t, (unsigned long long)(t + (uint64_t)i));
		t += (uint64_t)i + 1;
	}
	fx_load(state, script, NULL);
	collect(f, "com.example.Test.A", NULL);
	struct methodcalls_summary s;
	assert_int_equal(methodcalls_summarize(&f->c, TV_WALL, &s), TV_OK);
	assert_int_equal(s.count, 20);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.mean, 10);
	assert_int_equal(s.p50, 10);
	assert_int_equal(s.p95, 19);
	assert_int_equal(s.max, 20);

	const uint64_t one[] = {7};
	assert_int_equal(methodcalls_percentile(one, 1, 50), 7);
	assert_int_equal(methodcalls_percentile(one, 1, 95), 7);
	const uint64_t two[] = {1, 2};
	assert_int_equal(methodcalls_percentile(two, 2, 50), 1);   /* rank ⌈1⌉ */
	assert_int_equal(methodcalls_percentile(two, 2, 95), 2);   /* rank ⌈1.9⌉ */
	const uint64_t hundred_one[101] = {[99] = 99, [100] = 100};
	assert_int_equal(methodcalls_percentile(hundred_one, 101, 99), 99);  /* ⌈99.99⌉ = 100 */
}

static void test_calls_no_calls(void **state)
{
	struct fx *f = fx_load(state, "1 > A 0 0\n1 < A 5 5\n1 > B 6 6\n1 < B 7 7\n", NULL);
	collect(f, "com.example.Test.Nope", NULL);
	assert_int_equal(f->c.nrows, 0);
	struct methodcalls_summary s;
	assert_int_equal(methodcalls_summarize(&f->c, TV_WALL, &s), TV_OK);
	assert_int_equal(s.count, 0);
	char *json = report(methodcalls_report_json, &f->c, "com.example.Test.Nope", TV_WALL);
	assert_string_equal(json, "{\n  \"schema\": 2,\n  \"method\": \"com.example.Test.Nope\",\n"
	                          "  \"calls\": [],\n  \"summary\": {\"clock\": \"wall\", "
	                          "\"count\": 0, \"min_usec\": null, \"mean_usec\": null, "
	                          "\"p50_usec\": null, \"p95_usec\": null, \"max_usec\": null}\n}\n");
	free(json);
}

static void test_calls_reports(void **state)
{
	struct fx *f = fx_load(state, rec_script, NULL);
	collect(f, "com.example.Test.A", NULL);
	char *json = report(methodcalls_report_json, &f->c, "com.example.Test.A", TV_WALL);
	assert_string_equal(
	        json,
	        "{\n  \"schema\": 2,\n  \"method\": \"com.example.Test.A\",\n  \"calls\": [\n"
	        "    {\"tid\": 2, \"id\": \"0x4\", \"start_usec\": 0, \"incl_wall_usec\": 3, "
	        "\"incl_cpu_usec\": 3, \"wait_usec\": 0, \"depth\": 1, \"caller\": \"toplevel\"},\n"
	        "    {\"tid\": 1, \"id\": \"0x4\", \"start_usec\": 5, \"incl_wall_usec\": 100, "
	        "\"incl_cpu_usec\": 30, \"wait_usec\": 70, \"depth\": 1, \"caller\": \"toplevel\"},\n"
	        "    {\"tid\": 1, \"id\": \"0x4\", \"start_usec\": 25, \"incl_wall_usec\": 20, "
	        "\"incl_cpu_usec\": 4, \"wait_usec\": 16, \"depth\": 3, \"caller\": \"0x8\"}\n"
	        "  ],\n  \"summary\": {\"clock\": \"wall\", \"count\": 3, \"min_usec\": 3, "
	        "\"mean_usec\": 41, \"p50_usec\": 20, \"p95_usec\": 100, \"max_usec\": 100}\n}\n");
	free(json);

	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_int_equal(methodcalls_report_csv(out, &f->c), TV_OK);
	fclose(out);
	assert_string_equal(buf, "tid,id,method,start_usec,incl_wall_usec,incl_cpu_usec,wait_usec,"
	                         "depth,caller_id,caller\r\n"
	                         "2,0x4,com.example.Test.A ()V,0,3,3,0,1,toplevel,(toplevel)\r\n"
	                         "1,0x4,com.example.Test.A ()V,5,100,30,70,1,toplevel,(toplevel)\r\n"
	                         "1,0x4,com.example.Test.A ()V,25,20,4,16,3,0x8,"
	                         "com.example.Test.B ()V\r\n");
	free(buf);

	/* text: the table, the summary, the histogram ({3}, {20}, {100} in
	 * the 2-5, 20-50 and 100-200 µs buckets, one '#' run each of 40) */
	char *text = report(methodcalls_report_text, &f->c, "com.example.Test.A", TV_WALL);
	assert_string_equal(
	        text,
	        "Calls of com.example.Test.A: 3 calls; times in ms, start on the wall axis from "
	        "the trace's first timestamp\n\n"
	        "       tid          start         wall          cpu         wait   depth  caller\n"
	        "         2          0.000        0.003        0.003        0.000       1  (toplevel)\n"
	        "         1          0.005        0.100        0.030        0.070       1  (toplevel)\n"
	        "         1          0.025        0.020        0.004        0.016       3  "
	        "com.example.Test.B\n"
	        "\nSummary of incl wall (ms): count 3  min 0.003  mean 0.041  p50 0.020  "
	        "p95 0.100  max 0.100\n"
	        "\nHistogram of incl wall (log scale, 1-2-5 buckets):\n"
	        "  [   2us,    5us) |######################################## 1\n"
	        "  [   5us,   10us) |                                         0\n"
	        "  [  10us,   20us) |                                         0\n"
	        "  [  20us,   50us) |######################################## 1\n"
	        "  [  50us,  100us) |                                         0\n"
	        "  [ 100us,  200us) |######################################## 1\n");
	free(text);
}

/* A CPU-only trace: wall and wait are null, the summary is on CPU. */
static void test_calls_one_clock(void **state)
{
	struct tg_opts o = {.version = 2};   /* one u4: thread CPU */
	struct fx *f = fx_load(state, "1 > A 0\n1 > A 2\n1 < A 5\n1 < A 9\n", &o);
	collect(f, "com.example.Test.A", NULL);
	char *json = report(methodcalls_report_json, &f->c, "com.example.Test.A", TV_CPU);
	assert_string_equal(
	        json,
	        "{\n  \"schema\": 2,\n  \"method\": \"com.example.Test.A\",\n  \"calls\": [\n"
	        "    {\"tid\": 1, \"id\": \"0x4\", \"start_usec\": 0, \"incl_wall_usec\": null, "
	        "\"incl_cpu_usec\": 9, \"wait_usec\": null, \"depth\": 1, \"caller\": \"toplevel\"},\n"
	        "    {\"tid\": 1, \"id\": \"0x4\", \"start_usec\": 2, \"incl_wall_usec\": null, "
	        "\"incl_cpu_usec\": 3, \"wait_usec\": null, \"depth\": 2, \"caller\": \"0x4\"}\n"
	        "  ],\n  \"summary\": {\"clock\": \"cpu\", \"count\": 2, \"min_usec\": 3, "
	        "\"mean_usec\": 6, \"p50_usec\": 3, \"p95_usec\": 9, \"max_usec\": 9}\n}\n");
	free(json);
}

static void test_calls_buckets(void **state)
{
	(void)state;
	static const struct {
		uint64_t v;
		uint32_t k;
	} b[] = {{0, 0}, {1, 1}, {2, 2}, {4, 2}, {5, 3}, {9, 3}, {10, 4}, {999, 9},
	         {1000, 10}, {16700, 13}, {UINT64_MAX, METHODCALLS_BUCKETS - 1}};
	for (size_t i = 0; i < sizeof b / sizeof b[0]; i++)
		assert_int_equal(methodcalls_bucket_of(b[i].v), b[i].k);
	assert_int_equal(methodcalls_bucket_low(10), 1000);
	assert_int_equal(methodcalls_bucket_low(13), 10000);
	assert_int_equal(methodcalls_bucket_low(14), 20000);
}

/* ---------------------------------------------------------------- jank */

/* The main thread (tid 1, first wall 5000; the worker starts at 0, the
 * axis's 0). Wall times; CPU is half of each, so wait = wall / 2.
 *   D dispatchMessage [5000, 25000] 20 ms: listed
 *     F doFrame (slashed class) [6000, 24000]: inside D, not listed
 *       X [7000, 15000] 8 ms and Y [15000, 23000] 8 ms: a tie, X first
 *   D [35000, 45000] 10 ms: under the 16.7 ms budget
 *   X [55000, 95000] 40 ms: not frame-critical
 *     M View.measure [56000, 85000] 29 ms: listed (no listed ancestor)
 *       Y [57000, 58000] then X [60000, 80000]: X heavier
 * The worker's D [0, 100000] is not on the main thread. */
static const char *const jank_script =
	"thread 2 worker\nthread 1 main\n"
	"method D 0x10 android.os.Handler dispatchMessage (I)V\n"
	"method F 0x14 android/view/Choreographer doFrame (J)V\n"
	"method M 0x18 android.view.View measure (II)V\n"
	"method X 0x1c com.example.App work ()V\n"
	"method Y 0x20 com.example.App small ()V\n"
	"2 > D 0 0\n2 < D 50000 100000\n"
	"1 > D 2500 5000\n1 > F 3000 6000\n1 > X 3500 7000\n1 < X 7500 15000\n"
	"1 > Y 7500 15000\n1 < Y 11500 23000\n1 < F 12000 24000\n1 < D 12500 25000\n"
	"1 > D 17500 35000\n1 < D 22500 45000\n"
	"1 > X 27500 55000\n1 > M 28000 56000\n1 > Y 28500 57000\n1 < Y 29000 58000\n"
	"1 > X 30000 60000\n1 < X 40000 80000\n1 < M 42500 85000\n1 < X 47500 95000\n";

static void path_eq(struct fx *f, const struct jank_row *r, const char *syms)
{
	char buf[128], *save = NULL;
	snprintf(buf, sizeof buf, "%s", syms);
	size_t k = 0;
	const struct tv_thread *th = &f->tr.threads[f->j.thread];
	for (char *s = strtok_r(buf, " ", &save); s; s = strtok_r(NULL, " ", &save), k++) {
		assert_true(k < r->npath);
		assert_int_equal(th->method[f->j.paths[r->path + k]], method_of(f, s));
	}
	assert_int_equal(k, r->npath);
}

/* The jank list of the thread jank_pick() chooses, with its rule; the
 * app's packages: app (one glob, NULL for none). */
static void find_app(struct fx *f, uint64_t frame, const char *app)
{
	struct derive_glob g = {app, app ? strlen(app) : 0};
	struct methodcalls_axis ax;
	struct tv_error err = {0};
	enum jank_rule rule;
	methodcalls_axis_of(&f->tr, &ax);
	jank_free(&f->j);
	uint32_t t = jank_pick(&f->tr, NULL, &rule);
	assert_int_equal(jank_find(&f->j, &f->tr, t, frame, &ax, app ? &g : NULL, app != NULL, &err),
	                 TV_OK);
	assert_int_equal(f->j.rule, JANK_RULE_GIVEN);
	f->j.rule = rule;
}

static void find(struct fx *f, uint64_t frame)
{
	find_app(f, frame, NULL);
}

static void test_jank_planted(void **state)
{
	struct fx *f = fx_load(state, jank_script, NULL);
	assert_int_equal(f->tr.threads[jank_main_thread(&f->tr)].tid, 1);
	assert_true(jank_critical(&f->tr, method_of(f, "F")));
	assert_false(jank_critical(&f->tr, method_of(f, "X")));
	find(f, JANK_FRAME_USEC);
	assert_int_equal(f->j.nrows, 2);
	const struct jank_row *r = &f->j.rows[0];
	assert_int_equal(r->method, method_of(f, "M"));
	assert_int_equal(r->start, 56000);
	assert_int_equal(r->incl[TV_WALL], 29000);
	assert_int_equal(r->incl[TV_CPU], 14500);
	path_eq(f, r, "M X");
	/* M's 29 ms: its own 8 framework, X and Y 21 library (no app
	 * given): 21/29 = 72.4% */
	assert_int_equal(r->cause.cat, CAT_LIBRARY);
	assert_int_equal(r->cause.share, 72);
	assert_int_equal(r->cause.method, method_of(f, "X"));
	r = &f->j.rows[1];
	assert_int_equal(r->method, method_of(f, "D"));
	assert_int_equal(r->start, 5000);
	assert_int_equal(r->incl[TV_WALL], 20000);
	path_eq(f, r, "D F X");
	/* D's 20 ms: D and F 2 each (framework), X and Y 16 (library) */
	assert_int_equal(r->cause.cat, CAT_LIBRARY);
	assert_int_equal(r->cause.share, 80);
	assert_int_equal(r->cause.method, method_of(f, "X"));

	/* 10 ms: the short dispatch too, exactly at the budget */
	find(f, 10000);
	assert_int_equal(f->j.nrows, 3);
	assert_int_equal(f->j.rows[2].start, 35000);
	path_eq(f, &f->j.rows[2], "D");
	/* 25 ms: the measure only */
	find(f, 25000);
	assert_int_equal(f->j.nrows, 1);
	assert_int_equal(f->j.rows[0].method, method_of(f, "M"));
}

/* The reports of the planted trace at 25 ms: the measure, its cause and
 * its path. */
static void test_jank_reports(void **state)
{
	struct fx *f = fx_load(state, jank_script, NULL);
	find(f, 25000);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_int_equal(jank_report_json(out, &f->j), TV_OK);
	fclose(out);
	assert_string_equal(buf, "{\n  \"schema\": 2,\n  \"tid\": 1,\n  \"thread_rule\": \"main\",\n"
	                         "  \"frame_usec\": 25000,\n"
	                         "  \"calls\": [\n    {\"id\": \"0x18\", \"start_usec\": 56000, "
	                         "\"incl_wall_usec\": 29000, \"incl_cpu_usec\": 14500, "
	                         "\"wait_usec\": 14500, \"cause\": {\"category\": \"library\", "
	                         "\"share\": 72, \"method\": \"0x1c\"}, "
	                         "\"path\": [\"0x18\", \"0x1c\"]}\n  ]\n}\n");
	free(buf);
	out = open_memstream(&buf, &len);
	assert_int_equal(jank_report_text(out, &f->j), TV_OK);
	fclose(out);
	assert_string_equal(buf,
	                    "Jank on thread 1 main: 1 frame-critical call of at least 25.000 ms "
	                    "wall, outermost only, longest first\n"
	                    "thread rule: main (the one thread named main)\n"
	                    "times in ms, start on the wall axis from the trace's first timestamp\n"
	                    "\n"
	                    "          start         wall          cpu         wait  method\n"
	                    "         56.000       29.000       14.500       14.500  "
	                    "android.view.View.measure (II)V\n"
	                    "      cause: library 72%: com.example.App.work\n"
	                    "      heaviest path: android.view.View.measure > com.example.App.work\n");
	free(buf);
}

/* The cause of each frame: the time by category inside the call.
 *   C doFrame [0, 30000] wall:
 *     W Object.wait [1000, 19500] 18.5 ms, holding Z [2000, 10000]: all
 *       18.5 ms blocked (Z's time is part of the waiting)
 *     A App.draw [20000, 29000] 9 ms
 *   blocked 18500 of 30000 = 61.67%: 61 (rounded down), framework 2500,
 *   A's 9000 library (or app); the heaviest path C > W > Z ends in Z.
 *   C [40000, 60000] 20 ms holding A [45000, 55000] 10 ms: framework 10
 *   and library 10, a tie: framework, before library in the table; with
 *   the app com.example.*: app 10 and framework 10, app first. */
static const char *const cause_script =
	"thread 1 main\n"
	"method C 0x10 android.view.Choreographer doFrame (J)V\n"
	"method W 0x14 java.lang.Object wait ()V\n"
	"method Z 0x18 com.example.App inner ()V\n"
	"method A 0x1c com.example.App draw ()V\n"
	"1 > C 0 0\n1 > W 500 1000\n1 > Z 1000 2000\n1 < Z 5000 10000\n1 < W 9750 19500\n"
	"1 > A 10000 20000\n1 < A 14500 29000\n1 < C 15000 30000\n"
	"1 > C 20000 40000\n1 > A 22500 45000\n1 < A 27500 55000\n1 < C 30000 60000\n";

static void cause_eq(const struct jank_row *r, enum category cat, uint32_t share, uint32_t m)
{
	assert_string_equal(category_name(r->cause.cat), category_name(cat));
	assert_int_equal(r->cause.share, share);
	assert_int_equal(r->cause.method, m);
}

static void test_jank_cause(void **state)
{
	struct fx *f = fx_load(state, cause_script, NULL);
	find(f, JANK_FRAME_USEC);
	assert_int_equal(f->j.nrows, 2);
	assert_int_equal(f->j.rows[0].start, 0);
	path_eq(f, &f->j.rows[0], "C W Z");
	cause_eq(&f->j.rows[0], CAT_BLOCKED, 61, method_of(f, "Z"));
	cause_eq(&f->j.rows[1], CAT_FRAMEWORK, 50, method_of(f, "A"));
	find_app(f, JANK_FRAME_USEC, "com.example.*");
	cause_eq(&f->j.rows[0], CAT_BLOCKED, 61, method_of(f, "Z"));
	cause_eq(&f->j.rows[1], CAT_APP, 50, method_of(f, "A"));
}

/* jank_sort(): by start, wall, CPU and wait, either way; ties by start.
 * The planted trace's rows at 10 ms: D @5000 wall 20000 cpu 10000 wait
 * 10000; D @35000 10000/5000/5000; M @56000 29000/14500/14500. */
static void test_jank_sort(void **state)
{
	struct fx *f = fx_load(state, jank_script, NULL);
	find(f, 10000);
	static const struct {
		enum jank_key key;
		int desc;
		uint64_t starts[3];
	} cases[] = {
		{JANK_BY_WALL, 1, {56000, 5000, 35000}},   /* jank_find()'s order */
		{JANK_BY_START, 0, {5000, 35000, 56000}},
		{JANK_BY_START, 1, {56000, 35000, 5000}},
		{JANK_BY_WALL, 0, {35000, 5000, 56000}},
		{JANK_BY_CPU, 1, {56000, 5000, 35000}},
		{JANK_BY_WAIT, 0, {35000, 5000, 56000}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		if (i)
			jank_sort(&f->j, cases[i].key, cases[i].desc);
		assert_int_equal(f->j.nrows, 3);
		for (int k = 0; k < 3; k++)
			assert_int_equal(f->j.rows[k].start, cases[i].starts[k]);
	}
	/* the paths follow their rows */
	path_eq(f, &f->j.rows[2], "M X");
	path_eq(f, &f->j.rows[0], "D");
}

/* No thread named main: the first thread of the key's list (declared 7
 * then 3; threads are stored by tid, so it is the second). Two named
 * main: the key's first too. */
static void test_jank_main_thread(void **state)
{
	struct fx *f = fx_load(state, "thread 7 a\nthread 3 b\n3 > A 0 0\n3 < A 1 1\n"
	                              "7 > A 0 0\n7 < A 1 1\n", NULL);
	assert_int_equal(f->tr.threads[jank_main_thread(&f->tr)].tid, 7);
	trace_free(&f->tr);
	tg_free(f->tg);
	f->tg = tg_new();
	fx_load(state, "thread 7 main\nthread 3 main\nthread 5 main2\n3 > A 0 0\n3 < A 1 1\n"
	               "7 > A 0 0\n7 < A 1 1\n5 > A 0 0\n5 < A 1 1\n", NULL);
	assert_int_equal(f->tr.threads[jank_main_thread(&f->tr)].tid, 7);
	trace_free(&f->tr);
	tg_free(f->tg);
	f->tg = tg_new();
	fx_load(state, "thread 7 a\nthread 3 main\n3 > A 0 0\n3 < A 1 1\n7 > A 0 0\n7 < A 1 1\n",
	        NULL);
	assert_int_equal(f->tr.threads[jank_main_thread(&f->tr)].tid, 3);
}

/* The pick in order: the one thread named main; else (none, or two named
 * main) the thread whose tid is the key's pid; else the key's first
 * thread with records. Among a selection, the same rules over its
 * threads only. Threads: 3 "main", 5 "worker", 7 "main" (a second main),
 * 9 "bg"; key order 9, 7, 5, 3; pid=5. */
static void test_jank_pick(void **state)
{
	static const char *const script =
		"thread 9 bg\nthread 7 main\nthread 5 worker\nthread 3 main\n"
		"3 > A 0 0\n3 < A 1 1\n5 > A 0 0\n5 < A 1 1\n7 > A 0 0\n7 < A 1 1\n"
		"9 > A 0 0\n9 < A 1 1\n";
	struct tg_opts o = {.extra_keys = "pid=5\n"};
	struct fx *f = fx_load(state, script, &o);
	static const uint32_t t37[] = {3, 7}, t3[] = {3}, t79[] = {7, 9}, t9[] = {9};
	static const struct {
		const uint32_t *tids;
		uint32_t n, tid;
		enum jank_rule rule;
		const char *name;
	} cases[] = {
		{NULL, 0, 5, JANK_RULE_PID, "pid"},     /* two named main: the pid's */
		/* both mains, the pid not among them: the key lists 7 before 3 */
		{t37, 2, 7, JANK_RULE_FIRST, "first"},
		{t3, 1, 3, JANK_RULE_MAIN, "main"},
		{t79, 2, 7, JANK_RULE_MAIN, "main"},    /* one main among them */
		{t9, 1, 9, JANK_RULE_FIRST, "first"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct trace_sel sel = {cases[i].tids, cases[i].n};
		enum jank_rule rule;
		uint32_t t = jank_pick(&f->tr, cases[i].tids ? &sel : NULL, &rule);
		assert_int_not_equal(t, JANK_NONE);
		assert_int_equal(f->tr.threads[t].tid, cases[i].tid);
		assert_int_equal(rule, cases[i].rule);
		assert_string_equal(jank_rule_name(rule), cases[i].name);
	}
	const uint32_t t1[] = {1};                  /* no such thread */
	struct trace_sel none = {t1, 1};
	assert_int_equal(jank_pick(&f->tr, &none, NULL), JANK_NONE);
	assert_int_equal(f->tr.threads[jank_main_thread(&f->tr)].tid, 5);
}

/* ------------------------------------------------------ shared readers */

/* Names with '/' in the trace match a dotted spec; overloads all match
 * without a signature, one with it. (Script statements end at ';', so
 * the descriptors here name no classes.) */
static void test_calls_overloads(void **state)
{
	struct fx *f = fx_load(state,
	                       "method A 0x4 java/lang/String valueOf (I)V\n"
	                       "method B 0x8 java/lang/String valueOf (J)V\n"
	                       "1 > A 0 0\n1 < A 1 1\n1 > B 2 2\n1 < B 3 3\n",
	                       NULL);
	collect(f, "java.lang.String.valueOf", NULL);
	assert_int_equal(f->c.nrows, 2);
	collect(f, "java.lang.String.valueOf(J)V", NULL);
	assert_int_equal(f->c.nrows, 1);
	assert_int_equal(f->c.rows[0].method, method_of(f, "B"));
	collect(f, "java.lang.String.valueOf(J)", NULL);   /* the full descriptor only */
	assert_int_equal(f->c.nrows, 0);
}

/* ------------------------------------------------------------ waits */

/* Waits (wall - CPU), times as cpu/wall µs:
 *   thread 1: A [0/0, 4000/60000] waits 56000 and holds
 *     B [1000/1000, 2000/31000] 30000 - 1000 = 29000,
 *     C [2000/31000, 2500/31500] 0, D [2500/31500, 3000/51500] 19500;
 *   thread 2: E [0/10000, 100/50000] 39900, starting at 10000;
 *   thread 3: F [0/5000, 0/25000] and G [0/25000, 0/45000], 20000 each
 *     (a tie: the earlier start first). */
static const char *const waits_script =
	"thread 1 main\nthread 2 two\nthread 3 three\n"
	"1 > A 0 0\n1 > B 1000 1000\n3 > F 0 5000\n2 > E 0 10000\n3 < F 0 25000\n"
	"3 > G 0 25000\n1 < B 2000 31000\n1 > C 2000 31000\n1 < C 2500 31500\n"
	"1 > D 2500 31500\n3 < G 0 45000\n2 < E 100 50000\n1 < D 3000 51500\n"
	"1 < A 4000 60000\n";

/* waits_find() over threads[0..n) from min and origin gives the rows of
 * want, "TID SYM WAIT START" each, ';' between, in order; and each row
 * lies in its thread's part of the rows. */
static void waits_expect(const struct fx *f, const uint32_t *threads, uint32_t n, uint64_t min,
                         uint64_t origin, const char *want)
{
	struct waits w;
	char buf[256], *save = NULL;
	size_t k = 0;
	assert_int_equal(waits_find(&w, &f->tr, threads, n, min, origin), TV_OK);
	assert_int_equal(w.nthreads, n);
	snprintf(buf, sizeof buf, "%s", want);
	for (char *e = strtok_r(buf, ";", &save); e; e = strtok_r(NULL, ";", &save), k++) {
		unsigned tid;
		char sym[8];
		long long wait;
		unsigned long long start;
		assert_int_equal(sscanf(e, "%u %7s %lld %llu", &tid, sym, &wait, &start), 4);
		assert_true(k < w.nrows);
		const struct waits_row *r = &w.rows[k];
		const struct tv_thread *th = &f->tr.threads[r->thread];
		assert_int_equal(th->tid, tid);
		assert_int_equal(th->method[r->call], method_of(f, sym));
		assert_int_equal(r->wait, wait);
		assert_int_equal(r->start, start);
		uint32_t t = 0;
		while (t < n && threads[t] != r->thread)
			t++;
		assert_true(t < n && w.first[t] <= k && k < w.first[t + 1]);
	}
	assert_int_equal(w.nrows, k);
	assert_int_equal(w.first[n], k);
	waits_free(&w);
}

static void test_waits_planted(void **state)
{
	struct fx *f = fx_load(state, waits_script, NULL);
	const uint32_t all[] = {0, 1, 2}, third[] = {2};
	/* A is not listed: B and D, its children, reach 16 ms */
	waits_expect(f, all, 3, WAITS_MIN_USEC, 0,
	             "1 B 29000 1000; 1 D 19500 31500; 2 E 39900 10000; 3 F 20000 5000;"
	             "3 G 20000 25000");
	/* 30 ms: no child of A reaches it, so A is the innermost */
	waits_expect(f, all, 3, 30000, 0, "1 A 56000 0; 2 E 39900 10000");
	/* One thread asked for, an origin: starts from it */
	waits_expect(f, third, 1, 20000, 5000, "3 F 20000 0; 3 G 20000 20000");
	waits_expect(f, all, 3, 60000, 0, "");
}

/* The report prints what waits_find() finds, with each stack. */
static void test_waits_report(void **state)
{
	struct fx *f = fx_load(state, waits_script, NULL);
	struct profile p;
	struct tv_error err = {0};
	const uint32_t one = 1;
	assert_int_equal(profile_build(&p, &f->tr, &one, &err), TV_OK);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_int_equal(report_waits(out, &p, 20000, 0, 0), TV_OK);
	fclose(out);
	assert_string_equal(buf,
	                    "Waits of at least 20.000 ms (wait = incl wall - incl cpu): the innermost "
	                    "such calls, longest first; start on the timeline (ms)\n"
	                    "\n[1] main\n"
	                    "     wait ms      wall ms       cpu ms     start ms  "
	                    "call (and its stack, outermost first)\n"
	                    "       29.000       30.000        1.000        1.000  "
	                    "com.example.Test.B ()V\n"
	                    "                                                       "
	                    "from com.example.Test.A ()V\n");
	free(buf);
	profile_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_calls_recursive, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_calls_ties, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_calls_percentiles, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_calls_no_calls, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_calls_reports, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_calls_one_clock, fx_setup, fx_teardown),
		cmocka_unit_test(test_calls_buckets),
		cmocka_unit_test_setup_teardown(test_jank_planted, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_jank_reports, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_jank_cause, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_jank_sort, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_jank_main_thread, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_jank_pick, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_calls_overloads, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_waits_planted, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_waits_report, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
