/* mouse.h: the mouse in the shell: a click focuses a pane and acts in it,
 * the wheel scrolls lists and zooms the timeline, and a drag with button
 * 1 over the timeline shades a time range and, released, applies it as a
 * step (the timeline's drag op does the columns).
 */
#ifndef TV_MOUSE_H
#define TV_MOUSE_H

struct ui;

/* The mouse event curses has (after KEY_MOUSE). */
void mouse_event(struct ui *u);
/* The drag is over (cancelled 1: Esc or a resize, whose release is still
 * to come; or the terminal goes to an editor or back to the shell): no
 * shading, no motion reports. */
void mouse_drag_stop(struct ui *u, int cancelled);

#endif
