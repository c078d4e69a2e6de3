/* dflame.c: the differential flame graph (see dflame.h). */
#include "panes/dflame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "draw/draw.h"
#include "draw/names.h"
#include "draw/text.h"
#include "panes/diffview.h"
#include "session/job.h"
#include "session/session.h"

int dflame_band(uint64_t a, uint64_t b)
{
	uint64_t d = a > b ? a - b : b - a, most = a > b ? a : b;
	/* d / most against 1%, 10% and 50%, exactly (d * 100 passes 2^64
	 * only past 5,000 years of µs). */
	if (!d || d * 100 < most)
		return 0;
	return d * 10 < most ? 1 : d * 2 < most ? 2 : 3;
}

/* ------------------------------------------------------------ the tree's ops */

static int df_expand(void *t, uint32_t node)
{
	return !difftree_expandable(t, node) || difftree_expand(t, node) == TV_OK ? 0 : -1;
}

static const uint32_t *df_children(const void *t, uint32_t node, uint32_t *n)
{
	return difftree_children(t, node, n);
}

/* B's time, A's where B lacks the path. */
static uint64_t df_width(const void *t, uint32_t node, int clock)
{
	return difftree_incl(t, node, difftree_side(t, node, 1) ? 1 : 0, clock);
}

static uint32_t df_parent(const void *t, uint32_t node)
{
	return ((const struct difftree *)t)->nodes[node].parent;
}

static uint32_t df_depth(const void *t, uint32_t node)
{
	return ((const struct difftree *)t)->nodes[node].depth;
}

static uint32_t df_method(const void *t, uint32_t node, const struct trace **tr)
{
	int run;
	uint32_t m = difftree_method(t, node, &run);
	*tr = difftree_trace(t, run);
	return m;
}

static struct flame_src df_src(struct difftree *t)
{
	return (struct flame_src){t, df_expand, df_children, df_width, df_parent, df_depth,
	                          df_method};
}

/* A node's diff row; PANE_NONE for the root. */
static uint32_t df_item(const struct dflame *f, uint32_t node)
{
	int run;
	uint32_t m = difftree_method(&f->dt, node, &run);
	return m == PATHTREE_TOPLEVEL ? PANE_NONE : f->rowof[run][m];
}

/* ------------------------------------------------------------ jobs */

/* Build the tree (warming what the first layout needs), or lay out the
 * pane's tree on a clock (re-sorting it first when the clock is new). */
enum { DF_BUILD, DF_LAYOUT };

struct df_job {
	int op;
	const struct profile *run[2];   /* DF_BUILD */
	int clock;
	struct difftree t;              /* DF_BUILD: owned until taken */
	struct difftree *dt;            /* DF_LAYOUT: the pane's, lent */
	struct flame lay;               /* DF_LAYOUT: its frames, owned until taken */
	int ok;
};

static void *df_run(void *arg)
{
	struct df_job *j = arg;
	struct tv_error err;
	if (j->op == DF_LAYOUT) {
		j->ok = j->dt->clock == j->clock ||
		        difftree_sort_by(j->dt, j->clock, DIFFTREE_BY_B, 0) == TV_OK;
		j->lay.src = df_src(j->dt);
		j->lay.clock = j->dt->clock;
		j->ok = flame_layout(&j->lay, j->lay.width, (uint32_t)j->lay.depths) == 0 && j->ok;
		return j;
	}
	j->ok = difftree_build(&j->t, j->run[0], j->run[1], j->clock, &err) == TV_OK;
	if (j->ok) {
		struct flame_src src = df_src(&j->t);
		flame_warm(&src, j->clock);
	}
	return j;
}

static void df_job_free(void *v)
{
	struct df_job *j = v;
	if (j && j->op == DF_BUILD && j->ok)
		difftree_free(&j->t);
	if (j)
		free(j->lay.frames);
	free(j);
}

/* The laid-out frames in place of the shown ones; the layout is then
 * current, as after flame_layout() (also when it ran out of memory). */
static void df_take_layout(struct dflame *f, struct df_job *j)
{
	free(f->fl.frames);
	f->fl.frames = j->lay.frames;
	f->fl.nframes = j->lay.nframes;
	f->fl.cap = j->lay.cap;
	j->lay.frames = NULL;
	f->fl.width = j->lay.width;
	f->fl.depths = j->lay.depths;
	f->fl.clock = j->lay.clock;
	f->fl.dirty = 0;
}

static void df_apply(struct dflame *f, struct df_job *j)
{
	f->fl.note[0] = '\0';
	if (!j->ok)
		snprintf(f->fl.note, sizeof f->fl.note, "out of memory");
	if (j->op == DF_LAYOUT) {
		df_take_layout(f, j);
		return;
	}
	if (!j->ok)
		return;
	difftree_free(&f->dt);
	f->dt = j->t;
	j->ok = 0;
	f->fl.built = 1;
	f->fl.clock = j->clock;
	f->fl.zoom = f->fl.sel = f->fl.top = 0;
	f->fl.dirty = 1;
}

static int df_poll(void *self)
{
	struct dflame *f = self;
	unsigned id;
	void *res;
	if (!f->fl.jobs || !jobs_take(f->fl.jobs, &id, &res))
		return 0;
	if (id == f->fl.job_id) {
		f->fl.busy = 0;
		if (res)
			df_apply(f, res);
	}
	df_job_free(res);
	return 1;
}

static int df_busy(const void *self)
{
	return ((const struct dflame *)self)->fl.busy;
}

/* Are the runs big enough for the worker (and the pane not printed)? */
static int df_on_worker(const struct dflame *f)
{
	return f->fl.jobs && !f->at_once && (f->d->run[0]->tr->records >= f->fl.inline_below ||
	                                     f->d->run[1]->tr->records >= f->fl.inline_below);
}

static void df_submit(struct dflame *f, struct df_job *j)
{
	f->fl.job_id = jobs_submit_job(f->fl.jobs, df_run, j, df_job_free);
	f->fl.busy = f->fl.job_id != 0;
}

void dflame_follow(struct dflame *f)
{
	int clock = *f->clock;
	if (!f->requested) {
		struct df_job *j = calloc(1, sizeof *j);
		if (!j)
			return;
		j->op = DF_BUILD;
		j->run[0] = f->d->run[0];
		j->run[1] = f->d->run[1];
		j->clock = clock;
		f->requested = 1;
		if (!df_on_worker(f)) {
			df_apply(f, df_run(j));
			df_job_free(j);
			return;
		}
		df_submit(f, j);
	} else if (f->fl.built && !f->fl.busy && clock != f->fl.clock && !df_on_worker(f) &&
	           difftree_sort_by(&f->dt, clock, DIFFTREE_BY_B, 0) == TV_OK) {
		/* Only the laid-out nodes are expanded: sorting them is quick.
		 * On the worker the next draw lays out on the new clock. */
		f->fl.clock = clock;
		f->fl.dirty = 1;
	}
}

/* On the worker, a layout for a window h x w when the shown one is stale
 * or on another clock than the screen's: the tree is the job's until it
 * is done, the selection's diff row kept meanwhile. */
static void df_relayout(struct dflame *f, int h, int w)
{
	uint32_t depths = 0;
	if (!f->fl.built || f->fl.busy || !df_on_worker(f) ||
	    (!flame_stale(&f->fl, h, w, &depths) && *f->clock == f->fl.clock))
		return;
	struct df_job *j = calloc(1, sizeof *j);
	if (!j)
		return;
	j->op = DF_LAYOUT;
	j->dt = &f->dt;
	j->clock = *f->clock;
	j->lay.built = 1;
	j->lay.zoom = f->fl.zoom;
	j->lay.width = w;
	j->lay.depths = (int)depths;
	f->sel_item = df_item(f, f->fl.sel);
	df_submit(f, j);
}

/* ------------------------------------------------------------ drawing */

static void df_draw_frame(struct dflame *f, WINDOW *win, const struct pane_ctx *ctx, int y,
                          const struct fl_frame *fr, uint32_t selitem)
{
	const struct color *c = ctx->color;
	uint64_t a = difftree_incl(&f->dt, fr->node, 0, f->fl.clock);
	uint64_t b = difftree_incl(&f->dt, fr->node, 1, f->fl.clock);
	int band = dflame_band(a, b), faster = b < a, w = fr->x1 - fr->x0, used = 0;
	attr_t at = c->delta[faster][band];
	const char *fill = c->delta_letters && band ? (faster ? "-" : "+") : " ";
	uint32_t item = df_item(f, fr->node);
	if (fr->node == f->fl.sel) {
		at = c->role[ROLE_SELECTED];
		fill = " ";
	} else if (item == selitem && item != PANE_NONE) {
		at |= A_BOLD | A_UNDERLINE;  /* the selected method's other frames */
	}
	char label[1200];
	if (w >= 3) {
		const struct trace *tr;
		uint32_t m = df_method(&f->dt, fr->node, &tr);
		flame_short(tr, m, w, ctx->ascii, label, sizeof label);
		used = text_width(label);
	}
	wattrset(win, at);
	wmove(win, y, fr->x0);
	if (used)
		waddstr(win, label);
	wattrset(win, A_NORMAL);
	draw_bar(win, fill, at, w - used);
}

/* A side's time and calls, "-" without the path. */
static void df_side(const struct dflame *f, uint32_t node, int r, char *ms, char *calls)
{
	const struct pathtree_node *n = difftree_side(&f->dt, node, r);
	strcpy(ms, "-");
	strcpy(calls, "-");
	if (!n)
		return;
	numfmt_ms(ms, 32, difftree_incl(&f->dt, node, r, f->fl.clock));
	snprintf(calls, 24, "%llu", (unsigned long long)n->calls);
}

/* The selected frame: A, B, the change and its %, calls, its name; kept
 * for the status line drawn while a job has the tree. */
static void df_status_head(struct dflame *f, WINDOW *win, const struct pane_ctx *ctx)
{
	uint32_t node = f->fl.sel;
	int clock = f->fl.clock, has0 = difftree_side(&f->dt, node, 0) != NULL;
	uint64_t a = difftree_incl(&f->dt, node, 0, clock), b = difftree_incl(&f->dt, node, 1, clock);
	char va[32], vb[32], ca[24], cb[24], dl[48], pc[48], name[1200];
	df_side(f, node, 0, va, ca);
	df_side(f, node, 1, vb, cb);
	numfmt_ms_change(dl, sizeof dl, a, b);
	diffview_signed(dl, sizeof dl, ctx->ascii);
	diffview_pct(pc, sizeof pc, a, b, has0, difftree_side(&f->dt, node, 1) != NULL);
	diffview_signed(pc, sizeof pc, ctx->ascii);
	const struct trace *tr;
	uint32_t m = df_method(&f->dt, node, &tr);
	names_method(tr, m, getmaxx(win) / 2, ctx->ascii, name, sizeof name);
	/* Numbers first: a narrow screen cuts the name's end. */
	snprintf(f->status, sizeof f->status, " A %s  B %s ms %s  %s %s (%s)  calls %s%s%s  %s", va,
	         vb, clock == TV_CPU ? "cpu" : "real", draw_sym(SYM_DELTA, ctx->ascii), dl, pc, ca,
	         draw_sym(SYM_ARROW, ctx->ascii), cb, name);
}

/* The status line: the selected frame's, then how to read the colours. */
static void df_draw_status(struct dflame *f, WINDOW *win, const struct pane_ctx *ctx, int y)
{
	char line[1800];
	snprintf(line, sizeof line, "%s%s%s%s%s   %s", f->status, f->fl.busy ? "  computing" : "",
	         f->fl.busy ? draw_sym(SYM_ELLIPSIS, ctx->ascii) : "", f->fl.note[0] ? "  " : "",
	         f->fl.note, ctx->color->delta_letters ? "(+ slower, - faster)"
	                                               : "(red slower, blue faster)");
	draw_row(win, y, line, ctx->color->role[ROLE_TITLE], ctx->ascii);
}

/* While a job has the tree: the last frame drawn, the status line saying
 * so. */
static void df_draw_frozen(struct dflame *f, WINDOW *win, const struct pane_ctx *ctx)
{
	int h = getmaxy(win), w = getmaxx(win);
	if (f->snap && getmaxy(f->snap) == h && getmaxx(f->snap) == w)
		copywin(f->snap, win, 0, 0, 0, 0, h - 1, w - 1, FALSE);
	else
		draw_clear_rows(win, 0, h);
	df_draw_status(f, win, ctx, h - 1);
}

/* On the worker, the frame drawn is kept for df_draw_frozen(). */
static void df_snapshot(struct dflame *f, WINDOW *win)
{
	int h = getmaxy(win), w = getmaxx(win);
	if (f->snap && (getmaxy(f->snap) != h || getmaxx(f->snap) != w)) {
		delwin(f->snap);
		f->snap = NULL;
	}
	if (!f->snap)
		f->snap = newpad(h, w);
	if (f->snap)
		copywin(win, f->snap, 0, 0, 0, 0, h - 1, w - 1, FALSE);
}

static void df_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct dflame *f = self;
	int h = getmaxy(win), w = getmaxx(win);
	df_relayout(f, h, w);
	if (f->fl.built && f->fl.busy) {
		df_draw_frozen(f, win, ctx);
		return;
	}
	flame_prepare(&f->fl, h, w);
	if (!f->fl.built) {
		draw_row(win, 0, f->fl.busy ? " building the differential flame graph" : " no calls",
		         A_NORMAL, ctx->ascii);
		draw_clear_rows(win, 1, h);
		if (f->fl.note[0])
			draw_row(win, h - 1, f->fl.note, A_NORMAL, ctx->ascii);
		return;
	}
	flame_draw_crumbs(&f->fl, win, ctx);
	draw_clear_rows(win, 1, h - 1);
	uint32_t selitem = df_item(f, f->fl.sel);
	for (uint32_t i = 0; i < f->fl.nframes; i++) {
		const struct fl_frame *fr = &f->fl.frames[i];
		if (fr->depth >= f->fl.top && fr->depth < f->fl.top + (uint32_t)f->fl.rows)
			df_draw_frame(f, win, ctx, 1 + (int)(fr->depth - f->fl.top), fr, selitem);
	}
	df_status_head(f, win, ctx);
	df_draw_status(f, win, ctx, h - 1);
	if (df_on_worker(f))
		df_snapshot(f, win);
}

/* ------------------------------------------------------------ pane */

static enum pane_res df_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	struct dflame *f = self;
	if (f->fl.built && f->fl.busy && a >= ACT_FRAME_UP && a <= ACT_UNZOOM) {
		snprintf(out->msg, sizeof out->msg, "computing%s: the flame graph is busy",
		         draw_sym(SYM_ELLIPSIS, ctx->ascii));
		return PANE_DONE;
	}
	return flame_act(&f->fl, a, out);  /* c: the table switches the screen's clock */
}

static struct pane_sel df_selected(const void *self)
{
	const struct dflame *f = self;
	uint32_t item = f->fl.busy ? f->sel_item : df_item(f, f->fl.sel);
	return (struct pane_sel){f->fl.built ? item : PANE_NONE, 0, 0};
}

static size_t df_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_FRAME_UP, ACT_FRAME_DOWN, ACT_FRAME_PREV,
	                                   ACT_FRAME_NEXT, ACT_ZOOM_FRAME, ACT_UNZOOM, ACT_CLOCK,
	                                   ACT_DIFF_TABLE, ACT_DIFF_TREE, ACT_DIFF_FLAME};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void df_click(void *self, int y, int x, int wheel)
{
	struct dflame *f = self;
	if (!f->fl.busy)  /* the frame shown may not be the tree's now */
		flame_click(&f->fl, y, x, wheel);
}

/* The shallowest laid-out frame of the diff row. */
static int df_select(void *self, uint32_t item)
{
	struct dflame *f = self;
	if (!f->fl.built || f->fl.busy)
		return -1;
	if (df_item(f, f->fl.sel) == item)
		return 0;
	for (uint32_t i = 0; i < f->fl.nframes; i++)
		if (df_item(f, f->fl.frames[i].node) == item) {
			f->fl.sel = f->fl.frames[i].node;
			return 0;
		}
	return -1;
}

/* A frame whose diff row find's match() takes (the root never). */
struct df_find_env {
	const struct dflame *f;
	int (*match)(void *env, uint32_t item);
	void *env;
};

static int df_find_keep(void *env, uint32_t node)
{
	const struct df_find_env *e = env;
	uint32_t item = df_item(e->f, node);
	return item != PANE_NONE && e->match(e->env, item);
}

static int df_find(void *self, int (*match)(void *env, uint32_t item), void *env, int dir,
                   int include_from)
{
	struct dflame *f = self;
	struct df_find_env e = {f, match, env};
	return f->fl.built && !f->fl.busy ? flame_find_frame(&f->fl, df_find_keep, &e, dir, include_from)
	                                  : -1;
}

static int df_retarget(void *self, const struct session *s, uint32_t selected)
{
	(void)s;
	(void)selected;
	dflame_follow(self);
	return 0;
}

static int df_rows(const void *self, int drawn)
{
	const struct dflame *f = self;
	return flame_rows(&f->fl, drawn);
}

static char *df_copy(const void *self, WINDOW *win, int ascii)
{
	const struct dflame *f = self;
	(void)win;
	return f->fl.busy ? strdup("") : flame_copy(&f->fl, ascii);
}

/* --view: the tree is built; each layout at once, as the pad drawn is
 * printed. */
static int df_view_open(void *self, const struct pane_ctx *ctx)
{
	struct dflame *f = self;
	(void)ctx;
	f->at_once = 1;
	return 0;
}

struct pane dflame_pane(struct dflame *f)
{
	static const struct pane_ops ops = {
		.kind = PANE_DIFFFLAME, .draw = df_draw, .act = df_act, .selected = df_selected,
		.footer = df_footer, .click = df_click, .select = df_select, .find = df_find,
		.poll = df_poll, .busy = df_busy, .retarget = df_retarget, .rows = df_rows,
		.copy = df_copy, .view_open = df_view_open,
	};
	return (struct pane){&ops, f};
}

int dflame_init(struct dflame *f, const struct diff *d, int *clock, uint64_t inline_below)
{
	memset(f, 0, sizeof *f);
	f->d = d;
	f->own_clock = d->clock;
	f->clock = clock ? clock : &f->own_clock;
	f->fl.tr = d->run[0]->tr;
	f->fl.inline_below = inline_below;
	f->fl.src = df_src(&f->dt);
	f->fl.jobs = jobs_new();  /* without a worker, work runs at once */
	f->rowof[0] = diff_rows_of(d, 0);
	f->rowof[1] = diff_rows_of(d, 1);
	return f->rowof[0] && f->rowof[1] ? 0 : -1;
}

void dflame_free(struct dflame *f)
{
	jobs_free(f->fl.jobs);  /* first: the worker may be building a tree */
	difftree_free(&f->dt);
	if (f->snap)
		delwin(f->snap);
	free(f->fl.frames);
	free(f->rowof[0]);
	free(f->rowof[1]);
	memset(f, 0, sizeof *f);
}

struct pane dflame_make(const struct pane_env *env, int variant)
{
	struct dflame *f = malloc(sizeof *f);
	(void)variant;
	if (!f)
		return (struct pane){NULL, NULL};
	if (dflame_init(f, env->d, env->clock, SESSION_INLINE_BELOW) < 0) {
		dflame_free(f);
		free(f);
		return (struct pane){NULL, NULL};
	}
	return dflame_pane(f);
}

void dflame_destroy(void *self)
{
	dflame_free(self);
	free(self);
}
