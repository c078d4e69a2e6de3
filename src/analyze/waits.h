/* waits.h: where threads waited (docs/numbers.md, "Wait time").
 *
 * A call's wait is its incl wall less its incl CPU: time its thread was
 * off the CPU (blocked, sleeping or preempted) inside it. waits_find()
 * lists, for each thread asked for, the innermost calls whose wait
 * reaches a threshold (no child of theirs does), longest wait first (ties
 * by earlier start), each with its start on the timeline's axis. Needs
 * both clocks. --format=waits reads it.
 *
 * Ownership: struct waits owns its rows and borrows the trace, which must
 * outlive it; waits_free() releases them (also after a failed find, and
 * on a zeroed struct). No function prints or exits. Its reports (text,
 * JSON) are declared in write/report.h.
 */
#ifndef TV_WAITS_H
#define TV_WAITS_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"

#define WAITS_MIN_USEC 16000   /* --min-wait's default */

/* The wait of call i of th, signed (a coarse CPU clock can make it
 * slightly negative). */
static inline int64_t waits_of(const struct tv_thread *th, uint32_t i)
{
	return (int64_t)(trace_call_incl(th, TV_WALL, i) - trace_call_incl(th, TV_CPU, i));
}

struct waits_row {
	uint32_t thread;        /* index into trace.threads */
	uint32_t call;          /* index into that thread's calls */
	int64_t wait;           /* µs */
	uint64_t start;         /* µs on the axis */
};

struct waits {
	const struct trace *tr;
	uint64_t min_wait;      /* µs */
	/* The threads asked for, in their order, and the rows of threads[t]:
	 * rows[first[t]..first[t + 1]) (first has nthreads + 1 entries). */
	uint32_t *threads;
	size_t *first;
	uint32_t nthreads;
	struct waits_row *rows;
	size_t nrows;
};

/* The listed calls of the nthreads thread indices in threads (kept in
 * that order) whose wait is at least min_wait µs; origin is the
 * timeline's 0 (derive_axis_origin() of the loaded trace) for starts.
 * TV_OK or TV_ERR_NOMEM. */
enum tv_status waits_find(struct waits *w, const struct trace *tr, const uint32_t *threads,
                          uint32_t nthreads, uint64_t min_wait, uint64_t origin);
void waits_free(struct waits *w);

#endif
