/* diffrun.c: --diff and its gate (see diffrun.h). */
#include "cli/diffrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/diff.h"
#include "analyze/gate.h"
#include "analyze/profile.h"
#include "base/textesc.h"
#include "cli/formats.h"
#include "cli/loading.h"
#include "cli/msg.h"
#include "cli/reportrun.h"
#include "cli/resolve.h"
#include "cli/tty.h"
#include "ui.h"

/* "traceview: --fail-if=RULE: " on stderr. */
static void diffrun_rule_error(const char *rule)
{
	fputs("traceview: --fail-if=", stderr);
	textesc_text(stderr, rule, strlen(rule));
	fputs(": ", stderr);
}

/* Every rule on a time field needs that clock in both traces. */
static int diffrun_gate_clocks(const struct request *rq, const struct trace *tr)
{
	for (int i = 0; i < rq->nfail_if; i++) {
		struct gate_rule r;
		char why[GATE_WHY];
		if (gate_parse(rq->fail_if[i], &r, why, sizeof why) < 0)
			return MSG_EXIT_INPUT;   /* not reached: checked with the options */
		int clock = gate_field_clock(r.field);
		gate_rule_free(&r);
		for (int k = 0; k < 2 && clock >= 0; k++) {
			if (tr[k].has_clock[clock])
				continue;
			diffrun_rule_error(rq->fail_if[i]);
			fprintf(stderr, "%s has no %s clock (clock=%s)\n", msg_name(rq->path[k]),
			        clock == TV_CPU ? "CPU" : "wall", trace_clock_name(tr[k].clock));
			return MSG_EXIT_INPUT;
		}
	}
	return 0;
}

/* The --fail-if rules over d, one line per (rule, method) that holds on
 * out: MSG_EXIT_GATE when any held, else 0 (MSG_EXIT_OUTPUT, MSG_EXIT_INPUT on
 * failure). */
static int diffrun_gate(const struct request *rq, const struct diff *d, FILE *out)
{
	int held = 0;
	for (int i = 0; i < rq->nfail_if; i++) {
		struct gate_rule r;
		struct gate_hit *hits;
		size_t n;
		char why[GATE_WHY];
		if (gate_parse(rq->fail_if[i], &r, why, sizeof why) < 0)
			return MSG_EXIT_INPUT;
		enum tv_status st = gate_eval(&r, d, &hits, &n);
		if (st == TV_OK)
			st = gate_report(out, &r, d, hits, n);
		held |= n > 0;
		free(hits);
		gate_rule_free(&r);
		if (st == TV_ERR_NOMEM) {
			diffrun_rule_error(rq->fail_if[i]);
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

int diffrun(const struct request *rq, const struct mapping *map)
{
	struct trace tr[2], view[2], *use[2] = {&tr[0], &tr[1]};
	struct profile p[2] = {{0}, {0}};
	struct diff d = {0};
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	int clock = TV_CPU, rc = loading_trace(rq->path[0], map, &tr[0], 0, 0);
	if (!rc)
		rc = loading_trace(rq->path[1], map, &tr[1], 0, 0);
	else
		trace_init(&tr[1]);
	for (int i = 0; i < 2 && !rc; i++)
		rc = resolve_steps(rq, rq->path[i], &tr[i], &view[i], &use[i]);
	for (int i = 0; i < 2 && !rc; i++)
		rc = resolve_profile(rq, rq->path[i], &tr[i], use[i], &p[i]);
	for (int i = 0; i < 2 && !rc && rq->clock >= 0 && (fmt_uses(rq, 0) & FMT_USE_CLOCK); i++)
		rc = resolve_clock(rq, use[i], rq->path[i], &clock);
	if (!rc && rq->clock < 0)
		clock = tr[0].has_clock[TV_WALL] && tr[1].has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	if (!rc && rq->nfail_if)
		rc = diffrun_gate_clocks(rq, tr);
	if (!rc && diff_build(&d, &p[0], &p[1], &err) != TV_OK) {
		msg_error(rq->path[1], &err);
		rc = MSG_EXIT_INPUT;
	}
	if (!rc && tty_wants_ui(rq) && tty_keys_from_tty() == 0) {
		/* already scoped and through the steps */
		struct ui_opts uo = {.color = rq->color, .ascii = rq->ascii};
		rc = ui_run_diff(rq->path[0], rq->path[1], &d, &uo);
		rc = rc == UI_NO_TERMINAL ? -1 : rc;
	} else if (!rc) {
		rc = -1;
	}
	/* With --fail-if alone only the gate's lines are printed (on standard
	 * output); with -f, -r or -o too, the report goes where it always
	 * does and the gate's lines to standard error. */
	if (rc == -1 && rq->nfail_if && !rq->format_set)
		rc = diffrun_gate(rq, &d, stdout);
	if (rc == -1) {
		FILE *out = reportrun_open(rq);
		enum tv_status st = TV_OK;
		if (!out) {
			rc = MSG_EXIT_OUTPUT;
		} else {
			switch (rq->format) {
			case FMT_JSON: st = diff_report_json_named(out, &d, rq->path[0], rq->path[1]); break;
			case FMT_CSV: st = diff_report_csv(out, &d); break;
			case FMT_FOLDED:
				st = diff_report_folded(out, &p[0], &p[1], clock, rq->signatures);
				break;
			default: st = diff_report_text(out, &d, rq->path[0], rq->path[1]); break;
			}
			rc = reportrun_close(rq, out, st);
		}
		if (rq->nfail_if) {
			int grc = diffrun_gate(rq, &d, stderr);
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
