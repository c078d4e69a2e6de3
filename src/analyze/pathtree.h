/* pathtree.h: the call trees of a selection, top-down and bottom-up
 * (docs/numbers.md, "Call trees").
 *
 * Top-down: the calls of the selected threads merged by call path. Node 0
 * is the toplevel (method PATHTREE_TOPLEVEL, the toplevel's incl and excl,
 * calls = selected threads); every other node is a path toplevel -> M1 ->
 * ... -> Mk with, over the calls that have that path, their number, Σ incl
 * and Σ excl per clock. No recursion rule: a recursive call is a deeper
 * path. pathtree_build() costs O(calls) time and 4 bytes per call (the
 * subtree ends that let a call's children be listed); a node's children
 * are made when it is first expanded, in O(its calls' children and
 * grandchildren), and each call a made node covers keeps 8 bytes.
 * (50M records, 15M distinct paths: build 0.4 s, hottest path 26 levels
 * down 10 ms, every node 14 s, on 2 shared cores.)
 *
 * Bottom-up: one root per method M with a call in the selection, carrying
 * M's profile numbers (calls = calls + recursive calls, excl = Σ excl,
 * incl = Σ incl of the non-recursive calls). The children of the node for
 * the chain M <- P1 <- ... <- Pk are the callers one level further up: the
 * node covers the calls of M whose parent call is a call of P1, whose
 * grandparent is a call of P2 and so on, with the same three numbers over
 * them. pathtree_build_inverted() computes the roots in one pass over the
 * calls (O(calls) time, O(methods + depth) memory). Expanding a root
 * costs one more pass and keeps 32 bytes per call of its method;
 * pathtree_expand_all() expands many roots in a single pass (the command
 * line's tree, E in the UI), grouping their calls by caller as it walks
 * (4 more bytes per call and about 64 per child, until it returns). A
 * deeper node costs O(calls it covers).
 *
 * Only pathtree_expand*() expand, so the caller chooses when to pay (the
 * UI can run the costly ones as background jobs). A tree is not
 * thread-safe: while a job expands it, nothing else may touch it.
 *
 * Order: children of every node, and the bottom-up roots, are sorted by
 * one column (enum pathtree_by), descending or ascending, ties by numeric
 * method id (then node number, so the order is total). By default the
 * column is the tree's clock's incl (top-down) or excl (bottom-up),
 * descending. pathtree_sort() re-sorts for another clock, pathtree_sort_by()
 * for another column; either sorts only the child lists made so far, and
 * lists made later are sorted by the same column when they are made.
 *
 * Threads: every thread with records, the one with tid, or a set, as the
 * profile selects them (trace_select_set(), trace.h).
 *
 * Ownership: the tree owns its arrays and borrows the trace, which must
 * outlive it and stay unchanged; pathtree_free() releases everything (also
 * after a failed build, and on a zeroed struct). Pointers returned by the
 * accessors stay valid until the next pathtree_expand*(), pathtree_sort() or
 * pathtree_free() on the same tree. No function prints or exits.
 *
 * One module in four parts, this its one public header: pathtree_build.c,
 * pathtree_expand.c, pathtree_sort.c, pathtree_find.c (how they fit:
 * pathtree_internal.h).
 */
#ifndef TV_PATHTREE_H
#define TV_PATHTREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"

#define PATHTREE_TOPLEVEL UINT32_MAX   /* method of the top-down root (= PROF_TOPLEVEL) */
#define PATHTREE_NONE UINT32_MAX       /* no node: a root's parent */

struct pathtree_node {
	uint32_t parent;                 /* node index, or PATHTREE_NONE for a root */
	uint32_t method;                 /* index into trace.methods, or PATHTREE_TOPLEVEL */
	uint32_t depth;                  /* a root is 0 */
	uint32_t nkids;                  /* children, once expanded */
	size_t kid_off;                  /* they are kids[kid_off..kid_off + nkids) */
	int expanded;                    /* children known (always, top-down) */
	uint64_t calls;                  /* every call covered, recursive or not */
	uint64_t incl[TV_NCLOCKS];       /* 0 for a clock the trace lacks */
	uint64_t excl[TV_NCLOCKS];
};

/* The columns siblings can be sorted by (docs/cli.md, "--sort"): wait
 * is wall less CPU, signed. */
enum pathtree_by { PATHTREE_BY_INCL_CPU, PATHTREE_BY_EXCL_CPU, PATHTREE_BY_INCL_WALL,
                 PATHTREE_BY_EXCL_WALL, PATHTREE_BY_INCL_WAIT, PATHTREE_BY_EXCL_WAIT,
                 PATHTREE_BY_CALLS, PATHTREE_BY_COUNT };

struct pathtree_lazy;                /* bottom-up bookkeeping, private */

struct pathtree {
	const struct trace *tr;
	int inverted;                    /* 1: bottom-up */
	int clock;                       /* the tree's clock, TV_CPU or TV_WALL */
	enum pathtree_by by;               /* the sort column */
	int ascending;                   /* 1: smallest first */
	uint32_t *threads;               /* selected thread indices */
	uint32_t nthreads;
	uint64_t top_incl[TV_NCLOCKS], top_excl[TV_NCLOCKS];
	struct pathtree_node *nodes;
	uint32_t nnodes, nodes_cap;
	uint32_t *roots;                 /* top-down: {0}; bottom-up: by excl */
	uint32_t nroots;
	uint32_t *kids;                  /* every child list, one pool */
	size_t nkids_total, kids_cap;
	struct pathtree_lazy *lazy;      /* NULL for top-down */
};

/* Top-down tree over every thread (tid NULL) or one, its root unexpanded,
 * sorted on clock (a clock the trace lacks sorts as zeros).
 * TV_ERR_NO_THREAD when tid has no records, TV_ERR_NOMEM. On failure t
 * holds nothing. Expanding fails with TV_ERR_NOMEM also past 2^32 - 2
 * nodes. */
enum tv_status pathtree_build(struct pathtree *t, const struct trace *tr, const uint32_t *tid,
                              int clock, struct tv_error *err);

/* The bottom-up roots, unexpanded. Same failures. */
enum tv_status pathtree_build_inverted(struct pathtree *t, const struct trace *tr,
                                       const uint32_t *tid, int clock, struct tv_error *err);

/* Both over the threads of sel together (NULL: every thread; trace.h);
 * TV_ERR_NO_THREAD when none of them has records. */
enum tv_status pathtree_build_set(struct pathtree *t, const struct trace *tr,
                                  const struct trace_sel *sel, int clock, struct tv_error *err);
enum tv_status pathtree_build_inverted_set(struct pathtree *t, const struct trace *tr,
                                           const struct trace_sel *sel, int clock,
                                           struct tv_error *err);

void pathtree_free(struct pathtree *t);

/* Computes node's children if not done yet (a no-op on an expanded
 * node). TV_OK or TV_ERR_NOMEM (the tree is unchanged then). */
enum tv_status pathtree_expand(struct pathtree *t, uint32_t node);

/* pathtree_expand on each listed node; bottom-up roots among them share
 * one pass over the calls. */
enum tv_status pathtree_expand_all(struct pathtree *t, const uint32_t *roots, uint32_t n);

/* Whether node has children, known before expanding it: 0 for a leaf
 * (top-down: no call has children; bottom-up: every call's chain ends at
 * a thread root). */
int pathtree_expandable(const struct pathtree *t, uint32_t node);

/* The children of an expanded node, in order; NULL with *n = 0 when it
 * has none or is not expanded yet. */
const uint32_t *pathtree_children(const struct pathtree *t, uint32_t node, uint32_t *n);

/* Sets the tree's clock and re-sorts every expanded child list and the
 * roots by column by, ascending or not. TV_OK or TV_ERR_NOMEM (order
 * unchanged). */
enum tv_status pathtree_sort_by(struct pathtree *t, int clock, enum pathtree_by by, int ascending);

/* pathtree_sort_by() in the default order on clock. */
enum tv_status pathtree_sort(struct pathtree *t, int clock);

/* The default column: incl (top-down) or excl (bottom-up) on clock. */
enum pathtree_by pathtree_default_by(int inverted, int clock);

/* The column by with the other clock: CPU <-> wall; wait and calls stay. */
enum pathtree_by pathtree_by_swap(enum pathtree_by by);

/* Whether the trace has what column by needs (wait: both clocks). */
int pathtree_by_available(const struct trace *tr, enum pathtree_by by);

/* The name of a column as --sort takes it ("incl_cpu", ..., "calls"). */
const char *pathtree_by_name(enum pathtree_by by);
/* The same as tr shows it: on a trace without time (trace_is_sequence())
 * the wall columns count events, "incl_events" and "excl_events". */
const char *pathtree_by_label(const struct trace *tr, enum pathtree_by by);

/* Parses --sort's value: a column name, also with the JSON field's
 * "_usec", or incl_events / excl_events (the wall columns of a trace
 * without time), after an optional '-' for ascending. 0, 1 for an
 * events name, or -1 when unknown. */
int pathtree_by_parse(const char *s, enum pathtree_by *by, int *ascending);

/* The number --min tests and the hottest path follows, whatever the
 * sort: the default column's value on the tree's clock. */
uint64_t pathtree_key(const struct pathtree *t, uint32_t node);

/* The child of an expanded node that comes first in the default order
 * (the hottest, whatever the sort); PATHTREE_NONE when it has none. */
uint32_t pathtree_hottest(const struct pathtree *t, uint32_t node);

/* Find in the tree (docs/ui.md, "Find in the call trees"): the node
 * after from in preorder (dir > 0) or before it (dir < 0) whose method
 * has want[method] set (one byte per method of the trace; the toplevel
 * never matches), from itself first when include_from. from PATHTREE_NONE
 * starts before the first node (dir > 0) or after the last. Past the end
 * the search wraps around to the other end and sets *wrapped. *found is
 * the node, PATHTREE_NONE when none matches. Only the nodes on the way to
 * the match are expanded; a subtree is entered only when it holds a match
 * (top-down: one scan of the calls it covers; bottom-up: a walk up the
 * ancestors of its calls, and for an unexpanded root one pass over the
 * calls per search). A search with no match costs one such test per
 * root. TV_OK or TV_ERR_NOMEM. */
enum tv_status pathtree_find(struct pathtree *t, const uint8_t *want, uint32_t from, int dir,
                             int include_from, uint32_t *found, int *wrapped);

#endif
