/* exporter.c: the export prompt (see exporter.h). */
#include "shell/exporter.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "session/session.h"
#include "shell/shell.h"
#include "write/export.h"

/* What e's "t" writes for the pane below the timeline (its row's words),
 * NULL when it has no rows to export. */
static const struct registry_row *exporter_rows(const struct ui *u)
{
	const struct registry_row *r = shell_row(shell_lower_row(u));
	return r->export && u->lower.ops->export_rows ? r : NULL;
}

/* "NAME.folded", "NAME.json" or "NAME.speedscope.json" (the name that
 * makes speedscope read its own format) beside the trace's own name. */
static void exporter_default(const struct ui *u, char *buf, size_t n)
{
	const char *base = strrchr(u->path, '/');
	base = base ? base + 1 : u->path;
	size_t len = strlen(base);
	if (len > 6 && strcmp(base + len - 6, ".trace") == 0)
		len -= 6;
	snprintf(buf, n, "%.*s%s", (int)(len < 200 ? len : 200), base,
	         u->export_kind == 'c'   ? ".json"
	         : u->export_kind == 's' ? ".speedscope.json"
	         : u->export_kind == 't' ? exporter_rows(u)->export_ext : ".folded");
}

static void exporter_write(struct ui *u)
{
	const struct profile *p = session_profile(u->s);
	struct export_opts eo = {session_clock(u->s), 0, 0, NULL, NULL};   /* the view keeps its calls */
	FILE *out = fopen(u->prompt.text, "w");
	char msg[sizeof u->msg];
	if (!out) {
		snprintf(msg, sizeof msg, "cannot write %s", u->prompt.text);
		shell_say(u, msg);
		return;
	}
	enum tv_status st = u->export_kind == 't'
	                        ? (u->lower.ops->export_rows(u->lower.self, out) < 0 ? TV_ERR_OUTPUT
	                                                                             : TV_OK)
	                    : u->export_kind == 'c' ? export_chrome(out, p, &eo)
	                    : u->export_kind == 's' ? export_speedscope(out, p, &eo)
	                                            : export_folded(out, p, &eo);
	if (fclose(out) != 0)
		st = TV_ERR_OUTPUT;
	snprintf(msg, sizeof msg, st == TV_OK ? "wrote %s" : "failed writing %s", u->prompt.text);
	shell_say(u, msg);
}

void exporter_key(struct ui *u, enum action a, int ch)
{
	struct stat st;
	char name[256];
	if (u->mode == MODE_EXPORT_KIND) {
		if (ch != 'f' && ch != 'c' && ch != 's' && (ch != 't' || !exporter_rows(u))) {
			u->mode = MODE_KEYS;
			return;
		}
		if (ch == 'c' && trace_is_sequence(session_base(u->s))) {
			u->mode = MODE_KEYS;   /* its ts are time, as --format=chrome says */
			shell_say(u, "Trace Event JSON needs times and this dump has none: "
			             "s (speedscope) and f (folded) take it");
			return;
		}
		u->export_kind = ch;
		exporter_default(u, name, sizeof name);
		prompt_set(&u->prompt, name);
		u->mode = MODE_EXPORT_NAME;
		return;
	}
	if (u->mode == MODE_EXPORT_CONFIRM) {
		u->mode = MODE_KEYS;
		if (ch == 'y' || ch == 'Y')
			exporter_write(u);
		else
			shell_say(u, "not exported");
		return;
	}
	switch (prompt_act(&u->prompt, a, ch)) {
	case PROMPT_CANCEL: u->mode = MODE_KEYS; break;
	case PROMPT_ACCEPT:
		if (!u->prompt.text[0]) {
			u->mode = MODE_KEYS;
		} else if (stat(u->prompt.text, &st) == 0) {
			u->mode = MODE_EXPORT_CONFIRM;  /* never overwrite without asking */
		} else {
			u->mode = MODE_KEYS;
			exporter_write(u);
		}
		break;
	default: break;
	}
}

void exporter_line(const struct ui *u, const char *q, char *line, size_t n)
{
	const struct registry_row *rows = exporter_rows(u);
	const struct trace_sel *scope = u->s ? session_scope(u->s) : NULL;
	if (u->mode == MODE_EXPORT_KIND)
		snprintf(line, n, " export the %s view as: %s%s%sf folded stacks  c Trace Event JSON"
		         "  s speedscope  (other keys cancel)",
		         !scope ? "whole" : scope->n == 1 ? "thread's" : "threads'", rows ? "t " : "",
		         rows ? rows->export : "", rows ? "  " : "");
	else if (u->mode == MODE_EXPORT_NAME)
		snprintf(line, n, " write %s to: %s   Enter write  Esc cancel",
		         u->export_kind == 'c'   ? "Trace Event JSON"
		         : u->export_kind == 's' ? "speedscope JSON"
		         : u->export_kind == 't' ? rows->export : "folded stacks", q);
	else
		snprintf(line, n, " %s exists: overwrite it? y/n", q);
}
