/* bench_ui.c: headless render benchmark of the full-screen UI.
 *
 *   bench_ui [--jank | --diff] TRACE
 *
 * Loads TRACE, opens curses on an off-screen 200x50 xterm-256color
 * terminal (output to /dev/null, input from /dev/null), builds the UI
 * with ui_new() and draws the first frame, then replays a fixed script of
 * 200 keys through ui_key() + ui_draw(), timing each key and its redraw.
 * Prints, one "name value" pair a line so scripts can pick them up:
 *   first_frame_ms  program start to the end of the first doupdate
 *                   (load + profile + timeline index + draw)
 *   keys            keys replayed
 *   redraw_median_ms, redraw_p99_ms, redraw_max_ms
 *   slowest_key     the key of the slowest step and its position
 * Then the panes of issue 11, each step a key and its redraw (key_ms: how
 * long the screen is held) and, for work on a pane's worker, the time
 * until its result shows (ready_ms, frames drawn meanwhile):
 *   pane_STEP_key_ms / pane_STEP_ready_ms for open2 (top-down tree),
 *   hot (* on the root), open3 (bottom-up roots), expand3 (Right on the
 *   first root), open4 (flame graph), zoom1..zoom3 (j z, three levels),
 *   chart (Tab x on the timeline); the thread-time axis: axis (Tab T,
 *   with pane_axis_msg), axis_zoom (w three times), axis_pan (d d a),
 *   axis_chart (x; pane_axis_chart_status), axis_back (x T Tab); then
 *   the breadcrumb's steps from the
 *   table: range (v over about the middle half of the timeline; with
 *   pane_range_share, the share of the toplevel it keeps), merge (M on
 *   the selected method), focus (F on its first caller or callee; with
 *   pane_merge_focus_share), undo_all (U); then in the top-down tree
 *   tree_again (2), find2 (/, the find query, Enter: the first match
 *   anywhere in the tree) and find2_next (n); then the call lists on the
 *   table's first method (the hottest by incl): calls5 (5; with
 *   pane_calls5_title and _summary, the pane's lines: how many calls),
 *   calls5_sort_wall, _cpu, _wait (> three times), calls5_reverse (I),
 *   calls5_enter (Enter: the call on the timeline), jank (J, with
 *   pane_jank_title), jank_enter; the waits: waits (7, with
 *   pane_waits_title), waits_down (Down three times), waits_enter (Enter:
 *   the call on the timeline), waits_more (+, with pane_waits_more_title)
 *   and waits_less (-); the threads: threads (6, with
 *   pane_threads_title), threads_sort (>), threads_reverse (I),
 *   threads_mark (Space), threads_scope (Enter: every pane scoped to the
 *   marked thread) and threads_all (t); then find without a match in the
 *   top-down tree: tree_none (2), find2_none (/, "zqxj", Enter: no name
 *   holds it, so no scan) and find2_none_next (n), with the message line;
 *   find2_one (/ and "Class.name" of the method with the fewest calls,
 *   Enter) and pane_find2_one_round (n once a call, at most 1000: every
 *   node of the tree once, wrapping at the end; total and slowest n);
 *   scope_t (Tab t Tab) and find2_scoped_none, find2_scoped_none_next (a
 *   method the trace calls but the scoped thread never does: a scan of
 *   the thread's whole tree without a match), when there is such a
 *   method.
 *   Last, the call trees sorted by column, in the whole trace (scoped
 *   steps undone first: Tab t Tab): tree2 (2), tree2_hot (g *),
 *   tree2_all (E, its cap on the title line: pane_tree2_all_title), then
 *   tree2_sort1..3 (>, three times) and tree2_reverse (I), each with its
 *   title line (pane_tree2_sort1_title: the sort marker); the same in
 *   the bottom-up tree (tree3, tree3_open: g Right, tree3_all,
 *   tree3_sort1..3, tree3_reverse).
 *   Each step also prints pane_STEP_first_ms: from its first key to the
 *   end of its last key's frame.
 * With --jank (for a trace of gen_bench --jank, whose main thread has
 * frame-critical calls over a frame), only the first frame and the jank
 * list: jank (J; pane_jank_title says how many rows; the causes are
 * computed with the rows, on the pane's worker), jank_enter (Enter on
 * the first row: the call on the timeline), jank_down (Down three
 * times), jank_sort (<: by start) and jank_reverse (I),
 * jank_calls5 (5: every call of that frame-critical method;
 * pane_jank_calls5_title and _summary), then jank_again (J back on the
 * list, its rows kept).
 * With --diff, only the diff screen's views on TRACE diffed with itself:
 * diff_tree (2), diff_hot (g *), diff_all (g E), diff_sort (<),
 * diff_flame (4), diff_zoom1..3 (j z), diff_clock (c), diff_table (1).
 * With BENCH_UI_VERBOSE set, every key of the 200-key script and its time
 * go to stderr.
 *
 * Built only by `make bench` (EXTRA_PROGRAMS). Exit status 0, or 1 with a
 * message on stderr.
 */
#include <curses.h>
#include <locale.h>
#include <langinfo.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "model/load.h"
#include "analyze/diff.h"
#include "analyze/profile.h"
#include "screentest.h"
#include "model/trace.h"
#include "shell/ui.h"

#define BU_KEYS 200
#define BU_FIND_LETTERS 4
#define BU_FIND_ROUND 1000

static double bu_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Up to BU_FIND_LETTERS letters of a method name that the trace really
 * calls (the middle call of the busiest thread), so find has matches.
 * Falls back to "get" for a trace without calls or names. */
static void bu_find_query(const struct trace *tr, char *q, size_t size)
{
	const struct tv_thread *best = NULL;
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (!best || tr->threads[i].ncalls > best->ncalls)
			best = &tr->threads[i];
	snprintf(q, size, "get");
	if (!best || !best->ncalls)
		return;
	const struct tv_method *m = &tr->methods[best->method[best->ncalls / 2]];
	const char *name = trace_str(tr, m->name);
	if (!name)
		return;
	size_t n = 0;
	for (size_t i = 0; name[i] && n + 1 < size && n < BU_FIND_LETTERS; i++)
		if ((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z'))
			q[n++] = name[i];
	if (n)
		q[n] = '\0';
}

struct bu_script {
	int keys[BU_KEYS];
	int n;
};

static void bu_push(struct bu_script *s, int ch)
{
	if (s->n < BU_KEYS)
		s->keys[s->n++] = ch;
}

static void bu_push_str(struct bu_script *s, const char *str)
{
	for (; *str; str++)
		bu_push(s, (unsigned char)*str);
}

/* One round of the script, starting and ending with the table focused.
 * Round r varies the pans and the sort so rounds do not repeat states.
 * 55 keys with a 4-letter query: the script is 3 rounds and part of a
 * fourth. */
static void bu_round(struct bu_script *s, int r, const char *query)
{
	/* Timeline: zoom, pan, fit, threads, calls of the selection, scope. */
	bu_push(s, '\t');
	bu_push_str(s, "ww+");
	bu_push(s, r & 1 ? KEY_LEFT : KEY_RIGHT);
	bu_push_str(s, r & 1 ? "aa" : "dd");
	bu_push_str(s, "s-");
	bu_push(s, 'f');
	bu_push(s, '0');
	bu_push_str(s, "jjk");
	bu_push_str(s, "..,");
	bu_push_str(s, "tt");
	bu_push(s, '\t');
	/* Table: moves, pages, a jump and back, sorts. */
	bu_push_str(s, "jjj");
	bu_push(s, KEY_NPAGE);
	bu_push(s, KEY_NPAGE);
	bu_push(s, KEY_PPAGE);
	bu_push_str(s, "kj\n[");
	bu_push_str(s, r & 1 ? "<<>" : ">><");
	bu_push_str(s, "II");
	/* Find: prompt, letters one by one, keep, next and previous. */
	bu_push(s, '/');
	bu_push_str(s, query);
	bu_push(s, '\n');
	bu_push_str(s, "nnN");
	/* Back in the timeline: the calls of the found method, scoped. */
	bu_push(s, '\t');
	bu_push_str(s, "t.,.");
	bu_push(s, 'w');
	bu_push(s, r & 1 ? 'a' : KEY_RIGHT);
	bu_push_str(s, "t0");
	bu_push(s, '\t');
	bu_push(s, 'j');
}

static void bu_script_make(struct bu_script *s, const char *query)
{
	s->n = 0;
	for (int r = 0; s->n < BU_KEYS; r++)
		bu_round(s, r, query);
}

static int bu_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static const char *bu_key_name(int ch, char *buf, size_t n)
{
	switch (ch) {
	case '\t': return "Tab";
	case '\n': return "Enter";
	case KEY_LEFT: return "Left";
	case KEY_RIGHT: return "Right";
	case KEY_NPAGE: return "PgDn";
	case KEY_PPAGE: return "PgUp";
	default:
		snprintf(buf, n, "%c", ch);
		return buf;
	}
}

/* The first row of the screen that contains what, into buf; "-" when
 * none. */
static void bu_screen_line(const char *what, char *buf, size_t n)
{
	int y = ts_row_with(curscr, what);
	if (y >= 0)
		ts_row(curscr, y, buf, n);
	else
		snprintf(buf, n, "-");
}

static void bu_print_line(const char *name, const char *what)
{
	char line[1024];
	bu_screen_line(what, line, sizeof line);
	printf("pane_%s %s\n", name, line);
}

struct bu_time {
	double first, worst, ready;  /* ms */
	int frames;
};

/* One step of the panes script: keys, each with its redraw, timed (first:
 * from the first key to the end of the last key's frame; worst: the
 * longest key or frame); then frames until no pane waits for its worker
 * (at most 120 s; ready: from the first key to the last of them). */
static struct bu_time bu_run_keys(struct ui *u, const int *keys, int n)
{
	struct bu_time r = {0, 0, 0, 0};
	double t0 = bu_now_ms();
	for (int i = 0; i < n; i++) {
		double k0 = bu_now_ms();
		ui_key(u, keys[i]);
		ui_draw(u);
		double d = bu_now_ms() - k0;
		if (d > r.worst)
			r.worst = d;
	}
	r.first = bu_now_ms() - t0;
	while (ui_busy(u) && bu_now_ms() - t0 < 120000) {
		struct timespec ts = {0, 5000000};
		nanosleep(&ts, NULL);
		double k0 = bu_now_ms();
		ui_draw(u);
		double d = bu_now_ms() - k0;
		if (d > r.worst)
			r.worst = d;
		r.frames++;
	}
	r.ready = bu_now_ms() - t0;
	return r;
}

/* The same, printed as pane_NAME_first_ms, _key_ms (worst), _ready_ms. */
static void bu_step(struct ui *u, const char *name, const int *keys, int n)
{
	struct bu_time r = bu_run_keys(u, keys, n);
	printf("pane_%s_first_ms %.3f\npane_%s_key_ms %.3f\npane_%s_ready_ms %.1f (%d frames meanwhile)\n",
	       name, r.first, name, r.worst, name, r.ready, r.frames);
}

/* Keys without timing or drawing: moving into place for a timed step. */
static void bu_keys(struct ui *u, int ch, int times)
{
	for (int i = 0; i < times; i++)
		ui_key(u, ch);
}

/* The toplevel's incl on the wall clock (else CPU) of what the UI shows. */
static uint64_t bu_top(const struct ui *u)
{
	const struct profile *p = ui_profile(u);
	return p->top_incl[p->tr->has_clock[TV_WALL] ? TV_WALL : TV_CPU];
}

/* Steps of the breadcrumb, from the table: a range over about the middle
 * half of the timeline (the time cursor moved to a quarter of the ruler's
 * 180 columns, v, to three quarters, v), then merge (M) of the table's
 * selected method and focus (F) on its first caller or callee, then U
 * back to the whole trace. Each timed from its last key to the frame with
 * the result; range_share says how much of the toplevel the range kept,
 * merge_focus_share how much of that the focus kept (below 1: it
 * applied). */
static void bu_steps(struct ui *u)
{
	static const int v[] = {'v'}, merge[] = {'M'}, focus[] = {'F'}, undo[] = {'U'};
	uint64_t whole = bu_top(u);
	bu_keys(u, '\t', 1);
	bu_keys(u, '0', 1);
	bu_keys(u, 'h', 250);
	bu_keys(u, 'l', 45);
	bu_keys(u, 'v', 1);
	bu_keys(u, 'l', 90);
	bu_step(u, "range", v, 1);
	printf("pane_range_share %.2f\n", whole ? (double)bu_top(u) / (double)whole : 0.0);
	bu_keys(u, '\t', 1);
	uint64_t ranged = bu_top(u);
	bu_step(u, "merge", merge, 1);
	bu_keys(u, 'j', 1);   /* the first caller or callee row, */
	bu_keys(u, '\n', 1); /* selected */
	bu_step(u, "focus", focus, 1);
	printf("pane_merge_focus_share %.2f\n", ranged ? (double)bu_top(u) / (double)ranged : 0.0);
	bu_step(u, "undo_all", undo, 1);
}

/* Find in the top-down tree (the whole tree, opening the path to the
 * match): / with the query and Enter, then n, each until the cursor is on
 * its match. */
static void bu_find_tree(struct ui *u, const char *query)
{
	static const int open2[] = {'2'}, next[] = {'n'};
	int keys[24], n = 0;
	bu_step(u, "tree_again", open2, 1);
	keys[n++] = '/';
	for (const char *q = query; *q && n < 22; q++)
		keys[n++] = (unsigned char)*q;
	keys[n++] = '\n';
	bu_step(u, "find2", keys, n);
	bu_step(u, "find2_next", next, 1);
}

/* From the table: g (the toplevel, its callees opened below it), then j
 * until the selection moves (the status line above the footer names
 * it): the first method in the table, the hottest by incl. */
static void bu_first_method(struct ui *u)
{
	char top[1024], row[1024];
	bu_keys(u, 'g', 1);
	ui_draw(u);
	ts_row(curscr, getmaxy(curscr) - 2, top, sizeof top);
	for (int i = 0; i < 1000; i++) {
		bu_keys(u, 'j', 1);
		ui_draw(u);
		ts_row(curscr, getmaxy(curscr) - 2, row, sizeof row);
		if (strcmp(row, top) != 0)
			return;
	}
}

/* The waits (7: every call of every thread read, on the pane's worker),
 * Down three times, Enter (the call on the timeline), + and - (the
 * threshold doubled and halved: each a search again). */
static void bu_waits(struct ui *u)
{
	static const int open7[] = {'7'}, down[] = {KEY_DOWN, KEY_DOWN, KEY_DOWN}, show[] = {'\n'},
	                 more[] = {'+'}, less[] = {'-'};
	bu_step(u, "waits", open7, 1);
	bu_print_line("waits_title", " Waits");
	bu_step(u, "waits_down", down, 3);
	bu_step(u, "waits_enter", show, 1);
	bu_print_line("waits_enter_msg", "the call at");
	bu_step(u, "waits_more", more, 1);
	bu_print_line("waits_more_title", " Waits");
	bu_step(u, "waits_less", less, 1);
}

/* The threads (6: each thread's time by category summed over every call
 * on the pane's worker), sorted by the next column (>) and reversed (I),
 * the first thread marked (Space) and every pane scoped to it (Enter: the
 * scope's profile built on the session's worker), then all threads (t). */
static void bu_threads(struct ui *u)
{
	static const int open6[] = {'6'}, next[] = {'>'}, rev[] = {'I'}, mark[] = {' '},
	                 scope[] = {'\n'}, all[] = {'t'};
	bu_step(u, "threads", open6, 1);
	bu_print_line("threads_title", " Threads");
	bu_step(u, "threads_sort", next, 1);
	bu_step(u, "threads_reverse", rev, 1);
	bu_step(u, "threads_mark", mark, 1);
	bu_step(u, "threads_scope", scope, 1);
	bu_step(u, "threads_all", all, 1);
}

/* The call lists on the table's first method (the hottest by incl): 5,
 * sorts by wall, cpu and wait (>, three times) and reversed (I), Enter
 * (the call on the timeline); then J and Enter on its first row. */
static void bu_calls(struct ui *u)
{
	static const int open5[] = {'5'}, next[] = {'>'}, rev[] = {'I'}, show[] = {'\n'},
	                 openj[] = {'J'};
	bu_keys(u, '1', 1);
	bu_first_method(u);
	bu_step(u, "calls5", open5, 1);
	bu_print_line("calls5_title", "Calls of ");
	bu_print_line("calls5_summary", " count ");
	bu_step(u, "calls5_sort_wall", next, 1);
	bu_step(u, "calls5_sort_cpu", next, 1);
	bu_step(u, "calls5_sort_wait", next, 1);
	bu_step(u, "calls5_reverse", rev, 1);
	bu_step(u, "calls5_enter", show, 1);
	bu_print_line("calls5_enter_msg", "the call at");
	bu_step(u, "jank", openj, 1);
	bu_print_line("jank_title", "Jank");
	bu_step(u, "jank_enter", show, 1);
	bu_waits(u);
	bu_threads(u);
}

/* Find without a match in the top-down tree (every call scanned on the
 * worker): 2, then / with a query no name holds and Enter, then n. */
static void bu_find_none(struct ui *u)
{
	static const int open2[] = {'2'}, next[] = {'n'};
	static const char none[] = "zqxj";
	int keys[8], n = 0;
	bu_step(u, "tree_none", open2, 1);
	keys[n++] = '/';
	for (const char *q = none; *q; q++)
		keys[n++] = (unsigned char)*q;
	keys[n++] = '\n';
	bu_step(u, "find2_none", keys, n);
	bu_print_line("find2_none_msg", "? help");
	bu_step(u, "find2_none_next", next, 1);
	bu_print_line("find2_none_next_msg", "? help");
}

/* "Class.name" of method m (the class's last name: case-sensitive). */
static void bu_short_name(const struct trace *tr, uint32_t m, char *q, size_t n)
{
	const struct tv_method *tm = &tr->methods[m];
	const char *cls = trace_str(tr, tm->cls), *last = cls;
	for (uint32_t i = 0; i < tm->cls.len; i++)
		if (cls[i] == '.' || cls[i] == '/')
			last = cls + i + 1;
	snprintf(q, n, "%.*s.%.*s", (int)(tm->cls.len - (uint32_t)(last - cls)), last,
	         (int)tm->name.len, trace_str(tr, tm->name));
}

/* The method with the fewest calls (at least one; the first such), as
 * its class's last name and its own ("Class.name": case-sensitive), into
 * q; its calls in *calls. 0, or -1 without one. */
static int bu_rarest(const struct ui *u, char *q, size_t n, uint64_t *calls)
{
	const struct profile *p = ui_profile(u);
	const struct trace *tr = p->tr;
	uint32_t best = UINT32_MAX;
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		uint64_t c = p->methods[m].calls + p->methods[m].rcalls;
		if (c && tr->methods[m].declared && tr->methods[m].name.len &&
		    (best == UINT32_MAX || c < *calls)) {
			best = m;
			*calls = c;
		}
	}
	if (best == UINT32_MAX)
		return -1;
	bu_short_name(tr, best, q, n);
	return 0;
}

/* The longest scans of find in the tree: the method with the fewest calls
 * (one node a call at most), found (/ Class.name Enter), then n once a
 * call: together every node of the tree once, the last n wrapping (with
 * one call, that n alone goes through every other node back to it);
 * printed as the round's total and its slowest n. */
static void bu_find_one(struct ui *u)
{
	static const int next[] = {'n'};
	char q[256];
	uint64_t calls = 0;
	int keys[260], n = 0;
	if (bu_rarest(u, q, sizeof q, &calls) < 0)
		return;
	printf("pane_find2_one_query %s (%llu call%s)\n", q, (unsigned long long)calls,
	       calls == 1 ? "" : "s");
	keys[n++] = '/';
	for (const char *c = q; *c && n < 258; c++)
		keys[n++] = (unsigned char)*c;
	keys[n++] = '\n';
	bu_step(u, "find2_one", keys, n);
	bu_print_line("find2_one_title", "call paths");
	/* Each n scans from one match to the next; once a call (at most
	 * BU_FIND_ROUND times) is the whole tree once, the last wrapping. */
	struct bu_time sum = {0, 0, 0, 0}, most = {0, 0, 0, 0};
	uint64_t i;
	for (i = 0; i < calls && i < BU_FIND_ROUND; i++) {
		struct bu_time r = bu_run_keys(u, next, 1);
		sum.ready += r.ready;
		sum.frames += r.frames;
		most.worst = r.worst > most.worst ? r.worst : most.worst;
		most.ready = r.ready > most.ready ? r.ready : most.ready;
	}
	printf("pane_find2_one_round %llu n, %.1f ms in all (%d frames meanwhile); "
	       "the slowest n held the screen %.3f ms, ready in %.1f ms\n", (unsigned long long)i,
	       sum.ready, sum.frames, most.worst, most.ready);
	bu_print_line("find2_one_round_title", "call paths");
}

/* Does the name of a method called in profile p (other than m) hold q? */
static int bu_other_has(const struct profile *p, uint32_t m, const char *q)
{
	const struct trace *tr = p->tr;
	for (uint32_t k = 0; k < tr->nmethods; k++) {
		char full[600];
		const struct tv_method *tm = &tr->methods[k];
		if (k == m || !(p->methods[k].calls + p->methods[k].rcalls))
			continue;
		snprintf(full, sizeof full, "%.*s.%.*s", (int)tm->cls.len, trace_str(tr, tm->cls),
		         (int)tm->name.len, trace_str(tr, tm->name));
		if (strstr(full, q))
			return 1;
	}
	return 0;
}

/* Find with no match in the tree after a full scan: scoped (Tab t: the
 * timeline's thread), a query naming a method the trace calls but this
 * thread never does (the one with the most calls elsewhere, so it is
 * not a rare name), so the name matches and every node of the thread's
 * tree is visited: / query Enter, then n. */
static void bu_find_scoped_none(struct ui *u)
{
	static const int scope[] = {'\t', 't', '\t'}, next[] = {'n'};
	const struct profile *p = ui_profile(u);
	uint32_t nm = p->tr->nmethods;
	uint64_t *all = calloc(nm ? nm : 1, sizeof *all);
	if (!all)
		return;
	for (uint32_t m = 0; m < nm; m++)
		all[m] = p->methods[m].calls + p->methods[m].rcalls;
	bu_step(u, "scope_t", scope, 3);
	bu_print_line("scope_t_header", ".trace");
	p = ui_profile(u);
	char q[256] = "";
	uint64_t most = 0;
	for (uint32_t m = 0; m < nm; m++) {
		char c[256];
		if (!all[m] || all[m] <= most || p->methods[m].calls + p->methods[m].rcalls ||
		    !p->tr->methods[m].declared || !p->tr->methods[m].name.len)
			continue;
		bu_short_name(p->tr, m, c, sizeof c);
		if (!bu_other_has(p, m, c)) {
			most = all[m];
			snprintf(q, sizeof q, "%s", c);
		}
	}
	free(all);
	if (!q[0]) {
		printf("pane_find2_scoped_none_query - (every method is called on this thread)\n");
		return;
	}
	printf("pane_find2_scoped_none_query %s (%llu calls, none on this thread)\n", q,
	       (unsigned long long)most);
	int keys[260], n = 0;
	keys[n++] = '/';
	for (const char *c = q; *c && n < 258; c++)
		keys[n++] = (unsigned char)*c;
	keys[n++] = '\n';
	bu_step(u, "find2_scoped_none", keys, n);
	bu_print_line("find2_scoped_none_title", "call paths");
	bu_step(u, "find2_scoped_none_next", next, 1);
	bu_print_line("find2_scoped_none_next_title", "call paths");
}

/* Sorting the call trees by column (only the child lists that exist are
 * re-sorted: on the worker for a big tree): in the whole trace (the
 * scope of the steps above undone), 2, g * (the hottest path), E (every
 * node, level by level, up to its cap), > three times and I; then the
 * same in the bottom-up tree after g Right. Last in the run, so the
 * steps above keep their figures. */
static void bu_tree_sorts(struct ui *u)
{
	static const int unscope[] = {'\t', 't', '\t'}, open2[] = {'2'}, hot[] = {'g', '*'},
	                 all[] = {'E'}, next[] = {'>'}, rev[] = {'I'}, open3[] = {'3'},
	                 expand3[] = {'g', KEY_RIGHT};
	bu_step(u, "unscope", unscope, 3);
	bu_print_line("unscope_header", ".trace");
	bu_step(u, "tree2", open2, 1);
	bu_step(u, "tree2_hot", hot, 2);
	bu_step(u, "tree2_all", all, 1);
	bu_print_line("tree2_all_title", "capped");
	bu_step(u, "tree2_sort1", next, 1);
	bu_print_line("tree2_sort1_title", "call paths");
	bu_step(u, "tree2_sort2", next, 1);
	bu_print_line("tree2_sort2_title", "call paths");
	bu_step(u, "tree2_sort3", next, 1);
	bu_print_line("tree2_sort3_title", "call paths");
	bu_step(u, "tree2_reverse", rev, 1);
	bu_print_line("tree2_reverse_title", "call paths");
	bu_step(u, "tree3", open3, 1);
	bu_step(u, "tree3_open", expand3, 2);
	bu_step(u, "tree3_all", all, 1);
	bu_print_line("tree3_all_title", "capped");
	bu_step(u, "tree3_sort1", next, 1);
	bu_print_line("tree3_sort1_title", "bottom-up");
	bu_step(u, "tree3_sort2", next, 1);
	bu_print_line("tree3_sort2_title", "bottom-up");
	bu_step(u, "tree3_sort3", next, 1);
	bu_print_line("tree3_sort3_title", "bottom-up");
	bu_step(u, "tree3_reverse", rev, 1);
	bu_print_line("tree3_reverse_title", "bottom-up");
}

/* --jank: the jank list on a trace that has one. J, Enter on its first
 * row, Down three times, < and I (sorted by start, then latest first),
 * 5 on the method then selected (frame-critical), J again. */
static void bu_jank(struct ui *u)
{
	static const int openj[] = {'J'}, show[] = {'\n'}, down[] = {KEY_DOWN, KEY_DOWN, KEY_DOWN},
	                 open5[] = {'5'}, sort[] = {'<'}, rev[] = {'I'};
	bu_step(u, "jank", openj, 1);
	bu_print_line("jank_title", "Jank");
	bu_step(u, "jank_enter", show, 1);
	bu_step(u, "jank_down", down, 3);
	bu_step(u, "jank_sort", sort, 1);
	bu_step(u, "jank_reverse", rev, 1);
	bu_step(u, "jank_calls5", open5, 1);
	bu_print_line("jank_calls5_title", "Calls of ");
	bu_print_line("jank_calls5_summary", " count ");
	bu_step(u, "jank_again", openj, 1);
	bu_print_line("jank_again_title", "Jank");
}

/* The thread-time axis, from the table: Tab T (the timeline on each
 * thread's CPU time), zoom in three times, pan right twice and left
 * once, the call chart on it (x), then x T Tab back to the wall axis and
 * the table. */
static void bu_axis(struct ui *u)
{
	static const int axis[] = {'\t', 'T'}, zoom[] = {'w', 'w', 'w'}, pan[] = {'d', 'd', 'a'},
	                 chart[] = {'x'}, back[] = {'x', 'T', '\t'};
	bu_step(u, "axis", axis, 2);
	bu_print_line("axis_msg", "T: ");
	bu_step(u, "axis_zoom", zoom, 3);
	bu_step(u, "axis_pan", pan, 3);
	bu_step(u, "axis_chart", chart, 1);
	bu_print_line("axis_chart_status", "s cpu  ");
	bu_step(u, "axis_back", back, 3);
}

static void bu_panes(struct ui *u)
{
	static const int open2[] = {'\t', '\t', '2'}, hot[] = {'g', '*'}, open3[] = {'3'},
	                 expand3[] = {'g', KEY_RIGHT}, open4[] = {'4'}, zoom[] = {'j', 'z'},
	                 chart[] = {'\t', 'x'}, back[] = {'x', '\t', '1'};
	bu_step(u, "open2", open2, 3);
	bu_step(u, "hot", hot, 2);
	bu_step(u, "open3", open3, 1);
	bu_step(u, "expand3", expand3, 2);
	bu_step(u, "open4", open4, 1);
	bu_step(u, "zoom1", zoom, 2);
	bu_step(u, "zoom2", zoom, 2);
	bu_step(u, "zoom3", zoom, 2);
	bu_step(u, "chart", chart, 2);
	bu_step(u, "back", back, 3);
	bu_axis(u);
	bu_steps(u);
}

/* The UI draws UTF-8 when the locale is; prefer that, as on a real
 * terminal, even when the bench runs under LANG=C. */
static void bu_locale(void)
{
	setlocale(LC_ALL, "");
	const char *cs = nl_langinfo(CODESET);
	if (!cs || strcmp(cs, "UTF-8") != 0)
		setlocale(LC_ALL, "C.UTF-8");
	setlocale(LC_NUMERIC, "C");
}

static int bu_run(const char *path, struct trace *tr, double t_start, int jank)
{
	struct ts_term term;
	if (ts_open(&term, "xterm-256color", 200, 50) != 0) {
		fprintf(stderr, "bench_ui: cannot open an xterm-256color terminal\n");
		return 1;
	}
	struct ui_opts o = {.color = 1, .ascii = 0};
	struct ui *u = ui_new(path, tr, &o);
	if (!u) {
		ts_close(&term);
		fprintf(stderr, "bench_ui: ui_new failed\n");
		return 1;
	}
	refresh();
	ui_draw(u);
	double first = bu_now_ms() - t_start;
	if (jank) {
		bu_jank(u);
		ui_free(u);
		ts_close(&term);
		printf("first_frame_ms %.1f\n", first);
		return 0;
	}

	char query[16];
	struct bu_script s;
	bu_find_query(tr, query, sizeof query);
	bu_script_make(&s, query);
	double ms[BU_KEYS], worst = -1;
	int worst_i = 0;
	const char *verbose = getenv("BENCH_UI_VERBOSE");
	char kb[8];
	for (int i = 0; i < s.n; i++) {
		double t0 = bu_now_ms();
		ui_key(u, s.keys[i]);
		ui_draw(u);
		ms[i] = bu_now_ms() - t0;
		if (verbose && *verbose)
			fprintf(stderr, "%3d %-5s %8.3f ms\n", i,
			        bu_key_name(s.keys[i], kb, sizeof kb), ms[i]);
		if (ms[i] > worst) {
			worst = ms[i];
			worst_i = i;
		}
	}
	bu_panes(u);
	bu_find_tree(u, query);
	bu_calls(u);
	bu_find_none(u);
	bu_find_one(u);
	bu_find_scoped_none(u);
	bu_tree_sorts(u);
	ui_free(u);
	ts_close(&term);

	qsort(ms, (size_t)s.n, sizeof *ms, bu_cmp);
	int p99 = (s.n * 99 + 99) / 100 - 1;  /* nearest rank */
	printf("first_frame_ms %.1f\n", first);
	printf("keys %d\n", s.n);
	printf("find_query %s\n", query);
	printf("redraw_median_ms %.3f\n", s.n % 2 ? ms[s.n / 2] : (ms[s.n / 2 - 1] + ms[s.n / 2]) / 2);
	printf("redraw_p99_ms %.3f\n", ms[p99]);
	printf("redraw_max_ms %.3f\n", ms[s.n - 1]);
	printf("slowest_key %s #%d\n", bu_key_name(s.keys[worst_i], kb, sizeof kb), worst_i);
	return 0;
}

/* --diff: the diff screen's views on TRACE diffed with itself (one
 * trace in memory, both runs its profile, so a 50M trace fits): the
 * merged tree (2), its hottest path, every level (E), a sort; the
 * differential flame graph (4) and three zooms; the clock on all three
 * (c); back to the table (1). */
static int bu_diff(const char *path, struct trace *tr)
{
	static const int open2[] = {'2'}, hot[] = {'g', '*'}, all[] = {'g', 'E'}, sort[] = {'<'},
	                 open4[] = {'4'}, zoom[] = {'j', 'z'}, clock[] = {'c'}, back[] = {'1'};
	struct profile p;
	struct diff d;
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct ts_term term;
	if (profile_build(&p, tr, NULL, &err) != TV_OK)
		return 1;
	int rc = 1;
	if (diff_build(&d, &p, &p, &err) == TV_OK && ts_open(&term, "xterm-256color", 200, 50) == 0) {
		struct ui_opts o = {.color = 1, .ascii = 0};
		struct ui *u = ui_new_diff(path, path, &d, &o);
		if (u) {
			refresh();
			ui_draw(u);
			bu_step(u, "diff_tree", open2, 1);
			bu_step(u, "diff_hot", hot, 2);
			bu_step(u, "diff_all", all, 2);
			bu_step(u, "diff_sort", sort, 1);
			bu_step(u, "diff_flame", open4, 1);
			bu_step(u, "diff_zoom1", zoom, 2);
			bu_step(u, "diff_zoom2", zoom, 2);
			bu_step(u, "diff_zoom3", zoom, 2);
			bu_step(u, "diff_clock", clock, 1);
			bu_step(u, "diff_table", back, 1);
			ui_free(u);
			rc = 0;
		}
		ts_close(&term);
	}
	diff_free(&d);
	profile_free(&p);
	return rc;
}

int main(int argc, char **argv)
{
	double t_start = bu_now_ms();
	int jank = argc == 3 && strcmp(argv[1], "--jank") == 0;
	int diff = argc == 3 && strcmp(argv[1], "--diff") == 0;
	if (argc != 2 + jank + diff) {
		fputs("usage: bench_ui [--jank | --diff] TRACE\n", stderr);
		return 1;
	}
	argv += jank + diff;
	bu_locale();
	struct trace tr;
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	trace_init(&tr);
	if (load_file(&tr, argv[1], &err, errfile, sizeof errfile) != TV_OK) {
		char msg[512];
		tv_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "bench_ui: %s: %s\n", errfile[0] ? errfile : argv[1], msg);
		trace_free(&tr);
		return 1;
	}
	int rc = diff ? bu_diff(argv[1], &tr) : bu_run(argv[1], &tr, t_start, jank);
	trace_free(&tr);
	return rc;
}
