/* main.c: the traceview command line.
 *
 * Parses options, loads the trace (or two, for --diff), and opens the
 * full-screen view or writes a report or export. Only this file decides
 * exit statuses: 0 success, 1 the output could not be written, 2 the
 * command line was wrong or a trace could not be read, 3 a --fail-if rule
 * held.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "actions.h"
#include "analyze/methodcalls.h"
#include "analyze/diff.h"
#include "write/export.h"
#include "analyze/gate.h"
#include "base/grow.h"
#include "analyze/jank.h"
#include "analyze/pathtree.h"
#include "read/inflate.h"
#include "model/load.h"
#include "model/mapping.h"
#include "analyze/profile.h"
#include "write/report.h"
#include "base/textesc.h"
#include "model/trace.h"
#include "cli/formats.h"
#include "cli/loading.h"
#include "cli/msg.h"
#include "cli/options.h"
#include "cli/reportrun.h"
#include "cli/request.h"
#include "cli/resolve.h"
#include "cli/tty.h"
#include "ui.h"
#include "viewprint.h"
#include "analyze/derive.h"

/* --view on tr (loaded; view is it or seen through --range and
 * --transform): the pane drawn off screen, printed as text. */
static int main_print_view(const struct request *o, const struct trace *loaded,
                           struct trace *view)
{
	/* The view is already seen through the steps: the UI adds none. */
	struct ui_opts uo = {.color = 0, .ascii = o->ascii, .scoped = o->thread != NULL,
	                     .loaded = loaded, .frame = o->frame_set ? o->frame : 0};
	struct viewprint_req req = {o->view, o->width_set ? o->width : 80, o->height, -1,
	                            UINT32_MAX};
	if (o->thread && resolve_thread(o, o->path[0], loaded, &uo.tid) != 0)
		return MSG_EXIT_INPUT;
	if ((o->clock >= 0 && resolve_clock(o, view, o->path[0], &req.clock) != 0) ||
	    resolve_sort(o, view, o->path[0]) != 0)
		return MSG_EXIT_INPUT;
	uo.sort = o->sort;
	uo.sort_ascending = o->sort_ascending;
	uo.sort_clock = req.clock + 1;  /* 0: the view's clock */
	if (o->method) {
		uint8_t *want;
		if (resolve_method(o, view, o->path[0], &want) != 0)
			return MSG_EXIT_INPUT;
		/* Overloads: the first by id, as the docs say. */
		for (req.method = 0; !want[req.method]; req.method++)
			;
		free(want);
	}
	return viewprint_run(o->path[0], view, &uo, &req, stdout);
}

static int main_single(const struct request *o, const struct mapping *map)
{
	struct trace tr;
	struct ui_opts uo = {o->color, o->ascii, o->thread != NULL, 0, o->steps, o->nsteps, o->app_arg,
	                     0, NULL, o->frame_set ? o->frame : 0, o->src, o->sort,
	                     o->sort_ascending, 0};
	if (o->format == FMT_DUMP)
		return reportrun_dump(o, map);
	/* The view takes the terminal before the load, so its progress shows
	 * on the view's screen (not from a pipe: the keys come later from
	 * /dev/tty; not with --thread, whose errors need the plain screen). */
	uo.term_started = !o->view && !o->thread && tty_wants_ui(o) && !tty_reads_stdin(o) &&
	                  ui_loading_start() == 0;
	int rc = loading_trace(o->path[0], map, &tr, uo.term_started, ui_wants_ascii(&uo));
	if (!rc && tty_wants_ui(o) && o->thread)
		rc = resolve_thread(o, o->path[0], &tr, &uo.tid);
	if (!rc && tty_wants_ui(o))
		rc = resolve_sort(o, &tr, o->path[0]);
	if (!rc && tty_wants_ui(o) && tty_keys_from_tty() == 0) {
		rc = ui_run(o->path[0], &tr, &uo);
		if (rc != UI_NO_TERMINAL) {
			trace_free(&tr);
			return rc;
		}
		rc = 0;  /* the terminal could not go full screen: print the report */
	}
	/* --view or a report: of the trace seen through the steps */
	struct trace view, *use = NULL;
	if (!rc)
		rc = resolve_steps(o, o->path[0], &tr, &view, &use);
	if (!rc)
		rc = o->view ? main_print_view(o, &tr, use) : reportrun(o, &tr, use);
	if (use == &view)
		trace_free(&view);
	trace_free(&tr);
	return rc;
}

/* "traceview: --fail-if=RULE: " on stderr. */
static void main_rule_error(const char *rule)
{
	fputs("traceview: --fail-if=", stderr);
	textesc_text(stderr, rule, strlen(rule));
	fputs(": ", stderr);
}

/* Every rule on a time field needs that clock in both traces. */
static int main_gate_clocks(const struct request *o, const struct trace *tr)
{
	for (int i = 0; i < o->nfail_if; i++) {
		struct gate_rule r;
		char why[GATE_WHY];
		if (gate_parse(o->fail_if[i], &r, why, sizeof why) < 0)
			return MSG_EXIT_INPUT;   /* not reached: checked with the options */
		int clock = gate_field_clock(r.field);
		gate_rule_free(&r);
		for (int k = 0; k < 2 && clock >= 0; k++) {
			if (tr[k].has_clock[clock])
				continue;
			main_rule_error(o->fail_if[i]);
			fprintf(stderr, "%s has no %s clock (clock=%s)\n", msg_name(o->path[k]),
			        clock == TV_CPU ? "CPU" : "wall", trace_clock_name(tr[k].clock));
			return MSG_EXIT_INPUT;
		}
	}
	return 0;
}

/* The --fail-if rules over d, one line per (rule, method) that holds on
 * out: MSG_EXIT_GATE when any held, else 0 (MSG_EXIT_OUTPUT, MSG_EXIT_INPUT on
 * failure). */
static int main_gate(const struct request *o, const struct diff *d, FILE *out)
{
	int held = 0;
	for (int i = 0; i < o->nfail_if; i++) {
		struct gate_rule r;
		struct gate_hit *hits;
		size_t n;
		char why[GATE_WHY];
		if (gate_parse(o->fail_if[i], &r, why, sizeof why) < 0)
			return MSG_EXIT_INPUT;
		enum tv_status st = gate_eval(&r, d, &hits, &n);
		if (st == TV_OK)
			st = gate_report(out, &r, d, hits, n);
		held |= n > 0;
		free(hits);
		gate_rule_free(&r);
		if (st == TV_ERR_NOMEM) {
			main_rule_error(o->fail_if[i]);
			fputs("out of memory\n", stderr);
			return MSG_EXIT_INPUT;
		}
		if (st != TV_OK || fflush(out) != 0) {
			fprintf(stderr, "traceview: %s: %s\n", out == stdout ? "standard output"
			                                                     : "standard error",
			        tv_status_str(TV_ERR_OUTPUT));
			return MSG_EXIT_OUTPUT;
		}
	}
	return held ? MSG_EXIT_GATE : 0;
}

/* --diff BASE NEW: a report of the change, or the UI's diff table. */
static int main_diff(const struct request *o, const struct mapping *map)
{
	struct trace tr[2], view[2], *use[2] = {&tr[0], &tr[1]};
	struct profile p[2] = {{0}, {0}};
	struct diff d = {0};
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	int clock = TV_CPU, rc = loading_trace(o->path[0], map, &tr[0], 0, 0);
	if (!rc)
		rc = loading_trace(o->path[1], map, &tr[1], 0, 0);
	else
		trace_init(&tr[1]);
	for (int i = 0; i < 2 && !rc; i++)
		rc = resolve_steps(o, o->path[i], &tr[i], &view[i], &use[i]);
	for (int i = 0; i < 2 && !rc; i++)
		rc = resolve_profile(o, o->path[i], &tr[i], use[i], &p[i]);
	for (int i = 0; i < 2 && !rc && o->clock >= 0 && (fmt_uses(o, 0) & FMT_USE_CLOCK); i++)
		rc = resolve_clock(o, use[i], o->path[i], &clock);
	if (!rc && o->clock < 0)
		clock = tr[0].has_clock[TV_WALL] && tr[1].has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	if (!rc && o->nfail_if)
		rc = main_gate_clocks(o, tr);
	if (!rc && diff_build(&d, &p[0], &p[1], &err) != TV_OK) {
		msg_error(o->path[1], &err);
		rc = MSG_EXIT_INPUT;
	}
	if (!rc && tty_wants_ui(o) && tty_keys_from_tty() == 0) {
		/* already scoped and through the steps */
		struct ui_opts uo = {.color = o->color, .ascii = o->ascii};
		rc = ui_run_diff(o->path[0], o->path[1], &d, &uo);
		rc = rc == UI_NO_TERMINAL ? -1 : rc;
	} else if (!rc) {
		rc = -1;
	}
	/* With --fail-if alone only the gate's lines are printed (on standard
	 * output); with -f, -r or -o too, the report goes where it always
	 * does and the gate's lines to standard error. */
	if (rc == -1 && o->nfail_if && !o->format_set)
		rc = main_gate(o, &d, stdout);
	if (rc == -1) {
		FILE *out = reportrun_open(o);
		enum tv_status st = TV_OK;
		if (!out) {
			rc = MSG_EXIT_OUTPUT;
		} else {
			switch (o->format) {
			case FMT_JSON: st = diff_report_json_named(out, &d, o->path[0], o->path[1]); break;
			case FMT_CSV: st = diff_report_csv(out, &d); break;
			case FMT_FOLDED:
				st = diff_report_folded(out, &p[0], &p[1], clock, o->signatures);
				break;
			default: st = diff_report_text(out, &d, o->path[0], o->path[1]); break;
			}
			rc = reportrun_close(o, out, st);
		}
		if (o->nfail_if) {
			int grc = main_gate(o, &d, stderr);
			rc = rc ? rc : grc;
		}
	}
	diff_free(&d);
	for (int i = 0; i < 2; i++) {
		profile_free(&p[i]);
		if (use[i] == &view[i])
			trace_free(&view[i]);
		trace_free(&tr[i]);
	}
	return rc;
}

int main(int argc, char **argv)
{
	struct request rq;
	struct mapping *map;
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");  /* reports are for scripts too */
	int rc = opts_parse(argc, argv, &rq);
	if (rc) {
		request_free(&rq);
		return rc < 0 ? 0 : rc;
	}
	opts_warn_ignored(&rq, tty_wants_ui(&rq));
	if ((rc = loading_mapping(rq.mapping, &map)) != 0) {
		request_free(&rq);
		return rc;
	}
	rc = rq.diff ? main_diff(&rq, map) : main_single(&rq, map);
	mapping_free(map);
	request_free(&rq);
	return rc;
}
