/* test_waitspane.c: the waits pane (7) off screen, on a written trace
 * whose waits are known by hand.
 *
 * Times as CPU/wall µs, wait = incl wall - incl CPU:
 *   thread 1 "main": A [0/0, 4000/60000] waits 56000 and calls
 *     B [1000/1000, 2000/31000]: wall 30000, CPU 1000, wait 29000;
 *     C [2000/31000, 2500/31500]: wait 0;
 *     D [2500/31500, 3000/51500]: wall 20000, CPU 500, wait 19500;
 *   thread 2 "two": E [0/10000, 100/50000]: wall 40000, CPU 100, wait 39900;
 *   thread 3 "three": F [0/5000, 0/25000] and G [0/25000, 0/45000]: wall
 *     20000, CPU 0, wait 20000 each (a tie: F starts first).
 * The axis starts at wall 0. At 16 ms the innermost waits are B and D (A
 * holds them), E, F and G; at 32 ms A itself (no child reaches it) and E.
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

#include "draw/color.h"
#include "panes/waitspane.h"
#include "screentest.h"
#include "testutil.h"
#include "tracegen.h"

static const char *const script =
	"thread 1 main\nthread 2 two\nthread 3 three\n"
	"1 > A 0 0\n1 > B 1000 1000\n3 > F 0 5000\n2 > E 0 10000\n3 < F 0 25000\n"
	"3 > G 0 25000\n1 < B 2000 31000\n1 > C 2000 31000\n1 < C 2500 31500\n"
	"1 > D 2500 31500\n3 < G 0 45000\n2 < E 100 50000\n1 < D 3000 51500\n"
	"1 < A 4000 60000\n";

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
	if (!f || ts_open(&f->t, "xterm-256color", 140, 40) != 0)
		return -1;
	color_init(&f->color, 0);
	f->tg = tg_new();
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
	uint32_t m = trace_find_method(&f->tr, tg_id(f->tg, sym));
	if (m == IDMAP_NONE)
		fail_msg("no method %s", sym);
	return m;
}

static void expect_row(WINDOW *win, int y, const char *want)
{
	char row[1024];
	ts_row(win, y, row, sizeof row);
	if (strcmp(row, want) != 0)
		fail_msg("row %d:\n got |%s|\nwant |%s|", y, row, want);
}

/* An action with the pane focused (ASCII); its message into msg. */
static enum pane_res act(struct pane pn, struct fx *f, enum action a, char *msg, size_t n)
{
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	struct pane_out out = {PANE_NONE, ""};
	enum pane_res r = pn.ops->act(pn.self, a, &ctx, &out);
	if (msg)
		snprintf(msg, n, "%s", out.msg);
	return r;
}

static void draw(struct pane pn, struct fx *f, WINDOW *win)
{
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	pn.ops->draw(pn.self, win, &ctx);
}

#define TITLES "     tid    wait ms    wall ms     cpu ms     start ms  call"
#define ROW_B "       1     29.000     30.000      1.000        1.000  com.example.Test.B ()V"
#define ROW_D "       1     19.500     20.000      0.500       31.500  com.example.Test.D ()V"
#define ROW_E "       2     39.900     40.000      0.100       10.000  com.example.Test.E ()V"
#define ROW_F "       3     20.000     20.000      0.000        5.000  com.example.Test.F ()V"
#define ROW_G "       3     20.000     20.000      0.000       25.000  com.example.Test.G ()V"

/* Every thread at 16 ms: the rows by thread, longest first, and the
 * stack of the cursor's call at the bottom. */
static void test_rows(void **state)
{
	struct fx *f = *state;
	struct waitspane p;
	assert_int_equal(waitspane_init(&p, &f->tr, 0, 1000000), 0);
	assert_int_equal(waitspane_show(&p, &f->tr, NULL), 0);
	struct pane pn = waitspane_pane(&p);
	assert_int_equal(pn.ops->kind, PANE_WAITS);
	WINDOW *win = newwin(12, 140, 0, 0);
	draw(pn, f, win);
	expect_row(win, 0, " Waits of 16.000 ms or more: 5 calls, 3 of 3 threads (the innermost; "
	                   "wait = wall - CPU; longest first)");
	expect_row(win, 1, TITLES);
	expect_row(win, 2, ROW_B);
	expect_row(win, 3, ROW_D);
	expect_row(win, 4, ROW_E);
	expect_row(win, 5, ROW_F);
	expect_row(win, 6, ROW_G);
	expect_row(win, 7, "");
	expect_row(win, 10, " stack, innermost first: com.example.Test.B < com.example.Test.A");
	assert_int_equal(waitspane_rows_wanted(&p), 2 + 5 + 2);
	assert_int_equal(pn.ops->selected(&p).item, method_of(f, "B"));
	/* Down: D, its stack; the list follows the row's method. */
	act(pn, f, ACT_DOWN, NULL, 0);
	draw(pn, f, win);
	expect_row(win, 10, " stack, innermost first: com.example.Test.D < com.example.Test.A");
	assert_int_equal(pn.ops->selected(&p).item, method_of(f, "D"));
	/* y copies the titles and the cursor row */
	char *copy = pn.ops->copy(&p, win, 1);
	assert_string_equal(copy, TITLES "\n" ROW_D "\n");
	free(copy);
	/* the table's method G: its row */
	assert_int_equal(pn.ops->select(&p, method_of(f, "G")), 0);
	assert_int_equal(pn.ops->selected(&p).item, method_of(f, "G"));
	assert_int_equal(pn.ops->select(&p, method_of(f, "A")), -1);  /* not innermost */
	delwin(win);
	waitspane_free(&p);
}

/* Enter: the call under the cursor on the timeline, [start, start +
 * wall) on the axis, absolute. */
static void test_span(void **state)
{
	struct fx *f = *state;
	struct waitspane p;
	uint32_t tid;
	uint64_t t0, t1;
	assert_int_equal(waitspane_init(&p, &f->tr, 0, 1000000), 0);
	waitspane_show(&p, &f->tr, NULL);
	struct pane pn = waitspane_pane(&p);
	act(pn, f, ACT_DOWN, NULL, 0);
	assert_int_equal(act(pn, f, ACT_SHOW_CALL, NULL, 0), PANE_SPAN);
	assert_int_equal(pn.ops->span(&p, &tid, &t0, &t1), 0);
	assert_int_equal(tid, 1);
	assert_int_equal(t0 - f->tr.threads[0].first[TV_WALL], 31500);  /* D */
	assert_int_equal(t1 - t0, 20000);
	act(pn, f, ACT_BOTTOM, NULL, 0);
	assert_int_equal(waitspane_span(&p, &tid, &t0, &t1), 0);
	assert_int_equal(tid, 3);
	assert_int_equal(t0 - f->tr.threads[0].first[TV_WALL], 25000);  /* G */
	waitspane_free(&p);
}

/* + doubles the threshold: at 32 ms A is the innermost wait of [1]; -
 * halves it again; : names it unless it is 16 ms. */
static void test_threshold(void **state)
{
	struct fx *f = *state;
	struct waitspane p;
	char msg[320], words[64];
	assert_int_equal(waitspane_init(&p, &f->tr, 0, 1000000), 0);
	waitspane_show(&p, &f->tr, NULL);
	struct pane pn = waitspane_pane(&p);
	WINDOW *win = newwin(12, 140, 0, 0);
	pn.ops->command(&p, NULL, words, sizeof words);
	assert_string_equal(words, "");
	assert_int_equal(act(pn, f, ACT_WAIT_MORE, msg, sizeof msg), PANE_DONE);
	assert_string_equal(msg, "waits of 32.000 ms or more");
	draw(pn, f, win);
	expect_row(win, 0, " Waits of 32.000 ms or more: 2 calls, 2 of 3 threads (the innermost; "
	                   "wait = wall - CPU; longest first)");
	expect_row(win, 2, "       1     56.000     60.000      4.000        0.000  "
	                   "com.example.Test.A ()V");
	expect_row(win, 3, ROW_E);
	expect_row(win, 4, "");
	expect_row(win, 10, " stack, innermost first: com.example.Test.A");
	pn.ops->command(&p, NULL, words, sizeof words);
	assert_string_equal(words, "--min-wait=32ms");
	act(pn, f, ACT_WAIT_LESS, msg, sizeof msg);
	act(pn, f, ACT_WAIT_LESS, msg, sizeof msg);
	draw(pn, f, win);
	expect_row(win, 0, " Waits of 8.000 ms or more: 5 calls, 3 of 3 threads (the innermost; "
	                   "wait = wall - CPU; longest first)");
	pn.ops->command(&p, NULL, words, sizeof words);
	assert_string_equal(words, "--min-wait=8ms");
	waitspane_free(&p);
	/* From --min-wait=1500us; at 1 µs - stops. */
	assert_int_equal(waitspane_init(&p, &f->tr, 1500, 1000000), 0);
	pn.ops->command(&p, NULL, words, sizeof words);
	assert_string_equal(words, "--min-wait=1500us");
	waitspane_free(&p);
	assert_int_equal(waitspane_init(&p, &f->tr, 1, 1000000), 0);
	act(pn, f, ACT_WAIT_LESS, msg, sizeof msg);
	assert_string_equal(msg, "the threshold stays at 0.001 ms");
	assert_int_equal(p.min_wait, 1);
	delwin(win);
	waitspane_free(&p);
}

/* A scope: its threads only; nothing over the threshold: "none". */
static void test_scope(void **state)
{
	struct fx *f = *state;
	struct waitspane p;
	const uint32_t three = 3;
	struct trace_sel sel = {&three, 1};
	assert_int_equal(waitspane_init(&p, &f->tr, 0, 1000000), 0);
	waitspane_show(&p, &f->tr, &sel);
	struct pane pn = waitspane_pane(&p);
	WINDOW *win = newwin(12, 140, 0, 0);
	draw(pn, f, win);
	expect_row(win, 0, " Waits of 16.000 ms or more: 2 calls, 1 of 1 thread (the innermost; "
	                   "wait = wall - CPU; longest first)");
	expect_row(win, 2, ROW_F);
	expect_row(win, 3, ROW_G);
	waitspane_free(&p);
	assert_int_equal(waitspane_init(&p, &f->tr, 60000, 1000000), 0);
	waitspane_show(&p, &f->tr, NULL);
	draw(pn, f, win);
	expect_row(win, 0, " Waits of 60.000 ms or more: 0 calls, 0 of 3 threads (the innermost; "
	                   "wait = wall - CPU; longest first)");
	expect_row(win, 2, " none: no call waited that long");
	assert_int_equal(act(pn, f, ACT_SHOW_CALL, NULL, 0), PANE_DONE);
	assert_int_equal(pn.ops->selected(&p).item, PANE_NONE);
	delwin(win);
	waitspane_free(&p);
}

/* On the worker (inline_below 1): computing, then the same rows. */
static void test_worker(void **state)
{
	struct fx *f = *state;
	struct waitspane p;
	assert_int_equal(waitspane_init(&p, &f->tr, 0, 1), 0);
	waitspane_show(&p, &f->tr, NULL);
	struct pane pn = waitspane_pane(&p);
	WINDOW *win = newwin(12, 140, 0, 0);
	for (int i = 0; i < 5000 && pn.ops->busy(&p); i++) {
		struct timespec ms = {0, 1000000};
		pn.ops->poll(&p);
		nanosleep(&ms, NULL);
	}
	assert_false(pn.ops->busy(&p));
	draw(pn, f, win);
	expect_row(win, 2, ROW_B);
	expect_row(win, 6, ROW_G);
	/* A new scope while nothing changed finds nothing again. */
	assert_int_equal(waitspane_show(&p, &f->tr, NULL), 0);
	assert_false(pn.ops->busy(&p));
	delwin(win);
	waitspane_free(&p);
}

/* A trace with one clock has no waits: one line says why. */
static void test_one_clock(void **state)
{
	struct fx *f = *state;
	struct trace tr;
	struct tg_opts o = {.family = TG_V1, .version = 2, .clock = TG_CLOCK_WALL};
	struct waitspane p;
	assert_int_equal(tu_load_tg(&tr, f->tg, &o), TV_OK);
	assert_int_equal(waitspane_init(&p, &tr, 0, 1000000), 0);
	waitspane_show(&p, &tr, NULL);
	struct pane pn = waitspane_pane(&p);
	WINDOW *win = newwin(12, 140, 0, 0);
	draw(pn, f, win);
	expect_row(win, 0, " Waits: they need both clocks, wall and CPU; this trace has clock=wall");
	expect_row(win, 1, "");
	assert_int_equal(waitspane_rows_wanted(&p), 1);
	delwin(win);
	waitspane_free(&p);
	trace_free(&tr);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_span),
		cmocka_unit_test(test_threshold),
		cmocka_unit_test(test_scope),
		cmocka_unit_test(test_worker),
		cmocka_unit_test(test_one_clock),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
