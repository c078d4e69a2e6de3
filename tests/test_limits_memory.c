/* test_limits_memory.c: headers that claim huge counts in tiny files,
 * loaded in a child under a 512 MiB address-space limit: the memory a load
 * takes is bounded by the file, not by what it claims.
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

/* ------------------------------------------------------------ 6 memory bounded by the file */

#define LIM_AS (512u << 20)

enum { CHILD_OK = 0, CHILD_ERR = 1, CHILD_SETUP = 2 };

/* Loads buf in a child under RLIMIT_AS = 512 MiB; returns the child's
 * exit code (0 loaded, 1 error status) and the status/warnings it saw.
 * A crash or an ENOMEM abort fails the test. */
struct lim_result {
	enum tv_status st;
	uint64_t warn[TV_WARN_COUNT];
	uint64_t records;
	uint64_t err_offset;
};

static void lim_load(const uint8_t *buf, size_t len, struct lim_result *res)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct lim_result r;
		struct rlimit rl = {LIM_AS, LIM_AS};
		memset(&r, 0, sizeof r);
		close(fds[0]);
		if (!LIM_ASAN && setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(CHILD_SETUP);
		struct trace tr;
		struct tv_error err;
		trace_init(&tr);
		r.st = load_buffer(&tr, buf, len, &err);
		r.err_offset = r.st == TV_OK ? TV_NO_OFFSET : err.offset;
		memcpy(r.warn, tr.warnings.count, sizeof r.warn);
		r.records = tr.records;
		trace_free(&tr);
		if (write(fds[1], &r, sizeof r) != (ssize_t)sizeof r)
			_exit(CHILD_SETUP);
		_exit(r.st == TV_OK ? CHILD_OK : CHILD_ERR);
	}
	close(fds[1]);
	ssize_t got = read(fds[0], res, sizeof *res);
	close(fds[0]);
	int ws;
	assert_int_equal(waitpid(pid, &ws, 0), pid);
	if (!WIFEXITED(ws))
		fail_msg("child died with signal %d", WIFSIGNALED(ws) ? WTERMSIG(ws) : -1);
	assert_true(WEXITSTATUS(ws) == CHILD_OK || WEXITSTATUS(ws) == CHILD_ERR);
	assert_int_equal(got, (ssize_t)sizeof *res);
	assert_true(res->st != TV_ERR_NOMEM);
}

static void test_claimed_num_calls(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	struct tg_opts o;
	memset(&o, 0, sizeof o);
	o.has_num_calls = 1;
	o.num_calls = 4000000000u;
	assert_int_equal(tg_script(tg, "1 > A 0 0\n1 < A 5 10\n"), 0);
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	struct lim_result r;
	lim_load(buf, len, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_RECORD_COUNT], 1);
	free(buf);
	tg_free(tg);
}

/* V2 (c) block header claiming n = 0xFFFFFF events and a payload of
 * 0xFFFFFFFF bytes, in a file of a few dozen bytes. */
static void test_claimed_v2_block(void **state)
{
	(void)state;
	struct bb b = {0};
	bb_str(&b, "SLOW");
	bb_le(&b, 0xF5, 2);
	bb_le(&b, 0, 8);
	bb_le(&b, 0, 18);
	bb_le(&b, 0, 1);                 /* thread info: tid 7 "t" */
	bb_le(&b, 7, 4);
	bb_le(&b, 1, 2);
	bb_str(&b, "t");
	size_t blk = b.n;
	bb_le(&b, 2, 1);
	bb_le(&b, 7, 4);
	bb_le(&b, 0xFFFFFF, 3);
	bb_le(&b, 0xFFFFFFFFu, 4);
	bb_put(&b, "\x04\x00\x00\x05\x01\x01", 6);
	struct lim_result r;
	lim_load(b.p, b.n, &r);
	/* Cut before its first record: the block is a truncated packet. */
	assert_int_equal(r.records, 0);
	if (r.st == TV_OK)
		assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	(void)blk;
	/* The same block claiming 0xFFFFFF events in a 6-byte payload: the
	 * events do not fill the count, a desynchronised block. */
	b.p[blk + 8] = 6;
	b.p[blk + 9] = b.p[blk + 10] = b.p[blk + 11] = 0;
	lim_load(b.p, b.n, &r);
	assert_true(r.st == TV_ERR_V2_REVISION || r.warn[TV_W_V2_DESYNC] == 1);
	free(b.p);
}

/* A streaming summary packet claiming a u4 length of 0xFFFFFFFF. */
static void test_claimed_summary(void **state)
{
	(void)state;
	struct bb b = {0};
	bb_stream_head(&b);
	size_t pk = b.n;
	bb_le(&b, 0, 2);
	bb_le(&b, 3, 1);
	bb_le(&b, 0xFFFFFFFFu, 4);
	bb_str(&b, "*version\n3\n*end\n");
	struct lim_result r;
	lim_load(b.p, b.n, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	(void)pk;
	/* Also a method packet claiming 65535 bytes and a thread packet
	 * claiming 65535, each at the end of a tiny file. */
	b.n = pk;
	bb_put(&b, "\0\0\1\xff\xff" "0x8\tA", 10);
	lim_load(b.p, b.n, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	b.n = pk;
	bb_put(&b, "\0\0\2\1\0\xff\xff" "abc", 10);
	lim_load(b.p, b.n, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	free(b.p);
}

/* A key whose data header says the records start 65535 bytes in. */
static void test_claimed_data_offset(void **state)
{
	(void)state;
	struct bb b = {0};
	bb_str(&b, "*version\n3\nclock=dual\n*threads\n1\tmain\n*methods\n"
	           "0x4\tcom.example.A\trun\t()V\tA.java\n*end\n");
	size_t hdr = b.n;
	bb_v1_header(&b, 3, 14, 0);
	b.p[hdr + 6] = 0xff;
	b.p[hdr + 7] = 0xff;
	bb_rec14(&b, 1, 0x4, 0, 0);
	bb_rec14(&b, 1, 0x5, 1, 1);
	struct lim_result r;
	lim_load(b.p, b.n, &r);
	assert_int_equal(r.st, TV_ERR_HEADER);
	assert_int_equal(r.err_offset, hdr + 6);
	/* And a record size of 65535 (v3 allows any size >= 14): the two
	 * records are one partial record. */
	b.p[hdr + 6] = 32;
	b.p[hdr + 7] = 0;
	b.p[hdr + 16] = 0xff;
	b.p[hdr + 17] = 0xff;
	lim_load(b.p, b.n, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 0);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	free(b.p);
}

/* V2 (a)/(b)-shaped data whose u2 count is far more than the bytes: the
 * overflow search is bounded by the file (ext_budget), never by the
 * claimed count: 200,000 two-byte events never add up to the claimed
 * size modulo 2^16 (always even, 0xFFFF is odd). */
static void test_claimed_v2_ab(void **state)
{
	(void)state;
	struct bb b = {0};
	bb_str(&b, "SLOW");
	bb_le(&b, 0xF4, 2);
	bb_le(&b, 0, 8);
	bb_le(&b, 0, 18);
	bb_le(&b, 2, 1);
	bb_le(&b, 9, 4);
	bb_le(&b, 0x40, 8);
	bb_le(&b, 0, 4);
	bb_le(&b, 0xFFFF, 2);
	bb_le(&b, 0xFFFF, 2);
	for (int i = 0; i < 200000; i++)
		bb_put(&b, "\x01\x01", 2);
	struct lim_result r;
	double t = now_s();
	lim_load(b.p, b.n, &r);
	t = now_s() - t;
	print_message("a claimed size over 200000 events: loaded in %.2f s\n", t);
	/* one record, then no packet of the claimed size within the file:
	 * the rest ignored with a warning, the search bounded (make bench,
	 * not this test, reports the time) */
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 1);
	assert_int_equal(r.warn[TV_W_UNKNOWN_PACKET], 1);
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	free(b.p);
}

int main(int argc, char **argv)
{
	(void)argc;
	lim_small_stack(argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_claimed_num_calls),
		cmocka_unit_test(test_claimed_v2_block),
		cmocka_unit_test(test_claimed_summary),
		cmocka_unit_test(test_claimed_data_offset),
		cmocka_unit_test(test_claimed_v2_ab),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
