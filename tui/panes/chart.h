/* chart.h: the call chart, folded into the timeline pane (`x`).
 *
 * The thread under the timeline's cursor as its call stack over time: one
 * row per depth (numbered from 1, the outermost call, as the status line
 * counts), each call a block as long as it runs, labelled where its
 * name fits, in the colour and letter of its category as on the timeline
 * (K: the timeline's method colours, shades without colour). In a
 * dual-clock trace the innermost call's cells where the thread was mostly
 * off CPU (waiting in that call) are drawn in a lighter shade.
 * The chart uses the timeline's view (time range, cursor, thread), so zoom
 * and pan work as on the timeline; Up and Down move between depth rows and
 * past the top or bottom row to the previous or next thread; the call at
 * the chosen depth under the time cursor is named on the status line and
 * Enter selects its method. `x` again folds the chart back.
 *
 * Each column shows the call running at the column's middle time (a call
 * shorter than a column may not show, as on the timeline), found by one
 * search and a walk up its parents: a frame costs O(columns x depth).
 *
 * The chart wraps the timeline's pane (every other key goes to it) and
 * borrows the tlview; it owns its cells (chart_free()).
 */
#ifndef TV_CHART_H
#define TV_CHART_H

#include <stdint.h>

#include "panes/pane.h"
#include "panes/tlview.h"

struct chart {
	struct tlview *v;
	struct pane base;        /* the timeline's own pane */
	int open;
	uint32_t depth;          /* the chosen depth row */
	uint32_t top;            /* first depth row shown */
	uint32_t maxd;           /* deepest depth in view at the last draw */
	uint32_t *cells;         /* rows x width: the call at each, TL_NONE */
	uint32_t *chain;         /* scratch: a call's ancestors */
	uint8_t *off;            /* per column: the thread mostly off CPU */
	uint32_t *inner;         /* per column: depth of the innermost call + 1 */
	size_t ncells, nchain, noff, ninner;
	int rows, w;             /* at the last draw */
};

void chart_init(struct chart *c, struct tlview *v);
void chart_free(struct chart *c);

/* The call of the current thread at depth under the time cursor, or
 * TL_NONE. */
uint32_t chart_call(struct chart *c, uint32_t depth);

/* The timeline pane with the chart folded in (kind PANE_TIMELINE); what
 * the chart does not do itself is the timeline's. */
struct pane chart_pane(struct chart *c);
/* The registry's (registry.h): the timeline of env->s's trace with its
 * chart, both owned (chart_destroy()); ops NULL when out of memory. */
struct pane chart_make(const struct pane_env *env, int variant);
void chart_destroy(void *self);

#endif
