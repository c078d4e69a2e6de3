/* dispatch.h: one key through the shell: a resize, the mouse, the prompt
 * that is open, the shell's own actions (quit, focus, the session's keys,
 * find, history, the keys that show a pane, copy, `:`, o), else the
 * focused pane's action (the list's when the pane has none for it) and
 * what the pane returns (a message, a jump, a call to show on the
 * timeline, a range to apply, a close). With the timeline focused, a key
 * it has no use for is the pane's below it; x from below goes to the
 * timeline with the focus; a key no pane there uses but another does
 * says where it works (keyhint.h).
 */
#ifndef TV_DISPATCH_H
#define TV_DISPATCH_H

struct ui;

/* Apply key ch (a curses key code); 1 when it quits. */
int dispatch_key(struct ui *u, int ch);

#endif
