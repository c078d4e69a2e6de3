/* tlview.h: the timeline pane.
 *
 * One bar per thread (busiest first) with the time running right, a tick
 * ruler on top, thin marks under each bar where the selected method's calls
 * run, and a time cursor whose call is named on the status line. Each cell
 * shows the method that used most of its time, in the colour (and, where
 * the tier draws letters, the letter) of its category, or with K in that
 * method's colour (ranked by inclusive time, round robin over the
 * palette). In a dual-clock trace the cells where the thread was mostly
 * off CPU are drawn in a lighter shade; the time range the panes are
 * computed over (the range steps in force) is shaded on the ruler and the
 * time outside it dimmed (docs/ui.md, "Colours and letters"). Every
 * thread is drawn whatever the thread scope; the scope's are marked.
 *
 * A dual-clock trace has a second axis, each thread's own CPU time (T;
 * timeline.h): the view then draws every query on it, and what leaves
 * the view for the session (a range, the call under the cursor) goes back
 * to the wall axis through the thread under the cursor, as what comes in
 * (a call to show, the range steps in force) comes over through its own
 * thread (docs/ui.md, "Thread time").
 *
 * The view borrows the timeline index and the trace; it owns its scratch
 * arrays (tlview_free()). Its pane of the shell is tlpane.h.
 */
#ifndef TV_TLVIEW_H
#define TV_TLVIEW_H

#include <curses.h>
#include <stdint.h>

#include "draw/color.h"
#include "session/catmap.h"
#include "session/tidset.h"
#include "analyze/profile.h"
#include "analyze/timeline.h"

/* More threads than a terminal has lines are never shown at once. */
#define TLVIEW_MAX_ROWS 512

struct tlview {
	const struct timeline *tl;  /* the axis shown: wall, or &cpu */
	const struct timeline *wall;  /* the trace's axis, where ranges live */
	struct timeline cpu;     /* each thread's CPU time (has_cpu) */
	int has_cpu;
	uint32_t *threads;       /* trace thread indices, busiest first */
	uint32_t nthreads;
	uint32_t *rank;          /* per method: colour rank by incl time */
	uint64_t t0, t1;         /* visible time range, axis µs */
	uint64_t cursor;         /* time cursor */
	uint32_t cur;            /* cursor's position in threads[] */
	uint32_t top;            /* first thread shown */
	int bar_x, bar_w;        /* set by the last draw */
	int range_on;            /* a range grows from range_a to the cursor */
	uint64_t range_a;
	int drag_on;             /* a drag grows from window column drag_x0 to drag_x1 */
	int drag_x0, drag_x1;
	uint64_t span_a, span_b; /* the range v, V or a drag applied last (wall) */
	int scope_on;            /* the range steps in force: [scope_a, scope_b) */
	uint64_t scope_a, scope_b;  /* wall axis */
	struct tidset threads_in; /* the thread scope: its labels marked; none: all */
	struct catmap cats;      /* the loaded trace's methods' categories */
	int rows;                /* threads shown at the last draw */
	/* Where each shown thread starts and how many lines it takes: two
	 * with a marks line under its bar, one when the selected method does
	 * not run in it within the view. */
	int row_y[TLVIEW_MAX_ROWS], row_h[TLVIEW_MAX_ROWS];
	/* Per thread (like threads[]): its cells and marks as last computed,
	 * reused while the view and the selected method stay the same, so
	 * keys that only move the table cost no timeline queries. */
	struct tlv_cache {
		uint64_t t0, t1, method;
		int w, cells_ok, marks_ok;
		uint32_t *cells;
		uint8_t *marks;
		uint8_t *off;        /* 1 where the thread was mostly off CPU */
	} *cache;
};

/* 0, or -1 when out of memory. p ranks threads and method colours. */
int tlview_init(struct tlview *v, const struct timeline *tl, const struct profile *p);
void tlview_free(struct tlview *v);

void tlview_fit_all(struct tlview *v);
/* Zoom by 2 (in > 0) or 1/2 around the cursor. */
void tlview_zoom(struct tlview *v, int in);
/* Pan by an eighth of the view (dir -1/+1), cursor included. */
void tlview_pan(struct tlview *v, int dir);
/* Move the cursor by one column. */
void tlview_nudge(struct tlview *v, int dir);
void tlview_thread_move(struct tlview *v, int delta);
/* Fit the call under the cursor; 0, or -1 when there is none. */
int tlview_fit_call(struct tlview *v);
/* Move the cursor to the next/previous call of method; -1 when none. */
int tlview_step_call(struct tlview *v, uint32_t method, int dir);
/* The method under the cursor on the current thread, or TL_NONE. */
uint32_t tlview_method_at_cursor(const struct tlview *v);
/* The first screen: the first thread, the time cursor on the longest call
 * of method in it; -1 (cursor unchanged) when it has none there. */
int tlview_show_longest(struct tlview *v, uint32_t method);
/* Shade the ruler from a to the cursor while a range is being selected
 * (on 1), or stop (on 0). */
void tlview_range(struct tlview *v, int on, uint64_t a);
/* The app's packages for the categories (borrowed; NULL, 0: none). */
void tlview_categories(struct tlview *v, const struct derive_glob *app, uint32_t napp);
/* The time range the panes are computed over, absolute wall axis times
 * [a, b) (on 0: the whole trace): shaded on the ruler, the rest dimmed
 * (on the CPU axis, each thread's bar through its own CPU clock, the
 * ruler through the cursor's thread). */
void tlview_scope_range(struct tlview *v, int on, uint64_t a, uint64_t b);
/* The thread scope (trace.h; NULL: every thread): with one in force,
 * its threads' labels start with SYM_SCOPED, the others' with a blank.
 * 0, or -1 when out of memory (nothing marked). */
int tlview_scope_threads(struct tlview *v, const struct trace_sel *sel);
/* A mouse drag from window column x0 to x1 over the bars: the time range
 * it covers, [*a, *b) from the left edge of the leftmost column to the
 * right edge of the rightmost; -1 when either end is outside the bars or
 * both are in one column (a click). */
int tlview_drag(const struct tlview *v, int x0, int x1, uint64_t *a, uint64_t *b);
/* Shade the ruler over what a drag from window column x0 to x1 would
 * apply (tlview_drag(): nothing while both are in one column) while the
 * button is held (on 1), or stop (on 0). */
void tlview_drag_shade(struct tlview *v, int on, int x0, int x1);
/* The call under the cursor (innermost, current thread): its start and
 * end on the wall axis, whichever axis shows; 0, or -1 when there is
 * none. */
int tlview_cursor_call(const struct tlview *v, uint64_t *start, uint64_t *end);
/* tid of the thread under the cursor. */
uint32_t tlview_cursor_tid(const struct tlview *v);
/* A click at window row y, column x: thread and time; -1 outside bars. */
int tlview_click(struct tlview *v, int y, int x);

void tlview_draw(struct tlview *v, WINDOW *win, const struct color *c, int ascii, int focused,
                 uint32_t selected);

/* The thread (trace index) under the cursor; TL_NONE without threads. */
uint32_t tlview_thread(const struct tlview *v);
/* A call of thread tid, [t0, t1) absolute on the wall axis: the cursor on
 * its thread and at its start, the view fitted to it with a twentieth of
 * its length to each side (as f fits a call); on the CPU axis, the call's
 * CPU start and end (or the thread's CPU at t0 and t1 when no call spans
 * them exactly). Returns its length on the axis shown. */
uint64_t tlview_show_call(struct tlview *v, uint32_t tid, uint64_t t0, uint64_t t1);

/* Whether the CPU axis shows. */
int tlview_on_cpu(const struct tlview *v);
/* Show the CPU axis (cpu 1) or the wall axis: the cursor, the view and a
 * range being selected go over through the thread under the cursor. 0, or
 * -1 (nothing changed) when the trace has no CPU axis. */
int tlview_set_axis(struct tlview *v, int cpu);
/* Time t of the axis shown as a wall axis time, through the thread under
 * the cursor (t itself on the wall axis). */
uint64_t tlview_to_wall(const struct tlview *v, uint64_t t);
/* The time cursor for a status line, to the precision of one column
 * ("6.4s"; on the CPU axis "1.2s cpu", with wall 1 "1.2s cpu, 6.4s
 * wall"). */
void tlview_cursor_text(const struct tlview *v, int wall, char *buf, size_t n);

#endif
