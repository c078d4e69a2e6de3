/* rulestest.h: the fixture of the test_rules* programs: a tracegen
 * description per test (fx_setup/fx_teardown, through T()), written,
 * loaded and profiled by fx_run(), and checks of a method, an edge, the
 * toplevel and a thread name that fail the test naming the line.
 */
#ifndef TV_RULESTEST_H
#define TV_RULESTEST_H

#include <stdint.h>

#include "analyze/profile.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"

#define NA UINT64_MAX   /* a clock the trace does not record: not checked */
#define TOP "(top)"     /* edge end that is the thread root */

struct fx {
	struct tg *tg;
	struct trace tr;
	struct profile p;
	int loaded, built;
};

int fx_setup(void **state);
int fx_teardown(void **state);
#define T(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)

/* Loads the tg written with o (NULL: V1 v3 dual) and builds the profile
 * over all threads (tid NULL) or one. */
void fx_build(struct fx *f, const struct tg_opts *o, const uint32_t *tid);

/* The fixture of state with script's events, built as fx_build(f, o, NULL). */
struct fx *fx_run(void **state, const char *script, const struct tg_opts *o);

/* The method id of a script symbol, and its profile numbers. */
uint64_t sym_id(const struct fx *f, const char *sym);
const struct prof_method *pm(const struct fx *f, const char *sym);

/* calls, recursive calls, incl/excl CPU, incl/excl wall. */
#define CHECK_M(f, sym, c, r, ic, ec, iw, ew) \
	check_m(f, sym, c, r, ic, ec, iw, ew, __LINE__)
void check_m(const struct fx *f, const char *sym, uint64_t c, uint64_t r,
             uint64_t ic, uint64_t ec, uint64_t iw, uint64_t ew, int line);

/* The edge to/from `other` in a list, both halves: calls, incl cpu, incl
 * wall of the plain half, then of the "while recursive" half. */
#define CHECK_E(f, list, other, c, ic, iw, rc, ric, riw) \
	check_e(f, list, other, (uint64_t[6]){c, ic, iw, rc, ric, riw}, __LINE__)
void check_e(const struct fx *f, const struct prof_list *list, const char *other,
             const uint64_t want[6], int line);

#define CHECK_TOP(f, ic, ec, iw, ew) check_top(f, ic, ec, iw, ew, __LINE__)
void check_top(const struct fx *f, uint64_t ic, uint64_t ec, uint64_t iw, uint64_t ew,
               int line);

/* The thread with this id (asserted present). */
const struct tv_thread *thread(const struct fx *f, uint32_t tid);

/* Asserts the thread's name (NULL: no name). */
#define NAME_IS(f, tid, want) name_is(f, tid, want, __LINE__)
void name_is(const struct fx *f, uint32_t tid, const char *want, int line);

#define STR_IS(f, s, want) assert_true(tu_str_eq(&(f)->tr, s, want))

#endif
