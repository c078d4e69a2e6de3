/* bars.c: the header and footer lines (see bars.h). */
#include "shell/bars.h"

#include <stdio.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/text.h"
#include "draw/units.h"
#include "session/session.h"
#include "session/steptext.h"
#include "shell/exporter.h"
#include "shell/preview.h"
#include "shell/shell.h"
#include "shell/source.h"

/* The steps as people read them (steptext.h: times in the ruler's unit,
 * methods by name), joined by the crumb symbol, then "computing…" while
 * a rebuild runs; "" without steps. */
static void bars_crumbs(const struct ui *u, char *buf, size_t n)
{
	const struct timeline *tl = session_timeline(u->s);
	char label[600];
	size_t len = 0;
	buf[0] = '\0';
	for (uint32_t i = 0; i < session_nsteps(u->s) && len < n; i++) {
		steptext_label(session_base(u->s), session_step(u->s, i), tl->end - tl->begin, u->ascii,
		               label, sizeof label);
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? draw_sym(SYM_CRUMB, u->ascii) : "",
		                        label);
	}
	if (session_rebuilding(u->s) && len < n)
		snprintf(buf + len, n - len, "%scomputing%s", len ? " " : "",
		         draw_sym(SYM_ELLIPSIS, u->ascii));
}

/* The thread scope shown ("thread 1 main", "3 threads", "all
 * threads"), or on its way. */
static void bars_scope(const struct ui *u, char *buf, size_t n)
{
	const struct trace_sel *pending = session_scope_pending(u->s);
	steptext_scope_label(session_base(u->s), pending ? pending : session_scope(u->s), u->ascii,
	                     buf, n);
	if (pending)
		snprintf(buf + strlen(buf), n - strlen(buf), ": computing%s",
		         draw_sym(SYM_ELLIPSIS, u->ascii));
}

/* What the header must show whatever the width, after the file name:
 * the share of a big trace loaded so far (preview.h), the warnings, the scope, the steps and the filter in force with how to
 * clear it (a filter leaves the table short of methods: it must show). */
static void bars_key_items(const struct ui *u, int narrow, char *buf, size_t n)
{
	const char *sep = draw_sym(SYM_SEP, u->ascii);
	char scope[200], crumbs[400], filter[600] = "", warn[64] = "", mark[32];
	preview_mark(u, mark, sizeof mark);
	size_t kinds = tv_warnings_kinds(&session_base(u->s)->warnings);
	if (kinds)
		snprintf(warn, sizeof warn, "%s%s%s%zu%s (W)", sep, draw_sym(SYM_WARN, u->ascii),
		         narrow ? "" : " ", kinds, narrow ? "" : kinds == 1 ? " warning" : " warnings");
	bars_scope(u, scope, sizeof scope);
	bars_crumbs(u, crumbs, sizeof crumbs);
	if (u->filter[0]) {
		char q[300];
		text_escape(u->filter, strlen(u->filter), u->ascii, q, sizeof q);
		snprintf(filter, sizeof filter, "%sfilter: %s (& Enter clears)", sep, q);
	}
	shell_bar_text(buf, n, "%s%s%s%s%s%s%s%s", mark[0] ? sep : "", mark, warn, sep, scope,
	               crumbs[0] ? sep : "", crumbs, filter);
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
 * the right; with a filter in force the file name gives up its room to
 * it first. */
void bars_header(struct ui *u)
{
	char line[1200], file[600], dur[48], keyi[1200], vmb[200];
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
	units_duration(tr, dur, sizeof dur, tl->end - tl->begin, 0);
	const char *vmw = bars_vm(tr, vmb, sizeof vmb);
	/* a trace without time: its one axis counts events */
	const char *base_clock = trace_is_sequence(tr)          ? "no"
	                         : session_clock(u->s) == TV_CPU ? "CPU"
	                                                         : "real";
	bars_key_items(u, 0, keyi, sizeof keyi);
	shell_bar_text(line, sizeof line, " %s%s%s%s time%s%s%s%u threads%s%s %s%sclock %s", file,
	               keyi, sep, base_clock, sep, dur, sep, session_nthreads(u->s), sep, vmw, vmb,
	               sep, trace_clock_name(tr->clock));
	if (text_width(line) > u->cols) {
		bars_key_items(u, 1, keyi, sizeof keyi);
		/* The room left by the lead blank, the items, and the ellipsis
		 * of the cut that follows them. */
		int room = u->cols - 2 - text_width(keyi);
		if (u->filter[0] && text_width(file) > room) {
			char cut[600];
			text_fit(file, room > 1 ? room : 1, u->ascii, cut, sizeof cut);
			snprintf(file, sizeof file, "%s", cut);
		}
		shell_bar_text(line, sizeof line, " %s%s%s%s%s%s%s%s%u thr%s%s", file, keyi, sep,
		               base_clock, trace_is_sequence(tr) ? " time" : "", sep, dur, sep,
		               session_nthreads(u->s), sep, vmb);
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

/* A footer hint ("Up/Down move") and its rank: the narrower the
 * terminal, the fewer hints, the lowest ranks kept, each whole. */
struct bars_hint {
	char text[80];
	int rank;
};
#define BARS_HINTS 32

/* "KEY label" per action of a[0..n) with a footer label, keys of
 * neighbours with the same label joined by '/': "Up/Down move"; appended
 * to h (k of them so far), the first `first` ranked rank, rank + 1, ...,
 * the rest from later on. The new count. */
static size_t bars_hints(const enum action *a, size_t n, int rank, int first, int later,
                         struct bars_hint *h, size_t k)
{
	int made = 0;
	for (size_t i = 0; i < n && k < BARS_HINTS; i++) {
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
		snprintf(h[k].text, sizeof h[k].text, "%s %s", keys, label);
		h[k++].rank = made < first ? rank + made : later + made;
		made++;
	}
	return k;
}

/* The hints that fit cols columns, taken by rank (a narrower one may
 * still fit after a wider one did not), into line in their own order, two
 * blanks apart; none is cut. */
static void bars_fit_hints(const struct bars_hint *h, size_t n, int cols, char *line, size_t size)
{
	uint8_t tried[BARS_HINTS] = {0}, keep[BARS_HINTS] = {0};
	int used = 0;
	for (size_t round = 0; round < n; round++) {
		size_t best = n;
		for (size_t j = 0; j < n; j++)
			if (!tried[j] && (best == n || h[j].rank < h[best].rank))
				best = j;
		tried[best] = 1;
		int w = text_width(h[best].text) + (used ? 2 : 0);
		if (used + w <= cols) {
			keep[best] = 1;
			used += w;
		}
	}
	size_t len = 0;
	line[0] = '\0';
	for (size_t i = 0; i < n && len < size; i++)
		if (keep[i])
			len += (size_t)snprintf(line + len, size - len, "%s%s", len ? "  " : "", h[i].text);
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

/* The keys the focused pane offers, as hints: ? and q, Tab and where it
 * goes, find, then the pane's own first four, then filter, scope and
 * export, then the pane's others. */
static size_t bars_footer_hints(struct ui *u, struct pane *p, struct bars_hint *h)
{
	static const enum action shell[] = {ACT_HELP, ACT_QUIT};
	static const enum action more[] = {ACT_FIND, ACT_FILTER, ACT_SCOPE, ACT_EXPORT};
	enum action a[SHELL_FOOTER_MAX];
	size_t k = 0, n = 0;
	if (p == &u->overlay) {  /* its own keys only */
		n = p->ops->footer(p->self, a, SHELL_FOOTER_MAX);
		return bars_hints(a, n, 0, (int)n, 0, h, 0);
	}
	k = bars_hints(shell, 2, 0, 2, 0, h, k);
	if (u->timeline.ops && k < BARS_HINTS) {  /* Tab names where it goes */
		snprintf(h[k].text, sizeof h[k].text, "Tab %s",
		         shell_row(u->focus_tl ? shell_lower_row(u)
		                               : registry_row_of(&u->panes, u->timeline.self))->tab);
		h[k++].rank = 2;
	}
	for (size_t i = 0; i < sizeof more / sizeof *more; i++)
		if (actions_info(more[i])->panes & PANE_BIT(p->ops->kind))
			a[n++] = more[i];
	k = bars_hints(a, n, 3, 1, 20, h, k);
	n = p->ops->footer(p->self, a, SHELL_FOOTER_MAX);
	return bars_hints(a, n, 10, 4, 30, h, k);
}

void bars_footer(struct ui *u)
{
	char line[1000] = "", keys[800] = "";
	struct bars_hint h[BARS_HINTS];
	if (u->mode != MODE_KEYS) {
		bars_prompt(u, line, sizeof line);
		draw_row(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
		return;
	}
	size_t n = bars_footer_hints(u, shell_focused(u), h);
	/* The message first (a narrow terminal cuts its end), then the hints
	 * that fit whole in what is left. */
	int room = u->cols - 1 - (u->msg[0] ? text_width(u->msg) + 5 : 0);
	bars_fit_hints(h, n, room, keys, sizeof keys);
	shell_bar_text(line, sizeof line, " %s%s%s", u->msg, u->msg[0] && keys[0] ? "  |  " : "",
	               keys);
	draw_row(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}
