/* difftree.h: two runs' top-down call trees merged into one
 * (docs/numbers.md, "The diff call tree").
 *
 * A node is a call path from the root, matched along the path by method:
 * toplevel -> M1 -> ... -> Mk in run A and in run B, where each Mi is
 * matched by full name as the diff matches methods (diff.h: class, name
 * and signature; unnamed methods by id). The root is both toplevels. A
 * node's children are the union of the children of its path in A and in
 * B; a path one run lacks is absent on that side. Its numbers on each side
 * are exactly the node of that run's own top-down tree (pathtree.h), so
 * the tree holds both runs' trees and, per node, where the path is in
 * each. When one run calls two methods of the same full name below one
 * path (one method traced under two ids), they pair with the other run's
 * in the order of their ids, and the rest stand alone.
 *
 * Both runs' trees are built over the threads of each run's profile
 * (profile.h; --thread, --range and --transform are the profiles'),
 * O(calls) each; a node's children are made when it is first expanded:
 * both sides' children made and matched by name, O(k log k) for k
 * children beyond what expanding the runs' own nodes costs (pathtree.h).
 *
 * Order: the children of a node are sorted by one column (enum
 * difftree_by) on the tree's clock, descending or ascending. The default,
 * and the order of every report: by B's incl, then A's incl, largest
 * first (a path of one run counts 0 in the other); ties by full name
 * (the diff's order), then by where the path is in A's tree and B's, so
 * the order is total. difftree_sort_by() re-sorts the lists made so far;
 * later ones are sorted so when made.
 *
 * Ownership: the tree owns both runs' trees and its nodes and borrows the
 * profiles' traces, which must outlive it. difftree_free() releases
 * everything (also after a failed build, and on a zeroed struct). Not
 * thread-safe, as pathtree.h. Pointers from the accessors stay valid until
 * the next difftree_expand(), difftree_sort_by() or difftree_free(). No
 * function prints or exits.
 */
#ifndef TV_DIFFTREE_H
#define TV_DIFFTREE_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "base/status.h"

#define DIFFTREE_NONE UINT32_MAX

struct difftree_node {
	uint32_t parent;          /* DIFFTREE_NONE for the root */
	uint32_t side[2];         /* the path's node in A's tree and B's, or PATHTREE_NONE */
	uint32_t depth;           /* the root is 0 */
	uint32_t nkids;           /* children, once expanded */
	size_t kid_off;           /* they are kids[kid_off..kid_off + nkids) */
	int expanded;
};

/* The columns siblings sort by: a run's incl, the change B - A by its
 * size, the change in % of A (a new path +inf, a gone one -100%). */
enum difftree_by { DIFFTREE_BY_A, DIFFTREE_BY_B, DIFFTREE_BY_DELTA, DIFFTREE_BY_PCT,
                   DIFFTREE_BY_COUNT };

struct difftree {
	struct pathtree run[2];   /* A's tree and B's, top-down */
	int clock;                /* TV_CPU or TV_WALL: the order's clock */
	enum difftree_by by;
	int ascending;
	struct difftree_node *nodes;
	uint32_t nnodes, nodes_cap;
	uint32_t *kids;           /* every child list, one pool */
	size_t nkids_total, kids_cap;
};

/* The merged tree of a's and b's threads, its root unexpanded, in the
 * default order on clock. TV_ERR_NOMEM or TV_ERR_NO_THREAD (a profile
 * without threads); on failure t holds nothing. */
enum tv_status difftree_build(struct difftree *t, const struct profile *a,
                              const struct profile *b, int clock, struct tv_error *err);
void difftree_free(struct difftree *t);

/* Whether node has children, known before expanding it. */
int difftree_expandable(const struct difftree *t, uint32_t node);

/* Makes node's children if not done yet. TV_OK or TV_ERR_NOMEM (the tree
 * may then hold some of the runs' nodes expanded, but node is not). */
enum tv_status difftree_expand(struct difftree *t, uint32_t node);

/* The children of an expanded node, in order; NULL with *n = 0 when it
 * has none or is not expanded yet. */
const uint32_t *difftree_children(const struct difftree *t, uint32_t node, uint32_t *n);

/* Run r's (0: A, 1: B) node of the path, NULL when r lacks the path. */
const struct pathtree_node *difftree_side(const struct difftree *t, uint32_t node, int r);

/* Run r's incl of the path on clock (0 when r lacks it or the clock). */
uint64_t difftree_incl(const struct difftree *t, uint32_t node, int r, int clock);

/* The path's last method: A's when A has the path (*run 0), else B's
 * (*run 1); PATHTREE_TOPLEVEL for the root. */
uint32_t difftree_method(const struct difftree *t, uint32_t node, int *run);

/* The run r's trace. */
const struct trace *difftree_trace(const struct difftree *t, int r);

/* The first child of an expanded node in the default order, whatever the
 * tree is sorted by; DIFFTREE_NONE when it has none. */
uint32_t difftree_hottest(const struct difftree *t, uint32_t node);

/* Sets the clock and re-sorts every child list made so far by column by.
 * TV_OK or TV_ERR_NOMEM (order unchanged). */
enum tv_status difftree_sort_by(struct difftree *t, int clock, enum difftree_by by,
                                int ascending);

#endif
