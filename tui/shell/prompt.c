/* prompt.c: one-line text prompt (see prompt.h). */
#include "shell/prompt.h"

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

enum prompt_result prompt_act(struct prompt *p, enum action a, int ch)
{
	switch (a) {
	case ACT_CANCEL: return PROMPT_CANCEL;
	case ACT_ACCEPT: return PROMPT_ACCEPT;
	case ACT_ERASE:
		if (!p->len)
			return PROMPT_EDITING;
		p->text[--p->len] = '\0';
		return PROMPT_CHANGED;
	case ACT_CLEAR: prompt_set(p, ""); return PROMPT_CHANGED;
	default: break;
	}
	if (ch < 0x20 || ch >= 0x7f || p->len + 1 >= sizeof p->text)
		return PROMPT_EDITING;
	p->text[p->len++] = (char)ch;
	p->text[p->len] = '\0';
	return PROMPT_CHANGED;
}
