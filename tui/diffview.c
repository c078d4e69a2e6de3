/* diffview.c: the full-screen diff table (see diffview.h). */
#include "diffview.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "names.h"
#include "numfmt.h"
#include "prompt.h"
#include "text.h"

enum dv_kind {
	DV_METHOD, DV_PARENT, DV_SELF, DV_CHILD,
	DV_RPARENT_LABEL, DV_RCHILD_LABEL      /* "... while recursive" */
};

/* One line of the table: a diff row, a parent/child of the selected one
 * with its edge in each run (NULL when the run has no such edge), or the
 * label above the "while recursive" halves. */
struct dv_line {
	enum dv_kind kind;
	uint32_t row;                      /* diff row (DV_METHOD, DV_SELF) */
	const struct prof_edge *edge[2];
	uint32_t method[2];                /* edge ends, per run */
	int rec;                           /* the edges' "while recursive" half */
};

struct diffview {
	const struct diff *d;
	const char *name[2];
	struct color color;
	int ascii;
	int clock;
	uint32_t sel;                      /* selected diff row */
	struct dv_line *lines;
	uint32_t nlines, cursor, top;
	int height;
	uint32_t hist[128];
	int nhist;
	int finding, show_help;
	struct prompt prompt;
	char msg[128];
};

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

/* Adds the edges of both runs, matched by the far end's full name, that
 * have a call in the given half in either run; before the recursive half,
 * a label line when there is any. */
static uint32_t dv_add_edges(struct diffview *v, struct dv_line *out, enum dv_kind kind, int rec,
                             const struct prof_edge *e0, uint32_t n0, const struct prof_edge *e1,
                             uint32_t n1)
{
	uint32_t k = rec;   /* room for the label */
	char a[4200], b[4200];
	uint8_t *used = calloc(n1 + 1, 1);
	if (!used)
		return 0;
	for (uint32_t i = 0; i < n0; i++) {
		struct dv_line l = {kind, 0, {&e0[i], NULL}, {e0[i].method, DIFF_NONE}, rec};
		dv_name(v, 0, e0[i].method, a, sizeof a);
		for (uint32_t j = 0; j < n1 && !l.edge[1]; j++) {
			dv_name(v, 1, e1[j].method, b, sizeof b);
			if (!used[j] && strcmp(a, b) == 0) {
				used[j] = 1;
				l.edge[1] = &e1[j];
				l.method[1] = e1[j].method;
			}
		}
		if (dv_half_calls(l.edge[0], rec) || dv_half_calls(l.edge[1], rec))
			out[k++] = l;
	}
	for (uint32_t j = 0; j < n1; j++)
		if (!used[j] && dv_half_calls(&e1[j], rec))
			out[k++] = (struct dv_line){kind, 0, {NULL, &e1[j]}, {DIFF_NONE, e1[j].method},
			                            rec};
	free(used);
	if (k == (uint32_t)rec)
		return 0;
	if (rec)
		out[0] = (struct dv_line){kind == DV_PARENT ? DV_RPARENT_LABEL : DV_RCHILD_LABEL, 0,
		                          {NULL, NULL}, {DIFF_NONE, DIFF_NONE}, 1};
	return k;
}

static void dv_edges_of(const struct diffview *v, int run, uint32_t m, int parents,
                        const struct prof_edge **e, uint32_t *n)
{
	*e = NULL;
	*n = 0;
	if (m == DIFF_NONE)
		return;
	const struct prof_method *pm = &v->d->run[run]->methods[m];
	*e = parents ? pm->parents : pm->children;
	*n = parents ? pm->nparents : pm->nchildren;
}

static int dv_build(struct diffview *v)
{
	const struct diff *d = v->d;
	const struct diff_row *r = d->nrows ? &d->rows[v->sel] : NULL;
	const struct prof_edge *p0 = NULL, *p1 = NULL, *c0 = NULL, *c1 = NULL;
	uint32_t np0 = 0, np1 = 0, nc0 = 0, nc1 = 0;
	if (r) {
		dv_edges_of(v, 0, r->base, 1, &p0, &np0);
		dv_edges_of(v, 1, r->next, 1, &p1, &np1);
		dv_edges_of(v, 0, r->base, 0, &c0, &nc0);
		dv_edges_of(v, 1, r->next, 0, &c1, &nc1);
	}
	/* Each edge at most twice, two labels and the self line. */
	size_t n = (size_t)d->nrows + 2 * ((size_t)np0 + np1 + nc0 + nc1) + 3;
	struct dv_line *l = realloc(v->lines, n * sizeof *l);
	if (!l)
		return -1;
	v->lines = l;
	uint32_t k = 0;
	for (uint32_t i = 0; i < d->nrows; i++) {
		l[k++] = (struct dv_line){DV_METHOD, i, {NULL, NULL}, {DIFF_NONE, DIFF_NONE}, 0};
		if (i != v->sel)
			continue;
		k += dv_add_edges(v, l + k, DV_PARENT, 0, p0, np0, p1, np1);
		k += dv_add_edges(v, l + k, DV_PARENT, 1, p0, np0, p1, np1);
		l[k++] = (struct dv_line){DV_SELF, i, {NULL, NULL}, {DIFF_NONE, DIFF_NONE}, 0};
		k += dv_add_edges(v, l + k, DV_CHILD, 0, c0, nc0, c1, nc1);
		k += dv_add_edges(v, l + k, DV_CHILD, 1, c0, nc0, c1, nc1);
	}
	v->nlines = k;
	return 0;
}

static uint32_t dv_line_of(const struct diffview *v, uint32_t row)
{
	for (uint32_t i = 0; i < v->nlines; i++)
		if (v->lines[i].kind == DV_METHOD && v->lines[i].row == row)
			return i;
	return 0;
}

static void dv_select(struct diffview *v, uint32_t row)
{
	v->sel = row;
	dv_build(v);
	v->cursor = dv_line_of(v, row);
}

static void dv_move(struct diffview *v, int64_t delta)
{
	int64_t c = (int64_t)v->cursor + delta;
	if (c < 0)
		c = 0;
	if (c >= (int64_t)v->nlines)
		c = v->nlines ? (int64_t)v->nlines - 1 : 0;
	if (v->nlines && v->lines[c].kind == DV_METHOD && v->lines[c].row != v->sel)
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

static void dv_jump(struct diffview *v)
{
	const struct dv_line *l = &v->lines[v->cursor];
	if (l->kind != DV_PARENT && l->kind != DV_CHILD) {
		snprintf(v->msg, sizeof v->msg, "Enter jumps from a parent or child row");
		return;
	}
	uint32_t row = dv_row_named(v, l);
	if (row == DIFF_NONE) {
		snprintf(v->msg, sizeof v->msg, "(toplevel) is not a method");
		return;
	}
	if (v->nhist < (int)(sizeof v->hist / sizeof *v->hist))
		v->hist[v->nhist++] = v->sel;
	dv_select(v, row);
}

static void dv_find(struct diffview *v)
{
	char name[4200];
	for (uint32_t i = 0; i < v->d->nrows; i++) {
		const struct diff_row *r = &v->d->rows[i];
		int run = r->base != DIFF_NONE ? 0 : 1;
		dv_name(v, run, run ? r->next : r->base, name, sizeof name);
		if (strstr(name, v->prompt.text)) {
			dv_select(v, i);
			v->msg[0] = '\0';
			return;
		}
	}
	snprintf(v->msg, sizeof v->msg, "no match");
}

/* ------------------------------------------------------------ keys */

int diffview_key(struct diffview *v, int ch)
{
	v->msg[0] = '\0';
	if (v->show_help) {
		v->show_help = 0;
		return ch == 'q';
	}
	if (v->finding) {
		enum prompt_result r = prompt_key(&v->prompt, ch);
		if (r == PROMPT_CHANGED && v->prompt.len)
			dv_find(v);
		v->finding = r != PROMPT_ACCEPT && r != PROMPT_CANCEL;
		return 0;
	}
	int page = v->height > 1 ? v->height - 1 : 1;
	switch (ch) {
	case 'q': case 3: return 1;
	case KEY_UP: case 'k': dv_move(v, -1); break;
	case KEY_DOWN: case 'j': dv_move(v, 1); break;
	case KEY_PPAGE: dv_move(v, -page); break;
	case KEY_NPAGE: dv_move(v, page); break;
	case 'g': case KEY_HOME: dv_move(v, -(int64_t)v->nlines); break;
	case 'G': case KEY_END: dv_move(v, (int64_t)v->nlines); break;
	case '\n': case '\r': case KEY_ENTER: dv_jump(v); break;
	case KEY_BACKSPACE: case 127: case 8: case '[':
		if (v->nhist)
			dv_select(v, v->hist[--v->nhist]);
		break;
	case 'c':
		if (dv_tr(v, 0)->has_clock[!v->clock] && dv_tr(v, 1)->has_clock[!v->clock])
			v->clock = !v->clock;
		else
			snprintf(v->msg, sizeof v->msg, "both traces need both clocks for that");
		break;
	case '/': v->finding = 1; prompt_set(&v->prompt, ""); break;
	case '?': case KEY_F(1): v->show_help = 1; break;
	default: break;
	}
	return 0;
}

/* ------------------------------------------------------------ drawing */

/* The change in % of base ("+12.5%"), or what a missing side means. */
static void dv_pct(char *buf, size_t n, uint64_t base, uint64_t next, int has_base, int has_next)
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
 * (wider: "calls+recursive>calls+recursive" on method lines). */
#define DV_NUM_W 11
#define DV_CALLS_W 15
#define DV_COLS 7
#define DV_NUMS_W ((DV_COLS - 1) * (DV_NUM_W + 1) + DV_CALLS_W + 1)

static void dv_cells_method(const struct diffview *v, const struct diff_row *r,
                            char cells[DV_COLS][40])
{
	int c = v->clock, hb = r->base != DIFF_NONE, hn = r->next != DIFF_NONE;
	numfmt_ms_change(cells[0], 40, r->excl[0][c], r->excl[1][c]);
	dv_pct(cells[1], 40, r->excl[0][c], r->excl[1][c], hb, hn);
	numfmt_ms(cells[2], 40, r->excl[0][c]);
	numfmt_ms(cells[3], 40, r->excl[1][c]);
	numfmt_ms(cells[4], 40, r->incl[0][c]);
	numfmt_ms(cells[5], 40, r->incl[1][c]);
	snprintf(cells[6], 40, "%llu+%llu>%llu+%llu", (unsigned long long)r->calls[0],
	         (unsigned long long)r->rcalls[0], (unsigned long long)r->calls[1],
	         (unsigned long long)r->rcalls[1]);
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
	int c = v->clock;
	for (int k = 0; k < DV_COLS; k++)
		cells[k][0] = '\0';
	if (l->kind == DV_RPARENT_LABEL || l->kind == DV_RCHILD_LABEL)
		return;
	uint64_t i0 = dv_half_incl(l->edge[0], l->rec, c), i1 = dv_half_incl(l->edge[1], l->rec, c);
	/* An edge only in the other half in one run is 0 there, not new. */
	int h0 = dv_half_calls(l->edge[0], l->rec) > 0, h1 = dv_half_calls(l->edge[1], l->rec) > 0;
	numfmt_ms_change(cells[0], 40, i0, i1);
	dv_pct(cells[1], 40, i0, i1, h0, h1);
	numfmt_ms(cells[4], 40, i0);
	numfmt_ms(cells[5], 40, i1);
	snprintf(cells[6], 40, "%llu>%llu", (unsigned long long)dv_half_calls(l->edge[0], l->rec),
	         (unsigned long long)dv_half_calls(l->edge[1], l->rec));
}

static void dv_line_name(const struct diffview *v, const struct dv_line *l, int w, char *buf,
                         size_t n)
{
	const struct diff_row *r = &v->d->rows[l->row];
	const char *mark = "";
	char name[4200];
	int run, mw, nw;
	uint32_t m;
	switch (l->kind) {
	case DV_PARENT: mark = v->ascii ? "  < " : "  \xE2\x96\xB2 "; break;
	case DV_CHILD: mark = v->ascii ? "  > " : "  \xE2\x96\xBC "; break;
	case DV_SELF: case DV_RPARENT_LABEL: case DV_RCHILD_LABEL: mark = "    "; break;
	case DV_METHOD:
		mark = r->base == DIFF_NONE ? "+ " : r->next == DIFF_NONE ? "- " : "  ";
		break;
	}
	mw = text_width(mark);
	if (l->kind == DV_SELF) {
		nw = text_fit("self (excl, columns as above)", w - mw, v->ascii, name, sizeof name);
	} else if (l->kind == DV_RPARENT_LABEL || l->kind == DV_RCHILD_LABEL) {
		nw = text_fit(l->kind == DV_RPARENT_LABEL ? "parents while recursive"
		                                          : "children while recursive",
		              w - mw, v->ascii, name, sizeof name);
	} else {
		run = l->kind == DV_METHOD ? (r->base != DIFF_NONE ? 0 : 1)
		                           : (l->method[0] != DIFF_NONE ? 0 : 1);
		m = l->kind == DV_METHOD ? (run ? r->next : r->base) : l->method[run];
		nw = names_method(dv_tr(v, run), m, w - mw, v->ascii, name, sizeof name);
	}
	snprintf(buf, n, "%s%s", mark, name);
	text_pad(buf, n, mw + nw, w);
}

static void dv_draw_line(struct diffview *v, int y, const struct dv_line *l, int w)
{
	char cells[DV_COLS][40], name[4300];
	int name_w = w - DV_NUMS_W;
	attr_t a = A_NORMAL;
	if (l->kind == DV_METHOD || l->kind == DV_SELF)
		dv_cells_method(v, &v->d->rows[l->row], cells);
	else
		dv_cells_edge(v, l, cells);
	if (l->kind == DV_PARENT || l->kind == DV_RPARENT_LABEL)
		a = v->color.role[ROLE_PARENT];
	else if (l->kind == DV_CHILD || l->kind == DV_RCHILD_LABEL)
		a = v->color.role[ROLE_CHILD];
	else if (l->kind == DV_SELF)
		a = v->color.role[ROLE_SELF];
	else if (l->row == v->sel)
		a = A_BOLD;
	if ((uint32_t)(y - 1) + v->top == v->cursor)
		a = v->color.role[ROLE_SELECTED];
	dv_line_name(v, l, name_w, name, sizeof name);
	attrset(a);
	mvaddstr(y, 0, name);
	for (int k = 0; k < DV_COLS; k++)
		printw(" %*s", k == DV_COLS - 1 ? DV_CALLS_W : DV_NUM_W, cells[k]);
	int cy, cx;
	getyx(stdscr, cy, cx);
	(void)cy;
	for (; cx < w; cx++)
		addch(' ');
	attrset(A_NORMAL);
}

static void dv_fill(struct diffview *v, int y, const char *s, attr_t a)
{
	char fit[1200];
	int w = text_fit(s, COLS, v->ascii, fit, sizeof fit);
	text_pad(fit, sizeof fit, w, COLS);
	attrset(a);
	mvaddstr(y, 0, fit);
	attrset(A_NORMAL);
}

static void dv_draw_help(struct diffview *v)
{
	static const char *const lines[] = {
		"Up/Down j/k PgUp/PgDn g/G   move; the selected method shows its parents",
		"                            and children of both runs side by side",
		"Enter    on a parent or child: select that method      Backspace [  back",
		"c        switch the clock (CPU / real) when both runs have both",
		"/        find a method by name                         q  quit",
		"Columns: change of exclusive time, its %, exclusive base and new,",
		"inclusive base and new, calls+recursive calls base>new. + added,",
		"- removed. Parent and child rows: the change of the edge's inclusive",
		"time, its inclusive time in each run, and its calls in each run;",
		"plain first, then under \"while recursive\": parents of its recursive",
		"calls, and children called from its recursive calls.",
	};
	int n = (int)(sizeof lines / sizeof *lines);
	for (int i = 0; i < n && i + 3 < LINES; i++)
		dv_fill(v, 3 + i, lines[i], v->color.role[ROLE_SELF]);
}

void diffview_draw(struct diffview *v)
{
	char line[1300], b0[600], b1[600];
	if (COLS < 80 || LINES < 24) {
		erase();
		mvprintw(0, 0, "traceview needs at least 80x24 (this is %dx%d)", COLS, LINES);
		refresh();
		return;
	}
	const char *n0 = strrchr(v->name[0], '/'), *n1 = strrchr(v->name[1], '/');
	n0 = n0 && n0[1] ? n0 + 1 : v->name[0];
	n1 = n1 && n1[1] ? n1 + 1 : v->name[1];
	text_escape(n0, strlen(n0), v->ascii, b0, sizeof b0);
	text_escape(n1, strlen(n1), v->ascii, b1, sizeof b1);
	snprintf(line, sizeof line, " diff  %s %s %s  |  %u methods  |  clock %s  |  times in ms",
	         b0, v->ascii ? "->" : "\xE2\x86\x92", b1, v->d->nrows,
	         v->clock == TV_CPU ? "cpu" : "wall");
	dv_fill(v, 0, line, v->color.role[ROLE_HEADER]);
	int w = COLS, name_w = w - DV_NUMS_W;
	snprintf(line, sizeof line, "%-*s %*s %*s %*s %*s %*s %*s %*s", name_w, "Name", DV_NUM_W,
	         "Chg Excl", DV_NUM_W, "Chg %", DV_NUM_W, "Base Excl", DV_NUM_W, "New Excl", DV_NUM_W,
	         "Base Incl", DV_NUM_W, "New Incl", DV_CALLS_W, "Calls+Rec B>N");
	dv_fill(v, 1, line, v->color.role[ROLE_TITLE]);
	v->height = LINES - 3;
	if (v->cursor < v->top)
		v->top = v->cursor;
	if (v->cursor >= v->top + (uint32_t)v->height)
		v->top = v->cursor - (uint32_t)v->height + 1;
	for (int y = 0; y < v->height; y++) {
		uint32_t i = v->top + (uint32_t)y;
		if (i < v->nlines)
			dv_draw_line(v, y + 2, &v->lines[i], w);
		else
			dv_fill(v, y + 2, "", A_NORMAL);
	}
	if (v->show_help)
		dv_draw_help(v);
	if (v->finding)
		snprintf(line, sizeof line, " /%s   %s   Enter keep  Esc cancel", v->prompt.text, v->msg);
	else
		snprintf(line, sizeof line, " %s%s? help  q quit  Enter jump  [ back  c clock  / find",
		         v->msg, v->msg[0] ? "  |  " : "");
	dv_fill(v, LINES - 1, line, v->color.role[ROLE_HEADER]);
	refresh();
}

struct diffview *diffview_new(const char *base, const char *next, const struct diff *d,
                              int color, int ascii)
{
	struct diffview *v = calloc(1, sizeof *v);
	if (!v)
		return NULL;
	v->d = d;
	v->name[0] = base;
	v->name[1] = next;
	v->ascii = ascii;
	v->clock = d->clock;
	color_init(&v->color, color);
	if (dv_build(v) < 0) {
		free(v);
		return NULL;
	}
	return v;
}

void diffview_free(struct diffview *v)
{
	if (!v)
		return;
	free(v->lines);
	free(v);
}
