/* test_export.c: folded stacks, Trace Event JSON, speedscope and the dump.
 *
 * Golden outputs on small generated traces whose numbers were worked out
 * by hand (see the comment of each trace), then invariants on every real
 * trace: folded sums against the profile on both clocks, one chrome
 * begin per call, one dump line per record (test_roundtrip.c reads the
 * JSON exports back).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/profile.h"
#include "base/textesc.h"
#include "model/load.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/export.h"

/* ------------------------------------------------------------ helpers */

struct loaded {
	struct trace tr;
	struct profile p;
	uint8_t *buf;           /* the file, for the dump */
	size_t len;
};

static void load_tg(struct loaded *l, const struct tg *tg, const struct tg_opts *o)
{
	memset(l, 0, sizeof *l);
	assert_int_equal(tg_write(tg, o, &l->buf, &l->len), 0);
	assert_int_equal(tu_load_buffer(&l->tr, l->buf, l->len), TV_OK);
	struct tv_error err;
	assert_int_equal(profile_build(&l->p, &l->tr, NULL, &err), TV_OK);
}

static void unload(struct loaded *l)
{
	profile_free(&l->p);
	trace_free(&l->tr);
	free(l->buf);
}

enum fmt { F_FOLDED, F_CHROME, F_SPEEDSCOPE, F_DUMP };

/* The export as a malloc'd string. */
static char *run(struct loaded *l, enum fmt f, int clock, int sigs, int per_thread)
{
	char *s = NULL;
	size_t n = 0;
	FILE *ms = open_memstream(&s, &n);
	assert_non_null(ms);
	struct export_opts o = {clock, sigs, per_thread, NULL, NULL};
	struct tv_error err;
	enum tv_status st = f == F_FOLDED ? export_folded(ms, &l->p, &o)
	                    : f == F_CHROME ? export_chrome(ms, &l->p, &o)
	                    : f == F_SPEEDSCOPE ? export_speedscope(ms, &l->p, &o)
	                    : export_dump(ms, &l->tr, l->buf, l->len, 0, &err);
	assert_int_equal(st, TV_OK);
	assert_int_equal(fclose(ms), 0);
	return s;
}

static void expect(struct loaded *l, enum fmt f, int clock, int sigs, int per_thread,
                   const char *want)
{
	char *got = run(l, f, clock, sigs, per_thread);
	if (strcmp(got, want) != 0)
		print_error("got:\n%s\nwant:\n%s\n", got, want);
	assert_string_equal(got, want);
	free(got);
}

/* ------------------------------------------------------------ the trace
 *
 * Dual clock, pid=4242. Methods: A 0x4 com.ex.Foo.a (Ljava/lang/String;)V,
 * B 0x8 com.ex.Foo.b (I)I, C 0x100 class "com.ex.We;ird" name "m ESC x"
 * ()V without source, U 0x200 never declared.
 *
 * Thread 1 "main" (cpu wall):      Thread 2 (no name):
 *   > A 0 0                          > B 5 5
 *     > B 10 20                      < B 15 25
 *       > B 15 30  (recursive)       < A 20 40   A not open: rule 3
 *       < B 20 40                    > B 25 45
 *     < B 30 50                      ! B 30 50   unroll
 *     > C 40 60; < C 45 70
 *     > U 50 80; < U 60 90
 *   < A 100 200
 * Thread 1: A [0,100]/[0,200], B [10,30]/[20,50], B [15,20]/[30,40],
 *   C [40,45]/[60,70], U [50,60]/[80,90]; excl cpu A 100-35=65, B 15, B 5,
 *   C 5, U 10; wall A 200-50=150, B 20, B 10, C 10, U 10.
 * Thread 2 (first cpu 5, wall 5; spans 25 / 45): A adopts B: A [0,15]/[0,35]
 *   with B [0,10]/[0,20], then B [20,25]/[40,45]; excl cpu A 5, B 10, B 5;
 *   wall A 15, B 20, B 5; toplevel excl 25-20=5 / 45-40=5.
 * Stacks (cpu / wall): A 65+5=70 / 150+15=165, A;B 15+10=25 / 20+20=40,
 *   A;B;B 5 / 10, A;C 5 / 10, A;U 10 / 10, B 5 / 5.
 * Σ cpu 120 = top incl 125 - top excl 5; Σ wall 240 = 245 - 5. */
static const char main_script[] =
	"1 > 0x4 0 0\n1 > 0x8 10 20\n1 > 0x8 15 30\n1 < 0x8 20 40\n1 < 0x8 30 50\n"
	"1 > 0x100 40 60\n1 < 0x100 45 70\n1 > 0x200 50 80\n1 < 0x200 60 90\n"
	"1 < 0x4 100 200\n"
	"2 > 0x8 5 5\n2 < 0x8 15 25\n2 < 0x4 20 40\n2 > 0x8 25 45\n2 ! 0x8 30 50\n";

static struct tg *main_tg(void)
{
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	tg_method(tg, 0x4, "com.ex.Foo", "a", "(Ljava/lang/String;)V", "Foo.java");
	tg_method(tg, 0x8, "com.ex.Foo", "b", "(I)I", "Foo.java");
	tg_method(tg, 0x100, "com.ex.We;ird", "m\x1bx", "()V", NULL);
	assert_int_equal(tg_script(tg, main_script), 0);
	return tg;
}

static void load_main(struct loaded *l, const struct tg_opts *o)
{
	struct tg_opts def = {0};
	def.extra_keys = "pid=4242\n";
	struct tg *tg = main_tg();
	load_tg(l, tg, o ? o : &def);
	tg_free(tg);
}

/* ------------------------------------------------------------ folded */

static void test_folded_cpu(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	expect(&l, F_FOLDED, TV_CPU, 0, 0,
	       "com.ex.Foo.a 70\n"
	       "com.ex.Foo.a;com.ex.Foo.b 25\n"
	       "com.ex.Foo.a;com.ex.Foo.b;com.ex.Foo.b 5\n"
	       "com.ex.Foo.a;com.ex.We\\x3bird.m\\x1bx 5\n"
	       "com.ex.Foo.a;(unknown 0x200) 10\n"
	       "com.ex.Foo.b 5\n");
	unload(&l);
}

static void test_folded_wall(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	expect(&l, F_FOLDED, TV_WALL, 0, 0,
	       "com.ex.Foo.a 165\n"
	       "com.ex.Foo.a;com.ex.Foo.b 40\n"
	       "com.ex.Foo.a;com.ex.Foo.b;com.ex.Foo.b 10\n"
	       "com.ex.Foo.a;com.ex.We\\x3bird.m\\x1bx 10\n"
	       "com.ex.Foo.a;(unknown 0x200) 10\n"
	       "com.ex.Foo.b 5\n");
	unload(&l);
}

static void test_folded_signatures(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	expect(&l, F_FOLDED, TV_CPU, 1, 0,
	       "com.ex.Foo.a(Ljava/lang/String,)V 70\n"
	       "com.ex.Foo.a(Ljava/lang/String,)V;com.ex.Foo.b(I)I 25\n"
	       "com.ex.Foo.a(Ljava/lang/String,)V;com.ex.Foo.b(I)I;com.ex.Foo.b(I)I 5\n"
	       "com.ex.Foo.a(Ljava/lang/String,)V;com.ex.We\\x3bird.m\\x1bx()V 5\n"
	       "com.ex.Foo.a(Ljava/lang/String,)V;(unknown 0x200) 10\n"
	       "com.ex.Foo.b(I)I 5\n");
	unload(&l);
}

static void test_folded_per_thread(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	/* Thread 1 alone has no idle time (its A spans it); thread 2's root
	 * frame has no time of its own either: idle time is not a stack. */
	expect(&l, F_FOLDED, TV_CPU, 0, 1,
	       "[1] main;com.ex.Foo.a 65\n"
	       "[1] main;com.ex.Foo.a;com.ex.Foo.b 15\n"
	       "[1] main;com.ex.Foo.a;com.ex.Foo.b;com.ex.Foo.b 5\n"
	       "[1] main;com.ex.Foo.a;com.ex.We\\x3bird.m\\x1bx 5\n"
	       "[1] main;com.ex.Foo.a;(unknown 0x200) 10\n"
	       "[2];com.ex.Foo.a 5\n"
	       "[2];com.ex.Foo.a;com.ex.Foo.b 10\n"
	       "[2];com.ex.Foo.b 5\n");
	unload(&l);
}

/* What the folded export told its caller: the threads it was done with. */
struct walked {
	struct trace *tr;
	uint32_t thread[8], n;
};

static void on_walked(void *ctx, uint32_t thread)
{
	struct walked *w = ctx;
	assert_true(w->n < 8);
	w->thread[w->n++] = thread;
	trace_thread_free_calls(&w->tr->threads[thread]);   /* as the command line does */
}

/* Told after each thread's walk, folded gives the same lines when the
 * caller frees that thread's calls at once. */
static void test_folded_walked(void **state)
{
	(void)state;
	for (int per_thread = 0; per_thread < 2; per_thread++) {
		struct loaded l;
		load_main(&l, NULL);
		char *want = run(&l, F_FOLDED, TV_CPU, 0, per_thread), *got = NULL;
		size_t n = 0;
		struct walked w = {&l.tr, {0}, 0};
		FILE *ms = open_memstream(&got, &n);
		assert_non_null(ms);
		struct export_opts o = {TV_CPU, 0, per_thread, on_walked, &w};
		assert_int_equal(export_folded(ms, &l.p, &o), TV_OK);
		assert_int_equal(fclose(ms), 0);
		assert_string_equal(got, want);
		assert_int_equal(w.n, l.p.nthreads);
		for (uint32_t i = 0; i < w.n; i++) {
			assert_int_equal(w.thread[i], l.p.threads[i]);
			assert_int_equal(l.tr.threads[w.thread[i]].ncalls, 0);
			assert_null(l.tr.threads[w.thread[i]].method);
		}
		free(want);
		free(got);
		unload(&l);
	}
}

/* One thread selected: only its stacks. */
static void test_folded_one_thread(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	profile_free(&l.p);
	uint32_t tid = 2;
	struct tv_error err;
	assert_int_equal(profile_build(&l.p, &l.tr, &tid, &err), TV_OK);
	expect(&l, F_FOLDED, TV_WALL, 0, 0,
	       "com.ex.Foo.a 15\n"
	       "com.ex.Foo.a;com.ex.Foo.b 20\n"
	       "com.ex.Foo.b 5\n");
	unload(&l);
}

/* A thread-cpu trace asked for wall falls back to CPU; zero-time stacks
 * are left out. Calls: A [0,10] with B [5,5] (zero) and C [5,10]. */
static void test_folded_fallback_zero(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "1 > A 0\n1 > B 5\n1 < B 5\n1 > C 5\n1 < C 10\n"
	                               "1 < A 10\n"), 0);
	struct tg_opts o = {0};
	o.version = 2;
	struct loaded l;
	load_tg(&l, tg, &o);
	tg_free(tg);
	assert_false(l.tr.has_clock[TV_WALL]);
	expect(&l, F_FOLDED, TV_WALL, 0, 0,
	       "com.example.Test.A 5\n"
	       "com.example.Test.A;com.example.Test.C 5\n");
	unload(&l);
}

/* ------------------------------------------------------------ chrome */

#define EVB(name, tid, ts, tts) \
	",\n{\"ph\": \"B\", \"cat\": \"java\", \"name\": \"" name "\", \"pid\": 4242, " \
	"\"tid\": " #tid ", \"ts\": " #ts ", \"tts\": " #tts "}"
#define EVE(name, tid, ts, tts) \
	",\n{\"ph\": \"E\", \"name\": \"" name "\", \"pid\": 4242, " \
	"\"tid\": " #tid ", \"ts\": " #ts ", \"tts\": " #tts "}"
#define META(what, tid, args) \
	"{\"ph\": \"M\", \"name\": \"" what "\", \"pid\": 4242, \"tid\": " #tid \
	", \"args\": {" args "}}"

/* Wall times; thread 2's first wall time is 5 after thread 1's. Thread 1
 * (CPU span 100) sorts before thread 2 (25). Thread 2's adopted A and its
 * B both begin at 5: B's begin is 1 ps later. Both clocks: tts is each
 * event's CPU time from its thread's first (thread 1: A [0,100], B
 * [10,30] and [15,20], C [40,45], U [50,60]; thread 2: A [0,15] with B
 * [0,10], whose begin is 1 ps later there too, then B [20,25]). */
static void test_chrome(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	expect(&l, F_CHROME, TV_WALL, 0, 0,
	       "{\"traceEvents\": [\n"
	       META("process_name", 0, "\"name\": \"art 4242\"") ",\n"
	       META("thread_name", 1, "\"name\": \"[1] main\"") ",\n"
	       META("thread_name", 2, "\"name\": \"[2]\"") ",\n"
	       META("thread_sort_index", 1, "\"sort_index\": 0") ",\n"
	       META("thread_sort_index", 2, "\"sort_index\": 1")
	       EVB("com.ex.Foo.a", 1, 0.000000, 0.000000)
	       EVB("com.ex.Foo.b", 1, 20.000000, 10.000000)
	       EVB("com.ex.Foo.b", 1, 30.000000, 15.000000)
	       EVE("com.ex.Foo.b", 1, 40.000000, 20.000000)
	       EVE("com.ex.Foo.b", 1, 50.000000, 30.000000)
	       EVB("com.ex.We;ird.m\\u001bx", 1, 60.000000, 40.000000)
	       EVE("com.ex.We;ird.m\\u001bx", 1, 70.000000, 45.000000)
	       EVB("(unknown 0x200)", 1, 80.000000, 50.000000)
	       EVE("(unknown 0x200)", 1, 90.000000, 60.000000)
	       EVE("com.ex.Foo.a", 1, 200.000000, 100.000000)
	       EVB("com.ex.Foo.a", 2, 5.000000, 0.000000)
	       EVB("com.ex.Foo.b", 2, 5.000001, 0.000001)
	       EVE("com.ex.Foo.b", 2, 25.000000, 10.000000)
	       EVE("com.ex.Foo.a", 2, 40.000000, 15.000000)
	       EVB("com.ex.Foo.b", 2, 45.000000, 20.000000)
	       EVE("com.ex.Foo.b", 2, 50.000000, 25.000000)
	       "\n],\n\"displayTimeUnit\": \"ms\",\n"
	       "\"otherData\": {\"version\": 3, \"streaming\": false, \"clock\": \"dual\", "
	       "\"records\": 15, \"time_base\": \"wall\", \"vm\": \"art\"}}\n");
	unload(&l);
}

/* The same trace on the CPU clock: each thread from its own first time;
 * thread 1's B [10,30] and B [15,20], thread 2's A and B at 0; tts the
 * same times. */
static void test_chrome_cpu(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	char *got = run(&l, F_CHROME, TV_CPU, 0, 0);
	const char *want_calls =
	       EVB("com.ex.Foo.a", 1, 0.000000, 0.000000)
	       EVB("com.ex.Foo.b", 1, 10.000000, 10.000000)
	       EVB("com.ex.Foo.b", 1, 15.000000, 15.000000)
	       EVE("com.ex.Foo.b", 1, 20.000000, 20.000000)
	       EVE("com.ex.Foo.b", 1, 30.000000, 30.000000);
	const char *want_t2 =
	       EVB("com.ex.Foo.a", 2, 0.000000, 0.000000)
	       EVB("com.ex.Foo.b", 2, 0.000001, 0.000001)
	       EVE("com.ex.Foo.b", 2, 10.000000, 10.000000)
	       EVE("com.ex.Foo.a", 2, 15.000000, 15.000000)
	       EVB("com.ex.Foo.b", 2, 20.000000, 20.000000)
	       EVE("com.ex.Foo.b", 2, 25.000000, 25.000000)
	       "\n],";
	if (!strstr(got, want_calls) || !strstr(got, want_t2))
		print_error("got:\n%s\n", got);
	assert_non_null(strstr(got, want_calls));
	assert_non_null(strstr(got, want_t2));
	assert_non_null(strstr(got, "\"time_base\": \"thread-cpu\""));
	free(got);
	unload(&l);
}

/* speedscope: shared frames in method order, thread 1's profile first
 * (busiest), whole µs on the wall clock from the earliest thread. */
static void test_speedscope(void **state)
{
	(void)state;
	struct loaded l;
	load_main(&l, NULL);
	expect(&l, F_SPEEDSCOPE, TV_WALL, 0, 0,
	       "{\"$schema\": \"https://www.speedscope.app/file-format-schema.json\",\n"
	       "\"exporter\": \"" PACKAGE_STRING "\",\n\"name\": \"art 4242\",\n"
	       "\"activeProfileIndex\": 0,\n"
	       "\"shared\": {\"frames\": [\n"
	       "  {\"name\": \"com.ex.Foo.a\", \"file\": \"Foo.java\"},\n"
	       "  {\"name\": \"com.ex.Foo.b\", \"file\": \"Foo.java\"},\n"
	       "  {\"name\": \"com.ex.We;ird.m\\u001bx\"},\n"
	       "  {\"name\": \"(unknown 0x200)\"}\n"
	       "]},\n"
	       "\"profiles\": [\n"
	       "{\"type\": \"evented\", \"name\": \"[1] main\", \"unit\": \"microseconds\", "
	       "\"startValue\": 0, \"endValue\": 200, \"events\": [\n"
	       "  {\"type\": \"O\", \"frame\": 0, \"at\": 0},\n"
	       "  {\"type\": \"O\", \"frame\": 1, \"at\": 20},\n"
	       "  {\"type\": \"O\", \"frame\": 1, \"at\": 30},\n"
	       "  {\"type\": \"C\", \"frame\": 1, \"at\": 40},\n"
	       "  {\"type\": \"C\", \"frame\": 1, \"at\": 50},\n"
	       "  {\"type\": \"O\", \"frame\": 2, \"at\": 60},\n"
	       "  {\"type\": \"C\", \"frame\": 2, \"at\": 70},\n"
	       "  {\"type\": \"O\", \"frame\": 3, \"at\": 80},\n"
	       "  {\"type\": \"C\", \"frame\": 3, \"at\": 90},\n"
	       "  {\"type\": \"C\", \"frame\": 0, \"at\": 200}\n"
	       "]},\n"
	       "{\"type\": \"evented\", \"name\": \"[2]\", \"unit\": \"microseconds\", "
	       "\"startValue\": 5, \"endValue\": 50, \"events\": [\n"
	       "  {\"type\": \"O\", \"frame\": 0, \"at\": 5},\n"
	       "  {\"type\": \"O\", \"frame\": 1, \"at\": 5},\n"
	       "  {\"type\": \"C\", \"frame\": 1, \"at\": 25},\n"
	       "  {\"type\": \"C\", \"frame\": 0, \"at\": 40},\n"
	       "  {\"type\": \"O\", \"frame\": 1, \"at\": 45},\n"
	       "  {\"type\": \"C\", \"frame\": 1, \"at\": 50}\n"
	       "]}\n"
	       "]}\n");
	unload(&l);
}

/* Without a wall clock (asked for: it falls back): per-thread CPU times
 * from each thread's first;
 * no pid= option: pid 1 and the process is named by the vm alone.
 * Thread 5 (first cpu 100): A [0,30] with B [10,10] (zero: still an
 * event, its end 1 ps after its begin); thread 3 (first cpu 7): B [0,3].
 * Thread 5 is busier. */
static void test_chrome_cpu_only(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 5, "worker \"x\"");
	assert_int_equal(tg_script(tg, "5 > A 100\n5 > B 110\n5 < B 110\n5 < A 130\n"
	                               "3 > B 7\n3 < B 10\n"), 0);
	struct tg_opts o = {0};
	o.version = 2;
	struct loaded l;
	load_tg(&l, tg, &o);
	tg_free(tg);
	char *got = run(&l, F_CHROME, TV_WALL, 0, 0);   /* no wall clock: CPU */
	const char *want =
		"{\"traceEvents\": [\n"
		"{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"tid\": 0, "
		"\"args\": {\"name\": \"art\"}},\n"
		"{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 3, "
		"\"args\": {\"name\": \"[3]\"}},\n"
		"{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 5, "
		"\"args\": {\"name\": \"[5] worker \\\"x\\\"\"}},\n"
		"{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 5, "
		"\"args\": {\"sort_index\": 0}},\n"
		"{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 3, "
		"\"args\": {\"sort_index\": 1}},\n"
		"{\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.example.Test.B\", \"pid\": 1, "
		"\"tid\": 3, \"ts\": 0.000000},\n"
		"{\"ph\": \"E\", \"name\": \"com.example.Test.B\", \"pid\": 1, \"tid\": 3, "
		"\"ts\": 3.000000},\n"
		"{\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.example.Test.A\", \"pid\": 1, "
		"\"tid\": 5, \"ts\": 0.000000},\n"
		"{\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.example.Test.B\", \"pid\": 1, "
		"\"tid\": 5, \"ts\": 10.000000},\n"
		"{\"ph\": \"E\", \"name\": \"com.example.Test.B\", \"pid\": 1, \"tid\": 5, "
		"\"ts\": 10.000001},\n"
		"{\"ph\": \"E\", \"name\": \"com.example.Test.A\", \"pid\": 1, \"tid\": 5, "
		"\"ts\": 30.000000}\n"
		"],\n\"displayTimeUnit\": \"ms\",\n"
		"\"otherData\": {\"version\": 2, \"streaming\": false, \"clock\": \"thread-cpu\", "
		"\"records\": 6, \"time_base\": \"thread-cpu\", \"vm\": \"art\"}}\n";
	if (strcmp(got, want) != 0)
		print_error("got:\n%s\n", got);
	assert_string_equal(got, want);
	free(got);
	unload(&l);
}

/* ------------------------------------------------------------ dump */

#define DUMP_HEAD(records) \
	"# traceview dump: version 3, clock dual, " #records " records\n" \
	"#   tid act        cpu       wall  method (indented by depth)\n" \
	"# option data-file-overflow=false\n" \
	"# option clock=dual\n"

/* Repairs: B loses its exit when A exits (rule 2); B's own exit then
 * finds nothing (rule 3); action 3 changes nothing; C stays open. */
static void test_dump_repairs(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	tg_method(tg, 0x4, "com.ex.Foo", "a", "(Ljava/lang/String;)V", "Foo.java");
	tg_method(tg, 0x8, "com.ex.We;ird", "m\x1bx", "()V", NULL);
	assert_int_equal(tg_script(tg, "1 > 0x4 0 0\n1 > 0x8 1 2\n1 < 0x4 3 4\n"
	                               "1 < 0x8 5 6\n1 ? 0x4 7 8\n1 > 0xc 9 10\n"), 0);
	struct tg_opts o = {0};
	o.no_elapsed = 1;
	struct loaded l;
	load_tg(&l, tg, &o);
	tg_free(tg);
	expect(&l, F_DUMP, 0, 0, 0,
	       DUMP_HEAD(6)
	       "# option num-method-calls=6\n"
	       "# option clock-call-overhead-nsec=500\n"
	       "# option vm=art\n"
	       "# thread 1 main\n"
	       "# method 0x4 com.ex.Foo.a (Ljava/lang/String;)V Foo.java\n"
	       "# method 0x8 com.ex.We;ird.m\\x1bx ()V\n"
	       "# format: version 3, 2 timestamps per record, record size 14, "
	       "start time 0\n"
	       "    1 ent          0          0  com.ex.Foo.a (Ljava/lang/String;)V\n"
	       "    1 ent          1          2    com.ex.We;ird.m\\x1bx ()V\n"
	       "    1 xit          3          4  com.ex.Foo.a (Ljava/lang/String;)V\n"
	       "# [1] exit of com.ex.Foo.a (Ljava/lang/String;)V skipped 1 open call\n"
	       "    1 xit          5          6  com.ex.We;ird.m\\x1bx ()V\n"
	       "# [1] exit of com.ex.We;ird.m\\x1bx ()V not on the stack "
	       "(running before tracing began)\n"
	       "    1 ???          7          8  com.ex.Foo.a (Ljava/lang/String;)V\n"
	       "    1 ent          9         10  (unknown 0xc)\n"
	       "# [1] 1 call still open at the end of the data\n");
	unload(&l);
}

/* Rule 3 with calls open: they are closed; recursion indents deeper;
 * unroll exits. One clock: the other column is '-'. A damaged tail is a
 * warning comment where the reader finds it. */
static void test_dump_one_clock(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, "2 > A 1\n2 > A 2\n2 ! A 3\n2 > B 4\n2 < C 5\n"), 0);
	struct tg_opts o = {0};
	o.version = 2;
	o.clock = TG_CLOCK_WALL;
	o.no_elapsed = 1;
	o.drop_tail = 3;
	struct loaded l;
	load_tg(&l, tg, &o);
	tg_free(tg);
	char *got = run(&l, F_DUMP, 0, 0, 0);
	const char *want =
		"    2 ent          -          1  com.example.Test.A ()V\n"
		"    2 ent          -          2    com.example.Test.A ()V\n"
		"    2 unr          -          3    com.example.Test.A ()V\n"
		"    2 ent          -          4    com.example.Test.B ()V\n"
		"# warning: 1 partial record at the end of the data ignored (offset ";
	const char *at = strstr(got, "    2 ent          -          1");
	if (!at || strncmp(at, want, strlen(want)) != 0)
		print_error("got:\n%s\n", got);
	assert_non_null(at);
	assert_memory_equal(at, want, strlen(want));
	assert_non_null(strstr(got, "# traceview dump: version 2, clock wall, 4 records\n"));
	assert_non_null(strstr(got, "# [2] 2 calls still open at the end of the data\n"));
	free(got);
	unload(&l);

	/* The exit of C, kept this time: A and B were open. */
	tg = tg_new();
	assert_int_equal(tg_script(tg, "2 > A 1\n2 > B 4\n2 < C 5\n"), 0);
	o.drop_tail = 0;
	load_tg(&l, tg, &o);
	tg_free(tg);
	got = run(&l, F_DUMP, 0, 0, 0);
	assert_non_null(strstr(got, "    2 xit          -          5  com.example.Test.C ()V\n"
	                            "# [2] exit of com.example.Test.C ()V not on the stack "
	                            "(running before tracing began); 2 open calls closed\n"));
	free(got);
	unload(&l);
}

/* Streaming: method packets may follow the records that use them; the
 * names still come out, and packets are comments in file order. */
static void test_dump_streaming(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	assert_int_equal(tg_script(tg, "1 > A 0 0\n1 < A 10 20\n"), 0);
	struct tg_opts o = {0};
	o.family = TG_V1_STREAM;
	struct loaded l;
	load_tg(&l, tg, &o);
	tg_free(tg);
	char *got = run(&l, F_DUMP, 0, 0, 0);
	assert_non_null(strstr(got, "# traceview dump: version 3 streaming, clock dual, "
	                            "2 records\n"));
	assert_non_null(strstr(got, "# method 0x4 com.example.Test.A ()V Test.java\n"));
	assert_non_null(strstr(got, "# thread 1 main\n"));
	assert_non_null(strstr(got, "    1 ent          0          0  com.example.Test.A ()V\n"
	                            "    1 xit         10         20  com.example.Test.A ()V\n"));
	free(got);
	unload(&l);
}

/* A key + data pair dumps like the single file. */
static void test_dump_pair(void **state)
{
	(void)state;
	struct tg *tg = main_tg();
	uint8_t *key, *data;
	size_t keylen, datalen;
	assert_int_equal(tg_write_pair(tg, NULL, &key, &keylen, &data, &datalen), 0);
	struct loaded l;
	load_tg(&l, tg, NULL);
	tg_free(tg);
	char *single = run(&l, F_DUMP, 0, 0, 0);
	char *s = NULL;
	size_t n = 0;
	FILE *ms = open_memstream(&s, &n);
	assert_non_null(ms);
	struct tv_error err;
	assert_int_equal(export_dump_pair(ms, &l.tr, key, keylen, data, datalen, &err), TV_OK);
	assert_int_equal(fclose(ms), 0);
	assert_string_equal(s, single);
	/* Orphan exit of A on thread 2, reported as such. */
	assert_non_null(strstr(s, "    2 xit         20         40  com.ex.Foo.a "
	                          "(Ljava/lang/String;)V\n# [2] exit of com.ex.Foo.a "
	                          "(Ljava/lang/String;)V not on the stack (running before "
	                          "tracing began)\n"));
	free(s);
	free(single);
	free(key);
	free(data);
	unload(&l);
}

/* ------------------------------------------------------------ real traces */


/* Per frame text: Σ excl expected, Σ N seen. */
struct fsum {
	char *frame;
	uint64_t want, got;
};

static int fsum_cmp(const void *a, const void *b)
{
	return strcmp(((const struct fsum *)a)->frame, ((const struct fsum *)b)->frame);
}

/* The frame of a method as the spec of export.h says, made here apart
 * from the exporter: escaped text, then ';' as \x3b. */
static char *frame_of(const struct trace *tr, uint32_t m)
{
	const struct tv_method *tm = &tr->methods[m];
	char *s = NULL, *t;
	size_t n = 0;
	FILE *ms = open_memstream(&s, &n);
	assert_non_null(ms);
	int has_cls = tv_str_present(tm->cls) && tm->cls.len;
	int has_name = tv_str_present(tm->name) && tm->name.len;
	if (!tm->declared || (!has_cls && !has_name))
		fprintf(ms, "(unknown 0x%" PRIx64 ")", tm->id);
	else {
		textesc_text(ms, trace_str(tr, tm->cls), tm->cls.len);
		fputs(has_cls && has_name ? "." : "", ms);
		textesc_text(ms, trace_str(tr, tm->name), tm->name.len);
	}
	assert_int_equal(fclose(ms), 0);
	t = malloc(4 * n + 1);
	assert_non_null(t);
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ';') {
			memcpy(t + o, "\\x3b", 4);
			o += 4;
		} else
			t[o++] = s[i];
	}
	t[o] = '\0';
	free(s);
	return t;
}

/* Every line "frames N" with N > 0, no control byte; Σ N per leaf frame
 * equals Σ excl of the methods with that frame; Σ N = top incl - excl. */
static unsigned check_folded(const char *name, struct loaded *l, int clock)
{
	const struct trace *tr = &l->tr;
	unsigned fails = 0;
	struct fsum *v = calloc(tr->nmethods + 1, sizeof *v);
	assert_non_null(v);
	uint32_t nv = 0;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (l->p.methods[m].calls + l->p.methods[m].rcalls) {
			v[nv].frame = frame_of(tr, m);
			v[nv++].want = l->p.methods[m].excl[clock];
		}
	qsort(v, nv, sizeof *v, fsum_cmp);
	/* Merge methods sharing a frame (overloads). */
	uint32_t k = 0;
	for (uint32_t i = 0; i < nv; i++) {
		if (k && strcmp(v[k - 1].frame, v[i].frame) == 0) {
			v[k - 1].want += v[i].want;
			free(v[i].frame);
		} else
			v[k++] = v[i];
	}
	nv = k;

	char *out = run(l, F_FOLDED, clock, 0, 0);
	uint64_t total = 0;
	for (char *line = out, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		assert_non_null(nl);
		*nl = '\0';
		char *sp = strrchr(line, ' ');
		char *end;
		uint64_t n = sp ? strtoull(sp + 1, &end, 10) : 0;
		int bad = !sp || *end || n == 0;
		for (char *c = line; c < nl; c++)
			bad |= (unsigned char)*c < 0x20 || *c == 0x7f;
		if (bad) {
			if (fails++ < 5)
				print_error("%s: bad folded line '%s'\n", name, line);
			continue;
		}
		*sp = '\0';
		char *leaf = strrchr(line, ';');
		struct fsum key = {leaf ? leaf + 1 : line, 0, 0};
		struct fsum *f = bsearch(&key, v, nv, sizeof *v, fsum_cmp);
		if (!f) {
			if (fails++ < 5)
				print_error("%s: unexpected leaf '%s'\n", name, key.frame);
			continue;
		}
		f->got += n;
		total += n;
	}
	for (uint32_t i = 0; i < nv; i++) {
		if (v[i].got != v[i].want && fails++ < 5)
			print_error("%s clock %d: %s: folded %" PRIu64 " != excl %" PRIu64 "\n",
			            name, clock, v[i].frame, v[i].got, v[i].want);
		free(v[i].frame);
	}
	uint64_t want = l->p.top_incl[clock] - l->p.top_excl[clock];
	if (total != want && fails++ < 5)
		print_error("%s clock %d: Σ N %" PRIu64 " != %" PRIu64 "\n", name, clock, total, want);
	free(v);
	free(out);

	/* Signatures and thread frames change the stacks, not the total. */
	out = run(l, F_FOLDED, clock, 1, 1);
	total = 0;
	for (char *line = out, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		assert_non_null(nl);
		char *sp = nl;
		while (sp > line && sp[-1] != ' ')
			sp--;
		total += strtoull(sp, NULL, 10);
		if (line[0] != '[' && fails++ < 5)
			print_error("%s: no thread frame in a --per-thread line\n", name);
	}
	if (total != want && fails++ < 5)
		print_error("%s clock %d: per thread Σ N %" PRIu64 " != %" PRIu64 "\n", name,
		            clock, total, want);
	free(out);
	return fails;
}

/* Lines of s that start with prefix. Line by line on purpose: a strstr
 * loop is quadratic under ASan, whose strstr measures the whole rest of
 * the haystack on every call (12 minutes on the real traces). */
static size_t count_lines(const char *s, const char *prefix)
{
	size_t n = 0, k = strlen(prefix);
	for (const char *p = s; *p;) {
		n += strncmp(p, prefix, k) == 0;
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	return n;
}

/* One B event per call; one non-comment dump line per record. */
static unsigned check_chrome_dump(const char *name, struct loaded *l)
{
	unsigned fails = 0;
	uint64_t calls = 0;
	for (uint32_t m = 0; m < l->tr.nmethods; m++)
		calls += l->p.methods[m].calls + l->p.methods[m].rcalls;
	char *out = run(l, F_CHROME, TV_CPU, 0, 0);
	size_t events = count_lines(out, "{\"ph\": \"B\"");
	if (events != calls && fails++ < 5)
		print_error("%s: %zu events for %" PRIu64 " calls\n", name, events, calls);
	free(out);

	out = run(l, F_DUMP, 0, 0, 0);
	uint64_t lines = 0;
	for (char *p = out; *p; p = strchr(p, '\n') + 1)
		lines += *p != '#';
	if (lines != l->tr.records && fails++ < 5)
		print_error("%s: %" PRIu64 " dump lines for %" PRIu64 " records\n", name, lines,
		            l->tr.records);
	free(out);
	return fails;
}

static void test_real(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	if (!dir)
		skip();
	size_t n;
	char **v = tu_real_traces(&n);
	unsigned fails = 0;
	for (size_t i = 0; i < n; i++) {
		struct loaded l;
		memset(&l, 0, sizeof l);
		const char *name = strrchr(v[i], '/') + 1;
		if (tu_read_file(v[i], &l.buf, &l.len) != 0 ||
		    tu_load_buffer(&l.tr, l.buf, l.len) != TV_OK) {
			print_error("%s: does not load\n", name);
			fails++;
			trace_free(&l.tr);
			free(l.buf);
			free(v[i]);
			continue;
		}
		struct tv_error err;
		assert_int_equal(profile_build(&l.p, &l.tr, NULL, &err), TV_OK);
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (l.tr.has_clock[c])
				fails += check_folded(name, &l, c);
		fails += check_chrome_dump(name, &l);
		unload(&l);
		free(v[i]);
	}
	free(v);
	assert_true(n > 0);
	assert_int_equal(fails, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_folded_cpu),
		cmocka_unit_test(test_folded_wall),
		cmocka_unit_test(test_folded_signatures),
		cmocka_unit_test(test_folded_per_thread),
		cmocka_unit_test(test_folded_walked),
		cmocka_unit_test(test_folded_one_thread),
		cmocka_unit_test(test_folded_fallback_zero),
		cmocka_unit_test(test_chrome),
		cmocka_unit_test(test_chrome_cpu),
		cmocka_unit_test(test_chrome_cpu_only),
		cmocka_unit_test(test_speedscope),
		cmocka_unit_test(test_dump_repairs),
		cmocka_unit_test(test_dump_one_clock),
		cmocka_unit_test(test_dump_streaming),
		cmocka_unit_test(test_dump_pair),
		cmocka_unit_test(test_real),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
