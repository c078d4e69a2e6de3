/* shell.c: what every part of the shell asks (see shell.h). */
#include "shell/shell.h"

#include <stdarg.h>
#include <stdio.h>

void shell_say(struct ui *u, const char *s)
{
	snprintf(u->msg, sizeof u->msg, "%s", s);
}

/* A plain snprintf would be flagged by gcc's truncation check, which
 * knows nothing of the intent to cut. */
void shell_bar_text(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

struct pane *shell_focused(struct ui *u)
{
	if (u->overlay.ops)
		return &u->overlay;
	return u->focus_tl && u->timeline.ops ? &u->timeline : &u->lower;
}

int shell_lower_is_list(const struct ui *u)
{
	return u->lower.self == u->list.self;
}

void shell_sync_lower(struct ui *u)
{
	registry_follow(u->list, u->lower, u->s);
}

uint32_t shell_selected(const struct ui *u)
{
	return u->list.ops->selected(u->list.self).item;
}

struct pane_ctx shell_ctx(const struct ui *u, const struct pane *p)
{
	const struct pane *f = shell_focused((struct ui *)u);
	uint32_t sel = shell_selected(u);
	/* The timeline draws the loaded trace: a collapsed package is none of
	 * its methods. */
	if (p == &u->timeline && u->s && sel != PANE_NONE && sel >= session_base(u->s)->nmethods)
		sel = PANE_NONE;
	return (struct pane_ctx){&u->color, u->ascii, f == p, sel};
}

const struct registry_row *shell_row(int row)
{
	size_t n;
	return &registry_rows(&n)[row];
}

int shell_lower_row(const struct ui *u)
{
	return registry_row_of(&u->panes, u->lower.self);
}
