/* term.h: the terminal the shell runs on: curses set up and given back,
 * the signals that end the view (Ctrl-C, SIGTERM, SIGHUP), the loading
 * screen drawn before the view starts, and the terminal's background
 * asked for --theme=auto before curses starts.
 */
#ifndef TV_TERM_H
#define TV_TERM_H

#include <stddef.h>

#include "draw/color.h"

/* Milliseconds curses waits after Esc for the rest of a key sequence. */
#define TERM_ESCDELAY_MS 25

/* Curses on the terminal, with the shell's signal handlers in first so
 * curses leaves the signals to it. 0, or -1 when the terminal cannot do
 * it. */
int term_start(void);
/* The terminal given back, the signals to their defaults. */
void term_stop(void);
/* A fatal error once curses runs: the terminal given back first, then
 * "traceview: PATH: out of memory" on standard error; returns 2. */
int term_fatal(const char *path);
/* The signal that arrived since term_start() (0: none). */
int term_caught(void);
/* The loading screen: line (display width, escaped) in its middle. */
void term_loading_show(const char *line, int ascii);

/* Milliseconds the terminal has to say its background. */
#define TERM_ASK_MS 100

/* want as it is, but COLOR_THEME_AUTO asked of the terminal on standard
 * input and output (term_ask_background()): light or dark, dark when it
 * does not answer. Call it before term_start(). */
enum color_theme term_theme(enum color_theme want);

/* Asks the terminal on in (read) and out (written) for its background
 * colour (OSC 11) with a request for its attributes (DA1) behind it,
 * which every terminal answers after the first: the wait ends at that
 * answer, or after wait_ms. Both replies are read here, in non-canonical
 * mode without echo (the terminal's modes restored after), so neither
 * reaches the keys; a late one is flushed. 1: light, 0: dark, -1: no
 * answer (or in is not a terminal). */
int term_ask_background(int in, int out, int wait_ms);

/* The background an OSC 11 reply among buf's n bytes names ("ESC ] 11 ;
 * rgb:R/G/B", 1 to 4 hex digits each, ended by BEL or ST): 1 light
 * (luma over half), 0 dark, -1 no such reply. */
int term_parse_background(const char *buf, size_t n);

#endif
