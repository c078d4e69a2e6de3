/* test_colors.c: categories, off-CPU shading, range shading and the mouse
 * drag on the timeline, drawn off screen (docs/ui.md, "Colours and
 * letters"); the light theme drawn (docs/ui.md, "Themes"; its palettes:
 * test_themes.c; the terminal asked for its background: test_termask.c).
 *
 * One written dual-clock trace, its calls known by hand: on thread 1,
 * com.example.App.run (app) runs android.view.View.draw (framework) on
 * CPU from 0 to 400 µs, then java.lang.Thread.sleep (blocked) from 400 to
 * 900 µs of wall time with no CPU time, then its own code to 1000 µs.
 * At 120 columns the bars are 100 columns from column 20: 10 µs a column,
 * so draw takes columns 0..39, the sleep 40..89 and run's own code 90..99.
 * The panes draw into a curses window on an xterm (256 or 8 colours) that
 * writes to /dev/null; cells are read back with their attributes.
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
#include <unistd.h>
#include <wchar.h>

#include <cmocka.h>
#include <curses.h>

#include "analyze/category.h"
#include "panes/chart.h"
#include "draw/color.h"
#include "draw/draw.h"
#include "panes/legend.h"
#include "analyze/profile.h"
#include "screentest.h"
#include "testutil.h"
#include "analyze/timeline.h"
#include "panes/tlpane.h"
#include "panes/tlview.h"
#include "tracegen.h"
#include "shell/ui.h"
#include "analyze/derive.h"

#define COLS 120
#define LINES_ 30
#define BAR_X 20

static const char script[] =
	"thread 1 main\n"
	"method A 0x4 com/example/App run ()V\n"
	"method F 0x8 android/view/View draw ()V\n"
	"method S 0xc java/lang/Thread sleep (J)V\n"
	"1 > A 0 0\n1 > F 0 0\n1 < F 400 400\n1 > S 400 400\n1 < S 400 900\n1 < A 500 1000\n";

struct fx {
	struct ts_term t;
	struct tg *tg;
	struct trace tr;
	struct profile p;
	struct timeline tl;
	struct tlview v;
	struct color c;
	struct derive_glob app;
	WINDOW *win;
	struct ui *u;
};

/* The trace (single: a wall-clock-only one), a terminal of the type
 * term, and the timeline drawn in tier want and theme th
 * (color_init_theme()). */
static struct fx *fx_open_theme(const char *term, int want, int single, enum color_theme th)
{
	struct fx *f = calloc(1, sizeof *f);
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_WALL};
	assert_non_null(f);
	unsetenv("NO_COLOR");
	assert_int_equal(ts_open(&f->t, term, COLS, LINES_), 0);
	color_init_theme(&f->c, want, th);
	f->tg = tg_new();
	assert_int_equal(tg_script(f->tg, script), 0);
	assert_int_equal(tu_load_tg(&f->tr, f->tg, single ? &o : NULL), TV_OK);
	assert_int_equal(profile_build(&f->p, &f->tr, NULL, &err), TV_OK);
	assert_int_equal(timeline_build(&f->tl, &f->tr, &err), TV_OK);
	assert_int_equal(tlview_init(&f->v, &f->tl, &f->p), 0);
	f->app = (struct derive_glob){"com.example.*", 13};
	tlview_categories(&f->v, &f->app, 1);
	f->v.cursor = 0;  /* the cursor in column 0: every other column is a cell */
	f->win = newwin(10, COLS, 0, 0);
	assert_non_null(f->win);
	return f;
}

static struct fx *fx_open(const char *term, int want, int single)
{
	return fx_open_theme(term, want, single, COLOR_THEME_DARK);
}

static void fx_close(struct fx *f)
{
	if (f->u)
		ui_free(f->u);
	delwin(f->win);
	tlview_free(&f->v);
	timeline_free(&f->tl);
	profile_free(&f->p);
	trace_free(&f->tr);
	tg_free(f->tg);
	ts_close(&f->t);
	free(f);
}

struct cell {
	wchar_t ch;
	attr_t a;
	short pair;
};

static struct cell cell_at(WINDOW *w, int y, int x)
{
	cchar_t cc;
	wchar_t wc[CCHARW_MAX + 1] = {0};
	struct cell r = {0, 0, 0};
	assert_int_not_equal(mvwin_wch(w, y, x, &cc), ERR);
	assert_int_not_equal(getcchar(&cc, wc, &r.a, &r.pair, NULL), ERR);
	r.ch = wc[0];
	return r;
}

static short pair_of(attr_t a)
{
	return (short)PAIR_NUMBER((int)a);
}

/* Bar columns [x0, x1) of row y: glyph ch (0: any), reverse video or
 * not, colour pair pair (-1: any), dim or not (-1: any). */
static void expect_cells(WINDOW *w, int y, int x0, int x1, wchar_t ch, int rev, short pair,
                         int dim)
{
	for (int x = x0; x < x1; x++) {
		struct cell c = cell_at(w, y, BAR_X + x);
		if ((ch && c.ch != ch) || !(c.a & A_REVERSE) != !rev ||
		    (pair >= 0 && c.pair != pair) || (dim >= 0 && !(c.a & A_DIM) != !dim))
			fail_msg("row %d column %d: '%lc' rev %d pair %d dim %d; want '%lc' rev %d "
			         "pair %d dim %d", y, x, (wint_t)c.ch, !!(c.a & A_REVERSE), c.pair,
			         !!(c.a & A_DIM), (wint_t)(ch ? ch : '?'), rev, pair, dim);
	}
}

static void draw_tl(struct fx *f, int ascii)
{
	tlview_draw(&f->v, f->win, &f->c, ascii, 1, UINT32_MAX);
	assert_int_equal(f->v.bar_x, BAR_X);
	assert_int_equal(f->v.bar_w, 100);
}

/* 256 colours: the category's colour as background, no letters; the
 * sleep off CPU in the light shade, the colour as foreground. */
static void test_category_256(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	assert_int_equal(f->c.tier, COLOR_TIER_256);
	draw_tl(f, 0);
	expect_cells(f->win, 1, 1, 40, L' ', 1, pair_of(f->c.cat[CAT_FRAMEWORK]), 0);
	expect_cells(f->win, 1, 40, 90, L'\x2591', 0, pair_of(f->c.cat_off[CAT_BLOCKED]), 0);
	expect_cells(f->win, 1, 90, 100, L' ', 1, pair_of(f->c.cat[CAT_APP]), 0);
	/* Eight distinct colours. */
	for (int i = 0; i < COLOR_NCAT; i++)
		for (int j = i + 1; j < COLOR_NCAT; j++) {
			short fi, bi, fj, bj;
			pair_content(pair_of(f->c.cat[i]), &fi, &bi);
			pair_content(pair_of(f->c.cat[j]), &fj, &bj);
			assert_int_not_equal(fi, fj);
		}
	/* K: method colours; the sleep stays shaded, in its method's colour. */
	f->c.by_method = 1;
	draw_tl(f, 0);
	short pf = pair_of(color_method(&f->c, f->v.rank[1])), ps = pair_of(color_method(&f->c, f->v.rank[2]));
	assert_int_not_equal(pf, pair_of(f->c.cat[CAT_FRAMEWORK]));
	expect_cells(f->win, 1, 1, 40, L' ', 1, pf, 0);
	expect_cells(f->win, 1, 40, 90, L'\x2591', 0, ps, 0);
	f->c.by_method = 0;
	draw_tl(f, 0);
	expect_cells(f->win, 1, 1, 40, L' ', 1, pair_of(f->c.cat[CAT_FRAMEWORK]), 0);
	fx_close(f);
}

/* No colour, ASCII: a letter in every cell, reverse video on CPU, plain
 * and dim off CPU. */
static void test_category_mono(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 0, 0);
	assert_int_equal(f->c.tier, COLOR_TIER_MONO);
	draw_tl(f, 1);
	expect_cells(f->win, 1, 1, 40, L'f', 1, -1, 0);
	expect_cells(f->win, 1, 40, 90, L'b', 0, -1, 1);
	expect_cells(f->win, 1, 90, 100, L'a', 1, -1, 0);
	fx_close(f);
}

/* 8 colours: colours repeat, so a block three or more wide starts with
 * its letter. */
static void test_category_8(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm", 1, 0);
	assert_int_equal(f->c.tier, COLOR_TIER_8);
	draw_tl(f, 1);
	expect_cells(f->win, 1, 1, 2, L'f', 1, pair_of(f->c.cat[CAT_FRAMEWORK]), 0);
	expect_cells(f->win, 1, 2, 40, L' ', 1, pair_of(f->c.cat[CAT_FRAMEWORK]), 0);
	expect_cells(f->win, 1, 40, 41, L'b', 0, pair_of(f->c.cat_off[CAT_BLOCKED]), 0);
	expect_cells(f->win, 1, 41, 90, L':', 0, pair_of(f->c.cat_off[CAT_BLOCKED]), 0);
	expect_cells(f->win, 1, 90, 91, L'a', 1, pair_of(f->c.cat[CAT_APP]), 0);
	expect_cells(f->win, 1, 91, 100, L' ', 1, pair_of(f->c.cat[CAT_APP]), 0);
	fx_close(f);
}

/* A single-clock trace: the sleep is a plain blocked block. */
static void test_single_clock_unshaded(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 1);
	draw_tl(f, 0);
	expect_cells(f->win, 1, 40, 90, L' ', 1, pair_of(f->c.cat[CAT_BLOCKED]), 0);
	fx_close(f);
}

/* The call chart shades the innermost call only: the sleep at depth 1,
 * not run at depth 0 above it. Its name sits in the shaded block. On
 * the CPU axis (T) the sleep closes up. */
static void test_chart_offcpu(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	struct chart ch;
	chart_init(&ch, &f->v);
	struct pane p = chart_pane(&ch);
	struct pane_ctx ctx = {&f->c, 0, 1, UINT32_MAX};
	struct pane_out out = {PANE_NONE, ""};
	assert_int_equal(p.ops->act(p.self, ACT_CHART, &ctx, &out), PANE_DONE);
	p.ops->draw(p.self, f->win, &ctx);
	short run = pair_of(f->c.cat[CAT_APP]), sleep = pair_of(f->c.cat_off[CAT_BLOCKED]);
	expect_cells(f->win, 1, 1, 100, 0, 1, run, 0);           /* depth 0: run, on CPU */
	expect_cells(f->win, 2, 40, 41, L'j', 0, sleep, 0);      /* java/lang/Thread.sleep */
	expect_cells(f->win, 2, 80, 90, L'\x2591', 0, sleep, 0);
	expect_cells(f->win, 2, 90, 100, L' ', 0, 0, 0);          /* nothing at depth 1 */
	/* T: on run's CPU time (0..500 µs, 5 µs a column), run at depth 0 over
	 * every column, draw at depth 1 over 0..79; the sleep, with no CPU
	 * time, is gone, and nothing is shaded. With the chosen depth up to
	 * run's (drawn selected), draw shows in its category's colour. */
	assert_int_equal(p.ops->act(p.self, ACT_AXIS, &ctx, &out), PANE_DONE);
	assert_int_equal(p.ops->act(p.self, ACT_THREAD_UP, &ctx, &out), PANE_DONE);
	p.ops->draw(p.self, f->win, &ctx);
	expect_cells(f->win, 1, 0, 100, 0, -1, pair_of(f->c.role[ROLE_SELECTED]), 0);
	expect_cells(f->win, 2, 0, 80, 0, 1, pair_of(f->c.cat[CAT_FRAMEWORK]), 0);
	expect_cells(f->win, 2, 80, 100, L' ', 0, 0, 0);
	chart_free(&ch);
	fx_close(f);
}

/* ------------------------------------------------------------ the CPU axis */

/* The end of row y of win as text, after the bars' column x. */
static void row_from(WINDOW *w, int y, int x, char *buf, size_t n)
{
	char row[2048];
	ts_row(w, y, row, sizeof row);
	snprintf(buf, n, "%s", (size_t)x < strlen(row) ? row + x : "");
}

/* T (docs/ui.md, "Thread time"): on the CPU axis the sleep closes up. The
 * axis is run's CPU time, [0, 500) µs at 5 µs a column: draw's 400 µs
 * take columns 0..79 and run's own 100 µs right after it, 80..99, where
 * the wall axis had the sleep at 40..89; nothing is off the CPU. No
 * colour, ASCII: letters in reverse video. The ruler ends in "cpu", and
 * back on the wall axis in "wall", with the sleep as before. */
static void test_cpu_axis_cells(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 0, 0);
	char text[2048];
	draw_tl(f, 1);
	row_from(f->win, 0, BAR_X, text, sizeof text);
	assert_string_equal(text + strlen(text) - 5, " wall");
	assert_int_equal(tlview_set_axis(&f->v, 1), 0);
	assert_true(tlview_on_cpu(&f->v));
	assert_int_equal(f->v.t0, 0);
	assert_int_equal(f->v.t1, 500);
	draw_tl(f, 1);
	expect_cells(f->win, 1, 1, 80, L'f', 1, -1, 0);
	expect_cells(f->win, 1, 80, 100, L'a', 1, -1, 0);
	row_from(f->win, 0, BAR_X, text, sizeof text);
	assert_string_equal(text + strlen(text) - 4, " cpu");
	/* The cursor at 0: run's CPU 0, at wall 0 (in the wall axis's unit),
	 * in draw (400 µs of CPU). */
	row_from(f->win, 9, 0, text, sizeof text);
	assert_non_null(strstr(text, " cursor 0us cpu, 0.000ms wall  [1] main  "
	                             "android/view/View.draw ()V  (400 us, depth 2)"));
	assert_int_equal(tlview_set_axis(&f->v, 0), 0);
	draw_tl(f, 1);
	expect_cells(f->win, 1, 1, 40, L'f', 1, -1, 0);
	expect_cells(f->win, 1, 40, 90, L'b', 0, -1, 1);
	row_from(f->win, 0, BAR_X, text, sizeof text);
	assert_string_equal(text + strlen(text) - 5, " wall");
	fx_close(f);
}

static enum pane_res act(struct pane *p, struct fx *f, enum action a, struct pane_out *out)
{
	struct pane_ctx ctx = {&f->c, 1, 1, UINT32_MAX};
	out->msg[0] = '\0';
	return p->ops->act(p->self, a, &ctx, out);
}

/* A range chosen on the CPU axis applies on the wall axis, through the
 * cursor's thread: run's CPU [100, 450) µs is wall [100, 950) (100 µs of
 * CPU is inside draw, where both clocks run together; 450 is half of
 * run's own code after the sleep, CPU 400..500 over wall 900..1000).
 * So does a drag over columns 20..89 (5 µs each). V takes the call's own
 * wall time; a call shown from a list, its CPU time (the sleep: none). */
static void test_cpu_axis_ranges(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	struct pane p = tlpane_pane(&f->v);
	struct pane_out out;
	uint32_t tid;
	uint64_t a, b;
	const char *said = "cpu 100 us..450 us of thread 1 applies as wall 100 us..950 us";
	assert_int_equal(act(&p, f, ACT_AXIS, &out), PANE_DONE);
	assert_string_equal(out.msg, "T: each thread's own CPU time: its waits close up (T again: "
	                             "wall time)");
	draw_tl(f, 0);
	f->v.cursor = 100;
	assert_int_equal(act(&p, f, ACT_RANGE, &out), PANE_DONE);
	f->v.cursor = 450;
	assert_int_equal(act(&p, f, ACT_RANGE, &out), PANE_RANGE);
	assert_string_equal(out.msg, said);
	assert_int_equal(p.ops->span(p.self, &tid, &a, &b), 0);
	assert_int_equal(tid, 1);
	assert_int_equal(a, 100);
	assert_int_equal(b, 950);
	assert_int_equal(p.ops->drag(p.self, PANE_DRAG_START, BAR_X + 20, &a, &b, NULL), 0);
	assert_int_equal(p.ops->drag(p.self, PANE_DRAG_MOVE, BAR_X + 89, &a, &b, NULL), 0);
	out.msg[0] = '\0';
	assert_int_equal(p.ops->drag(p.self, PANE_DRAG_END, BAR_X + 89, &a, &b, &out), 0);
	assert_int_equal(a, 100);
	assert_int_equal(b, 950);
	assert_string_equal(out.msg, said);
	/* V at CPU 450: run, wall [0, 1000). */
	assert_int_equal(act(&p, f, ACT_RANGE_CALL, &out), PANE_RANGE);
	assert_int_equal(p.ops->span(p.self, &tid, &a, &b), 0);
	assert_int_equal(a, 0);
	assert_int_equal(b, 1000);
	assert_string_equal(out.msg, "V: the call's wall time, as ranges apply on the wall axis");
	/* The sleep [400, 900) of wall from a list: at run's CPU 400, 0 long. */
	p.ops->show_call(p.self, 1, 400, 900, &out);
	assert_int_equal(f->v.cursor, 400);
	assert_string_equal(out.msg, "thread 1: the call at 400 us, 0 us long (its CPU time)");
	assert_int_equal(act(&p, f, ACT_AXIS, &out), PANE_DONE);
	assert_string_equal(out.msg, "T: wall time");
	assert_int_equal(f->v.cursor, 400);  /* CPU 400: the sleep's start, wall 400 */
	fx_close(f);
}

/* T on a wall-only trace does nothing and says why. */
static void test_cpu_axis_single_clock(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 1);
	struct pane p = tlpane_pane(&f->v);
	struct pane_out out;
	char text[2048];
	assert_int_equal(act(&p, f, ACT_AXIS, &out), PANE_DONE);
	assert_string_equal(out.msg, "T: no thread time: this trace records wall time only");
	assert_false(tlview_on_cpu(&f->v));
	draw_tl(f, 0);
	row_from(f->win, 0, BAR_X, text, sizeof text);
	assert_null(strstr(text, "wall"));   /* one axis: the ruler names none */
	fx_close(f);
}

/* ------------------------------------------------------------ the shell */

static void ui_open(struct fx *f, const struct derive_step *steps, uint32_t nsteps)
{
	struct ui_opts o = {.color = 1, .ascii = 0, .app = "com.example.*", .steps = steps,
	                    .nsteps = nsteps};
	f->u = ui_new("colors.trace", &f->tr, &o);
	assert_non_null(f->u);
	ui_draw(f->u);
}

static void ui_wait(struct fx *f)
{
	assert_int_equal(ts_settle(f->u), 0);
}

static void key(struct fx *f, int ch)
{
	assert_int_equal(ui_key(f->u, ch), 0);
	ui_draw(f->u);
}

/* A bar column of main on screen away from the time cursor. */
static int free_col(struct fx *f, int y, int from)
{
	short cur = pair_of(f->c.role[ROLE_CURSOR]);
	for (int x = from; x < 100; x++)
		if (cell_at(curscr, y, BAR_X + x).pair != cur)
			return x;
	fail_msg("no column without the cursor");
	return -1;
}

/* L: the legend, each category's letter, name and time on the CPU
 * clock: run's own code 100 µs (20%), draw 400 µs (80%), the sleep none;
 * L, Esc and q close it. K switches the timeline to method colours. */
static void test_legend_and_toggle(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	ui_open(f, NULL, 0);
	char row[2048];
	key(f, 'L');
	assert_true(ts_row_with(curscr, "Legend") >= 0);
	const char *want[] = {"a app", "x androidx", "f framework", "r runtime", "l library",
	                      "u unknown", "i idle", "b blocked", "off CPU"};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		assert_true(ts_row_with(curscr, want[i]) >= 0);
	ts_row(curscr, ts_row_with(curscr, "a app"), row, sizeof row);
	assert_non_null(strstr(row, "0.100"));
	assert_non_null(strstr(row, "20.0"));
	assert_non_null(strstr(row, "the app's own packages: com.example.* (--app)"));
	ts_row(curscr, ts_row_with(curscr, "f framework"), row, sizeof row);
	assert_non_null(strstr(row, "0.400"));
	assert_non_null(strstr(row, "80.0"));
	ts_row(curscr, ts_row_with(curscr, "b blocked"), row, sizeof row);
	assert_non_null(strstr(row, "0.000"));
	/* Its swatches: the category's colour. */
	int y = ts_row_with(curscr, "b blocked");
	assert_int_equal(cell_at(curscr, y, 2).pair, pair_of(f->c.cat[CAT_BLOCKED]));
	y = ts_row_with(curscr, "off CPU");
	assert_int_equal(cell_at(curscr, y, 2).ch, L'\x2591');
	key(f, 'L');
	assert_int_equal(ts_row_with(curscr, "Legend"), -1);
	key(f, 'L');
	key(f, 27);
	assert_int_equal(ts_row_with(curscr, "Legend"), -1);
	key(f, 'L');
	key(f, 'q');
	assert_int_equal(ts_row_with(curscr, "Legend"), -1);
	/* K and back. */
	int my = ts_row_with(curscr, "[1] main");
	assert_true(my > 0);
	int x = free_col(f, my, 1);
	assert_true(x < 40);
	short fw = pair_of(f->c.cat[CAT_FRAMEWORK]);
	assert_int_equal(cell_at(curscr, my, BAR_X + x).pair, fw);
	key(f, 'K');
	short m = cell_at(curscr, my, BAR_X + x).pair;
	assert_int_not_equal(m, fw);
	int in_palette = 0;
	for (int i = 0; i < f->c.npalette; i++)
		in_palette |= m == pair_of(f->c.palette[i]);
	assert_true(in_palette);
	key(f, 'K');
	assert_int_equal(cell_at(curscr, my, BAR_X + x).pair, fw);
	fx_close(f);
}

/* A range step 200..600 µs: the ruler's columns 20..59 in reverse video
 * and underlined, the bars outside them dim. */
static void test_range_shading(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	struct range r = {1, 1, 200, 600, 0};
	struct derive_step st;
	assert_int_equal(derive_step_range(&r, &st), 0);
	ui_open(f, &st, 1);
	derive_step_free(&st);
	int my = ts_row_with(curscr, "[1] main"), ruler = my - 1;
	assert_true(ruler > 0 && my > ruler);
	for (int x = 0; x < 100; x++) {
		attr_t a = cell_at(curscr, ruler, BAR_X + x).a;
		int in = x >= 20 && x < 60;
		if (!(a & A_REVERSE) != !in || !(a & A_UNDERLINE) != !in)
			fail_msg("ruler column %d: reverse %d underline %d", x, !!(a & A_REVERSE),
			         !!(a & A_UNDERLINE));
	}
	short cur = pair_of(f->c.role[ROLE_CURSOR]);
	for (int x = 0; x < 100; x++) {
		struct cell c = cell_at(curscr, my, BAR_X + x);
		if (c.pair != cur && !(c.a & A_DIM) != !(x < 20 || x >= 60))
			fail_msg("bar column %d: dim %d", x, !!(c.a & A_DIM));
	}
	fx_close(f);
}

static void mouse(struct fx *f, int y, int x, mmask_t b)
{
	MEVENT ev = {0, x, y, 0, b};
	assert_int_equal(ungetmouse(&ev), OK);
	key(f, KEY_MOUSE);
}

/* A drag from bar column 10 to 29 applies 100..300 µs as a range step
 * (wall time inside it: 200 µs); a click (press and release in one
 * column, or a release alone) applies nothing. */
static void test_drag(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	ui_open(f, NULL, 0);
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED, NULL);
	int my = ts_row_with(curscr, "[1] main");
	assert_true(my > 0);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 1000);
	/* A release alone (its press came in the same read, and curses keeps
	 * only the last report) is a click: the cursor moves to the sleep. */
	int st = ts_row_with(curscr, " cursor ");
	assert_true(st > 0);
	char row[2048];
	ts_row(curscr, st, row, sizeof row);
	assert_null(strstr(row, "Thread.sleep"));
	mouse(f, my, BAR_X + 60, BUTTON1_RELEASED);
	ts_row(curscr, st, row, sizeof row);
	assert_non_null(strstr(row, "java/lang/Thread.sleep"));
	mouse(f, my, BAR_X + 50, BUTTON1_PRESSED);
	mouse(f, my, BAR_X + 50, BUTTON1_RELEASED);
	ui_wait(f);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 1000);
	assert_int_equal(ts_row_with(curscr, ".."), -1);
	mouse(f, my, BAR_X + 10, BUTTON1_PRESSED);
	mouse(f, my, BAR_X + 29, BUTTON1_RELEASED);
	ui_wait(f);
	/* In the ruler's unit: the trace is 1 ms long, so ms (0.1ms..). */
	assert_true(ts_row_with(curscr, "0.1ms..0.3ms") == 0);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 200);
	fx_close(f);
}

/* The ruler's bar columns [x0, x1] in reverse video, the others not (x0
 * > x1: none); underlined where under is 1 (the range in force). */
static void expect_ruler(int ruler, int x0, int x1, int under)
{
	for (int x = 0; x < 100; x++) {
		attr_t a = cell_at(curscr, ruler, BAR_X + x).a;
		int in = x >= x0 && x <= x1;
		if (!(a & A_REVERSE) != !in || !(a & A_UNDERLINE) != !(in && under))
			fail_msg("ruler column %d: reverse %d underline %d; want shaded %d..%d", x,
			         !!(a & A_REVERSE), !!(a & A_UNDERLINE), x0, x1);
	}
}

/* Motion with the button held shades the span from the press's column to
 * the pointer's on the ruler, as v does, before anything applies: 10..20,
 * then 10..29; the release at 29 applies 100..300 µs (wall 200 µs), now
 * the range in force. Esc cancels a drag (50 back to the name area,
 * shaded 0..50): no shading, and its release applies nothing and moves
 * no cursor. Motion without a press shades nothing. */
static void test_drag_live(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	ui_open(f, NULL, 0);
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | REPORT_MOUSE_POSITION, NULL);
	int my = ts_row_with(curscr, "[1] main"), ruler = my - 1;
	assert_true(ruler > 0);
	expect_ruler(ruler, 1, 0, 0);
	mouse(f, my, BAR_X + 40, REPORT_MOUSE_POSITION);
	expect_ruler(ruler, 1, 0, 0);
	mouse(f, my, BAR_X + 10, BUTTON1_PRESSED);
	expect_ruler(ruler, 1, 0, 0);  /* one column: a click so far */
	mouse(f, my, BAR_X + 20, REPORT_MOUSE_POSITION);
	expect_ruler(ruler, 10, 20, 0);
	mouse(f, my + 3, BAR_X + 29, REPORT_MOUSE_POSITION);  /* off the row: the column counts */
	expect_ruler(ruler, 10, 29, 0);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 1000);
	mouse(f, my, BAR_X + 29, BUTTON1_RELEASED);
	ui_wait(f);
	/* In the ruler's unit: the trace is 1 ms long, so ms (0.1ms..). */
	assert_true(ts_row_with(curscr, "0.1ms..0.3ms") == 0);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 200);
	expect_ruler(ruler, 10, 29, 1);
	key(f, 'u');
	ui_wait(f);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 1000);
	/* Backwards, past the bars' left end: shaded from their first column. */
	mouse(f, my, BAR_X + 50, BUTTON1_PRESSED);
	int st = ts_row_with(curscr, " cursor ");
	char before[2048], after[2048];
	ts_row(curscr, st, before, sizeof before);
	mouse(f, my, 5, REPORT_MOUSE_POSITION);
	expect_ruler(ruler, 0, 50, 0);
	key(f, 27);
	expect_ruler(ruler, 1, 0, 0);
	assert_true(ts_row_with(curscr, "drag cancelled") >= 0);
	mouse(f, my, BAR_X + 70, REPORT_MOUSE_POSITION);
	expect_ruler(ruler, 1, 0, 0);
	mouse(f, my, BAR_X + 70, BUTTON1_RELEASED);
	ui_wait(f);
	assert_int_equal(ui_profile(f->u)->top_incl[TV_WALL], 1000);
	assert_int_equal(ts_row_with(curscr, ".."), -1);
	ts_row(curscr, st, after, sizeof after);
	assert_string_equal(before, after);
	fx_close(f);
}

/* Motion reports: mode 1002 written to the stream given, only where the
 * terminal speaks xterm's mouse protocol and only when asked for; off
 * goes back through curses (nothing on the stream). */
static void test_mouse_mode(void **state)
{
	(void)state;
	const char *terms[] = {"xterm-256color", "vt100"};
	for (int i = 0; i < 2; i++) {
		FILE *o = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r"), *t = tmpfile();
		assert_non_null(t);
		SCREEN *sc = newterm(terms[i], o, in);
		assert_non_null(sc);
		set_term(sc);
		assert_int_equal(draw_mouse_motion(NULL, 1), 0);
		assert_int_equal(draw_mouse_motion(t, 1), i == 0);
		assert_int_equal(draw_mouse_motion(t, 0), 0);
		char buf[64] = "";
		rewind(t);
		size_t n = fread(buf, 1, sizeof buf - 1, t);
		buf[n] = '\0';
		assert_string_equal(buf, i == 0 ? "\033[?1002h" : "");
		endwin();
		delscreen(sc);
		fclose(t);
		fclose(o);
		fclose(in);
	}
}

/* The flame graph (4): View.draw's frame in framework's colour, run's in
 * app's; K gives them method colours, K again categories. */
static void test_flame_categories(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	ui_open(f, NULL, 0);
	key(f, '4');
	ui_wait(f);
	int y = ts_row_with(curscr, "View.draw");
	assert_true(y > 0);
	char row[2048];
	ts_row(curscr, y, row, sizeof row);
	int x = (int)(strstr(row, "View.draw") - row);
	short fw = pair_of(f->c.cat[CAT_FRAMEWORK]);
	assert_int_equal(cell_at(curscr, y, x).pair, fw);
	assert_true(cell_at(curscr, y, x).a & A_REVERSE);
	key(f, 'K');
	assert_int_not_equal(cell_at(curscr, y, x).pair, fw);
	key(f, 'K');
	assert_int_equal(cell_at(curscr, y, x).pair, fw);
	fx_close(f);
}

/* The legend's sums on its worker (a trace at or over inline_below
 * records; 0 here) give what the sum made at once gives: app 100 µs and
 * framework 400 µs of CPU; the rows say "computing" until the pane's
 * poll takes them. */
static void test_legend_worker(void **state)
{
	(void)state;
	struct fx *f = fx_open("xterm-256color", 1, 0);
	struct legend now, later;
	legend_init(&now);
	legend_init(&later);
	assert_int_equal(legend_request(&now, &f->p, &f->app, 1, TV_CPU, "all threads", UINT64_MAX),
	                 0);
	assert_true(now.has_times);
	assert_int_equal(now.times[CAT_APP], 100);
	assert_int_equal(now.times[CAT_FRAMEWORK], 400);
	assert_int_equal(legend_request(&later, &f->p, &f->app, 1, TV_CPU, "all threads", 0), 0);
	struct pane pn = legend_pane(&later);
	assert_true(pn.ops->busy(pn.self));
	assert_false(later.has_times);
	struct pane_ctx ctx = {&f->c, 0, 1, PANE_NONE};
	char row[1024];
	pn.ops->draw(pn.self, f->win, &ctx);
	ts_row(f->win, 1, row, sizeof row);
	assert_non_null(strstr(row, "time in all threads: computing"));
	struct timespec ts = {0, 2000000};
	for (int i = 0; i < 10000 && pn.ops->busy(pn.self); i++) {
		nanosleep(&ts, NULL);
		pn.ops->poll(pn.self);
	}
	assert_false(pn.ops->busy(pn.self));
	assert_true(later.has_times);
	assert_memory_equal(later.times, now.times, sizeof now.times);
	pn.ops->draw(pn.self, f->win, &ctx);
	ts_row(f->win, 1, row, sizeof row);
	assert_non_null(strstr(row, "cpu ms"));
	legend_free(&now);
	legend_free(&later);
	fx_close(f);
}

/* The timeline in the light theme: the framework block in its light
 * shade (75) with black text, the sleep off CPU in the deep red (160) on
 * the terminal's background; and the shell opened with o.theme light
 * draws its title row in the light theme's dark grey (237). */
static void test_theme_light_drawn(void **state)
{
	(void)state;
	struct fx *f = fx_open_theme("xterm-256color", 1, 0, COLOR_THEME_LIGHT);
	short fg, bg;
	draw_tl(f, 0);
	expect_cells(f->win, 1, 1, 40, L' ', 1, pair_of(f->c.cat[CAT_FRAMEWORK]), 0);
	pair_content(pair_of(f->c.cat[CAT_FRAMEWORK]), &fg, &bg);
	assert_int_equal(fg, 75);
	assert_int_equal(bg, 16);
	expect_cells(f->win, 1, 40, 90, L'\x2591', 0, pair_of(f->c.cat_off[CAT_BLOCKED]), 0);
	pair_content(pair_of(f->c.cat_off[CAT_BLOCKED]), &fg, &bg);
	assert_int_equal(fg, 160);
	assert_int_equal(bg, -1);
	struct ui_opts o = {.color = 1, .app = "com.example.*", .theme = COLOR_THEME_LIGHT};
	f->u = ui_new("colors.trace", &f->tr, &o);
	assert_non_null(f->u);
	ui_draw(f->u);
	int y = ts_row_with(curscr, "Name (sorted by");
	assert_true(y > 0);
	pair_content(cell_at(curscr, y, 0).pair, &fg, &bg);
	assert_int_equal(fg, 237);
	fx_close(f);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_category_256),
		cmocka_unit_test(test_category_mono),
		cmocka_unit_test(test_category_8),
		cmocka_unit_test(test_single_clock_unshaded),
		cmocka_unit_test(test_chart_offcpu),
		cmocka_unit_test(test_cpu_axis_cells),
		cmocka_unit_test(test_cpu_axis_ranges),
		cmocka_unit_test(test_cpu_axis_single_clock),
		cmocka_unit_test(test_legend_and_toggle),
		cmocka_unit_test(test_legend_worker),
		cmocka_unit_test(test_range_shading),
		cmocka_unit_test(test_drag),
		cmocka_unit_test(test_drag_live),
		cmocka_unit_test(test_mouse_mode),
		cmocka_unit_test(test_flame_categories),
		cmocka_unit_test(test_theme_light_drawn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
