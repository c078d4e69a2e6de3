/* treejob.h: the work a call tree pane (treepane.h) gives its worker.
 *
 * A job builds a tree (pathtree.h) for a thread scope and clock in an
 * order, or works on the pane's own tree: it opens a node, the hottest
 * path below one, every level until a number of rows, sorts it again or
 * finds the next node of a set of methods, and lists the nodes it opened
 * for the pane to show. The tree is not thread-safe: the pane gives it to
 * no one else while a job has it. No curses.
 *
 * A job owns its built tree until taken, its list of nodes, its set of
 * methods and its scope's threads (treejob_free()).
 */
#ifndef TV_TREEJOB_H
#define TV_TREEJOB_H

#include <stdint.h>

#include "analyze/pathtree.h"
#include "session/tidset.h"

/* Build the tree for a scope and clock, in an order; open one node; the
 * hottest path below a node; every level until limit rows; sort again;
 * find the next node of a set of methods. */
enum treejob_op { TREEJOB_BUILD, TREEJOB_EXPAND, TREEJOB_HOT, TREEJOB_ALL, TREEJOB_SORT,
                  TREEJOB_FIND };

struct treejob {
	enum treejob_op op;
	struct pathtree *t;            /* the pane's tree (all but TREEJOB_BUILD) */
	const struct trace *tr;
	int inverted, clock, by, ascending;
	struct tidset scope;           /* TREEJOB_BUILD: its threads, owned */
	uint32_t node, limit;
	struct pathtree built;         /* TREEJOB_BUILD: owned until taken */
	int has_built;
	enum tv_status st;
	uint32_t *opened;            /* nodes to show open */
	uint32_t nopened, cap;
	uint32_t end;                /* TREEJOB_HOT: the path's last node; TREEJOB_FIND:
	                              * the match */
	int capped;
	uint8_t *want;               /* TREEJOB_FIND: per method, owned */
	int dir, include_from, wrapped;
};

/* A zeroed job of op; NULL when out of memory. */
struct treejob *treejob_new(enum treejob_op op);
/* Frees job (a struct treejob *) and what it owns. NULL is fine. */
void treejob_free(void *job);
/* Runs job (a struct treejob *) and returns it: st says how it went. */
void *treejob_run(void *job);

#endif
