/* test_reports.c: the JSON, text and CSV reports on traces built by hand.
 *
 * Traces are filled in memory (no loader), profiled with profile_build and
 * written to memory streams; outputs are compared with golden strings whose
 * numbers were worked out by hand (see the comment of each trace).
 */
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
#include "write/report.h"

/* ------------------------------------------------------------ building */

struct tcall {
	uint32_t method;        /* index from add_method */
	uint32_t parent;        /* call index or TV_ROOT */
	uint32_t s[TV_NCLOCKS], e[TV_NCLOCKS];  /* µs since the thread's first */
};

static struct tv_str mkstr(struct trace *tr, const char *s, size_t len)
{
	struct tv_str out = TV_STR_NONE;
	if (s)
		assert_int_equal(strtab_add(&tr->strings, s, len, &out), 0);
	return out;
}

#define CSTR(tr, s) mkstr((tr), (s), (s) ? strlen(s) : 0)

/* A declared method; NULL strings stay absent. */
static uint32_t add_method(struct trace *tr, uint64_t id, const char *cls,
                           const char *name, const char *sig, const char *src)
{
	uint32_t i = trace_intern_method(tr, id);
	assert_int_not_equal(i, IDMAP_NONE);
	struct tv_str c = CSTR(tr, cls), n = CSTR(tr, name), g = CSTR(tr, sig), s = CSTR(tr, src);
	struct tv_method *m = &tr->methods[i];
	m->cls = c;
	m->name = n;
	m->sig = g;
	m->source = s;
	m->declared = 1;
	return i;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	assert_non_null(p);
	return p;
}

/* Appends a thread; set tr->has_clock first. */
static void add_thread(struct trace *tr, uint32_t tid, struct tv_str name, uint64_t records,
                       uint64_t first_cpu, uint64_t first_wall,
                       uint64_t span_cpu, uint64_t span_wall,
                       const struct tcall *calls, uint32_t n)
{
	tr->threads = realloc(tr->threads, (tr->nthreads + 1) * sizeof *tr->threads);
	assert_non_null(tr->threads);
	struct tv_thread *th = &tr->threads[tr->nthreads++];
	memset(th, 0, sizeof *th);
	th->tid = tid;
	th->name = name;
	th->records = records;
	th->first[TV_CPU] = first_cpu;
	th->first[TV_WALL] = first_wall;
	th->last[TV_CPU] = first_cpu + span_cpu;
	th->last[TV_WALL] = first_wall + span_wall;
	th->ncalls = th->cap = n;
	th->method = xmalloc(n * sizeof *th->method);
	th->parent = xmalloc(n * sizeof *th->parent);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		th->start[c] = xmalloc(n * sizeof *th->start[c]);
		th->end[c] = xmalloc(n * sizeof *th->end[c]);
	}
	for (uint32_t i = 0; i < n; i++) {
		th->method[i] = calls[i].method;
		th->parent[i] = calls[i].parent;
		for (int c = 0; c < TV_NCLOCKS; c++) {
			if (!tr->has_clock[c])
				continue;
			th->start[c][i] = calls[i].s[c];
			th->end[c][i] = calls[i].e[c];
		}
	}
}

static void add_option(struct trace *tr, const char *key, const char *val)
{
	tr->options = realloc(tr->options, (tr->noptions + 1) * sizeof *tr->options);
	assert_non_null(tr->options);
	struct tv_option *o = &tr->options[tr->noptions++];
	o->key = CSTR(tr, key);
	o->val = CSTR(tr, val);
}

/* The dual trace, two threads.
 *
 * Methods: Foo.main 0x1000, Foo.work 0x1004, Object.wait 0x1008 (source
 * empty), 0x2000 never declared.
 * Thread 1 "main", spans cpu 100 / wall 200:
 *   main [0,90]/[0,180]
 *     work [10,50]/[20,100]
 *       work [20,30]/[40,60]       (recursive)
 *     wait [60,70]/[110,170]
 * Thread 7 (no name), spans cpu 30 / wall 40:
 *   0x2000 [5,25]/[5,35]
 *     work [10,20]/[10,30]
 * By hand: main 1+0, incl 90/180, excl 40/40;
 * work 2+1, incl 40+10=50 / 80+20=100, excl 30+10+10=50 / 60+20+20=100;
 * wait 1+0, incl = excl = 10/60; 0x2000 1+0, incl 20/30, excl 10/10;
 * toplevel incl 130/240, excl (100-90)+(30-20)=20 / (200-180)+(40-30)=30.
 * Order by wall incl: main 180, work 100, wait 60, 0x2000 30.
 * Edges of work: as a parent, main's 1 call (40/80) and 0x2000's (10/20)
 * are plain, work's own (10/20) is "while recursive" (the inner work is
 * recursive): plain parents add up to work's incl 50/100, and work's
 * parents sort main, 0x2000 (plain 20 wall), work (plain 0). As a child of
 * work, the inner call is plain: its parent call (the outer work) is not
 * recursive.
 * The recording: thread 7 starts first (wall 4990), thread 1 ends last
 * (5000+200): 210 µs; the key says elapsed-time-usec=250. */
static void build_dual(struct trace *tr)
{
	trace_init(tr);
	tr->version = 3;
	tr->clock = TV_CLOCK_DUAL;
	tr->has_clock[TV_CPU] = tr->has_clock[TV_WALL] = 1;
	tr->records = 12;
	uint32_t mmain = add_method(tr, 0x1000, "com.example.Foo", "main", "()V", "Foo.java");
	uint32_t mwork = add_method(tr, 0x1004, "com.example.Foo", "work", "(I)I", "Foo.java");
	uint32_t mwait = add_method(tr, 0x1008, "java.lang.Object", "wait", "()V", "");
	uint32_t munk = trace_intern_method(tr, 0x2000);
	assert_int_not_equal(munk, IDMAP_NONE);

	const struct tcall t1[] = {
		{mmain, TV_ROOT, {0, 0}, {90, 180}},
		{mwork, 0, {10, 20}, {50, 100}},
		{mwork, 1, {20, 40}, {30, 60}},
		{mwait, 0, {60, 110}, {70, 170}},
	};
	const struct tcall t7[] = {
		{munk, TV_ROOT, {5, 5}, {25, 35}},
		{mwork, 0, {10, 10}, {20, 30}},
	};
	add_thread(tr, 1, CSTR(tr, "main"), 8, 1000, 5000, 100, 200, t1, 4);
	add_thread(tr, 7, TV_STR_NONE, 4, 0, 4990, 30, 40, t7, 2);
	add_option(tr, "vm", "art");
	add_option(tr, "pid", "4242");
	add_option(tr, "elapsed-time-usec", "250");
	tv_warnings_add(&tr->warnings, TV_W_UNKNOWN_METHOD, TV_NO_OFFSET, 1);
	tv_warnings_add(&tr->warnings, TV_W_ACTION3, 100, 2);
}

/* A thread-cpu trace (version 2, no wall clock), one thread "worker":
 *   Bar.run 0x10 [0,50], child Bar.step 0x14 [10,30] twice-called:
 *   run [0,50]
 *     step [10,30]
 *     step [35,40]
 * span 60. run 1+0 incl 50 excl 50-20-5=25; step 2+0 incl 25 excl 25;
 * toplevel incl 60 excl 10. */
static void build_cpu(struct trace *tr)
{
	trace_init(tr);
	tr->version = 2;
	tr->clock = TV_CLOCK_THREAD_CPU;
	tr->has_clock[TV_CPU] = 1;
	tr->records = 6;
	uint32_t run = add_method(tr, 0x10, "Bar", "run", "()V", "Bar.java");
	uint32_t step = add_method(tr, 0x14, "Bar", "step", "()V", "Bar.java");
	const struct tcall t[] = {
		{run, TV_ROOT, {0, 0}, {50, 0}},
		{step, 0, {10, 0}, {30, 0}},
		{step, 0, {35, 0}, {40, 0}},
	};
	add_thread(tr, 3, CSTR(tr, "worker"), 6, 700, 0, 60, 0, t, 3);
}

/* Names full of trouble: ESC, newline, quote, backslash, an invalid byte
 * (0xff), a C1 control (U+0085 as c2 85), a valid é, a comma and a NUL.
 * One thread-cpu call of 10 µs in a span of 10. */
static const char evil_cls[] = "a\x1b[31m\"q\"\\b";
static const char evil_name[] = "n\nx\xff\xc2\x85\xc3\xa9,";

static void build_evil(struct trace *tr)
{
	trace_init(tr);
	tr->version = 2;
	tr->clock = TV_CLOCK_THREAD_CPU;
	tr->has_clock[TV_CPU] = 1;
	tr->records = 2;
	uint32_t m = add_method(tr, 0xabc, evil_cls, evil_name, NULL, NULL);
	tr->methods[m].sig = mkstr(tr, "(\x7f\0)", 4);
	tr->methods[m].source = CSTR(tr, "(null)");
	const struct tcall t[] = { {m, TV_ROOT, {0, 0}, {10, 0}} };
	add_thread(tr, 9, CSTR(tr, "t\x1b]0;pwn\x07"), 2, 0, 0, 10, 0, t, 1);
	add_option(tr, "vm", "v\x9bm");
	add_option(tr, "elapsed-time-usec", "1\x1b" "2");   /* not a number: escaped */
}

/* Direct and indirect recursion, one thread "r", spans 20/40 (cpu/wall):
 *   A1 [0,20]/[0,40]
 *     B1 [1,12]/[3,25]
 *       A2 [2,10]/[5,20]        recursive (indirect)
 *         A3 [3,7]/[6,14]       recursive (direct)
 *           C1 [4,6]/[10,13]    under a recursive call of A
 *         C2 [8,9]/[17,18]      under a recursive call of A
 *     C3 [13,16]/[26,33]
 * A 1+2, incl 20/40; B 1+0, 11/22; C 3+0, 2+1+3=6 / 3+1+7=11.
 * A's parents: toplevel plain 1 (20/40); B and A only "while recursive":
 * B 1 (A2: 8/15), A 1 (A3: 4/8). A's children: B plain 1 (11/22); C plain
 * 1 (C3: 3/7) and while recursive 2 (C1+C2: 3/4, their parents A3 and A2
 * are recursive); A while recursive 1 (A3 under A2: 4/8). The recursive
 * children sort by their own incl (A 8 before C 4), unlike the list (C
 * before A by plain incl). B's child A2 is plain: B1 is not recursive. */
static void build_rec(struct trace *tr)
{
	trace_init(tr);
	tr->version = 3;
	tr->clock = TV_CLOCK_DUAL;
	tr->has_clock[TV_CPU] = tr->has_clock[TV_WALL] = 1;
	tr->records = 14;
	uint32_t a = add_method(tr, 0x10, "R", "a", "()V", "R.java");
	uint32_t b = add_method(tr, 0x14, "R", "b", "()V", "R.java");
	uint32_t c = add_method(tr, 0x18, "R", "c", "()V", "R.java");
	const struct tcall t[] = {
		{a, TV_ROOT, {0, 0}, {20, 40}},
		{b, 0, {1, 3}, {12, 25}},
		{a, 1, {2, 5}, {10, 20}},
		{a, 2, {3, 6}, {7, 14}},
		{c, 3, {4, 10}, {6, 13}},
		{c, 2, {8, 17}, {9, 18}},
		{c, 0, {13, 26}, {16, 33}},
	};
	add_thread(tr, 1, CSTR(tr, "r"), 14, 0, 0, 20, 40, t, 7);
}

/* ------------------------------------------------------------ running */

enum fmt { F_JSON, F_TEXT, F_CSV };

static enum tv_status run_report(FILE *f, enum fmt fmt, const struct profile *p, const char *name)
{
	switch (fmt) {
	case F_JSON: return report_json(f, p);
	case F_TEXT: return report_text(f, p, name);
	case F_CSV: return report_csv(f, p);
	}
	return TV_ERR_OUTPUT;
}

/* The whole report as a malloc'd string; *len its length. */
static char *render(const struct trace *tr, enum fmt fmt, const uint32_t *tid,
                    const char *name, size_t *len)
{
	struct profile p;
	assert_int_equal(profile_build(&p, tr, tid, NULL), TV_OK);
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	assert_non_null(f);
	assert_int_equal(run_report(f, fmt, &p, name), TV_OK);
	assert_int_equal(fclose(f), 0);
	profile_free(&p);
	if (len)
		*len = n;
	return buf;
}

/* Golden comparison that prints both sides on a mismatch. */
static void check_output(const struct trace *tr, enum fmt fmt, const uint32_t *tid,
                         const char *name, const char *want)
{
	size_t n;
	char *got = render(tr, fmt, tid, name, &n);
	if (n != strlen(want) || memcmp(got, want, n) != 0) {
		fprintf(stderr, "--- want\n%s--- got\n%s---\n", want, got);
		fail_msg("report differs from the golden text");
	}
	free(got);
}

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
	check_output(&tr, F_JSON, NULL, NULL, dual_json);
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
	check_output(&tr, F_JSON, &tid, NULL, dual_t7_json);
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
	check_output(&tr, F_JSON, NULL, NULL, cpu_json);
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
	check_output(&tr, F_JSON, NULL, NULL, evil_json);
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
	check_output(&tr, F_TEXT, NULL, "app\x1b.trace", dual_text);
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
	check_output(&tr, F_TEXT, NULL, "bar.trace", cpu_text);
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
	check_output(&tr, F_TEXT, NULL, "x\ny", evil_text);
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
	check_output(&tr, F_CSV, NULL, NULL, dual_csv);
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
	check_output(&tr, F_CSV, NULL, NULL, cpu_csv);
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
	check_output(&tr, F_CSV, NULL, NULL, evil_csv);
	trace_free(&tr);
}

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

/* ------------------------------------------------------------ textesc */

static char *esc_to_string(void (*fn)(FILE *, const char *, size_t), const char *s, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	assert_non_null(f);
	fn(f, s, len);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_utf8_len(void **state)
{
	(void)state;
	struct { const char *s; size_t len, want; } cases[] = {
		{"A", 1, 1},
		{"\xc3\xa9", 2, 2},
		{"\xc3", 1, 0},                 /* cut short */
		{"\xc0\x80", 2, 0},             /* overlong NUL */
		{"\xc1\xbf", 2, 0},             /* overlong */
		{"\xe0\x80\x80", 3, 0},         /* overlong */
		{"\xe0\xa0\x80", 3, 3},         /* U+0800 */
		{"\xed\xa0\x80", 3, 0},         /* surrogate */
		{"\xed\x9f\xbf", 3, 3},         /* U+D7FF */
		{"\xef\xbf\xbd", 3, 3},         /* U+FFFD */
		{"\xf0\x8f\xbf\xbf", 4, 0},     /* overlong */
		{"\xf0\x9f\x98\x80", 4, 4},     /* U+1F600 */
		{"\xf4\x8f\xbf\xbf", 4, 4},     /* U+10FFFF */
		{"\xf4\x90\x80\x80", 4, 0},     /* above U+10FFFF */
		{"\xf5\x80\x80\x80", 4, 0},
		{"\x80", 1, 0},
		{"\xe2\x82", 2, 0},             /* cut short */
		{"\xe2\x28\xa1", 3, 0},         /* bad continuation */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_int_equal(textesc_utf8_len((const unsigned char *)cases[i].s, cases[i].len),
		                 cases[i].want);
}

static void test_esc_json(void **state)
{
	(void)state;
	char *s = esc_to_string(textesc_json, "\b\f\r\t\x01\xe2\x80\xa8\xc2\x9f\xc2\xa0\xf0\x9f\x98\x80\xe2\x82", 18);
	assert_string_equal(s, "\"\\b\\f\\r\\t\\u0001\\u2028\\u009f\xc2\xa0\xf0\x9f\x98\x80\\ufffd\\ufffd\"");
	free(s);
	s = esc_to_string(textesc_json, NULL, 0);
	assert_string_equal(s, "null");
	free(s);
}

static void test_esc_text_csv(void **state)
{
	(void)state;
	char *s = esc_to_string(textesc_text, "\t\r\xc2\xa0\xc2", 5);
	assert_string_equal(s, "\\x09\\x0d\xc2\xa0\\xc2");
	free(s);
	s = esc_to_string(textesc_csv, "plain", 5);
	assert_string_equal(s, "plain");
	free(s);
	s = esc_to_string(textesc_csv, "a\r\nb", 4);
	assert_string_equal(s, "a\\x0d\\x0ab");
	free(s);
	s = esc_to_string(textesc_csv, "say \"hi\"", 8);
	assert_string_equal(s, "\"say \"\"hi\"\"\"");
	free(s);
}

/* Every byte value in every position: the JSON is valid UTF-8 and has no
 * raw control byte; the text has no byte below 0x20 or DEL at all. */
static void test_esc_all_bytes(void **state)
{
	(void)state;
	char in[512];
	for (int i = 0; i < 256; i++) {
		in[2 * i] = (char)i;
		in[2 * i + 1] = (char)(255 - i);
	}
	char *s = esc_to_string(textesc_json, in, sizeof in);
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		size_t k = textesc_utf8_len((const unsigned char *)s + i, n - i);
		assert_true(k > 0);
		assert_true((unsigned char)s[i] >= 0x20 && s[i] != 0x7f);
		i += k;
	}
	free(s);
	s = esc_to_string(textesc_text, in, sizeof in);
	n = strlen(s);
	for (size_t i = 0; i < n; i++)
		assert_true((unsigned char)s[i] >= 0x20 && s[i] != 0x7f);
	free(s);
}

static void test_numbers(void **state)
{
	(void)state;
	char buf[32];
	assert_int_equal(numfmt_div_round(1, 3, 3), 333);
	assert_int_equal(numfmt_div_round(2, 3, 3), 667);
	assert_int_equal(numfmt_div_round(1, 8, 2), 13);     /* 12.5 rounds up */
	assert_int_equal(numfmt_div_round(5, 0, 2), 0);
	assert_int_equal(numfmt_div_round(UINT64_MAX, UINT64_MAX, 3), 1000);
	assert_int_equal(numfmt_div_round(UINT64_MAX / 2, 1, 0), UINT64_MAX / 2);
	numfmt_fixed(buf, sizeof buf, 12345, 3);
	assert_string_equal(buf, "12.345");
	numfmt_fixed(buf, sizeof buf, 7, 3);
	assert_string_equal(buf, "0.007");
	numfmt_fixed(buf, sizeof buf, 1000, 1);
	assert_string_equal(buf, "100.0");
	numfmt_fixed(buf, sizeof buf, 42, 0);
	assert_string_equal(buf, "42");
}

/* The shared formatters: every view that shows a share, a change or a
 * duration goes through these, so the diff screen and the diff report
 * round 6.25% alike (halves up: "+6.3", where printf's "%.1f" of the
 * double 6.25 gives "6.2"). */
static void test_number_views(void **state)
{
	(void)state;
	char buf[32];
	numfmt_ms(buf, sizeof buf, 1234567);
	assert_string_equal(buf, "1234.567");
	numfmt_pct(buf, sizeof buf, 1, 3, 1);
	assert_string_equal(buf, "33.3");
	numfmt_pct(buf, sizeof buf, 1, 16, 2);
	assert_string_equal(buf, "6.25");
	numfmt_pct(buf, sizeof buf, 1, 0, 1);
	assert_string_equal(buf, "-");
	numfmt_pct_change(buf, sizeof buf, 16, 17, 1);
	assert_string_equal(buf, "+6.3");
	numfmt_pct_change(buf, sizeof buf, 16, 15, 1);
	assert_string_equal(buf, "-6.3");
	numfmt_pct_change(buf, sizeof buf, 16, 16, 1);
	assert_string_equal(buf, "0.0");
	numfmt_pct_change(buf, sizeof buf, 0, 5, 1);
	assert_string_equal(buf, "");
	numfmt_ms_change(buf, sizeof buf, 5000, 4990);
	assert_string_equal(buf, "-0.010");
	numfmt_ms_change(buf, sizeof buf, 1, 1);
	assert_string_equal(buf, "0.000");
	numfmt_duration(buf, sizeof buf, 850, 1);
	assert_string_equal(buf, "850 us");
	numfmt_duration(buf, sizeof buf, 274422, 0);
	assert_string_equal(buf, "274.422 ms");
	numfmt_duration(buf, sizeof buf, 13012018, 1);
	assert_string_equal(buf, "13.012018 s");
	numfmt_duration(buf, sizeof buf, 13012018, 0);
	assert_string_equal(buf, "13.012 s");
	numfmt_fixed(buf, 4, 12345, 3);         /* cut, never overflowed */
	assert_string_equal(buf, "12.");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_dual),
		cmocka_unit_test(test_number_views),
		cmocka_unit_test(test_json_thread_filter),
		cmocka_unit_test(test_json_absent_clock),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_json_absent_strings),
		cmocka_unit_test(test_text_dual),
		cmocka_unit_test(test_text_idle_threads),
		cmocka_unit_test(test_tree_title),
		cmocka_unit_test(test_text_absent_clock),
		cmocka_unit_test(test_text_escaping),
		cmocka_unit_test(test_text_recursive),
		cmocka_unit_test(test_json_recursive),
		cmocka_unit_test(test_csv_dual),
		cmocka_unit_test(test_csv_absent_clock),
		cmocka_unit_test(test_csv_escaping),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_empty_profile),
		cmocka_unit_test(test_utf8_len),
		cmocka_unit_test(test_esc_json),
		cmocka_unit_test(test_esc_text_csv),
		cmocka_unit_test(test_esc_all_bytes),
		cmocka_unit_test(test_numbers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
