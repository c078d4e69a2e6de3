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
#include "cli/diffrun.h"
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
	rc = rq.diff ? diffrun(&rq, map) : main_single(&rq, map);
	mapping_free(map);
	request_free(&rq);
	return rc;
}
