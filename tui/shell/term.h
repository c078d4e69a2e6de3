/* term.h: the terminal the shell runs on: curses set up and given back,
 * the signals that end the view (Ctrl-C, SIGTERM, SIGHUP), and the
 * loading screen drawn before the view starts.
 */
#ifndef TV_TERM_H
#define TV_TERM_H

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

#endif
