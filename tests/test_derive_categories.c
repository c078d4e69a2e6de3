/* test_derive_categories.c: categories (docs/numbers.md, "Categories"):
 * classifying methods, guessing the app's packages, and the time of each
 * category on small traces written by tracegen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/match.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "derivetest.h"
#include "model/load.h"
#include "testutil.h"
#include "tracegen.h"

/* ------------------------------------------------------------ categories */

static void test_classify(void **state)
{
	(void)state;
	struct trace tr;
	load_script(&tr,
	            "method a 0x10 android.os.MessageQueue nativePollOnce (JI)V\n"
	            "method b 0x14 java.lang.Object wait (J)V\n"
	            "method c 0x18 java/util/concurrent/locks/LockSupport parkNanos (J)V\n"
	            "method d 0x1c com.example.Feed load ()V\n"
	            "method e 0x20 androidx.core.Foo f ()V\n"
	            "method f 0x24 android.support.v4.Bar f ()V\n"
	            "method g 0x28 com.samsung.Baz f ()V\n"
	            "method h 0x2c dalvik.system.VMRuntime f ()V\n"
	            "method i 0x30 kotlinx.coroutines.Job f ()V\n"
	            "method j 0x34 okhttp3.Call f ()V\n"
	            "method k 0x38 java.lang.Object notify ()V\n"
	            "method l 0x3c androidx.app.Main f ()V\n"
	            "1 > a 0\n1 < a 1\n1 > b 1\n1 < b 2\n1 > c 2\n1 < c 3\n1 > d 3\n1 < d 4\n"
	            "1 > e 4\n1 < e 5\n1 > f 5\n1 < f 6\n1 > g 6\n1 < g 7\n1 > h 7\n1 < h 8\n"
	            "1 > i 8\n1 < i 9\n1 > j 9\n1 < j 10\n1 > k 10\n1 < k 11\n1 > l 11\n1 < l 12\n"
	            "1 > 0x40 12\n1 < 0x40 13\n");
	struct derive_glob app[] = {{"com.example.*", 13}, {"androidx.app.*", 14}};
	static const struct {
		uint64_t id;
		enum category want;
	} cases[] = {
		{0x10, CAT_IDLE}, {0x14, CAT_BLOCKED}, {0x18, CAT_BLOCKED}, {0x1c, CAT_APP},
		{0x20, CAT_ANDROIDX}, {0x24, CAT_ANDROIDX}, {0x28, CAT_FRAMEWORK},
		{0x2c, CAT_FRAMEWORK}, {0x30, CAT_RUNTIME}, {0x34, CAT_LIBRARY},
		{0x38, CAT_RUNTIME}, {0x3c, CAT_APP}, {0x40, CAT_UNKNOWN},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint32_t m = trace_find_method(&tr, cases[i].id);
		enum category got = category_of(&tr, m, app, 2);
		if (got != cases[i].want)
			fail_msg("0x%llx: %s, want %s", (unsigned long long)cases[i].id,
			         category_name(got), category_name(cases[i].want));
	}
	/* Without app packages the app's class is a library. */
	assert_int_equal(category_of(&tr, trace_find_method(&tr, 0x1c), NULL, 0), CAT_LIBRARY);
	assert_int_equal(category_of(&tr, trace_find_method(&tr, 0x3c), NULL, 0), CAT_ANDROIDX);
	trace_free(&tr);
}

static void test_app_guess(void **state)
{
	(void)state;
	struct trace tr;
	struct profile p;
	char buf[256];
	/* Rule 1: inside the first performCreate, the first outside class in
	 * preorder, though org.lib owns more excl time. */
	load_script(&tr, "method L 0x10 org.lib.big.Work run ()V\n"
	                  "method P 0x14 android.app.Activity performCreate ()V\n"
	                  "method V 0x18 android.view.View draw ()V\n"
	                  "method A 0x1c com.shop.ui.Main onCreate ()V\n"
	                  "method B 0x20 net.other.X f ()V\n"
	                  "1 > L 0\n1 < L 500\n1 > P 500\n1 > V 510\n1 < V 520\n1 > A 520\n"
	                  "1 > B 530\n1 < B 540\n1 < A 550\n1 < P 560\n"
	                  "2 > P 0\n2 > B 5\n2 < B 10\n2 < P 20\n");
	profile_of(&p, &tr, NULL);
	assert_int_equal(category_guess_app(&p, buf, sizeof buf), 1);
	assert_string_equal(buf, "net.other.*");   /* thread 2's call starts first (cpu 0 vs 500) */
	profile_free(&p);
	uint32_t one = 1;
	profile_of(&p, &tr, &one);
	assert_int_equal(category_guess_app(&p, buf, sizeof buf), 1);
	assert_string_equal(buf, "com.shop.*");
	profile_free(&p);
	trace_free(&tr);

	/* Rule 2: the prefix owning the most excl, grouped; ties by bytes. */
	load_script(&tr, "method A 0x10 com.b.One f ()V\nmethod B 0x14 com.b.Two f ()V\n"
	                  "method C 0x18 com.a.Three f ()V\nmethod D 0x1c java.lang.String f ()V\n"
	                  "method E 0x20 Solo f ()V\n"
	                  "1 > A 0\n1 < A 30\n1 > B 30\n1 < B 60\n1 > C 60\n1 < C 110\n"
	                  "1 > D 110\n1 < D 500\n");
	profile_of(&p, &tr, NULL);
	assert_int_equal(category_guess_app(&p, buf, sizeof buf), 1);
	assert_string_equal(buf, "com.b.*");        /* 60 against 50; java.* is never the app */
	profile_free(&p);
	trace_free(&tr);
	load_script(&tr, "method A 0x10 com.b.One f ()V\nmethod C 0x18 com.a.Three f ()V\n"
	                  "1 > A 0\n1 < A 30\n1 > C 30\n1 < C 60\n");
	profile_of(&p, &tr, NULL);
	assert_int_equal(category_guess_app(&p, buf, sizeof buf), 1);
	assert_string_equal(buf, "com.a.*");        /* a tie: byte order */
	profile_free(&p);
	trace_free(&tr);
	load_script(&tr, "method A 0x10 Solo f ()V\nmethod D 0x14 java.lang.String f ()V\n"
	                  "1 > A 0\n1 < A 30\n1 > D 30\n1 < D 90\n");
	profile_of(&p, &tr, NULL);
	assert_int_equal(category_guess_app(&p, buf, sizeof buf), 1);
	assert_string_equal(buf, "Solo.*");         /* one segment: its own prefix */
	profile_free(&p);
	trace_free(&tr);
	load_script(&tr, "method D 0x14 java.lang.String f ()V\n1 > D 30\n1 < D 90\n");
	profile_of(&p, &tr, NULL);
	assert_int_equal(category_guess_app(&p, buf, sizeof buf), 0);
	profile_free(&p);
	trace_free(&tr);
}

/* Idle and blocked calls give their whole incl; the rest their excl. */
static void test_category_times(void **state)
{
	(void)state;
	struct trace tr;
	struct profile p;
	struct category_report cr;
	load_script(&tr, "method L 0x10 android.os.Looper loop ()V\n"
	                  "method Q 0x14 android.os.MessageQueue nativePollOnce (JI)V\n"
	                  "method A 0x18 com.ex.App run ()V\n"
	                  "method W 0x1c java.lang.Object wait ()V\n"
	                  "method S 0x20 com.ex.App inner ()V\n"
	                  "1 > L 0 0\n1 > Q 1 2\n1 < Q 2 50\n1 > A 3 52\n1 > W 4 60\n1 > S 6 61\n"
	                  "1 < S 7 62\n1 < W 8 90\n1 < A 12 95\n1 < L 13 100\n");
	profile_of(&p, &tr, NULL);
	struct derive_glob app = {"com.ex.*", 8};
	assert_int_equal(category_report_build(&cr, &p, &app, 1), 0);
	assert_int_equal(cr.total[CAT_IDLE][TV_WALL], 48);
	assert_int_equal(cr.total[CAT_BLOCKED][TV_WALL], 30);   /* S inside W counts there */
	assert_int_equal(cr.total[CAT_APP][TV_WALL], 43 - 30);
	assert_int_equal(cr.total[CAT_FRAMEWORK][TV_WALL], 100 - 48 - 43);
	assert_int_equal(cr.total[CAT_IDLE][TV_CPU], 1);
	assert_int_equal(cr.total[CAT_BLOCKED][TV_CPU], 4);
	assert_int_equal(cr.total[CAT_APP][TV_CPU], 5);
	assert_int_equal(cr.total[CAT_FRAMEWORK][TV_CPU], 3);
	category_report_free(&cr);
	profile_free(&p);
	trace_free(&tr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_app_guess),
		cmocka_unit_test(test_category_times),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
