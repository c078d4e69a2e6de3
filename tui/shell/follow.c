/* follow.c: the session's keys and its listener (see follow.h). */
#include "shell/follow.h"

#include <stdio.h>

#include "session/session.h"
#include "shell/find.h"
#include "shell/layout.h"
#include "shell/preview.h"
#include "shell/shell.h"

void follow_scope(struct ui *u)
{
	if (preview_waits(u, "t"))
		return;
	struct pane_sel s = u->timeline.ops->selected(u->timeline.self);
	session_scope_toggle(u->s, s.has_tid, s.tid, u->msg, sizeof u->msg);
}

void follow_scope_to(struct ui *u, const struct trace_sel *sel)
{
	if (preview_waits(u, "a thread scope"))
		return;
	session_scope_to(u->s, sel, u->msg, sizeof u->msg);
}

/* The session is about to free profiles or the derived trace: every pane
 * that reads them lets go. */
static void follow_release(void *env, unsigned what)
{
	struct ui *u = env;
	registry_release(&u->panes, what);
}

/* A rebuild is in: the panes start again on it, the same one below the
 * timeline as before. */
static int follow_trace(struct ui *u)
{
	int row = shell_lower_row(u), focus = u->focus_tl;
	u->list.ops->retarget(u->list.self, u->s, PANE_NONE);
	find_refilter(u);  /* the list dropped it: its items are the new trace's */
	if (registry_rebind(&u->panes, u->s) < 0) {
		shell_say(u, "out of memory: only the table is shown");
		row = registry_row_of(&u->panes, u->list.self);
	}
	layout_show(u, row);
	u->focus_tl = focus;
	return 0;
}

/* The scope or clock changed: the list follows (the pane below the
 * timeline does when it is next drawn). */
static int follow_changed(void *env, unsigned what)
{
	struct ui *u = env;
	if (what & SESSION_TRACE)
		return follow_trace(u);
	return u->list.ops->retarget(u->list.self, u->s, PANE_NONE);
}

void follow_listen(struct ui *u)
{
	struct session_listener l = {follow_release, follow_changed, u};
	session_listen(u->s, &l);
}

void follow_undo(struct ui *u, int all)
{
	if (preview_waits(u, all ? "U" : "u"))
		return;
	session_undo(u->s, all, u->msg, sizeof u->msg);
}

void follow_transform(struct ui *u, const char *kind)
{
	if (preview_waits(u, kind))
		return;
	session_transform(u->s, kind, shell_selected(u), u->msg, sizeof u->msg);
}

void follow_transform_prompt(struct ui *u, enum action a)
{
	char buf[256] = "";
	if (preview_waits(u, a == ACT_T_COLLAPSE ? "collapse" : "app"))
		return;
	if (a == ACT_T_COLLAPSE) {
		if (session_package_of(u->s, shell_selected(u), buf, sizeof buf, u->msg,
		                       sizeof u->msg) < 0)
			return;
		u->mode = MODE_COLLAPSE;
	} else {
		session_app_prompt(u->s, buf, sizeof buf);
		u->mode = MODE_APP;
	}
	prompt_set(&u->prompt, buf);
}

void follow_transform_key(struct ui *u, enum action a, int ch)
{
	char text[300];
	switch (prompt_act(&u->prompt, a, ch)) {
	case PROMPT_CANCEL: u->mode = MODE_KEYS; break;
	case PROMPT_ACCEPT:
		if (u->prompt.text[0]) {
			snprintf(text, sizeof text, "%s:%s", u->mode == MODE_APP ? "app" : "collapse",
			         u->prompt.text);
			session_push_text(u->s, text, u->msg, sizeof u->msg);
		}
		u->mode = MODE_KEYS;
		break;
	default: break;
	}
}

void follow_range(struct ui *u, uint64_t a, uint64_t b)
{
	if (preview_waits(u, "a range"))
		return;
	session_push_range(u->s, a, b, u->msg, sizeof u->msg);
}
