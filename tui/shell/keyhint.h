/* keyhint.h: where a key works, said when it does nothing where the
 * focus is.
 *
 * The focus decides what a key does (keymap.h). A key that does nothing
 * in the focused pane but works in another pane of the screen is not
 * left silent: the status line names the panes where it works and the
 * key that gets there ("w: a key of the timeline (Tab)", "<: a key of
 * the table (1), tree (2, 3), calls (5)").
 */
#ifndef TV_KEYHINT_H
#define TV_KEYHINT_H

#include <stddef.h>

struct ui;

/* Key ch, which the focused pane does not use: where it works, into msg
 * (n bytes); 0, or -1 (msg untouched) when no pane of the screen uses
 * it. */
int keyhint_where(const struct ui *u, int ch, char *msg, size_t n);

#endif
