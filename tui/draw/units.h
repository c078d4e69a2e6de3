/* units.h: the axis's numbers as the panes print them.
 *
 * A trace's clocks count µs: tables show ms, status lines durations and
 * time points, the ruler ticks in s, ms or us (numfmt.h). A trace without
 * time (trace_is_sequence(), ART's "all methods" dumps) counts events in
 * the same places, and every pane says so through these, never in µs
 * (docs/numbers.md, "Traces without time"). Each writes a terminated
 * string into buf (size > 0), cut when it does not fit.
 */
#ifndef TV_UNITS_H
#define TV_UNITS_H

#include <stddef.h>
#include <stdint.h>

#include "model/trace.h"

/* A table cell: ms with three decimals ("12.345"), or a whole count of
 * events ("12"). */
void units_cell(const struct trace *tr, char *buf, size_t size, uint64_t v);

/* A length with its unit: numfmt_duration() ("274.422 ms"), or "8 events". */
void units_duration(const struct trace *tr, char *buf, size_t size, uint64_t v, int exact);

/* A point on the axis, t from its 0, to the resolution of one column of a
 * view whose end is top: numfmt_time_at(), or "event 8". */
void units_at(const struct trace *tr, char *buf, size_t size, uint64_t t, uint64_t res,
              uint64_t top);

/* A ruler tick: numfmt_time_label(), or "8ev" (as --range writes events). */
void units_tick(const struct trace *tr, char *buf, size_t size, uint64_t t, uint64_t step,
                uint64_t top);

/* The word of clock c in titles, "cpu" or "real", capitalised when cap;
 * "ev" ("Ev") for the one axis of a trace without time. */
const char *units_clock(const struct trace *tr, int c, int cap);

#endif
