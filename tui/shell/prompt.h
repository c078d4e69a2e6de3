/* prompt.h: a one-line text prompt in the footer (find, filter, export
 * name).
 *
 * Holds the text typed so far; prompt_act() edits it with one key, given
 * as the action the key map found for it in the prompt (actions.h: accept,
 * cancel, erase, clear) or, for ACT_NONE, the key itself (printable ASCII
 * is typed, the rest ignored). It says whether the prompt is still open,
 * changed, accepted or cancelled. No allocation.
 */
#ifndef TV_PROMPT_H
#define TV_PROMPT_H

#include <stddef.h>

#include "keys/actions.h"

enum prompt_result { PROMPT_EDITING, PROMPT_CHANGED, PROMPT_ACCEPT, PROMPT_CANCEL };

struct prompt {
	char text[256];
	size_t len;
};

void prompt_set(struct prompt *p, const char *text);
enum prompt_result prompt_act(struct prompt *p, enum action a, int ch);

#endif
