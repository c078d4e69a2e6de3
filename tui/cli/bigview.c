/* bigview.c: a big trace's view on its preview (see bigview.h). */
#include "cli/bigview.h"

#include "cli/msg.h"
#include "cli/resolve.h"
#include "cli/tty.h"
#include "session/preload.h"

/* The whole load failed while the view showed the preview: why, now
 * that the terminal is back. */
static int bigview_failed(const struct request *rq, const struct preload *pl)
{
	const char *file;
	const struct tv_error *err = preload_error(pl, &file);
	if (!err || err->code == TV_OK)  /* the swap ran out of memory */
		return msg_oom(rq->path[0]);
	msg_error(file ? file : rq->path[0], err);
	return MSG_EXIT_INPUT;
}

int bigview_run(const struct request *rq, const struct mapping *map, struct ui_opts *uo)
{
	if (rq->view || rq->nthreads || rq->nsteps || !tty_wants_ui(rq) || tty_reads_stdin(rq) ||
	    !preload_wanted(rq->path[0]))
		return BIGVIEW_NONE;
	/* the whole trace's session, as ui_run() would make it (a --clock the
	 * trace lacks is left to the session, and said from the preview) */
	struct session_opts so = {NULL, uo->frame, uo->app, NULL, NULL, 0, uo->note,
	                          rq->clock >= 0 ? rq->clock + 1 : 0};
	struct preload *pl = preload_start(rq->path[0], map, &so);
	if (!pl)
		return BIGVIEW_NONE;
	struct trace *tr = preload_preview(pl);
	int rc, clock = 0;
	if (resolve_sort(rq, tr, rq->path[0], &uo->sort) != 0 ||
	    (rq->clock >= 0 && resolve_clock(rq, tr, rq->path[0], &clock) != 0)) {
		rc = MSG_EXIT_INPUT;
	} else if (tty_keys_from_tty() != 0) {
		rc = BIGVIEW_NONE;
	} else {
		uo->preload = pl;
		uo->clock = rq->clock >= 0 ? clock + 1 : 0;
		rc = ui_run(rq->path[0], tr, uo);
		uo->preload = NULL;
		if (rc == UI_NO_TERMINAL)
			rc = BIGVIEW_NONE;
		else if (rc == UI_LOAD_FAILED)
			rc = bigview_failed(rq, pl);
	}
	preload_free(pl);  /* a load still going (q): cancelled */
	return rc;
}
