/* test_readers_key.c: the key section reader (keyfile.c) on hand-built
 * text: ids, field shapes, line ends, bad lines, errors, a sink that stops. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/load.h"
#include "model/trace.h"
#include "read/keyfile.h"
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ keyfile */

static enum tv_status scan_key(const char *text, int require_end, struct rec *r,
                               struct keyfile_info *info, struct tv_error *err)
{
	struct sink s = rec_sink(r, 1, strlen(text));
	return keyfile_parse((const uint8_t *)text, strlen(text), 100, require_end, &s, info, err);
}

static void test_key_basic(void **state)
{
	(void)state;
	const char *text =
		"*version\n3\ndata-file-overflow=false\nclock=dual\n"
		"*threads\n1\tmain\n12876\t\n"
		"*methods\n0x4000a0b8\tjava/lang/String\tcharAt\t(I)C\tString.java\t-1\n"
		"0\tcom.ex.Foo\tbar\t()V\t(null)\n"
		"*end\nSLOW";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"O data-file-overflow=false", "O clock=dual",
		"T 1 'main' @156", "T 12876 '' @163",
		"M 0x4000a0b8 'java/lang/String' 'charAt' '(I)C' 'String.java' -1 @179",
		"M 0 'com.ex.Foo' 'bar' '()V' '(null)' - @234",
		NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 3);
	assert_int_equal(info.end, strlen(text) - 4);
	rec_free(&r);
}

static void test_key_crlf(void **state)
{
	(void)state;
	const char *text =
		"*version\r\n2\r\nclock=thread-cpu\r\n*threads\r\n7\tFinalizer\r\n"
		"*methods\r\n0x8\tcom.ex.A\tf\t(J)V\tA.java\r\n*end\r\nrest";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"O clock=thread-cpu", "T 7 'Finalizer' @141",
		"M 0x8 'com.ex.A' 'f' '(J)V' 'A.java' - @164", NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 2);
	assert_int_equal(info.end, strlen(text) - 4);
	rec_free(&r);
}

static void test_key_id_formats(void **state)
{
	(void)state;
	static const struct { const char *s; uint64_t id; } ok[] = {
		{"0x4000a0b8", 0x4000a0b8}, {"0x7f12abc0", 0x7f12abc0}, {"0", 0},
		{"(nil)", 0}, {"0x0", 0}, {"0X1C", 0x1c}, {"10", 0x10}, {"0x00000000000000000010", 0x10},
		{"ffffffffffffffff", 0xfffffffffffffffcull}, {"0x7", 0x4},
	};
	static const char *const bad[] = {"", "0x", "zz", "0x12g", "nil", "12345678901234567",
	                                  "-4"};
	struct sink_method m;
	uint64_t id;
	char line[64];

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		snprintf(line, sizeof line, "%s\tC\tm\t()V\tC.java", ok[i].s);
		assert_int_equal(keyfile_method_line(line, strlen(line), &id, &m), 0);
		assert_true(id == ok[i].id);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "%s\tC\tm\t()V\tC.java", bad[i]);
		assert_int_equal(keyfile_method_line(line, strlen(line), &id, &m), -1);
	}
}

static void test_key_field_shapes(void **state)
{
	(void)state;
	const char *text =
		"*version\n1\n*threads\n*methods\n"
		"0x10\tmyfunction\n"                           /* 2 fields */
		"0x14\tcom.ex.B\tg\t(I)V\n"                    /* 4: name sig */
		"0x18\tcom.ex.N\tN.c\t42\n"                    /* 4: source line */
		"0x1c\tcom.ex.C\th\t()V\tC.java\n"             /* 5 (ART) */
		"0x20\tcom/ex/D\ti\t()V\tD.java\t-2\n"         /* 6 (Dalvik) */
		"0x24\tcom.ex.E\tj\n"                          /* 3: bad */
		"0x28\ta\tb\tc\td\te\tf\n"                     /* 7: bad */
		"0x2c\tcom.ex.F\tk\t()V\t\n"                   /* empty source */
		"*end\n";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"M 0x10 'myfunction' - - - - @129",
		"M 0x14 'com.ex.B' 'g' '(I)V' - - @145",
		"M 0x18 'com.ex.N' - - 'N.c' 42 @166",
		"M 0x1c 'com.ex.C' 'h' '()V' 'C.java' - @187",
		"M 0x20 'com/ex/D' 'i' '()V' 'D.java' -2 @214",
		"W KEY_LINE @244 x1",
		"W KEY_LINE @260 x1",
		"M 0x2c 'com.ex.F' 'k' '()V' '' - @277",
		NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 1);
	rec_free(&r);
}

static void test_key_method_line_eol(void **state)
{
	(void)state;
	struct sink_method m;
	uint64_t id;
	const char *a = "0x4\tcom.ex.Foo\tbar\t()V\tFoo.java\n";
	const char *b = "0x8\tcom.ex.Foo\tbaz\t()V\tFoo.java\r\n";

	assert_int_equal(keyfile_method_line(a, strlen(a), &id, &m), 0);
	assert_int_equal(id, 4);
	assert_int_equal(m.source.len, 8);
	assert_memory_equal(m.source.ptr, "Foo.java", 8);
	assert_int_equal(keyfile_method_line(b, strlen(b), &id, &m), 0);
	assert_int_equal(id, 8);
	assert_int_equal(m.source.len, 8);
	assert_int_equal(keyfile_method_fields("C\tm\t()V\t\n", 9, &m), 0);
	assert_int_equal(m.cls.len, 1);
	assert_non_null(m.source.ptr);
	assert_int_equal(m.source.len, 0);
	assert_int_equal(keyfile_method_fields("C\tm\t()V\tC.java\t12\n", 18, &m), 0);
	assert_true(m.has_line && m.line == 12);
	assert_int_equal(keyfile_method_fields("C\tm\n", 4, &m), -1);
}

static void test_key_bad_lines(void **state)
{
	(void)state;
	const char *text = "*version\n0x3\nnoequals\n=v\nk=a=b\n*threads\nnotab\nx\ty\n\n"
	                   "*weird\n*methods\n*end";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"W KEY_LINE @113 x1", "W KEY_LINE @122 x1", "O k=a=b",
		"W KEY_LINE @140 x1", "W KEY_LINE @146 x1", "W KEY_LINE @150 x1",
		"W KEY_LINE @151 x1", NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 3);
	assert_int_equal(info.end, strlen(text));  /* *end with no LF */
	rec_free(&r);
}

static void test_key_errors(void **state)
{
	(void)state;
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;

	assert_int_equal(scan_key("*version\n3\nclock=dual\n*threads\n", 1, &r, &info, &err),
	                 TV_ERR_NO_END);
	assert_int_equal(err.offset, 100 + 31);
	rec_free(&r);
	assert_int_equal(scan_key("*version\n3\nclock=dual\n", 0, &r, &info, &err), TV_OK);
	assert_int_equal(info.end, 22);
	rec_free(&r);
	assert_int_equal(scan_key("*version", 0, &r, &info, &err), TV_OK);
	rec_free(&r);
	assert_int_equal(scan_key("*version\n", 1, &r, &info, &err), TV_ERR_NO_END);
	rec_free(&r);
	assert_int_equal(scan_key("*versions\n3\n*end\n", 1, &r, &info, &err), TV_ERR_KEY);
	assert_int_equal(err.offset, 100);
	rec_free(&r);
	assert_int_equal(scan_key("*version\nthree\n*end\n", 1, &r, &info, &err), TV_ERR_KEY);
	assert_int_equal(err.offset, 109);
	rec_free(&r);
	assert_int_equal(scan_key("", 0, &r, &info, &err), TV_ERR_KEY);
	rec_free(&r);
}

static void test_key_sink_stop(void **state)
{
	(void)state;
	const char *text = "*version\n3\na=1\nb=2\n*end\n";
	struct rec r;
	struct sink s = rec_sink(&r, 1, strlen(text));
	struct tv_error err;

	r.stop_after = 2;
	assert_int_equal(keyfile_parse((const uint8_t *)text, strlen(text), 0, 1, &s, NULL, &err),
	                 TV_ERR_NOMEM);
	assert_int_equal(err.offset, 15);
	rec_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_basic),
		cmocka_unit_test(test_key_crlf),
		cmocka_unit_test(test_key_id_formats),
		cmocka_unit_test(test_key_field_shapes),
		cmocka_unit_test(test_key_method_line_eol),
		cmocka_unit_test(test_key_bad_lines),
		cmocka_unit_test(test_key_errors),
		cmocka_unit_test(test_key_sink_stop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
