/* test_readers_damage.c: damaged input for every reader: every prefix of
 * each family's example and of a real trace, random byte flips, and files
 * that are no trace; the result is OK or an error with an offset within the
 * input, and every event's offset is within it. */
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
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ damage */

/* Scan and check the result is sane: OK, or an error with an offset within
 * the input; every event offset within the input. */
static void scan_sane(const uint8_t *p, size_t n)
{
	struct rec r;
	struct sink s = rec_sink(&r, 0, n);
	struct tv_error err;
	uint8_t *copy = malloc(n ? n : 1);

	/* An exact-size heap copy, so ASan sees any read past the end. */
	assert_non_null(copy);
	memcpy(copy, p, n);
	err.code = TV_OK;
	enum tv_status st = load_scan(copy, n, &s, &err);
	assert_true((unsigned)st < TV_STATUS_COUNT);
	if (st != TV_OK) {
		assert_int_equal(err.code, st);
		if (err.offset != TV_NO_OFFSET && err.offset > n)
			fail_msg("status %d offset %llu > %zu", st, (unsigned long long)err.offset, n);
	}
	assert_false(r.bad_offset);
	free(copy);
}

static void every_prefix(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i <= n; i++)
		scan_sane(p, i);
}

static void test_damage_prefixes(void **state)
{
	(void)state;
	struct bb bufs[8] = {{0}};
	const char *dir = tu_real_dir();

	build_art_v3(&bufs[0]);
	build_stream_f3(&bufs[1], 1);
	build_v2c(&bufs[2], "*version\n5\nclock=dual\n*end\n");
	static const uint8_t junk[4] = {0xde, 0xad, 0xbe, 0xef};
	build_stream_f2(&bufs[3], 1, 5, junk);
	bb_str(&bufs[4], "*version\r\n1\r\n*threads\r\n1\tm\r\n*methods\r\n0x4\tA\r\n*end\r\n");
	bb_v1_header(&bufs[4], 1, 0, 0);
	bb_hex(&bufs[4], "01 04 00 00 00 07 00 00 00 01 05 00 00 00 08 00 00 00");
	for (int i = 0; i < 5; i++)
		every_prefix(bufs[i].p, bufs[i].n);
	for (int i = 0; i < 5; i++)
		free(bufs[i].p);
	if (!dir)
		return;
	char path[4096];
	size_t len;
	snprintf(path, sizeof path, "%s/dalvik-v3-dual-perflib-basic.trace", dir);
	uint8_t *p = slurp(path, &len);
	assert_non_null(p);
	every_prefix(p, len);
	free(p);
}

static void flip_bytes(const uint8_t *p, size_t n, unsigned *seed, int rounds)
{
	uint8_t *q = malloc(n);

	assert_non_null(q);
	for (int k = 0; k < rounds; k++) {
		memcpy(q, p, n);
		int flips = 1 + (int)(rand_r(seed) % 4);
		for (int j = 0; j < flips; j++) {
			size_t at = (size_t)rand_r(seed) % n;
			q[at] = (uint8_t)rand_r(seed);
		}
		scan_sane(q, n);
	}
	free(q);
}

static void test_damage_flips(void **state)
{
	(void)state;
	unsigned seed = 12345;
	struct bb bufs[4] = {{0}};

	build_art_v3(&bufs[0]);
	build_stream_f3(&bufs[1], 1);
	build_v2c(&bufs[2], "*version\n5\nclock=dual\n*end\n");
	static const uint8_t junk[4] = {0, 0, 0, 0};
	build_stream_f2(&bufs[3], 1, 7, junk);
	for (int i = 0; i < 4; i++) {
		flip_bytes(bufs[i].p, bufs[i].n, &seed, 3000);
		free(bufs[i].p);
	}
	/* V2 blocks of every layout under damage */
	struct bb ab = {0};
	bb_v2_header(&ab, 0xF5, 1000);
	bb_hex(&ab, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(&ab, "01 00 00 00 00 21 00");
	bb_str(&ab, v2_method_line);
	bb_hex(&ab, "02 | 39 30 00 00 | 00 00 00 00 | 00 00 00 00 | 64 00 00 00 | 03 00 | 09 00 |"
	            "04 1e 0a  05 1e 0f  01 28 0f");
	flip_bytes(ab.p, ab.n, &seed, 3000);
	every_prefix(ab.p, ab.n);
	free(ab.p);

	const char *dir = tu_real_dir();
	if (!dir)
		return;
	static const char *const names[] = {
		"dalvik-v3-dual-perflib-basic.trace", "dalvik-v1-threadcpu-perflib-basic-api10.trace",
		"art-v3-dual-forever001-launcher-app.trace",
		"damaged/art-v3-dual-nonameproduct-game-mytrace-HEAD-utf8-mangled.trace",
		"damaged/dalvik-v3-dual-perflib-basic-special_char-utf8-mangled.trace"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[4096];
		size_t len;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		uint8_t *p = slurp(path, &len);
		assert_non_null(p);
		scan_sane(p, len);
		flip_bytes(p, len, &seed, i < 3 ? 300 : 20);
		free(p);
	}
	/* the streaming file, damaged near its start */
	size_t len;
	uint8_t *p = slurp_streaming(2, &len);
	assert_non_null(p);
	flip_bytes(p, len < 4096 ? len : 4096, &seed, 300);
	free(p);
}

static void test_damage_nontrace(void **state)
{
	(void)state;
	static const char *const texts[] = {
		"", "*", "*version", "*version\n", "*version\r", "SLOW", "SLO", "\x00\x00\x00\x00",
		"TMOL\x01\x00", "\x01\x02\x03", "*version\n3\n*end\n", "*version\n3\n*end\nSLOW\x03",
		"#!/bin/sh\necho hi\n"};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		scan_sane((const uint8_t *)texts[i], strlen(texts[i]) + (i == 7 ? 4 : 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_damage_prefixes),
		cmocka_unit_test(test_damage_flips),
		cmocka_unit_test(test_damage_nontrace),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
