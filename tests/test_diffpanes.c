/* test_diffpanes.c: the diff screen's tree (2) and differential flame
 * graph (4), off screen (docs/ui.md, "The diff screen").
 *
 * On a written pair whose numbers are checked by hand (comments show the
 * arithmetic): the tree's rows as drawn, its clock, sort and selection;
 * the flame graph's widths, colours in the 256, 8 and no-colour tiers,
 * its letters and its status line in ASCII and UTF-8. Then, on real
 * trace pairs, every row of the tree fully expanded against each run's
 * own call tree at the same path.
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

#include "analyze/diff.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "draw/color.h"
#include "model/load.h"
#include "panes/dflame.h"
#include "panes/dtreepane.h"
#include "screentest.h"
#include "testutil.h"
#include "tracegen.h"

/* A: A [0,100) wall [0,60) cpu calls B [10,40) wall [10,30) cpu, then C
 *    [50,70) wall [40,50) cpu.
 * B: A [0,120) wall [0,60) cpu calls B [10,80) wall [10,50) cpu, which
 *    calls C [20,40) wall [20,30) cpu.
 * Merged on wall: A 0.100 -> 0.120 (+20.0%); below it B.work 0.030 ->
 * 0.070 (+133.3%) with B's new C.tick 0.020 below, and A's gone C.tick
 * 0.020. */
static const char *const pair_heads =
	"thread 1 main\n"
	"method A 0x4 com/example/A run ()V\n"
	"method B 0x8 com/example/B work (I)V\n"
	"method C 0xc com/example/C tick ()V\n";
static const char *const pair_body[2] = {
	"1 > A 0 0\n1 > B 10 10\n1 < B 30 40\n1 > C 40 50\n1 < C 50 70\n1 < A 60 100\n",
	"1 > A 0 0\n1 > B 10 10\n1 > C 20 20\n1 < C 30 40\n1 < B 50 80\n1 < A 60 120\n",
};

struct run {
	struct tg *tg;
	struct trace tr;
	struct profile p;
	int loaded;
};

struct fx {
	struct ts_term t;
	struct color color;
	struct run r[2];
	struct diff d;
	int clock;
	WINDOW *win;
};

static void run_free(struct run *r)
{
	if (r->loaded)
		profile_free(&r->p);
	trace_free(&r->tr);
	if (r->tg)
		tg_free(r->tg);
	memset(r, 0, sizeof *r);
}

static int fx_setup(void **state)
{
	*state = calloc(1, sizeof(struct fx));
	return *state ? 0 : -1;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	if (f->win)
		delwin(f->win);
	if (f->t.sc)
		ts_close(&f->t);
	diff_free(&f->d);
	for (int i = 0; i < 2; i++)
		run_free(&f->r[i]);
	free(f);
	return 0;
}

/* The written pair's diff on a terminal term of 100 x 30, colours want
 * (color_init()). */
static struct fx *fx_pair(void **state, const char *term, int want)
{
	struct fx *f = *state;
	struct tv_error err = {0};
	for (int i = 0; i < 2; i++) {
		char script[1024];
		snprintf(script, sizeof script, "%s%s", pair_heads, pair_body[i]);
		f->r[i].tg = tg_new();
		assert_int_equal(tg_script(f->r[i].tg, script), 0);
		assert_int_equal(tu_load_tg(&f->r[i].tr, f->r[i].tg, NULL), TV_OK);
		assert_int_equal(profile_build(&f->r[i].p, &f->r[i].tr, NULL, &err), TV_OK);
		f->r[i].loaded = 1;
	}
	assert_int_equal(diff_build(&f->d, &f->r[0].p, &f->r[1].p, &err), TV_OK);
	f->clock = f->d.clock;
	assert_int_equal(f->clock, TV_WALL);
	assert_int_equal(ts_open(&f->t, term, 100, 30), 0);
	color_init(&f->color, want);
	f->win = newwin(12, 100, 0, 0);
	assert_non_null(f->win);
	return f;
}

static void draw(struct fx *f, struct pane p, int ascii)
{
	struct pane_ctx ctx = {&f->color, ascii, 1, PANE_NONE};
	werase(f->win);
	p.ops->draw(p.self, f->win, &ctx);
}

static void act(struct pane p, enum action a)
{
	struct pane_ctx ctx = {NULL, 1, 1, PANE_NONE};
	struct pane_out out = {PANE_NONE, ""};
	p.ops->act(p.self, a, &ctx, &out);
}

static void expect_row(struct fx *f, int y, const char *want)
{
	char row[400];
	ts_row(f->win, y, row, sizeof row);
	if (strcmp(row, want) != 0)
		fail_msg("row %d:\n  got  '%s'\n  want '%s'", y, row, want);
}

/* The diff row of the method of id in base. */
static uint32_t row_of(const struct fx *f, uint64_t id)
{
	for (uint32_t i = 0; i < f->d.nrows; i++)
		if (f->d.rows[i].base != DIFF_NONE &&
		    f->r[0].tr.methods[f->d.rows[i].base].id == id)
			return i;
	fail_msg("no diff row of 0x%llx", (unsigned long long)id);
	return 0;
}

/* ------------------------------------------------------------ the tree */

static void test_tree_rows(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 1);
	struct dtreepane tp;
	assert_int_equal(dtreepane_init(&tp, &f->d, &f->clock, UINT64_MAX), 0);
	struct pane p = dtreepane_pane(&tp);
	dtreepane_follow(&tp);
	struct pane_ctx ctx = {&f->color, 1, 1, PANE_NONE};
	p.ops->view_open(p.self, &ctx);  /* the hottest path: down to B's new C.tick */
	draw(f, p, 1);
	expect_row(f, 0, "      A real    B real v      d real         d%    calls A->B  merged call paths");
	expect_row(f, 1, "       0.100       0.120      +0.020     +20.0%          1->1  - (toplevel)");
	expect_row(f, 2, "       0.100       0.120      +0.020     +20.0%          1->1  `-- com/example/A.run ()V");
	expect_row(f, 3, "       0.030       0.070      +0.040    +133.3%          1->1    |-- com/example/B.work (I)V");
	expect_row(f, 4, "           -       0.020      +0.020        new          -->1    | `-. com/example/C.tick ()V");
	expect_row(f, 5, "       0.020           -      -0.020       gone          1->-    `-. com/example/C.tick ()V");
	/* The cursor on B.work selects B.work's diff row. */
	act(p, ACT_UP);
	assert_int_equal(p.ops->selected(p.self).item, row_of(f, 0x8));
	/* I: smallest B first, so A's gone C.tick (B 0) comes before B.work. */
	act(p, ACT_SORT_REVERSE);
	draw(f, p, 1);
	expect_row(f, 3, "       0.020           -      -0.020       gone          1->-    |-. com/example/C.tick ()V");
	expect_row(f, 4, "       0.030       0.070      +0.040    +133.3%          1->1    `-- com/example/B.work (I)V");
	/* The screen's clock to CPU: A.run 0.060 in both, B.work 0.020 -> 0.040. */
	f->clock = TV_CPU;
	p.ops->retarget(p.self, NULL, PANE_NONE);
	draw(f, p, 1);
	expect_row(f, 2, "       0.060       0.060       0.000       0.0%          1->1  `-- com/example/A.run ()V");
	expect_row(f, 4, "       0.020       0.040      +0.020    +100.0%          1->1    `-- com/example/B.work (I)V");
	dtreepane_free(&tp);
}

/* Polls a pane until its worker is done (at most 20 s). */
static void settle(struct pane p)
{
	struct timespec ts = {0, 2000000};
	for (int i = 0; i < 10000 && p.ops->busy(p.self); i++) {
		nanosleep(&ts, NULL);
		p.ops->poll(p.self);
	}
	assert_false(p.ops->busy(p.self));
}

/* A key handing its work to the worker: it returns at once, the title
 * says "computing", a second key on the tree waits, and the rows come
 * when the pane polls. */
static void act_on_worker(struct fx *f, struct pane p, enum action a)
{
	struct pane_ctx ctx = {NULL, 1, 1, PANE_NONE};
	struct pane_out out = {PANE_NONE, ""};
	act(p, a);
	assert_true(p.ops->busy(p.self));
	draw(f, p, 1);
	char row[400];
	ts_row(f->win, 0, row, sizeof row);
	if (!strstr(row, "merged call paths   computing"))
		fail_msg("action %d: title '%s'", (int)a, row);
	p.ops->act(p.self, ACT_EXPAND_ALL, &ctx, &out);
	assert_string_equal(out.msg, "computing~: the tree is busy");
	settle(p);
}

/* The tree's work on the worker (inline_below 0): the build, the hottest
 * path, the sort, shutting a node and every node; the rows as when done
 * at once (test_tree_rows). */
static void test_tree_on_worker(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 1);
	struct dtreepane tp;
	assert_int_equal(dtreepane_init(&tp, &f->d, &f->clock, 0), 0);
	struct pane p = dtreepane_pane(&tp);
	dtreepane_follow(&tp);
	assert_true(p.ops->busy(p.self));
	draw(f, p, 1);
	expect_row(f, 1, "  building the diff call tree");
	settle(p);
	draw(f, p, 1);
	expect_row(f, 2, "       0.100       0.120      +0.020     +20.0%          1->1  `-+ com/example/A.run ()V");
	act_on_worker(f, p, ACT_HOT_PATH);
	draw(f, p, 1);
	expect_row(f, 3, "       0.030       0.070      +0.040    +133.3%          1->1    |-- com/example/B.work (I)V");
	expect_row(f, 4, "           -       0.020      +0.020        new          -->1    | `-. com/example/C.tick ()V");
	act(p, ACT_UP);  /* on B.work, which stays under the cursor */
	act_on_worker(f, p, ACT_SORT_REVERSE);
	draw(f, p, 1);
	expect_row(f, 3, "       0.020           -      -0.020       gone          1->-    |-. com/example/C.tick ()V");
	expect_row(f, 4, "       0.030       0.070      +0.040    +133.3%          1->1    `-- com/example/B.work (I)V");
	assert_int_equal(p.ops->selected(p.self).item, row_of(f, 0x8));
	act_on_worker(f, p, ACT_COLLAPSE);  /* B.work shut: its C.tick goes */
	draw(f, p, 1);
	expect_row(f, 4, "       0.030       0.070      +0.040    +133.3%          1->1    `-+ com/example/B.work (I)V");
	expect_row(f, 5, "");
	act_on_worker(f, p, ACT_COLLAPSE_ALL);  /* the root's child stays */
	draw(f, p, 1);
	expect_row(f, 2, "       0.100       0.120      +0.020     +20.0%          1->1  `-+ com/example/A.run ()V");
	expect_row(f, 3, "");
	dtreepane_free(&tp);
}

/* ------------------------------------------------------------ the flame graph */

/* The laid-out frame at depth of the method of id (either run). */
static const struct fl_frame *frame_of(const struct dflame *f, uint32_t depth, uint64_t id,
                                       int gone)
{
	for (uint32_t i = 0; i < f->fl.nframes; i++) {
		const struct fl_frame *fr = &f->fl.frames[i];
		int run;
		uint32_t m = difftree_method(&f->dt, fr->node, &run);
		if (fr->depth == depth && m != PATHTREE_TOPLEVEL &&
		    difftree_trace(&f->dt, run)->methods[m].id == id &&
		    (difftree_side(&f->dt, fr->node, 1) == NULL) == gone)
			return fr;
	}
	fail_msg("no frame of 0x%llx at depth %u", (unsigned long long)id, depth);
	return NULL;
}

static void flame_open(struct fx *f, struct dflame *fl, struct pane *p, int ascii)
{
	assert_int_equal(dflame_init(fl, &f->d, &f->clock, UINT64_MAX), 0);
	*p = dflame_pane(fl);
	dflame_follow(fl);
	draw(f, *p, ascii);
}

/* 100 columns for B's 0.120 ms of A.run: B.work 0.070 is 58.3, A's gone
 * C.tick 0.020 is 16.7 beside it (sized by A), B's new C.tick 16.7 below
 * B.work; cells round to within one. */
static void test_flame_widths(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 1);
	struct dflame fl;
	struct pane p;
	flame_open(f, &fl, &p, 1);
	const struct fl_frame *a = frame_of(&fl, 1, 0x4, 0), *b = frame_of(&fl, 2, 0x8, 0);
	const struct fl_frame *gone = frame_of(&fl, 2, 0xc, 1), *nw = frame_of(&fl, 3, 0xc, 0);
	assert_int_equal(a->x0, 0);
	assert_int_equal(a->x1, 100);
	assert_int_equal(b->x0, 0);
	assert_in_range(b->x1, 58, 59);
	assert_int_equal(gone->x0, b->x1);
	assert_in_range(gone->x1 - gone->x0, 16, 17);
	assert_int_equal(nw->x0, 0);
	assert_in_range(nw->x1, 16, 17);
	/* Zoom into B.work: it takes the full width, C.tick 0.020 of 0.070. */
	act(p, ACT_FRAME_DOWN);
	act(p, ACT_FRAME_DOWN);
	act(p, ACT_ZOOM_FRAME);
	draw(f, p, 1);
	b = frame_of(&fl, 0, 0x8, 0);  /* depths below the zoomed frame */
	nw = frame_of(&fl, 1, 0xc, 0);
	assert_int_equal(b->x1 - b->x0, 100);
	assert_in_range(nw->x1 - nw->x0, 28, 29);  /* 100 * 20 / 70 = 28.6 */
	dflame_free(&fl);
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

/* The cell at column 40 of B.work's frame (row 3: the breadcrumb, then
 * depths 0 to 2) and at column 66 of A's gone C.tick (58 to 75): B.work
 * is 133% slower and C.tick 100% faster, both the deepest band. */
static void expect_bands(struct fx *f, wchar_t slow_ch, wchar_t fast_ch, short slow_fg,
                         short fast_fg, attr_t extra)
{
	struct dflame fl;
	struct pane p;
	flame_open(f, &fl, &p, 1);
	struct cell s = cell_at(f->win, 3, 40), q = cell_at(f->win, 3, 66);
	assert_int_equal(s.ch, slow_ch);
	assert_int_equal(q.ch, fast_ch);
	assert_true(s.a & A_REVERSE);
	assert_true(q.a & A_REVERSE);
	assert_int_equal(s.a & A_BOLD, extra & A_BOLD);
	if (slow_fg >= 0) {
		short fg, bg;
		assert_int_not_equal(pair_content(s.pair, &fg, &bg), ERR);
		assert_int_equal(fg, slow_fg);
		assert_int_not_equal(pair_content(q.pair, &fg, &bg), ERR);
		assert_int_equal(fg, fast_fg);
	}
	/* A.run, +20.0%, is the band under 50%: another shade than B.work's. */
	if (slow_fg >= 0) {
		short fg, bg;
		assert_int_not_equal(pair_content(cell_at(f->win, 2, 50).pair, &fg, &bg), ERR);
		assert_int_equal(fg, f->color.delta_letters ? COLOR_RED : 210);
	}
	dflame_free(&fl);
}

static void test_flame_256(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 1);
	assert_int_equal(f->color.delta_letters, 0);
	expect_bands(f, L' ', L' ', 203, 75, 0);  /* deep red, deep blue */
}

static void test_flame_8(void **state)
{
	struct fx *f = fx_pair(state, "xterm", 1);
	assert_int_equal(f->color.delta_letters, 1);
	expect_bands(f, L'+', L'-', COLOR_RED, COLOR_BLUE, A_BOLD);
}

static void test_flame_mono(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 0);
	expect_bands(f, L'+', L'-', -1, -1, A_BOLD);
}

/* The status line: the selection's A, B, the change (d in ASCII, the
 * delta sign in UTF-8) and its %, calls. */
static void test_flame_status(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 0);
	struct dflame fl;
	struct pane p;
	flame_open(f, &fl, &p, 1);
	act(p, ACT_FRAME_DOWN);
	act(p, ACT_FRAME_DOWN);
	draw(f, p, 1);
	char row[400];
	ts_row(f->win, 11, row, sizeof row);
	assert_string_equal(row, " A 0.030  B 0.070 ms real  d +0.040 (+133.3%)  calls 1->1  "
	                         "com/example/B.work (I)V   (+ slower, - f~");
	assert_int_equal(p.ops->selected(p.self).item, row_of(f, 0x8));
	if (strstr(setlocale(LC_CTYPE, NULL), "UTF")) {
		draw(f, p, 0);
		ts_row(f->win, 11, row, sizeof row);
		assert_non_null(strstr(row, "\xCE\x94 +0.040 (+133.3%)  calls 1\xE2\x86\x92"));
	}
	/* c on the screen: the CPU numbers, B.work 0.020 -> 0.040. */
	f->clock = TV_CPU;
	p.ops->retarget(p.self, NULL, PANE_NONE);
	draw(f, p, 1);
	ts_row(f->win, 11, row, sizeof row);
	assert_non_null(strstr(row, " A 0.020  B 0.040 ms cpu  d +0.020 (+100.0%)"));
	dflame_free(&fl);
}

/* The flame graph's work on the worker (inline_below 0): the build, each
 * layout (the first, after a zoom, on a new clock) while the last frame
 * drawn stays with "computing" and the frames' keys wait; the frames as
 * when laid out at once (test_flame_widths, test_flame_status). */
static void test_flame_on_worker(void **state)
{
	struct fx *f = fx_pair(state, "xterm-256color", 0);
	struct dflame fl;
	char row[400];
	assert_int_equal(dflame_init(&fl, &f->d, &f->clock, 0), 0);
	struct pane p = dflame_pane(&fl);
	dflame_follow(&fl);
	assert_true(p.ops->busy(p.self));
	draw(f, p, 1);
	expect_row(f, 0, " building the differential flame graph");
	settle(p);
	draw(f, p, 1);  /* the first layout, on the worker */
	assert_true(p.ops->busy(p.self));
	ts_row(f->win, 11, row, sizeof row);
	assert_non_null(strstr(row, "  computing~   (+ slower, - faster)"));
	settle(p);
	draw(f, p, 1);
	assert_false(p.ops->busy(p.self));
	assert_in_range(frame_of(&fl, 2, 0x8, 0)->x1, 58, 59);
	act(p, ACT_FRAME_DOWN);
	act(p, ACT_FRAME_DOWN);
	draw(f, p, 1);
	act(p, ACT_ZOOM_FRAME);
	draw(f, p, 1);  /* B.work's frame still as it was, 58 cells of 100 */
	assert_true(p.ops->busy(p.self));
	ts_row(f->win, 3, row, sizeof row);
	assert_memory_equal(row, "B.work", 6);
	assert_int_equal(cell_at(f->win, 3, 70).ch, L'-');  /* A's gone C.tick beside it */
	ts_row(f->win, 11, row, sizeof row);
	assert_non_null(strstr(row, " A 0.030  B 0.070 ms real  d +0.040 (+133.3%)  calls 1->1  "
	                            "com/example/B.work (I)V  computing~"));
	assert_int_equal(p.ops->selected(p.self).item, row_of(f, 0x8));
	struct pane_ctx ctx = {NULL, 1, 1, PANE_NONE};
	struct pane_out out = {PANE_NONE, ""};
	assert_int_equal(p.ops->act(p.self, ACT_FRAME_UP, &ctx, &out), PANE_DONE);
	assert_string_equal(out.msg, "computing~: the flame graph is busy");
	settle(p);
	draw(f, p, 1);
	assert_int_equal(frame_of(&fl, 0, 0x8, 0)->x1, 100);
	assert_in_range(frame_of(&fl, 1, 0xc, 0)->x1, 28, 29);  /* 100 * 20 / 70 */
	/* c on the screen: laid out again on the worker, on CPU. */
	f->clock = TV_CPU;
	p.ops->retarget(p.self, NULL, PANE_NONE);
	draw(f, p, 1);
	assert_true(p.ops->busy(p.self));
	settle(p);
	draw(f, p, 1);
	ts_row(f->win, 11, row, sizeof row);
	assert_non_null(strstr(row, " A 0.020  B 0.040 ms cpu  d +0.020 (+100.0%)"));
	dflame_free(&fl);
}

/* ------------------------------------------------------------ real traces */

/* Row i's node in run r's own tree t (nodes[] by row so far); NONE when
 * the run lacks the path. */
static uint32_t own_node(struct pathtree *t, const struct dtreepane *p, const uint32_t *nodes,
                         uint32_t i, int r)
{
	if (!p->nums[i].has[r])
		return PATHTREE_NONE;
	if (p->rows[i].parent_row == PATHTREE_NONE)
		return t->roots[0];
	uint32_t parent = nodes[p->rows[i].parent_row], nk;
	assert_int_not_equal(parent, PATHTREE_NONE);
	assert_int_equal(pathtree_expand(t, parent), TV_OK);
	const uint32_t *k = pathtree_children(t, parent, &nk);
	for (uint32_t c = 0; c < nk; c++)
		if (t->nodes[k[c]].method == p->nums[i].method[r])
			return k[c];
	fail_msg("row %u: not a child in run %d's own tree", i, r);
	return PATHTREE_NONE;
}

/* Every row of p, expanded, against each run's own top-down tree: the
 * same path, calls and incl on each clock the run has. */
static void check_pane_rows(struct dtreepane *p, struct run *runs)
{
	for (int r = 0; r < 2; r++) {
		struct pathtree t;
		struct tv_error err = {0};
		uint32_t *nodes = malloc(((size_t)p->nrows + 1) * sizeof *nodes);
		assert_non_null(nodes);
		assert_int_equal(pathtree_build(&t, &runs[r].tr, NULL, TV_WALL, &err), TV_OK);
		for (uint32_t i = 0; i < p->nrows; i++) {
			nodes[i] = own_node(&t, p, nodes, i, r);
			if (nodes[i] == PATHTREE_NONE)
				continue;
			const struct pathtree_node *n = &t.nodes[nodes[i]];
			assert_int_equal(p->nums[i].calls[r], n->calls);
			for (int c = 0; c < TV_NCLOCKS; c++)
				if (runs[r].tr.has_clock[c] && p->nums[i].incl[r][c] != n->incl[c])
					fail_msg("row %u run %d clock %d: %llu, own tree %llu", i, r, c,
					         (unsigned long long)p->nums[i].incl[r][c],
					         (unsigned long long)n->incl[c]);
		}
		pathtree_free(&t);
		free(nodes);
	}
}

static void real_pair(const char *a, const char *b)
{
	struct run runs[2];
	struct diff d;
	struct tv_error err = {0};
	memset(runs, 0, sizeof runs);
	const char *path[2] = {a, b};
	uint8_t *buf[2];
	for (int r = 0; r < 2; r++) {
		size_t len;
		assert_int_equal(tu_read_file(path[r], &buf[r], &len), 0);
		assert_int_equal(tu_load_buffer(&runs[r].tr, buf[r], len), TV_OK);
		assert_int_equal(profile_build(&runs[r].p, &runs[r].tr, NULL, &err), TV_OK);
		runs[r].loaded = 1;
	}
	assert_int_equal(diff_build(&d, &runs[0].p, &runs[1].p, &err), TV_OK);
	struct dtreepane tp;
	assert_int_equal(dtreepane_init(&tp, &d, NULL, UINT64_MAX), 0);
	struct pane p = dtreepane_pane(&tp);
	dtreepane_follow(&tp);
	act(p, ACT_EXPAND_ALL);  /* level by level, up to 100000 rows */
	assert_true(tp.nrows > 1);
	check_pane_rows(&tp, runs);
	dtreepane_free(&tp);
	diff_free(&d);
	for (int r = 0; r < 2; r++) {
		run_free(&runs[r]);
		free(buf[r]);
	}
}

static void test_real_pairs(void **state)
{
	(void)state;
	size_t n;
	char **paths = tu_real_traces(&n);
	if (n < 2) {
		tu_free_list(paths, n);
		skip();
	}
	for (size_t i = 0; i + 1 < n; i++)
		real_pair(paths[i], paths[i + 1]);
	real_pair(paths[0], paths[0]);
	tu_free_list(paths, n);
}

int main(void)
{
	if (!setlocale(LC_ALL, "C.UTF-8"))
		setlocale(LC_ALL, "");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_tree_rows, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_tree_on_worker, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flame_widths, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flame_256, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flame_8, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flame_mono, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flame_status, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flame_on_worker, fx_setup, fx_teardown),
		cmocka_unit_test(test_real_pairs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
