/* test_limits_deep.c: stacks 100,000 deep (distinct methods, recursion,
 * calls open at the end, an orphan adopting them) through the profile,
 * every output and the timeline, on a stack small enough that a walk
 * recursing once per frame would crash.
 *
 * Runs on a small stack (limitstest.h, lim_small_stack()), like every
 * test_limits_* program.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "write/export.h"
#include "read/keyfile.h"
#include "model/load.h"
#include "analyze/profile.h"
#include "write/report.h"
#include "limitstest.h"
#include "testutil.h"
#include "draw/text.h"
#include "base/textesc.h"
#include "analyze/timeline.h"
#include "model/trace.h"
#include "tracegen.h"
#include "read/v1.h"

/* ------------------------------------------------------------ 4 stacks 100,000 deep */

#define ND 100000u

enum deep_kind {
	DEEP_DISTINCT,   /* M0 > M1 > ... > M99999, all exit */
	DEEP_RECURSIVE,  /* R entered 100000 times, all exit */
	DEEP_OPEN,       /* distinct, nothing exits */
	DEEP_ORPHAN,     /* distinct, all exit, then an exit of X at the bottom */
};

/* Times (cpu, wall): the outermost enters at (0, 0), every inner call at
 * (10, 20); the inner calls all exit at (60, 120), the outermost at
 * (100, 200). So inner calls have incl (50, 100) and only the innermost
 * has excl; the outermost has incl (100, 200) = the span and excl
 * (50, 100). Few distinct stacks keep the folded output small. */
static struct tg *deep_tg(enum deep_kind kind)
{
	struct tg *tg = tg_new();
	for (uint32_t i = 0; i < ND; i++) {
		char cls[32];
		snprintf(cls, sizeof cls, "com.example.D%u", i);
		if (kind != DEEP_RECURSIVE || i == 0)
			tg_method(tg, 4 * (i + 1), kind == DEEP_RECURSIVE ? "com.example.R" : cls,
			          "f", "()V", "D.java");
	}
	tg_method(tg, 0x10000000, "com.example.X", "outer", "()V", "X.java");
	for (uint32_t i = 0; i < ND; i++) {
		uint64_t id = kind == DEEP_RECURSIVE ? 4 : 4 * (i + 1);
		tg_enter(tg, 1, id, i ? 10 : 0, i ? 20 : 0);
	}
	if (kind == DEEP_OPEN) {
		tg_raw(tg, 1, 3, 100, 200);   /* action 3: only sets the last time */
		return tg;
	}
	for (uint32_t i = ND; i-- > 0;) {
		uint64_t id = kind == DEEP_RECURSIVE ? 4 : 4 * (i + 1);
		tg_exit(tg, 1, id, i ? 60 : 100, i ? 120 : 200);
	}
	if (kind == DEEP_ORPHAN)
		tg_exit(tg, 1, 0x10000000, 150, 300);
	return tg;
}

static void deep_outputs(const struct trace *tr, const struct profile *p, size_t want_lines,
                         size_t want_semis)
{
	FILE *dn = devnull();
	struct export_opts o = {TV_WALL, 1, 1, NULL, NULL};
	assert_int_equal(report_text(dn, p, "deep.trace"), TV_OK);
	assert_int_equal(report_json(dn, p), TV_OK);
	assert_int_equal(report_csv(dn, p), TV_OK);
	assert_int_equal(export_chrome(dn, p, &o), TV_OK);
	fclose(dn);
	(void)tr;
	/* Folded: only stacks with excl time have a line; the deepest is
	 * 100,000 frames, megabytes long. */
	char *text = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&text, &len);
	assert_non_null(ms);
	o.per_thread = 0;
	o.signatures = 0;
	assert_int_equal(export_folded(ms, p, &o), TV_OK);
	fclose(ms);
	size_t lines = 0, semis = 0;
	for (size_t i = 0; i < len; i++) {
		lines += text[i] == '\n';
		semis += text[i] == ';';
	}
	assert_int_equal(lines, want_lines);
	assert_int_equal(semis, want_semis);
	assert_true(len > 1000000);
	free(text);
}

static void deep_timeline(const struct trace *tr, uint32_t deepest_call, uint64_t at,
                          uint32_t depth)
{
	struct timeline tl;
	struct tv_error err;
	assert_int_equal(timeline_build(&tl, tr, &err), TV_OK);
	uint32_t c = timeline_call_at(&tl, 0, tl.begin + at);
	assert_int_equal(c, deepest_call);
	assert_int_equal(timeline_depth(&tl, 0, c), depth);
	uint32_t cells[80];
	timeline_cells(&tl, 0, tl.begin, tl.end, 80, cells);
	timeline_free(&tl);
}

static void test_deep_distinct(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_DISTINCT);
	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tv_warnings_kinds(&tr.warnings), 0);
	const struct tv_thread *th = &tr.threads[0];
	assert_int_equal(th->ncalls, ND);
	assert_int_equal(th->parent[ND - 1], ND - 2);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *outer = tu_method(&p, 4), *mid = tu_method(&p, 4 * 500);
	const struct prof_method *inner = tu_method(&p, 4 * ND);
	assert_int_equal(outer->calls, 1);
	assert_int_equal(outer->incl[TV_CPU], 100);
	assert_int_equal(outer->incl[TV_WALL], 200);
	assert_int_equal(outer->incl[TV_WALL], trace_thread_span(th, TV_WALL));
	assert_int_equal(outer->excl[TV_CPU], 50);
	assert_int_equal(outer->excl[TV_WALL], 100);
	assert_int_equal(mid->calls, 1);
	assert_int_equal(mid->rcalls, 0);
	assert_int_equal(mid->incl[TV_WALL], 100);
	assert_int_equal(mid->excl[TV_WALL], 0);
	assert_int_equal(mid->parents.n, 1);
	assert_int_equal(mid->children.n, 1);
	assert_int_equal(inner->excl[TV_CPU], 50);
	assert_int_equal(inner->excl[TV_WALL], 100);
	assert_int_equal(inner->children.n, 0);
	assert_int_equal(p.top_incl[TV_WALL], 200);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	deep_timeline(&tr, ND - 1, 50, ND - 1);
	deep_outputs(&tr, &p, 2, ND - 1);
	print_message("100k deep, distinct methods: %.2f s\n", now_s() - t);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

static void test_deep_recursive(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_RECURSIVE);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tr.threads[0].ncalls, ND);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *r = tu_method(&p, 4);
	assert_int_equal(r->calls, 1);
	assert_int_equal(r->rcalls, ND - 1);
	/* incl only over the non-recursive (outermost) call; excl over all:
	 * 50 (outermost) + 50 (innermost). */
	assert_int_equal(r->incl[TV_CPU], 100);
	assert_int_equal(r->incl[TV_WALL], 200);
	assert_int_equal(r->excl[TV_CPU], 100);
	assert_int_equal(r->excl[TV_WALL], 200);
	/* R -> R as a child: the second call, under the outermost (not
	 * recursive), is plain (50/100); the other ND - 2 are under recursive
	 * calls. As a parent every one of the ND - 1 is recursive. */
	struct prof_edge got[2];
	const struct prof_edge *self = tu_edge(&p, &r->children, 4, &got[0]);
	assert_non_null(self);
	assert_int_equal(self->calls, 1);
	assert_int_equal(self->incl[TV_CPU], 50);
	assert_int_equal(self->incl[TV_WALL], 100);
	assert_int_equal(self->rcalls, ND - 2);
	assert_int_equal(self->rincl[TV_WALL], (uint64_t)(ND - 2) * 100);
	assert_int_equal(self->rincl[TV_CPU], (uint64_t)(ND - 2) * 50);
	self = tu_edge(&p, &r->parents, 4, &got[0]);
	assert_non_null(self);
	assert_int_equal(self->calls, 0);
	assert_int_equal(self->incl[TV_WALL], 0);
	assert_int_equal(self->rcalls, ND - 1);
	assert_int_equal(self->rincl[TV_WALL], (uint64_t)(ND - 1) * 100);
	const struct prof_edge *top = tu_edge(&p, &r->parents, TU_TOPLEVEL, &got[1]);
	assert_non_null(top);
	assert_int_equal(top->calls, 1);
	assert_int_equal(top->rcalls, 0);
	assert_int_equal(top->incl[TV_WALL], 200);
	deep_timeline(&tr, ND - 1, 50, ND - 1);
	/* Folded lines: "R 100" and R x 100000 with 100. Same shape. */
	deep_outputs(&tr, &p, 2, ND - 1);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

static void test_deep_open(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_OPEN);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tu_warn(&tr, TV_W_ACTION3), 1);
	const struct tv_thread *th = &tr.threads[0];
	assert_int_equal(th->ncalls, ND);
	/* Rule 4: all end at the last timestamp (100, 200). */
	assert_int_equal(trace_call_incl(th, TV_WALL, 0), 200);
	assert_int_equal(trace_call_incl(th, TV_WALL, ND - 1), 180);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	assert_int_equal(tu_method(&p, 4)->excl[TV_WALL], 20);
	assert_int_equal(tu_method(&p, 4 * ND)->excl[TV_WALL], 180);
	assert_int_equal(tu_method(&p, 4 * ND)->excl[TV_CPU], 90);
	deep_timeline(&tr, ND - 1, 150, ND - 1);
	deep_outputs(&tr, &p, 2, ND - 1);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

static void test_deep_orphan_adopts(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_ORPHAN);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tu_warn(&tr, TV_W_ORPHAN_EXIT), 1);
	assert_int_equal(tu_warn(&tr, TV_W_LOST_EXIT), 0);
	const struct tv_thread *th = &tr.threads[0];
	assert_int_equal(th->ncalls, ND + 1);
	/* Preorder again: X first, then the old tree one level down. */
	uint32_t x = trace_find_method(&tr, 0x10000000);
	assert_int_equal(th->method[0], x);
	assert_int_equal(th->parent[0], TV_ROOT);
	assert_int_equal(th->parent[1], 0);
	assert_int_equal(th->parent[ND], ND - 1);
	assert_int_equal(trace_call_incl(th, TV_WALL, 0), 300);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *pm = tu_method(&p, 0x10000000);
	assert_int_equal(pm->calls, 1);
	assert_int_equal(pm->incl[TV_WALL], 300);
	assert_int_equal(pm->excl[TV_WALL], 100);
	assert_int_equal(pm->excl[TV_CPU], 50);
	assert_int_equal(p.top_incl[TV_WALL], 300);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	deep_timeline(&tr, ND, 50, ND);
	/* Folded: X 100, X;D0 100 and the full X;D0;...;D99999 100. */
	deep_outputs(&tr, &p, 3, ND + 1);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

int main(int argc, char **argv)
{
	(void)argc;
	lim_small_stack(argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deep_distinct),
		cmocka_unit_test(test_deep_recursive),
		cmocka_unit_test(test_deep_open),
		cmocka_unit_test(test_deep_orphan_adopts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
