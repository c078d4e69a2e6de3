/* flame.h: the flame graph pane (`4`), an icicle: root on top.
 *
 * The merged call paths of the top-down tree (pathtree.h), each node a frame
 * as wide as its inclusive time on the active clock in proportion to the
 * zoomed frame's, children left to right hottest first. A frame's edges
 * are its exact positions rounded to cells, so every width is within one
 * cell of exact. Frames are coloured by their method's category (with its
 * letter where the tier draws letters), or with K by a stable hash of
 * their method (shaded by it, with distinct glyphs, without colour),
 * labelled where the name fits; every frame of the selected method is
 * highlighted.
 *
 * Only frames at least one cell wide are laid out, and only their nodes
 * are expanded, so a layout costs O(columns x rows) nodes whatever the
 * trace. The tree is built on the pane's job worker for a trace of
 * inline_below records or more; the one being replaced stays on screen
 * meanwhile (the worker never touches it).
 *
 * The pane borrows the trace and owns its tree, frames and worker
 * (flame_free()).
 */
#ifndef TV_FLAME_H
#define TV_FLAME_H

#include <stdint.h>

#include "analyze/pathtree.h"
#include "session/catmap.h"
#include "panes/pane.h"
#include "session/tidset.h"

struct fl_frame {
	uint32_t node;
	uint32_t depth;          /* below the zoomed frame (0) */
	int x0, x1;              /* cells [x0, x1) */
};

struct jobs;

struct flame {
	const struct trace *tr;
	uint64_t inline_below;
	struct pathtree t;
	int built;
	int req_clock, requested;
	struct tidset req_scope;
	int clock;               /* widths are on this clock */
	uint32_t zoom;           /* the frame that takes the full width */
	uint32_t sel;            /* the selected frame */
	uint32_t top;            /* first depth shown, below zoom */
	struct fl_frame *frames; /* by depth, then left to right */
	uint32_t nframes, cap;
	int width, depths;       /* of the last layout */
	int dirty;               /* the layout must be made again */
	int rows;                /* depth rows at the last draw */
	struct jobs *jobs;
	unsigned job_id;
	int busy;
	char note[160];
	struct catmap cats;      /* the categories of tr's methods */
};

/* 0, or -1 when out of memory. */
int flame_init(struct flame *f, const struct trace *tr, uint64_t inline_below);
void flame_free(struct flame *f);
/* Drop the tree, frames and worker before the trace is freed;
 * flame_rebind() starts again on another (0, or -1 when out of memory). */
void flame_release(struct flame *f);
int flame_rebind(struct flame *f, const struct trace *tr);

/* The app's packages for the categories (borrowed; NULL, 0: none). */
void flame_categories(struct flame *f, const struct derive_glob *app, uint32_t napp);

/* The scope (trace.h; NULL: every thread) and clock to show; rebuilds
 * or re-sorts. */
void flame_scope(struct flame *f, const struct trace_sel *sel, int clock);

/* Lay out the frames of depths [0, depths) below the zoomed frame in
 * width cells (expanding their nodes). 0, or -1 when out of memory. */
int flame_layout(struct flame *f, int width, uint32_t depths);

/* Zoom into node (it takes the full width), or out one level (node
 * PATHTREE_NONE); -1 when there is nothing to do. */
int flame_zoom(struct flame *f, uint32_t node);

struct pane flame_pane(struct flame *f);
/* The registry's (registry.h): the flame graph of env->s's trace, freed
 * with flame_destroy(); ops NULL when out of memory. It colours by the
 * session's categories. */
struct pane flame_make(const struct pane_env *env, int variant);
void flame_destroy(void *self);

#endif
