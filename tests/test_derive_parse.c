/* test_derive_parse.c: the parsers of ranges, events, globs and method
 * specs (docs/numbers.md, "Time ranges", "Transforms"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/match.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "derivetest.h"
#include "model/load.h"
#include "testutil.h"
#include "tracegen.h"

/* ------------------------------------------------------------ parsers */

static void test_range_parse(void **state)
{
	(void)state;
	struct range r;
	const char *why;
	assert_int_equal(range_parse("1.25s..1.5s", &r, &why), 0);
	assert_true(r.has_start && r.has_end);
	assert_int_equal(r.start, 1250000);
	assert_int_equal(r.end, 1500000);
	assert_int_equal(range_parse("1250000us..1500000us", &r, &why), 0);
	assert_int_equal(r.start, 1250000);
	assert_int_equal(range_parse("..2s", &r, &why), 0);
	assert_false(r.has_start);
	assert_int_equal(r.end, 2000000);
	assert_int_equal(range_parse("3s..", &r, &why), 0);
	assert_false(r.has_end);
	assert_int_equal(range_parse("0us..", &r, &why), 0);
	assert_true(r.has_start);
	assert_int_equal(r.start, 0);
	/* nearest µs, halves up */
	assert_int_equal(range_parse("0.4us..1.5us", &r, &why), 0);
	assert_int_equal(r.start, 0);
	assert_int_equal(r.end, 2);
	assert_int_equal(range_parse("1.0004ms..1.0005ms", &r, &why), 0);
	assert_int_equal(r.start, 1000);
	assert_int_equal(r.end, 1001);
	assert_int_equal(range_parse(".5s..", &r, &why), 0);
	assert_int_equal(r.start, 500000);

	static const char *const bad[] = {
		"", "1s", "1..2s", "1s..2", "-1s..2s", "2s..1s", "1s..1s", "1.0000004s..1.0000001s",
		"1x..2s", "1 s..2s", "ms..1s", "..0us", "1s..2s..3s", "99999999999999999999s..",
		"1e3us..", "+1s..",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why = NULL;
		if (range_parse(bad[i], &r, &why) == 0)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(why);
	}
	uint64_t us;
	assert_int_equal(range_parse_time("16ms", &us, &why), 0);
	assert_int_equal(us, 16000);
	assert_int_equal(range_parse_time("16", &us, &why), -1);

	char buf[RANGE_TEXT_MAX];
	assert_int_equal(range_parse("1.25s..2s", &r, &why), 0);
	range_format(&r, buf);
	assert_string_equal(buf, "1250ms..2s");
	assert_false(r.events);
}

/* Events (ev) for traces without time: whole numbers, not mixed with
 * times, written back as given; --min-wait's times take none. */
static void test_range_events(void **state)
{
	(void)state;
	struct range r;
	const char *why;
	char buf[RANGE_TEXT_MAX];
	assert_int_equal(range_parse("100ev..500ev", &r, &why), 0);
	assert_true(r.events && r.has_start && r.has_end);
	assert_int_equal(r.start, 100);
	assert_int_equal(r.end, 500);
	range_format(&r, buf);
	assert_string_equal(buf, "100ev..500ev");
	assert_int_equal(range_parse("..1000000ev", &r, &why), 0);
	assert_true(r.events && !r.has_start);
	assert_int_equal(r.end, 1000000);   /* never read as µs, so never "1s" */
	range_format(&r, buf);
	assert_string_equal(buf, "..1000000ev");
	assert_int_equal(range_parse("0ev..", &r, &why), 0);
	assert_true(r.events);
	assert_int_equal(range_parse("..", &r, &why), 0);   /* no unit: fits every trace */
	assert_false(r.events);
	static const char *const bad[] = {
		"2.5ev..", "1ev..2ms", "1ms..2ev", "5ev..5ev", "6ev..5ev", "-1ev..", "1EV..", "ev..",
		"1e..", "1 ev..",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why = NULL;
		if (range_parse(bad[i], &r, &why) == 0)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(why);
	}
	assert_int_equal(range_parse("1ev..2ms", &r, &why), -1);
	assert_string_equal(why, "both ends in events (ev) or both in time (us, ms, s)");
	uint64_t us;
	assert_int_equal(range_parse_time("5ev", &us, &why), -1);
	assert_string_equal(why, "unknown unit (expected us, ms or s)");
}

/* Which ranges suit which traces: events only a trace without time. */
static void test_range_fits(void **state)
{
	(void)state;
	struct trace tr;
	trace_init(&tr);
	struct range ev = {1, 1, 2, 6, 1}, us = {1, 0, 2, 0, 0}, open = {0, 0, 0, 0, 0};
	tr.clock = TV_CLOCK_DUAL;
	assert_false(derive_range_fits(&tr, &ev));
	assert_true(derive_range_fits(&tr, &us));
	assert_true(derive_range_fits(&tr, &open));
	tr.clock = TV_CLOCK_SEQUENCE;
	assert_true(derive_range_fits(&tr, &ev));
	assert_false(derive_range_fits(&tr, &us));
	assert_true(derive_range_fits(&tr, &open));
	trace_free(&tr);
}

static void test_glob(void **state)
{
	(void)state;
#define G(p, s) match_glob(p, strlen(p), s, strlen(s))
	assert_true(G("androidx.*", "androidx.core.View"));
	assert_true(G("androidx.*", "androidx."));
	assert_false(G("androidx.*", "androidx"));
	assert_false(G("androidx.*", "xandroidx.a"));
	assert_true(G("*", ""));
	assert_true(G("", ""));
	assert_false(G("", "a"));
	assert_true(G("a*b*c", "aXbYbZc"));
	assert_false(G("a*b*c", "aXbYbZ"));
	assert_true(G("com.example.*", "com/example/Foo"));  /* '/' read as '.' */
	assert_true(G("java/lang/*", "java.lang.String"));
	assert_false(G("Com.*", "com.x"));                    /* case-sensitive */
	assert_true(G("a?c", "a?c"));                          /* only '*' is special */
	assert_false(G("a?c", "abc"));
	assert_true(G("**x", "x"));
#undef G
}

static void test_method_spec(void **state)
{
	(void)state;
	struct match_spec s;
	const char *why;
	assert_int_equal(match_spec_parse("com.example.Foo.bar", &s, &why), 0);
	assert_int_equal(s.kind, MATCH_NAME);
	assert_int_equal(s.cls_len, 15);
	assert_memory_equal(s.cls, "com.example.Foo", 15);
	assert_int_equal(s.name_len, 3);
	assert_null(s.sig);
	match_spec_free(&s);
	assert_int_equal(match_spec_parse("Foo.bar(I)V", &s, &why), 0);
	assert_memory_equal(s.sig, "(I)V", 4);
	assert_int_equal(s.sig_len, 4);
	match_spec_free(&s);
	assert_int_equal(match_spec_parse("0x1a2B", &s, &why), 0);
	assert_int_equal(s.kind, MATCH_ID);
	assert_int_equal(s.id, 0x1a2b);
	match_spec_free(&s);
	assert_int_equal(match_spec_parse("collapse:androidx.*", &s, &why), 0);
	assert_int_equal(s.kind, MATCH_SYNTH);
	match_spec_free(&s);
	static const char *const bad[] = {"", "Foo", ".bar", "Foo.", "0x", "0xg", "collapse:",
	                                  "0x11112222333344445"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (match_spec_parse(bad[i], &s, &why) == 0)
			fail_msg("'%s' was accepted", bad[i]);

	struct derive_step st;
	static const char *const badt[] = {"", "merge", "merge:", "foo:A.b", "app:a,,b", "app:,",
	                                   "focus:Foo", "collapse:", "Merge:A.b", "rec:0xz"};
	for (size_t i = 0; i < sizeof badt / sizeof badt[0]; i++)
		if (derive_step_transform(badt[i], &st, &why) == 0)
			fail_msg("'%s' was accepted", badt[i]);
	assert_int_equal(derive_step_transform("app:com.a.*,org.b.*", &st, &why), 0);
	assert_int_equal(st.nglobs, 2);
	assert_int_equal(st.globs[1].len, 7);
	derive_step_free(&st);
	assert_int_equal(derive_step_transform("collapse:a,b", &st, &why), 0);
	assert_int_equal(st.globs[0].len, 3);   /* a ',' in a collapse pattern is literal */
	derive_step_free(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_range_parse),
		cmocka_unit_test(test_range_events),
		cmocka_unit_test(test_range_fits),
		cmocka_unit_test(test_glob),
		cmocka_unit_test(test_method_spec),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
