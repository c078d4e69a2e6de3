/* test_limits_counts.c: more than 65,535 threads (V2 and V1 thread lines)
 * and 2,000,000 methods, within a time and a peak memory.
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

/* ------------------------------------------------------------ 2 more than 65,535 threads */

#define NT 70000

/* V2 revision (c), dual, µs: per thread a thread-info packet and a block
 * of two events (enter and exit of one method). tids 1,000,000 + i. */
static void test_v2_70000_threads(void **state)
{
	(void)state;
	struct bb b = {0};
	static const char line[] = "com.example.Many\twork\t()V\tMany.java\n";
	const uint64_t meth = 0x7a1b2c3d40;

	bb_str(&b, "SLOW");
	bb_le(&b, 5, 2);
	bb_le(&b, 1000, 8);
	bb_le(&b, 0, 18);
	bb_le(&b, 1, 1);
	bb_le(&b, meth, 8);
	bb_le(&b, sizeof line - 1, 2);
	bb_str(&b, line);
	for (uint32_t i = 0; i < NT; i++) {
		char name[32];
		int n = snprintf(name, sizeof name, "w%u", i);
		bb_le(&b, 0, 1);
		bb_le(&b, 1000000 + i, 4);
		bb_le(&b, (uint64_t)n, 2);
		bb_put(&b, name, (size_t)n);
	}
	for (uint32_t i = 0; i < NT; i++) {
		struct bb pay = {0};
		/* enter at wall i, cpu 0; exit 1 + i % 7 µs later (cpu + 1) */
		bb_sleb(&pay, (int64_t)meth);
		bb_uleb(&pay, i);
		bb_uleb(&pay, 0);
		bb_sleb(&pay, 1);
		bb_uleb(&pay, 1 + i % 7);
		bb_uleb(&pay, 1);
		bb_le(&b, 2, 1);
		bb_le(&b, 1000000 + i, 4);
		bb_le(&b, 2, 3);
		bb_le(&b, pay.n, 4);
		bb_put(&b, pay.p, pay.n);
		free(pay.p);
	}
	static const char sum[] = "*version\n5\nclock=dual\nvm=art\n*end\n";
	bb_le(&b, 3, 1);
	bb_le(&b, sizeof sum - 1, 2);
	bb_str(&b, sum);

	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_buffer(&tr, b.p, b.n), TV_OK);
	t = now_s() - t;
	print_message("v2 70000 threads: loaded in %.2f s\n", t);
	/* the time is make bench's to report (naming threads was once
	 * quadratic: 1.7 s); a test asserts no time */
	assert_int_equal(tr.nthreads, NT);
	assert_int_equal(tr.records, 2 * NT);
	assert_int_equal(tr.warnings.count[TV_W_V2_DESYNC], 0);
	assert_int_equal(tv_warnings_kinds(&tr.warnings), 0);
	for (uint32_t i = 0; i < NT; i++) {
		const struct tv_thread *th = &tr.threads[i];
		char name[32];
		snprintf(name, sizeof name, "w%u", i);
		assert_int_equal(th->tid, 1000000 + i);   /* sorted by tid */
		assert_true(tu_str_eq(&tr, th->name, name));
		assert_int_equal(th->records, 2);
		assert_int_equal(th->ncalls, 1);
		assert_int_equal(trace_thread_span(th, TV_WALL), 1 + i % 7);
		assert_int_equal(trace_thread_span(th, TV_CPU), 1);
	}

	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *m = tu_method(&p, meth);
	assert_non_null(m);
	assert_int_equal(m->calls, NT);
	/* Σ (1 + i % 7) over i < 70000: 10000 full cycles of 1..7 = 280000. */
	assert_int_equal(m->incl[TV_WALL], 280000);
	assert_int_equal(m->incl[TV_CPU], NT);
	assert_int_equal(p.top_incl[TV_WALL], 280000);
	uint32_t one = 1000000 + 69999;
	struct profile p1;
	assert_int_equal(profile_build(&p1, &tr, &one, &err), TV_OK);
	check_sums(&p1);
	assert_int_equal(p1.nthreads, 1);
	assert_int_equal(tu_method(&p1, meth)->incl[TV_WALL], 1 + 69999 % 7);
	profile_free(&p1);
	profile_free(&p);
	trace_free(&tr);
	free(b.p);
}

/* V1 key with 70,000 *threads lines (full tids 100000 + i, "t<i>") and a
 * few exact ones, records with 16-bit ids 1..65535. Names follow
 * docs/numbers.md, "Events": the exact line, else the one line above 65535
 * whose tid modulo 65536 is the record's id; two such lines: no name.   100000
 * + i mod 65536 = 34464 + i        for i <= 31071                        = i -
 * 31072        for i >= 31072 (up to 38927) so ids 1..34463 are t<id + 31072>,
 * ids 34464..38927 are ambiguous, ids 38928..65535 are t<id - 34464>. Lines
 * "5\texact5" and "40000\texact40000" win over the wide ones. */
static void test_v1_70000_thread_lines(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 5, "exact5");
	for (uint32_t i = 0; i < NT; i++) {
		char name[32];
		snprintf(name, sizeof name, "t%u", i);
		tg_thread(tg, 100000 + i, name);
	}
	tg_thread(tg, 40000, "exact40000");
	tg_method(tg, 0x4, "com.example.T", "run", "()V", "T.java");
	for (uint32_t id = 1; id <= 65535; id++) {
		tg_enter(tg, id, 0x4, 0, id);
		tg_exit(tg, id, 0x4, 3, id + 5);
	}
	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	t = now_s() - t;
	print_message("v1 70000 thread lines, 65535 threads: loaded in %.2f s\n", t);
	/* make bench reports the time (quadratic naming took 4 s) */
	assert_int_equal(tr.nthreads, 65535);
	assert_int_equal(tr.nkeythreads, NT + 2);
	for (uint32_t id = 1; id <= 65535; id++) {
		const struct tv_thread *th = &tr.threads[id - 1];
		char want[32];
		assert_int_equal(th->tid, id);
		assert_int_equal(th->ncalls, 1);
		assert_int_equal(trace_thread_span(th, TV_WALL), 5);
		if (id == 5 || id == 40000)
			snprintf(want, sizeof want, "exact%u", id);
		else if (id <= 34463)
			snprintf(want, sizeof want, "t%u", id + 31072);
		else if (id <= 38927) {
			assert_false(tv_str_present(th->name));
			continue;
		} else
			snprintf(want, sizeof want, "t%u", id - 34464);
		if (!tu_str_eq(&tr, th->name, want))
			fail_msg("thread %u: expected name %s", id, want);
	}
	trace_free(&tr);
	tg_free(tg);
}

/* ------------------------------------------------------------ 3 millions of methods */

#define NM 2000000u

static void test_two_million_methods(void **state)
{
	(void)state;
	struct bb b = {0};
	long rss0 = peak_rss_mib();

	bb_str(&b, "*version\n3\nclock=dual\nvm=art\n*threads\n1\tmain\n*methods\n");
	for (uint32_t i = 0; i < NM; i++)
		bb_printf(&b, "%#x\tcom.example.C%u\tm\t()V\tC.java\n", i << 2, i);
	bb_str(&b, "*end\n");
	bb_v1_header(&b, 3, 14, 0);
	/* Calls of the first, a middle and the last method, then of the id
	 * just past the last (never declared). */
	uint32_t ids[4] = {0, (NM / 2) << 2, (NM - 1) << 2, NM << 2};
	for (unsigned k = 0; k < 4; k++) {
		bb_rec14(&b, 1, ids[k], 10 * k, 20 * k);
		bb_rec14(&b, 1, ids[k] | 1, 10 * k + 3, 20 * k + 7);
	}

	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_buffer(&tr, b.p, b.n), TV_OK);
	t = now_s() - t;
	long rss = peak_rss_mib() - rss0;
	print_message("2M methods (key %zu MiB): loaded in %.2f s, peak RSS grew by %ld MiB\n",
	              b.n >> 20, t, rss);
	assert_int_equal(tr.nmethods, NM + 1);
	assert_int_equal(tr.records, 8);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_METHOD), 1);
	assert_int_equal(tv_warnings_kinds(&tr.warnings), 1);
	uint32_t last = trace_find_method(&tr, (uint64_t)(NM - 1) << 2);
	assert_true(last != IDMAP_NONE);
	assert_true(tu_str_eq(&tr, tr.methods[last].cls, "com.example.C1999999"));
	uint32_t past = trace_find_method(&tr, (uint64_t)NM << 2);
	assert_true(past != IDMAP_NONE);
	assert_false(tr.methods[past].declared);
	assert_false(tv_str_present(tr.methods[past].cls));

	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	assert_int_equal(p.norder, 4);
	assert_int_equal(tu_method(&p, (uint64_t)NM << 2)->incl[TV_WALL], 7);
	assert_int_equal(tu_method(&p, 0)->incl[TV_CPU], 3);
	FILE *dn = devnull();
	assert_int_equal(report_json(dn, &p), TV_OK);
	assert_int_equal(report_text(dn, &p, "many.trace"), TV_OK);
	fclose(dn);
	profile_free(&p);
	trace_free(&tr);
	free(b.p);
	/* Key text (~90 MiB) + methods (2M x 56 bytes) + strings + id map:
	 * well under a GiB; this catches a per-method blow-up. */
	if (!LIM_ASAN)   /* ASan's shadow and quarantine count too */
		assert_true(rss < 1024);
}

int main(int argc, char **argv)
{
	(void)argc;
	lim_small_stack(argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_million_methods),   /* first: RSS baseline */
		cmocka_unit_test(test_v2_70000_threads),
		cmocka_unit_test(test_v1_70000_thread_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
