/* dtreepane.h: the diff call tree pane (`2` on the diff screen).
 *
 * One row per node of the diff's merged tree (difftree.h) whose ancestors
 * are all open, indented as the call trees' rows (treepane.h); per row
 * A's and B's incl on the screen's clock ("-" where a run lacks the
 * path), the change B - A and its % of A, and each run's calls. < > I
 * order the siblings by A, B, the change (by its size) or its %; c
 * switches the clock of the whole diff screen. The row under the cursor
 * is the selection: its method's diff row, which the table follows.
 *
 * Work on the tree (building it, opening a node, the hottest path, every
 * level, sorting: dtreejob.h) and laying out its rows again (also to shut
 * a node) runs on the pane's own job worker when either run has
 * inline_below records or more, so the screen stays live; smaller diffs
 * do it at once. The rows are copies of the nodes' numbers: drawing and
 * moving never touch the tree, which the worker may be changing. While a
 * job runs, keys that change the tree or its rows answer "computing".
 *
 * The pane borrows the diff (and through it both profiles and traces)
 * and the screen's clock, which must outlive it, and owns its tree, rows
 * and worker (dtreepane_free()).
 */
#ifndef TV_DTREEPANE_H
#define TV_DTREEPANE_H

#include <stdint.h>

#include "analyze/diff.h"
#include "analyze/difftree.h"
#include "panes/dtreejob.h"
#include "panes/pane.h"
#include "panes/treepane.h"

struct jobs;

struct dtreepane {
	const struct diff *d;
	int *clock;              /* the screen's, or own_clock */
	int own_clock;
	uint64_t inline_below;   /* records: smaller runs work at once */
	struct difftree t;
	int built;
	/* The order once every queued job ran, and the one wanted. */
	int requested, req_clock, req_by, req_ascending;
	int by, ascending;       /* enum difftree_by */
	int row_clock, row_by, row_ascending;  /* the rows' clock and order */
	uint8_t *open;           /* per node: shown open; lent to a running job */
	uint32_t open_cap;
	struct tp_row *rows;     /* their shape; numbers in nums[] */
	uint32_t nrows, rows_cap;
	struct dtreejob_nums *nums;
	uint32_t nums_cap;
	uint32_t cursor, top;
	int height;
	struct jobs *jobs;
	unsigned job_id;
	int busy;
	char note[160];
	uint32_t *rowof[2];      /* per method of each run: its diff row */
};

/* On d, following the clock *clock (NULL: the pane's own, the diff's
 * sort clock at first). 0, or -1 when out of memory. */
int dtreepane_init(struct dtreepane *p, const struct diff *d, int *clock, uint64_t inline_below);
void dtreepane_free(struct dtreepane *p);

/* Builds the tree, or sorts it again, for the clock and order wanted
 * (on the worker for big runs); cheap when nothing changed. */
void dtreepane_follow(struct dtreepane *p);

/* The pane (pane.h): items are diff rows. */
struct pane dtreepane_pane(struct dtreepane *p);
/* The registry's (registry.h): on env->d and env->clock; freed with
 * dtreepane_destroy(). Ops NULL when out of memory. */
struct pane dtreepane_make(const struct pane_env *env, int variant);
void dtreepane_destroy(void *self);

#endif
