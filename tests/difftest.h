/* difftest.h: what the test_diff* programs share: a fixture of two runs
 * (a tracegen description, its trace and profile each) and their diff,
 * the reports of a diff as strings, and the pair of traces whose numbers
 * are worked out by hand in the comment of pair_base and pair_new
 * (difftest.c). Failures fail the calling cmocka test.
 */
#ifndef TV_DIFFTEST_H
#define TV_DIFFTEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analyze/diff.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "tracegen.h"

/* ------------------------------------------------------------ fixture */

/* One run: its description, trace and profile (each freed when set). */
struct run {
	struct tg *tg;
	struct trace tr;
	struct profile p;
	int loaded, built;
};

/* The base run r[0], the new run r[1], and their diff. */
struct fx {
	struct run r[2];
	struct diff d;
	int diffed;
};

/* cmocka's setup and teardown of a struct fx. */
int fx_setup(void **state);
int fx_teardown(void **state);

/* Runs script on run r's tg, loads it (o NULL: V1 v3 dual), profiles it. */
void fx_load(struct fx *f, int r, const char *script, const struct tg_opts *o,
             const uint32_t *tid);

/* The diff of the two runs (made once). */
const struct diff *fx_diff(struct fx *f);

/* The row whose method (in either run) has this name, or NULL. */
const struct diff_row *find_row(const struct diff *d, const char *name);

/* Index in d->rows of the row named name; fails when absent. */
uint32_t row_pos(const struct diff *d, const char *name);

/* ------------------------------------------------------------ output */

/* Reports are written to a memory stream and compared as strings. */
struct capture {
	FILE *out;
	char *buf;
	size_t len;
};

/* cap_close() gives the malloc'd text written to cap_open()'s stream. */
FILE *cap_open(struct capture *c);
char *cap_close(struct capture *c);
/* Each report of d (a, b: the runs' names), malloc'd. */
char *text_of(const struct diff *d, const char *a, const char *b);
char *csv_of(const struct diff *d);
char *json_of(const struct diff *d, const char *a, const char *b);
/* The folded diff of two profiles on a clock (sig: with signatures). */
char *folded_of(const struct profile *a, const struct profile *b, int clock, int sig);

/* ------------------------------------------------------------ the pair */

/* Base and new runs of one thread "main", ids differing between them.
 *
 * Base (ids 0x10..0x1c), cpu/wall:
 *   run  [0,40]/[0,80]
 *     work [10,20]/[20,40]    incl = excl 10/20
 *     log  [25,30]/[50,60]    5/10
 *     gone [30,32]/[60,64]    2/4
 *   run: incl 40/80, excl 40-17=23 / 80-34=46; toplevel incl 40/80
 * New (ids 0x100..0x10c):
 *   run  [0,50]/[0,100]
 *     work  [10,30]/[20,60]   20/40
 *     log   [35,40]/[70,80]   5/10
 *     work  [40,41]/[80,82]   1/2  (work: 2 calls, 21/42)
 *     fresh [45,48]/[90,96]   3/6
 *   run: incl 50/100, excl 50-29=21 / 100-58=42; toplevel incl 50/100
 * Δ excl wall: work +22, fresh +6 (added), run -4, gone -4 (removed),
 * log 0; order: work, fresh, run, gone (run < gone by class
 * com.ex.Main < com.ex.Old), log.
 */
extern const char *const pair_base;
extern const char *const pair_new;
/* log's signature in both runs. */
extern const char *const LOG_SIG;

/* Loads the pair into f's runs and diffs them. */
const struct diff *pair_load(struct fx *f);
/* The method id of a row in run r (UINT64_MAX when absent there). */
uint64_t row_id(const struct diff *d, const struct diff_row *row, int r);

#endif
