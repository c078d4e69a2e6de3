/* layout.h: the shell's windows: the header line, the timeline, the pane
 * below it, the overlay over both and the footer line, laid out for the
 * terminal's size (too small: none, and a note instead); and which pane
 * is where.
 */
#ifndef TV_LAYOUT_H
#define TV_LAYOUT_H

#include <curses.h>

#include "panes/pane.h"

struct ui;

/* The windows made again for the terminal's size (the split kept within
 * bounds); none when it is smaller than SHELL_MIN_COLS x SHELL_MIN_LINES.
 * layout_del_windows() deletes them. */
void layout_apply(struct ui *u);
void layout_del_windows(struct ui *u);
/* The window pane p (one of u's) draws into. */
WINDOW *layout_win_of(const struct ui *u, const struct pane *p);
/* The registry's row on screen: below the timeline, focused, opening on
 * the list's selection; or over the body, brought up to date. */
void layout_show(struct ui *u, int row);

#endif
