/* command.c: `:` (see command.h). */
#include "shell/command.h"

#include <stdio.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/text.h"
#include "session/session.h"
#include "session/steptext.h"
#include "shell/shell.h"

/* A shell word: as it is when it is plain, else in single quotes. */
static void command_word(char *out, size_t n, const char *s)
{
	size_t k = 0;
	int plain = *s != '\0';
	for (const char *c = s; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,+@%",
		            *c))
			plain = 0;
	if (plain) {
		snprintf(out, n, "%s", s);
		return;
	}
	if (k + 1 < n)
		out[k++] = '\'';
	for (; *s && k + 5 < n; s++) {
		if (*s == '\'') {
			memcpy(out + k, "'\\''", 4);
			k += 4;
		} else {
			out[k++] = *s;
		}
	}
	if (k + 1 < n)
		out[k++] = '\'';
	out[k] = '\0';
}

/* The scope's --thread words at k of u->command: a glob when one names
 * exactly its threads and is shorter, else one --thread= per thread. The
 * new end. */
static size_t command_threads(struct ui *u, size_t k)
{
	const struct trace_sel *sel = session_scope(u->s);
	size_t size = sizeof u->command;
	char glob[600], word[1200];
	if (sel && steptext_scope_glob(session_base(u->s), sel, glob, sizeof glob)) {
		command_word(word, sizeof word, glob);
		return k + (size_t)snprintf(u->command + k, size - k, " --thread=%s", word);
	}
	for (uint32_t i = 0; sel && i < sel->n && k < size; i++)
		k += (size_t)snprintf(u->command + k, size - k, " --thread=%lu",
		                      (unsigned long)sel->tids[i]);
	return k;
}

/* The diff screen's: its options, clock and view, the pane's size, both
 * traces. */
static void command_show_diff(struct ui *u)
{
	char word[1200], path[2][600];
	size_t k = 0, size = sizeof u->command;
	k += (size_t)snprintf(u->command, size, "traceview --diff");
	for (uint32_t i = 0; i < u->ndiff_args && k < size; i++) {
		const char *arg = u->diff_args[i], *eq = strchr(arg, '=');
		command_word(word, sizeof word, eq ? eq + 1 : "");
		k += (size_t)snprintf(u->command + k, size - k, " %.*s=%s",
		                      (int)(eq ? eq - arg : 0), arg, word);
	}
	command_word(path[0], sizeof path[0], u->path);
	command_word(path[1], sizeof path[1], u->next);
	if (k < size)
		shell_bar_text(u->command + k, size - k, " --clock=%s --view=%s --width=%d --height=%d %s %s",
		               u->diff_clock == TV_CPU ? "cpu" : "wall",
		               shell_row(shell_lower_row(u))->view, getmaxx(u->tbw), getmaxy(u->tbw),
		               path[0], path[1]);
	u->command_shown = 1;
}

void command_show(struct ui *u)
{
	if (!u->s) {
		command_show_diff(u);
		return;
	}
	char path[600], arg[1100], words[64] = "";
	const char *view = shell_row(shell_lower_row(u))->view;
	size_t k = 0, size = sizeof u->command;
	command_word(path, sizeof path, u->path);
	k += (size_t)snprintf(u->command, size, "traceview");
	k = command_threads(u, k);
	/* The steps in force, in order, as the command line takes them:
	 * times in the ruler's unit, methods by name (steptext.h). */
	const struct timeline *tl = session_timeline(u->s);
	for (uint32_t i = 0; i < session_nview(u->s) && k < size; i++) {
		const struct derive_step *st = session_step(u->s, i);
		char word[1200];
		steptext_arg(session_base(u->s), st, tl->end - tl->begin, arg, sizeof arg);
		command_word(word, sizeof word, arg);
		k += (size_t)snprintf(u->command + k, size - k, " --%s=%s",
		                      st->kind == DERIVE_RANGE ? "range" : "transform", word);
	}
	if (k < size)
		k += (size_t)snprintf(u->command + k, size - k, " --clock=%s --view=%s --width=%d "
		                      "--height=%d", session_clock(u->s) == TV_CPU ? "cpu" : "wall", view,
		                      getmaxx(u->tbw), getmaxy(u->tbw));
	/* The pane's own words: a tree's --sort, the jank list's --frame. */
	if (u->lower.ops->command)
		u->lower.ops->command(u->lower.self, u->s, words, sizeof words);
	if (words[0] && k < size)
		k += (size_t)snprintf(u->command + k, size - k, " %s", words);
	uint32_t m = shell_selected(u);
	if (m != PANE_NONE && m < session_base(u->s)->nmethods && k < size) {
		steptext_method_arg(session_base(u->s), m, arg, sizeof arg);
		char word[1200];
		command_word(word, sizeof word, arg);
		k += (size_t)snprintf(u->command + k, size - k, " --method=%s", word);
	}
	if (k < size)
		snprintf(u->command + k, size - k, " %s", path);
	u->command_shown = 1;
}

void command_draw(struct ui *u)
{
	char esc[4200];
	if (!u->command_shown || !u->ftr)
		return;
	/* Escaped: the trace's file name may hold anything; y copies it as
	 * it is. */
	text_escape(u->command, strlen(u->command), u->ascii, esc, sizeof esc);
	int most = (u->lines - 2) / 2, rows = text_rows_words(esc, u->cols);
	rows = rows < most ? rows : most > 0 ? most : 1;
	WINDOW *w = newwin(rows, u->cols, u->lines - rows, 0);
	if (!w)
		return;
	draw_no_erase(w);
	draw_wrapped_words(w, 0, rows, esc, u->color.role[ROLE_HEADER], u->ascii);
	wnoutrefresh(w);
	delwin(w);
}
