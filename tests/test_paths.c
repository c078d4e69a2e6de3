/* test_paths.c: the profile's fast path equals its general path, and the
 * loader gives the same trace on one thread and on two.
 *
 * A loaded trace carries edge sums the loader made while it closed calls
 * (trace.esums); profile_build() over every thread uses them and walks only
 * the calls an adoption re-parented. profile_build_how(..., walk_all 1)
 * walks every call. Both must give the same numbers, field for field, on
 * every real trace, the samples, the fuzz corpus and many generated traces
 * (recursion, exits without entries, lost exits, wrapped and backward
 * times, every family and clock).
 *
 * The loader may replay calls on a worker thread (tracebuild_set_threads);
 * every array, sum and warning must be the same as on one thread. A load
 * without edge sums (tracebuild_set_no_esums(), the exports') keeps the
 * same calls, and its profiles, which walk them, the same numbers; a
 * profile without lists (profile_build_methods()) the same methods. The
 * lists read the same written out (profile_build_placed()) as through
 * their references into the edge sums.
 */
#include "config.h"

#include <dirent.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "model/tracebuild.h"
#include "testutil.h"
#include "tracegen.h"

/* The lists written out (profile_build_placed()) read as the references
 * do (profile_build_set()), over sel; fails the test naming what differs. */
static void check_placed(const struct trace *tr, const struct trace_sel *sel, const char *what)
{
	struct profile refs, placed;
	char why[256];
	assert_int_equal(profile_build_set(&refs, tr, sel, NULL), TV_OK);
	assert_int_equal(profile_build_placed(&placed, tr, sel, NULL), TV_OK);
	assert_true(refs.refs && refs.sums && !refs.placed);
	assert_true(placed.placed && !placed.refs && !placed.sums);
	if (tu_profile_diff(&refs, &placed, why, sizeof why))
		fail_msg("%s: the lists written out differ: %s", what, why);
	profile_free(&refs);
	profile_free(&placed);
}

/* Both paths on a loaded trace, and both forms of the lists over every
 * thread and over the first; fails the test naming what differs. */
static void check_paths(const struct trace *tr, const char *what)
{
	struct profile fast, walk;
	char why[256];
	if (!tr->esums_valid)
		fail_msg("%s: a loaded trace has no edge sums", what);
	assert_int_equal(profile_build(&fast, tr, NULL, NULL), TV_OK);
	assert_int_equal(profile_build_how(&walk, tr, NULL, 1, NULL), TV_OK);
	if (tu_profile_diff(&fast, &walk, why, sizeof why))
		fail_msg("%s: fast and general paths differ: %s", what, why);
	profile_free(&fast);
	profile_free(&walk);
	check_placed(tr, NULL, what);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].records) {
			struct trace_sel one = {&tr->threads[i].tid, 1};
			check_placed(tr, &one, what);
			break;
		}
}

/* Threads of tr whose first calls an adoption re-parented. */
static uint32_t adopted_threads(const struct trace *tr)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < tr->nthreads; i++)
		n += tr->threads[i].walk_calls > 0;
	return n;
}

/* ------------------------------------------------------------ threads */

static int arr_eq(const uint32_t *a, const uint32_t *b, uint32_t n)
{
	if (!a || !b)
		return a == b;
	return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

/* How a load replays: on a worker thread or not, with edge sums or not. */
struct load_how {
	int threads, no_esums;
	const char *name;
};

static const struct load_how load_one_thread = {0, 0, "on one thread"};
static const struct load_how load_two_threads = {1, 0, "on two threads"};
static const struct load_how load_no_esums = {1, 1, "without edge sums"};

static enum tv_status load_mode(struct trace *tr, const uint8_t *buf, size_t len,
                                const struct load_how *how)
{
	struct tv_error err;
	trace_init(tr);
	struct tracebuild *b = tracebuild_new(tr);
	assert_non_null(b);
	tracebuild_set_threads(b, how->threads);
	if (how->no_esums)
		tracebuild_set_no_esums(b);
	struct sink s = tracebuild_sink(b);
	enum tv_status st = load_scan(buf, len, &s, &err);
	if (st == TV_OK)
		st = tracebuild_finish(b, &err);
	tracebuild_free(b);
	return st;
}

/* Loads buf two ways into a and b (both freed by the caller either way);
 * fails when the loads end differently. 1 when both loaded. */
static int load_two(struct trace *a, const struct load_how *x, struct trace *b,
                    const struct load_how *y, const uint8_t *buf, size_t len, const char *what)
{
	enum tv_status sa = load_mode(a, buf, len, x), sb = load_mode(b, buf, len, y);
	if (sa != sb)
		fail_msg("%s: status %d %s, %d %s", what, sa, x->name, sb, y->name);
	return sa == TV_OK;
}

/* a and b hold the same threads, calls and warnings. */
static void check_calls(const struct trace *a, const struct trace *b, const char *what)
{
	if (a->nthreads != b->nthreads || a->records != b->records ||
	    memcmp(&a->warnings, &b->warnings, sizeof a->warnings) != 0)
		fail_msg("%s: threads, records or warnings differ", what);
	for (uint32_t i = 0; i < a->nthreads; i++) {
		const struct tv_thread *x = &a->threads[i], *y = &b->threads[i];
		uint32_t n = x->ncalls;
		int same = x->tid == y->tid && n == y->ncalls && x->walk_calls == y->walk_calls &&
		           arr_eq(x->method, y->method, n) && arr_eq(x->parent, y->parent, n);
		for (int c = 0; c < TV_NCLOCKS; c++)
			same = same && arr_eq(x->start[c], y->start[c], n) &&
			       arr_eq(x->end[c], y->end[c], n) &&
			       arr_eq(x->start_hi[c], y->start_hi[c], n) &&
			       arr_eq(x->end_hi[c], y->end_hi[c], n);
		if (!same)
			fail_msg("%s: thread %" PRIu32 " differs", what, x->tid);
	}
}

/* profile_build_methods()'s m equals the whole profile p but for its
 * lists, which are empty. */
static void check_methods(const struct profile *p, const struct profile *m, const char *what)
{
	const struct trace *tr = p->tr;
	if (m->refs || m->sums || m->placed || m->top_children.n || m->nthreads != p->nthreads ||
	    m->norder != p->norder ||
	    memcmp(m->threads, p->threads, p->nthreads * sizeof *p->threads) != 0 ||
	    (p->norder && memcmp(m->order, p->order, p->norder * sizeof *p->order) != 0) ||
	    memcmp(m->top_incl, p->top_incl, sizeof p->top_incl) != 0 ||
	    memcmp(m->top_excl, p->top_excl, sizeof p->top_excl) != 0)
		fail_msg("%s: the profile without lists differs in its threads, order or toplevel",
		         what);
	for (uint32_t i = 0; i < tr->nmethods; i++) {
		const struct prof_method *x = &p->methods[i], *y = &m->methods[i];
		if (x->calls != y->calls || x->rcalls != y->rcalls || y->parents.n || y->children.n ||
		    memcmp(x->incl, y->incl, sizeof x->incl) != 0 ||
		    memcmp(x->excl, y->excl, sizeof x->excl) != 0)
			fail_msg("%s: method %" PRIu32 " differs without lists", what, i);
	}
}

/* A load of buf without edge sums keeps the same calls; its profile,
 * which walks them, equals the full load's, and so do the methods of a
 * profile without lists of either. */
static void check_no_esums(const uint8_t *buf, size_t len, const char *what)
{
	struct trace a, c;
	if (load_two(&a, &load_two_threads, &c, &load_no_esums, buf, len, what)) {
		struct profile pa, pc, ma, mc;
		char why[256];
		if (c.esums_valid || c.esums.n)
			fail_msg("%s: a load without edge sums has some", what);
		check_calls(&a, &c, what);
		assert_int_equal(profile_build(&pa, &a, NULL, NULL), TV_OK);
		assert_int_equal(profile_build(&pc, &c, NULL, NULL), TV_OK);
		if (tu_profile_diff(&pa, &pc, why, sizeof why))
			fail_msg("%s: the profile without edge sums differs: %s", what, why);
		assert_int_equal(profile_build_methods(&ma, &a, NULL, NULL), TV_OK);
		assert_int_equal(profile_build_methods(&mc, &c, NULL, NULL), TV_OK);
		check_methods(&pa, &ma, what);
		check_methods(&pa, &mc, what);
		profile_free(&pa);
		profile_free(&pc);
		profile_free(&ma);
		profile_free(&mc);
	}
	trace_free(&a);
	trace_free(&c);
}

/* The two loads of buf hold the same calls, sums and warnings. */
static void check_threads(const uint8_t *buf, size_t len, const char *what)
{
	struct trace a, b;
	if (load_two(&a, &load_one_thread, &b, &load_two_threads, buf, len, what)) {
		check_calls(&a, &b, what);
		if (a.esums.n != b.esums.n || a.esums.nrecs != b.esums.nrecs)
			fail_msg("%s: the numbers of edge sums differ", what);
		const struct tv_esumset *x = &a.esums, *y = &b.esums;
		if ((x->n && memcmp(x->esums, y->esums, (size_t)x->n * sizeof *x->esums) != 0) ||
		    (x->n && memcmp(x->eends, y->eends, (size_t)x->n * sizeof *x->eends) != 0) ||
		    (x->nrecs && memcmp(x->erecs, y->erecs, (size_t)x->nrecs * sizeof *x->erecs) != 0))
			fail_msg("%s: edge sums differ", what);
	}
	trace_free(&a);
	trace_free(&b);
}

/* ------------------------------------------------------------ files */

/* Loads and checks every file of dir (any name); returns how many loaded. */
static unsigned check_dir(const char *dir, unsigned *adopting)
{
	DIR *d = opendir(dir);
	unsigned n = 0;
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.')
			continue;
		char *path = tu_path(dir, e->d_name);
		struct trace tr;
		struct tv_error err;
		trace_init(&tr);
		if (load_file(&tr, path, &err, NULL, 0) == TV_OK) {
			check_paths(&tr, path);
			n++;
			*adopting += adopted_threads(&tr) > 0;
		}
		trace_free(&tr);
		uint8_t *buf;
		size_t len;
		if (tu_read_file(path, &buf, &len) == 0) {
			check_threads(buf, len, path);
			check_no_esums(buf, len, path);
			free(buf);
		}
		free(path);
	}
	closedir(d);
	return n;
}

static void test_real_traces(void **state)
{
	(void)state;
	const char *real = tu_real_dir();
	if (!real)
		skip();
	static const char *const subs[] = {"", "streaming", "damaged"};
	unsigned n = 0, adopting = 0;
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++) {
		char *dir = tu_path(real, subs[i]);
		n += check_dir(dir, &adopting);
		free(dir);
	}
	/* 17 top-level, 3 streaming and 2 damaged traces at the time of
	 * writing; a few of them start inside calls. */
	assert_true(n >= 20);
	assert_true(adopting >= 1);
}

static void test_samples_and_corpus(void **state)
{
	(void)state;
	static const char *const dirs[] = {TU_SAMPLE_DIRS(TV_SRC_DIR)};
	unsigned n = 0, adopting = 0;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		n += check_dir(dirs[i], &adopting);
	assert_true(n >= 10);
}

/* ------------------------------------------------------------ by hand */

/* A exits, then B exits without an entry: B adopts A. */
static void test_adoption_numbers(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "1 > A 0 0\n1 > B 5 5\n1 < B 8 8\n1 < A 10 10\n"
	                               "1 < B 20 20\n1 > C 30 30\n1 < C 40 40\n"), 0);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	/* Adopter B [0,20] over A [0,10] over B [5,8]: three calls walked. */
	assert_int_equal(tr.threads[0].walk_calls, 3);
	struct profile p;
	assert_int_equal(profile_build(&p, &tr, NULL, NULL), TV_OK);
	const struct prof_method *a = tu_method(&p, tg_id(tg, "A"));
	const struct prof_method *b = tu_method(&p, tg_id(tg, "B"));
	const struct prof_method *c = tu_method(&p, tg_id(tg, "C"));
	/* The inner B became recursive when its caller's caller became B. */
	assert_int_equal(b->calls, 1);
	assert_int_equal(b->rcalls, 1);
	assert_int_equal(b->incl[TV_WALL], 20);
	assert_int_equal(b->excl[TV_WALL], 10 + 3);
	assert_int_equal(a->incl[TV_WALL], 10);
	assert_int_equal(a->excl[TV_WALL], 7);
	/* C came after the adoption: from the sums. */
	assert_int_equal(c->calls, 1);
	assert_int_equal(c->incl[TV_WALL], 10);
	assert_int_equal(p.top_children.n, 2);
	/* Span 40, top-level calls B (20) and C (10). */
	assert_int_equal(p.top_excl[TV_WALL], 10);
	struct prof_edge got;
	const struct prof_edge *ba = tu_edge(&p, &b->children, tg_id(tg, "A"), &got);
	assert_non_null(ba);
	assert_int_equal(ba->calls, 1);
	assert_int_equal(ba->incl[TV_WALL], 10);
	profile_free(&p);
	check_paths(&tr, "hand-made adoption");
	trace_free(&tr);
	tg_free(tg);
}

/* ------------------------------------------------------------ generated */

/* A random trace: few methods (so recursion is common), exits of methods
 * that are not on top or not open at all, unrolls, times that sometimes
 * jump past 32 bits or go backwards. */
static struct tg *random_tg(struct tu_rng *r, unsigned records, unsigned nmethods)
{
	struct tg *tg = tg_new();
	unsigned nthreads = 1 + tu_rng_below(r, 4);
	uint32_t stack[4][64], depth[4] = {0};
	uint64_t cpu[4] = {0}, wall = 0;
	for (unsigned t = 0; t < nthreads; t++)
		tg_thread(tg, 1 + t, "worker");
	for (unsigned m = 0; m < nmethods; m++) {
		char name[16];
		snprintf(name, sizeof name, "m%u", m);
		tg_method(tg, 4 + 4 * m, "com.example.R", name, "()V", "R.java");
	}
	for (unsigned i = 0; i < records; i++) {
		unsigned t = tu_rng_below(r, nthreads), roll = tu_rng_below(r, 100);
		wall += 1 + tu_rng_below(r, 20);
		if (tu_rng_below(r, 500) == 0)
			wall += UINT64_C(1) << 32;  /* wraps a 32-bit slot */
		cpu[t] += tu_rng_below(r, 10);
		uint64_t c = cpu[t], w = wall;
		if (tu_rng_below(r, 200) == 0)
			w -= w > 50 ? 50 : 0;       /* backwards */
		uint32_t m = tu_rng_below(r, nmethods);
		if (roll < 50 && depth[t] < 64) {
			stack[t][depth[t]++] = m;
			tg_enter(tg, 1 + t, 4 + 4 * m, c, w);
		} else if (roll < 85 && depth[t]) {
			tg_exit(tg, 1 + t, 4 + 4 * stack[t][--depth[t]], c, w);
		} else if (roll < 97) {
			/* Any method: a lost exit, an exit without an entry, or a match. */
			uint32_t k = depth[t];
			while (k && stack[t][k - 1] != m)
				k--;
			depth[t] = k ? k - 1 : 0;
			tg_exit(tg, 1 + t, 4 + 4 * m, c, w);
		} else {
			uint32_t u = depth[t] ? stack[t][--depth[t]] : m;
			tg_unroll(tg, 1 + t, 4 + 4 * u, c, w);
		}
	}
	return tg;
}

static void test_generated(void **state)
{
	(void)state;
	struct tu_rng r = {42};
	unsigned adopting = 0, traces = 0;
	for (unsigned seed = 0; seed < 60; seed++) {
		/* Every fourth one is long enough to start the loader's worker. */
		unsigned n = seed % 4 ? 50 + tu_rng_below(&r, 3000) : 40000 + tu_rng_below(&r, 40000);
		struct tg *tg = random_tg(&r, n, 2 + tu_rng_below(&r, 10));
		for (size_t s = 0; s < TU_NSHAPES; s++) {
			struct trace tr;
			char what[64];
			uint8_t *buf;
			size_t len;
			assert_int_equal(tg_write(tg, &tu_shapes[s], &buf, &len), 0);
			snprintf(what, sizeof what, "generated trace %u shape %zu", seed, s);
			check_threads(buf, len, what);
			check_no_esums(buf, len, what);
			free(buf);
			if (tu_load_tg(&tr, tg, &tu_shapes[s]) != TV_OK)
				fail_msg("generated trace %u shape %zu did not load", seed, s);
			check_paths(&tr, what);
			adopting += adopted_threads(&tr);
			traces++;
			trace_free(&tr);
		}
		tg_free(tg);
	}
	assert_int_equal(traces, 60 * 7);
	/* The generator must reach the adoption path often. */
	assert_true(adopting > traces / 2);
}

/* List l in the order profile_edge_cmp() defines. */
static void check_list_sorted(const struct trace *tr, int clock, const struct prof_list *l)
{
	for (uint32_t i = 1; i < l->n; i++) {
		struct prof_edge a = profile_list_at(l, i - 1), b = profile_list_at(l, i);
		assert_true(profile_edge_cmp(tr, clock, &a, &b) < 0);
	}
}

/* Every list of p in that order. */
static void check_sorted(const struct profile *p)
{
	const struct trace *tr = p->tr;
	int clock = trace_sort_clock(tr);
	check_list_sorted(tr, clock, &p->top_children);
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct prof_method *pm = &p->methods[m];
		check_list_sorted(tr, clock, &pm->parents);
		check_list_sorted(tr, clock, &pm->children);
	}
}

/* Enough distinct edges (1,500 methods called at random) that the
 * profile sorts its lists on two threads. */
static void test_many_edges(void **state)
{
	(void)state;
	struct tu_rng r = {7};
	struct tg *tg = random_tg(&r, 400000, 1500);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_true(tr.esums.n > 100000);
	check_paths(&tr, "many edges");
	struct profile p;
	assert_int_equal(profile_build(&p, &tr, NULL, NULL), TV_OK);
	check_sorted(&p);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_adoption_numbers),
		cmocka_unit_test(test_generated),
		cmocka_unit_test(test_many_edges),
		cmocka_unit_test(test_real_traces),
		cmocka_unit_test(test_samples_and_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
