/* test_inflate.c: compressed traces (gzip; zstd when built with libzstd),
 * decoded in memory by content, and the load progress callback.
 *
 * Traces come from the trace writer and are compressed here with zlib and
 * libzstd themselves; a compressed load must give the same JSON report as
 * the plain bytes. Damage is made by cutting or flipping bytes at known
 * places, so each message and offset is checked exactly.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "read/inflate.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/report.h"

/* A trace of n calls on two threads, with varied times so it does not
 * compress to nothing; its plain bytes in *buf. */
static void make_trace(unsigned n, uint8_t **buf, size_t *len)
{
	struct tg *tg = tg_new();
	uint64_t t = 1000, x = 12345;
	tg_thread(tg, 1, "main");
	tg_thread(tg, 2, "worker");
	tg_method(tg, 0x1000, "com.ex.A", "a", "()V", "A.java");
	tg_method(tg, 0x1004, "com.ex.B", "b", "(I)V", "B.java");
	for (unsigned i = 0; i < n; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		uint32_t tid = 1 + (uint32_t)(i & 1);
		tg_enter(tg, tid, 0x1000, t, t * 2);
		t += 1 + (x >> 59);
		tg_enter(tg, tid, 0x1004, t, t * 2);
		t += 1 + (x >> 60);
		tg_exit(tg, tid, 0x1004, t, t * 2);
		tg_exit(tg, tid, 0x1000, t + 1, t * 2 + 1);
		t += 2;
	}
	assert_int_equal(tg_write(tg, NULL, buf, len), 0);
	tg_free(tg);
}

/* gzip members: in[0..len) cut at each of cuts[0..ncuts) (ascending),
 * every piece its own member, concatenated. */
static uint8_t *gzip_members(const uint8_t *in, size_t len, const size_t *cuts, int ncuts,
                             size_t *outlen)
{
	size_t cap = len + len / 8 + 64 * (size_t)(ncuts + 1) + 1024, n = 0;
	uint8_t *out = malloc(cap);
	assert_non_null(out);
	size_t from = 0;
	for (int i = 0; i <= ncuts; i++) {
		size_t to = i < ncuts ? cuts[i] : len;
		z_stream s;
		memset(&s, 0, sizeof s);
		assert_int_equal(deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
		s.next_in = (Bytef *)(uintptr_t)(in + from);
		s.avail_in = (uInt)(to - from);
		s.next_out = out + n;
		s.avail_out = (uInt)(cap - n);
		assert_int_equal(deflate(&s, Z_FINISH), Z_STREAM_END);
		n += s.total_out;
		deflateEnd(&s);
		from = to;
	}
	*outlen = n;
	return out;
}

static uint8_t *gzip_all(const uint8_t *in, size_t len, size_t *outlen)
{
	return gzip_members(in, len, NULL, 0, outlen);
}

/* The JSON report of a loaded trace, malloc'd. */
static char *json_of(const struct trace *tr)
{
	struct profile p = {0};
	char *s = NULL;
	size_t n = 0;
	assert_int_equal(profile_build(&p, tr, NULL, NULL), TV_OK);
	FILE *f = open_memstream(&s, &n);
	assert_non_null(f);
	assert_int_equal(report_json(f, &p), TV_OK);
	fclose(f);
	profile_free(&p);
	return s;
}

static char *json_of_buffer(const uint8_t *buf, size_t len)
{
	struct trace tr;
	struct tv_error err;
	trace_init(&tr);
	assert_int_equal(load_buffer(&tr, buf, len, &err), TV_OK);
	char *s = json_of(&tr);
	trace_free(&tr);
	return s;
}

/* load_buffer's status and formatted message for buf. */
static enum tv_status load_msg(const uint8_t *buf, size_t len, char *msg, size_t size)
{
	struct trace tr;
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	trace_init(&tr);
	enum tv_status st = load_buffer(&tr, buf, len, &err);
	tv_error_format(&err, msg, size);
	trace_free(&tr);
	return st;
}

/* ------------------------------------------------------------ gzip */

static void test_detect(void **state)
{
	(void)state;
	assert_int_equal(inflate_detect((const uint8_t *)"\x1f\x8b", 2), INFLATE_GZIP);
	assert_int_equal(inflate_detect((const uint8_t *)"\x1f", 1), INFLATE_NONE);
	assert_int_equal(inflate_detect((const uint8_t *)"\x28\xb5\x2f\xfd", 4), INFLATE_ZSTD);
	assert_int_equal(inflate_detect((const uint8_t *)"\x28\xb5\x2f", 3), INFLATE_NONE);
	assert_int_equal(inflate_detect((const uint8_t *)"SLOW\x03\x00", 6), INFLATE_NONE);
	assert_int_equal(inflate_detect((const uint8_t *)"*version\n", 9), INFLATE_NONE);
	assert_true(inflate_supported(INFLATE_GZIP));
#ifdef HAVE_ZSTD
	assert_true(inflate_supported(INFLATE_ZSTD));
#else
	assert_false(inflate_supported(INFLATE_ZSTD));
#endif
	assert_false(inflate_supported(INFLATE_NONE));
}

/* One gzip member, and the same bytes as three members: the report is
 * that of the plain trace. */
static void test_gzip_same_report(void **state)
{
	(void)state;
	uint8_t *plain;
	size_t len, glen, mlen;
	make_trace(2000, &plain, &len);
	char *want = json_of_buffer(plain, len);
	uint8_t *gz = gzip_all(plain, len, &glen);
	assert_true(glen < len);
	char *got = json_of_buffer(gz, glen);
	assert_string_equal(got, want);
	free(got);

	size_t cuts[2] = {7, len / 2 + 3};   /* inside the key text, inside a record */
	uint8_t *multi = gzip_members(plain, len, cuts, 2, &mlen);
	assert_true(mlen > glen);
	got = json_of_buffer(multi, mlen);
	assert_string_equal(got, want);
	free(got);
	free(multi);
	free(gz);
	free(want);
	free(plain);
}

/* Fed one byte at a time (as from a slow pipe), with no size hint: the
 * decoded bytes are exactly the plain ones. */
static void test_gzip_bytewise(void **state)
{
	(void)state;
	uint8_t *plain;
	size_t len, glen, cut = 1000;
	make_trace(3000, &plain, &len);
	uint8_t *gz = gzip_members(plain, len, &cut, 1, &glen);
	struct inflate *z = inflate_new(INFLATE_GZIP, 0);
	assert_non_null(z);
	for (size_t i = 0; i < glen; i++)
		assert_int_equal(inflate_feed(z, gz + i, 1, NULL), TV_OK);
	assert_int_equal(inflate_finish(z, NULL), TV_OK);
	assert_int_equal(inflate_in_total(z), glen);
	size_t n;
	uint8_t *out = inflate_take(z, &n);
	assert_int_equal(n, len);
	assert_memory_equal(out, plain, len);
	free(out);
	inflate_free(z);
	free(gz);
	free(plain);
}

/* The hint: gzip's ISIZE, capped at what deflate could expand to. */
static void test_gzip_hint(void **state)
{
	(void)state;
	uint8_t *plain;
	size_t len, glen;
	make_trace(500, &plain, &len);
	uint8_t *gz = gzip_all(plain, len, &glen);
	assert_int_equal(inflate_size_hint(INFLATE_GZIP, gz, glen), len);
	/* a claim of 4 GiB - 1 from a small file is not believed */
	memcpy(gz + glen - 4, "\xff\xff\xff\xff", 4);
	assert_int_equal(inflate_size_hint(INFLATE_GZIP, gz, glen), (uint64_t)glen * 1032);
	/* so the load still works (the trailer is now wrong: a checked error) */
	char msg[256], want[256];
	assert_int_equal(load_msg(gz, glen, msg, sizeof msg), TV_ERR_COMPRESSED);
	snprintf(want, sizeof want,
	         "damaged compressed data: gzip: incorrect length check (offset %zu)", glen);
	assert_string_equal(msg, want);
	free(gz);
	free(plain);
}

/* Cut short anywhere: the offset is where the input ended. */
static void test_gzip_truncated(void **state)
{
	(void)state;
	uint8_t *plain;
	size_t len, glen;
	char msg[256], want[256];
	make_trace(1000, &plain, &len);
	uint8_t *gz = gzip_all(plain, len, &glen);
	const size_t cuts[] = {2, 5, 10, glen / 2, glen - 8, glen - 1};
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		assert_int_equal(load_msg(gz, cuts[i], msg, sizeof msg), TV_ERR_COMPRESSED);
		snprintf(want, sizeof want,
		         "damaged compressed data: gzip stream cut short (offset %zu)", cuts[i]);
		assert_string_equal(msg, want);
	}
	/* nothing at all inside: an empty file, said so */
	size_t elen;
	uint8_t *empty = gzip_all(plain, 0, &elen);
	assert_int_equal(load_msg(empty, elen, msg, sizeof msg), TV_ERR_EMPTY);
	assert_string_equal(msg, "empty file: it decompresses to nothing");
	free(empty);
	free(gz);
	free(plain);
}

/* Damage inside: the CRC of the data (trailer bytes glen-8..glen-5), and
 * a header's compression method (byte 2). */
static void test_gzip_corrupt(void **state)
{
	(void)state;
	uint8_t *plain;
	size_t len, glen;
	char msg[256], want[256];
	make_trace(1000, &plain, &len);
	uint8_t *gz = gzip_all(plain, len, &glen);
	gz[glen - 8] ^= 0x55;
	assert_int_equal(load_msg(gz, glen, msg, sizeof msg), TV_ERR_COMPRESSED);
	snprintf(want, sizeof want,
	         "damaged compressed data: gzip: incorrect data check (offset %zu)", glen - 4);
	assert_string_equal(msg, want);
	gz[glen - 8] ^= 0x55;
	gz[2] = 7;
	assert_int_equal(load_msg(gz, glen, msg, sizeof msg), TV_ERR_COMPRESSED);
	assert_string_equal(msg, "damaged compressed data: gzip: unknown compression method "
	                         "(offset 4)");
	free(gz);
	free(plain);
}

/* ------------------------------------------------------------ zstd */

#ifdef HAVE_ZSTD
static uint8_t *zstd_of(const uint8_t *in, size_t len, size_t *outlen)
{
	size_t cap = ZSTD_compressBound(len);
	uint8_t *out = malloc(cap);
	assert_non_null(out);
	*outlen = ZSTD_compress(out, cap, in, len, 3);
	assert_false(ZSTD_isError(*outlen));
	return out;
}

/* One frame and two frames (cut inside a record): the plain report; the
 * hint is the frames' content sizes added up. */
static void test_zstd_same_report(void **state)
{
	(void)state;
	uint8_t *plain;
	size_t len, zlen, alen, blen, cut;
	make_trace(2000, &plain, &len);
	char *want = json_of_buffer(plain, len);
	uint8_t *z = zstd_of(plain, len, &zlen);
	assert_int_equal(inflate_size_hint(INFLATE_ZSTD, z, zlen), len);
	char *got = json_of_buffer(z, zlen);
	assert_string_equal(got, want);
	free(got);

	cut = len / 3 + 1;
	uint8_t *a = zstd_of(plain, cut, &alen), *b = zstd_of(plain + cut, len - cut, &blen);
	uint8_t *two = malloc(alen + blen);
	assert_non_null(two);
	memcpy(two, a, alen);
	memcpy(two + alen, b, blen);
	assert_int_equal(inflate_size_hint(INFLATE_ZSTD, two, alen + blen), len);
	got = json_of_buffer(two, alen + blen);
	assert_string_equal(got, want);
	free(got);

	/* fed in 7-byte pieces */
	struct inflate *d = inflate_new(INFLATE_ZSTD, 0);
	assert_non_null(d);
	for (size_t i = 0; i < alen + blen; i += 7) {
		size_t n = alen + blen - i < 7 ? alen + blen - i : 7;
		assert_int_equal(inflate_feed(d, two + i, n, NULL), TV_OK);
	}
	assert_int_equal(inflate_finish(d, NULL), TV_OK);
	size_t n;
	uint8_t *out = inflate_take(d, &n);
	assert_int_equal(n, len);
	assert_memory_equal(out, plain, len);
	free(out);
	inflate_free(d);

	/* cut short, in the second frame and just after the first */
	char msg[256], wantmsg[256];
	const size_t cuts[] = {alen + blen - 1, alen + 3, 6};
	for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
		assert_int_equal(load_msg(two, cuts[i], msg, sizeof msg), TV_ERR_COMPRESSED);
		snprintf(wantmsg, sizeof wantmsg,
		         "damaged compressed data: zstd stream cut short (offset %zu)", cuts[i]);
		assert_string_equal(msg, wantmsg);
	}
	free(two);
	free(a);
	free(b);
	free(z);
	free(want);
	free(plain);
}
#else
/* Without libzstd a zstd trace is named, not decoded. */
static void test_zstd_refused(void **state)
{
	(void)state;
	char msg[256];
	assert_int_equal(load_msg((const uint8_t *)"\x28\xb5\x2f\xfd\x24\x00\x01\x00", 8, msg,
	                          sizeof msg),
	                 TV_ERR_NOT_TRACE);
	assert_string_equal(msg, "not an Android method trace: zstd-compressed; this traceview was "
	                         "built without zstd: unzstd it first (offset 0)");
}
#endif

/* ------------------------------------------------------------ files */

struct progress_log {
	unsigned n[2];
	uint64_t last[2], total[2];
	int order_ok;
};

static void on_progress(void *ctx, enum load_stage stage, uint64_t done, uint64_t total)
{
	struct progress_log *c = ctx;
	/* at least a step apart, within the total, one stage after the other */
	if (done < c->last[stage] + LOAD_PROGRESS_STEP || (total && done > total) ||
	    (c->n[stage] && total != c->total[stage]) || (stage == LOAD_STAGE_READ && c->n[1]))
		c->order_ok = 0;
	c->n[stage]++;
	c->last[stage] = done;
	c->total[stage] = total;
}

static void write_file(const char *path, const uint8_t *b, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(b, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* A compressed file on disk, a pair whose .data half is compressed, and
 * the progress each reports: reading (decoding) the compressed bytes of
 * the file, then parsing the decoded ones, every LOAD_PROGRESS_STEP. */
static void test_files_and_progress(void **state)
{
	(void)state;
	uint8_t *plain, *key, *data;
	size_t len, glen, klen, dlen, gdlen;
	make_trace(400000, &plain, &len);   /* 2.4 M records of 14 bytes */
	assert_true(len > 3 * LOAD_PROGRESS_STEP);
	char *want = json_of_buffer(plain, len);
	uint8_t *gz = gzip_all(plain, len, &glen);
	assert_true(glen > LOAD_PROGRESS_STEP);
	char *dir = tu_tmpdir();
	assert_non_null(dir);
	char *gpath = tu_path(dir, "t.trace.gz"), *ppath = tu_path(dir, "t.trace");
	write_file(gpath, gz, glen);
	write_file(ppath, plain, len);

	struct trace tr;
	struct tv_error err;
	char errfile[512];
	struct progress_log c = {{0, 0}, {0, 0}, {0, 0}, 1};
	struct load_progress prog = {on_progress, &c};
	trace_init(&tr);
	assert_int_equal(load_file_progress(&tr, gpath, &prog, &err, errfile, sizeof errfile),
	                 TV_OK);
	char *got = json_of(&tr);
	assert_string_equal(got, want);
	free(got);
	trace_free(&tr);
	assert_true(c.order_ok);
	assert_int_equal(c.n[LOAD_STAGE_READ], glen / LOAD_PROGRESS_STEP);
	assert_int_equal(c.total[LOAD_STAGE_READ], glen);
	/* the readers say how far they got every few MiB */
	assert_in_range(c.n[LOAD_STAGE_PARSE], 1, len / LOAD_PROGRESS_STEP);
	assert_int_equal(c.total[LOAD_STAGE_PARSE], len);

	/* the plain file: no read stage, the same parse stage */
	memset(&c, 0, sizeof c);
	c.order_ok = 1;
	trace_init(&tr);
	assert_int_equal(load_file_progress(&tr, ppath, &prog, &err, errfile, sizeof errfile),
	                 TV_OK);
	trace_free(&tr);
	assert_true(c.order_ok);
	assert_int_equal(c.n[LOAD_STAGE_READ], 0);
	assert_in_range(c.n[LOAD_STAGE_PARSE], 1, len / LOAD_PROGRESS_STEP);
	assert_int_equal(c.total[LOAD_STAGE_PARSE], len);

	/* a pair, its data half gzipped */
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	assert_int_equal(tg_script(tg, "method A 0x1000 com.ex.A a ()V\n1 > A 10 100\n"
	                                "1 < A 30 170\n"), 0);
	assert_int_equal(tg_write_pair(tg, NULL, &key, &klen, &data, &dlen), 0);
	char *base = tu_path(dir, "p"), *kp = tu_path(dir, "p.key"), *dp = tu_path(dir, "p.data");
	uint8_t *gd = gzip_all(data, dlen, &gdlen);
	write_file(kp, key, klen);
	write_file(dp, gd, gdlen);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, base, &err, errfile, sizeof errfile), TV_OK);
	assert_int_equal(tr.records, 2);
	trace_free(&tr);
	/* its damage names the .data file and the compressed offset */
	write_file(dp, gd, gdlen - 3);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, base, &err, errfile, sizeof errfile), TV_ERR_COMPRESSED);
	assert_string_equal(errfile, dp);
	assert_int_equal(err.offset, gdlen - 3);
	assert_string_equal(err.detail, "gzip stream cut short");
	trace_free(&tr);

	unlink(gpath);
	unlink(ppath);
	unlink(kp);
	unlink(dp);
	rmdir(dir);
	tg_free(tg);
	free(gd);
	free(key);
	free(data);
	free(base);
	free(kp);
	free(dp);
	free(gpath);
	free(ppath);
	free(dir);
	free(gz);
	free(want);
	free(plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_gzip_same_report),
		cmocka_unit_test(test_gzip_bytewise),
		cmocka_unit_test(test_gzip_hint),
		cmocka_unit_test(test_gzip_truncated),
		cmocka_unit_test(test_gzip_corrupt),
#ifdef HAVE_ZSTD
		cmocka_unit_test(test_zstd_same_report),
#else
		cmocka_unit_test(test_zstd_refused),
#endif
		cmocka_unit_test(test_files_and_progress),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
