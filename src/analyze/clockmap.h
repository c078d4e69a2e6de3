/* clockmap.h: one clock of a thread at an instant of its other clock.
 *
 * A dual-clock trace gives each record a thread CPU time and a wall time.
 * Between two records the other clock is taken to grow evenly, by the rule
 * a time range's cut ends follow (docs/numbers.md, "Time ranges"): with i
 * the thread's last record before t on clock x and j its first at or after
 * t, the value is y_i + ⌊(y_j − y_i) × (t − x_i) / (x_j − x_i)⌋, y_j when
 * x_j = t or there is no i, y_i when there is no j. The records are the
 * thread's call entries and exits and its marks (action-3 records, the
 * repairs' closes), which is what derive.c's range cuts read; found here
 * by binary search, so the timeline's CPU axis maps a time in
 * O(log calls). Mapping wall to CPU gives the CPU time a thread had used
 * by then; mapping CPU to wall, the moment it had used that much (an
 * instant where it was off the CPU maps to the moment it left it).
 *
 * Pure reads of a loaded thread: nothing is allocated, nothing fails.
 */
#ifndef TV_CLOCKMAP_H
#define TV_CLOCKMAP_H

#include <stdint.h>

#include "model/trace.h"

/* Thread th's clock !x (absolute µs) at time t of its clock x (absolute
 * µs, TV_CPU or TV_WALL). The thread must carry both clocks; a thread
 * without records gives its first time on !x. */
uint64_t clockmap_at(const struct tv_thread *th, int x, uint64_t t);

/* The first call of th whose start on clock x is >= r (µs since its first
 * time on x), ncalls when none: calls are in preorder, so their starts
 * are sorted. The search under clockmap_at(), and the timeline's. */
uint32_t clockmap_lower(const struct tv_thread *th, int x, uint64_t r);

#endif
