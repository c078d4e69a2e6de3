/* tracefinish.h: what a trace needs once every record is in and every
 * call closed (docs/numbers.md, "Events"), in tracebuild_finish()'s order:
 *
 *   tracefinish_names()     threads named from the key's thread lines
 *   tracefinish_clock()     the clock resolved; a single wall-clock slot
 *                           moved from index 0 to TV_WALL
 *   tracefinish_warnings()  the warnings only the whole trace can give
 *   tracefinish_sort()      threads sorted by id
 *
 * Each works on the trace in place and owns nothing; only
 * tracefinish_names() allocates (scratch it frees) and can fail.
 */
#ifndef TV_TRACEFINISH_H
#define TV_TRACEFINISH_H

#include "model/trace.h"

/* Each thread gets the name of the thread line with its id or, failing
 * that, of the one line whose id is above 65535 and equals it modulo
 * 65536 (ART wrote full tids in the key but 16 bits in records); several
 * such ids: no name. 0, or -1 when out of memory (names unchanged). */
int tracefinish_names(struct trace *tr);

/* The clock= option, else the version's default; the record layout
 * (nslots timestamps per record) wins when they disagree on the number
 * of timestamps. Sets tr->clock and has_clock[]; with a single wall
 * clock, moves every time array, mark and sum of slot 0 to TV_WALL. */
void tracefinish_clock(struct trace *tr, unsigned nslots);

/* The clock a format fixed (TV_CLOCK_WALL or TV_CLOCK_SEQUENCE, one slot):
 * set as is, the slot moved to TV_WALL as tracefinish_clock() does. */
void tracefinish_clock_fixed(struct trace *tr, enum tv_clock_kind k);

/* The overflow flag of the key, a record count that disagrees with
 * num-method-calls, and the methods used but never declared. */
void tracefinish_warnings(struct trace *tr);

/* Threads by ascending tid; the order is final. */
void tracefinish_sort(struct trace *tr);

#endif
