/* flame.c: the flame graph pane (see flame.h). */
#include "panes/flame.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "base/grow.h"
#include "session/job.h"
#include "panes/legend.h"
#include "draw/names.h"
#include "base/numfmt.h"
#include "draw/text.h"
#include "draw/units.h"
#include "panes/panetext.h"
#include "session/session.h"

/* ------------------------------------------------------------ building */

struct fl_job {
	const struct trace *tr;
	int clock;
	struct tidset scope;     /* owned */
	struct pathtree t;
	int ok;
	enum tv_status st;
};

/* The call tree's ops (flame_src). */
static int fl_pt_expand(void *t, uint32_t node)
{
	return !pathtree_expandable(t, node) || pathtree_expand(t, node) == TV_OK ? 0 : -1;
}

static const uint32_t *fl_pt_children(const void *t, uint32_t node, uint32_t *n)
{
	return pathtree_children(t, node, n);
}

static uint64_t fl_pt_width(const void *t, uint32_t node, int clock)
{
	return ((const struct pathtree *)t)->nodes[node].incl[clock];
}

static uint32_t fl_pt_parent(const void *t, uint32_t node)
{
	return ((const struct pathtree *)t)->nodes[node].parent;
}

static uint32_t fl_pt_depth(const void *t, uint32_t node)
{
	return ((const struct pathtree *)t)->nodes[node].depth;
}

static uint32_t fl_pt_method(const void *t, uint32_t node, const struct trace **tr)
{
	const struct pathtree *pt = t;
	*tr = pt->tr;
	return pt->nodes[node].method;
}

static struct flame_src fl_pt_src(struct pathtree *t)
{
	return (struct flame_src){t, fl_pt_expand, fl_pt_children, fl_pt_width, fl_pt_parent,
	                          fl_pt_depth, fl_pt_method};
}

/* Frames a cell wide or more at the widest screen: expanded on the worker
 * with the build, so the first layout on the UI thread finds them made. */
#define FL_WARM_CELLS 400
#define FL_WARM_NODES 20000

void flame_warm(const struct flame_src *src, int clock)
{
	uint64_t total = src->width(src->t, 0, clock);
	uint32_t *q = malloc(FL_WARM_NODES * sizeof *q), n = 0;
	if (!q)
		return;
	q[n++] = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (src->expand(src->t, q[i]) < 0)
			continue;
		uint32_t nk;
		const uint32_t *k = src->children(src->t, q[i], &nk);
		for (uint32_t c = 0; c < nk && n < FL_WARM_NODES; c++)
			if (src->width(src->t, k[c], clock) * FL_WARM_CELLS >= total)
				q[n++] = k[c];
	}
	free(q);
}

static void *fl_run(void *arg)
{
	struct fl_job *j = arg;
	struct tv_error err;
	struct trace_sel buf;
	j->st = pathtree_build_set(&j->t, j->tr, tidset_sel(&j->scope, &buf), j->clock, &err);
	j->ok = j->st == TV_OK;
	if (j->ok && j->t.nodes[0].incl[j->clock]) {
		struct flame_src src = fl_pt_src(&j->t);
		flame_warm(&src, j->clock);
	}
	return j;
}

static void fl_job_free(void *v)
{
	struct fl_job *j = v;
	if (j && j->ok)
		pathtree_free(&j->t);
	if (j)
		tidset_free(&j->scope);
	free(j);
}


static void fl_apply(struct flame *f, struct fl_job *j)
{
	f->note[0] = '\0';
	if (!j->ok) {
		snprintf(f->note, sizeof f->note, "%s",
		         j->st == TV_ERR_NO_THREAD ? "no calls in that thread" : "out of memory");
		return;
	}
	if (f->built)
		pathtree_free(&f->t);
	f->t = j->t;
	j->ok = 0;
	f->built = 1;
	f->clock = f->t.clock;
	f->zoom = f->sel = 0;
	f->top = 0;
	f->dirty = 1;
}

static int fl_poll(void *self)
{
	struct flame *f = self;
	unsigned id;
	void *res;
	if (!f->jobs || !jobs_take(f->jobs, &id, &res))
		return 0;
	if (id == f->job_id) {
		f->busy = 0;
		if (res)
			fl_apply(f, res);
	}
	fl_job_free(res);
	return 1;
}

static int fl_busy(const void *self)
{
	return ((const struct flame *)self)->busy;
}

int flame_init(struct flame *f, const struct trace *tr, uint64_t inline_below)
{
	memset(f, 0, sizeof *f);
	f->tr = tr;
	f->inline_below = inline_below;
	f->src = fl_pt_src(&f->t);
	f->jobs = jobs_new();
	catmap_set(&f->cats, tr, NULL, 0);
	return 0;
}

void flame_categories(struct flame *f, const struct derive_glob *app, uint32_t napp)
{
	catmap_set(&f->cats, f->tr, app, napp);
}

void flame_free(struct flame *f)
{
	jobs_free(f->jobs);
	if (f->built)
		pathtree_free(&f->t);
	free(f->frames);
	catmap_free(&f->cats);
	tidset_free(&f->req_scope);
	memset(f, 0, sizeof *f);
}

void flame_release(struct flame *f)
{
	uint64_t inline_below = f->inline_below;
	flame_free(f);
	f->inline_below = inline_below;
}

int flame_rebind(struct flame *f, const struct trace *tr)
{
	return flame_init(f, tr, f->inline_below);
}

void flame_scope(struct flame *f, const struct trace_sel *sel, int clock)
{
	if (!f->requested || !tidset_same(&f->req_scope, sel)) {
		struct fl_job *j = calloc(1, sizeof *j);
		if (!j || tidset_copy(&j->scope, sel) < 0 || tidset_copy(&f->req_scope, sel) < 0) {
			fl_job_free(j);
			return;
		}
		j->tr = f->tr;
		j->clock = clock;
		f->requested = 1;
		f->req_clock = clock;
		if (!f->jobs || f->tr->records < f->inline_below) {
			fl_apply(f, fl_run(j));
			fl_job_free(j);
			return;
		}
		f->job_id = jobs_submit_job(f->jobs, fl_run, j, fl_job_free);
		f->busy = f->job_id != 0;
	} else if (clock != f->req_clock && f->built && !f->busy) {
		/* Only the laid-out nodes are expanded: sorting them is quick. */
		if (pathtree_sort(&f->t, clock) == TV_OK) {
			f->req_clock = f->clock = clock;
			f->dirty = 1;
		}
	}
}

/* ------------------------------------------------------------ layout */

static int fl_push(struct flame *f, uint32_t node, uint32_t depth, int x0, int x1)
{
	if (grow_push32((void **)&f->frames, &f->cap, f->nframes, sizeof *f->frames) < 0)
		return -1;
	f->frames[f->nframes++] = (struct fl_frame){node, depth, x0, x1};
	return 0;
}

/* The cell of a time offset: exact position rounded, so each edge is
 * within half a cell and each width within one cell of exact. */
static int fl_pos(uint64_t off, uint64_t total, int width)
{
	return total ? (int)((double)off * width / (double)total + 0.5) : 0;
}

/* The µs offset of each frame from the zoomed frame's left edge, kept
 * beside frames[] while laying out. A child past its parent's right edge
 * (a path the diff's B lacks, sized by A) is cut there. */
int flame_layout(struct flame *f, int width, uint32_t depths)
{
	const struct flame_src *src = &f->src;
	f->nframes = 0;
	f->width = width;
	f->depths = (int)depths;
	f->dirty = 0;
	if (!f->built || width < 1 || !depths)
		return 0;
	uint64_t total = src->width(src->t, f->zoom, f->clock);
	uint64_t *off = NULL;
	size_t offcap = 0;
	if (fl_push(f, f->zoom, 0, 0, width) < 0)
		return -1;
	off = malloc(256 * sizeof *off);
	if (!off)
		return -1;
	offcap = 256;
	off[0] = 0;
	for (uint32_t i = 0; i < f->nframes; i++) {
		struct fl_frame fr = f->frames[i];
		if (fr.depth + 1 >= depths)
			continue;
		if (src->expand(src->t, fr.node) < 0) {
			free(off);
			return -1;
		}
		uint32_t nk;
		const uint32_t *k = src->children(src->t, fr.node, &nk);
		uint64_t at = off[i];
		for (uint32_t c = 0; c < nk; c++) {
			uint64_t w = src->width(src->t, k[c], f->clock);
			int x0 = fl_pos(at, total, width), x1 = fl_pos(at + w, total, width);
			at += w;
			x1 = x1 < fr.x1 ? x1 : fr.x1;
			if (x1 <= x0)
				continue;  /* narrower than a cell: so are its children */
			if (fl_push(f, k[c], fr.depth + 1, x0, x1) < 0) {
				free(off);
				return -1;
			}
			if (grow_to((void **)&off, &offcap, f->nframes, sizeof *off) < 0) {
				free(off);
				return -1;
			}
			off[f->nframes - 1] = at - w;
		}
	}
	free(off);
	return 0;
}

int flame_zoom(struct flame *f, uint32_t node)
{
	if (!f->built)
		return -1;
	if (node == PATHTREE_NONE) {
		uint32_t up = f->src.parent(f->src.t, f->zoom);
		if (up == PATHTREE_NONE)
			return -1;
		f->sel = f->zoom;
		f->zoom = up;
	} else {
		if (node == f->zoom)
			return -1;
		f->zoom = f->sel = node;
	}
	f->top = 0;
	f->dirty = 1;
	return 0;
}

/* ------------------------------------------------------------ drawing */

static int fl_find_frame(const struct flame *f, uint32_t node)
{
	for (uint32_t i = 0; i < f->nframes; i++)
		if (f->frames[i].node == node)
			return (int)i;
	return -1;
}

static uint32_t fl_method(const struct flame *f, uint32_t node)
{
	const struct trace *tr;
	return f->src.method(f->src.t, node, &tr);
}

void flame_short(const struct trace *tr, uint32_t method, int cols, int ascii, char *out,
                 size_t n)
{
	const struct tv_method *m = method == PATHTREE_TOPLEVEL ? NULL : &tr->methods[method];
	const char *cls = m ? trace_str(tr, m->cls) : NULL, *name = m ? trace_str(tr, m->name) : NULL;
	if (!m || !m->declared || !cls || !name) {
		names_method(tr, method, cols, ascii, out, n);
		return;
	}
	size_t len = m->cls.len, at = len;
	while (at > 0 && cls[at - 1] != '/' && cls[at - 1] != '.')
		at--;
	char raw[1200], esc[2400];
	snprintf(raw, sizeof raw, "%.*s.%.*s", (int)(len - at < 500 ? len - at : 500), cls + at,
	         (int)(m->name.len < 500 ? m->name.len : 500), name);
	text_escape(raw, strlen(raw), ascii, esc, sizeof esc);
	text_fit(esc, cols, ascii, out, n);
}

/* A stable slot for a method: its id hashed, so a method keeps its colour
 * and shade across zooms, scopes and runs. */
static unsigned fl_hash(const struct flame *f, uint32_t method)
{
	uint64_t id = method == PATHTREE_TOPLEVEL ? 0 : f->tr->methods[method].id;
	id ^= id >> 29;
	id *= 0x9E3779B97F4A7C15ull;
	return (unsigned)(id >> 40);
}

static void fl_draw_frame(struct flame *f, WINDOW *win, const struct pane_ctx *ctx, int y,
                          const struct fl_frame *fr, uint32_t selm)
{
	static const enum draw_sym shades[] = {SYM_SHADE4, SYM_SHADE3, SYM_SHADE2};
	const struct color *c = ctx->color;
	uint32_t m = fl_method(f, fr->node);
	unsigned h = fl_hash(f, m);
	int w = fr->x1 - fr->x0, mono = c->tier == COLOR_TIER_MONO;
	char label[1200];
	if (fr->node != f->sel && !c->by_method) {
		int named = w >= 3;
		if (named)
			flame_short(f->tr, m, w - (c->letters ? 2 : 0), ctx->ascii, label, sizeof label);
		enum category k = m == PATHTREE_TOPLEVEL ? CAT_UNKNOWN : catmap_of(&f->cats, m);
		legend_block(win, c, ctx->ascii, y, fr->x0, w, k, named ? label : NULL, NULL,
		             m == selm && m != PATHTREE_TOPLEVEL ? A_BOLD | A_UNDERLINE : A_NORMAL);
		return;
	}
	attr_t a = mono ? A_NORMAL : color_method(c, h);
	const char *fill = mono ? draw_sym(shades[h % 3], ctx->ascii) : " ";
	if (fr->node == f->sel) {
		a = c->role[ROLE_SELECTED];
		fill = " ";
	} else if (m == selm && m != PATHTREE_TOPLEVEL) {
		a |= A_BOLD | A_UNDERLINE;  /* the selected method's other frames */
	}
	int used = 0;
	if (w >= 3)
		flame_short(f->tr, m, w, ctx->ascii, label, sizeof label), used = text_width(label);
	wattrset(win, a);
	wmove(win, y, fr->x0);
	if (used)
		waddstr(win, label);
	wattrset(win, A_NORMAL);
	draw_bar(win, fill, a, w - used);
}

void flame_draw_crumbs(struct flame *f, WINDOW *win, const struct pane_ctx *ctx)
{
	char line[4096] = "", name[200], cut[4096];
	uint32_t path[48], n = 0, node = f->sel;
	int more = 0;
	for (; node != PATHTREE_NONE; node = f->src.parent(f->src.t, node)) {
		if (n == sizeof path / sizeof *path) {
			more = 1;
			break;
		}
		path[n++] = node;
	}
	size_t len = 0;
	if (more)
		len += (size_t)snprintf(line, sizeof line, "%s", draw_sym(SYM_ELLIPSIS, ctx->ascii));
	while (n-- > 0 && len + 300 < sizeof line) {
		const struct trace *tr;
		uint32_t m = f->src.method(f->src.t, path[n], &tr);
		flame_short(tr, m, 40, ctx->ascii, name, sizeof name);
		len += (size_t)snprintf(line + len, sizeof line - len, "%s%s%s%s",
		                        len ? draw_sym(SYM_CRUMB, ctx->ascii) : "",
		                        path[n] == f->zoom && f->zoom ? "[" : "", name,
		                        path[n] == f->zoom && f->zoom ? "]" : "");
	}
	cut[0] = ' ';
	text_fit_left(line, getmaxx(win) - 1, ctx->ascii, cut + 1, sizeof cut - 1);
	draw_row(win, 0, cut, ctx->color->role[ROLE_TITLE], ctx->ascii);
}

static void fl_draw_status(struct flame *f, WINDOW *win, const struct pane_ctx *ctx, int y)
{
	char line[1600], name[1200], in[32], ex[32], pa[32], pz[32];
	const struct pathtree_node *n = &f->t.nodes[f->sel];
	names_method(f->tr, n->method, getmaxx(win) / 2, ctx->ascii, name, sizeof name);
	units_cell(f->tr, in, sizeof in, n->incl[f->clock]);
	units_cell(f->tr, ex, sizeof ex, n->excl[f->clock]);
	numfmt_pct(pa, sizeof pa, n->incl[f->clock], f->t.top_incl[f->clock], 1);
	numfmt_pct(pz, sizeof pz, n->incl[f->clock], f->t.nodes[f->zoom].incl[f->clock], 1);
	/* Numbers first: a narrow screen cuts the name's end. */
	const char *unit = trace_is_sequence(f->tr) ? "events" : f->clock == TV_CPU ? "ms cpu"
	                                                                             : "ms real";
	snprintf(line, sizeof line, " %s %s  %s%% of all  %s%% of zoom  excl %s  calls %" PRIu64
	         "  %s%s%s%s%s", in, unit, pa, pz, ex, n->calls, name,
	         f->busy ? "  computing" : "", f->busy ? draw_sym(SYM_ELLIPSIS, ctx->ascii) : "",
	         f->note[0] ? "  " : "", f->note);
	draw_row(win, y, line, ctx->color->role[ROLE_TITLE], ctx->ascii);
}

/* Keep the selection's depth on screen. */
static void fl_scroll(struct flame *f)
{
	uint32_t d = f->src.depth(f->src.t, f->sel) - f->src.depth(f->src.t, f->zoom);
	if (d < f->top)
		f->top = d;
	if (f->rows > 0 && d >= f->top + (uint32_t)f->rows)
		f->top = d - (uint32_t)f->rows + 1;
}

/* The layout for the window, made again when anything changed. One more
 * depth than shown, so Down finds the children of the bottom row. */
static uint32_t fl_want(const struct flame *f)
{
	return f->top + (uint32_t)(f->rows > 0 ? f->rows : 1) + 1;
}

void flame_ensure(struct flame *f, int width)
{
	uint32_t want = fl_want(f);
	if (f->dirty || width != f->width || (int)want != f->depths)
		flame_layout(f, width, want);
	if (fl_find_frame(f, f->sel) < 0) {
		f->sel = f->zoom;
		fl_scroll(f);
	}
}

int flame_stale(struct flame *f, int h, int w, uint32_t *depths)
{
	f->rows = h - 2 > 1 ? h - 2 : 1;
	if (!f->built)
		return 0;
	fl_scroll(f);
	*depths = fl_want(f);
	return f->dirty || w != f->width || (int)*depths != f->depths;
}

void flame_prepare(struct flame *f, int h, int w)
{
	f->rows = h - 2 > 1 ? h - 2 : 1;
	if (!f->built)
		return;
	fl_scroll(f);
	flame_ensure(f, w);
}

static void fl_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct flame *f = self;
	int h = getmaxy(win), w = getmaxx(win);
	flame_prepare(f, h, w);
	if (!f->built) {
		draw_row(win, 0, f->busy ? " building the flame graph" : " no calls", A_NORMAL, ctx->ascii);
		draw_clear_rows(win, 1, h);
		if (f->note[0])
			draw_row(win, h - 1, f->note, A_NORMAL, ctx->ascii);
		return;
	}
	flame_draw_crumbs(f, win, ctx);
	draw_clear_rows(win, 1, h - 1);
	uint32_t selm = fl_method(f, f->sel);
	for (uint32_t i = 0; i < f->nframes; i++) {
		const struct fl_frame *fr = &f->frames[i];
		if (fr->depth >= f->top && fr->depth < f->top + (uint32_t)f->rows)
			fl_draw_frame(f, win, ctx, 1 + (int)(fr->depth - f->top), fr, selm);
	}
	fl_draw_status(f, win, ctx, h - 1);
}

/* ------------------------------------------------------------ keys */

/* The next frame at the same depth to the left (dir < 0) or right. */
static void fl_side(struct flame *f, int dir)
{
	int i = fl_find_frame(f, f->sel);
	if (i < 0)
		return;
	uint32_t d = f->frames[i].depth;
	for (int k = i + dir; k >= 0 && k < (int)f->nframes; k += dir)
		if (f->frames[k].depth == d) {
			f->sel = f->frames[k].node;
			return;
		}
}

/* Down: the widest (leftmost) laid-out child. */
static int fl_down(struct flame *f)
{
	for (uint32_t i = 0; i < f->nframes; i++)
		if (f->src.parent(f->src.t, f->frames[i].node) == f->sel) {
			f->sel = f->frames[i].node;
			return 0;
		}
	return -1;
}

enum pane_res flame_act(struct flame *f, enum action a, struct pane_out *out)
{
	if (!f->built) {
		if (a >= ACT_FRAME_UP && a <= ACT_UNZOOM)
			return PANE_DONE;
		return PANE_IGNORED;
	}
	flame_ensure(f, f->width > 0 ? f->width : 80);
	switch (a) {
	case ACT_FRAME_UP:
		if (f->sel != f->zoom)
			f->sel = f->src.parent(f->src.t, f->sel);
		else
			snprintf(out->msg, sizeof out->msg, "the top of the zoom: Z zooms out");
		break;
	case ACT_FRAME_DOWN:
		if (fl_down(f) < 0)
			snprintf(out->msg, sizeof out->msg, "no callee a cell wide");
		break;
	case ACT_FRAME_PREV: fl_side(f, -1); break;
	case ACT_FRAME_NEXT: fl_side(f, 1); break;
	case ACT_ZOOM_FRAME:
		if (flame_zoom(f, f->sel) < 0)
			snprintf(out->msg, sizeof out->msg, "zoomed into this frame already");
		break;
	case ACT_UNZOOM:
		if (flame_zoom(f, PATHTREE_NONE) < 0)
			snprintf(out->msg, sizeof out->msg, "the whole graph shows already");
		break;
	default: return PANE_IGNORED;
	}
	fl_scroll(f);
	return PANE_DONE;
}

static enum pane_res fl_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	(void)ctx;
	return flame_act(self, a, out);
}

static struct pane_sel fl_selected(const void *self)
{
	const struct flame *f = self;
	uint32_t m = f->built ? fl_method(f, f->sel) : PANE_NONE;
	return (struct pane_sel){m, 0, 0};
}

static size_t fl_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_FRAME_UP, ACT_FRAME_DOWN, ACT_FRAME_PREV,
	                                   ACT_FRAME_NEXT, ACT_ZOOM_FRAME, ACT_UNZOOM, ACT_BACK,
	                                   ACT_PANE_TABLE, ACT_PANE_TREE, ACT_PANE_BOTTOMUP,
	                                   ACT_PANE_FLAME};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

void flame_click(struct flame *f, int y, int x, int wheel)
{
	if (wheel || !f->built || y < 1)
		return;
	uint32_t d = f->top + (uint32_t)(y - 1);
	for (uint32_t i = 0; i < f->nframes; i++)
		if (f->frames[i].depth == d && x >= f->frames[i].x0 && x < f->frames[i].x1)
			f->sel = f->frames[i].node;
}

/* The shallowest laid-out frame of method. */
static int fl_select(void *self, uint32_t method)
{
	struct flame *f = self;
	if (!f->built)
		return -1;
	if (fl_method(f, f->sel) == method)
		return 0;
	for (uint32_t i = 0; i < f->nframes; i++)
		if (fl_method(f, f->frames[i].node) == method) {
			f->sel = f->frames[i].node;
			fl_scroll(f);
			return 0;
		}
	return -1;
}

int flame_find_frame(struct flame *f, int (*keep)(void *env, uint32_t node), void *env,
                     int dir, int include_from)
{
	int64_t n = f->nframes, at = fl_find_frame(f, f->sel);
	if (at < 0)
		at = 0;
	for (int64_t k = include_from ? 0 : 1; k <= n && n; k++) {
		int64_t i = ((at + dir * k) % n + n) % n;
		if (keep(env, f->frames[i].node)) {
			f->sel = f->frames[i].node;
			fl_scroll(f);
			return 0;
		}
	}
	return -1;
}

/* A frame of a method find's match() takes (the toplevel never). */
struct fl_find_env {
	const struct flame *f;
	int (*match)(void *env, uint32_t method);
	void *env;
};

static int fl_find_keep(void *env, uint32_t node)
{
	const struct fl_find_env *e = env;
	uint32_t m = fl_method(e->f, node);
	return m != PATHTREE_TOPLEVEL && e->match(e->env, m);
}

static int fl_find(void *self, int (*match)(void *env, uint32_t method), void *env, int dir,
                   int include_from)
{
	struct fl_find_env e = {self, match, env};
	return flame_find_frame(self, fl_find_keep, &e, dir, include_from);
}

static void fl_release(void *self, unsigned what)
{
	if (what & SESSION_DROP_TRACE)
		flame_release(self);
}

static int fl_rebind(void *self, const struct session *s)
{
	return flame_rebind(self, session_trace(s));
}

/* The session's categories, scope and clock. */
static int fl_retarget(void *self, const struct session *s, uint32_t selected)
{
	struct flame *f = self;
	const struct derive_glob *app;
	uint32_t napp;
	(void)selected;
	session_categories(s, &app, &napp);
	if (f->cats.app != app || f->cats.napp != napp)
		flame_categories(f, app, napp);
	flame_scope(f, session_scope(s), session_clock(s));
	return 0;
}

/* Every depth at once: the breadcrumb, a row a depth and the status
 * line; when the layout stopped at the pad's bottom, twice the rows. */
int flame_rows(const struct flame *f, int drawn)
{
	uint32_t deep = 0;
	if (!drawn)
		return 16;
	for (uint32_t i = 0; i < f->nframes; i++)
		if (f->frames[i].depth + 1 > deep)
			deep = f->frames[i].depth + 1;
	if (!f->nframes)
		return drawn;
	if ((int)deep >= f->rows)
		return drawn * 2;
	return 2 + (int)deep;
}

char *flame_copy(const struct flame *f, int ascii)
{
	if (!f->built || f->sel == PATHTREE_NONE)
		return strdup("");
	size_t n = 0, most = f->src.depth(f->src.t, f->sel) + 1;
	uint32_t *path = malloc(most * sizeof *path);
	const struct trace **trs = malloc(most * sizeof *trs);
	char *s = NULL;
	if (path && trs) {
		for (uint32_t k = f->sel; k != PATHTREE_NONE && n < most; k = f->src.parent(f->src.t, k)) {
			path[n] = f->src.method(f->src.t, k, &trs[n]);
			n++;
		}
		s = panetext_path_in(trs, path, n, ascii);
	}
	free(path);
	free(trs);
	return s;
}

static void fl_click(void *self, int y, int x, int wheel)
{
	flame_click(self, y, x, wheel);
}

static int fl_rows(const void *self, int drawn)
{
	return flame_rows(self, drawn);
}

/* y: the selected frame's stack from the root. */
static char *fl_copy(const void *self, WINDOW *win, int ascii)
{
	(void)win;
	return flame_copy(self, ascii);
}

struct pane flame_pane(struct flame *f)
{
	static const struct pane_ops ops = {
		.kind = PANE_FLAME, .draw = fl_draw, .act = fl_act, .selected = fl_selected,
		.footer = fl_footer, .click = fl_click, .select = fl_select, .find = fl_find,
		.poll = fl_poll, .busy = fl_busy, .release = fl_release, .rebind = fl_rebind,
		.retarget = fl_retarget, .rows = fl_rows, .copy = fl_copy,
	};
	return (struct pane){&ops, f};
}

struct pane flame_make(const struct pane_env *env, int variant)
{
	struct flame *f = calloc(1, sizeof *f);
	(void)variant;
	if (!f || flame_init(f, session_trace(env->s), SESSION_INLINE_BELOW) < 0) {
		free(f);
		return (struct pane){NULL, NULL};
	}
	return flame_pane(f);
}

void flame_destroy(void *self)
{
	flame_free(self);
	free(self);
}
