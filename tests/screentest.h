/* screentest.h: curses on a terminal nobody sees, and its cells read back
 * as text, for the tests of the full-screen UI and bench_ui.
 *
 * No cmocka here: bench_ui links it too. Failures are returned, but for
 * ts_sample(), which only the cmocka tests that define TV_SAMPLE get.
 */
#ifndef TV_SCREENTEST_H
#define TV_SCREENTEST_H

#include <curses.h>
#include <stddef.h>
#include <stdio.h>

#include "model/trace.h"
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

/* The full-screen view of a trace drawn off screen: its terminal, the
 * trace (owned) and the UI. */
struct ts_ui {
	struct ts_term t;
	struct trace tr;
	struct ui *u;
	int cols, lines;
};

/* Loads path and opens its view with o on an xterm-256color terminal of
 * cols x lines, drawn once; NULL when any of it failed (nothing left
 * open). Close with ts_ui_close(). */
struct ts_ui *ts_ui_open(const char *path, int cols, int lines, const struct ui_opts *o);
void ts_ui_close(struct ts_ui *s);

#ifdef TV_SAMPLE
/* The bundled sample (TV_SAMPLE) so, in colour, ASCII or not; the
 * calling cmocka test fails when it cannot be opened. */
struct ts_ui *ts_sample(int cols, int lines, int ascii);
#endif

/* Keys given as a string, or one key; each followed by a frame. */
void ts_keys(struct ts_ui *s, const char *keys);
void ts_key(struct ts_ui *s, int ch);

/* The first row of the screen whose text starts with prefix; -1 if
 * none. Does any row hold s? */
int ts_find(const char *prefix);
int ts_has(const char *s);

/* A file's text in a malloc'd string; NULL when it cannot be read. */
char *ts_file_text(const char *path);

/* Keys (y among them) pressed with $TRACEVIEW_COPY writing to a file of
 * our own: what was copied last, in a malloc'd string (NULL: nothing). */
char *ts_copy_keys(struct ts_ui *s, const char *keys);

/* The screen's rows on stderr, for a failing test. */
void ts_dump(void);

/* Waits for u's worker (steps, trees, sorts; polled each millisecond, 20 s
 * at most), then draws a frame. 0, or -1 when it was still busy. */
int ts_settle(struct ui *u);

#endif
