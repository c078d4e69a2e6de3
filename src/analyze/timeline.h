/* timeline.h: time-range queries over the call arrays, for drawing.
 *
 * The time axis is the wall clock when the trace has one (comparable across
 * threads), else each thread's CPU clock. Queries never walk a whole thread:
 * calls are in preorder, so start times are sorted and a binary search finds
 * where a time falls; a per-method index lists every call of a method.
 *
 * A dual-clock trace has a second axis, each thread's own CPU time
 * (timeline_cpu_axis(), docs/ui.md "Thread time"): every thread starts at
 * the axis's 0 (begin) at its first record and runs on its CPU clock, so
 * its calls close up where it was off the CPU. The same queries answer on
 * either axis; timeline_map() takes a time from one to the other through
 * one thread (clockmap.h).
 *
 * A struct timeline borrows the trace (which must outlive it) and owns its
 * index; timeline_free() releases it. A CPU axis borrows its wall axis's
 * index and is never freed.
 */
#ifndef TV_TIMELINE_H
#define TV_TIMELINE_H

#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"

#define TL_NONE UINT32_MAX

struct tl_ref {
	uint32_t thread;   /* index into trace.threads */
	uint32_t call;
};

/* The outermost calls of one method on one thread: calls[start, the next
 * run's start). */
struct timeline_run {
	uint32_t thread;
	uint32_t start;
};

struct timeline {
	const struct trace *tr;
	int clock;                /* TV_WALL, or TV_CPU without a wall clock */
	int aligned;              /* every thread's times count from begin (the
	                           * CPU axis), not from its first timestamp */
	uint64_t begin, end;      /* earliest first / latest last timestamp */
	uint32_t *by_method;      /* method -> its first run in runs[] (nmethods + 1) */
	struct timeline_run *runs; /* by method, then thread; one more at the end */
	uint32_t *calls;          /* outermost calls (no call of the same method
	                           * among their ancestors), grouped by method,
	                           * then by thread (a run), in time order */
};

enum tv_status timeline_build(struct timeline *tl, const struct trace *tr,
                              struct tv_error *err);
void timeline_free(struct timeline *tl);

/* The CPU axis of wall, the wall axis of a dual-clock trace: each
 * thread's CPU µs since its first record, from wall->begin; end is begin
 * plus the longest thread's CPU span. *cpu shares wall's index (wall must
 * outlive it; never timeline_free() it). 0, or -1 (nothing set) when the
 * trace lacks either clock. */
int timeline_cpu_axis(struct timeline *cpu, const struct timeline *wall);

/* Time t of from's axis on to's (axes of one trace), through thread: its
 * to-clock at that instant of its from-clock, by clockmap.h's rule (t
 * itself when both axes are one clock). */
uint64_t timeline_map(const struct timeline *from, const struct timeline *to, uint32_t thread,
                      uint64_t t);

/* Absolute axis times of a call. */
uint64_t timeline_call_start(const struct timeline *tl, uint32_t thread, uint32_t call);
uint64_t timeline_call_end(const struct timeline *tl, uint32_t thread, uint32_t call);

/* The innermost call of the thread running at time t, or TL_NONE. */
uint32_t timeline_call_at(const struct timeline *tl, uint32_t thread, uint64_t t);

/* For ncols cells covering [t0, t1) of one thread, the method that used
 * most of each cell's time (exclusive time, innermost call wins), or TL_NONE
 * for idle cells. Exact when few calls start in a cell; otherwise decided
 * by the calls under evenly spaced sample points. */
void timeline_cells(const struct timeline *tl, uint32_t thread, uint64_t t0, uint64_t t1,
                    uint32_t ncols, uint32_t *out);

/* For ncols cells covering [t0, t1) of one thread, 1 where the thread was
 * off CPU for more than half of the cell's wall time, else 0: the thread's
 * CPU clock grew by less than half the cell (docs/ui.md, "Off-CPU
 * shading"). Between two of the thread's events (call entries and exits)
 * the CPU clock is taken to grow evenly. Needs both clocks: returns 0 (out
 * all 0) for a single-clock trace, else 1. */
int timeline_offcpu(const struct timeline *tl, uint32_t thread, uint64_t t0, uint64_t t1,
                    uint32_t ncols, uint8_t *out);

/* For ncols cells, 1 where a call of method overlaps the cell, else 0. */
void timeline_marks(const struct timeline *tl, uint32_t thread, uint32_t method,
                    uint64_t t0, uint64_t t1, uint32_t ncols, uint8_t *out);

/* The number of outermost calls of a method (0 when out of range). A
 * recursive call lies inside one of these, so they cover every call. */
uint32_t timeline_method_ncalls(const struct timeline *tl, uint32_t method);

/* The k-th (k < timeline_method_ncalls()) outermost call of a method, by
 * thread index, then in time order. */
struct tl_ref timeline_method_call(const struct timeline *tl, uint32_t method, uint32_t k);

/* The outermost call of method starting after (dir > 0) or before
 * (dir < 0) time t on any thread; 0 and *ref set when found. */
int timeline_step(const struct timeline *tl, uint32_t method, uint64_t t, int dir,
                  struct tl_ref *ref);

/* Depth of a call (0 for a top-level call); walks its parents. */
uint32_t timeline_depth(const struct timeline *tl, uint32_t thread, uint32_t call);

#endif
