/* keymap.h: the key map, generated from the action table (actions.h).
 *
 * Nothing is bound here by hand: a key leads to an action in a pane when
 * the action's keys column names it and its set of panes holds the pane.
 * Key names map to curses codes below (Enter is also CR and KEY_ENTER,
 * Backspace also DEL and Ctrl-H, as terminals send them).
 */
#ifndef TV_KEYMAP_H
#define TV_KEYMAP_H

#include <stddef.h>

#include "keys/actions.h"

/* Action of key ch (a curses key code) in pane kind; ACT_NONE if none. */
enum action keymap_lookup(int ch, enum pane_kind pane);

/* The key codes one key name stands for, at most n; 0 for an unknown
 * name. */
size_t keymap_codes(const char *name, int *codes, size_t n);

/* The name the action table gives key ch ("PgDn", "<"), into buf: the
 * first name whose codes hold it; 0, or -1 when no action names it. */
int keymap_name(int ch, char *buf, size_t n);

#endif
