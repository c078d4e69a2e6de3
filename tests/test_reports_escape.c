/* test_reports_escape.c: what the reports write names and numbers with:
 * UTF-8 lengths, escaping for JSON, text and CSV (every byte), and the
 * number formats. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "model/trace.h"
#include "write/report.h"

/* ------------------------------------------------------------ textesc */

static char *esc_to_string(void (*fn)(FILE *, const char *, size_t), const char *s, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	assert_non_null(f);
	fn(f, s, len);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_utf8_len(void **state)
{
	(void)state;
	struct { const char *s; size_t len, want; } cases[] = {
		{"A", 1, 1},
		{"\xc3\xa9", 2, 2},
		{"\xc3", 1, 0},                 /* cut short */
		{"\xc0\x80", 2, 0},             /* overlong NUL */
		{"\xc1\xbf", 2, 0},             /* overlong */
		{"\xe0\x80\x80", 3, 0},         /* overlong */
		{"\xe0\xa0\x80", 3, 3},         /* U+0800 */
		{"\xed\xa0\x80", 3, 0},         /* surrogate */
		{"\xed\x9f\xbf", 3, 3},         /* U+D7FF */
		{"\xef\xbf\xbd", 3, 3},         /* U+FFFD */
		{"\xf0\x8f\xbf\xbf", 4, 0},     /* overlong */
		{"\xf0\x9f\x98\x80", 4, 4},     /* U+1F600 */
		{"\xf4\x8f\xbf\xbf", 4, 4},     /* U+10FFFF */
		{"\xf4\x90\x80\x80", 4, 0},     /* above U+10FFFF */
		{"\xf5\x80\x80\x80", 4, 0},
		{"\x80", 1, 0},
		{"\xe2\x82", 2, 0},             /* cut short */
		{"\xe2\x28\xa1", 3, 0},         /* bad continuation */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(textesc_utf8_len((const unsigned char *)cases[i].s, cases[i].len),
		                 cases[i].want);
}

static void test_esc_json(void **state)
{
	(void)state;
	char *s = esc_to_string(textesc_json, "\b\f\r\t\x01\xe2\x80\xa8\xc2\x9f\xc2\xa0\xf0\x9f\x98\x80\xe2\x82", 18);
	assert_string_equal(s, "\"\\b\\f\\r\\t\\u0001\\u2028\\u009f\xc2\xa0\xf0\x9f\x98\x80\\ufffd\\ufffd\"");
	free(s);
	s = esc_to_string(textesc_json, NULL, 0);
	assert_string_equal(s, "null");
	free(s);
}

static void test_esc_text_csv(void **state)
{
	(void)state;
	char *s = esc_to_string(textesc_text, "\t\r\xc2\xa0\xc2", 5);
	assert_string_equal(s, "\\x09\\x0d\xc2\xa0\\xc2");
	free(s);
	s = esc_to_string(textesc_csv, "plain", 5);
	assert_string_equal(s, "plain");
	free(s);
	s = esc_to_string(textesc_csv, "a\r\nb", 4);
	assert_string_equal(s, "a\\x0d\\x0ab");
	free(s);
	s = esc_to_string(textesc_csv, "say \"hi\"", 8);
	assert_string_equal(s, "\"say \"\"hi\"\"\"");
	free(s);
}

/* Every byte value in every position: the JSON is valid UTF-8 and has no
 * raw control byte; the text has no byte below 0x20 or DEL at all. */
static void test_esc_all_bytes(void **state)
{
	(void)state;
	char in[512];
	for (int i = 0; i < 256; i++) {
		in[2 * i] = (char)i;
		in[2 * i + 1] = (char)(255 - i);
	}
	char *s = esc_to_string(textesc_json, in, sizeof in);
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		size_t k = textesc_utf8_len((const unsigned char *)s + i, n - i);
		assert_true(k > 0);
		assert_true((unsigned char)s[i] >= 0x20 && s[i] != 0x7f);
		i += k;
	}
	free(s);
	s = esc_to_string(textesc_text, in, sizeof in);
	n = strlen(s);
	for (size_t i = 0; i < n; i++)
		assert_true((unsigned char)s[i] >= 0x20 && s[i] != 0x7f);
	free(s);
}

static void test_numbers(void **state)
{
	(void)state;
	char buf[32];
	assert_int_equal(numfmt_div_round(1, 3, 3), 333);
	assert_int_equal(numfmt_div_round(2, 3, 3), 667);
	assert_int_equal(numfmt_div_round(1, 8, 2), 13);     /* 12.5 rounds up */
	assert_int_equal(numfmt_div_round(5, 0, 2), 0);
	assert_int_equal(numfmt_div_round(UINT64_MAX, UINT64_MAX, 3), 1000);
	assert_int_equal(numfmt_div_round(UINT64_MAX / 2, 1, 0), UINT64_MAX / 2);
	numfmt_fixed(buf, sizeof buf, 12345, 3);
	assert_string_equal(buf, "12.345");
	numfmt_fixed(buf, sizeof buf, 7, 3);
	assert_string_equal(buf, "0.007");
	numfmt_fixed(buf, sizeof buf, 1000, 1);
	assert_string_equal(buf, "100.0");
	numfmt_fixed(buf, sizeof buf, 42, 0);
	assert_string_equal(buf, "42");
}

/* The shared formatters: every view that shows a share, a change or a
 * duration goes through these, so the diff screen and the diff report
 * round 6.25% alike (halves up: "+6.3", where printf's "%.1f" of the
 * double 6.25 gives "6.2"). */
static void test_number_views(void **state)
{
	(void)state;
	char buf[32];
	numfmt_ms(buf, sizeof buf, 1234567);
	assert_string_equal(buf, "1234.567");
	numfmt_pct(buf, sizeof buf, 1, 3, 1);
	assert_string_equal(buf, "33.3");
	numfmt_pct(buf, sizeof buf, 1, 16, 2);
	assert_string_equal(buf, "6.25");
	numfmt_pct(buf, sizeof buf, 1, 0, 1);
	assert_string_equal(buf, "-");
	numfmt_pct_change(buf, sizeof buf, 16, 17, 1);
	assert_string_equal(buf, "+6.3");
	numfmt_pct_change(buf, sizeof buf, 16, 15, 1);
	assert_string_equal(buf, "-6.3");
	numfmt_pct_change(buf, sizeof buf, 16, 16, 1);
	assert_string_equal(buf, "0.0");
	numfmt_pct_change(buf, sizeof buf, 0, 5, 1);
	assert_string_equal(buf, "");
	numfmt_ms_change(buf, sizeof buf, 5000, 4990);
	assert_string_equal(buf, "-0.010");
	numfmt_ms_change(buf, sizeof buf, 1, 1);
	assert_string_equal(buf, "0.000");
	numfmt_duration(buf, sizeof buf, 850, 1);
	assert_string_equal(buf, "850 us");
	numfmt_duration(buf, sizeof buf, 274422, 0);
	assert_string_equal(buf, "274.422 ms");
	numfmt_duration(buf, sizeof buf, 13012018, 1);
	assert_string_equal(buf, "13.012018 s");
	numfmt_duration(buf, sizeof buf, 13012018, 0);
	assert_string_equal(buf, "13.012 s");
	numfmt_fixed(buf, 4, 12345, 3);         /* cut, never overflowed */
	assert_string_equal(buf, "12.");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_utf8_len),
		cmocka_unit_test(test_esc_json),
		cmocka_unit_test(test_esc_text_csv),
		cmocka_unit_test(test_esc_all_bytes),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_number_views),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
