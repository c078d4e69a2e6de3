/* reporttest.c: the hand-built traces and the report runner the
 * test_reports_* programs share (see reporttest.h). */
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

/* ------------------------------------------------------------ building */

struct tv_str mkstr(struct trace *tr, const char *s, size_t len)
{
	struct tv_str out = TV_STR_NONE;
	if (s)
		assert_int_equal(strtab_add(&tr->strings, s, len, &out), 0);
	return out;
}

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

void add_thread(struct trace *tr, uint32_t tid, struct tv_str name, uint64_t records,
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
void build_dual(struct trace *tr)
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
void build_cpu(struct trace *tr)
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

void build_evil(struct trace *tr)
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
void build_rec(struct trace *tr)
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

enum tv_status run_report(FILE *f, enum fmt fmt, const struct profile *p, const char *name)
{
	switch (fmt) {
	case F_JSON: return report_json(f, p);
	case F_TEXT: return report_text(f, p, name);
	case F_CSV: return report_csv(f, p);
	}
	return TV_ERR_OUTPUT;
}

/* The whole report as a malloc'd string; *len its length. */
char *render(const struct trace *tr, enum fmt fmt, const uint32_t *tid,
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
void assert_report_equal(const struct trace *tr, enum fmt fmt, const uint32_t *tid,
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
