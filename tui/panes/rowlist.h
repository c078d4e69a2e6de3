/* rowlist.h: the cursor of a pane's list of rows, one row an item (the
 * calls of 5 and J, the waits of 7, the threads of 6): where it is and which
 * rows are on screen, moved by the list keys, set by a click or the
 * wheel, its row's attribute, and
 * the two rows y copies (the column titles and the cursor row).
 *
 * A pane keeps a struct rowlist and tells each function how many rows
 * it has (n); nothing is allocated but the string rowlist_copy()
 * returns.
 */
#ifndef TV_ROWLIST_H
#define TV_ROWLIST_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>

#include "panes/pane.h"

struct rowlist {
	uint32_t cursor, top;    /* the cursor's row, the first row on screen */
	int height;              /* list rows at the last draw */
	int title_y;             /* the column titles' window row at the last draw */
};

/* Scroll so the cursor is among the height rows from top. */
void rowlist_keep_visible(struct rowlist *l);
/* Up, Down, PgUp, PgDn, g and G over n rows: 1, or 0 when a is none of
 * them. */
int rowlist_act(struct rowlist *l, uint32_t n, enum action a);
/* A click at window row y selects the row there; the wheel (wheel ±1)
 * moves three rows. */
void rowlist_click(struct rowlist *l, uint32_t n, int y, int wheel);
/* Row i's attribute: normal, or the cursor's (not bold without the
 * focus). */
attr_t rowlist_attr(const struct rowlist *l, uint32_t i, const struct pane_ctx *ctx);
/* What y copies from win: the titles and the cursor row, "" when the
 * cursor row is not on screen; NULL when out of memory. */
char *rowlist_copy(const struct rowlist *l, uint32_t n, WINDOW *win);

/* A blank, then s right-aligned in w columns, written at byte k of buf
 * (n bytes; cut at its end); returns the new end. */
int rowlist_put(char *buf, size_t n, int k, const char *s, int w);

#endif
