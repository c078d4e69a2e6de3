/* test_readers_stream.c: the V1 streaming reader (stream.c) on hand-built
 * bytes: the 0xF3 example with and without its summary, unknown packets,
 * and 0xF2's two strides (docs/format.md, "Streaming files"). */
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
#include "read/stream.h"
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ streaming */

static void test_stream_example(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_stream_f3(&b, 1);
	assert_int_equal(load_detect(b.p, b.n), LOAD_V1_STREAM);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v3 s1 n2 rs14 st123456789 ns0",
		"T 1 'main' @32",
		"M 0 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"R 1 0 0 10 @83", "R 1 0x1 3 12 @97",
		"O data-file-overflow=false", "O clock=dual", "O vm=art", "T 1 'main' @181",
		NULL};
	rec_expect(&r, want);
	rec_free(&r);

	/* Bytes after the summary: a warning with their count. */
	bb_str(&b, "xyz");
	s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_string_equal(r.ev[r.n - 1], "W TRAILING @202 x3");
	rec_free(&r);
	free(b.p);
}

static void test_stream_no_summary(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_stream_f3(&b, 0);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
	rec_free(&r);

	/* Cut in the last record, then in a packet header. */
	s = rec_sink(&r, 1, b.n - 3);
	assert_int_equal(load_scan(b.p, b.n - 3, &s, &err), TV_OK);
	assert_int_equal(r.records, 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	rec_free(&r);
	s = rec_sink(&r, 1, 45);
	assert_int_equal(load_scan(b.p, 45, &s, &err), TV_OK);
	assert_int_equal(r.threads, 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	rec_free(&r);

	/* Only the header: nothing at all, no warning. */
	s = rec_sink(&r, 1, 32);
	assert_int_equal(load_scan(b.p, 32, &s, &err), TV_OK);
	const char *want[] = {"F v3 s1 n2 rs14 st123456789 ns0", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_stream_unknown_packet(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_stream_f3(&b, 0);
	bb_hex(&b, "00 00 09 01 02 03");
	bb_hex(&b, "01 00 00 00 00 00 00 00 00 00 0a 00 00 00");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_UNKNOWN_PACKET], 1);
	assert_string_equal(r.ev[r.n - 2], "W UNKNOWN_PACKET @111 x1");
	rec_free(&r);
	free(b.p);

	/* Before any record: an error. */
	b = (struct bb){0};
	bb_v1_header(&b, 0xF3, 14, 0);
	bb_thread_packet(&b, 1, "main");
	bb_hex(&b, "00 00 07 00 00");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_PACKET);
	assert_int_equal(err.offset, 43);
	free(b.p);
}

/* As the legacy reader (test_readers_v1.c): what it has consumed after
 * each MiB of the stream, at the first record or packet past it. */
static void test_stream_consumed_every_mib(void **state)
{
	(void)state;
	enum { N = 200000, RS = 14 };   /* 2.8 MB of records: 2 MiB and a part */
	const uint64_t mib = UINT64_C(1) << 20;
	struct bb b = {0};
	bb_v1_header(&b, 0xF3, RS, 0);
	uint64_t first = b.n;           /* the stream's first packet */
	bb_thread_packet(&b, 1, "main");
	bb_method_packet(&b, "0x4\tA\tf\t()V");
	bb_v3_enter_exit(&b, N);
	bb_summary_packet(&b, "*version\n3\nclock=dual\n*threads\n1\tmain\n*methods\n"
	                      "0x4\tA\tf\t()V\n*end\n");
	struct rec r;
	struct consumed_log c;
	struct tv_error err;
	assert_int_equal(scan_buf_consumed(b.p, b.n, &r, &c, &err), TV_OK);
	assert_int_equal(r.records, N);
	assert_int_equal(c.n, 2);
	consumed_log_expect(&c, first, 2, mib, RS);
	free(b.p);
}

static void test_stream_f2_strides(void **state)
{
	(void)state;
	static const uint8_t junks[][4] = {{0, 0, 0, 0}, {0xde, 0xad, 0xbe, 0xef},
	                                  {1, 0, 4, 0}, {0, 0, 1, 0}};
	for (int bug = 0; bug < 2; bug++) {
		for (size_t j = 0; j < sizeof junks / sizeof junks[0]; j++) {
			for (int nrec = 1; nrec <= 9; nrec += 4) {
				struct bb b = {0};
				struct rec r;
				struct tv_error err;
				build_stream_f2(&b, bug, nrec, junks[j]);
				struct sink s = rec_sink(&r, 1, b.n);
				assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
				if (r.records != (uint64_t)nrec || r.warn[TV_W_STRIDE14] != (uint64_t)bug) {
					rec_dump(&r);
					fail_msg("bug %d junk %zu nrec %d: %llu records", bug, j, nrec,
					         (unsigned long long)r.records);
				}
				char want[32];
				snprintf(want, sizeof want, "F v2 s1 n1 rs%d st5 ns0", bug ? 14 : 10);
				assert_string_equal(r.ev[bug ? 1 : 0], want);
				/* the last record: tid, word and time exact */
				int i = nrec - 1;
				char last[64];
				snprintf(last, sizeof last, "R %d %#x %d 0", 1 + i % 2,
				         (i / 2 % 3) * 4 + (i % 4 == 3), 100 + 10 * i);
				int found = 0;
				for (size_t k = 0; k < r.n; k++)
					found |= strncmp(r.ev[k], last, strlen(last)) == 0;
				if (!found && !strchr(last, 'x')) {
					/* %#x prints plain 0 */
					snprintf(last, sizeof last, "R %d 0 %d 0", 1 + i % 2, 100 + 10 * i);
					for (size_t k = 0; k < r.n; k++)
						found |= strncmp(r.ev[k], last, strlen(last)) == 0;
				}
				assert_true(found);
				assert_int_equal(r.warn[TV_W_NO_SUMMARY], 0);
				rec_free(&r);
				free(b.p);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_example),
		cmocka_unit_test(test_stream_no_summary),
		cmocka_unit_test(test_stream_unknown_packet),
		cmocka_unit_test(test_stream_consumed_every_mib),
		cmocka_unit_test(test_stream_f2_strides),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
