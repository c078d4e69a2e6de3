/* panetext.h: a pane as plain text (y, Y and --view).
 *
 * A pane is drawn into a window (a pad off screen for --view) and its
 * cells are read back as text: the characters curses holds for each cell,
 * UTF-8 or ASCII as the pane drew them, never colour. So `--view` prints
 * exactly what the pane shows at that size (docs/ui.md, "Views as text").
 * Every string returned is malloc'd (the caller frees it); NULL when out
 * of memory.
 */
#ifndef TV_PANETEXT_H
#define TV_PANETEXT_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>

#include "model/trace.h"
#include "panes/pane.h"

/* Rows [y0, y1) of win, one line each with its trailing blanks removed. */
char *panetext_rows(WINDOW *win, int y0, int y1);

/* Rows title_y and row_y of win, one line each: a list's column titles
 * and its cursor row. */
char *panetext_title_and_row(WINDOW *win, int title_y, int row_y);

/* Method names from the root down, one a line, indented two columns a
 * level: path[n - 1] is the root. */
char *panetext_path(const struct trace *tr, const uint32_t *path, size_t n, int ascii);
/* The same, path[i] a method of tr[i] (the diff's two runs). */
char *panetext_path_in(const struct trace *const *tr, const uint32_t *path, size_t n, int ascii);

/* Method item's name and a newline; "" for PANE_NONE. */
char *panetext_item(const struct trace *tr, uint32_t item, int ascii);

/* What y copies from pane p drawn in win: its copy op's text, else the
 * selected item's name from its name op and a newline ("" for none). */
char *panetext_selected(struct pane p, WINDOW *win, int ascii);

#endif
