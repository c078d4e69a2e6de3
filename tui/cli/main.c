/* main.c: the traceview command line.
 *
 * Sets the locale, parses the options (options.h), chooses what runs
 * (--diff, --format=dump, --view, the full-screen view or a report) and
 * returns the exit status, which only main() decides: 0 success, 1 the
 * output could not be written, 2 the command line was wrong or a trace
 * could not be read, 3 a --fail-if rule held (msg.h).
 */
#include <locale.h>
#include <stdio.h>

#include "cli/complete.h"
#include "cli/diffrun.h"
#include "cli/formats.h"
#include "cli/loading.h"
#include "cli/msg.h"
#include "cli/options.h"
#include "cli/reportrun.h"
#include "cli/request.h"
#include "cli/resolve.h"
#include "cli/tty.h"
#include "cli/viewopt.h"
#include "model/mapping.h"
#include "model/trace.h"
#include "shell/ui.h"

/* The thread the full-screen view starts scoped to: its scopes are one
 * thread or all, so a --thread set of several is refused (the reports
 * and --view take it). */
static int main_ui_thread(const struct request *rq, const struct trace *tr, struct ui_opts *uo)
{
	struct resolve_sel rs;
	const struct trace_sel *sel;
	int rc = resolve_threads(rq, rq->path[0], tr, &rs, &sel);
	if (!rc && sel->n > 1) {
		fprintf(stderr, "traceview: %s: the full-screen view shows one thread or all; "
		        "--thread selects %lu here (a report or --view shows them together)\n",
		        msg_name(rq->path[0]), (unsigned long)sel->n);
		rc = MSG_EXIT_INPUT;
	}
	if (!rc)
		uo->tid = sel->tids[0];
	resolve_sel_free(&rs);
	return rc;
}

/* The full-screen view of tr, once --thread, --sort and --clock are
 * found in it: its exit status, or UI_NO_TERMINAL when the terminal
 * cannot show it (the caller prints the report instead). */
static int main_ui(const struct request *rq, struct trace *tr, struct ui_opts *uo)
{
	int clock;
	if (rq->nthreads && main_ui_thread(rq, tr, uo) != 0)
		return MSG_EXIT_INPUT;
	if (resolve_sort(rq, tr, rq->path[0], &uo->sort) != 0)
		return MSG_EXIT_INPUT;
	/* without --clock the view opens on CPU, not on the reports' default */
	if (rq->clock >= 0 && resolve_clock(rq, tr, rq->path[0], &clock) != 0)
		return MSG_EXIT_INPUT;
	uo->clock = rq->clock >= 0 ? clock + 1 : 0;
	if (tty_keys_from_tty() != 0)
		return UI_NO_TERMINAL;
	return ui_run(rq->path[0], tr, uo);
}

/* Whether the view may refuse the trace once it is read (--thread, and
 * --sort or --clock given on the command line, naming a clock the trace
 * may lack): its errors need the plain screen. */
static int main_may_refuse(const struct request *rq)
{
	return rq->nthreads || (rq->sort && !opts_from_config(rq, "sort")) ||
	       (rq->clock >= 0 && !opts_from_config(rq, "clock"));
}

/* One trace: the dump, the full-screen view, --view or a report. */
static int main_single(const struct request *rq, const struct mapping *map)
{
	struct trace tr, view, *use = NULL;
	struct ui_opts uo = {.color = rq->color, .ascii = rq->ascii, .scoped = rq->nthreads > 0,
	                     .steps = rq->steps, .nsteps = rq->nsteps, .app = rq->app_arg,
	                     .frame = rq->frame_set ? rq->frame : 0, .src = rq->src,
	                     .sort_ascending = rq->sort_ascending,
	                     .theme = (enum color_theme)rq->theme};
	if (rq->format->input == FMT_IN_RECORDS)
		return reportrun_dump(rq, map);
	/* The view takes the terminal before the load, so its progress shows
	 * on the view's screen (not from a pipe: the keys come later from
	 * /dev/tty; not when it may refuse the trace). */
	uo.term_started = !rq->view && !main_may_refuse(rq) && tty_wants_ui(rq) &&
	                  !tty_reads_stdin(rq) && ui_loading_start(&uo) == 0;
	int rc = loading_trace(rq->path[0], map, &tr, uo.term_started, ui_wants_ascii(&uo), rq->pid);
	if (!rc && tty_wants_ui(rq) && (rc = main_ui(rq, &tr, &uo)) != UI_NO_TERMINAL) {
		trace_free(&tr);
		return rc;
	}
	/* --view or a report (also when the terminal could not go full
	 * screen), of the trace seen through the steps */
	if (!rc || rc == UI_NO_TERMINAL)
		rc = resolve_steps(rq, rq->path[0], &tr, &view, &use);
	if (!rc)
		rc = rq->view ? viewopt_run(rq, &tr, use) : reportrun(rq, &tr, use);
	if (use == &view)
		trace_free(&view);
	trace_free(&tr);
	return rc;
}

int main(int argc, char **argv)
{
	struct request rq;
	struct mapping *map;
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");  /* reports are for scripts too */
	int rc = opts_parse(argc, argv, &rq);
	if (rc < 0 && rq.completions)
		rc = complete_write(stdout, rq.completions);
	if (rc || rq.completions) {
		request_free(&rq);
		return rc < 0 ? 0 : rc;
	}
	opts_warn_ignored(&rq, tty_wants_ui(&rq));
	if ((rc = reportrun_check_output(&rq)) != 0 ||
	    (rc = loading_mapping(rq.mapping, &map)) != 0) {
		request_free(&rq);
		return rc;
	}
	rc = rq.diff ? diffrun(&rq, map) : main_single(&rq, map);
	mapping_free(map);
	request_free(&rq);
	return rc;
}
