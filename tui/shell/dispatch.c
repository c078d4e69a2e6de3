/* dispatch.c: keys to actions to the shell or a pane (see dispatch.h). */
#include "shell/dispatch.h"

#include <curses.h>
#include <stdint.h>

#include "keys/keymap.h"
#include "session/session.h"
#include "shell/command.h"
#include "shell/copy.h"
#include "shell/exporter.h"
#include "shell/find.h"
#include "shell/follow.h"
#include "shell/history.h"
#include "shell/keyhint.h"
#include "shell/layout.h"
#include "shell/mouse.h"
#include "shell/preview.h"
#include "shell/shell.h"
#include "shell/source.h"

/* Enter in a call list: the timeline shows the pane's call (PANE_SPAN). */
static void dispatch_show_call(struct ui *u, const struct pane *p)
{
	struct pane_out out = {PANE_NONE, ""};
	uint32_t tid;
	uint64_t t0, t1;
	if (!u->timeline.ops || p->ops->span(p->self, &tid, &t0, &t1) < 0)
		return;
	u->timeline.ops->show_call(u->timeline.self, tid, t0, t1, &out);
	shell_say(u, out.msg);
}

/* v or V: the pane's time range as a step (PANE_RANGE). */
static void dispatch_range(struct ui *u, const struct pane *p)
{
	uint32_t tid;
	uint64_t t0, t1;
	if (p->ops->span(p->self, &tid, &t0, &t1) == 0)
		follow_range(u, t0, t1);
}

/* Enter in the threads pane: every pane scoped to its threads
 * (PANE_SCOPE). */
static void dispatch_scope(struct ui *u, const struct pane *p)
{
	struct trace_sel sel;
	if (u->s && p->ops->scope && p->ops->scope(p->self, &sel) == 0)
		follow_scope_to(u, &sel);
}

/* The session's and the screen's own keys. */
static int dispatch_view(struct ui *u, enum action a)
{
	switch (a) {
	case ACT_COLOR_BY:
		u->color.by_method = !u->color.by_method;
		shell_say(u, u->color.by_method ? "K: colours by method (K again: by category)"
		                                : "K: colours by category (L shows the legend)");
		break;
	case ACT_FOCUS: u->focus_tl = !u->focus_tl; break;
	case ACT_CLOCK:  /* the session's; the diff table has its own */
		if (!u->s)
			return 0;
		session_toggle_clock(u->s, u->msg, sizeof u->msg);
		break;
	case ACT_SCOPE: follow_scope(u); break;
	case ACT_SPLIT_UP: u->split -= 2; layout_apply(u); break;
	case ACT_SPLIT_DOWN: u->split += 2; layout_apply(u); break;
	case ACT_UNDO: follow_undo(u, 0); break;
	case ACT_UNDO_ALL: follow_undo(u, 1); break;
	case ACT_T_FOCUS: follow_transform(u, "focus"); break;
	case ACT_T_MERGE: follow_transform(u, "merge"); break;
	case ACT_T_DROP: follow_transform(u, "drop"); break;
	case ACT_T_REC: follow_transform(u, "rec"); break;
	case ACT_T_COLLAPSE: case ACT_T_APP: follow_transform_prompt(u, a); break;
	default: return 0;
	}
	return 1;
}

/* The shell's own actions; 0 when a is not one of them. */
static int dispatch_shell(struct ui *u, enum action a, int *quit)
{
	int row;
	switch (a) {
	case ACT_QUIT: *quit = 1; break;
	case ACT_FIND: case ACT_FILTER: find_start(u, a); break;
	case ACT_FIND_NEXT: case ACT_FIND_PREV: find_next(u, a); break;
	case ACT_EXPORT:
		if (!preview_waits(u, "e"))
			u->mode = MODE_EXPORT_KIND;
		break;
	case ACT_BACK: history_back(u, -1); break;
	case ACT_FORWARD: history_back(u, 1); break;
	case ACT_OPEN_SOURCE: source_open(u); break;
	case ACT_COPY: case ACT_COPY_PANE: copy_text(u, a == ACT_COPY_PANE); break;
	case ACT_COMMAND: command_show(u); break;
	default:
		if (dispatch_view(u, a))
			break;
		/* the keys that show a pane (the registry's rows: 1-7, J, ?, W, L) */
		if ((row = registry_key(&u->panes, a)) < 0)
			return 0;
		layout_show(u, row);
	}
	return 1;
}

/* What a pane returned. */
static void dispatch_result(struct ui *u, struct pane *p, enum pane_res r,
                            const struct pane_out *out)
{
	if (out->msg[0])
		shell_say(u, out->msg);
	if (r == PANE_JUMP)
		history_jump(u, out->target);
	else if (r == PANE_SPAN)
		dispatch_show_call(u, p);
	else if (r == PANE_RANGE)
		dispatch_range(u, p);
	else if (r == PANE_SCOPE)
		dispatch_scope(u, p);
	else if (r == PANE_CLOSE && p == &u->overlay)
		u->overlay.ops = NULL;
}

/* A key while a prompt is open. */
static void dispatch_prompt(struct ui *u, int ch)
{
	enum action a = keymap_lookup(ch, PANE_PROMPT);
	if (u->mode == MODE_FIND || u->mode == MODE_FILTER)
		find_key(u, a, ch);
	else if (u->mode == MODE_COLLAPSE || u->mode == MODE_APP)
		follow_transform_key(u, a, ch);
	else if (u->mode == MODE_SRC_PICK)
		source_pick_key(u, ch);
	else
		exporter_key(u, a, ch);
}

/* Action a in the focused pane p, else in the list. */
static void dispatch_pane(struct ui *u, struct pane *p, enum action a)
{
	struct pane_out out = {PANE_NONE, ""};
	struct pane_ctx ctx = shell_ctx(u, p);
	enum pane_res r = p->ops->act(p->self, a, &ctx, &out);
	if (r == PANE_IGNORED && p->self != u->list.self && p != &u->overlay) {
		/* A key of every pane that acts on the list. */
		p = &u->list;
		ctx = shell_ctx(u, p);
		r = p->ops->act(p->self, a, &ctx, &out);
	}
	dispatch_result(u, p, r, &out);
	shell_sync_lower(u);
}

int dispatch_key(struct ui *u, int ch)
{
	int quit = 0;
	u->msg[0] = '\0';
	if (ch == KEY_RESIZE) {
		mouse_drag_stop(u, 1);  /* its columns no longer mean the same times */
		u->split = 0;  /* laid out again as at start: the old split may not fit */
		layout_apply(u);
		/* Repaint every cell: output written at the old size may have
		 * wrapped on the resized terminal, which ncurses cannot know. */
		clearok(curscr, TRUE);
		return 0;
	}
	/* Esc (or Ctrl-G) while button 1 is held cancels the drag. */
	if (u->drag == DRAG_ON && keymap_lookup(ch, u->timeline.ops->kind) == ACT_RANGE_CANCEL) {
		mouse_drag_stop(u, 1);
		shell_say(u, "drag cancelled");
		return 0;
	}
	if (u->mode != MODE_KEYS) {
		dispatch_prompt(u, ch);
		return 0;
	}
	if (ch == KEY_MOUSE) {
		mouse_event(u);
		return 0;
	}
	if (!u->hdr)  /* too small: only q works */
		return keymap_lookup(ch, u->list.ops->kind) == ACT_QUIT;
	struct pane *p = shell_focused(u);
	enum action a = keymap_lookup(ch, p->ops->kind);
	int shown = u->command_shown;
	if (a == ACT_NONE && p == &u->timeline) {
		/* A key the timeline has no use for is the pane's below it
		 * (sort, tree and transform keys): the focus stays. */
		a = keymap_lookup(ch, u->lower.ops->kind);
		p = &u->lower;
	}
	if (a == ACT_NONE) {  /* never silent when another pane uses it */
		if (p != &u->overlay)
			keyhint_where(u, ch, u->msg, sizeof u->msg);
		return 0;
	}
	if (a == ACT_CHART && p != &u->timeline) {  /* x from below: to the timeline */
		u->focus_tl = 1;
		p = &u->timeline;
	}
	if (dispatch_shell(u, a, &quit)) {
		if (shown && a != ACT_COMMAND)  /* : stays until a key other than it */
			u->command_shown = 0;
		return quit;
	}
	u->command_shown = 0;
	dispatch_pane(u, p, a);
	return 0;
}
