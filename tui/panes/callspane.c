/* callspane.c: every call of a method (5) and the jank list (J); see
 * callspane.h. */
#include "panes/callspane_internal.h"

#include <stdlib.h>
#include <string.h>

#include "session/job.h"
#include "session/session.h"

/* A row sorts in about the time building it from this many records
 * takes (a merge sort of 1.5M rows, the hottest method of the 50M bench
 * trace, takes a few hundred ms): lists of inline_below / CP_SORT_RATIO
 * rows or more sort on the worker, so a sort key keeps the screen live. */
#define CP_SORT_RATIO 20

/* ------------------------------------------------------------ jobs */

struct cp_job {
	int jank;
	const struct trace *tr;
	struct methodcalls_axis ax;
	uint32_t method, thread;
	struct tidset scope;     /* every call: the threads, owned */
	enum jank_rule rule;     /* jank: how thread was picked */
	uint64_t frame;
	const struct derive_glob *app;   /* the session's, which outlives the job */
	uint32_t napp;
	int clock;
	/* Sort only: the rows in c (moved in, owned) by key, desc; a new
	 * list is also sorted by them once built. */
	int sort_only;
	enum methodcalls_key key;
	int desc;
	/* The result (owned until taken). */
	enum tv_status st;
	struct methodcalls c;
	struct jank j;
	struct methodcalls_summary sum;
	struct methodcalls_hist hist;
};

static void cp_job_free(void *v)
{
	struct cp_job *j = v;
	if (!j)
		return;
	methodcalls_free(&j->c);
	jank_free(&j->j);
	tidset_free(&j->scope);
	free(j);
}

static void cp_job_calls(struct cp_job *j)
{
	struct tv_error err;
	struct trace_sel buf;
	uint8_t *want = calloc(j->tr->nmethods ? j->tr->nmethods : 1, 1);
	if (!want) {
		j->st = TV_ERR_NOMEM;
		return;
	}
	want[j->method] = 1;
	j->st = methodcalls_collect_set(&j->c, j->tr, want, tidset_sel(&j->scope, &buf), &j->ax,
	                                &err);
	free(want);
	if (j->st == TV_OK)
		j->st = methodcalls_summarize(&j->c, j->clock, &j->sum);
	if (j->st == TV_OK)
		methodcalls_histogram(&j->c, j->clock, &j->hist);
}

/* The rows go into the request, which is the result. */
static void *cp_job_run(void *arg)
{
	struct cp_job *j = arg;
	struct tv_error err;
	if (j->jank) {
		j->st = jank_find(&j->j, j->tr, j->thread, j->frame, &j->ax, j->app, j->napp, &err);
		j->j.rule = j->rule;
		j->j.among = j->scope.n > 0;
	} else if (!j->sort_only)
		cp_job_calls(j);
	if (!j->jank && j->st == TV_OK && (j->key != METHODCALLS_BY_START || j->desc))
		methodcalls_sort(&j->c, j->key, j->desc);
	return j;
}

/* The job's result becomes the pane's rows. */
static void cp_sort_rows(struct callspane *p);

static void cp_take(struct callspane *p, struct cp_job *j)
{
	p->busy = 0;
	p->sorting = 0;
	if (!j) {
		snprintf(p->note, sizeof p->note, "out of memory");
		return;
	}
	enum methodcalls_key key = j->key;
	int desc = j->desc;
	if (j->st != TV_OK) {
		snprintf(p->note, sizeof p->note, "%s", j->st == TV_ERR_NO_THREAD
		         ? "that thread has no calls" : "out of memory");
		cp_job_free(j);
		return;
	}
	methodcalls_free(&p->c);
	jank_free(&p->j);
	p->c = j->c;
	p->j = j->j;
	p->sum = j->sum;
	p->hist = j->hist;
	memset(&j->c, 0, sizeof j->c);
	memset(&j->j, 0, sizeof j->j);
	cp_job_free(j);
	p->have = 1;
	p->list.cursor = p->list.top = 0;
	/* A sort key pressed while the worker ran: sort again. */
	if (!p->jank && (p->key != key || p->desc != desc))
		cp_sort_rows(p);
	if (p->jank && (p->jkey != JANK_BY_WALL || !p->jdesc))   /* jank_find()'s order */
		jank_sort(&p->j, p->jkey, p->jdesc);
}

static uint64_t cp_records(const struct trace *tr)
{
	uint64_t n = 0;
	for (uint32_t t = 0; t < tr->nthreads; t++)
		n += tr->threads[t].records;
	return n;
}

/* The rows for what was asked, on the worker or at once. */
static void cp_request(struct callspane *p)
{
	methodcalls_free(&p->c);
	jank_free(&p->j);
	p->have = 0;
	p->sorting = 0;  /* a sort on the worker is superseded: it frees its rows */
	p->note[0] = '\0';
	p->list.cursor = p->list.top = 0;
	const struct trace *tr = p->tr;
	uint32_t thread = 0;
	enum jank_rule rule = JANK_RULE_GIVEN;
	struct trace_sel buf;
	if (!p->jank && p->method == PANE_NONE) {
		snprintf(p->note, sizeof p->note, "select a method in the table (1) first");
		return;
	}
	if (p->jank) {
		if (!trace_clock_usec(tr, TV_WALL)) {
			snprintf(p->note, sizeof p->note, "the jank list needs a wall clock (clock=%s)",
			         trace_clock_name(tr->clock));
			return;
		}
		/* §10's rule among the scope's threads (a view keeps their order) */
		thread = jank_pick(p->loaded, tidset_sel(&p->scope, &buf), &rule);
		if (thread == JANK_NONE || thread >= tr->nthreads || !tr->threads[thread].records) {
			snprintf(p->note, sizeof p->note, "no thread with calls to look at");
			return;
		}
	}
	struct cp_job *j = calloc(1, sizeof *j);
	if (!j || tidset_copy(&j->scope, tidset_sel(&p->scope, &buf)) < 0) {
		free(j);
		snprintf(p->note, sizeof p->note, "out of memory");
		return;
	}
	*j = (struct cp_job){p->jank, tr, p->ax, p->method, thread, j->scope, rule, p->frame,
	                     p->app, p->napp, p->clock, 0, p->key, p->desc, TV_OK, {0}, {0}, {0},
	                     {0}};
	p->busy = 1;
	if (!p->jobs || cp_records(tr) < p->inline_below) {
		cp_take(p, cp_job_run(j));
		return;
	}
	p->job_id = jobs_submit_job(p->jobs, cp_job_run, j, cp_job_free);
	if (!p->job_id) {
		p->busy = 0;
		snprintf(p->note, sizeof p->note, "out of memory");
	}
}

/* The rows in the pane's order (p->key, p->desc): a short list at once; a
 * long one moves to the worker, which sorts and hands it back (the
 * summary and histogram stay; the list is empty meanwhile). */
static void cp_sort_rows(struct callspane *p)
{
	if (!p->jobs || p->c.nrows < p->inline_below / CP_SORT_RATIO) {
		methodcalls_sort(&p->c, p->key, p->desc);
		return;
	}
	struct cp_job *j = calloc(1, sizeof *j);
	if (!j) {
		methodcalls_sort(&p->c, p->key, p->desc);  /* slow, but right */
		return;
	}
	*j = (struct cp_job){0, p->tr, p->ax, p->method, 0, {NULL, 0}, JANK_RULE_GIVEN, p->frame,
	                     NULL, 0, p->clock, 1, p->key, p->desc, TV_OK, p->c, {0}, p->sum, p->hist};
	p->sort_n = p->c.nrows;
	memset(&p->c, 0, sizeof p->c);
	p->sorting = p->busy = 1;
	p->job_id = jobs_submit_job(p->jobs, cp_job_run, j, cp_job_free);
	if (!p->job_id) {  /* the rows went with the job */
		p->sorting = p->busy = p->have = 0;
		snprintf(p->note, sizeof p->note, "out of memory");
	}
}

int callspane_init(struct callspane *p, int jank, const struct trace *loaded, uint64_t frame,
                   uint64_t inline_below)
{
	memset(p, 0, sizeof *p);
	p->jank = jank;
	p->loaded = loaded;
	methodcalls_axis_of(loaded, &p->ax);
	p->frame = frame ? frame : JANK_FRAME_USEC;
	p->inline_below = inline_below;
	p->method = PANE_NONE;
	p->key = METHODCALLS_BY_START;
	p->jkey = JANK_BY_WALL;
	p->jdesc = 1;
	p->jobs = jobs_new();  /* without a worker, rows are built at once */
	return 0;
}

void callspane_free(struct callspane *p)
{
	jobs_free(p->jobs);  /* first: the worker may be reading the trace */
	methodcalls_free(&p->c);
	jank_free(&p->j);
	tidset_free(&p->scope);
	memset(p, 0, sizeof *p);
}

void callspane_release(struct callspane *p)
{
	struct callspane keep = *p;
	callspane_free(p);
	p->jank = keep.jank;
	p->loaded = keep.loaded;
	p->frame = keep.frame;
	p->inline_below = keep.inline_below;
	p->app = keep.app;
	p->napp = keep.napp;
}

int callspane_rebind(struct callspane *p)
{
	const struct derive_glob *app = p->app;
	uint32_t napp = p->napp;
	int rc = callspane_init(p, p->jank, p->loaded, p->frame, p->inline_below);
	callspane_categories(p, app, napp);
	return rc;
}

void callspane_categories(struct callspane *p, const struct derive_glob *app, uint32_t napp)
{
	p->app = app;
	p->napp = napp;
}

void callspane_scope(struct callspane *p, const struct trace *tr, const struct trace_sel *sel,
                     int clock, uint32_t method)
{
	if (p->jank)
		method = PANE_NONE;
	int same = p->requested && p->tr == tr && p->method == method && tidset_same(&p->scope, sel);
	if (same && p->clock == clock)
		return;
	if (!tidset_same(&p->scope, sel) && tidset_copy(&p->scope, sel) < 0) {
		snprintf(p->note, sizeof p->note, "out of memory");
		return;
	}
	p->tr = tr;
	p->method = method;
	int reclock = same && p->clock != clock;
	p->clock = clock;
	p->requested = 1;
	if (!reclock || p->busy) {
		cp_request(p);
		return;
	}
	/* Only the clock changed: the summary and histogram, at once. */
	if (!p->jank) {
		if (methodcalls_summarize(&p->c, clock, &p->sum) != TV_OK)
			snprintf(p->note, sizeof p->note, "out of memory");
		methodcalls_histogram(&p->c, clock, &p->hist);
	}
}

/* ------------------------------------------------------------ rows */

int callspane_span(const struct callspane *p, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	if (p->list.cursor >= callspane_nrows(p))
		return -1;
	uint64_t start, dur;
	uint32_t thread;
	if (p->jank) {
		const struct jank_row *r = &p->j.rows[p->list.cursor];
		thread = p->j.thread;
		start = r->start;
		dur = r->incl[p->ax.clock];
	} else {
		const struct methodcalls_row *r = &p->c.rows[p->list.cursor];
		thread = r->thread;
		start = r->start;
		dur = r->incl[p->ax.clock];
	}
	*tid = p->tr->threads[thread].tid;
	*t0 = p->ax.origin + start;
	*t1 = *t0 + (dur ? dur : 1);
	return 0;
}

/* ------------------------------------------------------------ keys */

/* Jank's < and >: start, wall, cpu and wait, the column to the left or
 * right, times largest first and start earliest first; at once (a jank
 * list is short: one row per frame over the budget). */
static void cp_jank_sort(struct callspane *p, enum action a)
{
	if (a == ACT_SORT_REVERSE) {
		p->jdesc = !p->jdesc;
	} else {
		p->jkey = (enum jank_key)(((int)p->jkey + (a == ACT_SORT_NEXT ? 1 : 3)) % 4);
		p->jdesc = p->jkey != JANK_BY_START;
	}
	p->list.cursor = p->list.top = 0;
	jank_sort(&p->j, p->jkey, p->jdesc);   /* none in hand: the new rows sort on arrival */
}

/* < and >: the column to the left or right; each starts in its natural
 * order (times largest first, the rest ascending). */
static void cp_sort(struct callspane *p, enum action a)
{
	static const enum methodcalls_key order[] = {METHODCALLS_BY_TID, METHODCALLS_BY_START, METHODCALLS_BY_WALL,
	                                       METHODCALLS_BY_CPU, METHODCALLS_BY_WAIT, METHODCALLS_BY_DEPTH,
	                                       METHODCALLS_BY_CALLER};
	int i = 0;
	while (order[i] != p->key)
		i++;
	if (a == ACT_SORT_REVERSE) {
		p->desc = !p->desc;
	} else {
		i = (i + (a == ACT_SORT_NEXT ? 1 : 6)) % 7;
		p->key = order[i];
		p->desc = p->key == METHODCALLS_BY_WALL || p->key == METHODCALLS_BY_CPU || p->key == METHODCALLS_BY_WAIT;
	}
	p->list.cursor = p->list.top = 0;
	if (p->have && !p->sorting)  /* else the worker's result sorts again */
		cp_sort_rows(p);
}

static enum pane_res cp_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	struct callspane *p = self;
	(void)ctx;
	if (rowlist_act(&p->list, callspane_nrows(p), a))
		return PANE_DONE;
	switch (a) {
	case ACT_SORT_PREV: case ACT_SORT_NEXT: case ACT_SORT_REVERSE:
		if (p->jank)
			cp_jank_sort(p, a);
		else
			cp_sort(p, a);
		break;
	case ACT_SHOW_CALL:
		if (p->list.cursor >= callspane_nrows(p)) {
			snprintf(out->msg, sizeof out->msg, "no call selected");
			return PANE_DONE;
		}
		return PANE_SPAN;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel cp_selected(const void *self)
{
	const struct callspane *p = self;
	struct pane_sel s = {PANE_NONE, 0, 0};
	if (!p->jank)
		s.item = p->method;
	else if (p->list.cursor < callspane_nrows(p))
		s.item = p->j.rows[p->list.cursor].method;
	return s;
}

static size_t cp_footer(const void *self, enum action *out, size_t n)
{
	const struct callspane *p = self;
	static const enum action calls[] = {ACT_UP, ACT_DOWN, ACT_SHOW_CALL, ACT_SORT_PREV,
	                                    ACT_SORT_NEXT, ACT_SORT_REVERSE, ACT_OPEN_SOURCE};
	static const enum action jank[] = {ACT_UP, ACT_DOWN, ACT_SHOW_CALL, ACT_SORT_PREV,
	                                   ACT_SORT_NEXT, ACT_SORT_REVERSE, ACT_OPEN_SOURCE};
	return p->jank ? pane_keys(jank, sizeof jank / sizeof *jank, out, n)
	               : pane_keys(calls, sizeof calls / sizeof *calls, out, n);
}

static void cp_click(void *self, int y, int x, int wheel)
{
	struct callspane *p = self;
	(void)x;
	rowlist_click(&p->list, callspane_nrows(p), y, wheel);
}

/* Select: every call shows the method's calls (the shell passes it on
 * with callspane_scope()); jank moves to the method's first row. */
static int cp_select(void *self, uint32_t item)
{
	struct callspane *p = self;
	if (!p->jank)
		return 0;
	for (uint32_t i = 0; i < callspane_nrows(p); i++)
		if (p->j.rows[i].method == item) {
			p->list.cursor = i;
			rowlist_keep_visible(&p->list);
			return 0;
		}
	return -1;
}

static int cp_poll(void *self)
{
	struct callspane *p = self;
	void *res;
	if (!jobs_take_for(p->jobs, p->job_id, &res, cp_job_free))
		return 0;
	if (res)
		cp_take(p, res);
	return 1;
}

static int cp_busy(const void *self)
{
	return ((const struct callspane *)self)->busy;
}

static int cp_span(const void *self, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	return callspane_span(self, tid, t0, t1);
}

static void cp_release(void *self, unsigned what)
{
	if (what & SESSION_DROP_TRACE)
		callspane_release(self);
}

static int cp_rebind(void *self, const struct session *s)
{
	(void)s;
	return callspane_rebind(self);
}

/* The session's trace, scope and clock, and the list's method. */
static int cp_retarget(void *self, const struct session *s, uint32_t selected)
{
	callspane_scope(self, session_trace(s), session_scope(s), session_clock(s), selected);
	return 0;
}

static int cp_rows(const void *self, int drawn)
{
	(void)drawn;
	return callspane_rows_wanted(self);
}

/* y: the column titles and the cursor row. */
static char *cp_copy(const void *self, WINDOW *win, int ascii)
{
	const struct callspane *p = self;
	(void)ascii;
	return rowlist_copy(&p->list, callspane_nrows(p), win);
}

/* `:` names the jank budget when --frame gave one. */
static void cp_command(const void *self, const struct session *s, char *buf, size_t n)
{
	const struct callspane *p = self;
	buf[0] = '\0';
	if (p->jank && session_frame(s))
		snprintf(buf, n, "--frame=%lluus", (unsigned long long)session_frame(s));
}

struct pane callspane_pane(struct callspane *p)
{
#define CP_OPS(k) \
	.kind = k, .draw = callspane_draw, .act = cp_act, .selected = cp_selected, .footer = cp_footer, \
	.click = cp_click, .select = cp_select, .poll = cp_poll, .busy = cp_busy, \
	.release = cp_release, .rebind = cp_rebind, .retarget = cp_retarget, \
	.rows = cp_rows, .copy = cp_copy, .command = cp_command, .span = cp_span
	static const struct pane_ops methodcalls_ops = {CP_OPS(PANE_CALLS)};
	static const struct pane_ops jank_ops = {CP_OPS(PANE_JANK)};
#undef CP_OPS
	return (struct pane){p->jank ? &jank_ops : &methodcalls_ops, p};
}

struct pane callspane_make(const struct pane_env *env, int jank)
{
	struct callspane *p = calloc(1, sizeof *p);
	if (!p || callspane_init(p, jank, session_loaded(env->s), session_frame(env->s),
	                         SESSION_INLINE_BELOW) < 0) {
		free(p);
		return (struct pane){NULL, NULL};
	}
	session_categories(env->s, &p->app, &p->napp);
	return callspane_pane(p);
}

void callspane_destroy(void *self)
{
	callspane_free(self);
	free(self);
}
