/* diffrun.h: --diff BASE NEW: the two traces loaded, profiled and
 * matched (diff.h), then the diff table on a terminal or a report of the
 * change, and the --fail-if rules (gate.h) judged over it.
 *
 * With --fail-if alone only the gate's lines are printed, on standard
 * output; with -f, -r or -o too, the report goes where it always does
 * and the gate's lines to standard error. Failures are said on standard
 * error (msg.h).
 */
#ifndef TV_CLI_DIFFRUN_H
#define TV_CLI_DIFFRUN_H

#include "cli/request.h"
#include "model/mapping.h"

/* The whole of --diff; map (may be NULL) names both traces' methods.
 * Returns the exit status: 0, MSG_EXIT_GATE when a rule held, or a
 * failure's; the full-screen view's own status when it ran. */
int diffrun(const struct request *rq, const struct mapping *map);

#endif
