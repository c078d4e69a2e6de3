/* dflame.h: the differential flame graph (`4` on the diff screen).
 *
 * The diff's merged call tree (difftree.h) as an icicle, root on top: a
 * frame is as wide as B's incl on the screen's clock (A's where B lacks
 * the path, in what room its parent leaves), children left to right in
 * the tree's order (B's incl, then A's). A frame's colour says its change
 * B - A: slower red, faster blue, unchanged grey, deeper by the band of
 * the change against the larger of A and B (1%, 10%, 50%: dflame_band());
 * the 8-colour tier and mono fill frames with + (slower) and - (faster)
 * too. Zoom, moves and the breadcrumb are the flame graph's (flame.h),
 * whose frames and keys it shares; the status line gives A, B, the change
 * (Δ, "d" in ASCII) and its %.
 *
 * When either run has inline_below records or more, the pane's job
 * worker builds the tree and makes each layout (expanding the nodes it
 * reaches, on a new clock re-sorting the laid-out nodes first), so a
 * zoom never holds the screen; meanwhile the last frame drawn stays,
 * its status line saying "computing", and the frames' keys wait. Smaller
 * runs do it all at once. The pane borrows the diff and the screen's
 * clock and owns its tree, frames, worker and the kept frame
 * (dflame_free()).
 */
#ifndef TV_DFLAME_H
#define TV_DFLAME_H

#include <stdint.h>

#include "analyze/diff.h"
#include "analyze/difftree.h"
#include "panes/flame.h"
#include "panes/pane.h"

struct dflame {
	struct flame fl;         /* frames, zoom, selection, worker: over dt */
	const struct diff *d;
	int *clock;              /* the screen's, or own_clock */
	int own_clock;
	struct difftree dt;
	int requested;
	uint32_t *rowof[2];      /* per method of each run: its diff row */
	/* While a job has the tree: the selection's diff row, and the last
	 * frame drawn and its status line's numbers, shown meanwhile. */
	uint32_t sel_item;
	WINDOW *snap;
	char status[1500];
	int at_once;             /* --view: every layout at once, as it is printed */
};

/* The band of a change from a to b: 0 none or under 1% of the larger,
 * 1 under 10%, 2 under 50%, 3 from 50% (a new or gone path: 100%). */
int dflame_band(uint64_t a, uint64_t b);

/* On d, following the clock *clock (NULL: the pane's own). 0, or -1
 * when out of memory. */
int dflame_init(struct dflame *f, const struct diff *d, int *clock, uint64_t inline_below);
void dflame_free(struct dflame *f);

/* Builds the tree, or sorts it for the screen's clock; cheap when
 * nothing changed. */
void dflame_follow(struct dflame *f);

/* The pane (pane.h): items are diff rows. */
struct pane dflame_pane(struct dflame *f);
/* The registry's (registry.h): on env->d and env->clock; freed with
 * dflame_destroy(). Ops NULL when out of memory. */
struct pane dflame_make(const struct pane_env *env, int variant);
void dflame_destroy(void *self);

#endif
