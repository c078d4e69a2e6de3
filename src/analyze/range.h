/* range.h: a time range [A, B) on the timeline's axis (docs/numbers.md,
 * "Time ranges"): µs from the earliest timestamp of any thread, on the
 * wall clock when the trace records it, else thread CPU time; on a trace
 * without time (trace_is_sequence()) event numbers instead.
 */
#ifndef TV_RANGE_H
#define TV_RANGE_H

#include <stdint.h>

struct range {
	int has_start, has_end;     /* an end left out is open */
	uint64_t start, end;        /* µs on the axis; events when events */
	int events;                 /* the ends were written in events (ev) */
};

/* Parses "A..B" as --range reads it: each end a decimal number with a unit
 * (us, ms or s), rounded to the nearest µs, or a whole number of events
 * (ev), both ends in the same kind; either end may be left out. 0, or -1
 * with a short reason (a static string) in *why: no "..", a number
 * without a unit, a negative or malformed number, one too large, events
 * with a fraction, events and time mixed, or A >= B after rounding.
 * Whether the units suit the trace is the caller's to check. */
int range_parse(const char *s, struct range *r, const char **why);

/* One time as --min-wait reads it: a decimal number and a unit (us, ms,
 * s), rounded to the nearest µs. 0, or -1 with *why. */
int range_parse_time(const char *s, uint64_t *usec, const char **why);

/* "1.25s..1.5s" style text for a breadcrumb: each end in the largest unit
 * that keeps it exact ("100ev..500ev" for events). buf of at least
 * RANGE_TEXT_MAX bytes. */
#define RANGE_TEXT_MAX 64
void range_format(const struct range *r, char *buf);

#endif
