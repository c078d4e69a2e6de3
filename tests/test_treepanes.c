/* test_treepanes.c: the call tree panes, off screen.
 *
 * The tree panes must show the numbers `--format=tree` prints for the
 * same scope and clock (their rows, exported, equal the report line for
 * line, and the screen shows the same columns); their indentation, wait
 * columns, find and sort keys (test_flamechart.c does the flame graph
 * and the call chart).
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

#include "analyze/pathtree.h"
#include "draw/draw.h"
#include "write/report.h"
#include "screentest.h"
#include "treetest.h"
#include "testutil.h"
#include "tracegen.h"
#include "draw/text.h"
#include "panes/treepane.h"

/* The numbers' columns of a row (incl, %, excl, %, calls). */
#define NUMS_W (2 * (11 + 1 + 6 + 1) + 10)

/* Everything written to a temporary file by the caller, as a string. */
static char *slurp(FILE *fp)
{
	long n = ftell(fp);
	assert_true(n >= 0);
	char *s = malloc((size_t)n + 1);
	assert_non_null(s);
	rewind(fp);
	assert_int_equal(fread(s, 1, (size_t)n, fp), (size_t)n);
	s[n] = '\0';
	fclose(fp);
	return s;
}

static char *pane_text(const struct treepane *p)
{
	FILE *fp = tmpfile();
	assert_non_null(fp);
	assert_int_equal(treepane_export(p, fp), 0);
	return slurp(fp);
}

/* `--format=tree` (or with --invert) of the same scope and clock, with
 * --sort=by (-1: none; - when ascending). */
static char *cli_tree_sorted(const struct trace *tr, int inverted, const uint32_t *tid, int clock,
                             int by, int ascending)
{
	struct pathtree t;
	struct tv_error err;
	memset(&t, 0, sizeof t);
	assert_int_equal(inverted ? pathtree_build_inverted(&t, tr, tid, clock, &err)
	                          : pathtree_build(&t, tr, tid, clock, &err),
	                 TV_OK);
	if (by >= 0)
		assert_int_equal(pathtree_sort_by(&t, clock, (enum pathtree_by)by, ascending), TV_OK);
	struct report_tree_opts o = {0, inverted, 0, 0};
	FILE *fp = tmpfile();
	assert_non_null(fp);
	assert_int_equal(report_tree(fp, &t, &o), TV_OK);
	pathtree_free(&t);
	return slurp(fp);
}

static char *cli_tree_text(const struct trace *tr, int inverted, const uint32_t *tid, int clock)
{
	return cli_tree_sorted(tr, inverted, tid, clock, -1, 0);
}

/* Waits for a pane's worker (at most 20 s). */
static void settle(struct pane *pn)
{
	struct timespec ts = {0, 2000000};
	for (int i = 0; i < 10000 && pn->ops->busy(pn->self); i++) {
		nanosleep(&ts, NULL);
		pn->ops->poll(pn->self);
	}
	assert_false(pn->ops->busy(pn->self));
}

/* Does the pane's title, drawn 200 columns wide, hold s? */
static int title_has(struct fx *f, struct pane *pn, const char *s)
{
	char row[4096];
	struct pane_ctx ctx = ctx_of(f);
	WINDOW *win = newwin(10, 200, 0, 0);
	assert_non_null(win);
	pn->ops->draw(pn->self, win, &ctx);
	ts_row(win, 0, row, sizeof row);
	delwin(win);
	return strstr(row, s) != NULL;
}

static uint32_t main_tid(const struct trace *tr)
{
	uint32_t best = 0;
	for (uint32_t i = 1; i < tr->nthreads; i++)
		if (tr->threads[i].ncalls > tr->threads[best].ncalls)
			best = i;
	return tr->threads[best].tid;
}

/* With everything expanded, the pane's rows are the report's lines, for
 * both trees, both clocks (the second by re-sorting the open tree), all
 * threads and one; inline_below 0 sends the work through the worker. */
static void check_equal_report(void **state, uint64_t inline_below)
{
	struct fx *f = *state;
	load_sample(f);
	uint32_t tid = main_tid(&f->tr);
	for (int inv = 0; inv < 2; inv++)
		for (int scoped = 0; scoped < 2; scoped++) {
			struct treepane p;
			struct pane_out out;
			assert_int_equal(treepane_init(&p, &f->tr, inv, inline_below), 0);
			struct pane pn = treepane_pane(&p);
			const uint32_t *t = scoped ? &tid : NULL;
			struct trace_sel one;
			treepane_scope(&p, trace_sel_one(&one, t), TV_CPU);
			settle(&pn);
			/* E stops at a cap, which the bottom-up tree of every
			 * thread passes: a small one first. */
			uint32_t before = p.nrows;
			p.all_rows = before + 1000;
			assert_int_equal(act(f, &pn, ACT_EXPAND_ALL, &out), PANE_DONE);
			settle(&pn);
			assert_true(strncmp(p.note, "E: capped at", 12) == 0);
			assert_true(p.nrows <= before + 1000 && p.nrows > before);
			/* X shuts what E opened: the title no longer says capped. */
			assert_int_equal(act(f, &pn, ACT_COLLAPSE_ALL, &out), PANE_DONE);
			assert_true(p.nrows <= before);
			assert_false(title_has(f, &pn, "capped"));
			p.all_rows = UINT32_MAX;
			assert_int_equal(act(f, &pn, ACT_EXPAND_ALL, &out), PANE_DONE);
			settle(&pn);
			assert_string_equal(p.note, "");  /* not capped */
			for (int clock = TV_CPU; clock <= TV_WALL; clock++) {
				treepane_scope(&p, trace_sel_one(&one, t), clock);
				settle(&pn);
				char *have = pane_text(&p), *want = cli_tree_text(&f->tr, inv, t, clock);
				assert_true(strlen(want) > 1000);
				assert_string_equal(have, want);
				free(have);
				free(want);
			}
			/* Every column, either way: the rows are --sort's lines. */
			for (int by = 0; by < PATHTREE_BY_COUNT; by++) {
				treepane_sort(&p, by, by % 2, -1);
				settle(&pn);
				assert_int_equal(p.by, by);
				char *have = pane_text(&p);
				char *want = cli_tree_sorted(&f->tr, inv, t, TV_WALL, by, by % 2);
				assert_string_equal(have, want);
				free(have);
				free(want);
			}
			treepane_free(&p);
		}
}

static void test_rows_equal_report(void **state)
{
	check_equal_report(state, UINT64_MAX);
}

static void test_rows_equal_report_on_worker(void **state)
{
	check_equal_report(state, 0);
}

/* Keys: collapse, expand, go to the parent, toggle, the hottest path, and
 * the screen shows the report's numbers for each row. */
static void test_tree_keys(void **state)
{
	struct fx *f = *state;
	load_sample(f);
	struct treepane p;
	struct pane_out out;
	assert_int_equal(treepane_init(&p, &f->tr, 0, UINT64_MAX), 0);
	struct pane pn = treepane_pane(&p);
	treepane_scope(&p, NULL, TV_CPU);
	uint32_t k0;
	const uint32_t *kids = pathtree_children(&p.t, 0, &k0);
	assert_non_null(kids);
	assert_true(k0 >= 2);
	assert_int_equal(p.nrows, 1 + k0);  /* the root opens at once */
	act(f, &pn, ACT_COLLAPSE, &out);
	assert_int_equal(p.nrows, 1);
	act(f, &pn, ACT_TOGGLE, &out);
	assert_int_equal(p.nrows, 1 + k0);
	act(f, &pn, ACT_DOWN, &out);
	assert_int_equal(p.rows[1].node, kids[0]);
	act(f, &pn, ACT_EXPAND, &out);
	uint32_t k1;
	pathtree_children(&p.t, p.rows[1].node, &k1);
	assert_true(k1 >= 1);
	assert_int_equal(p.nrows, 1 + k0 + k1);
	assert_int_equal(p.cursor, 1);
	act(f, &pn, ACT_EXPAND, &out);  /* open: moves to the first child */
	assert_int_equal(p.cursor, 2);
	assert_int_equal(p.rows[2].depth, 2);
	act(f, &pn, ACT_COLLAPSE, &out);  /* shut: goes to the parent */
	assert_int_equal(p.cursor, 1);
	act(f, &pn, ACT_TOGGLE, &out);
	assert_int_equal(p.nrows, 1 + k0);
	/* The hottest path: each row on it is its parent's first child, and
	 * it ends at a leaf. */
	act(f, &pn, ACT_TOP, &out);
	act(f, &pn, ACT_HOT_PATH, &out);
	const struct tp_row *r = &p.rows[p.cursor];
	assert_false(r->expandable);
	assert_true(r->depth >= 5);
	for (uint32_t at = p.cursor; p.rows[at].parent_row != PATHTREE_NONE;
	     at = p.rows[at].parent_row) {
		uint32_t n;
		const uint32_t *k = pathtree_children(&p.t, p.rows[p.rows[at].parent_row].node, &n);
		assert_int_equal(k[0], p.rows[at].node);
	}
	/* The screen: the report's columns on every row shown. */
	WINDOW *win = newwin(30, 200, 0, 0);
	assert_non_null(win);
	act(f, &pn, ACT_TOP, &out);
	struct pane_ctx ctx = ctx_of(f);
	pn.ops->draw(pn.self, win, &ctx);
	char *text = pane_text(&p), *line = text, row[4096];
	ts_row(win, 0, row, sizeof row);
	assert_non_null(strstr(row, "incl cpu"));
	assert_non_null(strstr(row, "incl real"));  /* the other clock, when wide */
	for (int y = 1; y < 30 && *line; y++) {
		ts_row(win, y, row, sizeof row);
		assert_int_equal(strncmp(row, line, NUMS_W), 0);
		line = strchr(line, '\n') + 1;
	}
	ts_row(win, 1, row, sizeof row);
	assert_non_null(strstr(row, "(toplevel)"));
	free(text);
	act(f, &pn, ACT_COLLAPSE_ALL, &out);
	assert_int_equal(p.nrows, 1 + k0);
	delwin(win);
	treepane_free(&p);
}

/* ------------------------------------------------------------ indent */

/* Row y's mark (▾ ▸ ·): its display column, or -1 when it has none. */
static int mark_col(WINDOW *win, int y)
{
	static const char *const marks[] = {"\xE2\x96\xBE", "\xE2\x96\xB8", "\xC2\xB7"};
	char row[4096];
	ts_row(win, y, row, sizeof row);
	char *first = NULL;
	for (int i = 0; i < 3; i++) {
		char *m = strstr(row + NUMS_W, marks[i]);
		if (m && (!first || m < first))
			first = m;
	}
	if (!first)
		return -1;
	*first = '\0';
	return text_width(row);
}

/* The hottest path drawn w x h (as --view=tree opens it); every row's
 * mark must stand at base + depth x per (the columns of a level), with
 * skip levels left out before (shown as "…skip "): returns base, or
 * fails. Rows of different depths thus never share a column. */
static int check_indent(struct fx *f, struct pane *pn, const struct treepane *p, int w, int h,
                        uint32_t skip, int per)
{
	char row[4096], marker[32] = "";
	struct pane_ctx ctx = ctx_of(f);
	WINDOW *win = newwin(h, w, 0, 0);
	assert_non_null(win);
	pn->ops->draw(pn->self, win, &ctx);
	if (skip)
		snprintf(marker, sizeof marker, "  \xE2\x80\xA6%u ", skip);
	int base = -1;
	for (int y = 1; y < h; y++) {
		uint32_t r = p->top + (uint32_t)(y - 1);
		assert_true(r < p->nrows);
		int at = mark_col(win, y) - per * (int)(p->rows[r].depth - skip);
		ts_row(win, y, row, sizeof row);
		if (base < 0)
			base = at;
		if (at != base || (skip && !strstr(row, marker)))
			fail_msg("%dx%d row %d depth %u: mark at %d, want %d: %s", w, h, y,
			         p->rows[r].depth, mark_col(win, y), base + per * (int)(p->rows[r].depth - skip),
			         row);
	}
	delwin(win);
	return base;
}

/* Item 5 of issue 18: a tree keeps its indentation. The sample's
 * hottest path ends at String.hashCode, depth 43; --view=tree opens it
 * with the cursor there, the rows above it up the path. The tree column
 * is what the numbers leave, less two blanks, and half of it may indent;
 * the levels left out are at most those above the shallowest row.
 *   200x40: 48 + 4 x 12 number columns leave 102, so 51; depths 5 to 43:
 *   two columns a level need 86, or 4 + 2 x (43 - s) <= 51, s >= 20 > 4:
 *   no; one column a level: 43 <= 51, nothing left out.
 *   100x20: 48 columns leave 50, so 25; depths 25 to 43: two columns need
 *   s >= 33 > 24: no; one: 4 + (43 - s) <= 25, s = 22 ("…22 ").
 *   240x12: 142, so 71; depths 33 to 43: two columns, the fewest left
 *   out: "…9 " and 2 x (43 - 9) make 3 + 68 = 71 ("…8 ": 73).
 *   At the top of the tree (X): two columns, nothing left out. */
static void test_indentation(void **state)
{
	struct fx *f = *state;
	load_sample(f);
	struct treepane p;
	assert_int_equal(treepane_init(&p, &f->tr, 0, UINT64_MAX), 0);
	struct pane pn = treepane_pane(&p);
	treepane_scope(&p, NULL, TV_CPU);
	struct pane_ctx ctx = ctx_of(f);
	assert_int_equal(pn.ops->view_open(pn.self, &ctx), 1);
	assert_int_equal(p.rows[p.cursor].depth, 43);
	check_indent(f, &pn, &p, 200, 40, 0, 1);
	assert_int_equal(p.rows[p.top].depth, 5);
	check_indent(f, &pn, &p, 100, 20, 22, 1);
	assert_int_equal(p.rows[p.top].depth, 25);
	check_indent(f, &pn, &p, 240, 12, 9, 2);
	assert_int_equal(p.rows[p.top].depth, 33);
	struct pane_out out;
	act(f, &pn, ACT_COLLAPSE_ALL, &out);
	check_indent(f, &pn, &p, 200, 10, 0, 2);
	treepane_free(&p);
}

/* ------------------------------------------------------------ waits */

/* The Wait columns (wide, dual-clock) show what tree-json says of each
 * node: the rows of the fully open tree and the JSON's nodes (one a line)
 * come in the same order. A cell reads as the JSON's µs in ms, signed. */
static void check_waits(void **state, int inverted)
{
	struct fx *f = *state;
	load_sample(f);
	struct treepane p;
	struct pane_out out;
	uint32_t tid = main_tid(&f->tr);
	assert_int_equal(treepane_init(&p, &f->tr, inverted, UINT64_MAX), 0);
	struct pane pn = treepane_pane(&p);
	struct trace_sel one = {&tid, 1};
	treepane_scope(&p, &one, TV_WALL);
	p.all_rows = UINT32_MAX;
	act(f, &pn, ACT_EXPAND_ALL, &out);
	struct pathtree t;
	struct tv_error err;
	assert_int_equal(inverted ? pathtree_build_inverted(&t, &f->tr, &tid, TV_WALL, &err)
	                          : pathtree_build(&t, &f->tr, &tid, TV_WALL, &err),
	                 TV_OK);
	struct report_tree_opts o = {1, inverted, 0, 0};
	FILE *fp = tmpfile();
	assert_non_null(fp);
	assert_int_equal(report_tree(fp, &t, &o), TV_OK);
	pathtree_free(&t);
	char *json = slurp(fp), *line = strchr(json, '\n') + 1;
	WINDOW *win = newwin(40, 200, 0, 0);
	assert_non_null(win);
	struct pane_ctx ctx = ctx_of(f);
	pn.ops->draw(pn.self, win, &ctx);
	char row[4096];
	ts_row(win, 0, row, sizeof row);
	assert_non_null(strstr(row, "incl wait   excl wait"));
	int nonzero = 0;
	for (int y = 1; y < 40 && (uint32_t)(y - 1) < p.nrows; y++) {
		long long iw, ew;
		const char *k = strstr(line, "\"incl_wait_usec\": ");
		assert_non_null(k);
		assert_int_equal(sscanf(k, "\"incl_wait_usec\": %lld, \"excl_wait_usec\": %lld", &iw, &ew), 2);
		char want[64], cells[64];
		snprintf(want, sizeof want, "%s%lld.%03lld %s%lld.%03lld", iw < 0 ? "-" : "",
		         llabs(iw) / 1000, llabs(iw) % 1000, ew < 0 ? "-" : "", llabs(ew) / 1000,
		         llabs(ew) % 1000);
		ts_row(win, y, row, sizeof row);
		/* After the numbers and the other clock's two cells. */
		char a[32], b[32];
		assert_int_equal(sscanf(row + NUMS_W + 2 * 12, "%31s %31s", a, b), 2);
		snprintf(cells, sizeof cells, "%s %s", a, b);
		assert_string_equal(cells, want);
		nonzero += iw != 0;
		line = strchr(line, '\n') + 1;
	}
	assert_true(nonzero > 10);
	free(json);
	delwin(win);
	treepane_free(&p);
}

static void test_wait_columns(void **state)
{
	check_waits(state, 0);
}

static void test_wait_columns_bottom_up(void **state)
{
	check_waits(state, 1);
}

/* ------------------------------------------------------------ find */

/* One thread (cpu = wall): A [0,100] calls B [10,40] (X [20,30] inside)
 * and C [45,90] (D [55,70], X [60,65] inside). Top-down, by incl: A's
 * children C (45) then B (30), so X shows first under A C D, then under
 * A B. Excl: C 45-15 = 30, A 100-30-45 = 25, B 30-10 = 20, X 10+5 = 15,
 * D 15-5 = 10: the bottom-up roots in that order. */
static const char find_script[] =
	"1 > A 0 0\n1 > B 10 10\n1 > X 20 20\n1 < X 30 30\n1 < B 40 40\n"
	"1 > C 45 45\n1 > D 55 55\n1 > X 60 60\n1 < X 65 65\n1 < D 70 70\n1 < C 90 90\n"
	"1 < A 100 100\n";

static int is_method(void *env, uint32_t method)
{
	return method == *(const uint32_t *)env;
}

static const char *sym_of(const struct tg *tg, uint64_t id)
{
	static const char *const syms[] = {"A", "B", "C", "D", "X"};
	for (int i = 0; i < 5; i++)
		if (tg_id(tg, syms[i]) == id)
			return syms[i];
	return "?";
}

/* The cursor row's path, "A C D X" (top-down, toplevel left out) or
 * "X B A" (bottom-up: the root, then its callers). */
static void cursor_path(const struct treepane *p, const struct tg *tg, const struct trace *tr,
                        char *buf, size_t n)
{
	const char *sym[32];
	uint32_t k = 0;
	for (uint32_t r = p->cursor; r != PATHTREE_NONE && k < 32; r = p->rows[r].parent_row)
		if (p->rows[r].method != PATHTREE_TOPLEVEL)
			sym[k++] = sym_of(tg, tr->methods[p->rows[r].method].id);
	buf[0] = '\0';
	while (k-- > 0)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? " " : "", sym[k]);
}

/* One search; want its return and where the cursor ends. */
static void find_step(struct pane *pn, struct treepane *p, const struct tg *tg,
                      const struct trace *tr, uint32_t m, int dir, int include_from, int want_rc,
                      const char *want_path)
{
	int rc = pn->ops->find(pn->self, is_method, &m, dir, include_from);
	if (p->inline_below == 0) {  /* on the worker: the answer comes later */
		assert_int_equal(rc, 0);
		settle(pn);
		rc = p->find_res;
	}
	char path[256];
	cursor_path(p, tg, tr, path, sizeof path);
	if (rc != want_rc || strcmp(path, want_path) != 0)
		fail_msg("find %s (dir %d): got %d at [%s], want %d at [%s]", sym_of(tg, tr->methods[m].id), dir,
		         rc, path, want_rc, want_path);
}

static void check_find(void **state, uint64_t inline_below)
{
	struct fx *f = *state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, find_script), 0);
	assert_int_equal(tu_load_tg(&f->tr, tg, NULL), TV_OK);
	uint32_t x = trace_find_method(&f->tr, tg_id(tg, "X")),
	         a = trace_find_method(&f->tr, tg_id(tg, "A"));
	struct treepane p;
	assert_int_equal(treepane_init(&p, &f->tr, 0, inline_below), 0);
	struct pane pn = treepane_pane(&p);
	treepane_scope(&p, NULL, TV_CPU);
	settle(&pn);
	assert_int_equal(p.nrows, 2);  /* the toplevel and A, shut */
	/* Under shut nodes: found, and the path to it opened. */
	find_step(&pn, &p, tg, &f->tr, x, 1, 1, 0, "A C D X");
	assert_int_equal(p.nrows, 6);  /* toplevel A C D X B */
	assert_int_equal(p.rows[p.cursor].depth, 4);
	find_step(&pn, &p, tg, &f->tr, x, 1, 0, 0, "A B X");
	assert_int_equal(p.nrows, 7);
	/* Past the last: back to the first, and it says so. */
	find_step(&pn, &p, tg, &f->tr, x, 1, 0, 1, "A C D X");
	assert_string_equal(p.note, "search wrapped to the top");
	find_step(&pn, &p, tg, &f->tr, x, -1, 0, 1, "A B X");
	assert_string_equal(p.note, "search wrapped to the bottom");
	find_step(&pn, &p, tg, &f->tr, x, -1, 0, 0, "A C D X");
	assert_string_equal(p.note, "");
	/* Typing at the prompt: the current match stays. */
	find_step(&pn, &p, tg, &f->tr, x, 1, 1, 0, "A C D X");
	/* N from a match of another method: the previous X in preorder. */
	find_step(&pn, &p, tg, &f->tr, a, -1, 0, 0, "A");
	find_step(&pn, &p, tg, &f->tr, x, -1, 0, 1, "A B X");
	uint32_t none = f->tr.nmethods;  /* no method has this index */
	assert_int_equal(pn.ops->find(pn.self, is_method, &none, 1, 0), -1);
	treepane_free(&p);

	/* Bottom-up, A in preorder from the first root: C's caller A (under
	 * a shut root), the root A, B's caller, X <- B <- A (X's callers: B
	 * excl 10 before D 5), X <- D <- C <- A, D <- C <- A, then around. */
	assert_int_equal(treepane_init(&p, &f->tr, 1, inline_below), 0);
	pn = treepane_pane(&p);
	treepane_scope(&p, NULL, TV_CPU);
	settle(&pn);
	assert_int_equal(p.nrows, 5);
	static const char *const up[] = {"C A", "A", "B A", "X B A", "X D C A", "D C A", "C A"};
	for (int i = 0; i < 7; i++)
		find_step(&pn, &p, tg, &f->tr, a, 1, 0, i == 6, up[i]);
	for (int i = 5; i >= 0; i--)  /* from the first: around to the last */
		find_step(&pn, &p, tg, &f->tr, a, -1, 0, i == 5, up[i]);
	find_step(&pn, &p, tg, &f->tr, a, -1, 0, 1, "D C A");
	treepane_free(&p);
	tg_free(tg);
}

static void test_find_in_tree(void **state)
{
	check_find(state, UINT64_MAX);
}

static void test_find_in_tree_on_worker(void **state)
{
	check_find(state, 0);
}

/* A search while the worker has the tree (its first build, then E) waits
 * for it instead of replacing its job: the tree comes, E's nodes stay
 * open, and the search runs on the tree as it then is. */
static void test_find_while_busy(void **state)
{
	struct fx *f = *state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, find_script), 0);
	assert_int_equal(tu_load_tg(&f->tr, tg, NULL), TV_OK);
	uint32_t x = trace_find_method(&f->tr, tg_id(tg, "X"));
	struct treepane p;
	assert_int_equal(treepane_init(&p, &f->tr, 0, 0), 0);
	struct pane pn = treepane_pane(&p);
	struct pane_out out;
	char path[256];
	treepane_scope(&p, NULL, TV_CPU);
	assert_true(pn.ops->busy(pn.self));
	assert_int_equal(pn.ops->find(pn.self, is_method, &x, 1, 1), 0);
	settle(&pn);
	cursor_path(&p, tg, &f->tr, path, sizeof path);
	assert_string_equal(path, "A C D X");
	assert_int_equal(p.find_res, 0);
	act(f, &pn, ACT_EXPAND_ALL, &out);
	assert_true(pn.ops->busy(pn.self));
	assert_int_equal(pn.ops->find(pn.self, is_method, &x, 1, 0), 0);
	settle(&pn);
	assert_int_equal(p.nrows, 7);  /* every node open: E was not dropped */
	cursor_path(&p, tg, &f->tr, path, sizeof path);
	assert_string_equal(path, "A B X");
	treepane_free(&p);
	tg_free(tg);
}

/* ------------------------------------------------------------ sort */

/* A calls P, Q, R once each and S three times (test_pathtree.c has the
 * same trace): cpu / wall P 50 / 60 (wait 10), Q 10 / 70 (60), R 40 / 80
 * (40), S 6 / 3 (-3, 3 calls); all leaves, so excl = incl. */
static const char sort_script[] =
	"1 > A 0 0\n1 > P 1 1\n1 < P 51 61\n1 > Q 51 61\n1 < Q 61 131\n"
	"1 > R 61 131\n1 < R 101 211\n1 > S 101 211\n1 < S 103 212\n"
	"1 > S 103 212\n1 < S 105 213\n1 > S 105 213\n1 < S 107 214\n1 < A 110 220\n";

/* A's children as shown, "R Q P S", and the cursor's method. */
static void rows_are(const struct treepane *p, const struct tg *tg, const struct trace *tr,
                     const char *want, const char *cursor)
{
	static const char *const syms[] = {"A", "P", "Q", "R", "S"};
	char got[64] = "";
	const char *at = "?";
	for (uint32_t r = 0; r < p->nrows; r++) {
		const char *sym = "(top)";
		for (int i = 0; i < 5 && p->rows[r].method != PATHTREE_TOPLEVEL; i++)
			if (tg_id(tg, syms[i]) == tr->methods[p->rows[r].method].id)
				sym = syms[i];
		if (r == p->cursor)
			at = sym;
		if (p->rows[r].depth == 2)
			snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", got[0] ? " " : "", sym);
	}
	if (strcmp(got, want) != 0 || strcmp(at, cursor) != 0)
		fail_msg("rows \"%s\", cursor on %s; want \"%s\", %s", got, at, want, cursor);
}

/* The title's column marked as sorted: "incl wait v" (the marker after a
 * blank, as the table's). */
static void marked(struct fx *f, struct pane *pn, WINDOW *win, const char *col, int up)
{
	struct pane_ctx ctx = ctx_of(f);
	char row[4096], want[64];
	pn->ops->draw(pn->self, win, &ctx);
	ts_row(win, 0, row, sizeof row);
	snprintf(want, sizeof want, "%s %s", col, draw_sym(up ? SYM_SORT_UP : SYM_SORT_DOWN, 0));
	if (!strstr(row, want))
		fail_msg("title \"%s\" lacks \"%s\"", row, want);
	int marks = 0;  /* one column only */
	for (int m = 0; m < 2; m++)
		for (const char *c = row; (c = strstr(c, draw_sym(m ? SYM_SORT_UP : SYM_SORT_DOWN, 0)));
		     c++)
			marks++;
	assert_int_equal(marks, 1);
}

/* < > I on the pane, by hand: every column of a wide pane, the cursor
 * kept on Q and A kept open; the order the command line names; the
 * other clock's twin; a narrow pane's three columns. */
static void check_sort_keys(void **state, uint64_t inline_below)
{
	struct fx *f = *state;
	struct tg *tg = tg_new();
	struct pane_out out;
	char arg[32];
	assert_int_equal(tg_script(tg, sort_script), 0);
	assert_int_equal(tu_load_tg(&f->tr, tg, NULL), TV_OK);
	struct treepane p;
	assert_int_equal(treepane_init(&p, &f->tr, 0, inline_below), 0);
	struct pane pn = treepane_pane(&p);
	treepane_scope(&p, NULL, TV_WALL);
	settle(&pn);
	act(f, &pn, ACT_DOWN, &out);
	act(f, &pn, ACT_EXPAND, &out);
	settle(&pn);
	act(f, &pn, ACT_DOWN, &out);
	act(f, &pn, ACT_DOWN, &out);
	rows_are(&p, tg, &f->tr, "R Q P S", "Q");     /* incl wall 80 70 60 3 */
	WINDOW *wide = newwin(20, 240, 0, 0), *narrow = newwin(20, 80, 0, 0);
	assert_non_null(wide);
	assert_non_null(narrow);
	marked(f, &pn, wide, "incl real", 0);
	assert_int_equal(treepane_sort_arg(&p, arg, sizeof arg), 0);
	static const struct {
		enum action a;
		const char *rows, *col;
		int up;
	} steps[] = {
		{ACT_SORT_NEXT, "R Q P S", "excl real", 0},
		{ACT_SORT_NEXT, "S P Q R", "calls", 0},       /* 3, then ids */
		{ACT_SORT_NEXT, "P R Q S", "incl cpu", 0},    /* 50 40 10 6 */
		{ACT_SORT_NEXT, "P R Q S", "excl cpu", 0},
		{ACT_SORT_NEXT, "Q R P S", "incl wait", 0},   /* 60 40 10 -3 */
		{ACT_SORT_REVERSE, "S P R Q", "incl wait", 1},
		{ACT_SORT_NEXT, "S P R Q", "excl wait", 1},
		{ACT_SORT_NEXT, "S P R Q", "excl wait", 1},   /* the last: stays */
		{ACT_SORT_PREV, "S P R Q", "incl wait", 1},
		{ACT_SORT_REVERSE, "Q R P S", "incl wait", 0},
	};
	for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
		assert_int_equal(act(f, &pn, steps[i].a, &out), PANE_DONE);
		settle(&pn);
		rows_are(&p, tg, &f->tr, steps[i].rows, "Q");
		marked(f, &pn, wide, steps[i].col, steps[i].up);
	}
	assert_int_equal(p.nrows, 6);
	assert_int_equal(treepane_sort_arg(&p, arg, sizeof arg), 1);
	assert_string_equal(arg, "incl_wait");
	/* The other clock: wait stays; a wall column becomes the CPU one. */
	treepane_scope(&p, NULL, TV_CPU);
	settle(&pn);
	rows_are(&p, tg, &f->tr, "Q R P S", "Q");
	treepane_sort(&p, PATHTREE_BY_EXCL_WALL, 1, -1);
	settle(&pn);
	rows_are(&p, tg, &f->tr, "S P Q R", "Q");     /* excl wall up: 3 60 70 80 */
	treepane_scope(&p, NULL, TV_WALL);
	settle(&pn);
	treepane_scope(&p, NULL, TV_CPU);
	settle(&pn);
	rows_are(&p, tg, &f->tr, "S P Q R", "Q");     /* back where it was */
	treepane_sort_arg(&p, arg, sizeof arg);
	assert_string_equal(arg, "-excl_wall");
	treepane_scope(&p, NULL, TV_WALL);
	settle(&pn);
	treepane_sort(&p, PATHTREE_BY_EXCL_CPU, 0, -1);
	settle(&pn);
	treepane_scope(&p, NULL, TV_CPU);            /* excl cpu -> excl wall */
	settle(&pn);
	rows_are(&p, tg, &f->tr, "R Q P S", "Q");
	/* 80 columns: incl, excl and calls only. Excl wall is not shown, so
	 * no marker; < goes to the nearest shown column, calls. */
	struct pane_ctx ctx = ctx_of(f);
	char row[4096];
	pn.ops->draw(pn.self, narrow, &ctx);
	ts_row(narrow, 0, row, sizeof row);
	assert_null(strstr(row, draw_sym(SYM_SORT_DOWN, 0)));
	assert_int_equal(act(f, &pn, ACT_SORT_PREV, &out), PANE_DONE);
	settle(&pn);
	marked(f, &pn, narrow, "calls", 0);
	act(f, &pn, ACT_SORT_PREV, &out);
	settle(&pn);
	act(f, &pn, ACT_SORT_PREV, &out);
	settle(&pn);
	marked(f, &pn, narrow, "incl cpu", 0);
	rows_are(&p, tg, &f->tr, "P R Q S", "Q");
	assert_int_equal(treepane_sort_arg(&p, arg, sizeof arg), 0);  /* the default */
	for (int i = 0; i < 3; i++) {                 /* calls is the last shown */
		act(f, &pn, ACT_SORT_NEXT, &out);
		settle(&pn);
	}
	marked(f, &pn, narrow, "calls", 0);
	rows_are(&p, tg, &f->tr, "S P Q R", "Q");
	/* * follows the hottest child by incl CPU (P, 50), not the first row. */
	act(f, &pn, ACT_TOP, &out);
	act(f, &pn, ACT_HOT_PATH, &out);
	settle(&pn);
	rows_are(&p, tg, &f->tr, "S P Q R", "P");
	delwin(wide);
	delwin(narrow);
	treepane_free(&p);

	/* Bottom-up, sorted before it is built: the roots by excl wait. */
	assert_int_equal(treepane_init(&p, &f->tr, 1, inline_below), 0);
	pn = treepane_pane(&p);
	treepane_sort(&p, PATHTREE_BY_EXCL_WAIT, 0, TV_WALL);
	treepane_scope(&p, NULL, TV_WALL);
	settle(&pn);
	char got[64] = "";
	for (uint32_t r = 0; r < p.nrows; r++) {
		const struct tv_method *m = &f->tr.methods[p.rows[r].method];
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%.*s", r ? " " : "",
		         (int)m->name.len, trace_str(&f->tr, m->name));
	}
	assert_string_equal(got, "Q R P A S");      /* excl wait 60 40 10 3 -3 */
	treepane_free(&p);
	tg_free(tg);
}

static void test_sort_keys(void **state)
{
	check_sort_keys(state, UINT64_MAX);
}

static void test_sort_keys_on_worker(void **state)
{
	check_sort_keys(state, 0);
}

/* On a trace with one clock, < and > step over the other clock's columns
 * (drawn as "-") and the waits: the order stays one the trace can give,
 * as --sort refuses the others. */
static void test_sort_keys_one_clock(void **state)
{
	struct fx *f = *state;
	struct tg *tg = tg_new();
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_WALL};
	struct pane_out out;
	assert_int_equal(tg_script(tg, sort_script), 0);
	assert_int_equal(tu_load_tg(&f->tr, tg, &o), TV_OK);
	assert_false(f->tr.has_clock[TV_CPU]);
	struct treepane p;
	assert_int_equal(treepane_init(&p, &f->tr, 0, UINT64_MAX), 0);
	struct pane pn = treepane_pane(&p);
	treepane_scope(&p, NULL, TV_WALL);
	settle(&pn);
	WINDOW *wide = newwin(20, 240, 0, 0);
	assert_non_null(wide);
	struct pane_ctx ctx = ctx_of(f);
	pn.ops->draw(pn.self, wide, &ctx);
	for (int i = 0; i < 8; i++) {
		act(f, &pn, i < 4 ? ACT_SORT_NEXT : ACT_SORT_PREV, &out);
		assert_true(pathtree_by_available(&f->tr, (enum pathtree_by)p.sort.by));
	}
	delwin(wide);
	treepane_free(&p);
	tg_free(tg);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rows_equal_report, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_rows_equal_report_on_worker, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_tree_keys, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_indentation, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_find_in_tree, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_wait_columns, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_wait_columns_bottom_up, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_find_in_tree_on_worker, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_find_while_busy, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_sort_keys, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_sort_keys_on_worker, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_sort_keys_one_clock, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
