/* bigview.h: the full-screen view of a big trace, opened on a preview of
 * its first bytes while the whole file loads behind it
 * (session/preload.h, shell/preview.h; docs/performance.md, "The first
 * screen of a big trace").
 *
 * Only for what the plain view would show of a big file on a terminal:
 * no --view, --thread or steps (--range, --transform), not standard
 * input. Everything else goes the usual way (main.c).
 */
#ifndef TV_CLI_BIGVIEW_H
#define TV_CLI_BIGVIEW_H

#include "cli/request.h"
#include "model/mapping.h"
#include "shell/ui.h"

/* bigview_run()'s "not for this file": load it the usual way. */
#define BIGVIEW_NONE (-100)

/* The view's exit status (ui.h; MSG_EXIT_INPUT when the whole load
 * failed, said on standard error once the terminal is back), or
 * BIGVIEW_NONE when the file gets no preview or the terminal cannot show
 * the view (nothing said, nothing left running). uo as main.c made it. */
int bigview_run(const struct request *rq, const struct mapping *map, struct ui_opts *uo);

#endif
