/* difftest.c: the fixture, report capture and hand-worked pair the
 * test_diff* programs share (see difftest.h). */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/diff.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "difftest.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

/* ------------------------------------------------------------ fixture */

int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->r[0].tg = tg_new();
	f->r[1].tg = tg_new();
	*state = f;
	return 0;
}

static void run_free(struct run *r)
{
	if (r->built)
		profile_free(&r->p);
	if (r->loaded)
		trace_free(&r->tr);
	r->built = r->loaded = 0;
	tg_free(r->tg);
}

int fx_teardown(void **state)
{
	struct fx *f = *state;
	if (f->diffed)
		diff_free(&f->d);
	run_free(&f->r[0]);
	run_free(&f->r[1]);
	free(f);
	return 0;
}

/* Runs script on run r's tg, loads it (o NULL: V1 v3 dual), profiles it. */
void fx_load(struct fx *f, int r, const char *script, const struct tg_opts *o,
             const uint32_t *tid)
{
	struct run *x = &f->r[r];
	struct tv_error err = {0};
	assert_int_equal(tg_script(x->tg, script), 0);
	x->loaded = 1;
	assert_int_equal(tu_load_tg(&x->tr, x->tg, o), TV_OK);
	assert_int_equal(profile_build(&x->p, &x->tr, tid, &err), TV_OK);
	x->built = 1;
}

const struct diff *fx_diff(struct fx *f)
{
	struct tv_error err = {0};
	assert_int_equal(diff_build(&f->d, &f->r[0].p, &f->r[1].p, &err), TV_OK);
	f->diffed = 1;
	return &f->d;
}

/* The row whose method (in either run) has this name, or NULL. */
const struct diff_row *find_row(const struct diff *d, const char *name)
{
	for (uint32_t i = 0; i < d->nrows; i++) {
		const struct diff_row *row = &d->rows[i];
		int r = row->base == DIFF_NONE;
		const struct trace *tr = d->run[r]->tr;
		const struct tv_method *m = &tr->methods[r ? row->next : row->base];
		if (tu_str_eq(tr, m->name, name))
			return row;
	}
	return NULL;
}

/* Index in d->rows of the row named name; fails when absent. */
uint32_t row_pos(const struct diff *d, const char *name)
{
	const struct diff_row *row = find_row(d, name);
	assert_non_null(row);
	return (uint32_t)(row - d->rows);
}

/* ------------------------------------------------------------ output */

FILE *cap_open(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->out = open_memstream(&c->buf, &c->len);
	assert_non_null(c->out);
	return c->out;
}

char *cap_close(struct capture *c)
{
	assert_int_equal(fclose(c->out), 0);
	return c->buf;
}

char *text_of(const struct diff *d, const char *a, const char *b)
{
	struct capture c;
	assert_int_equal(diff_report_text(cap_open(&c), d, a, b), TV_OK);
	return cap_close(&c);
}

char *csv_of(const struct diff *d)
{
	struct capture c;
	assert_int_equal(diff_report_csv(cap_open(&c), d), TV_OK);
	return cap_close(&c);
}

char *json_of(const struct diff *d, const char *a, const char *b)
{
	struct capture c;
	assert_int_equal(diff_report_json_named(cap_open(&c), d, a, b), TV_OK);
	return cap_close(&c);
}

char *folded_of(const struct profile *a, const struct profile *b, int clock, int sig)
{
	struct capture c;
	assert_int_equal(diff_report_folded(cap_open(&c), a, b, clock, sig), TV_OK);
	return cap_close(&c);
}

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
const char *const pair_base =
	"thread 1 main\n"
	"1 > 0x10 0 0\n"
	"1 > 0x14 10 20\n1 < 0x14 20 40\n"
	"1 > 0x18 25 50\n1 < 0x18 30 60\n"
	"1 > 0x1c 30 60\n1 < 0x1c 32 64\n"
	"1 < 0x10 40 80\n";

const char *const pair_new =
	"thread 1 main\n"
	"1 > 0x100 0 0\n"
	"1 > 0x104 10 20\n1 < 0x104 30 60\n"
	"1 > 0x108 35 70\n1 < 0x108 40 80\n"
	"1 > 0x104 40 80\n1 < 0x104 41 82\n"
	"1 > 0x10c 45 90\n1 < 0x10c 48 96\n"
	"1 < 0x100 50 100\n";

const char *const LOG_SIG = "(Ljava/lang/String;)V";

const struct diff *pair_load(struct fx *f)
{
	struct tg *b = f->r[0].tg, *n = f->r[1].tg;
	tg_method(b, 0x10, "com.ex.Main", "run", "()V", "Main.java");
	tg_method(b, 0x14, "com.ex.Main", "work", "(I)V", "Main.java");
	tg_method(b, 0x18, "com.ex.Util", "log", LOG_SIG, "Util.java");
	tg_method(b, 0x1c, "com.ex.Old", "gone", "()V", "Old.java");
	tg_method(n, 0x100, "com.ex.Main", "run", "()V", "Main.java");
	tg_method(n, 0x104, "com.ex.Main", "work", "(I)V", "Main.java");
	tg_method(n, 0x108, "com.ex.Util", "log", LOG_SIG, "Util.java");
	tg_method(n, 0x10c, "com.ex.New", "fresh", "()V", "New.java");
	fx_load(f, 0, pair_base, NULL, NULL);
	fx_load(f, 1, pair_new, NULL, NULL);
	return fx_diff(f);
}

uint64_t row_id(const struct diff *d, const struct diff_row *row, int r)
{
	uint32_t m = r ? row->next : row->base;
	return m == DIFF_NONE ? UINT64_MAX : d->run[r]->tr->methods[m].id;
}
