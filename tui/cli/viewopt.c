/* viewopt.c: --view's options resolved, then the pane printed (see
 * viewopt.h). */
#include "cli/viewopt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/msg.h"
#include "cli/resolve.h"
#include "cli/viewrun.h"

int viewopt_run(const struct request *rq, const struct trace *loaded, struct trace *view)
{
	/* The view is already seen through the steps: the UI adds none. */
	struct viewrun_opts uo = {.ascii = rq->ascii, .scoped = rq->thread != NULL,
	                          .loaded = loaded, .frame = rq->frame_set ? rq->frame : 0};
	struct viewrun_req req = {rq->view, rq->width_set ? rq->width : 80, rq->height, -1,
	                          UINT32_MAX};
	if (rq->thread && resolve_thread(rq, rq->path[0], loaded, &uo.tid) != 0)
		return MSG_EXIT_INPUT;
	if ((rq->clock >= 0 && resolve_clock(rq, view, rq->path[0], &req.clock) != 0) ||
	    resolve_sort(rq, view, rq->path[0]) != 0)
		return MSG_EXIT_INPUT;
	uo.sort = rq->sort;
	uo.sort_ascending = rq->sort_ascending;
	uo.sort_clock = req.clock + 1;  /* 0: the view's clock */
	if (rq->method) {
		uint8_t *want;
		if (resolve_method(rq, view, rq->path[0], &want) != 0)
			return MSG_EXIT_INPUT;
		/* Overloads: the first by id, as the docs say. */
		for (req.method = 0; !want[req.method]; req.method++)
			;
		free(want);
	}
	return viewrun_run(view, &uo, &req, stdout);
}
