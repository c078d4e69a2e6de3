/* preview.h: the view of a big trace while its whole load goes on
 * (session/preload.h; docs/ui.md, "Loading a big trace").
 *
 * The view opens on the preview (the file's first bytes) with a mark in
 * the header, "loading 23%" (the share of the file the whole load has
 * read). Moving, scrolling, the panes, find, `?` and `q` work on it; the
 * keys that would act on the whole trace (ranges, transforms and their
 * undo, thread scopes, exports) say "still loading" instead. When the
 * whole trace is in, the session and the panes are made again on it,
 * keeping what the user had chosen (the pane below the timeline or the
 * overlay, the focus, the method selected, the clock and the filter),
 * and the mark goes away: the numbers are final.
 */
#ifndef TV_PREVIEW_H
#define TV_PREVIEW_H

#include <stddef.h>

struct ui;

/* The header's mark ("loading 23%"), or "" when no load goes on. */
void preview_mark(const struct ui *u, char *buf, size_t n);

/* 1 (and said why, naming what: "e") while the whole trace loads, so the
 * key that asked does nothing; 0 otherwise. */
int preview_waits(struct ui *u, const char *what);

/* Between keys: 1 when the screen changed (the share loaded, or the
 * whole trace swapped in, which waits while a prompt is open or a drag
 * goes on); -1 when the whole load failed or the swap ran out of memory
 * (the view then ends: ui.h, UI_LOAD_FAILED). */
int preview_poll(struct ui *u);

#endif
