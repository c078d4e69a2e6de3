/* source.c: o and its choice of files (see source.h). */
#include "shell/source.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw/text.h"
#include "session/session.h"
#include "shell/mouse.h"
#include "shell/shell.h"
#include "shell/srcopen.h"

/* The editor on a file: the terminal goes back to the shell's mode for
 * it, and the whole screen is drawn again afterwards. */
static void source_edit(struct ui *u, const char *path, int64_t line)
{
	char msg[sizeof u->msg], shown[sizeof u->msg];
	mouse_drag_stop(u, 0);
	def_prog_mode();
	endwin();
	srcopen_run(path, line, msg, sizeof msg);
	reset_prog_mode();
	clearok(curscr, TRUE);
	/* It names the file (a name on disk) and the editor ($EDITOR). */
	text_escape(msg, strlen(msg), u->ascii, shown, sizeof shown);
	shell_say(u, shown);
}

void source_open(struct ui *u)
{
	char msg[sizeof u->msg], cls[96], name[64], src[84];
	uint32_t m = shell_selected(u);
	const struct trace *cur = session_trace(u->s);
	if (!u->src) {
		shell_say(u, "o opens sources from --src=DIR[:DIR...]: start traceview with it");
		return;
	}
	if (m == PANE_NONE || m >= cur->nmethods || cur->methods[m].synthetic ||
	    !cur->methods[m].declared) {
		shell_say(u, "select a method with a class first");
		return;
	}
	const struct tv_method *tm = &cur->methods[m];
	srcfind_free(&u->found);
	if (srcfind_find(&u->found, u->src, trace_str(cur, tm->cls), tm->cls.len,
	                 tm->source.len ? trace_str(cur, tm->source) : NULL, tm->source.len) !=
	    TV_OK) {
		shell_say(u, "out of memory");
		return;
	}
	u->found_line = tm->has_line ? tm->line : 0;
	/* The file name may come from the trace's source field: escaped like
	 * the class (each cut at a whole character by its buffer). */
	text_escape(trace_str(cur, tm->cls), tm->cls.len, u->ascii, cls, sizeof cls);
	text_escape(u->found.name, strlen(u->found.name), u->ascii, name, sizeof name);
	text_escape(u->src, strlen(u->src), u->ascii, src, sizeof src);
	if (!u->found.n) {
		shell_bar_text(msg, sizeof msg, "no %s for %s under --src=%s%s",
		               name[0] ? name : "source file", cls, src,
		               u->found.capped ? " (the search stopped at its bound)" : "");
		shell_say(u, msg);
	} else if (u->found.n == 1) {
		source_edit(u, u->found.paths[0], u->found_line);
	} else {
		u->mode = MODE_SRC_PICK;
	}
}

void source_pick_key(struct ui *u, int ch)
{
	u->mode = MODE_KEYS;
	if (ch >= '1' && ch <= '9' && (size_t)(ch - '1') < u->found.n)
		source_edit(u, u->found.paths[ch - '1'], u->found_line);
	else
		shell_say(u, "no file opened");
}

void source_line(const struct ui *u, char *line, size_t n)
{
	const char *more = u->found.n > 9 ? " (the first 9 here: a narrower --src for others)" : "";
	size_t k = (size_t)snprintf(line, n, " %zu%s files match%s, pick one:", u->found.n,
	                            u->found.capped ? " or more" : "", more);
	for (size_t i = 0; i < u->found.n && i < 9 && k < n; i++) {
		char e[600];
		const char *p = u->found.paths[i];
		text_escape(p, strlen(p), u->ascii, e, sizeof e);
		k += (size_t)snprintf(line + k, n - k, "  %zu %s", i + 1, e);
	}
	if (k < n)
		snprintf(line + k, n - k, "  (other keys cancel)");
}
