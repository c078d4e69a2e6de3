/* test_sniff.c: files that are not method traces, traces that were copied
 * as text, a .key/.data pair missing a half, and --thread's lookup.
 *
 * Byte buffers are made by hand (magic numbers, protobuf packets) or by
 * the trace writer and then damaged the way a text conversion does.
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

#include "model/load.h"
#include "model/trace.h"
#include "read/sniff.h"
#include "testutil.h"
#include "tracegen.h"

#define BUF(s) (const uint8_t *)(s), sizeof(s) - 1

/* ------------------------------------------------------------ sniff_kind */

static void test_magic_numbers(void **state)
{
	(void)state;
	assert_int_equal(sniff_kind(BUF("\x1f\x8b\x08\x00\x00\x00\x00\x00")), SNIFF_GZIP);
	assert_int_equal(sniff_kind(BUF("\x28\xb5\x2f\xfd\x24\x00")), SNIFF_ZSTD);
	assert_int_equal(sniff_kind(BUF("SIMPLEPERF\x01\x00")), SNIFF_SIMPLEPERF);
	assert_int_equal(sniff_kind(BUF("PERFILE2h\x00\x00\x00")), SNIFF_PERF_DATA);
	assert_int_equal(sniff_kind(BUF("JAVA PROFILE 1.0.3\x00")), SNIFF_HPROF);
	/* cut magic numbers are not enough */
	assert_int_equal(sniff_kind(BUF("\x1f")), SNIFF_UNKNOWN);
	assert_int_equal(sniff_kind(BUF("\x28\xb5\x2f")), SNIFF_UNKNOWN);
	assert_int_equal(sniff_kind(BUF("SIMPLEPER\x01")), SNIFF_UNKNOWN);
	assert_int_equal(sniff_kind(NULL, 0), SNIFF_UNKNOWN);
	assert_string_equal(sniff_advice(SNIFF_GZIP), "gzip-compressed; gunzip it first");
#ifdef HAVE_ZSTD
	assert_string_equal(sniff_advice(SNIFF_ZSTD), "zstd-compressed; unzstd it first");
#else
	assert_string_equal(sniff_advice(SNIFF_ZSTD), "zstd-compressed; this traceview was built "
	                                              "without zstd: unzstd it first");
#endif
	assert_null(sniff_advice(SNIFF_UNKNOWN));
}

/* Two TracePackets: timestamp (field 8, varint 1000), sequence id (field
 * 10, varint 1); then a packet with a string (field 5, "ab") and a
 * fixed64 (field 6). */
static const char perfetto_two[] =
	"\x0a\x05" "\x40\xe8\x07" "\x50\x01"
	"\x0a\x0d" "\x2a\x02" "ab" "\x31" "\x01\x02\x03\x04\x05\x06\x07\x08";

static void test_perfetto(void **state)
{
	(void)state;
	assert_int_equal(sniff_kind(BUF(perfetto_two)), SNIFF_PERFETTO);
	/* one packet alone, ending the file */
	assert_int_equal(sniff_kind((const uint8_t *)perfetto_two, 7), SNIFF_PERFETTO);
	/* the packet's length passes the end of the file */
	assert_int_equal(sniff_kind((const uint8_t *)perfetto_two, 6), SNIFF_UNKNOWN);
	/* wire type 7 does not exist; field number 0 is not allowed */
	assert_int_equal(sniff_kind(BUF("\x0a\x02\x47\x01")), SNIFF_UNKNOWN);
	assert_int_equal(sniff_kind(BUF("\x0a\x02\x00\x01")), SNIFF_UNKNOWN);
	/* a string field longer than its packet */
	assert_int_equal(sniff_kind(BUF("\x0a\x03\x2a\x05" "a\x0a\x01\x08")), SNIFF_UNKNOWN);
	/* the byte after the packet must start another packet */
	assert_int_equal(sniff_kind(BUF("\x0a\x02\x50\x01\xff\x00")), SNIFF_UNKNOWN);
	/* a zero-length first packet says nothing */
	assert_int_equal(sniff_kind(BUF("\x0a\x00\x0a\x00")), SNIFF_UNKNOWN);

	/* A first packet longer than the 4 KiB looked at: its fields are
	 * checked up to there. */
	size_t n = 8192;
	uint8_t *big = calloc(1, n);
	assert_non_null(big);
	big[0] = 0x0a;
	big[1] = 0xfd;            /* length 8189 = 0xfd 0x3f */
	big[2] = 0x3f;
	for (size_t i = 3; i + 1 < n; i += 2) {
		big[i] = 0x50;    /* field 10, varint */
		big[i + 1] = 0x01;
	}
	assert_int_equal(sniff_kind(big, n), SNIFF_PERFETTO);
	big[1001] = 0x07;         /* a bad wire type inside the window */
	assert_int_equal(sniff_kind(big, n), SNIFF_UNKNOWN);
	free(big);
}

static void test_text(void **state)
{
	(void)state;
	assert_int_equal(sniff_kind(BUF("hello, world\nthis is not a trace\n")), SNIFF_TEXT);
	assert_int_equal(sniff_kind(BUF("\nstarts with a newline, not a packet\r\n")), SNIFF_TEXT);
	assert_int_equal(sniff_kind(BUF("caf\xc3\xa9\tna\xc3\xafve \xe2\x82\xac")), SNIFF_TEXT);
	/* a control byte, DEL, invalid UTF-8: binary */
	assert_int_equal(sniff_kind(BUF("text\x01more")), SNIFF_UNKNOWN);
	assert_int_equal(sniff_kind(BUF("text\x7f")), SNIFF_UNKNOWN);
	assert_int_equal(sniff_kind(BUF("caf\xe9 latin-1")), SNIFF_UNKNOWN);
	/* a character cut by the 4 KiB window is still text; one cut by the
	 * end of the file is not */
	char *t = malloc(5000);
	assert_non_null(t);
	memset(t, 'a', 5000);
	memcpy(t + 4095, "\xe2\x82\xac", 3);
	assert_int_equal(sniff_kind((const uint8_t *)t, 5000), SNIFF_TEXT);
	assert_int_equal(sniff_kind((const uint8_t *)t, 4097), SNIFF_UNKNOWN);
	free(t);
}

/* ------------------------------------------------------------ mangling */

static void test_mangled_buffers(void **state)
{
	(void)state;
	size_t first = 99;
	/* Four U+FFFD: what a UTF-8 decoder leaves of refused bytes. */
	static const char fffd[] = "SLOW\x03\x00\x20\x00\xef\xbf\xbd\x01\xef\xbf\xbd\x00"
	                           "\xef\xbf\xbd\xef\xbf\xbd\x0e\x00";
	assert_int_equal(sniff_utf8_mangled(BUF(fffd), &first), 1);
	assert_int_equal(first, 8);
	/* Windows-1252 re-encoded: two- and three-byte characters. */
	static const char cp1252[] = "SLOW\x03\x00\x20\x00\xc2\xa7%\xc3\xa0" "5I\xc3\xa2\x04"
	                             "\x00\xe2\x80\xa1";
	assert_int_equal(sniff_utf8_mangled(BUF(cp1252), &first), 1);
	assert_int_equal(first, 8);
	/* Three are not enough; one invalid byte acquits; no high byte at all
	 * (a small genuine trace) acquits. */
	assert_int_equal(sniff_utf8_mangled(BUF("SLOW\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"), &first),
	                 0);
	assert_int_equal(sniff_utf8_mangled(BUF("SLOW\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	                                        "\xef\xbf\xbd\x8a"), &first), 0);
	assert_int_equal(sniff_utf8_mangled(BUF("SLOW\x03\x00\x20\x00\x01\x02\x03"), &first), 0);
	/* Genuine records: method id 0x62ae8a48 little-endian holds a lone
	 * continuation byte (0x8a). */
	assert_int_equal(sniff_utf8_mangled(BUF("SLOW\x03\x00\x20\x00\x01\x00\x48\x8a\xae\x62"),
	                                    &first), 0);
}

/* bin re-encoded: each byte 0x80 and up becomes U+FFFD (fffd) or its
 * Latin-1 character (else), ASCII stays. Returns the new length. */
static size_t mangle(const uint8_t *in, size_t n, size_t from, uint8_t *out, int fffd)
{
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (i < from || in[i] < 0x80) {
			out[o++] = in[i];
		} else if (fffd) {
			memcpy(out + o, "\xef\xbf\xbd", 3);
			o += 3;
		} else {
			out[o++] = (uint8_t)(0xc0 | in[i] >> 6);
			out[o++] = (uint8_t)(0x80 | (in[i] & 0x3f));
		}
	}
	return o;
}

/* A trace with ids and times that use every byte value, as real ones do. */
static struct tg *busy_tg(void)
{
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	assert_int_equal(tg_script(tg, "method A 0x62ae8a48 com.ex.A a ()V\n"
	                                "method B 0x7fb3c0d4 com.ex.B b ()V\n"
	                                "1 > A 1000 200000\n1 > B 1300 250000\n"
	                                "1 < B 9876 310000\n1 < A 45678 990000\n"
	                                "1 > B 50000 1200000\n1 < B 65432 1234567\n"),
	                 0);
	return tg;
}

static void check_mangled_load(enum tg_family family)
{
	struct tg *tg = busy_tg();
	struct tg_opts o = {0};
	uint8_t *buf;
	size_t len;
	o.family = family;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	struct trace tr;
	assert_int_equal(tu_load_buffer(&tr, buf, len), TV_OK);   /* genuine: loads */
	trace_free(&tr);

	/* The binary part starts at "SLOW"; the key text before it is ASCII. */
	size_t from = 0;
	while (from + 4 <= len && memcmp(buf + from, "SLOW", 4) != 0)
		from++;
	assert_true(from + 4 <= len);
	size_t firsthigh = from;
	while (buf[firsthigh] < 0x80)
		firsthigh++;
	uint8_t *m = malloc(len * 3);
	assert_non_null(m);
	for (int fffd = 0; fffd < 2; fffd++) {
		size_t n = mangle(buf, len, from, m, fffd);
		struct tv_error err;
		trace_init(&tr);
		assert_int_equal(load_buffer(&tr, m, n, &err), TV_ERR_MANGLED);
		assert_int_equal(err.offset, firsthigh);
		assert_string_equal(err.detail, "was it copied as text? use adb pull");
		trace_free(&tr);
	}
	free(m);
	free(buf);
	tg_free(tg);
}

static void test_mangled_v1(void **state)
{
	(void)state;
	check_mangled_load(TG_V1);
}

static void test_mangled_streaming(void **state)
{
	(void)state;
	check_mangled_load(TG_V1_STREAM);
}

/* ------------------------------------------------------------ load errors */

static void check_load_detail(const uint8_t *bytes, size_t n, const char *detail)
{
	struct trace tr;
	struct tv_error err;
	char msg[256];
	trace_init(&tr);
	assert_int_equal(load_buffer(&tr, bytes, n, &err), TV_ERR_NOT_TRACE);
	tv_error_format(&err, msg, sizeof msg);
	assert_string_equal(msg, detail);
	trace_free(&tr);
}

static void test_load_names_kind(void **state)
{
	(void)state;
	/* gzip and zstd are decoded (test_inflate), zstd only with libzstd */
#ifndef HAVE_ZSTD
	check_load_detail(BUF("\x28\xb5\x2f\xfd\x00"),
	                  "not an Android method trace: zstd-compressed; this traceview was built "
	                  "without zstd: unzstd it first (offset 0)");
#endif
	check_load_detail(BUF(perfetto_two), "not an Android method trace: a Perfetto trace; "
	                                     "open it in ui.perfetto.dev (offset 0)");
	check_load_detail(BUF("SIMPLEPERF\x01\x00"), "not an Android method trace: a simpleperf "
	                                             "report-sample file; read it with simpleperf "
	                                             "(offset 0)");
	check_load_detail(BUF("hello\n"), "not an Android method trace: a text file, not "
	                                  "starting with '*version' (offset 0)");
	check_load_detail(BUF("\x00\x01\x02\x03"), "not an Android method trace (offset 0)");
}

/* A pair written to disk with one half removed names that half. */
static void test_pair_half_missing(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	assert_non_null(dir);
	char *base = tu_path(dir, "t"), *key = tu_path(dir, "t.key"), *data = tu_path(dir, "t.data");
	char *hidden = tu_path(dir, "hidden");
	struct tg *tg = busy_tg();
	assert_int_equal(tg_write_pair_files(tg, NULL, base), 0);
	struct trace tr;
	struct tv_error err;
	char errfile[512];

	trace_init(&tr);
	assert_int_equal(load_file(&tr, base, &err, errfile, sizeof errfile), TV_OK);
	trace_free(&tr);
	/* The files read: both halves, by any of the three names; the name
	 * itself for a lone file; none for standard input. */
	char *files[2];
	const char *const pair_names[] = {base, key, data};
	for (int i = 0; i < 3; i++) {
		assert_int_equal(load_input_files(pair_names[i], files), 2);
		assert_string_equal(files[0], key);
		assert_string_equal(files[1], data);
		free(files[0]);
		free(files[1]);
	}
	assert_int_equal(load_input_files(hidden, files), 1);   /* no such file: as named */
	assert_string_equal(files[0], hidden);
	free(files[0]);
	assert_int_equal(load_input_files("-", files), 0);

	/* Either half gone, the trace named by any of its three names. */
	for (int gone = 0; gone < 2; gone++) {
		const char *missing = gone ? key : data;
		assert_int_equal(rename(missing, hidden), 0);
		const char *const names[] = {base, key, data};
		assert_int_equal(load_input_files(names[1 + gone], files), 1);   /* a lone half */
		assert_string_equal(files[0], names[1 + gone]);
		free(files[0]);
		for (int i = 0; i < 3; i++) {
			trace_init(&tr);
			assert_int_equal(load_file(&tr, names[i], &err, errfile, sizeof errfile),
			                 TV_ERR_PAIR_HALF);
			assert_string_equal(errfile, missing);
			assert_string_equal(err.detail, gone ? "t.data needs it" : "t.key needs it");
			assert_true(err.offset == TV_NO_OFFSET);
			trace_free(&tr);
		}
		assert_int_equal(rename(hidden, missing), 0);
	}
	/* Neither half: the plain "cannot read" of the name given. */
	unlink(key);
	unlink(data);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, base, &err, errfile, sizeof errfile), TV_ERR_IO);
	assert_string_equal(errfile, base);
	trace_free(&tr);
	rmdir(dir);
	tg_free(tg);
	free(base);
	free(key);
	free(data);
	free(hidden);
	free(dir);
}

/* ------------------------------------------------------------ --thread */

/* Threads 1 main, 2 "7", 3 Binder_1, 4 Binder_2, 5 Binder_1 (a name
 * twice), 7 "Binder" (a name that is also a prefix), 0x20 worker. */
static void thread_trace(struct trace *tr)
{
	struct tg *tg = tg_new();
	static const struct {
		uint32_t tid;
		const char *name;
	} th[] = {{1, "main"}, {2, "7"}, {3, "Binder_1"}, {4, "Binder_2"}, {5, "Binder_1"},
	          {7, "Binder"}, {0x20, "worker"}};
	char script[64];
	for (size_t i = 0; i < sizeof th / sizeof th[0]; i++) {
		tg_thread(tg, th[i].tid, th[i].name);
		snprintf(script, sizeof script, "%u > A %zu\n%u < A %zu\n", th[i].tid, i * 10,
		         th[i].tid, i * 10 + 5);
		assert_int_equal(tg_script(tg, script), 0);
	}
	assert_int_equal(tu_load_tg(tr, tg, NULL), TV_OK);
	tg_free(tg);
}

static uint32_t tid_of(const struct trace *tr, const char *spec)
{
	uint32_t idx[4];
	uint32_t n = trace_match_threads(tr, spec, idx, 4);
	assert_int_equal(n, 1);
	return tr->threads[idx[0]].tid;
}

static void test_thread_match(void **state)
{
	(void)state;
	struct trace tr;
	uint32_t idx[8];
	thread_trace(&tr);
	assert_int_equal(tr.nthreads, 7);

	assert_int_equal(tid_of(&tr, "1"), 1);
	assert_int_equal(tid_of(&tr, "0x20"), 0x20);
	assert_int_equal(tid_of(&tr, "0X20"), 0x20);
	assert_int_equal(tid_of(&tr, "main"), 1);
	assert_int_equal(tid_of(&tr, "ma"), 1);           /* a unique prefix */
	assert_int_equal(tid_of(&tr, "wor"), 0x20);
	assert_int_equal(tid_of(&tr, "7"), 7);            /* a tid before a name */
	assert_int_equal(tid_of(&tr, "Binder"), 7);       /* exact before prefix */
	assert_int_equal(tid_of(&tr, "Binder_2"), 4);
	assert_int_equal(trace_match_threads(&tr, "010", idx, 8), 0);   /* tid 10: none */

	/* "33" is no tid and no name; "32" is 0x20; "0x2" is tid 2 (named "7"). */
	assert_int_equal(trace_match_threads(&tr, "33", idx, 8), 0);
	assert_int_equal(tid_of(&tr, "32"), 0x20);
	assert_int_equal(tid_of(&tr, "0x2"), 2);

	/* Binder_1 names two threads; Binder_ prefixes three. */
	assert_int_equal(trace_match_threads(&tr, "Binder_1", idx, 8), 2);
	assert_int_equal(tr.threads[idx[0]].tid, 3);
	assert_int_equal(tr.threads[idx[1]].tid, 5);
	assert_int_equal(trace_match_threads(&tr, "Binder_", idx, 8), 3);
	assert_int_equal(trace_match_threads(&tr, "Binder_", idx, 2), 3);  /* count past max */
	assert_int_equal(trace_match_threads(&tr, "Binder_", NULL, 0), 3);

	assert_int_equal(trace_match_threads(&tr, "", idx, 8), 0);
	assert_int_equal(trace_match_threads(&tr, "mainx", idx, 8), 0);
	assert_int_equal(trace_match_threads(&tr, "MAIN", idx, 8), 0);    /* case matters */
	trace_free(&tr);
}

static void test_parse_tid(void **state)
{
	(void)state;
	uint32_t t = 0;
	assert_int_equal(trace_parse_tid("42", &t), 0);
	assert_int_equal(t, 42);
	assert_int_equal(trace_parse_tid("010", &t), 0);   /* decimal, never octal */
	assert_int_equal(t, 10);
	assert_int_equal(trace_parse_tid("0xfF", &t), 0);
	assert_int_equal(t, 255);
	assert_int_equal(trace_parse_tid("4294967295", &t), 0);
	assert_int_equal(t, UINT32_MAX);
	static const char *const bad[] = {"", "-1", "+1", " 1", "1 ", "0x", "0x-1", "4294967296",
	                                  "12a", "main"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (trace_parse_tid(bad[i], &t) == 0)
			fail_msg("'%s' parsed as %u", bad[i], t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_magic_numbers),
		cmocka_unit_test(test_perfetto),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_mangled_buffers),
		cmocka_unit_test(test_mangled_v1),
		cmocka_unit_test(test_mangled_streaming),
		cmocka_unit_test(test_load_names_kind),
		cmocka_unit_test(test_pair_half_missing),
		cmocka_unit_test(test_thread_match),
		cmocka_unit_test(test_parse_tid),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
