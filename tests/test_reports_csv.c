/* test_reports_csv.c: the CSV report on traces built by hand
 * (reporttest.h): both clocks, an absent clock, escaping; compared with
 * golden strings whose numbers were worked out by hand. */
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

/* ------------------------------------------------------------ CSV */

/* Percentages of toplevel incl 130 / 240 with two decimals, e.g.
 * 90/130 = 69.230.. -> 69.23, 40/240 = 16.666.. -> 16.67; per call in µs
 * with three decimals, e.g. work 50/3 = 16.667. */
static const char dual_csv[] =
	"id,class,name,signature,source,incl_cpu_pct,incl_cpu_usec,excl_cpu_pct,excl_cpu_usec,"
	"incl_wall_pct,incl_wall_usec,excl_wall_pct,excl_wall_usec,calls,recursive_calls,"
	"cpu_per_call_usec,wall_per_call_usec\r\n"
	"toplevel,,(toplevel),,,100.00,130,15.38,20,100.00,240,12.50,30,2,0,65.000,120.000\r\n"
	"0x1000,com.example.Foo,main,()V,Foo.java,69.23,90,30.77,40,75.00,180,16.67,40,1,0,90.000,180.000\r\n"
	"0x1004,com.example.Foo,work,(I)I,Foo.java,38.46,50,38.46,50,41.67,100,41.67,100,2,1,16.667,33.333\r\n"
	"0x1008,java.lang.Object,wait,()V,,7.69,10,7.69,10,25.00,60,25.00,60,1,0,10.000,60.000\r\n"
	"0x2000,,,,,15.38,20,7.69,10,12.50,30,4.17,10,1,0,20.000,30.000\r\n";

static void test_csv_dual(void **state)
{
	(void)state;
	struct trace tr;
	build_dual(&tr);
	assert_report_equal(&tr, F_CSV, NULL, NULL, dual_csv);
	trace_free(&tr);
}

static const char cpu_csv[] =
	"id,class,name,signature,source,incl_cpu_pct,incl_cpu_usec,excl_cpu_pct,excl_cpu_usec,"
	"calls,recursive_calls,cpu_per_call_usec\r\n"
	"toplevel,,(toplevel),,,100.00,60,16.67,10,1,0,60.000\r\n"
	"0x10,Bar,run,()V,Bar.java,83.33,50,41.67,25,1,0,50.000\r\n"
	"0x14,Bar,step,()V,Bar.java,41.67,25,41.67,25,2,0,12.500\r\n";

static void test_csv_absent_clock(void **state)
{
	(void)state;
	struct trace tr;
	build_cpu(&tr);
	assert_report_equal(&tr, F_CSV, NULL, NULL, cpu_csv);
	trace_free(&tr);
}

/* The class holds quotes (quoted, doubled), the name a comma (quoted) and
 * a newline (escaped, so no raw LF inside the field). */
static const char evil_csv[] =
	"id,class,name,signature,source,incl_cpu_pct,incl_cpu_usec,excl_cpu_pct,excl_cpu_usec,"
	"calls,recursive_calls,cpu_per_call_usec\r\n"
	"toplevel,,(toplevel),,,100.00,10,0.00,0,1,0,10.000\r\n"
	"0xabc,\"a\\x1b[31m\"\"q\"\"\\\\b\",\"n\\x0ax\\xff\\xc2\\x85\xc3\xa9,\",(\\x7f\\x00),(null),"
	"100.00,10,100.00,10,1,0,10.000\r\n";

static void test_csv_escaping(void **state)
{
	(void)state;
	struct trace tr;
	build_evil(&tr);
	assert_report_equal(&tr, F_CSV, NULL, NULL, evil_csv);
	trace_free(&tr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_dual),
		cmocka_unit_test(test_csv_absent_clock),
		cmocka_unit_test(test_csv_escaping),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
