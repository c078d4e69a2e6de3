/* threadspane.c: the threads pane (6); see threadspane.h. */
#include "panes/threadspane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "draw/draw.h"
#include "draw/names.h"
#include "draw/text.h"
#include "draw/units.h"
#include "panes/legend.h"
#include "panes/rowlist.h"
#include "session/job.h"
#include "session/session.h"
#include "session/steptext.h"

/* Columns: the marks, then numbers right-aligned as the call lists', in
 * ms with three decimals; the strip and the name take what is left. */
enum { THP_W_MARK = 2, THP_W_TID = 7, THP_W_RECORDS = 9, THP_W_TIME = 10, THP_W_SHARE = 6,
       THP_STRIP_MIN = 4, THP_STRIP_MAX = 40 };
/* Rows above the list: the title and the column titles. */
#define THP_HEAD 2

static const char *const thp_title[THREADSPANE_NKEYS] = {
	"tid", "records", "cpu ms", "wall ms", "wait ms", "share", "name"};
/* A dump without time: its one axis counts events (docs/format.md). */
static const char *const thp_title_ev[THREADSPANE_NKEYS] = {
	"tid", "records", "cpu", "events", "wait", "share", "name"};

/* ------------------------------------------------------------ the sums */

/* The time by category of every thread of p, on the worker: what it
 * reads, and what it makes (per p->threads[i]). */
struct thp_job {
	const struct profile *p;
	const struct derive_glob *app;
	uint32_t napp;
	category_times *out;
	int ok;
};

static void thp_job_free(void *v)
{
	struct thp_job *j = v;
	if (j)
		free(j->out);
	free(j);
}

static void *thp_job_run(void *arg)
{
	struct thp_job *j = arg;
	category_times total;
	j->ok = category_times_build(j->p, j->app, j->napp, j->out, &total) == 0;
	return j;
}

static void thp_job_take(struct threadspane *p, struct thp_job *j)
{
	p->job_id = 0;
	if (j->ok) {
		free(p->cats);
		p->cats = j->out;
		j->out = NULL;
		p->have_cats = 1;
	} else {
		snprintf(p->note, sizeof p->note, "out of memory: no strips");
	}
	thp_job_free(j);
}

/* The sums for the rows: at once for a small trace, else on the worker. */
static void thp_request_sums(struct threadspane *p)
{
	struct thp_job *j = calloc(1, sizeof *j);
	uint64_t records = 0;
	p->have_cats = 0;
	if (!j || !(j->out = malloc(sizeof *j->out * (p->nrows ? p->nrows : 1)))) {
		thp_job_free(j);
		snprintf(p->note, sizeof p->note, "out of memory: no strips");
		return;
	}
	j->p = p->whole;
	j->app = p->app;
	j->napp = p->napp;
	for (uint32_t i = 0; i < p->nrows; i++)
		records += p->tr->threads[p->whole->threads[i]].records;
	if (!p->jobs || records < p->inline_below) {
		thp_job_take(p, thp_job_run(j));
		return;
	}
	p->job_id = jobs_submit_job(p->jobs, thp_job_run, j, thp_job_free);
	if (!p->job_id)
		snprintf(p->note, sizeof p->note, "out of memory: no strips");
}

/* ------------------------------------------------------------ rows */

/* A row's thread: rows are places in whole->threads. */
static const struct tv_thread *thp_thread(const struct threadspane *p, uint32_t row)
{
	return &p->tr->threads[p->whole->threads[row]];
}

static uint64_t thp_time(const struct threadspane *p, uint32_t row, int clock)
{
	return p->tr->has_clock[clock] ? trace_thread_span(thp_thread(p, row), clock) : 0;
}

/* Wall less CPU, signed, as an order-keeping unsigned number. */
static uint64_t thp_wait_key(const struct threadspane *p, uint32_t row)
{
	int64_t w = (int64_t)(thp_time(p, row, TV_WALL) - thp_time(p, row, TV_CPU));
	return (uint64_t)w ^ (UINT64_C(1) << 63);
}

/* What a row sorts by: a number, or the thread's name; ties by tid. */
struct thp_sortkey {
	uint64_t v;
	const char *name;
	uint32_t nlen, tid, row;
	int desc;
};

static int thp_sort_cmp(const void *pa, const void *pb)
{
	const struct thp_sortkey *a = pa, *b = pb;
	int c = (a->v > b->v) - (a->v < b->v);
	if (!c && (a->name || b->name)) {
		uint32_t n = a->nlen < b->nlen ? a->nlen : b->nlen;
		c = n ? memcmp(a->name, b->name, n) : 0;
		c = c ? c : (a->nlen > b->nlen) - (a->nlen < b->nlen);
	}
	if (a->desc)
		c = -c;
	return c ? c : (a->tid > b->tid) - (a->tid < b->tid);
}

static uint64_t thp_value(const struct threadspane *p, uint32_t row)
{
	const struct tv_thread *th = thp_thread(p, row);
	switch (p->key) {
	case THREADSPANE_BY_TID: return th->tid;
	case THREADSPANE_BY_RECORDS: return th->records;
	case THREADSPANE_BY_CPU: return thp_time(p, row, TV_CPU);
	case THREADSPANE_BY_WALL: return thp_time(p, row, TV_WALL);
	case THREADSPANE_BY_WAIT: return thp_wait_key(p, row);
	case THREADSPANE_BY_SHARE: return thp_time(p, row, p->clock);
	default: return 0;
	}
}

/* Whether thread index t passes the filter. */
static int thp_kept(const struct threadspane *p, uint32_t t)
{
	return !p->keep || p->keep[t];
}

/* The rows in the pane's order, those the filter keeps first; the
 * cursor on the thread it was on (else the first row). */
static void thp_order(struct threadspane *p)
{
	uint32_t at = p->list.cursor < p->nshown ? p->rows[p->list.cursor] : UINT32_MAX, n = p->nrows;
	struct thp_sortkey *k = malloc(sizeof *k * (n ? n : 1));
	if (!k)
		return;  /* the order stays as it was */
	for (uint32_t i = 0; i < n; i++) {
		const struct tv_thread *th = thp_thread(p, i);
		int by_name = p->key == THREADSPANE_BY_NAME;
		const char *s = by_name ? trace_str(p->tr, th->name) : NULL;
		k[i] = (struct thp_sortkey){by_name ? 0 : thp_value(p, i), s ? s : (by_name ? "" : NULL),
		                            s ? th->name.len : 0, th->tid, i, p->desc};
	}
	qsort(k, n, sizeof *k, thp_sort_cmp);
	uint32_t m = 0;
	for (uint32_t i = 0; i < n; i++)
		if (thp_kept(p, p->whole->threads[k[i].row]))
			p->rows[m++] = k[i].row;
	p->nshown = m;
	for (uint32_t i = 0; i < n; i++)
		if (!thp_kept(p, p->whole->threads[k[i].row]))
			p->rows[m++] = k[i].row;
	free(k);
	p->list.cursor = 0;
	for (uint32_t i = 0; i < p->nshown; i++)
		if (p->rows[i] == at)
			p->list.cursor = i;
}

void threadspane_sort(struct threadspane *p, enum threadspane_key key, int desc)
{
	p->key = key;
	p->desc = desc;
	thp_order(p);
}

/* New rows for a new trace or profile: every thread the profile covers. */
static int thp_rows(struct threadspane *p)
{
	uint32_t n = p->whole->nthreads, nt = p->tr->nthreads ? p->tr->nthreads : 1;
	uint32_t *rows = malloc(sizeof *rows * (n ? n : 1));
	uint8_t *picked = p->picked ? p->picked : calloc(nt, 1);
	if (!rows || !picked) {
		free(rows);
		if (picked != p->picked)
			free(picked);
		return -1;
	}
	free(p->rows);
	p->rows = rows;
	p->picked = picked;
	p->nrows = p->nshown = n;
	for (uint32_t i = 0; i < n; i++)
		rows[i] = i;
	p->list.cursor = p->list.top = 0;
	thp_order(p);
	return 0;
}

int threadspane_show(struct threadspane *p, const struct trace *tr, const struct profile *whole,
                     const struct derive_glob *app, uint32_t napp, int clock,
                     const struct trace_sel *scope)
{
	int rc = 0;
	if (!tidset_same(&p->scope, scope) && tidset_copy(&p->scope, scope) < 0)
		rc = -1;
	if (p->tr != tr || p->whole != whole || p->app != app || p->napp != napp) {
		p->tr = tr;
		p->whole = whole;
		p->app = app;
		p->napp = napp;
		p->clock = clock;
		p->note[0] = '\0';
		if (thp_rows(p) < 0)
			return -1;
		thp_request_sums(p);
	} else if (p->clock != clock) {
		p->clock = clock;
		if (p->key == THREADSPANE_BY_SHARE)
			thp_order(p);
	}
	return rc;
}

int threadspane_init(struct threadspane *p, uint64_t inline_below)
{
	memset(p, 0, sizeof *p);
	p->inline_below = inline_below;
	p->jobs = jobs_new();  /* without a worker, sums are made at once */
	return 0;
}

void threadspane_release(struct threadspane *p)
{
	jobs_free(p->jobs);  /* first: the worker may be reading the profile */
	p->jobs = jobs_new();
	p->job_id = 0;
	free(p->rows);
	free(p->cats);
	p->rows = NULL;
	p->cats = NULL;
	p->nrows = p->nshown = p->list.cursor = p->list.top = 0;
	p->have_cats = 0;
	p->tr = NULL;
	p->whole = NULL;
}

void threadspane_free(struct threadspane *p)
{
	threadspane_release(p);
	jobs_free(p->jobs);
	free(p->picked);
	free(p->keep);
	tidset_free(&p->scope);
	tidset_free(&p->want);
	memset(p, 0, sizeof *p);
}

/* ------------------------------------------------------------ marks */

void threadspane_pick(struct threadspane *p)
{
	if (p->list.cursor >= p->nshown)
		return;
	uint32_t t = p->whole->threads[p->rows[p->list.cursor]];
	p->picked[t] = !p->picked[t];
	p->npicked += p->picked[t] ? 1 : (uint32_t)-1;
}

const struct trace_sel *threadspane_scope_wanted(struct threadspane *p)
{
	uint32_t *tids = malloc(sizeof *tids * (p->nrows ? p->nrows : 1)), n = 0;
	if (!tids || p->list.cursor >= p->nshown) {
		free(tids);
		return NULL;
	}
	for (uint32_t i = 0; i < p->nrows && p->npicked; i++)
		if (p->picked[p->whole->threads[i]])
			tids[n++] = thp_thread(p, i)->tid;
	if (!n)
		tids[n++] = thp_thread(p, p->rows[p->list.cursor])->tid;
	int rc = tidset_make(&p->want, tids, n);
	free(tids);
	if (rc < 0)
		return NULL;
	memset(p->picked, 0, p->tr->nthreads);
	p->npicked = 0;
	p->want_sel = (struct trace_sel){p->want.tids, p->want.n};
	return &p->want_sel;
}

/* ------------------------------------------------------------ drawing */

/* Where the strip starts, and its width and the name's for w columns. */
#define THP_X_STRIP (THP_W_MARK + 1 + THP_W_TID + 1 + THP_W_RECORDS + 3 * (1 + THP_W_TIME) + \
                     1 + THP_W_SHARE + 2)

static int thp_strip_width(int w)
{
	int sw = (w - THP_X_STRIP - 2 - 12) / 2;
	return sw < THP_STRIP_MIN ? THP_STRIP_MIN : sw > THP_STRIP_MAX ? THP_STRIP_MAX : sw;
}

/* " " then s right-aligned in w columns (cols: its columns, which a
 * sort mark makes fewer than its bytes); the new end. */
static size_t thp_put(char *line, size_t n, size_t k, const char *s, int cols, int w)
{
	if (k < n)
		k += (size_t)snprintf(line + k, n - k, " %*s%s", w > cols ? w - cols : 0, "", s);
	return k;
}

static void thp_ms(const struct trace *tr, char *out, size_t n, int has, uint64_t usec)
{
	if (has)
		units_cell(tr, out, n, usec);
	else
		snprintf(out, n, "-");
}

/* The column titles, the sorted one marked; the strip's cut to sw. */
static void thp_titles(const struct threadspane *p, int sw, int ascii, char *line, size_t n)
{
	static const int w[] = {THP_W_TID, THP_W_RECORDS, THP_W_TIME, THP_W_TIME, THP_W_TIME,
	                        THP_W_SHARE};
	const char *const *title = trace_is_sequence(p->tr) ? thp_title_ev : thp_title;
	char t[48];
	size_t k = (size_t)snprintf(line, n, "%*s", THP_W_MARK, "");
	for (int i = 0; i <= THREADSPANE_BY_NAME; i++) {
		int mark = p->key == (enum threadspane_key)i;
		snprintf(t, sizeof t, "%s%s", mark ? draw_sym(p->desc ? SYM_SORT_DOWN : SYM_SORT_UP, ascii)
		                                   : "", title[i]);
		if (i < THREADSPANE_BY_NAME)
			k = thp_put(line, n, k, t, (int)strlen(title[i]) + mark, w[i]);
		else if (k < n)
			snprintf(line + k, n - k, "  %-*.*s  %s", sw, sw, "categories", t);
	}
}

/* The numbers of row r from column k on; the new end. */
static size_t thp_numbers(const struct threadspane *p, uint32_t r, uint64_t total, char *line,
                          size_t n, size_t k)
{
	const struct tv_thread *th = thp_thread(p, r);
	const struct trace *tr = p->tr;
	char a[NUMFMT_MAX + 4];
	uint64_t cpu = thp_time(p, r, TV_CPU), wall = thp_time(p, r, TV_WALL);
	snprintf(a, sizeof a, "%lu", (unsigned long)th->tid);
	k = thp_put(line, n, k, a, (int)strlen(a), THP_W_TID);
	snprintf(a, sizeof a, "%llu", (unsigned long long)th->records);
	k = thp_put(line, n, k, a, (int)strlen(a), THP_W_RECORDS);
	thp_ms(tr, a, sizeof a, tr->has_clock[TV_CPU], cpu);
	k = thp_put(line, n, k, a, (int)strlen(a), THP_W_TIME);
	thp_ms(tr, a, sizeof a, tr->has_clock[TV_WALL], wall);
	k = thp_put(line, n, k, a, (int)strlen(a), THP_W_TIME);
	if (tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL]) {
		a[0] = '-';
		thp_ms(tr, a + (wall < cpu), sizeof a - 1, 1, wall < cpu ? cpu - wall : wall - cpu);
	} else {
		strcpy(a, "-");
	}
	k = thp_put(line, n, k, a, (int)strlen(a), THP_W_TIME);
	numfmt_pct(a, sizeof a - 1, thp_time(p, r, p->clock), total, 1);
	if (strcmp(a, "-") != 0)
		strcat(a, "%");
	return thp_put(line, n, k, a, (int)strlen(a), THP_W_SHARE);
}

/* Row r's text: marks, numbers, blanks where the strip goes, name. */
static void thp_row_text(const struct threadspane *p, uint32_t r, uint64_t total, int w,
                         int ascii, char *line, size_t n)
{
	uint32_t t = p->whole->threads[r];
	const struct tv_thread *th = &p->tr->threads[t];
	struct trace_sel buf;
	const struct trace_sel *in = tidset_sel(&p->scope, &buf);
	size_t k = (size_t)snprintf(line, n, "%s%s", p->picked[t] ? draw_sym(SYM_PICKED, ascii) : " ",
	                            in && trace_sel_has(in, th->tid) ? draw_sym(SYM_SCOPED, ascii)
	                                                             : " ");
	k = thp_numbers(p, r, total, line, n, k);
	int sw = thp_strip_width(w), room = w - THP_X_STRIP - sw - 2;
	char esc[1200] = "", name[1200] = "";
	const char *s = trace_str(p->tr, th->name);
	if (s)
		text_escape(s, th->name.len, ascii, esc, sizeof esc);
	text_fit(esc, room > 1 ? room : 1, ascii, name, sizeof name);
	if (k < n)
		snprintf(line + k, n - k, "  %*s  %s", sw, "", name);
}

/* Row r's strip at (y, x), sw cells: its time by category on the
 * pane's clock, each category's cells in proportion (cumulative
 * rounding, so they add up to sw). */
static void thp_strip(const struct threadspane *p, uint32_t r, WINDOW *win, int y, int x, int sw,
                      const struct pane_ctx *ctx)
{
	uint64_t sum = 0, run = 0;
	for (int c = 0; c < CAT_COUNT; c++)
		sum += p->cats[r][c][p->clock];
	if (!sum)
		return;
	int at = 0;
	for (int c = 0; c < CAT_COUNT; c++) {
		run += p->cats[r][c][p->clock];
		int end = (int)numfmt_div_round(run * (uint64_t)sw, sum, 0);
		if (end > at)
			legend_block(win, ctx->color, ctx->ascii, y, x + at, end - at, (enum category)c,
			             NULL, NULL, A_NORMAL);
		at = end > at ? end : at;
	}
}

/* The title: how many threads, the scope, the marks, the filter, and
 * the sums while they are computed. */
static void thp_head(const struct threadspane *p, int ascii, char *line, size_t n)
{
	char scope[200];
	struct trace_sel buf;
	steptext_scope_label(p->tr, tidset_sel(&p->scope, &buf), ascii, scope, sizeof scope);
	size_t k = (size_t)snprintf(line, n, " Threads: %lu (scope: %s)", (unsigned long)p->nrows,
	                            scope);
	if (p->npicked && k < n)
		k += (size_t)snprintf(line + k, n - k, "; %lu marked, Enter scopes to them",
		                      (unsigned long)p->npicked);
	if (p->nshown < p->nrows && k < n)
		k += (size_t)snprintf(line + k, n - k, "; %lu shown (& Enter: all)",
		                      (unsigned long)p->nshown);
	if (p->job_id && k < n)
		k += (size_t)snprintf(line + k, n - k, "; categories: computing%s",
		                      draw_sym(SYM_ELLIPSIS, ascii));
	if (p->note[0] && k < n)
		snprintf(line + k, n - k, "; %s", p->note);
}

/* Every thread's time on the pane's clock: what a share is of. */
static uint64_t thp_total(const struct threadspane *p)
{
	uint64_t total = 0;
	for (uint32_t i = 0; i < p->nrows; i++)
		total += thp_time(p, i, p->clock);
	return total;
}

static void thp_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct threadspane *p = self;
	const struct color *c = ctx->color;
	int h = getmaxy(win), w = getmaxx(win), y = 0, sw = thp_strip_width(w);
	char line[4600];
	werase(win);
	if (!p->tr) {
		draw_row(win, 0, " Threads: computing", c->role[ROLE_HEADER], ctx->ascii);
		return;
	}
	thp_head(p, ctx->ascii, line, sizeof line);
	draw_row(win, y++, line, c->role[ROLE_HEADER], ctx->ascii);
	thp_titles(p, sw, ctx->ascii, line, sizeof line);
	p->list.title_y = y;
	draw_row(win, y++, line, c->role[ROLE_TITLE], ctx->ascii);
	p->list.height = h - y > 0 ? h - y : 0;
	rowlist_keep_visible(&p->list);
	uint64_t total = thp_total(p);
	for (uint32_t i = p->list.top; i < p->nshown && y < h; i++, y++) {
		thp_row_text(p, p->rows[i], total, w, ctx->ascii, line, sizeof line);
		draw_row(win, y, line, rowlist_attr(&p->list, i, ctx), ctx->ascii);
		if (p->have_cats)
			thp_strip(p, p->rows[i], win, y, THP_X_STRIP, sw, ctx);
	}
	if (!p->nshown && y < h)
		draw_row(win, y, " no thread", c->role[ROLE_NORMAL], ctx->ascii);
}

/* ------------------------------------------------------------ keys */

/* < and >: the next column to the left or right, numbers largest first,
 * tid and name ascending; I reverses. */
static void thp_sort_key(struct threadspane *p, enum action a)
{
	enum threadspane_key k = p->key;
	int desc = !p->desc;
	if (a != ACT_SORT_REVERSE) {
		k = (enum threadspane_key)((k + (a == ACT_SORT_NEXT ? 1 : THREADSPANE_NKEYS - 1)) %
		                           THREADSPANE_NKEYS);
		desc = k != THREADSPANE_BY_TID && k != THREADSPANE_BY_NAME;
	}
	threadspane_sort(p, k, desc);
}

static enum pane_res thp_act(void *self, enum action a, const struct pane_ctx *ctx,
                             struct pane_out *out)
{
	struct threadspane *p = self;
	(void)ctx;
	if (rowlist_act(&p->list, p->nshown, a))
		return PANE_DONE;
	switch (a) {
	case ACT_SORT_PREV: case ACT_SORT_NEXT: case ACT_SORT_REVERSE: thp_sort_key(p, a); break;
	case ACT_THREAD_MARK:
		threadspane_pick(p);
		rowlist_act(&p->list, p->nshown, ACT_DOWN);
		break;
	case ACT_THREAD_SCOPE:
		if (threadspane_scope_wanted(p))
			return PANE_SCOPE;
		snprintf(out->msg, sizeof out->msg, "no thread to scope to");
		break;
	default: return PANE_IGNORED;
	}
	return PANE_DONE;
}

static struct pane_sel thp_selected(const void *self)
{
	const struct threadspane *p = self;
	if (p->list.cursor >= p->nshown)
		return (struct pane_sel){PANE_NONE, 0, 0};
	uint32_t t = p->whole->threads[p->rows[p->list.cursor]];
	return (struct pane_sel){t, p->tr->threads[t].tid, 1};
}

static size_t thp_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_THREAD_MARK, ACT_THREAD_SCOPE,
	                                   ACT_SORT_PREV, ACT_SORT_NEXT, ACT_SORT_REVERSE};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void thp_click(void *self, int y, int x, int wheel)
{
	struct threadspane *p = self;
	(void)x;
	rowlist_click(&p->list, p->nshown, y, wheel);
}

/* ------------------------------------------------------------ the list */

/* Items are thread indices (own_items). */
static int thp_select(void *self, uint32_t item)
{
	struct threadspane *p = self;
	for (uint32_t i = 0; i < p->nshown; i++)
		if (p->whole->threads[p->rows[i]] == item) {
			p->list.cursor = i;
			rowlist_keep_visible(&p->list);
			return 0;
		}
	return -1;
}

static uint32_t thp_count(const void *self)
{
	return ((const struct threadspane *)self)->nshown;
}

static uint32_t thp_item(const void *self, uint32_t i)
{
	const struct threadspane *p = self;
	return p->whole->threads[p->rows[i]];
}

/* "[tid] name", as the timeline labels it. */
static void thp_name(const void *self, uint32_t item, char *buf, size_t n)
{
	const struct threadspane *p = self;
	names_thread(p->tr, item, 1 << 20, 0, buf, n);
}

static int thp_filter(void *self, const uint8_t *keep, size_t n)
{
	struct threadspane *p = self;
	uint8_t *k = NULL;
	if (keep && p->tr) {
		if (!(k = calloc(p->tr->nthreads ? p->tr->nthreads : 1, 1)))
			return -1;
		for (uint32_t t = 0; t < p->tr->nthreads && t < n; t++)
			k[t] = keep[t];
	}
	free(p->keep);
	p->keep = k;
	if (p->tr)
		thp_order(p);
	return 0;
}

/* ------------------------------------------------------------ the rest */

static int thp_poll(void *self)
{
	struct threadspane *p = self;
	void *res;
	if (!jobs_take_for(p->jobs, p->job_id, &res, thp_job_free))
		return 0;
	if (res)
		thp_job_take(p, res);
	return 1;
}

static int thp_busy(const void *self)
{
	return ((const struct threadspane *)self)->job_id != 0;
}

static void thp_release(void *self, unsigned what)
{
	if (what & SESSION_DROP_TRACE)
		threadspane_release(self);
}

static int thp_retarget(void *self, const struct session *s, uint32_t selected)
{
	const struct derive_glob *app;
	uint32_t napp;
	(void)selected;
	session_categories(s, &app, &napp);
	return threadspane_show(self, session_trace(s), session_whole_profile(s), app, napp,
	                        session_clock(s), session_scope(s));
}

static int thp_rows_wanted(const void *self, int drawn)
{
	const struct threadspane *p = self;
	(void)drawn;
	return THP_HEAD + (int)(p->nshown ? p->nshown : 1);
}

/* y: the column titles and the cursor row. */
static char *thp_copy(const void *self, WINDOW *win, int ascii)
{
	const struct threadspane *p = self;
	(void)ascii;
	return rowlist_copy(&p->list, p->nshown, win);
}

static int thp_scope(const void *self, struct trace_sel *sel)
{
	const struct threadspane *p = self;
	if (!p->want.n)
		return -1;
	*sel = p->want_sel;
	return 0;
}

struct pane threadspane_pane(struct threadspane *p)
{
	static const struct pane_ops ops = {
		.kind = PANE_THREADS, .own_items = "threads", .draw = thp_draw, .act = thp_act,
		.selected = thp_selected, .footer = thp_footer, .click = thp_click,
		.select = thp_select, .count = thp_count, .item = thp_item, .name = thp_name,
		.filter = thp_filter, .poll = thp_poll, .busy = thp_busy, .release = thp_release,
		.retarget = thp_retarget, .rows = thp_rows_wanted, .copy = thp_copy,
		.scope = thp_scope,
	};
	return (struct pane){&ops, p};
}

struct pane threadspane_make(const struct pane_env *env, int variant)
{
	struct threadspane *p = malloc(sizeof *p);
	(void)env;
	(void)variant;
	if (!p || threadspane_init(p, SESSION_INLINE_BELOW) < 0) {
		free(p);
		return (struct pane){NULL, NULL};
	}
	return threadspane_pane(p);
}

void threadspane_destroy(void *self)
{
	threadspane_free(self);
	free(self);
}
