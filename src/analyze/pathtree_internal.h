/* pathtree_internal.h: what the four parts of the call-tree module share;
 * pathtree.h is its public header, and nothing but the parts includes this
 * one. One module, one prefix:
 *
 *   pathtree_build.c   building the trees: the thread selection, the
 *                      top-down root, the bottom-up roots in one walk
 *   pathtree_expand.c  children made on expansion, top-down and bottom-up
 *   pathtree_sort.c    the order of siblings and roots (--sort's columns)
 *   pathtree_find.c    find in the tree, expanding only on the way
 *
 * Top-down: a node covers a run of calls in a pool (node after node).
 * Expanding it lists the children of those calls (each thread keeps the
 * end of every call's subtree, so children are found by jumping from one
 * sibling's end to the next) and groups them by method: one child node,
 * and one new run, per group.
 *
 * Bottom-up: a root's expansion lists the calls of its method (entries:
 * thread, call, recursion, excl) in one array. A node covers a contiguous
 * run of its root's entries, and each entry's cursor is the ancestor call
 * where the node's chain ends. Expanding a node steps every cursor of its
 * run to the parent call and regroups the run by that call's method, so
 * each child again covers a contiguous run, and the entries whose chain
 * ends at the node (cursor at a thread root) go last.
 */
#ifndef TV_PATHTREE_INTERNAL_H
#define TV_PATHTREE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "analyze/pathtree.h"
#include "base/grow.h"
#include "model/trace.h"

struct pathtree_frame {                /* a call on the walk's path */
	uint32_t call, node, method;
	int recursive;
	uint64_t child_incl[TV_NCLOCKS];
};

struct pathtree_walk {
	struct pathtree_frame *path;
	uint32_t depth, cap;
};

struct pathtree_entry {                /* one call of a bottom-up root's method */
	uint32_t thread;                   /* index into trace.threads */
	uint32_t call;
	uint32_t cursor;                   /* ancestor where the node's chain ends */
	uint32_t recursive;
	uint64_t excl[TV_NCLOCKS];
};

struct pathtree_span {                 /* a bottom-up node's entries */
	uint32_t root;                     /* root node owning the entries */
	size_t lo, hi;
	uint64_t ends;                     /* entries whose chain ends here */
};

struct pathtree_call {                 /* one call a top-down node covers */
	uint32_t thread;                   /* index into pathtree.threads */
	uint32_t call;                     /* TV_ROOT: the thread's root */
};

struct pathtree_lazy {
	struct pathtree_span *span;        /* per node */
	uint32_t span_cap;
	/* Top-down: every node's calls, node after node, and per selected
	 * thread the end of each call's subtree. */
	struct pathtree_call *pool;
	size_t npool, pool_cap;
	uint32_t **end;
	/* Bottom-up: per root node, its method's calls (NULL until expanded). */
	struct pathtree_entry **entries;
};

/* A new node under parent (PATHTREE_NONE: a root), zeroed but for its
 * parent, method and depth; PATHTREE_NONE when out of memory or past
 * 2^32 - 2 nodes. */
uint32_t pathtree_new_node(struct pathtree *t, uint32_t parent, uint32_t method);

/* Room for n nodes' spans. 0, or -1 when out of memory. */
int pathtree_span_room(struct pathtree *t, uint32_t n);

/* Pushes call i of th on the walk's path (active: open calls per method,
 * to mark recursion; NULL: none). 0, or -1 when out of memory. */
static inline int pathtree_push(struct pathtree_walk *w, const struct tv_thread *th, uint32_t i,
                                uint32_t node, uint32_t *active)
{
	if (grow_push32((void **)&w->path, &w->cap, w->depth, sizeof *w->path) < 0)
		return -1;
	struct pathtree_frame *f = &w->path[w->depth++];
	f->call = i;
	f->node = node;
	f->method = th->method[i];
	f->recursive = active ? active[f->method]++ > 0 : 0;
	memset(f->child_incl, 0, sizeof f->child_incl);
	return 0;
}

/* Pops the top call: its incl and excl per clock into incl[] and excl[],
 * its incl added to its parent frame (or to root_incl). */
static inline struct pathtree_frame pathtree_pop(struct pathtree_walk *w, const struct trace *tr,
                                                 const struct tv_thread *th, uint64_t *root_incl,
                                                 uint64_t incl[TV_NCLOCKS],
                                                 uint64_t excl[TV_NCLOCKS])
{
	struct pathtree_frame f = w->path[--w->depth];
	uint64_t *up = w->depth ? w->path[w->depth - 1].child_incl : root_incl;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		incl[c] = excl[c] = 0;
		if (!tr->has_clock[c])
			continue;
		incl[c] = trace_call_incl(th, c, f.call);
		/* Children lie within their parent: never negative. */
		excl[c] = incl[c] - f.child_incl[c];
		up[c] += incl[c];
	}
	return f;
}

/* Sorts the node list a[0..n) in the tree's order (tmp: room for n; NULL
 * is enough below 12). */
void pathtree_msort(const struct pathtree *t, uint32_t *a, uint32_t *tmp, uint32_t n);

/* The children of call c (TV_ROOT: the thread root) in a top-down tree:
 * first, end[first], ... below limit (end: the thread's subtree ends). */
static inline void pathtree_kid_range(const struct tv_thread *th, const uint32_t *end, uint32_t c,
                                      uint32_t *first, uint32_t *limit)
{
	*first = c == TV_ROOT ? 0 : c + 1;
	*limit = c == TV_ROOT ? th->ncalls : end[c];
}

#endif
