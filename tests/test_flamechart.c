/* test_flamechart.c: the flame graph and the call chart, off screen.
 *
 * The flame graph's widths must be within one cell of exact at 80 and
 * 200 columns, and a zoomed frame must take the full width; the call
 * chart's rows are checked against a written trace whose calls are known
 * by hand (test_treepanes.c does the call tree panes).
 */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <curses.h>

#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "analyze/timeline.h"
#include "panes/chart.h"
#include "panes/flame.h"
#include "panes/tlview.h"
#include "screentest.h"
#include "testutil.h"
#include "tracegen.h"
#include "treetest.h"

/* Each frame within one cell of its exact width; every child a cell wide
 * or more is laid out, inside its parent. */
static void check_widths(const struct flame *f, int w)
{
	const struct pathtree *t = &f->t;
	double total = (double)t->nodes[f->zoom].incl[f->clock];
	assert_int_equal(f->frames[0].node, f->zoom);
	assert_int_equal(f->frames[0].x0, 0);
	assert_int_equal(f->frames[0].x1, w);
	for (uint32_t i = 0; i < f->nframes; i++) {
		const struct fl_frame *fr = &f->frames[i];
		double exact = (double)t->nodes[fr->node].incl[f->clock] * w / total;
		double got = fr->x1 - fr->x0;
		if (got - exact > 1.0 || exact - got > 1.0)
			fail_msg("frame %u: %g cells, exact %g", fr->node, got, exact);
		if (fr->depth + 1 >= (uint32_t)f->depths)
			continue;
		uint32_t n;
		const uint32_t *k = pathtree_children(t, fr->node, &n);
		for (uint32_t c = 0; c < n; c++) {
			double ex = (double)t->nodes[k[c]].incl[f->clock] * w / total;
			int found = 0;
			for (uint32_t j = 0; j < f->nframes; j++)
				if (f->frames[j].node == k[c]) {
					found = 1;
					assert_true(f->frames[j].x0 >= fr->x0 && f->frames[j].x1 <= fr->x1);
				}
			if (ex >= 1.0 && !found)
				fail_msg("child %u, %g cells wide, not laid out", k[c], ex);
		}
	}
}

static void test_flame_widths_and_zoom(void **state)
{
	struct fx *f = *state;
	load_sample(f);
	struct flame fl;
	struct pane_out out;
	assert_int_equal(flame_init(&fl, &f->tr, UINT64_MAX), 0);
	struct pane pn = flame_pane(&fl);
	for (int clock = TV_CPU; clock <= TV_WALL; clock++) {
		flame_scope(&fl, NULL, clock);
		for (int w = 80; w <= 200; w += 120) {
			assert_int_equal(flame_layout(&fl, w, 40), 0);
			assert_true(fl.nframes > 20);
			check_widths(&fl, w);
		}
	}
	/* Zoom into a frame three levels down: it takes the full width. */
	uint32_t node = PATHTREE_NONE;
	for (uint32_t i = 0; i < fl.nframes; i++)
		if (fl.frames[i].depth == 3 && fl.frames[i].x1 - fl.frames[i].x0 < 100) {
			node = fl.frames[i].node;
			break;
		}
	assert_true(node != PATHTREE_NONE);
	assert_int_equal(flame_zoom(&fl, node), 0);
	for (int w = 80; w <= 200; w += 120) {
		assert_int_equal(flame_layout(&fl, w, 40), 0);
		check_widths(&fl, w);
	}
	/* Out one level: the parent is the full width. */
	assert_int_equal(act(f, &pn, ACT_UNZOOM, &out), PANE_DONE);
	assert_int_equal(fl.zoom, fl.t.nodes[node].parent);
	assert_int_equal(flame_layout(&fl, 200, 40), 0);
	check_widths(&fl, 200);
	/* Keys: down to the widest callee, zoom, up is the zoom's top. */
	fl.sel = fl.zoom;
	WINDOW *win = newwin(20, 120, 0, 0);
	struct pane_ctx ctx = ctx_of(f);
	pn.ops->draw(pn.self, win, &ctx);
	act(f, &pn, ACT_FRAME_DOWN, &out);
	assert_int_equal(fl.t.nodes[fl.sel].parent, fl.zoom);
	uint32_t down = fl.sel;
	act(f, &pn, ACT_ZOOM_FRAME, &out);
	assert_int_equal(fl.zoom, down);
	act(f, &pn, ACT_FRAME_UP, &out);
	assert_int_equal(fl.sel, down);
	assert_string_not_equal(out.msg, "");
	pn.ops->draw(pn.self, win, &ctx);
	char row[4096];
	ts_row(win, 0, row, sizeof row);  /* the breadcrumb marks the zoom */
	assert_non_null(strchr(row, '['));
	assert_non_null(strstr(row, "\xE2\x80\xBA"));
	delwin(win);
	win = newwin(20, 240, 0, 0);  /* wide enough for the whole path */
	pn.ops->draw(pn.self, win, &ctx);
	ts_row(win, 0, row, sizeof row);
	assert_int_equal(strncmp(row, " (toplevel) \xE2\x80\xBA ", 16), 0);
	delwin(win);
	flame_free(&fl);
}

/* Thread 1: A [0, 100) calls B [10, 60) calls C [20, 30); thread 2: D
 * [0, 50). At 100 columns over [0, 100) each column is 1 µs. */
static void test_call_chart(void **state)
{
	struct fx *f = *state;
	struct tg *tg = tg_new();
	struct tv_error err;
	assert_int_equal(tg_script(tg, "1 > A 0; 2 > D 0; 1 > B 10; 1 > C 20; 1 < C 30; 2 < D 50;"
	                                "1 < B 60; 1 < A 100"),
	                 0);
	assert_int_equal(tu_load_tg(&f->tr, tg, NULL), TV_OK);
	struct profile p;
	struct timeline tl;
	struct tlview v;
	struct chart c;
	assert_int_equal(profile_build(&p, &f->tr, NULL, &err), TV_OK);
	assert_int_equal(timeline_build(&tl, &f->tr, &err), TV_OK);
	assert_int_equal(tlview_init(&v, &tl, &p), 0);
	assert_int_equal(tl.end - tl.begin, 100);
	chart_init(&c, &v);
	struct pane pn = chart_pane(&c);
	struct pane_out out;
	WINDOW *win = newwin(8, 126, 0, 0);
	struct pane_ctx ctx = ctx_of(f);
	v.cursor = tl.begin + 25;
	assert_int_equal(f->tr.threads[v.threads[0]].tid, 1);  /* busiest first */
	act(f, &pn, ACT_CHART, &out);
	assert_true(c.open);
	assert_int_equal(c.depth, 2);  /* the innermost call under the cursor */
	pn.ops->draw(pn.self, win, &ctx);
	int w = v.bar_w, bx = v.bar_x;
	assert_true(w > 50 && bx + w == 126);
	assert_int_equal(c.maxd, 2);
	/* Column x shows the calls at its middle time (x + 1/2) * 100 / w. */
	const uint32_t *method = f->tr.threads[v.threads[0]].method;
	const char *sym[3] = {"A", "B", "C"};
	double from[3] = {0, 10, 20}, to[3] = {100, 60, 30};
	int first_b = -1;
	for (int d = 0; d < 3; d++)
		for (int x = 0; x < w; x++) {
			double t = (x + 0.5) * 100 / w;
			uint32_t call = c.cells[(size_t)d * (size_t)w + (size_t)x];
			if (t < from[d] || t >= to[d]) {
				assert_int_equal(call, TL_NONE);
				continue;
			}
			if (d == 1 && first_b < 0)
				first_b = x;
			assert_true(call != TL_NONE);
			assert_int_equal(f->tr.methods[method[call]].id, tg_id(tg, sym[d]));
		}
	/* On screen: B's block starts with its label. */
	char row[4096];
	ts_row(win, 2, row, sizeof row);
	char *b = strstr(row, "Test.B");
	assert_non_null(b);
	assert_true(b - row >= bx + first_b && b - row < bx + first_b + 20);
	assert_true(row[bx + first_b] != ' ' && row[bx + first_b - 1] == ' ');
	ts_row(win, 7, row, sizeof row);
	assert_non_null(strstr(row, "depth 3"));
	assert_non_null(strstr(row, "Test.C"));
	/* The rows are numbered as the status line counts: from 1, the
	 * thread's outermost call (A), so C's row is 3, as "depth 3" says. */
	ts_row(win, 1, row, sizeof row);
	assert_int_equal(strncmp(row, "1 [1]", 5), 0);
	ts_row(win, 2, row, sizeof row);
	assert_int_equal(strncmp(row, "2 ", 2), 0);
	ts_row(win, 3, row, sizeof row);
	assert_int_equal(strncmp(row, "3 ", 2), 0);
	assert_non_null(strstr(row, "Test.C"));
	/* Up a depth; Enter selects that call's method. */
	act(f, &pn, ACT_THREAD_UP, &out);
	assert_int_equal(c.depth, 1);
	assert_int_equal(act(f, &pn, ACT_PICK, &out), PANE_JUMP);
	assert_int_equal(f->tr.methods[out.target].id, tg_id(tg, "B"));
	assert_int_equal(pn.ops->selected(pn.self).item, out.target);
	/* Past the bottom row: the next thread, its top row. */
	act(f, &pn, ACT_THREAD_DOWN, &out);
	act(f, &pn, ACT_THREAD_DOWN, &out);
	assert_int_equal(v.cur, 1);
	assert_int_equal(c.depth, 0);
	assert_int_equal(f->tr.methods[f->tr.threads[v.threads[1]].method[chart_call(&c, 0)]].id,
	                 tg_id(tg, "D"));
	/* Past the top row: back, to the innermost call's row. */
	act(f, &pn, ACT_THREAD_UP, &out);
	assert_int_equal(v.cur, 0);
	assert_int_equal(c.depth, 2);
	/* x folds it: Down moves threads again. */
	act(f, &pn, ACT_CHART, &out);
	assert_false(c.open);
	act(f, &pn, ACT_THREAD_DOWN, &out);
	assert_int_equal(v.cur, 1);
	delwin(win);
	chart_free(&c);
	tlview_free(&v);
	timeline_free(&tl);
	profile_free(&p);
	tg_free(tg);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_flame_widths_and_zoom, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_call_chart, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
