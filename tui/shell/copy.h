/* copy.h: y and Y, text to the clipboard (clip.h): what is selected, the
 * whole pane as it shows, or after `:` its command line. The text goes
 * to $TRACEVIEW_COPY at once, or as OSC 52 bytes written to the terminal
 * after the next frame (copy_flush()), so curses never sees them in the
 * middle of its own output.
 */
#ifndef TV_COPY_H
#define TV_COPY_H

struct ui;

/* y (whole 0) or Y. */
void copy_text(struct ui *u, int whole);
/* After a frame: the OSC 52 bytes, when there are, to the terminal
 * (off screen, where there is none, dropped). */
void copy_flush(struct ui *u);

#endif
