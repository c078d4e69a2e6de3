/* sumname.h: the reader's half of a sums replay: each entry's caller ->
 * callee edge named (docs/architecture.md, "Profiles").
 *
 * A sums replay (sumreplay.h) adds every call, as it closes, to the sum
 * of its edge. Finding that edge is a lookup per entry, most of them
 * cache misses in a large table; the reader's thread does it here while
 * the worker replays the batch before, so that both cores share the work.
 * The reader keeps, per thread, the stack of open methods only, and moves
 * it as the replay moves its own (docs/numbers.md, "The call tree"): an
 * entry pushes; an exit pops down to the newest open call of its method
 * (rules 1 and 2), or, when none is open, empties the stack (rule 3: the
 * replay's adopting call closes at once). Each stack entry above the
 * method scanned is then popped, so the scans cost no more than the
 * pushes.
 *
 * Edges are numbered in the order they are first named, from 0; the
 * replay gives the sums those numbers. Ownership: the namer owns its
 * stacks, its map and the ends of every edge named; sumname_take_ends()
 * hands the ends over. Failure: out of memory only (IDMAP_NONE, -1),
 * after which the namer must not be used again.
 */
#ifndef TV_SUMNAME_H
#define TV_SUMNAME_H

#include <stdint.h>

#include "model/trace.h"

struct sumname;

struct sumname *sumname_new(void);
void sumname_free(struct sumname *s);

/* Method m enters on thread ti: the number of its (caller, m) edge, the
 * caller being the method on top of the thread's stack, or TV_ROOT. */
uint32_t sumname_enter(struct sumname *s, uint32_t ti, uint32_t m);

/* Method m exits on thread ti. 0, or -1 when out of memory. */
int sumname_exit(struct sumname *s, uint32_t ti, uint32_t m);

/* The number of the (from, to) edge, named when new (for the edges only
 * the replay makes, which it names at its end). */
uint32_t sumname_edge(struct sumname *s, uint32_t from, uint32_t to);

/* How many edges are named. */
uint32_t sumname_count(const struct sumname *s);

/* Hands over the ends of every edge named, by number (malloc'd, the
 * caller frees them); the namer names no more. NULL when none. */
struct tv_eend *sumname_take_ends(struct sumname *s);

#endif
