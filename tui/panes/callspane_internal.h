/* callspane_internal.h: what the two parts of the call-list pane share;
 * callspane.h is its public header, and nothing but the parts includes
 * this one. One module, one prefix:
 *
 *   callspane.c       the rows: built (and sorted) on the pane's worker,
 *                     the scope, the keys and the pane's ops
 *   callspane_draw.c  drawing: title, summary, histogram, column titles,
 *                     rows, the jank list's foot; the rows a pane wants
 */
#ifndef TV_CALLSPANE_INTERNAL_H
#define TV_CALLSPANE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "panes/callspane.h"

/* Every call: the list's length, rows away on the worker included. */
static inline size_t callspane_count(const struct callspane *p)
{
	return p->sorting ? p->sort_n : p->c.nrows;
}

/* The rows in hand. */
static inline uint32_t callspane_nrows(const struct callspane *p)
{
	if (!p->have)
		return 0;
	return (uint32_t)(p->jank ? p->j.nrows : p->c.nrows);
}

/* The pane's draw op (pane.h). */
void callspane_draw(void *self, WINDOW *win, const struct pane_ctx *ctx);

#endif
