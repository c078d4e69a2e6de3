/* reportrun.c: one trace's report or export written (see reportrun.h). */
#include "cli/reportrun.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/derive.h"
#include "analyze/jank.h"
#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "cli/formats.h"
#include "cli/loading.h"
#include "cli/msg.h"
#include "cli/resolve.h"
#include "write/export.h"
#include "write/report.h"

FILE *reportrun_open(const struct request *rq)
{
	if (!rq->output)
		return stdout;
	FILE *out = fopen(rq->output, "w");
	if (!out)
		fprintf(stderr, "traceview: %s: %s\n", rq->output, strerror(errno));
	return out;
}

int reportrun_close(const struct request *rq, FILE *out, enum tv_status st)
{
	if (fflush(out) != 0 || ferror(out))
		st = TV_ERR_OUTPUT;
	if (out != stdout && fclose(out) != 0)
		st = TV_ERR_OUTPUT;
	if (st == TV_OK)
		return 0;
	fprintf(stderr, "traceview: %s: %s\n", rq->output ? rq->output : "standard output",
	        tv_status_str(st));
	return MSG_EXIT_OUTPUT;
}

/* --format=dump reads the bytes twice (the trace for its names, then every
 * record) in one pass over the input, so standard input works too. */
struct reportrun_dumpctx {
	const struct request *rq;
	const struct mapping *map;
	struct trace tr;
	FILE *out;
	int rc;   /* MSG_EXIT_OUTPUT: the output could not be opened (said) */
};

static enum tv_status reportrun_dump_bytes(void *ctx, const struct load_bytes *b,
                                           struct tv_error *err, int *err_in_data)
{
	struct reportrun_dumpctx *d = ctx;
	enum tv_status st = load_bytes_build(&d->tr, b, err, err_in_data);
	if (st != TV_OK)
		return st;
	*err_in_data = 0;
	if (d->map && mapping_apply(d->map, &d->tr) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (!(d->out = reportrun_open(d->rq))) {
		d->rc = MSG_EXIT_OUTPUT;
		return TV_ERR_OUTPUT;
	}
	if (b->key)
		return export_dump_pair(d->out, &d->tr, b->key, b->keylen, b->data, b->datalen, err);
	return export_dump(d->out, &d->tr, b->data, b->datalen, err);
}

int reportrun_dump(const struct request *rq, const struct mapping *map)
{
	struct reportrun_dumpctx d = {rq, map, {0}, NULL, 0};
	int rc = 0;
	trace_init(&d.tr);
	enum tv_status st = loading_bytes(rq->path[0], reportrun_dump_bytes, &d);
	if (st != TV_OK && st != TV_ERR_OUTPUT) {
		st = TV_OK;
		rc = MSG_EXIT_INPUT;
	}
	if (d.out) {
		int wrc = reportrun_close(rq, d.out, st);
		rc = rc ? rc : wrc;
	}
	trace_free(&d.tr);
	return d.rc ? d.rc : rc;
}

static enum tv_status reportrun_write(FILE *out, const struct request *rq,
                                      const struct profile *p, int clock,
                                      const struct trace *loaded)
{
	struct export_opts eo = {clock, rq->signatures, rq->per_thread};
	struct report_view rv = {rq->has_range ? &rq->range : NULL, derive_axis_clock(loaded),
	                         rq->transforms, rq->ntransforms, rq->app, rq->napp};
	switch (rq->format) {
	case FMT_WAITS: case FMT_WAITS_JSON:
		return report_waits(out, p, rq->min_wait_set ? rq->min_wait : 16000,
		                    derive_axis_origin(loaded), rq->format == FMT_WAITS_JSON);
	case FMT_JSON: return report_json_view(out, p, &rv);
	case FMT_CSV: return report_csv(out, p);
	case FMT_FOLDED: return export_folded(out, p, &eo);
	case FMT_CHROME: return export_chrome(out, p, &eo);
	case FMT_SPEEDSCOPE: return export_speedscope(out, p, &eo);
	default: break;
	}
	return report_text_view(out, p, rq->path[0], &rv);
}

/* --format=tree or tree-json: the call tree of the selection. */
static int reportrun_tree(const struct request *rq, const struct trace *names,
                          const struct trace *tr, int clock)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct pathtree t = {0};
	uint32_t tid;
	if ((rq->thread && resolve_thread(rq, rq->path[0], names, &tid) != 0) ||
	    resolve_sort(rq, tr, rq->path[0]) != 0)
		return MSG_EXIT_INPUT;
	const uint32_t *sel = rq->thread ? &tid : NULL;
	enum tv_status st = rq->invert ? pathtree_build_inverted(&t, tr, sel, clock, &err)
	                               : pathtree_build(&t, tr, sel, clock, &err);
	if (st != TV_OK) {
		msg_error(rq->path[0], &err);
		return MSG_EXIT_INPUT;
	}
	/* Before anything is expanded: only the roots to sort. */
	if (rq->sort && pathtree_sort_by(&t, clock, (enum pathtree_by)(rq->sort - 1),
	                                 rq->sort_ascending) != TV_OK) {
		pathtree_free(&t);
		return msg_oom(rq->path[0]);
	}
	FILE *out = reportrun_open(rq);
	int rc = MSG_EXIT_OUTPUT;
	if (out) {
		struct report_tree_opts ro = {rq->format == FMT_TREE_JSON, rq->invert, rq->depth,
		                              rq->min_ppm};
		rc = reportrun_close(rq, out, report_tree(out, &t, &ro));
	}
	pathtree_free(&t);
	return rc;
}

/* The timeline's axis of the loaded trace: a view's calls start on it. */
static void reportrun_axis(const struct trace *loaded, struct methodcalls_axis *ax)
{
	ax->clock = derive_axis_clock(loaded);
	ax->origin = derive_axis_origin(loaded);
}

/* --format=calls, calls-csv or calls-json: every call of --method in tr
 * (the loaded trace, or a view of it). */
static int reportrun_calls(const struct request *rq, const struct trace *loaded,
                           const struct trace *tr, int clock)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct methodcalls c = {0};
	struct methodcalls_axis ax;
	uint32_t tid;
	if (rq->thread && resolve_thread(rq, rq->path[0], loaded, &tid) != 0)
		return MSG_EXIT_INPUT;
	uint8_t *want;
	int rc = resolve_method(rq, tr, rq->path[0], &want);
	reportrun_axis(loaded, &ax);
	if (!rc && methodcalls_collect(&c, tr, want, rq->thread ? &tid : NULL, &ax, &err) != TV_OK) {
		msg_error(rq->path[0], &err);
		rc = MSG_EXIT_INPUT;
	}
	free(want);
	FILE *out = rc ? NULL : reportrun_open(rq);
	if (!rc && !out)
		rc = MSG_EXIT_OUTPUT;
	if (!rc) {
		enum tv_status st =
		        rq->format == FMT_CALLS_CSV    ? methodcalls_report_csv(out, &c)
		        : rq->format == FMT_CALLS_JSON ? methodcalls_report_json(out, &c, rq->method, clock)
		                                       : methodcalls_report_text(out, &c, rq->method, clock);
		rc = reportrun_close(rq, out, st);
	}
	methodcalls_free(&c);
	return rc;
}

/* --format=jank or jank-json: long frame-critical calls on the main
 * thread (or the --thread one). */
static int reportrun_jank(const struct request *rq, const struct trace *loaded,
                          const struct trace *tr)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct jank j = {0};
	struct methodcalls_axis ax;
	uint32_t tid, t = jank_main_thread(loaded);   /* a view keeps the threads' order */
	if (!tr->has_clock[TV_WALL]) {
		fprintf(stderr, "traceview: %s: --format=%s needs a wall clock (clock=%s)\n",
		        msg_name(rq->path[0]), fmt_names[rq->format], trace_clock_name(tr->clock));
		return MSG_EXIT_INPUT;
	}
	if (rq->thread) {
		if (resolve_thread(rq, rq->path[0], loaded, &tid) != 0)
			return MSG_EXIT_INPUT;
		t = trace_find_thread(loaded, tid);
	}
	if (t == JANK_NONE) {
		fprintf(stderr, "traceview: %s: the trace has no thread with records\n",
		        msg_name(rq->path[0]));
		return MSG_EXIT_INPUT;
	}
	reportrun_axis(loaded, &ax);
	if (jank_find(&j, tr, t, rq->frame_set ? rq->frame : JANK_FRAME_USEC, &ax, &err) != TV_OK) {
		msg_error(rq->path[0], &err);
		return MSG_EXIT_INPUT;
	}
	FILE *out = reportrun_open(rq);
	int rc = MSG_EXIT_OUTPUT;
	if (out)
		rc = reportrun_close(rq, out, rq->format == FMT_JANK_JSON ? jank_report_json(out, &j)
		                                                          : jank_report_text(out, &j));
	jank_free(&j);
	return rc;
}

int reportrun(const struct request *rq, const struct trace *loaded, const struct trace *tr)
{
	struct profile p = {0};
	int clock = trace_sort_clock(tr), rc = 0;
	if (fmt_uses(rq, 0) & FMT_USE_CLOCK)
		rc = resolve_clock(rq, tr, rq->path[0], &clock);
	if (!rc && (rq->format == FMT_TREE || rq->format == FMT_TREE_JSON))
		return reportrun_tree(rq, loaded, tr, clock);
	if (!rc && fmt_is_calls(rq->format))
		return reportrun_calls(rq, loaded, tr, clock);
	if (!rc && fmt_is_jank(rq->format))
		return reportrun_jank(rq, loaded, tr);
	if (!rc && (rq->format == FMT_WAITS || rq->format == FMT_WAITS_JSON) &&
	    !(tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL])) {
		fprintf(stderr, "traceview: %s: --format=%s needs both clocks; the trace has one "
		        "(clock=%s)\n", msg_name(rq->path[0]), fmt_names[rq->format],
		        trace_clock_name(tr->clock));
		return MSG_EXIT_INPUT;
	}
	if (!rc)
		rc = resolve_profile(rq, rq->path[0], loaded, tr, &p);
	FILE *out = rc ? NULL : reportrun_open(rq);
	if (!rc && !out)
		rc = MSG_EXIT_OUTPUT;
	if (!rc)
		rc = reportrun_close(rq, out, reportrun_write(out, rq, &p, clock, loaded));
	profile_free(&p);
	return rc;
}
