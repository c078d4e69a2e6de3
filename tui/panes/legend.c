/* legend.c: categories on screen (see legend.h). */
#include "panes/legend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "session/job.h"
#include "base/numfmt.h"
#include "draw/text.h"
#include "session/session.h"
#include "session/steptext.h"

/* ------------------------------------------------------------ blocks */

/* One cell of a block: glyph g (or the fill: blank on CPU, a light
 * shade off CPU) in the category's attribute. */
static void lg_cell(WINDOW *win, const struct color *c, int ascii, enum category cat, int off,
                    const char *g, attr_t extra)
{
	if (!g)
		g = off ? draw_sym(SYM_SHADE4, ascii) : " ";
	draw_bar(win, g, color_category(c, (int)cat, off) | extra, 1);
}

void legend_block(WINDOW *win, const struct color *c, int ascii, int y, int x, int w,
                  enum category cat, const char *label, const uint8_t *off, attr_t extra)
{
	char letter[2] = {color_cat_letter((int)cat), '\0'}, fit[1200];
	int lead = c->letters ? 2 : 0, used = 0;
	if (w <= 0)
		return;
	if (label && w - lead >= 3)
		used = text_fit(label, w - lead, ascii, fit, sizeof fit);
	else
		lead = 0;
	/* A block without its name: mono repeats the letter in every cell, 8
	 * colours put it in the first cell of a block three or more wide. */
	int bare_all = c->letters && !used && c->tier == COLOR_TIER_MONO;
	int bare_first = c->letters && !used && w >= 3;
	wmove(win, y, x);
	for (int i = 0; i < w; i++) {
		int o = off && off[i];
		const char *g = NULL;
		if (i < lead)
			g = i == 0 ? letter : " ";
		else if (bare_all || (bare_first && i == 0))
			g = letter;
		if (i == lead && used) {
			wattrset(win, color_category(c, (int)cat, o) | extra);
			waddstr(win, fit);
			wattrset(win, A_NORMAL);
			i += used - 1;
			continue;
		}
		lg_cell(win, c, ascii, cat, o, g, extra);
	}
}

/* ------------------------------------------------------------ legend */

void legend_init(struct legend *l)
{
	memset(l, 0, sizeof *l);
}

void legend_stop(struct legend *l)
{
	jobs_free(l->jobs);  /* waits for the sum that may be reading p */
	l->jobs = NULL;
	l->job_id = 0;
}

void legend_free(struct legend *l)
{
	legend_stop(l);
	memset(l, 0, sizeof *l);
}

/* A sum for the worker: what it reads; and what it makes (NULL when out
 * of memory). */
struct lg_job {
	const struct profile *p;
	const struct derive_glob *app;
	uint32_t napp;
};

struct lg_sum {
	category_times total;
};

static void *lg_run(void *arg)
{
	const struct lg_job *j = arg;
	category_times *per = malloc(sizeof *per * (j->p->nthreads ? j->p->nthreads : 1));
	struct lg_sum *sum = malloc(sizeof *sum);
	if (!per || !sum || category_times_build(j->p, j->app, j->napp, per, &sum->total) < 0) {
		free(sum);
		sum = NULL;
	}
	free(per);
	return sum;
}

/* A finished sum's times, on the legend's clock. */
static void lg_take(struct legend *l, const struct lg_sum *sum)
{
	for (int k = 0; k < CAT_COUNT; k++)
		l->times[k] = sum->total[k][l->clock];
	l->has_times = 1;
}

int legend_request(struct legend *l, const struct profile *p, const struct derive_glob *app,
                   uint32_t napp, int clock, const char *scope, uint64_t inline_below)
{
	struct lg_job j = {p, app, napp};
	l->has_times = 0;
	l->job_id = 0;
	l->clock = clock;
	l->events = trace_is_sequence(p->tr);
	snprintf(l->scope, sizeof l->scope, "%s", scope);
	uint64_t records = 0;
	for (uint32_t i = 0; i < p->nthreads; i++)
		records += p->tr->threads[p->threads[i]].records;
	if (records >= inline_below && (l->jobs || (l->jobs = jobs_new()) != NULL)) {
		struct lg_job *arg = malloc(sizeof *arg);
		if (!arg)
			return -1;
		*arg = j;
		l->job_id = jobs_submit(l->jobs, lg_run, arg, free, free);
		return l->job_id ? 0 : -1;
	}
	struct lg_sum *sum = lg_run(&j);
	int ok = sum != NULL;
	if (ok)
		lg_take(l, sum);
	free(sum);
	return ok ? 0 : -1;
}

void legend_set_app(struct legend *l, const char *patterns, int given, int ascii)
{
	char esc[256];
	if (!patterns[0]) {
		snprintf(l->app, sizeof l->app, "the app's own packages: none found (--app sets them)");
		return;
	}
	text_escape(patterns, strlen(patterns), ascii, esc, sizeof esc);
	snprintf(l->app, sizeof l->app, "the app's own packages: %s (%s)", esc,
	         given ? "--app" : "guessed; --app sets them");
}

static const char *const lg_what[CAT_COUNT] = {
	"the app's own packages (--app, or the guessed package)",
	"androidx.*, android.support.*",
	"android.*, com.android.*, dalvik.*, device makers' framework packages",
	"java.*, javax.*, kotlin.*, kotlinx.*, libcore.*, sun.*, jdk.*",
	"any other class",
	"a method with no name line",
	"the looper waiting for work (MessageQueue.nativePollOnce)",
	"waits, sleeps and parks (Object.wait, Thread.sleep, Unsafe.park)",
};

static const char *lg_what_of(const struct legend *l, int k)
{
	return k == CAT_APP && l->app[0] ? l->app : lg_what[k];
}

#define LG_SWATCH 6

/* One row of the legend: a swatch, then text. */
static void lg_row(WINDOW *win, const struct pane_ctx *ctx, int y, enum category cat, int off,
                   const char *text)
{
	static const uint8_t all_off[LG_SWATCH] = {1, 1, 1, 1, 1, 1};
	draw_clear_rows(win, y, y + 1);
	legend_block(win, ctx->color, ctx->ascii, y, 2, LG_SWATCH, cat, NULL, off ? all_off : NULL,
	             A_NORMAL);
	draw_cell(win, y, 2 + LG_SWATCH + 2, getmaxx(win) - LG_SWATCH - 4, text, A_NORMAL,
	          ctx->ascii);
}

/* The off-CPU row: on a dual-clock trace, the view's wait and where the
 * waits pane is, first, so a narrow legend still says them. */
static void lg_off_cpu(const struct legend *l, char *line, size_t n)
{
	char ms[NUMFMT_MAX + 2];
	if (!l->has_wait) {
		snprintf(line, n, "off CPU: the thread waited (its wall time grew, its CPU time did "
		         "not); dual-clock traces only, in the timeline and the call chart");
		return;
	}
	uint64_t mag = l->wait < 0 ? (uint64_t)0 - (uint64_t)l->wait : (uint64_t)l->wait;
	numfmt_ms(ms, sizeof ms, mag);
	snprintf(line, n, "off CPU (7: the longest waits): %s%s ms waited in %s (wall time grew, "
	         "CPU time did not; shaded in the timeline and the call chart)",
	         l->wait < 0 ? "-" : "", ms, l->scope);
}

static void lg_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct legend *l = self;
	char line[512], ms[32], pct[32];
	int h = getmaxy(win), y = 0;
	uint64_t total = 0;
	for (int k = 0; k < CAT_COUNT; k++)
		total += l->times[k];
	draw_row(win, y++, " Legend: blocks coloured by category (K: by method instead; "
	         "q Esc L close)", ctx->color->role[ROLE_TITLE], ctx->ascii);
	draw_clear_rows(win, y, y + 1);
	if (l->has_times || l->job_id) {
		if (l->has_times)
			snprintf(line, sizeof line, "%-9s  %-9s %12s %7s  %s", "", "category",
			         l->events ? "events" : l->clock == TV_CPU ? "cpu ms" : "real ms", "%",
			         l->scope);
		else
			snprintf(line, sizeof line, "%-9s  %-9s  time in %s: computing%s", "", "category",
			         l->scope, draw_sym(SYM_ELLIPSIS, ctx->ascii));
		draw_cell(win, y, 2 + LG_SWATCH, getmaxx(win) - LG_SWATCH - 2, line + 9,
		          ctx->color->role[ROLE_TITLE], ctx->ascii);
	}
	y++;
	for (int k = 0; k < CAT_COUNT && y < h; k++, y++) {
		if (l->has_times) {
			if (l->events)
				snprintf(ms, sizeof ms, "%llu", (unsigned long long)l->times[k]);
			else
				numfmt_ms(ms, sizeof ms, l->times[k]);
			numfmt_pct(pct, sizeof pct, l->times[k], total, 1);
			snprintf(line, sizeof line, "%c %-9s %12s %7s  %s", color_cat_letter(k),
			         category_name((enum category)k), ms, pct, lg_what_of(l, k));
		} else {
			snprintf(line, sizeof line, "%c %-9s %s", color_cat_letter(k),
			         category_name((enum category)k), lg_what_of(l, k));
		}
		lg_row(win, ctx, y, (enum category)k, 0, line);
	}
	if (y < h)
		draw_clear_rows(win, y, y + 1), y++;
	if (y < h) {
		lg_off_cpu(l, line, sizeof line);
		lg_row(win, ctx, y++, CAT_APP, 1, line);
	}
	if (y < h) {
		/* The ruler over a range in force. */
		draw_clear_rows(win, y, y + 1);
		attr_t at = ctx->color->role[ROLE_TITLE];
		wmove(win, y, 2);
		draw_bar(win, draw_sym(SYM_DASH, ctx->ascii), at | A_REVERSE, LG_SWATCH);
		draw_cell(win, y, 2 + LG_SWATCH + 2, getmaxx(win) - LG_SWATCH - 4,
		          "the time range the panes show (a range step, v or a drag); the timeline "
		          "dims the time outside it", A_NORMAL, ctx->ascii);
		y++;
	}
	draw_clear_rows(win, y, h);
}

static enum pane_res lg_act(void *self, enum action a, const struct pane_ctx *ctx,
                            struct pane_out *out)
{
	(void)self;
	(void)ctx;
	(void)out;
	switch (a) {
	case ACT_CLOSE: case ACT_LEGEND: return PANE_CLOSE;
	case ACT_UP: case ACT_DOWN: case ACT_PGUP: case ACT_PGDN: case ACT_TOP: case ACT_BOTTOM:
		return PANE_DONE;  /* it fits: nothing scrolls */
	default: return PANE_IGNORED;
	}
}

static struct pane_sel lg_selected(const void *self)
{
	(void)self;
	return (struct pane_sel){PANE_NONE, 0, 0};
}

static size_t lg_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_CLOSE};
	(void)self;
	return pane_keys(keys, 1, out, n);
}

static void lg_click(void *self, int y, int x, int wheel)
{
	(void)self;
	(void)y;
	(void)x;
	(void)wheel;
}

static int lg_poll(void *self)
{
	struct legend *l = self;
	unsigned id;
	void *res;
	if (!l->jobs || !jobs_take(l->jobs, &id, &res))
		return 0;
	struct lg_sum *sum = res;
	if (id == l->job_id) {
		l->job_id = 0;
		if (sum)
			lg_take(l, sum);
	}
	free(sum);
	return 1;
}

static int lg_busy(const void *self)
{
	return ((const struct legend *)self)->job_id != 0;
}

/* Its sum may be reading a profile the session frees. */
static void lg_release(void *self, unsigned what)
{
	(void)what;
	legend_stop(self);
}

/* The scope ("all threads", "thread 1 main", "3 threads"), then ",
 * after N steps" when there are. */
static void lg_scope(const struct session *s, int ascii, char *buf, size_t n)
{
	uint32_t nview = session_nview(s);
	steptext_scope_label(session_base(s), session_scope(s), ascii, buf, n);
	if (nview)
		snprintf(buf + strlen(buf), n - strlen(buf), ", after %u step%s", (unsigned)nview,
		         nview == 1 ? "" : "s");
}

/* Each category's time in what the table shows (summed on the legend's
 * worker for a big trace). */
static void lg_open(void *self, const struct session *s, const struct pane_ctx *ctx,
                    struct pane_out *out)
{
	struct legend *l = self;
	char scope[160];
	const struct derive_glob *app;
	uint32_t napp;
	lg_scope(s, ctx->ascii, scope, sizeof scope);
	const struct profile *p = session_profile(s);
	l->has_wait = p->tr->has_clock[TV_WALL] && p->tr->has_clock[TV_CPU];
	l->wait = (int64_t)(p->top_incl[TV_WALL] - p->top_incl[TV_CPU]);
	session_categories(s, &app, &napp);
	legend_set_app(l, session_app_text(s), session_app_given(s), ctx->ascii);
	if (legend_request(l, p, app, napp, session_clock(s), scope,
	                   SESSION_INLINE_BELOW) < 0)
		snprintf(out->msg, sizeof out->msg, "out of memory: the legend without times");
}

struct pane legend_pane(struct legend *l)
{
	static const struct pane_ops ops = {
		.kind = PANE_HELP, .draw = lg_draw, .act = lg_act, .selected = lg_selected,
		.footer = lg_footer, .click = lg_click, .poll = lg_poll, .busy = lg_busy,
		.release = lg_release, .open = lg_open,
	};
	return (struct pane){&ops, l};
}

struct pane legend_make(const struct pane_env *env, int variant)
{
	struct legend *l = malloc(sizeof *l);
	(void)env;
	(void)variant;
	if (!l)
		return (struct pane){NULL, NULL};
	legend_init(l);
	return legend_pane(l);
}

void legend_destroy(void *self)
{
	legend_free(self);
	free(self);
}
