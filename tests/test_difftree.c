/* test_difftree.c: the diff call tree (docs/numbers.md, "The diff call
 * tree") and its reports.
 *
 * Hand-checked numbers on small written pairs (comments show the
 * arithmetic): the merged paths, each side's numbers, the orders, the
 * text and JSON. Then, on every real trace diffed with itself and with
 * the next one, the whole merged tree against each run's own tree: every
 * node's side is a node of that run's tree at the same path, and a node's
 * children on each side are exactly that run's children there.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/diff.h"
#include "analyze/difftree.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

/* ------------------------------------------------------------ fixtures */

/* Two runs of one thread (methods A, B, C as 0x4, 0x8, 0xc):
 * A: A [0,100) wall, [0,60) cpu, calls B [10,40) wall [10,30) cpu, then
 *    C [50,70) wall [40,50) cpu.
 * B: A [0,120) wall [0,60) cpu calls B [10,80) wall [10,50) cpu, which
 *    calls C [20,40) wall [20,30) cpu.
 * Merged, on the wall clock: (toplevel) 100 -> 120; A 100 -> 120; A's
 * children: B 30 -> 70 (then C only in B: 20), and C only in A (20). */
static const char *const pair_heads =
	"thread 1 main\n"
	"method A 0x4 com/example/A run ()V\n"
	"method B 0x8 com/example/B work (I)V\n"
	"method C 0xc com/example/C tick ()V\n";
static const char *const pair_a =
	"1 > A 0 0\n1 > B 10 10\n1 < B 30 40\n1 > C 40 50\n1 < C 50 70\n1 < A 60 100\n";
static const char *const pair_b =
	"1 > A 0 0\n1 > B 10 10\n1 > C 20 20\n1 < C 30 40\n1 < B 50 80\n1 < A 60 120\n";

struct run {
	struct tg *tg;
	struct trace tr;
	struct profile p;
};

struct fx {
	struct run r[2];
	struct difftree t;
	int built;
};

static void run_load(struct run *r, const char *heads, const char *body, const uint32_t *tid)
{
	struct tv_error err = {0};
	char script[4096];
	snprintf(script, sizeof script, "%s%s", heads, body);
	r->tg = tg_new();
	assert_int_equal(tg_script(r->tg, script), 0);
	assert_int_equal(tu_load_tg(&r->tr, r->tg, NULL), TV_OK);
	assert_int_equal(profile_build(&r->p, &r->tr, tid, &err), TV_OK);
}

static void run_free(struct run *r)
{
	if (!r->tg)
		return;
	profile_free(&r->p);
	trace_free(&r->tr);
	tg_free(r->tg);
	memset(r, 0, sizeof *r);
}

static int fx_setup(void **state)
{
	*state = calloc(1, sizeof(struct fx));
	return *state ? 0 : -1;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	difftree_free(&f->t);
	for (int i = 0; i < 2; i++)
		run_free(&f->r[i]);
	free(f);
	return 0;
}

static struct fx *fx_pair(void **state, const char *heads, const char *a, const char *b,
                          int clock)
{
	struct fx *f = *state;
	struct tv_error err = {0};
	run_load(&f->r[0], heads, a, NULL);
	run_load(&f->r[1], heads, b, NULL);
	assert_int_equal(difftree_build(&f->t, &f->r[0].p, &f->r[1].p, clock, &err), TV_OK);
	return f;
}

/* The child of node whose method (in whichever run has it) has id, the
 * node expanded first; DIFFTREE_NONE when none. */
static uint32_t kid(struct fx *f, uint32_t node, uint64_t id)
{
	uint32_t n;
	assert_int_equal(difftree_expand(&f->t, node), TV_OK);
	const uint32_t *k = difftree_children(&f->t, node, &n);
	for (uint32_t i = 0; i < n; i++) {
		int run;
		uint32_t m = difftree_method(&f->t, k[i], &run);
		if (difftree_trace(&f->t, run)->methods[m].id == id)
			return k[i];
	}
	return DIFFTREE_NONE;
}

/* incl on the wall clock in A and B, -1 for a side without the path. */
static void sides_eq(struct fx *f, uint32_t node, int64_t a, int64_t b, int line)
{
	int64_t got[2];
	for (int r = 0; r < 2; r++) {
		const struct pathtree_node *n = difftree_side(&f->t, node, r);
		got[r] = n ? (int64_t)n->incl[TV_WALL] : -1;
		if (n && n->incl[TV_WALL] != difftree_incl(&f->t, node, r, TV_WALL))
			fail_msg("line %d: difftree_incl differs from the side's node", line);
	}
	if (got[0] != a || got[1] != b)
		fail_msg("line %d: node %u: A %lld B %lld, want %lld %lld", line, node,
		         (long long)got[0], (long long)got[1], (long long)a, (long long)b);
}
#define SIDES(f, node, a, b) sides_eq(f, node, a, b, __LINE__)

/* The report of the pair as a string (free() it). */
static char *report(struct fx *f, int json, uint32_t depth, uint64_t min_ppm, int clock)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	struct difftree_report_opts o = {json, depth, min_ppm, {"base", "new"}};
	assert_non_null(out);
	assert_int_equal(difftree_report(out, &f->r[0].p, &f->r[1].p, clock, &o), TV_OK);
	fclose(out);
	return buf;
}

/* ------------------------------------------------------------ hand-checked */

static void test_paths_matched(void **state)
{
	struct fx *f = fx_pair(state, pair_heads, pair_a, pair_b, TV_WALL);
	SIDES(f, 0, 100, 120);  /* the toplevels: one thread each */
	uint32_t a = kid(f, 0, 0x4), b = kid(f, a, 0x8), c = kid(f, a, 0xc);
	uint32_t bc = kid(f, b, 0xc);
	SIDES(f, a, 100, 120);
	SIDES(f, b, 30, 70);
	SIDES(f, c, 20, -1);   /* gone: A's C under A */
	SIDES(f, bc, -1, 20);  /* new: B's C under B */
	assert_int_equal(kid(f, bc, 0x4), DIFFTREE_NONE);
	assert_false(difftree_expandable(&f->t, bc));
	assert_true(difftree_expandable(&f->t, b));  /* B's side has a child */
	/* Order below A: by B's incl, then A's: B (70) before C (0, 20). */
	uint32_t n;
	const uint32_t *k = difftree_children(&f->t, a, &n);
	assert_int_equal(n, 2);
	assert_int_equal(k[0], b);
	assert_int_equal(k[1], c);
	assert_int_equal(difftree_hottest(&f->t, a), b);
	/* The sides are each run's own nodes: excl on CPU, calls. */
	assert_int_equal(difftree_side(&f->t, b, 0)->excl[TV_CPU], 20);  /* 30 - 10 */
	assert_int_equal(difftree_side(&f->t, b, 1)->excl[TV_CPU], 30);  /* 40 - 10 */
	assert_int_equal(difftree_side(&f->t, a, 1)->calls, 1);
}

/* Siblings X [wall 40 -> 10], Y [10 -> 40], Z [20 -> 20] and W only in A
 * [30]: every column both ways, ties broken by name. */
static void test_orders(void **state)
{
	static const char *const heads =
		"thread 1 main\n"
		"method W 0x4 p/W w ()V\nmethod X 0x8 p/X x ()V\n"
		"method Y 0xc p/Y y ()V\nmethod Z 0x10 p/Z z ()V\n";
	static const char *const a =
		"1 > X 0 0\n1 < X 0 40\n1 > Y 0 40\n1 < Y 0 50\n"
		"1 > Z 0 50\n1 < Z 0 70\n1 > W 0 70\n1 < W 0 100\n";
	static const char *const b =
		"1 > X 0 0\n1 < X 0 10\n1 > Y 0 10\n1 < Y 0 50\n1 > Z 0 50\n1 < Z 0 70\n";
	struct fx *f = fx_pair(state, heads, a, b, TV_WALL);
	uint32_t w = kid(f, 0, 0x4), x = kid(f, 0, 0x8), y = kid(f, 0, 0xc), z = kid(f, 0, 0x10);
	/* Δ: W -30, X -30, Y +30, Z 0; Δ%: W -100 (gone), X -75, Y +300, Z 0. */
	static const struct {
		enum difftree_by by;
		int asc;
		const char *order;
	} cases[] = {
		{DIFFTREE_BY_B, 0, "YZXW"},   /* 40, 20, 10, 0 */
		{DIFFTREE_BY_B, 1, "WXZY"},
		{DIFFTREE_BY_A, 0, "XWZY"},   /* 40, 30, 20, 10 */
		{DIFFTREE_BY_A, 1, "YZWX"},
		{DIFFTREE_BY_DELTA, 0, "YXWZ"},  /* |30|: Y then X (B 10) then W (B 0), then 0 */
		{DIFFTREE_BY_DELTA, 1, "ZWXY"},
		{DIFFTREE_BY_PCT, 0, "YZXW"},
		{DIFFTREE_BY_PCT, 1, "WXZY"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		assert_int_equal(difftree_sort_by(&f->t, TV_WALL, cases[i].by, cases[i].asc), TV_OK);
		uint32_t n;
		const uint32_t *k = difftree_children(&f->t, 0, &n);
		char got[8] = "";
		for (uint32_t j = 0; j < n && j < 7; j++)
			got[j] = k[j] == w ? 'W' : k[j] == x ? 'X' : k[j] == y ? 'Y' : k[j] == z ? 'Z' : '?';
		if (strcmp(got, cases[i].order) != 0)
			fail_msg("case %zu: %s, want %s", i, got, cases[i].order);
		/* The hottest is the default order's first, whatever the sort. */
		assert_int_equal(difftree_hottest(&f->t, 0), y);
	}
}

/* One run traces M under two ids, both called at the root; the other
 * once: they pair in the order of the ids, the rest stands alone. An
 * unknown method (never declared) matches by id. */
static void test_same_name_and_unknown(void **state)
{
	static const char *const heads =
		"thread 1 main\n"
		"method M 0x8 p/M m ()V\nmethod N 0x4 p/M m ()V\n";
	struct fx *f = fx_pair(state, heads,
	                       "1 > M 0 0\n1 < M 0 10\n1 > N 0 10\n1 < N 0 30\n1 > 0x20 0 30\n1 < 0x20 0 35\n",
	                       "1 > M 0 0\n1 < M 0 50\n1 > 0x20 0 50\n1 < 0x20 0 51\n", TV_WALL);
	uint32_t n4 = kid(f, 0, 0x4), n8 = kid(f, 0, 0x8), u = kid(f, 0, 0x20), n;
	difftree_children(&f->t, 0, &n);
	assert_int_equal(n, 3);
	/* A's 0x4 (20) pairs with B's only M (0x8, 50); A's 0x8 (10) alone. */
	SIDES(f, n4, 20, 50);
	assert_int_equal(difftree_trace(&f->t, 1)->methods[difftree_side(&f->t, n4, 1)->method].id,
	                 0x8);
	SIDES(f, n8, 10, -1);
	SIDES(f, u, 5, 1);
}

static void test_text(void **state)
{
	struct fx *f = fx_pair(state, pair_heads, pair_a, pair_b, TV_WALL);
	char *got = report(f, 0, 0, 0, TV_WALL);
	const char *want =
		"A  base\n"
		"B  new\n"
		"     A incl      B incl        Delta   Delta%    A calls    B calls  method (ms, wall; "
		"Delta = B - A; siblings by B's incl, then A's, largest first)\n"
		"      0.100       0.120       +0.020    +20.0          1          1  (toplevel)\n"
		"      0.100       0.120       +0.020    +20.0          1          1    com/example/A.run ()V\n"
		"      0.030       0.070       +0.040   +133.3          1          1      com/example/B.work (I)V\n"
		"          -       0.020       +0.020      new          -          1        com/example/C.tick ()V\n"
		"      0.020           -       -0.020     gone          1          -      com/example/C.tick ()V\n";
	assert_string_equal(got, want);
	free(got);
	/* --min=50: A and B (70 of B's 120) stay, both Cs (20 of 100, 20 of
	 * 120) go, each said by a line under its siblings. */
	got = report(f, 0, 0, 50000000, TV_WALL);
	char more[2][128];
	for (int level = 2; level <= 3; level++)
		snprintf(more[level - 2], sizeof more[0], "%*s\xe2\x80\xa6 1 more\n", 69 + 2 * level, "");
	char *tail = strstr(got, "B.work (I)V\n");
	assert_non_null(tail);
	tail += strlen("B.work (I)V\n");
	assert_int_equal(strncmp(tail, more[1], strlen(more[1])), 0);
	assert_string_equal(tail + strlen(more[1]), more[0]);
	free(got);
	/* --depth=2: no level below B's, and nothing said of it. */
	got = report(f, 0, 2, 0, TV_WALL);
	assert_non_null(strstr(got, "B.work (I)V\n      0.020           -"));
	assert_null(strstr(got, "more"));
	free(got);
}

static void test_json(void **state)
{
	struct fx *f = fx_pair(state, pair_heads, pair_a, pair_b, TV_CPU);
	char *got = report(f, 1, 1, 0, TV_CPU);
	/* CPU: toplevel 60 both; A 60 -> 60, excl 30 -> 20; waits 40 and 60. */
	const char *want =
		"{\"schema\": 2, \"clock\": \"cpu\", \"root\":\n"
		"{\"class\": null, \"name\": null, \"signature\": null, "
		"\"a\": {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 60, \"excl_cpu_usec\": 0, "
		"\"incl_wall_usec\": 100, \"excl_wall_usec\": 0, \"incl_wait_usec\": 40, \"excl_wait_usec\": 0}, "
		"\"b\": {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 60, \"excl_cpu_usec\": 0, "
		"\"incl_wall_usec\": 120, \"excl_wall_usec\": 0, \"incl_wait_usec\": 60, \"excl_wait_usec\": 0}, "
		"\"children\": [\n"
		"{\"class\": \"com/example/A\", \"name\": \"run\", \"signature\": \"()V\", "
		"\"a\": {\"id\": \"0x4\", \"calls\": 1, \"incl_cpu_usec\": 60, \"excl_cpu_usec\": 30, "
		"\"incl_wall_usec\": 100, \"excl_wall_usec\": 50, \"incl_wait_usec\": 40, \"excl_wait_usec\": 20}, "
		"\"b\": {\"id\": \"0x4\", \"calls\": 1, \"incl_cpu_usec\": 60, \"excl_cpu_usec\": 20, "
		"\"incl_wall_usec\": 120, \"excl_wall_usec\": 50, \"incl_wait_usec\": 60, \"excl_wait_usec\": 30}, "
		"\"children\": []}]}\n"
		"}\n";
	assert_string_equal(got, want);
	free(got);
}

/* ------------------------------------------------------------ real traces */

/* Every node of the merged tree, expanded: each side is its run's node at
 * the same path (its parent's side is its parent), names match across the
 * sides, and each side's children are exactly its run's. */
static void check_tree(struct difftree *t)
{
	for (uint32_t i = 0; i < t->nnodes; i++) {
		assert_int_equal(difftree_expand(t, i), TV_OK);
		const struct difftree_node *d = &t->nodes[i];
		assert_true(d->side[0] != PATHTREE_NONE || d->side[1] != PATHTREE_NONE);
		if (i && d->side[0] != PATHTREE_NONE && d->side[1] != PATHTREE_NONE)
			assert_int_equal(diff_name_cmp(difftree_trace(t, 0), difftree_side(t, i, 0)->method,
			                               difftree_trace(t, 1), difftree_side(t, i, 1)->method), 0);
		uint32_t nk;
		const uint32_t *k = difftree_children(t, i, &nk);
		for (int r = 0; r < 2; r++) {
			uint32_t s = d->side[r], ns = 0, seen = 0;
			if (s != PATHTREE_NONE)
				pathtree_children(&t->run[r], s, &ns);
			for (uint32_t c = 0; c < nk; c++) {
				uint32_t cs = t->nodes[k[c]].side[r];
				if (cs == PATHTREE_NONE)
					continue;
				assert_int_equal(t->run[r].nodes[cs].parent, s);
				seen++;
			}
			if (seen != ns)
				fail_msg("node %u: %u of run %d's %u children", i, seen, r, ns);
		}
	}
}

static void test_real_pairs(void **state)
{
	(void)state;
	size_t n;
	char **paths = tu_real_traces(&n);
	if (!n) {
		tu_free_list(paths, n);
		skip();
	}
	for (size_t i = 0; i < n; i++) {
		struct run r[2];
		memset(r, 0, sizeof r);
		struct tv_error err = {0};
		uint8_t *buf[2];
		size_t len[2];
		size_t other = (i + 1) % n;
		for (int k = 0; k < 2; k++) {
			assert_int_equal(tu_read_file(paths[k ? other : i], &buf[k], &len[k]), 0);
			assert_int_equal(tu_load_buffer(&r[k].tr, buf[k], len[k]), TV_OK);
			assert_int_equal(profile_build(&r[k].p, &r[k].tr, NULL, &err), TV_OK);
		}
		for (int self = 0; self < 2; self++) {
			struct difftree t;
			const struct profile *b = self ? &r[0].p : &r[1].p;
			int clock = r[0].tr.has_clock[TV_WALL] ? TV_WALL : TV_CPU;
			assert_int_equal(difftree_build(&t, &r[0].p, b, clock, &err), TV_OK);
			check_tree(&t);
			for (uint32_t j = 0; self && j < t.nnodes; j++) {
				/* with itself: every path in both, numbers equal */
				const struct pathtree_node *x = difftree_side(&t, j, 0), *y = difftree_side(&t, j, 1);
				assert_true(x && y);
				assert_int_equal(x->calls, y->calls);
				assert_memory_equal(x->incl, y->incl, sizeof x->incl);
				assert_memory_equal(x->excl, y->excl, sizeof x->excl);
			}
			difftree_free(&t);
		}
		for (int k = 0; k < 2; k++) {
			profile_free(&r[k].p);
			trace_free(&r[k].tr);
			free(buf[k]);
		}
	}
	tu_free_list(paths, n);
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)
	const struct CMUnitTest tests[] = {
		T(test_paths_matched),
		T(test_orders),
		T(test_same_name_and_unknown),
		T(test_text),
		T(test_json),
		cmocka_unit_test(test_real_pairs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
