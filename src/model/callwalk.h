/* callwalk.h: the one preorder walk over a thread's calls.
 *
 * A thread's calls are stored in preorder with parent indices (trace.h),
 * so replaying its call tree needs no stack: the open calls are the chain
 * of parent links from the last call entered. Before call i is entered,
 * every open call that is not i's parent leaves. callwalk_next() reports
 * these steps one at a time:
 *
 *   CALLWALK_ENTER  *call begins (its parent is the innermost open call)
 *   CALLWALK_LEAVE  *call ends: its subtree is done
 *   CALLWALK_DONE   every call has entered and left
 *
 * depth counts the open calls after the step. The walk borrows the
 * thread and owns nothing; ncalls may be lowered after callwalk_init() to
 * walk only a prefix of the calls (a prefix of a preorder is a tree).
 *
 * A preorder also keeps each subtree contiguous: callwalk_subtree_end()
 * finds where one ends, for a scan of a single call's subtree.
 */
#ifndef TV_CALLWALK_H
#define TV_CALLWALK_H

#include <stdint.h>

#include "model/trace.h"

enum { CALLWALK_DONE, CALLWALK_ENTER, CALLWALK_LEAVE };

struct callwalk {
	const uint32_t *parent;
	uint32_t ncalls, next;
	uint32_t open;             /* innermost open call, or TV_ROOT */
	uint32_t depth;
};

static inline void callwalk_init(struct callwalk *w, const struct tv_thread *th)
{
	w->parent = th->parent;
	w->ncalls = th->ncalls;
	w->next = 0;
	w->open = TV_ROOT;
	w->depth = 0;
}

static inline int callwalk_next(struct callwalk *w, uint32_t *call)
{
	uint32_t want = w->next < w->ncalls ? w->parent[w->next] : TV_ROOT;
	if (w->open != want) {
		*call = w->open;
		w->open = w->parent[w->open];
		w->depth--;
		return CALLWALK_LEAVE;
	}
	if (w->next == w->ncalls)
		return CALLWALK_DONE;
	*call = w->open = w->next++;
	w->depth++;
	return CALLWALK_ENTER;
}

/* The index just past the last descendant of call: its subtree is the
 * calls [call, end). A call after call is inside exactly when its parent
 * is call or after it; the first one whose parent is not ends the run.
 * O(size of the subtree). */
static inline uint32_t callwalk_subtree_end(const struct tv_thread *th, uint32_t call)
{
	uint32_t j = call + 1;
	while (j < th->ncalls && th->parent[j] != TV_ROOT && th->parent[j] >= call)
		j++;
	return j;
}

#endif
