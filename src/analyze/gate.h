/* gate.h: the regression gate of --diff --fail-if (docs/numbers.md, "The
 * regression gate"; docs/cli.md, "--fail-if").
 *
 * A rule is TARGET:FIELD OP VALUE. TARGET: "total" (the toplevel), "*"
 * (every method), "pkg:GLOB" (every method whose class matches) or a
 * method as match.h names it. FIELD: incl_cpu, excl_cpu, incl_wall,
 * excl_wall, calls (calls + recursive calls; for total, every call of the
 * selection). OP: >, >=, <, <= (blanks allowed around it). VALUE: a
 * decimal number, with a sign or not, then a unit: us, ms or s for times
 * (required), none for calls, or % (signed only) for either. Signed, it is
 * compared with the change NEW − BASE (in µs or calls, or in % of BASE);
 * unsigned, with NEW itself. Times round to the nearest µs, percentages to
 * a millionth of a percent. Each method is tested on its own; a run
 * without the method counts 0 for it, and a % change from 0 is +∞ when
 * NEW > 0 (0 when NEW is 0 too).
 *
 * A parsed rule owns its copy of the text (gate_rule_free()). Hits
 * borrow the diff. Nothing here exits.
 */
#ifndef TV_GATE_H
#define TV_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analyze/diff.h"
#include "analyze/match.h"
#include "base/status.h"

enum gate_target { GATE_TOTAL, GATE_EVERY, GATE_PKG, GATE_METHOD };
enum gate_field { GATE_INCL_CPU, GATE_EXCL_CPU, GATE_INCL_WALL, GATE_EXCL_WALL, GATE_CALLS };
enum gate_op { GATE_GT, GATE_GE, GATE_LT, GATE_LE };

struct gate_rule {
	char *text;                 /* the rule as given (owned) */
	enum gate_target target;
	const char *glob;           /* GATE_PKG: into text */
	size_t glob_len;
	struct match_spec method;   /* GATE_METHOD */
	enum gate_field field;
	enum gate_op op;
	int relative;               /* signed: compares the change NEW − BASE */
	int pct;                    /* the value is a % of BASE (relative only) */
	int negative;               /* the value's sign */
	uint64_t mag;               /* |value|: µs, calls, or millionths of a % */
};

/* Room for a reason from gate_parse(). */
#define GATE_WHY 200

/* Parses s. 0, or -1 with one line saying what is wrong in why (size
 * bytes, always terminated; quoted parts of s escaped as the text report
 * escapes names). r needs gate_rule_free() only after success. */
int gate_parse(const char *s, struct gate_rule *r, char *why, size_t size);
void gate_rule_free(struct gate_rule *r);

/* TV_CPU or TV_WALL for a time field, -1 for calls. */
int gate_field_clock(enum gate_field f);
const char *gate_field_name(enum gate_field f);

/* Whether the rule holds for one target whose numbers are base and next. */
int gate_holds(const struct gate_rule *r, uint64_t base, uint64_t next);

/* Whether r names methods (a method or pkg:GLOB) of which none has a
 * row in d, i.e. a call in either run: such a rule could never hold, so
 * it is an error to the caller rather than a gate that never fires. */
int gate_names_nothing(const struct gate_rule *r, const struct diff *d);

#define GATE_TOTAL_ROW UINT32_MAX

struct gate_hit {
	uint32_t row;               /* index into d->rows, or GATE_TOTAL_ROW */
	uint64_t base, next;        /* the field's numbers */
};

/* The targets of r in d for which it holds: the toplevel, or the rows in
 * d's order. The field's clock must be one both runs record
 * (d->has_clock). *hits is malloc'd (free() it; NULL when none). TV_OK or
 * TV_ERR_NOMEM. */
enum tv_status gate_eval(const struct gate_rule *r, const struct diff *d,
                         struct gate_hit **hits, size_t *nhits);

/* One line per hit (docs/cli.md, "--fail-if"):
 *   FAIL RULE: NAME FIELD BASE -> NEW (CHANGE, CHANGE%)
 * NAME is "toplevel" or the method as the text report names it; times in
 * ms with three decimals. TV_OK or TV_ERR_OUTPUT. */
enum tv_status gate_report(FILE *out, const struct gate_rule *r, const struct diff *d,
                           const struct gate_hit *hits, size_t nhits);

#endif
