/* test_reports_json.c: the JSON report on traces built by hand
 * (reporttest.h): both clocks, a thread filter, an absent clock, escaping,
 * absent strings, recursion; and, in every format, a write error and an
 * empty selection. Outputs are compared with golden strings whose numbers
 * were worked out by hand. */
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

/* ------------------------------------------------------------ JSON */

static const char dual_json[] =
	"{\n"
	"  \"schema\": 2,\n"
	"  \"version\": 3,\n"
	"  \"streaming\": false,\n"
	"  \"clock\": \"dual\",\n"
	"  \"records\": 12,\n"
	"  \"app_packages\": [\"com.example.*\"],\n"
	"  \"threads\": [\n"
	"    {\"tid\": 1, \"name\": \"main\", \"records\": 8, \"cpu_usec\": 100, \"wall_usec\": 200,\n"
	"     \"categories\": {\"app\": {\"cpu_usec\": 80, \"wall_usec\": 120}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"library\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"unknown\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"blocked\": {\"cpu_usec\": 10, \"wall_usec\": 60}}},\n"
	"    {\"tid\": 7, \"name\": null, \"records\": 4, \"cpu_usec\": 30, \"wall_usec\": 40,\n"
	"     \"categories\": {\"app\": {\"cpu_usec\": 10, \"wall_usec\": 20}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"library\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"unknown\": {\"cpu_usec\": 10, \"wall_usec\": 10}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": 0}}}\n"
	"  ],\n"
	"  \"toplevel\": {\n"
	"    \"incl_cpu_usec\": 130, \"excl_cpu_usec\": 20, \"incl_wall_usec\": 240, \"excl_wall_usec\": 30,\n"
	"    \"categories\": {\"app\": {\"cpu_usec\": 90, \"wall_usec\": 140}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"library\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"unknown\": {\"cpu_usec\": 10, \"wall_usec\": 10}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"blocked\": {\"cpu_usec\": 10, \"wall_usec\": 60}},\n"
	"    \"children\": [\n"
	"      {\"id\": \"0x1000\", \"calls\": 1, \"incl_cpu_usec\": 90, \"incl_wall_usec\": 180, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0},\n"
	"      {\"id\": \"0x2000\", \"calls\": 1, \"incl_cpu_usec\": 20, \"incl_wall_usec\": 30, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"    ]\n"
	"  },\n"
	"  \"methods\": [\n"
	"    {\"id\": \"0x1000\", \"class\": \"com.example.Foo\", \"name\": \"main\", \"signature\": \"()V\", \"source\": \"Foo.java\", \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 90, \"excl_cpu_usec\": 40, \"incl_wall_usec\": 180, \"excl_wall_usec\": 40,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 90, \"incl_wall_usec\": 180, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ],\n"
	"     \"children\": [\n"
	"       {\"id\": \"0x1004\", \"calls\": 1, \"incl_cpu_usec\": 40, \"incl_wall_usec\": 80, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0},\n"
	"       {\"id\": \"0x1008\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 60, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ]},\n"
	"    {\"id\": \"0x1004\", \"class\": \"com.example.Foo\", \"name\": \"work\", \"signature\": \"(I)I\", \"source\": \"Foo.java\", \"calls\": 2, \"recursive_calls\": 1, \"incl_cpu_usec\": 50, \"excl_cpu_usec\": 50, \"incl_wall_usec\": 100, \"excl_wall_usec\": 100,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"0x1000\", \"calls\": 1, \"incl_cpu_usec\": 40, \"incl_wall_usec\": 80, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0},\n"
	"       {\"id\": \"0x2000\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0},\n"
	"       {\"id\": \"0x1004\", \"calls\": 0, \"incl_cpu_usec\": 0, \"incl_wall_usec\": 0, \"recursive_calls\": 1, \"recursive_incl_cpu_usec\": 10, \"recursive_incl_wall_usec\": 20}\n"
	"     ],\n"
	"     \"children\": [\n"
	"       {\"id\": \"0x1004\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ]},\n"
	"    {\"id\": \"0x1008\", \"class\": \"java.lang.Object\", \"name\": \"wait\", \"signature\": \"()V\", \"source\": null, \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 10, \"excl_cpu_usec\": 10, \"incl_wall_usec\": 60, \"excl_wall_usec\": 60,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"0x1000\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 60, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ],\n"
	"     \"children\": []},\n"
	"    {\"id\": \"0x2000\", \"class\": null, \"name\": null, \"signature\": null, \"source\": null, \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 20, \"excl_cpu_usec\": 10, \"incl_wall_usec\": 30, \"excl_wall_usec\": 10,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 20, \"incl_wall_usec\": 30, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ],\n"
	"     \"children\": [\n"
	"       {\"id\": \"0x1004\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ]}\n"
	"  ],\n"
	"  \"warnings\": [\n"
	"    \"2 records with the unused action 3 ignored (first at offset 100)\",\n"
	"    \"1 method ids with no method line\"\n"
	"  ]\n"
	"}\n";

static void test_json_dual(void **state)
{
	(void)state;
	struct trace tr;
	build_dual(&tr);
	assert_report_equal(&tr, F_JSON, NULL, NULL, dual_json);
	trace_free(&tr);
}

/* --thread=7: only that thread, records still the file's. */
static const char dual_t7_json[] =
	"{\n"
	"  \"schema\": 2,\n"
	"  \"version\": 3,\n"
	"  \"streaming\": false,\n"
	"  \"clock\": \"dual\",\n"
	"  \"records\": 12,\n"
	"  \"app_packages\": [\"com.example.*\"],\n"
	"  \"threads\": [\n"
	"    {\"tid\": 7, \"name\": null, \"records\": 4, \"cpu_usec\": 30, \"wall_usec\": 40,\n"
	"     \"categories\": {\"app\": {\"cpu_usec\": 10, \"wall_usec\": 20}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"library\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"unknown\": {\"cpu_usec\": 10, \"wall_usec\": 10}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": 0}}}\n"
	"  ],\n"
	"  \"toplevel\": {\n"
	"    \"incl_cpu_usec\": 30, \"excl_cpu_usec\": 10, \"incl_wall_usec\": 40, \"excl_wall_usec\": 10,\n"
	"    \"categories\": {\"app\": {\"cpu_usec\": 10, \"wall_usec\": 20}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"library\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"unknown\": {\"cpu_usec\": 10, \"wall_usec\": 10}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": 0}},\n"
	"    \"children\": [\n"
	"      {\"id\": \"0x2000\", \"calls\": 1, \"incl_cpu_usec\": 20, \"incl_wall_usec\": 30, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"    ]\n"
	"  },\n"
	"  \"methods\": [\n"
	"    {\"id\": \"0x2000\", \"class\": null, \"name\": null, \"signature\": null, \"source\": null, \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 20, \"excl_cpu_usec\": 10, \"incl_wall_usec\": 30, \"excl_wall_usec\": 10,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 20, \"incl_wall_usec\": 30, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ],\n"
	"     \"children\": [\n"
	"       {\"id\": \"0x1004\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ]},\n"
	"    {\"id\": \"0x1004\", \"class\": \"com.example.Foo\", \"name\": \"work\", \"signature\": \"(I)I\", \"source\": \"Foo.java\", \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 10, \"excl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"excl_wall_usec\": 20,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"0x2000\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": 20, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0}\n"
	"     ],\n"
	"     \"children\": []}\n"
	"  ],\n"
	"  \"warnings\": [\n"
	"    \"2 records with the unused action 3 ignored (first at offset 100)\",\n"
	"    \"1 method ids with no method line\"\n"
	"  ]\n"
	"}\n";

static void test_json_thread_filter(void **state)
{
	(void)state;
	struct trace tr;
	build_dual(&tr);
	uint32_t tid = 7;
	assert_report_equal(&tr, F_JSON, &tid, NULL, dual_t7_json);
	trace_free(&tr);
}

static const char cpu_json[] =
	"{\n"
	"  \"schema\": 2,\n"
	"  \"version\": 2,\n"
	"  \"streaming\": true,\n"
	"  \"clock\": \"thread-cpu\",\n"
	"  \"records\": 6,\n"
	"  \"app_packages\": [\"Bar.*\"],\n"
	"  \"threads\": [\n"
	"    {\"tid\": 3, \"name\": \"worker\", \"records\": 6, \"cpu_usec\": 60, \"wall_usec\": null,\n"
	"     \"categories\": {\"app\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"library\": {\"cpu_usec\": 50, \"wall_usec\": null}, \"unknown\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": null}}}\n"
	"  ],\n"
	"  \"toplevel\": {\n"
	"    \"incl_cpu_usec\": 60, \"excl_cpu_usec\": 10, \"incl_wall_usec\": null, \"excl_wall_usec\": null,\n"
	"    \"categories\": {\"app\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"library\": {\"cpu_usec\": 50, \"wall_usec\": null}, \"unknown\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": null}},\n"
	"    \"children\": [\n"
	"      {\"id\": \"0x10\", \"calls\": 1, \"incl_cpu_usec\": 50, \"incl_wall_usec\": null, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": null}\n"
	"    ]\n"
	"  },\n"
	"  \"methods\": [\n"
	"    {\"id\": \"0x10\", \"class\": \"Bar\", \"name\": \"run\", \"signature\": \"()V\", \"source\": \"Bar.java\", \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 50, \"excl_cpu_usec\": 25, \"incl_wall_usec\": null, \"excl_wall_usec\": null,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 50, \"incl_wall_usec\": null, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": null}\n"
	"     ],\n"
	"     \"children\": [\n"
	"       {\"id\": \"0x14\", \"calls\": 2, \"incl_cpu_usec\": 25, \"incl_wall_usec\": null, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": null}\n"
	"     ]},\n"
	"    {\"id\": \"0x14\", \"class\": \"Bar\", \"name\": \"step\", \"signature\": \"()V\", \"source\": \"Bar.java\", \"calls\": 2, \"recursive_calls\": 0, \"incl_cpu_usec\": 25, \"excl_cpu_usec\": 25, \"incl_wall_usec\": null, \"excl_wall_usec\": null,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"0x10\", \"calls\": 2, \"incl_cpu_usec\": 25, \"incl_wall_usec\": null, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": null}\n"
	"     ],\n"
	"     \"children\": []}\n"
	"  ],\n"
	"  \"warnings\": []\n"
	"}\n";

static void test_json_absent_clock(void **state)
{
	(void)state;
	struct trace tr;
	build_cpu(&tr);
	tr.streaming = 1;
	assert_report_equal(&tr, F_JSON, NULL, NULL, cpu_json);
	trace_free(&tr);
}

static const char evil_json[] =
	"{\n"
	"  \"schema\": 2,\n"
	"  \"version\": 2,\n"
	"  \"streaming\": false,\n"
	"  \"clock\": \"thread-cpu\",\n"
	"  \"records\": 2,\n"
	"  \"app_packages\": [\"a\\u001b[31m\\\"q\\\"\\\\b.*\"],\n"
	"  \"threads\": [\n"
	"    {\"tid\": 9, \"name\": \"t\\u001b]0;pwn\\u0007\", \"records\": 2, \"cpu_usec\": 10, \"wall_usec\": null,\n"
	"     \"categories\": {\"app\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"library\": {\"cpu_usec\": 10, \"wall_usec\": null}, \"unknown\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": null}}}\n"
	"  ],\n"
	"  \"toplevel\": {\n"
	"    \"incl_cpu_usec\": 10, \"excl_cpu_usec\": 0, \"incl_wall_usec\": null, \"excl_wall_usec\": null,\n"
	"    \"categories\": {\"app\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"library\": {\"cpu_usec\": 10, \"wall_usec\": null}, \"unknown\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": null}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": null}},\n"
	"    \"children\": [\n"
	"      {\"id\": \"0xabc\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": null, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": null}\n"
	"    ]\n"
	"  },\n"
	"  \"methods\": [\n"
	"    {\"id\": \"0xabc\", \"class\": \"a\\u001b[31m\\\"q\\\"\\\\b\", \"name\": \"n\\nx\\ufffd\\u0085\xc3\xa9,\", \"signature\": \"(\\u007f\\u0000)\", \"source\": \"(null)\", \"calls\": 1, \"recursive_calls\": 0, \"incl_cpu_usec\": 10, \"excl_cpu_usec\": 10, \"incl_wall_usec\": null, \"excl_wall_usec\": null,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 10, \"incl_wall_usec\": null, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": null}\n"
	"     ],\n"
	"     \"children\": []}\n"
	"  ],\n"
	"  \"warnings\": []\n"
	"}\n";

static void test_json_escaping(void **state)
{
	(void)state;
	struct trace tr;
	build_evil(&tr);
	assert_report_equal(&tr, F_JSON, NULL, NULL, evil_json);
	trace_free(&tr);
}

/* A declared method whose strings are absent still prints null, and an
 * empty source is null while an empty name stays "". */
static void test_json_absent_strings(void **state)
{
	(void)state;
	struct trace tr;
	build_cpu(&tr);
	tr.methods[0].sig = TV_STR_NONE;
	tr.methods[0].name = CSTR(&tr, "");
	tr.methods[0].source = CSTR(&tr, "");
	char *got = render(&tr, F_JSON, NULL, NULL, NULL);
	assert_non_null(strstr(got, "{\"id\": \"0x10\", \"class\": \"Bar\", \"name\": \"\", "
	                            "\"signature\": null, \"source\": null, \"calls\": 1,"));
	free(got);
	trace_free(&tr);
}

/* The JSON of build_rec's A: both halves of every edge; parents by plain
 * incl, then recursive incl (B 15 before A 8 though A's id is lower). */
static const char rec_json_a[] =
	"\"calls\": 1, \"recursive_calls\": 2, \"incl_cpu_usec\": 20, \"excl_cpu_usec\": 11, \"incl_wall_usec\": 40, \"excl_wall_usec\": 22,\n"
	"     \"parents\": [\n"
	"       {\"id\": \"toplevel\", \"calls\": 1, \"incl_cpu_usec\": 20, \"incl_wall_usec\": 40, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0},\n"
	"       {\"id\": \"0x14\", \"calls\": 0, \"incl_cpu_usec\": 0, \"incl_wall_usec\": 0, \"recursive_calls\": 1, \"recursive_incl_cpu_usec\": 8, \"recursive_incl_wall_usec\": 15},\n"
	"       {\"id\": \"0x10\", \"calls\": 0, \"incl_cpu_usec\": 0, \"incl_wall_usec\": 0, \"recursive_calls\": 1, \"recursive_incl_cpu_usec\": 4, \"recursive_incl_wall_usec\": 8}\n"
	"     ],\n"
	"     \"children\": [\n"
	"       {\"id\": \"0x14\", \"calls\": 1, \"incl_cpu_usec\": 11, \"incl_wall_usec\": 22, \"recursive_calls\": 0, \"recursive_incl_cpu_usec\": 0, \"recursive_incl_wall_usec\": 0},\n"
	"       {\"id\": \"0x18\", \"calls\": 1, \"incl_cpu_usec\": 3, \"incl_wall_usec\": 7, \"recursive_calls\": 2, \"recursive_incl_cpu_usec\": 3, \"recursive_incl_wall_usec\": 4},\n"
	"       {\"id\": \"0x10\", \"calls\": 0, \"incl_cpu_usec\": 0, \"incl_wall_usec\": 0, \"recursive_calls\": 1, \"recursive_incl_cpu_usec\": 4, \"recursive_incl_wall_usec\": 8}\n"
	"     ]},\n";

static void test_json_recursive(void **state)
{
	(void)state;
	struct trace tr;
	build_rec(&tr);
	char *got = render(&tr, F_JSON, NULL, NULL, NULL);
	if (!strstr(got, rec_json_a)) {
		fprintf(stderr, "--- want (part)\n%s--- got\n%s---\n", rec_json_a, got);
		fail_msg("method A's JSON differs");
	}
	assert_true(strncmp(got, "{\n  \"schema\": 2,\n", 17) == 0);
	free(got);
	trace_free(&tr);
}

/* Percentages of the method's incl, e.g. B's self 3/11 = 27.3%, 7/22 =
 * 31.8%; n/total of a recursive row is over the same total (1/3). */

/* ------------------------------------------------------------ errors */

static void test_write_error(void **state)
{
	(void)state;
	struct trace tr;
	build_dual(&tr);
	struct profile p;
	assert_int_equal(profile_build(&p, &tr, NULL, NULL), TV_OK);
	for (int fmt = F_JSON; fmt <= F_CSV; fmt++) {
		FILE *f = fopen("/dev/full", "w");
		if (!f) {
			profile_free(&p);
			trace_free(&tr);
			skip();
		}
		assert_int_equal(run_report(f, (enum fmt)fmt, &p, "app.trace"), TV_ERR_OUTPUT);
		fclose(f);
	}
	profile_free(&p);
	trace_free(&tr);
}

/* An empty selection (no thread has records) still makes whole reports. */
static void test_empty_profile(void **state)
{
	(void)state;
	struct trace tr;
	trace_init(&tr);
	tr.version = 3;
	tr.has_clock[TV_CPU] = tr.has_clock[TV_WALL] = 1;
	char *got = render(&tr, F_JSON, NULL, NULL, NULL);
	assert_string_equal(got,
		"{\n  \"schema\": 2,\n  \"version\": 3,\n  \"streaming\": false,\n  \"clock\": \"dual\",\n"
		"  \"records\": 0,\n  \"app_packages\": [],\n  \"threads\": [],\n  \"toplevel\": {\n"
		"    \"incl_cpu_usec\": 0, \"excl_cpu_usec\": 0, \"incl_wall_usec\": 0, \"excl_wall_usec\": 0,\n"
		"    \"categories\": {\"app\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"androidx\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"framework\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"runtime\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"library\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"unknown\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"idle\": {\"cpu_usec\": 0, \"wall_usec\": 0}, \"blocked\": {\"cpu_usec\": 0, \"wall_usec\": 0}},\n"
		"    \"children\": []\n  },\n  \"methods\": [],\n  \"warnings\": []\n}\n");
	free(got);
	got = render(&tr, F_CSV, NULL, NULL, NULL);
	assert_non_null(strstr(got, "toplevel,,(toplevel),,,,0,,0,,0,,0,0,0,,\r\n"));
	free(got);
	got = render(&tr, F_TEXT, NULL, NULL, NULL);
	assert_non_null(strstr(got, "           -        0.000           -"));
	free(got);
	trace_free(&tr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_dual),
		cmocka_unit_test(test_json_thread_filter),
		cmocka_unit_test(test_json_absent_clock),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_json_absent_strings),
		cmocka_unit_test(test_json_recursive),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_empty_profile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
