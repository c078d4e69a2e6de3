/* report.h: every report, one header for the writers in write/report_*.c.
 *
 *   report_json.c, report_text.c, report_csv.c  the profile as JSON
 *       (docs/numbers.md, "JSON report"), text and CSV
 *   report_waits.c  the innermost calls that wait (--format=waits)
 *   report_tree.c   the call trees (--format=tree, tree-json)
 *   report_calls.c  every call of a method (methodcalls.h)
 *   report_jank.c   main-thread calls over the frame budget (jank.h)
 *   report_diff.c   two profiles compared (diff.h)
 *
 * Each writes one whole report to out (through an outbuf, see outbuf.h)
 * and returns TV_OK, TV_ERR_OUTPUT (a write failed) or TV_ERR_NOMEM (the
 * text report's scratch space and names, taken before anything is
 * written). Strings from the trace are escaped in every format:
 * JSON per RFC 8259, CSV per RFC 4180 with control bytes escaped, text with
 * control bytes and invalid UTF-8 shown as \xhh.
 */
#ifndef TV_REPORT_H
#define TV_REPORT_H

#include <stdio.h>

#include "analyze/derive.h"
#include "analyze/diff.h"
#include "analyze/jank.h"
#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "base/status.h"
#include "model/trace.h"

/* ------------------------------------------------------------ the profile */

/* How the profiled trace was seen (derive.h), for the reports' range,
 * transforms, app packages and categories (docs/numbers.md, "Time
 * ranges", "Transforms", "Categories"). */
struct report_view {
	const struct range *range;      /* NULL: no --range */
	int range_clock;                /* the axis: TV_WALL or TV_CPU */
	const char *const *transforms;  /* as given, in order */
	uint32_t ntransforms;
	const struct derive_glob *app;  /* --app; NULL: guessed from the profile */
	uint32_t napp;
};

/* v may be NULL (no range, no transforms, app packages guessed). */
enum tv_status report_json_view(FILE *out, const struct profile *p, const struct report_view *v);
enum tv_status report_json(FILE *out, const struct profile *p);
/* name is the trace's file name for the header. */
enum tv_status report_text_view(FILE *out, const struct profile *p, const char *name,
                                const struct report_view *v);
enum tv_status report_text(FILE *out, const struct profile *p, const char *name);
enum tv_status report_csv(FILE *out, const struct profile *p);

/* A thread as the text reports name it (the thread table, the category
 * section, the waits): "[tid] name", the name escaped and left out when
 * the trace has none; no newline. */
struct outbuf;
void report_text_thread_label(struct outbuf *ob, const struct trace *tr,
                              const struct tv_thread *th);

/* ------------------------------------------------------------ waits */

/* --format=waits (json 0) or waits-json (docs/numbers.md, "Wait time"):
 * per selected thread the innermost calls whose wait (incl wall - incl
 * CPU) reaches min_wait µs, longest first. origin is the timeline's 0
 * (derive_axis_origin() of the loaded trace) for start times. The trace
 * must have both clocks. TV_OK, TV_ERR_OUTPUT or TV_ERR_NOMEM. */
enum tv_status report_waits(FILE *out, const struct profile *p, uint64_t min_wait,
                            uint64_t origin, int json);

/* ------------------------------------------------------------ call trees */

/* Options of the call-tree reports (docs/cli.md, "--format=tree"). */
struct report_tree_opts {
	int json;               /* tree-json instead of indented text */
	int invert;             /* the tree is bottom-up (pathtree_build_inverted) */
	uint32_t depth;         /* levels below the root to print; 0: all */
	uint64_t min_ppm;       /* --min in millionths of a percent; 0: none */
};

/* The tree t (top-down, or bottom-up when o->invert) as text or JSON, in
 * its order (pathtree_sort_by()); --min tests the default column's number
 * whatever the order. Expands the nodes it prints children of (t keeps them).
 * TV_OK, TV_ERR_OUTPUT or TV_ERR_NOMEM. */
enum tv_status report_tree(FILE *out, struct pathtree *t, const struct report_tree_opts *o);

/* The text tree's title line: the columns, the clock of their numbers
 * and the order of the siblings. TV_OK or TV_ERR_OUTPUT. */
enum tv_status report_tree_title(FILE *out, const struct pathtree *t);

/* What tree-json writes of a node, for the diff tree to write the same:
 * its "\"class\": ..., \"name\": ..., \"signature\": ..." (null for the
 * toplevel and for a method never declared), and its ", \"calls\": ...,
 * \"incl_cpu_usec\": ... \"excl_wait_usec\": ..." (null for a clock tr
 * lacks). */
void report_tree_json_names(struct outbuf *out, const struct trace *tr, uint32_t method);
void report_tree_json_numbers(struct outbuf *out, const struct trace *tr,
                              const struct pathtree_node *n);

/* ------------------------------------------------------------ the diff tree */

/* Options of the diff tree's reports (docs/cli.md, "--diff --format=tree"). */
struct difftree_report_opts {
	int json;               /* tree-json's form instead of indented text */
	uint32_t depth;         /* levels below the root to print; 0: all */
	uint64_t min_ppm;       /* --min in millionths of a percent; 0: none */
	const char *name[2];    /* the text's A and B lines: the files */
};

/* The merged tree of a's and b's threads (difftree.h) on clock as text or
 * JSON, in the default order; --min keeps a node whose incl on clock
 * reaches the share of its run's toplevel incl in either run. TV_OK,
 * TV_ERR_OUTPUT or TV_ERR_NOMEM. */
enum tv_status difftree_report(FILE *out, const struct profile *a, const struct profile *b,
                               int clock, const struct difftree_report_opts *o);

/* ------------------------------------------------------------ every call */

/* Reports (docs/cli.md, "--format=calls"). method is the name as asked
 * (--method), printed in the header and as JSON "method"; clock the
 * summary's clock. Each returns TV_OK, TV_ERR_OUTPUT (a write failed) or
 * TV_ERR_NOMEM (before anything is written). */
enum tv_status methodcalls_report_text(FILE *out, const struct methodcalls *c, const char *method,
                                       int clock);
enum tv_status methodcalls_report_csv(FILE *out, const struct methodcalls *c);
enum tv_status methodcalls_report_json(FILE *out, const struct methodcalls *c, const char *method,
                                       int clock);

/* ------------------------------------------------------------ jank */

/* Reports (docs/cli.md, "--format=jank"): text, a fixed-width table with
 * each path below its row; JSON, one object. TV_OK or TV_ERR_OUTPUT. */
enum tv_status jank_report_text(FILE *out, const struct jank *j);
enum tv_status jank_report_json(FILE *out, const struct jank *j);

/* ------------------------------------------------------------ diff */

/* Reports: text (aligned, for people), csv (RFC 4180), json. Per clock
 * both runs, change in µs and %; non-recursive and recursive calls of each
 * run; added/removed marked. Each returns TV_OK or TV_ERR_OUTPUT (a write
 * failed). File names may be NULL (left out of the text, null in JSON).
 *
 * JSON (diff_report_json): one object, two-space indent, one method a line:
 *   {
 *     "schema": 2,                      // 2 since calls are split
 *     "base": {"file": "a.trace" | null, "clock": "dual", "threads": 2,
 *              "tid": null | 123},   // 123: one thread selected
 *     "new": {... the same for the new run ...},
 *     "clocks": ["cpu", "wall"],        // compared clocks (in both)
 *     "clock": "wall" | "cpu" | null,   // the sort clock
 *     "counts": {"changed": 3, "added": 1, "removed": 0, "same": 12},
 *     "toplevel": {"base": NUMS, "new": NUMS, "delta": NUMS},
 *     "methods": [
 *       {"class": "com.Foo" | null, "name": "bar" | null,
 *        "signature": "(I)V" | null,     // null: never declared
 *        "status": "changed" | "added" | "removed" | "same",
 *        "base": {"id": "0x1a2b", CALLS, NUMS} | null,   // null: added
 *        "new": {"id": "0x2b3c", CALLS, NUMS} | null,    // null: removed
 *        "delta": {CALLS, NUMS}}   // new − base, a missing run as 0
 *     ]
 *   }
 *   CALLS = "calls": N, "recursive_calls": N   (as in the single report:
 *          calls that are not recursive, and recursive ones)
 *   NUMS = "incl_cpu_usec": N, "excl_cpu_usec": N, "incl_wall_usec": N,
 *          "excl_wall_usec": N    (deltas signed; null for a clock not in
 *          both traces). "same": in both runs with equal calls, equal
 *          recursive calls and equal incl and excl on every compared
 *          clock. Methods are in row order.
 */
enum tv_status diff_report_text(FILE *out, const struct diff *d, const char *base_name,
                                const char *next_name);
enum tv_status diff_report_csv(FILE *out, const struct diff *d);
enum tv_status diff_report_json(FILE *out, const struct diff *d);
enum tv_status diff_report_json_named(FILE *out, const struct diff *d, const char *base_name,
                                      const char *next_name);

/* Differential folded stacks: "stack countBASE countNEW" (exclusive µs on
 * clock; calls in both runs when either is a trace without time, as
 * export_folded() counts them), stacks matched by frame names, for
 * flamegraph's difffolded.
 * Frames are named as export_folded() names them: "Class.name", with
 * signatures "Class.name(I)V" (each ';' of the signature as ','), or
 * "(unknown 0x1a2b)"; bytes escaped as in the text report (\\, \xHH) and
 * any other ';' as \x3b, so no frame holds ';', a newline or a control
 * byte. Lines with both counts 0 are left out; lines come depth first, the
 * children of a frame by frame name (bytes). clock should be one both
 * traces record: a run lacking it counts 0 everywhere. Returns TV_OK,
 * TV_ERR_NOMEM or TV_ERR_OUTPUT. */
enum tv_status diff_report_folded(FILE *out, const struct profile *base,
                                  const struct profile *next, int clock, int signatures);

#endif
