/* viewopt.h: --view: one pane of the UI printed as plain text.
 *
 * The options are resolved against the trace here (--thread, --clock,
 * --sort, --method, --frame, --width, --height, --ascii) and the pane is
 * drawn off screen by viewrun_run() (viewrun.h). Failures are said
 * on standard error (msg.h).
 */
#ifndef TV_CLI_VIEWOPT_H
#define TV_CLI_VIEWOPT_H

#include "cli/request.h"
#include "analyze/diff.h"
#include "model/trace.h"

/* The pane of --view for view, which is loaded (as read) or loaded seen
 * through the steps (resolve_steps()); printed on standard output.
 * Returns the exit status. Both traces are borrowed. The pane's session
 * is scoped to the threads --thread selects, one or several, as the
 * full-screen view's is. */
int viewopt_run(const struct request *rq, const struct trace *loaded, struct trace *view);

/* --diff --view: the diff screen's pane of that name on d (borrowed;
 * both runs through the steps and --thread already), on clock, printed
 * on standard output. Returns the exit status. */
int viewopt_run_diff(const struct request *rq, const struct diff *d, int clock);

#endif
