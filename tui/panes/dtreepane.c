/* dtreepane.c: the diff call tree pane (see dtreepane.h). */
#include "panes/dtreepane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/numfmt.h"
#include "draw/draw.h"
#include "draw/text.h"
#include "panes/diffview.h"
#include "panes/dtreejob.h"
#include "session/job.h"
#include "session/session.h"

/* Columns: A, B, the change, its %, calls A->B; then the tree. */
enum { DTP_W_TIME = 11, DTP_W_PCT = 10, DTP_W_CALLS = 13, DTP_COLS = 5 };
#define DTP_W_NUMS (3 * (DTP_W_TIME + 1) + DTP_W_PCT + 1 + DTP_W_CALLS + 1)

/* ------------------------------------------------------------ items */

/* Row i's diff row; PANE_NONE for the toplevel. */
static uint32_t dtp_item(const void *self, uint32_t i)
{
	const struct dtreepane *p = self;
	const struct dtreejob_nums *n = &p->nums[i];
	int r = !n->has[0];
	return p->rows[i].method == PATHTREE_TOPLEVEL ? PANE_NONE : p->rowof[r][n->method[r]];
}

/* ------------------------------------------------------------ jobs */

static void dtp_cursor_to(struct dtreepane *p, uint32_t node)
{
	for (uint32_t i = 0; i < p->nrows; i++)
		if (p->rows[i].node == node)
			p->cursor = i;
}

/* The job's rows in place of the shown ones (the job frees those); the
 * cursor stays on its node when it still shows. */
static void dtp_take_rows(struct dtreepane *p, struct dtreejob *j)
{
	uint32_t keep = p->cursor < p->nrows ? p->rows[p->cursor].node : DIFFTREE_NONE;
	struct tp_row *rows = p->rows;
	struct dtreejob_nums *nums = p->nums;
	uint32_t rows_cap = p->rows_cap, nums_cap = p->nums_cap;
	p->rows = j->rows;
	p->rows_cap = j->rows_cap;
	p->nums = j->nums;
	p->nums_cap = j->nums_cap;
	p->nrows = j->nrows;
	j->rows = rows;
	j->rows_cap = rows_cap;
	j->nums = nums;
	j->nums_cap = nums_cap;
	p->row_clock = p->t.clock;
	p->row_by = (int)p->t.by;
	p->row_ascending = p->t.ascending;
	p->cursor = 0;
	if (keep != DIFFTREE_NONE)
		dtp_cursor_to(p, keep);
}

/* A finished job's result, on the UI thread: the open marks back, the
 * tree it built, the rows it laid out. */
static void dtp_apply(struct dtreepane *p, struct dtreejob *j)
{
	p->note[0] = '\0';
	free(p->open);
	p->open = j->open;
	p->open_cap = j->open_cap;
	j->open = NULL;
	if (j->op == DTREEJOB_BUILD) {
		if (!j->has_built) {
			snprintf(p->note, sizeof p->note, "out of memory building the tree");
			return;
		}
		difftree_free(&p->t);
		p->t = j->built;
		j->has_built = 0;
		p->built = 1;
		p->nrows = p->cursor = p->top = 0;
	}
	if (j->st != TV_OK)
		snprintf(p->note, sizeof p->note, "out of memory: not all expanded");
	if (j->capped)
		snprintf(p->note, sizeof p->note, "E: capped at %u rows", j->limit);
	if (j->laid)
		dtp_take_rows(p, j);
	if (j->op == DTREEJOB_HOT)
		dtp_cursor_to(p, j->end);
}

/* Runs a job at once on small runs, else on the worker; either way it
 * has the open marks until dtp_apply(). */
static void dtp_submit(struct dtreepane *p, struct dtreejob *j)
{
	j->t = &p->t;
	j->open = p->open;
	j->open_cap = p->open_cap;
	p->open = NULL;
	p->open_cap = 0;
	if (!p->jobs || (p->d->run[0]->tr->records < p->inline_below &&
	                 p->d->run[1]->tr->records < p->inline_below)) {
		dtp_apply(p, dtreejob_run(j));
		dtreejob_free(j);
		return;
	}
	p->job_id = jobs_submit_job(p->jobs, dtreejob_run, j, dtreejob_free);
	p->busy = p->job_id != 0;
}

/* A job returns itself: no result is the result of a job superseded. */
static int dtp_poll(void *self)
{
	struct dtreepane *p = self;
	void *res;
	if (!jobs_take_for(p->jobs, p->job_id, &res, dtreejob_free))
		return 0;
	if (res) {
		p->busy = 0;
		dtp_apply(p, res);
	}
	dtreejob_free(res);
	return 1;
}

static int dtp_busy(const void *self)
{
	return ((const struct dtreepane *)self)->busy;
}

void dtreepane_follow(struct dtreepane *p)
{
	int clock = *p->clock;
	if (p->requested && (p->busy || (clock == p->req_clock && p->by == p->req_by &&
	                                 p->ascending == p->req_ascending)))
		return;
	struct dtreejob *j = dtreejob_new(p->requested ? DTREEJOB_SORT : DTREEJOB_BUILD);
	if (!j)
		return;
	j->run[0] = p->d->run[0];
	j->run[1] = p->d->run[1];
	j->clock = p->req_clock = clock;
	j->by = p->req_by = p->by;
	j->ascending = p->req_ascending = p->ascending;
	p->requested = 1;
	dtp_submit(p, j);
}

/* ------------------------------------------------------------ drawing */

/* The cells of row i: A, B, the change and its % (signed), calls. */
static void dtp_cells(const struct dtreepane *p, uint32_t i, int ascii, char cells[DTP_COLS][48])
{
	const struct dtreejob_nums *n = &p->nums[i];
	int c = p->row_clock;
	uint64_t a = n->incl[0][c], b = n->incl[1][c];
	for (int r = 0; r < 2; r++) {
		snprintf(cells[r], 48, "-");
		if (n->has[r])
			numfmt_ms(cells[r], 48, n->incl[r][c]);
	}
	numfmt_ms_change(cells[2], 48, a, b);
	diffview_signed(cells[2], 48, ascii);
	diffview_pct(cells[3], 48, a, b, n->has[0], n->has[1]);
	diffview_signed(cells[3], 48, ascii);
	char ca[24] = "-", cb[24] = "-";
	if (n->has[0])
		snprintf(ca, sizeof ca, "%llu", (unsigned long long)n->calls[0]);
	if (n->has[1])
		snprintf(cb, sizeof cb, "%llu", (unsigned long long)n->calls[1]);
	snprintf(cells[4], 48, "%s%s%s", ca, draw_sym(SYM_ARROW, ascii), cb);
}

static void dtp_draw_row(void *self, WINDOW *win, const struct pane_ctx *ctx, int y, uint32_t i,
                         const struct treeindent *ind)
{
	const struct dtreepane *p = self;
	static const int width[DTP_COLS] = {DTP_W_TIME, DTP_W_TIME, DTP_W_TIME, DTP_W_PCT,
	                                    DTP_W_CALLS};
	const struct color *col = ctx->color;
	char cells[DTP_COLS][48];
	attr_t a = i == p->cursor ? (ctx->focused ? col->role[ROLE_SELECTED] : A_BOLD) : A_NORMAL;
	uint32_t item = dtp_item(p, i);
	if (item == ctx->selected && item != PANE_NONE && i != p->cursor)
		a |= A_UNDERLINE;  /* the same method elsewhere in the tree */
	dtp_cells(p, i, ctx->ascii, cells);
	uint64_t va = p->nums[i].incl[0][p->row_clock], vb = p->nums[i].incl[1][p->row_clock];
	int x = 0;
	for (int k = 0; k < DTP_COLS; k++) {
		attr_t ca = a;
		if ((k == 2 || k == 3) && i != p->cursor && va != vb)  /* red worse, green better */
			ca = col->role[vb > va ? ROLE_WORSE : ROLE_BETTER];
		draw_cell_right(win, y, x, width[k] + 1, cells[k], ca, ctx->ascii);
		x += width[k] + 1;
	}
	const struct trace *tr = p->d->run[!p->nums[i].has[0]]->tr;
	treepane_name_cell(win, y, x, p->rows, i, ind, tr, a, ctx->ascii);
}

static void dtp_draw_title(const struct dtreepane *p, WINDOW *win, const struct pane_ctx *ctx)
{
	static const int width[DTP_COLS] = {DTP_W_TIME, DTP_W_TIME, DTP_W_TIME, DTP_W_PCT,
	                                    DTP_W_CALLS};
	const char *cn = p->row_clock == TV_CPU ? "cpu" : "real";
	const char *delta = draw_sym(SYM_DELTA, ctx->ascii), *arrow = draw_sym(SYM_ARROW, ctx->ascii);
	char t[DTP_COLS][32], line[600];
	snprintf(t[0], sizeof t[0], "A %s", cn);
	snprintf(t[1], sizeof t[1], "B %s", cn);
	snprintf(t[2], sizeof t[2], "%s %s", delta, cn);
	snprintf(t[3], sizeof t[3], "%s%%", delta);
	snprintf(t[4], sizeof t[4], "calls A%sB", arrow);
	size_t n = 0;
	for (int k = 0; k < DTP_COLS && n < sizeof line; k++)
		n += (size_t)treepane_head(line + n, sizeof line - n, width[k] + 1, t[k],
		                           k == p->row_by && p->nrows, p->row_ascending, ctx->ascii);
	if (n < sizeof line)
		snprintf(line + n, sizeof line - n, "  merged call paths%s%s%s%s",
		         p->busy ? "   computing" : "", p->busy ? draw_sym(SYM_ELLIPSIS, ctx->ascii) : "",
		         p->note[0] ? "   " : "", p->note);
	draw_row(win, 0, line, ctx->color->role[ROLE_TITLE], ctx->ascii);
}

static void dtp_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct dtreepane *p = self;
	int h = getmaxy(win), w = getmaxx(win);
	p->height = treepane_scroll(p->cursor, &p->top, h);
	dtp_draw_title(p, win, ctx);
	treepane_draw_rows(win, ctx, p->rows, p->nrows, p->top, w - DTP_W_NUMS - 2, dtp_draw_row, p,
	                   p->busy ? "  building the diff call tree" : "  no calls");
}

/* ------------------------------------------------------------ keys */

/* A job on the cursor's node (E: at most its cap of rows). */
static void dtp_job_from(struct dtreepane *p, enum dtreejob_op op)
{
	struct dtreejob *j = dtreejob_new(op);
	if (!j)
		return;
	j->node = p->rows[p->cursor].node;
	j->limit = TREEPANE_ALL_ROWS;
	dtp_submit(p, j);
}

/* Shut the cursor's node or (every) all but the root, whose children
 * stay: one row is no tree. The rows are laid out again as a job's. */
static void dtp_shut(struct dtreepane *p, int every, struct pane_out *out)
{
	if (grow_to32_zeroed((void **)&p->open, &p->open_cap, p->t.nnodes, 1) < 0) {
		snprintf(out->msg, sizeof out->msg, "out of memory");
		return;
	}
	if (every) {
		memset(p->open, 0, p->open_cap);
		p->open[0] = 1;
		p->cursor = 0;
	} else {
		p->open[p->rows[p->cursor].node] = 0;
	}
	dtp_job_from(p, DTREEJOB_ROWS);
}

/* Open or shut the cursor's node. */
static void dtp_open(struct dtreepane *p, int open, struct pane_out *out)
{
	const struct tp_row *r = &p->rows[p->cursor];
	if (!open) {
		if (r->open)
			dtp_shut(p, 0, out);
		else if (r->parent_row != PATHTREE_NONE)
			p->cursor = r->parent_row;
	} else if (!r->expandable) {
		snprintf(out->msg, sizeof out->msg, "no callees in either run");
	} else if (r->open) {
		treepane_move(&p->cursor, p->nrows, 1);
	} else {
		dtp_job_from(p, DTREEJOB_EXPAND);
	}
}

/* < and >: the next column (at either end, stay); I: the other way. */
static void dtp_sort_key(struct dtreepane *p, enum action a)
{
	if (a == ACT_SORT_REVERSE)
		p->ascending = !p->ascending;
	else if (a == ACT_SORT_NEXT && p->by + 1 < DIFFTREE_BY_COUNT)
		p->by++;
	else if (a == ACT_SORT_PREV && p->by > 0)
		p->by--;
	dtreepane_follow(p);
}

static enum pane_res dtp_act(void *self, enum action a, const struct pane_ctx *ctx,
                             struct pane_out *out)
{
	struct dtreepane *p = self;
	if (treepane_refuse(a, p->busy, p->nrows, ctx->ascii, out) ||
	    treepane_move_key(&p->cursor, p->nrows, p->height, a))
		return PANE_DONE;
	switch (a) {
	case ACT_EXPAND: dtp_open(p, 1, out); break;
	case ACT_COLLAPSE: dtp_open(p, 0, out); break;
	case ACT_TOGGLE: dtp_open(p, !p->rows[p->cursor].open, out); break;
	case ACT_COLLAPSE_ALL: dtp_shut(p, 1, out); break;
	case ACT_SORT_PREV: case ACT_SORT_NEXT: case ACT_SORT_REVERSE: dtp_sort_key(p, a); break;
	case ACT_HOT_PATH: dtp_job_from(p, DTREEJOB_HOT); break;
	case ACT_EXPAND_ALL: dtp_job_from(p, DTREEJOB_ALL); break;
	default: return PANE_IGNORED;  /* c: the table switches the screen's clock */
	}
	return PANE_DONE;
}

/* ------------------------------------------------------------ pane */

static struct pane_sel dtp_selected(const void *self)
{
	const struct dtreepane *p = self;
	return (struct pane_sel){p->cursor < p->nrows ? dtp_item(p, p->cursor) : PANE_NONE, 0, 0};
}

static size_t dtp_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_EXPAND, ACT_COLLAPSE,
	                                   ACT_HOT_PATH, ACT_SORT_PREV, ACT_SORT_NEXT, ACT_CLOCK,
	                                   ACT_DIFF_TABLE, ACT_DIFF_TREE, ACT_DIFF_FLAME};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void dtp_click(void *self, int y, int x, int wheel)
{
	struct dtreepane *p = self;
	(void)x;
	treepane_click(&p->cursor, p->top, p->nrows, y, wheel);
}

static int dtp_select(void *self, uint32_t item)
{
	struct dtreepane *p = self;
	return treepane_select(&p->cursor, p->nrows, item, dtp_item, p);
}

/* Find: the next row shown whose diff row match() takes; 1 when the
 * search wrapped around. */
static int dtp_find(void *self, int (*match)(void *env, uint32_t item), void *env, int dir,
                    int include_from)
{
	struct dtreepane *p = self;
	int64_t n = p->nrows;
	for (int64_t k = include_from ? 0 : 1; k <= n && n; k++) {
		int64_t at = (int64_t)p->cursor + dir * k, i = (at % n + n) % n;
		uint32_t item = dtp_item(p, (uint32_t)i);
		if (item != PANE_NONE && match(env, item)) {
			p->cursor = (uint32_t)i;
			return at != i;
		}
	}
	return -1;
}

static int dtp_retarget(void *self, const struct session *s, uint32_t selected)
{
	(void)s;
	(void)selected;
	dtreepane_follow(self);
	return 0;
}

static int dtp_rows(const void *self, int drawn)
{
	return treepane_rows_wanted(((const struct dtreepane *)self)->nrows, drawn);
}

/* The run whose methods the cursor's path names: A, unless it lacks it. */
static int dtp_copy_run(const struct dtreepane *p)
{
	return !p->nums[p->cursor].has[0];
}

/* Row r's method in that run. */
static uint32_t dtp_copy_method(const void *self, uint32_t r)
{
	const struct dtreepane *p = self;
	return p->nums[r].method[dtp_copy_run(p)];
}

/* y: the path from the root to the cursor's node, in a run that has it. */
static char *dtp_copy(const void *self, WINDOW *win, int ascii)
{
	const struct dtreepane *p = self;
	(void)win;
	if (p->cursor >= p->nrows)
		return strdup("");
	return treepane_copy_path(p->rows, p->cursor, dtp_copy_method, p,
	                          p->d->run[dtp_copy_run(p)]->tr, ascii);
}

/* --view: the hottest path from the root. */
static int dtp_view_open(void *self, const struct pane_ctx *ctx)
{
	return treepane_view_hot(dtreepane_pane(self), ctx);
}

struct pane dtreepane_pane(struct dtreepane *p)
{
	static const struct pane_ops ops = {
		.kind = PANE_DIFFTREE, .draw = dtp_draw, .act = dtp_act, .selected = dtp_selected,
		.footer = dtp_footer, .click = dtp_click, .select = dtp_select, .find = dtp_find,
		.poll = dtp_poll, .busy = dtp_busy, .retarget = dtp_retarget, .rows = dtp_rows,
		.copy = dtp_copy, .view_open = dtp_view_open,
	};
	return (struct pane){&ops, p};
}

int dtreepane_init(struct dtreepane *p, const struct diff *d, int *clock, uint64_t inline_below)
{
	memset(p, 0, sizeof *p);
	p->d = d;
	p->own_clock = d->clock;
	p->clock = clock ? clock : &p->own_clock;
	p->inline_below = inline_below;
	p->by = DIFFTREE_BY_B;
	p->jobs = jobs_new();  /* without a worker, work runs at once */
	p->rowof[0] = diff_rows_of(d, 0);  /* each run's methods to their diff row */
	p->rowof[1] = diff_rows_of(d, 1);
	return p->rowof[0] && p->rowof[1] ? 0 : -1;
}

void dtreepane_free(struct dtreepane *p)
{
	jobs_free(p->jobs);  /* first: the worker may be changing the tree */
	difftree_free(&p->t);
	free(p->open);
	free(p->rows);
	free(p->nums);
	free(p->rowof[0]);
	free(p->rowof[1]);
	memset(p, 0, sizeof *p);
}

struct pane dtreepane_make(const struct pane_env *env, int variant)
{
	struct dtreepane *p = malloc(sizeof *p);
	(void)variant;
	if (!p)
		return (struct pane){NULL, NULL};
	if (dtreepane_init(p, env->d, env->clock, SESSION_INLINE_BELOW) < 0) {
		dtreepane_free(p);
		free(p);
		return (struct pane){NULL, NULL};
	}
	return dtreepane_pane(p);
}

void dtreepane_destroy(void *self)
{
	dtreepane_free(self);
	free(self);
}
