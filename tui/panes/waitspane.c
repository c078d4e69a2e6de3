/* waitspane.c: the waits pane (7); see waitspane.h. */
#include "panes/waitspane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/methodcalls.h"
#include "base/numfmt.h"
#include "draw/draw.h"
#include "draw/names.h"
#include "session/job.h"
#include "session/session.h"

/* Columns: the report's order (wait, wall, cpu, start), narrower, so the
 * call keeps some room at 80 columns; times in ms with three decimals. */
enum { WAITSPANE_W_TID = 7, WAITSPANE_W_TIME = 10, WAITSPANE_W_START = 12 };
/* The stack's rows at the bottom. */
#define WAITSPANE_STACK_ROWS 2
/* + and - stop here (µs): a threshold of 0 would list every leaf. */
#define WAITSPANE_MIN_LEAST 1
#define WAITSPANE_MIN_MOST (UINT64_C(1) << 40)

/* ------------------------------------------------------------ jobs */

/* A search on the worker: what it reads (the scope copied) and, once
 * run, its result. */
struct waitspane_job {
	const struct trace *tr;
	uint32_t *tids, ntids;     /* owned; all: every thread */
	int all;
	uint64_t min_wait, origin;
	enum tv_status st;
	struct waits w;
};

static void waitspane_job_free(void *v)
{
	struct waitspane_job *j = v;
	if (!j)
		return;
	free(j->tids);
	waits_free(&j->w);
	free(j);
}

static void *waitspane_job_run(void *arg)
{
	struct waitspane_job *j = arg;
	struct trace_sel sel = {j->tids, j->ntids};
	struct tv_error err;
	uint32_t *idx = NULL, n = 0;
	j->st = trace_select_set(j->tr, j->all ? NULL : &sel, &idx, &n, &err);
	if (j->st == TV_OK)
		j->st = waits_find(&j->w, j->tr, idx, n, j->min_wait, j->origin);
	free(idx);
	return j;
}

/* The job's result becomes the pane's rows. */
static void waitspane_take(struct waitspane *p, struct waitspane_job *j)
{
	p->busy = 0;
	if (!j || j->st != TV_OK) {
		snprintf(p->note, sizeof p->note, "%s", j && j->st == TV_ERR_NO_THREAD
		         ? "no thread of the scope has calls" : "out of memory");
		waitspane_job_free(j);
		return;
	}
	waits_free(&p->w);
	p->w = j->w;
	memset(&j->w, 0, sizeof j->w);
	waitspane_job_free(j);
	p->have = 1;
	p->rl.cursor = p->rl.top = 0;
}

static uint64_t waitspane_records(const struct trace *tr)
{
	uint64_t n = 0;
	for (uint32_t t = 0; t < tr->nthreads; t++)
		n += tr->threads[t].records;
	return n;
}

/* The rows for what was asked, on the worker or at once. */
static void waitspane_request(struct waitspane *p)
{
	waits_free(&p->w);
	p->have = 0;
	p->note[0] = '\0';
	p->rl.cursor = p->rl.top = 0;
	if (!p->tr->has_clock[TV_WALL] || !p->tr->has_clock[TV_CPU]) {
		snprintf(p->note, sizeof p->note, "they need both clocks, wall and CPU; this trace "
		         "has clock=%s", trace_clock_name(p->tr->clock));
		return;
	}
	struct waitspane_job *j = calloc(1, sizeof *j);
	if (j && !p->all && !(j->tids = malloc(sizeof *j->tids * (p->ntids ? p->ntids : 1)))) {
		free(j);
		j = NULL;
	}
	if (!j) {
		snprintf(p->note, sizeof p->note, "out of memory");
		return;
	}
	if (!p->all && p->ntids)
		memcpy(j->tids, p->tids, sizeof *j->tids * p->ntids);
	j->tr = p->tr;
	j->ntids = p->ntids;
	j->all = p->all;
	j->min_wait = p->min_wait;
	j->origin = p->origin;
	p->busy = 1;
	if (!p->jobs || waitspane_records(p->tr) < p->inline_below) {
		waitspane_take(p, waitspane_job_run(j));
		return;
	}
	p->job_id = jobs_submit_job(p->jobs, waitspane_job_run, j, waitspane_job_free);
	if (!p->job_id) {
		p->busy = 0;
		snprintf(p->note, sizeof p->note, "out of memory");
	}
}

int waitspane_init(struct waitspane *p, const struct trace *loaded, uint64_t min_wait,
                   uint64_t inline_below)
{
	struct methodcalls_axis ax;
	memset(p, 0, sizeof *p);
	p->loaded = loaded;
	methodcalls_axis_of(loaded, &ax);
	p->origin = ax.origin;
	p->axis = ax.clock;
	p->min_wait = min_wait ? min_wait : WAITS_MIN_USEC;
	p->inline_below = inline_below;
	p->all = 1;
	p->jobs = jobs_new();  /* without a worker, rows are found at once */
	return 0;
}

void waitspane_free(struct waitspane *p)
{
	jobs_free(p->jobs);  /* first: the worker may be reading the trace */
	waits_free(&p->w);
	free(p->tids);
	memset(p, 0, sizeof *p);
}

/* Whether sel is the scope the rows were asked for. */
static int waitspane_same_scope(const struct waitspane *p, const struct trace_sel *sel)
{
	if (!sel)
		return p->all;
	return !p->all && p->ntids == sel->n &&
	       (!sel->n || memcmp(p->tids, sel->tids, sizeof *sel->tids * sel->n) == 0);
}

int waitspane_show(struct waitspane *p, const struct trace *tr, const struct trace_sel *sel)
{
	if (p->requested && p->tr == tr && waitspane_same_scope(p, sel))
		return 0;
	uint32_t *tids = NULL;
	if (sel && !(tids = malloc(sizeof *tids * (sel->n ? sel->n : 1)))) {
		snprintf(p->note, sizeof p->note, "out of memory");
		return -1;
	}
	if (sel && sel->n)
		memcpy(tids, sel->tids, sizeof *tids * sel->n);
	free(p->tids);
	p->tids = tids;
	p->ntids = sel ? sel->n : 0;
	p->all = !sel;
	p->tr = tr;
	p->requested = 1;
	waitspane_request(p);
	return 0;
}

/* ------------------------------------------------------------ rows */

static uint32_t waitspane_nrows(const struct waitspane *p)
{
	return p->have ? (uint32_t)p->w.nrows : 0;
}

int waitspane_span(const struct waitspane *p, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	if (p->rl.cursor >= waitspane_nrows(p))
		return -1;
	const struct waits_row *r = &p->w.rows[p->rl.cursor];
	const struct tv_thread *th = &p->tr->threads[r->thread];
	uint64_t dur = trace_call_incl(th, p->axis, r->call);
	*tid = th->tid;
	*t0 = p->origin + r->start;
	*t1 = *t0 + (dur ? dur : 1);
	return 0;
}

/* The stack's rows below the list, when there is a row to show it of. */
static int waitspane_foot(const struct waitspane *p)
{
	return waitspane_nrows(p) ? WAITSPANE_STACK_ROWS : 0;
}

int waitspane_rows_wanted(const struct waitspane *p)
{
	uint32_t n = waitspane_nrows(p);
	if (!p->have)
		return 1;  /* the title says why */
	return 2 + (int)n + waitspane_foot(p) + (n ? 0 : 1);
}

/* ------------------------------------------------------------ drawing */

/* Row r: tid, wait, wall, cpu, start, then the call's name fitted. */
static void waitspane_row(const struct waitspane *p, const struct waits_row *r, int cols,
                          int ascii, char *line, size_t n)
{
	const struct tv_thread *th = &p->tr->threads[r->thread];
	const uint64_t v[] = {(uint64_t)r->wait, trace_call_incl(th, TV_WALL, r->call),
	                      trace_call_incl(th, TV_CPU, r->call), r->start};
	char a[NUMFMT_MAX + 2], name[4300];
	snprintf(a, sizeof a, "%lu", (unsigned long)th->tid);
	int k = rowlist_put(line, n, 0, a, WAITSPANE_W_TID);
	for (int i = 0; i < 4; i++) {
		numfmt_ms(a, sizeof a, v[i]);
		k = rowlist_put(line, n, k, a, i < 3 ? WAITSPANE_W_TIME : WAITSPANE_W_START);
	}
	int room = cols - k - 2;
	names_method(p->tr, th->method[r->call], room > 1 ? room : 1, ascii, name, sizeof name);
	snprintf(line + k, n - (size_t)k, "  %s", name);
}

/* How many threads of the rows have some. */
static uint32_t waitspane_threads_with(const struct waitspane *p)
{
	uint32_t k = 0;
	for (uint32_t t = 0; t < p->w.nthreads; t++)
		k += p->w.first[t + 1] > p->w.first[t];
	return k;
}

/* The threshold and the count first: a narrow pane cuts the rest. */
static void waitspane_title(const struct waitspane *p, int ascii, char *line, size_t n)
{
	char ms[NUMFMT_MAX + 2];
	numfmt_ms(ms, sizeof ms, p->min_wait);
	if (!p->have && !p->busy)
		snprintf(line, n, " Waits: %s", p->note);
	else if (p->busy)
		snprintf(line, n, " Waits of %s ms or more: computing%s", ms,
		         draw_sym(SYM_ELLIPSIS, ascii));
	else
		snprintf(line, n, " Waits of %s ms or more: %zu call%s, %u of %u thread%s (the "
		         "innermost; wait = wall %s CPU; longest first)", ms, p->w.nrows,
		         p->w.nrows == 1 ? "" : "s", (unsigned)waitspane_threads_with(p),
		         (unsigned)p->w.nthreads, p->w.nthreads == 1 ? "" : "s",
		         draw_sym(SYM_MINUS, ascii));
}

static void waitspane_titles(char *line, size_t n)
{
	static const char *const name[] = {"tid", "wait ms", "wall ms", "cpu ms", "start ms"};
	static const int w[] = {WAITSPANE_W_TID, WAITSPANE_W_TIME, WAITSPANE_W_TIME,
	                        WAITSPANE_W_TIME, WAITSPANE_W_START};
	int k = 0;
	for (int i = 0; i < 5; i++)
		k = rowlist_put(line, n, k, name[i], w[i]);
	snprintf(line + k, k < (int)n ? n - (size_t)k : 0, "  call");
}

/* The stack of the cursor's call, innermost first, wrapped over the
 * bottom rows from y: the callers nearest the wait come first, so a
 * deep stack loses its outermost frames. */
static void waitspane_stack(const struct waitspane *p, WINDOW *win, int y,
                            const struct color *c, int ascii)
{
	const struct waits_row *r = &p->w.rows[p->rl.cursor];
	const struct tv_thread *th = &p->tr->threads[r->thread];
	char line[2048], name[600];
	size_t k = (size_t)snprintf(line, sizeof line, " stack, innermost first: ");
	for (uint32_t q = r->call; q != TV_ROOT && k < sizeof line; q = th->parent[q]) {
		names_short(p->tr, th->method[q], ascii, name, sizeof name);
		k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", q != r->call ? " < " : "",
		                      name);
	}
	draw_wrapped_words(win, y, WAITSPANE_STACK_ROWS, line, c->role[ROLE_TITLE], ascii);
}

/* The rows from window row y down to row end. */
static void waitspane_draw_rows(struct waitspane *p, WINDOW *win, int y, int end,
                                const struct pane_ctx *ctx)
{
	const struct color *c = ctx->color;
	char line[4600];
	for (uint32_t i = p->rl.top; i < waitspane_nrows(p) && y < end; i++, y++) {
		waitspane_row(p, &p->w.rows[i], getmaxx(win), ctx->ascii, line, sizeof line);
		draw_row(win, y, line, rowlist_attr(&p->rl, i, ctx), ctx->ascii);
	}
	if (!waitspane_nrows(p) && y < end)
		draw_row(win, y, " none: no call waited that long", c->role[ROLE_NORMAL], ctx->ascii);
}

static void waitspane_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct waitspane *p = self;
	const struct color *c = ctx->color;
	int h = getmaxy(win), y = 0;
	char line[4600];
	werase(win);
	waitspane_title(p, ctx->ascii, line, sizeof line);
	draw_row(win, y++, line, c->role[ROLE_HEADER], ctx->ascii);
	if (!p->have || y >= h) {
		p->rl.height = 0;
		return;
	}
	waitspane_titles(line, sizeof line);
	p->rl.title_y = y;
	draw_row(win, y++, line, c->role[ROLE_TITLE], ctx->ascii);
	int foot = waitspane_foot(p);
	p->rl.height = h - y - foot > 0 ? h - y - foot : 0;
	rowlist_keep_visible(&p->rl);
	waitspane_draw_rows(p, win, y, h - foot, ctx);
	if (foot && h - foot >= y)
		waitspane_stack(p, win, h - foot, c, ctx->ascii);
}

/* ------------------------------------------------------------ keys */

/* + and -: twice or half the threshold, the rows found again. */
static void waitspane_threshold(struct waitspane *p, int up, struct pane_out *out)
{
	char ms[NUMFMT_MAX + 2];
	uint64_t m = up ? p->min_wait * 2 : p->min_wait / 2;
	if (m < WAITSPANE_MIN_LEAST || m > WAITSPANE_MIN_MOST) {
		numfmt_ms(ms, sizeof ms, p->min_wait);
		snprintf(out->msg, sizeof out->msg, "the threshold stays at %s ms", ms);
		return;
	}
	p->min_wait = m;
	if (p->requested)
		waitspane_request(p);
	numfmt_ms(ms, sizeof ms, m);
	snprintf(out->msg, sizeof out->msg, "waits of %s ms or more", ms);
}

static enum pane_res waitspane_act(void *self, enum action a, const struct pane_ctx *ctx,
                                   struct pane_out *out)
{
	struct waitspane *p = self;
	(void)ctx;
	if (rowlist_act(&p->rl, waitspane_nrows(p), a))
		return PANE_DONE;
	switch (a) {
	case ACT_WAIT_MORE: case ACT_WAIT_LESS:
		waitspane_threshold(p, a == ACT_WAIT_MORE, out);
		break;
	case ACT_SHOW_CALL:
		if (p->rl.cursor >= waitspane_nrows(p)) {
			snprintf(out->msg, sizeof out->msg, "no call selected");
			return PANE_DONE;
		}
		return PANE_SPAN;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel waitspane_selected(const void *self)
{
	const struct waitspane *p = self;
	struct pane_sel s = {PANE_NONE, 0, 0};
	if (p->rl.cursor < waitspane_nrows(p)) {
		const struct waits_row *r = &p->w.rows[p->rl.cursor];
		s.item = p->tr->threads[r->thread].method[r->call];
	}
	return s;
}

static size_t waitspane_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_SHOW_CALL, ACT_WAIT_MORE,
	                                   ACT_WAIT_LESS, ACT_OPEN_SOURCE};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void waitspane_click(void *self, int y, int x, int wheel)
{
	struct waitspane *p = self;
	(void)x;
	rowlist_click(&p->rl, waitspane_nrows(p), y, wheel);
}

/* The list's method: the first row of a call of it, if any. */
static int waitspane_select(void *self, uint32_t item)
{
	struct waitspane *p = self;
	for (uint32_t i = 0; i < waitspane_nrows(p); i++) {
		const struct waits_row *r = &p->w.rows[i];
		if (p->tr->threads[r->thread].method[r->call] == item) {
			p->rl.cursor = i;
			rowlist_keep_visible(&p->rl);
			return 0;
		}
	}
	return -1;
}

static int waitspane_poll(void *self)
{
	struct waitspane *p = self;
	unsigned id;
	void *res;
	if (!p->jobs || !jobs_take(p->jobs, &id, &res))
		return 0;
	if (id == p->job_id)
		waitspane_take(p, res);
	else
		waitspane_job_free(res);
	return 1;
}

static int waitspane_busy(const void *self)
{
	return ((const struct waitspane *)self)->busy;
}

static int waitspane_span_op(const void *self, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	return waitspane_span(self, tid, t0, t1);
}

/* Before the trace shown is freed: the rows and the worker go, the
 * options stay; rebind starts again. */
static void waitspane_release(void *self, unsigned what)
{
	struct waitspane *p = self;
	if (!(what & SESSION_DROP_TRACE))
		return;
	struct waitspane keep = *p;
	waitspane_free(p);
	p->loaded = keep.loaded;
	p->min_wait = keep.min_wait;
	p->inline_below = keep.inline_below;
}

static int waitspane_rebind(void *self, const struct session *s)
{
	struct waitspane *p = self;
	(void)s;
	return waitspane_init(p, p->loaded, p->min_wait, p->inline_below);
}

static int waitspane_retarget(void *self, const struct session *s, uint32_t selected)
{
	(void)selected;
	return waitspane_show(self, session_trace(s), session_scope(s));
}

static int waitspane_rows_op(const void *self, int drawn)
{
	(void)drawn;
	return waitspane_rows_wanted(self);
}

/* y: the column titles and the cursor row. */
static char *waitspane_copy(const void *self, WINDOW *win, int ascii)
{
	const struct waitspane *p = self;
	(void)ascii;
	return rowlist_copy(&p->rl, waitspane_nrows(p), win);
}

/* `:` names the threshold unless it is the default. */
static void waitspane_command(const void *self, const struct session *s, char *buf, size_t n)
{
	const struct waitspane *p = self;
	(void)s;
	buf[0] = '\0';
	if (p->min_wait == WAITS_MIN_USEC)
		return;
	if (p->min_wait % 1000 == 0)
		snprintf(buf, n, "--min-wait=%llums", (unsigned long long)(p->min_wait / 1000));
	else
		snprintf(buf, n, "--min-wait=%lluus", (unsigned long long)p->min_wait);
}

struct pane waitspane_pane(struct waitspane *p)
{
	static const struct pane_ops ops = {
		.kind = PANE_WAITS, .draw = waitspane_draw, .act = waitspane_act,
		.selected = waitspane_selected, .footer = waitspane_footer, .click = waitspane_click,
		.select = waitspane_select, .poll = waitspane_poll, .busy = waitspane_busy,
		.release = waitspane_release, .rebind = waitspane_rebind,
		.retarget = waitspane_retarget, .rows = waitspane_rows_op, .copy = waitspane_copy,
		.command = waitspane_command, .span = waitspane_span_op,
	};
	return (struct pane){&ops, p};
}

struct pane waitspane_make(const struct pane_env *env, int variant)
{
	struct waitspane *p = calloc(1, sizeof *p);
	(void)variant;
	if (!p || waitspane_init(p, session_loaded(env->s), env->min_wait,
	                         SESSION_INLINE_BELOW) < 0) {
		free(p);
		return (struct pane){NULL, NULL};
	}
	return waitspane_pane(p);
}

void waitspane_destroy(void *self)
{
	waitspane_free(self);
	free(self);
}
