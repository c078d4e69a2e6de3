/* units.c: the axis's numbers as the panes print them (see units.h). */
#include "draw/units.h"

#include <inttypes.h>
#include <stdio.h>

#include "base/numfmt.h"

void units_cell(const struct trace *tr, char *buf, size_t size, uint64_t v)
{
	if (trace_is_sequence(tr))
		snprintf(buf, size, "%" PRIu64, v);
	else
		numfmt_ms(buf, size, v);
}

void units_duration(const struct trace *tr, char *buf, size_t size, uint64_t v, int exact)
{
	if (trace_is_sequence(tr))
		snprintf(buf, size, "%" PRIu64 " event%s", v, v == 1 ? "" : "s");
	else
		numfmt_duration(buf, size, v, exact);
}

void units_at(const struct trace *tr, char *buf, size_t size, uint64_t t, uint64_t res,
              uint64_t top)
{
	if (trace_is_sequence(tr))
		snprintf(buf, size, "event %" PRIu64, t);
	else
		numfmt_time_at(buf, size, t, res, top);
}

void units_tick(const struct trace *tr, char *buf, size_t size, uint64_t t, uint64_t step,
                uint64_t top)
{
	if (trace_is_sequence(tr))
		snprintf(buf, size, "%" PRIu64 "ev", t);
	else
		numfmt_time_label(buf, size, t, step, top);
}

const char *units_clock(const struct trace *tr, int c, int cap)
{
	if (trace_is_sequence(tr))
		return cap ? "Ev" : "ev";
	if (c == TV_CPU)
		return cap ? "Cpu" : "cpu";
	return cap ? "Real" : "real";
}
