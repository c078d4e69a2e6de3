/* test_readers_v2.c: the V2 reader on hand-built bytes: every revision
 * (a-d, Perfetto's), the refused non-streaming (a)/(b), desynchronised and
 * split blocks, and its errors. */
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
#include "read/v2.h"
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ V2 */

static void test_v2_rev_c(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_v2c(&b, "*version\n5\nclock=dual\nelapsed-time-usec=2000\n*end\n");
	assert_int_equal(load_detect(b.p, b.n), LOAD_V2);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v5 s1 n2 rs0 st5000000000 ns0",
		"T 12345 'main' @32",
		"M 0x7a1b2c3d40 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"R 12345 0x7a1b2c3d40 0 1000 @99",
		"R 12345 0x7a1b2c3d41 700 1800 @108",
		"O clock=dual", "O elapsed-time-usec=2000", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);

	/* No summary: µs kept (start time too small for ns), warned. */
	b = (struct bb){0};
	build_v2c(&b, NULL);
	s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_string_equal(r.ev[0], "F v5 s1 n2 rs0 st5000000000 ns0");
	assert_string_equal(r.ev[4], "R 12345 0x7a1b2c3d41 700 1800 @108");
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	rec_free(&r);
	free(b.p);
}

static void test_v2_rev_d_ns(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 4, 7000000000000ull);  /* single clock, non-streaming */
	bb_hex(&b, "00 05 00 00 00 02 00 6d 30");
	bb_hex(&b, "01 00 10 00 00 00 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	struct bb pay = {0};
	bb_sleb(&pay, 0x1000);   bb_uleb(&pay, 1500000);        /* enter at 1.5 ms */
	bb_sleb(&pay, 1);        bb_uleb(&pay, 2500999);        /* exit at 4.000999 ms */
	bb_u1(&b, 2);
	bb_le(&b, 5, 4);
	bb_le(&b, 2, 3);
	bb_le(&b, pay.n, 4);
	bb_put(&b, pay.p, pay.n);
	bb_v2_summary(&b, "*version\n4\nclock=wall\nelapsed-time-nsec=5000000\n"
	                  "num-method-calls=2\n*end\n");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v4 s0 n1 rs0 st7000000000000 ns1",
		"T 5 'm0' @32",
		"M 0x1000 'com.example.Foo' 'bar' '()V' 'Foo.java' - @41",
		"R 5 0x1000 1500 0 @97", "R 5 0x1001 4000 0 @102",
		"O clock=wall", "O elapsed-time-nsec=5000000", "O num-method-calls=2", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(pay.p);
	free(b.p);
}

/* docs/format.md, "Examples", revision (b) entry block (Android 15 release). */
static void test_v2_rev_b(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF5, 1000);
	bb_hex(&b, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(&b, "01 40 3d 2c 1b 7a 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	bb_hex(&b, "02 | 39 30 00 00 | 40 3d 2c 1b 7a 00 00 00 | 00 00 00 00 | 64 00 00 00 |"
	           "03 00 | 09 00 | 20 1e 0a  01 1e 0f  60 28 0f");
	bb_v2_summary(&b, "*version\n5\nclock=dual\n*end\n");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v5 s1 n2 rs0 st1000 ns0",
		"T 12345 'main' @32",
		"M 0x7a1b2c3d40 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"R 12345 0x7a1b2c3d40 0 100 @87",
		"R 12345 0x7a1b2c3d60 10 130 @112",
		"R 12345 0x7a1b2c3d61 25 160 @115",
		"R 12345 0x7a1b2c3d41 40 200 @118",
		"O clock=dual", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

/* docs/format.md, "Examples", revision (a) (Feb 2024): u4 indices, deltas from
 * the first. */
static void test_v2_rev_a(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF5, 1000);
	bb_hex(&b, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(&b, "01 00 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	bb_hex(&b, "01 01 00 00 00 21 00");
	bb_str(&b, "com.example.Foo\tbaz\t()V\tFoo.java\n");
	bb_hex(&b, "02 | 39 30 00 00 | 00 00 00 00 | 00 00 00 00 | 64 00 00 00 | 03 00 | 09 00 |"
	           "04 1e 0a  05 1e 0f  01 28 0f");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v5 s1 n2 rs0 st1000 ns0",
		"T 12345 'main' @32",
		"M 0 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"M 0x4 'com.example.Foo' 'baz' '()V' 'Foo.java' - @83",
		"R 12345 0 0 100 @123",
		"R 12345 0x4 10 130 @144",
		"R 12345 0x5 25 160 @147",
		"R 12345 0x1 40 200 @150",
		"W NO_SUMMARY @153 x1", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_v2_nonstreaming_ab_rejected(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	/* (a): summary text, then the V2 header and blocks */
	bb_str(&b, "*version\n5\nclock=dual\n*end\n");
	bb_v2_header(&b, 5, 0);
	bb_hex(&b, "02 39 30 00 00 00 00 00 00 00 00 00 00 64 00 00 00 00 00 00 00");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_V2_REVISION);
	assert_int_equal(err.offset, 27);
	free(b.p);

	/* (b): method-info packets, then the summary text */
	b = (struct bb){0};
	bb_hex(&b, "01 40 3d 2c 1b 7a 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	bb_str(&b, "*version\n5\nclock=dual\n*end\n");
	bb_v2_header(&b, 5, 0);
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_V2_REVISION);
	free(b.p);
}

static void test_v2_desync_and_split(void **state)
{
	(void)state;
	struct bb b = {0}, p1 = {0}, p2 = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF4, 0);
	/* block with n = 3 but two events: skipped */
	bb_sleb(&p1, 0x40); bb_uleb(&p1, 10);
	bb_sleb(&p1, 1);    bb_uleb(&p1, 5);
	bb_u1(&b, 2); bb_le(&b, 9, 4); bb_le(&b, 3, 3); bb_le(&b, p1.n, 4);
	bb_put(&b, p1.p, p1.n);
	size_t bad_at = 32;
	/* a flush split in two blocks: n = 2, then n = 3 (cumulative), deltas
	 * continuing from the first block */
	bb_u1(&b, 2); bb_le(&b, 9, 4); bb_le(&b, 2, 3); bb_le(&b, p1.n, 4);
	bb_put(&b, p1.p, p1.n);
	bb_sleb(&p2, -1); bb_uleb(&p2, 7);   /* enter 0x40 again at 22 */
	bb_u1(&b, 2); bb_le(&b, 9, 4); bb_le(&b, 3, 3); bb_le(&b, p2.n, 4);
	bb_put(&b, p2.p, p2.n);
	bb_v2_summary(&b, "*version\n4\nclock=thread-cpu\n*end\n");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	char w[64];
	snprintf(w, sizeof w, "W V2_DESYNC @%zu x1", bad_at);
	const char *want[] = {
		"F v4 s1 n1 rs0 st0 ns0", w,
		"R 9 0x40 10 0 @61", "R 9 0x41 15 0 @64", "R 9 0x40 22 0 @78",
		"O clock=thread-cpu", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
	free(p1.p);
	free(p2.p);

	/* Every block undecodable: the revision is unknown, not a wrong profile. */
	b = (struct bb){0};
	bb_v2_header(&b, 0xF5, 0);
	bb_hex(&b, "02 01 00 00 00 01 00 00 03 00 00 00 ff ff ff");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_V2_REVISION);
	free(b.p);
}

/* docs/format.md, "Block revisions" (Perfetto's revision): frequency at offset
 * 22. */
static void test_v2_perfetto_revision(void **state)
{
	(void)state;
	struct bb b = {0}, pay = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "SLOW");
	bb_le(&b, 0xF5, 2);
	bb_le(&b, 9000, 8);     /* start ns */
	bb_le(&b, 0, 8);        /* start counter */
	bb_le(&b, 1000000, 8);  /* 1 MHz: a tick is a µs */
	bb_le(&b, 0, 2);
	bb_hex(&b, "01 00 10 00 00 00 00 00 00");
	const char *line = "com.ex.P\tp\t()V\tP.java\t12\n";
	bb_le(&b, strlen(line), 2);
	bb_str(&b, line);
	bb_sleb(&pay, 10 << 2);  bb_sleb(&pay, 5000); bb_sleb(&pay, 0x1000);  /* enter @10 */
	bb_sleb(&pay, 1 << 2);   bb_sleb(&pay, 500);  bb_sleb(&pay, 0x10);    /* enter @11 */
	bb_sleb(&pay, (4 << 2) + 1); bb_sleb(&pay, 2500);                    /* exit @15 */
	bb_sleb(&pay, (10 << 2));   bb_sleb(&pay, 1000);                     /* exit @25 */
	bb_sleb(&pay, 0);           bb_sleb(&pay, 0);                        /* orphan exit */
	bb_u1(&b, 2); bb_le(&b, 77, 4); bb_le(&b, 5, 3); bb_le(&b, pay.n, 4);
	bb_put(&b, pay.p, pay.n);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_string_equal(r.ev[0], "F v5 s1 n2 rs0 st9000 ns1");
	assert_string_equal(r.ev[1], "M 0x1000 'com.ex.P' 'p' '()V' 'P.java' 12 @32");
	assert_string_equal(r.ev[2], "R 77 0x1000 5 10 @80");
	assert_string_equal(r.ev[3], "R 77 0x1010 5 11 @85");
	assert_string_equal(r.ev[4], "R 77 0x1011 8 15 @89");
	assert_string_equal(r.ev[5], "R 77 0x1001 9 25 @92");
	assert_int_equal(r.records, 4);
	rec_free(&r);
	free(pay.p);
	free(b.p);
}

static void test_v2_errors(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF5, 0);
	assert_int_equal(scan_buf(b.p, 20, &r, &err), TV_ERR_NO_RECORDS);
	assert_int_equal(scan_buf(b.p, 32, &r, &err), TV_OK);
	bb_hex(&b, "09 00 00");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_PACKET);
	assert_int_equal(err.offset, 32);
	free(b.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_v2_rev_c),
		cmocka_unit_test(test_v2_rev_d_ns),
		cmocka_unit_test(test_v2_rev_b),
		cmocka_unit_test(test_v2_rev_a),
		cmocka_unit_test(test_v2_nonstreaming_ab_rejected),
		cmocka_unit_test(test_v2_desync_and_split),
		cmocka_unit_test(test_v2_perfetto_revision),
		cmocka_unit_test(test_v2_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
