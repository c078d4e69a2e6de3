/* diff.h: two profiles compared method by method.
 *
 * Methods are matched by full name (class, name, signature), not by id,
 * since ids differ between runs. A struct diff borrows both profiles
 * (which must outlive it) and owns its rows (diff_free()).
 *
 * Matching. A method is "named" when declared with a non-empty class or
 * name; named methods match when class, name and signature are the same
 * bytes (an absent string equals an empty one). Unnamed methods (never
 * declared, or declared with empty class and name: shown as
 * "(unknown 0x1a2b)") match only an unnamed method with the same id. When
 * several methods of one run share a full name (one method traced under
 * two ids), they are one row: their numbers are summed and the row's
 * index is the lowest of them. Only methods with a call in the selection
 * (profile.order) take part.
 *
 * Clocks. Only a clock both traces record is compared (has_clock); the
 * numbers of any other clock are 0 in the rows and null/absent in every
 * report. When the traces share no clock the rows carry calls only and
 * are sorted by name.
 *
 * Order. Rows are sorted by |Δ excl| on the sort clock (wall when both
 * traces have it, else CPU), largest first; ties by full name (bytes of
 * class, then name, then signature; named before unnamed, unnamed by id).
 * A method of one run only counts the other run as 0.
 *
 * Its reports (text, CSV, JSON, differential folded stacks) are declared
 * in write/report.h.
 */
#ifndef TV_DIFF_H
#define TV_DIFF_H

#include <stdint.h>

#include "analyze/profile.h"
#include "base/status.h"

#define DIFF_NONE UINT32_MAX

enum diff_status { DIFF_SAME, DIFF_CHANGED, DIFF_ADDED, DIFF_REMOVED, DIFF_NSTATUS };

struct diff_row {
	uint32_t base, next;          /* method index in each run, or DIFF_NONE
	                               * (added: base none; removed: next none) */
	uint64_t incl[2][TV_NCLOCKS]; /* [run][clock]: 0 base, 1 new */
	uint64_t excl[2][TV_NCLOCKS];
	uint64_t calls[2];            /* non-recursive calls (profile.h) */
	uint64_t rcalls[2];           /* recursive calls */
	enum diff_status status;
};

struct diff {
	const struct profile *run[2];
	struct diff_row *rows;        /* sorted: largest |Δ excl| first (on the
	                               * sort clock: wall when both have it) */
	uint32_t nrows;
	int clock;                    /* the clock rows are sorted by (TV_CPU
	                               * when the traces share no clock) */
	int has_clock[TV_NCLOCKS];    /* recorded by both traces */
	uint64_t top_incl[2][TV_NCLOCKS], top_excl[2][TV_NCLOCKS];  /* toplevel
	                               * of each run; 0 for a clock not in both */
	uint32_t count[DIFF_NSTATUS]; /* rows per status */
};

/* Fails only with TV_ERR_NOMEM (d then holds nothing; diff_free() on it
 * is harmless). */
enum tv_status diff_build(struct diff *d, const struct profile *base, const struct profile *next,
                          struct tv_error *err);
void diff_free(struct diff *d);

/* new − base. */
static inline int64_t diff_delta(uint64_t base, uint64_t next)
{
	return next >= base ? (int64_t)(next - base) : -(int64_t)(base - next);
}

/* Two methods (ma of ta, mb of tb) in the full-name order of the rows'
 * ties: < 0, 0 when they match (the same row), > 0. */
int diff_name_cmp(const struct trace *ta, uint32_t ma, const struct trace *tb, uint32_t mb);

/* Each method m of run r (0 base, 1 new) to its row, out[m]: the row's
 * own method and any other of the same full name; DIFF_NONE for a
 * method without a call. The caller frees out; NULL when out of memory. */
uint32_t *diff_rows_of(const struct diff *d, int r);

/* "changed", "added", "removed" or "same". */
const char *diff_status_name(enum diff_status s);

#endif
