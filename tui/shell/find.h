/* find.h: find (/, n, N) and filter (&) over the list, by the names its
 * name op gives, case-insensitive unless the query has a capital; in a
 * pane whose rows are not one item each (a tree, the flame graph), its
 * find op searches.
 */
#ifndef TV_FIND_H
#define TV_FIND_H

#include "keys/actions.h"

struct ui;

/* / or &: the prompt opens, the selection is remembered (Esc returns to
 * it). */
void find_start(struct ui *u, enum action a);
/* Keys while the prompt is open: typing finds the first match, Enter
 * keeps it (a jump) or applies the filter. */
void find_key(struct ui *u, enum action a, int ch);
/* n or N: the next or previous match, saying when it wrapped. */
void find_next(struct ui *u, enum action a);
/* The filter in force applied again, by name, to what the list shows now
 * (after a step made a new trace); it goes when nothing matches. */
void find_refilter(struct ui *u);

#endif
