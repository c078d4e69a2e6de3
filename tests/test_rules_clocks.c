/* test_rules_clocks.c: the times of the call tree (docs/numbers.md):
 * wrapped and clamped timestamps, every clock, the same calls through every
 * trace family, and data-file-overflow, on small generated traces with
 * hand-worked results. */
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

/* ------------------------------------------------------------ time */

static void test_wrap(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 0xFFFFFF00 0xFFFFFFF0\n"
		"1 < A 0x100 0x10\n"          /* far below: +2^32 */
		"2 > B 0 0\n"
		"2 > C 0x80000000 0x80000000\n"   /* a forward step of 2^31 */
		"2 < C 0xF0000000 0xF0000000\n"
		"2 > D 0x10 0x10\n"           /* 0xEFFFFFF0 below: wrap, 2^32 + 0x10 */
		"2 < D 0x20 0x20\n"
		"2 < B 0x30 0x30\n"           /* 2^32 + 0x30 */
		"3 > E 0x80000000\n3 < E 0\n"   /* exactly 2^31 below: clamped */
		"4 > F 0x80000001\n4 < F 0\n",  /* 2^31 + 1 below: wrap */
		NULL);
	/* A: 2^32 + 0x100 - 0xFFFFFF00 = 0x200 = 512; wall 2^32 + 0x10 - 0xFFFFFFF0 = 32 */
	CHECK_M(f, "A", 1, 0, 512, 512, 32, 32);
	/* B: 2^32 + 0x30 = 4294967344; C: 0xF0000000 - 0x80000000 = 1879048192;
	 * D: 16; B excl 4294967344 - 1879048192 - 16 = 2415919136 */
	CHECK_M(f, "B", 1, 0, 4294967344u, 2415919136u, 4294967344u, 2415919136u);
	CHECK_M(f, "C", 1, 0, 1879048192u, 1879048192u, 1879048192u, 1879048192u);
	CHECK_M(f, "D", 1, 0, 16, 16, 16, 16);
	CHECK_M(f, "E", 1, 0, 0, 0, 0, 0);
	/* F: 2^32 - 0x80000001 = 0x7FFFFFFF */
	CHECK_M(f, "F", 1, 0, 2147483647u, 2147483647u, 2147483647u, 2147483647u);
	assert_int_equal(trace_thread_span(thread(f, 2), TV_WALL), 4294967344u);
}

static void test_clamp(void **state)
{
	struct fx *f = fx_run(state,
		"1 > A 100 1000\n"
		"1 > B 90 990\n"    /* 10 back: clamped to (100, 1000) */
		"1 < B 110 1010\n"  /* B: 10/10 */
		"1 < A 120 1020\n", /* A: 20/20, excl 10/10 */
		NULL);
	CHECK_M(f, "A", 1, 0, 20, 10, 20, 10);
	CHECK_M(f, "B", 1, 0, 10, 10, 10, 10);
	CHECK_TOP(f, 20, 0, 20, 0);
	assert_true(tu_warn(&f->tr, TV_W_TIME_BACKWARDS) >= 1);
}

/* ------------------------------------------------------------ clocks */

static const char nest[] =
	"1 > A 0 10\n1 > B 5 20\n1 < B 15 40\n1 < A 20 50\n";
/* cpu: A 20, B 10, A excl 10; wall: A 40, B 20, A excl 20 */

static void check_clock(void **state, const struct tg_opts *o, enum tv_clock_kind kind,
                        int cpu, int wall)
{
	struct fx *f = *state;
	fx_build(f, o, NULL);
	assert_int_equal(f->tr.clock, kind);
	assert_int_equal(f->tr.has_clock[TV_CPU], cpu);
	assert_int_equal(f->tr.has_clock[TV_WALL], wall);
	CHECK_M(f, "A", 1, 0, cpu ? 20 : NA, cpu ? 10 : NA, wall ? 40 : NA, wall ? 20 : NA);
	CHECK_M(f, "B", 1, 0, cpu ? 10 : NA, cpu ? 10 : NA, wall ? 20 : NA, wall ? 20 : NA);
	CHECK_TOP(f, cpu ? 20 : NA, cpu ? 0 : NA, wall ? 40 : NA, wall ? 0 : NA);
}

static void test_clocks(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, nest), 0);
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_THREAD_CPU};
	check_clock(state, &o, TV_CLOCK_THREAD_CPU, 1, 0);
	o.clock = TG_CLOCK_WALL;
	check_clock(state, &o, TV_CLOCK_WALL, 0, 1);
	o.clock = TG_CLOCK_GLOBAL;
	o.version = 1;
	check_clock(state, &o, TV_CLOCK_GLOBAL, 0, 1);
	o.clock = TG_CLOCK_DUAL;
	o.version = 3;
	check_clock(state, &o, TV_CLOCK_DUAL, 1, 1);
	/* no clock key: v3 -> dual, v2 and v1 -> thread-cpu */
	o.clock = TG_CLOCK_NONE;
	check_clock(state, &o, TV_CLOCK_DUAL, 1, 1);
	o.version = 2;
	check_clock(state, &o, TV_CLOCK_THREAD_CPU, 1, 0);
	o.version = 1;
	check_clock(state, &o, TV_CLOCK_THREAD_CPU, 1, 0);
}

/* ------------------------------------------------------------ families */

/* Two named threads, declared methods, nesting, an orphan exit, an unroll,
 * recursion and a call open at the end. */
static const char mixed[] =
	"thread 1 main\nthread 2 worker\n"
	"method A 0x4 com.example.App onCreate ()V App.java\n"
	"method B 0x8 com.example.App load (I)I App.java\n"
	"method C 0xc java.lang.Object wait ()V Object.java\n"
	"method D 0x10 com.example.Net fetch ()V -\n"
	"1 > A 0 0\n"
	"1 > B 2 3\n"
	"2 < C 50 500\n"      /* orphan: C (50,500)..(50,500) = 0/0 */
	"1 > B 4 6\n"         /* recursive B */
	"1 < B 7 10\n"        /* inner B: 3/4 */
	"2 > D 52 510\n"
	"1 ! B 9 13\n"        /* outer B: 7/10, excl 4/6 */
	"2 < D 60 530\n"      /* D: 8/20 */
	"1 < A 12 20\n"       /* A: 12/20, excl 5/10 */
	"2 > A 61 540\n";     /* open at end: 0/0 */
/* totals: A calls 2 (both non-recursive), incl 12/20, excl 5/10
 *         B calls 1 + 1 recursive, incl 7/10, excl 4+3=7, 6+4=10
 *         C 0/0, D 8/20
 * top: t1 span 12/20, excl 0; t2 span 61-50=11, 540-500=40,
 *      excl 11-(0+8+0)=3, 40-(0+20+0)=20 -> incl 23/60, excl 3/20 */

static void check_mixed(struct fx *f)
{
	CHECK_M(f, "A", 2, 0, 12, 5, 20, 10);
	CHECK_M(f, "B", 1, 1, 7, 7, 10, 10);
	CHECK_M(f, "C", 1, 0, 0, 0, 0, 0);
	CHECK_M(f, "D", 1, 0, 8, 8, 20, 20);
	CHECK_TOP(f, 23, 3, 60, 20);
	CHECK_E(f, &pm(f, "B")->parents, "B", 0, 0, 0, 1, 3, 4);
	CHECK_E(f, &pm(f, "B")->parents, "A", 1, 7, 10, 0, 0, 0);
	NAME_IS(f, 1, "main");
	NAME_IS(f, 2, "worker");
	const struct tv_method *d = &f->tr.methods[trace_find_method(&f->tr, 0x10)];
	STR_IS(f, d->cls, "com.example.Net");
	STR_IS(f, d->name, "fetch");
	assert_int_equal(f->tr.records, 10);
}

static void run_family(void **state, const struct tg_opts *o, unsigned version, int streaming)
{
	struct fx *f = *state;
	if (tg_nrecords(f->tg) == 0)
		assert_int_equal(tg_script(f->tg, mixed), 0);
	fx_build(f, o, NULL);
	assert_int_equal(f->tr.version, version);
	assert_int_equal(f->tr.streaming, streaming);
	assert_int_equal(f->tr.clock, TV_CLOCK_DUAL);
	check_mixed(f);
}

static void test_family_v1(void **state)
{
	struct tg_opts o = {.version = 3};
	run_family(state, &o, 3, 0);
}

static void test_family_v1_crlf_dalvik(void **state)
{
	struct tg_opts o = {.crlf = 1, .shape = TG_LINE_DALVIK6, .id_style = TG_ID_08X,
	                    .vm = "dalvik"};
	run_family(state, &o, 3, 0);
}

static void test_family_f3(void **state)
{
	struct tg_opts o = {.family = TG_V1_STREAM, .version = 3};
	run_family(state, &o, 3, 1);
}

static void test_family_f3_nosummary(void **state)
{
	struct tg_opts o = {.family = TG_V1_STREAM, .version = 3, .no_summary = 1};
	run_family(state, &o, 3, 1);
}

static void test_family_v2c(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_C};
	run_family(state, &o, 5, 1);
}

static void test_family_v2c_nonstream(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .rev = TG_REV_C};
	run_family(state, &o, 5, 0);
}

static void test_family_v2d(void **state)
{
	/* times written in ns (x1000), read back in µs */
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_D,
	                    .start_time = 5000000000ull};
	run_family(state, &o, 5, 1);
}

static void test_family_v2b(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_B};
	run_family(state, &o, 5, 1);
}

static void test_family_v2a(void **state)
{
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_A};
	run_family(state, &o, 5, 1);
}

/* Damage: data-file-overflow=true loads with a warning. */
static void test_overflow(void **state)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, nest), 0);
	struct tg_opts o = {.overflow = 1};
	fx_build(f, &o, NULL);
	assert_int_equal(tu_warn(&f->tr, TV_W_OVERFLOW), 1);
	CHECK_M(f, "A", 1, 0, 20, 10, 40, 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_wrap),
		T(test_clamp),
		T(test_clocks),
		T(test_family_v1),
		T(test_family_v1_crlf_dalvik),
		T(test_family_f3),
		T(test_family_f3_nosummary),
		T(test_family_v2c),
		T(test_family_v2c_nonstream),
		T(test_family_v2d),
		T(test_family_v2b),
		T(test_family_v2a),
		T(test_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
