/* screentest.h: curses on a terminal nobody sees, and its cells read back
 * as text, for the tests of the full-screen UI and bench_ui.
 *
 * No cmocka here: bench_ui links it too. Failures are returned.
 */
#ifndef TV_SCREENTEST_H
#define TV_SCREENTEST_H

#include <curses.h>
#include <stddef.h>
#include <stdio.h>

#include "shell/ui.h"

/* An off-screen terminal: curses writes to /dev/null and reads nothing. */
struct ts_term {
	FILE *out, *in;
	SCREEN *sc;
};

/* Curses on a terminal of type term, cols x lines, made the current one
 * (LINES and COLUMNS are set in the environment so that curses starts at
 * that size). 0, or -1 when /dev/null or the terminal description cannot
 * be opened (nothing then left open). Close with ts_close(). */
int ts_open(struct ts_term *t, const char *term, int cols, int lines);

/* Ends curses on t and closes what ts_open() opened. */
void ts_close(struct ts_term *t);

/* Row y of win as UTF-8 without its trailing blanks (panetext_rows()),
 * into buf of n > 0 bytes, cut to fit at a character's start; "" when
 * out of memory. curscr is the screen as the terminal shows it. */
void ts_row(WINDOW *win, int y, char *buf, size_t n);

/* The first row of win whose text holds s; -1 if none. */
int ts_row_with(WINDOW *win, const char *s);

/* Waits for u's worker (steps, trees, sorts; polled each millisecond, 20 s
 * at most), then draws a frame. 0, or -1 when it was still busy. */
int ts_settle(struct ui *u);

#endif
