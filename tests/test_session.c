/* test_session.c: the UI's session model without a terminal.
 *
 * A dual-clock trace written by hand, times in µs (CPU, wall):
 *
 *   thread 1 main:   A [0, 100) wall, 50 CPU
 *                      B [10, 30) wall, 10 CPU
 *                      C [50, 90) wall, 20 CPU
 *                        B [60, 70) wall, 5 CPU
 *   thread 2 worker: D [0, 50) wall, 20 CPU
 *                      B [5, 25) wall, 10 CPU
 *
 * All threads: B 3 calls, 50 wall; A 100 incl, 40 excl. Thread 2 alone: D
 * 50, B 20, no A. The range [0, 60) keeps A as [0, 60), the first B, C as
 * [50, 60) and drops the inner B (it starts at 60); then drop:B takes both
 * remaining B calls out: A 40 incl, 30 excl; C 10; D 30 incl, 30 excl;
 * toplevel 70 (docs/numbers.md, "Time ranges" and "Transforms"). Every
 * profile is also compared field by field with profile_build() on what
 * derive_build() makes of the same steps.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyze/derive.h"
#include "analyze/profile.h"
#include "session/session.h"
#include "session/steptext.h"
#include "testutil.h"
#include "tracegen.h"

static const char *const script =
        "thread 1 main\n"
        "thread 2 worker\n"
        "1 > A 0 0; 1 > B 5 10; 1 < B 15 30; 1 > C 20 50; 1 > B 25 60; 1 < B 30 70\n"
        "1 < C 40 90; 1 < A 50 100\n"
        "2 > D 0 0; 2 > B 2 5; 2 < B 12 25; 2 < D 20 50\n";

/* What the listener heard. */
struct heard {
	unsigned released, changed;     /* every bit seen */
	int nrelease, nchange;
};

struct fx {
	struct trace tr;
	struct tg *tg;
	struct session *s;
	struct heard h;
	char msg[320];
};

static void on_release(void *env, unsigned what)
{
	struct heard *h = env;
	h->released |= what;
	h->nrelease++;
}

static int on_changed(void *env, unsigned what)
{
	struct heard *h = env;
	h->changed |= what;
	h->nchange++;
	return 0;
}

static int fx_load_script(struct fx *f, enum tg_clock clock, const char *text)
{
	/* One clock: version 2 writes one time per record. */
	struct tg_opts o = {.family = TG_V1, .version = clock == TG_CLOCK_DUAL ? 3 : 2,
	                    .clock = clock};
	f->tg = tg_new();
	if (tg_script(f->tg, text) != 0 || tu_load_tg(&f->tr, f->tg, &o) != TV_OK)
		return -1;
	return 0;
}

static int fx_load(struct fx *f, enum tg_clock clock)
{
	return fx_load_script(f, clock, script);
}

/* A started session on the trace, listened to. */
static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	struct session_opts so = {0};
	if (!f || fx_load(f, TG_CLOCK_DUAL) < 0)
		return -1;
	f->s = session_new(&f->tr, &so);
	if (!f->s || session_start(f->s, &so, f->msg, sizeof f->msg) != 0)
		return -1;
	struct session_listener l = {on_release, on_changed, &f->h};
	session_listen(f->s, &l);
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	session_free(f->s);
	trace_free(&f->tr);
	tg_free(f->tg);
	free(f);
	return 0;
}

/* Takes what the worker made until nothing is left on it (20 s at most). */
static void settle(struct fx *f)
{
	for (int i = 0; i < 20000 && session_busy(f->s); i++) {
		usleep(1000);
		session_poll(f->s, f->msg, sizeof f->msg);
	}
	assert_false(session_busy(f->s));
}

static uint32_t method_of(const struct trace *tr, struct tg *tg, const char *sym)
{
	uint64_t id = tg_id(tg, sym);
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (tr->methods[m].id == id)
			return m;
	fail_msg("no method %s", sym);
	return 0;
}

static const struct prof_method *of(const struct profile *p, struct fx *f, const char *sym)
{
	return &p->methods[method_of(p->tr, f->tg, sym)];
}

/* The session's profile equals profile_build() of derive_build() with
 * these steps (none: of the trace itself), over tid or every thread. */
static void expect_profile(struct fx *f, const struct derive_step *steps, uint32_t n,
                           const uint32_t *tid)
{
	struct trace view;
	struct profile want;
	char why[256];
	const struct trace *in = &f->tr;
	if (n) {
		assert_int_equal(derive_build(&view, &f->tr, steps, n, NULL, NULL), TV_OK);
		in = &view;
	}
	assert_int_equal(profile_build(&want, in, tid, NULL), TV_OK);
	if (tu_profile_diff(session_profile(f->s), &want, why, sizeof why))
		fail_msg("the session's profile differs: %s", why);
	profile_free(&want);
	if (n)
		trace_free(&view);
}

/* sel is the set of the one thread tid. */
static void expect_one(const struct trace_sel *sel, uint32_t tid)
{
	assert_non_null(sel);
	assert_int_equal(sel->n, 1);
	assert_int_equal(sel->tids[0], tid);
}

static void test_new(void **state)
{
	struct fx *f = *state;
	const struct profile *p = session_profile(f->s);
	uint64_t a, b;
	assert_ptr_equal(p, session_base_profile(f->s));
	assert_ptr_equal(session_trace(f->s), &f->tr);
	assert_ptr_equal(session_base(f->s), &f->tr);
	assert_ptr_equal(session_loaded(f->s), &f->tr);
	assert_int_equal(session_clock(f->s), TV_CPU);
	assert_int_equal(session_nthreads(f->s), 2);
	assert_int_equal(session_nsteps(f->s), 0);
	assert_null(session_scope(f->s));
	assert_false(session_range(f->s, &a, &b));
	assert_int_equal(of(p, f, "B")->calls, 3);
	assert_int_equal(of(p, f, "B")->incl[TV_WALL], 50);
	assert_int_equal(of(p, f, "B")->incl[TV_CPU], 25);
	assert_int_equal(of(p, f, "A")->incl[TV_WALL], 100);
	assert_int_equal(of(p, f, "A")->excl[TV_WALL], 40);
	assert_int_equal(of(p, f, "A")->excl[TV_CPU], 20);
	/* The profile of every thread reads its lists from the trace's edge
	 * sums, which stay; a profile built now reads them too. */
	assert_int_equal(f->tr.esums_valid, 1);
	assert_int_not_equal(f->tr.esums.n, 0);
	expect_profile(f, NULL, 0, NULL);
}

static void test_scope(void **state)
{
	struct fx *f = *state;
	uint32_t tid = 2;
	session_scope_toggle(f->s, 0, 0, f->msg, sizeof f->msg);
	assert_string_equal(f->msg, "no thread to scope to");
	/* Not built yet: on the worker, the header says which is coming. */
	session_scope_toggle(f->s, 1, tid, f->msg, sizeof f->msg);
	expect_one(session_scope_pending(f->s) ? session_scope_pending(f->s) : session_scope(f->s),
	           2);
	settle(f);
	expect_one(session_scope(f->s), 2);
	assert_true(f->h.changed & SESSION_SCOPE);
	const struct profile *p = session_profile(f->s);
	assert_int_equal(of(p, f, "D")->incl[TV_WALL], 50);
	assert_int_equal(of(p, f, "B")->calls, 1);
	assert_int_equal(of(p, f, "B")->incl[TV_WALL], 20);
	assert_int_equal(of(p, f, "A")->calls, 0);
	expect_profile(f, NULL, 0, &tid);
	/* Back to all threads, and to thread 2 again from the cache: at once. */
	session_scope_toggle(f->s, 1, tid, f->msg, sizeof f->msg);
	assert_null(session_scope(f->s));
	assert_ptr_equal(session_profile(f->s), session_base_profile(f->s));
	int before = f->h.nchange;
	session_scope_toggle(f->s, 1, tid, f->msg, sizeof f->msg);
	expect_one(session_scope(f->s), 2);
	assert_false(session_busy(f->s));
	assert_int_equal(f->h.nchange, before + 1);
	assert_ptr_equal(session_profile(f->s), p);
}

/* The range [0, 60) and drop:B as steps: the session's and derive's. */
static void make_steps(struct fx *f, struct derive_step st[2])
{
	uint64_t origin = derive_axis_origin(&f->tr);
	struct range r = {1, 1, 0, 60, 0};
	const char *why;
	char text[64];
	assert_int_equal(derive_step_range(&r, &st[0]), 0);
	snprintf(text, sizeof text, "drop:0x%llx", (unsigned long long)tg_id(f->tg, "B"));
	assert_int_equal(derive_step_transform(text, &st[1], &why), 0);
	session_push_range(f->s, origin, origin + 60, f->msg, sizeof f->msg);
	session_transform(f->s, "drop", method_of(&f->tr, f->tg, "B"), f->msg, sizeof f->msg);
}

static void test_steps(void **state)
{
	struct fx *f = *state;
	struct derive_step st[2];
	uint64_t a, b, origin = derive_axis_origin(&f->tr);
	make_steps(f, st);
	assert_int_equal(session_nsteps(f->s), 2);
	settle(f);
	assert_int_equal(session_nview(f->s), 2);
	assert_false(session_rebuilding(f->s));
	assert_true(f->h.released & SESSION_DROP_TRACE);
	assert_true(f->h.changed & SESSION_TRACE);
	assert_ptr_not_equal(session_trace(f->s), &f->tr);
	assert_string_equal(session_step(f->s, 1)->text, st[1].text);
	assert_true(session_range(f->s, &a, &b));
	assert_int_equal(a, origin);
	assert_int_equal(b, origin + 60);
	const struct profile *p = session_profile(f->s);
	assert_int_equal(of(p, f, "A")->incl[TV_WALL], 40);
	assert_int_equal(of(p, f, "A")->excl[TV_WALL], 30);
	assert_int_equal(of(p, f, "C")->incl[TV_WALL], 10);
	assert_int_equal(of(p, f, "D")->incl[TV_WALL], 30);
	assert_int_equal(of(p, f, "D")->excl[TV_WALL], 30);
	assert_int_equal(of(p, f, "B")->calls, 0);
	assert_int_equal(p->top_incl[TV_WALL], 70);
	expect_profile(f, st, 2, NULL);
	/* u: the range alone; U: the trace itself; then nothing to undo. */
	session_undo(f->s, 0, f->msg, sizeof f->msg);
	settle(f);
	assert_int_equal(session_nview(f->s), 1);
	expect_profile(f, st, 1, NULL);
	session_undo(f->s, 1, f->msg, sizeof f->msg);
	settle(f);
	assert_int_equal(session_nsteps(f->s), 0);
	assert_ptr_equal(session_trace(f->s), &f->tr);
	assert_ptr_equal(session_profile(f->s), session_base_profile(f->s));
	session_undo(f->s, 1, f->msg, sizeof f->msg);
	assert_string_equal(f->msg, "no step to undo");
	derive_step_free(&st[0]);
	derive_step_free(&st[1]);
}

/* A scope stays across a rebuild, computed again on the derived trace. */
static void test_scope_through_steps(void **state)
{
	struct fx *f = *state;
	struct derive_step st[2];
	uint32_t tid = 1;
	session_scope_toggle(f->s, 1, tid, f->msg, sizeof f->msg);
	settle(f);
	make_steps(f, st);
	settle(f);
	expect_one(session_scope(f->s), 1);
	const struct profile *p = session_profile(f->s);
	assert_ptr_equal(p->tr, session_trace(f->s));
	assert_int_equal(of(p, f, "A")->incl[TV_WALL], 40);
	assert_int_equal(of(p, f, "D")->calls, 0);
	expect_profile(f, st, 2, &tid);
	derive_step_free(&st[0]);
	derive_step_free(&st[1]);
}

static void test_said(void **state)
{
	struct fx *f = *state;
	char buf[64];
	session_push_text(f->s, "drop:0x999", f->msg, sizeof f->msg);
	settle(f);
	assert_string_equal(f->msg, "drop:0x999 matched no call: nothing changed");
	assert_int_equal(session_nview(f->s), 1);
	session_push_text(f->s, "spin:A", f->msg, sizeof f->msg);
	assert_non_null(strstr(f->msg, "spin:A: "));
	session_transform(f->s, "focus", UINT32_MAX, f->msg, sizeof f->msg);
	assert_string_equal(f->msg, "select a method first");
	session_push_range(f->s, 5, 5, f->msg, sizeof f->msg);
	assert_string_equal(f->msg, "an empty range: nothing applied");
	assert_int_equal(session_package_of(f->s, method_of(&f->tr, f->tg, "A"), buf, sizeof buf,
	                                    f->msg, sizeof f->msg), 0);
	assert_string_equal(buf, "com.example.*");
}

static void test_clock(void **state)
{
	struct fx *f = *state;
	assert_int_equal(session_toggle_clock(f->s, f->msg, sizeof f->msg), 0);
	assert_string_equal(f->msg, "time base: real");
	assert_int_equal(session_clock(f->s), TV_WALL);
	assert_int_equal(f->h.changed, SESSION_CLOCK);
	assert_int_equal(session_toggle_clock(f->s, f->msg, sizeof f->msg), 0);
	assert_string_equal(f->msg, "time base: CPU");
	/* A trace with one clock keeps it. */
	struct fx g = {0};
	struct session_opts so = {0};
	assert_int_equal(fx_load(&g, TG_CLOCK_WALL), 0);
	g.s = session_new(&g.tr, &so);
	assert_non_null(g.s);
	assert_int_equal(session_clock(g.s), TV_WALL);
	assert_int_equal(session_toggle_clock(g.s, g.msg, sizeof g.msg), -1);
	assert_string_equal(g.msg, "this trace has one clock only");
	session_free(g.s);
	trace_free(&g.tr);
	tg_free(g.tg);
}

/* The command line's start: a thread, steps built at once, --app. */
static void test_start(void **state)
{
	struct fx *f = *state;
	struct fx g = {0};
	struct derive_step st;
	struct range r = {1, 1, 0, 60, 0};
	const struct derive_glob *app;
	uint32_t napp, tid = 99;
	struct trace_sel none = {&tid, 1};
	assert_int_equal(derive_step_range(&r, &st), 0);
	struct session_opts so = {.app = "org.other.*", .scope = &none, .steps = &st, .nsteps = 1,
	                          .loaded = &f->tr, .frame = 30};
	assert_int_equal(fx_load(&g, TG_CLOCK_DUAL), 0);
	g.s = session_new(&g.tr, &so);
	assert_int_equal(session_start(g.s, &so, g.msg, sizeof g.msg), 0);
	assert_string_equal(g.msg, "no such thread: showing all threads");
	assert_null(session_scope(g.s));
	assert_int_equal(session_nview(g.s), 1);
	assert_false(session_busy(g.s));
	assert_ptr_equal(session_loaded(g.s), &f->tr);
	assert_int_equal(session_frame(g.s), 30);
	session_categories(g.s, &app, &napp);
	assert_int_equal(napp, 1);
	assert_true(session_app_given(g.s));
	assert_string_equal(session_app_text(g.s), "org.other.*");
	session_free(g.s);
	trace_free(&g.tr);
	tg_free(g.tg);
	derive_step_free(&st);
}

/* Three threads, times (CPU, wall) by hand: main: A [0, 100) wall, 50
 * CPU; w1: B [0, 40), 10 CPU; w2: B [0, 20), 6 CPU, calling C [5, 15),
 * 2 CPU. The set {2, 3}: B 2 calls, 60 wall, 16 CPU; C 10 wall, 2 CPU;
 * no A; toplevel 60 wall (the two spans), 16 CPU. */
static const char *const three =
        "thread 1 main\n"
        "thread 2 w1\n"
        "thread 3 w2\n"
        "1 > A 0 0; 1 < A 50 100\n"
        "2 > B 0 0; 2 < B 10 40\n"
        "3 > B 0 0; 3 > C 2 5; 3 < C 4 15; 3 < B 6 20\n";

/* A scope of several threads (the threads pane's Enter): the profile of
 * the set, cached; the set of every thread is no scope; how the header
 * and `:` say it. */
static void test_scope_set(void **state)
{
	struct fx g = {0};
	struct session_opts so = {0};
	uint32_t both[] = {2, 3}, every[] = {1, 2, 3}, two = 2;
	struct trace_sel set = {both, 2}, all = {every, 3}, one = {&two, 1};
	char buf[64];
	(void)state;
	assert_int_equal(fx_load_script(&g, TG_CLOCK_DUAL, three), 0);
	assert_non_null(g.s = session_new(&g.tr, &so));
	assert_int_equal(session_start(g.s, &so, g.msg, sizeof g.msg), 0);
	session_scope_to(g.s, &set, g.msg, sizeof g.msg);
	settle(&g);
	const struct trace_sel *sel = session_scope(g.s);
	assert_non_null(sel);
	assert_int_equal(sel->n, 2);
	assert_int_equal(sel->tids[0], 2);
	assert_int_equal(sel->tids[1], 3);
	const struct profile *p = session_profile(g.s);
	assert_int_equal(of(p, &g, "B")->calls, 2);
	assert_int_equal(of(p, &g, "B")->incl[TV_WALL], 60);
	assert_int_equal(of(p, &g, "B")->incl[TV_CPU], 16);
	assert_int_equal(of(p, &g, "C")->incl[TV_WALL], 10);
	assert_int_equal(of(p, &g, "C")->incl[TV_CPU], 2);
	assert_int_equal(of(p, &g, "A")->calls, 0);
	assert_int_equal(p->top_incl[TV_WALL], 60);
	assert_int_equal(p->top_incl[TV_CPU], 16);
	steptext_scope_label(&g.tr, sel, 1, buf, sizeof buf);
	assert_string_equal(buf, "2 threads");
	assert_int_equal(steptext_scope_glob(&g.tr, sel, buf, sizeof buf), 1);
	assert_string_equal(buf, "w*");  /* main is not w*: exact, and shorter */
	/* The same set again says so; one thread; then the cached set at once. */
	session_scope_to(g.s, &set, g.msg, sizeof g.msg);
	assert_string_equal(g.msg, "that is the scope already");
	session_scope_to(g.s, &one, g.msg, sizeof g.msg);
	settle(&g);
	expect_one(session_scope(g.s), 2);
	steptext_scope_label(&g.tr, session_scope(g.s), 1, buf, sizeof buf);
	assert_string_equal(buf, "thread 2 w1");
	session_scope_to(g.s, &set, g.msg, sizeof g.msg);
	assert_false(session_busy(g.s));
	assert_ptr_equal(session_profile(g.s), p);
	/* Every thread is no scope. */
	session_scope_to(g.s, &all, g.msg, sizeof g.msg);
	assert_null(session_scope(g.s));
	assert_ptr_equal(session_profile(g.s), session_whole_profile(g.s));
	session_scope_to(g.s, NULL, g.msg, sizeof g.msg);
	assert_string_equal(g.msg, "every thread shows already");
	steptext_scope_label(&g.tr, NULL, 1, buf, sizeof buf);
	assert_string_equal(buf, "all threads");
	session_free(g.s);
	trace_free(&g.tr);
	tg_free(g.tg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_new, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_scope, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_steps, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_scope_through_steps, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_said, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_clock, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_start, fx_setup, fx_teardown),
		cmocka_unit_test(test_scope_set),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
