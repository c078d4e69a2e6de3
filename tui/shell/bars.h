/* bars.h: the header line (the trace's file, warnings, scope, steps,
 * clock, duration, threads, VM; the diff screen's from its list) and the
 * footer line (the message, then the keys of the focused pane; or the
 * prompt that is open).
 */
#ifndef TV_BARS_H
#define TV_BARS_H

struct ui;

void bars_header(struct ui *u);
void bars_footer(struct ui *u);

#endif
