/* test_outbuf.c: the report writers' primitives.
 *
 * numfmt_put_* (digits by hand) at their boundaries, the outbuf around its
 * flushes and failures, and the escapers writing to an outbuf: the same
 * bytes as to a stream, and for ASCII the same as a byte-by-byte rule
 * written out here (the word-at-a-time scan must not miss a byte).
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

#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"

/* ------------------------------------------------------------ numfmt */

/* What a numfmt_put_* wrote, terminated. */
static char put_buf[NUMFMT_MAX + 1];
#define PUT(call) (put_buf[(call)] = '\0', put_buf)

static void test_put_u64(void **state)
{
	(void)state;
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 0)), "0");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 9)), "9");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 10)), "10");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 99)), "99");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 100)), "100");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 1009)), "1009");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 12345)), "12345");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 9999999999999999999u)),
	                    "9999999999999999999");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, 10000000000000000000u)),
	                    "10000000000000000000");
	assert_string_equal(PUT(numfmt_put_u64(put_buf, UINT64_MAX)), "18446744073709551615");
	assert_int_equal(numfmt_put_u64(put_buf, UINT64_MAX), 20);
}

/* Every power of ten and its neighbours, against printf. */
static void test_put_u64_powers(void **state)
{
	(void)state;
	char want[32];
	uint64_t p = 1;
	for (int k = 0; k < 20; k++, p *= 10) {
		uint64_t v[] = { p - 1, p, p + 1, p * 2 - 1 };
		for (size_t i = 0; i < 4; i++) {
			snprintf(want, sizeof want, "%llu", (unsigned long long)v[i]);
			assert_string_equal(PUT(numfmt_put_u64(put_buf, v[i])), want);
		}
	}
}

static void test_put_hex(void **state)
{
	(void)state;
	assert_string_equal(PUT(numfmt_put_hex(put_buf, 0)), "0");
	assert_string_equal(PUT(numfmt_put_hex(put_buf, 0xf)), "f");
	assert_string_equal(PUT(numfmt_put_hex(put_buf, 0x10)), "10");
	assert_string_equal(PUT(numfmt_put_hex(put_buf, 0x1a2b)), "1a2b");
	assert_string_equal(PUT(numfmt_put_hex(put_buf, 0x8000000000000000u)),
	                    "8000000000000000");
	assert_string_equal(PUT(numfmt_put_hex(put_buf, UINT64_MAX)), "ffffffffffffffff");
}

static void test_put_fixed(void **state)
{
	(void)state;
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 0, 3)), "0.000");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 5, 3)), "0.005");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 1000, 3)), "1.000");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 12345, 3)), "12.345");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 7, 0)), "7");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 105, 1)), "10.5");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, UINT64_MAX, 3)),
	                    "18446744073709551.615");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, UINT64_MAX, 9)),
	                    "18446744073.709551615");
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 1000000000, 9)), "1.000000000");
	/* decimals above 9 are 9 */
	assert_string_equal(PUT(numfmt_put_fixed(put_buf, 1, 12)), "0.000000001");
}

static void test_put_pct(void **state)
{
	(void)state;
	assert_string_equal(PUT(numfmt_put_pct(put_buf, 5, 0, 1)), "-");
	assert_string_equal(PUT(numfmt_put_pct(put_buf, 1, 3, 1)), "33.3");
	assert_string_equal(PUT(numfmt_put_pct(put_buf, 2, 3, 1)), "66.7");
	assert_string_equal(PUT(numfmt_put_pct(put_buf, 1, 1, 2)), "100.00");
	assert_string_equal(PUT(numfmt_put_pct(put_buf, 0, 7, 2)), "0.00");
	/* 1/8 = 12.5 %: a half rounds up */
	assert_string_equal(PUT(numfmt_put_pct(put_buf, 1, 8, 0)), "13");
}

/* The terminated writers keep cutting like snprintf did. */
static void test_fixed_cut(void **state)
{
	(void)state;
	char b[8];
	numfmt_fixed(b, 4, 12345, 3);
	assert_string_equal(b, "12.");
	numfmt_ms(b, 1, 12345);
	assert_string_equal(b, "");
	memcpy(b, "xyz", 4);
	numfmt_pct(b, 0, 1, 2, 1);
	assert_string_equal(b, "xyz");
	numfmt_pct(b, 2, 1, 0, 1);
	assert_string_equal(b, "-");
	numfmt_fixed(b, sizeof b, 1234567, 3);
	assert_string_equal(b, "1234.56");
}

/* ------------------------------------------------------------ outbuf */

/* An outbuf of the smallest size on a memory stream. */
struct mem {
	char *text;
	size_t len;
	FILE *f;
	struct outbuf ob;
	char buf[OUTBUF_MIN];
};

static struct mem *mem_open(void)
{
	struct mem *m = calloc(1, sizeof *m);
	assert_non_null(m);
	m->f = open_memstream(&m->text, &m->len);
	assert_non_null(m->f);
	outbuf_init(&m->ob, m->f, m->buf, sizeof m->buf);
	return m;
}

/* Finishes and closes; the text stays for the caller to free. */
static char *mem_close(struct mem *m, size_t *len)
{
	assert_int_equal(outbuf_finish(&m->ob), TV_OK);
	assert_int_equal(fclose(m->f), 0);
	char *t = m->text;
	if (len)
		*len = m->len;
	free(m);
	return t;
}

/* Pieces of every size around the buffer's: all bytes arrive, in order. */
static void test_outbuf_boundaries(void **state)
{
	(void)state;
	size_t sizes[] = { 1, OUTBUF_MIN - 1, 1, 1, OUTBUF_MIN, 7, 3 * OUTBUF_MIN + 5, 0, 2 };
	size_t total = 0;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		total += sizes[i];
	char *want = malloc(total);
	assert_non_null(want);
	for (size_t i = 0; i < total; i++)
		want[i] = (char)('a' + i * 7 % 26);

	struct mem *m = mem_open();
	size_t at = 0;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		if (sizes[i] == 1)
			outbuf_putc(&m->ob, want[at]);
		else
			outbuf_write(&m->ob, want + at, sizes[i]);
		at += sizes[i];
		assert_int_equal(outbuf_tell(&m->ob), at);   /* buffered or handed on */
	}
	size_t len;
	char *got = mem_close(m, &len);
	assert_int_equal(len, total);
	assert_memory_equal(got, want, total);
	free(got);
	free(want);
}

/* A number that does not fit in what is left flushes first, whole. */
static void test_outbuf_numbers_at_end(void **state)
{
	(void)state;
	for (size_t fill = OUTBUF_MIN - 25; fill <= OUTBUF_MIN; fill++) {
		struct mem *m = mem_open();
		for (size_t i = 0; i < fill; i++)
			outbuf_putc(&m->ob, '.');
		outbuf_u64(&m->ob, UINT64_MAX);
		outbuf_putc(&m->ob, ' ');
		outbuf_hex(&m->ob, 0xdeadbeef);
		outbuf_putc(&m->ob, ' ');
		outbuf_fixed(&m->ob, 12345, 3);
		size_t len;
		char *got = mem_close(m, &len);
		const char tail[] = "18446744073709551615 deadbeef 12.345";
		assert_int_equal(len, fill + sizeof tail - 1);
		assert_memory_equal(got + fill, tail, sizeof tail - 1);
		assert_int_equal(strspn(got, "."), fill);
		free(got);
	}
}

static void test_outbuf_padding(void **state)
{
	(void)state;
	struct mem *m = mem_open();
	outbuf_right(&m->ob, "ab", 2, 5);
	outbuf_putc(&m->ob, '|');
	outbuf_right(&m->ob, "abcdef", 6, 3);   /* wider than the column */
	outbuf_putc(&m->ob, '|');
	outbuf_left(&m->ob, "ab", 4);
	outbuf_putc(&m->ob, '|');
	outbuf_left(&m->ob, "abcdef", 2);
	outbuf_putc(&m->ob, '|');
	outbuf_spaces(&m->ob, 0);
	outbuf_spaces(&m->ob, 70);              /* more than one chunk */
	outbuf_putc(&m->ob, '|');
	char *got = mem_close(m, NULL);
	char want[128];
	snprintf(want, sizeof want, "%5s|%3s|%-4s|%-2s|%70s|", "ab", "abcdef", "ab", "abcdef", "");
	assert_string_equal(got, want);
	free(got);
}

static void test_outbuf_reserve(void **state)
{
	(void)state;
	struct mem *m = mem_open();
	for (size_t i = 0; i < OUTBUF_MIN - 3; i++)
		outbuf_putc(&m->ob, 'x');
	char *p = outbuf_reserve(&m->ob, 10);   /* flushes: 3 bytes left */
	assert_ptr_equal(p, m->buf);
	memcpy(p, "0123456789", 10);
	outbuf_commit(&m->ob, p + 4);          /* keeps what was filled */
	size_t len;
	char *got = mem_close(m, &len);
	assert_int_equal(len, OUTBUF_MIN - 3 + 4);
	assert_memory_equal(got + len - 5, "x0123", 5);
	free(got);
}

/* A write that fails is reported by outbuf_finish(), whether it fails at
 * the outbuf's flush (unbuffered stream) or at the stream's. */
static void test_outbuf_failure(void **state)
{
	(void)state;
	if (access("/dev/full", W_OK) != 0) {
		skip();
		return;
	}
	for (int unbuffered = 0; unbuffered <= 1; unbuffered++) {
		FILE *f = fopen("/dev/full", "w");
		assert_non_null(f);
		if (unbuffered)
			setvbuf(f, NULL, _IONBF, 0);
		char buf[OUTBUF_MIN];
		struct outbuf ob;
		outbuf_init(&ob, f, buf, sizeof buf);
		for (int i = 0; i < 3 * OUTBUF_MIN; i++)
			outbuf_putc(&ob, 'x');
		if (unbuffered)
			assert_true(ob.failed);
		outbuf_u64(&ob, 42);
		assert_int_equal(outbuf_finish(&ob), TV_ERR_OUTPUT);
		fclose(f);
	}
}

/* ------------------------------------------------------------ escapers */

typedef void (*esc_file_fn)(FILE *, const char *, size_t);
typedef void (*esc_ob_fn)(struct outbuf *, const char *, size_t);

static char *esc_file(esc_file_fn fn, const char *s, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	assert_non_null(f);
	fn(f, s, len);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static char *esc_ob(esc_ob_fn fn, const char *s, size_t len)
{
	struct mem *m = mem_open();
	fn(&m->ob, s, len);
	return mem_close(m, NULL);
}

/* The JSON rule for one byte alone, spelled out (from 0x80 on, a lone
 * byte is invalid UTF-8). */
static void ref_json_byte(char *out, unsigned char c)
{
	static const char *const named[] = { ['\b'] = "\\b", ['\f'] = "\\f", ['\n'] = "\\n",
	                                     ['\r'] = "\\r", ['\t'] = "\\t" };
	if (c >= 0x80)
		strcat(out, "\\ufffd");
	else if (c < sizeof named / sizeof named[0] && named[c])
		strcat(out, named[c]);
	else if (c < 0x20 || c == 0x7f)
		sprintf(out + strlen(out), "\\u%04x", c);
	else if (c == '"' || c == '\\')
		sprintf(out + strlen(out), "\\%c", c);
	else
		sprintf(out + strlen(out), "%c", c);
}

/* The text rule for one byte alone. */
static void ref_text_byte(char *out, unsigned char c)
{
	if (c < 0x20 || c >= 0x7f)
		sprintf(out + strlen(out), "\\x%02x", c);
	else if (c == '\\')
		strcat(out, "\\\\");
	else
		sprintf(out + strlen(out), "%c", c);
}

/* Strings of plain letters with one byte that may need care at every place
 * from 0 to 23 (so at every offset of a word and past the last whole
 * word): outbuf and stream agree, and both follow the rule above. */
static void test_esc_every_position(void **state)
{
	(void)state;
	const unsigned char special[] = { '"', '\\', 0x00, 0x1f, '\n', 0x7f, 0x80, 0xc2, 0xff,
	                                  ' ', '~', '!', '[' };
	char in[32], want[256];
	for (size_t len = 0; len <= 24; len++) {
		for (size_t at = 0; at <= len; at++) {
			for (size_t k = 0; k < sizeof special; k++) {
				for (size_t i = 0; i < len; i++)
					in[i] = (char)('a' + i);
				if (at < len)
					in[at] = (char)special[k];

				strcpy(want, "\"");
				for (size_t i = 0; i < len; i++)
					ref_json_byte(want, (unsigned char)in[i]);
				strcat(want, "\"");
				char *a = esc_ob(textesc_json_ob, in, len);
				char *b = esc_file(textesc_json, in, len);
				assert_string_equal(a, want);
				assert_string_equal(b, want);
				free(a);
				free(b);

				want[0] = '\0';
				for (size_t i = 0; i < len; i++)
					ref_text_byte(want, (unsigned char)in[i]);
				a = esc_ob(textesc_text_ob, in, len);
				b = esc_file(textesc_text, in, len);
				assert_string_equal(a, want);
				assert_string_equal(b, want);
				free(a);
				free(b);
			}
		}
	}
}

/* Non-ASCII, CSV quoting and NULL through both sinks. */
static void test_esc_ob_same(void **state)
{
	(void)state;
	static const struct { const char *s; size_t len; } cases[] = {
		{ "plain.name.Longer.Than.Eight", 28 },
		{ "caf\xc3\xa9 \xe2\x80\xae rtl \xc2\x9f c1 \xff bad", 25 },
		{ "a,b", 3 },
		{ "say \"hi\" \\ ok", 13 },
		{ "\xf0\x9f\x98\x80\xf3\xa0\x80\x81tag", 11 },
		{ "", 0 },
		{ NULL, 0 },
	};
	const esc_file_fn ff[] = { textesc_json, textesc_text, textesc_csv };
	const esc_ob_fn of[] = { textesc_json_ob, textesc_text_ob, textesc_csv_ob };
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (size_t k = 0; k < 3; k++) {
			char *a = esc_ob(of[k], cases[i].s, cases[i].len);
			char *b = esc_file(ff[k], cases[i].s, cases[i].len);
			assert_string_equal(a, b);
			free(a);
			free(b);
		}
	/* two of them by hand */
	char *a = esc_ob(textesc_csv_ob, "say \"hi\", \x01", 11);
	assert_string_equal(a, "\"say \"\"hi\"\", \\x01\"");
	free(a);
	a = esc_ob(textesc_json_ob, "x\xe2\x80\xaey\xf3\xa0\x80\x81", 9);
	assert_string_equal(a, "\"x\\u202ey\\udb40\\udc01\"");
	free(a);
}

/* A string longer than the buffer goes through whole. */
static void test_esc_ob_long(void **state)
{
	(void)state;
	size_t len = 5 * OUTBUF_MIN + 3;
	char *s = malloc(len);
	assert_non_null(s);
	for (size_t i = 0; i < len; i++)
		s[i] = i % 100 == 99 ? '"' : (char)('a' + i % 26);
	char *a = esc_ob(textesc_json_ob, s, len);
	char *b = esc_file(textesc_json, s, len);
	assert_string_equal(a, b);
	assert_int_equal(strlen(a), len + 2 + len / 100);
	free(a);
	free(b);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_u64),
		cmocka_unit_test(test_put_u64_powers),
		cmocka_unit_test(test_put_hex),
		cmocka_unit_test(test_put_fixed),
		cmocka_unit_test(test_put_pct),
		cmocka_unit_test(test_fixed_cut),
		cmocka_unit_test(test_outbuf_boundaries),
		cmocka_unit_test(test_outbuf_numbers_at_end),
		cmocka_unit_test(test_outbuf_padding),
		cmocka_unit_test(test_outbuf_reserve),
		cmocka_unit_test(test_outbuf_failure),
		cmocka_unit_test(test_esc_every_position),
		cmocka_unit_test(test_esc_ob_same),
		cmocka_unit_test(test_esc_ob_long),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
