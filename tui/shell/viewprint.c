/* viewprint.c: a pane drawn off screen and read back as text. */
#include "shell/viewprint.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "panes/callspane.h"
#include "panes/flame.h"
#include "draw/names.h"
#include "panes/pane.h"
#include "panes/table.h"
#include "panes/treepane.h"

/* Pads hold at most this many rows (curses keeps sizes in a short). */
#define VP_MAX_ROWS 32000

char *viewprint_rows(WINDOW *win, int y0, int y1)
{
	int cols = getmaxx(win);
	size_t cap = (size_t)(y1 > y0 ? y1 - y0 : 0) * ((size_t)cols * 8 + 1) + 1, k = 0;
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	for (int y = y0; y < y1; y++) {
		for (int x = 0; x < cols; x++) {
			cchar_t cc;
			wchar_t wc[CCHARW_MAX + 1];
			attr_t a;
			short pair;
			if (mvwin_wch(win, y, x, &cc) == ERR)
				break;
			if (getcchar(&cc, wc, &a, &pair, NULL) == ERR)
				continue;
			for (int i = 0; wc[i] && k + MB_LEN_MAX < cap; i++) {
				size_t m = wcrtomb(buf + k, wc[i], &st);
				if (m != (size_t)-1)
					k += m;
			}
		}
		while (k > 0 && buf[k - 1] == ' ')
			k--;
		buf[k++] = '\n';
	}
	buf[k] = '\0';
	return buf;
}

/* Draw p into a fresh pad h rows high; NULL when out of memory. */
static WINDOW *vp_draw(struct pane p, const struct pane_ctx *ctx, int w, int h)
{
	WINDOW *pad = newpad(h, w);
	if (pad)
		p.ops->draw(p.self, pad, ctx);
	return pad;
}

/* With every row asked for: the height at which the pane shows them all,
 * given a pad of h rows it was just drawn into; h when it does. */
static int vp_want(struct pane p, int h)
{
	if (p.ops->kind == PANE_TABLE) {
		const struct table *t = p.self;
		return t->height >= (int)t->nrows ? h : h + (int)t->nrows - t->height;
	}
	if (p.ops->kind == PANE_TREE) {
		const struct treepane *t = p.self;
		return 1 + (int)t->nrows > h ? 1 + (int)t->nrows : h;
	}
	if (p.ops->kind == PANE_CALLS || p.ops->kind == PANE_JANK)
		return callspane_rows_wanted(p.self);
	if (p.ops->kind == PANE_FLAME) {
		const struct flame *f = p.self;
		uint32_t deep = 0;
		for (uint32_t i = 0; i < f->nframes; i++)
			if (f->frames[i].depth + 1 > deep)
				deep = f->frames[i].depth + 1;
		if (!f->nframes)
			return h;
		if ((int)deep >= f->rows)  /* the layout may stop at the pad: more room */
			return h * 2;
		return 2 + (int)deep;
	}
	return h;
}

/* With every row asked for, the first height to try: the pane's rows,
 * so that a list never scrolls. */
static int vp_first(struct pane p)
{
	int h = 16;
	if (p.ops->kind == PANE_TABLE)
		h = 2 + (int)((const struct table *)p.self)->nrows;
	else if (p.ops->kind == PANE_TREE)
		h = 1 + (int)((const struct treepane *)p.self)->nrows;
	else if (p.ops->kind == PANE_CALLS || p.ops->kind == PANE_JANK)
		h = callspane_rows_wanted(p.self);
	return h < 3 ? 3 : h > VP_MAX_ROWS ? VP_MAX_ROWS : h;
}

char *viewprint_pane(struct ui *u, const struct viewprint_req *req)
{
	struct pane_ctx ctx;
	struct pane p = ui_view_pane(u, req->pane, req->clock, req->method, &ctx);
	int h = req->height > 0 ? req->height : vp_first(p);
	WINDOW *pad = vp_draw(p, &ctx, req->width, h);
	for (int tries = 0; pad && req->height <= 0 && tries < 32; tries++) {
		int want = vp_want(p, h);
		if (want > VP_MAX_ROWS)
			want = VP_MAX_ROWS;
		if (want == h)
			break;
		delwin(pad);
		h = want;
		pad = vp_draw(p, &ctx, req->width, h);
	}
	if (!pad)
		return NULL;
	char *s = viewprint_rows(pad, 0, h);
	delwin(pad);
	return s;
}

/* Method names from the root down, one a line, indented two columns a
 * level: path[n - 1] is the root. */
static char *vp_path(const struct trace *tr, const uint32_t *path, size_t n, int ascii)
{
	char *buf = NULL, name[4300];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	for (size_t i = n; i-- > 0;) {
		names_method(tr, path[i], 1 << 20, ascii, name, sizeof name);
		fprintf(m, "%*s%s\n", (int)(2 * (n - 1 - i)), "", name);
	}
	if (fclose(m) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

static char *vp_tree_path(const struct treepane *t, int ascii)
{
	if (t->cursor >= t->nrows)
		return strdup("");
	uint32_t *path = malloc((t->rows[t->cursor].depth + 1) * sizeof *path);
	size_t n = 0;
	if (!path)
		return NULL;
	for (uint32_t r = t->cursor; r != PATHTREE_NONE && n <= t->rows[t->cursor].depth;
	     r = t->rows[r].parent_row)
		path[n++] = t->rows[r].method;
	char *s = vp_path(t->tr, path, n, ascii);
	free(path);
	return s;
}

static char *vp_flame_stack(const struct flame *f, int ascii)
{
	if (!f->built || f->sel == PATHTREE_NONE)
		return strdup("");
	size_t n = 0;
	uint32_t *path = malloc((f->t.nodes[f->sel].depth + 1) * sizeof *path);
	if (!path)
		return NULL;
	for (uint32_t k = f->sel; k != PATHTREE_NONE && n <= f->t.nodes[f->sel].depth;
	     k = f->t.nodes[k].parent)
		path[n++] = f->t.nodes[k].method;
	char *s = vp_path(f->tr, path, n, ascii);
	free(path);
	return s;
}

/* Rows title_y and row_y of win, one line each (a list's column titles
 * and its cursor row); NULL when out of memory. */
static char *vp_title_and_row(WINDOW *win, int title_y, int row_y)
{
	char *title = viewprint_rows(win, title_y, title_y + 1);
	char *row = viewprint_rows(win, row_y, row_y + 1);
	char *s = title && row ? malloc(strlen(title) + strlen(row) + 1) : NULL;
	if (s)
		strcat(strcpy(s, title), row);
	free(title);
	free(row);
	return s;
}

char *viewprint_selected(struct pane p, WINDOW *win, const struct trace *tr, int ascii)
{
	if (p.ops->kind == PANE_TABLE) {
		const struct table *t = p.self;
		return vp_title_and_row(win, 0, (int)(t->cursor - t->top) + 1);
	}
	if (p.ops->kind == PANE_CALLS || p.ops->kind == PANE_JANK) {
		int ty, ry;
		if (callspane_cursor_rows(p.self, &ty, &ry) < 0)
			return strdup("");
		return vp_title_and_row(win, ty, ry);
	}
	if (p.ops->kind == PANE_TREE)
		return vp_tree_path(p.self, ascii);
	if (p.ops->kind == PANE_FLAME)
		return vp_flame_stack(p.self, ascii);
	struct pane_sel sel = p.ops->selected(p.self);
	if (sel.item == PANE_NONE)
		return strdup("");
	if (tr && p.ops->kind == PANE_TIMELINE)
		return vp_path(tr, &sel.item, 1, ascii);
	char name[4300] = "";
	if (p.ops->name)
		p.ops->name(p.self, sel.item, name, sizeof name - 1);
	strcat(name, "\n");
	return strdup(name);
}

/* An off-screen terminal: the first description the system has. */
static SCREEN *vp_screen(FILE *out, FILE *in)
{
	static const char *const names[] = {"xterm-256color", "xterm", "vt100", "ansi"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		SCREEN *sc = newterm(names[i], out, in);
		if (sc)
			return sc;
	}
	return NULL;
}

int viewprint_run(const char *path, struct trace *tr, const struct ui_opts *o,
                  const struct viewprint_req *req, FILE *out)
{
	FILE *null_out = fopen("/dev/null", "w"), *null_in = fopen("/dev/null", "r");
	SCREEN *sc = null_out && null_in ? vp_screen(null_out, null_in) : NULL;
	int rc = 2;
	if (sc) {
		set_term(sc);
		struct ui *u = ui_new(path, tr, o);
		char *text = u ? viewprint_pane(u, req) : NULL;
		if (text) {
			rc = fputs(text, out) < 0 ? 1 : 0;
			free(text);
		}
		if (u)
			ui_free(u);
		endwin();
		delscreen(sc);
	} else {
		fprintf(stderr, "traceview: --view: no terminal description to draw with\n");
	}
	if (null_out)
		fclose(null_out);
	if (null_in)
		fclose(null_in);
	return rc;
}
