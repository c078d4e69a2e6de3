/* tablecols.c: the profile table's columns (see tablecols.h). */
#include "panes/tablecols.h"

#include <stdio.h>
#include <string.h>

#include "base/numfmt.h"
#include "draw/units.h"

/* Each column: its title, its width (wide enough for the title, a blank
 * and the sort marker), its clock. */
struct tablecols_info {
	const char *title;
	int width;
	int clock;    /* -1: not tied to a clock; TABLECOLS_BOTH: needs both */
};

static const struct tablecols_info tablecols_info_of[TC_COUNT] = {
	[TC_NAME] = {"Name", 0, -1},
	/* Each wide enough for its title, a blank and the sort marker. */
	[TC_INCL_CPU_PCT] = {"Incl Cpu %", 12, TV_CPU},
	[TC_INCL_CPU] = {"Incl Cpu", 11, TV_CPU},
	[TC_EXCL_CPU_PCT] = {"Excl Cpu %", 12, TV_CPU},
	[TC_EXCL_CPU] = {"Excl Cpu", 11, TV_CPU},
	[TC_INCL_REAL_PCT] = {"Incl Real %", 13, TV_WALL},
	[TC_INCL_REAL] = {"Incl Real", 11, TV_WALL},
	[TC_EXCL_REAL_PCT] = {"Excl Real %", 13, TV_WALL},
	[TC_EXCL_REAL] = {"Excl Real", 11, TV_WALL},
	[TC_CALLS] = {"Calls+Rec", 12, -1},
	[TC_CPU_CALL] = {"Cpu/Call", 11, TV_CPU},
	[TC_REAL_CALL] = {"Real/Call", 11, TV_WALL},
	[TC_INCL_WAIT] = {"Incl Wait", 11, TABLECOLS_BOTH},
	[TC_EXCL_WAIT] = {"Excl Wait", 11, TABLECOLS_BOTH},
};

/* The wall columns of a trace without time count events. */
static const char *const tablecols_event_title[TC_COUNT] = {
	[TC_INCL_REAL_PCT] = "Incl Ev %", [TC_INCL_REAL] = "Incl Ev",
	[TC_EXCL_REAL_PCT] = "Excl Ev %", [TC_EXCL_REAL] = "Excl Ev", [TC_REAL_CALL] = "Ev/Call",
};

const char *tablecols_title(const struct trace *tr, enum table_col col)
{
	if (col >= TC_COUNT)
		return "";
	if (trace_is_sequence(tr) && tablecols_event_title[col])
		return tablecols_event_title[col];
	return tablecols_info_of[col].title;
}

uint64_t tablecols_calls(const struct profile *p, uint32_t m)
{
	return m == PROF_TOPLEVEL ? 0 : p->methods[m].calls + p->methods[m].rcalls;
}

/* Wait: wall less CPU, signed (docs/numbers.md, "Wait time"). */
static int64_t tablecols_wait(const uint64_t *t)
{
	return (int64_t)(t[TV_WALL] - t[TV_CPU]);
}

/* An int64 as a uint64 in the same order, for the sort keys. */
static uint64_t tablecols_signed(int64_t v)
{
	return (uint64_t)v ^ (UINT64_C(1) << 63);
}

uint64_t tablecols_key(const struct profile *p, uint32_t m, enum table_col col)
{
	const struct prof_method *pm = &p->methods[m];
	uint64_t n = pm->calls + pm->rcalls;
	switch (col) {
	case TC_INCL_WAIT: return tablecols_signed(tablecols_wait(pm->incl));
	case TC_EXCL_WAIT: return tablecols_signed(tablecols_wait(pm->excl));
	case TC_INCL_CPU_PCT: case TC_INCL_CPU: return pm->incl[TV_CPU];
	case TC_EXCL_CPU_PCT: case TC_EXCL_CPU: return pm->excl[TV_CPU];
	case TC_INCL_REAL_PCT: case TC_INCL_REAL: return pm->incl[TV_WALL];
	case TC_EXCL_REAL_PCT: case TC_EXCL_REAL: return pm->excl[TV_WALL];
	case TC_CALLS: return n;
	case TC_CPU_CALL: return n ? pm->incl[TV_CPU] * 1000 / n : 0;
	case TC_REAL_CALL: return n ? pm->incl[TV_WALL] * 1000 / n : 0;
	default: return 0;
	}
}

void tablecols_pct(char *buf, size_t n, uint64_t part, uint64_t whole)
{
	numfmt_pct(buf, n, part, whole, 1);
	if (whole)
		strncat(buf, "%", n - strlen(buf) - 1);
}

void tablecols_cell(const struct profile *p, uint32_t m, enum table_col col, char *buf,
                    size_t n)
{
	int clk = tablecols_info_of[col].clock;
	uint64_t incl, excl, calls = tablecols_calls(p, m);
	const uint64_t *ti = m == PROF_TOPLEVEL ? p->top_incl : p->methods[m].incl;
	const uint64_t *te = m == PROF_TOPLEVEL ? p->top_excl : p->methods[m].excl;
	if (clk < 0 || clk == TABLECOLS_BOTH)
		clk = TV_CPU;
	incl = ti[clk];
	excl = te[clk];
	switch (col) {
	case TC_INCL_WAIT: case TC_EXCL_WAIT: {
		int64_t w = tablecols_wait(col == TC_INCL_WAIT ? ti : te);
		buf[0] = w < 0 ? '-' : '\0';
		buf[1] = '\0';
		units_cell(p->tr, buf + (w < 0), n - 1, w < 0 ? (uint64_t)0 - (uint64_t)w : (uint64_t)w);
		break;
	}
	case TC_INCL_CPU_PCT: case TC_INCL_REAL_PCT:
		tablecols_pct(buf, n, incl, p->top_incl[clk]);
		break;
	case TC_EXCL_CPU_PCT: case TC_EXCL_REAL_PCT:
		tablecols_pct(buf, n, excl, p->top_incl[clk]);
		break;
	case TC_INCL_CPU: case TC_INCL_REAL: units_cell(p->tr, buf, n, incl); break;
	case TC_EXCL_CPU: case TC_EXCL_REAL: units_cell(p->tr, buf, n, excl); break;
	case TC_CALLS:
		if (m == PROF_TOPLEVEL)
			buf[0] = '\0';
		else
			snprintf(buf, n, "%llu+%llu", (unsigned long long)p->methods[m].calls,
			         (unsigned long long)p->methods[m].rcalls);
		break;
	case TC_CPU_CALL: case TC_REAL_CALL:
		if (calls)
			units_cell(p->tr, buf, n, numfmt_div_round(incl, calls, 0));
		else
			buf[0] = '\0';
		break;
	default: buf[0] = '\0';
	}
}

int tablecols_width(enum table_col col)
{
	return tablecols_info_of[col].width;
}

int tablecols_clock(enum table_col col)
{
	return tablecols_info_of[col].clock;
}

static const enum table_col tablecols_twins[TC_COUNT] = {
	[TC_NAME] = TC_NAME, [TC_INCL_CPU_PCT] = TC_INCL_REAL_PCT,
	[TC_INCL_CPU] = TC_INCL_REAL, [TC_EXCL_CPU_PCT] = TC_EXCL_REAL_PCT,
	[TC_EXCL_CPU] = TC_EXCL_REAL, [TC_INCL_REAL_PCT] = TC_INCL_CPU_PCT,
	[TC_INCL_REAL] = TC_INCL_CPU, [TC_EXCL_REAL_PCT] = TC_EXCL_CPU_PCT,
	[TC_EXCL_REAL] = TC_EXCL_CPU, [TC_CALLS] = TC_CALLS,
	[TC_CPU_CALL] = TC_REAL_CALL, [TC_REAL_CALL] = TC_CPU_CALL,
	[TC_INCL_WAIT] = TC_INCL_WAIT, [TC_EXCL_WAIT] = TC_EXCL_WAIT,
};

enum table_col tablecols_twin(enum table_col col)
{
	return tablecols_twins[col];
}
