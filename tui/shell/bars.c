/* bars.c: the header and footer lines (see bars.h). */
#include "shell/bars.h"

#include <stdio.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/text.h"
#include "draw/units.h"
#include "session/session.h"
#include "shell/exporter.h"
#include "shell/shell.h"
#include "shell/source.h"

/* The steps as the command line writes them, joined by the crumb symbol,
 * then "computing…" while a rebuild runs; "" without steps. */
static void bars_crumbs(const struct ui *u, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (uint32_t i = 0; i < session_nsteps(u->s) && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? draw_sym(SYM_CRUMB, u->ascii) : "",
		                        session_step(u->s, i)->text);
	if (session_rebuilding(u->s) && len < n)
		snprintf(buf + len, n - len, "%scomputing%s", len ? " " : "",
		         draw_sym(SYM_ELLIPSIS, u->ascii));
}

/* The vm ("art"), escaped, and "vm"; or for a dump out of an ANR report
 * its process, "com.example.app (pid 4321)" from the trace's cmd-line
 * and pid options, and "process". */
static const char *bars_vm(const struct trace *tr, char *buf, size_t n)
{
	size_t clen = 0, plen = 0, vlen = 0;
	const char *cmd = trace_option(tr, "cmd-line", &clen), *pid = trace_option(tr, "pid", &plen);
	const char *vm = trace_option(tr, "vm", &vlen);
	char a[128], b[32];
	if (vm || (!cmd && !pid)) {
		/* cut at 64 bytes as it always was */
		text_escape(vm ? vm : "?", vm ? vlen : 1, 1, buf, n < 64 ? n : 64);
		return "vm";
	}
	text_escape(cmd ? cmd : "", clen, 1, a, sizeof a);
	text_escape(pid ? pid : "", plen, 1, b, sizeof b);
	snprintf(buf, n, "%s%s%s%s", a, cmd && pid ? " (pid " : pid ? "pid " : "", b,
	         cmd && pid ? ")" : "");
	return "process";
}

/* Most important first: a narrow terminal abbreviates, then cuts from
 * the right. */
void bars_header(struct ui *u)
{
	char line[1200], file[600], dur[48], scope[96], crumbs[400], steps[420] = "";
	const char *sep = draw_sym(SYM_SEP, u->ascii);
	if (!u->s) {  /* the diff screen: its list says what it shows */
		u->list.ops->header(u->list.self, u->ascii, line, sizeof line);
		draw_row(u->hdr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
		return;
	}
	const char *base = strrchr(u->path, '/');
	base = base && base[1] ? base + 1 : u->path;
	text_escape(base, strlen(base), u->ascii, file, sizeof file);
	const struct trace *tr = session_base(u->s);
	const struct timeline *tl = session_timeline(u->s);
	uint32_t tid;
	units_duration(tr, dur, sizeof dur, tl->end - tl->begin, 0);
	if (session_scope_pending(u->s, &tid))
		snprintf(scope, sizeof scope, "thread %lu: computing%s", (unsigned long)tid,
		         draw_sym(SYM_ELLIPSIS, u->ascii));
	else if (session_scoped(u->s, &tid))
		snprintf(scope, sizeof scope, "thread %lu", (unsigned long)tid);
	else
		snprintf(scope, sizeof scope, "all threads");
	char vmb[200];
	const char *vmw = bars_vm(tr, vmb, sizeof vmb);
	size_t kinds = tv_warnings_kinds(&tr->warnings);
	char warn[64] = "";
	if (kinds)
		snprintf(warn, sizeof warn, "%s%s %zu warning%s (W)", sep, draw_sym(SYM_WARN, u->ascii),
		         kinds, kinds == 1 ? "" : "s");
	bars_crumbs(u, crumbs, sizeof crumbs);
	if (crumbs[0])
		snprintf(steps, sizeof steps, "%s%s", sep, crumbs);
	/* a trace without time: its one axis counts events */
	const char *base_clock = trace_is_sequence(tr)          ? "no time"
	                         : session_clock(u->s) == TV_CPU ? "CPU time"
	                                                         : "real time";
	shell_bar_text(line, sizeof line, " %s%s%s%s%s%s%s%s%s%s%u threads%s%s %s%sclock %s",
	               file, warn, sep, scope, steps, sep, base_clock, sep, dur, sep,
	               session_nthreads(u->s), sep, vmw, vmb, sep, trace_clock_name(tr->clock));
	if (text_width(line) > u->cols) {
		if (kinds)
			snprintf(warn, sizeof warn, "%s%s%zu (W)", sep, draw_sym(SYM_WARN, u->ascii), kinds);
		shell_bar_text(line, sizeof line, " %s%s%s%s%s%s%s%s%s%s%u thr%s%s", file, warn, sep,
		               scope, steps, sep, base_clock, sep, dur, sep, session_nthreads(u->s), sep,
		               vmb);
	}
	draw_row(u->hdr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}

/* The first key name of an action ("?" of "? F1"). */
static void bars_first_key(enum action a, char *buf, size_t n)
{
	const char *k = actions_info(a)->keys;
	size_t len = strcspn(k, " ");
	snprintf(buf, n, "%.*s", (int)len, k);
}

/* "KEY label" per action, keys of neighbours with the same label joined
 * by '/': "Up/Down move". */
static void bars_footer_keys(const enum action *a, size_t n, char *line, size_t size)
{
	for (size_t i = 0; i < n; i++) {
		const char *label = actions_info(a[i])->footer;
		char keys[64], one[32];
		if (!label[0])
			continue;
		bars_first_key(a[i], keys, sizeof keys);
		while (i + 1 < n && strcmp(actions_info(a[i + 1])->footer, label) == 0) {
			bars_first_key(a[++i], one, sizeof one);
			strncat(keys, "/", sizeof keys - strlen(keys) - 1);
			strncat(keys, one, sizeof keys - strlen(keys) - 1);
		}
		size_t len = strlen(line);
		snprintf(line + len, size - len, "%s%s %s", len ? "  " : "", keys, label);
	}
}

/* The footer line of the prompt that is open. */
static void bars_prompt(const struct ui *u, char *line, size_t n)
{
	char q[300];
	text_escape(u->prompt.text, u->prompt.len, u->ascii, q, sizeof q);
	switch (u->mode) {
	case MODE_FIND: case MODE_FILTER:
		snprintf(line, n, " %s%s   %s   Enter keep  Esc cancel", u->mode == MODE_FIND ? "/" : "&",
		         q, u->msg);
		break;
	case MODE_EXPORT_KIND: case MODE_EXPORT_NAME: case MODE_EXPORT_CONFIRM:
		exporter_line(u, q, line, n);
		break;
	case MODE_COLLAPSE: case MODE_APP:
		snprintf(line, n, " %s %s   Enter apply  Esc cancel",
		         u->mode == MODE_APP ? "only my code, the app's packages:" : "collapse classes:", q);
		break;
	case MODE_SRC_PICK: source_line(u, line, n); break;
	case MODE_KEYS: line[0] = '\0'; break;
	}
}

void bars_footer(struct ui *u)
{
	char line[1000] = "", keys[800] = "";
	enum action a[SHELL_FOOTER_MAX] = {ACT_NONE};
	size_t n = 0;
	if (u->mode != MODE_KEYS) {
		bars_prompt(u, line, sizeof line);
		draw_row(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
		return;
	}
	struct pane *p = shell_focused(u);
	if (p != &u->overlay) {
		static const enum action shell[] = {ACT_HELP, ACT_QUIT};
		for (size_t i = 0; i < sizeof shell / sizeof *shell; i++)
			a[n++] = shell[i];
	}
	bars_footer_keys(a, n, keys, sizeof keys);
	if (p != &u->overlay && u->timeline.ops)  /* Tab names where it goes */
		snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "  Tab %s",
		         shell_row(u->focus_tl ? shell_lower_row(u)
		                               : registry_row_of(&u->panes, u->timeline.self))->tab);
	n = 0;
	if (p != &u->overlay) {
		static const enum action shell[] = {ACT_FIND, ACT_FILTER, ACT_SCOPE, ACT_EXPORT};
		for (size_t i = 0; i < sizeof shell / sizeof *shell; i++)
			if (actions_info(shell[i])->panes & PANE_BIT(p->ops->kind))
				a[n++] = shell[i];
	}
	n += p->ops->footer(p->self, a + n, SHELL_FOOTER_MAX - n);
	char more[800] = "";
	bars_footer_keys(a, n, more, sizeof more);
	/* Messages first, then the keys: a narrow terminal cuts the end. */
	shell_bar_text(line, sizeof line, " %s%s%s%s%s", u->msg, u->msg[0] ? "  |  " : "", keys,
	               keys[0] && more[0] ? "  " : "", more);
	draw_row(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}
