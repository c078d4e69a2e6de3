/* callspane.h: the lists of single calls, every call of a method (`5`)
 * and the jank list (`J`).
 *
 * Every call (docs/numbers.md, "Every call of a method"): one row per call
 * of the selected method in the shell's thread scope, on the trace the
 * steps in force make, with its thread, start, wall, CPU, wait (wall −
 * CPU), depth and caller, sortable by each column (a long list sorts on
 * the pane's worker, the summary and "sorting…" showing meanwhile); above
 * the rows, the summary (count, min, mean, p50, p95, max, nearest rank)
 * and a histogram of durations on the shell's clock, a few rows of bars
 * on methodcalls.h's 1-2-5 buckets.
 *
 * Jank (docs/numbers.md, "Jank"): on the thread jank_pick() finds among
 * the scope's (the main thread, by the rule the title names), the
 * outermost calls of frame-critical methods at least a frame budget long,
 * longest first (sortable by start, wall, CPU and wait),
 * with wait and cause (category and share, computed on the worker with
 * the rows); the cause and heaviest path of the row under the cursor at
 * the bottom.
 *
 * Enter asks the shell to show the call under the cursor on the timeline
 * (PANE_SPAN; its span op is callspane_span()). Building
 * the rows runs on the pane's own job worker when the trace has
 * inline_below records or more, so the screen stays live; smaller traces
 * build at once. Starts are on the timeline's axis (methodcalls.h) of the trace
 * given at init, which is the loaded one.
 *
 * The pane borrows the traces (they must outlive it, and a trace given to
 * callspane_scope() must outlive its use: the shell frees and inits the
 * pane again before it frees a derived trace) and owns its rows and worker
 * (callspane_free()).
 */
#ifndef TV_CALLSPANE_H
#define TV_CALLSPANE_H

#include <stdint.h>

#include "analyze/methodcalls.h"
#include "analyze/jank.h"
#include "panes/pane.h"
#include "panes/rowlist.h"
#include "session/tidset.h"

struct jobs;

struct callspane {
	int jank;                /* 0: every call (5); 1: jank (J) */
	const struct trace *loaded;  /* the axis and the main thread */
	struct methodcalls_axis ax;
	uint64_t frame;          /* jank budget, µs */
	uint64_t inline_below;
	const struct derive_glob *app;   /* jank causes: the app's packages */
	uint32_t napp;
	/* What the shell asked for last, and whether rows for it are in. */
	const struct trace *tr;
	uint32_t method;         /* every call: the method, PANE_NONE for none */
	struct tidset scope;     /* the threads (none: every thread) */
	int clock;               /* the summary's and histogram's */
	int requested, have;
	/* The rows (owned), for tr as asked. */
	struct methodcalls c;
	struct jank j;
	struct methodcalls_summary sum;
	struct methodcalls_hist hist;
	enum methodcalls_key key;    /* every call's sort */
	int desc;
	enum jank_key jkey;          /* jank's sort (jank_find(): wall, desc) */
	int jdesc;
	struct rowlist list;     /* the cursor, and the rows at the last draw */
	struct jobs *jobs;
	unsigned job_id;
	int busy;
	int sorting;             /* the rows are on the worker being sorted */
	size_t sort_n;           /* how many */
	char note[200];          /* why there are no rows, or "" */
};

/* jank 0 or 1; loaded: the loaded trace (axis, main thread); frame: the
 * jank budget (0: JANK_FRAME_USEC). No app packages until
 * callspane_categories(). 0, or -1 when out of memory. */
int callspane_init(struct callspane *p, int jank, const struct trace *loaded, uint64_t frame,
                   uint64_t inline_below);
/* The app's packages of the jank causes (category.h), borrowed: they
 * must outlive the pane (the session's do). Before the first scope. */
void callspane_categories(struct callspane *p, const struct derive_glob *app, uint32_t napp);
void callspane_free(struct callspane *p);
/* Drop the rows and worker, keeping the kind and options: before the
 * trace shown is freed. callspane_rebind() starts again (0, or -1 when
 * out of memory). */
void callspane_release(struct callspane *p);
int callspane_rebind(struct callspane *p);

/* What the shell shows: the trace (the steps in force), the thread scope
 * (trace.h; NULL: every thread; jank: the thread jank_pick() finds among
 * them), the clock, and for every call the method (PANE_NONE: none).
 * Rebuilds what changed. */
void callspane_scope(struct callspane *p, const struct trace *tr, const struct trace_sel *sel,
                     int clock, uint32_t method);

/* The call under the cursor as a time span on the loaded trace's axis
 * (absolute µs) and its thread's tid; 0, or -1 when there is none. */
int callspane_span(const struct callspane *p, uint32_t *tid, uint64_t *t0, uint64_t *t1);

/* The rows the pane needs to show everything at once (for --view). */
int callspane_rows_wanted(const struct callspane *p);

/* The pane (pane.h): its item is the method of the list (5) or of the row
 * under the cursor (J). */
struct pane callspane_pane(struct callspane *p);
/* The registry's (registry.h): every call (jank 0) or the jank list on
 * env->s's trace, axis and --frame, freed with callspane_destroy(); ops
 * NULL when out of memory. */
struct pane callspane_make(const struct pane_env *env, int jank);
void callspane_destroy(void *self);

#endif
