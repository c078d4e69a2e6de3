/* test_seqout.c: every report and export of a trace without time (ART's
 * "all methods" dumps, docs/numbers.md "Traces without time"), on a dump
 * written by tests/lodumpgen.c, checked against numbers worked by hand.
 *
 * The dump: one thread, 4242 "main", events (their indices on the axis)
 *   0 enter A, 1 enter B, 2 exit, 3 enter B, 4 exit, 5 exit, 6 enter C,
 *   7 exit.
 * So A [0,5] with two calls of B [1,2] and [3,4], then C [6,7]. Incl is
 * exit index less entry index: A 5, each B 1, C 1; excl: A 5 - 2 = 3, B 2,
 * C 1. The thread spans 7 events; the toplevel's excl is 7 - (5 + 1) = 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "write/export.h"
#include "write/report.h"
#include "lodumpgen.h"
#include "testutil.h"

#define M_A UINT64_C(0x70001000)
#define M_B UINT64_C(0x70001040)
#define M_C UINT64_C(0x70001080)

struct seq {
	struct trace tr;
	struct profile p;
};

static int seq_setup(void **state)
{
	static const struct ldg_ev ev[] = {
		{LDG_ENTER, M_A, 0}, {LDG_ENTER, M_B, 0}, {LDG_EXIT, 0, 0}, {LDG_ENTER, M_B, 0},
		{LDG_EXIT, 0, 0},    {LDG_EXIT, 0, 0},    {LDG_ENTER, M_C, 0}, {LDG_EXIT, 0, 0},
	};
	struct seq *s = calloc(1, sizeof *s);
	struct ldg g;
	struct tv_error err;
	size_t len;
	ldg_init(&g, LDG_PACKETS, LDG_ALL, LDG_US);
	ldg_block(&g, 4242, ev, sizeof ev / sizeof ev[0]);
	ldg_thread(&g, 4242, "main");
	ldg_method(&g, M_A, "com.example.A", "run", "()V", "A.java");
	ldg_method(&g, M_B, "com.example.B", "step", "(I)V", NULL);
	ldg_method(&g, M_C, "com.example.C", "loop", "()V", "C.java");
	uint8_t *buf = ldg_finish(&g, &len);
	assert_int_equal(tu_load_buffer(&s->tr, buf, len), TV_OK);
	free(buf);
	assert_true(trace_is_sequence(&s->tr));
	assert_int_equal(profile_build(&s->p, &s->tr, NULL, &err), TV_OK);
	*state = s;
	return 0;
}

static int seq_teardown(void **state)
{
	struct seq *s = *state;
	profile_free(&s->p);
	trace_free(&s->tr);
	free(s);
	return 0;
}

/* What fn wrote, NUL-terminated; the caller frees it. */
struct seq_out {
	char *buf;
	size_t len;
	FILE *f;
};

static FILE *seq_open(struct seq_out *o)
{
	o->f = open_memstream(&o->buf, &o->len);
	assert_non_null(o->f);
	return o->f;
}

static char *seq_close(struct seq_out *o, enum tv_status st)
{
	assert_int_equal(st, TV_OK);
	assert_int_equal(fclose(o->f), 0);
	return o->buf;
}

/* Whether text holds line as one whole line; fails naming both when not. */
static void seq_has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\r'))
			return;
	fail_msg("no line \"%s\" in:\n%s", line, text);
}

static void test_json(void **state)
{
	struct seq *s = *state;
	struct seq_out o;
	char *t = seq_close(&o, report_json(seq_open(&o), &s->p));
	/* no header: version null; every µs null, the events beside them */
	seq_has_line(t, "  \"version\": null,");
	seq_has_line(t, "  \"clock\": \"sequence\",");
	seq_has_line(t, "  \"records\": 8,");
	seq_has_line(t, "    {\"tid\": 4242, \"name\": \"main\", \"records\": 8, \"cpu_usec\": null, "
	                "\"wall_usec\": null, \"span_events\": 7,");
	seq_has_line(t, "    \"incl_cpu_usec\": null, \"excl_cpu_usec\": null, \"incl_wall_usec\": "
	                "null, \"excl_wall_usec\": null, \"incl_events\": 7, \"excl_events\": 1,");
	seq_has_line(t, "    {\"id\": \"0x70001000\", \"class\": \"com.example.A\", \"name\": \"run\", "
	                "\"signature\": \"()V\", \"source\": \"A.java\", \"calls\": 1, "
	                "\"recursive_calls\": 0, \"incl_cpu_usec\": null, \"excl_cpu_usec\": null, "
	                "\"incl_wall_usec\": null, \"excl_wall_usec\": null, \"incl_events\": 5, "
	                "\"excl_events\": 3,");
	seq_has_line(t, "       {\"id\": \"0x70001040\", \"calls\": 2, \"incl_cpu_usec\": null, "
	                "\"incl_wall_usec\": null, \"recursive_calls\": 0, "
	                "\"recursive_incl_cpu_usec\": null, \"recursive_incl_wall_usec\": null, "
	                "\"incl_events\": 2, \"recursive_incl_events\": 0}");
	assert_null(strstr(t, "_usec\": 0"));   /* no µs anywhere */
	free(t);
}

static void test_json_range(void **state)
{
	struct seq *s = *state;
	struct seq_out o;
	struct range r = {1, 1, 2, 6, 1};
	struct report_view v = {&r, TV_WALL, NULL, 0, NULL, 0};
	char *t = seq_close(&o, report_json_view(seq_open(&o), &s->p, &v));
	seq_has_line(t, "  \"range\": {\"clock\": \"sequence\", \"start_usec\": null, \"end_usec\": "
	                "null, \"start_event\": 2, \"end_event\": 6},");
	free(t);
}

static void test_text(void **state)
{
	struct seq *s = *state;
	struct seq_out o;
	char *t = seq_close(&o, report_text(seq_open(&o), &s->p, "dump"));
	seq_has_line(t, "version    none (no header)");
	seq_has_line(t, "clock      sequence (no time: counts are events, each entry and exit one)");
	seq_has_line(t, "      records      span ev  thread");
	seq_has_line(t, "            8            7  [4242] main");
	seq_has_line(t, "recording  7 events (the longest thread; no time recorded)");
	seq_has_line(t, "thread time 7 events");
	seq_has_line(t, "    Incl Ev%      Incl Ev    Excl Ev%      Excl Ev    Calls+Rec     Ev/Call"
	                "  Name");
	/* toplevel: 7, excl 1 (14.3%), one thread; A 5 of 7 = 71.4%, excl 3
	 * = 42.9%, one call of 5 events; B 2 (28.6%) over 2 calls = 1 */
	seq_has_line(t, "       100.0            7        14.3            1          1+0           7"
	                "  (toplevel)");
	seq_has_line(t, "        71.4            5        42.9            3          1+0           5"
	                "  com.example.A.run ()V");
	seq_has_line(t, "        28.6            2        28.6            2          2+0           1"
	                "  com.example.B.step (I)V");
	/* the parent row: all of B's 2 events came from A, both calls */
	seq_has_line(t, "  parent       100.0            2          2/2  com.example.A.run ()V");
	assert_null(strstr(t, " ms"));
	free(t);
}

static void test_csv(void **state)
{
	struct seq *s = *state;
	struct seq_out o;
	char *t = seq_close(&o, report_csv(seq_open(&o), &s->p));
	seq_has_line(t, "id,class,name,signature,source,incl_events_pct,incl_events,excl_events_pct,"
	                "excl_events,calls,recursive_calls,events_per_call");
	seq_has_line(t, "toplevel,,(toplevel),,,100.00,7,14.29,1,1,0,7.000");
	seq_has_line(t, "0x70001040,com.example.B,step,(I)V,,28.57,2,28.57,2,2,0,1.000");
	free(t);
}

static void test_tree(void **state)
{
	struct seq *s = *state;
	struct pathtree t;
	struct tv_error err;
	struct seq_out o;
	struct report_tree_opts ro = {0, 0, 0, 0};
	assert_int_equal(pathtree_build(&t, &s->tr, NULL, TV_WALL, &err), TV_OK);
	FILE *f = seq_open(&o);
	assert_int_equal(report_tree_title(f, &t), TV_OK);
	char *text = seq_close(&o, report_tree(f, &t, &ro));
	seq_has_line(text, "    incl ev      %     excl ev      %      calls  method (events; siblings "
	                   "sorted by incl_events, largest first)");
	seq_has_line(text, "          5  71.4%           3  42.9%          1    com.example.A.run ()V");
	seq_has_line(text, "          2  28.6%           2  28.6%          2      com.example.B.step (I)V");
	free(text);
	ro.json = 1;
	ro.depth = 1;
	char *json = seq_close(&o, report_tree(seq_open(&o), &t, &ro));
	assert_non_null(strstr(json, "{\"schema\": 2, \"clock\": \"sequence\", \"root\":"));
	assert_non_null(strstr(json, "\"incl_wall_usec\": null, \"excl_wall_usec\": null, "
	                             "\"incl_wait_usec\": null, \"excl_wait_usec\": null, "
	                             "\"incl_events\": 5, \"excl_events\": 3,"));
	free(json);
	pathtree_free(&t);
}

/* Every call of B: starts at events 1 and 3, one event each. */
static void test_calls(void **state)
{
	struct seq *s = *state;
	struct methodcalls c;
	struct tv_error err;
	struct seq_out o;
	uint8_t *want = calloc(s->tr.nmethods, 1);
	want[trace_find_method(&s->tr, M_B)] = 1;
	struct methodcalls_axis ax;
	methodcalls_axis_of(&s->tr, &ax);
	assert_int_equal(methodcalls_collect(&c, &s->tr, want, NULL, &ax, &err), TV_OK);
	char *t = seq_close(&o, methodcalls_report_text(seq_open(&o), &c, "com.example.B.step",
	                                                TV_WALL));
	seq_has_line(t, "Calls of com.example.B.step: 2 calls; no time: incl counts events, start is "
	                "the event on the thread");
	seq_has_line(t, "      4242              1            1            -            -       2  "
	                "com.example.A.run");
	seq_has_line(t, "      4242              3            1            -            -       2  "
	                "com.example.A.run");
	seq_has_line(t, "Summary of incl events: count 2  min 1  mean 1  p50 1  p95 1  max 1");
	free(t);
	t = seq_close(&o, methodcalls_report_csv(seq_open(&o), &c));
	seq_has_line(t, "tid,id,method,start_event,incl_events,depth,caller_id,caller");
	seq_has_line(t, "4242,0x70001040,com.example.B.step (I)V,3,1,2,0x70001000,"
	                "com.example.A.run ()V");
	free(t);
	t = seq_close(&o, methodcalls_report_json(seq_open(&o), &c, "B", TV_WALL));
	seq_has_line(t, "    {\"tid\": 4242, \"id\": \"0x70001040\", \"start_usec\": null, "
	                "\"incl_wall_usec\": null, \"incl_cpu_usec\": null, \"wait_usec\": null, "
	                "\"depth\": 2, \"caller\": \"0x70001000\", \"start_event\": 1, "
	                "\"incl_events\": 1},");
	assert_non_null(strstr(t, "\"summary\": {\"clock\": \"sequence\", \"count\": 2, \"min_usec\": "
	                          "null, \"mean_usec\": null, \"p50_usec\": null, \"p95_usec\": null, "
	                          "\"max_usec\": null, \"min_events\": 1, \"mean_events\": 1, "
	                          "\"p50_events\": 1, \"p95_events\": 1, \"max_events\": 1}"));
	free(t);
	methodcalls_free(&c);
	free(want);
}

/* Folded stacks count calls: A once, A;B twice, C once. */
static void test_folded(void **state)
{
	struct seq *s = *state;
	struct seq_out o;
	struct export_opts eo = {TV_WALL, 0, 0, NULL, NULL};
	char *t = seq_close(&o, export_folded(seq_open(&o), &s->p, &eo));
	assert_string_equal(t, "com.example.A.run 1\n"
	                       "com.example.A.run;com.example.B.step 2\n"
	                       "com.example.C.loop 1\n");
	free(t);
}

/* speedscope: unit "none", the events at their indices. */
static void test_speedscope(void **state)
{
	struct seq *s = *state;
	struct seq_out o;
	struct export_opts eo = {TV_WALL, 0, 0, NULL, NULL};
	char *t = seq_close(&o, export_speedscope(seq_open(&o), &s->p, &eo));
	assert_non_null(strstr(t, "{\"type\": \"evented\", \"name\": \"[4242] main\", \"unit\": "
	                          "\"none\", \"startValue\": 0, \"endValue\": 7, \"events\": ["));
	assert_non_null(strstr(t, "  {\"type\": \"C\", \"frame\": 0, \"at\": 5},"));
	assert_null(strstr(t, "microseconds"));
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_range),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_calls),
		cmocka_unit_test(test_folded),
		cmocka_unit_test(test_speedscope),
	};
	return cmocka_run_group_tests(tests, seq_setup, seq_teardown);
}
