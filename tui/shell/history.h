/* history.h: the list's selection, and back and forward through the
 * items it jumped from (Backspace, [, ]).
 */
#ifndef TV_HISTORY_H
#define TV_HISTORY_H

#include <stdint.h>

struct ui;

/* Remember item from as the place a jump left (for Back). */
void history_push(struct ui *u, uint32_t from);
/* Select item in the list and in the pane below it, if another; 0, or
 * -1 when the list does not have it. */
int history_select(struct ui *u, uint32_t item);
/* Select item as a jump, remembered for Back ("that method has no calls
 * in this scope" when the list lacks it). */
void history_jump(struct ui *u, uint32_t item);
/* Back (dir < 0) or forward. */
void history_back(struct ui *u, int dir);

#endif
