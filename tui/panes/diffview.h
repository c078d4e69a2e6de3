/* diffview.h: the diff table pane of `traceview --diff BASE NEW`.
 *
 * One row per method matched by name, largest change in exclusive time
 * first; the selected method expands into its parents and children with
 * both runs side by side (base, new, change, calls in each): the plain
 * halves of the edges, then under a "parents while recursive" (or
 * "children while recursive") line their recursive halves, as in the
 * profile table (sections.h). A pane of the shell (pane.h) whose items are
 * diff rows. The view borrows the diff (and through it both profiles and
 * traces) and owns its rows (diffview_free()).
 */
#ifndef TV_DIFFVIEW_H
#define TV_DIFFVIEW_H

#include <stddef.h>

#include "analyze/diff.h"
#include "panes/pane.h"

struct diffview;

/* NULL when out of memory; base and next are the file names shown. */
struct diffview *diffview_new(const char *base, const char *next, const struct diff *d);
void diffview_free(struct diffview *v);

/* A change's cells, as the diff screen shows them: the change in % of
 * base with one decimal ("+12.5%"), "new" or "gone" for a side without
 * it, "+inf" from 0; and a change's sign as U+2212 in UTF-8 (buf holds
 * "-1.250": a terminal without colours still tells better from worse). */
void diffview_pct(char *buf, size_t n, uint64_t base, uint64_t next, int has_base, int has_next);
void diffview_signed(char *buf, size_t n, int ascii);

/* The pane; its header op is the diff screen's header line. */
struct pane diffview_pane(struct diffview *v);
/* The registry's (registry.h): the diff env->d of env->base and
 * env->next on the screen's clock env->clock, freed with
 * diffview_destroy(); ops NULL when out of memory. */
struct pane diffview_make(const struct pane_env *env, int variant);
void diffview_destroy(void *self);

#endif
