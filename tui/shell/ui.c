/* ui.c: the shell of the full-screen interface.
 *
 * The shell owns the terminal, the key loop, the key map lookups, the
 * back/forward history, find and filter, the prompts, the header and
 * footer, the size guard and the layout. What it shows are panes
 * (pane.h): the table, the timeline, the diff table and the help, each
 * handling the actions of its own scope; the shell handles the rest and
 * acts on what panes return. What the panes show (the trace, the steps,
 * the thread scope, the clock) is the session's (session.h), which the
 * shell changes and listens to.
 */
#include "shell/ui.h"

#include <curses.h>
#include <langinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "keys/actions.h"
#include "shell/clip.h"
#include "draw/color.h"
#include "draw/draw.h"
#include "write/export.h"
#include "keys/keymap.h"
#include "base/numfmt.h"
#include "panes/pane.h"
#include "panes/panetext.h"
#include "panes/registry.h"
#include "session/session.h"
#include "analyze/profile.h"
#include "analyze/srcfind.h"
#include "shell/srcopen.h"
#include "shell/prompt.h"
#include "draw/text.h"
#include "analyze/derive.h"

#define UI_MIN_COLS 80
#define UI_MIN_LINES 24
#define UI_HISTORY 256
#define UI_FOOTER_MAX 24

/* What the footer line is doing: keys, or one of the prompts. */
enum ui_mode { MODE_KEYS, MODE_FIND, MODE_FILTER, MODE_EXPORT_KIND, MODE_EXPORT_NAME,
               MODE_EXPORT_CONFIRM, MODE_COLLAPSE, MODE_APP, MODE_SRC_PICK };

struct ui {
	const char *path;          /* the trace's file, or the diff's base */
	struct session *s;         /* what the panes show; NULL for a diff */
	/* Button 1 went down on the timeline and is held (DRAG_ON), or Esc
	 * cancelled that drag and its release is still to come
	 * (DRAG_CANCELLED); motion: the terminal sends motion reports
	 * (draw_mouse_motion()). */
	enum { DRAG_NONE, DRAG_ON, DRAG_CANCELLED } drag;
	int motion;
	FILE *term;                /* what curses draws on; NULL off screen */
	struct registry_set panes; /* every pane of the screen (registry.h) */
	const char *src;              /* --src: where o looks for sources */
	struct srcfind found;         /* o's matches while the choice is open */
	int64_t found_line;
	struct pane list;          /* the screen's list: the selection, history */
	struct pane lower;         /* shown below the timeline: the list or another */
	struct pane timeline;      /* ops NULL without one */
	struct pane overlay;       /* over the body; ops NULL when closed */
	int focus_tl;              /* the timeline has the focus */
	struct color color;
	int ascii;
	int split;                 /* rows of the timeline pane; 0 until laid out */
	WINDOW *hdr, *tlw, *tbw, *ovw, *ftr;
	int lines, cols;
	uint32_t hist[UI_HISTORY]; /* selected items before each jump */
	int hist_n, hist_pos;
	enum ui_mode mode;
	struct prompt prompt;      /* the text being typed in a prompt mode */
	char query[256];           /* the last find, for n and N */
	uint32_t find_saved;
	int export_kind;           /* chosen export format: f, c or s */
	char msg[320];             /* one-shot footer message */
	char *clip;                /* OSC 52 bytes to write after the next frame */
	size_t clip_len;
	char command[1024];        /* what : showed; y copies it while shown */
	int command_shown;
};

static void ui_say(struct ui *u, const char *s);
static void ui_bar_text(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Set by signal handlers only; read by the key loop. */
static volatile sig_atomic_t ui_signal;

static void ui_on_signal(int sig)
{
	ui_signal = sig;
}

/* ------------------------------------------------------------ layout */

static void ui_del_windows(struct ui *u)
{
	WINDOW **w[] = {&u->hdr, &u->tlw, &u->tbw, &u->ovw, &u->ftr};
	for (size_t i = 0; i < sizeof w / sizeof *w; i++)
		if (*w[i]) {
			delwin(*w[i]);
			*w[i] = NULL;
		}
}

static int ui_default_split(const struct ui *u, int body)
{
	int want = u->timeline.ops->rows(u->timeline.self, 0);
	int most = body * 2 / 5;
	return want < most ? (want > 6 ? want : 6) : most;
}

static void ui_layout(struct ui *u)
{
	ui_del_windows(u);
	getmaxyx(stdscr, u->lines, u->cols);
	if (u->cols < UI_MIN_COLS || u->lines < UI_MIN_LINES)
		return;
	int body = u->lines - 2, split = 0;
	if (u->timeline.ops) {
		if (!u->split)
			u->split = ui_default_split(u, body);
		if (u->split < 4)
			u->split = 4;
		if (u->split > body - 4)
			u->split = body - 4;
		split = u->split;
		u->tlw = newwin(split, u->cols, 1, 0);
	}
	u->hdr = newwin(1, u->cols, 0, 0);
	u->tbw = newwin(body - split, u->cols, 1 + split, 0);
	u->ovw = newwin(body, u->cols, 1, 0);
	u->ftr = newwin(1, u->cols, u->lines - 1, 0);
	if (!u->hdr || (u->timeline.ops && !u->tlw) || !u->tbw || !u->ovw || !u->ftr) {
		ui_del_windows(u);
		return;
	}
	WINDOW *all[] = {u->hdr, u->tlw, u->tbw, u->ovw, u->ftr};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		if (all[i])
			draw_no_erase(all[i]);
}

/* ------------------------------------------------------------ panes */

static struct pane *ui_focused(struct ui *u)
{
	if (u->overlay.ops)
		return &u->overlay;
	return u->focus_tl && u->timeline.ops ? &u->timeline : &u->lower;
}

static int ui_lower_is_list(const struct ui *u)
{
	return u->lower.self == u->list.self;
}

/* The lower pane follows the session, and the list its selection. */
static void ui_sync_lower(struct ui *u)
{
	registry_follow(u->list, u->lower, u->s);
}

static uint32_t ui_selected(const struct ui *u)
{
	return u->list.ops->selected(u->list.self).item;
}

static struct pane_ctx ui_ctx(const struct ui *u, const struct pane *p)
{
	const struct pane *f = ui_focused((struct ui *)u);
	uint32_t sel = ui_selected(u);
	/* The timeline draws the loaded trace: a collapsed package is none of
	 * its methods. */
	if (p == &u->timeline && u->s && sel != PANE_NONE && sel >= session_base(u->s)->nmethods)
		sel = PANE_NONE;
	return (struct pane_ctx){&u->color, u->ascii, f == p, sel};
}

static const struct registry_row *ui_row(int row)
{
	size_t n;
	return &registry_rows(&n)[row];
}

/* The registry's row row on screen: below the timeline, focused, opening
 * on the list's selection; or over the body. */
static void ui_show(struct ui *u, int row)
{
	struct pane p = u->panes.pane[row];
	struct pane_out out = {PANE_NONE, ""};
	struct pane_ctx ctx = ui_ctx(u, &u->lower);
	if (ui_row(row)->place == REGISTRY_OVERLAY) {
		if (p.ops->open)
			p.ops->open(p.self, u->s, &ctx, &out);
		if (out.msg[0])
			ui_say(u, out.msg);
		u->overlay = p;
		return;
	}
	u->lower = p;
	u->focus_tl = 0;
	if (p.self != u->list.self && p.ops->select)  /* on the list's selection */
		p.ops->select(p.self, ctx.selected);
}

static int ui_ascii_locale(const struct ui_opts *o)
{
	const char *cs = nl_langinfo(CODESET);
	return o->ascii || !cs || strcmp(cs, "UTF-8") != 0;
}

/* ------------------------------------------------------------ session */

/* t: back to all threads, or the thread under the timeline cursor (the
 * session builds it on its worker while the screen stays live). */
static void ui_scope(struct ui *u)
{
	struct pane_sel s = u->timeline.ops->selected(u->timeline.self);
	session_scope_toggle(u->s, s.has_tid, s.tid, u->msg, sizeof u->msg);
}

/* The registry's row of the pane below the timeline. */
static int ui_lower_row(const struct ui *u)
{
	return registry_row_of(&u->panes, u->lower.self);
}

/* The session is about to free profiles or the derived trace: every pane
 * that reads them lets go. */
static void ui_on_release(void *env, unsigned what)
{
	struct ui *u = env;
	for (size_t i = 0; i < u->panes.n; i++) {
		struct pane *p = &u->panes.pane[i];
		if (p->ops && p->ops->release)
			p->ops->release(p->self, what);
	}
}

/* A rebuild is in: the panes start again on it, the same one below the
 * timeline as before. */
static int ui_on_trace(struct ui *u)
{
	int row = ui_lower_row(u), focus = u->focus_tl, failed = 0;
	u->list.ops->retarget(u->list.self, u->s, PANE_NONE);
	for (size_t i = 0; i < u->panes.n; i++) {
		struct pane *p = &u->panes.pane[i];
		if (p->ops && p->ops->rebind && p->ops->rebind(p->self, u->s) < 0)
			failed = 1;
	}
	if (failed) {
		ui_say(u, "out of memory: only the table is shown");
		row = registry_row_of(&u->panes, u->list.self);
	}
	ui_show(u, row);
	u->focus_tl = focus;
	return 0;
}

static int ui_on_changed(void *env, unsigned what)
{
	struct ui *u = env;
	if (what & SESSION_TRACE)
		return ui_on_trace(u);
	return u->list.ops->retarget(u->list.self, u->s, PANE_NONE);
}

/* u (all 0) or U (all 1). */
static void ui_undo(struct ui *u, int all)
{
	session_undo(u->s, all, u->msg, sizeof u->msg);
}

/* F, M, D, R: the transform of kind on the selected method, by id. */
static void ui_transform(struct ui *u, const char *kind)
{
	session_transform(u->s, kind, ui_selected(u), u->msg, sizeof u->msg);
}

/* C and A open a prompt prefilled with the pattern: the selected class's
 * package, or --app, else the guessed app packages. */
static void ui_transform_prompt(struct ui *u, enum action a)
{
	char buf[256] = "";
	if (a == ACT_T_COLLAPSE) {
		if (session_package_of(u->s, ui_selected(u), buf, sizeof buf, u->msg, sizeof u->msg) < 0)
			return;
		u->mode = MODE_COLLAPSE;
	} else {
		session_app_prompt(u->s, buf, sizeof buf);
		u->mode = MODE_APP;
	}
	prompt_set(&u->prompt, buf);
}

static void ui_transform_key(struct ui *u, enum action a, int ch)
{
	char text[300];
	switch (prompt_act(&u->prompt, a, ch)) {
	case PROMPT_CANCEL: u->mode = MODE_KEYS; break;
	case PROMPT_ACCEPT:
		if (u->prompt.text[0]) {
			snprintf(text, sizeof text, "%s:%s", u->mode == MODE_APP ? "app" : "collapse",
			         u->prompt.text);
			session_push_text(u->s, text, u->msg, sizeof u->msg);
		}
		u->mode = MODE_KEYS;
		break;
	default: break;
	}
}

/* A range [a, b) of absolute axis times as a step. */
static void ui_range_push(struct ui *u, uint64_t a, uint64_t b)
{
	session_push_range(u->s, a, b, u->msg, sizeof u->msg);
}

/* The drag is over (released, cancelled, or the terminal handed to an
 * editor or back to the shell): no shading, no motion reports. */
static void ui_drag_stop(struct ui *u, int cancelled)
{
	uint64_t t0, t1;
	u->drag = cancelled && u->drag == DRAG_ON ? DRAG_CANCELLED : DRAG_NONE;
	if (u->timeline.ops && u->timeline.ops->drag)
		u->timeline.ops->drag(u->timeline.self, PANE_DRAG_STOP, 0, &t0, &t1);
	if (u->motion)
		u->motion = draw_mouse_motion(u->term, 0);
}

/* Button 1 went down on the timeline at window column x: a drag begins
 * there when the pane takes it. Motion reports are asked for now, so the
 * range shades as it grows. */
static void ui_drag_start(struct ui *u, int x)
{
	uint64_t t0, t1;
	if (!u->timeline.ops->drag ||
	    u->timeline.ops->drag(u->timeline.self, PANE_DRAG_START, x, &t0, &t1) < 0)
		return;
	u->drag = DRAG_ON;
	if (!u->motion)
		u->motion = draw_mouse_motion(u->term, 1);
}

int ui_poll(struct ui *u)
{
	int changed = registry_poll(&u->panes);
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
	if (!u->s || !u->timeline.ops)
		return;
	struct pane_sel s = u->timeline.ops->selected(u->timeline.self);
	if (s.has_tid)
		session_prefetch(u->s, s.tid);
}

/* ------------------------------------------------------------ model */

static void ui_common(struct ui *u, const struct ui_opts *o)
{
	u->ascii = ui_ascii_locale(o);
	color_init(&u->color, o->color);
}

/* The panes of a trace's screen, on the session before its steps: the
 * table below the timeline, the timeline on its selected method. */
static int ui_panes(struct ui *u, const struct ui_opts *o)
{
	struct pane_env env = {u->s, NULL, NULL, NULL, o->sort, o->sort_ascending, o->sort_clock};
	struct pane_out out = {PANE_NONE, ""};
	if (registry_make(&u->panes, REGISTRY_TRACE, &env) < 0)
		return -1;
	u->list = u->lower = u->panes.pane[registry_first(&u->panes, REGISTRY_LIST)];
	u->timeline = u->panes.pane[registry_first(&u->panes, REGISTRY_TIMELINE)];
	struct pane_ctx ctx = ui_ctx(u, &u->timeline);
	u->timeline.ops->open(u->timeline.self, u->s, &ctx, &out);
	return 0;
}

struct ui *ui_new(const char *path, struct trace *tr, const struct ui_opts *o)
{
	struct ui *u = calloc(1, sizeof *u);
	struct session_opts so = {o->loaded, o->frame, o->app, o->scoped, o->tid, o->steps,
	                          o->nsteps};
	if (!u)
		return NULL;
	u->path = path;
	u->src = o->src;
	ui_common(u, o);
	if (!(u->s = session_new(tr, &so)) || ui_panes(u, o) < 0) {
		ui_free(u);
		return NULL;
	}
	struct session_listener l = {ui_on_release, ui_on_changed, u};
	session_listen(u->s, &l);
	if (session_start(u->s, &so, u->msg, sizeof u->msg) < 0) {
		ui_free(u);
		return NULL;
	}
	ui_layout(u);
	return u;
}

static struct ui *ui_new_diff(const char *base, const char *next, const struct diff *d,
                              const struct ui_opts *o)
{
	struct ui *u = calloc(1, sizeof *u);
	struct pane_env env = {NULL, d, base, next, 0, 0, 0};
	if (!u)
		return NULL;
	u->path = base;
	ui_common(u, o);
	if (registry_make(&u->panes, REGISTRY_DIFF, &env) < 0) {
		ui_free(u);
		return NULL;
	}
	u->list = u->lower = u->panes.pane[registry_first(&u->panes, REGISTRY_LIST)];
	ui_layout(u);
	return u;
}

void ui_free(struct ui *u)
{
	if (!u)
		return;
	free(u->clip);
	srcfind_free(&u->found);
	ui_del_windows(u);
	registry_free(&u->panes);  /* first: their workers may be reading the trace */
	session_free(u->s);
	free(u);
}

/* ------------------------------------------------------------ history */

static void ui_say(struct ui *u, const char *s)
{
	snprintf(u->msg, sizeof u->msg, "%s", s);
}

/* Select an item of the list as a jump: remember where we were for Back. */
static void ui_hist_push(struct ui *u, uint32_t from)
{
	if (u->hist_pos == UI_HISTORY) {
		memmove(u->hist, u->hist + 1, (UI_HISTORY - 1) * sizeof *u->hist);
		u->hist_pos--;
	}
	u->hist[u->hist_pos++] = from;
	u->hist_n = u->hist_pos;
}

/* Select item in the list and in the pane below, if another. */
static int ui_select(struct ui *u, uint32_t item)
{
	if (u->list.ops->select(u->list.self, item) < 0)
		return -1;
	if (!ui_lower_is_list(u))
		u->lower.ops->select(u->lower.self, item);
	return 0;
}

static void ui_jump(struct ui *u, uint32_t item)
{
	uint32_t from = ui_selected(u);
	if (item == from || ui_select(u, item) < 0) {
		if (item != from)
			ui_say(u, "that method has no calls in this scope");
		return;
	}
	ui_hist_push(u, from);
}

static void ui_back(struct ui *u, int dir)
{
	uint32_t cur = ui_selected(u);
	if (dir < 0 && u->hist_pos > 0) {
		uint32_t to = u->hist[u->hist_pos - 1];
		/* Keep the current one for Forward, in the slot we leave. */
		u->hist[u->hist_pos - 1] = cur;
		u->hist_pos--;
		ui_select(u, to);
	} else if (dir > 0 && u->hist_pos < u->hist_n) {
		uint32_t to = u->hist[u->hist_pos];
		u->hist[u->hist_pos] = cur;
		u->hist_pos++;
		ui_select(u, to);
	} else {
		ui_say(u, dir < 0 ? "no earlier method" : "no later method");
	}
}

/* ------------------------------------------------------------ find */

static int ui_has_upper(const char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			return 1;
	return 0;
}

static int ui_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int ui_contains(const char *hay, const char *needle, int fold)
{
	size_t n = strlen(needle);
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       (fold ? ui_lower((unsigned char)hay[i]) == ui_lower((unsigned char)needle[i])
		             : hay[i] == needle[i]))
			i++;
		if (i == n)
			return 1;
	}
	return n == 0;
}

static int ui_matches(struct ui *u, uint32_t item)
{
	char name[4200];
	u->list.ops->name(u->list.self, item, name, sizeof name);
	return ui_contains(name, u->query, !ui_has_upper(u->query));
}

static int ui_match_cb(void *env, uint32_t method)
{
	return ui_matches(env, method);
}

/* "match 3/14": the selection's place among the matches in list order. */
static void ui_find_count(struct ui *u)
{
	if (!ui_lower_is_list(u))
		return;  /* a tree's rows are not one per method */
	uint32_t n = u->list.ops->count(u->list.self), sel = ui_selected(u), total = 0, at = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t it = u->list.ops->item(u->list.self, i);
		if (ui_matches(u, it)) {
			total++;
			if (it == sel)
				at = total;
		}
	}
	if (at)
		snprintf(u->msg, sizeof u->msg, "match %u/%u", at, total);
}

/* Select the next match in list order after (dir > 0) or before item
 * 'from' (or from the top when from is none). */
static int ui_find_step(struct ui *u, uint32_t from, int dir, int include_from)
{
	const struct pane *l = &u->list;
	if (!u->query[0])
		return -1;
	if (!ui_lower_is_list(u) && u->lower.ops->find)
		return u->lower.ops->find(u->lower.self, ui_match_cb, u, dir, include_from);
	int64_t n = l->ops->count(l->self);
	if (n < 1)
		return -1;
	int64_t start = -1;
	for (int64_t i = 0; i < n && from != PANE_NONE; i++)
		if (l->ops->item(l->self, (uint32_t)i) == from)
			start = i;
	for (int64_t k = include_from ? 0 : 1; k <= n; k++) {
		int64_t pos = start < 0 ? (dir > 0 ? k : n - k) : start + dir * k;
		pos = (pos % n + n) % n;
		uint32_t it = l->ops->item(l->self, (uint32_t)pos);
		if (ui_matches(u, it)) {
			l->ops->select(l->self, it);
			return 0;
		}
	}
	return -1;
}

static void ui_find_update(struct ui *u)
{
	u->msg[0] = '\0';
	snprintf(u->query, sizeof u->query, "%s", u->prompt.text);
	if (!u->query[0]) {
		ui_select(u, u->find_saved);
		return;
	}
	if (ui_find_step(u, PANE_NONE, 1, 1) < 0)
		ui_say(u, "no match");
	else
		ui_find_count(u);
}

/* Keep only the matching items in the list (an empty query: all). */
static void ui_filter_apply(struct ui *u)
{
	const struct pane *l = &u->list;
	if (!l->ops->filter || !ui_lower_is_list(u)) {
		ui_say(u, ui_lower_is_list(u) ? "this list cannot be filtered"
		                              : "& filters the table: press 1 first");
		return;
	}
	snprintf(u->query, sizeof u->query, "%s", u->prompt.text);
	l->ops->filter(l->self, NULL, 0);  /* a new filter starts from all */
	if (!u->query[0])
		return;
	/* Items are ids below the largest one in the list. */
	uint32_t n = l->ops->count(l->self), most = 0, kept = 0;
	for (uint32_t i = 0; i < n; i++)
		if (l->ops->item(l->self, i) > most)
			most = l->ops->item(l->self, i);
	uint8_t *keep = calloc((size_t)most + 2, 1);
	if (!keep)
		return;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t it = l->ops->item(l->self, i);
		if (ui_matches(u, it)) {
			keep[it] = 1;
			kept++;
		}
	}
	if (!kept)
		ui_say(u, "no match: the list is unchanged");
	else if (l->ops->filter(l->self, keep, (size_t)most + 1) == 0)
		snprintf(u->msg, sizeof u->msg, "filter: %u of %u methods match", kept, n);
	free(keep);
}

/* Keys while the find or filter prompt is open: typing finds the first
 * match. */
static void ui_find_key(struct ui *u, enum action a, int ch)
{
	switch (prompt_act(&u->prompt, a, ch)) {
	case PROMPT_CANCEL:
		if (u->mode == MODE_FIND) {
			u->query[0] = '\0';
			ui_select(u, u->find_saved);
		}
		u->mode = MODE_KEYS;
		u->msg[0] = '\0';
		break;
	case PROMPT_ACCEPT:
		if (u->mode == MODE_FILTER) {
			u->mode = MODE_KEYS;
			ui_filter_apply(u);
			break;
		}
		u->mode = MODE_KEYS;
		if (!ui_lower_is_list(u)) {
			/* The pane moved to the match: keep it, remember the start. */
			ui_sync_lower(u);
			if (ui_selected(u) != u->find_saved)
				ui_hist_push(u, u->find_saved);
		} else if (ui_selected(u) != u->find_saved) {
			uint32_t found = ui_selected(u);
			u->list.ops->select(u->list.self, u->find_saved);
			ui_jump(u, found);
		}
		if (u->query[0])
			ui_find_count(u);
		break;
	case PROMPT_CHANGED:
		if (u->mode == MODE_FIND)
			ui_find_update(u);
		break;
	case PROMPT_EDITING: break;
	}
}

/* ------------------------------------------------------------ export */

/* What e's "t" writes for the pane below the timeline (its row's words),
 * NULL when it has no rows to export. */
static const struct registry_row *ui_export_rows(const struct ui *u)
{
	const struct registry_row *r = ui_row(ui_lower_row(u));
	return r->export && u->lower.ops->export_rows ? r : NULL;
}

/* "NAME.folded", "NAME.json" or "NAME.speedscope.json" (the name that
 * makes speedscope read its own format) beside the trace's own name. */
static void ui_export_default(const struct ui *u, char *buf, size_t n)
{
	const char *base = strrchr(u->path, '/');
	base = base ? base + 1 : u->path;
	size_t len = strlen(base);
	if (len > 6 && strcmp(base + len - 6, ".trace") == 0)
		len -= 6;
	snprintf(buf, n, "%.*s%s", (int)(len < 200 ? len : 200), base,
	         u->export_kind == 'c'   ? ".json"
	         : u->export_kind == 's' ? ".speedscope.json"
	         : u->export_kind == 't' ? ui_export_rows(u)->export_ext : ".folded");
}

static void ui_export_write(struct ui *u)
{
	const struct profile *p = session_profile(u->s);
	struct export_opts eo = {session_clock(u->s), 0, 0};
	FILE *out = fopen(u->prompt.text, "w");
	char msg[sizeof u->msg];
	if (!out) {
		snprintf(msg, sizeof msg, "cannot write %s", u->prompt.text);
		ui_say(u, msg);
		return;
	}
	enum tv_status st = u->export_kind == 't'
	                        ? (u->lower.ops->export_rows(u->lower.self, out) < 0 ? TV_ERR_OUTPUT
	                                                                             : TV_OK)
	                    : u->export_kind == 'c' ? export_chrome(out, p, &eo)
	                    : u->export_kind == 's' ? export_speedscope(out, p, &eo)
	                                            : export_folded(out, p, &eo);
	if (fclose(out) != 0)
		st = TV_ERR_OUTPUT;
	snprintf(msg, sizeof msg, st == TV_OK ? "wrote %s" : "failed writing %s", u->prompt.text);
	ui_say(u, msg);
}

static void ui_export_key(struct ui *u, enum action a, int ch)
{
	struct stat st;
	char name[256];
	if (u->mode == MODE_EXPORT_KIND) {
		if (ch != 'f' && ch != 'c' && ch != 's' && (ch != 't' || !ui_export_rows(u))) {
			u->mode = MODE_KEYS;
			return;
		}
		u->export_kind = ch;
		ui_export_default(u, name, sizeof name);
		prompt_set(&u->prompt, name);
		u->mode = MODE_EXPORT_NAME;
		return;
	}
	if (u->mode == MODE_EXPORT_CONFIRM) {
		u->mode = MODE_KEYS;
		if (ch == 'y' || ch == 'Y')
			ui_export_write(u);
		else
			ui_say(u, "not exported");
		return;
	}
	switch (prompt_act(&u->prompt, a, ch)) {
	case PROMPT_CANCEL: u->mode = MODE_KEYS; break;
	case PROMPT_ACCEPT:
		if (!u->prompt.text[0]) {
			u->mode = MODE_KEYS;
		} else if (stat(u->prompt.text, &st) == 0) {
			u->mode = MODE_EXPORT_CONFIRM;  /* never overwrite without asking */
		} else {
			u->mode = MODE_KEYS;
			ui_export_write(u);
		}
		break;
	default: break;
	}
}

/* ------------------------------------------------------------ dispatch */

/* The window a pane draws into. */
static WINDOW *ui_win_of(const struct ui *u, const struct pane *p)
{
	return p == &u->overlay ? u->ovw : p == &u->timeline ? u->tlw : u->tbw;
}

/* y and Y: the text goes to $TRACEVIEW_COPY at once, or as OSC 52 bytes
 * written to the terminal after the next frame (ui_draw), so curses never
 * sees them in the middle of its own output. */
static void ui_copy(struct ui *u, int whole)
{
	struct pane *p = ui_focused(u);
	WINDOW *w = ui_win_of(u, p);
	char *text = u->command_shown && !whole ? strdup(u->command)
	             : whole ? panetext_rows(w, 0, getmaxy(w))
	                     : panetext_selected(*p, w, u->ascii);
	if (!text) {
		ui_say(u, "copy failed: out of memory");
		return;
	}
	size_t n = strlen(text);
	if (clip_command_set()) {
		clip_send(text, n, -1, u->msg, sizeof u->msg);
	} else {
		free(u->clip);
		u->clip = clip_osc52(text, n, getenv("TMUX") && *getenv("TMUX"), &u->clip_len);
		clip_send(text, n, -1, u->msg, sizeof u->msg);
		if (!u->clip)
			ui_say(u, "copy failed: out of memory");
	}
	free(text);
}

/* Enter in a call list: the timeline shows the pane's call (PANE_SPAN). */
static void ui_show_call(struct ui *u, const struct pane *p)
{
	struct pane_out out = {PANE_NONE, ""};
	uint32_t tid;
	uint64_t t0, t1;
	if (!u->timeline.ops || p->ops->span(p->self, &tid, &t0, &t1) < 0)
		return;
	u->timeline.ops->show_call(u->timeline.self, tid, t0, t1, &out);
	ui_say(u, out.msg);
}

/* v, V or a drag: the pane's time range as a step (PANE_RANGE). */
static void ui_range_of(struct ui *u, const struct pane *p)
{
	uint32_t tid;
	uint64_t t0, t1;
	if (p->ops->span(p->self, &tid, &t0, &t1) == 0)
		ui_range_push(u, t0, t1);
}

/* A shell word: as it is when it is plain, else in single quotes. */
static void ui_shell_word(char *out, size_t n, const char *s)
{
	size_t k = 0;
	int plain = *s != '\0';
	for (const char *c = s; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,+@%",
		            *c))
			plain = 0;
	if (plain) {
		snprintf(out, n, "%s", s);
		return;
	}
	if (k + 1 < n)
		out[k++] = '\'';
	for (; *s && k + 5 < n; s++) {
		if (*s == '\'') {
			memcpy(out + k, "'\\''", 4);
			k += 4;
		} else {
			out[k++] = *s;
		}
	}
	if (k + 1 < n)
		out[k++] = '\'';
	out[k] = '\0';
}

/* --method for method m: Class.name(sig) when that is plain text, else
 * its id. */
static void ui_method_arg(const struct ui *u, uint32_t m, char *out, size_t n)
{
	const struct trace *tr = session_base(u->s);
	const struct tv_method *tm = &tr->methods[m];
	const char *cls = trace_str(tr, tm->cls), *name = trace_str(tr, tm->name),
	           *sig = trace_str(tr, tm->sig);
	char buf[1024];
	int plain = tm->declared && !tm->synthetic && cls && name && tm->cls.len && tm->name.len;
	int len = plain ? snprintf(buf, sizeof buf, "%.*s.%.*s%.*s", (int)tm->cls.len, cls,
	                           (int)tm->name.len, name, sig ? (int)tm->sig.len : 0,
	                           sig ? sig : "")
	                : 0;
	plain = plain && len > 0 && (size_t)len < sizeof buf;
	for (const char *c = buf; *c && plain; c++)
		plain = *c > ' ' && *c < 127 && *c != '\'';
	if (plain)
		snprintf(out, n, "%s", buf);
	else
		snprintf(out, n, "0x%llx", (unsigned long long)tm->id);
}

/* :, the command line that prints this view as text. */
static void ui_command(struct ui *u)
{
	char path[600], arg[1100], words[64] = "";
	const char *view = ui_row(ui_lower_row(u))->view;
	size_t k = 0, size = sizeof u->command;
	uint32_t tid;
	ui_shell_word(path, sizeof path, u->path);
	k += (size_t)snprintf(u->command, size, "traceview");
	if (session_scoped(u->s, &tid) && k < size)
		k += (size_t)snprintf(u->command + k, size - k, " --thread=%u", (unsigned)tid);
	/* The steps in force, in order, as the command line takes them. */
	for (uint32_t i = 0; i < session_nview(u->s) && k < size; i++) {
		const struct derive_step *st = session_step(u->s, i);
		char word[600];
		ui_shell_word(word, sizeof word, st->text);
		k += (size_t)snprintf(u->command + k, size - k, " --%s=%s",
		                      st->kind == DERIVE_RANGE ? "range" : "transform", word);
	}
	if (k < size)
		k += (size_t)snprintf(u->command + k, size - k, " --clock=%s --view=%s --width=%d "
		                      "--height=%d", session_clock(u->s) == TV_CPU ? "cpu" : "wall", view,
		                      getmaxx(u->tbw), getmaxy(u->tbw));
	/* The pane's own words: a tree's --sort, the jank list's --frame. */
	if (u->lower.ops->command)
		u->lower.ops->command(u->lower.self, u->s, words, sizeof words);
	if (words[0] && k < size)
		k += (size_t)snprintf(u->command + k, size - k, " %s", words);
	uint32_t m = ui_selected(u);
	if (m != PANE_NONE && m < session_base(u->s)->nmethods && k < size) {
		ui_method_arg(u, m, arg, sizeof arg);
		char word[1200];
		ui_shell_word(word, sizeof word, arg);
		k += (size_t)snprintf(u->command + k, size - k, " --method=%s", word);
	}
	if (k < size)
		snprintf(u->command + k, size - k, " %s", path);
	/* The message line shows it escaped (the trace's file name may hold
	 * anything); y copies it as it is. */
	text_escape(u->command, strlen(u->command), u->ascii, u->msg, sizeof u->msg);
	u->command_shown = 1;
}

/* The editor on a file: the terminal goes back to the shell's mode for
 * it, and the whole screen is drawn again afterwards. */
static void ui_edit(struct ui *u, const char *path, int64_t line)
{
	char msg[sizeof u->msg], shown[sizeof u->msg];
	ui_drag_stop(u, 0);
	def_prog_mode();
	endwin();
	srcopen_run(path, line, msg, sizeof msg);
	reset_prog_mode();
	clearok(curscr, TRUE);
	/* It names the file (a name on disk) and the editor ($EDITOR). */
	text_escape(msg, strlen(msg), u->ascii, shown, sizeof shown);
	ui_say(u, shown);
}

/* o: the selected method's source file, found under --src (srcfind.h);
 * several matches open a choice on the footer. */
static void ui_open_source(struct ui *u)
{
	char msg[sizeof u->msg], cls[96], name[64], src[84];
	uint32_t m = ui_selected(u);
	const struct trace *cur = session_trace(u->s);
	if (!u->src) {
		ui_say(u, "o opens sources from --src=DIR[:DIR...]: start traceview with it");
		return;
	}
	if (m == PANE_NONE || m >= cur->nmethods || cur->methods[m].synthetic ||
	    !cur->methods[m].declared) {
		ui_say(u, "select a method with a class first");
		return;
	}
	const struct tv_method *tm = &cur->methods[m];
	srcfind_free(&u->found);
	if (srcfind_find(&u->found, u->src, trace_str(cur, tm->cls), tm->cls.len,
	                 tm->source.len ? trace_str(cur, tm->source) : NULL, tm->source.len) !=
	    TV_OK) {
		ui_say(u, "out of memory");
		return;
	}
	u->found_line = tm->has_line ? tm->line : 0;
	/* The file name may come from the trace's source field: escaped like
	 * the class (each cut at a whole character by its buffer). */
	text_escape(trace_str(cur, tm->cls), tm->cls.len, u->ascii, cls, sizeof cls);
	text_escape(u->found.name, strlen(u->found.name), u->ascii, name, sizeof name);
	text_escape(u->src, strlen(u->src), u->ascii, src, sizeof src);
	if (!u->found.n) {
		ui_bar_text(msg, sizeof msg, "no %s for %s under --src=%s%s",
		            name[0] ? name : "source file", cls, src,
		            u->found.capped ? " (the search stopped at its bound)" : "");
		ui_say(u, msg);
	} else if (u->found.n == 1) {
		ui_edit(u, u->found.paths[0], u->found_line);
	} else {
		u->mode = MODE_SRC_PICK;
	}
}

/* The choice among several files: a digit opens that one. */
static void ui_src_pick_key(struct ui *u, int ch)
{
	u->mode = MODE_KEYS;
	if (ch >= '1' && ch <= '9' && (size_t)(ch - '1') < u->found.n)
		ui_edit(u, u->found.paths[ch - '1'], u->found_line);
	else
		ui_say(u, "no file opened");
}

static int ui_shell_action(struct ui *u, enum action a, int *quit)
{
	int r;
	switch (a) {
	case ACT_QUIT: *quit = 1; break;
	case ACT_COLOR_BY:
		u->color.by_method = !u->color.by_method;
		ui_say(u, u->color.by_method ? "K: colours by method (K again: by category)"
		                             : "K: colours by category (L shows the legend)");
		break;
	case ACT_FOCUS: u->focus_tl = !u->focus_tl; break;
	case ACT_CLOCK:  /* the session's; the diff table has its own */
		if (!u->s)
			return 0;
		session_toggle_clock(u->s, u->msg, sizeof u->msg);
		break;
	case ACT_SCOPE: ui_scope(u); break;
	case ACT_FIND: case ACT_FILTER:
		u->mode = a == ACT_FIND ? MODE_FIND : MODE_FILTER;
		prompt_set(&u->prompt, "");
		u->find_saved = ui_selected(u);
		break;
	case ACT_EXPORT: u->mode = MODE_EXPORT_KIND; break;
	case ACT_FIND_NEXT: case ACT_FIND_PREV:
		if (!u->query[0])
			ui_say(u, "no search yet: press / first");
		else if ((r = ui_find_step(u, ui_selected(u), a == ACT_FIND_NEXT ? 1 : -1, 0)) < 0)
			ui_say(u, "no match");
		else if (r > 0)
			ui_say(u, a == ACT_FIND_NEXT ? "search wrapped to the top"
			                             : "search wrapped to the bottom");
		else
			ui_find_count(u);
		break;
	case ACT_BACK: ui_back(u, -1); break;
	case ACT_FORWARD: ui_back(u, 1); break;
	case ACT_SPLIT_UP: u->split -= 2; ui_layout(u); break;
	case ACT_SPLIT_DOWN: u->split += 2; ui_layout(u); break;
	case ACT_OPEN_SOURCE: ui_open_source(u); break;
	case ACT_COPY: case ACT_COPY_PANE: ui_copy(u, a == ACT_COPY_PANE); break;
	case ACT_COMMAND: ui_command(u); break;
	case ACT_UNDO: ui_undo(u, 0); break;
	case ACT_UNDO_ALL: ui_undo(u, 1); break;
	case ACT_T_FOCUS: ui_transform(u, "focus"); break;
	case ACT_T_MERGE: ui_transform(u, "merge"); break;
	case ACT_T_DROP: ui_transform(u, "drop"); break;
	case ACT_T_REC: ui_transform(u, "rec"); break;
	case ACT_T_COLLAPSE: case ACT_T_APP: ui_transform_prompt(u, a); break;
	default:  /* the keys that show a pane: 1-5, J, ?, W, L */
		if ((r = registry_key(&u->panes, a)) < 0)
			return 0;
		ui_show(u, r);
	}
	return 1;
}

/* What a pane returned. */
static void ui_result(struct ui *u, struct pane *p, enum pane_res r, const struct pane_out *out)
{
	if (out->msg[0])
		ui_say(u, out->msg);
	if (r == PANE_JUMP)
		ui_jump(u, out->target);
	else if (r == PANE_SPAN)
		ui_show_call(u, p);
	else if (r == PANE_RANGE)
		ui_range_of(u, p);
	else if (r == PANE_CLOSE && p == &u->overlay)
		u->overlay.ops = NULL;
}

/* Button 1 released: after a press on the timeline in another column, the
 * time dragged over applies as a range step (as v...v does). */
static void ui_drag_end(struct ui *u, const MEVENT *ev)
{
	uint64_t t0, t1;
	int x = ev->x - getbegx(u->tlw), on = u->drag == DRAG_ON;
	int got = on && u->timeline.ops->drag(u->timeline.self, PANE_DRAG_END, x, &t0, &t1) == 0;
	ui_drag_stop(u, 0);
	if (got && !u->overlay.ops)
		ui_range_push(u, t0, t1);
}

/* A mouse event: clicks select, the wheel scrolls lists and zooms the
 * timeline. Clicking a pane focuses it. */
static void ui_mouse(struct ui *u)
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
			                      &t0, &t1);
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
			ui_drag_end(u, &ev);
		else
			ui_drag_stop(u, 0);
		return;
	}
	if ((ev.bstate & BUTTON1_PRESSED) && u->drag != DRAG_NONE)
		ui_drag_stop(u, 0);  /* the last drag's release never came */
	struct { struct pane *p; WINDOW *w; int tl; } hit[] = {
		{&u->overlay, u->ovw, 0}, {&u->timeline, u->tlw, 1}, {&u->lower, u->tbw, 0},
	};
	for (size_t i = 0; i < sizeof hit / sizeof *hit; i++) {
		int y = ev.y, x = ev.x;
		if (!hit[i].p->ops || !hit[i].w || !wenclose(hit[i].w, y, x))
			continue;
		wmouse_trafo(hit[i].w, &y, &x, FALSE);
		if (hit[i].p != &u->overlay)
			u->focus_tl = hit[i].tl;
		hit[i].p->ops->click(hit[i].p->self, y, x, wheel);
		if (hit[i].tl && !wheel && (ev.bstate & BUTTON1_PRESSED))
			ui_drag_start(u, x);
		return;
	}
}

int ui_key(struct ui *u, int ch)
{
	int quit = 0;
	ui_poll(u);
	u->msg[0] = '\0';
	if (ch == KEY_RESIZE) {
		ui_drag_stop(u, 1);  /* its columns no longer mean the same times */
		ui_layout(u);
		/* Repaint every cell: output written at the old size may have
		 * wrapped on the resized terminal, which ncurses cannot know. */
		clearok(curscr, TRUE);
		return 0;
	}
	/* Esc (or Ctrl-G) while button 1 is held cancels the drag. */
	if (u->drag == DRAG_ON && keymap_lookup(ch, u->timeline.ops->kind) == ACT_RANGE_CANCEL) {
		ui_drag_stop(u, 1);
		ui_say(u, "drag cancelled");
		return 0;
	}
	if (u->mode != MODE_KEYS) {
		enum action a = keymap_lookup(ch, PANE_PROMPT);
		if (u->mode == MODE_FIND || u->mode == MODE_FILTER)
			ui_find_key(u, a, ch);
		else if (u->mode == MODE_COLLAPSE || u->mode == MODE_APP)
			ui_transform_key(u, a, ch);
		else if (u->mode == MODE_SRC_PICK)
			ui_src_pick_key(u, ch);
		else
			ui_export_key(u, a, ch);
		return 0;
	}
	if (ch == KEY_MOUSE) {
		ui_mouse(u);
		return 0;
	}
	if (!u->hdr)  /* too small: only q works */
		return keymap_lookup(ch, u->list.ops->kind) == ACT_QUIT;
	struct pane *p = ui_focused(u);
	enum action a = keymap_lookup(ch, p->ops->kind);
	int shown = u->command_shown;
	if (a == ACT_NONE)
		return 0;
	if (ui_shell_action(u, a, &quit)) {
		if (shown && a != ACT_COMMAND)  /* : stays until a key other than it */
			u->command_shown = 0;
		return quit;
	}
	u->command_shown = 0;
	struct pane_out out = {PANE_NONE, ""};
	struct pane_ctx ctx = ui_ctx(u, p);
	enum pane_res r = p->ops->act(p->self, a, &ctx, &out);
	if (r == PANE_IGNORED && p->self != u->list.self && p != &u->overlay) {
		/* A key of every pane that acts on the list (c: the clock). */
		p = &u->list;
		ctx = ui_ctx(u, p);
		r = p->ops->act(p->self, a, &ctx, &out);
	}
	ui_result(u, p, r, &out);
	ui_sync_lower(u);
	return 0;
}

/* ------------------------------------------------------------ drawing */

/* The steps as the command line writes them, joined by the crumb symbol,
 * then "computing…" while a rebuild runs; "" without steps. */
static void ui_crumbs(const struct ui *u, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (uint32_t i = 0; i < session_nsteps(u->s) && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? draw_sym(SYM_CRUMB, u->ascii) : "",
		                        session_step(u->s, i)->text);
	if (session_rebuilding(u->s) && len < n)
		snprintf(buf + len, n - len, "%scomputing%s", len ? " " : "",
		         draw_sym(SYM_ELLIPSIS, u->ascii));
}

/* A header or footer line into buf: what does not fit is cut here and
 * by columns when drawn (a plain snprintf would be flagged by gcc's
 * truncation check, which knows nothing of that intent). */
static void ui_bar_text(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

static void ui_draw_header(struct ui *u)
{
	char line[1200], file[600], dur[48], scope[96], crumbs[400], steps[420] = "";
	const char *sep = draw_sym(SYM_SEP, u->ascii);
	if (!u->s) {  /* the diff screen: its list says what it shows */
		u->list.ops->header(u->list.self, u->ascii, line, sizeof line);
		draw_row(u->hdr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
		return;
	}
	const char *base = strrchr(u->path, '/');
	base = base && base[1] ? base + 1 : u->path;
	text_escape(base, strlen(base), u->ascii, file, sizeof file);
	const struct trace *tr = session_base(u->s);
	const struct timeline *tl = session_timeline(u->s);
	uint32_t tid;
	numfmt_duration(dur, sizeof dur, tl->end - tl->begin, 0);
	if (session_scope_pending(u->s, &tid))
		snprintf(scope, sizeof scope, "thread %lu: computing%s", (unsigned long)tid,
		         draw_sym(SYM_ELLIPSIS, u->ascii));
	else if (session_scoped(u->s, &tid))
		snprintf(scope, sizeof scope, "thread %lu", (unsigned long)tid);
	else
		snprintf(scope, sizeof scope, "all threads");
	size_t vlen = 0;
	const char *vm = trace_option(tr, "vm", &vlen);
	char vmb[64];
	text_escape(vm ? vm : "?", vm ? vlen : 1, 1, vmb, sizeof vmb);
	size_t kinds = tv_warnings_kinds(&tr->warnings);
	char warn[64] = "";
	if (kinds)
		snprintf(warn, sizeof warn, "%s%s %zu warning%s (W)", sep, draw_sym(SYM_WARN, u->ascii),
		         kinds, kinds == 1 ? "" : "s");
	ui_crumbs(u, crumbs, sizeof crumbs);
	if (crumbs[0])
		snprintf(steps, sizeof steps, "%s%s", sep, crumbs);
	/* Most important first: a narrow terminal abbreviates, then cuts
	 * from the right. */
	const char *base_clock = session_clock(u->s) == TV_CPU ? "CPU" : "real";
	ui_bar_text(line, sizeof line, " %s%s%s%s%s%s%s time%s%s%s%u threads%svm %s%sclock %s", file,
	         warn, sep, scope, steps, sep, base_clock, sep, dur, sep, session_nthreads(u->s), sep, vmb,
	         sep, trace_clock_name(tr->clock));
	if (text_width(line) > u->cols) {
		if (kinds)
			snprintf(warn, sizeof warn, "%s%s%zu (W)", sep, draw_sym(SYM_WARN, u->ascii), kinds);
		ui_bar_text(line, sizeof line, " %s%s%s%s%s%s%s%s%s%s%u thr%s%s", file, warn, sep, scope,
		         steps, sep, base_clock, sep, dur, sep, session_nthreads(u->s), sep, vmb);
	}
	draw_row(u->hdr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}

/* The first key name of an action ("?" of "? F1"). */
static void ui_first_key(enum action a, char *buf, size_t n)
{
	const char *k = actions_info(a)->keys;
	size_t len = strcspn(k, " ");
	snprintf(buf, n, "%.*s", (int)len, k);
}

/* "KEY label" per action, keys of neighbours with the same label joined
 * by '/': "Up/Down move". */
static void ui_footer_keys(const enum action *a, size_t n, char *line, size_t size)
{
	for (size_t i = 0; i < n; i++) {
		const char *label = actions_info(a[i])->footer;
		char keys[64], one[32];
		if (!label[0])
			continue;
		ui_first_key(a[i], keys, sizeof keys);
		while (i + 1 < n && strcmp(actions_info(a[i + 1])->footer, label) == 0) {
			ui_first_key(a[++i], one, sizeof one);
			strncat(keys, "/", sizeof keys - strlen(keys) - 1);
			strncat(keys, one, sizeof keys - strlen(keys) - 1);
		}
		size_t len = strlen(line);
		snprintf(line + len, size - len, "%s%s %s", len ? "  " : "", keys, label);
	}
}

static void ui_draw_prompt(const struct ui *u, char *line, size_t n)
{
	char q[300];
	uint32_t tid;
	const struct registry_row *rows = u->mode == MODE_EXPORT_KIND || u->mode == MODE_EXPORT_NAME
	                                  ? ui_export_rows(u) : NULL;
	text_escape(u->prompt.text, u->prompt.len, u->ascii, q, sizeof q);
	switch (u->mode) {
	case MODE_FIND: case MODE_FILTER:
		snprintf(line, n, " %s%s   %s   Enter keep  Esc cancel", u->mode == MODE_FIND ? "/" : "&",
		         q, u->msg);
		break;
	case MODE_EXPORT_KIND:
		snprintf(line, n, " export the %s view as: %s%s%sf folded stacks  c Trace Event JSON"
		         "  s speedscope  (other keys cancel)",
		         u->s && session_scoped(u->s, &tid) ? "thread's" : "whole", rows ? "t " : "",
		         rows ? rows->export : "", rows ? "  " : "");
		break;
	case MODE_EXPORT_NAME:
		snprintf(line, n, " write %s to: %s   Enter write  Esc cancel",
		         u->export_kind == 'c'   ? "Trace Event JSON"
		         : u->export_kind == 's' ? "speedscope JSON"
		         : u->export_kind == 't' ? rows->export : "folded stacks", q);
		break;
	case MODE_EXPORT_CONFIRM:
		snprintf(line, n, " %s exists: overwrite it? y/n", q);
		break;
	case MODE_COLLAPSE: case MODE_APP:
		snprintf(line, n, " %s %s   Enter apply  Esc cancel",
		         u->mode == MODE_APP ? "only my code, the app's packages:" : "collapse classes:", q);
		break;
	case MODE_SRC_PICK: {
		const char *more = u->found.n > 9 ? " (the first 9 here: a narrower --src for others)"
		                                  : "";
		size_t k = (size_t)snprintf(line, n, " %zu%s files match%s, pick one:", u->found.n,
		                            u->found.capped ? " or more" : "", more);
		for (size_t i = 0; i < u->found.n && i < 9 && k < n; i++) {
			char e[600];
			const char *p = u->found.paths[i];
			text_escape(p, strlen(p), u->ascii, e, sizeof e);
			k += (size_t)snprintf(line + k, n - k, "  %zu %s", i + 1, e);
		}
		if (k < n)
			snprintf(line + k, n - k, "  (other keys cancel)");
		break;
	}
	case MODE_KEYS: line[0] = '\0'; break;
	}
}

static void ui_draw_footer(struct ui *u)
{
	char line[1000] = "", keys[800] = "";
	enum action a[UI_FOOTER_MAX] = {ACT_NONE};
	size_t n = 0;
	if (u->mode != MODE_KEYS) {
		ui_draw_prompt(u, line, sizeof line);
		draw_row(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
		return;
	}
	struct pane *p = ui_focused(u);
	if (p != &u->overlay) {
		static const enum action shell[] = {ACT_HELP, ACT_QUIT};
		for (size_t i = 0; i < sizeof shell / sizeof *shell; i++)
			a[n++] = shell[i];
	}
	ui_footer_keys(a, n, keys, sizeof keys);
	if (p != &u->overlay && u->timeline.ops)  /* Tab names where it goes */
		snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "  Tab %s",
		         ui_row(u->focus_tl ? ui_lower_row(u)
		                            : registry_row_of(&u->panes, u->timeline.self))->tab);
	n = 0;
	if (p != &u->overlay) {
		static const enum action shell[] = {ACT_FIND, ACT_FILTER, ACT_SCOPE, ACT_EXPORT};
		for (size_t i = 0; i < sizeof shell / sizeof *shell; i++)
			if (actions_info(shell[i])->panes & PANE_BIT(p->ops->kind))
				a[n++] = shell[i];
	}
	n += p->ops->footer(p->self, a + n, UI_FOOTER_MAX - n);
	char more[800] = "";
	ui_footer_keys(a, n, more, sizeof more);
	/* Messages first, then the keys: a narrow terminal cuts the end. */
	ui_bar_text(line, sizeof line, " %s%s%s%s%s", u->msg, u->msg[0] ? "  |  " : "", keys,
	         keys[0] && more[0] ? "  " : "", more);
	draw_row(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}

/* The OSC 52 bytes of y or Y, to the terminal curses writes to, once its
 * frame is out. Off screen (the tests) there is no terminal: dropped. */
static void ui_flush_clip(struct ui *u)
{
	if (!u->clip)
		return;
	if (isatty(STDOUT_FILENO)) {
		fflush(stdout);
		const char *b = u->clip;
		size_t n = u->clip_len;
		while (n > 0) {
			ssize_t w = write(STDOUT_FILENO, b, n);
			if (w <= 0)
				break;
			b += w;
			n -= (size_t)w;
		}
	}
	free(u->clip);
	u->clip = NULL;
}

void ui_draw(struct ui *u)
{
	ui_poll(u);
	if (!u->hdr) {
		char msg[160];
		erase();
		snprintf(msg, sizeof msg, "traceview needs at least %dx%d (this is %dx%d); q quits",
		         UI_MIN_COLS, UI_MIN_LINES, u->cols, u->lines);
		mvaddnstr(0, 0, msg, u->cols > 0 ? u->cols : 1);
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	wnoutrefresh(stdscr);  /* a resize touches stdscr: flush it, or getch() blanks the panes */
	ui_draw_header(u);
	if (u->overlay.ops) {
		struct pane_ctx ctx = ui_ctx(u, &u->overlay);
		u->overlay.ops->draw(u->overlay.self, u->ovw, &ctx);
	} else {
		if (u->timeline.ops) {
			struct pane_ctx ctx = ui_ctx(u, &u->timeline);
			u->timeline.ops->retarget(u->timeline.self, u->s, ctx.selected);
			u->timeline.ops->draw(u->timeline.self, u->tlw, &ctx);
		}
		ui_sync_lower(u);
		struct pane_ctx ctx = ui_ctx(u, &u->lower);
		u->lower.ops->draw(u->lower.self, u->tbw, &ctx);
	}
	ui_draw_footer(u);
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
	wnoutrefresh(u->ftr);
	doupdate();
	ui_flush_clip(u);
}

/* ------------------------------------------------------------ terminal */

static void ui_signals(void (*handler)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Curses on the terminal, with our signal handlers in first so curses
 * leaves the signals to us and the loop restores the terminal itself.
 * Returns 0, or UI_NO_TERMINAL when the terminal cannot do it. */
static int ui_term_start(void)
{
	ui_signals(ui_on_signal);
	if (!newterm(NULL, stdout, stdin)) {
		ui_signals(SIG_DFL);
		return UI_NO_TERMINAL;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	/* No action waits on Esc alone (each has another key too), so a
	 * short delay is enough to tell Esc from the start of a sequence. */
	set_escdelay(UI_ESCDELAY_MS);
	curs_set(0);
	draw_mouse_init();
	/* getch() refreshes stdscr when it has changes; do it now, before the
	 * panes are drawn over it, not after. */
	refresh();
	return 0;
}

static void ui_term_stop(void)
{
	endwin();
	ui_signals(SIG_DFL);
}

/* A fatal error once curses runs: give the terminal back first, so the
 * message lands on a sane screen. */
static int ui_fatal(const char *path)
{
	ui_term_stop();
	fprintf(stderr, "traceview: %s: out of memory\n", path);
	return 2;
}

/* Keys until the shell says quit or a signal arrives; the exit status.
 * While a job runs, getch() waits briefly so its result shows at once. */
static int ui_loop(struct ui *u)
{
	ui_draw(u);
	for (;;) {
		timeout(ui_busy(u) ? 20 : 250);
		int ch = getch();
		if (ui_signal)
			return ui_signal == SIGINT ? 0 : 128 + ui_signal;
		if (ch == ERR) {
			if (ui_poll(u))
				ui_draw(u);
			else
				ui_idle(u);
			continue;
		}
		if (ui_key(u, ch))
			return 0;
		ui_draw(u);
	}
}

int ui_wants_ascii(const struct ui_opts *o)
{
	return ui_ascii_locale(o);
}

int ui_loading_start(void)
{
	return ui_term_start() ? UI_NO_TERMINAL : 0;
}

void ui_loading_show(const char *line, int ascii)
{
	int w = COLS - 2, len = text_width(line);
	erase();
	draw_cell(stdscr, LINES / 2, len < w ? (COLS - len) / 2 : 1, w, line, A_NORMAL, ascii);
	refresh();
}

void ui_loading_stop(void)
{
	ui_term_stop();
}

int ui_run(const char *path, struct trace *tr, const struct ui_opts *o)
{
	if (!o->term_started && ui_term_start())
		return UI_NO_TERMINAL;
	/* The tests fail this allocation on purpose to check that a fatal
	 * error gives the terminal back (see ui.h). */
	struct ui *u = getenv("TRACEVIEW_TEST_UI_OOM") ? NULL : ui_new(path, tr, o);
	if (!u)
		return ui_fatal(path);
	u->term = stdout;
	int status = ui_loop(u);
	ui_drag_stop(u, 0);  /* motion reports off before curses lets go */
	ui_free(u);
	ui_term_stop();
	return status;
}

int ui_run_diff(const char *base, const char *next, const struct diff *d,
                const struct ui_opts *o)
{
	if (ui_term_start())
		return UI_NO_TERMINAL;
	struct ui *u = ui_new_diff(base, next, d, o);
	if (!u)
		return ui_fatal(next);
	u->term = stdout;
	int status = ui_loop(u);
	ui_drag_stop(u, 0);  /* motion reports off before curses lets go */
	ui_free(u);
	ui_term_stop();
	return status;
}

/* ------------------------------------------------------------ --view */

/* A big trace builds its trees on the workers: wait for them. */
static void ui_view_wait(struct ui *u)
{
	while (ui_busy(u)) {
		struct timespec ms = {0, 1000000};
		nanosleep(&ms, NULL);
		if (ui_poll(u))
			ui_sync_lower(u);
	}
}

/* The initial state of --view: a tree opens the hottest path from its
 * first root, then shows the method asked for. */
struct pane ui_view_pane(struct ui *u, int n, int clock, uint32_t method, struct pane_ctx *ctx)
{
	struct pane_out out = {PANE_NONE, ""};
	if (clock >= 0 && clock != session_clock(u->s))
		session_toggle_clock(u->s, out.msg, sizeof out.msg);
	if (method != PANE_NONE)
		ui_select(u, method);
	ui_show(u, registry_view(n));
	ui_sync_lower(u);
	ui_view_wait(u);
	struct pane_ctx c = ui_ctx(u, &u->lower);
	if (u->lower.ops->view_open && u->lower.ops->view_open(u->lower.self, &c)) {
		ui_view_wait(u);
		if (method != PANE_NONE)
			u->lower.ops->select(u->lower.self, method);
	}
	*ctx = ui_ctx(u, &u->lower);
	return u->lower;
}
