/* mouse.c: clicks, the wheel and drags (see mouse.h). */
#include "shell/mouse.h"

#include <curses.h>
#include <stdint.h>

#include "draw/draw.h"
#include "shell/follow.h"
#include "shell/shell.h"

void mouse_drag_stop(struct ui *u, int cancelled)
{
	uint64_t t0, t1;
	u->drag = cancelled && u->drag == DRAG_ON ? DRAG_CANCELLED : DRAG_NONE;
	if (u->timeline.ops && u->timeline.ops->drag)
		u->timeline.ops->drag(u->timeline.self, PANE_DRAG_STOP, 0, &t0, &t1, NULL);
	if (u->motion)
		u->motion = draw_mouse_motion(u->term, 0);
}

/* Button 1 went down on the timeline at window column x: a drag begins
 * there when the pane takes it. Motion reports are asked for now, so the
 * range shades as it grows. */
static void mouse_drag_start(struct ui *u, int x)
{
	uint64_t t0, t1;
	if (!u->timeline.ops->drag ||
	    u->timeline.ops->drag(u->timeline.self, PANE_DRAG_START, x, &t0, &t1, NULL) < 0)
		return;
	u->drag = DRAG_ON;
	if (!u->motion)
		u->motion = draw_mouse_motion(u->term, 1);
}

/* Button 1 released: after a press on the timeline in another column, the
 * time dragged over applies as a range step (as v...v does). */
static void mouse_drag_end(struct ui *u, const MEVENT *ev)
{
	uint64_t t0, t1;
	struct pane_out out = {PANE_NONE, ""};
	int x = ev->x - getbegx(u->tlw), on = u->drag == DRAG_ON;
	int got = on && u->timeline.ops->drag(u->timeline.self, PANE_DRAG_END, x, &t0, &t1,
	                                      &out) == 0;
	mouse_drag_stop(u, 0);
	if (got && !u->overlay.ops) {
		shell_say(u, out.msg);
		follow_range(u, t0, t1);
	}
}

/* A click or the wheel in the pane under the pointer, which takes the
 * focus; a press on the timeline may start a drag. */
static void mouse_click(struct ui *u, const MEVENT *ev, int wheel)
{
	struct { struct pane *p; WINDOW *w; int tl; } hit[] = {
		{&u->overlay, u->ovw, 0}, {&u->timeline, u->tlw, 1}, {&u->lower, u->tbw, 0},
	};
	for (size_t i = 0; i < sizeof hit / sizeof *hit; i++) {
		int y = ev->y, x = ev->x;
		if (!hit[i].p->ops || !hit[i].w || !wenclose(hit[i].w, y, x))
			continue;
		wmouse_trafo(hit[i].w, &y, &x, FALSE);
		if (hit[i].p != &u->overlay)
			u->focus_tl = hit[i].tl;
		hit[i].p->ops->click(hit[i].p->self, y, x, wheel);
		if (hit[i].tl && !wheel && (ev->bstate & BUTTON1_PRESSED))
			mouse_drag_start(u, x);
		return;
	}
}

void mouse_event(struct ui *u)
{
	MEVENT ev;
	if (getmouse(&ev) != OK || !u->tbw)
		return;
	/* Motion with button 1 held, after a press on the timeline: the
	 * range grows to the pointer's column (other motion is dropped). */
	if (ev.bstate & REPORT_MOUSE_POSITION) {
		uint64_t t0, t1;
		if (u->drag == DRAG_ON && u->tlw)
			u->timeline.ops->drag(u->timeline.self, PANE_DRAG_MOVE, ev.x - getbegx(u->tlw),
			                      &t0, &t1, NULL);
		return;
	}
	int wheel = (ev.bstate & BUTTON4_PRESSED) ? -1 : 0;
#ifdef BUTTON5_PRESSED
	if (ev.bstate & BUTTON5_PRESSED)
		wheel = 1;
#endif
	/* A release after a press on the timeline ends a drag (or, after Esc,
	 * nothing); one without (both reports came in one read, and curses
	 * keeps the last) is the click whose press went unseen. */
	if ((ev.bstate & BUTTON1_RELEASED) && u->drag != DRAG_NONE) {
		if (u->tlw)
			mouse_drag_end(u, &ev);
		else
			mouse_drag_stop(u, 0);
		return;
	}
	if ((ev.bstate & BUTTON1_PRESSED) && u->drag != DRAG_NONE)
		mouse_drag_stop(u, 0);  /* the last drag's release never came */
	mouse_click(u, &ev, wheel);
}
