/* clip.h: text to the user's clipboard (y and Y in the UI).
 *
 * With $TRACEVIEW_COPY set (a command such as wl-copy or pbcopy) the text
 * goes to that command's standard input. Inside tmux ($TMUX not empty) it
 * goes to `tmux load-buffer -w -` (tmux's buffer, and the outer
 * terminal's clipboard where tmux may set it), run without a shell.
 * Otherwise, or when tmux did not take it (tmux before 3.2 has no -w), it
 * goes to the terminal as an OSC 52 sequence (ESC ] 52 ; c ; BASE64 BEL),
 * which reaches the user's own machine over SSH; inside tmux wrapped in a
 * DCS passthrough (ESC P tmux; ... ESC \) with each ESC doubled.
 * Terminals may ignore OSC 52 silently, so the caller's message says
 * which way the text went. Text over CLIP_MAX bytes is cut there, but
 * for tmux.
 */
#ifndef TV_CLIP_H
#define TV_CLIP_H

#include <stddef.h>

#define CLIP_MAX (100 * 1024)

/* The bytes to write to the terminal for text (n bytes, cut to CLIP_MAX),
 * wrapped for tmux when tmux is set; malloc'd, *len its length; NULL when
 * out of memory. */
char *clip_osc52(const char *text, size_t n, int tmux, size_t *len);

/* Sends text (n bytes) the first way above that takes it. When that is
 * OSC 52, *seq receives the bytes to write to the terminal after the
 * frame (clip_osc52(); *len their length), else NULL. A message for the
 * status line in msg, saying which way. 0, or -1 on failure (said in
 * msg). */
int clip_copy(const char *text, size_t n, char **seq, size_t *len, char *msg, size_t msgn);

#endif
