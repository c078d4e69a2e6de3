/* diffrun.c: --diff and its gate (see diffrun.h). */
#include "cli/diffrun.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/diff.h"
#include "analyze/gate.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "base/textesc.h"
#include "cli/formats.h"
#include "cli/loading.h"
#include "cli/msg.h"
#include "cli/reportrun.h"
#include "cli/resolve.h"
#include "cli/tty.h"
#include "cli/viewopt.h"
#include "shell/ui.h"

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
		int clock = gate_field_clock(rq->fail_if[i].field);
		for (int k = 0; k < 2 && clock >= 0; k++) {
			if (trace_clock_usec(&tr[k], clock))
				continue;
			diffrun_rule_error(rq->fail_if[i].text);
			fprintf(stderr, "%s has no %s clock (clock=%s)\n", msg_name(rq->path[k]),
			        clock == TV_CPU ? "CPU" : "wall", trace_clock_name(tr[k].clock));
			return MSG_EXIT_INPUT;
		}
	}
	return 0;
}

/* A rule naming methods of which neither run calls one could never hold
 * (a typo, a package left out): an error before anything is printed,
 * whatever the other rules say. */
static int diffrun_gate_targets(const struct request *rq, const struct diff *d)
{
	for (int i = 0; i < rq->nfail_if; i++) {
		if (!gate_names_nothing(&rq->fail_if[i], d))
			continue;
		diffrun_rule_error(rq->fail_if[i].text);
		fputs("no method with a call in either trace matches it\n", stderr);
		return MSG_EXIT_INPUT;
	}
	return 0;
}

/* The --fail-if rules over d, one line per (rule, method) that holds on
 * out: MSG_EXIT_GATE when any held, else 0 (MSG_EXIT_OUTPUT,
 * MSG_EXIT_INPUT on failure). */
static int diffrun_gate(const struct request *rq, const struct diff *d, FILE *out)
{
	int held = 0;
	for (int i = 0; i < rq->nfail_if; i++) {
		const struct gate_rule *r = &rq->fail_if[i];
		struct gate_hit *hits;
		size_t n;
		enum tv_status st = gate_eval(r, d, &hits, &n);
		if (st == TV_OK)
			st = gate_report(out, r, d, hits, n);
		held |= n > 0;
		free(hits);
		if (st == TV_ERR_NOMEM) {
			diffrun_rule_error(r->text);
			fputs("out of memory\n", stderr);
			return MSG_EXIT_INPUT;
		}
		if (st != TV_OK || fflush(out) != 0) {
			int e = errno;
			fprintf(stderr, "traceview: %s: %s: %s\n", out == stdout ? "standard output"
			                                                         : "standard error",
			        tv_status_str(TV_ERR_OUTPUT), strerror(e));
			return MSG_EXIT_OUTPUT;
		}
	}
	return held ? MSG_EXIT_GATE : 0;
}

/* BASE and NEW as read, seen through the steps, and their profiles. */
struct diffrun_runs {
	struct trace tr[2], view[2], *use[2];
	struct profile p[2];
};

/* Loads and profiles both runs into r (released by diffrun_runs_free()
 * whatever the result), and chooses the clock of the folded diff. */
static int diffrun_load(const struct request *rq, const struct mapping *map,
                        struct diffrun_runs *r, int *clock)
{
	int rc = loading_trace(rq->path[0], map, &r->tr[0], 0, 0, rq->pid, NULL);
	if (!rc)
		rc = loading_trace(rq->path[1], map, &r->tr[1], 0, 0, rq->pid, NULL);
	else
		trace_init(&r->tr[1]);
	for (int i = 0; i < 2 && !rc; i++)
		rc = resolve_steps(rq, rq->path[i], &r->tr[i], &r->view[i], &r->use[i]);
	for (int i = 0; i < 2 && !rc; i++)
		rc = resolve_profile(rq, rq->path[i], &r->tr[i], r->use[i], 0, &r->p[i]);
	for (int i = 0; i < 2 && !rc && rq->clock >= 0 && (fmt_uses(rq, 0) & FMT_USE_CLOCK); i++)
		rc = resolve_clock(rq, r->use[i], rq->path[i], clock);
	if (!rc && rq->clock < 0)
		*clock = r->tr[0].has_clock[TV_WALL] && r->tr[1].has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	if (!rc && rq->nfail_if)
		rc = diffrun_gate_clocks(rq, r->tr);
	return rc;
}

static void diffrun_runs_free(struct diffrun_runs *r)
{
	for (int i = 0; i < 2; i++) {
		profile_free(&r->p[i]);
		if (r->use[i] == &r->view[i])
			trace_free(&r->view[i]);
		trace_free(&r->tr[i]);
	}
}

/* The report of the change and the gate. With --fail-if alone only the
 * gate's lines are printed (on standard output); with -f, -r or -o too,
 * the report goes where it always does and the gate's lines to standard
 * error. */
static int diffrun_report(const struct request *rq, const struct diff *d,
                          const struct diffrun_runs *r, int clock)
{
	if (rq->nfail_if && !rq->format_set)
		return diffrun_gate(rq, d, stdout);
	struct fmt_diff_in in = {rq, d, {&r->p[0], &r->p[1]}, clock};
	struct outfile out;
	int rc = reportrun_open(rq, &out);
	if (!rc)
		rc = reportrun_close(rq, &out, rq->format->write_diff(out.f, &in));
	if (rq->nfail_if) {
		int grc = diffrun_gate(rq, d, stderr);
		rc = rc ? rc : grc;
	}
	return rc;
}

/* "OPT=VALUE", malloc'd; NULL when out of memory. */
static char *diffrun_arg(const char *opt, const char *value)
{
	size_t n = strlen(opt) + strlen(value) + 2;
	char *s = malloc(n);
	if (s)
		snprintf(s, n, "%s=%s", opt, value);
	return s;
}

/* The options the diff applied, in the order the command line takes
 * them, for the diff screen's `:` (ui.h): malloc'd strings, *n of them
 * (those memory allowed), freed with diffrun_args_free(). */
static char **diffrun_args(const struct request *rq, uint32_t *n)
{
	char **v = calloc((size_t)rq->nthreads + rq->ntransforms + 1, sizeof *v), r[RANGE_TEXT_MAX];
	*n = 0;
	for (uint32_t i = 0; v && i < rq->nthreads; i++)
		if ((v[*n] = diffrun_arg("--thread", rq->threads[i])))
			++*n;
	if (v && rq->has_range) {
		range_format(&rq->range, r);
		if ((v[*n] = diffrun_arg("--range", r)))
			++*n;
	}
	for (uint32_t i = 0; v && i < rq->ntransforms; i++)
		if ((v[*n] = diffrun_arg("--transform", rq->transforms[i])))
			++*n;
	return v;
}

static void diffrun_args_free(char **v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int diffrun(const struct request *rq, const struct mapping *map)
{
	struct diffrun_runs r = {.use = {&r.tr[0], &r.tr[1]}};
	struct diff d = {0};
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	int clock = TV_CPU, rc = diffrun_load(rq, map, &r, &clock);
	if (!rc && diff_build(&d, &r.p[0], &r.p[1], &err) != TV_OK) {
		msg_error(rq->path[1], &err);
		rc = MSG_EXIT_INPUT;
	}
	if (!rc)
		rc = diffrun_gate_targets(rq, &d);
	int ui = !rc && tty_wants_ui(rq) && tty_keys_from_tty() == 0;
	if (ui) {
		/* already scoped and through the steps, which `:` repeats */
		struct ui_opts uo = {.color = rq->color, .ascii = rq->ascii,
		                     .theme = (enum color_theme)rq->theme};
		char **args = diffrun_args(rq, &uo.ndiff_args);
		uo.diff_args = (const char *const *)args;
		rc = ui_run_diff(rq->path[0], rq->path[1], &d, &uo);
		diffrun_args_free(args, uo.ndiff_args);
	}
	if (!rc && rq->view)
		rc = viewopt_run_diff(rq, &d, clock);
	else if ((!rc && !ui) || rc == UI_NO_TERMINAL)
		rc = diffrun_report(rq, &d, &r, clock);
	diff_free(&d);
	diffrun_runs_free(&r);
	return rc;
}
