/* resolve.c: the options found in a loaded trace (see resolve.h). */
#include "cli/resolve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/derive.h"
#include "analyze/match.h"
#include "analyze/pathtree.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "cli/msg.h"
#include "cli/options.h"

#define RESOLVE_LIST_MAX 20   /* threads named in a --thread error */

/* ", [tid] name" for threads idx[0..n) of count, escaped like the text
 * report escapes names; "... and N more" past the list. */
static void resolve_list_threads(const struct trace *tr, const uint32_t *idx, uint32_t n,
                                 uint32_t count)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct tv_thread *th = &tr->threads[idx[i]];
		fprintf(stderr, "%s[%lu]", i ? ", " : "", (unsigned long)th->tid);
		if (trace_str(tr, th->name)) {
			fputc(' ', stderr);
			textesc_text(stderr, trace_str(tr, th->name), th->name.len);
		}
	}
	if (count > n)
		fprintf(stderr, ", ... and %lu more", (unsigned long)(count - n));
}

/* One line: spec names no thread (listing the trace's), or names n of
 * them as a plain name (idx: the first ones), so it is ambiguous. */
static int resolve_thread_error(const char *path, const struct trace *tr, const char *spec,
                                uint32_t *idx, uint32_t n)
{
	fprintf(stderr, "traceview: %s: ", msg_name(path));
	if (n > 1) {
		fputs("thread '", stderr);
		textesc_text(stderr, spec, strlen(spec));
		fputs("' is ambiguous: ", stderr);
		resolve_list_threads(tr, idx, n < RESOLVE_LIST_MAX ? n : RESOLVE_LIST_MAX, n);
	} else {
		fputs("no such thread '", stderr);
		textesc_text(stderr, spec, strlen(spec));
		n = tr->nthreads;
		fputs(n ? "'; threads: " : "'; the trace has no threads", stderr);
		for (uint32_t i = 0; i < n && i < RESOLVE_LIST_MAX; i++)
			idx[i] = i;
		resolve_list_threads(tr, idx, n < RESOLVE_LIST_MAX ? n : RESOLVE_LIST_MAX, n);
	}
	fputc('\n', stderr);
	return MSG_EXIT_INPUT;
}

static int resolve_tid_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

int resolve_threads(const struct request *rq, const char *path, const struct trace *tr,
                    struct resolve_sel *rs, const struct trace_sel **sel)
{
	*rs = (struct resolve_sel){{NULL, 0}, NULL};
	*sel = NULL;
	if (!rq->nthreads)
		return 0;
	/* each value names at most every thread (and the error lists 20) */
	size_t room = (size_t)rq->nthreads * tr->nthreads + RESOLVE_LIST_MAX;
	uint32_t *idx = malloc(room * sizeof *idx), n = 0;
	if (!idx || !(rs->tids = malloc(room * sizeof *rs->tids))) {
		free(idx);
		return msg_oom(path);
	}
	for (uint32_t i = 0; i < rq->nthreads; i++) {
		int all;
		uint32_t k = match_threads(tr, rq->threads[i], idx, tr->nthreads, &all);
		if (k == 0 || (k > 1 && !all)) {
			int rc = resolve_thread_error(path, tr, rq->threads[i], idx, k);
			free(idx);
			return rc;
		}
		for (uint32_t j = 0; j < k; j++)
			rs->tids[n++] = tr->threads[idx[j]].tid;
	}
	free(idx);
	qsort(rs->tids, n, sizeof *rs->tids, resolve_tid_cmp);
	rs->sel.n = 0;
	for (uint32_t i = 0; i < n; i++)
		if (!i || rs->tids[i] != rs->tids[i - 1])
			rs->tids[rs->sel.n++] = rs->tids[i];
	rs->sel.tids = rs->tids;
	*sel = &rs->sel;
	return 0;
}

void resolve_sel_free(struct resolve_sel *rs)
{
	free(rs->tids);
	rs->tids = NULL;
}

int resolve_clock(const struct request *rq, const struct trace *tr, const char *path, int *clock)
{
	if (rq->clock < 0 || (!tr->has_clock[rq->clock] && opts_from_config(rq, "clock"))) {
		*clock = trace_sort_clock(tr);
		return 0;
	}
	if (!tr->has_clock[rq->clock]) {
		fprintf(stderr, "traceview: %s: the trace has no %s clock (clock=%s)\n", msg_name(path),
		        rq->clock == TV_CPU ? "CPU" : "wall", trace_clock_name(tr->clock));
		return MSG_EXIT_INPUT;
	}
	*clock = rq->clock;
	return 0;
}

int resolve_sort(const struct request *rq, const struct trace *tr, const char *path, int *sort)
{
	enum pathtree_by by = (enum pathtree_by)(rq->sort - 1);
	if (rq->sort_events && !trace_is_sequence(tr)) {
		fprintf(stderr, "traceview: %s: --sort=%s: only a dump without time counts events; "
		        "this trace has time (clock=%s)\n", msg_name(path),
		        by == PATHTREE_BY_INCL_WALL ? "incl_events" : "excl_events",
		        trace_clock_name(tr->clock));
		return MSG_EXIT_INPUT;
	}
	*sort = rq->sort;
	if (!rq->sort || pathtree_by_available(tr, by))
		return 0;
	*sort = 0;
	if (opts_from_config(rq, "sort"))
		return 0;
	const char *needs = by == PATHTREE_BY_INCL_WAIT || by == PATHTREE_BY_EXCL_WAIT ? "both clocks"
	                    : by == PATHTREE_BY_INCL_CPU || by == PATHTREE_BY_EXCL_CPU ? "the CPU clock"
	                                                                             : "the wall clock";
	fprintf(stderr, "traceview: %s: --sort=%s needs %s; the trace has %s (clock=%s)\n",
	        msg_name(path), pathtree_by_name(by), needs,
	        trace_is_sequence(tr) ? "none" : "one", trace_clock_name(tr->clock));
	return MSG_EXIT_INPUT;
}

int resolve_method(const struct request *rq, const struct trace *tr, const char *path,
                   uint8_t **want)
{
	uint32_t n = 0;
	if (!(*want = calloc(tr->nmethods ? tr->nmethods : 1, 1)))
		return msg_oom(path);
	for (uint32_t i = 0; i < tr->nmethods; i++)
		n += (*want)[i] = (uint8_t)match_method(&rq->method_spec, tr, i);
	if (n)
		return 0;
	free(*want);
	*want = NULL;
	fprintf(stderr, "traceview: %s: no method matches --method=", msg_name(path));
	textesc_text(stderr, rq->method, strlen(rq->method));
	fputc('\n', stderr);
	return MSG_EXIT_INPUT;
}

int resolve_profile(const struct request *rq, const char *path, const struct trace *names,
                    const struct trace *tr, int methods_only, struct profile *p)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct resolve_sel rs;
	const struct trace_sel *sel;
	int rc = resolve_threads(rq, path, names, &rs, &sel);
	/* The command line writes each list once, in order: written out,
	 * they are read in order too (profile.h). */
	if (!rc && (methods_only ? profile_build_methods(p, tr, sel, &err)
	                         : profile_build_placed(p, tr, sel, &err)) != TV_OK) {
		msg_error(path, &err);
		rc = MSG_EXIT_INPUT;
	}
	resolve_sel_free(&rs);
	return rc;
}

int resolve_range_outside_text(const struct request *rq, const struct trace *tr, char *buf,
                               size_t n)
{
	char end[32];
	if (!rq->has_range || !derive_range_outside(tr, &rq->range))
		return 0;
	/* the range is steps[0], its text made by range_format() */
	int k = snprintf(buf, n, "--range=%s lies outside the trace: its timeline runs from 0 to ",
	                 rq->steps[0].text);
	size_t at = k > 0 && (size_t)k < n ? (size_t)k : n;
	if (trace_is_sequence(tr)) {
		snprintf(buf + at, n - at, "%llu events (no time)",
		         (unsigned long long)derive_axis_end(tr));
		return 1;
	}
	numfmt_ms(end, sizeof end, derive_axis_end(tr));
	snprintf(buf + at, n - at, "%s ms (%s clock)", end,
	         derive_axis_clock(tr) == TV_WALL ? "wall" : "CPU");
	return 1;
}

/* A --range past the end of tr gives only zeros: said, so an all-zero
 * report is not read as an idle app. */
static void resolve_range_outside(const struct request *rq, const char *path,
                                  const struct trace *tr)
{
	char why[300];
	if (resolve_range_outside_text(rq, tr, why, sizeof why))
		fprintf(stderr, "traceview: warning: %s: %s\n", msg_name(path), why);
}

const char *resolve_range_misfit(const struct request *rq, const struct trace *tr)
{
	if (!rq->has_range || derive_range_fits(tr, &rq->range))
		return NULL;
	if (rq->range.events)
		return "ev counts events, for dumps without time; this trace has time: "
		       "use us, ms or s";
	return "this trace has no time (its axis counts events): give the range in events, "
	       "e.g. --range=100ev..500ev";
}

int resolve_range(const struct request *rq, const char *path, const struct trace *tr)
{
	const char *why = resolve_range_misfit(rq, tr);
	if (!why)
		return 0;
	fprintf(stderr, "traceview: %s: --range=%s: %s\n", msg_name(path), rq->steps[0].text, why);
	return MSG_EXIT_INPUT;
}

int resolve_steps(const struct request *rq, const char *path, struct trace *tr,
                  struct trace *view, struct trace **use)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	*use = NULL;
	if (resolve_range(rq, path, tr) != 0)
		return MSG_EXIT_INPUT;
	resolve_range_outside(rq, path, tr);
	*use = tr;
	if (!rq->nsteps)
		return 0;
	*use = NULL;
	uint8_t *none = calloc(rq->nsteps, 1);
	if (!none || derive_build(view, tr, rq->steps, rq->nsteps, none, &err) != TV_OK) {
		free(none);
		return msg_oom(path);
	}
	for (uint32_t i = 0; i < rq->nsteps; i++) {
		if (!none[i])
			continue;
		fprintf(stderr, "traceview: warning: %s: --transform=", msg_name(path));
		textesc_text(stderr, rq->steps[i].text, strlen(rq->steps[i].text));
		fputs(" matches nothing: it changes nothing\n", stderr);
		tv_warnings_add(&view->warnings, TV_W_TRANSFORM_NONE, TV_NO_OFFSET, 1);
	}
	free(none);
	*use = view;
	return 0;
}
