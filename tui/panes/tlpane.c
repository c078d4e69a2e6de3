/* tlpane.c: the timeline as a pane of the shell (see tlpane.h). */
#include "panes/tlpane.h"

#include <stdio.h>

#include "draw/units.h"
#include "draw/names.h"
#include "panes/panetext.h"
#include "session/session.h"

static void tlpane_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	tlview_draw(self, win, ctx->color, ctx->ascii, ctx->focused, ctx->selected);
}

/* [a, b) of the axis shown as the wall axis range span_a, span_b: on the
 * CPU axis through the thread under the cursor, said in out (ranges are
 * steps on the wall axis: docs/numbers.md, "Time ranges"). */
static void tlpane_span_to_wall(struct tlview *v, uint64_t a, uint64_t b, struct pane_out *out)
{
	char ca[48], cb[48], wa[48], wb[48];
	v->span_a = tlview_to_wall(v, a);
	v->span_b = tlview_to_wall(v, b);
	if (!tlview_on_cpu(v))
		return;
	units_duration(v->tl->tr, ca, sizeof ca, a - v->tl->begin, 0);
	units_duration(v->tl->tr, cb, sizeof cb, b - v->tl->begin, 0);
	units_duration(v->tl->tr, wa, sizeof wa, v->span_a - v->wall->begin, 0);
	units_duration(v->tl->tr, wb, sizeof wb, v->span_b - v->wall->begin, 0);
	snprintf(out->msg, sizeof out->msg, "cpu %s..%s of thread %lu applies as wall %s..%s", ca,
	         cb, (unsigned long)tlview_cursor_tid(v), wa, wb);
}

/* v starts a range at the time cursor, v again applies it (PANE_RANGE),
 * V applies one over the call under the cursor, Esc cancels. */
static enum pane_res tlpane_range_act(struct tlview *v, enum action a, struct pane_out *out)
{
	uint64_t c = v->cursor, from = v->range_a;
	if (a == ACT_RANGE_CALL) {
		if (tlview_cursor_call(v, &v->span_a, &v->span_b) < 0) {
			snprintf(out->msg, sizeof out->msg, "no call under the time cursor");
			return PANE_DONE;
		}
		if (tlview_on_cpu(v))
			snprintf(out->msg, sizeof out->msg, "V: the call's wall time, as ranges apply "
			         "on the wall axis");
		return PANE_RANGE;
	} else if (a == ACT_RANGE && !v->range_on) {
		tlview_range(v, 1, c);
		snprintf(out->msg, sizeof out->msg, "range: move the cursor, v ends it, Esc cancels");
	} else if (a == ACT_RANGE) {
		tlview_range(v, 0, 0);
		tlpane_span_to_wall(v, from < c ? from : c, from < c ? c : from, out);
		return PANE_RANGE;
	} else {
		snprintf(out->msg, sizeof out->msg, "%s",
		         v->range_on ? "range cancelled" : "no range is being selected");
		tlview_range(v, 0, 0);
	}
	return PANE_DONE;
}

/* Why a trace has no CPU axis. */
static const char *tlpane_no_axis(const struct trace *tr)
{
	if (tr->clock == TV_CLOCK_SEQUENCE)
		return "T: no thread time: this trace records no clock, only the order of events";
	if (!tr->has_clock[TV_CPU])
		return "T: no thread time: this trace records wall time only";
	return "T: no wall clock here: the timeline already shows each thread's CPU time";
}

/* T: the wall axis and each thread's own CPU time, in a dual-clock
 * trace; elsewhere why not. */
static void tlpane_axis(struct tlview *v, struct pane_out *out)
{
	const char *said;
	if (tlview_set_axis(v, !tlview_on_cpu(v)) < 0)
		said = tlpane_no_axis(v->wall->tr);
	else if (tlview_on_cpu(v))
		said = "T: each thread's own CPU time: its waits close up (T again: wall time)";
	else
		said = "T: wall time";
	snprintf(out->msg, sizeof out->msg, "%s", said);
}

static enum pane_res tlpane_act(void *self, enum action a, const struct pane_ctx *ctx,
                                struct pane_out *out)
{
	struct tlview *v = self;
	switch (a) {
	case ACT_PAN_LEFT: tlview_pan(v, -1); break;
	case ACT_PAN_RIGHT: tlview_pan(v, 1); break;
	case ACT_ZOOM_IN: tlview_zoom(v, 1); break;
	case ACT_ZOOM_OUT: tlview_zoom(v, -1); break;
	case ACT_FIT_ALL: tlview_fit_all(v); break;
	case ACT_FIT_CALL:
		if (tlview_fit_call(v) < 0)
			snprintf(out->msg, sizeof out->msg, "f: no call under the cursor to fit");
		break;
	case ACT_THREAD_UP: tlview_thread_move(v, -1); break;
	case ACT_THREAD_DOWN: tlview_thread_move(v, 1); break;
	case ACT_CURSOR_LEFT: tlview_nudge(v, -1); break;
	case ACT_CURSOR_RIGHT: tlview_nudge(v, 1); break;
	case ACT_NEXT_CALL: case ACT_PREV_CALL:
		if (tlview_step_call(v, ctx->selected, a == ACT_NEXT_CALL ? 1 : -1) < 0) {
			snprintf(out->msg, sizeof out->msg, "%s",
			         a == ACT_NEXT_CALL ? "no later call of the selected method"
			                            : "no earlier call of the selected method");
		} else {
			char thread[300];
			names_thread(v->tl->tr, tlview_thread(v), 1 << 20, ctx->ascii, thread, sizeof thread);
			snprintf(out->msg, sizeof out->msg, "%s call on %s",
			         a == ACT_NEXT_CALL ? "next" : "previous", thread);
		}
		break;
	case ACT_PICK:
		out->target = tlview_method_at_cursor(v);
		if (out->target != TL_NONE)
			return PANE_JUMP;
		snprintf(out->msg, sizeof out->msg, "no call under the cursor");
		break;
	case ACT_RANGE: case ACT_RANGE_CALL: case ACT_RANGE_CANCEL: return tlpane_range_act(v, a, out);
	case ACT_AXIS: tlpane_axis(v, out); break;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel tlpane_selected(const void *self)
{
	const struct tlview *v = self;
	uint32_t m = tlview_method_at_cursor(v);
	return (struct pane_sel){m == TL_NONE ? PANE_NONE : m, tlview_cursor_tid(v),
	                         v->nthreads > 0};
}

static size_t tlpane_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_PAN_LEFT, ACT_PAN_RIGHT, ACT_ZOOM_IN, ACT_ZOOM_OUT,
	                                   ACT_FIT_ALL, ACT_FIT_CALL, ACT_THREAD_UP,
	                                   ACT_THREAD_DOWN, ACT_NEXT_CALL, ACT_PREV_CALL, ACT_PICK,
	                                   ACT_AXIS};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void tlpane_click(void *self, int y, int x, int wheel)
{
	if (wheel)
		tlview_zoom(self, wheel < 0 ? 1 : -1);
	else
		tlview_click(self, y, x);
}

/* The categories' app packages and the range steps in force. */
static int tlpane_retarget(void *self, const struct session *s, uint32_t selected)
{
	struct tlview *v = self;
	const struct derive_glob *app;
	uint32_t napp;
	uint64_t a, b;
	(void)selected;
	session_categories(s, &app, &napp);
	if (v->cats.app != app || v->cats.napp != napp)
		tlview_categories(v, app, napp);
	int on = session_range(s, &a, &b);
	tlview_scope_range(v, on, a, b);
	return tlview_scope_threads(v, session_scope(s));
}

/* The first screen: the selected method's longest call on the first
 * thread under the time cursor (mid-trace without one). */
static void tlpane_open(void *self, const struct session *s, const struct pane_ctx *ctx,
                        struct pane_out *out)
{
	(void)s;
	(void)out;
	tlview_show_longest(self, ctx->selected);
}

/* A ruler and two lines a thread. */
static int tlpane_rows(const void *self, int drawn)
{
	(void)drawn;
	return 2 + 2 * (int)((const struct tlview *)self)->nthreads;
}

static char *tlpane_copy(const void *self, WINDOW *win, int ascii)
{
	const struct tlview *v = self;
	(void)win;
	return panetext_item(v->tl->tr, tlpane_selected(v).item, ascii);
}

/* Enter in a call list: the call's thread, the time cursor at its start
 * and the view fitted to it, a twentieth of its length to each side (as
 * f fits a call), found on the loaded trace by its thread's tid. */
static void tlpane_show_call(void *self, uint32_t tid, uint64_t t0, uint64_t t1,
                             struct pane_out *out)
{
	struct tlview *v = self;
	char a[48], b[48];
	uint64_t len = tlview_show_call(v, tid, t0, t1);
	units_duration(v->tl->tr, a, sizeof a, v->cursor - v->tl->begin, 1);
	units_duration(v->tl->tr, b, sizeof b, len, 1);
	snprintf(out->msg, sizeof out->msg, "thread %lu: the call at %s, %s long%s",
	         (unsigned long)tid, a, b, tlview_on_cpu(v) ? " (its CPU time)" : "");
}

/* A drag over the bars shades what it covers and ends as a range; past
 * either end of the bars it takes the time up to that end. */
static int tlpane_drag(void *self, enum pane_drag phase, int x, uint64_t *t0, uint64_t *t1,
                       struct pane_out *out)
{
	struct tlview *v = self;
	int lo = v->bar_x, hi = v->bar_x + v->bar_w - 1, x0 = v->drag_x0;
	int kept = x < lo ? lo : x > hi ? hi : x;
	switch (phase) {
	case PANE_DRAG_START:
		if (x < v->bar_x || x >= v->bar_x + v->bar_w)
			return -1;
		tlview_drag_shade(v, 1, x, x);
		return 0;
	case PANE_DRAG_MOVE: tlview_drag_shade(v, 1, x0, kept); return 0;
	case PANE_DRAG_END:
		tlview_drag_shade(v, 0, 0, 0);
		if (tlview_drag(v, x0, kept, t0, t1) < 0)
			return -1;
		tlpane_span_to_wall(v, *t0, *t1, out);
		*t0 = v->span_a;
		*t1 = v->span_b;
		return 0;
	case PANE_DRAG_STOP: tlview_drag_shade(v, 0, 0, 0); return 0;
	}
	return -1;
}

/* The range v or V applied last (PANE_RANGE). */
static int tlpane_span(const void *self, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	const struct tlview *v = self;
	*tid = tlview_cursor_tid(v);
	*t0 = v->span_a;
	*t1 = v->span_b;
	return 0;
}

struct pane tlpane_pane(struct tlview *v)
{
	static const struct pane_ops ops = {
		.kind = PANE_TIMELINE, .draw = tlpane_draw, .act = tlpane_act, .selected = tlpane_selected,
		.footer = tlpane_footer, .click = tlpane_click, .retarget = tlpane_retarget, .open = tlpane_open,
		.rows = tlpane_rows, .copy = tlpane_copy, .span = tlpane_span, .show_call = tlpane_show_call,
		.drag = tlpane_drag,
	};
	return (struct pane){&ops, v};
}
