/* test_limits_names.c: names longer than any terminal through every output
 * and the text layer, and invisible characters escaped.
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

/* ------------------------------------------------------------ 5 names longer than a terminal */

static void test_long_names(void **state)
{
	(void)state;
	const size_t cl = 100000, tl = 5000;
	char *cls = malloc(cl + 1), *thr = malloc(tl + 1);
	assert_non_null(cls);
	assert_non_null(thr);
	/* "com." then 'a'..'z' repeated, an ESC at 50000, a 'Z' last. */
	memcpy(cls, "com.", 4);
	for (size_t i = 4; i < cl; i++)
		cls[i] = (char)('a' + i % 26);
	cls[50000] = '\x1b';
	cls[cl - 1] = 'Z';
	cls[cl] = 0;
	for (size_t i = 0; i < tl; i++)
		thr[i] = (char)('A' + i % 26);
	thr[tl] = 0;

	struct tg *tg = tg_new();
	tg_thread(tg, 1, thr);
	tg_method(tg, 0x4, cls, "run", "(I)V", "Long.java");
	tg_enter(tg, 1, 0x4, 0, 0);
	tg_exit(tg, 1, 0x4, 10, 20);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tr.methods[0].cls.len, cl);
	assert_true(tu_str_eq(&tr, tr.threads[0].name, thr));

	/* The escaped class: the ESC as \x1b, everything else as is. */
	char *want = malloc(cl + 4);
	assert_non_null(want);
	memcpy(want, cls, 50000);
	memcpy(want + 50000, "\\x1b", 4);
	memcpy(want + 50004, cls + 50001, cl - 50001);
	want[cl + 3] = 0;

	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	char *out = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&out, &len);
	assert_int_equal(report_text(ms, &p, "long.trace"), TV_OK);
	fclose(ms);
	assert_non_null(strstr(out, want));
	assert_non_null(strstr(out, thr));
	assert_null(memchr(out, 0x1b, len));
	free(out);
	ms = open_memstream(&out, &len);
	assert_int_equal(report_csv(ms, &p), TV_OK);
	fclose(ms);
	assert_non_null(strstr(out, want));
	free(out);
	ms = open_memstream(&out, &len);
	assert_int_equal(report_json(ms, &p), TV_OK);
	fclose(ms);
	want = realloc(want, cl + 6);
	assert_non_null(want);
	memcpy(want + 50000, "\\u001b", 6);   /* JSON's form of ESC */
	memcpy(want + 50006, cls + 50001, cl - 50001);
	want[cl + 5] = 0;
	assert_non_null(strstr(out, want));
	free(out);

	/* The UI's text functions: every fit stays within its columns. */
	size_t esz = 4 * cl + 16;
	char *ecls = malloc(esz), *ethr = malloc(4 * tl + 16), *fit = malloc(esz);
	assert_non_null(ecls);
	assert_non_null(ethr);
	assert_non_null(fit);
	for (int ascii = 0; ascii < 2; ascii++) {
		size_t n = text_escape(cls, cl, ascii, ecls, esz);
		assert_int_equal(n, cl + 3);
		assert_int_equal(text_width(ecls), (int)(cl + 3));
		text_escape(thr, tl, ascii, ethr, 4 * tl + 16);
		static const int cols[] = {0, 1, 2, 3, 10, 80, 200, 1000, 99999, 200000};
		for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++) {
			int c = cols[k];
			int w = text_fit_method(ecls, "run", "(I)V", c, ascii, fit, esz);
			assert_true(w >= 0 && w <= c);
			assert_int_equal(text_width(fit), w);
			w = text_fit(ethr, c, ascii, fit, esz);
			assert_true(w >= 0 && w <= c);
			assert_int_equal(text_width(fit), w);
			w = text_fit_left(ecls, c, ascii, fit, esz);
			assert_true(w >= 0 && w <= c);
			assert_int_equal(text_width(fit), w);
		}
		/* A small buffer: cut on a whole character, still terminated. */
		int w = text_fit_method(ecls, "run", "(I)V", 200000, ascii, fit, 64);
		assert_true(strlen(fit) < 64);
		assert_int_equal(text_width(fit), w);
	}
	free(ecls);
	free(ethr);
	free(fit);
	free(want);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
	free(cls);
	free(thr);
}

/* src/textesc: invisible format characters (bidi overrides, zero-width
 * characters, BOM, tags) never pass raw; the text formats show them as
 * the UI does, JSON as \u escapes (surrogates above U+FFFF). */
static char *esc_to(void (*fn)(FILE *, const char *, size_t), const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&out, &len);
	assert_non_null(ms);
	fn(ms, s, strlen(s));
	fclose(ms);
	return out;
}

static void test_textesc_invisible(void **state)
{
	(void)state;
	static const char in[] = "a\xE2\x80\xAE" "b\xE2\x80\x8F" "c\xE2\x80\x8B" "d\xE2\x80\x8D"
	                         "e\xEF\xBB\xBF" "f\xC2\xAD" "g\xF3\xA0\x80\x81" "h\xC3\xA9";
	char *t = esc_to(textesc_text, in);
	assert_string_equal(t, "a\\u{202E}b\\u{200F}c\\u{200B}d\\u{200D}e\\u{FEFF}f\\u{00AD}"
	                       "g\\u{E0001}h\xC3\xA9");
	free(t);
	t = esc_to(textesc_csv, in);
	assert_string_equal(t, "a\\u{202E}b\\u{200F}c\\u{200B}d\\u{200D}e\\u{FEFF}f\\u{00AD}"
	                       "g\\u{E0001}h\xC3\xA9");
	free(t);
	t = esc_to(textesc_json, in);
	assert_string_equal(t, "\"a\\u202eb\\u200fc\\u200bd\\u200de\\ufefff\\u00ad"
	                       "g\\udb40\\udc01h\xC3\xA9\"");
	free(t);
	/* Visible neighbours stay as they are: U+2010 hyphen, U+2027. */
	t = esc_to(textesc_text, "\xE2\x80\x90\xE2\x80\xA7");
	assert_string_equal(t, "\xE2\x80\x90\xE2\x80\xA7");
	free(t);
}

int main(int argc, char **argv)
{
	(void)argc;
	lim_small_stack(argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_names),
		cmocka_unit_test(test_textesc_invisible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
