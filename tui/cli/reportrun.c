/* reportrun.c: one trace's report or export written (see reportrun.h). */
#include "cli/reportrun.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/jank.h"
#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "cli/formats.h"
#include "cli/loading.h"
#include "cli/msg.h"
#include "cli/resolve.h"
#include "cli/tty.h"
#include "model/load.h"

/* Whether files[0..n) holds the file out is (device and inode); frees
 * them. */
static int reportrun_same(const struct stat *out, char **files, int n, const char **which,
                          char *buf, size_t size)
{
	int same = 0;
	for (int i = 0; i < n; i++) {
		struct stat in;
		if (!same && stat(files[i], &in) == 0 && in.st_dev == out->st_dev &&
		    in.st_ino == out->st_ino) {
			snprintf(buf, size, "%s", files[i]);
			*which = buf;
			same = 1;
		}
		free(files[i]);
	}
	return same;
}

int reportrun_check_output(const struct request *rq)
{
	struct stat out;
	char name[4096];
	const char *which = NULL;
	if (!rq->output || stat(rq->output, &out) != 0)
		return 0;   /* a new file is no input */
	const char *inputs[3] = {rq->path[0], rq->diff ? rq->path[1] : NULL, rq->mapping};
	for (int i = 0; i < 3 && !which; i++) {
		char *files[2];
		int n = !inputs[i] ? 0 : i < 2 ? load_input_files(inputs[i], files)
		                               : (files[0] = strdup(inputs[i])) ? 1 : -1;
		if (n < 0)
			return msg_oom(rq->output);
		reportrun_same(&out, files, n, &which, name, sizeof name);
	}
	if (!which)
		return 0;
	fprintf(stderr, "traceview: %s: -o would overwrite an input (%s)\n", rq->output, which);
	return MSG_EXIT_INPUT;
}

int reportrun_open(const struct request *rq, struct outfile *out)
{
	if (outfile_open(out, rq->output) == 0)
		return 0;
	fprintf(stderr, "traceview: %s: %s\n", rq->output, strerror(errno));
	return MSG_EXIT_OUTPUT;
}

int reportrun_close(const struct request *rq, struct outfile *out, enum tv_status st)
{
	/* the reason of the writer's failure, before anything else sets errno */
	int e = st == TV_ERR_OUTPUT ? errno : 0;
	if (outfile_close(out, st == TV_OK) != 0) {
		e = e ? e : errno;
		st = st == TV_OK ? TV_ERR_OUTPUT : st;
	}
	if (st == TV_OK)
		return 0;
	fprintf(stderr, "traceview: %s: %s%s%s\n", rq->output ? rq->output : "standard output",
	        tv_status_str(st), e ? ": " : "", e ? strerror(e) : "");
	return MSG_EXIT_OUTPUT;
}

/* --format=dump reads the bytes twice (the trace for its names, then every
 * record) in one pass over the input, so standard input works too. */
struct reportrun_dumpctx {
	const struct request *rq;
	const struct mapping *map;
	struct trace tr;
	struct outfile out;
	int opened;
	int rc;   /* MSG_EXIT_OUTPUT: the output could not be opened (said) */
};

static enum tv_status reportrun_dump_bytes(void *ctx, const struct load_bytes *b,
                                           struct tv_error *err, int *err_in_data)
{
	struct reportrun_dumpctx *d = ctx;
	struct load_opts lo = {.pid = d->rq->pid};
	enum tv_status st = load_bytes_build_opts(&d->tr, b, &lo, err, err_in_data);
	if (st != TV_OK)
		return st;
	if (lo.note[0])   /* an ANR report's other dumps, as loading_trace() says */
		fprintf(stderr, "traceview: %s: %s\n", msg_name(d->rq->path[0]), lo.note);
	*err_in_data = 0;
	if (d->map && mapping_apply(d->map, &d->tr) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if ((d->rc = reportrun_open(d->rq, &d->out)) != 0)
		return TV_ERR_OUTPUT;
	d->opened = 1;
	struct fmt_in in = {.rq = d->rq, .names = &d->tr, .bytes = b, .err = err};
	return d->rq->format->write(d->out.f, &in);
}

int reportrun_dump(const struct request *rq, const struct mapping *map)
{
	struct reportrun_dumpctx d = {rq, map, {0}, {NULL, NULL, NULL}, 0, 0};
	int rc = 0;
	trace_init(&d.tr);
	enum tv_status st = loading_bytes(rq->path[0], reportrun_dump_bytes, &d);
	if (st != TV_OK && st != TV_ERR_OUTPUT) {
		st = TV_OK;
		rc = MSG_EXIT_INPUT;
	}
	if (d.opened) {
		int wrc = reportrun_close(rq, &d.out, st);
		rc = rc ? rc : wrc;
	}
	trace_free(&d.tr);
	return d.rc ? d.rc : rc;
}

/* What a format reads, built for the selection; each is released by
 * reportrun_inputs_free(), built or not. */
struct reportrun_inputs {
	struct profile p;
	struct pathtree tree;
	struct methodcalls calls;
	struct jank jank;
};

/* The call tree of the selection, sorted by --sort. */
static int reportrun_tree(const struct request *rq, const struct trace *names,
                          const struct trace *tr, int clock, struct pathtree *t)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct resolve_sel rs;
	const struct trace_sel *sel;
	int sort = 0, rc = resolve_threads(rq, rq->path[0], names, &rs, &sel);
	if (!rc)
		rc = resolve_sort(rq, tr, rq->path[0], &sort);
	enum tv_status st = TV_OK;
	if (!rc)
		st = rq->invert ? pathtree_build_inverted_set(t, tr, sel, clock, &err)
		                : pathtree_build_set(t, tr, sel, clock, &err);
	resolve_sel_free(&rs);
	if (rc)
		return rc;
	if (st != TV_OK) {
		msg_error(rq->path[0], &err);
		return MSG_EXIT_INPUT;
	}
	/* Before anything is expanded: only the roots to sort. */
	if (sort && pathtree_sort_by(t, clock, (enum pathtree_by)(sort - 1), rq->sort_ascending) !=
	                    TV_OK)
		return msg_oom(rq->path[0]);
	return 0;
}

/* The timeline's axis of the loaded trace: a view's calls start on it. */
static void reportrun_axis(const struct trace *loaded, struct methodcalls_axis *ax)
{
	ax->clock = derive_axis_clock(loaded);
	ax->origin = derive_axis_origin(loaded);
}

/* Every call of --method in tr (the loaded trace, or a view of it). */
static int reportrun_calls(const struct request *rq, const struct trace *loaded,
                           const struct trace *tr, struct methodcalls *c)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct methodcalls_axis ax;
	struct resolve_sel rs;
	const struct trace_sel *sel;
	uint8_t *want = NULL;
	int rc = resolve_threads(rq, rq->path[0], loaded, &rs, &sel);
	if (!rc)
		rc = resolve_method(rq, tr, rq->path[0], &want);
	reportrun_axis(loaded, &ax);
	if (!rc && methodcalls_collect_set(c, tr, want, sel, &ax, &err) != TV_OK) {
		msg_error(rq->path[0], &err);
		rc = MSG_EXIT_INPUT;
	}
	free(want);
	resolve_sel_free(&rs);
	return rc;
}

/* The app's packages of the jank causes when --app gives none: guessed
 * from the selection, as --format=json's categories are, into guess
 * (*n 0: none). 0, or an exit status. */
static int reportrun_jank_app(const struct request *rq, const struct trace *loaded,
                              const struct trace *tr, char *guess, size_t size, uint32_t *n)
{
	struct profile p = {0};   /* the guess reads methods, not lists */
	int rc = resolve_profile(rq, rq->path[0], loaded, tr, 1, &p);
	int g = rc ? 0 : category_guess_app(&p, guess, size);
	profile_free(&p);
	if (g < 0)
		return msg_oom(rq->path[0]);
	*n = g > 0;
	return rc;
}

/* Long frame-critical calls on the main thread, among the --thread ones
 * when given (jank_pick()), with their causes. */
static int reportrun_jank(const struct request *rq, const struct trace *loaded,
                          const struct trace *tr, struct jank *j)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct methodcalls_axis ax;
	struct resolve_sel rs;
	const struct trace_sel *sel;
	enum jank_rule rule;
	char guess[256];
	struct derive_glob one = {guess, 0};
	const struct derive_glob *app = rq->app ? rq->app : &one;
	uint32_t napp = rq->napp;
	if (resolve_threads(rq, rq->path[0], loaded, &rs, &sel) != 0)
		return MSG_EXIT_INPUT;
	uint32_t t = jank_pick(loaded, sel, &rule);   /* a view keeps the threads' order */
	resolve_sel_free(&rs);
	if (t == JANK_NONE) {
		fprintf(stderr, "traceview: %s: the trace has no thread with records\n",
		        msg_name(rq->path[0]));
		return MSG_EXIT_INPUT;
	}
	if (!rq->app) {
		int rc = reportrun_jank_app(rq, loaded, tr, guess, sizeof guess, &napp);
		if (rc)
			return rc;
		one.len = napp ? strlen(guess) : 0;
	}
	reportrun_axis(loaded, &ax);
	if (jank_find(j, tr, t, rq->frame_set ? rq->frame : JANK_FRAME_USEC, &ax, app, napp,
	              &err) != TV_OK) {
		msg_error(rq->path[0], &err);
		return MSG_EXIT_INPUT;
	}
	j->rule = rule;
	j->among = rq->nthreads > 0;
	return 0;
}

/* The clocks the format needs, in tr (an event index is no clock). */
static int reportrun_needs(const struct request *rq, const struct trace *tr)
{
	const struct fmt_row *f = rq->format;
	const char *name = msg_name(rq->path[0]), *clock = trace_clock_name(tr->clock);
	if ((f->needs & FMT_NEEDS_TIME) && trace_is_sequence(tr)) {
		fprintf(stderr, "traceview: %s: --format=%s needs times and this trace has none "
		        "(clock=%s: its axis counts events); speedscope and folded take it\n", name,
		        f->name, clock);
		return MSG_EXIT_INPUT;
	}
	if ((f->needs & FMT_NEEDS_WALL) && !trace_clock_usec(tr, TV_WALL)) {
		fprintf(stderr, "traceview: %s: --format=%s needs a wall clock (clock=%s)\n", name,
		        f->name, clock);
		return MSG_EXIT_INPUT;
	}
	if ((f->needs & FMT_NEEDS_CLOCKS) &&
	    !(trace_clock_usec(tr, TV_CPU) && trace_clock_usec(tr, TV_WALL))) {
		fprintf(stderr, "traceview: %s: --format=%s needs both clocks; the trace has %s "
		        "(clock=%s)\n", name, f->name, trace_is_sequence(tr) ? "none" : "one",
		        clock);
		return MSG_EXIT_INPUT;
	}
	return 0;
}

/* Builds what the format reads into b, and points in at it. */
static int reportrun_build(const struct request *rq, const struct trace *loaded,
                           const struct trace *tr, struct reportrun_inputs *b,
                           struct fmt_in *in)
{
	enum fmt_input what = rq->format->input;
	switch (what) {
	case FMT_IN_SUMS:
	case FMT_IN_SUM_METHODS:
	case FMT_IN_PROFILE:
	case FMT_IN_METHODS:
		in->p = &b->p;
		return resolve_profile(rq, rq->path[0], loaded, tr,
		                       what == FMT_IN_METHODS || what == FMT_IN_SUM_METHODS, &b->p);
	case FMT_IN_TREE:
		in->tree = &b->tree;
		return reportrun_tree(rq, loaded, tr, in->clock, &b->tree);
	case FMT_IN_CALLS:
		in->calls = &b->calls;
		return reportrun_calls(rq, loaded, tr, &b->calls);
	case FMT_IN_JANK:
		in->jank = &b->jank;
		return reportrun_jank(rq, loaded, tr, &b->jank);
	case FMT_IN_RECORDS:   /* reportrun_dump() */
		break;
	}
	return MSG_EXIT_INPUT;
}

int reportrun_calls_only(const struct request *rq)
{
	/* With --diff, folded compares two full profiles; the view builds the
	 * profile of every thread first, from the edge sums. */
	return rq->format->input == FMT_IN_METHODS && !rq->view && !rq->diff && !tty_wants_ui(rq);
}

int reportrun_sums(const struct request *rq, const struct mapping *map)
{
	/* A mapping renames methods after the load: their tags would be
	 * those of the old names. */
	enum fmt_input what = rq->format->input;
	return (what == FMT_IN_SUMS || what == FMT_IN_SUM_METHODS) && !rq->view && !rq->diff &&
	       !rq->nsteps && !map && !tty_wants_ui(rq);
}

int reportrun(const struct request *rq, const struct trace *loaded, struct trace *tr)
{
	struct reportrun_inputs b = {.p = {0}};
	struct fmt_in in = {.rq = rq, .loaded = loaded, .clock = trace_sort_clock(tr), .spent = tr};
	int rc = 0;
	if (fmt_uses(rq, 0) & FMT_USE_CLOCK)
		rc = resolve_clock(rq, tr, rq->path[0], &in.clock);
	if (!rc)
		rc = reportrun_needs(rq, tr);
	if (!rc)
		rc = reportrun_build(rq, loaded, tr, &b, &in);
	struct outfile out;
	if (!rc)
		rc = reportrun_open(rq, &out);
	if (!rc)
		rc = reportrun_close(rq, &out, rq->format->write(out.f, &in));
	profile_free(&b.p);
	pathtree_free(&b.tree);
	methodcalls_free(&b.calls);
	jank_free(&b.jank);
	return rc;
}
