/* waitspane.h: the waits pane (`7`): where the threads waited.
 *
 * What --format=waits prints (docs/numbers.md, "Wait time"; waits.h): per
 * thread of the shell's scope (every thread when it has none), in thread
 * order, the innermost calls whose wait (incl wall − incl CPU) reaches
 * the threshold, longest first; a row a call with its thread, wait,
 * wall, CPU and start on the timeline, and below the rows the stack of
 * the row under the cursor, innermost first. The threshold starts at
 * --min-wait (16 ms without it); + doubles it and - halves it. Enter asks
 * the shell to show the call under the cursor on the timeline
 * (PANE_SPAN). Only a trace with both clocks has waits: on any other the
 * pane says so in one line.
 *
 * Finding the rows reads every call of the scope, so it runs on the
 * pane's own job worker when the trace has inline_below records or more;
 * smaller traces find them at once. Starts are on the timeline's axis of
 * the trace given at init, the loaded one.
 *
 * The pane borrows the traces (they must outlive it, and a trace given
 * to waitspane_show() must outlive its use: the session releases the pane
 * before it frees a derived trace) and owns its rows, its copy of the
 * scope and its worker (waitspane_free()).
 */
#ifndef TV_WAITSPANE_H
#define TV_WAITSPANE_H

#include <stdint.h>

#include "analyze/waits.h"
#include "panes/pane.h"
#include "panes/rowlist.h"

struct jobs;

struct waitspane {
	const struct trace *loaded;  /* the axis */
	uint64_t origin;             /* the axis's 0, absolute µs */
	int axis;                    /* its clock */
	uint64_t min_wait;           /* the threshold, µs */
	uint64_t inline_below;
	/* What the shell asked for last, and whether rows for it are in. */
	const struct trace *tr;
	int all;                     /* every thread; else the tids below */
	uint32_t *tids, ntids;       /* the scope (owned) */
	int requested, have;
	struct waits w;              /* the rows (owned) */
	struct rowlist rl;           /* the cursor */
	struct jobs *jobs;
	unsigned job_id;
	int busy;
	char note[200];              /* why there are no rows, or "" */
};

/* loaded: the loaded trace (the axis); min_wait: the threshold in µs (0:
 * WAITS_MIN_USEC). 0, or -1 when out of memory. */
int waitspane_init(struct waitspane *p, const struct trace *loaded, uint64_t min_wait,
                   uint64_t inline_below);
void waitspane_free(struct waitspane *p);

/* What the shell shows: the trace (the steps in force) and the threads
 * of the scope (sel NULL: every thread; trace.h). Finds the rows again
 * when either changed; 0, or -1 when out of memory (said in the pane). */
int waitspane_show(struct waitspane *p, const struct trace *tr, const struct trace_sel *sel);

/* The call under the cursor as a time span on the loaded trace's axis
 * (absolute µs) and its thread's tid; 0, or -1 when there is none. */
int waitspane_span(const struct waitspane *p, uint32_t *tid, uint64_t *t0, uint64_t *t1);

/* The rows the pane needs to show everything at once (for --view). */
int waitspane_rows_wanted(const struct waitspane *p);

/* The pane (pane.h): its item is the method of the row under the cursor. */
struct pane waitspane_pane(struct waitspane *p);
/* The registry's (registry.h): on env->s's loaded trace from
 * env->min_wait, freed with waitspane_destroy(); ops NULL when out of
 * memory. */
struct pane waitspane_make(const struct pane_env *env, int variant);
void waitspane_destroy(void *self);

#endif
