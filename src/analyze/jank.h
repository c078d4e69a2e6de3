/* jank.h: main-thread work longer than a frame (docs/numbers.md, "Jank").
 *
 * On one thread (the main thread by default: jank_pick()), the
 * calls of frame-critical methods (message dispatch, Choreographer.doFrame,
 * activity lifecycle, inflation, traversals, measure/layout/draw,
 * RecyclerView binding; jank_critical()) whose incl wall is at least the
 * frame budget, outermost only (a call inside another listed call is not
 * listed), longest first (ties by earlier start). Each carries its
 * heaviest path: from the call, repeatedly the child with the largest incl
 * wall (ties: the earlier start) down to a leaf, and its cause: the
 * category holding most of its wall time and the heaviest path's
 * innermost method (struct jank_cause). Needs a wall clock.
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

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/methodcalls.h"
#include "base/status.h"
#include "model/trace.h"

#define JANK_NONE UINT32_MAX
#define JANK_FRAME_USEC 16700   /* 60 Hz */

/* How the thread of the jank list was chosen (docs/numbers.md, "Jank"). */
enum jank_rule {
	JANK_RULE_GIVEN,    /* by the caller, not by jank_pick() */
	JANK_RULE_MAIN,     /* the one thread named exactly "main" */
	JANK_RULE_PID,      /* the thread whose tid is the key's pid */
	JANK_RULE_FIRST,    /* the first of the key's thread list */
};

/* The thread index of the main thread among the threads of sel (NULL:
 * every thread; trace.h) that have records: the one named exactly "main";
 * if none or several, the one whose tid is the key's pid=; failing that,
 * the first of the key's thread list, else the first in trace order.
 * *rule (may be NULL) gets the rule that chose it. JANK_NONE when no
 * thread of sel has records. The UI's jank pane names the thread and
 * jank_rule_name() of the rule in its title. */
uint32_t jank_pick(const struct trace *tr, const struct trace_sel *sel, enum jank_rule *rule);

/* jank_pick() over every thread. */
uint32_t jank_main_thread(const struct trace *tr);

/* "main", "pid", "first" (jank-json's thread_rule), or "given". */
const char *jank_rule_name(enum jank_rule r);

/* Whether method index m is frame-critical (by class and name, every
 * overload; '/' in class names read as '.'). */
int jank_critical(const struct trace *tr, uint32_t m);

/* Why a listed call was long (docs/numbers.md, "Jank"): the category
 * holding most of its wall time, by the time by category of
 * category.h applied inside the call (an idle or blocked call gives its
 * whole incl, every other call its excl; ties go to the category first
 * in docs/numbers.md's table: idle, blocked, app, androidx, framework,
 * runtime, library, unknown), that time's share of the call's incl wall
 * in whole percent rounded down (100: all of it), and the method of the
 * heaviest path's innermost call. */
struct jank_cause {
	enum category cat;
	uint32_t share;
	uint32_t method;
};

struct jank_row {
	uint32_t call, method;
	uint64_t start;                  /* µs on the axis (methodcalls.h) */
	uint64_t incl[TV_NCLOCKS];       /* 0 for a clock the trace lacks */
	size_t path, npath;              /* jank.paths[path..path + npath):
	                                  * call indices, the call first */
	struct jank_cause cause;
	int64_t key;                     /* jank_sort()'s, signed by direction */
};

struct jank {
	const struct trace *tr;
	uint32_t thread;                 /* index into trace.threads */
	/* How thread was chosen, which the reports print: jank_find() sets
	 * JANK_RULE_GIVEN and 0; a caller that chose by jank_pick() sets the
	 * rule, and among when the pick was within a --thread selection. */
	enum jank_rule rule;
	int among;
	uint64_t frame;                  /* the budget, µs */
	struct jank_row *rows;
	size_t nrows, cap;
	uint32_t *paths;
	size_t npaths, paths_cap;
};

/* The listed calls of thread index thread (which must have records) for
 * a budget of frame µs, longest first, with their causes; app[0..napp)
 * are the app's packages (category_of(); the caller's, borrowed for the
 * call only). The trace must record wall time. TV_OK or TV_ERR_NOMEM. */
enum tv_status jank_find(struct jank *j, const struct trace *tr, uint32_t thread,
                         uint64_t frame, const struct methodcalls_axis *ax,
                         const struct derive_glob *app, uint32_t napp, struct tv_error *err);
void jank_free(struct jank *j);

/* The columns the rows sort by: start, incl wall, incl CPU, wait (incl
 * wall − incl CPU, signed). */
enum jank_key { JANK_BY_START, JANK_BY_WALL, JANK_BY_CPU, JANK_BY_WAIT };

/* Re-sorts the rows by key, descending or not; ties by earlier start,
 * then call, in either direction. jank_find() sorts by wall,
 * descending. */
void jank_sort(struct jank *j, enum jank_key key, int descending);

#endif
