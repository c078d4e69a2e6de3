/* test_gate.c: the --fail-if rules (docs/numbers.md, "The regression
 * gate"): their grammar and messages, and which targets each rule holds
 * for on a written pair of traces, down to the printed lines; and the
 * exact product comparison under its percentages (mul128.h).
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
#include "analyze/gate.h"
#include "analyze/profile.h"
#include "base/mul128.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"

/* BASE: A [0,200] wall / [0,100] cpu holds B [10,40]/[10,30].
 *   toplevel incl wall 200, cpu 100; A excl wall 170, cpu 80;
 *   B incl = excl: wall 30, cpu 20; one call each.
 * NEW: A [0,220]/[0,100] holds B [10,70]/[10,30], C [70,80]/[30,35]
 * and B again [80,90]/[35,40].
 *   toplevel wall 220, cpu 100; A excl wall 220-60-10-10 = 140, cpu 70;
 *   B: 2 calls, wall 70, cpu 25; C (new): 1 call, wall 10, cpu 5.
 * Diff order (|Δ excl wall|): B +40, A -30, C +10. */
static const char *const base_script =
	"thread 1 main\n1 > A 0 0\n1 > B 10 10\n1 < B 30 40\n1 < A 100 200\n";
static const char *const new_script =
	"thread 1 main\n1 > A 0 0\n1 > B 10 10\n1 < B 30 70\n1 > C 30 70\n1 < C 35 80\n"
	"1 > B 35 80\n1 < B 40 90\n1 < A 100 220\n";

struct fx {
	struct trace tr[2];
	struct profile p[2];
	struct diff d;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	const char *const script[2] = {base_script, new_script};
	struct tv_error err = {0};
	if (!f)
		return -1;
	for (int k = 0; k < 2; k++) {
		struct tg *tg = tg_new();
		if (tg_script(tg, script[k]) != 0 || tu_load_tg(&f->tr[k], tg, NULL) != TV_OK ||
		    profile_build(&f->p[k], &f->tr[k], NULL, &err) != TV_OK)
			return -1;
		tg_free(tg);
	}
	if (diff_build(&f->d, &f->p[0], &f->p[1], &err) != TV_OK)
		return -1;
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	diff_free(&f->d);
	for (int k = 0; k < 2; k++) {
		profile_free(&f->p[k]);
		trace_free(&f->tr[k]);
	}
	free(f);
	return 0;
}

/* The lines rule prints ("" when it holds for nothing). */
static char *lines(struct fx *f, const char *rule)
{
	struct gate_rule r;
	char why[GATE_WHY];
	if (gate_parse(rule, &r, why, sizeof why) != 0)
		fail_msg("%s: %s", rule, why);
	struct gate_hit *hits;
	size_t n;
	assert_int_equal(gate_eval(&r, &f->d, &hits, &n), TV_OK);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_non_null(out);
	assert_int_equal(gate_report(out, &r, &f->d, hits, n), TV_OK);
	fclose(out);
	free(hits);
	gate_rule_free(&r);
	return buf;
}

#define LINES(f, rule, want)                    \
	do {                                    \
		char *got_ = lines((f), (rule)); \
		assert_string_equal(got_, (want)); \
		free(got_);                     \
	} while (0)

static void test_total(void **state)
{
	struct fx *f = *state;
	/* wall 200 -> 220: +10% exactly */
	LINES(f, "total:incl_wall>+5%",
	      "FAIL total:incl_wall>+5%: toplevel incl_wall 0.200 ms -> 0.220 ms "
	      "(+0.020 ms, +10.0%)\n");
	LINES(f, "total:incl_wall>+10%", "");
	LINES(f, "total:incl_wall>=+10%",
	      "FAIL total:incl_wall>=+10%: toplevel incl_wall 0.200 ms -> 0.220 ms "
	      "(+0.020 ms, +10.0%)\n");
	LINES(f, "total:incl_wall<+10%", "");
	LINES(f, "total:incl_wall<=+10%",
	      "FAIL total:incl_wall<=+10%: toplevel incl_wall 0.200 ms -> 0.220 ms "
	      "(+0.020 ms, +10.0%)\n");
	/* cpu 100 -> 100: no change */
	LINES(f, "total:incl_cpu<=+0us",
	      "FAIL total:incl_cpu<=+0us: toplevel incl_cpu 0.100 ms -> 0.100 ms "
	      "(0.000 ms, 0.0%)\n");
	LINES(f, "total:incl_cpu<+0us", "");
	LINES(f, "total:incl_cpu>-1%",
	      "FAIL total:incl_cpu>-1%: toplevel incl_cpu 0.100 ms -> 0.100 ms "
	      "(0.000 ms, 0.0%)\n");
	/* unsigned: NEW itself; 220 µs against 1 s, 0.2 ms, 220 us */
	LINES(f, "total:incl_wall>1s", "");
	LINES(f, "total:incl_wall > 0.2ms",
	      "FAIL total:incl_wall > 0.2ms: toplevel incl_wall 0.200 ms -> 0.220 ms "
	      "(+0.020 ms, +10.0%)\n");
	LINES(f, "total:incl_wall>220us", "");
	LINES(f, "total:incl_wall>=220us",
	      "FAIL total:incl_wall>=220us: toplevel incl_wall 0.200 ms -> 0.220 ms "
	      "(+0.020 ms, +10.0%)\n");
	/* total calls: every call, 2 -> 4 */
	LINES(f, "total:calls>+1", "FAIL total:calls>+1: toplevel calls 2 -> 4 (+2, +100.0%)\n");
	LINES(f, "total:calls>=+101%", "");
	LINES(f, "total:excl_wall>0us", "");   /* no time outside A */
}

static void test_methods(void **state)
{
	struct fx *f = *state;
	/* B 1 -> 2 calls, C new (0 -> 1); A stays at 1 */
	LINES(f, "*:calls>+0",
	      "FAIL *:calls>+0: com.example.Test.B ()V calls 1 -> 2 (+1, +100.0%)\n"
	      "FAIL *:calls>+0: com.example.Test.C ()V calls 0 -> 1 (+1, +inf%)\n");
	/* a % change from 0 is +inf: any bound holds */
	LINES(f, "com.example.Test.C:incl_wall>+1000000%",
	      "FAIL com.example.Test.C:incl_wall>+1000000%: com.example.Test.C ()V incl_wall "
	      "0.000 ms -> 0.010 ms (+0.010 ms, +inf%)\n");
	LINES(f, "com.example.Test.C:incl_wall<+5%", "");
	/* excl wall NEW: A 140, B 70, C 10; in diff order B, A */
	LINES(f, "pkg:com.example.*:excl_wall>=50us",
	      "FAIL pkg:com.example.*:excl_wall>=50us: com.example.Test.B ()V excl_wall "
	      "0.030 ms -> 0.070 ms (+0.040 ms, +133.3%)\n"
	      "FAIL pkg:com.example.*:excl_wall>=50us: com.example.Test.A ()V excl_wall "
	      "0.170 ms -> 0.140 ms (-0.030 ms, -17.6%)\n");
	LINES(f, "pkg:com/example/*:excl_wall>=50us",   /* '/' reads as '.' */
	      "FAIL pkg:com/example/*:excl_wall>=50us: com.example.Test.B ()V excl_wall "
	      "0.030 ms -> 0.070 ms (+0.040 ms, +133.3%)\n"
	      "FAIL pkg:com/example/*:excl_wall>=50us: com.example.Test.A ()V excl_wall "
	      "0.170 ms -> 0.140 ms (-0.030 ms, -17.6%)\n");
	LINES(f, "pkg:org.*:excl_wall>0us", "");
	/* negative changes: A's excl wall -17.6% */
	LINES(f, "com.example.Test.A:excl_wall<-10%",
	      "FAIL com.example.Test.A:excl_wall<-10%: com.example.Test.A ()V excl_wall "
	      "0.170 ms -> 0.140 ms (-0.030 ms, -17.6%)\n");
	LINES(f, "com.example.Test.A:excl_wall<-20%", "");
	LINES(f, "com.example.Test.A:excl_wall<=-30us",
	      "FAIL com.example.Test.A:excl_wall<=-30us: com.example.Test.A ()V excl_wall "
	      "0.170 ms -> 0.140 ms (-0.030 ms, -17.6%)\n");
	LINES(f, "com.example.Test.A:excl_wall<-30us", "");
	/* units: B's incl wall +40 µs */
	LINES(f, "com.example.Test.B:incl_wall>+0.04ms", "");
	LINES(f, "com.example.Test.B:incl_wall>=+0.04ms",
	      "FAIL com.example.Test.B:incl_wall>=+0.04ms: com.example.Test.B ()V incl_wall "
	      "0.030 ms -> 0.070 ms (+0.040 ms, +133.3%)\n");
	LINES(f, "com.example.Test.B:incl_wall>+0.0395ms",   /* 39.5 rounds to 40 */
	      "");
	LINES(f, "com.example.Test.B:incl_wall>+0.0394ms",
	      "FAIL com.example.Test.B:incl_wall>+0.0394ms: com.example.Test.B ()V incl_wall "
	      "0.030 ms -> 0.070 ms (+0.040 ms, +133.3%)\n");
	LINES(f, "com.example.Test.B:incl_wall<+0.00004s", "");
	/* by id and by signature: B is 0x8 in both traces */
	LINES(f, "0x8:calls>=2", "FAIL 0x8:calls>=2: com.example.Test.B ()V calls 1 -> 2 "
	                         "(+1, +100.0%)\n");
	LINES(f, "com.example.Test.B()V:incl_cpu>+4us",
	      "FAIL com.example.Test.B()V:incl_cpu>+4us: com.example.Test.B ()V incl_cpu "
	      "0.020 ms -> 0.025 ms (+0.005 ms, +25.0%)\n");
	LINES(f, "com.example.Test.B(I)V:incl_cpu>+4us", "");
	LINES(f, "com.example.Test.Nope:calls>=0", "");
}

/* Whether a rule names nothing of the diff: C (only in NEW) is named, a
 * method no run calls, a signature no method has and a package with no
 * class are not; total and * always have a target. */
static void test_names_nothing(void **state)
{
	struct fx *f = *state;
	static const struct {
		const char *rule;
		int nothing;
	} cases[] = {
		{"com.example.Test.C:calls>0", 0},
		{"com.example.Test.B()V:calls>0", 0},
		{"pkg:com.example.*:calls>0", 0},
		{"0x8:calls>0", 0},
		{"total:calls>0", 0},
		{"*:calls>0", 0},
		{"com.example.Test.Nope:calls>=0", 1},
		{"Test.B:calls>0", 1},                  /* without its package */
		{"com.example.Test.B(I)V:incl_cpu>+4us", 1},
		{"pkg:org.*:excl_wall>0us", 1},
		{"0x7f:calls>0", 1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gate_rule r;
		char why[GATE_WHY];
		if (gate_parse(cases[i].rule, &r, why, sizeof why) != 0)
			fail_msg("%s: %s", cases[i].rule, why);
		if (gate_names_nothing(&r, &f->d) != cases[i].nothing)
			fail_msg("%s: names nothing should be %d", cases[i].rule, cases[i].nothing);
		gate_rule_free(&r);
	}
}

/* Percentages compare exactly: 3 -> 4 is +33.333...% */
static void test_holds(void **state)
{
	(void)state;
	static const struct {
		const char *rule;
		uint64_t base, next;
		int holds;
	} t[] = {
		{"total:calls>+33.333333%", 3, 4, 1},
		{"total:calls>+33.333334%", 3, 4, 0},
		{"total:calls<-33.333333%", 4, 2, 1},   /* -50% */
		{"total:calls<-50%", 4, 2, 0},
		{"total:calls<=-50%", 4, 2, 1},
		{"total:calls>-50%", 4, 2, 0},
		{"total:calls>-51%", 4, 2, 1},
		{"total:calls>=+0%", 0, 0, 1},          /* 0 -> 0: 0% */
		{"total:calls>+0%", 0, 0, 0},
		{"total:calls<-5%", 0, 0, 0},
		{"total:calls>+5%", 0, 7, 1},           /* +inf */
		{"total:calls<+5%", 0, 7, 0},
		{"total:calls>-3", 10, 8, 1},           /* -2 > -3 */
		{"total:calls<-3", 10, 8, 0},
		{"total:calls<=-2", 10, 8, 1},
		{"total:calls>-0", 10, 10, 0},          /* -0 is 0 */
		{"total:calls>=-0", 10, 10, 1},
		{"total:calls>5", 100, 5, 0},           /* unsigned: NEW */
		{"total:calls>=5", 100, 5, 1},
		{"total:calls<5", 0, 4, 1},
		{"total:calls<=4", 9, 5, 0},
		{"total:incl_cpu>+100%", UINT64_MAX / 2, UINT64_MAX, 1},  /* no overflow */
		{"total:incl_cpu>+100.000001%", UINT64_MAX / 2, UINT64_MAX, 0},
		{"total:incl_cpu<-99.999999%", UINT64_MAX, 1, 1},
		{"total:incl_cpu>+4611686018427387904us", 0, UINT64_MAX, 1},   /* 2^62, the most */
		{"total:calls>+18446744073709551615", 0, UINT64_MAX, 0},
		{"total:calls>=+18446744073709551615", 0, UINT64_MAX, 1},
		{"total:calls>+33.3333335%", 3, 4, 0},   /* rounds to 33.333334 */
		{"total:calls>+33.3333334%", 3, 4, 1},   /* rounds to 33.333333 */
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct gate_rule r;
		char why[GATE_WHY];
		if (gate_parse(t[i].rule, &r, why, sizeof why) != 0)
			fail_msg("%s: %s", t[i].rule, why);
		if (gate_holds(&r, t[i].base, t[i].next) != t[i].holds)
			fail_msg("%s with %llu -> %llu: want %d", t[i].rule,
			         (unsigned long long)t[i].base, (unsigned long long)t[i].next,
			         t[i].holds);
		gate_rule_free(&r);
	}
}

static void test_parse(void **state)
{
	(void)state;
	struct gate_rule r;
	char why[GATE_WHY];
	assert_int_equal(gate_parse("pkg:com.example.*:incl_cpu >= -2.5ms", &r, why, sizeof why), 0);
	assert_int_equal(r.target, GATE_PKG);
	assert_int_equal(r.glob_len, 13);
	assert_memory_equal(r.glob, "com.example.*", 13);
	assert_int_equal(r.field, GATE_INCL_CPU);
	assert_int_equal(r.op, GATE_GE);
	assert_true(r.relative && r.negative && !r.pct);
	assert_int_equal(r.mag, 2500);
	gate_rule_free(&r);
	assert_int_equal(gate_parse("a.B.<init>(I)V:calls<+12.5%", &r, why, sizeof why), 0);
	assert_int_equal(r.target, GATE_METHOD);
	assert_int_equal(r.op, GATE_LT);
	assert_true(r.pct && r.relative && !r.negative);
	assert_int_equal(r.mag, 12500000);
	gate_rule_free(&r);
	assert_int_equal(gate_parse("*:excl_wall<=1s", &r, why, sizeof why), 0);
	assert_int_equal(r.target, GATE_EVERY);
	assert_false(r.relative);
	assert_int_equal(r.mag, 1000000);
	gate_rule_free(&r);

	static const struct {
		const char *rule, *why;
	} bad[] = {
		{"", "expected TARGET:FIELD OP VALUE (e.g. total:incl_wall>+5%)"},
		{"incl_wall>5%", "expected TARGET:FIELD OP VALUE (e.g. total:incl_wall>+5%)"},
		{":calls>0", "no target before ':' (expected total, *, pkg:GLOB or a method)"},
		{"pkg::calls>0", "empty pattern after 'pkg:'"},
		{"Feed:calls>0",
		 "bad target 'Feed': expected Class.name, Class.name(signature) or 0x id"},
		{"0xz:calls>0",
		 "bad target '0xz': bad method id (expected hex digits after 0x)"},
		{"total:wall>+5%", "unknown field 'wall' (expected incl_cpu, excl_cpu, incl_wall, "
		                   "excl_wall, calls)"},
		{"total:>+5%", "unknown field '' (expected incl_cpu, excl_cpu, incl_wall, "
		               "excl_wall, calls)"},
		{"total:incl_wall=+5%", "expected an operator (>, >=, <, <=) after 'incl_wall'"},
		{"total:incl_wall==5ms", "expected an operator (>, >=, <, <=) after 'incl_wall'"},
		{"total:incl_wall>", "expected a number after the operator, e.g. +5%, +2ms, 100ms "
		                     "or +0"},
		{"total:incl_wall>+", "expected a number after the operator, e.g. +5%, +2ms, 100ms "
		                      "or +0"},
		{"total:incl_wall>5", "a time needs a unit (us, ms or s) or a signed %"},
		{"total:incl_wall>+5", "a time needs a unit (us, ms or s) or a signed %"},
		{"total:incl_wall>5%", "'%' needs a sign: +N% or -N% is a change from BASE"},
		{"total:incl_wall>+5min", "unknown unit 'min' (expected us, ms, s or %)"},
		{"total:incl_wall>+5 ms", "unknown unit ' ms' (expected us, ms, s or %)"},
		{"total:calls>+2ms", "calls take no unit (a count, or a signed %)"},
		{"total:calls>1.5", "calls are a whole number"},
		{"total:calls>99999999999999999999", "number too large"},
		{"total:calls>+1.2.3%", "malformed number '1.2.3'"},
		{"total:incl_wall>1.2.3ms", "unknown unit (expected us, ms or s) (got '1.2.3ms')"},
		{"total:incl_wall>9999999999999999999s", "time too large (got '9999999999999999999s')"},
		{"total:incl_wall>+1\033[2Jms", "unknown unit '\\x1b[2Jms' (expected us, ms, s or %)"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (gate_parse(bad[i].rule, &r, why, sizeof why) != -1)
			fail_msg("%s: parsed", bad[i].rule);
		if (strcmp(why, bad[i].why) != 0)
			fail_msg("%s: got \"%s\", want \"%s\"", bad[i].rule, why, bad[i].why);
	}
	assert_int_equal(gate_field_clock(GATE_EXCL_WALL), TV_WALL);
	assert_int_equal(gate_field_clock(GATE_INCL_CPU), TV_CPU);
	assert_int_equal(gate_field_clock(GATE_CALLS), -1);
}

/* Products past 2^64 compare exactly, carries between the halves included. */
static void test_mul128(void **state)
{
	(void)state;
	const uint64_t max = UINT64_MAX;
	assert_int_equal(mul128_cmp(0, 5, 0, 7), 0);
	assert_int_equal(mul128_cmp(6, 7, 3, 14), 0);
	assert_int_equal(mul128_cmp(6, 7, 5, 8), 1);
	assert_int_equal(mul128_cmp(5, 8, 6, 7), -1);
	assert_int_equal(mul128_cmp(max, max, max, max), 0);
	assert_int_equal(mul128_cmp(max, max, max, max - 1), 1);
	assert_int_equal(mul128_cmp(max - 1, max, max, max), -1);
	/* (2^32 + 1)^2 = 2^64 + 2^33 + 1 against 2^64 + 2^33 (hi equal) */
	uint64_t a = (UINT64_C(1) << 32) + 1, c = UINT64_C(1) << 32, d = c + 2;
	assert_int_equal(mul128_cmp(a, a, c, d), 1);
	assert_int_equal(mul128_cmp(c, d, a, a), -1);
	assert_int_equal(mul128_cmp(UINT64_C(1) << 63, 4, UINT64_C(1) << 62, 8), 0);
	assert_int_equal(mul128_cmp(12345678901234ULL, 100000000u, 1, max), 1);
	/* ⌊a × b / c⌋ exactly, the product past 2^64 or not: 35 / 3 = 11;
	 * 2^80 / 2^41 = 2^39. */
	assert_int_equal(mul128_muldiv(7, 5, 3), 11);
	assert_int_equal(mul128_muldiv(max, max, max), max);
	assert_int_equal(mul128_muldiv(max - 1, max, max), max - 1);
	assert_int_equal(mul128_muldiv(UINT64_C(1) << 40, UINT64_C(1) << 40, UINT64_C(1) << 41),
	                 UINT64_C(1) << 39);
	/* 10^12 µs of one clock × 3 × 10^12 of the other / 4 × 10^12. */
	assert_int_equal(mul128_muldiv(1000000000000ULL, 3000000000000ULL, 4000000000000ULL),
	                 750000000000ULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_total, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_methods, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_names_nothing, fx_setup, fx_teardown),
		cmocka_unit_test(test_holds),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_mul128),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
