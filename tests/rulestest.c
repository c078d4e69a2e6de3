/* rulestest.c: the fixture and checks of the test_rules* programs (see
 * rulestest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/match.h"
#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "rulestest.h"
#include "testutil.h"
#include "tracegen.h"

int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->tg = tg_new();
	*state = f;
	return 0;
}

static void fx_reset(struct fx *f)
{
	if (f->built)
		profile_free(&f->p);
	if (f->loaded)
		trace_free(&f->tr);
	f->built = f->loaded = 0;
}

int fx_teardown(void **state)
{
	struct fx *f = *state;
	fx_reset(f);
	tg_free(f->tg);
	free(f);
	return 0;
}

/* Loads the tg written with o (NULL: V1 v3 dual) and builds the profile
 * over all threads (tid NULL) or one. */
void fx_build(struct fx *f, const struct tg_opts *o, const uint32_t *tid)
{
	fx_reset(f);
	f->loaded = 1;
	assert_int_equal(tu_load_tg(&f->tr, f->tg, o), TV_OK);
	struct tv_error err = {0};
	assert_int_equal(profile_build(&f->p, &f->tr, tid, &err), TV_OK);
	f->built = 1;
	char msg[256];
	if (tu_check_edge_sums(&f->p, msg, sizeof msg) != 0)
		fail_msg("edge sums: %s", msg);
}

struct fx *fx_run(void **state, const char *script, const struct tg_opts *o)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, script), 0);
	fx_build(f, o, NULL);
	return f;
}

uint64_t sym_id(const struct fx *f, const char *sym)
{
	if (strcmp(sym, TOP) == 0)
		return TU_TOPLEVEL;
	if (sym[0] == '0' && sym[1] == 'x')
		return strtoull(sym, NULL, 16);
	uint64_t id = tg_id(f->tg, sym);
	if (id == UINT64_MAX)
		fail_msg("no symbol %s", sym);
	return id;
}

const struct prof_method *pm(const struct fx *f, const char *sym)
{
	const struct prof_method *m = tu_method(&f->p, sym_id(f, sym));
	if (!m)
		fail_msg("method %s is not in the trace", sym);
	return m;
}

static void eq(uint64_t got, uint64_t want, const char *what, const char *sym, int line)
{
	if (want != NA && got != want)
		fail_msg("line %d: %s of %s: got %llu, want %llu", line, what, sym,
		         (unsigned long long)got, (unsigned long long)want);
}

/* calls, recursive calls, incl/excl CPU, incl/excl wall. */
void check_m(const struct fx *f, const char *sym, uint64_t c, uint64_t r,
                    uint64_t ic, uint64_t ec, uint64_t iw, uint64_t ew, int line)
{
	const struct prof_method *m = pm(f, sym);
	eq(m->calls, c, "calls", sym, line);
	eq(m->rcalls, r, "recursive calls", sym, line);
	eq(m->incl[TV_CPU], ic, "incl cpu", sym, line);
	eq(m->excl[TV_CPU], ec, "excl cpu", sym, line);
	eq(m->incl[TV_WALL], iw, "incl wall", sym, line);
	eq(m->excl[TV_WALL], ew, "excl wall", sym, line);
}

/* The edge to/from `other` in a list, both halves: calls, incl cpu, incl
 * wall of the plain half, then of the "while recursive" half. */
void check_e(const struct fx *f, const struct prof_list *list, const char *other,
             const uint64_t want[6], int line)
{
	struct prof_edge got;
	const struct prof_edge *e = tu_edge(&f->p, list, sym_id(f, other), &got);
	if (!e)
		fail_msg("line %d: no edge with %s", line, other);
	eq(e->calls, want[0], "edge calls", other, line);
	eq(e->incl[TV_CPU], want[1], "edge incl cpu", other, line);
	eq(e->incl[TV_WALL], want[2], "edge incl wall", other, line);
	eq(e->rcalls, want[3], "edge recursive calls", other, line);
	eq(e->rincl[TV_CPU], want[4], "edge recursive incl cpu", other, line);
	eq(e->rincl[TV_WALL], want[5], "edge recursive incl wall", other, line);
}

void check_top(const struct fx *f, uint64_t ic, uint64_t ec, uint64_t iw, uint64_t ew,
                      int line)
{
	eq(f->p.top_incl[TV_CPU], ic, "incl cpu", TOP, line);
	eq(f->p.top_excl[TV_CPU], ec, "excl cpu", TOP, line);
	eq(f->p.top_incl[TV_WALL], iw, "incl wall", TOP, line);
	eq(f->p.top_excl[TV_WALL], ew, "excl wall", TOP, line);
}

const struct tv_thread *thread(const struct fx *f, uint32_t tid)
{
	uint32_t i = trace_find_thread(&f->tr, tid);
	if (i == IDMAP_NONE)
		fail_msg("no thread %u", (unsigned)tid);
	return &f->tr.threads[i];
}

/* Asserts the thread's name (NULL: no name). */
void name_is(const struct fx *f, uint32_t tid, const char *want, int line)
{
	struct tv_str s = thread(f, tid)->name;
	if (!tu_str_eq(&f->tr, s, want))
		fail_msg("line %d: thread %u: name is %.*s, want %s", line, (unsigned)tid,
		         trace_str(&f->tr, s) ? (int)s.len : 6,
		         trace_str(&f->tr, s) ? trace_str(&f->tr, s) : "absent",
		         want ? want : "absent");
}
