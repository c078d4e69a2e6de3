/* test_reports_text.c: the text report and --format=tree on traces built
 * by hand (reporttest.h): both clocks, idle threads, the tree's title, an
 * absent clock, escaping, recursion. Outputs are compared with golden
 * strings whose numbers were worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "model/trace.h"
#include "reporttest.h"
#include "write/report.h"

/* ------------------------------------------------------------ text */

static const char dual_text[] =
	"file       app\\x1b.trace\n"
	"vm         art\n"
	"version    3\n"
	"clock      dual\n"
	"pid        4242\n"
	"threads    2 of 2 selected\n"
	"      records       cpu ms      wall ms  thread\n"
	"            8        0.100        0.200  [1] main\n"
	"            4        0.030        0.040  [7]\n"
	"recording  wall 0.210 ms (earliest to latest record)\n"
	"elapsed    0.250 ms (elapsed-time-usec)\n"
	"thread time cpu 0.130 ms wall 0.240 ms\n"
	"warnings\n"
	"  2 records with the unused action 3 ignored (first at offset 100)\n"
	"  1 method ids with no method line\n"
	"app        com.example.* (guessed)\n"
	"\n"
	"Time by category (ms of busy time, the calls' own time by code origin; idle and blocked calls whole)\n"
	"       Cpu ms        Cpu%      Real ms       Real%  Category\n"
	"All selected threads\n"
	"        0.090        81.8        0.140        66.7  app\n"
	"        0.000         0.0        0.000         0.0  androidx\n"
	"        0.000         0.0        0.000         0.0  framework\n"
	"        0.000         0.0        0.000         0.0  runtime\n"
	"        0.000         0.0        0.000         0.0  library\n"
	"        0.010         9.1        0.010         4.8  unknown\n"
	"        0.000         0.0        0.000         0.0  idle\n"
	"        0.010         9.1        0.060        28.6  blocked\n"
	"[1] main\n"
	"        0.080        88.9        0.120        66.7  app\n"
	"        0.000         0.0        0.000         0.0  androidx\n"
	"        0.000         0.0        0.000         0.0  framework\n"
	"        0.000         0.0        0.000         0.0  runtime\n"
	"        0.000         0.0        0.000         0.0  library\n"
	"        0.000         0.0        0.000         0.0  unknown\n"
	"        0.000         0.0        0.000         0.0  idle\n"
	"        0.010        11.1        0.060        33.3  blocked\n"
	"[7]\n"
	"        0.010        50.0        0.020        66.7  app\n"
	"        0.000         0.0        0.000         0.0  androidx\n"
	"        0.000         0.0        0.000         0.0  framework\n"
	"        0.000         0.0        0.000         0.0  runtime\n"
	"        0.000         0.0        0.000         0.0  library\n"
	"        0.010        50.0        0.010        33.3  unknown\n"
	"        0.000         0.0        0.000         0.0  idle\n"
	"        0.000         0.0        0.000         0.0  blocked\n"
	"\n"
	"Methods, sorted by Incl Real (wall clock), largest first; times in ms, percentages of the toplevel incl of the same clock\n"
	"   Incl Cpu%     Incl Cpu   Excl Cpu%     Excl Cpu  Incl Real%    Incl Real  Excl Real%    Excl Real    Calls+Rec    Cpu/Call   Real/Call  Name\n"
	"       100.0        0.130        15.4        0.020       100.0        0.240        12.5        0.030          2+0       0.065       0.120  (toplevel)\n"
	"        69.2        0.090        30.8        0.040        75.0        0.180        16.7        0.040          1+0       0.090       0.180  com.example.Foo.main ()V\n"
	"        38.5        0.050        38.5        0.050        41.7        0.100        41.7        0.100          2+1       0.017       0.033  com.example.Foo.work (I)I\n"
	"         7.7        0.010         7.7        0.010        25.0        0.060        25.0        0.060          1+0       0.010       0.060  java.lang.Object.wait ()V\n"
	"        15.4        0.020         7.7        0.010        12.5        0.030         4.2        0.010          1+0       0.020       0.030  (unknown 0x2000)\n"
	"\n"
	"Parents and children (percentages of the method's incl; calls: of the method's for parents, of the child's for children)\n"
	"           Incl Cpu%     Incl Cpu  Incl Real%    Incl Real        Calls  Name\n"
	"\n"
	"(toplevel)\n"
	"  self          15.4        0.020        12.5        0.030\n"
	"  child         69.2        0.090        75.0        0.180          1/1  com.example.Foo.main ()V\n"
	"  child         15.4        0.020        12.5        0.030          1/1  (unknown 0x2000)\n"
	"\n"
	"com.example.Foo.main ()V\n"
	"  parent       100.0        0.090       100.0        0.180          1/1  (toplevel)\n"
	"  self          44.4        0.040        22.2        0.040\n"
	"  child         44.4        0.040        44.4        0.080          1/3  com.example.Foo.work (I)I\n"
	"  child         11.1        0.010        33.3        0.060          1/1  java.lang.Object.wait ()V\n"
	"\n"
	"com.example.Foo.work (I)I\n"
	"  parent        80.0        0.040        80.0        0.080          1/3  com.example.Foo.main ()V\n"
	"  parent        20.0        0.010        20.0        0.020          1/3  (unknown 0x2000)\n"
	"  self         100.0        0.050       100.0        0.100\n"
	"  child         20.0        0.010        20.0        0.020          1/3  com.example.Foo.work (I)I\n"
	"  Parents while recursive\n"
	"  parent        20.0        0.010        20.0        0.020          1/3  com.example.Foo.work (I)I\n"
	"\n"
	"java.lang.Object.wait ()V\n"
	"  parent       100.0        0.010       100.0        0.060          1/1  com.example.Foo.main ()V\n"
	"  self         100.0        0.010       100.0        0.060\n"
	"\n"
	"(unknown 0x2000)\n"
	"  parent       100.0        0.020       100.0        0.030          1/1  (toplevel)\n"
	"  self          50.0        0.010        33.3        0.010\n"
	"  child         50.0        0.010        66.7        0.020          1/3  com.example.Foo.work (I)I\n";

static void test_text_dual(void **state)
{
	(void)state;
	struct trace tr;
	build_dual(&tr);
	assert_report_equal(&tr, F_TEXT, NULL, "app\x1b.trace", dual_text);
	trace_free(&tr);
}

/* The dual trace and two threads without a call (busy time 0 on both
 * clocks, though their spans are not): the category section keeps the
 * blocks of [1] main and [7] and says that two were left out; the
 * thread table still lists all four. */
static void test_text_idle_threads(void **state)
{
	(void)state;
	struct trace tr;
	build_dual(&tr);
	add_thread(&tr, 9, CSTR(&tr, "idle-a"), 2, 0, 5000, 10, 100, NULL, 0);
	add_thread(&tr, 11, CSTR(&tr, "idle-b"), 2, 0, 5000, 0, 50, NULL, 0);
	char *got = render(&tr, F_TEXT, NULL, NULL, NULL);
	const char *cats = strstr(got, "\nAll selected threads\n"), *end = strstr(got, "\nMethods");
	assert_non_null(cats);
	assert_non_null(end);
	assert_non_null(strstr(got, "  [9] idle-a\n"));       /* the thread table */
	assert_non_null(strstr(got, "  [11] idle-b\n"));
	const char *tail = "        0.000         0.0        0.000         0.0  blocked\n"
	                   "2 threads with no busy time on either clock left out\n"
	                   "\nMethods";
	const char *at = strstr(cats, tail);
	assert_true(at && at + strlen(tail) - strlen("\nMethods") == end);
	assert_non_null(strstr(cats, "\n[1] main\n"));
	assert_non_null(strstr(cats, "\n[7]\n"));
	assert_null(strstr(cats, "idle-"));
	free(got);
	trace_free(&tr);
}

/* --format=tree of t (after its title line when asked) as a malloc'd
 * string. */
static char *render_tree(struct pathtree *t, int invert, int title)
{
	struct report_tree_opts o = {0, invert, 1, 0};
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	assert_non_null(f);
	if (title)
		assert_int_equal(report_tree_title(f, t), TV_OK);
	assert_int_equal(report_tree(f, t, &o), TV_OK);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* The trees' text names the clock of its columns and the order of the
 * siblings in a title line when asked: the dual trace top-down on wall (toplevel
 * 240 µs wall, excl 30 = 12.5%, 2 roots), bottom-up on CPU by calls,
 * smallest first. */
static void test_tree_title(void **state)
{
	(void)state;
	struct trace tr;
	struct pathtree t;
	build_dual(&tr);
	assert_int_equal(pathtree_build(&t, &tr, NULL, TV_WALL, NULL), TV_OK);
	char *got = render_tree(&t, 0, 0);
	assert_true(strncmp(got, "      0.240 100.0%", 18) == 0);   /* no title asked */
	free(got);
	got = render_tree(&t, 0, 1);
	assert_string_equal(got,
		"  incl wall      %   excl wall      %      calls  method (ms; siblings sorted by "
		"incl_wall, largest first)\n"
		"      0.240 100.0%       0.030  12.5%          2  (toplevel)\n"
		"      0.180  75.0%       0.040  16.7%          1    com.example.Foo.main ()V\n"
		"      0.030  12.5%       0.010   4.2%          1    (unknown 0x2000)\n");
	free(got);
	pathtree_free(&t);
	assert_int_equal(pathtree_build_inverted(&t, &tr, NULL, TV_CPU, NULL), TV_OK);
	assert_int_equal(pathtree_sort_by(&t, TV_CPU, PATHTREE_BY_CALLS, 1), TV_OK);
	got = render_tree(&t, 1, 1);
	const char *title = "   incl cpu      %    excl cpu      %      calls  method (ms; "
	                    "siblings sorted by calls, smallest first)\n";
	assert_true(strncmp(got, title, strlen(title)) == 0);
	free(got);
	pathtree_free(&t);
	trace_free(&tr);
}

/* No wall clock: no Real columns anywhere, no vm or pid line. */
static const char cpu_text[] =
	"file       bar.trace\n"
	"version    2\n"
	"clock      thread-cpu\n"
	"threads    1 of 1 selected\n"
	"      records       cpu ms  thread\n"
	"            6        0.060  [3] worker\n"
	"recording  cpu 0.060 ms (earliest to latest record)\n"
	"thread time cpu 0.060 ms\n"
	"warnings   none\n"
	"app        Bar.* (guessed)\n"
	"\n"
	"Time by category (ms of busy time, the calls' own time by code origin; idle and blocked calls whole)\n"
	"       Cpu ms        Cpu%  Category\n"
	"All selected threads\n"
	"        0.000         0.0  app\n"
	"        0.000         0.0  androidx\n"
	"        0.000         0.0  framework\n"
	"        0.000         0.0  runtime\n"
	"        0.050       100.0  library\n"
	"        0.000         0.0  unknown\n"
	"        0.000         0.0  idle\n"
	"        0.000         0.0  blocked\n"
	"\n"
	"Methods, sorted by Incl Cpu (CPU clock), largest first; times in ms, percentages of the toplevel incl of the same clock\n"
	"   Incl Cpu%     Incl Cpu   Excl Cpu%     Excl Cpu    Calls+Rec    Cpu/Call  Name\n"
	"       100.0        0.060        16.7        0.010          1+0       0.060  (toplevel)\n"
	"        83.3        0.050        41.7        0.025          1+0       0.050  Bar.run ()V\n"
	"        41.7        0.025        41.7        0.025          2+0       0.013  Bar.step ()V\n"
	"\n"
	"Parents and children (percentages of the method's incl; calls: of the method's for parents, of the child's for children)\n"
	"           Incl Cpu%     Incl Cpu        Calls  Name\n"
	"\n"
	"(toplevel)\n"
	"  self          16.7        0.010\n"
	"  child         83.3        0.050          1/1  Bar.run ()V\n"
	"\n"
	"Bar.run ()V\n"
	"  parent       100.0        0.050          1/1  (toplevel)\n"
	"  self          50.0        0.025\n"
	"  child         50.0        0.025          2/2  Bar.step ()V\n"
	"\n"
	"Bar.step ()V\n"
	"  parent       100.0        0.025          2/2  Bar.run ()V\n"
	"  self         100.0        0.025\n";

static void test_text_absent_clock(void **state)
{
	(void)state;
	struct trace tr;
	build_cpu(&tr);
	assert_report_equal(&tr, F_TEXT, NULL, "bar.trace", cpu_text);
	trace_free(&tr);
}

static const char evil_text[] =
	"file       x\\x0ay\n"
	"vm         v\\x9bm\n"
	"version    2\n"
	"clock      thread-cpu\n"
	"threads    1 of 1 selected\n"
	"      records       cpu ms  thread\n"
	"            2        0.010  [9] t\\x1b]0;pwn\\x07\n"
	"recording  cpu 0.010 ms (earliest to latest record)\n"
	"elapsed    1\\x1b2 (elapsed-time-usec)\n"
	"thread time cpu 0.010 ms\n"
	"warnings   none\n"
	"app        a\\x1b[31m\"q\"\\\\b.* (guessed)\n"
	"\n"
	"Time by category (ms of busy time, the calls' own time by code origin; idle and blocked calls whole)\n"
	"       Cpu ms        Cpu%  Category\n"
	"All selected threads\n"
	"        0.000         0.0  app\n"
	"        0.000         0.0  androidx\n"
	"        0.000         0.0  framework\n"
	"        0.000         0.0  runtime\n"
	"        0.010       100.0  library\n"
	"        0.000         0.0  unknown\n"
	"        0.000         0.0  idle\n"
	"        0.000         0.0  blocked\n"
	"\n"
	"Methods, sorted by Incl Cpu (CPU clock), largest first; times in ms, percentages of the toplevel incl of the same clock\n"
	"   Incl Cpu%     Incl Cpu   Excl Cpu%     Excl Cpu    Calls+Rec    Cpu/Call  Name\n"
	"       100.0        0.010         0.0        0.000          1+0       0.010  (toplevel)\n"
	"       100.0        0.010       100.0        0.010          1+0       0.010  a\\x1b[31m\"q\"\\\\b.n\\x0ax\\xff\\xc2\\x85\xc3\xa9, (\\x7f\\x00)\n"
	"\n"
	"Parents and children (percentages of the method's incl; calls: of the method's for parents, of the child's for children)\n"
	"           Incl Cpu%     Incl Cpu        Calls  Name\n"
	"\n"
	"(toplevel)\n"
	"  self           0.0        0.000\n"
	"  child        100.0        0.010          1/1  a\\x1b[31m\"q\"\\\\b.n\\x0ax\\xff\\xc2\\x85\xc3\xa9, (\\x7f\\x00)\n"
	"\n"
	"a\\x1b[31m\"q\"\\\\b.n\\x0ax\\xff\\xc2\\x85\xc3\xa9, (\\x7f\\x00)\n"
	"  parent       100.0        0.010          1/1  (toplevel)\n"
	"  self         100.0        0.010\n";

static void test_text_escaping(void **state)
{
	(void)state;
	struct trace tr;
	build_evil(&tr);
	assert_report_equal(&tr, F_TEXT, NULL, "x\ny", evil_text);
	trace_free(&tr);
}

static const char rec_details[] =
	"\nParents and children (percentages of the method's incl; calls: of the method's for parents, of the child's for children)\n"
	"           Incl Cpu%     Incl Cpu  Incl Real%    Incl Real        Calls  Name\n"
	"\n"
	"(toplevel)\n"
	"  self           0.0        0.000         0.0        0.000\n"
	"  child        100.0        0.020       100.0        0.040          1/3  R.a ()V\n"
	"\n"
	"R.a ()V\n"
	"  parent       100.0        0.020       100.0        0.040          1/3  (toplevel)\n"
	"  self          55.0        0.011        55.0        0.022\n"
	"  child         55.0        0.011        55.0        0.022          1/1  R.b ()V\n"
	"  child         15.0        0.003        17.5        0.007          1/3  R.c ()V\n"
	"  Parents while recursive\n"
	"  parent        40.0        0.008        37.5        0.015          1/3  R.b ()V\n"
	"  parent        20.0        0.004        20.0        0.008          1/3  R.a ()V\n"
	"  Children while recursive\n"
	"  child         20.0        0.004        20.0        0.008          1/3  R.a ()V\n"
	"  child         15.0        0.003        10.0        0.004          2/3  R.c ()V\n"
	"\n"
	"R.b ()V\n"
	"  parent       100.0        0.011       100.0        0.022          1/1  R.a ()V\n"
	"  self          27.3        0.003        31.8        0.007\n"
	"  child         72.7        0.008        68.2        0.015          1/3  R.a ()V\n"
	"\n"
	"R.c ()V\n"
	"  parent       100.0        0.006       100.0        0.011          3/3  R.a ()V\n"
	"  self         100.0        0.006       100.0        0.011\n";

static void test_text_recursive(void **state)
{
	(void)state;
	struct trace tr;
	build_rec(&tr);
	char *got = render(&tr, F_TEXT, NULL, "rec.trace", NULL);
	const char *details = strstr(got, "\nParents and children");
	assert_non_null(details);
	if (strcmp(details, rec_details) != 0) {
		fprintf(stderr, "--- want\n%s--- got\n%s---\n", rec_details, details);
		fail_msg("details differ from the golden text");
	}
	/* No key option: no elapsed line; one thread: recording = its span. */
	assert_null(strstr(got, "\nelapsed"));
	assert_non_null(strstr(got, "\nrecording  wall 0.040 ms (earliest to latest record)\n"
	                            "thread time cpu 0.020 ms wall 0.040 ms\n"));
	free(got);
	trace_free(&tr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_dual),
		cmocka_unit_test(test_text_idle_threads),
		cmocka_unit_test(test_tree_title),
		cmocka_unit_test(test_text_absent_clock),
		cmocka_unit_test(test_text_escaping),
		cmocka_unit_test(test_text_recursive),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
