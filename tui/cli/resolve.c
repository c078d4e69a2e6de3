/* resolve.c: the options found in a loaded trace (see resolve.h). */
#include "cli/resolve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/derive.h"
#include "analyze/pathtree.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "cli/msg.h"

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

int resolve_thread(const struct request *rq, const char *path, const struct trace *tr,
                   uint32_t *tid)
{
	uint32_t idx[RESOLVE_LIST_MAX];
	uint32_t n = trace_match_threads(tr, rq->thread, idx, RESOLVE_LIST_MAX);
	if (n == 1) {
		*tid = tr->threads[idx[0]].tid;
		return 0;
	}
	fprintf(stderr, "traceview: %s: ", msg_name(path));
	if (n > 1) {
		fputs("thread '", stderr);
		textesc_text(stderr, rq->thread, strlen(rq->thread));
		fputs("' is ambiguous: ", stderr);
		resolve_list_threads(tr, idx, n < RESOLVE_LIST_MAX ? n : RESOLVE_LIST_MAX, n);
	} else {
		fputs("no such thread '", stderr);
		textesc_text(stderr, rq->thread, strlen(rq->thread));
		n = tr->nthreads;
		fputs(n ? "'; threads: " : "'; the trace has no threads", stderr);
		for (uint32_t i = 0; i < n && i < RESOLVE_LIST_MAX; i++)
			idx[i] = i;
		resolve_list_threads(tr, idx, n < RESOLVE_LIST_MAX ? n : RESOLVE_LIST_MAX, n);
	}
	fputc('\n', stderr);
	return MSG_EXIT_INPUT;
}

int resolve_clock(const struct request *rq, const struct trace *tr, const char *path, int *clock)
{
	if (rq->clock < 0) {
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

int resolve_sort(const struct request *rq, const struct trace *tr, const char *path)
{
	enum pathtree_by by = (enum pathtree_by)(rq->sort - 1);
	if (!rq->sort || pathtree_by_available(tr, by))
		return 0;
	const char *needs = by == PATHTREE_BY_INCL_WAIT || by == PATHTREE_BY_EXCL_WAIT ? "both clocks"
	                    : by == PATHTREE_BY_INCL_CPU || by == PATHTREE_BY_EXCL_CPU ? "the CPU clock"
	                                                                             : "the wall clock";
	fprintf(stderr, "traceview: %s: --sort=%s needs %s; the trace has one (clock=%s)\n",
	        msg_name(path), pathtree_by_name(by), needs, trace_clock_name(tr->clock));
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
                    const struct trace *tr, struct profile *p)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	uint32_t tid;
	if (rq->thread && resolve_thread(rq, path, names, &tid) != 0)
		return MSG_EXIT_INPUT;
	if (profile_build(p, tr, rq->thread ? &tid : NULL, &err) != TV_OK) {
		msg_error(path, &err);
		return MSG_EXIT_INPUT;
	}
	return 0;
}

/* A --range past the end of tr gives only zeros: said, so an all-zero
 * report is not read as an idle app. */
static void resolve_range_outside(const struct request *rq, const char *path,
                                  const struct trace *tr)
{
	char end[32];
	if (!rq->has_range || !derive_range_outside(tr, &rq->range))
		return;
	numfmt_ms(end, sizeof end, derive_axis_end(tr));
	/* the range is steps[0], its text made by range_format() */
	fprintf(stderr, "traceview: warning: %s: --range=%s lies outside the trace: its timeline "
	        "runs from 0 to %s ms (%s clock)\n", msg_name(path), rq->steps[0].text, end,
	        derive_axis_clock(tr) == TV_WALL ? "wall" : "CPU");
}

int resolve_steps(const struct request *rq, const char *path, struct trace *tr,
                  struct trace *view, struct trace **use)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
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
