/* test_tracegen.c: the trace writer reproduces docs/format.md, "Examples" byte
 * for byte and honours its options. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tracegen.h"

/* Parses "53 4c 4f 57 ..." (blanks and '|' ignored) into out; returns the
 * byte count. */
static size_t hex(const char *s, uint8_t *out, size_t cap)
{
	size_t n = 0;
	while (*s) {
		if (*s == ' ' || *s == '|' || *s == '\n') {
			s++;
			continue;
		}
		unsigned v;
		assert_int_equal(sscanf(s, "%2x", &v), 1);
		assert_true(n < cap);
		out[n++] = (uint8_t)v;
		s += 2;
	}
	return n;
}

/* Asserts buf[off..] starts with the hex bytes; returns off + their count. */
static size_t expect_hex(const uint8_t *buf, size_t len, size_t off, const char *want)
{
	uint8_t w[512];
	size_t n = hex(want, w, sizeof w);
	assert_true(off + n <= len);
	if (memcmp(buf + off, w, n) != 0) {
		for (size_t i = 0; i < n; i++)
			if (buf[off + i] != w[i])
				fail_msg("byte %zu: got %02x, want %02x", off + i, buf[off + i], w[i]);
	}
	return off + n;
}

static size_t find(const uint8_t *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(buf + i, s, n) == 0)
			return i;
	return SIZE_MAX;
}

static uint64_t le(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static struct tg *foo_bar(void)
{
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	tg_method(tg, 0x0, "com.example.Foo", "bar", "()V", "Foo.java");
	tg_method(tg, 0x4, "com.example.Foo", "baz", "()V", "Foo.java");
	return tg;
}

/* docs/format.md, "Examples", ART non-streaming v3 (dual): the binary part
 * after *end. */
static void test_art_v3(void **state)
{
	(void)state;
	struct tg *tg = foo_bar();
	assert_int_equal(tg_script(tg, "1 > 0x0 0 10\n1 > 0x4 5 20\n1 < 0x4 15 40\n1 < 0x0 20 50\n"), 0);
	struct tg_opts o = {.family = TG_V1, .version = 3, .start_time = 123456789};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	assert_int_equal(find(buf, len, "*version\n3\n"), 0);
	assert_true(find(buf, len, "\nclock=dual\n") != SIZE_MAX);
	assert_true(find(buf, len, "\nnum-method-calls=4\n") != SIZE_MAX);
	assert_true(find(buf, len, "*threads\n1\tmain\n*methods\n"
	                           "0\tcom.example.Foo\tbar\t()V\tFoo.java\n"
	                           "0x4\tcom.example.Foo\tbaz\t()V\tFoo.java\n*end\n") != SIZE_MAX);
	size_t off = find(buf, len, "*end\n") + 5;
	off = expect_hex(buf, len, off,
	                 "53 4c 4f 57  03 00  20 00  15 cd 5b 07 00 00 00 00  0e 00"
	                 "00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	off = expect_hex(buf, len, off,
	                 "01 00  00 00 00 00  00 00 00 00  0a 00 00 00"
	                 "01 00  04 00 00 00  05 00 00 00  14 00 00 00"
	                 "01 00  05 00 00 00  0f 00 00 00  28 00 00 00"
	                 "01 00  01 00 00 00  14 00 00 00  32 00 00 00");
	assert_int_equal(off, len);
	free(buf);
	tg_free(tg);
}

/* §11 "Dalvik v1": 9-byte records, u1 thread id, orphan exit first. */
static void test_dalvik_v1(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	tg_method(tg, 0x4000a0b8, "java/lang/Object", "wait", "()V", "Object.java");
	tg_method(tg, 0x4000a010, "java/lang/Object", "notify", "()V", "Object.java");
	tg_exit(tg, 1, 0x4000a0b8, 7, 0);
	tg_enter(tg, 1, 0x4000a010, 9, 0);
	tg_exit(tg, 1, 0x4000a010, 11, 0);
	struct tg_opts o = {.family = TG_V1, .version = 1, .start_time = 0x00049e57d6354000ull,
	                    .shape = TG_LINE_DALVIK6, .id_style = TG_ID_08X, .vm = "dalvik"};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	assert_true(find(buf, len, "\nclock=thread-cpu\n") != SIZE_MAX);
	assert_true(find(buf, len, "\n0x4000a0b8\tjava/lang/Object\twait\t()V\tObject.java\t0\n")
	            != SIZE_MAX);
	assert_true(find(buf, len, "\nvm=dalvik\n") != SIZE_MAX);
	size_t off = find(buf, len, "*end\n") + 5;
	off = expect_hex(buf, len, off,
	                 "53 4c 4f 57  01 00  20 00  00 40 35 d6 57 9e 04 00"
	                 "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	off = expect_hex(buf, len, off,
	                 "01  b9 a0 00 40  07 00 00 00"
	                 "01  10 a0 00 40  09 00 00 00"
	                 "01  11 a0 00 40  0b 00 00 00");
	assert_int_equal(off, len);
	free(buf);
	tg_free(tg);
}

/* §11 "ART V1 streaming (0xF3)". */
static void test_stream_f3(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	tg_method(tg, 0, "com.example.Foo", "bar", "()V", "Foo.java");
	tg_enter(tg, 1, 0, 0, 10);
	tg_exit(tg, 1, 0, 3, 12);
	struct tg_opts o = {.family = TG_V1_STREAM, .version = 3, .start_time = 123456789};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 0,
	                        "53 4c 4f 57 f3 00 20 00 15 cd 5b 07 00 00 00 00 0e 00"
	                        "00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	off = expect_hex(buf, len, off, "00 00 02 01 00 04 00 6d 61 69 6e");
	off = expect_hex(buf, len, off, "00 00 01 23 00 30 09 63 6f 6d");
	assert_memory_equal(buf + off - 5, "0\tcom.example.Foo\tbar\t()V\tFoo.java\n", 0x23);
	off += 0x23 - 5;
	off = expect_hex(buf, len, off, "01 00 00 00 00 00 00 00 00 00 0a 00 00 00"
	                                "01 00 01 00 00 00 03 00 00 00 0c 00 00 00");
	off = expect_hex(buf, len, off, "00 00 03");
	uint64_t slen = le(buf + off, 4);
	off += 4;
	assert_int_equal(off + slen, len);
	assert_memory_equal(buf + off, "*version\n3\n", 11);
	assert_memory_equal(buf + len - 5, "*end\n", 5);
	/* A streaming summary has no record count; *methods is empty by default. */
	assert_true(find(buf, len, "num-method-calls") == SIZE_MAX);
	assert_true(find(buf, len, "*threads\n1\tmain\n*methods\n*end\n") != SIZE_MAX);
	free(buf);
	tg_free(tg);
}

/* §11 "ART V2 revision (c)/(d), streaming dual (0xF5)". */
static void test_v2_c(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	const uint64_t m = 0x7a1b2c3d40ull;
	tg_thread(tg, 12345, "main");
	tg_method(tg, m, "com.example.Foo", "bar", "()V", "Foo.java");
	tg_enter(tg, 12345, m, 0, 1000);
	tg_exit(tg, 12345, m, 700, 1800);
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_C,
	                    .start_time = 5000000000ull};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 0,
	                        "53 4c 4f 57 f5 00 | 00 f2 05 2a 01 00 00 00 |"
	                        "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	off = expect_hex(buf, len, off, "00 39 30 00 00 04 00 6d 61 69 6e");
	off = expect_hex(buf, len, off, "01 40 3d 2c 1b 7a 00 00 00 21 00 63 6f 6d");
	assert_memory_equal(buf + off - 3, "com.example.Foo\tbar\t()V\tFoo.java\n", 0x21);
	off += 0x21 - 3;
	off = expect_hex(buf, len, off,
	                 "02 39 30 00 00 02 00 00 0e 00 00 00"
	                 "c0 fa b0 d9 a1 0f   e8 07   00"
	                 "01                  a0 06   bc 05");
	off = expect_hex(buf, len, off, "03");
	uint64_t slen = le(buf + off, 2);
	off += 2;
	assert_int_equal(off + slen, len);
	assert_memory_equal(buf + off, "*version\n5\n", 11);
	assert_memory_equal(buf + len - 5, "*end\n", 5);
	assert_true(find(buf, len, "elapsed-time-usec=800\n") != SIZE_MAX);
	assert_true(find(buf, len, "*threads") == SIZE_MAX);
	free(buf);
	tg_free(tg);
}

/* Revision (d): same bytes as (c) with times ×1000 and the nsec key. */
static void test_v2_d(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_enter(tg, 7, 0x40, 1, 2);
	tg_exit(tg, 7, 0x40, 3, 5);
	struct tg_opts o = {.family = TG_V2, .version = 5, .rev = TG_REV_D};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	expect_hex(buf, len, 0, "53 4c 4f 57 05 00");
	/* wall 2000 = d0 0f, cpu 1000 = e8 07; then +1 exit, wall +3000 = b8 17,
	 * cpu +2000 = d0 0f. */
	expect_hex(buf, len, 32, "02 07 00 00 00 02 00 00 0b 00 00 00"
	                         "c0 00 d0 0f e8 07  01 b8 17 d0 0f  03");
	assert_true(find(buf, len, "elapsed-time-nsec=3000\n") != SIZE_MAX);
	assert_true(find(buf, len, "num-method-calls=2\n") != SIZE_MAX);
	free(buf);
	tg_free(tg);
}

/* §11 revision (b) entry block (Android 15 release), dual. */
static void test_v2_b(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	const uint64_t m = 0x7a1b2c3d40ull, n = m + 0x20;
	tg_enter(tg, 12345, m, 0, 100);
	tg_enter(tg, 12345, n, 10, 130);
	tg_exit(tg, 12345, n, 25, 160);
	tg_exit(tg, 12345, m, 40, 200);
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_B,
	                    .no_summary = 1};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 32,
	                        "02 | 39 30 00 00 | 40 3d 2c 1b 7a 00 00 00 | 00 00 00 00 |"
	                        "64 00 00 00 | 03 00 | 09 00 | 20 1e 0a  01 1e 0f  60 28 0f");
	assert_int_equal(off, len);
	free(buf);
	tg_free(tg);
}

/* §11 revision (a) entry block (Feb 2024), dual; method infos carry
 * the index. */
static void test_v2_a(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "12345 > 0x0 0 100; 12345 > 0x4 10 130;"
	                               "12345 < 0x4 25 160; 12345 < 0x0 40 200"), 0);
	struct tg_opts o = {.family = TG_V2, .version = 5, .streaming = 1, .rev = TG_REV_A,
	                    .no_summary = 1};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 32,
	                        "02 | 39 30 00 00 | 00 00 00 00 | 00 00 00 00 | 64 00 00 00 |"
	                        "03 00 | 09 00 | 04 1e 0a  05 1e 0f  01 28 0f");
	assert_int_equal(off, len);
	free(buf);

	tg_method(tg, 0x8, "A", "b", "()V", "A.java");
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	expect_hex(buf, len, 32, "01 02 00 00 00 0f 00");   /* index 2, len 15 */
	free(buf);
	tg_method(tg, 0x9, "A", "c", "()V", "A.java");
	assert_int_equal(tg_write(tg, &o, &buf, &len), -1);
	tg_free(tg);
}

/* LEB128 reminders of §11 through a revision (c) block:
 * SLEB +64 = c0 00, ULEB 300 = ac 02, SLEB -32 = 60. */
static void test_leb(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_raw(tg, 1, 64, 0, 300);
	tg_raw(tg, 1, 32, 0, 300);
	struct tg_opts o = {.family = TG_V2, .version = 5, .no_summary = 1};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 32, "02 01 00 00 00 02 00 00 08 00 00 00"
	                                      "c0 00 ac 02 00  60 00 00");
	assert_int_equal(off, len);
	free(buf);
	tg_free(tg);
}

/* Single-clock V2 (version 4): only the chosen clock is encoded. */
static void test_v2_single(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_enter(tg, 1, 4, 5, 9);
	struct tg_opts o = {.family = TG_V2, .version = 4, .clock = TG_CLOCK_WALL, .no_summary = 1};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	assert_int_equal(expect_hex(buf, len, 0, "53 4c 4f 57 04 00"), 6);
	assert_int_equal(expect_hex(buf, len, 32, "02 01 00 00 00 01 00 00 02 00 00 00 04 09"), len);
	free(buf);
	o.clock = TG_CLOCK_AUTO;   /* thread-cpu */
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	assert_int_equal(expect_hex(buf, len, 32, "02 01 00 00 00 01 00 00 02 00 00 00 04 05"), len);
	free(buf);
	tg_free(tg);
}

/* Split blocks: each block restarts its delta state. */
static void test_v2_split(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "1 > 0x4 1 2; 1 < 0x4 3 4; 2 > 0x8 0 7"), 0);
	struct tg_opts o = {.family = TG_V2, .block_events = 1, .no_summary = 1};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 32, "02 01 00 00 00 01 00 00 03 00 00 00 04 02 01");
	off = expect_hex(buf, len, off, "02 01 00 00 00 01 00 00 03 00 00 00 05 04 03");
	off = expect_hex(buf, len, off, "02 02 00 00 00 01 00 00 03 00 00 00 08 07 00");
	assert_int_equal(off, len);
	free(buf);
	tg_free(tg);
}

/* Script: symbols get ids 0x4, 0x8...; declared symbols keep theirs;
 * numbers are undeclared ids; names keep inner spaces. */
static void test_script(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg,
	        "# a comment\n"
	        "thread 3 Binder thread #1\n"   /* '#' starts a comment: name "Binder thread" */
	        "method Z 0x100 a.B c (I)V B.java 42\n"
	        "3 > A 1 2\n3 > Z 2\n3 ! Z 3 4; 3 ? 0x200 5 6\n3 * 0x9 7 8\n3 < A 9 10\n"), 0);
	assert_int_equal(tg_id(tg, "A"), 4);
	assert_int_equal(tg_id(tg, "Z"), 0x100);
	assert_int_equal(tg_id(tg, "nope"), UINT64_MAX);
	assert_int_equal(tg_nrecords(tg), 6);
	struct tg_opts o = {.family = TG_V1, .version = 2, .shape = TG_LINE_DALVIK6,
	                    .id_style = TG_ID_P};
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	assert_true(find(buf, len, "*threads\n3\tBinder thread\n*methods\n"
	                           "0x100\ta.B\tc\t(I)V\tB.java\t42\n"
	                           "0x4\tcom.example.Test\tA\t()V\tTest.java\t0\n*end\n") != SIZE_MAX);
	size_t off = find(buf, len, "*end\n") + 5 + 32;
	off = expect_hex(buf, len, off,
	                 "03 00 04 00 00 00 01 00 00 00"   /* > A, cpu 1 */
	                 "03 00 00 01 00 00 02 00 00 00"   /* > Z, one time: both 2 */
	                 "03 00 02 01 00 00 03 00 00 00"   /* ! Z */
	                 "03 00 03 02 00 00 05 00 00 00"   /* ? 0x200 */
	                 "03 00 09 00 00 00 07 00 00 00"   /* * 0x9 */
	                 "03 00 05 00 00 00 09 00 00 00"); /* < A */
	assert_int_equal(off, len);
	free(buf);
	assert_int_equal(tg_script(tg, "3 > A"), -1);
	assert_int_equal(tg_script(tg, "3 % A 1 2"), -1);
	assert_int_equal(tg_script(tg, "method X zz a b c"), -1);
	assert_int_equal(tg_script(tg, "3 * A 1 2"), -1);
	tg_free(tg);
}

/* Key section options: CRLF, id styles, shapes, clocks, extra keys. */
static void test_key_options(void **state)
{
	(void)state;
	struct tg *tg = foo_bar();
	tg_thread(tg, 70000, "worker");
	assert_int_equal(tg_script(tg, "70000 > 0x4 1 2"), 0);
	uint8_t *buf;
	size_t len;
	struct tg_opts o = {.crlf = 1, .overflow = 1, .extra_keys = "pid=42\n",
	                    .shape = TG_LINE_4, .id_style = TG_ID_NIL, .tid_style = TG_TID_TRUNC};
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	assert_int_equal(find(buf, len, "*version\r\n3\r\ndata-file-overflow=true\r\n"), 0);
	assert_true(find(buf, len, "vm=art\r\npid=42\n*threads\r\n1\tmain\r\n4464\tworker\r\n") !=
	            SIZE_MAX);
	assert_true(find(buf, len, "\n(nil)\tcom.example.Foo\tbar\t()V\r\n") != SIZE_MAX);
	assert_true(find(buf, len, "\r\n*end\r\nSLOW") != SIZE_MAX);
	free(buf);

	struct tg_opts o2 = {.version = 2, .clock = TG_CLOCK_WALL, .shape = TG_LINE_2,
	                     .id_style = TG_ID_08X, .key_version = 3,
	                     .has_num_calls = 1, .num_calls = 99, .no_elapsed = 1};
	assert_int_equal(tg_write(tg, &o2, &buf, &len), 0);
	assert_int_equal(find(buf, len, "*version\n3\n"), 0);
	assert_true(find(buf, len, "\nclock=wall\n") != SIZE_MAX);
	assert_true(find(buf, len, "num-method-calls=99\n") != SIZE_MAX);
	assert_true(find(buf, len, "elapsed") == SIZE_MAX);
	assert_true(find(buf, len, "70000\tworker\n") != SIZE_MAX);
	assert_true(find(buf, len, "\n0x00000000\tcom.example.Foo.bar\n") != SIZE_MAX);
	size_t off = find(buf, len, "*end\n") + 5;
	expect_hex(buf, len, off, "53 4c 4f 57 02 00 20 00");
	/* version 2, wall clock: u2 tid 70000 & 0xffff = 0x1170, wall 2 */
	assert_int_equal(expect_hex(buf, len, off + 32, "70 11 04 00 00 00 02 00 00 00"), len);
	free(buf);

	struct tg_opts o3 = {.clock = TG_CLOCK_NONE, .version = 1};
	assert_int_equal(tg_write(tg, &o3, &buf, &len), 0);
	assert_true(find(buf, len, "clock=") == SIZE_MAX);
	off = find(buf, len, "*end\n") + 5;
	/* version 1: u1 tid 70000 & 0xff = 0x70, thread-cpu value 1 */
	assert_int_equal(expect_hex(buf, len, off + 32, "70 04 00 00 00 01 00 00 00"), len);
	free(buf);
	tg_free(tg);
}

/* dmtracedump's 16-byte header, larger records, damage, and pairs. */
static void test_binary_options(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "1 > 0x4 1 2; 1 < 0x4 3 4"), 0);
	uint8_t *buf, *key;
	size_t len, keylen;
	struct tg_opts o = {.version = 2, .data_offset = 16};
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = find(buf, len, "*end\n") + 5;
	assert_int_equal(expect_hex(buf, len, off,
	                            "53 4c 4f 57 02 00 10 00 00 00 00 00 00 00 00 00"
	                            "01 00 04 00 00 00 01 00 00 00"
	                            "01 00 05 00 00 00 03 00 00 00"), len);
	free(buf);

	struct tg_opts o2 = {.record_size = 16, .drop_tail = 3};
	assert_int_equal(tg_write(tg, &o2, &buf, &len), 0);
	off = find(buf, len, "*end\n") + 5;
	expect_hex(buf, len, off + 16, "10 00");
	off = expect_hex(buf, len, off + 32, "01 00 04 00 00 00 01 00 00 00 02 00 00 00 00 00");
	assert_int_equal(len - off, 16 - 3);
	free(buf);

	struct tg_opts o3 = {.truncate = 1, .truncate_at = 10};
	assert_int_equal(tg_write(tg, &o3, &buf, &len), 0);
	assert_int_equal(len, 10);
	free(buf);

	assert_int_equal(tg_write_pair(tg, NULL, &key, &keylen, &buf, &len), 0);
	assert_int_equal(find(key, keylen, "*version\n3\n"), 0);
	assert_int_equal(find(key, keylen, "*end\n"), keylen - 5);
	assert_int_equal(len, 32 + 2 * 14);
	expect_hex(buf, len, 0, "53 4c 4f 57 03 00 20 00");
	free(buf);
	free(key);
	struct tg_opts s = {.family = TG_V1_STREAM};
	assert_int_equal(tg_write_pair(tg, &s, &key, &keylen, &buf, &len), -1);
	tg_free(tg);
}

/* 0xF2 streaming: stride-14 writer bug, no summary, summary variants. */
static void test_stream_options(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 2, "w");
	tg_method(tg, 0x4, "a.B", "c", "()V", "B.java");
	assert_int_equal(tg_script(tg, "2 > 0x4 1 2; 2 < 0x4 3 4"), 0);
	uint8_t *buf;
	size_t len;
	struct tg_opts o = {.family = TG_V1_STREAM, .version = 2, .stride14_bug = 1,
	                    .no_summary = 1, .clock = TG_CLOCK_WALL};
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	size_t off = expect_hex(buf, len, 0, "53 4c 4f 57 f2 00 20 00 00 00 00 00 00 00 00 00 0a 00");
	off = expect_hex(buf, len, 32, "00 00 02 02 00 01 00 77");
	off = expect_hex(buf, len, off, "00 00 01 15 00") + 0x15;
	off = expect_hex(buf, len, off, "02 00 04 00 00 00 02 00 00 00 e8 e9 ea eb"
	                                "02 00 05 00 00 00 04 00 00 00 e8 e9 ea eb");
	assert_int_equal(off, len);
	free(buf);

	struct tg_opts o2 = {.family = TG_V1_STREAM, .version = 2, .summary_no_threads = 1,
	                     .summary_methods = 1};
	assert_int_equal(tg_write(tg, &o2, &buf, &len), 0);
	assert_true(find(buf, len, "*threads\n*methods\n0x4\ta.B\tc\t()V\tB.java\n*end\n") !=
	            SIZE_MAX);
	assert_true(find(buf, len, "clock=thread-cpu\n") != SIZE_MAX);
	free(buf);
	tg_free(tg);
}

static void test_write_file(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "1 > A 1 2; 1 < A 3 4"), 0);
	char path[] = "/tmp/tgtestXXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(tg_write_file(tg, NULL, path), 0);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char head[9] = {0};
	assert_int_equal(fread(head, 1, 8, f), 8);
	assert_string_equal(head, "*version");
	fclose(f);
	remove(path);
	assert_int_equal(tg_write_pair_files(tg, NULL, path), 0);
	char k[64];
	snprintf(k, sizeof k, "%s.key", path);
	assert_int_equal(remove(k), 0);
	snprintf(k, sizeof k, "%s.data", path);
	assert_int_equal(remove(k), 0);
	tg_free(tg);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_art_v3),
		cmocka_unit_test(test_dalvik_v1),
		cmocka_unit_test(test_stream_f3),
		cmocka_unit_test(test_v2_c),
		cmocka_unit_test(test_v2_d),
		cmocka_unit_test(test_v2_b),
		cmocka_unit_test(test_v2_a),
		cmocka_unit_test(test_leb),
		cmocka_unit_test(test_v2_single),
		cmocka_unit_test(test_v2_split),
		cmocka_unit_test(test_script),
		cmocka_unit_test(test_key_options),
		cmocka_unit_test(test_binary_options),
		cmocka_unit_test(test_stream_options),
		cmocka_unit_test(test_write_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
