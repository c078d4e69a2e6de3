/* tlpane.h: the timeline as a pane of the shell (pane.h), over a tlview
 * (tlview.h): its keys (zoom, pan, threads, the calls of the selected
 * method, Enter), the range v draws and V takes (PANE_RANGE), a drag over
 * its bars, a call shown for a call list (show_call), the session's
 * categories and range steps it follows. The context's selected item is
 * the method whose calls are marked and stepped through. The chart
 * (chart.h) folds into it; the pane borrows the tlview.
 */
#ifndef TV_TLPANE_H
#define TV_TLPANE_H

#include "panes/pane.h"
#include "panes/tlview.h"

struct pane tlpane_pane(struct tlview *v);

#endif
