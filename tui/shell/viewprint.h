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
