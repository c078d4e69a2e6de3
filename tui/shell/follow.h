/* follow.h: the keys that change the session (t; u and U; F, M, D, R;
 * C and A with their prompt; the ranges v, V and a drag make), and the
 * listener through which the panes follow it (session.h).
 */
#ifndef TV_FOLLOW_H
#define TV_FOLLOW_H

#include <stdint.h>

#include "keys/actions.h"

struct trace_sel;
struct ui;

/* Listen to u's session: panes let go of what it frees and start again
 * on what it makes; the list follows the scope and clock. */
void follow_listen(struct ui *u);

/* t: back to all threads, or the thread under the timeline cursor (built
 * on the session's worker while the screen stays live). */
void follow_scope(struct ui *u);
/* The threads pane's Enter: to the threads of sel (copied). */
void follow_scope_to(struct ui *u, const struct trace_sel *sel);
/* u (all 0) or U (all 1). */
void follow_undo(struct ui *u, int all);
/* F, M, D, R: the transform kind ("focus") on the selected method. */
void follow_transform(struct ui *u, const char *kind);
/* C and A open a prompt prefilled with the pattern: the selected
 * class's package, or --app, else the guessed app packages; keys while
 * it is open. */
void follow_transform_prompt(struct ui *u, enum action a);
void follow_transform_key(struct ui *u, enum action a, int ch);
/* A range [a, b) of absolute axis times as a step. */
void follow_range(struct ui *u, uint64_t a, uint64_t b);

#endif
