/* prompt.c: one-line text prompt (see prompt.h). */
#include "prompt.h"

#include <curses.h>
#include <string.h>

void prompt_set(struct prompt *p, const char *text)
{
	size_t n = strlen(text);
	if (n >= sizeof p->text)
		n = sizeof p->text - 1;
	memcpy(p->text, text, n);
	p->text[n] = '\0';
	p->len = n;
}

enum prompt_result prompt_key(struct prompt *p, int ch)
{
	if (ch == 27)
		return PROMPT_CANCEL;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
		return PROMPT_ACCEPT;
	if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
		if (!p->len)
			return PROMPT_EDITING;
		p->text[--p->len] = '\0';
		return PROMPT_CHANGED;
	}
	if (ch == 21) {  /* Ctrl-U clears, as in a shell */
		prompt_set(p, "");
		return PROMPT_CHANGED;
	}
	if (ch < 0x20 || ch >= 0x7f || p->len + 1 >= sizeof p->text)
		return PROMPT_EDITING;
	p->text[p->len++] = (char)ch;
	p->text[p->len] = '\0';
	return PROMPT_CHANGED;
}
