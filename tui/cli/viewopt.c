/* viewopt.c: --view's options resolved, then the pane printed (see
 * viewopt.h). */
#include "cli/viewopt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/formats.h"
#include "cli/msg.h"
#include "cli/resolve.h"
#include "cli/viewrun.h"

int viewopt_run(const struct request *rq, const struct trace *loaded, struct trace *view)
{
	/* The view is already seen through the steps: the UI adds none. The
	 * session is scoped to --thread's set, as the full-screen view's
	 * (a set of several, one thread, the jank pane's pick among them). */
	struct viewrun_opts uo = {.ascii = rq->ascii, .loaded = loaded,
	                          .frame = rq->frame_set ? rq->frame : 0,
	                          .min_wait = rq->min_wait_set ? rq->min_wait : 0};
	struct viewrun_req req = {rq->view, rq->width_set ? rq->width : 80, rq->height, -1,
	                          UINT32_MAX};
	struct resolve_sel rs;
	if (resolve_threads(rq, rq->path[0], loaded, &rs, &uo.scope) != 0)
		return MSG_EXIT_INPUT;
	int rc = 0;
	if ((rq->clock >= 0 && resolve_clock(rq, view, rq->path[0], &req.clock) != 0) ||
	    resolve_sort(rq, view, rq->path[0], &uo.sort) != 0)
		rc = MSG_EXIT_INPUT;
	uo.sort_ascending = rq->sort_ascending;
	uo.sort_clock = req.clock + 1;  /* 0: the view's clock */
	if (!rc && rq->method) {
		uint8_t *want;
		if (resolve_method(rq, view, rq->path[0], &want) != 0) {
			rc = MSG_EXIT_INPUT;
		} else {
			/* Overloads: the first by id, as the docs say. */
			for (req.method = 0; !want[req.method]; req.method++)
				;
			free(want);
		}
	}
	if (!rc)
		rc = viewrun_run(view, &uo, &req, stdout);
	resolve_sel_free(&rs);
	return rc;
}

int viewopt_run_diff(const struct request *rq, const struct diff *d, int clock)
{
	struct viewrun_opts uo = {.ascii = rq->ascii};
	struct viewrun_req req = {fmt_diff_view(rq), rq->width_set ? rq->width : 80, rq->height, clock,
	                          UINT32_MAX};
	return viewrun_run_diff(d, rq->path[0], rq->path[1], &uo, &req, stdout);
}
