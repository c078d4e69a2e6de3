/* treepane_rows.c: the rows of a call tree and how they draw, which the
 * diff's tree pane shares (see treepane.h). */
#include "panes/treepane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "draw/draw.h"
#include "draw/names.h"
#include "draw/text.h"

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
