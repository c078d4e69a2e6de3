/* test_threadspane.c: the threads pane (6) off screen, on a written
 * dual-clock trace whose numbers are known by hand.
 *
 *   [1] main: Looper.loop L [0, 100) wall, [0, 60) CPU, calling
 *       Object.wait W [20, 60) wall, [10, 15) CPU. 4 records.
 *   [2] w1:   String.length R [0, 30) wall, [0, 10) CPU. 2 records.
 *   [3] w2:   Foo.run F [0, 20) wall, [0, 6) CPU, calling R [5, 15)
 *       wall, [2, 4) CPU. 4 records.
 *
 * Spans (json's cpu_usec, wall_usec): 60/100, 10/30, 6/20; wait 40, 20,
 * 14. CPU shares of 76: 78.9%, 13.2%, 7.9%; wall shares of 150: 66.7%,
 * 20.0%, 13.3%. By category (docs/numbers.md, "Categories"; app
 * com.example.*): main's W is blocked, its whole incl (5 CPU, 40 wall),
 * L framework, its excl (55 CPU, 60 wall); w1 runtime 10 / 30; w2 app
 * (F's excl) 4 / 10, runtime 2 / 10. A strip of 12 cells (100 columns)
 * on CPU: main 11 f + 1 b (55/60 of 12 is 11), w1 12 r, w2 8 a + 4 r;
 * on wall: main 7 f (7.2) + 5 b, w2 6 a + 6 r.
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

#include <cmocka.h>
#include <curses.h>

#include "analyze/derive.h"
#include "analyze/profile.h"
#include "draw/color.h"
#include "panes/threadspane.h"
#include "screentest.h"
#include "testutil.h"
#include "tracegen.h"

static const char *const script =
        "thread 1 main\n"
        "thread 2 w1\n"
        "thread 3 w2\n"
        "method L 0x10 android/os/Looper loop ()V Looper.java\n"
        "method W 0x14 java/lang/Object wait ()V Object.java\n"
        "method R 0x18 java/lang/String length ()I String.java\n"
        "method F 0x1c com/example/Foo run ()V Foo.kt\n"
        "1 > L 0 0; 1 > W 10 20; 1 < W 15 60; 1 < L 60 100\n"
        "2 > R 0 0; 2 < R 10 30\n"
        "3 > F 0 0; 3 > R 2 5; 3 < R 4 15; 3 < F 6 20\n";

struct fx {
	struct ts_term t;
	struct color color;
	struct trace tr;
	struct tg *tg;
	struct profile p;
	struct derive_glob *app;
	uint32_t napp;
	struct threadspane tp;
	struct pane pn;
	WINDOW *win;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	struct tg_opts o = {.family = TG_V1, .version = 3, .clock = TG_CLOCK_DUAL};
	struct tv_error err;
	const char *why;
	if (!f || ts_open(&f->t, "xterm-256color", 120, 30) != 0)
		return -1;
	color_init(&f->color, 0);  /* mono: the strips' letters */
	f->tg = tg_new();
	if (tg_script(f->tg, script) != 0 || tu_load_tg(&f->tr, f->tg, &o) != TV_OK ||
	    profile_build(&f->p, &f->tr, NULL, &err) != TV_OK ||
	    derive_parse_globs("com.example.*", &f->app, &f->napp, &why) < 0)
		return -1;
	if (threadspane_init(&f->tp, UINT64_MAX) < 0)
		return -1;
	f->pn = threadspane_pane(&f->tp);
	f->win = newwin(8, 100, 0, 0);
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	threadspane_free(&f->tp);
	delwin(f->win);
	ts_close(&f->t);
	free(f->app);
	profile_free(&f->p);
	trace_free(&f->tr);
	tg_free(f->tg);
	free(f);
	return 0;
}

static void expect_row(WINDOW *win, int y, const char *want)
{
	char row[1024];
	ts_row(win, y, row, sizeof row);
	if (strcmp(row, want) != 0)
		fail_msg("row %d:\n got |%s|\nwant |%s|", y, row, want);
}

static enum pane_res act(struct fx *f, enum action a, struct pane_out *out)
{
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	*out = (struct pane_out){PANE_NONE, ""};
	return f->pn.ops->act(f->pn.self, a, &ctx, out);
}

static void draw(struct fx *f)
{
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	f->pn.ops->draw(f->pn.self, f->win, &ctx);
}

static void show(struct fx *f, int clock, const struct trace_sel *scope)
{
	assert_int_equal(threadspane_show(&f->tp, &f->tr, &f->p, f->app, f->napp, clock, scope), 0);
	draw(f);
}

/* The tids of the rows, top down, as "1 3 2". */
static void expect_order(struct fx *f, const char *want)
{
	char got[64] = "";
	for (uint32_t i = 0; i < f->pn.ops->count(f->pn.self); i++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%u", i ? " " : "",
		         (unsigned)f->tr.threads[f->pn.ops->item(f->pn.self, i)].tid);
	assert_string_equal(got, want);
}

static void test_rows(void **state)
{
	struct fx *f = *state;
	assert_int_equal(f->pn.ops->kind, PANE_THREADS);
	assert_string_equal(f->pn.ops->own_items, "threads");
	show(f, TV_CPU, NULL);
	expect_row(f->win, 0, " Threads: 3 (scope: all threads)");
	expect_row(f->win, 1, "      ^tid   records     cpu ms    wall ms    wait ms  share  "
	                      "categories    name");
	expect_row(f->win, 2, "         1         4      0.060      0.100      0.040  78.9%  "
	                      "fffffffffffb  main");
	expect_row(f->win, 3, "         2         2      0.010      0.030      0.020  13.2%  "
	                      "rrrrrrrrrrrr  w1");
	expect_row(f->win, 4, "         3         4      0.006      0.020      0.014   7.9%  "
	                      "aaaaaaaarrrr  w2");
	expect_row(f->win, 5, "");
	/* The wall clock: its shares and strips. */
	show(f, TV_WALL, NULL);
	expect_row(f->win, 2, "         1         4      0.060      0.100      0.040  66.7%  "
	                      "fffffffbbbbb  main");
	expect_row(f->win, 3, "         2         2      0.010      0.030      0.020  20.0%  "
	                      "rrrrrrrrrrrr  w1");
	expect_row(f->win, 4, "         3         4      0.006      0.020      0.014  13.3%  "
	                      "aaaaaarrrrrr  w2");
	/* At 80 columns the strip keeps 4 cells (wall: 2.4 of framework, so
	 * 2) and the name 12. */
	WINDOW *narrow = newwin(6, 80, 0, 0);
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	f->pn.ops->draw(f->pn.self, narrow, &ctx);
	expect_row(narrow, 2, "         1         4      0.060      0.100      0.040  66.7%  ffbb  main");
	delwin(narrow);
	assert_int_equal(f->pn.ops->rows(f->pn.self, 0), 2 + 3);
}

/* < > I: by each column, numbers largest first, ties by tid. */
static void test_sort(void **state)
{
	struct fx *f = *state;
	struct pane_out out;
	show(f, TV_CPU, NULL);
	expect_order(f, "1 2 3");
	assert_int_equal(act(f, ACT_SORT_NEXT, &out), PANE_DONE);  /* records: 4 4 2 */
	draw(f);
	expect_row(f->win, 1, "       tid  vrecords     cpu ms    wall ms    wait ms  share  "
	                      "categories    name");
	expect_order(f, "1 3 2");
	act(f, ACT_SORT_NEXT, &out);  /* cpu */
	expect_order(f, "1 2 3");
	act(f, ACT_SORT_REVERSE, &out);
	expect_order(f, "3 2 1");
	act(f, ACT_SORT_NEXT, &out);  /* wall */
	act(f, ACT_SORT_NEXT, &out);  /* wait: 40 20 14 */
	expect_order(f, "1 2 3");
	act(f, ACT_SORT_NEXT, &out);  /* share, on CPU */
	expect_order(f, "1 2 3");
	act(f, ACT_SORT_NEXT, &out);  /* name, ascending */
	expect_order(f, "1 2 3");
	act(f, ACT_SORT_REVERSE, &out);
	expect_order(f, "3 2 1");
	act(f, ACT_SORT_NEXT, &out);  /* round to tid, ascending */
	expect_order(f, "1 2 3");
	act(f, ACT_SORT_PREV, &out);  /* name again, ascending */
	draw(f);
	expect_row(f->win, 1, "       tid   records     cpu ms    wall ms    wait ms  share  "
	                      "categories    ^name");
}

/* Space marks and moves on; Enter scopes to the marked threads, else to
 * the cursor's; the scope's threads show marked. */
static void test_mark_and_scope(void **state)
{
	struct fx *f = *state;
	struct pane_out out;
	struct trace_sel sel;
	show(f, TV_CPU, NULL);
	assert_int_equal(f->pn.ops->scope(f->pn.self, &sel), -1);  /* nothing asked yet */
	act(f, ACT_DOWN, &out);
	assert_int_equal(act(f, ACT_THREAD_MARK, &out), PANE_DONE);   /* w1, then on w2 */
	assert_int_equal(act(f, ACT_THREAD_MARK, &out), PANE_DONE);   /* w2 */
	act(f, ACT_TOP, &out);
	draw(f);
	expect_row(f->win, 0, " Threads: 3 (scope: all threads); 2 marked, Enter scopes to them");
	expect_row(f->win, 3, "*        2         2      0.010      0.030      0.020  13.2%  "
	                      "rrrrrrrrrrrr  w1");
	assert_int_equal(act(f, ACT_THREAD_SCOPE, &out), PANE_SCOPE);
	assert_int_equal(f->pn.ops->scope(f->pn.self, &sel), 0);
	assert_int_equal(sel.n, 2);
	assert_int_equal(sel.tids[0], 2);
	assert_int_equal(sel.tids[1], 3);
	/* The session scopes (the shell's part): the pane marks its threads. */
	uint32_t scoped[] = {2, 3};
	struct trace_sel now = {scoped, 2};
	show(f, TV_CPU, &now);
	expect_row(f->win, 0, " Threads: 3 (scope: 2 threads)");
	expect_row(f->win, 2, "         1         4      0.060      0.100      0.040  78.9%  "
	                      "fffffffffffb  main");
	expect_row(f->win, 3, " >       2         2      0.010      0.030      0.020  13.2%  "
	                      "rrrrrrrrrrrr  w1");
	/* No marks: the cursor's thread alone. */
	assert_int_equal(act(f, ACT_THREAD_SCOPE, &out), PANE_SCOPE);
	assert_int_equal(f->pn.ops->scope(f->pn.self, &sel), 0);
	assert_int_equal(sel.n, 1);
	assert_int_equal(sel.tids[0], 1);
	/* Space twice on one thread unmarks it. */
	act(f, ACT_THREAD_MARK, &out);
	act(f, ACT_UP, &out);
	act(f, ACT_THREAD_MARK, &out);
	draw(f);
	expect_row(f->win, 0, " Threads: 3 (scope: 2 threads)");
}

/* The list the shell's find and filter use: items are thread indices,
 * named "[tid] name". */
static void test_list(void **state)
{
	struct fx *f = *state;
	char name[64];
	show(f, TV_CPU, NULL);
	assert_int_equal(f->pn.ops->count(f->pn.self), 3);
	f->pn.ops->name(f->pn.self, f->pn.ops->item(f->pn.self, 1), name, sizeof name);
	assert_string_equal(name, "[2] w1");
	assert_int_equal(f->pn.ops->select(f->pn.self, 2), 0);  /* thread index 2: w2 */
	struct pane_sel s = f->pn.ops->selected(f->pn.self);
	assert_int_equal(s.item, 2);
	assert_int_equal(s.tid, 3);
	uint8_t keep[3] = {0, 1, 0};
	assert_int_equal(f->pn.ops->filter(f->pn.self, keep, 3), 0);
	draw(f);
	expect_row(f->win, 0, " Threads: 3 (scope: all threads); 1 shown (& Enter: all)");
	expect_row(f->win, 2, "         2         2      0.010      0.030      0.020  13.2%  "
	                      "rrrrrrrrrrrr  w1");
	expect_row(f->win, 3, "");
	assert_int_equal(f->pn.ops->select(f->pn.self, 0), -1);  /* main is filtered out */
	assert_int_equal(f->pn.ops->filter(f->pn.self, NULL, 0), 0);
	expect_order(f, "1 2 3");
	/* y: the column titles and the cursor's row: w1's, where the filter
	 * put it (w2 left the list) and the cursor stayed. */
	draw(f);
	char *copy = f->pn.ops->copy(f->pn.self, f->win, 1);
	assert_non_null(strstr(copy, "^tid   records"));
	assert_non_null(strstr(copy, "\n         2         2      0.010"));
	free(copy);
}

/* A trace of inline_below records or more sums on the worker: the title
 * says so until the poll takes the sums. */
static void test_worker(void **state)
{
	struct fx *f = *state;
	struct threadspane tp;
	assert_int_equal(threadspane_init(&tp, 1), 0);
	struct pane pn = threadspane_pane(&tp);
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	assert_int_equal(threadspane_show(&tp, &f->tr, &f->p, f->app, f->napp, TV_CPU, NULL), 0);
	for (int i = 0; i < 5000 && pn.ops->busy(&tp); i++) {
		struct timespec ms = {0, 1000000};
		if (i == 0) {
			pn.ops->draw(&tp, f->win, &ctx);
			expect_row(f->win, 0, " Threads: 3 (scope: all threads); categories: computing~");
		}
		pn.ops->poll(&tp);
		nanosleep(&ms, NULL);
	}
	assert_false(pn.ops->busy(&tp));
	pn.ops->draw(&tp, f->win, &ctx);
	expect_row(f->win, 0, " Threads: 3 (scope: all threads)");
	expect_row(f->win, 4, "         3         4      0.006      0.020      0.014   7.9%  "
	                      "aaaaaaaarrrr  w2");
	threadspane_free(&tp);
}

int main(void)
{
	setlocale(LC_ALL, "");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rows, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_sort, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_mark_and_scope, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_list, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_worker, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
