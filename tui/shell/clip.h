/* clip.h: text to the user's clipboard (y and Y in the UI).
 *
 * With $TRACEVIEW_COPY set (a command such as wl-copy or pbcopy) the text
 * goes to that command's standard input. Otherwise it goes to the
 * terminal as an OSC 52 sequence (ESC ] 52 ; c ; BASE64 BEL), which
 * reaches the user's own machine over SSH; inside tmux ($TMUX set) it is
 * wrapped in a DCS passthrough (ESC P tmux; ... ESC \) with each ESC
 * doubled. Terminals may ignore OSC 52 silently, so the caller's message
 * says what was sent. Text over CLIP_MAX bytes is cut there.
 */
#ifndef TV_CLIP_H
#define TV_CLIP_H

#include <stddef.h>

#define CLIP_MAX (100 * 1024)

/* The bytes to write to the terminal for text (n bytes, cut to CLIP_MAX),
 * wrapped for tmux when tmux is set; malloc'd, *len its length; NULL when
 * out of memory. */
char *clip_osc52(const char *text, size_t n, int tmux, size_t *len);

/* Send text: to $TRACEVIEW_COPY's standard input, else as OSC 52 to file
 * descriptor fd (-1: nowhere, the message still says what would go). A
 * message for the status line in msg. 0, or -1 on failure (said in msg). */
int clip_send(const char *text, size_t n, int fd, char *msg, size_t msgn);

/* Is $TRACEVIEW_COPY set (to something)? */
int clip_command_set(void);

#endif
