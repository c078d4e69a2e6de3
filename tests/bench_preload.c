/* bench_preload.c: the keys of the full-screen UI timed while a big
 * trace's whole load runs behind its preview (session/preload.h).
 *
 *   bench_preload TRACE
 *
 * Opens TRACE as the view does a big file (its preview at once, the
 * whole load on its own thread: TRACE must be at least the preview's
 * threshold, TRACEVIEW_PREVIEW_BYTES), on an off-screen 200x50
 * xterm-256color terminal, draws the first frame, then replays a fixed
 * cycle of keys (moves, pages, the timeline's zoom and pan, the help, the
 * panes) through ui_key() + ui_draw(), one every 10 ms as a fast typist
 * would, until the whole trace is swapped in. Prints one "name value"
 * pair a line:
 *   first_frame_ms     program start to the preview's first frame
 *   final_ms           program start to the first frame of the whole trace
 *   keys_during_load   keys replayed while it loaded
 *   key_p99_ms, key_max_ms   a key and its redraw, while it loaded
 *   swap_ms            the frame that swapped the whole trace in
 * Built only by `make bench` (EXTRA_PROGRAMS). Exit status 0, or 1 with a
 * message on stderr.
 */
#include <curses.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "screentest.h"
#include "session/preload.h"
#include "shell/ui.h"

#define BP_KEYS 100000

static double bp_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int bp_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* What a user does on the preview: no prompt, so the swap never waits. */
static const int bp_cycle[] = {'j', 'j', 'j', KEY_NPAGE, KEY_PPAGE, 'k', '\t', 'w', 'w',
                               'd', 'a', 's', 'f', 'j', 'k', '\t', '?', 'j', '?', '2', 'j',
                               '1', '>', '<'};

/* Keys until the whole trace is in; the times into ms, their count. */
static int bp_keys(struct ui *u, struct preload *pl, double *ms, double *swap)
{
	struct timespec gap = {0, 10 * 1000 * 1000};
	int n = 0;
	size_t k = 0;
	while (n < BP_KEYS) {
		nanosleep(&gap, NULL);
		double t0 = bp_now_ms();
		if (preload_poll(pl) != 0) {  /* the next frame swaps it in */
			ui_draw(u);
			*swap = bp_now_ms() - t0;
			return n;
		}
		ui_key(u, bp_cycle[k++ % (sizeof bp_cycle / sizeof *bp_cycle)]);
		ui_draw(u);
		ms[n++] = bp_now_ms() - t0;
	}
	return n;
}

static int bp_run(const char *path, double t_start)
{
	struct ts_term term;
	struct session_opts so = {0};
	struct preload *pl = preload_wanted(path) ? preload_start(path, NULL, &so) : NULL;
	if (!pl) {
		fprintf(stderr, "bench_preload: %s gets no preview\n", path);
		return 1;
	}
	if (ts_open(&term, "xterm-256color", 200, 50) != 0) {
		fprintf(stderr, "bench_preload: cannot open an xterm-256color terminal\n");
		preload_free(pl);
		return 1;
	}
	struct ui_opts o = {.color = 1, .ascii = 0, .preload = pl};
	struct ui *u = ui_new(path, preload_preview(pl), &o);
	if (!u) {
		ts_close(&term);
		preload_free(pl);
		fprintf(stderr, "bench_preload: ui_new failed\n");
		return 1;
	}
	refresh();
	ui_draw(u);
	double first = bp_now_ms() - t_start, swap = 0;
	double *ms = malloc(BP_KEYS * sizeof *ms);
	int n = ms ? bp_keys(u, pl, ms, &swap) : 0;
	double final = bp_now_ms() - t_start;
	ui_free(u);
	ts_close(&term);
	int ok = preload_poll(pl) > 0;
	preload_free(pl);
	printf("first_frame_ms %.1f\nfinal_ms %.1f\nkeys_during_load %d\n", first, final, n);
	if (n) {
		qsort(ms, (size_t)n, sizeof *ms, bp_cmp);
		printf("key_p99_ms %.3f\nkey_max_ms %.3f\n", ms[(n * 99 + 99) / 100 - 1], ms[n - 1]);
	}
	printf("swap_ms %.3f\n", swap);
	free(ms);
	if (!ok)
		fprintf(stderr, "bench_preload: the whole load failed\n");
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	double t_start = bp_now_ms();
	if (argc != 2) {
		fputs("usage: bench_preload TRACE\n", stderr);
		return 1;
	}
	setlocale(LC_ALL, "");
	const char *cs = nl_langinfo(CODESET);
	if (!cs || strcmp(cs, "UTF-8") != 0)
		setlocale(LC_ALL, "C.UTF-8");
	setlocale(LC_NUMERIC, "C");
	return bp_run(argv[1], t_start);
}
