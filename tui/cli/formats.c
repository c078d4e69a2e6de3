/* formats.c: the format table and its writers, and the panes of --view
 * (see formats.h). */
#include "cli/formats.h"

#include <limits.h>

#include "analyze/derive.h"
#include "analyze/waits.h"
#include "panes/registry.h"
#include "write/export.h"
#include "write/report.h"

/* ------------------------------------------------------------ writers */

static struct report_view fmt_report_view(const struct fmt_in *in)
{
	const struct request *rq = in->rq;
	return (struct report_view){rq->has_range ? &rq->range : NULL,
	                            derive_axis_clock(in->loaded), rq->transforms,
	                            rq->ntransforms, rq->app, rq->napp};
}

/* A thread the export has read for the last time: its calls go. */
static void fmt_walked(void *ctx, uint32_t thread)
{
	struct trace *tr = ctx;
	trace_thread_free_calls(&tr->threads[thread]);
}

/* An export of the profile, on the output's clock. */
static enum tv_status fmt_export(FILE *out, const struct fmt_in *in,
                                 enum tv_status (*fn)(FILE *, const struct profile *,
                                                      const struct export_opts *))
{
	struct export_opts eo = {in->clock, in->rq->signatures, in->rq->per_thread,
	                         in->spent ? fmt_walked : NULL, in->spent};
	return fn(out, in->p, &eo);
}

static enum tv_status fmt_text(FILE *out, const struct fmt_in *in)
{
	struct report_view rv = fmt_report_view(in);
	return report_text_view(out, in->p, in->rq->path[0], &rv);
}

static enum tv_status fmt_csv(FILE *out, const struct fmt_in *in)
{
	return report_csv(out, in->p);
}

static enum tv_status fmt_json(FILE *out, const struct fmt_in *in)
{
	struct report_view rv = fmt_report_view(in);
	return report_json_view(out, in->p, &rv);
}

static enum tv_status fmt_folded(FILE *out, const struct fmt_in *in)
{
	return fmt_export(out, in, export_folded);
}

static enum tv_status fmt_chrome(FILE *out, const struct fmt_in *in)
{
	return fmt_export(out, in, export_chrome);
}

static enum tv_status fmt_speedscope(FILE *out, const struct fmt_in *in)
{
	return fmt_export(out, in, export_speedscope);
}

static enum tv_status fmt_dump(FILE *out, const struct fmt_in *in)
{
	const struct load_bytes *b = in->bytes;
	if (b->key)
		return export_dump_pair(out, in->names, b->key, b->keylen, b->data, b->datalen, in->err);
	return export_dump(out, in->names, b->data, b->datalen, in->rq->pid, in->err);
}

static enum tv_status fmt_tree_as(FILE *out, const struct fmt_in *in, int json)
{
	const struct request *rq = in->rq;
	struct report_tree_opts ro = {json, rq->invert, rq->depth, rq->min_ppm};
	/* The text names the clock it sorts by (the view's trees sort by CPU,
	 * these by wall unless --clock says otherwise). */
	enum tv_status st = json ? TV_OK : report_tree_title(out, in->tree);
	return st == TV_OK ? report_tree(out, in->tree, &ro) : st;
}

static enum tv_status fmt_tree(FILE *out, const struct fmt_in *in)
{
	return fmt_tree_as(out, in, 0);
}

static enum tv_status fmt_tree_json(FILE *out, const struct fmt_in *in)
{
	return fmt_tree_as(out, in, 1);
}

static enum tv_status fmt_waits_as(FILE *out, const struct fmt_in *in, int json)
{
	const struct request *rq = in->rq;
	return report_waits(out, in->p, rq->min_wait_set ? rq->min_wait : WAITS_MIN_USEC,
	                    derive_axis_origin(in->loaded), json);
}

static enum tv_status fmt_waits(FILE *out, const struct fmt_in *in)
{
	return fmt_waits_as(out, in, 0);
}

static enum tv_status fmt_waits_json(FILE *out, const struct fmt_in *in)
{
	return fmt_waits_as(out, in, 1);
}

static enum tv_status fmt_calls(FILE *out, const struct fmt_in *in)
{
	return methodcalls_report_text(out, in->calls, in->rq->method, in->clock);
}

static enum tv_status fmt_calls_csv(FILE *out, const struct fmt_in *in)
{
	return methodcalls_report_csv(out, in->calls);
}

static enum tv_status fmt_calls_json(FILE *out, const struct fmt_in *in)
{
	return methodcalls_report_json(out, in->calls, in->rq->method, in->clock);
}

static enum tv_status fmt_jank(FILE *out, const struct fmt_in *in)
{
	return jank_report_text(out, in->jank);
}

static enum tv_status fmt_jank_json(FILE *out, const struct fmt_in *in)
{
	return jank_report_json(out, in->jank);
}

/* --diff's writers */

static enum tv_status fmt_diff_text(FILE *out, const struct fmt_diff_in *in)
{
	return diff_report_text(out, in->d, in->rq->path[0], in->rq->path[1]);
}

static enum tv_status fmt_diff_csv(FILE *out, const struct fmt_diff_in *in)
{
	return diff_report_csv(out, in->d);
}

static enum tv_status fmt_diff_json(FILE *out, const struct fmt_diff_in *in)
{
	return diff_report_json_named(out, in->d, in->rq->path[0], in->rq->path[1]);
}

static enum tv_status fmt_diff_folded(FILE *out, const struct fmt_diff_in *in)
{
	return diff_report_folded(out, in->p[0], in->p[1], in->clock, in->rq->signatures);
}

static enum tv_status fmt_diff_tree_as(FILE *out, const struct fmt_diff_in *in, int json)
{
	const struct request *rq = in->rq;
	struct difftree_report_opts o = {json, rq->depth, rq->min_ppm, {rq->path[0], rq->path[1]}};
	return difftree_report(out, in->p[0], in->p[1], in->clock, &o);
}

static enum tv_status fmt_diff_tree(FILE *out, const struct fmt_diff_in *in)
{
	return fmt_diff_tree_as(out, in, 0);
}

static enum tv_status fmt_diff_tree_json(FILE *out, const struct fmt_diff_in *in)
{
	return fmt_diff_tree_as(out, in, 1);
}

/* ------------------------------------------------------------ the tables */

/* What every report of a trace reads; a diff reads the gate too. */
#define FMT_BASE (FMT_USE_THREAD | FMT_USE_STEPS)
#define FMT_DIFF (FMT_BASE | FMT_USE_GATE)
#define FMT_EXPORT (FMT_BASE | FMT_USE_CLOCK | FMT_USE_SIGNATURES)
#define FMT_TREES (FMT_BASE | FMT_USE_CLOCK | FMT_USE_TREE | FMT_USE_SORT)
#define FMT_CALLS (FMT_BASE | FMT_USE_CLOCK | FMT_USE_METHOD)
/* The diff tree: top-down only (--invert is refused), in its own order. */
#define FMT_DIFF_TREES (FMT_DIFF | FMT_USE_CLOCK | FMT_USE_TREE)

static const struct fmt_row fmt_rows[] = {
	{.name = "text", .input = FMT_IN_SUMS, .uses = FMT_BASE, .write = fmt_text,
	 .write_diff = fmt_diff_text, .diff_uses = FMT_DIFF},
	{.name = "csv", .input = FMT_IN_SUM_METHODS, .uses = FMT_BASE, .write = fmt_csv,
	 .write_diff = fmt_diff_csv, .diff_uses = FMT_DIFF},
	{.name = "json", .input = FMT_IN_SUMS, .uses = FMT_BASE, .write = fmt_json,
	 .write_diff = fmt_diff_json, .diff_uses = FMT_DIFF},
	{.name = "folded", .input = FMT_IN_METHODS, .uses = FMT_EXPORT | FMT_USE_PER_THREAD,
	 .write = fmt_folded,
	 .write_diff = fmt_diff_folded, .diff_uses = FMT_EXPORT | FMT_USE_GATE},
	{.name = "chrome", .input = FMT_IN_METHODS, .needs = FMT_NEEDS_TIME, .uses = FMT_EXPORT,
	 .write = fmt_chrome},
	{.name = "dump", .input = FMT_IN_RECORDS, .write = fmt_dump},
	{.name = "speedscope", .input = FMT_IN_METHODS, .uses = FMT_EXPORT, .write = fmt_speedscope},
	{.name = "tree", .input = FMT_IN_TREE, .uses = FMT_TREES, .write = fmt_tree,
	 .write_diff = fmt_diff_tree, .diff_uses = FMT_DIFF_TREES},
	{.name = "tree-json", .input = FMT_IN_TREE, .uses = FMT_TREES, .write = fmt_tree_json,
	 .write_diff = fmt_diff_tree_json, .diff_uses = FMT_DIFF_TREES},
	{.name = "waits", .needs = FMT_NEEDS_CLOCKS, .uses = FMT_BASE | FMT_USE_WAITS,
	 .write = fmt_waits, .nodiff = FMT_NODIFF_LAST},
	{.name = "waits-json", .needs = FMT_NEEDS_CLOCKS, .uses = FMT_BASE | FMT_USE_WAITS,
	 .write = fmt_waits_json, .nodiff = FMT_NODIFF_LAST},
	{.name = "calls", .input = FMT_IN_CALLS, .needs = FMT_NEEDS_METHOD, .uses = FMT_CALLS,
	 .write = fmt_calls, .nodiff = FMT_NODIFF_AFTER_NEEDS},
	{.name = "calls-csv", .input = FMT_IN_CALLS, .needs = FMT_NEEDS_METHOD, .uses = FMT_CALLS,
	 .write = fmt_calls_csv, .nodiff = FMT_NODIFF_AFTER_NEEDS},
	{.name = "calls-json", .input = FMT_IN_CALLS, .needs = FMT_NEEDS_METHOD, .uses = FMT_CALLS,
	 .write = fmt_calls_json, .nodiff = FMT_NODIFF_AFTER_NEEDS},
	{.name = "jank", .input = FMT_IN_JANK, .needs = FMT_NEEDS_WALL,
	 .uses = FMT_BASE | FMT_USE_FRAME, .write = fmt_jank, .nodiff = FMT_NODIFF_AFTER_NEEDS},
	{.name = "jank-json", .input = FMT_IN_JANK, .needs = FMT_NEEDS_WALL,
	 .uses = FMT_BASE | FMT_USE_FRAME, .write = fmt_jank_json, .nodiff = FMT_NODIFF_AFTER_NEEDS},
};

#define FMT_NROWS (sizeof fmt_rows / sizeof fmt_rows[0])

/* What every pane of --view reads; the registry says what more a pane
 * reads (registry.h). */
#define FMT_PANE (FMT_BASE | FMT_USE_CLOCK | FMT_USE_METHOD | FMT_USE_ASCII | FMT_USE_SIZE)

/* The full-screen view starts with the steps applied, on --clock (a
 * diff's view on its own clock). */
#define FMT_UI (FMT_BASE | FMT_USE_COLOR | FMT_USE_ASCII | FMT_USE_FRAME | FMT_USE_SRC | \
                FMT_USE_SORT | FMT_USE_WAITS)

const struct fmt_row *fmt_table(unsigned *n)
{
	*n = FMT_NROWS;
	return fmt_rows;
}

const struct fmt_row *fmt_default(void)
{
	return &fmt_rows[0];
}

const char *fmt_word(unsigned i)
{
	return i < FMT_NROWS ? fmt_rows[i].name : NULL;
}

const char *fmt_diff_word(unsigned i)
{
	for (size_t k = 0; k < FMT_NROWS; k++)
		if (fmt_rows[k].write_diff && i-- == 0)
			return fmt_rows[k].name;
	return NULL;
}

const char *fmt_view_word(unsigned i)
{
	return i < INT_MAX ? registry_view_name((int)i + 1) : NULL;
}

int fmt_diff_view(const struct request *rq)
{
	const char *name = rq->view ? fmt_view_word((unsigned)rq->view - 1) : NULL;
	return name ? registry_view_on(REGISTRY_DIFF, name) : -1;
}

const char *fmt_diff_view_word(unsigned i)
{
	for (unsigned k = 0; fmt_view_word(k); k++)
		if (registry_view_on(REGISTRY_DIFF, fmt_view_word(k)) >= 0 && i-- == 0)
			return fmt_view_word(k);
	return NULL;
}

/* What --view's pane n (from 1) reads. */
static unsigned fmt_view_uses(int n)
{
	unsigned more = registry_view_opts(n);
	return FMT_PANE | (more & REGISTRY_VIEW_SORT ? FMT_USE_SORT : 0) |
	       (more & REGISTRY_VIEW_FRAME ? FMT_USE_FRAME : 0) |
	       (more & REGISTRY_VIEW_WAITS ? FMT_USE_WAITS : 0);
}

unsigned fmt_uses(const struct request *rq, int ui)
{
	if (ui)
		return rq->diff ? FMT_UI : FMT_UI | FMT_USE_CLOCK;
	if (rq->view && rq->diff)  /* the diff screen's panes take no --sort, --method, --frame */
		return FMT_PANE & ~FMT_USE_METHOD;
	if (rq->view)
		return fmt_view_uses(rq->view);
	return rq->diff ? rq->format->diff_uses : rq->format->uses;
}
