/* viewopt.c: --view's options resolved, then the pane printed (see
 * viewopt.h). */
#include "cli/viewopt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/derive.h"
#include "analyze/jank.h"
#include "cli/formats.h"
#include "cli/msg.h"
#include "cli/resolve.h"
#include "cli/viewrun.h"

/* --thread for the pane: a pane shows one thread (a scope) or all, so one
 * thread is a scope; the jank pane takes the thread jank_pick() finds
 * among the set; any other pane of several threads is drawn over *use, a
 * view in which the others are left out (own, built here when view is
 * loaded itself). */
static int viewopt_threads(const struct request *rq, const struct trace *loaded,
                           struct trace *view, struct trace *own, struct trace **use,
                           struct viewrun_opts *uo)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct resolve_sel rs;
	const struct trace_sel *sel;
	int rc = resolve_threads(rq, rq->path[0], loaded, &rs, &sel);
	*use = view;
	if (!rc && sel && (sel->n == 1 || strcmp(fmt_view_word((unsigned)rq->view - 1), "jank") == 0)) {
		uint32_t t = jank_pick(loaded, sel, NULL);
		uo->scoped = 1;
		uo->tid = sel->n == 1 || t == JANK_NONE ? sel->tids[0] : loaded->threads[t].tid;
	} else if (!rc && sel) {
		if (view == loaded && derive_build(own, loaded, NULL, 0, NULL, &err) != TV_OK)
			rc = msg_oom(rq->path[0]);
		else
			*use = view == loaded ? own : view;
		if (!rc)
			derive_only_threads(*use, sel);
	}
	resolve_sel_free(&rs);
	return rc;
}

int viewopt_run(const struct request *rq, const struct trace *loaded, struct trace *view)
{
	/* The view is already seen through the steps: the UI adds none. */
	struct viewrun_opts uo = {.ascii = rq->ascii, .loaded = loaded,
	                          .frame = rq->frame_set ? rq->frame : 0};
	struct viewrun_req req = {rq->view, rq->width_set ? rq->width : 80, rq->height, -1,
	                          UINT32_MAX};
	struct trace own, *use;
	if (viewopt_threads(rq, loaded, view, &own, &use, &uo) != 0)
		return MSG_EXIT_INPUT;
	int rc = 0;
	if ((rq->clock >= 0 && resolve_clock(rq, use, rq->path[0], &req.clock) != 0) ||
	    resolve_sort(rq, use, rq->path[0], &uo.sort) != 0)
		rc = MSG_EXIT_INPUT;
	uo.sort_ascending = rq->sort_ascending;
	uo.sort_clock = req.clock + 1;  /* 0: the view's clock */
	if (!rc && rq->method) {
		uint8_t *want;
		if (resolve_method(rq, use, rq->path[0], &want) != 0) {
			rc = MSG_EXIT_INPUT;
		} else {
			/* Overloads: the first by id, as the docs say. */
			for (req.method = 0; !want[req.method]; req.method++)
				;
			free(want);
		}
	}
	if (!rc)
		rc = viewrun_run(use, &uo, &req, stdout);
	if (use == &own)
		trace_free(&own);
	return rc;
}
