/* tidset.h: a thread scope of one's own: every thread, or a set of tids.
 *
 * The session, the panes and their jobs each keep the scope they were
 * asked for, to hand on (tidset_sel(): the engine's struct trace_sel,
 * trace.h) and to tell whether a new one differs (tidset_same()). A set
 * is never empty: no tids is every thread, which a zeroed struct is.
 *
 * Ownership: a tidset owns its tids (tidset_free(); a failed copy leaves
 * it as it was). No curses.
 */
#ifndef TV_TIDSET_H
#define TV_TIDSET_H

#include <stdint.h>

#include "model/trace.h"

struct tidset {
	uint32_t *tids;    /* ascending, distinct; NULL for every thread */
	uint32_t n;        /* 0: every thread */
};

/* Into s, a copy of sel (NULL, or no tids: every thread). 0, or -1 when
 * out of memory. */
int tidset_copy(struct tidset *s, const struct trace_sel *sel);
/* Into s, the n tids of tids in any order, sorted and each once (n 0:
 * every thread). 0, or -1 when out of memory. */
int tidset_make(struct tidset *s, const uint32_t *tids, uint32_t n);
/* Whether s selects what sel does (NULL: every thread). */
int tidset_same(const struct tidset *s, const struct trace_sel *sel);
void tidset_free(struct tidset *s);

/* s as the engine takes it, NULL for every thread; buf holds it (valid
 * while s keeps its tids). */
static inline const struct trace_sel *tidset_sel(const struct tidset *s, struct trace_sel *buf)
{
	*buf = (struct trace_sel){s->tids, s->n};
	return s->n ? buf : NULL;
}

#endif
