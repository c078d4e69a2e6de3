/* loading.c: the trace, the dump's bytes and the mapping read, with the
 * progress bar (see loading.h). */
#include "cli/loading.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "analyze/category.h"
#include "cli/msg.h"
#include "shell/ui.h"

/* A one-line bar on standard error while a load takes more than a
 * moment; only when standard error is a terminal. The engine calls every
 * few MiB (load.h); this decides when to draw. TRACEVIEW_TEST_PROGRESS
 * in the environment draws from the first call (tests/ui.sh). */
#define LOADING_BAR_DELAY 0.3    /* seconds before the first draw */
#define LOADING_BAR_EVERY 0.05   /* seconds between draws */
#define LOADING_BAR_CELLS 24

struct loading_bar {
	struct load_progress prog;
	const char *name;
	struct timespec start;
	double delay, last;
	int drawn;            /* columns on screen now; 0: nothing shown */
	int screen;           /* drawn on the view's loading screen (ui.h) */
	int ascii;
};

static double loading_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static int loading_term_cols(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

/* "traceview: reading NAME [#####-----]  45%" (or "  12 MiB" when the
 * size is not known), fitted to the terminal; the name is the basename,
 * its bytes outside printable ASCII shown as '?'. */
static void loading_bar_draw(void *ctx, enum load_stage stage, uint64_t done, uint64_t total)
{
	struct loading_bar *b = ctx;
	double t = loading_since(&b->start);
	if (t < b->delay || (b->drawn && t - b->last < LOADING_BAR_EVERY))
		return;
	b->last = t;
	const char *base = strrchr(b->name, '/');
	base = base && base[1] ? base + 1 : b->name;
	char name[32], line[160], cells[LOADING_BAR_CELLS + 1];
	size_t i;
	for (i = 0; base[i] && i < sizeof name - 1; i++)
		name[i] = base[i] >= 0x20 && base[i] < 0x7f ? base[i] : '?';
	name[i] = '\0';
	const char *what = stage == LOAD_STAGE_READ ? "reading" : "parsing";
	int n;
	if (total) {
		uint64_t pct = done >= total ? 100 : done * 100 / total;
		size_t full = (size_t)(pct * LOADING_BAR_CELLS / 100);
		memset(cells, '#', full);
		memset(cells + full, '-', LOADING_BAR_CELLS - full);
		cells[LOADING_BAR_CELLS] = '\0';
		n = snprintf(line, sizeof line, "traceview: %s %s [%s] %3u%%", what, name, cells,
		             (unsigned)pct);
	} else {
		n = snprintf(line, sizeof line, "traceview: %s %s %llu MiB", what, name,
		             (unsigned long long)(done >> 20));
	}
	if (b->screen) {  /* the view's own screen: no "traceview: " */
		ui_loading_show(line + strlen("traceview: "), b->ascii);
		b->drawn = 1;
		return;
	}
	int cols = loading_term_cols() - 1;
	if (n > cols)
		n = cols;
	/* pad over a longer previous line instead of relying on an erase code */
	fprintf(stderr, "\r%.*s%*s", n, line, b->drawn > n ? b->drawn - n : 0, "");
	fflush(stderr);
	b->drawn = n > b->drawn ? n : b->drawn;
}

/* Starts timing a load of path; prog is NULL when nothing may be drawn.
 * screen: on the view's loading screen, else on standard error. */
static const struct load_progress *loading_bar_start(struct loading_bar *b, const char *path,
                                                     int screen, int ascii)
{
	memset(b, 0, sizeof *b);
	b->screen = screen;
	b->ascii = ascii;
	if (!screen && !isatty(STDERR_FILENO))
		return NULL;
	b->prog.fn = loading_bar_draw;
	b->prog.ctx = b;
	b->name = msg_name(path);
	b->delay = getenv("TRACEVIEW_TEST_PROGRESS") ? 0 : LOADING_BAR_DELAY;
	clock_gettime(CLOCK_MONOTONIC, &b->start);
	return &b->prog;
}

/* The load ended: blank the bar's line, leave the cursor at its start. */
static void loading_bar_end(struct loading_bar *b)
{
	if (!b->drawn || b->screen)  /* the view draws over its screen */
		return;
	fprintf(stderr, "\r%*s\r", b->drawn, "");
	fflush(stderr);
	b->drawn = 0;
}

int loading_mapping(const char *file, struct mapping **map)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	*map = NULL;
	if (!file)
		return 0;
	if (mapping_load(file, map, &err) != TV_OK) {
		msg_error(file, &err);
		return MSG_EXIT_INPUT;
	}
	const size_t *lines;
	size_t nlines, n = mapping_warnings(*map, &lines, &nlines);
	for (size_t i = 0; i < nlines; i++)
		fprintf(stderr, "traceview: %s: line %zu: malformed line ignored\n", file, lines[i]);
	if (n > nlines)
		fprintf(stderr, "traceview: %s: %zu more malformed lines ignored\n", file, n - nlines);
	return 0;
}

/* How loading_load() builds the trace: sums only when tagger is set
 * (load_file_sums()), the calls without edge sums when no_esums. */
struct loading_how {
	const struct tv_tagger *tagger;
	int thread_sums;
	int no_esums;
};

static int loading_load(const char *path, const struct mapping *map, struct trace *tr,
                        int screen, int ascii, uint32_t pid, char *note,
                        const struct loading_how *how)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	struct loading_bar bar;
	const struct tv_tagger *tagger = how->tagger;
	struct load_opts lo = {.pid = pid, .no_esums = how->no_esums};
	const struct load_progress *prog = loading_bar_start(&bar, path, screen, ascii);
	trace_init(tr);
	enum tv_status st =
		tagger ? load_file_sums(tr, path, prog, &lo, tagger, how->thread_sums, &err, errfile,
		                        sizeof errfile)
		       : load_file_opts(tr, path, prog, &lo, &err, errfile, sizeof errfile);
	loading_bar_end(&bar);
	if (st == TV_OK && lo.note[0] && !screen)
		fprintf(stderr, "traceview: %s: %s\n", msg_name(path), lo.note);
	if (note)
		memcpy(note, lo.note, sizeof lo.note);
	if (screen && (st != TV_OK || (map && mapping_apply(map, tr) < 0))) {
		ui_loading_stop();
		if (st == TV_OK)
			return msg_oom(path);
	}
	if (st != TV_OK) {
		msg_error(errfile[0] ? errfile : path, &err);
		return MSG_EXIT_INPUT;
	}
	if (!screen && map && mapping_apply(map, tr) < 0)
		return msg_oom(path);
	return 0;
}

int loading_trace(const char *path, const struct mapping *map, struct trace *tr, int screen,
                  int ascii, uint32_t pid, char *note)
{
	const struct loading_how how = {NULL, 0, 0};
	return loading_load(path, map, tr, screen, ascii, pid, note, &how);
}

int loading_trace_calls(const char *path, const struct mapping *map, struct trace *tr,
                        uint32_t pid, char *note)
{
	const struct loading_how how = {NULL, 0, 1};
	return loading_load(path, map, tr, 0, 0, pid, note, &how);
}

int loading_trace_sums(const char *path, struct trace *tr, uint32_t pid, int thread_sums,
                       char *note)
{
	const struct tv_tagger tagger = {category_tag, NULL};
	const struct loading_how how = {&tagger, thread_sums, 0};
	return loading_load(path, NULL, tr, 0, 0, pid, note, &how);
}

enum tv_status loading_bytes(const char *path, load_bytes_fn fn, void *ctx)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	struct loading_bar bar;
	enum tv_status st = load_with_bytes(path, fn, ctx, loading_bar_start(&bar, path, 0, 0), &err,
	                                    errfile, sizeof errfile);
	loading_bar_end(&bar);
	if (st != TV_OK && st != TV_ERR_OUTPUT)
		msg_error(errfile[0] ? errfile : path, &err);
	return st;
}
