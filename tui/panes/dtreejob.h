/* dtreejob.h: the work the diff tree pane (dtreepane.h) gives its worker.
 *
 * A job builds the merged tree of the diff's two runs (difftree.h) on a
 * clock in an order, or works on the pane's own tree: it opens a node,
 * the hottest path below one, every level until a number of rows, or
 * sorts it again, and lists the nodes it opened for the pane to show.
 * The tree is not thread-safe: the pane gives it to no one else while a
 * job has it. No curses.
 *
 * A job owns its built tree until taken and its list of nodes
 * (dtreejob_free()).
 */
#ifndef TV_DTREEJOB_H
#define TV_DTREEJOB_H

#include <stdint.h>

#include "analyze/difftree.h"

enum dtreejob_op { DTREEJOB_BUILD, DTREEJOB_EXPAND, DTREEJOB_HOT, DTREEJOB_ALL, DTREEJOB_SORT };

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
};

/* A zeroed job of op; NULL when out of memory. */
struct dtreejob *dtreejob_new(enum dtreejob_op op);
/* Frees job (a struct dtreejob *) and what it owns. NULL is fine. */
void dtreejob_free(void *job);
/* Runs job (a struct dtreejob *) and returns it: st says how it went. */
void *dtreejob_run(void *job);

#endif
