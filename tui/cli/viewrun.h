/* viewrun.h: --view, one pane of the UI printed as plain text.
 *
 * The pane is made from the registry (registry.h) on a session of the
 * trace (session.h), brought to the state --view asks for (its jobs
 * waited for), drawn into a pad on an off-screen terminal and read back
 * as text (panetext.h): the characters curses holds for each cell, UTF-8
 * or ASCII as the pane drew them, never colour. So --view prints exactly
 * what the pane shows at that size (docs/ui.md, "Views as text"). The
 * full-screen shell takes no part.
 */
#ifndef TV_VIEWRUN_H
#define TV_VIEWRUN_H

#include <stdint.h>
#include <stdio.h>

#include "analyze/diff.h"
#include "model/trace.h"

/* How the pane is made: ASCII only; scoped to the threads of scope
 * (trace.h; NULL: every thread; copied); loaded, the
 * loaded trace when tr is a view of it (the call lists' axis and main
 * thread; NULL: tr); --frame (0: the default); the trees' --sort as
 * ui_opts takes it (1 + enum pathtree_by, 0 the default; ascending; the
 * clock + 1, 0 the session's); --min-wait (µs, 0: the default). */
struct viewrun_opts {
	int ascii;
	const struct trace_sel *scope;
	const struct trace *loaded;
	uint64_t frame;
	int sort, sort_ascending, sort_clock;
	uint64_t min_wait;
};

/* What --view asks for: pane 1 table, 2 top-down tree, 3 bottom-up, 4
 * flame graph, 5 every call, 6 jank, 7 waits (registry_view()); clock -1 for the
 * default; method UINT32_MAX for the default selection; height 0: every
 * row. */
struct viewrun_req {
	int pane, width, height, clock;
	uint32_t method;
};

/* The whole of --view on tr (borrowed), written to out. 0, 1 on a write
 * error, 2 when out of memory or without a terminal description (said on
 * standard error). */
int viewrun_run(struct trace *tr, const struct viewrun_opts *o, const struct viewrun_req *req,
                FILE *out);

/* --diff --view: the diff screen's pane of registry row req->pane
 * (registry_view_on()) on d (borrowed), its files base and next, on
 * clock req->clock (every pane of the screen's); o's ASCII only. As
 * viewrun_run(). */
int viewrun_run_diff(const struct diff *d, const char *base, const char *next,
                     const struct viewrun_opts *o, const struct viewrun_req *req, FILE *out);

#endif
