/* chart.c: the call chart in the timeline (see chart.h). */
#include "panes/chart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "base/grow.h"
#include "panes/legend.h"
#include "draw/names.h"
#include "draw/units.h"
#include "draw/text.h"
#include "panes/panetext.h"
#include "panes/tlpane.h"
#include "session/session.h"

void chart_init(struct chart *c, struct tlview *v)
{
	memset(c, 0, sizeof *c);
	c->v = v;
	c->base = tlpane_pane(v);
}

void chart_free(struct chart *c)
{
	free(c->cells);
	free(c->chain);
	free(c->off);
	free(c->inner);
	memset(c, 0, sizeof *c);
}

static uint32_t chart_thread(const struct chart *c)
{
	return c->v->nthreads ? c->v->threads[c->v->cur] : TL_NONE;
}

/* The stack running at time t on thread, outermost first, in c->chain;
 * its length (0: idle, or out of memory). */
static uint32_t chart_stack(struct chart *c, uint32_t thread, uint64_t t)
{
	const struct tv_thread *th = &c->v->tl->tr->threads[thread];
	uint32_t call = timeline_call_at(c->v->tl, thread, t), n = 0;
	for (uint32_t k = call; k != TL_NONE && k != TV_ROOT; k = th->parent[k])
		n++;
	if (grow_to((void **)&c->chain, &c->nchain, n, sizeof *c->chain) < 0)
		return 0;
	uint32_t d = n;
	for (uint32_t k = call; d > 0; k = th->parent[k])
		c->chain[--d] = k;
	return n;
}

uint32_t chart_call(struct chart *c, uint32_t depth)
{
	uint32_t t = chart_thread(c);
	if (t == TL_NONE)
		return TL_NONE;
	uint32_t n = chart_stack(c, t, c->v->cursor);
	return depth < n ? c->chain[depth] : TL_NONE;
}

/* The call of every shown (depth, column), from each column's middle time. */
static int chart_cells(struct chart *c, uint32_t thread)
{
	size_t need = (size_t)c->rows * (size_t)c->w;
	if (grow_to((void **)&c->cells, &c->ncells, need, sizeof *c->cells) < 0 ||
	    grow_to((void **)&c->off, &c->noff, (size_t)c->w, 1) < 0 ||
	    grow_to((void **)&c->inner, &c->ninner, (size_t)c->w, sizeof *c->inner) < 0)
		return -1;
	timeline_offcpu(c->v->tl, thread, c->v->t0, c->v->t1, (uint32_t)c->w, c->off);
	for (size_t i = 0; i < need; i++)
		c->cells[i] = TL_NONE;
	uint64_t t0 = c->v->t0, span = c->v->t1 - c->v->t0;
	c->maxd = 0;
	for (int x = 0; x < c->w; x++) {
		uint64_t t = t0 + (uint64_t)(((double)x + 0.5) * (double)span / c->w);
		uint32_t n = chart_stack(c, thread, t);
		c->inner[x] = n;
		if (n && n - 1 > c->maxd)
			c->maxd = n - 1;
		for (uint32_t d = c->top; d < n && d < c->top + (uint32_t)c->rows; d++)
			c->cells[(size_t)(d - c->top) * (size_t)c->w + (size_t)x] = c->chain[d];
	}
	return 0;
}

/* A run of one call at depth d from column x0 of the bars: its name where
 * it fits, in its category's colour (K: its method's colour or shade). */
static void chart_block(struct chart *c, WINDOW *win, const struct pane_ctx *ctx, int y, int x0,
                        int w, uint32_t d, uint32_t call, uint32_t chosen)
{
	static const enum draw_sym shades[] = {SYM_SHADE4, SYM_SHADE3, SYM_SHADE2, SYM_SHADE1};
	const struct color *col = ctx->color;
	const struct tv_thread *th = &c->v->tl->tr->threads[chart_thread(c)];
	uint32_t m = th->method[call], rank = c->v->rank[m];
	int x = c->v->bar_x + x0, mono = col->tier == COLOR_TIER_MONO;
	char label[1200];
	uint8_t off[1024];
	/* Off CPU shades the innermost call only: the one that waits. */
	for (int i = 0; i < w && i < (int)sizeof off; i++)
		off[i] = c->off[x0 + i] && c->inner[x0 + i] == d + 1;
	if (call != chosen && !col->by_method) {
		int named = w >= 3 && names_method(c->v->tl->tr, m, w - (col->letters ? 2 : 0),
		                                   ctx->ascii, label, sizeof label) > 0;
		legend_block(win, col, ctx->ascii, y, x, w, catmap_of(&c->v->cats, m),
		             named ? label : NULL, w <= (int)sizeof off ? off : NULL,
		             m == ctx->selected ? A_BOLD | A_UNDERLINE : A_NORMAL);
		return;
	}
	attr_t a = mono ? A_NORMAL : color_method(col, rank);
	const char *fill = mono ? draw_sym(shades[rank % 4], ctx->ascii) : " ";
	if (call == chosen) {
		a = col->role[ROLE_SELECTED];
		fill = " ";
	} else if (m == ctx->selected) {
		a |= A_BOLD | A_UNDERLINE;
	}
	int used = w >= 3 ? names_method(c->v->tl->tr, m, w, ctx->ascii, label, sizeof label) : 0;
	wattrset(win, a);
	wmove(win, y, x);
	if (used)
		waddstr(win, label);
	wattrset(win, A_NORMAL);
	for (int i = used; i < w; i++) {
		int o = call != chosen && i < (int)sizeof off && off[i];
		if (o)
			draw_bar(win, draw_sym(SYM_SHADE4, ctx->ascii), mono ? A_DIM : a & ~A_REVERSE, 1);
		else
			draw_bar(win, fill, a, 1);
	}
}

static void chart_draw_row(struct chart *c, WINDOW *win, const struct pane_ctx *ctx, int r,
                           uint32_t chosen)
{
	int y = 1 + r, bx = c->v->bar_x;
	uint32_t d = c->top + (uint32_t)r;
	char label[300];
	/* Rows are numbered from 1, the outermost call, as the status line,
	 * pane 5 and --format=calls count depths. */
	if (r == 0) {
		char th[280];
		names_thread(c->v->tl->tr, chart_thread(c), bx, ctx->ascii, th, sizeof th);
		snprintf(label, sizeof label, "%u %s", d + 1, th);
	} else {
		snprintf(label, sizeof label, "%u", d + 1);
	}
	attr_t la = d == c->depth ? (ctx->focused ? ctx->color->role[ROLE_SELECTED] : A_BOLD)
	                          : A_NORMAL;
	draw_cell(win, y, 0, bx, label, la, ctx->ascii);
	const uint32_t *row = c->cells + (size_t)r * (size_t)c->w;
	for (int x = 0; x < c->w;) {
		int e = x + 1;
		while (e < c->w && row[e] == row[x])
			e++;
		if (row[x] == TL_NONE) {
			wmove(win, y, bx + x);
			draw_bar(win, " ", A_NORMAL, e - x);
		} else {
			chart_block(c, win, ctx, y, x, e - x, d, row[x], chosen);
		}
		x = e;
	}
}

static void chart_draw_status(struct chart *c, WINDOW *win, const struct pane_ctx *ctx, int y,
                              uint32_t chosen)
{
	char line[1200], tb[96], db[48], name[600], thread[300];
	struct tlview *v = c->v;
	uint32_t t = chart_thread(c);
	tlview_cursor_text(v, 0, tb, sizeof tb);  /* room for the call's name */
	names_thread(v->tl->tr, t, 40, ctx->ascii, thread, sizeof thread);
	if (chosen == TL_NONE) {
		snprintf(line, sizeof line, " cursor %s  %s  depth %u: no call here  (x folds the chart)",
		         tb, thread, c->depth + 1);
	} else {
		units_duration(v->tl->tr, db, sizeof db,
		               timeline_call_end(v->tl, t, chosen) - timeline_call_start(v->tl, t, chosen),
		               1);
		names_method(v->tl->tr, v->tl->tr->threads[t].method[chosen], getmaxx(win) / 2,
		             ctx->ascii, name, sizeof name);
		snprintf(line, sizeof line, " cursor %s  %s  depth %u: %s  (%s)", tb, thread,
		         c->depth + 1, name, db);
	}
	draw_row(win, y, line, ctx->color->role[ROLE_TITLE], ctx->ascii);
}

static void chart_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct chart *c = self;
	/* The timeline draws the ruler (and sets the view's columns); the
	 * chart then covers the thread rows and the status line. */
	c->base.ops->draw(c->base.self, win, ctx);
	uint32_t t = chart_thread(c);
	int h = getmaxy(win);
	if (!c->open || t == TL_NONE || c->v->bar_w < 1 || h < 3)
		return;
	c->rows = h - 2;
	c->w = c->v->bar_w;
	if (c->depth < c->top)
		c->top = c->depth;
	if (c->depth >= c->top + (uint32_t)c->rows)
		c->top = c->depth - (uint32_t)c->rows + 1;
	if (chart_cells(c, t) < 0)
		return;
	uint32_t chosen = chart_call(c, c->depth);
	for (int r = 0; r < c->rows; r++)
		chart_draw_row(c, win, ctx, r, chosen);
	chart_draw_status(c, win, ctx, h - 1, chosen);
}

/* Up/Down: the next depth row, past the ends the next thread. */
static void chart_move(struct chart *c, int dir)
{
	if (dir < 0 && c->depth > 0) {
		c->depth--;
	} else if (dir > 0 && c->depth < c->maxd) {
		c->depth++;
	} else {
		uint32_t was = c->v->cur;
		tlview_thread_move(c->v, dir);
		if (c->v->cur == was)
			return;
		uint32_t n = chart_stack(c, chart_thread(c), c->v->cursor);
		c->depth = dir < 0 && n ? n - 1 : 0;
		c->top = 0;
	}
}

static enum pane_res chart_act(void *self, enum action a, const struct pane_ctx *ctx,
                               struct pane_out *out)
{
	struct chart *c = self;
	if (a == ACT_CHART) {
		c->open = !c->open;
		if (c->open) {
			uint32_t t = chart_thread(c), n = t == TL_NONE ? 0 : chart_stack(c, t, c->v->cursor);
			c->depth = n ? n - 1 : 0;
			c->top = 0;
			snprintf(out->msg, sizeof out->msg, "call chart: Up/Down move between depths, "
			         "Enter selects, x folds");
		}
		return PANE_DONE;
	}
	if (!c->open)
		return c->base.ops->act(c->base.self, a, ctx, out);
	switch (a) {
	case ACT_THREAD_UP: chart_move(c, -1); return PANE_DONE;
	case ACT_THREAD_DOWN: chart_move(c, 1); return PANE_DONE;
	case ACT_PICK: {
		uint32_t call = chart_call(c, c->depth);
		if (call == TL_NONE) {
			snprintf(out->msg, sizeof out->msg, "no call at depth %u under the cursor", c->depth + 1);
			return PANE_DONE;
		}
		out->target = c->v->tl->tr->threads[chart_thread(c)].method[call];
		return PANE_JUMP;
	}
	default: return c->base.ops->act(c->base.self, a, ctx, out);
	}
}

static struct pane_sel chart_selected(const void *self)
{
	struct chart *c = (struct chart *)self;
	struct pane_sel s = c->base.ops->selected(c->base.self);
	if (c->open) {
		uint32_t call = chart_call(c, c->depth);
		s.item = call == TL_NONE ? PANE_NONE : c->v->tl->tr->threads[chart_thread(c)].method[call];
	}
	return s;
}

static size_t chart_footer(const void *self, enum action *out, size_t n)
{
	const struct chart *c = self;
	if (!n)
		return 0;
	out[0] = ACT_CHART;
	return 1 + c->base.ops->footer(c->base.self, out + 1, n - 1);
}

static void chart_click(void *self, int y, int x, int wheel)
{
	struct chart *c = self;
	if (!c->open || wheel) {
		c->base.ops->click(c->base.self, y, x, wheel);
		return;
	}
	if (y >= 1 && y <= c->rows && x >= c->v->bar_x && c->v->bar_w > 0) {
		c->depth = c->top + (uint32_t)(y - 1);
		c->v->cursor = c->v->t0 + (c->v->t1 - c->v->t0) * (uint64_t)(x - c->v->bar_x) /
		                              (uint64_t)c->v->bar_w;
	}
}

/* The rest is the timeline's. */
static int chart_retarget(void *self, const struct session *s, uint32_t selected)
{
	struct chart *c = self;
	return c->base.ops->retarget(c->base.self, s, selected);
}

static void chart_open(void *self, const struct session *s, const struct pane_ctx *ctx,
                       struct pane_out *out)
{
	struct chart *c = self;
	c->base.ops->open(c->base.self, s, ctx, out);
}

static int chart_rows(const void *self, int drawn)
{
	const struct chart *c = self;
	return c->base.ops->rows(c->base.self, drawn);
}

static int chart_span(const void *self, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	const struct chart *c = self;
	return c->base.ops->span(c->base.self, tid, t0, t1);
}

static void chart_show_call(void *self, uint32_t tid, uint64_t t0, uint64_t t1,
                            struct pane_out *out)
{
	struct chart *c = self;
	c->base.ops->show_call(c->base.self, tid, t0, t1, out);
}

static int chart_drag(void *self, enum pane_drag phase, int x, uint64_t *t0, uint64_t *t1,
                      struct pane_out *out)
{
	struct chart *c = self;
	return c->base.ops->drag(c->base.self, phase, x, t0, t1, out);
}

/* y: the method under the cursor, the chart's call when it is open. */
static char *chart_copy(const void *self, WINDOW *win, int ascii)
{
	const struct chart *c = self;
	(void)win;
	return panetext_item(c->v->tl->tr, chart_selected(c).item, ascii);
}

struct pane chart_pane(struct chart *c)
{
	static const struct pane_ops ops = {
		.kind = PANE_TIMELINE, .draw = chart_draw, .act = chart_act, .selected = chart_selected,
		.footer = chart_footer, .click = chart_click, .retarget = chart_retarget, .open = chart_open,
		.rows = chart_rows, .copy = chart_copy, .span = chart_span, .show_call = chart_show_call,
		.drag = chart_drag,
	};
	return (struct pane){&ops, c};
}

/* The timeline and its chart in one allocation: the chart first, so the
 * pane's self is both. */
struct chart_box {
	struct chart c;
	struct tlview v;
};

struct pane chart_make(const struct pane_env *env, int variant)
{
	struct chart_box *b = calloc(1, sizeof *b);
	(void)variant;
	if (!b)
		return (struct pane){NULL, NULL};
	if (tlview_init(&b->v, session_timeline(env->s), session_base_profile(env->s)) < 0) {
		tlview_free(&b->v);
		free(b);
		return (struct pane){NULL, NULL};
	}
	chart_init(&b->c, &b->v);
	return chart_pane(&b->c);
}

void chart_destroy(void *self)
{
	struct chart_box *b = self;
	chart_free(&b->c);
	tlview_free(&b->v);
	free(b);
}
