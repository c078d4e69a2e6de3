/* test_limits_offsets.c: offsets above 4 GiB: readers given a high base,
 * and sparse files past 4 GiB (a hole in a streaming file, a summary past
 * 4 GiB), with warnings and errors naming the right offset.
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

/* ------------------------------------------------------------ a recording sink */

#define RS_MAX 64

struct rs {
	uint64_t rec_off[RS_MAX], thr_off[RS_MAX], meth_off[RS_MAX];
	unsigned nrec, nthr, nmeth;
	uint64_t warn_off[TV_WARN_COUNT];
	uint64_t warn_n[TV_WARN_COUNT];
};

static int rs_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                     uint64_t offset)
{
	struct rs *r = ctx;
	(void)tid, (void)word, (void)t0, (void)t1;
	if (r->nrec < RS_MAX)
		r->rec_off[r->nrec] = offset;
	r->nrec++;
	return 0;
}

static int rs_thread(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset)
{
	struct rs *r = ctx;
	(void)tid, (void)name;
	if (r->nthr < RS_MAX)
		r->thr_off[r->nthr] = offset;
	r->nthr++;
	return 0;
}

static int rs_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t offset)
{
	struct rs *r = ctx;
	(void)id, (void)m;
	if (r->nmeth < RS_MAX)
		r->meth_off[r->nmeth] = offset;
	r->nmeth++;
	return 0;
}

static void rs_warn(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	struct rs *r = ctx;
	if (!r->warn_n[kind])
		r->warn_off[kind] = offset;
	r->warn_n[kind] += n;
}

static struct sink rs_sink(struct rs *r)
{
	struct sink s;
	memset(r, 0, sizeof *r);
	memset(&s, 0, sizeof s);
	s.ctx = r;
	s.record = rs_record;
	s.thread = rs_thread;
	s.method = rs_method;
	s.warn = rs_warn;
	return s;
}

static uint64_t warn_first(const struct trace *tr, enum tv_warn k)
{
	return tr->warnings.first_offset[k];
}

/* ------------------------------------------------------------ 1a offsets above 4 GiB, unit level */

static void test_keyfile_base_above_4g(void **state)
{
	(void)state;
	static const char text[] =
		"*version\n3\nclock=dual\nnoequals\n"
		"*threads\n7\tworker\n"
		"*methods\n0x4\tcom.example.A\trun\t()V\tA.java\nnot a method\n*end\n"
		"SLOW";
	const uint64_t base = 5 * GiB + 7;
	size_t len = sizeof text - 1;
	struct rs r;
	struct sink s = rs_sink(&r);
	struct keyfile_info info;
	struct tv_error err;

	assert_int_equal(keyfile_parse((const uint8_t *)text, len, base, 1, &s, &info, &err), TV_OK);
	size_t thr = (size_t)(strstr(text, "7\tworker") - text);
	size_t meth = (size_t)(strstr(text, "0x4\t") - text);
	size_t bad_opt = (size_t)(strstr(text, "noequals") - text);
	assert_int_equal(r.nthr, 1);
	assert_true(r.thr_off[0] == base + thr);
	assert_int_equal(r.nmeth, 1);
	assert_true(r.meth_off[0] == base + meth);
	/* Two malformed lines; the first is the option line. */
	assert_int_equal(r.warn_n[TV_W_KEY_LINE], 2);
	assert_true(r.warn_off[TV_W_KEY_LINE] == base + bad_opt);
	assert_int_equal(info.end, len - 4);   /* just before "SLOW" */
	assert_true(info.end + base > UINT32_MAX);

	/* No *end: the error is at base + len, well past 2^32. */
	size_t cut = (size_t)(strstr(text, "*end") - text);
	assert_int_equal(keyfile_parse((const uint8_t *)text, cut, base, 1, &s, NULL, &err),
	                 TV_ERR_NO_END);
	assert_true(err.offset == base + cut);
	/* Not a key: the error is at base itself. */
	assert_int_equal(keyfile_parse((const uint8_t *)"*versio\n3\n", 10, base, 1, &s, NULL, &err),
	                 TV_ERR_KEY);
	assert_true(err.offset == base);
	/* A bad version line: at base + 9. */
	assert_int_equal(keyfile_parse((const uint8_t *)"*version\nx\n", 11, base, 1, &s, NULL, &err),
	                 TV_ERR_KEY);
	assert_true(err.offset == base + 9);
}

static void test_v1_base_above_4g(void **state)
{
	(void)state;
	const uint64_t base = UINT64_C(0x123456780);   /* 4.55 GiB */
	struct bb b = {0};
	struct v1_header h;
	struct tv_error err;
	struct rs r;
	struct sink s = rs_sink(&r);

	bb_v1_header(&b, 3, 14, 0);
	assert_int_equal(v1_header_parse(b.p, b.n, base, &h, &err), TV_OK);
	bb_rec14(&b, 1, 0x4, 0, 0);
	bb_rec14(&b, 1, 0x8, 1, 1);
	bb_rec14(&b, 1, 0x9, 2, 2);
	bb_put(&b, "\1\0\5\0\0", 5);   /* a partial fourth record */
	assert_int_equal(v1_records(b.p + 32, b.n - 32, base + 32, &h, &s, &err), TV_OK);
	assert_int_equal(r.nrec, 3);
	assert_true(r.rec_off[0] == base + 32);
	assert_true(r.rec_off[1] == base + 32 + 14);
	assert_true(r.rec_off[2] == base + 32 + 28);
	assert_int_equal(r.warn_n[TV_W_TRUNCATED], 1);
	assert_true(r.warn_off[TV_W_TRUNCATED] == base + 32 + 42);

	/* Header errors carry base-relative offsets too. */
	assert_int_equal(v1_header_parse((const uint8_t *)"JUNK", 4, base, &h, &err),
	                 TV_ERR_NO_DATA);
	assert_true(err.offset == base);
	b.p[6] = 0xff;  /* data offset 0xff20: past the end */
	b.p[7] = 0xff;
	assert_int_equal(v1_header_parse(b.p, b.n, base, &h, &err), TV_ERR_HEADER);
	assert_true(err.offset == base + 6);
	b.p[6] = 32;
	b.p[7] = 0;
	b.p[16] = 9;    /* record size below 14 */
	assert_int_equal(v1_header_parse(b.p, b.n, base, &h, &err), TV_ERR_HEADER);
	assert_true(err.offset == base + 16);
	free(b.p);
}

/* ------------------------------------------------------------ 1b sparse files past 4 GiB */

struct sparse {
	char *dir, *path;
};

/* Writes head, then extends the file to size with a hole (and tail, when
 * given, at the very end). Skips when the filesystem refuses. */
static void sparse_make(struct sparse *sp, const struct bb *head, uint64_t size,
                        const void *tail, size_t tail_len)
{
	sp->dir = tu_tmpdir();
	assert_non_null(sp->dir);
	sp->path = tu_path(sp->dir, "big.trace");
	int fd = open(sp->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, head->p, head->n), (ssize_t)head->n);
	int ok = ftruncate(fd, (off_t)(size - tail_len)) == 0;
	if (ok && tail_len)
		ok = pwrite(fd, tail, tail_len, (off_t)(size - tail_len)) == (ssize_t)tail_len;
	struct stat st;
	if (ok)
		ok = fstat(fd, &st) == 0 && (uint64_t)st.st_size == size &&
		     (uint64_t)st.st_blocks * 512 < 64 * 1024 * 1024;   /* really sparse */
	close(fd);
	if (!ok) {
		unlink(sp->path);
		rmdir(sp->dir);
		free(sp->path);
		free(sp->dir);
		print_message("filesystem refuses a sparse file of %llu bytes\n",
		              (unsigned long long)size);
		skip();
	}
}

static void sparse_drop(struct sparse *sp)
{
	unlink(sp->path);
	rmdir(sp->dir);
	free(sp->path);
	free(sp->dir);
}

/* Records, then a 4 GiB hole: the zeros after the records read as a packet
 * with opcode 0, an unknown packet, so reading stops there with a warning
 * and touches only the first pages. */
static void test_sparse_stream_hole(void **state)
{
	(void)state;
	struct bb head = {0};
	struct sparse sp;
	const uint64_t size = 4 * GiB + 65536 + 123;

	bb_stream_head(&head);
	sparse_make(&sp, &head, size, NULL, 0);

	struct trace tr;
	struct tv_error err;
	char errfile[256];
	trace_init(&tr);
	double t = now_s();
	enum tv_status st = load_file(&tr, sp.path, &err, errfile, sizeof errfile);
	t = now_s() - t;
	assert_int_equal(st, TV_OK);
	print_message("sparse file past 4 GiB: loaded in %.2f s\n", t);
	assert_int_equal(tr.records, 2);
	assert_int_equal(tr.nthreads, 1);
	assert_true(tu_str_eq(&tr, tr.threads[0].name, "main"));
	assert_int_equal(tr.threads[0].ncalls, 1);
	assert_int_equal(trace_call_incl(&tr.threads[0], TV_WALL, 0), 10);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_PACKET), 1);
	assert_true(warn_first(&tr, TV_W_UNKNOWN_PACKET) == head.n);
	/* No summary: reported at the end of the file, past 2^32. */
	assert_int_equal(tu_warn(&tr, TV_W_NO_SUMMARY), 1);
	assert_true(warn_first(&tr, TV_W_NO_SUMMARY) == size);
	trace_free(&tr);
	sparse_drop(&sp);
	free(head.p);
}

/* The interesting bytes past 4 GiB: a summary packet with the largest u4
 * length, whose text ends early (*end) and whose body is a hole, followed
 * by 8 trailing bytes. Only the text's first lines are read; the trailing
 * bytes start at 4 GiB + head + 6. */
static void test_sparse_summary_past_4g(void **state)
{
	(void)state;
	static const char text[] = "*version\n3\nclock=dual\nvm=art\n*threads\n*methods\n*end\n";
	struct bb head = {0};
	struct sparse sp;

	bb_stream_head(&head);
	uint64_t pk = head.n;
	bb_le(&head, 0, 2);
	bb_le(&head, 3, 1);
	bb_le(&head, 0xFFFFFFFFu, 4);
	bb_str(&head, text);
	uint64_t next = pk + 7 + UINT64_C(0xFFFFFFFF);
	uint64_t size = next + 8;
	assert_true(next > UINT32_MAX);
	sparse_make(&sp, &head, size, "TRAILING", 8);

	struct trace tr;
	struct tv_error err;
	char errfile[256];
	trace_init(&tr);
	double t = now_s();
	assert_int_equal(load_file(&tr, sp.path, &err, errfile, sizeof errfile), TV_OK);
	t = now_s() - t;
	print_message("sparse pair past 4 GiB: loaded in %.2f s\n", t);
	assert_int_equal(tr.records, 2);
	assert_int_equal(tr.clock, TV_CLOCK_DUAL);
	size_t vlen;
	const char *vm = trace_option(&tr, "vm", &vlen);
	assert_non_null(vm);
	assert_int_equal(vlen, 3);
	assert_int_equal(tu_warn(&tr, TV_W_NO_SUMMARY), 0);
	assert_int_equal(tu_warn(&tr, TV_W_TRAILING), 8);
	assert_true(warn_first(&tr, TV_W_TRAILING) == next);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_PACKET), 0);
	trace_free(&tr);
	sparse_drop(&sp);
	free(head.p);
}

int main(int argc, char **argv)
{
	(void)argc;
	lim_small_stack(argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keyfile_base_above_4g),
		cmocka_unit_test(test_v1_base_above_4g),
		cmocka_unit_test(test_sparse_stream_hole),
		cmocka_unit_test(test_sparse_summary_past_4g),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
