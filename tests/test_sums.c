/* test_sums.c: a trace loaded for its sums only gives every report the
 * numbers, names and warnings of the trace loaded in full.
 *
 * load_file_sums() keeps sums instead of calls (trace.sums_only) for the
 * outputs that read only sums: the profile over every thread or a set of
 * them, the categories and the app guess. Each check loads one file both
 * ways and compares the traces (threads, methods, warnings), the profiles
 * field by field (every thread, each thread alone, the first two), the
 * category reports (guessed and given app packages) and the bytes of the
 * JSON, CSV and text reports: on every real trace, the samples, the fuzz
 * corpus and generated traces of every family with methods that wait,
 * Activity.performCreate and app classes. A file the sums cannot give
 * exactly (an exit with no entry, a method declared late with other
 * tags) is loaded again in full: the generated traces reach both paths.
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
#include <unistd.h>

#include <cmocka.h>

#include "analyze/category.h"
#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

static const struct tv_tagger tags = {category_tag, NULL};

/* How many files each way: loaded for sums (adopt: with an exit with no
 * entry), loaded again in full. */
struct tally {
	unsigned summed, adopt, full;
};

/* ------------------------------------------------------------ comparing */

static int str_same(const struct trace *a, struct tv_str x, const struct trace *b,
                    struct tv_str y)
{
	const char *p = trace_str(a, x), *q = trace_str(b, y);
	return (!p) == (!q) && x.len == y.len && (!p || memcmp(p, q, x.len) == 0);
}

/* The trace-wide facts every report prints. */
static void check_traces(const struct trace *a, const struct trace *b, const char *what)
{
	int same = a->version == b->version && a->streaming == b->streaming &&
	           a->clock == b->clock && a->has_clock[0] == b->has_clock[0] &&
	           a->has_clock[1] == b->has_clock[1] && a->records == b->records &&
	           a->nthreads == b->nthreads && a->nmethods == b->nmethods &&
	           a->noptions == b->noptions &&
	           memcmp(&a->warnings, &b->warnings, sizeof a->warnings) == 0;
	for (uint32_t i = 0; same && i < a->nthreads; i++) {
		const struct tv_thread *x = &a->threads[i], *y = &b->threads[i];
		same = x->tid == y->tid && x->records == y->records &&
		       str_same(a, x->name, b, y->name) &&
		       memcmp(x->first, y->first, sizeof x->first) == 0 &&
		       memcmp(x->last, y->last, sizeof x->last) == 0;
	}
	for (uint32_t m = 0; same && m < a->nmethods; m++) {
		const struct tv_method *x = &a->methods[m], *y = &b->methods[m];
		same = x->id == y->id && x->declared == y->declared &&
		       str_same(a, x->cls, b, y->cls) && str_same(a, x->name, b, y->name);
	}
	if (!same)
		fail_msg("%s: the traces differ", what);
}

/* What a writer prints, as a malloc'd string. */
static char *written(enum tv_status (*w)(FILE *, const struct profile *),
                     const struct profile *p, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	assert_non_null(f);
	assert_int_equal(w(f, p), TV_OK);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static enum tv_status text_report(FILE *f, const struct profile *p)
{
	return report_text(f, p, "x.trace");
}

static void check_reports(const struct profile *a, const struct profile *b, const char *what)
{
	enum tv_status (*const ws[])(FILE *, const struct profile *) = {report_json, report_csv,
	                                                                text_report};
	for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
		size_t la, lb;
		char *x = written(ws[i], a, &la), *y = written(ws[i], b, &lb);
		if (la != lb || memcmp(x, y, la) != 0)
			fail_msg("%s: report %zu differs", what, i);
		free(x);
		free(y);
	}
}

static void check_categories(const struct profile *a, const struct profile *b, const char *what)
{
	static const struct derive_glob app[] = {{"com.example.*", 13}, {"android.view.*", 14}};
	for (int given = 0; given < 2; given++) {
		struct category_report x, y;
		assert_int_equal(category_report_build(&x, a, given ? app : NULL, given ? 2 : 0), 0);
		assert_int_equal(category_report_build(&y, b, given ? app : NULL, given ? 2 : 0), 0);
		if (strcmp(x.guess, y.guess) != 0 || memcmp(x.total, y.total, sizeof x.total) != 0 ||
		    (a->nthreads &&
		     memcmp(x.threads, y.threads, a->nthreads * sizeof *x.threads) != 0))
			fail_msg("%s: categories differ (guess '%s' and '%s')", what, x.guess, y.guess);
		category_report_free(&x);
		category_report_free(&y);
	}
}

/* Both traces' profiles of the thread set sel (NULL: all), compared. */
static void check_profile(const struct trace *full, const struct trace *sums,
                          const struct trace_sel *sel, const char *what)
{
	struct profile a, b;
	char why[256];
	struct tv_error ea, eb;
	enum tv_status sa = profile_build_set(&a, full, sel, &ea);
	enum tv_status sb = profile_build_set(&b, sums, sel, &eb);
	if (sa != sb)
		fail_msg("%s: profile status %d, %d", what, sa, sb);
	if (sa == TV_OK) {
		if (tu_profile_diff(&a, &b, why, sizeof why))
			fail_msg("%s: the profiles of %" PRIu32 " threads differ: %s", what,
			         sel ? sel->n : full->nthreads, why);
		check_categories(&a, &b, what);
		check_reports(&a, &b, what);
	}
	profile_free(&a);
	profile_free(&b);
}

/* Loads path both ways and compares everything the reports read. */
static void check_file(const char *path, const char *what, struct tally *t)
{
	struct trace full, sums;
	struct tv_error ea, eb;
	trace_init(&full);
	trace_init(&sums);
	enum tv_status sa = load_file(&full, path, &ea, NULL, 0);
	enum tv_status sb = load_file_sums(&sums, path, NULL, NULL, &tags, 1, &eb, NULL, 0);
	if (sa != sb)
		fail_msg("%s: load status %d in full, %d for sums", what, sa, sb);
	if (sa != TV_OK) {
		if (ea.offset != eb.offset || strcmp(ea.detail, eb.detail) != 0)
			fail_msg("%s: the errors differ", what);
	} else {
		t->summed += sums.sums_only;
		t->adopt += sums.sums_only && tu_warn(&sums, TV_W_ORPHAN_EXIT);
		t->full += !sums.sums_only;
		check_traces(&full, &sums, what);
		check_profile(&full, &sums, NULL, what);
		uint32_t tids[2];
		for (uint32_t i = 0; i < full.nthreads; i++) {
			tids[i % 2] = full.threads[i].tid;
			struct trace_sel one = {&tids[i % 2], 1}, two = {tids, 2};
			check_profile(&full, &sums, &one, what);
			if (i == 1)
				check_profile(&full, &sums, &two, what);
		}
	}
	trace_free(&full);
	trace_free(&sums);
}

/* Every file of dir (any name). */
static void check_dir(const char *dir, struct tally *t)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.')
			continue;
		char *path = tu_path(dir, e->d_name);
		check_file(path, path, t);
		free(path);
	}
	closedir(d);
}

/* ------------------------------------------------------------ files */

static void test_real_traces(void **state)
{
	(void)state;
	const char *real = tu_real_dir();
	if (!real)
		skip();
	static const char *const subs[] = {"", "streaming", "damaged"};
	struct tally t = {0, 0, 0};
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++) {
		char *dir = tu_path(real, subs[i]);
		check_dir(dir, &t);
		free(dir);
	}
	/* 20 traces load when written (and two damaged ones do not); most
	 * start inside calls (an adoption), one adopts with a method it had
	 * called before. */
	assert_true(t.summed >= 18);
	assert_true(t.adopt >= 10);
	assert_true(t.full >= 1);
}

static void test_samples_and_corpus(void **state)
{
	(void)state;
	static const char *const dirs[] = {TU_SAMPLE_DIRS(TV_SRC_DIR)};
	struct tally t = {0, 0, 0};
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		check_dir(dirs[i], &t);
	assert_true(t.summed >= 10);
}

/* ------------------------------------------------------------ generated */

/* Methods of every kind the sums tag: waiting (idle, blocked), the
 * activity's creation, classes of two would-be apps, the framework. */
static const char *const gen_methods[][2] = {
	{"android.app.Activity", "performCreate"},
	{"android.os.MessageQueue", "nativePollOnce"},
	{"java.lang.Object", "wait"},
	{"com.example.shop.Cart", "load"},
	{"com.example.shop.Cart", "draw"},
	{"org.lib.json.Parser", "parse"},
	{"org.lib.json.Parser", "read"},
	{"android.view.View", "measure"},
	{"java.util.HashMap", "get"},
	{"com.example.shop.Image", "bind"},
};

#define GEN_NMETHODS (sizeof gen_methods / sizeof gen_methods[0])

/* Methods that exit without an entry (running before tracing began):
 * adopting calls of every kind. */
static const char *const gen_outer[][2] = {
	{"android.os.Looper", "loop"},
	{"java.lang.Thread", "sleep"},
	{"android.app.Activity", "performCreate"},
	{"com.example.shop.Main", "run"},
	{"android.os.MessageQueue", "nativePollOnce"},
	{"java.util.concurrent.FutureTask", "run"},
};

#define GEN_NOUTER (sizeof gen_outer / sizeof gen_outer[0])

/* How a generated trace exits. */
enum gen_mode {
	GEN_CLEAN,     /* only the top call */
	GEN_ADOPT,     /* and now and then, at most twice a thread, a method
	                * not called on it yet exits with no entry */
	GEN_MESSY,     /* and lost exits, unrolls, action-3 records and exits
	                * with no entry of any method (often one called before,
	                * which the sums cannot follow) */
};

/* A random trace of those methods on 1-4 threads; times that sometimes
 * wrap 32 bits or go backwards, in every mode. */
static struct tg *gen_tg(struct tu_rng *r, unsigned records, enum gen_mode mode)
{
	int clean = mode != GEN_MESSY;
	unsigned adopted[4] = {0};
	struct tg *tg = tg_new();
	unsigned nthreads = 1 + tu_rng_below(r, 4);
	uint32_t stack[4][48], depth[4] = {0};
	uint64_t cpu[4] = {0}, wall = 0;
	for (unsigned t = 0; t < nthreads; t++)
		tg_thread(tg, 1 + t, t ? "worker" : "main");
	for (unsigned m = 0; m < GEN_NMETHODS; m++)
		tg_method(tg, 4 + 4 * m, gen_methods[m][0], gen_methods[m][1], "()V", "X.java");
	for (unsigned m = 0; m < GEN_NOUTER; m++)
		tg_method(tg, 0x400 + 4 * m, gen_outer[m][0], gen_outer[m][1], "(I)V", "O.java");
	for (unsigned i = 0; i < records; i++) {
		unsigned t = tu_rng_below(r, nthreads), roll = tu_rng_below(r, 100);
		wall += 1 + tu_rng_below(r, 20);
		if (tu_rng_below(r, 700) == 0)
			wall += UINT64_C(1) << 32;
		cpu[t] += tu_rng_below(r, 10);
		uint64_t c = cpu[t], w = wall - (tu_rng_below(r, 300) == 0 && wall > 50 ? 50 : 0);
		uint32_t m = tu_rng_below(r, GEN_NMETHODS), d = depth[t];
		if (d == 0 && mode == GEN_ADOPT && adopted[t] < 2 && tu_rng_below(r, 40) == 0) {
			/* no entry: an adoption by a method not called yet */
			tg_exit(tg, 1 + t, 0x400 + 4 * (3 * adopted[t]++ + t % 3), c, w);
		} else if (d == 0 && !clean && roll >= 90) {
			/* no entry: an adoption, mostly by a method not called yet */
			uint64_t id = roll < 98 ? 0x400 + 4 * tu_rng_below(r, GEN_NOUTER) : 4 + 4 * m;
			tg_exit(tg, 1 + t, id, c, w);
		} else if (d == 0 || (roll < 52 && d < 48)) {
			stack[t][depth[t]++] = m;
			tg_enter(tg, 1 + t, 4 + 4 * m, c, w);
		} else if (clean || roll < 88) {
			tg_exit(tg, 1 + t, 4 + 4 * stack[t][--depth[t]], c, w);
		} else if (roll < 94) {
			depth[t] = tu_rng_below(r, d);   /* an older open call: lost exits */
			tg_exit(tg, 1 + t, 4 + 4 * stack[t][depth[t]], c, w);
		} else if (roll < 97) {
			tg_unroll(tg, 1 + t, 4 + 4 * stack[t][--depth[t]], c, w);
		} else {
			tg_raw(tg, 1 + t, (4 + 4 * m) | 3, c, w);
		}
	}
	return tg;
}

static void test_generated(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	assert_non_null(dir);
	char *path = tu_path(dir, "gen.trace");
	struct tu_rng r = {11};
	struct tally t = {0, 0, 0};
	for (unsigned seed = 0; seed < 48; seed++) {
		/* Every fourth one is long enough to start the loader's worker. */
		unsigned n = seed % 4 ? 40 + tu_rng_below(&r, 2000) : 40000 + tu_rng_below(&r, 30000);
		struct tg *tg = gen_tg(&r, n, (enum gen_mode)(seed % 3));
		for (size_t s = 0; s < TU_NSHAPES; s++) {
			char what[64];
			snprintf(what, sizeof what, "generated trace %u shape %zu", seed, s);
			assert_int_equal(tg_write_file(tg, &tu_shapes[s], path), 0);
			check_file(path, what, &t);
		}
		tg_free(tg);
	}
	/* Both ways, often, and adoptions the sums follow. */
	assert_true(t.summed > 48 * 7 / 2);
	assert_true(t.adopt > 48 * 7 / 8);
	assert_true(t.full > 48 * 7 / 6);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

/* ------------------------------------------------------------ by hand */

/* A streaming file whose summary declares a method a record named before:
 * its tags, found at the record, would change, so it is loaded in full;
 * the same with a name whose tags stay: the sums hold. */
static void test_late_declaration(void **state)
{
	(void)state;
	static const char *const late[] = {
		"*methods\n0x40\tcom.example.shop.Late\trun\t()V\tLate.java\n",
		"*methods\n0x40\tandroid.view.Late\trun\t()V\tLate.java\n",
	};
	char *dir = tu_tmpdir();
	assert_non_null(dir);
	char *path = tu_path(dir, "late.trace");
	for (int k = 0; k < 2; k++) {
		struct tg *tg = tg_new();
		assert_int_equal(tg_script(tg, "thread 1 main\n"
		                               "method P 0x4 android.app.Activity performCreate ()V A.java\n"
		                               "1 > P 0 0\n1 > 0x40 1 2\n1 < 0x40 3 5\n1 < P 4 9\n"), 0);
		struct tg_opts o = {.family = TG_V1_STREAM, .version = 3, .extra_keys = late[k]};
		assert_int_equal(tg_write_file(tg, &o, path), 0);
		struct trace tr;
		struct tv_error err;
		trace_init(&tr);
		assert_int_equal(load_file_sums(&tr, path, NULL, NULL, &tags, 0, &err, NULL, 0), TV_OK);
		assert_int_equal(tr.methods[1].declared, 1);
		assert_int_equal(tr.sums_only, k);
		trace_free(&tr);
		struct tally t = {0, 0, 0};
		check_file(path, late[k], &t);
		assert_int_equal(t.summed, (unsigned)k);
		tg_free(tg);
	}
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

/* The numbers the sums keep, by hand: outside sums around a wait, the
 * first performCreate and the app class called in it. */
static void test_sums_by_hand(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "thread 1 main\n"
	                               "method P 0x4 android.app.Activity performCreate ()V A.java\n"
	                               "method W 0x8 java.lang.Object wait ()V O.java\n"
	                               "method A 0xc com.example.shop.Cart load ()V C.java\n"
	                               "method V 0x10 android.view.View draw ()V V.java\n"
	                               "1 > V 0 0\n1 > P 1 10\n1 > V 2 12\n1 > W 3 13\n"
	                               "1 > A 4 14\n1 < A 5 20\n1 < W 6 30\n1 < V 7 31\n"
	                               "1 > A 8 32\n1 < A 9 40\n1 < P 10 50\n1 < V 11 60\n"), 0);
	char *dir = tu_tmpdir();
	char *path = tu_path(dir, "hand.trace");
	assert_int_equal(tg_write_file(tg, NULL, path), 0);
	struct trace tr;
	struct tv_error err;
	trace_init(&tr);
	assert_int_equal(load_file_sums(&tr, path, NULL, NULL, &tags, 0, &err, NULL, 0), TV_OK);
	assert_int_equal(tr.sums_only, 1);
	const struct tv_tsums *s = tr.threads[0].sums;
	uint64_t wall[5] = {0};
	for (uint32_t i = 0; i < s->noutside; i++)
		wall[s->outside[i].method] = s->outside[i].t[TV_WALL];
	/* V: the outer call's excl 60 - 40 = 20, the inner's 31 - 12 - 17 = 2;
	 * W keeps its whole 17; A only its call outside the wait, 8; P 40 -
	 * 19 (V) - 8 (A) = 13. */
	assert_int_equal(wall[3], 22);
	assert_int_equal(wall[1], 17);
	assert_int_equal(wall[2], 8);
	assert_int_equal(wall[0], 13);
	assert_int_equal(s->marked, 1);
	assert_int_equal(s->mark_start[TV_WALL], 10);
	assert_int_equal(s->note, 2);   /* A, the app's, first called under P */
	assert_int_equal(s->has_esums, 0);
	trace_free(&tr);
	struct tally t = {0, 0, 0};
	check_file(path, "by hand", &t);
	assert_int_equal(t.summed, 1);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	tg_free(tg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sums_by_hand),
		cmocka_unit_test(test_late_declaration),
		cmocka_unit_test(test_generated),
		cmocka_unit_test(test_real_traces),
		cmocka_unit_test(test_samples_and_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
