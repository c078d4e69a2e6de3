/* history.c: selection and back/forward (see history.h). */
#include "shell/history.h"

#include <string.h>

#include "shell/shell.h"

void history_push(struct ui *u, uint32_t from)
{
	if (u->hist_pos == SHELL_HISTORY) {
		memmove(u->hist, u->hist + 1, (SHELL_HISTORY - 1) * sizeof *u->hist);
		u->hist_pos--;
	}
	u->hist[u->hist_pos++] = from;
	u->hist_n = u->hist_pos;
}

int history_select(struct ui *u, uint32_t item)
{
	if (u->list.ops->select(u->list.self, item) < 0)
		return -1;
	if (!shell_lower_is_list(u))
		u->lower.ops->select(u->lower.self, item);
	return 0;
}

void history_jump(struct ui *u, uint32_t item)
{
	uint32_t from = shell_selected(u);
	if (item == from || history_select(u, item) < 0) {
		if (item != from)
			shell_say(u, "that method has no calls in this scope");
		return;
	}
	history_push(u, from);
}

void history_back(struct ui *u, int dir)
{
	uint32_t cur = shell_selected(u);
	if (dir < 0 && u->hist_pos > 0) {
		uint32_t to = u->hist[u->hist_pos - 1];
		/* Keep the current one for Forward, in the slot we leave. */
		u->hist[u->hist_pos - 1] = cur;
		u->hist_pos--;
		history_select(u, to);
	} else if (dir > 0 && u->hist_pos < u->hist_n) {
		uint32_t to = u->hist[u->hist_pos];
		u->hist[u->hist_pos] = cur;
		u->hist_pos++;
		history_select(u, to);
	} else {
		shell_say(u, dir < 0 ? "no earlier method" : "no later method");
	}
}
