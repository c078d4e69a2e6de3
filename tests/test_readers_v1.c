/* test_readers_v1.c: the legacy (V1) reader on hand-built bytes: the
 * examples of docs/format.md, each header version and record size, and
 * load_scan()'s errors. */
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
#include "read/v1.h"
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ V1 files */

static void test_v1_art_example(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;
	size_t d;
	char w[6][64];

	build_art_v3(&b);
	d = strlen(art_key);  /* the SLOW header */
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	snprintf(w[0], sizeof w[0], "F v3 s0 n2 rs14 st123456789 ns0");
	snprintf(w[1], sizeof w[1], "R 1 0 0 10 @%zu", d + 32);
	snprintf(w[2], sizeof w[2], "R 1 0x4 5 20 @%zu", d + 46);
	snprintf(w[3], sizeof w[3], "R 1 0x5 15 40 @%zu", d + 60);
	snprintf(w[4], sizeof w[4], "R 1 0x1 20 50 @%zu", d + 74);
	const char *want[] = {
		"O data-file-overflow=false", "O clock=dual", "O num-method-calls=4", "O vm=art",
		"T 1 'main' @82",
		"M 0 'com.example.Foo' 'main' '()V' 'Foo.java' - @98",
		"M 0x4 'com.example.Foo' 'bar' '()V' 'Foo.java' - @134",
		w[0], w[1], w[2], w[3], w[4], NULL};
	rec_expect(&r, want);
	rec_free(&r);

	/* Cut inside the last record: three records and a warning. */
	s = rec_sink(&r, 1, b.n - 5);
	assert_int_equal(load_scan(b.p, b.n - 5, &s, &err), TV_OK);
	assert_int_equal(r.records, 3);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	snprintf(w[5], sizeof w[5], "W TRUNCATED @%zu x1", d + 74);
	assert_string_equal(r.ev[r.n - 1], w[5]);
	rec_free(&r);

	/* Header and no records: valid, empty. */
	s = rec_sink(&r, 1, d + 32);
	assert_int_equal(load_scan(b.p, d + 32, &s, &err), TV_OK);
	assert_int_equal(r.records, 0);
	assert_int_equal(r.formats, 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
	rec_free(&r);
	free(b.p);
}

/* docs/format.md, "Examples", Dalvik v1: 9-byte records, u1 thread id. */
static void test_v1_dalvik_example(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;
	struct v1_header h;

	bb_hex(&b, "53 4c 4f 57  01 00  20 00  00 40 35 d6 57 9e 04 00"
	           "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	bb_hex(&b, "01  b9 a0 00 40  07 00 00 00"
	           "01  10 a0 00 40  09 00 00 00"
	           "01  11 a0 00 40  0b 00 00 00");
	assert_int_equal(v1_header_parse(b.p, b.n, 1000, &h, &err), TV_OK);
	assert_int_equal(h.version, 1);
	assert_int_equal(h.data_offset, 32);
	assert_int_equal(h.record_size, 9);
	assert_true(h.start_time == 0x00049e57d6354000ull);
	struct sink s = rec_sink(&r, 1, 2000);
	assert_int_equal(v1_records(b.p + 32, b.n - 32, 1032, &h, &s, &err), TV_OK);
	const char *want[] = {
		"R 1 0x4000a0b9 7 0 @1032", "R 1 0x4000a010 9 0 @1041",
		"R 1 0x4000a011 11 0 @1050", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_v1_v2_records_and_offset16(void **state)
{
	(void)state;
	/* createtesttrace style: 16-byte header, version 2, 10-byte records. */
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "*version\n2\nclock=thread-cpu\n*threads\n3\tworker\n*methods\n"
	           "0x4\tA\tf\t()V\n*end\n");
	size_t d = b.n;
	bb_hex(&b, "53 4c 4f 57 02 00 10 00 01 00 00 00 02 00 00 00");
	bb_hex(&b, "03 00 04 00 00 00 64 00 00 00  03 01 05 00 00 00 c8 00 00 00");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	char w1[64], w2[64], w3[64];
	snprintf(w1, sizeof w1, "R 3 0x4 100 0 @%zu", d + 16);
	snprintf(w2, sizeof w2, "R 259 0x5 200 0 @%zu", d + 26);
	snprintf(w3, sizeof w3, "F v2 s0 n1 rs10 st%llu ns0", 0x200000001ull);
	const char *want[] = {"O clock=thread-cpu", "T 3 'worker' @37",
	                      "M 0x4 'A' 'f' '()V' - - @55", w3, w1, w2, NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

/* The reader says what it has consumed after each MiB of records (the
 * first record past it): the loader gives the pages behind back then, so
 * about a MiB of the file at most is resident as it is read, and each
 * call is one progress step (docs/architecture.md, "Data flow"). The last
 * call is at the end of the records. */
static void test_v1_consumed_every_mib(void **state)
{
	(void)state;
	enum { N = 200000, RS = 14 };   /* 2.8 MB of records: 2 MiB and a part */
	const uint64_t mib = UINT64_C(1) << 20;
	struct bb b = {0};
	bb_str(&b, "*version\n3\nclock=dual\n*threads\n1\tmain\n*methods\n"
	           "0x4\tA\tf\t()V\n*end\n");
	bb_v1_header(&b, 3, RS, 0);
	uint64_t first = b.n;           /* the first record */
	bb_v3_enter_exit(&b, N);
	struct rec r;
	struct consumed_log c;
	struct tv_error err;
	assert_int_equal(scan_buf_consumed(b.p, b.n, &r, &c, &err), TV_OK);
	assert_int_equal(r.records, N);
	assert_int_equal(c.n, 3);
	consumed_log_expect(&c, first, 2, mib, RS);  /* a MiB each, not a record more */
	assert_int_equal(c.at[2], b.n);
	free(b.p);
}

static void test_v1_version_mismatch(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "*version\n2\n*threads\n*methods\n*end\n");
	size_t d = b.n;
	bb_v1_header(&b, 3, 14, 0);
	bb_hex(&b, "01 00 04 00 00 00 01 00 00 00 02 00 00 00");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_int_equal(r.warn[TV_W_VERSION_MISMATCH], 1);
	char w[64];
	snprintf(w, sizeof w, "W VERSION_MISMATCH @%zu x1", d + 4);
	assert_string_equal(r.ev[0], w);
	assert_string_equal(r.ev[1], "F v3 s0 n2 rs14 st0 ns0");
	assert_int_equal(r.records, 1);
	rec_free(&r);
	free(b.p);
}

static void test_v1_record_size_extra(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "*version\n3\n*threads\n*methods\n*end\n");
	bb_v1_header(&b, 3, 16, 0);
	bb_hex(&b, "02 00 08 00 00 00 01 00 00 00 02 00 00 00 ee ee"
	           "02 00 09 00 00 00 03 00 00 00 04 00 00 00 ee ee");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {"F v3 s0 n2 rs16 st0 ns0", "R 2 0x8 1 2 @66", "R 2 0x9 3 4 @82",
	                      NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}
static void test_load_errors(void **state)
{
	(void)state;
	struct rec r;
	struct tv_error err;
	char msg[256];
	const char *key = "*version\n3\n*threads\n*methods\n*end\n";
	struct bb b = {0};

	assert_int_equal(scan_buf((const uint8_t *)"", 0, &r, &err), TV_ERR_EMPTY);
	assert_int_equal(scan_buf((const uint8_t *)"hello world", 11, &r, &err), TV_ERR_NOT_TRACE);
	assert_int_equal(err.offset, 0);
	assert_int_equal(scan_buf((const uint8_t *)"*version 3\n", 11, &r, &err), TV_ERR_NOT_TRACE);
	/* key and nothing after *end */
	assert_int_equal(scan_buf((const uint8_t *)key, strlen(key), &r, &err), TV_ERR_NO_DATA);
	tv_error_format(&err, msg, sizeof msg);
	assert_string_equal(msg, "no 'SLOW' data header after '*end' (offset 34)");
	/* cut inside the key */
	assert_int_equal(scan_buf((const uint8_t *)key, 20, &r, &err), TV_ERR_NO_END);
	assert_int_equal(err.offset, 20);
	/* cut inside the header */
	bb_str(&b, key);
	bb_v1_header(&b, 3, 14, 0);
	assert_int_equal(scan_buf(b.p, strlen(key) + 10, &r, &err), TV_ERR_NO_RECORDS);
	assert_int_equal(scan_buf(b.p, strlen(key) + 2, &r, &err), TV_ERR_NO_DATA);
	/* bare data file */
	assert_int_equal(scan_buf(b.p + strlen(key), 32, &r, &err), TV_ERR_NEED_KEY);
	assert_int_equal(err.offset, 0);
	/* SLOW with an unknown version */
	assert_int_equal(scan_buf((const uint8_t *)"SLOW\x07\x00\x20\x00", 8, &r, &err),
	                 TV_ERR_VERSION);
	assert_int_equal(scan_buf((const uint8_t *)"SLOW", 4, &r, &err), TV_ERR_NO_RECORDS);
	free(b.p);
}

/* Absurd header fields: each is an error or loads, never a crash. */
static void test_v1_absurd_headers(void **state)
{
	(void)state;
	static const struct { unsigned ver, off, rs; enum tv_status want; } cases[] = {
		{3, 0, 14, TV_ERR_HEADER},      {3, 65535, 14, TV_ERR_HEADER},
		{3, 32, 0, TV_ERR_HEADER},      {3, 32, 1, TV_ERR_HEADER},
		{3, 32, 65535, TV_OK},          {3, 17, 14, TV_ERR_HEADER},
		{0, 32, 14, TV_ERR_VERSION},    {6, 32, 14, TV_ERR_VERSION},
		{0xFF, 32, 14, TV_ERR_VERSION}, {2, 16, 0, TV_OK},
		{1, 15, 0, TV_ERR_HEADER},      {2, 40, 0, TV_OK},
		{2, 200, 0, TV_ERR_HEADER},
	};
	const char *key = "*version\n3\n*threads\n*methods\n*end\n";

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bb b = {0};
		struct rec r;
		struct tv_error err;
		bb_str(&b, key);
		bb_str(&b, "SLOW");
		bb_le(&b, cases[i].ver, 2);
		bb_le(&b, cases[i].off, 2);
		bb_le(&b, 0, 8);
		bb_le(&b, cases[i].rs, 2);
		for (int k = 0; k < 14 + 14; k++)
			bb_u1(&b, 1);
		/* b.n - strlen(key) = 46 bytes of data */
		struct sink s = rec_sink(&r, 0, b.n);
		enum tv_status st = load_scan(b.p, b.n, &s, &err);
		if (st != cases[i].want)
			fail_msg("case %zu: got %d want %d", i, st, cases[i].want);
		if (st != TV_OK)
			assert_true(err.offset == TV_NO_OFFSET || err.offset <= b.n);
		assert_false(r.bad_offset);
		free(b.p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v1_art_example),
		cmocka_unit_test(test_v1_dalvik_example),
		cmocka_unit_test(test_v1_v2_records_and_offset16),
		cmocka_unit_test(test_v1_consumed_every_mib),
		cmocka_unit_test(test_v1_version_mismatch),
		cmocka_unit_test(test_v1_record_size_extra),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_v1_absurd_headers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
