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

#include "cli/bigview.h"
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

/* The full-screen view of tr, once --thread (the threads it starts
 * scoped to, one or several), --sort and --clock are found in it: its
 * exit status, or UI_NO_TERMINAL when the terminal cannot show it (the
 * caller prints the report instead). */
static int main_ui(const struct request *rq, struct trace *tr, struct ui_opts *uo)
{
	/* a range the trace's axis cannot take is refused before the view */
	if (resolve_range_misfit(rq, tr)) {
		if (uo->term_started)
			ui_loading_stop();
		return resolve_range(rq, rq->path[0], tr);
	}
	/* a range past the end shows zeros: said at start, kept in W */
	char why[300], note[LOAD_NOTE + sizeof why + 4];
	if (resolve_range_outside_text(rq, tr, why, sizeof why)) {
		int other = uo->note && uo->note[0];
		snprintf(note, sizeof note, "%s%s%s", other ? uo->note : "", other ? "; " : "", why);
		uo->note = note;
	}
	struct resolve_sel rs;
	int clock = 0;
	int rc = resolve_threads(rq, rq->path[0], tr, &rs, &uo->scope);
	if (!rc && resolve_sort(rq, tr, rq->path[0], &uo->sort) != 0)
		rc = MSG_EXIT_INPUT;
	/* without --clock the view opens on CPU, not on the reports' default */
	if (!rc && rq->clock >= 0 && resolve_clock(rq, tr, rq->path[0], &clock) != 0)
		rc = MSG_EXIT_INPUT;
	uo->clock = rq->clock >= 0 ? clock + 1 : 0;
	if (!rc)
		rc = tty_keys_from_tty() != 0 ? UI_NO_TERMINAL : ui_run(rq->path[0], tr, uo);
	resolve_sel_free(&rs);
	return rc;
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
	char note[LOAD_NOTE] = "";
	int rc;
	struct ui_opts uo = {.color = rq->color, .ascii = rq->ascii,
	                     .steps = rq->steps, .nsteps = rq->nsteps, .app = rq->app_arg,
	                     .frame = rq->frame_set ? rq->frame : 0,
	                     .min_wait = rq->min_wait_set ? rq->min_wait : 0, .src = rq->src,
	                     .sort_ascending = rq->sort_ascending,
	                     .theme = (enum color_theme)rq->theme};
	if (rq->format->input == FMT_IN_RECORDS)
		return reportrun_dump(rq, map);
	/* A big file's view opens on its first bytes while the rest loads. */
	if ((rc = bigview_run(rq, map, &uo)) != BIGVIEW_NONE)
		return rc;
	/* The view takes the terminal before the load, so its progress shows
	 * on the view's screen (not from a pipe: the keys come later from
	 * /dev/tty; not when it may refuse the trace). */
	uo.term_started = !rq->view && !main_may_refuse(rq) && tty_wants_ui(rq) &&
	                  !tty_reads_stdin(rq) && ui_loading_start(&uo) == 0;
	if (reportrun_sums(rq, map))
		rc = loading_trace_sums(rq->path[0], &tr, rq->pid, rq->nthreads > 0, note);
	else if (reportrun_calls_only(rq))
		rc = loading_trace_calls(rq->path[0], map, &tr, rq->pid, note);
	else
		rc = loading_trace(rq->path[0], map, &tr, uo.term_started, ui_wants_ascii(&uo),
		                   rq->pid, note);
	uo.note = note;
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
