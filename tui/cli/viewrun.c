/* viewrun.c: --view (see viewrun.h). */
#include "cli/viewrun.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draw/color.h"
#include "draw/draw.h"
#include "panes/pane.h"
#include "panes/panetext.h"
#include "panes/registry.h"
#include "session/session.h"

/* Pads hold at most this many rows (curses keeps sizes in a short). */
#define VIEWRUN_MAX_ROWS 32000

/* The session (NULL on the diff screen), its panes, the list that holds
 * the selection and the pane asked for. */
struct viewrun {
	struct session *s;
	int diff_clock;         /* the diff screen's panes' clock */
	struct registry_set panes;
	struct pane list, shown;
	struct color color;
	int ascii;
	char msg[320];          /* what the session says: nobody reads it */
};

static void viewrun_release(void *env, unsigned what)
{
	struct viewrun *v = env;
	registry_release(&v->panes, what);
}

static int viewrun_changed(void *env, unsigned what)
{
	struct viewrun *v = env;
	(void)what;
	return v->list.ops->retarget(v->list.self, v->s, PANE_NONE);
}

static struct pane_ctx viewrun_ctx(const struct viewrun *v)
{
	return (struct pane_ctx){&v->color, v->ascii, 1, v->list.ops->selected(v->list.self).item};
}

/* The session and the panes on tr, as the full-screen view starts. */
static int viewrun_start(struct viewrun *v, struct trace *tr, const struct viewrun_opts *o)
{
	struct session_opts so = {o->loaded, o->frame, NULL, o->scope, NULL, 0, NULL, 0};
	v->ascii = draw_wants_ascii(o->ascii);
	color_init(&v->color, 0);
	if (!(v->s = session_new(tr, &so)))
		return -1;
	struct pane_env env = {v->s, NULL, NULL, NULL, o->sort, o->sort_ascending, o->sort_clock,
	                       o->min_wait, NULL};
	if (registry_make(&v->panes, REGISTRY_TRACE, &env) < 0)
		return -1;
	v->list = v->shown = v->panes.pane[registry_first(&v->panes, REGISTRY_LIST)];
	struct session_listener l = {viewrun_release, viewrun_changed, v};
	session_listen(v->s, &l);
	return session_start(v->s, &so, v->msg, sizeof v->msg);
}

/* The diff screen's panes on d, on clock. */
static int viewrun_start_diff(struct viewrun *v, const struct diff *d, const char *base,
                              const char *next, const struct viewrun_opts *o, int clock)
{
	v->ascii = draw_wants_ascii(o->ascii);
	color_init(&v->color, 0);
	v->diff_clock = clock;
	struct pane_env env = {NULL, d, base, next, 0, 0, 0, 0, &v->diff_clock};
	if (registry_make(&v->panes, REGISTRY_DIFF, &env) < 0)
		return -1;
	v->list = v->shown = v->panes.pane[registry_first(&v->panes, REGISTRY_LIST)];
	return 0;
}

static void viewrun_stop(struct viewrun *v)
{
	registry_free(&v->panes);  /* first: their workers may be reading the trace */
	session_free(v->s);
}

/* A big trace builds its trees on the workers: wait for them. */
static void viewrun_wait(struct viewrun *v)
{
	while ((v->shown.ops->busy && v->shown.ops->busy(v->shown.self)) ||
	       (v->s && session_busy(v->s))) {
		struct timespec ms = {0, 1000000};
		nanosleep(&ms, NULL);
		int changed = registry_poll(&v->panes);
		if ((v->s && session_poll(v->s, v->msg, sizeof v->msg)) || changed)
			registry_follow(v->list, v->shown, v->s);
	}
}

/* The state --view prints: the clock and the method asked for, the pane
 * on it, its jobs done; a tree also opens its hottest path, then shows
 * the method again. */
static void viewrun_prepare(struct viewrun *v, const struct viewrun_req *req)
{
	if (v->s && req->clock >= 0 && req->clock != session_clock(v->s))
		session_toggle_clock(v->s, v->msg, sizeof v->msg);
	if (req->method != PANE_NONE)
		v->list.ops->select(v->list.self, req->method);
	v->shown = v->panes.pane[v->s ? registry_view(req->pane) : req->pane];
	if (v->shown.self != v->list.self && pane_takes_methods(v->shown))
		v->shown.ops->select(v->shown.self, v->list.ops->selected(v->list.self).item);
	registry_follow(v->list, v->shown, v->s);
	viewrun_wait(v);
	struct pane_ctx ctx = viewrun_ctx(v);
	if (v->shown.ops->view_open && v->shown.ops->view_open(v->shown.self, &ctx)) {
		viewrun_wait(v);
		if (req->method != PANE_NONE)
			v->shown.ops->select(v->shown.self, req->method);
	}
}

/* Draw p into a fresh pad h rows high; NULL when out of memory. */
static WINDOW *viewrun_draw(struct pane p, const struct pane_ctx *ctx, int w, int h)
{
	WINDOW *pad = newpad(h, w);
	if (pad)
		p.ops->draw(p.self, pad, ctx);
	return pad;
}

/* With every row asked for: the pane's rows at first, so a list never
 * scrolls; then, after each draw into a pad drawn rows high, what that
 * draw found it needs. */
static int viewrun_rows(struct pane p, int drawn)
{
	int h = p.ops->rows ? p.ops->rows(p.self, drawn) : drawn ? drawn : 16;
	return !drawn && h < 3 ? 3 : h > VIEWRUN_MAX_ROWS ? VIEWRUN_MAX_ROWS : h;
}

/* The pane as text, a malloc'd string; NULL when out of memory. */
static char *viewrun_text(struct viewrun *v, const struct viewrun_req *req)
{
	struct pane p = v->shown;
	struct pane_ctx ctx = viewrun_ctx(v);
	int h = req->height > 0 ? req->height : viewrun_rows(p, 0);
	WINDOW *pad = viewrun_draw(p, &ctx, req->width, h);
	for (int tries = 0; pad && req->height <= 0 && tries < 32; tries++) {
		int want = viewrun_rows(p, h);
		if (want == h)
			break;
		delwin(pad);
		h = want;
		pad = viewrun_draw(p, &ctx, req->width, h);
	}
	if (!pad)
		return NULL;
	char *s = panetext_rows(pad, 0, h);
	delwin(pad);
	return s;
}

/* An off-screen terminal: the first description the system has. */
static SCREEN *viewrun_screen(FILE *out, FILE *in)
{
	static const char *const names[] = {"xterm-256color", "xterm", "vt100", "ansi"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		SCREEN *sc = newterm(names[i], out, in);
		if (sc)
			return sc;
	}
	return NULL;
}

/* What is printed: one trace's pane, or the diff screen's. */
struct viewrun_what {
	struct trace *tr;
	const struct diff *d;
	const char *base, *next;
	const struct viewrun_opts *o;
	const struct viewrun_req *req;
};

/* On the current (off-screen) terminal. */
static int viewrun_print(const struct viewrun_what *w, FILE *out)
{
	struct viewrun v;
	int rc = 2;
	memset(&v, 0, sizeof v);
	int started = w->d ? viewrun_start_diff(&v, w->d, w->base, w->next, w->o, w->req->clock)
	                   : viewrun_start(&v, w->tr, w->o);
	if (started == 0) {
		viewrun_prepare(&v, w->req);
		char *text = viewrun_text(&v, w->req);
		if (text)
			rc = fputs(text, out) < 0 ? 1 : 0;
		free(text);
	}
	viewrun_stop(&v);
	return rc;
}

static int viewrun_offscreen(const struct viewrun_what *w, FILE *out)
{
	FILE *null_out = fopen("/dev/null", "w"), *null_in = fopen("/dev/null", "r");
	SCREEN *sc = null_out && null_in ? viewrun_screen(null_out, null_in) : NULL;
	int rc = 2;
	if (sc) {
		set_term(sc);
		rc = viewrun_print(w, out);
		endwin();
		delscreen(sc);
	} else {
		fprintf(stderr, "traceview: --view: no terminal description to draw with\n");
	}
	if (null_out)
		fclose(null_out);
	if (null_in)
		fclose(null_in);
	return rc;
}

int viewrun_run(struct trace *tr, const struct viewrun_opts *o, const struct viewrun_req *req,
                FILE *out)
{
	struct viewrun_what w = {tr, NULL, NULL, NULL, o, req};
	return viewrun_offscreen(&w, out);
}

int viewrun_run_diff(const struct diff *d, const char *base, const char *next,
                     const struct viewrun_opts *o, const struct viewrun_req *req, FILE *out)
{
	struct viewrun_what w = {NULL, d, base, next, o, req};
	return viewrun_offscreen(&w, out);
}
