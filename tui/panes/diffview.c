/* diffview.c: the full-screen diff table (see diffview.h). */
#include "panes/diffview.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/color.h"
#include "draw/names.h"
#include "base/numfmt.h"
#include "draw/draw.h"
#include "base/grow.h"
#include "draw/text.h"
#include "panes/sections.h"

/* One line of the table: what it is in the expansion (sections.h), as
 * in the profile table; a diff row (method and self lines), or a
 * parent/child of the selected one with its edge in each run (NULL when
 * the run has no such edge) and their far ends. */
struct dv_line {
	struct sections_mark mark;
	uint32_t row;
	const struct prof_edge *edge[2];
	uint32_t method[2];
};

struct diffview {
	const struct diff *d;
	const char *name[2];
	const struct color *color;         /* set by each draw */
	int ascii;                         /* set by each draw */
	int *clock;                        /* the screen's (pane_env), or own_clock */
	int own_clock;
	uint32_t sel;                      /* selected diff row */
	struct dv_line *lines;
	size_t lines_cap;
	uint32_t nlines, cursor, top;
	struct prof_edge *edges;           /* room for the four lists the lines show */
	size_t edges_cap;
	int height;
	unsigned open;                     /* sections shown whole (1 << sect) */
	uint32_t *order;                   /* diff rows in the shown order */
	uint32_t *rowof[2];                /* each run's methods to their diff row */
	int sort;                          /* a DV_SORT_* column */
	int reverse;
};

/* Sort columns, left to right as shown: < and > step through them. */
enum { DV_SORT_NAME, DV_SORT_CHG, DV_SORT_PCT, DV_SORT_BASE_EXCL, DV_SORT_NEW_EXCL,
       DV_SORT_BASE_INCL, DV_SORT_NEW_INCL, DV_SORT_CALLS, DV_SORTS };

/* ------------------------------------------------------------ model */

static const struct trace *dv_tr(const struct diffview *v, int run)
{
	return v->d->run[run]->tr;
}

static void dv_name(const struct diffview *v, int run, uint32_t m, char *buf, size_t n)
{
	names_full(dv_tr(v, run), m, buf, n);
}

/* Calls in the half of e a line shows (0 without an edge). */
static uint64_t dv_half_calls(const struct prof_edge *e, int rec)
{
	return !e ? 0 : rec ? e->rcalls : e->calls;
}

/* An edge's far end m in run as a key that matches the other run's
 * when the diff matches the methods: its diff row (by full name), the
 * toplevel itself; a method without a row matches nothing. */
static uint64_t dv_edge_key(const struct diffview *v, int run, uint32_t m)
{
	if (m >= dv_tr(v, run)->nmethods)
		return (uint64_t)UINT32_MAX + 1;
	uint32_t r = v->rowof[run][m];
	return r != DIFF_NONE ? r : ((uint64_t)2 + (uint64_t)run) << 32 | m;
}

struct dv_keyed {
	uint64_t key;
	uint32_t j;
};

static int dv_keyed_cmp(const void *a, const void *b)
{
	const struct dv_keyed *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->j < y->j ? -1 : x->j > y->j;
}

/* The first edge of run 1 (by[] sorted by key, then index) of key not
 * yet used, marked used; n1 when none. */
static uint32_t dv_match(const struct dv_keyed *by, uint32_t n1, uint8_t *used, uint64_t key)
{
	uint32_t lo = 0, hi = n1;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (by[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n1 && by[lo].key == key; lo++)
		if (!used[by[lo].j]) {
			used[by[lo].j] = 1;
			return by[lo].j;
		}
	return n1;
}

/* Adds after line k the edges of both runs, matched by the far end's
 * diff row (its full name), in run 0's order then run 1's own, that have
 * a call in the given half in either run, cut or closed as a section
 * (sections.h); returns the new line count. */
static uint32_t dv_add_edges(struct diffview *v, uint32_t k, enum sections_kind kind, int rec,
                             const struct prof_edge *e0, uint32_t n0, const struct prof_edge *e1,
                             uint32_t n1)
{
	static const struct dv_line blank = {{SECTIONS_METHOD, 0, 0, 0, 0}, 0, {NULL, NULL},
	                                     {DIFF_NONE, DIFF_NONE}};
	struct dv_line *out = v->lines;
	uint32_t first = k + (rec ? 1 : 0);  /* room for the label */
	uint8_t *used = calloc(n1 + 1, 1);
	struct dv_keyed *by = malloc(((size_t)n1 + 1) * sizeof *by);
	if (!used || !by) {
		free(used);
		free(by);
		return k;
	}
	for (uint32_t j = 0; j < n1; j++)
		by[j] = (struct dv_keyed){dv_edge_key(v, 1, e1[j].method), j};
	qsort(by, n1, sizeof *by, dv_keyed_cmp);
	k = first;
	for (uint32_t i = 0; i < n0; i++) {
		struct dv_line l = {{kind, 0, rec, 0, 0}, 0, {&e0[i], NULL}, {e0[i].method, DIFF_NONE}};
		uint32_t j = dv_match(by, n1, used, dv_edge_key(v, 0, e0[i].method));
		if (j < n1) {
			l.edge[1] = &e1[j];
			l.method[1] = e1[j].method;
		}
		if (dv_half_calls(l.edge[0], rec) || dv_half_calls(l.edge[1], rec))
			out[k++] = l;
	}
	for (uint32_t j = 0; j < n1; j++)
		if (!used[j] && dv_half_calls(&e1[j], rec))
			out[k++] = (struct dv_line){{kind, 0, rec, 0, 0}, 0, {NULL, &e1[j]},
			                            {DIFF_NONE, e1[j].method}};
	free(used);
	free(by);
	return sections_close(out, sizeof *out, first, k, kind, rec, v->open, &blank);
}

/* The list of method m in run (empty for DIFF_NONE). */
static const struct prof_list *dv_list(const struct diffview *v, int run, uint32_t m,
                                       int parents)
{
	static const struct prof_list none;
	if (m == DIFF_NONE)
		return &none;
	const struct prof_method *pm = &v->d->run[run]->methods[m];
	return parents ? &pm->parents : &pm->children;
}

/* The selected row's four lists (parents and children in each run): e[k]
 * points at n[k] edges, read into v->edges (profile_list_edges()); -1
 * when out of memory. */
static int dv_read_edges(struct diffview *v, const struct diff_row *r,
                         const struct prof_edge *e[4], uint32_t n[4])
{
	const struct prof_list *l[4] = {NULL, NULL, NULL, NULL};
	size_t all = 1;
	for (int k = 0; k < 4 && r; k++) {
		int run = k & 1;
		l[k] = dv_list(v, run, run ? r->next : r->base, k < 2);
		all += l[k]->n;
	}
	if (grow_to((void **)&v->edges, &v->edges_cap, all, sizeof *v->edges) < 0)
		return -1;
	size_t at = 0;
	for (int k = 0; k < 4; k++) {
		e[k] = l[k] ? profile_list_edges(l[k], v->edges + at) : v->edges;
		n[k] = l[k] ? l[k]->n : 0;
		at += n[k];
	}
	return 0;
}

static int dv_build(struct diffview *v)
{
	const struct diff *d = v->d;
	const struct diff_row *r = d->nrows ? &d->rows[v->sel] : NULL;
	const struct prof_edge *e[4];
	uint32_t ne[4];
	if (dv_read_edges(v, r, e, ne) < 0)
		return -1;
	const struct prof_edge *p0 = e[0], *p1 = e[1], *c0 = e[2], *c1 = e[3];
	uint32_t np0 = ne[0], np1 = ne[1], nc0 = ne[2], nc1 = ne[3];
	/* Each edge at most twice, two labels, four more/fewer lines and the
	 * self line. */
	size_t n = (size_t)d->nrows + 2 * ((size_t)np0 + np1 + nc0 + nc1) + 7;
	if (grow_to((void **)&v->lines, &v->lines_cap, n, sizeof *v->lines) < 0)
		return -1;
	struct dv_line *l = v->lines;
	uint32_t k = 0;
	for (uint32_t j = 0; j < d->nrows; j++) {
		uint32_t i = v->order[j];
		l[k++] = (struct dv_line){{SECTIONS_METHOD, 0, 0, i == v->sel, 0}, i, {NULL, NULL},
		                          {DIFF_NONE, DIFF_NONE}};
		if (i != v->sel)
			continue;
		k = dv_add_edges(v, k, SECTIONS_PARENT, 0, p0, np0, p1, np1);
		k = dv_add_edges(v, k, SECTIONS_PARENT, 1, p0, np0, p1, np1);
		l[k++] = (struct dv_line){{SECTIONS_SELF, 0, 0, 0, 0}, i, {NULL, NULL},
		                          {DIFF_NONE, DIFF_NONE}};
		k = dv_add_edges(v, k, SECTIONS_CHILD, 0, c0, nc0, c1, nc1);
		k = dv_add_edges(v, k, SECTIONS_CHILD, 1, c0, nc0, c1, nc1);
	}
	v->nlines = k;
	return 0;
}

/* Sort key of a row for a numeric column, larger first: the change as
 * its size (as the diff orders rows), the change in % (new: +inf, gone:
 * -100%), a run's time, or the change in calls (both halves). */
static double dv_key(const struct diffview *v, const struct diff_row *r)
{
	int c = *v->clock;
	uint64_t b = r->excl[0][c], n = r->excl[1][c];
	switch (v->sort) {
	case DV_SORT_CHG: return b > n ? (double)(b - n) : (double)(n - b);
	case DV_SORT_PCT:
		if (r->base == DIFF_NONE || (!b && n))
			return 1e300;
		if (r->next == DIFF_NONE)
			return -1.0;
		return b ? ((double)n - (double)b) / (double)b : 0.0;
	case DV_SORT_BASE_EXCL: return (double)b;
	case DV_SORT_NEW_EXCL: return (double)n;
	case DV_SORT_BASE_INCL: return (double)r->incl[0][c];
	case DV_SORT_NEW_INCL: return (double)r->incl[1][c];
	case DV_SORT_CALLS: {
		double x = (double)(r->calls[0] + r->rcalls[0]), y = (double)(r->calls[1] + r->rcalls[1]);
		return x > y ? x - y : y - x;
	}
	default: return 0;
	}
}

struct dv_sortrec {
	double key;
	char *name;
	uint32_t row;
	int reverse;
};

static int dv_sortrec_cmp(const void *a, const void *b)
{
	const struct dv_sortrec *x = a, *y = b;
	int c = x->name ? strcmp(x->name, y->name) : x->key > y->key ? -1 : x->key < y->key;
	if (x->reverse)
		c = -c;
	/* Ties keep the diff's order. */
	return c ? c : (x->row > y->row) - (x->row < y->row);
}

static void dv_item_name(const void *self, uint32_t row, char *buf, size_t n);

/* The shown order of the rows by the sort column; 0 or -1. */
static int dv_sort_rows(struct diffview *v)
{
	uint32_t n = v->d->nrows;
	struct dv_sortrec *r = calloc((size_t)n + 1, sizeof *r);
	uint32_t *order = malloc(((size_t)n + 1) * sizeof *order);
	int rc = -1;
	if (!r || !order)
		goto out;
	for (uint32_t i = 0; i < n; i++) {
		r[i].row = i;
		r[i].reverse = v->reverse;
		if (v->sort == DV_SORT_NAME) {
			char buf[4200];
			dv_item_name(v, i, buf, sizeof buf);
			if (!(r[i].name = strdup(buf)))
				goto out;
		} else {
			r[i].key = dv_key(v, &v->d->rows[i]);
		}
	}
	qsort(r, n, sizeof *r, dv_sortrec_cmp);
	for (uint32_t i = 0; i < n; i++)
		order[i] = r[i].row;
	free(v->order);
	v->order = order;
	order = NULL;
	rc = 0;
out:
	for (uint32_t i = 0; r && i < n; i++)
		free(r[i].name);
	free(r);
	free(order);
	return rc;
}

static int dv_sort(struct diffview *v, int col, int reverse)
{
	v->sort = col;
	v->reverse = reverse;
	if (dv_sort_rows(v) < 0 || dv_build(v) < 0)
		return -1;
	for (uint32_t i = 0; i < v->nlines; i++)
		if (v->lines[i].mark.kind == SECTIONS_METHOD && v->lines[i].row == v->sel)
			v->cursor = i;
	return 0;
}

static uint32_t dv_line_of(const struct diffview *v, uint32_t row)
{
	for (uint32_t i = 0; i < v->nlines; i++)
		if (v->lines[i].mark.kind == SECTIONS_METHOD && v->lines[i].row == row)
			return i;
	return 0;
}

static int dv_select(struct diffview *v, uint32_t row)
{
	if (row >= v->d->nrows)
		return -1;
	if (row != v->sel)
		v->open = 0;
	v->sel = row;
	if (dv_build(v) < 0)
		return -1;
	v->cursor = dv_line_of(v, row);
	return 0;
}

static void dv_move(struct diffview *v, int64_t delta)
{
	int64_t c = (int64_t)v->cursor + delta;
	if (c < 0)
		c = 0;
	if (c >= (int64_t)v->nlines)
		c = v->nlines ? (int64_t)v->nlines - 1 : 0;
	if (v->nlines && v->lines[c].mark.kind == SECTIONS_METHOD && v->lines[c].row != v->sel)
		dv_select(v, v->lines[c].row);
	else
		v->cursor = (uint32_t)c;
}

/* The diff row of the method on a parent/child line, by name. */
static uint32_t dv_row_named(const struct diffview *v, const struct dv_line *l)
{
	int run = l->method[0] != DIFF_NONE ? 0 : 1;
	for (uint32_t i = 0; i < v->d->nrows; i++) {
		const struct diff_row *r = &v->d->rows[i];
		if ((run == 0 ? r->base : r->next) == l->method[run])
			return i;
	}
	return DIFF_NONE;
}

/* Enter on a "more" or "fewer" line opens or closes its section; 1 when
 * the cursor was on one. */
static int dv_toggle_section(struct diffview *v)
{
	uint32_t at = v->cursor;
	int sect = sections_toggle(v->lines, sizeof *v->lines, v->nlines, at, &v->open);
	if (!sect)
		return 0;
	if (dv_build(v) < 0)
		return 1;
	v->cursor = sections_cursor(v->lines, sizeof *v->lines, v->nlines, at, sect - 1, v->open);
	return 1;
}

static enum pane_res dv_jump(struct diffview *v, struct pane_out *out)
{
	const struct dv_line *l = v->nlines ? &v->lines[v->cursor] : NULL;
	if (dv_toggle_section(v))
		return PANE_DONE;
	if (!l || (l->mark.kind != SECTIONS_PARENT && l->mark.kind != SECTIONS_CHILD)) {
		snprintf(out->msg, sizeof out->msg, "Enter jumps from a parent or child row");
		return PANE_DONE;
	}
	out->target = dv_row_named(v, l);
	if (out->target == DIFF_NONE) {
		snprintf(out->msg, sizeof out->msg, "(toplevel) is not a method");
		return PANE_DONE;
	}
	return PANE_JUMP;
}

/* ------------------------------------------------------------ drawing */

void diffview_pct(char *buf, size_t n, uint64_t base, uint64_t next, int has_base, int has_next)
{
	if (!has_base)
		snprintf(buf, n, "new");
	else if (!has_next)
		snprintf(buf, n, "gone");
	else if (!base)
		snprintf(buf, n, next ? "+inf" : "0.0%%");
	else {
		numfmt_pct_change(buf, n, base, next, 1);
		strncat(buf, "%", n - strlen(buf) - 1);
	}
}

/* Columns: Δ excl, Δ %, base excl, new excl, base incl, new incl, calls
 * (wider: "calls+recursive→calls+recursive" on method lines). */
#define DV_NUM_W 11
#define DV_CALLS_W 15
#define DV_COLS 7
#define DV_NUMS_W ((DV_COLS - 1) * (DV_NUM_W + 1) + DV_CALLS_W + 1)

/* A run's time, or "-" for a run without the method, as the text report
 * writes it (report_diff.c). */
static void dv_ms(char *buf, size_t n, uint64_t usec, int present)
{
	if (present)
		numfmt_ms(buf, n, usec);
	else
		snprintf(buf, n, "-");
}

void diffview_signed(char *buf, size_t n, int ascii)
{
	if (buf[0] != '-')
		return;
	char tmp[40];
	snprintf(tmp, sizeof tmp, "%s%s", draw_sym(SYM_MINUS, ascii), buf + 1);
	snprintf(buf, n, "%s", tmp);
}

static void dv_cells_method(const struct diffview *v, const struct diff_row *r,
                            char cells[DV_COLS][40])
{
	int c = *v->clock, hb = r->base != DIFF_NONE, hn = r->next != DIFF_NONE;
	const char *arrow = draw_sym(SYM_ARROW, v->ascii);
	char b[18] = "-", x[18] = "-"; /* counts past 10^16 are cut */
	numfmt_ms_change(cells[0], 40, r->excl[0][c], r->excl[1][c]);
	diffview_pct(cells[1], 40, r->excl[0][c], r->excl[1][c], hb, hn);
	diffview_signed(cells[0], 40, v->ascii);
	diffview_signed(cells[1], 40, v->ascii);
	dv_ms(cells[2], 40, r->excl[0][c], hb);
	dv_ms(cells[3], 40, r->excl[1][c], hn);
	dv_ms(cells[4], 40, r->incl[0][c], hb);
	dv_ms(cells[5], 40, r->incl[1][c], hn);
	if (hb)
		snprintf(b, sizeof b, "%llu+%llu", (unsigned long long)r->calls[0],
		         (unsigned long long)r->rcalls[0]);
	if (hn)
		snprintf(x, sizeof x, "%llu+%llu", (unsigned long long)r->calls[1],
		         (unsigned long long)r->rcalls[1]);
	snprintf(cells[6], 40, "%s%s%s", b, arrow, x);
}

/* Half of an edge's incl on clock c (0 without an edge). */
static uint64_t dv_half_incl(const struct prof_edge *e, int rec, int c)
{
	return !e ? 0 : rec ? e->rincl[c] : e->incl[c];
}

/* Parent and child lines: the incl of the line's half of the edge in each
 * run, side by side, and its calls; label lines are empty. */
static void dv_cells_edge(const struct diffview *v, const struct dv_line *l,
                          char cells[DV_COLS][40])
{
	int c = *v->clock;
	for (int k = 0; k < DV_COLS; k++)
		cells[k][0] = '\0';
	if (l->mark.kind != SECTIONS_PARENT && l->mark.kind != SECTIONS_CHILD)
		return;
	int rec = l->mark.rec;
	uint64_t i0 = dv_half_incl(l->edge[0], rec, c), i1 = dv_half_incl(l->edge[1], rec, c);
	/* An edge only in the other half in one run is 0 there, not new. */
	int h0 = dv_half_calls(l->edge[0], rec) > 0, h1 = dv_half_calls(l->edge[1], rec) > 0;
	numfmt_ms_change(cells[0], 40, i0, i1);
	diffview_pct(cells[1], 40, i0, i1, h0, h1);
	diffview_signed(cells[0], 40, v->ascii);
	diffview_signed(cells[1], 40, v->ascii);
	numfmt_ms(cells[4], 40, i0);
	numfmt_ms(cells[5], 40, i1);
	snprintf(cells[6], 40, "%llu%s%llu", (unsigned long long)dv_half_calls(l->edge[0], rec),
	         draw_sym(SYM_ARROW, v->ascii), (unsigned long long)dv_half_calls(l->edge[1], rec));
}

/* The colour of a line's change: more time is worse (red), less better
 * (green); 0 for no change or no numbers. */
static int dv_change(const struct diffview *v, const struct dv_line *l)
{
	uint64_t b, n;
	int c = *v->clock;
	if (l->mark.kind == SECTIONS_METHOD || l->mark.kind == SECTIONS_SELF) {
		b = v->d->rows[l->row].excl[0][c];
		n = v->d->rows[l->row].excl[1][c];
	} else if (l->mark.kind == SECTIONS_PARENT || l->mark.kind == SECTIONS_CHILD) {
		b = dv_half_incl(l->edge[0], l->mark.rec, c);
		n = dv_half_incl(l->edge[1], l->mark.rec, c);
	} else {
		return 0;
	}
	return n > b ? 1 : n < b ? -1 : 0;
}

static void dv_line_name(const struct diffview *v, const struct dv_line *l, int w, char *buf,
                         size_t n)
{
	const struct diff_row *r = &v->d->rows[l->row];
	char name[4200], sym[16], words[96];
	const char *mark = sections_marker(l->mark.kind, v->ascii, sym, sizeof sym);
	int method = l->mark.kind == SECTIONS_METHOD, run, mw, nw;
	uint32_t m;
	if (method)  /* added or gone in the new run */
		mark = r->base == DIFF_NONE ? "+ " : r->next == DIFF_NONE ? "- " : "  ";
	mw = text_width(mark);
	if (sections_words(&l->mark, v->ascii, words, sizeof words)) {
		nw = text_fit(words, w - mw, v->ascii, name, sizeof name);
	} else if (l->mark.kind == SECTIONS_SELF) {
		nw = text_fit("self (excl, columns as above)", w - mw, v->ascii, name, sizeof name);
	} else {
		run = method ? (r->base != DIFF_NONE ? 0 : 1) : (l->method[0] != DIFF_NONE ? 0 : 1);
		m = method ? (run ? r->next : r->base) : l->method[run];
		nw = names_method(dv_tr(v, run), m, w - mw, v->ascii, name, sizeof name);
	}
	snprintf(buf, n, "%s%s", mark, name);
	text_pad(buf, n, mw + nw, w);
}

static void dv_draw_line(struct diffview *v, WINDOW *win, int y, const struct dv_line *l, int w,
                         int is_cursor)
{
	char cells[DV_COLS][40], name[4300];
	int name_w = w - DV_NUMS_W;
	const struct color *c = v->color;
	attr_t a = is_cursor ? c->role[ROLE_SELECTED] : sections_attr(&l->mark, c);
	if (l->mark.kind == SECTIONS_METHOD || l->mark.kind == SECTIONS_SELF)
		dv_cells_method(v, &v->d->rows[l->row], cells);
	else
		dv_cells_edge(v, l, cells);
	dv_line_name(v, l, name_w, name, sizeof name);
	draw_cell(win, y, 0, name_w, name, a, v->ascii);
	int x = name_w, chg = is_cursor ? 0 : dv_change(v, l);
	for (int k = 0; k < DV_COLS; k++) {
		int cw = k == DV_COLS - 1 ? DV_CALLS_W : DV_NUM_W;
		attr_t ca = a;
		if (k < 2 && chg)  /* the change columns: red worse, green better */
			ca = c->role[chg > 0 ? ROLE_WORSE : ROLE_BETTER];
		draw_cell_right(win, y, x, cw + 1, cells[k], ca, v->ascii);
		x += cw + 1;
	}
	wmove(win, y, x < w ? x : w - 1);
	if (x < w)
		draw_fill(win, a);
}

static void dv_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct diffview *v = self;
	char line[1300];
	int h, w;
	getmaxyx(win, h, w);
	v->color = ctx->color;
	v->ascii = ctx->ascii;
	int name_w = w - DV_NUMS_W;
	static const char *const titles[DV_SORTS] = {"Name", "Chg Excl", "Chg %", "Base Excl",
	                                             "New Excl", "Base Incl", "New Incl", "Calls"};
	char t[DV_SORTS][48], cell[1300];
	for (int k = 0; k < DV_SORTS; k++) {
		/* The sort marker apart from the title, as in the table. */
		const char *mark = k != v->sort ? ""
		                   : draw_sym(v->reverse ? SYM_SORT_UP : SYM_SORT_DOWN, v->ascii);
		snprintf(t[k], sizeof t[k], "%s%s%s%s%s", titles[k],
		         k == DV_SORT_CALLS ? " B" : "", k == DV_SORT_CALLS ? draw_sym(SYM_ARROW, v->ascii) : "",
		         k == DV_SORT_CALLS ? "N" : "", "");
		if (*mark)
			snprintf(t[k] + strlen(t[k]), sizeof t[k] - strlen(t[k]), " %s", mark);
	}
	line[0] = '\0';
	for (int k = 0; k < DV_SORTS; k++) {
		int cw = k == 0 ? name_w : k == DV_SORT_CALLS ? DV_CALLS_W + 1 : DV_NUM_W + 1;
		int tw = text_width(t[k]);
		if (k == 0)
			snprintf(cell, sizeof cell, "%s%*s", t[k], cw > tw ? cw - tw : 0, "");
		else
			snprintf(cell, sizeof cell, "%*s%s", cw > tw ? cw - tw : 0, "", t[k]);
		strncat(line, cell, sizeof line - strlen(line) - 1);
	}
	draw_row(win, 0, line, ctx->color->role[ROLE_TITLE], v->ascii);
	v->height = h - 1 > 0 ? h - 1 : 1;
	if (v->cursor < v->top)
		v->top = v->cursor;
	if (v->cursor >= v->top + (uint32_t)v->height)
		v->top = v->cursor - (uint32_t)v->height + 1;
	for (int y = 0; y < v->height; y++) {
		uint32_t i = v->top + (uint32_t)y;
		if (i < v->nlines)
			dv_draw_line(v, win, y + 1, &v->lines[i], w, i == v->cursor);
		else
			draw_clear_rows(win, y + 1, y + 2);
	}
}

/* ------------------------------------------------------------ pane */

static enum pane_res dv_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	struct diffview *v = self;
	int page = v->height > 1 ? v->height - 1 : 1;
	(void)ctx;
	switch (a) {
	case ACT_UP: dv_move(v, -1); break;
	case ACT_DOWN: dv_move(v, 1); break;
	case ACT_PGUP: dv_move(v, -page); break;
	case ACT_PGDN: dv_move(v, page); break;
	case ACT_TOP: dv_move(v, -(int64_t)v->nlines); break;
	case ACT_BOTTOM: dv_move(v, (int64_t)v->nlines); break;
	case ACT_JUMP: return dv_jump(v, out);
	case ACT_SORT_PREV: case ACT_SORT_NEXT: {
		int col = v->sort + (a == ACT_SORT_NEXT ? 1 : -1);
		if (col >= 0 && col < DV_SORTS)  /* at either end, stay */
			dv_sort(v, col, v->reverse);
		break;
	}
	case ACT_SORT_REVERSE: dv_sort(v, v->sort, !v->reverse); break;
	case ACT_SECTION_PREV: case ACT_SECTION_NEXT:
		if (sections_step(v->lines, sizeof *v->lines, v->nlines, &v->cursor,
		                  a == ACT_SECTION_NEXT ? 1 : -1) < 0)
			snprintf(out->msg, sizeof out->msg, "%s", a == ACT_SECTION_NEXT
			         ? "no later section in the expansion" : "no earlier section in the expansion");
		break;
	case ACT_CLOCK:
		if (dv_tr(v, 0)->has_clock[!*v->clock] && dv_tr(v, 1)->has_clock[!*v->clock]) {
			*v->clock = !*v->clock;
			dv_sort(v, v->sort, v->reverse);  /* the keys follow the clock */
		} else
			snprintf(out->msg, sizeof out->msg, "both traces need both clocks for that");
		break;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel dv_selected(const void *self)
{
	const struct diffview *v = self;
	return (struct pane_sel){v->d->nrows ? v->sel : PANE_NONE, 0, 0};
}

static size_t dv_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_JUMP, ACT_BACK, ACT_FORWARD,
	                                   ACT_SORT_PREV, ACT_SORT_NEXT, ACT_SORT_REVERSE,
	                                   ACT_CLOCK};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void dv_click(void *self, int y, int x, int wheel)
{
	struct diffview *v = self;
	(void)x;
	if (wheel)
		dv_move(v, wheel < 0 ? -3 : 3);
	else if (y >= 1)
		dv_move(v, (int64_t)(v->top + (uint32_t)(y - 1)) - (int64_t)v->cursor);
}

static int dv_select_item(void *self, uint32_t row)
{
	return dv_select(self, row);
}

static uint32_t dv_count(const void *self)
{
	const struct diffview *v = self;
	return v->d->nrows;
}

static uint32_t dv_item(const void *self, uint32_t i)
{
	const struct diffview *v = self;
	return v->order[i];
}

static void dv_item_name(const void *self, uint32_t row, char *buf, size_t n)
{
	const struct diffview *v = self;
	const struct diff_row *r = &v->d->rows[row];
	int run = r->base != DIFF_NONE ? 0 : 1;
	dv_name(v, run, run ? r->next : r->base, buf, n);
}

/* Every row at once (--view): the title and the lines. */
static int dv_rows(const void *self, int drawn)
{
	const struct diffview *v = self;
	(void)drawn;
	return 1 + (int)v->nlines;
}

/* The diff screen's header: both files, the methods, the clock. */
static void dv_header(const void *self, int ascii, char *line, size_t n)
{
	const struct diffview *v = self;
	char b0[600], b1[600];
	const char *n0 = strrchr(v->name[0], '/'), *n1 = strrchr(v->name[1], '/');
	n0 = n0 && n0[1] ? n0 + 1 : v->name[0];
	n1 = n1 && n1[1] ? n1 + 1 : v->name[1];
	text_escape(n0, strlen(n0), ascii, b0, sizeof b0);
	text_escape(n1, strlen(n1), ascii, b1, sizeof b1);
	snprintf(line, n, " diff  %s %s %s  |  %u methods  |  clock %s  |  times in ms", b0,
	         draw_sym(SYM_ARROW, ascii), b1, v->d->nrows, *v->clock == TV_CPU ? "cpu" : "wall");
}

struct pane diffview_pane(struct diffview *v)
{
	static const struct pane_ops ops = {
		.kind = PANE_DIFF, .draw = dv_draw, .act = dv_act, .selected = dv_selected,
		.footer = dv_footer, .click = dv_click, .select = dv_select_item, .count = dv_count,
		.item = dv_item, .name = dv_item_name, .header = dv_header, .rows = dv_rows,
	};
	return (struct pane){&ops, v};
}

struct diffview *diffview_new(const char *base, const char *next, const struct diff *d)
{
	struct diffview *v = calloc(1, sizeof *v);
	if (!v)
		return NULL;
	v->d = d;
	v->name[0] = base;
	v->name[1] = next;
	v->own_clock = d->clock;
	v->clock = &v->own_clock;
	v->sort = DV_SORT_CHG;
	v->rowof[0] = diff_rows_of(d, 0);
	v->rowof[1] = diff_rows_of(d, 1);
	if (!v->rowof[0] || !v->rowof[1] || dv_sort_rows(v) < 0 || dv_build(v) < 0) {
		diffview_free(v);
		return NULL;
	}
	return v;
}

void diffview_free(struct diffview *v)
{
	if (!v)
		return;
	free(v->lines);
	free(v->edges);
	free(v->order);
	free(v->rowof[0]);
	free(v->rowof[1]);
	free(v);
}

struct pane diffview_make(const struct pane_env *env, int variant)
{
	struct diffview *v = diffview_new(env->base, env->next, env->d);
	(void)variant;
	if (v && env->clock) {  /* the screen's clock, and the order on it */
		v->clock = env->clock;
		if (dv_sort(v, v->sort, v->reverse) < 0) {
			diffview_free(v);
			v = NULL;
		}
	}
	return v ? diffview_pane(v) : (struct pane){NULL, NULL};
}

void diffview_destroy(void *self)
{
	diffview_free(self);
}
