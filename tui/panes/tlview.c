/* tlview.c: the timeline pane (see tlview.h). */
#include "panes/tlview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "panes/legend.h"
#include "draw/names.h"
#include "draw/units.h"
#include "draw/text.h"

/* The thread labels' column: two ninths of the width (26 columns at
 * 120), at least TLV_LABEL_MIN (room for "1–7 of 56" and most thread
 * names at 80 columns), at most TLV_LABEL_MAX, and no wider than the
 * longest label needs. */
#define TLV_LABEL_MIN 20
#define TLV_LABEL_MAX 48

/* Busiest first: CPU time when recorded, else wall span; ties by tid. */
struct tlv_busy {
	uint64_t busy;
	uint32_t thread;
};

static int tlv_busy_cmp(const void *a, const void *b)
{
	const struct tlv_busy *x = a, *y = b;
	if (x->busy != y->busy)
		return x->busy > y->busy ? -1 : 1;
	return (x->thread > y->thread) - (x->thread < y->thread);
}

/* The thread named exactly "main", when exactly one is, goes first: the
 * app's UI thread is where people look first, busiest or not. */
static void tlv_pin_main(struct tlview *v)
{
	const struct trace *tr = v->tl->tr;
	uint32_t at = UINT32_MAX, n = 0;
	for (uint32_t i = 0; i < v->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[v->threads[i]];
		const char *name = trace_str(tr, th->name);
		if (name && th->name.len == 4 && memcmp(name, "main", 4) == 0) {
			at = i;
			n++;
		}
	}
	if (n != 1 || at == 0)
		return;
	uint32_t t = v->threads[at];
	memmove(v->threads + 1, v->threads, at * sizeof *v->threads);
	v->threads[0] = t;
}

int tlview_init(struct tlview *v, const struct timeline *tl, const struct profile *p)
{
	const struct trace *tr = tl->tr;
	memset(v, 0, sizeof *v);
	v->tl = v->wall = tl;
	v->has_cpu = timeline_cpu_axis(&v->cpu, tl) == 0;
	v->threads = malloc(((size_t)tr->nthreads + 1) * sizeof *v->threads);
	v->rank = calloc((size_t)tr->nmethods + 1, sizeof *v->rank);
	v->cache = calloc((size_t)tr->nthreads + 1, sizeof *v->cache);
	if (!v->threads || !v->rank || !v->cache)
		return -1;
	struct tlv_busy *b = malloc(((size_t)tr->nthreads + 1) * sizeof *b);
	if (!b)
		return -1;
	int clk = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].records)
			b[v->nthreads++] = (struct tlv_busy){trace_thread_span(&tr->threads[i], clk), i};
	qsort(b, v->nthreads, sizeof *b, tlv_busy_cmp);
	for (uint32_t i = 0; i < v->nthreads; i++)
		v->threads[i] = b[i].thread;
	free(b);
	tlv_pin_main(v);
	catmap_set(&v->cats, tr, NULL, 0);
	for (uint32_t i = 0; i < p->norder; i++)
		v->rank[p->order[i]] = i;
	tlview_fit_all(v);
	return 0;
}

void tlview_free(struct tlview *v)
{
	for (uint32_t i = 0; v->cache && i < v->nthreads; i++) {
		free(v->cache[i].cells);
		free(v->cache[i].marks);
		free(v->cache[i].off);
	}
	catmap_free(&v->cats);
	tidset_free(&v->threads_in);
	free(v->cache);
	free(v->threads);
	free(v->rank);
	memset(v, 0, sizeof *v);
}

/* ------------------------------------------------------------ navigation */

static uint64_t tlv_min_span(const struct tlview *v)
{
	return v->bar_w > 0 ? (uint64_t)v->bar_w : 64;
}

/* Keep [t0, t1) inside the trace and the cursor inside the view. */
static void tlv_clamp(struct tlview *v)
{
	uint64_t b = v->tl->begin, e = v->tl->end > v->tl->begin ? v->tl->end : v->tl->begin + 1;
	uint64_t span = v->t1 - v->t0;
	if (span > e - b)
		span = e - b;
	if (v->t0 < b)
		v->t0 = b;
	if (v->t0 + span > e)
		v->t0 = e - span;
	v->t1 = v->t0 + span;
	if (v->cursor < v->t0)
		v->cursor = v->t0;
	if (v->cursor >= v->t1)
		v->cursor = v->t1 - 1;
}

void tlview_fit_all(struct tlview *v)
{
	v->t0 = v->tl->begin;
	v->t1 = v->tl->end > v->tl->begin ? v->tl->end : v->tl->begin + 1;
	if (v->cursor < v->t0 || v->cursor >= v->t1)
		v->cursor = v->t0 + (v->t1 - v->t0) / 2;
}

void tlview_zoom(struct tlview *v, int in)
{
	uint64_t span = v->t1 - v->t0;
	uint64_t ns = in > 0 ? span / 2 : span * 2;
	if (ns < tlv_min_span(v))
		ns = tlv_min_span(v);
	if (ns == span)
		return;
	/* Keep the cursor at the same place on screen. */
	double frac = span ? (double)(v->cursor - v->t0) / (double)span : 0.5;
	uint64_t off = (uint64_t)(frac * (double)ns);
	v->t0 = v->cursor > off ? v->cursor - off : 0;
	v->t1 = v->t0 + ns;
	tlv_clamp(v);
}

void tlview_pan(struct tlview *v, int dir)
{
	uint64_t step = (v->t1 - v->t0) / 8;
	if (!step)
		step = 1;
	if (dir < 0) {
		step = v->t0 - v->tl->begin < step ? v->t0 - v->tl->begin : step;
		v->t0 -= step;
		v->t1 -= step;
		v->cursor = v->cursor > step ? v->cursor - step : 0;
	} else {
		v->t0 += step;
		v->t1 += step;
		v->cursor += step;
	}
	tlv_clamp(v);
}

void tlview_nudge(struct tlview *v, int dir)
{
	uint64_t col = v->bar_w > 0 ? (v->t1 - v->t0) / (uint64_t)v->bar_w : 1;
	if (!col)
		col = 1;
	if (dir < 0)
		v->cursor = v->cursor > v->t0 + col ? v->cursor - col : v->t0;
	else
		v->cursor += col;
	if (v->cursor >= v->t1)
		tlview_pan(v, 1);
	else if (v->cursor < v->t0 + col && dir < 0 && v->t0 > v->tl->begin)
		tlview_pan(v, -1);
	tlv_clamp(v);
}

void tlview_thread_move(struct tlview *v, int delta)
{
	int64_t c = (int64_t)v->cur + delta;
	if (c < 0)
		c = 0;
	if (v->nthreads && c >= (int64_t)v->nthreads)
		c = (int64_t)v->nthreads - 1;
	v->cur = (uint32_t)c;
}

uint32_t tlview_thread(const struct tlview *v)
{
	return v->nthreads ? v->threads[v->cur] : TL_NONE;
}

uint32_t tlview_cursor_tid(const struct tlview *v)
{
	uint32_t t = tlview_thread(v);
	return t == TL_NONE ? 0 : v->tl->tr->threads[t].tid;
}

uint32_t tlview_method_at_cursor(const struct tlview *v)
{
	uint32_t t = tlview_thread(v);
	if (t == TL_NONE)
		return TL_NONE;
	uint32_t c = timeline_call_at(v->tl, t, v->cursor);
	return c == TL_NONE ? TL_NONE : v->tl->tr->threads[t].method[c];
}

void tlview_range(struct tlview *v, int on, uint64_t a)
{
	v->range_on = on;
	v->range_a = a;
}

void tlview_categories(struct tlview *v, const struct derive_glob *app, uint32_t napp)
{
	catmap_set(&v->cats, v->tl->tr, app, napp);
}

int tlview_scope_threads(struct tlview *v, const struct trace_sel *sel)
{
	if (tidset_same(&v->threads_in, sel))
		return 0;
	if (tidset_copy(&v->threads_in, sel) == 0)
		return 0;
	tidset_free(&v->threads_in);
	return -1;
}

void tlview_scope_range(struct tlview *v, int on, uint64_t a, uint64_t b)
{
	v->scope_on = on && a < b;
	v->scope_a = a;
	v->scope_b = b;
}

static int tlv_col_of(const struct tlview *v, uint64_t t);

/* Absolute time of the left edge of bar column x: the first time drawn
 * in it (tlv_col_of() rounds down), so a range from here to the left edge
 * of column x1 + 1 is shaded over columns x..x1 exactly once applied. */
static uint64_t tlv_time_of(const struct tlview *v, int x)
{
	if (x >= v->bar_w)
		return v->t1;
	uint64_t t = v->t0 + (uint64_t)((double)(v->t1 - v->t0) * x / v->bar_w);
	while (t < v->t1 && tlv_col_of(v, t) < x)
		t++;
	while (t > v->t0 && tlv_col_of(v, t - 1) >= x)
		t--;
	return t;
}

int tlview_drag(const struct tlview *v, int x0, int x1, uint64_t *a, uint64_t *b)
{
	if (v->bar_w <= 0 || x0 == x1)
		return -1;
	if (x0 > x1) {
		int t = x0;
		x0 = x1;
		x1 = t;
	}
	if (x0 < v->bar_x || x1 >= v->bar_x + v->bar_w)
		return -1;
	*a = tlv_time_of(v, x0 - v->bar_x);
	*b = tlv_time_of(v, x1 - v->bar_x + 1);
	return 0;
}

void tlview_drag_shade(struct tlview *v, int on, int x0, int x1)
{
	v->drag_on = on;
	v->drag_x0 = x0;
	v->drag_x1 = x1;
}

int tlview_cursor_call(const struct tlview *v, uint64_t *start, uint64_t *end)
{
	uint32_t t = tlview_thread(v);
	uint32_t c = t == TL_NONE ? TL_NONE : timeline_call_at(v->tl, t, v->cursor);
	if (c == TL_NONE)
		return -1;
	*start = timeline_call_start(v->wall, t, c);
	*end = timeline_call_end(v->wall, t, c);
	return 0;
}

int tlview_fit_call(struct tlview *v)
{
	uint32_t t = tlview_thread(v);
	uint32_t c = t == TL_NONE ? TL_NONE : timeline_call_at(v->tl, t, v->cursor);
	if (c == TL_NONE)
		return -1;
	uint64_t s = timeline_call_start(v->tl, t, c), e = timeline_call_end(v->tl, t, c);
	uint64_t pad = (e - s) / 20;
	v->t0 = s > pad ? s - pad : 0;
	v->t1 = e + pad;
	if (v->t1 - v->t0 < tlv_min_span(v))
		v->t1 = v->t0 + tlv_min_span(v);
	tlv_clamp(v);
	return 0;
}

int tlview_step_call(struct tlview *v, uint32_t method, int dir)
{
	struct tl_ref r;
	if (method == TL_NONE || timeline_step(v->tl, method, v->cursor, dir, &r) < 0)
		return -1;
	v->cursor = timeline_call_start(v->tl, r.thread, r.call);
	for (uint32_t i = 0; i < v->nthreads; i++)
		if (v->threads[i] == r.thread)
			v->cur = i;
	if (v->cursor < v->t0 || v->cursor >= v->t1) {
		uint64_t half = (v->t1 - v->t0) / 2;
		v->t0 = v->cursor > half ? v->cursor - half : 0;
		v->t1 = v->t0 + 2 * half + 1;
		tlv_clamp(v);
	}
	return 0;
}

int tlview_click(struct tlview *v, int y, int x)
{
	if (y < 1 || x < v->bar_x || x >= v->bar_x + v->bar_w || v->bar_w <= 0)
		return -1;
	int r = 0;
	while (r < v->rows && y >= v->row_y[r] + v->row_h[r])
		r++;
	if (r >= v->rows || y < v->row_y[r])
		return -1;
	v->cur = v->top + (uint32_t)r;
	v->cursor = v->t0 + (v->t1 - v->t0) * (uint64_t)(x - v->bar_x) / (uint64_t)v->bar_w;
	tlv_clamp(v);
	return 0;
}

/* ------------------------------------------------------------ drawing */

/* A tick step of 1, 2 or 5 times a power of ten, about every 14 columns. */
static uint64_t tlv_tick(uint64_t span, int w)
{
	uint64_t want = span * 14 / (uint64_t)(w > 14 ? w : 14);
	uint64_t p = 1;
	for (;;) {
		if (p >= want)
			return p;
		if (2 * p >= want)
			return 2 * p;
		if (5 * p >= want)
			return 5 * p;
		if (p > UINT64_MAX / 100)
			return p * 10;
		p *= 10;
	}
}

static int tlv_col_of(const struct tlview *v, uint64_t t)
{
	uint64_t span = v->t1 - v->t0;
	if (t < v->t0 || t >= v->t1 || !span)
		return -1;
	return (int)((double)(t - v->t0) * v->bar_w / (double)span);
}

/* The range being selected: the ruler's cells from its start to the
 * cursor in reverse video (clipped to the view). */
static void tlv_draw_range(const struct tlview *v, WINDOW *win, const struct color *c)
{
	if (!v->range_on || v->t1 <= v->t0)
		return;
	uint64_t a = v->range_a < v->cursor ? v->range_a : v->cursor;
	uint64_t b = v->range_a < v->cursor ? v->cursor : v->range_a;
	if (b < v->t0 || a >= v->t1)
		return;
	int x0 = a < v->t0 ? 0 : tlv_col_of(v, a);
	int x1 = b >= v->t1 ? v->bar_w - 1 : tlv_col_of(v, b);
	if (x0 < 0 || x1 < x0)
		return;
	attr_t at = c->role[ROLE_TITLE];
	mvwchgat(win, 0, v->bar_x + x0, x1 - x0 + 1, (at & ~A_COLOR) | A_REVERSE,
	         (short)PAIR_NUMBER((int)at), NULL);
}

/* A drag in progress: the ruler's cells it would apply in reverse video,
 * as for v. The columns are the bars' as last drawn, which is what the
 * release applies too. */
static void tlv_draw_drag(const struct tlview *v, WINDOW *win, const struct color *c)
{
	uint64_t a, b;
	if (!v->drag_on || tlview_drag(v, v->drag_x0, v->drag_x1, &a, &b) < 0)
		return;
	int x0 = v->drag_x0 < v->drag_x1 ? v->drag_x0 : v->drag_x1;
	int x1 = v->drag_x0 < v->drag_x1 ? v->drag_x1 : v->drag_x0;
	attr_t at = c->role[ROLE_TITLE];
	mvwchgat(win, 0, x0, x1 - x0 + 1, (at & ~A_COLOR) | A_REVERSE, (short)PAIR_NUMBER((int)at),
	         NULL);
}

/* Columns [*x0, *x1] of the bars inside [a, b) (clipped to the view);
 * -1 when none is. */
static int tlv_cols(const struct tlview *v, uint64_t a, uint64_t b, int *x0, int *x1)
{
	if (v->t1 <= v->t0 || b <= v->t0 || a >= v->t1 || b <= a)
		return -1;
	*x0 = a < v->t0 ? 0 : tlv_col_of(v, a);
	*x1 = b >= v->t1 ? v->bar_w - 1 : tlv_col_of(v, b - 1);
	return *x0 < 0 || *x1 < *x0 ? -1 : 0;
}

/* The range steps in force, [*a, *b) on the axis shown as thread saw
 * them (on the CPU axis, its CPU time at their ends). */
static void tlv_scope_on_axis(const struct tlview *v, uint32_t thread, uint64_t *a, uint64_t *b)
{
	*a = v->scope_a;
	*b = v->scope_b;
	if (v->tl != v->wall && thread != TL_NONE) {
		*a = timeline_map(v->wall, v->tl, thread, *a);
		*b = timeline_map(v->wall, v->tl, thread, *b);
	}
}

/* Is bar column x outside the range in force (drawn dim)? */
static int tlv_outside(const struct tlview *v, int x, int x0, int x1, int any)
{
	return v->scope_on && (!any || x < x0 || x > x1);
}

/* The range in force: the ruler's cells over it underlined and in
 * reverse video, so what the panes are computed over shows at a glance. */
static void tlv_draw_scope(const struct tlview *v, WINDOW *win, const struct color *c)
{
	int x0, x1;
	uint64_t a, b;
	tlv_scope_on_axis(v, tlview_thread(v), &a, &b);
	if (!v->scope_on || tlv_cols(v, a, b, &x0, &x1) < 0)
		return;
	attr_t at = c->role[ROLE_TITLE];
	mvwchgat(win, 0, v->bar_x + x0, x1 - x0 + 1, (at & ~A_COLOR) | A_REVERSE | A_UNDERLINE,
	         (short)PAIR_NUMBER((int)at), NULL);
}

static void tlv_draw_ruler(struct tlview *v, WINDOW *win, const struct color *c)
{
	uint64_t span = v->t1 - v->t0, step = tlv_tick(span, v->bar_w);
	uint64_t base = v->tl->begin;
	uint64_t rel0 = v->t0 - base;
	uint64_t first = (rel0 + step - 1) / step * step;
	char label[32];
	/* A trace with both clocks says which axis shows, at the right end. */
	const char *axis = !v->has_cpu ? "" : v->tl == v->wall ? " wall" : " cpu";
	int end = v->bar_x + v->bar_w - (int)strlen(axis);
	wattrset(win, c->role[ROLE_TITLE]);
	wmove(win, 0, 0);
	wclrtoeol(win);
	int next_free = v->bar_x;
	for (uint64_t t = first; base + t < v->t1; t += step) {
		int col = tlv_col_of(v, base + t);
		if (col < 0)
			continue;
		int x = v->bar_x + col;
		units_tick(v->tl->tr, label, sizeof label, t, step, v->t1 - base);
		if (x < next_free || x >= end)
			continue;
		mvwaddch(win, 0, x, '|');
		if (x + 1 + (int)strlen(label) < end)
			waddstr(win, label);
		next_free = x + 2 + (int)strlen(label);
	}
	if (*axis && end > v->bar_x)
		mvwaddstr(win, 0, end, axis);
	wattrset(win, A_NORMAL);
	tlv_draw_scope(v, win, c);
	tlv_draw_range(v, win, c);
	tlv_draw_drag(v, win, c);
}

/* The cells and marks of thread row idx for the current view, computed
 * only when the view, the width or the selected method changed. NULL
 * pointers when out of memory. */
static struct tlv_cache *tlv_row(struct tlview *v, uint32_t idx, uint32_t selected)
{
	struct tlv_cache *c = &v->cache[idx];
	uint32_t t = v->threads[idx];
	if (c->w != v->bar_w) {
		free(c->cells);
		free(c->marks);
		free(c->off);
		c->cells = malloc((size_t)v->bar_w * sizeof *c->cells);
		c->marks = malloc((size_t)v->bar_w);
		c->off = malloc((size_t)v->bar_w);
		c->cells_ok = c->marks_ok = 0;
		if (!c->cells || !c->marks || !c->off) {
			c->w = -1;  /* none of the three kept: try again next time */
			return NULL;
		}
		c->w = v->bar_w;
	}
	if (c->t0 != v->t0 || c->t1 != v->t1)
		c->cells_ok = c->marks_ok = 0;
	c->t0 = v->t0;
	c->t1 = v->t1;
	if (!c->cells_ok) {
		timeline_cells(v->tl, t, v->t0, v->t1, (uint32_t)v->bar_w, c->cells);
		timeline_offcpu(v->tl, t, v->t0, v->t1, (uint32_t)v->bar_w, c->off);
	}
	c->cells_ok = 1;
	if (!c->marks_ok || c->method != selected) {
		if (selected < v->tl->tr->nmethods)
			timeline_marks(v->tl, t, selected, v->t0, v->t1, (uint32_t)v->bar_w, c->marks);
		else
			memset(c->marks, 0, (size_t)v->bar_w);
	}
	c->method = selected;
	c->marks_ok = 1;
	return c;
}

/* A cell in its method's colour (K), or a shade without colour; off
 * CPU the colour as foreground over a light shade (dim without colour). */
static void tlv_draw_method_cell(WINDOW *win, const struct color *c, int ascii, uint32_t rank,
                                 int off, attr_t extra)
{
	static const enum draw_sym shades[] = {SYM_SHADE1, SYM_SHADE2, SYM_SHADE3, SYM_SHADE4};
	if (rank == TL_NONE)
		draw_bar(win, " ", A_NORMAL, 1);
	else if (c->tier == COLOR_TIER_MONO)
		draw_bar(win, draw_sym(shades[rank % 4], ascii), (off ? A_DIM : A_NORMAL) | extra, 1);
	else if (off)
		draw_bar(win, draw_sym(SYM_SHADE4, ascii), (color_method(c, rank) & ~A_REVERSE) | extra, 1);
	else
		draw_bar(win, " ", color_method(c, rank) | extra, 1);
}

/* The category of a cell's method; CAT_COUNT for an idle cell. */
static int tlv_cat(struct tlview *v, uint32_t m)
{
	return m == TL_NONE ? CAT_COUNT : (int)catmap_of(&v->cats, m);
}

/* The bar of one thread: runs of cells of one category (and one side of
 * the range in force) as blocks, the cursor's cell on its own. */
static void tlv_draw_bar(struct tlview *v, WINDOW *win, const struct color *c, int ascii, int y,
                         uint32_t t, const struct tlv_cache *row)
{
	int ccol = tlv_col_of(v, v->cursor), x0 = 0, x1 = -1;
	uint64_t sa, sb;
	tlv_scope_on_axis(v, t, &sa, &sb);
	int any = v->scope_on && tlv_cols(v, sa, sb, &x0, &x1) == 0;
	for (int x = 0; x < v->bar_w;) {
		uint32_t m = row->cells[x];
		attr_t extra = tlv_outside(v, x, x0, x1, any) ? A_DIM : A_NORMAL;
		wmove(win, y, v->bar_x + x);
		if (x == ccol) {
			draw_bar(win, draw_sym(SYM_CURSOR, ascii), c->role[ROLE_CURSOR], 1);
			x++;
			continue;
		}
		if (c->by_method || m == TL_NONE) {
			tlv_draw_method_cell(win, c, ascii, m == TL_NONE ? TL_NONE : v->rank[m],
			                     row->off[x], extra);
			x++;
			continue;
		}
		int k = tlv_cat(v, m), e = x + 1;
		while (e < v->bar_w && e != ccol && tlv_cat(v, row->cells[e]) == k &&
		       tlv_outside(v, e, x0, x1, any) == tlv_outside(v, x, x0, x1, any))
			e++;
		legend_block(win, c, ascii, y, v->bar_x + x, e - x, (enum category)k, NULL,
		             row->off + x, extra);
		x = e;
	}
}

static void tlv_draw_thread(struct tlview *v, WINDOW *win, const struct color *c, int ascii,
                            int y, int lines, uint32_t idx, uint32_t selected, int focused)
{
	const struct trace *tr = v->tl->tr;
	uint32_t t = v->threads[idx];
	struct trace_sel buf;
	char label[256] = "";
	/* A scope in force: its threads marked, a column before every name. */
	const struct trace_sel *in = tidset_sel(&v->threads_in, &buf);
	int lead = in != NULL;
	if (in)
		snprintf(label, sizeof label, "%s", trace_sel_has(in, tr->threads[t].tid)
		                                    ? draw_sym(SYM_SCOPED, ascii) : " ");
	size_t at = strlen(label);
	int lw = names_thread(tr, t, v->bar_x - 1 - lead, ascii, label + at, sizeof label - at);
	text_pad(label, sizeof label, lw + lead, v->bar_x);
	wattrset(win, idx == v->cur ? (focused ? c->role[ROLE_SELECTED] : A_BOLD) : A_NORMAL);
	mvwaddstr(win, y, 0, label);
	struct tlv_cache *row = tlv_row(v, idx, selected);
	if (!row)
		return;
	tlv_draw_bar(v, win, c, ascii, y, t, row);
	/* The marks row: where calls of the selected method run. */
	wattrset(win, A_NORMAL);
	if (lines < 2)
		return;
	wmove(win, y + 1, 0);
	wclrtoeol(win);
	wattrset(win, c->role[ROLE_MARK]);
	for (int x = 0; x < v->bar_w; x++)
		if (row->marks[x])
			mvwaddstr(win, y + 1, v->bar_x + x, draw_sym(SYM_MARK, ascii));
	wattrset(win, A_NORMAL);
}

/* The status line: the cursor's time to the precision of one column, the
 * thread and the call under the cursor, or that there is none. The call's
 * name gets the room the rest leaves, shortened by the one rule for names
 * (names.h). */
static void tlv_draw_status(struct tlview *v, WINDOW *win, const struct color *c, int ascii,
                            int y, int w)
{
	char line[1024], tbuf[96], dbuf[48], name[600], thread[300], tail[120];
	tlview_cursor_text(v, 1, tbuf, sizeof tbuf);
	uint32_t t = tlview_thread(v);
	if (t == TL_NONE) {
		snprintf(line, sizeof line, " cursor %s", tbuf);
		draw_row(win, y, line, c->role[ROLE_TITLE], ascii);
		return;
	}
	uint32_t call = timeline_call_at(v->tl, t, v->cursor);
	names_thread(v->tl->tr, t, w / 2, ascii, thread, sizeof thread);
	if (call == TL_NONE) {
		snprintf(line, sizeof line, " cursor %s  %s  no call here", tbuf, thread);
		draw_row(win, y, line, c->role[ROLE_TITLE], ascii);
		return;
	}
	const struct tv_thread *th = &v->tl->tr->threads[t];
	units_duration(v->tl->tr, dbuf, sizeof dbuf,
	               timeline_call_end(v->tl, t, call) - timeline_call_start(v->tl, t, call), 1);
	snprintf(tail, sizeof tail, "  (%s, depth %u)", dbuf, timeline_depth(v->tl, t, call) + 1);
	snprintf(line, sizeof line, " cursor %s  %s  ", tbuf, thread);
	int room = w - text_width(line) - text_width(tail);
	names_method(v->tl->tr, th->method[call], room > 12 ? room : 12, ascii, name, sizeof name);
	strncat(line, name, sizeof line - strlen(line) - 1);
	strncat(line, tail, sizeof line - strlen(line) - 1);
	draw_row(win, y, line, c->role[ROLE_TITLE], ascii);
}

/* Columns of the thread labels for a window w wide (see TLV_LABEL_MIN). */
static int tlv_label_width(const struct tlview *v, int w, int ascii)
{
	int most = w * 2 / 9 < TLV_LABEL_MIN ? TLV_LABEL_MIN : w * 2 / 9;
	if (most > TLV_LABEL_MAX)
		most = TLV_LABEL_MAX;
	int need = TLV_LABEL_MIN - 1;
	char label[256];
	for (uint32_t i = 0; i < v->nthreads && need < most - 1; i++) {
		int lw = names_thread(v->tl->tr, v->threads[i], most - 1, ascii, label, sizeof label);
		need = lw > need ? lw : need;
	}
	return need + 1 < most ? need + 1 : most;
}

/* Above the labels: which threads show, "1–7 of 56". */
static void tlv_draw_position(const struct tlview *v, WINDOW *win, const struct color *c,
                              int ascii)
{
	char pos[64];
	uint32_t last = v->top + (uint32_t)v->rows;
	if (last > v->nthreads)
		last = v->nthreads;
	snprintf(pos, sizeof pos, "%lu%s%lu of %lu", (unsigned long)(v->nthreads ? v->top + 1 : 0),
	         draw_sym(SYM_DASH, ascii), (unsigned long)last, (unsigned long)v->nthreads);
	draw_cell(win, 0, 0, v->bar_x - 1, pos, c->role[ROLE_TITLE], ascii);
}

/* Lines thread idx takes: 2 when the selected method runs in it within
 * the view (its marks line), else 1. */
static int tlv_lines(struct tlview *v, uint32_t idx, uint32_t selected)
{
	const struct tlv_cache *row = tlv_row(v, idx, selected);
	for (int x = 0; row && x < v->bar_w; x++)
		if (row->marks[x])
			return 2;
	return 1;
}

/* Which threads fit in lines lines from v->top, with the cursor's thread
 * among them (scrolling as little as possible), into row_y/row_h. */
static void tlv_layout(struct tlview *v, int lines, uint32_t selected)
{
	if (v->cur < v->top)
		v->top = v->cur;
	int used = 0;
	for (uint32_t i = v->top; i <= v->cur && used <= lines; i++)
		used += tlv_lines(v, i, selected);
	if (used > lines) {  /* cur is below the view: fill upwards from it */
		used = tlv_lines(v, v->cur, selected);
		v->top = v->cur;
		while (v->top > 0 && used + tlv_lines(v, v->top - 1, selected) <= lines)
			used += tlv_lines(v, --v->top, selected);
	}
	v->rows = 0;
	for (int y = 1; v->top + (uint32_t)v->rows < v->nthreads && v->rows < TLVIEW_MAX_ROWS;) {
		int n = tlv_lines(v, v->top + (uint32_t)v->rows, selected);
		if (y + n - 1 > lines && !(v->rows == 0 && y <= lines))
			break;
		if (y + n - 1 > lines)
			n = 1;  /* the one thread that fits: its bar only */
		v->row_y[v->rows] = y;
		v->row_h[v->rows++] = n;
		y += n;
	}
}

void tlview_draw(struct tlview *v, WINDOW *win, const struct color *c, int ascii, int focused,
                 uint32_t selected)
{
	int h, w;
	getmaxyx(win, h, w);
	v->bar_x = tlv_label_width(v, w, ascii);
	v->bar_w = w - v->bar_x;
	if (v->bar_w < 1 || h < 3)
		return;
	tlv_clamp(v);
	tlv_layout(v, h - 2, selected);
	tlv_draw_ruler(v, win, c);
	tlv_draw_position(v, win, c, ascii);
	for (int r = 0; r < v->rows; r++)
		tlv_draw_thread(v, win, c, ascii, v->row_y[r], v->row_h[r], v->top + (uint32_t)r,
		                selected, focused);
	int y = v->rows ? v->row_y[v->rows - 1] + v->row_h[v->rows - 1] : 1;
	for (; y < h - 1; y++) {
		wmove(win, y, 0);
		wclrtoeol(win);
	}
	tlv_draw_status(v, win, c, ascii, h - 1, w);
}

/* A moment when call c of thread t is the innermost call, so the status
 * line names it: the first gap between its direct children (its subtree
 * follows it in preorder, up to the first call whose parent precedes it),
 * else its start. */
static uint64_t tlv_own_moment(const struct tlview *v, uint32_t t, uint32_t c)
{
	const struct tv_thread *th = &v->tl->tr->threads[t];
	uint64_t at = timeline_call_start(v->tl, t, c), e = timeline_call_end(v->tl, t, c);
	for (uint32_t k = c + 1; k < th->ncalls && th->parent[k] != TV_ROOT && th->parent[k] >= c;
	     k++) {
		if (th->parent[k] != c)
			continue;
		uint64_t ks = timeline_call_start(v->tl, t, k), ke = timeline_call_end(v->tl, t, k);
		if (ks > at && timeline_call_at(v->tl, t, at) == c)
			return at;
		if (ke > at)
			at = ke;
	}
	if (at < e && timeline_call_at(v->tl, t, at) == c)
		return at;
	return timeline_call_start(v->tl, t, c);
}

int tlview_show_longest(struct tlview *v, uint32_t method)
{
	if (!v->nthreads)
		return -1;
	v->cur = 0;
	uint32_t t = v->threads[0], best = TL_NONE;
	const struct tv_thread *th = &v->tl->tr->threads[t];
	uint64_t most = 0;
	for (uint32_t c = 0; c < th->ncalls; c++) {
		if (th->method[c] != method)
			continue;
		uint64_t d = timeline_call_end(v->tl, t, c) - timeline_call_start(v->tl, t, c);
		if (best == TL_NONE || d > most) {
			best = c;
			most = d;
		}
	}
	if (best == TL_NONE)
		return -1;
	v->cursor = tlv_own_moment(v, t, best);
	tlv_clamp(v);
	return 0;
}

/* [*t0, *t1) of the wall axis on the CPU axis through thread t: a call
 * spanning it exactly takes its own CPU times (a record's instant can
 * map to an earlier one at the same wall time); else its ends map. */
static void tlv_span_on_cpu(const struct tlview *v, uint32_t t, uint64_t *t0, uint64_t *t1)
{
	const uint32_t *parent = v->wall->tr->threads[t].parent;
	uint32_t c = timeline_call_at(v->wall, t, *t0);
	while (c != TL_NONE && c != TV_ROOT &&
	       (timeline_call_start(v->wall, t, c) != *t0 || timeline_call_end(v->wall, t, c) != *t1))
		c = parent[c];
	if (c != TL_NONE && c != TV_ROOT) {
		*t0 = timeline_call_start(v->tl, t, c);
		*t1 = timeline_call_end(v->tl, t, c);
	} else {
		*t0 = timeline_map(v->wall, v->tl, t, *t0);
		*t1 = timeline_map(v->wall, v->tl, t, *t1);
	}
}

uint64_t tlview_show_call(struct tlview *v, uint32_t tid, uint64_t t0, uint64_t t1)
{
	uint32_t t = trace_find_thread(v->tl->tr, tid);
	for (uint32_t i = 0; i < v->nthreads; i++)
		if (v->threads[i] == t)
			v->cur = i;
	if (v->tl != v->wall && t != IDMAP_NONE)
		tlv_span_on_cpu(v, t, &t0, &t1);
	uint64_t pad = (t1 - t0) / 20, least = v->bar_w > 0 ? (uint64_t)v->bar_w : 64;
	v->t0 = t0 > pad ? t0 - pad : 0;
	v->t1 = t1 + pad;
	if (v->t1 - v->t0 < least)
		v->t1 = v->t0 + least;
	v->cursor = t0;
	return t1 - t0;
}

/* ------------------------------------------------------------ the axes */

int tlview_on_cpu(const struct tlview *v)
{
	return v->tl != v->wall;
}

uint64_t tlview_to_wall(const struct tlview *v, uint64_t t)
{
	uint32_t th = tlview_thread(v);
	return v->tl == v->wall || th == TL_NONE ? t : timeline_map(v->tl, v->wall, th, t);
}

void tlview_cursor_text(const struct tlview *v, int wall, char *buf, size_t n)
{
	uint64_t col = v->bar_w > 0 ? (v->t1 - v->t0) / (uint64_t)v->bar_w : 1;
	char wb[48] = "";
	units_at(v->tl->tr, buf, n, v->cursor - v->tl->begin, col, v->t1 - v->tl->begin);
	if (v->tl == v->wall)
		return;
	if (wall)
		units_at(v->wall->tr, wb, sizeof wb, tlview_to_wall(v, v->cursor) - v->wall->begin, col,
	         v->wall->end - v->wall->begin);
	size_t len = strlen(buf);
	snprintf(buf + len, n - len, " cpu%s%s%s", wall ? ", " : "", wb, wall ? " wall" : "");
}

int tlview_set_axis(struct tlview *v, int cpu)
{
	const struct timeline *to = cpu ? &v->cpu : v->wall;
	uint32_t t = tlview_thread(v);
	if (cpu && !v->has_cpu)
		return -1;
	if (to == v->tl)
		return 0;
	/* The same stretch of the cursor's thread on the new axis; where it
	 * ran too little of it to fill the bars (it slept), the same zoom
	 * around the cursor's moment (µs of CPU for µs of wall). */
	uint64_t span = v->t1 - v->t0, at = v->cursor - v->t0, a = 0, b = 0;
	if (t != TL_NONE) {
		a = timeline_map(v->tl, to, t, v->t0);
		b = timeline_map(v->tl, to, t, v->t1);
		v->cursor = timeline_map(v->tl, to, t, v->cursor);
		v->range_a = timeline_map(v->tl, to, t, v->range_a);
	}
	int whole = v->t0 <= v->tl->begin && v->t1 >= v->tl->end;
	v->tl = to;
	v->t0 = b - a >= tlv_min_span(v) ? a : v->cursor > at ? v->cursor - at : 0;
	v->t1 = b - a >= tlv_min_span(v) ? b : v->t0 + span;
	if (whole)  /* the whole trace stays whole */
		tlview_fit_all(v);
	for (uint32_t i = 0; i < v->nthreads; i++)
		v->cache[i].cells_ok = v->cache[i].marks_ok = 0;
	tlv_clamp(v);
	return 0;
}
