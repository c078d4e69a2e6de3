/* tablecols.h: the profile table's columns (table.h): their titles,
 * widths and clocks; a method's (or the toplevel's) sort key and cell
 * text in each, the numbers as docs/numbers.md defines them; each
 * column's twin on the other clock. No curses, nothing allocated.
 */
#ifndef TV_TABLECOLS_H
#define TV_TABLECOLS_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/profile.h"

enum table_col {
	TC_NAME,
	TC_INCL_CPU_PCT, TC_INCL_CPU, TC_EXCL_CPU_PCT, TC_EXCL_CPU,
	TC_INCL_REAL_PCT, TC_INCL_REAL, TC_EXCL_REAL_PCT, TC_EXCL_REAL,
	TC_CALLS, TC_CPU_CALL, TC_REAL_CALL,
	TC_INCL_WAIT, TC_EXCL_WAIT,   /* wall - CPU, signed: dual-clock traces */
	TC_COUNT
};

/* A column's clock when it needs both (the waits). */
#define TABLECOLS_BOTH 2

/* Its title in tr ("" past the last; a trace without time names its
 * wall columns by events), its width, and the clock it shows: TV_CPU,
 * TV_WALL, -1 for none, or TABLECOLS_BOTH. */
const char *tablecols_title(const struct trace *tr, enum table_col col);
int tablecols_width(enum table_col col);
int tablecols_clock(enum table_col col);

/* Method m's sort key for a numeric column, larger first. */
uint64_t tablecols_key(const struct profile *p, uint32_t m, enum table_col col);
/* Method m's (or PROF_TOPLEVEL's) cell text in a numeric column. */
void tablecols_cell(const struct profile *p, uint32_t m, enum table_col col, char *buf,
                    size_t n);
/* A share with one decimal and a percent sign, "-" of nothing. */
void tablecols_pct(char *buf, size_t n, uint64_t part, uint64_t whole);
/* Method m's calls, both halves (0 for PROF_TOPLEVEL). */
uint64_t tablecols_calls(const struct profile *p, uint32_t m);

/* The column showing the same on the other clock (incl CPU <-> incl
 * real); a column of no clock is its own. */
enum table_col tablecols_twin(enum table_col col);

#endif
