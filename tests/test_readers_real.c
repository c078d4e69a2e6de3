/* test_readers_real.c: every reader on the real traces (records against
 * num-method-calls, no warning but the key line's) and the streaming ones,
 * also read as 0xF2; a .key/.data pair on disk loaded by either name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/load.h"
#include "model/trace.h"
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ real traces */

static void test_real_traces(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	size_t seen, nv;

	if (!dir)
		skip();
	char **v = tu_list_traces(dir, &nv);
	for (seen = 0; seen < nv; seen++) {
		const char *path = v[seen], *name = strrchr(path, '/') + 1;
		size_t len;
		uint8_t *p = slurp(path, &len);
		struct rec r;
		struct tv_error err;
		assert_non_null(p);
		struct sink s = rec_sink(&r, 0, len);
		enum tv_status st = load_scan(p, len, &s, &err);
		if (st != TV_OK)
			fail_msg("%s: status %d at %llu", name, st, (unsigned long long)err.offset);
		assert_true(r.has_num_calls);
		if (r.records != r.num_calls)
			fail_msg("%s: %llu records, num-method-calls %llu", name,
			         (unsigned long long)r.records, (unsigned long long)r.num_calls);
		for (int k = 0; k < TV_WARN_COUNT; k++)
			if (r.warn[k] && k != TV_W_KEY_LINE)
				fail_msg("%s: warning %s", name, warn_name((enum tv_warn)k));
		assert_false(r.bad_offset);
		assert_int_equal(r.formats, 1);
		free(p);
	}
	tu_free_list(v, nv);
	assert_true(seen >= 17);
}

static void test_real_streaming(void **state)
{
	(void)state;
	if (!tu_real_dir())
		skip();
	for (size_t i = 0; i < sizeof streaming_files / sizeof streaming_files[0]; i++) {
		size_t len;
		uint8_t *p = slurp_streaming(i, &len);
		struct rec r;
		struct tv_error err;
		assert_non_null(p);
		struct sink s = rec_sink(&r, 0, len);
		assert_int_equal(load_scan(p, len, &s, &err), TV_OK);
		if (r.records != streaming_files[i].records)
			fail_msg("%s: %llu records", streaming_files[i].name,
			         (unsigned long long)r.records);
		assert_int_equal(r.warn[TV_W_NO_SUMMARY], 0);
		assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
		assert_int_equal(r.warn[TV_W_STRIDE14], 0);
		assert_false(r.bad_offset);
		assert_true(r.options > 0);
		free(p);
	}
}

/* The perflib 0xF3 file rewritten as the two 0xF2 kinds: header 0xF2/10
 * with 14-byte records (the writer bug), and true 10-byte records. */
static void test_real_streaming_as_f2(void **state)
{
	(void)state;
	size_t len;
	uint8_t *p = slurp_streaming(1, &len);

	if (!p)
		skip();
	for (int bug = 1; bug >= 0; bug--) {
		struct bb b = {0};
		struct rec r;
		struct tv_error err;
		size_t pos = 32;
		bb_put(&b, p, 32);
		b.p[4] = 0xF2;
		b.p[16] = 10;
		while (pos < len) {
			if (p[pos] | p[pos + 1]) {
				bb_put(&b, p + pos, bug ? 14 : 10);
				pos += 14;
				continue;
			}
			size_t n = p[pos + 2] == 1 ? 5 + (size_t)(p[pos + 3] | p[pos + 4] << 8)
			         : p[pos + 2] == 2 ? 7 + (size_t)(p[pos + 5] | p[pos + 6] << 8)
			                           : len - pos;
			bb_put(&b, p + pos, n);
			pos += n;
		}
		struct sink s = rec_sink(&r, 0, b.n);
		assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
		assert_int_equal(r.records, 44339);
		assert_int_equal(r.warn[TV_W_STRIDE14], bug);
		assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
		free(b.p);
	}
	free(p);
}

/* A .key/.data pair on disk, loaded by either name, and load_file errors. */
static void test_load_file_pair(void **state)
{
	(void)state;
	char dir[] = "/tmp/tvreadersXXXXXX", path[256], errfile[256];
	struct bb b = {0};
	struct trace tr;
	struct tv_error err;
	FILE *f;
	size_t k = strlen(art_key);

	assert_non_null(mkdtemp(dir));
	build_art_v3(&b);
	snprintf(path, sizeof path, "%s/t.key", dir);
	f = fopen(path, "wb");
	fwrite(b.p, 1, k, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/t.data", dir);
	f = fopen(path, "wb");
	fwrite(b.p + k, 1, b.n - k, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/whole.trace", dir);
	f = fopen(path, "wb");
	fwrite(b.p, 1, b.n, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/empty.trace", dir);
	fclose(fopen(path, "wb"));

	static const char *const ok[] = {"t", "t.key", "t.data", "whole.trace"};
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, ok[i]);
		trace_init(&tr);
		if (load_file(&tr, path, &err, errfile, sizeof errfile) != TV_OK)
			fail_msg("%s: %d", ok[i], err.code);
		trace_free(&tr);
	}
	snprintf(path, sizeof path, "%s/empty.trace", dir);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_ERR_EMPTY);
	assert_string_equal(errfile, path);
	trace_free(&tr);
	snprintf(path, sizeof path, "%s/missing.trace", dir);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_ERR_IO);
	assert_non_null(strstr(err.detail, "No such file"));
	trace_free(&tr);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, dir, &err, errfile, sizeof errfile), TV_ERR_IO);
	trace_free(&tr);

	/* A data file cut inside its header: the error is in the .data. */
	snprintf(path, sizeof path, "%s/t.data", dir);
	f = fopen(path, "wb");
	fwrite(b.p + k, 1, 3, f);
	fclose(f);
	trace_init(&tr);
	snprintf(path, sizeof path, "%s/t", dir);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_ERR_NO_DATA);
	snprintf(path, sizeof path, "%s/t.data", dir);
	assert_string_equal(errfile, path);
	trace_free(&tr);

	static const char *const names[] = {"t.key", "t.data", "whole.trace", "empty.trace"};
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
	free(b.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_traces),
		cmocka_unit_test(test_real_streaming),
		cmocka_unit_test(test_real_streaming_as_f2),
		cmocka_unit_test(test_load_file_pair),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
