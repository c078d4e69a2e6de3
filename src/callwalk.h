/* callwalk.h: the one preorder walk over a thread's calls.
 *
 * A thread's calls are stored in preorder with parent indices (trace.h),
 * so the call tree is replayed by keeping the path from the root: before
 * call i is entered, every call on the path that is not i's parent leaves.
 * callwalk_next() reports these steps one at a time:
 *
 *   CALLWALK_ENTER  *call was pushed; it is path[depth - 1]
 *   CALLWALK_LEAVE  *call was popped (its subtree is done); depth is its
 *                   parent's depth
 *   CALLWALK_DONE   every call has entered and left
 *   CALLWALK_NOMEM  the path could not grow (the walk can be freed)
 *
 * Start from a zeroed struct (`struct callwalk w = {0}`). The walk owns
 * its path array (callwalk_free()); it borrows the thread.
 */
#ifndef TV_CALLWALK_H
#define TV_CALLWALK_H

#include <stdint.h>
#include <stdlib.h>

#include "grow.h"
#include "trace.h"

enum { CALLWALK_NOMEM = -1, CALLWALK_DONE, CALLWALK_ENTER, CALLWALK_LEAVE };

struct callwalk {
	const uint32_t *parent;
	uint32_t ncalls, next;
	uint32_t *path;            /* call indices, root side first */
	uint32_t depth, cap;
};

static inline void callwalk_init(struct callwalk *w, const struct tv_thread *th)
{
	w->parent = th->parent;
	w->ncalls = th->ncalls;
	w->next = 0;
	w->depth = 0;
}

/* A walk may be re-initialised for another thread and keeps its path. */
static inline void callwalk_free(struct callwalk *w)
{
	free(w->path);
	w->path = NULL;
	w->cap = w->depth = 0;
}

static inline int callwalk_next(struct callwalk *w, uint32_t *call)
{
	if (w->next < w->ncalls) {
		uint32_t i = w->next;
		if (w->depth && w->path[w->depth - 1] != w->parent[i]) {
			*call = w->path[--w->depth];
			return CALLWALK_LEAVE;
		}
		if (grow_push32((void **)&w->path, &w->cap, w->depth, sizeof *w->path) < 0)
			return CALLWALK_NOMEM;
		w->path[w->depth++] = i;
		w->next++;
		*call = i;
		return CALLWALK_ENTER;
	}
	if (w->depth) {
		*call = w->path[--w->depth];
		return CALLWALK_LEAVE;
	}
	return CALLWALK_DONE;
}

#endif
