/* prompt.h: a one-line text prompt in the footer (find, export name).
 *
 * Holds the text typed so far; prompt_key() edits it with one key and says
 * whether the prompt is still open, was accepted (Enter) or cancelled
 * (Esc). Only printable ASCII is taken. No allocation.
 */
#ifndef TV_PROMPT_H
#define TV_PROMPT_H

#include <stddef.h>

enum prompt_result { PROMPT_EDITING, PROMPT_CHANGED, PROMPT_ACCEPT, PROMPT_CANCEL };

struct prompt {
	char text[256];
	size_t len;
};

void prompt_set(struct prompt *p, const char *text);
enum prompt_result prompt_key(struct prompt *p, int ch);

#endif
