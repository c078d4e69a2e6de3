/* report.h: the profile as JSON (docs/numbers.md, "JSON report"), text and CSV.
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

#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "base/status.h"
#include "model/trace.h"
#include "analyze/derive.h"

/* How the profiled trace was seen (derive.h), for the reports' range,
 * transforms, app packages and categories (docs/numbers.md, "Time
 * ranges", "Transforms", "Categories"). */
struct report_view {
	const struct range *range;      /* NULL: no --range */
	int range_clock;                /* the axis: TV_WALL or TV_CPU */
	const char *const *transforms;  /* as given, in order */
	uint32_t ntransforms;
	const struct derive_glob *app;    /* --app; NULL: guessed from the profile */
	uint32_t napp;
};

/* v may be NULL (no range, no transforms, app packages guessed). */
enum tv_status report_json_view(FILE *out, const struct profile *p, const struct report_view *v);
enum tv_status report_json(FILE *out, const struct profile *p);
/* name is the trace's file name for the header. */
enum tv_status report_text_view(FILE *out, const struct profile *p, const char *name,
                                const struct report_view *v);
enum tv_status report_text(FILE *out, const struct profile *p, const char *name);

/* --format=waits (json 0) or waits-json (docs/numbers.md, "Wait time"):
 * per selected thread the innermost calls whose wait (incl wall - incl
 * CPU) reaches min_wait µs, longest first. origin is the timeline's 0
 * (derive_axis_origin() of the loaded trace) for start times. The trace
 * must have both clocks. TV_OK, TV_ERR_OUTPUT or TV_ERR_NOMEM. */
enum tv_status report_waits(FILE *out, const struct profile *p, uint64_t min_wait,
                            uint64_t origin, int json);
enum tv_status report_csv(FILE *out, const struct profile *p);

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

#endif
