/* ui.h: the full-screen interface.
 *
 * ui_run() owns the terminal from start to end: it sets curses up on the
 * terminal, runs the key loop and restores the terminal on every way out
 * (q, Ctrl-C, SIGTERM, SIGHUP). The pieces below let the render benchmark
 * drive the same code on an off-screen terminal: after newterm() and
 * set_term(), ui_new() builds the state, ui_key() applies one key and
 * ui_draw() paints; ui_free() releases the state (not the terminal).
 * The trace is borrowed and must outlive the ui.
 */
#ifndef TV_UI_H
#define TV_UI_H

#include <stdint.h>

#include "analyze/derive.h"
#include "analyze/diff.h"
#include "analyze/profile.h"
#include "draw/color.h"
#include "model/trace.h"
#include "shell/term.h"

struct ui_opts {
	int color;   /* -1 auto, 0 never, 1 always */
	int ascii;   /* 1: ASCII only, whatever the locale */
	/* The threads to start scoped to (trace.h; NULL: every thread;
	 * copied). */
	const struct trace_sel *scope;
	/* Steps to start with (--range, --transform; copied) and --app's
	 * text (A's prompt starts with it; NULL: guessed). */
	const struct derive_step *steps;
	uint32_t nsteps;
	const char *app;
	int term_started;  /* ui_loading_start() took the terminal already */
	/* The loaded trace when tr is a view of it (--view with steps): the
	 * timeline axis and main thread of the call lists; NULL: tr. */
	const struct trace *loaded;
	uint64_t frame;    /* --frame: the jank budget, µs; 0: 16.7 ms */
	uint64_t min_wait; /* --min-wait: the waits pane's threshold, µs; 0: 16 ms */
	const char *src;   /* --src: DIR[:DIR...] where o finds sources; NULL */
	/* A line about the file, or NULL: an ANR report's other dumps, told
	 * in the footer at start and in the warnings (W); borrowed. */
	const char *note;
	/* --sort: the trees' order, 1 + enum pathtree_by (0: the default),
	 * ascending or not, chosen on clock sort_clock - 1 (0: the view's). */
	int sort, sort_ascending, sort_clock;
	/* --clock: 1 + the clock the view opens on (TV_CPU, TV_WALL) when the
	 * trace has it; 0: CPU when it has it. */
	int clock;
	/* --theme: AUTO is asked of the terminal as ui_run(), ui_run_diff()
	 * or ui_loading_start() takes it (term_theme()). */
	enum color_theme theme;
	/* A big trace loading (session/preload.h): tr is its preview, and
	 * the view swaps in the whole trace when it is in; NULL: none.
	 * Borrowed: it must outlive the ui. */
	struct preload *preload;
	/* The diff screen's options in force, "--thread=GLOB", "--range=A..B"
	 * or "--transform=STEP" each, as `:` repeats them (borrowed). */
	const char *const *diff_args;
	uint32_t ndiff_args;
};

/* The loading screen, so a long load shows its progress on the view's
 * own screen: ui_loading_start() puts the terminal in full-screen mode
 * before the trace is read (0, or UI_NO_TERMINAL), ui_loading_show() draws
 * a line (the progress bar) in its middle, ui_run() with term_started
 * then carries on on the same screen, and ui_loading_stop() gives the
 * terminal back when the view will not start after all. An AUTO theme is
 * asked of the terminal first, and o->theme set to its answer. */
int ui_loading_start(struct ui_opts *o);
/* Whether the view draws with ASCII only (--ascii, or not a UTF-8 locale). */
int ui_wants_ascii(const struct ui_opts *o);
void ui_loading_show(const char *line, int ascii);
void ui_loading_stop(void);

/* Returns the process exit status: 0, 128 + signal for SIGTERM/SIGHUP, 2
 * after a fatal error (the terminal restored, the message printed); or
 * UI_NO_TERMINAL when the terminal cannot run the UI (the caller then
 * prints the text report instead). */
#define UI_NO_TERMINAL (-1)
/* ... or, with ui_opts.preload, UI_LOAD_FAILED when the whole load
 * failed (the caller says why: preload_error()). */
#define UI_LOAD_FAILED (-2)
/* With TRACEVIEW_TEST_UI_OOM set in the environment, ui_run() fails its
 * first allocation after curses started: the tests check that path. */
int ui_run(const char *path, struct trace *tr, const struct ui_opts *o);

/* The same for --diff: the table of the diff. */
int ui_run_diff(const char *base, const char *next, const struct diff *d,
                const struct ui_opts *o);

/* Milliseconds curses waits after Esc for the rest of a key sequence. */
#define UI_ESCDELAY_MS TERM_ESCDELAY_MS

struct ui;
/* NULL when out of memory. Curses must be initialised. */
struct ui *ui_new(const char *path, struct trace *tr, const struct ui_opts *o);
/* The same on the diff screen: the diff d of the files base and next
 * (all borrowed, outliving the UI). */
struct ui *ui_new_diff(const char *base, const char *next, const struct diff *d,
                       const struct ui_opts *o);
/* Apply one key (a curses key code); 1 when the key quits. */
int ui_key(struct ui *u, int ch);
void ui_draw(struct ui *u);
/* Take what the workers finished (the session's scopes and rebuilds, the
 * panes' trees, lists and sums) and show it; 1 when the screen changed.
 * ui_key() and ui_draw() poll too. */
int ui_poll(struct ui *u);
/* Is the screen waiting for a background job ("computing")? */
int ui_busy(struct ui *u);
/* The profile the table shows now (a thread's when scoped): what the
 * steps in force make of the trace; for the tests. NULL for a diff. */
const struct profile *ui_profile(const struct ui *u);
void ui_free(struct ui *u);

#endif
