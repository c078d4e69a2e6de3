/* fuzz_load.c: the whole path a file takes, from bytes to every output.
 *
 * load_buffer, then (when it loaded) the profile over all threads and over
 * one thread, the three reports, the exports and timeline queries. Output
 * goes to /dev/null: only crashes, sanitizer reports and broken timeline
 * invariants count.
 */
#include <stdio.h>

#include "analyze/profile.h"
#include "analyze/timeline.h"
#include "fuzz.h"
#include "model/load.h"
#include "model/trace.h"
#include "write/export.h"
#include "write/report.h"

static FILE *load_null;

void fuzz_load_init(void)
{
	load_null = fopen("/dev/null", "w");
	if (!load_null)
		__builtin_trap();
}

/* The model's shape (trace.h): calls in preorder, each inside its parent
 * and its thread's span, start times sorted; threads sorted by tid. */
static void load_check_thread(const struct trace *tr, const struct tv_thread *th)
{
	for (uint32_t i = 0; i < th->ncalls; i++) {
		uint32_t par = th->parent[i];
		FUZZ_CHECK(th->method[i] < tr->nmethods);
		FUZZ_CHECK(par == TV_ROOT || par < i);
		for (int k = 0; k < TV_NCLOCKS; k++) {
			if (!tr->has_clock[k])
				continue;
			uint64_t s = trace_call_start(th, k, i), e = trace_call_end(th, k, i);
			FUZZ_CHECK(s <= e && e <= trace_thread_span(th, k));
			FUZZ_CHECK(i == 0 || trace_call_start(th, k, i - 1) <= s);
			FUZZ_CHECK(par == TV_ROOT || (trace_call_start(th, k, par) <= s &&
			                              e <= trace_call_end(th, k, par)));
		}
	}
}

static void load_check_trace(const struct trace *tr)
{
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		FUZZ_CHECK(t == 0 || tr->threads[t - 1].tid < tr->threads[t].tid);
		load_check_thread(tr, &tr->threads[t]);
	}
}

/* docs/numbers.md, "Per method": exclusive times add up to the toplevel's
 * inclusive. */
static void load_check_profile(const struct profile *p)
{
	const struct trace *tr = p->tr;
	FUZZ_CHECK(p->norder <= tr->nmethods);
	for (uint32_t i = 0; i < p->norder; i++)
		FUZZ_CHECK(p->order[i] < tr->nmethods);
	for (int k = 0; k < TV_NCLOCKS; k++) {
		uint64_t sum = p->top_excl[k];
		if (!tr->has_clock[k])
			continue;
		for (uint32_t m = 0; m < tr->nmethods; m++)
			sum += p->methods[m].excl[k];
		FUZZ_CHECK(sum == p->top_incl[k]);
	}
}

static void load_outputs(const struct profile *p)
{
	load_check_profile(p);
	const struct trace *tr = p->tr;
	report_json(load_null, p);
	report_text(load_null, p, "fuzz.trace");
	report_csv(load_null, p);
	for (int clock = 0; clock < TV_NCLOCKS; clock++) {
		if (!tr->has_clock[clock])
			continue;
		struct export_opts o = {clock, clock == TV_CPU, clock == TV_WALL, NULL, NULL};
		export_folded(load_null, p, &o);
	}
	struct export_opts o = {trace_sort_clock(tr), 0, 0, NULL, NULL};
	export_chrome(load_null, p, &o);
}

/* A few queries per thread, the way the timeline pane asks them. */
static void load_timeline_thread(const struct timeline *tl, uint32_t t)
{
	const struct trace *tr = tl->tr;
	const struct tv_thread *th = &tr->threads[t];
	enum { NCOLS = 40 };
	uint32_t cells[NCOLS];
	uint8_t marks[NCOLS];
	uint64_t mid = tl->begin + (tl->end - tl->begin) / 2;
	uint64_t probes[] = {0, tl->begin, mid, tl->end, UINT64_MAX};

	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		uint32_t c = timeline_call_at(tl, t, probes[i]);
		FUZZ_CHECK(c == TL_NONE || c < th->ncalls);
		if (c == TL_NONE)
			continue;
		FUZZ_CHECK(timeline_depth(tl, t, c) < th->ncalls);
		FUZZ_CHECK(timeline_call_start(tl, t, c) <= timeline_call_end(tl, t, c));
	}
	if (tl->end <= tl->begin)
		return;
	timeline_cells(tl, t, tl->begin, tl->end, NCOLS, cells);
	for (int c = 0; c < NCOLS; c++)
		FUZZ_CHECK(cells[c] == TL_NONE || cells[c] < tr->nmethods);
	timeline_cells(tl, t, mid, mid + 1, NCOLS, cells);
	if (th->ncalls) {
		timeline_marks(tl, t, th->method[0], tl->begin, tl->end, NCOLS, marks);
		for (int c = 0; c < NCOLS; c++)
			FUZZ_CHECK(marks[c] <= 1);
	}
}

static void load_timeline(const struct trace *tr)
{
	struct timeline tl;
	struct tv_error err;
	if (timeline_build(&tl, tr, &err) != TV_OK)
		return;
	for (uint32_t t = 0; t < tr->nthreads && t < 4; t++)
		load_timeline_thread(&tl, t);
	for (uint32_t m = 0; m < tr->nmethods && m < 4; m++) {
		uint32_t n = timeline_method_ncalls(&tl, m);
		for (uint32_t i = 0; i < n; i++) {
			struct tl_ref r = timeline_method_call(&tl, m, i);
			FUZZ_CHECK(r.thread < tr->nthreads && r.call < tr->threads[r.thread].ncalls &&
			           tr->threads[r.thread].method[r.call] == m);
		}
		struct tl_ref ref;
		if (timeline_step(&tl, m, tl.begin, 1, &ref) == 0)
			FUZZ_CHECK(ref.thread < tr->nthreads);
		if (timeline_step(&tl, m, tl.end, -1, &ref) == 0)
			FUZZ_CHECK(ref.thread < tr->nthreads);
	}
	timeline_free(&tl);
}

void fuzz_load_one(const uint8_t *buf, size_t len)
{
	struct trace tr;
	struct tv_error err;
	trace_init(&tr);
	if (load_buffer(&tr, buf, len, &err) == TV_OK) {
		struct profile p;
		load_check_trace(&tr);
		if (profile_build(&p, &tr, NULL, &err) == TV_OK)
			load_outputs(&p);
		profile_free(&p);
		if (tr.nthreads) {
			uint32_t tid = tr.threads[tr.nthreads - 1].tid;
			if (profile_build(&p, &tr, &tid, &err) == TV_OK)
				load_outputs(&p);
			profile_free(&p);
		}
		load_timeline(&tr);
		export_dump(load_null, &tr, buf, len, 0, &err);
	}
	trace_free(&tr);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(load)
#endif
