/* diffview.h: the full-screen table of `traceview --diff BASE NEW`.
 *
 * One row per method matched by name, largest change in exclusive time
 * first; the selected method expands into its parents and children with
 * both runs side by side (base, new, change, calls in each): the plain
 * halves of the edges, then under a "parents while recursive" (or
 * "children while recursive") line their recursive halves, as in the
 * profile table (table.h). The view
 * borrows the diff (and through it both profiles and traces) and owns its
 * rows and windows (diffview_free()). Curses must be initialised.
 */
#ifndef TV_DIFFVIEW_H
#define TV_DIFFVIEW_H

#include "diff.h"

struct diffview;

struct diffview *diffview_new(const char *base, const char *next, const struct diff *d,
                              int color, int ascii);
/* One key; 1 when it quits. */
int diffview_key(struct diffview *v, int ch);
void diffview_draw(struct diffview *v);
void diffview_free(struct diffview *v);

#endif
