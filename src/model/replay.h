/* replay.h: the replay of a trace's records into per-thread call arrays
 * and edge sums (docs/numbers.md, "The call tree": rules 1 to 4).
 *
 * tracebuild.c turns each reader record into a struct replay_event
 * (thread and method indices, times made 64-bit and relative) and hands
 * them over in batches, in file order; replay_run() replays them on
 * whichever thread holds the replay (tracebuild's worker, or the reader's
 * own), so the result is the same either way. Per thread it keeps a stack
 * of open calls and appends calls to the thread's flat arrays as they are
 * made; each call is summed into its caller -> callee edge as it closes
 * (struct tv_esum, in one of four cells by its and its caller's
 * recursion). An exit with no open call of its method adopts the thread's
 * calls so far (rule 3): they leave the edge sums and preorder breaks,
 * which replay_finish_thread() restores.
 *
 * Order of use: replay_init(), replay_run() for every batch (its threads
 * made as they appear; replay_reserve() for threads without records),
 * replay_move_calls() into the trace, replay_finish_thread() on each of
 * its threads, replay_move_sums(), replay_free().
 *
 * Ownership: struct replay owns its per-thread stacks, the call arrays in
 * wth[] until replay_move_calls() hands them to the trace, and the edge
 * sums until replay_move_sums() does; replay_free() releases what it
 * still holds, at any point. Failure: out of memory only. replay_run()
 * then sets wfail and ignores what follows; the others return -1.
 */
#ifndef TV_REPLAY_H
#define TV_REPLAY_H

#include <stdint.h>

#include "base/idmap.h"
#include "base/warn.h"
#include "model/esumtab.h"
#include "model/trace.h"

#define REPLAY_MARK UINT32_MAX    /* event method of an action-3 record */

/* One record for the replay. */
struct replay_event {
	uint32_t thread;          /* trace.threads index */
	uint32_t method;          /* trace.methods index, or REPLAY_MARK */
	uint64_t rel[TV_NCLOCKS]; /* µs since the thread's first time, per slot */
	uint64_t where;           /* file offset << 1 | 1 for an exit (a sums
	                           * replay's entry: its edge << 1, sumreplay.h) */
};

struct replay_thread;         /* a thread's open calls, private */

/* The replay's state: owned by whichever thread replays while it runs.
 * The edge sums are the trace's (trace.h). */
struct replay {
	unsigned nslots;          /* timestamps per record, 1 or 2 (default 2);
	                           * set before the first event */
	struct replay_thread *rt; /* by thread index, nwork of them */
	struct tv_thread *wth;    /* their call arrays, until moved */
	uint32_t nwork, rt_cap, wth_cap;
	struct esumtab sums;      /* the edge sums, by (caller, callee) */
	/* Per callee method: the caller and edge of its last call. Most
	 * methods have few callers: this answers most lookups unhashed. */
	uint32_t *last_from, *last_edge;
	uint32_t last_cap;
	struct tv_warnings wwarn; /* what the replay found */
	int wfail;                /* the replay ran out of memory */
	int no_sums;              /* keep no edge sums (set before the first
	                           * event): the calls alone */
};

void replay_init(struct replay *r);
void replay_free(struct replay *r);

/* Replays n events in order (none once wfail is set). */
void replay_run(struct replay *r, const struct replay_event *ev, uint32_t n);

/* State for thread index ti and those below it, made when new. */
int replay_reserve(struct replay *r, uint32_t ti);

/* Moves the call arrays of threads [0, tr->nthreads) into the trace's
 * threads of the same index, and the replay's warnings into its own. */
void replay_move_calls(struct replay *r, struct trace *tr);

/* Rule 4 on thread index ti, whose calls are now th's (its last[] set):
 * calls still open end at its last timestamp; then its calls are put back
 * in preorder if an adoption broke it. Siblings keep their creation
 * order, which is their order in time. */
int replay_finish_thread(struct replay *r, uint32_t ti, struct tv_thread *th);

/* Moves the edge sums, complete once every call has closed, into tr. */
void replay_move_sums(struct replay *r, struct trace *tr);

/* Frees the per-thread stacks and the edge map, kept by thread index:
 * call before the trace's threads are re-sorted. */
void replay_drop_stacks(struct replay *r);

#endif
