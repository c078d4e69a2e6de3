/* viewprint.h: a pane as plain text (--view, and Y in the UI).
 *
 * A pane is drawn into an off-screen window (a pad, any size) and its
 * cells are read back as text: the characters curses holds for each cell,
 * UTF-8 or ASCII as the pane drew them, never colour. So `--view` prints
 * exactly what the pane shows at that size (docs/ui.md, "Views as text").
 */
#ifndef TV_VIEWPRINT_H
#define TV_VIEWPRINT_H

#include <curses.h>
#include <stdio.h>

#include "panes/pane.h"
#include "model/trace.h"
#include "shell/ui.h"

/* Rows [y0, y1) of win as text, one line each with its trailing blanks
 * removed, in a malloc'd string the caller frees; NULL when out of
 * memory. */
char *viewprint_rows(WINDOW *win, int y0, int y1);

/* What y copies from pane p drawn in win: a table's title and cursor row,
 * a tree's path from the root to the cursor, a flame frame's stack from
 * the root, a call list's titles and cursor row, else the selected item's
 * name; tr names methods (NULL for a
 * diff). A malloc'd string; NULL when out of memory. */
char *viewprint_selected(struct pane p, WINDOW *win, const struct trace *tr, int ascii);

/* What --view asks for: pane 1 table, 2 top-down tree, 3 bottom-up, 4
 * flame graph, 5 every call, 6 jank; clock -1 for the default; method PANE_NONE (UINT32_MAX) for
 * the default selection; height 0: every row. */
struct viewprint_req {
	int pane, width, height, clock;
	uint32_t method;
};

/* Pane req->pane of ui u (curses set up, on any terminal) as text in a
 * malloc'd string; NULL when out of memory. */
char *viewprint_pane(struct ui *u, const struct viewprint_req *req);

/* The whole of --view: curses on an off-screen terminal, the UI built on
 * tr with o, the pane written to out. 0, 1 on a write error, 2 when out
 * of memory or without a terminal description. */
int viewprint_run(const char *path, struct trace *tr, const struct ui_opts *o,
                  const struct viewprint_req *req, FILE *out);

#endif
