/* treepane_rows.c: the rows of a call tree, how they draw and how the
 * cursor moves on them, which the diff's tree pane shares (see
 * treepane.h). */
#include "panes/treepane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "draw/draw.h"
#include "draw/names.h"
#include "draw/text.h"
#include "panes/panetext.h"

/* Levels drawn on a row at most: more than any screen is wide. */
#define TP_LEVELS 512

struct tp_frame {
	const uint32_t *kids;
	uint32_t n, i, row;
};

/* Appends a row for node, numbers 0. */
static int tp_add_row(const struct treepane_src *src, uint32_t node, uint32_t depth,
                      uint32_t parent_row, int last, struct tp_row **rows, uint32_t *n,
                      uint32_t *cap)
{
	if (grow_push32((void **)rows, cap, *n, sizeof **rows) < 0)
		return -1;
	uint8_t open = node < src->open_cap && src->open[node] && src->expanded(src->t, node);
	(*rows)[(*n)++] = (struct tp_row){node, src->method(src->t, node), depth, parent_row,
	                                  (uint8_t)src->expandable(src->t, node), open,
	                                  (uint8_t)last, 0, {0}, {0}};
	return 0;
}

int treepane_flatten(const struct treepane_src *src, const uint32_t *roots, uint32_t nroots,
                     struct tp_row **rows, uint32_t *n, uint32_t *cap)
{
	uint32_t sp = 0, scap = 64;
	struct tp_frame *st = malloc(scap * sizeof *st);
	int rc = 0;
	*n = 0;
	if (!st)
		return -1;
	st[sp++] = (struct tp_frame){roots, nroots, 0, PATHTREE_NONE};
	while (sp && !rc) {
		struct tp_frame *f = &st[sp - 1];
		if (f->i == f->n) {
			sp--;
			continue;
		}
		uint32_t node = f->kids[f->i++], row = *n, nk;
		if ((rc = tp_add_row(src, node, sp - 1, f->row, f->i == f->n, rows, n, cap)) < 0)
			break;
		const uint32_t *k = (*rows)[row].open ? src->children(src->t, node, &nk) : NULL;
		if (!k || !nk)
			continue;
		if ((rc = grow_push32((void **)&st, &scap, sp, sizeof *st)) < 0)
			break;
		st[sp++] = (struct tp_frame){k, nk, 0, row};
	}
	free(st);
	return rc;
}

void treepane_guides(const struct tp_row *rows, uint32_t r, const struct treeindent *t, int ascii,
                     char *buf, size_t n)
{
	uint8_t last[TP_LEVELS];
	uint32_t d = rows[r].depth, at = r;
	if (d > t->skip + TP_LEVELS)  /* past any screen: the deepest levels */
		d = t->skip + TP_LEVELS;
	for (uint32_t lv = rows[r].depth; lv > t->skip && at != PATHTREE_NONE; lv--) {
		if (lv <= d)
			last[lv - t->skip - 1] = rows[at].last;
		at = rows[at].parent_row;
	}
	treeindent_guides(t, d, last, ascii, buf, n);
}

void treepane_name_cell(WINDOW *win, int y, int x, const struct tp_row *rows, uint32_t r,
                        const struct treeindent *ind, const struct trace *tr, attr_t a, int ascii)
{
	const struct tp_row *row = &rows[r];
	char guides[TP_LEVELS * 8], name[2400], cell[TP_LEVELS * 8 + 2500];
	int w = getmaxx(win), rest = w - x - 2;
	if (rest < 1)
		return;
	treepane_guides(rows, r, ind, ascii, guides, sizeof guides);
	const char *mark = draw_sym(row->open         ? SYM_TREE_OPEN
	                            : row->expandable ? SYM_TREE_SHUT : SYM_TREE_LEAF, ascii);
	int used = text_width(guides) + text_width(mark) + 1;
	names_method(tr, row->method, rest - used > 1 ? rest - used : 1, ascii, name, sizeof name);
	snprintf(cell, sizeof cell, "  %s%s %s", guides, mark, name);
	draw_cell(win, y, x, w - x, cell, a, ascii);
}

void treepane_indent(const struct tp_row *rows, uint32_t nrows, uint32_t top, int h, int cols,
                     struct treeindent *ind)
{
	uint32_t dmin = UINT32_MAX, dmax = 0;
	for (int y = 1; y < h && top + (uint32_t)(y - 1) < nrows; y++) {
		uint32_t d = rows[top + (uint32_t)(y - 1)].depth;
		dmin = d < dmin ? d : dmin;
		dmax = d > dmax ? d : dmax;
	}
	treeindent_plan(ind, dmin == UINT32_MAX ? 0 : dmin, dmax, cols);
}

int treepane_head(char *buf, size_t n, int width, const char *title, int marked, int asc,
                  int ascii)
{
	char cell[64];
	const char *arrow = marked ? draw_sym(asc ? SYM_SORT_UP : SYM_SORT_DOWN, ascii) : "";
	snprintf(cell, sizeof cell, "%s%s%s", title, marked ? " " : "", arrow);
	return snprintf(buf, n, "%*s", width + (int)strlen(cell) - text_width(cell), cell);
}

void treepane_draw_rows(WINDOW *win, const struct pane_ctx *ctx, const struct tp_row *rows,
                        uint32_t nrows, uint32_t top, int cols, treepane_row_fn *row,
                        void *pane, const char *empty)
{
	int h = getmaxy(win);
	struct treeindent ind;
	treepane_indent(rows, nrows, top, h, cols, &ind);
	for (int y = 1; y < h; y++) {
		uint32_t r = top + (uint32_t)(y - 1);
		if (r < nrows)
			row(pane, win, ctx, y, r, &ind);
		else
			draw_clear_rows(win, y, y + 1);
	}
	if (!nrows && h > 1)
		draw_row(win, 1, empty, A_NORMAL, ctx->ascii);
}

/* ------------------------------------------------------------ the cursor */

int treepane_scroll(uint32_t cursor, uint32_t *top, int h)
{
	int height = h - 1 > 1 ? h - 1 : 1;
	if (cursor < *top)
		*top = cursor;
	if (cursor >= *top + (uint32_t)height)
		*top = cursor - (uint32_t)height + 1;
	return height;
}

void treepane_move(uint32_t *cursor, uint32_t nrows, int64_t d)
{
	int64_t c = (int64_t)*cursor + d;
	if (c >= (int64_t)nrows)
		c = (int64_t)nrows - 1;
	*cursor = c < 0 ? 0 : (uint32_t)c;
}

int treepane_move_key(uint32_t *cursor, uint32_t nrows, int height, enum action a)
{
	int64_t page = height > 1 ? height - 1 : 1;
	switch (a) {
	case ACT_UP: treepane_move(cursor, nrows, -1); return 1;
	case ACT_DOWN: treepane_move(cursor, nrows, 1); return 1;
	case ACT_PGUP: treepane_move(cursor, nrows, -page); return 1;
	case ACT_PGDN: treepane_move(cursor, nrows, page); return 1;
	case ACT_TOP: *cursor = 0; return 1;
	case ACT_BOTTOM: treepane_move(cursor, nrows, (int64_t)nrows); return 1;
	default: return 0;
	}
}

void treepane_click(uint32_t *cursor, uint32_t top, uint32_t nrows, int y, int wheel)
{
	if (wheel)
		treepane_move(cursor, nrows, wheel * 3);
	else if (y >= 1 && top + (uint32_t)(y - 1) < nrows)
		*cursor = top + (uint32_t)(y - 1);
}

int treepane_select(uint32_t *cursor, uint32_t nrows, uint32_t item, treepane_item_fn *item_of,
                    const void *pane)
{
	if (*cursor < nrows && item_of(pane, *cursor) == item)
		return 0;
	for (uint32_t i = 0; i < nrows; i++)
		if (item_of(pane, i) == item) {
			*cursor = i;
			return 0;
		}
	return -1;
}

char *treepane_copy_path(const struct tp_row *rows, uint32_t r, treepane_item_fn *method_of,
                         const void *pane, const struct trace *tr, int ascii)
{
	uint32_t *path = malloc((rows[r].depth + 1) * sizeof *path);
	size_t n = 0;
	if (!path)
		return NULL;
	for (uint32_t at = r; at != PATHTREE_NONE && n <= rows[r].depth; at = rows[at].parent_row)
		path[n++] = method_of(pane, at);
	char *s = panetext_path(tr, path, n, ascii);
	free(path);
	return s;
}

int treepane_rows_wanted(uint32_t nrows, int drawn)
{
	return 1 + (int)nrows > drawn ? 1 + (int)nrows : drawn;
}

int treepane_tree_key(enum action a)
{
	return a == ACT_EXPAND || a == ACT_COLLAPSE || a == ACT_TOGGLE || a == ACT_HOT_PATH ||
	       a == ACT_EXPAND_ALL || a == ACT_COLLAPSE_ALL || a == ACT_SORT_PREV ||
	       a == ACT_SORT_NEXT || a == ACT_SORT_REVERSE;
}

int treepane_refuse(enum action a, int busy, uint32_t nrows, int ascii, struct pane_out *out)
{
	if (!treepane_tree_key(a) || (!busy && nrows))
		return 0;
	snprintf(out->msg, sizeof out->msg, "computing%s: the tree is busy",
	         draw_sym(SYM_ELLIPSIS, ascii));
	return 1;
}

int treepane_view_hot(struct pane pn, const struct pane_ctx *ctx)
{
	struct pane_out out = {PANE_NONE, ""};
	pn.ops->act(pn.self, ACT_TOP, ctx, &out);
	pn.ops->act(pn.self, ACT_HOT_PATH, ctx, &out);
	return 1;
}
