/* ui.c: the full-screen interface's front door (see ui.h): the state made
 * and freed, one key, one frame, the key loop on the terminal.
 *
 * The rest of the shell is in this folder (shell.h): the terminal
 * (term.c), the windows (layout.c), keys (dispatch.c), history, find and
 * filter, the session's keys (follow.c), the prompts (exporter.c,
 * source.c), the header and footer (bars.c), y and Y (copy.c), `:`
 * (command.c) and the mouse (mouse.c).
 */
#include "shell/ui.h"

#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "draw/draw.h"
#include "panes/registry.h"
#include "session/session.h"
#include "shell/bars.h"
#include "shell/command.h"
#include "shell/copy.h"
#include "shell/dispatch.h"
#include "shell/follow.h"
#include "shell/layout.h"
#include "shell/mouse.h"
#include "shell/preview.h"
#include "shell/shell.h"
#include "shell/term.h"

int ui_poll(struct ui *u)
{
	int loaded = preview_poll(u);
	if (loaded < 0)
		u->load_failed = 1;
	int changed = registry_poll(&u->panes) || loaded > 0;
	if (u->overlay.ops && u->overlay.ops->poll)
		changed |= u->overlay.ops->poll(u->overlay.self);
	if (u->s && session_poll(u->s, u->msg, sizeof u->msg))
		return 1;
	return changed;
}

const struct profile *ui_profile(const struct ui *u)
{
	return u->s ? session_profile(u->s) : NULL;
}

int ui_busy(struct ui *u)
{
	if (u->lower.ops && u->lower.ops->busy && u->lower.ops->busy(u->lower.self))
		return 1;
	if (u->overlay.ops && u->overlay.ops->busy && u->overlay.ops->busy(u->overlay.self))
		return 1;
	return u->s && session_busy(u->s);
}

/* While no key comes, prepare the scope of the thread under the timeline
 * cursor, so that t is instant when it does. */
static void ui_idle(struct ui *u)
{
	if (!u->s || !u->timeline.ops || u->load)  /* the load's cores first */
		return;
	struct pane_sel s = u->timeline.ops->selected(u->timeline.self);
	if (s.has_tid)
		session_prefetch(u->s, s.tid);
}

static void ui_common(struct ui *u, const struct ui_opts *o)
{
	u->ascii = draw_wants_ascii(o->ascii);
	color_init_theme(&u->color, o->color, o->theme);
}

/* The panes of a trace's screen, on the session before its steps: the
 * list below the timeline, the timeline on the list's selection. */
int ui_panes(struct ui *u, const struct ui_opts *o)
{
	struct pane_env env = {u->s, NULL, NULL, NULL, o->sort, o->sort_ascending, o->sort_clock,
	                       o->min_wait, NULL};
	struct pane_out out = {PANE_NONE, ""};
	if (registry_make(&u->panes, REGISTRY_TRACE, &env) < 0)
		return -1;
	u->list = u->lower = u->panes.pane[registry_first(&u->panes, REGISTRY_LIST)];
	u->timeline = u->panes.pane[registry_first(&u->panes, REGISTRY_TIMELINE)];
	struct pane_ctx ctx = shell_ctx(u, &u->timeline);
	u->timeline.ops->open(u->timeline.self, u->s, &ctx, &out);
	return 0;
}

struct ui *ui_new(const char *path, struct trace *tr, const struct ui_opts *o)
{
	struct ui *u = calloc(1, sizeof *u);
	struct session_opts so = {o->loaded, o->frame, o->app, o->scope, o->steps, o->nsteps,
	                          o->note, o->clock};
	if (!u)
		return NULL;
	u->path = path;
	u->src = o->src;
	u->opts = *o;
	u->load = o->preload;
	u->load_shown = -1;
	ui_common(u, o);
	if (!(u->s = session_new(tr, &so)) || ui_panes(u, o) < 0) {
		ui_free(u);
		return NULL;
	}
	follow_listen(u);
	if (session_start(u->s, &so, u->msg, sizeof u->msg) < 0) {
		ui_free(u);
		return NULL;
	}
	if (!u->msg[0] && o->note && o->note[0])  /* seen at once, kept in W */
		snprintf(u->msg, sizeof u->msg, "%s (W)", o->note);
	layout_apply(u);
	return u;
}

struct ui *ui_new_diff(const char *base, const char *next, const struct diff *d,
                       const struct ui_opts *o)
{
	struct ui *u = calloc(1, sizeof *u);
	if (!u)
		return NULL;
	u->diff_clock = d->clock;
	struct pane_env env = {NULL, d, base, next, 0, 0, 0, 0, &u->diff_clock};
	u->path = base;
	u->next = next;
	u->diff_args = o->diff_args;
	u->ndiff_args = o->ndiff_args;
	ui_common(u, o);
	if (registry_make(&u->panes, REGISTRY_DIFF, &env) < 0) {
		ui_free(u);
		return NULL;
	}
	u->list = u->lower = u->panes.pane[registry_first(&u->panes, REGISTRY_LIST)];
	layout_apply(u);
	return u;
}

void ui_free(struct ui *u)
{
	if (!u)
		return;
	free(u->clip);
	srcfind_free(&u->found);
	layout_del_windows(u);
	registry_free(&u->panes);  /* first: their workers may be reading the trace */
	session_free(u->s);
	free(u);
}

int ui_key(struct ui *u, int ch)
{
	ui_poll(u);
	if (u->load_failed)  /* the view ends: nothing left to act on */
		return 1;
	return dispatch_key(u, ch);
}

/* The panes into their windows: the overlay, or the timeline and the
 * pane below it, each following the session first. */
static void ui_draw_panes(struct ui *u)
{
	if (u->overlay.ops) {
		struct pane_ctx ctx = shell_ctx(u, &u->overlay);
		u->overlay.ops->draw(u->overlay.self, u->ovw, &ctx);
		return;
	}
	if (u->timeline.ops) {
		struct pane_ctx ctx = shell_ctx(u, &u->timeline);
		u->timeline.ops->retarget(u->timeline.self, u->s, ctx.selected);
		u->timeline.ops->draw(u->timeline.self, u->tlw, &ctx);
	}
	shell_sync_lower(u);
	struct pane_ctx ctx = shell_ctx(u, &u->lower);
	u->lower.ops->draw(u->lower.self, u->tbw, &ctx);
}

/* Too small a terminal: a note, and q works. */
static void ui_draw_small(struct ui *u)
{
	char msg[160];
	erase();
	snprintf(msg, sizeof msg, "traceview needs at least %dx%d (this is %dx%d); q quits",
	         SHELL_MIN_COLS, SHELL_MIN_LINES, u->cols, u->lines);
	mvaddnstr(0, 0, msg, u->cols > 0 ? u->cols : 1);
	wnoutrefresh(stdscr);
	doupdate();
}

void ui_draw(struct ui *u)
{
	ui_poll(u);
	if (u->load_failed)
		return;
	if (!u->hdr) {
		ui_draw_small(u);
		return;
	}
	wnoutrefresh(stdscr);  /* a resize touches stdscr: flush it, or getch() blanks the panes */
	bars_header(u);
	ui_draw_panes(u);
	bars_footer(u);
	wnoutrefresh(u->hdr);
	if (u->overlay.ops) {
		touchwin(u->ovw);
		wnoutrefresh(u->ovw);
	} else {
		if (u->tlw) {
			touchwin(u->tlw);
			wnoutrefresh(u->tlw);
		}
		touchwin(u->tbw);
		wnoutrefresh(u->tbw);
	}
	touchwin(u->ftr);  /* all of it: `:` may have covered it */
	wnoutrefresh(u->ftr);
	command_draw(u);
	doupdate();
	copy_flush(u);
}

/* Keys until the shell says quit or a signal arrives; the exit status.
 * While a job runs, getch() waits briefly so its result shows at once. */
static int ui_loop(struct ui *u)
{
	ui_draw(u);
	for (;;) {
		timeout(ui_busy(u) || u->load ? 20 : 250);
		int ch = getch();
		int sig = term_caught();
		if (sig)
			return sig == SIGINT ? 0 : 128 + sig;
		if (u->load_failed)
			return UI_LOAD_FAILED;
		if (ch == ERR) {
			if (ui_poll(u))
				ui_draw(u);
			else
				ui_idle(u);
			continue;
		}
		if (ui_key(u, ch))
			return u->load_failed ? UI_LOAD_FAILED : 0;
		ui_draw(u);
	}
}

/* The loop on a made state, the terminal given back on every way out. */
static int ui_run_state(struct ui *u)
{
	u->term = stdout;
	int status = ui_loop(u);
	mouse_drag_stop(u, 0);  /* motion reports off before curses lets go */
	ui_free(u);
	term_stop();
	return status;
}

int ui_wants_ascii(const struct ui_opts *o)
{
	return draw_wants_ascii(o->ascii);
}

/* The terminal taken for o: a theme left to the terminal asked of it
 * first, while it is still plain (curses would read the reply as keys). */
static int ui_take_terminal(struct ui_opts *o)
{
	o->theme = term_theme(o->theme);
	return term_start();
}

int ui_loading_start(struct ui_opts *o)
{
	return ui_take_terminal(o) ? UI_NO_TERMINAL : 0;
}

void ui_loading_show(const char *line, int ascii)
{
	term_loading_show(line, ascii);
}

void ui_loading_stop(void)
{
	term_stop();
}

int ui_run(const char *path, struct trace *tr, const struct ui_opts *o)
{
	struct ui_opts own = *o;
	if (!o->term_started && ui_take_terminal(&own))
		return UI_NO_TERMINAL;
	/* The tests fail this allocation on purpose to check that a fatal
	 * error gives the terminal back (see ui.h). */
	struct ui *u = getenv("TRACEVIEW_TEST_UI_OOM") ? NULL : ui_new(path, tr, &own);
	if (!u)
		return term_fatal(path);
	return ui_run_state(u);
}

int ui_run_diff(const char *base, const char *next, const struct diff *d,
                const struct ui_opts *o)
{
	struct ui_opts own = *o;
	if (ui_take_terminal(&own))
		return UI_NO_TERMINAL;
	struct ui *u = ui_new_diff(base, next, d, &own);
	if (!u)
		return term_fatal(next);
	return ui_run_state(u);
}
