/* callspane_draw.c: the call lists drawn: title, summary, histogram,
 * column titles, rows and the jank list's foot (see callspane.h and
 * callspane_internal.h). */
#include "panes/callspane_internal.h"

#include <string.h>

#include "base/numfmt.h"
#include "draw/draw.h"
#include "draw/names.h"
#include "draw/text.h"

/* Columns: narrower than the report's, so the caller keeps some room at
 * 80 columns; times in ms with three decimals, as the report. A jank
 * cause, "framework 100%" at the widest. */
enum { CP_W_TID = 7, CP_W_START = 12, CP_W_TIME = 10, CP_W_DEPTH = 5, CP_W_CAUSE = 14 };
/* Histogram: rows of bars, and the widest column a bucket takes. */
enum { CP_HIST_ROWS = 4, CP_HIST_COL = 7, CP_HIST_GUTTER = 8 };
/* Below this height the histogram gives its rows to the list. */
#define CP_HIST_MIN_H 16
/* The jank list's foot: the cause line, then the path's lines. */
#define CP_PATH_ROWS 2
#define CP_FOOT_ROWS (1 + CP_PATH_ROWS)

static const char *const cp_clock_name[TV_NCLOCKS] = {"cpu", "wall"};

/* ------------------------------------------------------------ layout */

/* Rows above the list: title, summary, histogram (when tall enough),
 * column titles. */
static int cp_head(const struct callspane *p, int h)
{
	if (p->jank)
		return 2;
	if (!p->have || !callspane_count(p))
		return 3;
	/* The histogram when the pane is tall, or when everything fits. */
	int full = 3 + CP_HIST_ROWS + 1;
	return h >= CP_HIST_MIN_H || h >= full + (int)callspane_count(p) ? full : 3;
}

static int cp_foot(const struct callspane *p)
{
	return p->jank && p->have && p->j.nrows ? CP_FOOT_ROWS : 0;
}

int callspane_rows_wanted(const struct callspane *p)
{
	uint32_t n = callspane_nrows(p);
	return cp_head(p, CP_HIST_MIN_H) + (int)n + cp_foot(p) + (n ? 0 : 1);
}

/* ------------------------------------------------------------ drawing */

/* "  " then a number right-aligned in w columns, "-" when absent. */
static int cp_put(char *buf, size_t n, int k, const char *s, int w)
{
	int m = snprintf(buf + k, k < (int)n ? n - (size_t)k : 0, " %*s", w, s);
	return k + (m > 0 ? m : 0);
}

/* has: 0 "-", CP_EVENTS a whole count (a trace without time), else ms. */
enum { CP_EVENTS = 2 };

static void cp_ms(char *out, int has, uint64_t usec)
{
	if (!has) {
		strcpy(out, "-");
		return;
	}
	out[has == CP_EVENTS ? numfmt_put_u64(out, usec) : numfmt_put_fixed(out, usec, 3)] = '\0';
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

/* Titles name[0..count) from column k, name[marked] with the sort mark
 * (marked -1: none); w[i] > 0 right-aligns in w[i] columns, < 0
 * left-aligns in -w[i], 0 ends the line. The new end column. */
static int cp_title_cols(char *line, size_t n, int k, const char *const *name, const int *w,
                         int count, int marked, int desc, int ascii)
{
	for (int i = 0; i < count && k < (int)n; i++) {
		char t[32];
		const char *mark = i == marked ? draw_sym(desc ? SYM_SORT_DOWN : SYM_SORT_UP, ascii) : "";
		snprintf(t, sizeof t, "%s%s", mark, name[i]);
		/* the mark may take more bytes than columns: pad by hand */
		int cols = (int)strlen(name[i]) + (i == marked);
		int pad = w[i] < 0 ? -w[i] - cols : w[i] - cols, m;
		pad = pad > 0 ? pad : 0;
		if (w[i] > 0)
			m = snprintf(line + k, n - (size_t)k, " %*s%s", pad, "", t);
		else
			m = snprintf(line + k, n - (size_t)k, "  %s%*s", t, w[i] ? pad : 0, "");
		k += m > 0 ? m : 0;
	}
	return k;
}

/* The column titles with the sort mark on the sorted one. */
static void cp_titles(const struct callspane *p, int ascii, char *line, size_t n)
{
	static const char *const ms[] = {"tid", "start ms", "wall ms", "cpu ms", "wait ms",
	                                 "depth", "caller"};
	static const char *const ev[] = {"tid", "start", "events", "cpu", "wait", "depth", "caller"};
	const char *const *name = trace_is_sequence(p->tr) ? ev : ms;
	static const enum methodcalls_key key[] = {METHODCALLS_BY_TID, METHODCALLS_BY_START,
	                                           METHODCALLS_BY_WALL, METHODCALLS_BY_CPU,
	                                           METHODCALLS_BY_WAIT, METHODCALLS_BY_DEPTH,
	                                           METHODCALLS_BY_CALLER};
	static const int w[] = {CP_W_TID, CP_W_START, CP_W_TIME, CP_W_TIME, CP_W_TIME, CP_W_DEPTH, 0};
	/* jank's sortable columns in enum jank_key's order */
	static const char *const jn[] = {"start ms", "wall ms", "cpu ms", "wait ms", "cause",
	                                 "method"};
	static const int jw[] = {CP_W_START, CP_W_TIME, CP_W_TIME, CP_W_TIME, -CP_W_CAUSE, 0};
	line[0] = '\0';
	if (p->jank) {
		cp_title_cols(line, n, 0, jn, jw, 6, (int)p->jkey, p->jdesc, ascii);
		return;
	}
	int marked = 0;
	while (key[marked] != p->key)
		marked++;
	cp_title_cols(line, n, 0, name, w, 7, marked, p->desc, ascii);
}

/* From column k: start, wall, cpu and wait, the columns both lists share;
 * the wall time shows when wall_known. The new end column. */
static int cp_times(char *line, size_t n, int k, const struct trace *tr, uint64_t start,
                    const uint64_t *incl, int wall_known)
{
	char a[NUMFMT_MAX + 2];
	int axis = trace_is_sequence(tr) ? CP_EVENTS : 1;
	cp_ms(a, axis, start);
	k = cp_put(line, n, k, a, CP_W_START);
	cp_ms(a, wall_known ? axis : 0, incl[TV_WALL]);
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
	char cause[32];
	snprintf(cause, sizeof cause, "%s %u%%", category_name(r->cause.cat),
	         (unsigned)r->cause.share);
	int m = snprintf(line + k, k < (int)n ? n - (size_t)k : 0, "  %-*s", CP_W_CAUSE, cause);
	k += m > 0 ? m : 0;
	cp_name_at(line, n, k, p->tr, r->method, cols, ascii);
}

/* Where the calls are, after their count: "" for every thread. */
static const char *cp_where(const struct callspane *p, char *buf, size_t n)
{
	if (p->scope.n > 1)
		snprintf(buf, n, " on these %lu threads", (unsigned long)p->scope.n);
	else
		snprintf(buf, n, "%s", p->scope.n ? " on this thread" : "");
	return buf;
}

static void cp_title(const struct callspane *p, int cols, int ascii, char *line, size_t n)
{
	char name[4300], where[48];
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
		snprintf(line, n, " Jank on %s (rule: %s): %zu frame-critical call%s of %s ms or more",
		         name, jank_rule_name(p->j.rule), p->j.nrows, p->j.nrows == 1 ? "" : "s", fr);
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
		snprintf(line, n, " Calls of %s: %zu call%s%s%s%s", name, callspane_count(p),
		         callspane_count(p) == 1 ? "" : "s", cp_where(p, where, sizeof where),
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
		cp_ms(a, trace_is_sequence(p->tr) ? CP_EVENTS : 1, v[i]);
		k += (size_t)snprintf(line + k, n - k, "  %s %s", label[i], a);
	}
	if (k < n && trace_is_sequence(p->tr))
		snprintf(line + k, n - k, "  (incl, events)");
	else if (k < n)
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
		if (trace_is_sequence(p->tr))   /* counts of events, not µs */
			snprintf(lab, sizeof lab, "%llu", (unsigned long long)methodcalls_bucket_low(k));
		else
			methodcalls_bound_text(lab, methodcalls_bucket_low(k));
		if (x + every * bw <= cols)
			draw_cell(win, y + CP_HIST_ROWS, x, every * bw, lab, c->role[ROLE_NORMAL], ascii);
	}
	draw_cell(win, y + CP_HIST_ROWS, 0, CP_HIST_GUTTER, "from", c->role[ROLE_TITLE], ascii);
}

/* The foot of the row under the cursor: its cause, then its heaviest
 * path wrapped between names. */
static void cp_path(const struct callspane *p, WINDOW *win, int y, const struct color *c,
                    int ascii)
{
	const struct jank_row *r = &p->j.rows[p->list.cursor];
	const struct tv_thread *th = &p->tr->threads[p->j.thread];
	char line[2048], name[600];
	names_short(p->tr, r->cause.method, ascii, name, sizeof name);
	snprintf(line, sizeof line, " cause: %s %u%%: %s", category_name(r->cause.cat),
	         (unsigned)r->cause.share, name);
	draw_row(win, y++, line, c->role[ROLE_TITLE], ascii);
	size_t k = (size_t)snprintf(line, sizeof line, " heaviest path: ");
	for (size_t i = 0; i < r->npath && k < sizeof line; i++) {
		names_short(p->tr, th->method[p->j.paths[r->path + i]], ascii, name, sizeof name);
		k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", i ? " > " : "", name);
	}
	draw_wrapped_words(win, y, CP_PATH_ROWS, line, c->role[ROLE_TITLE], ascii);
}

void callspane_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
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
		p->list.height = 0;
		return;
	}
	cp_titles(p, ctx->ascii, line, sizeof line);
	p->list.title_y = y;
	draw_row(win, y++, line, c->role[ROLE_TITLE], ctx->ascii);
	int foot = cp_foot(p);
	p->list.height = h - y - foot > 0 ? h - y - foot : 0;
	rowlist_keep_visible(&p->list);
	uint32_t n = callspane_nrows(p);
	for (uint32_t i = p->list.top; i < n && y < h - foot; i++, y++) {
		if (p->jank)
			cp_jank_row(p, &p->j.rows[i], w, ctx->ascii, line, sizeof line);
		else
			cp_calls_row(p, &p->c.rows[i], w, ctx->ascii, line, sizeof line);
		draw_row(win, y, line, rowlist_attr(&p->list, i, ctx), ctx->ascii);
	}
	if (!n && !p->sorting && y < h)
		draw_row(win, y, p->jank ? " none: no frame-critical call is that long"
		                         : " no calls in this scope", c->role[ROLE_NORMAL], ctx->ascii);
	if (foot && p->list.cursor < n && h - foot > y - 1)
		cp_path(p, win, h - foot, c, ctx->ascii);
}
