/* test_callspane.c: the call lists, every call (5) and jank (J), off
 * screen, on a written trace whose calls are known by hand.
 *
 * Thread 1 "main": Handler.dispatchMessage H [0, 40) wall, [0, 30) CPU,
 * calling Foo.work B [10, 30) wall, [10, 20) CPU; then H [2000, 2010)
 * wall, 5 µs CPU; then B alone [3000, 3002), 2 µs CPU. Thread 2: Foo.run
 * A calling B [10, 1010) wall, [5, 105) CPU. On the wall axis (origin 0):
 *
 *   B calls by start: tid 1 @0.010 wall 0.020 cpu 0.010 wait 0.010 depth 2
 *   caller H; tid 2 @0.010 wall 1.000 cpu 0.100 wait 0.900 depth 2 caller
 *   A; tid 1 @3.000 wall 0.002 cpu 0.002 wait 0 depth 1 toplevel.
 *   CPU 2, 10, 100: min 0.002, mean 112/3 = 37 µs, p50 (rank 2) 0.010, p95
 *   (rank 3) 0.100, max 0.100; buckets [2,5) [10,20) [100,200) one each.
 *   Jank at a 30 µs budget: the first H only (wall 40 ≥ 30; the second is
 *   10), wall 0.040 cpu 0.030 wait 0.010, path H > B; its cause: H's
 *   own 20 µs framework and B's 20 library (app with com.example.*),
 *   a tie that goes to the category first in the table, 50%.
 */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include <cmocka.h>
#include <curses.h>

#include "panes/callspane.h"
#include "draw/color.h"
#include "screentest.h"
#include "testutil.h"
#include "tracegen.h"

static const char *const script =
        "thread 1 main\n"
        "thread 2 worker\n"
        "method B 0x14 com/example/Foo work ()V Foo.kt\n"
        "method A 0x18 com/example/Foo run ()V Foo.kt\n"
        "1 > 0x10 0 0; 1 > B 10 10; 1 < B 20 30; 1 < 0x10 30 40\n"
        "2 > A 0 5; 2 > B 5 10; 2 < B 105 1010; 2 < A 110 1020\n"
        "1 > 0x10 40 2000; 1 < 0x10 45 2010; 1 > B 50 3000; 1 < B 52 3002\n";

struct fx {
	struct ts_term t;
	struct color color;
	struct trace tr;
	struct tg *tg;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	struct tg_opts o = {.family = TG_V1, .version = 3, .clock = TG_CLOCK_DUAL};
	if (!f)
		return -1;
	if (ts_open(&f->t, "xterm-256color", 140, 40) != 0)
		return -1;
	color_init(&f->color, 0);
	f->tg = tg_new();
	/* H: its signature has a ';', which the script reads as a break */
	tg_method(f->tg, 0x10, "android/os/Handler", "dispatchMessage", "(Landroid/os/Message;)V",
	          "Handler.java");
	if (tg_script(f->tg, script) != 0 || tu_load_tg(&f->tr, f->tg, &o) != TV_OK)
		return -1;
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	ts_close(&f->t);
	trace_free(&f->tr);
	tg_free(f->tg);
	free(f);
	return 0;
}

static uint32_t method_of(struct fx *f, const char *sym)
{
	uint64_t id = strcmp(sym, "H") == 0 ? 0x10 : tg_id(f->tg, sym);
	for (uint32_t m = 0; m < f->tr.nmethods; m++)
		if (f->tr.methods[m].id == id)
			return m;
	fail_msg("no method %s", sym);
	return 0;
}

static void expect_row(WINDOW *win, int y, const char *want)
{
	char row[1024];
	ts_row(win, y, row, sizeof row);
	if (strcmp(row, want) != 0)
		fail_msg("row %d:\n got |%s|\nwant |%s|", y, row, want);
}

static enum pane_res act(struct pane pn, struct fx *f, enum action a)
{
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	struct pane_out out = {PANE_NONE, ""};
	return pn.ops->act(pn.self, a, &ctx, &out);
}

static void draw(struct pane pn, struct fx *f, WINDOW *win)
{
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	pn.ops->draw(pn.self, win, &ctx);
}

static void test_every_call(void **state)
{
	struct fx *f = *state;
	struct callspane p;
	assert_int_equal(callspane_init(&p, 0, &f->tr, 0, 1000000), 0);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, method_of(f, "B"));
	struct pane pn = callspane_pane(&p);
	assert_int_equal(pn.ops->kind, PANE_CALLS);
	assert_int_equal(pn.ops->selected(&p).item, method_of(f, "B"));
	WINDOW *win = newwin(20, 140, 0, 0);
	draw(pn, f, win);
	expect_row(win, 0, " Calls of com/example/Foo.work ()V: 3 calls");
	expect_row(win, 1, " count 3  min 0.002  mean 0.037  p50 0.010  p95 0.100  max 0.100  "
	                   "(incl cpu, ms)");
	/* Histogram: buckets [2,5) to [100,200), 6 of them at 7 columns;
	 * each filled bucket one call, so bars the full 4 rows, 6 cells. */
	expect_row(win, 2, "     1  ######        ######               ######");
	expect_row(win, 5, " calls  ######        ######               ######");
	expect_row(win, 6, "from    2us    5us    10us   20us   50us   100us");
	expect_row(win, 7, "     tid    ^start ms    wall ms     cpu ms    wait ms depth  caller");
	expect_row(win, 8, "       1        0.010      0.020      0.010      0.010     2  "
	                   "android/os/Handler.dispatchMessage (Landroid/os/Message;)V");
	expect_row(win, 9, "       2        0.010      1.000      0.100      0.900     2  "
	                   "com/example/Foo.run ()V");
	expect_row(win, 10, "       1        3.000      0.002      0.002      0.000     1  "
	                    "(toplevel)");
	/* Sorted by wall (>: from start to wall), largest first; I reverses. */
	assert_int_equal(act(pn, f, ACT_SORT_NEXT), PANE_DONE);
	draw(pn, f, win);
	expect_row(win, 7, "     tid     start ms   vwall ms     cpu ms    wait ms depth  caller");
	expect_row(win, 8, "       2        0.010      1.000      0.100      0.900     2  "
	                   "com/example/Foo.run ()V");
	expect_row(win, 10, "       1        3.000      0.002      0.002      0.000     1  "
	                    "(toplevel)");
	act(pn, f, ACT_SORT_REVERSE);
	draw(pn, f, win);
	expect_row(win, 8, "       1        3.000      0.002      0.002      0.000     1  "
	                   "(toplevel)");
	/* Enter on the second row (the 0.020 ms call of thread 1): the span
	 * on the loaded trace's axis, absolute. */
	act(pn, f, ACT_DOWN);
	assert_int_equal(act(pn, f, ACT_SHOW_CALL), PANE_SPAN);
	uint32_t tid;
	uint64_t t0, t1;
	struct methodcalls_axis ax;
	methodcalls_axis_of(&f->tr, &ax);
	assert_int_equal(callspane_span(&p, &tid, &t0, &t1), 0);
	assert_int_equal(tid, 1);
	assert_int_equal(t0 - ax.origin, 10);
	assert_int_equal(t1 - t0, 20);
	/* The wall clock: the summary follows without a new list. */
	callspane_scope(&p, &f->tr, NULL, TV_WALL, method_of(f, "B"));
	draw(pn, f, win);
	expect_row(win, 1, " count 3  min 0.002  mean 0.340  p50 0.020  p95 1.000  max 1.000  "
	                   "(incl wall, ms)");
	/* Thread 2 alone: its one call. */
	uint32_t two = 2;
	struct trace_sel only2 = {&two, 1};
	callspane_scope(&p, &f->tr, &only2, TV_CPU, method_of(f, "B"));
	draw(pn, f, win);
	expect_row(win, 0, " Calls of com/example/Foo.work ()V: 1 call on this thread");
	delwin(win);
	callspane_free(&p);
}

static void test_jank(void **state)
{
	struct fx *f = *state;
	struct callspane p;
	assert_int_equal(callspane_init(&p, 1, &f->tr, 30, 1000000), 0);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, PANE_NONE);
	struct pane pn = callspane_pane(&p);
	assert_int_equal(pn.ops->kind, PANE_JANK);
	WINDOW *win = newwin(10, 140, 0, 0);
	draw(pn, f, win);
	expect_row(win, 0, " Jank on [1] main (rule: main): 1 frame-critical call of 0.030 ms or more");
	expect_row(win, 1, "     start ms   vwall ms     cpu ms    wait ms  cause           method");
	/* H's 40 µs wall: its own 20 framework, B's 20 library (no app
	 * packages): a tie, framework first */
	expect_row(win, 2, "        0.000      0.040      0.030      0.010  framework 50%   "
	                   "android/os/Handler.dispatchMessage (Landroid/os/Message;)V");
	expect_row(win, 3, "");
	expect_row(win, 7, " cause: framework 50%: com/example/Foo.work");
	expect_row(win, 8, " heaviest path: android/os/Handler.dispatchMessage > "
	                   "com/example/Foo.work");
	assert_int_equal(pn.ops->selected(&p).item, method_of(f, "H"));
	assert_int_equal(callspane_rows_wanted(&p), 2 + 1 + 3);
	/* 60 columns: the path (75) wraps between names, never inside one:
	 * " heaviest path: android/os/Handler.dispatchMessage >" is 52. */
	WINDOW *narrow = newwin(10, 60, 0, 0);
	draw(pn, f, narrow);
	expect_row(narrow, 8, " heaviest path: android/os/Handler.dispatchMessage >");
	expect_row(narrow, 9, "com/example/Foo.work");
	delwin(narrow);
	assert_int_equal(act(pn, f, ACT_SHOW_CALL), PANE_SPAN);
	uint32_t tid;
	uint64_t t0, t1;
	assert_int_equal(callspane_span(&p, &tid, &t0, &t1), 0);
	assert_int_equal(tid, 1);
	assert_int_equal(t1 - t0, 40);
	/* Scoped to thread 2: no thread of the scope is named main and the
	 * key has no pid, so the first of the scope's (rule first), which
	 * calls nothing frame-critical; both threads: main again. */
	uint32_t tids[] = {1, 2};
	struct trace_sel only2 = {&tids[1], 1}, both = {tids, 2};
	callspane_scope(&p, &f->tr, &only2, TV_CPU, PANE_NONE);
	draw(pn, f, win);
	expect_row(win, 0, " Jank on [2] worker (rule: first): 0 frame-critical calls of 0.030 ms or "
	                   "more");
	callspane_scope(&p, &f->tr, &both, TV_CPU, PANE_NONE);
	draw(pn, f, win);
	expect_row(win, 0, " Jank on [1] main (rule: main): 1 frame-critical call of 0.030 ms or more");
	/* The app's packages given: B's 20 are the app's, first in a tie. */
	callspane_free(&p);
	assert_int_equal(callspane_init(&p, 1, &f->tr, 30, 1000000), 0);
	const struct derive_glob app = {"com.example.*", 13};
	callspane_categories(&p, &app, 1);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, PANE_NONE);
	draw(pn, f, win);
	expect_row(win, 2, "        0.000      0.040      0.030      0.010  app 50%         "
	                   "android/os/Handler.dispatchMessage (Landroid/os/Message;)V");
	expect_row(win, 7, " cause: app 50%: com/example/Foo.work");
	/* At the default budget (16.7 ms) nothing is that long. */
	callspane_free(&p);
	assert_int_equal(callspane_init(&p, 1, &f->tr, 0, 1000000), 0);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, PANE_NONE);
	draw(pn, f, win);
	expect_row(win, 0, " Jank on [1] main (rule: main): 0 frame-critical calls of 16.700 ms or more");
	expect_row(win, 2, " none: no frame-critical call is that long");
	assert_int_equal(act(pn, f, ACT_SHOW_CALL), PANE_DONE);
	delwin(win);
	callspane_free(&p);
}

/* The jank list sorts by start, wall, cpu and wait (< > I). At a 10 µs
 * budget both dispatches are listed: H1 @0 wall 40 cpu 30 wait 10, H2
 * @2000 wall 10 cpu 5 wait 5 (no children: framework 100%). */
static void test_jank_sort(void **state)
{
	struct fx *f = *state;
	static const char *const h1 = "        0.000      0.040      0.030      0.010  framework 50%   "
	                              "android/os/Handler.dispatchMessage (Landroid/os/Message;)V";
	static const char *const h2 = "        2.000      0.010      0.005      0.005  framework 100%  "
	                              "android/os/Handler.dispatchMessage (Landroid/os/Message;)V";
	static const struct {
		enum action a;
		const char *titles, *first;
	} steps[] = {
		{ACT_NONE, "     start ms   vwall ms     cpu ms    wait ms", NULL},
		{ACT_SORT_PREV, "    ^start ms    wall ms     cpu ms    wait ms", NULL},
		{ACT_SORT_REVERSE, "    vstart ms    wall ms     cpu ms    wait ms", NULL},
		{ACT_SORT_NEXT, "     start ms   vwall ms     cpu ms    wait ms", NULL},
		{ACT_SORT_REVERSE, "     start ms   ^wall ms     cpu ms    wait ms", NULL},
		{ACT_SORT_NEXT, "     start ms    wall ms    vcpu ms    wait ms", NULL},
		{ACT_SORT_NEXT, "     start ms    wall ms     cpu ms   vwait ms", NULL},
		{ACT_SORT_NEXT, "    ^start ms    wall ms     cpu ms    wait ms", NULL},
	};
	static const int h2_first[] = {0, 0, 1, 0, 1, 0, 0, 0};
	struct callspane p;
	assert_int_equal(callspane_init(&p, 1, &f->tr, 10, 1000000), 0);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, PANE_NONE);
	struct pane pn = callspane_pane(&p);
	WINDOW *win = newwin(10, 140, 0, 0);
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		if (steps[i].a != ACT_NONE)
			assert_int_equal(act(pn, f, steps[i].a), PANE_DONE);
		draw(pn, f, win);
		char want[200];
		snprintf(want, sizeof want, "%s  cause           method", steps[i].titles);
		expect_row(win, 1, want);
		expect_row(win, 2, h2_first[i] ? h2 : h1);
		expect_row(win, 3, h2_first[i] ? h1 : h2);
	}
	/* The path and cause follow the row under the cursor */
	expect_row(win, 7, " cause: framework 50%: com/example/Foo.work");
	/* A key before the rows arrive: they come sorted (wall, ascending). */
	callspane_free(&p);
	assert_int_equal(callspane_init(&p, 1, &f->tr, 10, 1000000), 0);
	assert_int_equal(act(pn, f, ACT_SORT_REVERSE), PANE_DONE);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, PANE_NONE);
	draw(pn, f, win);
	expect_row(win, 1, "     start ms   ^wall ms     cpu ms    wait ms  cause           method");
	expect_row(win, 2, h2);
	expect_row(win, 7, " cause: framework 100%: android/os/Handler.dispatchMessage");
	delwin(win);
	callspane_free(&p);
}

/* Polls the pane until its worker is done (at most 5 s). */
static void settle(struct pane pn, struct callspane *p)
{
	for (int i = 0; i < 5000 && pn.ops->busy(p); i++) {
		struct timespec ms = {0, 1000000};
		pn.ops->poll(p);
		nanosleep(&ms, NULL);
	}
	assert_false(pn.ops->busy(p));
}

/* A big trace builds on the worker: the pane says so, then shows the
 * rows once polled. */
static void test_worker(void **state)
{
	struct fx *f = *state;
	struct callspane p;
	assert_int_equal(callspane_init(&p, 0, &f->tr, 0, 1), 0);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, method_of(f, "B"));
	struct pane pn = callspane_pane(&p);
	settle(pn, &p);
	WINDOW *win = newwin(20, 140, 0, 0);
	draw(pn, f, win);
	expect_row(win, 0, " Calls of com/example/Foo.work ()V: 3 calls");
	delwin(win);
	callspane_free(&p);
}

/* A long list (here every list: inline_below 1) sorts on the worker: the
 * key returns at once, the pane keeps its count and summary and says
 * "sorting" with no rows until the sorted rows come back; a second key
 * pressed meanwhile sorts again when they do, and a new scope meanwhile
 * drops the sort. */
static void test_worker_sort(void **state)
{
	struct fx *f = *state;
	struct callspane p;
	assert_int_equal(callspane_init(&p, 0, &f->tr, 0, 1), 0);
	callspane_scope(&p, &f->tr, NULL, TV_CPU, method_of(f, "B"));
	struct pane pn = callspane_pane(&p);
	settle(pn, &p);
	WINDOW *win = newwin(20, 140, 0, 0);
	assert_int_equal(act(pn, f, ACT_SORT_NEXT), PANE_DONE);  /* wall, largest first */
	assert_true(pn.ops->busy(&p));
	draw(pn, f, win);
	expect_row(win, 0, " Calls of com/example/Foo.work ()V: 3 calls, sorting~");
	expect_row(win, 1, " count 3  min 0.002  mean 0.037  p50 0.010  p95 0.100  max 0.100  "
	                   "(incl cpu, ms)");
	expect_row(win, 7, "     tid     start ms   vwall ms     cpu ms    wait ms depth  caller");
	expect_row(win, 8, "");
	assert_int_equal(act(pn, f, ACT_SHOW_CALL), PANE_DONE);  /* no row yet */
	/* cpu, largest first, pressed before the wall sort is back */
	assert_int_equal(act(pn, f, ACT_SORT_NEXT), PANE_DONE);
	settle(pn, &p);
	draw(pn, f, win);
	expect_row(win, 0, " Calls of com/example/Foo.work ()V: 3 calls");
	expect_row(win, 7, "     tid     start ms    wall ms    vcpu ms    wait ms depth  caller");
	expect_row(win, 8, "       2        0.010      1.000      0.100      0.900     2  "
	                   "com/example/Foo.run ()V");
	expect_row(win, 9, "       1        0.010      0.020      0.010      0.010     2  "
	                   "android/os/Handler.dispatchMessage (Landroid/os/Message;)V");
	expect_row(win, 10, "       1        3.000      0.002      0.002      0.000     1  "
	                    "(toplevel)");
	/* I, then thread 2 alone before the sort is back: its one call. */
	act(pn, f, ACT_SORT_REVERSE);
	uint32_t two = 2;
	struct trace_sel only2 = {&two, 1};
	callspane_scope(&p, &f->tr, &only2, TV_CPU, method_of(f, "B"));
	settle(pn, &p);
	draw(pn, f, win);
	expect_row(win, 0, " Calls of com/example/Foo.work ()V: 1 call on this thread");
	expect_row(win, 8, "       2        0.010      1.000      0.100      0.900     2  "
	                   "com/example/Foo.run ()V");
	delwin(win);
	callspane_free(&p);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_call),
		cmocka_unit_test(test_jank),
		cmocka_unit_test(test_jank_sort),
		cmocka_unit_test(test_worker),
		cmocka_unit_test(test_worker_sort),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
