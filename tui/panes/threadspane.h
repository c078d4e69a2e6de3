/* threadspane.h: the threads pane (`6`): every thread and the scope.
 *
 * One row per thread taking part in the trace shown (the steps in force
 * applied; a profile's threads, as --format=json lists them): its tid,
 * records, CPU and wall time (its span on each clock, json's cpu_usec and
 * wall_usec, in ms with three decimals), wait (wall − CPU), its share of
 * the time of every thread on the shell's clock, a strip of its time by
 * category (legend.h's blocks: the colours, or the letters in mono and
 * ASCII) and its name. < > I sort by a column; the shell's find and
 * filter search the names through the list ops, whose items are thread
 * indices (own_items). Space marks threads; Enter asks the shell to scope
 * every pane to the marked ones, or to the thread under the cursor when
 * none is marked (PANE_SCOPE; its scope op says which). The scope's
 * threads are marked SYM_SCOPED, the marked ones SYM_PICKED.
 *
 * The sums by category walk every call: on the pane's own job worker for
 * a trace of inline_below records or more (the strips say "computing"
 * meanwhile), so the screen stays live; the rest is read off the threads.
 *
 * The pane borrows the session's trace, profile and categories (the shell
 * releases it before they are freed) and owns its rows, marks, filter
 * and worker (threadspane_destroy()).
 */
#ifndef TV_THREADSPANE_H
#define TV_THREADSPANE_H

#include <stdint.h>

#include "analyze/category.h"
#include "panes/pane.h"
#include "panes/rowlist.h"
#include "session/tidset.h"

/* The columns rows sort by, in the order they show. */
enum threadspane_key { THREADSPANE_BY_TID, THREADSPANE_BY_RECORDS, THREADSPANE_BY_CPU,
                       THREADSPANE_BY_WALL, THREADSPANE_BY_WAIT, THREADSPANE_BY_SHARE,
                       THREADSPANE_BY_NAME, THREADSPANE_NKEYS };

struct jobs;

struct threadspane {
	const struct trace *tr;          /* the trace shown, NULL until retargeted */
	const struct profile *whole;     /* its profile over every thread */
	const struct derive_glob *app;   /* the categories' app packages */
	uint32_t napp;
	int clock;
	uint64_t inline_below;
	uint32_t *rows;                  /* thread indices: whole->threads, sorted */
	uint32_t nrows, nshown;          /* rows, and the first nshown pass the filter */
	category_times *cats;            /* per thread index, once summed */
	int have_cats;
	uint8_t *picked;                 /* per thread index: marked */
	uint8_t *keep;                   /* per thread index: kept by the filter; NULL: all */
	uint32_t npicked;
	struct tidset scope;             /* the session's, marked */
	struct tidset want;              /* what the last Enter asked for, */
	struct trace_sel want_sel;       /* as the engine takes it */
	enum threadspane_key key;
	int desc;
	struct rowlist list;             /* the cursor, and the rows at the last draw */
	struct jobs *jobs;
	unsigned job_id;
	char note[160];                  /* why there is nothing to show, or "" */
};

/* An empty pane on a worker of its own (without one, sums are made at
 * once). 0, or -1 when out of memory. */
int threadspane_init(struct threadspane *p, uint64_t inline_below);
void threadspane_free(struct threadspane *p);

/* What the shell shows: tr (the steps in force) and whole, its profile
 * over every thread (both borrowed until threadspane_release()), the
 * categories' app packages, the clock and the thread scope (NULL: every
 * thread). Rows and sums are made again when tr or whole change; marks
 * and the filter stay (by thread index, which a view keeps). 0, or -1
 * when out of memory. */
int threadspane_show(struct threadspane *p, const struct trace *tr, const struct profile *whole,
                     const struct derive_glob *app, uint32_t napp, int clock,
                     const struct trace_sel *scope);
/* Before tr or whole are freed: the worker stopped, the rows dropped. */
void threadspane_release(struct threadspane *p);

/* Sort by key (descending or not); the cursor stays on its thread. */
void threadspane_sort(struct threadspane *p, enum threadspane_key key, int desc);
/* Mark or unmark the thread under the cursor. */
void threadspane_pick(struct threadspane *p);
/* What Enter scopes to: the marked threads, else the one under the
 * cursor (the marks are cleared); NULL when there is no row. */
const struct trace_sel *threadspane_scope_wanted(struct threadspane *p);

/* The pane (pane.h). */
struct pane threadspane_pane(struct threadspane *p);
/* The registry's (registry.h) on env->s, freed with threadspane_destroy();
 * ops NULL when out of memory. */
struct pane threadspane_make(const struct pane_env *env, int variant);
void threadspane_destroy(void *self);

#endif
