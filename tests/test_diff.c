/* test_diff.c: two profiles compared method by method (src/diff.h).
 *
 * Pairs of traces are generated with tracegen, loaded, profiled and
 * diffed; the expected numbers are worked out by hand in the comments.
 * Unless a test says otherwise traces are V1 version 3, clock=dual, and
 * the sort clock is wall.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/diff.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "difftest.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

static void test_pair_order(void **state)
{
	const struct diff *d = pair_load(*state);

	assert_int_equal(d->clock, TV_WALL);
	assert_true(d->has_clock[TV_CPU] && d->has_clock[TV_WALL]);
	assert_int_equal(d->nrows, 5);
	assert_int_equal(row_pos(d, "work"), 0);
	assert_int_equal(row_pos(d, "fresh"), 1);
	assert_int_equal(row_pos(d, "run"), 2);
	assert_int_equal(row_pos(d, "gone"), 3);
	assert_int_equal(row_pos(d, "log"), 4);
	assert_int_equal(d->count[DIFF_CHANGED], 2);
	assert_int_equal(d->count[DIFF_ADDED], 1);
	assert_int_equal(d->count[DIFF_REMOVED], 1);
	assert_int_equal(d->count[DIFF_SAME], 1);
	assert_int_equal(d->top_incl[0][TV_CPU], 40);
	assert_int_equal(d->top_incl[1][TV_WALL], 100);
}

/* The slower method first, with its change in µs; ids matched by name. */
static void test_pair_slower(void **state)
{
	const struct diff *d = pair_load(*state);
	const struct diff_row *w = &d->rows[0];

	assert_int_equal(w->status, DIFF_CHANGED);
	assert_int_equal(row_id(d, w, 0), 0x14);
	assert_int_equal(row_id(d, w, 1), 0x104);
	assert_int_equal(w->excl[0][TV_WALL], 20);
	assert_int_equal(w->excl[1][TV_WALL], 42);
	assert_int_equal(diff_delta(w->excl[0][TV_WALL], w->excl[1][TV_WALL]), 22);
	assert_int_equal(diff_delta(w->excl[0][TV_CPU], w->excl[1][TV_CPU]), 11);
	assert_int_equal(w->incl[1][TV_CPU], 21);
	assert_int_equal(w->calls[0], 1);
	assert_int_equal(w->calls[1], 2);

	const struct diff_row *r = find_row(d, "run");
	assert_int_equal(diff_delta(r->excl[0][TV_WALL], r->excl[1][TV_WALL]), -4);
	assert_int_equal(diff_delta(r->excl[0][TV_CPU], r->excl[1][TV_CPU]), -2);
	assert_int_equal(row_id(d, r, 1), 0x100);

	const struct diff_row *l = find_row(d, "log");
	assert_int_equal(l->status, DIFF_SAME);
	assert_int_equal(row_id(d, l, 0), 0x18);
	assert_int_equal(row_id(d, l, 1), 0x108);
}

static void test_pair_added_removed(void **state)
{
	const struct diff *d = pair_load(*state);
	const struct diff_row *a = find_row(d, "fresh"), *g = find_row(d, "gone");

	assert_int_equal(a->status, DIFF_ADDED);
	assert_int_equal(a->base, DIFF_NONE);
	assert_int_equal(row_id(d, a, 1), 0x10c);
	assert_int_equal(a->excl[0][TV_WALL], 0);
	assert_int_equal(a->excl[1][TV_WALL], 6);
	assert_int_equal(a->calls[0], 0);
	assert_int_equal(g->status, DIFF_REMOVED);
	assert_int_equal(g->next, DIFF_NONE);
	assert_int_equal(row_id(d, g, 0), 0x1c);
	assert_int_equal(g->excl[0][TV_CPU], 2);
	assert_int_equal(g->calls[1], 0);
	assert_string_equal(diff_status_name(a->status), "added");
	assert_string_equal(diff_status_name(g->status), "removed");
}

/* ------------------------------------------------------------ self */

/* Every row same, every delta 0; the folded diff has equal counts and
 * sums, per run, to Σ excl of the methods. */
static void check_self(const struct diff *d, const struct profile *a, const struct profile *b)
{
	/* Rows can be fewer than methods: one name under two ids is one row
	 * (some real traces have that); calls add up either way. */
	uint64_t calls = 0, rcalls = 0, row_calls = 0, row_rcalls = 0;
	for (uint32_t i = 0; i < a->norder; i++) {
		calls += a->methods[a->order[i]].calls;
		rcalls += a->methods[a->order[i]].rcalls;
	}
	assert_true(d->nrows <= a->norder);
	assert_int_equal(d->count[DIFF_SAME], d->nrows);
	for (uint32_t i = 0; i < d->nrows; i++) {
		const struct diff_row *row = &d->rows[i];
		row_calls += row->calls[0];
		row_rcalls += row->rcalls[0];
		assert_int_equal(row->status, DIFF_SAME);
		assert_int_not_equal(row->base, DIFF_NONE);
		assert_int_not_equal(row->next, DIFF_NONE);
		assert_int_equal(row->calls[0], row->calls[1]);
		assert_int_equal(row->rcalls[0], row->rcalls[1]);
		for (int c = 0; c < TV_NCLOCKS; c++) {
			assert_int_equal(diff_delta(row->excl[0][c], row->excl[1][c]), 0);
			assert_int_equal(diff_delta(row->incl[0][c], row->incl[1][c]), 0);
		}
	}
	assert_int_equal(row_calls, calls);
	assert_int_equal(row_rcalls, rcalls);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		assert_int_equal(d->top_incl[0][c], d->top_incl[1][c]);
		uint64_t want = 0, got[2] = {0, 0};
		for (uint32_t i = 0; i < a->norder; i++)
			want += a->methods[a->order[i]].excl[c];
		char *t = folded_of(a, b, c, c == TV_CPU);
		for (char *line = t, *nl; *line; line = nl + 1) {
			nl = strchr(line, '\n');
			assert_non_null(nl);
			*nl = '\0';
			char *sp2 = strrchr(line, ' ');
			assert_non_null(sp2);
			*sp2 = '\0';
			char *sp1 = strrchr(line, ' ');
			assert_non_null(sp1);
			uint64_t x = strtoull(sp1 + 1, NULL, 10), y = strtoull(sp2 + 1, NULL, 10);
			assert_int_equal(x, y);
			assert_true(x > 0);
			got[0] += x;
			got[1] += y;
		}
		assert_int_equal(got[0], want);
		assert_int_equal(got[1], want);
		free(t);
	}
}

/* Two threads, recursion, an unknown method, a method named twice. */
static const char *const self_script =
	"thread 1 main\nthread 2 worker\n"
	"method A 0x10 com.ex.A run ()V\n"
	"method B 0x14 com.ex.A rec (I)V\n"
	"1 > A 0 0\n1 > B 5 10\n1 > B 6 12\n1 > 0x80 7 14\n1 < 0x80 9 20\n"
	"1 < B 12 30\n1 < B 20 40\n1 < A 30 60\n"
	"2 > B 0 0\n2 > A 3 5\n2 < A 8 9\n2 < B 10 20\n";

static void test_self_generated(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, self_script, NULL, NULL);
	fx_load(f, 1, self_script, NULL, NULL);
	const struct diff *d = fx_diff(f);
	assert_int_equal(d->nrows, 3);
	check_self(d, &f->r[0].p, &f->r[1].p);
	/* rec: thread 1's outer call and thread 2's are not recursive, thread
	 * 1's inner one is. */
	const struct diff_row *rec = find_row(d, "rec");
	assert_int_equal(rec->calls[0], 2);
	assert_int_equal(rec->rcalls[0], 1);
	/* One profile against itself too. */
	struct diff d2;
	assert_int_equal(d->nrows, f->r[0].p.norder);
	assert_int_equal(diff_build(&d2, &f->r[0].p, &f->r[0].p, NULL), TV_OK);
	check_self(&d2, &f->r[0].p, &f->r[0].p);
	diff_free(&d2);
}

/* The same methods under other ids (and declared in another order): all
 * matched, all same. */
static void test_ids_differ(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, "method A 0x10 com.ex.A run ()V\nmethod B 0x14 com.ex.A work ()V\n"
	              "1 > A 0 0\n1 > B 2 4\n1 < B 5 10\n1 < A 9 20\n", NULL, NULL);
	fx_load(f, 1, "method B 0x40 com.ex.A work ()V\nmethod A 0x88 com.ex.A run ()V\n"
	              "1 > A 0 0\n1 > B 2 4\n1 < B 5 10\n1 < A 9 20\n", NULL, NULL);
	const struct diff *d = fx_diff(f);
	assert_int_equal(d->nrows, 2);
	assert_int_equal(d->count[DIFF_SAME], 2);
	const struct diff_row *w = find_row(d, "work");
	assert_int_equal(row_id(d, w, 0), 0x14);
	assert_int_equal(row_id(d, w, 1), 0x40);
	/* Both rows have Δ 0: ordered by name, run < work. */
	assert_int_equal(row_pos(d, "run"), 0);
	char *t = folded_of(&f->r[0].p, &f->r[1].p, TV_WALL, 0);
	assert_string_equal(t, "com.ex.A.run 14 14\ncom.ex.A.run;com.ex.A.work 6 6\n");
	free(t);
}

/* Undeclared methods match by id only, and only each other: 0x80 is
 * unknown in both (matched); 0x84 is unknown in base but named in new
 * (removed + added). */
static void test_undeclared(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, "1 > 0x80 0 0\n1 > 0x84 1 1\n1 < 0x84 2 2\n1 < 0x80 4 4\n", NULL, NULL);
	fx_load(f, 1, "method X 0x84 com.ex.X x ()V\n"
	              "1 > 0x80 0 0\n1 > X 1 1\n1 < X 2 2\n1 < 0x80 4 4\n", NULL, NULL);
	const struct diff *d = fx_diff(f);
	assert_int_equal(d->nrows, 3);
	assert_int_equal(d->count[DIFF_SAME], 1);
	assert_int_equal(d->count[DIFF_ADDED], 1);
	assert_int_equal(d->count[DIFF_REMOVED], 1);
	for (uint32_t i = 0; i < d->nrows; i++) {
		const struct diff_row *row = &d->rows[i];
		if (row->status == DIFF_SAME) {
			assert_int_equal(row_id(d, row, 0), 0x80);
			assert_int_equal(row_id(d, row, 1), 0x80);
		} else {
			assert_int_equal(row_id(d, row, row->status == DIFF_ADDED), 0x84);
		}
	}
	char *t = json_of(d, NULL, NULL);
	assert_non_null(strstr(t, "{\"class\": null, \"name\": null, \"signature\": null, "
	                          "\"status\": \"same\""));
	free(t);
	t = text_of(d, NULL, NULL);
	assert_non_null(strstr(t, "  removed  (unknown 0x84)\n"));
	assert_non_null(strstr(t, "  added    com.ex.X.x ()V\n"));
	free(t);
}

/* Two ids with one full name in a run are one row, numbers summed, the
 * lower index kept. New: dup 0x20 [1,3], dup 0x24 [4,9] -> 2 calls,
 * excl 2 + 5 = 7 against base's 2 (+5); a: 10-2 = 8 -> 12-7 = 5 (-3). */
static void test_duplicate_names(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, "method A 0x10 com.ex.A a ()V\nmethod D 0x20 com.ex.D dup ()V\n"
	              "1 > A 0 0\n1 > D 1 1\n1 < D 3 3\n1 < A 10 10\n", NULL, NULL);
	fx_load(f, 1, "method A 0x10 com.ex.A a ()V\nmethod D 0x20 com.ex.D dup ()V\n"
	              "method E 0x24 com.ex.D dup ()V\n"
	              "1 > A 0 0\n1 > D 1 1\n1 < D 3 3\n1 > E 4 4\n1 < E 9 9\n1 < A 12 12\n",
	        NULL, NULL);
	const struct diff *d = fx_diff(f);
	assert_int_equal(d->nrows, 2);
	const struct diff_row *row = &d->rows[0];
	assert_int_equal(row_pos(d, "dup"), 0);
	assert_int_equal(row->calls[1], 2);
	assert_int_equal(row->excl[0][TV_WALL], 2);
	assert_int_equal(row->excl[1][TV_WALL], 7);
	assert_int_equal(row_id(d, row, 1), 0x20);
	char *t = folded_of(&f->r[0].p, &f->r[1].p, TV_WALL, 1);
	assert_string_equal(t, "com.ex.A.a()V 8 5\ncom.ex.A.a()V;com.ex.D.dup()V 2 7\n");
	free(t);
}

/* ------------------------------------------------------------ recursion */

/* Recursion in both runs; cpu/wall, wall twice cpu (R = rec, A = run).
 * Base: A [0,100] { R1 [10,60] { R2 [20,40] { R3 [25,30] } }, R4 [70,80] }
 *   R: R1 and R4 not recursive (2 calls), R2 and R3 recursive (2);
 *   incl over R1, R4 = 50 + 10 = 60; excl 30 + 15 + 5 + 10 = 60.
 *   A: 1 call, excl 100 - 60 = 40.
 * New: A [0,100] { R1 [10,40] { R2 [15,25] }, R3 [50,90] { R4 [60,70]
 *   { R5 [62,66] } } }
 *   R: R1, R3 not recursive (2), R2, R4, R5 recursive (3); incl 30 + 40 =
 *   70; excl 20 + 10 + 30 + 6 + 4 = 70. A: excl 100 - 70 = 30.
 * Δ excl wall: R +20, A -20: a tie, R first by name (rec < run). */
static const char *const rec_base =
	"method A 0x10 com.ex.Main run ()V\nmethod R 0x14 com.ex.Main rec (I)V\n"
	"1 > A 0 0\n1 > R 10 20\n1 > R 20 40\n1 > R 25 50\n1 < R 30 60\n1 < R 40 80\n"
	"1 < R 60 120\n1 > R 70 140\n1 < R 80 160\n1 < A 100 200\n";
static const char *const rec_new =
	"method A 0x10 com.ex.Main run ()V\nmethod R 0x14 com.ex.Main rec (I)V\n"
	"1 > A 0 0\n1 > R 10 20\n1 > R 15 30\n1 < R 25 50\n1 < R 40 80\n"
	"1 > R 50 100\n1 > R 60 120\n1 > R 62 124\n1 < R 66 132\n1 < R 70 140\n"
	"1 < R 90 180\n1 < A 100 200\n";

static void test_recursion_rows(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, rec_base, NULL, NULL);
	fx_load(f, 1, rec_new, NULL, NULL);
	const struct diff *d = fx_diff(f);
	assert_int_equal(d->nrows, 2);
	assert_int_equal(row_pos(d, "rec"), 0);
	const struct diff_row *r = &d->rows[0], *a = &d->rows[1];
	assert_int_equal(r->status, DIFF_CHANGED);
	assert_int_equal(r->calls[0], 2);
	assert_int_equal(r->calls[1], 2);
	assert_int_equal(r->rcalls[0], 2);
	assert_int_equal(r->rcalls[1], 3);
	assert_int_equal(r->incl[0][TV_CPU], 60);
	assert_int_equal(r->incl[1][TV_CPU], 70);
	assert_int_equal(r->excl[1][TV_WALL], 140);
	assert_int_equal(a->calls[0], 1);
	assert_int_equal(a->rcalls[1], 0);
	assert_int_equal(a->excl[0][TV_CPU], 40);
	assert_int_equal(a->excl[1][TV_CPU], 30);
	/* calls means what the single report's calls means. */
	for (int run = 0; run < 2; run++) {
		const struct prof_method *pm = &f->r[run].p.methods[run ? r->next : r->base];
		assert_int_equal(r->calls[run], pm->calls);
		assert_int_equal(r->rcalls[run], pm->rcalls);
	}
}

static void test_recursion_reports(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, rec_base, NULL, NULL);
	fx_load(f, 1, rec_new, NULL, NULL);
	const struct diff *d = fx_diff(f);
	char *t = json_of(d, NULL, NULL);
	assert_non_null(strstr(t, "{\n  \"schema\": 2,\n  \"base\": {"));
	assert_non_null(strstr(t,
		"\"status\": \"changed\",\n"
		"     \"base\": {\"id\": \"0x14\", \"calls\": 2, \"recursive_calls\": 2, "
		"\"incl_cpu_usec\": 60, \"excl_cpu_usec\": 60, \"incl_wall_usec\": 120, "
		"\"excl_wall_usec\": 120},\n"
		"     \"new\": {\"id\": \"0x14\", \"calls\": 2, \"recursive_calls\": 3, "
		"\"incl_cpu_usec\": 70, \"excl_cpu_usec\": 70, \"incl_wall_usec\": 140, "
		"\"excl_wall_usec\": 140},\n"
		"     \"delta\": {\"calls\": 0, \"recursive_calls\": 1, \"incl_cpu_usec\": 10, "
		"\"excl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"excl_wall_usec\": 20}}"));
	free(t);
	/* 10/60 = 16.67 %. */
	t = csv_of(d);
	assert_non_null(strstr(t, "\r\nchanged,com.ex.Main,rec,(I)V,60,70,60,70,10,16.67,"
	                          "120,140,120,140,20,16.67,2,2,2,3,0x14,0x14\r\n"));
	free(t);
	t = text_of(d, NULL, NULL);
	assert_non_null(strstr(t, "  Calls Base   Calls New    Rec Base     Rec New  Status"));
	assert_non_null(strstr(t, "           2           2           2           3"
	                          "           com.ex.Main.rec (I)V\n"));
	free(t);
}

/* The same calls in total, split otherwise: changed, not same.
 * Base: R [10,30] { R [15,25] }: 1 + 1 recursive; incl 20, excl 10 + 10.
 * New: R [10,20], R [20,30]: 2 + 0; incl 20, excl 20. A excl 80 in both. */
static void test_recursion_split_only(void **state)
{
	struct fx *f = *state;
	fx_load(f, 0, "method A 0x10 com.ex.A run ()V\nmethod R 0x14 com.ex.A rec ()V\n"
	              "1 > A 0 0\n1 > R 10 20\n1 > R 15 30\n1 < R 25 50\n1 < R 30 60\n"
	              "1 < A 100 200\n", NULL, NULL);
	fx_load(f, 1, "method A 0x10 com.ex.A run ()V\nmethod R 0x14 com.ex.A rec ()V\n"
	              "1 > A 0 0\n1 > R 10 20\n1 < R 20 40\n1 > R 20 40\n1 < R 30 60\n"
	              "1 < A 100 200\n", NULL, NULL);
	const struct diff *d = fx_diff(f);
	const struct diff_row *r = find_row(d, "rec"), *a = find_row(d, "run");
	assert_int_equal(r->incl[0][TV_WALL], r->incl[1][TV_WALL]);
	assert_int_equal(r->excl[0][TV_WALL], r->excl[1][TV_WALL]);
	assert_int_equal(r->calls[0] + r->rcalls[0], r->calls[1] + r->rcalls[1]);
	assert_int_equal(r->rcalls[0], 1);
	assert_int_equal(r->calls[1], 2);
	assert_int_equal(r->status, DIFF_CHANGED);
	assert_int_equal(a->status, DIFF_SAME);
}

/* ------------------------------------------------------------ clocks */

/* Base thread-cpu only, new dual: CPU compared, wall null everywhere. */
static void test_clock_cpu_only(void **state)
{
	struct fx *f = *state;
	struct tg_opts cpu = {0};
	cpu.version = 2;        /* version 3 is always dual */
	cpu.clock = TG_CLOCK_THREAD_CPU;
	fx_load(f, 0, "1 > A 0\n1 > B 2\n1 < B 5\n1 < A 9\n", &cpu, NULL);
	fx_load(f, 1, "1 > A 0 0\n1 > B 2 4\n1 < B 7 10\n1 < A 9 20\n", NULL, NULL);
	const struct diff *d = fx_diff(f);
	assert_false(d->has_clock[TV_WALL]);
	assert_true(d->has_clock[TV_CPU]);
	assert_int_equal(d->clock, TV_CPU);
	/* B excl cpu 3 -> 5 (+2), A 6 -> 4 (-2): tie, A first by name. */
	assert_int_equal(row_pos(d, "A"), 0);
	assert_int_equal(d->rows[1].excl[1][TV_CPU], 5);
	assert_int_equal(d->rows[1].excl[1][TV_WALL], 0);
	char *t = json_of(d, NULL, NULL);
	assert_non_null(strstr(t, "  \"clocks\": [\"cpu\"],\n  \"clock\": \"cpu\",\n"));
	assert_non_null(strstr(t, "\"delta\": {\"calls\": 0, \"recursive_calls\": 0, "
	                          "\"incl_cpu_usec\": 2, \"excl_cpu_usec\": 2, \"incl_wall_usec\": null, "
	                          "\"excl_wall_usec\": null}}"));
	free(t);
	t = csv_of(d);
	assert_null(strstr(t, "wall"));
	assert_non_null(strstr(t, "\r\nchanged,com.example.Test,B,()V,3,5,3,5,2,66.67,1,1,0,0,0x8,0x8\r\n"));
	free(t);
	t = text_of(d, NULL, NULL);
	assert_null(strstr(t, "Real"));
	assert_non_null(strstr(t, "sorted by |Excl Delta| of Cpu"));
	free(t);
}

/* Wall-only against CPU-only: nothing to compare but calls; by name. */
static void test_clock_none_shared(void **state)
{
	struct fx *f = *state;
	struct tg_opts cpu = {0}, wall = {0};
	cpu.version = wall.version = 2;
	cpu.clock = TG_CLOCK_THREAD_CPU;
	wall.clock = TG_CLOCK_WALL;
	fx_load(f, 0, "1 > Z 0\n1 > A 2\n1 < A 5\n1 < Z 9\n", &cpu, NULL);
	fx_load(f, 1, "1 > Z 0\n1 > A 2\n1 < A 5\n1 > A 6\n1 < A 7\n1 < Z 9\n", &wall, NULL);
	const struct diff *d = fx_diff(f);
	assert_false(d->has_clock[TV_CPU] || d->has_clock[TV_WALL]);
	assert_int_equal(row_pos(d, "A"), 0);
	assert_int_equal(d->rows[0].status, DIFF_CHANGED);    /* 1 call -> 2 */
	assert_int_equal(d->rows[1].status, DIFF_SAME);
	char *t = json_of(d, NULL, NULL);
	assert_non_null(strstr(t, "  \"clocks\": [],\n  \"clock\": null,\n"));
	free(t);
	t = text_of(d, NULL, NULL);
	assert_non_null(strstr(t, "clocks     none recorded by both\n"));
	free(t);
	t = folded_of(&f->r[0].p, &f->r[1].p, TV_WALL, 0);
	/* Base lacks wall: 0. New: Z 9 - 3 - 1 = 5, A 3 + 1 = 4. */
	assert_string_equal(t, "com.example.Test.Z 0 5\ncom.example.Test.Z;com.example.Test.A 0 4\n");
	free(t);
}

/* ------------------------------------------------------------ misc */

/* One thread of each run: thread 2 only. */
static void test_thread_filter(void **state)
{
	struct fx *f = *state;
	uint32_t tid = 2;
	fx_load(f, 0, self_script, NULL, &tid);
	fx_load(f, 1, self_script, NULL, NULL);
	const struct diff *d = fx_diff(f);
	char *t = text_of(d, NULL, NULL);
	assert_non_null(strstr(t, "threads    base thread 2, new 2 of 2 selected\n"));
	free(t);
	t = json_of(d, NULL, NULL);
	assert_non_null(strstr(t, "\"threads\": 1, \"tid\": 2}"));
	free(t);
	/* 0x80 is called on thread 1 only. */
	assert_int_equal(d->count[DIFF_ADDED], 1);
}

/* A full device makes every writer report TV_ERR_OUTPUT. */
static void test_output_error(void **state)
{
	struct fx *f = *state;
	const struct diff *d = pair_load(f);
	FILE *out = fopen("/dev/full", "w");
	if (!out)
		skip();
	assert_int_equal(diff_report_text(out, d, "a", "b"), TV_ERR_OUTPUT);
	clearerr(out);
	assert_int_equal(diff_report_csv(out, d), TV_ERR_OUTPUT);
	clearerr(out);
	assert_int_equal(diff_report_json(out, d), TV_ERR_OUTPUT);
	clearerr(out);
	assert_int_equal(diff_report_folded(out, &f->r[0].p, &f->r[1].p, TV_WALL, 0),
	                 TV_ERR_OUTPUT);
	fclose(out);
}

/* ------------------------------------------------------------ real traces */

/* Each real trace loaded twice (two models, so matching goes by name
 * across traces) and diffed with itself: all same, all zero. */
static void test_real_self(void **state)
{
	const char *dir = tu_real_dir();
	(void)state;
	if (!dir) {
		print_message("real-trace folder absent: skipped\n");
		skip();
	}
	size_t done, nv;
	char **v = tu_real_traces(&nv);
	for (done = 0; done < nv; done++) {
		const char *path = v[done];
		uint8_t *buf;
		size_t n;
		assert_int_equal(tu_read_file(path, &buf, &n), 0);
		struct trace tr[2];
		struct profile p[2];
		struct tv_error err = {0};
		for (int r = 0; r < 2; r++) {
			assert_int_equal(tu_load_buffer(&tr[r], buf, n), TV_OK);
			assert_int_equal(profile_build(&p[r], &tr[r], NULL, &err), TV_OK);
		}
		struct diff d;
		assert_int_equal(diff_build(&d, &p[0], &p[1], &err), TV_OK);
		check_self(&d, &p[0], &p[1]);
		diff_free(&d);
		for (int r = 0; r < 2; r++) {
			profile_free(&p[r]);
			trace_free(&tr[r]);
		}
		free(buf);
	}
	tu_free_list(v, nv);
	assert_true(done > 0);
	print_message("%zu real traces diffed with themselves\n", done);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_pair_order, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_pair_slower, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_pair_added_removed, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_self_generated, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_ids_differ, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_undeclared, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_duplicate_names, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_recursion_rows, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_recursion_reports, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_recursion_split_only, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_clock_cpu_only, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_clock_none_shared, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_thread_filter, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_output_error, fx_setup, fx_teardown),
		cmocka_unit_test(test_real_self),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
