/* jank.h: main-thread work longer than a frame (docs/numbers.md, "Jank").
 *
 * On one thread (the main thread by default: jank_main_thread()), the
 * calls of frame-critical methods (message dispatch, Choreographer.doFrame,
 * activity lifecycle, inflation, traversals, measure/layout/draw,
 * RecyclerView binding; jank_critical()) whose incl wall is at least the
 * frame budget, outermost only (a call inside another listed call is not
 * listed), longest first (ties by earlier start). Each carries its
 * heaviest path: from the call, repeatedly the child with the largest incl
 * wall (ties: the earlier start) down to a leaf. Needs a wall clock.
 *
 * Ownership: struct jank owns its rows and paths and borrows the trace,
 * which must outlive it; jank_free() releases them (also after a failed
 * find, and on a zeroed struct). No function prints or exits. Its reports
 * (text, JSON) are declared in write/report.h.
 */
#ifndef TV_JANK_H
#define TV_JANK_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/methodcalls.h"
#include "base/status.h"
#include "model/trace.h"

#define JANK_NONE UINT32_MAX
#define JANK_FRAME_USEC 16700   /* 60 Hz */

/* The thread index of the main thread: the one thread with records named
 * exactly "main"; if none or several, the thread (with records) of the
 * first line of the key's thread list; failing that, the first thread
 * with records. JANK_NONE when no thread has records. */
uint32_t jank_main_thread(const struct trace *tr);

/* Whether method index m is frame-critical (by class and name, every
 * overload; '/' in class names read as '.'). */
int jank_critical(const struct trace *tr, uint32_t m);

struct jank_row {
	uint32_t call, method;
	uint64_t start;                  /* µs on the axis (methodcalls.h) */
	uint64_t incl[TV_NCLOCKS];       /* 0 for a clock the trace lacks */
	size_t path, npath;              /* jank.paths[path..path + npath):
	                                  * call indices, the call first */
};

struct jank {
	const struct trace *tr;
	uint32_t thread;                 /* index into trace.threads */
	uint64_t frame;                  /* the budget, µs */
	struct jank_row *rows;
	size_t nrows, cap;
	uint32_t *paths;
	size_t npaths, paths_cap;
};

/* The listed calls of thread index thread (which must have records) for
 * a budget of frame µs. The trace must record wall time. TV_OK or
 * TV_ERR_NOMEM. */
enum tv_status jank_find(struct jank *j, const struct trace *tr, uint32_t thread,
                         uint64_t frame, const struct methodcalls_axis *ax, struct tv_error *err);
void jank_free(struct jank *j);

#endif
