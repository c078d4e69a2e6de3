/* methodcalls.h: every call of some methods, one row each (docs/numbers.md,
 * "Every call of a method").
 *
 * methodcalls_collect() lists the calls of the wanted methods in the selected
 * threads, recursive ones included, each with its start on the timeline's
 * axis, its incl per clock, its depth (a root call is 1) and its caller
 * (the parent call's method, or the toplevel). Rows come by start, then
 * tid, then depth; methodcalls_sort() re-sorts them for a pane. The summary
 * (count, min, mean rounded down, nearest-rank p50 and p95, max) and a
 * histogram on 1-2-5 buckets are computed from the rows on one clock.
 *
 * Ownership: struct methodcalls owns its rows and borrows the trace, which must
 * outlive it; methodcalls_free() releases the rows (also after a failed collect,
 * and on a zeroed struct). No function prints or exits. Its three reports
 * (text, CSV, JSON) are declared in write/report.h.
 */
#ifndef TV_METHODCALLS_H
#define TV_METHODCALLS_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"

#define METHODCALLS_TOPLEVEL UINT32_MAX   /* caller of a root call (= PROF_TOPLEVEL) */

/* The timeline's axis: wall when the trace records it, else CPU; its 0 is
 * the earliest first timestamp of any thread with records in the file. */
struct methodcalls_axis {
	int clock;
	uint64_t origin;        /* absolute µs */
};

/* The axis of a loaded trace (for a trace derived by a range or
 * transforms, take the axis of the trace it came from). */
void methodcalls_axis_of(const struct trace *tr, struct methodcalls_axis *ax);

struct methodcalls_row {
	uint32_t thread;        /* index into trace.threads */
	uint32_t call;          /* index into that thread's calls */
	uint32_t method;        /* the call's method index */
	uint32_t caller;        /* the parent call's method, or METHODCALLS_TOPLEVEL */
	uint32_t depth;         /* a root call is 1 */
	uint64_t start;         /* µs on the axis */
	uint64_t incl[TV_NCLOCKS];   /* 0 for a clock the trace lacks */
};

struct methodcalls {
	const struct trace *tr;
	struct methodcalls_row *rows;
	size_t nrows, cap;
};

/* The calls of every method m with want[m] nonzero (want has
 * tr->nmethods entries) in every thread with records (tid NULL) or the
 * thread with *tid (TV_ERR_NO_THREAD when it has no records), sorted by
 * start, tid, depth. TV_OK, TV_ERR_NO_THREAD or TV_ERR_NOMEM. */
enum tv_status methodcalls_collect(struct methodcalls *c, const struct trace *tr, const uint8_t *want,
                                   const uint32_t *tid, const struct methodcalls_axis *ax,
                                   struct tv_error *err);
/* The same over the threads of sel (NULL: every thread; trace.h) with
 * records; TV_ERR_NO_THREAD when none of them has any. */
enum tv_status methodcalls_collect_set(struct methodcalls *c, const struct trace *tr,
                                       const uint8_t *want, const struct trace_sel *sel,
                                       const struct methodcalls_axis *ax, struct tv_error *err);
void methodcalls_free(struct methodcalls *c);

/* The wait of a row: incl wall − incl CPU (meaningful on dual traces). */
static inline int64_t methodcalls_wait(const struct methodcalls_row *r)
{
	return (int64_t)(r->incl[TV_WALL] - r->incl[TV_CPU]);
}

/* Sort keys of the "every call" pane; each breaks ties by start, tid,
 * depth (the report's order), so the order is total. */
enum methodcalls_key {
	METHODCALLS_BY_START, METHODCALLS_BY_TID, METHODCALLS_BY_WALL, METHODCALLS_BY_CPU, METHODCALLS_BY_WAIT,
	METHODCALLS_BY_DEPTH, METHODCALLS_BY_CALLER,
};

/* Re-sorts the rows; descending reverses the key (not the tie order). By
 * caller: by the caller's method index (the toplevel last). */
void methodcalls_sort(struct methodcalls *c, enum methodcalls_key key, int descending);

struct methodcalls_summary {
	int clock;              /* the clock summarised */
	uint64_t count;         /* every row; the rest are 0 when it is 0 */
	uint64_t min, mean, p50, p95, max;   /* mean rounded down */
};

/* Summary of the rows' incl on clock. TV_OK or TV_ERR_NOMEM (a sorted
 * copy of the values is made). */
enum tv_status methodcalls_summarize(const struct methodcalls *c, int clock, struct methodcalls_summary *s);

/* The value at rank ⌈pct/100 × n⌉ of sorted[0..n) (ascending, n > 0):
 * the nearest-rank percentile. */
uint64_t methodcalls_percentile(const uint64_t *sorted, size_t n, unsigned pct);

/* A histogram of incl on one clock: bucket k holds values in
 * [methodcalls_bucket_low(k), methodcalls_bucket_low(k + 1)); bucket 0 is [0, 1 µs),
 * then 1-2-5 steps: 1 µs, 2 µs, 5 µs, 10 µs, ... The last bucket has no
 * upper end. first..last are the nonempty range (last < first when there
 * are no rows). */
#define METHODCALLS_BUCKETS 40
struct methodcalls_hist {
	int clock;
	uint64_t count[METHODCALLS_BUCKETS];
	uint32_t first, last;
};

uint64_t methodcalls_bucket_low(uint32_t k);
uint32_t methodcalls_bucket_of(uint64_t usec);
/* A bucket bound for people in buf (room for NUMFMT_MAX + 3): "0us",
 * "500us", "20ms", "5s" (1-2-5 steps are whole numbers of one of these
 * units), NUL-terminated; returns its length. */
size_t methodcalls_bound_text(char *buf, uint64_t v);
void methodcalls_histogram(const struct methodcalls *c, int clock, struct methodcalls_hist *h);

/* A method's id as the JSON reports write it, quotes included: "0x1a2b",
 * "toplevel" (METHODCALLS_TOPLEVEL), or a collapsed package's "collapse:GLOB";
 * with csv, as a CSV field (no quotes unless needed). */
struct outbuf;
void methodcalls_write_id(struct outbuf *ob, const struct trace *tr, uint32_t method, int csv);

#endif
