/* sumreplay.h: the replay of a trace's records into sums alone, keeping
 * no call (docs/architecture.md, "Profiles"; docs/numbers.md, "The call
 * tree").
 *
 * replay.h's twin for outputs that need only sums: per thread it keeps
 * the stack of open calls and forgets each call as it closes, once it is
 * added to its caller -> callee edge sum (the four cells of replay.c),
 * to its thread's outside sums (trace.h, struct tv_tsums) and, when
 * asked, to its thread's own edge sums. Memory: the stacks and the sums,
 * whatever the number of records. It applies rules 1, 2 and 4 as
 * replay.c does, with the same warnings. Rule 3, an exit with no open call
 * of its method, adopts calls already summed, which changes their sums:
 * the replay then stops and says so (sumreplay_inexact()), and the trace
 * must be replayed in full.
 *
 * Events are replay.h's (action-3 records are not needed), but an entry's
 * where holds its edge's number << 1 (sumname.h: the reader names the
 * edges), not its offset; and before a method's first call comes an
 * event with thread SUMREPLAY_TAG, the method, and its tags (TV_TAG_*)
 * in rel[0].
 *
 * Order of use: sumreplay_new(), sumreplay_run() for every batch,
 * sumreplay_finish() once the trace's threads have their first and last
 * times, sumreplay_free(). Ownership: the replay owns its stacks and sums
 * until sumreplay_finish() hands the sums to the trace. Failure: out of
 * memory only; sumreplay_run() then notes it (sumreplay_failed()) and
 * ignores what follows, as it does after an adoption.
 */
#ifndef TV_SUMREPLAY_H
#define TV_SUMREPLAY_H

#include <stdint.h>

#include "model/replay.h"
#include "model/sumname.h"
#include "model/trace.h"

#define SUMREPLAY_TAG UINT32_MAX   /* event thread of a method's tags */

struct sumreplay;

/* thread_sums: keep each thread's own edge sums too (struct tv_tsums, for
 * profiles of some threads). NULL when out of memory. */
struct sumreplay *sumreplay_new(int thread_sums);
void sumreplay_free(struct sumreplay *r);

/* Replays n events in order (none once it failed or met an adoption). */
void sumreplay_run(struct sumreplay *r, const struct replay_event *ev, uint32_t n);

/* It ran out of memory. */
int sumreplay_failed(const struct sumreplay *r);

/* It met an exit with no open call of its method (rule 3). */
int sumreplay_inexact(const struct sumreplay *r);

/* Rule 4 (calls still open end at their thread's last time), then the
 * sums and warnings into tr: the edge sums, numbered by names (the namer
 * of the events' edges, which names the adoptions' edges too and hands
 * over every edge's ends), and every thread's struct tv_tsums, by the
 * thread's index in tr (first and last set, not yet sorted). 0, or -1
 * when out of memory. */
int sumreplay_finish(struct sumreplay *r, struct sumname *names, struct trace *tr);

#endif
