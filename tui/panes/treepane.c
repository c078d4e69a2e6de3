/* treepane.c: the call tree panes (see treepane.h). */
#include "panes/treepane.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "base/grow.h"
#include "panes/treeindent.h"
#include "panes/treejob.h"
#include "session/job.h"
#include "analyze/methodname.h"
#include "draw/names.h"
#include "base/numfmt.h"
#include "draw/text.h"
#include "draw/units.h"
#include "session/session.h"

/* Columns of `--format=tree` (docs/cli.md), so the pane's numbers read as
 * the report's. */
enum { TP_W_TIME = 11, TP_W_PCT = 6, TP_W_CALLS = 10, TP_W_OTHER = 11 };
#define TP_W_NUMS (2 * (TP_W_TIME + 1 + TP_W_PCT + 1) + TP_W_CALLS)

/* ------------------------------------------------------------ rows */

static int tp_grow_open(struct treepane *p)
{
	return grow_to32_zeroed((void **)&p->open, &p->open_cap, p->t.nnodes, 1);
}

/* The call tree's ops (treepane_src). */
static const uint32_t *tp_pt_children(const void *t, uint32_t node, uint32_t *n)
{
	return pathtree_children(t, node, n);
}

static int tp_pt_expandable(const void *t, uint32_t node)
{
	return pathtree_expandable(t, node);
}

static int tp_pt_expanded(const void *t, uint32_t node)
{
	return ((const struct pathtree *)t)->nodes[node].expanded;
}

static uint32_t tp_pt_method(const void *t, uint32_t node)
{
	return ((const struct pathtree *)t)->nodes[node].method;
}

/* The rows again from the tree: every node whose ancestors are open, in
 * tree order, with their numbers. The cursor stays on its node when it
 * still shows. */
static void tp_flatten(struct treepane *p)
{
	uint32_t keep = p->nrows && p->cursor < p->nrows ? p->rows[p->cursor].node : PATHTREE_NONE;
	p->nrows = 0;
	if (!p->built)
		return;
	p->clock = p->t.clock;
	p->by = (int)p->t.by;
	p->ascending = p->t.ascending;
	memcpy(p->top_incl, p->t.top_incl, sizeof p->top_incl);
	struct treepane_src src = {&p->t, tp_pt_children, tp_pt_expandable, tp_pt_expanded,
	                           tp_pt_method, p->open, p->open_cap};
	treepane_flatten(&src, p->t.roots, p->t.nroots, &p->rows, &p->nrows, &p->rows_cap);
	for (uint32_t i = 0; i < p->nrows; i++) {
		const struct pathtree_node *n = &p->t.nodes[p->rows[i].node];
		p->rows[i].calls = n->calls;
		memcpy(p->rows[i].incl, n->incl, sizeof n->incl);
		memcpy(p->rows[i].excl, n->excl, sizeof n->excl);
	}
	p->cursor = 0;
	for (uint32_t i = 0; keep != PATHTREE_NONE && i < p->nrows; i++)
		if (p->rows[i].node == keep)
			p->cursor = i;
}

static void tp_cursor_to(struct treepane *p, uint32_t node)
{
	for (uint32_t i = 0; i < p->nrows; i++)
		if (p->rows[i].node == node) {
			p->cursor = i;
			return;
		}
}

/* A search's end: the cursor on the match, what happened in the note
 * (the status line hears it too when the search ran at once). */
static void tp_found(struct treepane *p, const struct treejob *j)
{
	p->find_res = j->end == PATHTREE_NONE ? -1 : j->wrapped;
	if (j->end != PATHTREE_NONE)
		tp_cursor_to(p, j->end);
	if (j->st != TV_OK)
		snprintf(p->note, sizeof p->note, "out of memory: search stopped");
	else if (j->end == PATHTREE_NONE)
		snprintf(p->note, sizeof p->note, "no match in the tree");
	else if (j->wrapped)
		snprintf(p->note, sizeof p->note, "search wrapped %s",
		         j->dir > 0 ? "to the top" : "to the bottom");
}

/* A finished job's result, on the UI thread. */
static void tp_apply(struct treepane *p, struct treejob *j)
{
	p->note[0] = '\0';
	if (j->op == TREEJOB_BUILD) {
		if (!j->has_built) {
			snprintf(p->note, sizeof p->note, "%s",
			         j->st == TV_ERR_NO_THREAD ? "no calls in that thread"
			                                   : "out of memory building the tree");
			return;
		}
		if (p->built)
			pathtree_free(&p->t);
		p->t = j->built;
		j->has_built = 0;
		p->built = 1;
		if (p->open)
			memset(p->open, 0, p->open_cap);
		p->nrows = p->cursor = p->top = 0;
	}
	if (j->st != TV_OK)
		snprintf(p->note, sizeof p->note, "out of memory: not all expanded");
	if (tp_grow_open(p) < 0) {
		snprintf(p->note, sizeof p->note, "out of memory");
		return;
	}
	for (uint32_t i = 0; i < j->nopened; i++)
		p->open[j->opened[i]] = 1;
	if (j->capped)
		snprintf(p->note, sizeof p->note, "E: capped at %u rows", j->limit);
	tp_flatten(p);
	if (j->op == TREEJOB_HOT)
		tp_cursor_to(p, j->end);
	if (j->op == TREEJOB_FIND)
		tp_found(p, j);
}

/* Runs a job at once on a small trace, else on the worker. */
static void tp_submit(struct treepane *p, struct treejob *j)
{
	j->t = &p->t;
	j->tr = p->tr;
	j->inverted = p->inverted;
	if (!p->jobs || p->tr->records < p->inline_below) {
		tp_apply(p, treejob_run(j));
		treejob_free(j);
		return;
	}
	p->job_id = jobs_submit_job(p->jobs, treejob_run, j, treejob_free);
	p->busy = p->job_id != 0;
}

/* The search asked for while the worker had the tree, now that it is
 * back: from the cursor's node of the tree as it is now. */
static void tp_find_pending(struct treepane *p)
{
	struct treejob *j = p->pending;
	p->pending = NULL;
	if (!p->built || !p->nrows) {
		treejob_free(j);
		p->find_res = -1;
		snprintf(p->note, sizeof p->note, "no match in the tree");
		return;
	}
	j->node = p->rows[p->cursor].node;
	tp_submit(p, j);
}

/* A job returns itself: no result is the result of a job superseded. */
static int tp_poll(void *self)
{
	struct treepane *p = self;
	void *res;
	if (!jobs_take_for(p->jobs, p->job_id, &res, treejob_free))
		return 0;
	if (res) {
		p->busy = 0;
		tp_apply(p, res);
	}
	treejob_free(res);
	if (!p->busy && p->pending)
		tp_find_pending(p);
	return 1;
}

static int tp_busy(const void *self)
{
	return ((const struct treepane *)self)->busy;
}

/* ------------------------------------------------------------ model */

int treepane_init(struct treepane *p, const struct trace *tr, int inverted,
                  uint64_t inline_below)
{
	memset(p, 0, sizeof *p);
	p->tr = tr;
	p->inverted = inverted;
	p->inline_below = inline_below;
	p->all_rows = TREEPANE_ALL_ROWS;
	p->sort = (struct tp_sort){-1, 0, -1};
	p->jobs = jobs_new();  /* without a worker, work runs at once */
	return 0;
}

void treepane_free(struct treepane *p)
{
	jobs_free(p->jobs);  /* first: the worker may be changing the tree */
	treejob_free(p->pending);
	if (p->built)
		pathtree_free(&p->t);
	free(p->open);
	free(p->rows);
	tidset_free(&p->req_scope);
	memset(p, 0, sizeof *p);
}

void treepane_release(struct treepane *p)
{
	int inverted = p->inverted;
	uint64_t inline_below = p->inline_below;
	struct tp_sort sort = p->sort;
	treepane_free(p);
	p->inverted = inverted;
	p->inline_below = inline_below;
	p->sort = sort;
}

int treepane_rebind(struct treepane *p, const struct trace *tr)
{
	struct tp_sort sort = p->sort;  /* a tree keeps its order */
	int rc = treepane_init(p, tr, p->inverted, p->inline_below);
	p->sort = sort;
	return rc;
}

/* The order wanted, on clock: the default before any was chosen, the
 * column's twin on another clock. */
static void tp_resolve(struct treepane *p, int clock)
{
	struct tp_sort *s = &p->sort;
	if (s->by < 0)
		s->by = (int)pathtree_default_by(p->inverted, clock);
	else if (s->clock >= 0 && s->clock != clock)
		s->by = (int)pathtree_by_swap((enum pathtree_by)s->by);
	s->clock = clock;
}

/* Re-sorts the built tree in the order wanted on clock. */
static void tp_queue_sort(struct treepane *p, int clock)
{
	struct treejob *j = treejob_new(TREEJOB_SORT);
	if (!j)
		return;
	tp_resolve(p, clock);
	j->clock = p->req_clock = clock;
	j->by = p->req_by = p->sort.by;
	j->ascending = p->req_ascending = p->sort.ascending;
	tp_submit(p, j);
}

void treepane_scope(struct treepane *p, const struct trace_sel *sel, int clock)
{
	if (!p->requested || !tidset_same(&p->req_scope, sel)) {
		struct treejob *j = treejob_new(TREEJOB_BUILD);
		if (!j || tidset_copy(&j->scope, sel) < 0 || tidset_copy(&p->req_scope, sel) < 0) {
			treejob_free(j);
			return;
		}
		tp_resolve(p, clock);
		j->clock = clock;
		j->by = p->req_by = p->sort.by;
		j->ascending = p->req_ascending = p->sort.ascending;
		p->requested = 1;
		p->req_clock = clock;
		tp_submit(p, j);
		return;
	}
	if (p->busy || !p->built)
		return;
	tp_resolve(p, clock);
	if (clock != p->req_clock || p->sort.by != p->req_by ||
	    p->sort.ascending != p->req_ascending)
		tp_queue_sort(p, clock);
}

void treepane_sort(struct treepane *p, int by, int ascending, int clock)
{
	p->sort = (struct tp_sort){by, ascending, clock >= 0 ? clock
	                                          : p->requested ? p->req_clock : -1};
	if (p->built && !p->busy)
		tp_queue_sort(p, p->req_clock);
}

int treepane_sort_arg(const struct treepane *p, char *buf, size_t n)
{
	const struct tp_sort *s = &p->sort;
	buf[0] = '\0';
	if (s->by < 0 || (s->clock >= 0 && !s->ascending &&
	                  s->by == (int)pathtree_default_by(p->inverted, s->clock)))
		return 0;
	snprintf(buf, n, "%s%s", s->ascending ? "-" : "",
	         pathtree_by_label(p->tr, (enum pathtree_by)s->by));
	return 1;
}

/* ------------------------------------------------------------ export */

static void tp_time_pct(const struct trace *tr, char *buf, size_t n, uint64_t usec, uint64_t top)
{
	char ms[32], pct[32];
	units_cell(tr, ms, sizeof ms, usec);
	numfmt_pct(pct, sizeof pct - 1, usec, top, 1);
	if (strcmp(pct, "-") != 0)
		strcat(pct, "%");
	snprintf(buf, n, "%*s %*s", TP_W_TIME, ms, TP_W_PCT, pct);
}

/* The report's columns of a row: incl, %, excl, %, calls. */
static void tp_numbers(const struct treepane *p, const struct tp_row *r, char *buf, size_t n)
{
	int c = p->clock;
	char in[48], ex[48];
	tp_time_pct(p->tr, in, sizeof in, r->incl[c], p->top_incl[c]);
	tp_time_pct(p->tr, ex, sizeof ex, r->excl[c], p->top_incl[c]);
	snprintf(buf, n, "%s %s %*" PRIu64, in, ex, TP_W_CALLS, r->calls);
}

int treepane_export(const struct treepane *p, FILE *out)
{
	char nums[160];
	for (uint32_t i = 0; i < p->nrows; i++) {
		tp_numbers(p, &p->rows[i], nums, sizeof nums);
		fprintf(out, "%s  %*s", nums, (int)(2 * p->rows[i].depth), "");
		methodname_text(out, p->tr, p->rows[i].method, 1);
		fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------ drawing */

/* Wait: wall less CPU, signed, in ms (docs/numbers.md, "Wait time"), as
 * the table's Wait columns. */
static void tp_wait(char *buf, size_t n, const uint64_t *t)
{
	int neg = t[TV_WALL] < t[TV_CPU];
	buf[0] = '-';
	numfmt_ms(buf + neg, n - 1, neg ? t[TV_CPU] - t[TV_WALL] : t[TV_WALL] - t[TV_CPU]);
}

/* Which extra columns fit: the other clock's incl and excl from 130
 * columns, then on a dual-clock trace the waits from 154. */
static int tp_has_waits(const struct treepane *p, int w)
{
	return w >= 130 + 2 * (TP_W_OTHER + 1) && p->tr->has_clock[TV_CPU] && p->tr->has_clock[TV_WALL];
}

static void tp_draw_row(void *self, WINDOW *win, const struct pane_ctx *ctx, int y, uint32_t r,
                        const struct treeindent *ind)
{
	struct treepane *p = self;
	const struct tp_row *row = &p->rows[r];
	char nums[160];
	int w = getmaxx(win), oc = !p->clock, other = w >= 130;
	tp_numbers(p, row, nums, sizeof nums);
	int x = 0;
	attr_t a = r == p->cursor ? (ctx->focused ? ctx->color->role[ROLE_SELECTED] : A_BOLD)
	                          : A_NORMAL;
	if (row->method == ctx->selected && r != p->cursor && row->method != PATHTREE_TOPLEVEL)
		a |= A_UNDERLINE;  /* the same method elsewhere in the tree */
	int nw = (int)strlen(nums);
	draw_cell(win, y, x, nw, nums, a, ctx->ascii);
	x += nw;
	if (other) {
		char ms[32];
		numfmt_ms(ms, sizeof ms, row->incl[oc]);
		draw_cell_right(win, y, x, TP_W_OTHER + 1, p->tr->has_clock[oc] ? ms : "-", a, ctx->ascii);
		x += TP_W_OTHER + 1;
		numfmt_ms(ms, sizeof ms, row->excl[oc]);
		draw_cell_right(win, y, x, TP_W_OTHER + 1, p->tr->has_clock[oc] ? ms : "-", a, ctx->ascii);
		x += TP_W_OTHER + 1;
	}
	if (other && tp_has_waits(p, w)) {
		char ms[32];
		tp_wait(ms, sizeof ms, row->incl);
		draw_cell_right(win, y, x, TP_W_OTHER + 1, ms, a, ctx->ascii);
		x += TP_W_OTHER + 1;
		tp_wait(ms, sizeof ms, row->excl);
		draw_cell_right(win, y, x, TP_W_OTHER + 1, ms, a, ctx->ascii);
		x += TP_W_OTHER + 1;
	}
	treepane_name_cell(win, y, x, p->rows, r, ind, p->tr, a, ctx->ascii);
}

/* The sortable columns in screen order on clock c: incl, excl, calls,
 * then the other clock's incl and excl, then the waits; *shown of them
 * fit width w (the % columns sort as their times). */
static void tp_columns(const struct treepane *p, int c, int w, enum pathtree_by col[7], int *shown)
{
	int oc = !c;
	enum pathtree_by all[7] = {pathtree_default_by(0, c), pathtree_default_by(1, c), PATHTREE_BY_CALLS,
	                         pathtree_default_by(0, oc), pathtree_default_by(1, oc),
	                         PATHTREE_BY_INCL_WAIT, PATHTREE_BY_EXCL_WAIT};
	memcpy(col, all, sizeof all);
	*shown = w < 130 ? 3 : tp_has_waits(p, w) ? 7 : 5;
}

static void tp_draw_title(struct treepane *p, WINDOW *win, const struct pane_ctx *ctx, int other)
{
	char line[600];
	const char *cn = units_clock(p->tr, p->clock, 0), *ocn = p->clock == TV_CPU ? "real" : "cpu";
	char t[7][16];
	snprintf(t[0], sizeof t[0], "incl %s", cn);
	snprintf(t[1], sizeof t[1], "excl %s", cn);
	snprintf(t[2], sizeof t[2], "calls");
	snprintf(t[3], sizeof t[3], "incl %s", ocn);
	snprintf(t[4], sizeof t[4], "excl %s", ocn);
	snprintf(t[5], sizeof t[5], "incl wait");
	snprintf(t[6], sizeof t[6], "excl wait");
	static const int width[7] = {TP_W_TIME, TP_W_TIME, TP_W_CALLS, TP_W_OTHER + 1,
	                             TP_W_OTHER + 1, TP_W_OTHER + 1, TP_W_OTHER + 1};
	enum pathtree_by col[7];
	int shown;
	tp_columns(p, p->clock, other ? getmaxx(win) : 0, col, &shown);
	size_t n = 0;
	for (int i = 0; i < shown && n < sizeof line; i++) {
		n += (size_t)treepane_head(line + n, sizeof line - n, width[i], t[i], (int)col[i] == p->by,
		                     p->ascending, ctx->ascii);
		if (i < 2 && n < sizeof line)  /* the % column after a time */
			n += (size_t)snprintf(line + n, sizeof line - n, " %*s ", TP_W_PCT, "%");
	}
	if (n < sizeof line)
		snprintf(line + n, sizeof line - n, "  %s%s%s%s%s",
		         p->inverted ? "bottom-up (callers below)" : "top-down call paths",
		         p->busy ? "   computing" : "", p->busy ? draw_sym(SYM_ELLIPSIS, ctx->ascii) : "",
		         p->note[0] ? "   " : "", p->note);
	draw_row(win, 0, line, ctx->color->role[ROLE_TITLE], ctx->ascii);
}

static void tp_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct treepane *p = self;
	int h = getmaxy(win), w = getmaxx(win);
	int other = w >= 130;
	p->height = treepane_scroll(p->cursor, &p->top, h);
	p->width = w;
	tp_draw_title(p, win, ctx, other);
	/* The tree column: what the number columns leave, less two blanks. */
	int extra = (other ? 2 * (TP_W_OTHER + 1) : 0) + (tp_has_waits(p, w) ? 2 * (TP_W_OTHER + 1) : 0);
	treepane_draw_rows(win, ctx, p->rows, p->nrows, p->top, w - TP_W_NUMS - extra - 2,
	                   tp_draw_row, p, p->busy ? "  building the call tree" : "  no calls");
}

/* ------------------------------------------------------------ keys */

/* Open or shut the cursor's node. */
static void tp_open(struct treepane *p, int open, struct pane_out *out)
{
	const struct tp_row *r = &p->rows[p->cursor];
	if (!open) {
		if (r->open) {
			p->open[r->node] = 0;
			tp_flatten(p);
		} else if (r->parent_row != PATHTREE_NONE) {
			p->cursor = r->parent_row;
		}
		return;
	}
	if (!r->expandable) {
		snprintf(out->msg, sizeof out->msg, "%s", p->inverted ? "no callers: a thread's root"
		                                                      : "no callees");
		return;
	}
	if (r->open) {
		treepane_move(&p->cursor, p->nrows, 1);
		return;
	}
	if (p->t.nodes[r->node].expanded) {  /* children known: no job */
		p->open[r->node] = 1;
		tp_flatten(p);
		return;
	}
	struct treejob *j = treejob_new(TREEJOB_EXPAND);
	if (j) {
		j->node = r->node;
		tp_submit(p, j);
	}
}

static void tp_collapse_all(struct treepane *p)
{
	if (p->open)
		memset(p->open, 0, p->open_cap);
	if (!p->inverted && p->open_cap)
		p->open[0] = 1;  /* the root's children stay: one row is no tree */
	p->cursor = 0;
	tp_flatten(p);
}

/* < and >: the next column shown that way (at either end, stay); I: the
 * other direction. The cursor stays on its node, open nodes stay open. */
static void tp_sort_key(struct treepane *p, enum action a)
{
	if (a == ACT_SORT_REVERSE) {
		p->sort.ascending = !p->sort.ascending;
	} else {
		enum pathtree_by col[7];
		int shown, at = 0, dir = a == ACT_SORT_NEXT ? 1 : -1;
		tp_columns(p, p->clock, p->width, col, &shown);
		while (at < 7 && (int)col[at] != p->sort.by)
			at++;
		for (int i = at + dir; i >= 0 && i < 7; i += dir)
			if (i < shown && pathtree_by_available(p->tr, col[i])) {
				p->sort.by = (int)col[i];
				break;
			}
	}
	tp_queue_sort(p, p->req_clock);
}

static enum pane_res tp_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	struct treepane *p = self;
	if (treepane_refuse(a, p->busy, p->nrows, ctx->ascii, out) ||
	    treepane_move_key(&p->cursor, p->nrows, p->height, a))
		return PANE_DONE;
	/* The note tells what the last job did to the tree ("E: capped"); a
	 * key that changes the tree makes it stale (a job says it again). */
	if (treepane_tree_key(a))
		p->note[0] = '\0';
	struct treejob *j;
	switch (a) {
	case ACT_EXPAND: tp_open(p, 1, out); break;
	case ACT_COLLAPSE: tp_open(p, 0, out); break;
	case ACT_TOGGLE: tp_open(p, !p->rows[p->cursor].open, out); break;
	case ACT_COLLAPSE_ALL: tp_collapse_all(p); break;
	case ACT_SORT_PREV: case ACT_SORT_NEXT: case ACT_SORT_REVERSE: tp_sort_key(p, a); break;
	case ACT_HOT_PATH: case ACT_EXPAND_ALL:
		if ((j = treejob_new(a == ACT_HOT_PATH ? TREEJOB_HOT : TREEJOB_ALL))) {
			j->node = p->rows[p->cursor].node;
			j->limit = p->all_rows;
			tp_submit(p, j);
		}
		break;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel tp_selected(const void *self)
{
	const struct treepane *p = self;
	uint32_t m = p->cursor < p->nrows ? p->rows[p->cursor].method : PANE_NONE;
	return (struct pane_sel){m, 0, 0};
}

static size_t tp_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_EXPAND, ACT_COLLAPSE, ACT_HOT_PATH,
	                                   ACT_SORT_PREV, ACT_SORT_NEXT, ACT_BACK, ACT_PANE_TABLE, ACT_PANE_TREE,
	                                   ACT_PANE_BOTTOMUP, ACT_PANE_FLAME};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void tp_click(void *self, int y, int x, int wheel)
{
	struct treepane *p = self;
	(void)x;
	treepane_click(&p->cursor, p->top, p->nrows, y, wheel);
}

/* Row r's item: its method. */
static uint32_t tp_item(const void *self, uint32_t r)
{
	return ((const struct treepane *)self)->rows[r].method;
}

static int tp_select(void *self, uint32_t method)
{
	struct treepane *p = self;
	return treepane_select(&p->cursor, p->nrows, method, tp_item, p);
}

/* Every node of the tree, expanded or not, in preorder (pathtree_find());
 * on the worker for a big trace, where the answer comes with the job:
 * 0 then, and the title says "searching". */
static int tp_find(void *self, int (*match)(void *env, uint32_t method), void *env, int dir,
                   int include_from)
{
	struct treepane *p = self;
	if (!p->busy && (!p->built || !p->nrows))
		return -1;
	const struct trace *tr = p->tr;
	uint8_t *want = calloc(tr->nmethods ? tr->nmethods : 1, 1);
	struct treejob *j = want ? treejob_new(TREEJOB_FIND) : NULL;
	if (!j) {
		free(want);
		return -1;
	}
	int any = 0;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		any |= want[m] = (uint8_t)(match(env, m) != 0);
	if (!any) {
		treejob_free(j);
		free(want);
		return -1;
	}
	j->want = want;
	j->dir = dir;
	j->include_from = include_from;
	p->find_res = -2;  /* pending */
	if (p->busy) {
		/* The worker has the tree (a build, E, *...): queueing now would
		 * drop that job; search once it is back. */
		treejob_free(p->pending);
		p->pending = j;
		snprintf(p->note, sizeof p->note, "searching");
		return 0;
	}
	j->node = p->rows[p->cursor].node;
	tp_submit(p, j);
	if (p->find_res == -2) {
		snprintf(p->note, sizeof p->note, "searching");
		return 0;
	}
	return p->find_res < 0 ? -1 : p->find_res;
}

static void tp_release(void *self, unsigned what)
{
	if (what & SESSION_DROP_TRACE)
		treepane_release(self);
}

static int tp_rebind(void *self, const struct session *s)
{
	return treepane_rebind(self, session_trace(s));
}

static int tp_retarget(void *self, const struct session *s, uint32_t selected)
{
	(void)selected;
	treepane_scope(self, session_scope(s), session_clock(s));
	return 0;
}

static int tp_rows(const void *self, int drawn)
{
	return treepane_rows_wanted(((const struct treepane *)self)->nrows, drawn);
}

/* y: the path from the root to the cursor's node. */
static char *tp_copy(const void *self, WINDOW *win, int ascii)
{
	const struct treepane *t = self;
	(void)win;
	if (t->cursor >= t->nrows)
		return strdup("");
	return treepane_copy_path(t->rows, t->cursor, tp_item, t, t->tr, ascii);
}

static void tp_command(const void *self, const struct session *s, char *buf, size_t n)
{
	char sort[32];
	(void)s;
	buf[0] = '\0';
	if (treepane_sort_arg(self, sort, sizeof sort))
		snprintf(buf, n, "--sort=%s", sort);
}

static int tp_export_rows(const void *self, FILE *out)
{
	return treepane_export(self, out);
}

/* --view: the hottest path from the first root. */
static int tp_view_open(void *self, const struct pane_ctx *ctx)
{
	return treepane_view_hot(treepane_pane(self), ctx);
}

struct pane treepane_pane(struct treepane *p)
{
	static const struct pane_ops ops = {
		.kind = PANE_TREE, .draw = tp_draw, .act = tp_act, .selected = tp_selected,
		.footer = tp_footer, .click = tp_click, .select = tp_select, .find = tp_find,
		.poll = tp_poll, .busy = tp_busy, .release = tp_release, .rebind = tp_rebind,
		.retarget = tp_retarget, .rows = tp_rows, .copy = tp_copy,
		.command = tp_command, .export_rows = tp_export_rows, .view_open = tp_view_open,
	};
	return (struct pane){&ops, p};
}

struct pane treepane_make(const struct pane_env *env, int inverted)
{
	struct treepane *p = calloc(1, sizeof *p);
	if (!p || treepane_init(p, session_trace(env->s), inverted, SESSION_INLINE_BELOW) < 0) {
		free(p);
		return (struct pane){NULL, NULL};
	}
	if (env->sort)
		treepane_sort(p, env->sort - 1, env->sort_ascending,
		              env->sort_clock ? env->sort_clock - 1 : session_clock(env->s));
	return treepane_pane(p);
}

void treepane_destroy(void *self)
{
	treepane_free(self);
	free(self);
}
