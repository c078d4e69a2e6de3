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

/* The tree a flame graph shows, through its ops: a trace's call tree
 * (pathtree.h, set by flame_init()) or another (the diff's merged tree:
 * dflame.h). A frame is as wide as width() on the flame's clock; its
 * children, once expand() made them, are children() in order. */
struct flame_src {
	void *t;
	int (*expand)(void *t, uint32_t node);   /* 0, or -1 when out of memory */
	const uint32_t *(*children)(const void *t, uint32_t node, uint32_t *n);
	uint64_t (*width)(const void *t, uint32_t node, int clock);
	uint32_t (*parent)(const void *t, uint32_t node);   /* PATHTREE_NONE for the root */
	uint32_t (*depth)(const void *t, uint32_t node);
	/* The node's method and the trace it is of; PATHTREE_TOPLEVEL for
	 * the root. */
	uint32_t (*method)(const void *t, uint32_t node, const struct trace **tr);
};

struct flame {
	const struct trace *tr;
	uint64_t inline_below;
	struct pathtree t;
	struct flame_src src;    /* t's ops, or another tree's */
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

/* What flame graphs share (the diff's too: dflame.h), on f's frames
 * from f->src. The layout for width cells, made again when anything
 * changed; the selection kept on screen; both for a window h x w. */
void flame_ensure(struct flame *f, int width);
void flame_prepare(struct flame *f, int h, int w);
/* What flame_prepare() does but the layout: 1 when the layout must be
 * made again for the window, with the depths it would take. */
int flame_stale(struct flame *f, int h, int w, uint32_t *depths);
/* On a job worker, with a tree just built: the nodes a cell wide or more
 * at the widest screen expanded, so the first layout finds them made. */
void flame_warm(const struct flame_src *src, int clock);
/* Row 0: the path from the root to the selection, the zoom bracketed. */
void flame_draw_crumbs(struct flame *f, WINDOW *win, const struct pane_ctx *ctx);
/* The frames' keys (Up, Down, Left, Right, zoom, out): PANE_IGNORED for
 * another action. */
enum pane_res flame_act(struct flame *f, enum action a, struct pane_out *out);
void flame_click(struct flame *f, int y, int x, int wheel);
/* The pane's rows op, and y's: the selected frame's stack. */
int flame_rows(const struct flame *f, int drawn);
char *flame_copy(const struct flame *f, int ascii);
/* The laid-out frame after the selection (dir > 0) or before it whose
 * node keep() accepts (the selection itself first when include_from);
 * it becomes the selection: 0, or -1 when none. */
int flame_find_frame(struct flame *f, int (*keep)(void *env, uint32_t node), void *env,
                     int dir, int include_from);
/* "Class.method" of tr's method, without package and signature, fitted
 * to cols: labels and breadcrumbs. */
void flame_short(const struct trace *tr, uint32_t method, int cols, int ascii, char *out,
                 size_t n);

struct pane flame_pane(struct flame *f);
/* The registry's (registry.h): the flame graph of env->s's trace, freed
 * with flame_destroy(); ops NULL when out of memory. It colours by the
 * session's categories. */
struct pane flame_make(const struct pane_env *env, int variant);
void flame_destroy(void *self);

#endif
