/* callspane.c: every call of a method (5) and the jank list (J); see
 * callspane.h. */
#include "panes/callspane.h"

#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "session/job.h"
#include "draw/names.h"
#include "base/numfmt.h"
#include "panes/panetext.h"
#include "session/session.h"

/* Columns: narrower than the report's, so the caller keeps some room at
 * 80 columns; times in ms with three decimals, as the report. */
enum { CP_W_TID = 7, CP_W_START = 12, CP_W_TIME = 10, CP_W_DEPTH = 5 };
/* Histogram: rows of bars, and the widest column a bucket takes. */
enum { CP_HIST_ROWS = 4, CP_HIST_COL = 7, CP_HIST_GUTTER = 8 };
/* Below this height the histogram gives its rows to the list. */
#define CP_HIST_MIN_H 16
/* The jank list's path lines at the bottom. */
#define CP_PATH_ROWS 2
/* A row sorts in about the time building it from this many records
 * takes (a merge sort of 1.5M rows, the hottest method of the 50M bench
 * trace, takes a few hundred ms): lists of inline_below / CP_SORT_RATIO
 * rows or more sort on the worker, so a sort key keeps the screen live. */
#define CP_SORT_RATIO 20

static const char *const cp_clock_name[TV_NCLOCKS] = {"cpu", "wall"};

/* ------------------------------------------------------------ jobs */

struct cp_job {
	int jank;
	const struct trace *tr;
	struct methodcalls_axis ax;
	uint32_t method, thread;
	int scoped;
	uint32_t tid;
	uint64_t frame;
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
	free(j);
}

static void cp_job_calls(struct cp_job *j)
{
	struct tv_error err;
	uint8_t *want = calloc(j->tr->nmethods ? j->tr->nmethods : 1, 1);
	if (!want) {
		j->st = TV_ERR_NOMEM;
		return;
	}
	want[j->method] = 1;
	j->st = methodcalls_collect(&j->c, j->tr, want, j->scoped ? &j->tid : NULL, &j->ax, &err);
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
	if (j->jank)
		j->st = jank_find(&j->j, j->tr, j->thread, j->frame, &j->ax, &err);
	else if (!j->sort_only)
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
	p->cursor = p->top = 0;
	/* A sort key pressed while the worker ran: sort again. */
	if (!p->jank && (p->key != key || p->desc != desc))
		cp_sort_rows(p);
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
	p->cursor = p->top = 0;
	const struct trace *tr = p->tr;
	uint32_t thread = 0;
	if (!p->jank && p->method == PANE_NONE) {
		snprintf(p->note, sizeof p->note, "select a method in the table (1) first");
		return;
	}
	if (p->jank) {
		if (!tr->has_clock[TV_WALL]) {
			snprintf(p->note, sizeof p->note, "the jank list needs a wall clock (clock=%s)",
			         trace_clock_name(tr->clock));
			return;
		}
		thread = p->scoped ? trace_find_thread(tr, p->tid) : jank_main_thread(p->loaded);
		if (thread == JANK_NONE || thread >= tr->nthreads || !tr->threads[thread].records) {
			snprintf(p->note, sizeof p->note, "no thread with calls to look at");
			return;
		}
	}
	struct cp_job *j = calloc(1, sizeof *j);
	if (!j) {
		snprintf(p->note, sizeof p->note, "out of memory");
		return;
	}
	*j = (struct cp_job){p->jank, tr, p->ax, p->method, thread, p->scoped, p->tid, p->frame,
	                     p->clock, 0, p->key, p->desc, TV_OK, {0}, {0}, {0}, {0}};
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
	*j = (struct cp_job){0, p->tr, p->ax, p->method, 0, p->scoped, p->tid, p->frame, p->clock,
	                     1, p->key, p->desc, TV_OK, p->c, {0}, p->sum, p->hist};
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
	p->jobs = jobs_new();  /* without a worker, rows are built at once */
	return 0;
}

void callspane_free(struct callspane *p)
{
	jobs_free(p->jobs);  /* first: the worker may be reading the trace */
	methodcalls_free(&p->c);
	jank_free(&p->j);
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
}

int callspane_rebind(struct callspane *p)
{
	return callspane_init(p, p->jank, p->loaded, p->frame, p->inline_below);
}

void callspane_scope(struct callspane *p, const struct trace *tr, const uint32_t *tid, int clock,
                     uint32_t method)
{
	if (p->jank)
		method = PANE_NONE;
	int same = p->requested && p->tr == tr && p->method == method && p->scoped == (tid != NULL) &&
	           (!tid || p->tid == *tid);
	if (same && p->clock == clock)
		return;
	p->tr = tr;
	p->method = method;
	p->scoped = tid != NULL;
	p->tid = tid ? *tid : 0;
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

/* Every call: the list's length, rows away on the worker included. */
static size_t cp_count(const struct callspane *p)
{
	return p->sorting ? p->sort_n : p->c.nrows;
}

static uint32_t cp_nrows(const struct callspane *p)
{
	if (!p->have)
		return 0;
	return (uint32_t)(p->jank ? p->j.nrows : p->c.nrows);
}

int callspane_span(const struct callspane *p, uint32_t *tid, uint64_t *t0, uint64_t *t1)
{
	if (p->cursor >= cp_nrows(p))
		return -1;
	uint64_t start, dur;
	uint32_t thread;
	if (p->jank) {
		const struct jank_row *r = &p->j.rows[p->cursor];
		thread = p->j.thread;
		start = r->start;
		dur = r->incl[p->ax.clock];
	} else {
		const struct methodcalls_row *r = &p->c.rows[p->cursor];
		thread = r->thread;
		start = r->start;
		dur = r->incl[p->ax.clock];
	}
	*tid = p->tr->threads[thread].tid;
	*t0 = p->ax.origin + start;
	*t1 = *t0 + (dur ? dur : 1);
	return 0;
}

/* Rows above the list: title, summary, histogram (when tall enough),
 * column titles. */
static int cp_head(const struct callspane *p, int h)
{
	if (p->jank)
		return 2;
	if (!p->have || !cp_count(p))
		return 3;
	/* The histogram when the pane is tall, or when everything fits. */
	int full = 3 + CP_HIST_ROWS + 1;
	return h >= CP_HIST_MIN_H || h >= full + (int)cp_count(p) ? full : 3;
}

static int cp_foot(const struct callspane *p)
{
	return p->jank && p->have && p->j.nrows ? CP_PATH_ROWS : 0;
}

int callspane_rows_wanted(const struct callspane *p)
{
	return cp_head(p, CP_HIST_MIN_H) + (int)cp_nrows(p) + cp_foot(p) + (cp_nrows(p) ? 0 : 1);
}

int callspane_cursor_rows(const struct callspane *p, int *title_y, int *row_y)
{
	if (p->cursor >= cp_nrows(p) || p->cursor < p->top ||
	    p->cursor >= p->top + (uint32_t)(p->height > 0 ? p->height : 0))
		return -1;
	*title_y = p->title_y;
	*row_y = p->title_y + 1 + (int)(p->cursor - p->top);
	return 0;
}

/* ------------------------------------------------------------ drawing */

/* "  " then a number right-aligned in w columns, "-" when absent. */
static int cp_put(char *buf, size_t n, int k, const char *s, int w)
{
	int m = snprintf(buf + k, k < (int)n ? n - (size_t)k : 0, " %*s", w, s);
	return k + (m > 0 ? m : 0);
}

static void cp_ms(char *out, int has, uint64_t usec)
{
	if (!has) {
		strcpy(out, "-");
		return;
	}
	out[numfmt_put_fixed(out, usec, 3)] = '\0';
}

static void cp_wait(char *out, const struct trace *tr, int64_t v)
{
	if (!tr->has_clock[TV_CPU] || !tr->has_clock[TV_WALL]) {
		strcpy(out, "-");
		return;
	}
	size_t k = 0;
	uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	if (v < 0)
		out[k++] = '-';
	out[k + numfmt_put_fixed(out + k, mag, 3)] = '\0';
}

/* The column titles with the sort mark on the sorted one. */
static void cp_titles(const struct callspane *p, int ascii, char *line, size_t n)
{
	static const char *const name[] = {"tid", "start ms", "wall ms", "cpu ms", "wait ms",
	                                   "depth", "caller"};
	static const enum methodcalls_key key[] = {METHODCALLS_BY_TID, METHODCALLS_BY_START, METHODCALLS_BY_WALL,
	                                     METHODCALLS_BY_CPU, METHODCALLS_BY_WAIT, METHODCALLS_BY_DEPTH,
	                                     METHODCALLS_BY_CALLER};
	static const int w[] = {CP_W_TID, CP_W_START, CP_W_TIME, CP_W_TIME, CP_W_TIME, CP_W_DEPTH, 0};
	int k = 0;
	if (p->jank) {
		static const char *const jn[] = {"start ms", "wall ms", "cpu ms", "wait ms"};
		static const int jw[] = {CP_W_START, CP_W_TIME, CP_W_TIME, CP_W_TIME};
		for (int i = 0; i < 4; i++)
			k = cp_put(line, n, k, jn[i], jw[i]);
		snprintf(line + k, k < (int)n ? n - (size_t)k : 0, "  method");
		return;
	}
	for (int i = 0; i < 7; i++) {
		char t[32];
		snprintf(t, sizeof t, "%s%s", key[i] == p->key
		         ? draw_sym(p->desc ? SYM_SORT_DOWN : SYM_SORT_UP, ascii) : "", name[i]);
		if (w[i]) {
			/* the mark may take more bytes than columns: pad by hand */
			int cols = (int)strlen(name[i]) + (key[i] == p->key);
			int m = snprintf(line + k, n - (size_t)k, " %*s%s", w[i] - cols, "", t);
			k += m > 0 ? m : 0;
		} else {
			snprintf(line + k, n - (size_t)k, "  %s", t);
		}
	}
}

/* From column k: start, wall, cpu and wait, the columns both lists share;
 * the wall time shows when wall_known. The new end column. */
static int cp_times(char *line, size_t n, int k, const struct trace *tr, uint64_t start,
                    const uint64_t *incl, int wall_known)
{
	char a[NUMFMT_MAX + 2];
	cp_ms(a, 1, start);
	k = cp_put(line, n, k, a, CP_W_START);
	cp_ms(a, wall_known, incl[TV_WALL]);
	k = cp_put(line, n, k, a, CP_W_TIME);
	cp_ms(a, tr->has_clock[TV_CPU], incl[TV_CPU]);
	k = cp_put(line, n, k, a, CP_W_TIME);
	cp_wait(a, tr, (int64_t)(incl[TV_WALL] - incl[TV_CPU]));
	return cp_put(line, n, k, a, CP_W_TIME);
}

/* Method m's name after column k, cut to what is left of cols. */
static void cp_name_at(char *line, size_t n, int k, const struct trace *tr, uint32_t m,
                       int cols, int ascii)
{
	char name[4300];
	int room = cols - k - 2;
	names_method(tr, m, room > 1 ? room : 1, ascii, name, sizeof name);
	snprintf(line + k, n - (size_t)k, "  %s", name);
}

static void cp_calls_row(const struct callspane *p, const struct methodcalls_row *r, int cols,
                         int ascii, char *line, size_t n)
{
	const struct trace *tr = p->tr;
	char a[NUMFMT_MAX + 2];
	snprintf(a, sizeof a, "%lu", (unsigned long)tr->threads[r->thread].tid);
	int k = cp_put(line, n, 0, a, CP_W_TID);
	k = cp_times(line, n, k, tr, r->start, r->incl, tr->has_clock[TV_WALL]);
	snprintf(a, sizeof a, "%lu", (unsigned long)r->depth);
	k = cp_put(line, n, k, a, CP_W_DEPTH);
	cp_name_at(line, n, k, tr, r->caller, cols, ascii);
}

static void cp_jank_row(const struct callspane *p, const struct jank_row *r, int cols,
                        int ascii, char *line, size_t n)
{
	int k = cp_times(line, n, 0, p->tr, r->start, r->incl, 1);
	cp_name_at(line, n, k, p->tr, r->method, cols, ascii);
}

static void cp_title(const struct callspane *p, int cols, int ascii, char *line, size_t n)
{
	char name[4300];
	const char *dots = draw_sym(SYM_ELLIPSIS, ascii);
	if (p->jank) {
		char fr[NUMFMT_MAX + 2];
		cp_ms(fr, 1, p->frame);
		if (!p->have) {
			snprintf(line, n, " Jank: %s", p->busy ? "computing" : p->note);
			if (p->busy)
				strncat(line, dots, n - strlen(line) - 1);
			return;
		}
		names_thread(p->tr, p->j.thread, 40, ascii, name, sizeof name);
		snprintf(line, n, " Jank on %s: %zu call%s of frame-critical methods of %s ms or more",
		         name, p->j.nrows, p->j.nrows == 1 ? "" : "s", fr);
		return;
	}
	if (p->method == PANE_NONE) {
		snprintf(line, n, " Every call: %s", p->note);
		return;
	}
	names_method(p->tr, p->method, cols > 40 ? cols - 30 : 10, ascii, name, sizeof name);
	if (!p->have)
		snprintf(line, n, " Calls of %s: %s%s", name, p->busy ? "computing" : p->note,
		         p->busy ? dots : "");
	else
		snprintf(line, n, " Calls of %s: %zu call%s%s%s%s", name, cp_count(p),
		         cp_count(p) == 1 ? "" : "s", p->scoped ? " on this thread" : "",
		         p->sorting ? ", sorting" : "", p->sorting ? dots : "");
}

/* The numbers first, the unit last: a narrow pane cuts the unit. */
static void cp_summary(const struct callspane *p, char *line, size_t n)
{
	static const char *const label[] = {"min", "mean", "p50", "p95", "max"};
	const uint64_t v[] = {p->sum.min, p->sum.mean, p->sum.p50, p->sum.p95, p->sum.max};
	size_t k = (size_t)snprintf(line, n, " count %llu", (unsigned long long)p->sum.count);
	for (int i = 0; i < 5 && p->sum.count && k < n; i++) {
		char a[NUMFMT_MAX + 1];
		cp_ms(a, 1, v[i]);
		k += (size_t)snprintf(line + k, n - k, "  %s %s", label[i], a);
	}
	if (k < n)
		snprintf(line + k, n - k, "  (incl %s, ms)", cp_clock_name[p->sum.clock]);
}

/* The histogram as rows of bars, a column group per bucket, the largest
 * bucket CP_HIST_ROWS high (a bucket with a call shows at least one
 * cell), and the buckets' lower bounds below. */
static void cp_hist(const struct callspane *p, WINDOW *win, int y, const struct color *c,
                    int ascii)
{
	const struct methodcalls_hist *h = &p->hist;
	int cols = getmaxx(win);
	uint32_t nb = h->last >= h->first ? h->last - h->first + 1 : 0;
	uint64_t max = 0;
	for (uint32_t k = h->first; k <= h->last && nb; k++)
		max = h->count[k] > max ? h->count[k] : max;
	int bw = nb ? (cols - CP_HIST_GUTTER) / (int)nb : 0;
	bw = bw > CP_HIST_COL ? CP_HIST_COL : bw;
	draw_clear_rows(win, y, y + CP_HIST_ROWS + 1);
	if (!nb || bw < 1 || !max)
		return;
	char lab[32];
	snprintf(lab, sizeof lab, "%llu", (unsigned long long)max);
	draw_cell_right(win, y, 0, CP_HIST_GUTTER - 2, lab, c->role[ROLE_TITLE], ascii);
	draw_cell_right(win, y + CP_HIST_ROWS - 1, 0, CP_HIST_GUTTER - 2, "calls", c->role[ROLE_TITLE],
	                ascii);
	for (uint32_t k = h->first; k <= h->last; k++) {
		int x = CP_HIST_GUTTER + (int)(k - h->first) * bw;
		uint64_t tall = (h->count[k] * CP_HIST_ROWS + max - 1) / max;
		for (int r = 0; r < CP_HIST_ROWS; r++) {
			if ((int)tall < CP_HIST_ROWS - r)
				continue;
			wmove(win, y + r, x);
			draw_bar(win, draw_sym(SYM_BAR, ascii), c->role[ROLE_MARK], bw > 1 ? bw - 1 : 1);
		}
	}
	/* Bounds: every bucket when they fit, else every few. */
	int every = 1;
	while (every * bw < 6)
		every++;
	for (uint32_t k = h->first; k <= h->last; k += (uint32_t)every) {
		int x = CP_HIST_GUTTER + (int)(k - h->first) * bw;
		methodcalls_bound_text(lab, methodcalls_bucket_low(k));
		if (x + every * bw <= cols)
			draw_cell(win, y + CP_HIST_ROWS, x, every * bw, lab, c->role[ROLE_NORMAL], ascii);
	}
	draw_cell(win, y + CP_HIST_ROWS, 0, CP_HIST_GUTTER, "from", c->role[ROLE_TITLE], ascii);
}

static void cp_path(const struct callspane *p, WINDOW *win, int y, const struct color *c,
                    int ascii)
{
	const struct jank_row *r = &p->j.rows[p->cursor];
	const struct tv_thread *th = &p->tr->threads[p->j.thread];
	char line[2048], name[600];
	size_t k = (size_t)snprintf(line, sizeof line, " heaviest path: ");
	for (size_t i = 0; i < r->npath && k < sizeof line; i++) {
		names_short(p->tr, th->method[p->j.paths[r->path + i]], ascii, name, sizeof name);
		k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", i ? " > " : "", name);
	}
	draw_wrapped_words(win, y, CP_PATH_ROWS, line, c->role[ROLE_TITLE], ascii);
}

static void cp_keep_visible(struct callspane *p)
{
	if (p->height < 1)
		return;
	if (p->cursor < p->top)
		p->top = p->cursor;
	if (p->cursor >= p->top + (uint32_t)p->height)
		p->top = p->cursor - (uint32_t)p->height + 1;
}

static void cp_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct callspane *p = self;
	const struct color *c = ctx->color;
	int h = getmaxy(win), w = getmaxx(win), y = 0;
	char line[4600];
	werase(win);
	cp_title(p, w, ctx->ascii, line, sizeof line);
	draw_row(win, y++, line, c->role[ROLE_HEADER], ctx->ascii);
	if (!p->jank && p->have && y < h) {
		cp_summary(p, line, sizeof line);
		draw_row(win, y++, line, c->role[ROLE_NORMAL], ctx->ascii);
		if (cp_head(p, h) > 3 && y + CP_HIST_ROWS < h) {
			cp_hist(p, win, y, c, ctx->ascii);
			y += CP_HIST_ROWS + 1;
		}
	}
	if (!p->have || y >= h) {
		p->height = 0;
		return;
	}
	cp_titles(p, ctx->ascii, line, sizeof line);
	p->title_y = y;
	draw_row(win, y++, line, c->role[ROLE_TITLE], ctx->ascii);
	int foot = cp_foot(p);
	p->height = h - y - foot > 0 ? h - y - foot : 0;
	cp_keep_visible(p);
	uint32_t n = cp_nrows(p);
	for (uint32_t i = p->top; i < n && y < h - foot; i++, y++) {
		if (p->jank)
			cp_jank_row(p, &p->j.rows[i], w, ctx->ascii, line, sizeof line);
		else
			cp_calls_row(p, &p->c.rows[i], w, ctx->ascii, line, sizeof line);
		attr_t a = i != p->cursor ? c->role[ROLE_NORMAL]
		           : ctx->focused ? c->role[ROLE_SELECTED] : c->role[ROLE_SELECTED] & ~A_BOLD;
		draw_row(win, y, line, a, ctx->ascii);
	}
	if (!n && !p->sorting && y < h)
		draw_row(win, y, p->jank ? " none: no frame-critical call is that long"
		                         : " no calls in this scope", c->role[ROLE_NORMAL], ctx->ascii);
	if (foot && p->cursor < n && h - foot > y - 1)
		cp_path(p, win, h - foot, c, ctx->ascii);
}

/* ------------------------------------------------------------ keys */

static void cp_move(struct callspane *p, int64_t d)
{
	int64_t n = cp_nrows(p), c = (int64_t)p->cursor + d;
	if (c >= n)
		c = n - 1;
	if (c < 0)
		c = 0;
	p->cursor = (uint32_t)c;
	cp_keep_visible(p);
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
	p->cursor = p->top = 0;
	if (p->have && !p->sorting)  /* else the worker's result sorts again */
		cp_sort_rows(p);
}

static enum pane_res cp_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	struct callspane *p = self;
	int page = p->height > 1 ? p->height - 1 : 1;
	(void)ctx;
	switch (a) {
	case ACT_UP: cp_move(p, -1); break;
	case ACT_DOWN: cp_move(p, 1); break;
	case ACT_PGUP: cp_move(p, -page); break;
	case ACT_PGDN: cp_move(p, page); break;
	case ACT_TOP: cp_move(p, -(int64_t)cp_nrows(p)); break;
	case ACT_BOTTOM: cp_move(p, cp_nrows(p)); break;
	case ACT_SORT_PREV: case ACT_SORT_NEXT: case ACT_SORT_REVERSE:
		if (p->jank) {
			snprintf(out->msg, sizeof out->msg,
			         "the jank list keeps its order: longest first (5 sorts every call)");
			return PANE_DONE;
		}
		cp_sort(p, a);
		break;
	case ACT_SHOW_CALL:
		if (p->cursor >= cp_nrows(p)) {
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
	else if (p->cursor < cp_nrows(p))
		s.item = p->j.rows[p->cursor].method;
	return s;
}

static size_t cp_footer(const void *self, enum action *out, size_t n)
{
	const struct callspane *p = self;
	static const enum action calls[] = {ACT_UP, ACT_DOWN, ACT_SHOW_CALL, ACT_SORT_PREV,
	                                    ACT_SORT_NEXT, ACT_SORT_REVERSE, ACT_OPEN_SOURCE};
	static const enum action jank[] = {ACT_UP, ACT_DOWN, ACT_SHOW_CALL, ACT_OPEN_SOURCE};
	return p->jank ? pane_keys(jank, sizeof jank / sizeof *jank, out, n)
	               : pane_keys(calls, sizeof calls / sizeof *calls, out, n);
}

static void cp_click(void *self, int y, int x, int wheel)
{
	struct callspane *p = self;
	(void)x;
	if (wheel) {
		cp_move(p, wheel * 3);
		return;
	}
	int r = y - p->title_y - 1;
	if (r >= 0 && r < p->height && p->top + (uint32_t)r < cp_nrows(p))
		p->cursor = p->top + (uint32_t)r;
}

/* Select: every call shows the method's calls (the shell passes it on
 * with callspane_scope()); jank moves to the method's first row. */
static int cp_select(void *self, uint32_t item)
{
	struct callspane *p = self;
	if (!p->jank)
		return 0;
	for (uint32_t i = 0; i < cp_nrows(p); i++)
		if (p->j.rows[i].method == item) {
			p->cursor = i;
			cp_keep_visible(p);
			return 0;
		}
	return -1;
}

static int cp_poll(void *self)
{
	struct callspane *p = self;
	unsigned id;
	void *res;
	if (!p->jobs || !jobs_take(p->jobs, &id, &res))
		return 0;
	if (id == p->job_id)
		cp_take(p, res);
	else
		cp_job_free(res);
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
	uint32_t tid;
	callspane_scope(self, session_trace(s), session_scoped(s, &tid) ? &tid : NULL,
	                session_clock(s), selected);
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
	int ty, ry;
	(void)ascii;
	if (callspane_cursor_rows(self, &ty, &ry) < 0)
		return strdup("");
	return panetext_title_and_row(win, ty, ry);
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
	.kind = k, .draw = cp_draw, .act = cp_act, .selected = cp_selected, .footer = cp_footer, \
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
	return callspane_pane(p);
}

void callspane_destroy(void *self)
{
	callspane_free(self);
	free(self);
}
