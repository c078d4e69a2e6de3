/* dtreejob.h: the work the diff tree pane (dtreepane.h) gives its worker.
 *
 * A job builds the merged tree of the diff's two runs (difftree.h) on a
 * clock in an order, or works on the pane's own tree: it opens a node,
 * the hottest path below one, every level until a number of rows, or
 * sorts it again, or only shows other nodes open; then it lays out the
 * rows the pane shows (every node whose ancestors are open, with copies
 * of its numbers), so a tree of many rows never holds the screen. The
 * tree is not thread-safe: the pane gives it to no one else while a job
 * has it, and lends it its open marks. Nothing is drawn here.
 *
 * A job owns its built tree until taken, its list of nodes, the open
 * marks lent and its rows (dtreejob_free()).
 */
#ifndef TV_DTREEJOB_H
#define TV_DTREEJOB_H

#include <stdint.h>

#include "analyze/difftree.h"
#include "panes/treepane.h"

/* Build, open a node, the hottest path, every level, sort again; or
 * only lay out the rows again from the open marks. */
enum dtreejob_op { DTREEJOB_BUILD, DTREEJOB_EXPAND, DTREEJOB_HOT, DTREEJOB_ALL, DTREEJOB_SORT,
                   DTREEJOB_ROWS };

/* A row's numbers in each run, copied from the tree: present or not,
 * the path's method, calls and incl per clock. */
struct dtreejob_nums {
	uint8_t has[2];
	uint32_t method[2];
	uint64_t calls[2];
	uint64_t incl[2][TV_NCLOCKS];
};

struct dtreejob {
	enum dtreejob_op op;
	struct difftree *t;            /* the pane's tree (all but DTREEJOB_BUILD) */
	const struct profile *run[2];  /* DTREEJOB_BUILD: A and B */
	int clock, by, ascending;
	uint32_t node, limit;
	struct difftree built;         /* DTREEJOB_BUILD: owned until taken */
	int has_built;
	enum tv_status st;
	uint32_t *opened;              /* nodes to show open */
	uint32_t nopened, cap;
	uint32_t end;                  /* DTREEJOB_HOT: the path's last node */
	int capped;                    /* DTREEJOB_ALL stopped at limit rows */
	/* The pane's open marks, lent (cleared for DTREEJOB_BUILD), handed
	 * back grown to the tree's nodes with the opened ones set; the rows
	 * they show, nrows of them with their numbers (laid 0 when the tree
	 * could not be built or memory ran out: the pane keeps its rows). */
	uint8_t *open;
	uint32_t open_cap;
	struct tp_row *rows;
	struct dtreejob_nums *nums;
	uint32_t nrows, rows_cap, nums_cap;
	int laid;
};

/* A zeroed job of op; NULL when out of memory. */
struct dtreejob *dtreejob_new(enum dtreejob_op op);
/* Frees job (a struct dtreejob *) and what it owns. NULL is fine. */
void dtreejob_free(void *job);
/* Runs job (a struct dtreejob *) and returns it: st says how it went. */
void *dtreejob_run(void *job);

#endif
