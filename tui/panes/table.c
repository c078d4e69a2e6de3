/* table.c: the profile table pane (see table.h). */
#include "panes/table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "panes/tablecols.h"
#include "panes/panetext.h"
#include "session/session.h"
#include "base/grow.h"
#include "draw/names.h"
#include "draw/units.h"
#include "draw/text.h"

#define TC_NAME_MIN 24

/* ------------------------------------------------------------ model */

struct tc_sortrec {
	uint64_t key;
	char *name;
	uint32_t m;
	int reverse;
};

static int tc_sortrec_cmp(const void *a, const void *b)
{
	const struct tc_sortrec *x = a, *y = b;
	int c;
	if (x->name)
		c = strcmp(x->name, y->name);
	else
		c = x->key > y->key ? -1 : x->key < y->key;
	if (x->reverse)
		c = -c;
	return c ? c : (x->m > y->m) - (x->m < y->m);
}

static int tc_build_order(struct table *t)
{
	const struct profile *p = t->p;
	struct tc_sortrec *r = calloc((size_t)p->norder + 1, sizeof *r);
	uint32_t *order = malloc(((size_t)p->norder + 1) * sizeof *order);
	int rc = -1;
	if (!r || !order)
		goto out;
	/* r[] is zeroed: the names freed below are those made. */
	uint32_t n = 0;
	for (uint32_t i = 0; i < p->norder; i++) {
		if (t->keep && !t->keep[p->order[i]])
			continue;
		r[n].m = p->order[i];
		r[n].reverse = t->reverse;
		if (t->sort == TC_NAME) {
			char buf[4200];
			names_full(p->tr, p->order[i], buf, sizeof buf);
			r[n].name = strdup(buf);
			if (!r[n++].name)
				goto out;
		} else {
			r[n++].key = tablecols_key(p, p->order[i], t->sort);
		}
	}
	qsort(r, n, sizeof *r, tc_sortrec_cmp);
	order[0] = PROF_TOPLEVEL;
	for (uint32_t i = 0; i < n; i++)
		order[i + 1] = r[i].m;
	free(t->order);
	t->order = order;
	t->norder = n + 1;
	order = NULL;
	rc = 0;
out:
	if (r)
		for (uint32_t i = 0; i < p->norder; i++)
			free(r[i].name);
	free(r);
	free(order);
	return rc;
}

/* The parents and children of method m, where the rows point: read into
 * t->edges (profile_list_edges()); -1 when out of memory. */
static int tc_edges(struct table *t, uint32_t m, const struct prof_edge **par, uint32_t *npar,
                    const struct prof_edge **chi, uint32_t *nchi)
{
	static const struct prof_list none;
	const struct profile *p = t->p;
	const struct prof_list *lp = m == PROF_TOPLEVEL ? &none : &p->methods[m].parents;
	const struct prof_list *lc = m == PROF_TOPLEVEL ? &p->top_children : &p->methods[m].children;
	if (grow_to((void **)&t->edges, &t->edges_cap, (size_t)lp->n + lc->n + 1,
	            sizeof *t->edges) < 0)
		return -1;
	*par = profile_list_edges(lp, t->edges);
	*npar = lp->n;
	*chi = profile_list_edges(lc, t->edges + lp->n);
	*nchi = lc->n;
	return 0;
}

/* Parents and children follow the table's time base, largest first (the
 * half the row shows); ties keep the profile's order. */
static int tc_edge_cmp(const struct table_row *x, const struct table_row *y, int clk)
{
	uint64_t ix = x->mark.rec ? x->edge->rincl[clk] : x->edge->incl[clk];
	uint64_t iy = y->mark.rec ? y->edge->rincl[clk] : y->edge->incl[clk];
	if (ix != iy)
		return ix > iy ? -1 : 1;
	return (x->edge > y->edge) - (x->edge < y->edge);
}

static int tc_edge_cpu_cmp(const void *a, const void *b)
{
	return tc_edge_cmp(a, b, TV_CPU);
}

static int tc_edge_wall_cmp(const void *a, const void *b)
{
	return tc_edge_cmp(a, b, TV_WALL);
}

/* Appends the rows of one half of the edges (those with a call in that
 * half), sorted, cut or closed as a section (sections.h). Returns the new
 * row count. */
static uint32_t tc_add_edges(const struct table *t, struct table_row *rows, uint32_t k,
                             enum sections_kind kind, const struct prof_edge *e, uint32_t n,
                             int rec)
{
	static const struct table_row blank = {{SECTIONS_METHOD, 0, 0, 0, 0}, PROF_TOPLEVEL, NULL};
	uint32_t first = k + (rec ? 1 : 0);  /* room for the label */
	k = first;
	for (uint32_t j = 0; j < n; j++)
		if (rec ? e[j].rcalls : e[j].calls)
			rows[k++] = (struct table_row){{kind, 0, rec, 0, 0}, e[j].method, &e[j]};
	if (k - first > 1)
		qsort(rows + first, k - first, sizeof *rows,
		      t->clock == TV_WALL ? tc_edge_wall_cmp : tc_edge_cpu_cmp);
	return sections_close(rows, sizeof *rows, first, k, kind, rec, t->open, &blank);
}

/* Rows: every method, the selected one followed by its expansion. */
static int tc_build_rows(struct table *t)
{
	const struct prof_edge *par, *chi;
	uint32_t npar, nchi;
	if (tc_edges(t, t->sel, &par, &npar, &chi, &nchi) < 0)
		return -1;
	/* Each edge at most twice, two labels, four more/fewer rows and the
	 * self row. */
	size_t n = (size_t)t->norder + 2 * ((size_t)npar + nchi) + 7;
	if (grow_to((void **)&t->rows, &t->rows_cap, n, sizeof *t->rows) < 0)
		return -1;
	struct table_row *rows = t->rows;
	uint32_t k = 0;
	for (uint32_t i = 0; i < t->norder; i++) {
		uint32_t m = t->order[i];
		rows[k++] = (struct table_row){{SECTIONS_METHOD, 0, 0, m == t->sel, 0}, m, NULL};
		if (m != t->sel)
			continue;
		k = tc_add_edges(t, rows, k, SECTIONS_PARENT, par, npar, 0);
		k = tc_add_edges(t, rows, k, SECTIONS_PARENT, par, npar, 1);
		rows[k++] = (struct table_row){{SECTIONS_SELF, 0, 0, 0, 0}, m, NULL};
		k = tc_add_edges(t, rows, k, SECTIONS_CHILD, chi, nchi, 0);
		k = tc_add_edges(t, rows, k, SECTIONS_CHILD, chi, nchi, 1);
	}
	t->nrows = k;
	return 0;
}

static uint32_t tc_row_of(const struct table *t, uint32_t m)
{
	for (uint32_t r = 0; r < t->nrows; r++)
		if (t->rows[r].mark.kind == SECTIONS_METHOD && t->rows[r].method == m)
			return r;
	return UINT32_MAX;
}

static int tc_in_profile(const struct profile *p, uint32_t m)
{
	return m == PROF_TOPLEVEL ||
	       (m < p->tr->nmethods && p->methods[m].calls + p->methods[m].rcalls > 0);
}

int table_select(struct table *t, uint32_t m)
{
	if (!tc_in_profile(t->p, m) || (t->keep && m != PROF_TOPLEVEL && !t->keep[m]))
		return -1;
	if (m != t->sel)
		t->open = 0;
	t->sel = m;
	if (tc_build_rows(t) < 0)
		return -1;
	t->cursor = tc_row_of(t, m);
	if (t->cursor == UINT32_MAX)
		t->cursor = 0;
	return 0;
}

int table_init(struct table *t, const struct profile *p, int clock)
{
	memset(t, 0, sizeof *t);
	t->p = p;
	t->clock = clock;
	t->sort = clock == TV_WALL ? TC_INCL_REAL : TC_INCL_CPU;
	t->sel = PROF_TOPLEVEL;
	if (tc_build_order(t) < 0)
		return -1;
	/* The first method in this table's order, with (toplevel) above it. */
	return table_select(t, t->norder > 1 ? t->order[1] : PROF_TOPLEVEL);
}

static void tc_free_names(struct table *t)
{
	if (!t->names)
		return;
	for (uint32_t i = 0; i <= t->p->tr->nmethods; i++)
		free(t->names[i]);
	free(t->names);
	t->names = NULL;
}

void table_free(struct table *t)
{
	if (t->p)
		tc_free_names(t);
	free(t->keep);
	t->keep = NULL;
	free(t->order);
	free(t->rows);
	free(t->edges);
	t->order = NULL;
	t->rows = NULL;
	t->rows_cap = 0;
	t->edges = NULL;
	t->edges_cap = 0;
}

void table_release(struct table *t)
{
	tc_free_names(t);
	t->p = NULL;
}

int table_set_profile(struct table *t, const struct profile *p)
{
	uint32_t keep = t->sel;
	if (t->p && t->p->tr != p->tr)
		tc_free_names(t);
	if (!t->p || t->p->tr != p->tr) {
		/* A filter is by the old trace's method indices, which a new
		 * trace (a step's) may outnumber: the caller filters again. */
		free(t->keep);
		t->keep = NULL;
	}
	t->p = p;
	if (tc_build_order(t) < 0)
		return -1;
	if (table_select(t, keep) == 0)
		return 0;
	return table_select(t, t->norder > 1 ? t->order[1] : PROF_TOPLEVEL);
}

int table_sort(struct table *t, enum table_col col, int reverse)
{
	/* The time base stays: only c changes it (and with it the columns). */
	t->sort = col;
	t->reverse = reverse;
	if (tc_build_order(t) < 0)
		return -1;
	return table_select(t, t->sel);
}

int table_move(struct table *t, int64_t delta)
{
	if (!t->nrows)
		return 0;
	int64_t r = (int64_t)t->cursor + delta;
	if (r < 0)
		r = 0;
	if (r >= (int64_t)t->nrows)
		r = (int64_t)t->nrows - 1;
	return table_click(t, (uint32_t)r);
}

int table_click(struct table *t, uint32_t r)
{
	if (r >= t->nrows)
		r = t->nrows ? t->nrows - 1 : 0;
	const struct table_row *row = &t->rows[r];
	if (row->mark.kind == SECTIONS_METHOD && row->method != t->sel)
		return table_select(t, row->method);
	t->cursor = r;
	return 0;
}

uint32_t table_jump_target(const struct table *t)
{
	if (t->cursor >= t->nrows)
		return TABLE_NO_JUMP;
	const struct table_row *row = &t->rows[t->cursor];
	if (row->mark.kind != SECTIONS_PARENT && row->mark.kind != SECTIONS_CHILD)
		return TABLE_NO_JUMP;
	return row->method;
}

int table_toggle_section(struct table *t)
{
	uint32_t at = t->cursor;
	int sect = sections_toggle(t->rows, sizeof *t->rows, t->nrows, at, &t->open);
	if (!sect)
		return 0;
	if (tc_build_rows(t) < 0)
		return 1;
	t->cursor = sections_cursor(t->rows, sizeof *t->rows, t->nrows, at, sect - 1, t->open);
	return 1;
}

int table_section_step(struct table *t, int dir)
{
	return sections_step(t->rows, sizeof *t->rows, t->nrows, &t->cursor, dir);
}

/* ------------------------------------------------------------ columns */

static int tc_col_shown(const struct table *t, enum table_col col, const int *dropped)
{
	int clk = tablecols_clock(col);
	const struct trace *tr = t->p->tr;
	if (clk == TABLECOLS_BOTH && !(tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL]))
		return 0;
	if (clk >= 0 && clk != TABLECOLS_BOTH && !tr->has_clock[clk])
		return 0;
	return !dropped[col];
}

/* Which columns fit in width: the least useful go first, the time base's
 * inclusive time last, and the name keeps at least TC_NAME_MIN columns. */
static void tc_layout(const struct table *t, int width, int *shown, int *name_w)
{
	int base = t->clock, other = !t->clock;
	int pct[2] = {TC_INCL_CPU_PCT, TC_INCL_REAL_PCT};
	int epct[2] = {TC_EXCL_CPU_PCT, TC_EXCL_REAL_PCT}, exc[2] = {TC_EXCL_CPU, TC_EXCL_REAL};
	int per[2] = {TC_CPU_CALL, TC_REAL_CALL};
	/* The time base's incl and excl and the other clock's incl stay. */
	const int drop[] = {TC_EXCL_WAIT, TC_INCL_WAIT, per[other], per[base], epct[other],
	                    pct[other], epct[base],
	                    exc[other], TC_CALLS, pct[base]};
	int dropped[TC_COUNT] = {0};
	size_t nd = 0;
	for (;;) {
		int used = 0;
		for (int c = 1; c < TC_COUNT; c++)
			if (tc_col_shown(t, c, dropped))
				used += tablecols_width(c) + 1;
		int room = width - used - 1;
		int want = width / 3 > TC_NAME_MIN ? width / 3 : TC_NAME_MIN;
		if (room >= want || nd == sizeof drop / sizeof *drop) {
			*name_w = room > 1 ? room : 1;
			break;
		}
		dropped[drop[nd++]] = 1;
	}
	for (int c = 0; c < TC_COUNT; c++)
		shown[c] = c == TC_NAME || tc_col_shown(t, c, dropped);
}

enum table_col table_sort_step(const struct table *t, int dir, int width)
{
	int shown[TC_COUNT], name_w;
	tc_layout(t, width, shown, &name_w);
	/* The next shown column that way; at either end, stay. */
	for (int c = (int)t->sort + dir; c >= 0 && c < TC_COUNT; c += dir)
		if (shown[c])
			return c;
	return t->sort;
}

/* ------------------------------------------------------------ cells */

/* Numbers of a parent, self or child row: incl and % of the selected
 * method's incl, and calls on the edge out of the relevant total (all
 * calls of the selected method for a parent, of the child for a child),
 * each of the half the row shows. Label rows have none. */
static void tc_rel_cell(const struct table *t, const struct table_row *r, enum table_col col,
                        char *buf, size_t n)
{
	const struct profile *p = t->p;
	int clk = tablecols_clock(col);
	buf[0] = '\0';
	if (clk == TABLECOLS_BOTH)
		return;  /* waits show on method rows only */
	uint64_t whole = t->sel == PROF_TOPLEVEL ? p->top_incl[clk < 0 ? 0 : clk]
	                                         : p->methods[t->sel].incl[clk < 0 ? 0 : clk];
	uint64_t v;
	enum sections_kind kind = r->mark.kind;
	if (kind != SECTIONS_PARENT && kind != SECTIONS_CHILD && kind != SECTIONS_SELF)
		return;
	if (col == TC_CALLS && r->edge) {
		uint64_t total = r->mark.kind == SECTIONS_PARENT ? tablecols_calls(p, t->sel)
		                                       : tablecols_calls(p, r->method);
		snprintf(buf, n, "%llu/%llu",
		         (unsigned long long)(r->mark.rec ? r->edge->rcalls : r->edge->calls),
		         (unsigned long long)total);
		return;
	}
	if (col != TC_INCL_CPU && col != TC_INCL_REAL && col != TC_INCL_CPU_PCT &&
	    col != TC_INCL_REAL_PCT)
		return;
	if (r->mark.kind == SECTIONS_SELF)
		v = t->sel == PROF_TOPLEVEL ? p->top_excl[clk] : p->methods[t->sel].excl[clk];
	else
		v = r->mark.rec ? r->edge->rincl[clk] : r->edge->incl[clk];
	if (col == TC_INCL_CPU || col == TC_INCL_REAL)
		units_cell(p->tr, buf, n, v);
	else
		tablecols_pct(buf, n, v, whole);
}

/* ------------------------------------------------------------ drawing */

static attr_t tc_row_attr(const struct table *t, const struct table_row *r, const struct color *c,
                          int is_cursor, int focused)
{
	(void)t;
	if (is_cursor)
		return focused ? c->role[ROLE_SELECTED] : c->role[ROLE_SELECTED] & ~A_BOLD;
	return sections_attr(&r->mark, c);
}

/* The name cell: a marker for the row's role, then the fitted name. */
static void tc_name_cell(const struct table *t, const struct table_row *r, int w, int ascii,
                         char *buf, size_t n)
{
	char sym[16], words[96], name[4200];
	const char *mark = sections_marker(r->mark.kind, ascii, sym, sizeof sym);
	if (!mark)
		mark = "";
	int mw = text_width(mark), nw;
	if (r->mark.kind == SECTIONS_SELF)
		nw = text_fit("self", w - mw, ascii, name, sizeof name);
	else if (sections_words(&r->mark, ascii, words, sizeof words))
		nw = text_fit(words, w - mw, ascii, name, sizeof name);
	else
		nw = names_method(t->p->tr, r->method, w - mw, ascii, name, sizeof name);
	snprintf(buf, n, "%s%s", mark, name);
	text_pad(buf, n, mw + nw, w);
}

/* The Name column's title: "Name" and, when the rows are sorted by
 * another column, that column and its clock, in as many words as fit
 * (the view starts sorted by CPU time, -r and the trees by wall time:
 * docs/cli.md). */
static void tc_name_title(const struct table *t, int name_w, const char *arrow, char *cell,
                          size_t n)
{
	static const char *const clock[] = {"CPU clock", "wall clock", "wall less CPU"};
	int k = tablecols_clock(t->sort);
	const char *col = tablecols_title(t->p->tr, t->sort);
	/* a trace without time has one axis, of events: no clock to name */
	const char *ck = k >= 0 && !trace_is_sequence(t->p->tr) ? clock[k] : NULL;
	char form[3][128];
	snprintf(cell, n, "Name%s%s", arrow[0] ? " " : "", arrow);
	if (t->sort == TC_NAME)
		return;
	snprintf(form[0], sizeof form[0], "Name (sorted by %s%s%s)", col, ck ? ", " : "", ck ? ck : "");
	snprintf(form[1], sizeof form[1], "Name (by %s%s%s)", col, ck ? ", " : "", ck ? ck : "");
	snprintf(form[2], sizeof form[2], "Name (by %s)", col);
	for (int i = 0; i < 3; i++)
		if (text_width(form[i]) < name_w) {
			snprintf(cell, n, "%s", form[i]);
			return;
		}
}

static void tc_draw_title(const struct table *t, WINDOW *win, const struct color *c,
                          const int *shown, int name_w, int ascii)
{
	char cell[4300];  /* the Name title is padded to the name's width */
	wattrset(win, c->role[ROLE_TITLE]);
	wmove(win, 0, 0);
	for (int col = 0; col < TC_COUNT; col++) {
		if (!shown[col])
			continue;
		const char *arrow = t->sort != (enum table_col)col ? ""
		                    : draw_sym(t->reverse ? SYM_SORT_UP : SYM_SORT_DOWN, ascii);
		/* The marker apart from the title: "Incl Cpu v", not "Cpuv". */
		snprintf(cell, sizeof cell, "%s%s%s", tablecols_title(t->p->tr, col), arrow[0] ? " " : "",
		         arrow);
		if (col == TC_NAME) {
			tc_name_title(t, name_w, arrow, cell, sizeof cell);
			text_pad(cell, sizeof cell, text_width(cell), name_w);
			waddstr(win, cell);
		} else {
			wprintw(win, " %*s", tablecols_width(col) + (int)strlen(cell) - text_width(cell),
			        cell);
		}
	}
	wclrtoeol(win);
	wattrset(win, A_NORMAL);
}

static void tc_draw_row(const struct table *t, WINDOW *win, int y, const struct table_row *r,
                        attr_t attr, const int *shown, int name_w, int ascii)
{
	char cell[4300];
	wattrset(win, attr);
	wmove(win, y, 0);
	for (int col = 0; col < TC_COUNT; col++) {
		if (!shown[col])
			continue;
		if (col == TC_NAME) {
			tc_name_cell(t, r, name_w, ascii, cell, sizeof cell);
			waddstr(win, cell);
			continue;
		}
		if (r->mark.kind == SECTIONS_METHOD)
			tablecols_cell(t->p, r->method, col, cell, sizeof cell);
		else
			tc_rel_cell(t, r, col, cell, sizeof cell);
		wprintw(win, " %*s", tablecols_width(col), cell);
	}
	/* Fill the rest of the line in the row's colour. */
	int cy, cx, h, w;
	getyx(win, cy, cx);
	getmaxyx(win, h, w);
	(void)h;
	(void)cy;
	for (; cx < w; cx++)
		waddch(win, ' ');
	wattrset(win, A_NORMAL);
}

/* The status line at the bottom: the selected method's full name, wrapped
 * over as many rows as it needs, up to a quarter of the pane (the last
 * row then cuts). Returns the rows it took. */
static int tc_draw_status(const struct table *t, WINDOW *win, const struct color *c, int ascii,
                          int h)
{
	char line[4300];
	line[0] = ' ';
	names_method(t->p->tr, t->sel, 1 << 20, ascii, line + 1, sizeof line - 1);
	int most = (h - 1) / 4 > 1 ? (h - 1) / 4 : 1;
	int rows = text_rows(line, getmaxx(win));
	rows = rows < most ? rows : most;
	if (h < 3)
		return 0;
	return draw_wrapped(win, h - rows, rows, line, c->role[ROLE_TITLE], ascii);
}

void table_draw(struct table *t, WINDOW *win, const struct color *c, int ascii, int focused)
{
	int h, w, shown[TC_COUNT], name_w;
	getmaxyx(win, h, w);
	t->width = w;
	tc_layout(t, w, shown, &name_w);
	tc_draw_title(t, win, c, shown, name_w, ascii);
	int srows = tc_draw_status(t, win, c, ascii, h);
	t->height = h - 1 - srows > 0 ? h - 1 - srows : 1;
	if (t->cursor < t->top)
		t->top = t->cursor;
	if (t->cursor >= t->top + (uint32_t)t->height)
		t->top = t->cursor - (uint32_t)t->height + 1;
	/* On the selected method's row, show its expansion below it too, as
	 * much as fits (after a find, n, N or G it would be off screen). */
	if (t->cursor < t->nrows && t->rows[t->cursor].mark.kind == SECTIONS_METHOD) {
		uint32_t end = t->cursor + 1;
		while (end < t->nrows && t->rows[end].mark.kind != SECTIONS_METHOD)
			end++;
		if (end > t->top + (uint32_t)t->height) {
			uint32_t want = end - (uint32_t)t->height;
			t->top = want < t->cursor ? want : t->cursor;
		}
	}
	for (int y = 0; y < t->height; y++) {
		uint32_t r = t->top + (uint32_t)y;
		if (r >= t->nrows) {
			wmove(win, y + 1, 0);
			wclrtoeol(win);
			continue;
		}
		attr_t a = tc_row_attr(t, &t->rows[r], c, r == t->cursor, focused);
		tc_draw_row(t, win, y + 1, &t->rows[r], a, shown, name_w, ascii);
	}
}

/* ------------------------------------------------------------ pane */

void table_set_clock(struct table *t, int clock)
{
	if (clock == t->clock)
		return;
	enum table_col col = tablecols_twin(t->sort);
	t->clock = clock;
	if (col == TC_NAME || col == TC_CALLS)
		col = t->clock == TV_WALL ? TC_INCL_REAL : TC_INCL_CPU;
	table_sort(t, col, t->reverse);
}

static void tc_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	table_draw(self, win, ctx->color, ctx->ascii, ctx->focused);
}

static enum pane_res tc_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	struct table *t = self;
	int page = t->height > 1 ? t->height - 1 : 1;
	(void)ctx;
	switch (a) {
	case ACT_UP: table_move(t, -1); break;
	case ACT_DOWN: table_move(t, 1); break;
	case ACT_PGUP: table_move(t, -page); break;
	case ACT_PGDN: table_move(t, page); break;
	case ACT_TOP: table_move(t, -(int64_t)t->nrows); break;
	case ACT_BOTTOM: table_move(t, (int64_t)t->nrows); break;
	case ACT_JUMP:
		if (table_toggle_section(t))
			break;
		out->target = table_jump_target(t);
		if (out->target != TABLE_NO_JUMP)
			return PANE_JUMP;
		snprintf(out->msg, sizeof out->msg, "Enter jumps from a parent or child row");
		break;
	case ACT_SORT_PREV: case ACT_SORT_NEXT:
		table_sort(t, table_sort_step(t, a == ACT_SORT_NEXT ? 1 : -1, t->width), t->reverse);
		break;
	case ACT_SORT_REVERSE: table_sort(t, t->sort, !t->reverse); break;
	case ACT_SECTION_PREV: case ACT_SECTION_NEXT:
		if (table_section_step(t, a == ACT_SECTION_NEXT ? 1 : -1) < 0)
			snprintf(out->msg, sizeof out->msg, "%s", a == ACT_SECTION_NEXT
			         ? "no later section in the expansion" : "no earlier section in the expansion");
		break;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel tc_selected(const void *self)
{
	const struct table *t = self;
	return (struct pane_sel){t->sel, 0, 0};
}

static size_t tc_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_JUMP, ACT_BACK, ACT_FORWARD,
	                                   ACT_SORT_PREV, ACT_SORT_NEXT, ACT_SORT_REVERSE, ACT_CLOCK};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void tc_click(void *self, int y, int x, int wheel)
{
	struct table *t = self;
	(void)x;
	if (wheel)
		table_move(t, wheel < 0 ? -3 : 3);
	else if (y >= 1)
		table_click(t, t->top + (uint32_t)(y - 1));
}

static int tc_select(void *self, uint32_t item)
{
	return table_select(self, item);
}

static uint32_t tc_count(const void *self)
{
	const struct table *t = self;
	return t->norder > 1 ? t->norder - 1 : 0;  /* without (toplevel) */
}

static uint32_t tc_item(const void *self, uint32_t i)
{
	const struct table *t = self;
	return t->order[i + 1];
}

static void tc_name(const void *self, uint32_t m, char *buf, size_t n)
{
	struct table *t = (struct table *)self;  /* the names are a cache */
	uint32_t nm = t->p->tr->nmethods;
	if (m >= nm) {
		names_full(t->p->tr, m, buf, n);
		return;
	}
	if (!t->names)
		t->names = calloc((size_t)nm + 1, sizeof *t->names);
	if (t->names && !t->names[m]) {
		char full[4200];
		names_full(t->p->tr, m, full, sizeof full);
		t->names[m] = strdup(full);
	}
	if (t->names && t->names[m])
		snprintf(buf, n, "%s", t->names[m]);
	else
		names_full(t->p->tr, m, buf, n);
}

int table_filter(struct table *t, const uint8_t *keep, size_t n)
{
	uint8_t *copy = NULL;
	if (keep) {
		size_t all = (size_t)t->p->tr->nmethods + 1;
		copy = malloc(all);
		if (!copy)
			return -1;
		for (size_t i = 0; i < all; i++)
			copy[i] = (uint8_t)(i < n && keep[i]);
	}
	free(t->keep);
	t->keep = copy;
	uint32_t sel = t->sel;
	if (tc_build_order(t) < 0)
		return -1;
	if (table_select(t, sel) == 0)
		return 0;
	return table_select(t, t->norder > 1 ? t->order[1] : PROF_TOPLEVEL);
}

static int tc_filter(void *self, const uint8_t *keep, size_t n)
{
	return table_filter(self, keep, n);
}

void table_warm_names(struct table *t)
{
	char buf[8];
	for (uint32_t i = 1; i < t->norder; i++)
		tc_name(t, t->order[i], buf, sizeof buf);
}

static void tc_release(void *self, unsigned what)
{
	if (what & SESSION_DROP_TRACE)
		table_release(self);
}

static int tc_retarget(void *self, const struct session *s, uint32_t selected)
{
	struct table *t = self;
	const struct profile *p = session_profile(s);
	int rc = 0;
	(void)selected;
	if (t->p != p)
		rc = table_set_profile(t, p);
	table_set_clock(t, session_clock(s));
	return rc;
}

/* Every row at once: the title, the rows, and what the last draw kept
 * for the status lines. */
static int tc_rows(const void *self, int drawn)
{
	const struct table *t = self;
	if (!drawn)
		return 2 + (int)t->nrows;
	return t->height >= (int)t->nrows ? drawn : drawn + (int)t->nrows - t->height;
}

/* The column titles and the cursor row. */
static char *tc_copy(const void *self, WINDOW *win, int ascii)
{
	const struct table *t = self;
	(void)ascii;
	return panetext_title_and_row(win, 0, (int)(t->cursor - t->top) + 1);
}

struct pane table_pane(struct table *t)
{
	static const struct pane_ops ops = {
		.kind = PANE_TABLE, .draw = tc_draw, .act = tc_act, .selected = tc_selected,
		.footer = tc_footer, .click = tc_click, .select = tc_select, .count = tc_count,
		.item = tc_item, .name = tc_name, .filter = tc_filter, .release = tc_release,
		.retarget = tc_retarget, .rows = tc_rows, .copy = tc_copy,
	};
	return (struct pane){&ops, t};
}

struct pane table_make(const struct pane_env *env, int variant)
{
	struct table *t = calloc(1, sizeof *t);
	(void)variant;
	if (!t)
		return (struct pane){NULL, NULL};
	if (table_init(t, session_profile(env->s), session_clock(env->s)) < 0) {
		table_destroy(t);
		return (struct pane){NULL, NULL};
	}
	table_warm_names(t);
	return table_pane(t);
}

void table_destroy(void *self)
{
	table_free(self);
	free(self);
}
