/* test_derive.c: time ranges, transforms, categories and their parsers
 * (docs/numbers.md, "Time ranges", "Transforms", "Categories").
 *
 * Small traces written by tracegen with hand-checked numbers; every real
 * trace checked against the invariants, and the range's record counts and
 * interpolation against a brute-force scan of the records.
 */
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
#include "model/load.h"
#include "testutil.h"
#include "tracegen.h"

/* ------------------------------------------------------------ helpers */

static void load_script(struct trace *tr, const char *script)
{
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, script), 0);
	assert_int_equal(tu_load_tg(tr, tg, NULL), TV_OK);
	tg_free(tg);
}

/* Steps from strings: "A..B" is a range, anything else a transform. */
static void derive(const struct trace *in, struct trace *out, uint8_t *none,
                   const char *const *specs, uint32_t n)
{
	struct derive_step *st = calloc(n ? n : 1, sizeof *st);
	struct tv_error err = {0};
	assert_non_null(st);
	for (uint32_t i = 0; i < n; i++) {
		const char *why = NULL;
		if (strstr(specs[i], "..") && !strchr(specs[i], ':')) {
			struct range r;
			assert_int_equal(range_parse(specs[i], &r, &why), 0);
			assert_int_equal(derive_step_range(&r, &st[i]), 0);
		} else if (derive_step_transform(specs[i], &st[i], &why) < 0) {
			fail_msg("%s: %s", specs[i], why);
		}
	}
	assert_int_equal(derive_build(out, in, st, n, none, &err), TV_OK);
	for (uint32_t i = 0; i < n; i++)
		derive_step_free(&st[i]);
	free(st);
}

static void profile_of(struct profile *p, const struct trace *tr, const uint32_t *tid)
{
	assert_int_equal(profile_build(p, tr, tid, NULL), TV_OK);
}

/* Method index by class and name (declared ones). */
static uint32_t mi(const struct trace *tr, const char *cls, const char *name)
{
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (tu_str_eq(tr, tr->methods[m].cls, cls) && tu_str_eq(tr, tr->methods[m].name, name))
			return m;
	fail_msg("no method %s.%s", cls, name);
	return 0;
}

static const struct tv_thread *thread_of(const struct trace *tr, uint32_t tid)
{
	uint32_t t = trace_find_thread(tr, tid);
	assert_int_not_equal(t, IDMAP_NONE);
	return &tr->threads[t];
}

/* ------------------------------------------------------------ parsers */

static void test_range_parse(void **state)
{
	(void)state;
	struct range r;
	const char *why;
	assert_int_equal(range_parse("1.25s..1.5s", &r, &why), 0);
	assert_true(r.has_start && r.has_end);
	assert_int_equal(r.start, 1250000);
	assert_int_equal(r.end, 1500000);
	assert_int_equal(range_parse("1250000us..1500000us", &r, &why), 0);
	assert_int_equal(r.start, 1250000);
	assert_int_equal(range_parse("..2s", &r, &why), 0);
	assert_false(r.has_start);
	assert_int_equal(r.end, 2000000);
	assert_int_equal(range_parse("3s..", &r, &why), 0);
	assert_false(r.has_end);
	assert_int_equal(range_parse("0us..", &r, &why), 0);
	assert_true(r.has_start);
	assert_int_equal(r.start, 0);
	/* nearest µs, halves up */
	assert_int_equal(range_parse("0.4us..1.5us", &r, &why), 0);
	assert_int_equal(r.start, 0);
	assert_int_equal(r.end, 2);
	assert_int_equal(range_parse("1.0004ms..1.0005ms", &r, &why), 0);
	assert_int_equal(r.start, 1000);
	assert_int_equal(r.end, 1001);
	assert_int_equal(range_parse(".5s..", &r, &why), 0);
	assert_int_equal(r.start, 500000);

	static const char *const bad[] = {
		"", "1s", "1..2s", "1s..2", "-1s..2s", "2s..1s", "1s..1s", "1.0000004s..1.0000001s",
		"1x..2s", "1 s..2s", "ms..1s", "..0us", "1s..2s..3s", "99999999999999999999s..",
		"1e3us..", "+1s..",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why = NULL;
		if (range_parse(bad[i], &r, &why) == 0)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(why);
	}
	uint64_t us;
	assert_int_equal(range_parse_time("16ms", &us, &why), 0);
	assert_int_equal(us, 16000);
	assert_int_equal(range_parse_time("16", &us, &why), -1);

	char buf[RANGE_TEXT_MAX];
	assert_int_equal(range_parse("1.25s..2s", &r, &why), 0);
	range_format(&r, buf);
	assert_string_equal(buf, "1250ms..2s");
	assert_false(r.events);
}

/* Events (ev) for traces without time: whole numbers, not mixed with
 * times, written back as given; --min-wait's times take none. */
static void test_range_events(void **state)
{
	(void)state;
	struct range r;
	const char *why;
	char buf[RANGE_TEXT_MAX];
	assert_int_equal(range_parse("100ev..500ev", &r, &why), 0);
	assert_true(r.events && r.has_start && r.has_end);
	assert_int_equal(r.start, 100);
	assert_int_equal(r.end, 500);
	range_format(&r, buf);
	assert_string_equal(buf, "100ev..500ev");
	assert_int_equal(range_parse("..1000000ev", &r, &why), 0);
	assert_true(r.events && !r.has_start);
	assert_int_equal(r.end, 1000000);   /* never read as µs, so never "1s" */
	range_format(&r, buf);
	assert_string_equal(buf, "..1000000ev");
	assert_int_equal(range_parse("0ev..", &r, &why), 0);
	assert_true(r.events);
	assert_int_equal(range_parse("..", &r, &why), 0);   /* no unit: fits every trace */
	assert_false(r.events);
	static const char *const bad[] = {
		"2.5ev..", "1ev..2ms", "1ms..2ev", "5ev..5ev", "6ev..5ev", "-1ev..", "1EV..", "ev..",
		"1e..", "1 ev..",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why = NULL;
		if (range_parse(bad[i], &r, &why) == 0)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(why);
	}
	assert_int_equal(range_parse("1ev..2ms", &r, &why), -1);
	assert_string_equal(why, "both ends in events (ev) or both in time (us, ms, s)");
	uint64_t us;
	assert_int_equal(range_parse_time("5ev", &us, &why), -1);
	assert_string_equal(why, "unknown unit (expected us, ms or s)");
}

/* Which ranges suit which traces: events only a trace without time. */
static void test_range_fits(void **state)
{
	(void)state;
	struct trace tr;
	trace_init(&tr);
	struct range ev = {1, 1, 2, 6, 1}, us = {1, 0, 2, 0, 0}, open = {0, 0, 0, 0, 0};
	tr.clock = TV_CLOCK_DUAL;
	assert_false(derive_range_fits(&tr, &ev));
	assert_true(derive_range_fits(&tr, &us));
	assert_true(derive_range_fits(&tr, &open));
	tr.clock = TV_CLOCK_SEQUENCE;
	assert_true(derive_range_fits(&tr, &ev));
	assert_false(derive_range_fits(&tr, &us));
	assert_true(derive_range_fits(&tr, &open));
	trace_free(&tr);
}

static void test_glob(void **state)
{
	(void)state;
#define G(p, s) match_glob(p, strlen(p), s, strlen(s))
	assert_true(G("androidx.*", "androidx.core.View"));
	assert_true(G("androidx.*", "androidx."));
	assert_false(G("androidx.*", "androidx"));
	assert_false(G("androidx.*", "xandroidx.a"));
	assert_true(G("*", ""));
	assert_true(G("", ""));
	assert_false(G("", "a"));
	assert_true(G("a*b*c", "aXbYbZc"));
	assert_false(G("a*b*c", "aXbYbZ"));
	assert_true(G("com.example.*", "com/example/Foo"));  /* '/' read as '.' */
	assert_true(G("java/lang/*", "java.lang.String"));
	assert_false(G("Com.*", "com.x"));                    /* case-sensitive */
	assert_true(G("a?c", "a?c"));                          /* only '*' is special */
	assert_false(G("a?c", "abc"));
	assert_true(G("**x", "x"));
#undef G
}

static void test_method_spec(void **state)
{
	(void)state;
	struct match_spec s;
	const char *why;
	assert_int_equal(match_spec_parse("com.example.Foo.bar", &s, &why), 0);
	assert_int_equal(s.kind, MATCH_NAME);
	assert_int_equal(s.cls_len, 15);
	assert_memory_equal(s.cls, "com.example.Foo", 15);
	assert_int_equal(s.name_len, 3);
	assert_null(s.sig);
	match_spec_free(&s);
	assert_int_equal(match_spec_parse("Foo.bar(I)V", &s, &why), 0);
	assert_memory_equal(s.sig, "(I)V", 4);
	assert_int_equal(s.sig_len, 4);
	match_spec_free(&s);
	assert_int_equal(match_spec_parse("0x1a2B", &s, &why), 0);
	assert_int_equal(s.kind, MATCH_ID);
	assert_int_equal(s.id, 0x1a2b);
	match_spec_free(&s);
	assert_int_equal(match_spec_parse("collapse:androidx.*", &s, &why), 0);
	assert_int_equal(s.kind, MATCH_SYNTH);
	match_spec_free(&s);
	static const char *const bad[] = {"", "Foo", ".bar", "Foo.", "0x", "0xg", "collapse:",
	                                  "0x11112222333344445"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (match_spec_parse(bad[i], &s, &why) == 0)
			fail_msg("'%s' was accepted", bad[i]);

	struct derive_step st;
	static const char *const badt[] = {"", "merge", "merge:", "foo:A.b", "app:a,,b", "app:,",
	                                   "focus:Foo", "collapse:", "Merge:A.b", "rec:0xz"};
	for (size_t i = 0; i < sizeof badt / sizeof badt[0]; i++)
		if (derive_step_transform(badt[i], &st, &why) == 0)
			fail_msg("'%s' was accepted", badt[i]);
	assert_int_equal(derive_step_transform("app:com.a.*,org.b.*", &st, &why), 0);
	assert_int_equal(st.nglobs, 2);
	assert_int_equal(st.globs[1].len, 7);
	derive_step_free(&st);
	assert_int_equal(derive_step_transform("collapse:a,b", &st, &why), 0);
	assert_int_equal(st.globs[0].len, 3);   /* a ',' in a collapse pattern is literal */
	derive_step_free(&st);
}

/* ------------------------------------------------------------ ranges */

/* Wall starts at 1000 so the axis origin matters. B [1020,1060],
 * C [1080,1100] with CPU standing still, in A [1000,1120]. */
static const char range_script[] =
	"thread 1 main\n"
	"method A 0x10 com.example.Main run ()V\n"
	"method B 0x14 com.example.Main b ()V\n"
	"method C 0x18 com.example.Main c ()V\n"
	"1 > A 0 1000\n"
	"1 > B 10 1020\n"
	"1 < B 30 1060\n"
	"1 > C 40 1080\n"
	"1 < C 40 1100\n"
	"1 < A 50 1120\n";

static void test_range_interpolation(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, range_script);
	static const char *const st[] = {"30us..90us"};
	derive(&tr, &v, NULL, st, 1);
	profile_of(&p, &v, NULL);
	uint32_t a = mi(&v, "com.example.Main", "run"), b = mi(&v, "com.example.Main", "b"),
	         c = mi(&v, "com.example.Main", "c");
	/* CPU at wall 30: between (20, 10) and (60, 30): 10 + 20*10/40 = 15;
	 * at 90: between (80, 40) and (100, 40): 40. */
	assert_int_equal(p.methods[a].incl[TV_WALL], 60);
	assert_int_equal(p.methods[a].incl[TV_CPU], 25);
	assert_int_equal(p.methods[a].excl[TV_WALL], 20);
	assert_int_equal(p.methods[a].excl[TV_CPU], 10);
	assert_int_equal(p.methods[b].incl[TV_WALL], 30);
	assert_int_equal(p.methods[b].incl[TV_CPU], 15);
	assert_int_equal(p.methods[c].incl[TV_WALL], 10);
	assert_int_equal(p.methods[c].incl[TV_CPU], 0);
	assert_int_equal(p.top_incl[TV_WALL], 60);
	assert_int_equal(p.top_incl[TV_CPU], 25);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	const struct tv_thread *th = thread_of(&v, 1);
	assert_int_equal(th->records, 2);   /* walls 1060 and 1080 */
	assert_int_equal(v.records, 6);     /* the file's, whatever the range */
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

static void test_range_boundaries(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, range_script);
	/* [60, 80): B ends at 60 and C starts at 80: both gone. */
	static const char *const st[] = {"60us..80us"};
	derive(&tr, &v, NULL, st, 1);
	profile_of(&p, &v, NULL);
	uint32_t a = mi(&v, "com.example.Main", "run");
	assert_int_equal(p.norder, 1);
	assert_int_equal(p.methods[a].calls, 1);
	assert_int_equal(p.methods[a].incl[TV_WALL], 20);
	assert_int_equal(p.methods[a].incl[TV_CPU], 10);   /* 30 at wall 60, 40 at 80 */
	assert_int_equal(thread_of(&v, 1)->records, 1);
	profile_free(&p);
	trace_free(&v);

	/* The whole trace, written as an open range: the same numbers. */
	static const char *const all[] = {"0us.."};
	struct profile q;
	derive(&tr, &v, NULL, all, 1);
	profile_of(&p, &v, NULL);
	profile_of(&q, &tr, NULL);
	assert_int_equal(p.norder, q.norder);
	for (uint32_t i = 0; i < q.norder; i++) {
		uint32_t m = q.order[i];
		assert_int_equal(p.order[i], m);
		assert_memory_equal(p.methods[m].incl, q.methods[m].incl, sizeof q.methods[m].incl);
		assert_memory_equal(p.methods[m].excl, q.methods[m].excl, sizeof q.methods[m].excl);
	}
	assert_int_equal(thread_of(&v, 1)->records, 6);
	profile_free(&q);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* Zero-length calls at the range's start are kept, with their ancestors. */
static void test_range_zero_length(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, "method A 0x10 x.Y a ()V\nmethod B 0x14 x.Y b ()V\n"
	                  "method Z 0x18 x.Y z ()V\nmethod C 0x1c x.Y c ()V\n"
	                  "1 > A 0 0\n1 > B 5 10\n1 > Z 8 50\n1 < Z 8 50\n1 < B 10 50\n"
	                  "1 > C 12 60\n1 < C 14 70\n1 < A 20 100\n");
	uint32_t b = mi(&tr, "x.Y", "b"), z = mi(&tr, "x.Y", "z"), c = mi(&tr, "x.Y", "c");
	static const char *const from50[] = {"50us.."};
	derive(&tr, &v, NULL, from50, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[z].calls, 1);
	assert_int_equal(p.methods[b].calls, 1);   /* kept for Z, clipped to nothing */
	assert_int_equal(p.methods[b].incl[TV_WALL], 0);
	assert_int_equal(p.methods[c].calls, 1);
	assert_int_equal(p.top_incl[TV_WALL], 50);
	/* records at walls 50, 50, 50, 60, 70, 100 */
	assert_int_equal(thread_of(&v, 1)->records, 6);
	profile_free(&p);
	trace_free(&v);

	static const char *const to50[] = {"..50us"};
	derive(&tr, &v, NULL, to50, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[z].calls + p.methods[c].calls, 0);  /* at B: gone */
	assert_int_equal(p.methods[b].calls, 1);
	assert_int_equal(p.methods[b].incl[TV_WALL], 40);
	/* B's end moved to 50: CPU of the first record at 50 (Z's entry, 8) */
	assert_int_equal(p.methods[b].incl[TV_CPU], 3);
	assert_int_equal(thread_of(&v, 1)->records, 2);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* Threads start at different times; the axis is the earliest of them. */
static void test_range_threads(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, "method A 0x10 x.Y a ()V\nmethod E 0x14 x.Y e ()V\n"
	                  "1 > A 0 1000\n2 > E 0 1200\n1 < A 50 1120\n2 < E 5 1300\n");
	uint32_t e = mi(&tr, "x.Y", "e");
	static const char *const early[] = {"..150us"};
	derive(&tr, &v, NULL, early, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 1);   /* thread 2 begins at 200 */
	assert_int_equal(v.threads[p.threads[0]].tid, 1);
	profile_free(&p);
	trace_free(&v);

	static const char *const late[] = {"250us.."};
	derive(&tr, &v, NULL, late, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 1);
	assert_int_equal(p.methods[e].incl[TV_WALL], 50);
	assert_int_equal(p.methods[e].incl[TV_CPU], 3);   /* CPU 2 at wall 250 (0 + 5*50/100) */
	assert_int_equal(thread_of(&v, 2)->records, 1);
	profile_free(&p);
	trace_free(&v);

	/* A thread whose span meets the range but has no record inside it. */
	static const char *const mid[] = {"140us..150us"};
	derive(&tr, &v, NULL, mid, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 0);    /* thread 1 ended at 120, 2 began at 200 */
	profile_free(&p);
	trace_free(&v);
	static const char *const inside[] = {"210us..220us"};
	derive(&tr, &v, NULL, inside, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 1);
	assert_int_equal(thread_of(&v, 2)->records, 0);
	assert_int_equal(p.methods[e].incl[TV_WALL], 10);
	assert_int_equal(p.top_incl[TV_WALL], 10);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* The axis ends at the latest timestamp, 300 µs after the earliest (1000
 * to 1300 wall): a range from 300 µs still meets thread 2 (its last
 * timestamp is 300), one from 301 µs meets nothing; an open start never
 * lies outside. */
static void test_range_outside(void **state)
{
	(void)state;
	struct trace tr;
	load_script(&tr, "method A 0x10 x.Y a ()V\nmethod E 0x14 x.Y e ()V\n"
	                  "1 > A 0 1000\n2 > E 0 1200\n1 < A 50 1120\n2 < E 5 1300\n");
	assert_int_equal(derive_axis_end(&tr), 300);
	struct range r;
	const char *why;
	assert_int_equal(range_parse("300us..400us", &r, &why), 0);
	assert_false(derive_range_outside(&tr, &r));
	assert_int_equal(range_parse("301us..", &r, &why), 0);
	assert_true(derive_range_outside(&tr, &r));
	assert_int_equal(range_parse("140us..150us", &r, &why), 0);   /* a gap, not outside */
	assert_false(derive_range_outside(&tr, &r));
	assert_int_equal(range_parse("..1us", &r, &why), 0);
	assert_false(derive_range_outside(&tr, &r));
	trace_free(&tr);
	trace_init(&tr);
	assert_int_equal(derive_axis_end(&tr), 0);   /* no records */
	trace_free(&tr);
}

/* A view left with threads 1 and 3 of three: a profile over every
 * thread covers those two (A 2 calls, incl 10+30 µs wall), thread 2
 * keeps its place and name but takes no part. */
static void test_only_threads(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, "method A 0x10 x.Y a ()V\n"
	                  "1 > A 0 0\n1 < A 5 10\n2 > A 0 0\n2 < A 5 20\n3 > A 0 0\n3 < A 5 30\n");
	derive(&tr, &v, NULL, NULL, 0);
	const uint32_t t13[] = {1, 3};
	struct trace_sel sel = {t13, 2};
	derive_only_threads(&v, &sel);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.nthreads, 2);
	assert_int_equal(p.methods[mi(&v, "x.Y", "a")].calls, 2);
	assert_int_equal(p.methods[mi(&v, "x.Y", "a")].incl[TV_WALL], 40);
	assert_int_equal(p.top_incl[TV_WALL], 40);
	assert_int_equal(v.nthreads, 3);
	assert_int_equal(thread_of(&v, 2)->ncalls, 0);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* ------------------------------------------------------------ transforms */

static void test_collapse_example(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	/* A(androidx) -> B(app) -> C(androidx) -> D(androidx) */
	load_script(&tr, "method A 0x10 androidx.core.A a ()V\n"
	                  "method B 0x14 com.example.B b ()V\n"
	                  "method C 0x18 androidx.core.C c ()V\n"
	                  "method D 0x1c androidx.core.D d ()V\n"
	                  "1 > A 0\n1 > B 10\n1 > C 20\n1 > D 30\n1 < D 40\n1 < C 60\n1 < B 70\n"
	                  "1 < A 100\n");
	static const char *const st[] = {"collapse:androidx.*"};
	uint8_t none[1];
	derive(&tr, &v, none, st, 1);
	assert_int_equal(none[0], 0);
	const struct tv_thread *th = thread_of(&v, 1);
	assert_int_equal(th->ncalls, 3);   /* collapse -> B -> collapse */
	uint32_t s = th->method[0], b = mi(&v, "com.example.B", "b");
	assert_true(v.methods[s].synthetic);
	assert_true(tu_str_eq(&v, v.methods[s].cls, "androidx.*"));
	assert_int_equal(v.methods[s].id, DERIVE_SYNTH_ID);
	assert_int_equal(th->method[1], b);
	assert_int_equal(th->method[2], s);
	assert_int_equal(th->parent[2], 1);
	profile_of(&p, &v, NULL);
	/* synthetic: excl = A's 40 + C's and D's 40 (C 20 + D 10 + ... ) */
	assert_int_equal(p.methods[s].excl[TV_CPU], 40 + 40);
	assert_int_equal(p.methods[s].incl[TV_CPU], 100);   /* the inner one is recursive */
	assert_int_equal(p.methods[s].calls, 1);
	assert_int_equal(p.methods[s].rcalls, 1);
	assert_int_equal(p.methods[b].excl[TV_CPU], 20);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	profile_free(&p);
	trace_free(&v);
	trace_free(&tr);
}

/* One thread: M [0,100] { A [10,40] { M [20,30] }, D [50,70] { A [55,60] } }. */
static const char kinds_script[] =
	"method M 0x10 p.K m ()V\nmethod A 0x14 p.K a ()V\nmethod D 0x18 q.L d ()V\n"
	"1 > M 0\n1 > A 10\n1 > M 20\n1 < M 30\n1 < A 40\n1 > D 50\n1 > A 55\n1 < A 60\n"
	"1 < D 70\n1 < M 100\n";

static void test_merge_focus_drop(void **state)
{
	(void)state;
	struct trace tr, v;
	struct profile p;
	load_script(&tr, kinds_script);
	uint32_t m = mi(&tr, "p.K", "m"), a = mi(&tr, "p.K", "a"), d = mi(&tr, "q.L", "d");

	static const char *const merge[] = {"merge:p.K.a"};
	derive(&tr, &v, NULL, merge, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[a].calls, 0);
	assert_int_equal(p.methods[m].excl[TV_CPU], 50 + 20 + 10);  /* own 50, A's 20, inner M 10 */
	assert_int_equal(p.methods[m].rcalls, 1);                    /* the inner M: child of M now */
	assert_int_equal(p.methods[d].excl[TV_CPU], 20);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	profile_free(&p);
	trace_free(&v);

	static const char *const focus[] = {"focus:p.K.a"};
	derive(&tr, &v, NULL, focus, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.top_incl[TV_CPU], 30 + 5);
	assert_int_equal(p.top_excl[TV_CPU], 0);
	assert_int_equal(p.methods[a].calls, 2);
	assert_int_equal(p.methods[m].calls, 1);   /* the inner M, now non-recursive */
	assert_int_equal(p.methods[d].calls, 0);
	assert_int_equal(trace_thread_span(thread_of(&v, 1), TV_CPU), 100);  /* threads stay */
	profile_free(&p);
	trace_free(&v);

	static const char *const drop[] = {"drop:p.K.a"};
	derive(&tr, &v, NULL, drop, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.top_incl[TV_CPU], 100 - 30 - 5);
	assert_int_equal(p.methods[m].incl[TV_CPU], 65);
	assert_int_equal(p.methods[m].calls, 1);     /* the inner M went with A */
	assert_int_equal(p.methods[d].incl[TV_CPU], 15);
	assert_int_equal(p.methods[d].excl[TV_CPU], 15);
	assert_int_equal(p.methods[m].excl[TV_CPU], 50);
	profile_free(&p);
	trace_free(&v);

	/* rec: the inner M's parent is A, so nothing merges; after merging A
	 * it is M's child and merges into it. */
	static const char *const rec[] = {"merge:p.K.a", "rec:p.K.m"};
	derive(&tr, &v, NULL, rec, 2);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.methods[m].calls, 1);
	assert_int_equal(p.methods[m].rcalls, 0);
	assert_int_equal(p.methods[m].excl[TV_CPU], 80);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	profile_free(&p);
	trace_free(&v);

	/* app: only q.* kept; M and A merge into the root. */
	static const char *const app[] = {"app:q.*"};
	derive(&tr, &v, NULL, app, 1);
	profile_of(&p, &v, NULL);
	assert_int_equal(p.norder, 1);
	assert_int_equal(p.methods[d].incl[TV_CPU], 20);
	assert_int_equal(p.top_incl[TV_CPU], 100);
	assert_int_equal(p.top_excl[TV_CPU], 80);
	profile_free(&p);
	trace_free(&v);

	/* Transforms that match nothing change nothing. */
	uint8_t none[3];
	static const char *const nothing[] = {"merge:no.Such.m", "app:zzz.*", "drop:0x999"};
	derive(&tr, &v, none, nothing, 3);
	assert_true(none[0] && none[1] && none[2]);
	assert_int_equal(thread_of(&v, 1)->ncalls, thread_of(&tr, 1)->ncalls);
	trace_free(&v);
	trace_free(&tr);
}

/* ------------------------------------------------------------ invariants */

static uint64_t sum_excl(const struct profile *p, int c)
{
	uint64_t s = p->top_excl[c];
	for (uint32_t i = 0; i < p->norder; i++)
		s += p->methods[p->order[i]].excl[c];
	return s;
}

static void id_spec(const struct trace *tr, uint32_t m, char *buf, size_t n, const char *kind)
{
	snprintf(buf, n, "%s:0x%llx", kind, (unsigned long long)tr->methods[m].id);
}

/* The kept invariants of every kind, for a few methods of tr. */
static void check_invariants(const struct trace *tr, const char *name)
{
	struct profile p0;
	profile_of(&p0, tr, NULL);
	uint32_t picks[4], npick = 0;
	for (uint32_t i = 0; i < p0.norder && npick < 2; i++)
		picks[npick++] = p0.order[i];
	if (p0.norder > 2)
		picks[npick++] = p0.order[p0.norder / 2];
	for (uint32_t i = 0; i < p0.norder && npick < 4; i++)
		if (p0.methods[p0.order[i]].rcalls)
			picks[npick++] = p0.order[i];
	for (uint32_t k = 0; k < npick; k++) {
		uint32_t m = picks[k];
		char spec[64];
		struct trace v;
		struct profile p;
		static const char *const kinds[] = {"focus", "merge", "rec", "drop"};
		for (int j = 0; j < 4; j++) {
			id_spec(tr, m, spec, sizeof spec, kinds[j]);
			const char *st[] = {spec};
			derive(tr, &v, NULL, st, 1);
			profile_of(&p, &v, NULL);
			for (int c = 0; c < TV_NCLOCKS; c++) {
				if (!tr->has_clock[c])
					continue;
				if (j == 0 && p.top_incl[c] != p0.methods[m].incl[c])
					fail_msg("%s: %s: focused total %llu, incl before %llu", name, spec,
					         (unsigned long long)p.top_incl[c],
					         (unsigned long long)p0.methods[m].incl[c]);
				if ((j == 1 || j == 2) && p.top_incl[c] != p0.top_incl[c])
					fail_msg("%s: %s: toplevel incl changed", name, spec);
				if (sum_excl(&p, c) != p.top_incl[c])
					fail_msg("%s: %s: excl sums to %llu, toplevel %llu", name, spec,
					         (unsigned long long)sum_excl(&p, c),
					         (unsigned long long)p.top_incl[c]);
			}
			if (j == 2)
				for (uint32_t t = 0; t < v.nthreads; t++) {
					const struct tv_thread *th = &v.threads[t];
					for (uint32_t i = 0; i < th->ncalls; i++)
						if (th->method[i] == m && th->parent[i] != TV_ROOT &&
						    th->method[th->parent[i]] == m)
							fail_msg("%s: %s left a recursive pair", name, spec);
				}
			char msg[256];
			if (tu_check_edge_sums(&p, msg, sizeof msg) != 0)
				fail_msg("%s: %s: %s", name, spec, msg);
			profile_free(&p);
			trace_free(&v);
		}
	}
	/* collapse and app by the first pick's class prefix. */
	if (npick && tv_str_present(tr->methods[picks[0]].cls)) {
		const struct tv_method *tm = &tr->methods[picks[0]];
		char glob[256];
		size_t n = tm->cls.len < 200 ? tm->cls.len : 200, cut = 0;
		for (size_t i = 0; i < n; i++)
			if (trace_str(tr, tm->cls)[i] == '.' || trace_str(tr, tm->cls)[i] == '/')
				cut = i;
		char spec[2][300];
		snprintf(glob, sizeof glob, "%.*s*", (int)(cut + 1), trace_str(tr, tm->cls));
		snprintf(spec[0], sizeof spec[0], "collapse:%s", glob);
		snprintf(spec[1], sizeof spec[1], "app:%s", glob);
		for (int j = 0; j < 2; j++) {
			struct trace v;
			struct profile p;
			const char *st[] = {spec[j]};
			derive(tr, &v, NULL, st, 1);
			profile_of(&p, &v, NULL);
			for (int c = 0; c < TV_NCLOCKS; c++)
				if (tr->has_clock[c] && (p.top_incl[c] != p0.top_incl[c] ||
				                         sum_excl(&p, c) != p.top_incl[c]))
					fail_msg("%s: %s: toplevel incl or excl sum changed", name, spec[j]);
			profile_free(&p);
			trace_free(&v);
		}
	}
	profile_free(&p0);
}

/* Categories add up to busy time per thread and over the selection. */
static void check_categories(const struct trace *tr, const char *name)
{
	struct profile p;
	struct category_report cr;
	profile_of(&p, tr, NULL);
	assert_int_equal(category_report_build(&cr, &p, NULL, 0), 0);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		uint64_t all = 0;
		for (uint32_t i = 0; i < p.nthreads; i++) {
			const struct tv_thread *th = &tr->threads[p.threads[i]];
			uint64_t busy = 0, sum = 0;
			for (uint32_t k = 0; k < th->ncalls; k++)
				if (th->parent[k] == TV_ROOT)
					busy += trace_call_incl(th, c, k);
			for (int g = 0; g < CAT_COUNT; g++)
				sum += cr.threads[i][g][c];
			if (sum != busy)
				fail_msg("%s: thread %u: categories %llu, busy %llu", name, th->tid,
				         (unsigned long long)sum, (unsigned long long)busy);
		}
		for (int g = 0; g < CAT_COUNT; g++)
			all += cr.total[g][c];
		assert_int_equal(all, p.top_incl[c] - p.top_excl[c]);
	}
	category_report_free(&cr);
	profile_free(&p);
}

/* ------------------------------------------------------------ brute force */

struct bf_rec {
	uint32_t tid;
	uint64_t t[2];   /* slots, unwrapped and clamped per thread */
};

struct bf {
	unsigned nslots;
	struct bf_rec *r;
	size_t n, cap;
	struct bf_state {
		uint32_t tid;
		uint64_t prev[2], epoch[2];
	} th[4096];
	size_t nth;
};

static int bf_format(void *ctx, const struct sink_format *f)
{
	((struct bf *)ctx)->nslots = f->nslots == 1 ? 1 : 2;
	return 0;
}
static int bf_option(void *ctx, struct sink_bytes k, struct sink_bytes v)
{
	(void)ctx, (void)k, (void)v;
	return 0;
}
static int bf_thread(void *ctx, uint32_t tid, struct sink_bytes n, uint64_t off)
{
	(void)ctx, (void)tid, (void)n, (void)off;
	return 0;
}
static int bf_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t off)
{
	(void)ctx, (void)id, (void)m, (void)off;
	return 0;
}
static void bf_warn(void *ctx, enum tv_warn k, uint64_t off, uint64_t n)
{
	(void)ctx, (void)k, (void)off, (void)n;
}

static int bf_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                     uint64_t off)
{
	struct bf *b = ctx;
	(void)word, (void)off;
	size_t k = 0;
	while (k < b->nth && b->th[k].tid != tid)
		k++;
	int fresh = k == b->nth;
	if (fresh) {
		assert_true(b->nth < 4096);
		memset(&b->th[b->nth++], 0, sizeof b->th[0]);
		b->th[k].tid = tid;
	}
	struct bf_state *s = &b->th[k];
	uint64_t raw[2] = {t0, t1}, out[2] = {0, 0};
	for (unsigned i = 0; i < b->nslots; i++) {
		uint64_t v = raw[i] + s->epoch[i];
		if (!fresh && v < s->prev[i] && s->prev[i] - v > (UINT64_C(1) << 31)) {
			s->epoch[i] += UINT64_C(1) << 32;
			v += UINT64_C(1) << 32;
		}
		if (!fresh && v < s->prev[i])
			v = s->prev[i];
		s->prev[i] = out[i] = v;
	}
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->r = realloc(b->r, b->cap * sizeof *b->r);
		assert_non_null(b->r);
	}
	b->r[b->n++] = (struct bf_rec){tid, {out[0], out[1]}};
	return 0;
}

/* The other clock at axis time t on thread tid, the slow way. */
static uint64_t bf_interp(const struct bf *b, uint32_t tid, uint64_t t)
{
	int have_i = 0, have_j = 0;
	uint64_t ax = 0, ao = 0, bx = 0, bo = 0;
	for (size_t k = 0; k < b->n; k++) {
		const struct bf_rec *r = &b->r[k];
		if (r->tid != tid)
			continue;
		if (r->t[1] < t) {
			have_i = 1;
			ax = r->t[1];
			ao = r->t[0];
		} else if (!have_j) {
			have_j = 1;
			bx = r->t[1];
			bo = r->t[0];
		}
	}
	if (!have_i || (have_j && bx == t))
		return bo;
	if (!have_j)
		return ao;
	/* Real and generated traces keep this product far below 2^64. */
	assert_true(t - ax == 0 || bo - ao <= UINT64_MAX / (t - ax));
	return ao + (bo - ao) * (t - ax) / (bx - ax);
}

static void check_brute(const struct trace *tr, const uint8_t *buf, size_t len, const char *name)
{
	struct bf b = {0};
	struct sink s = {&b, bf_format, bf_option, bf_thread, bf_method, bf_record, bf_warn,
	                 NULL, NULL};
	struct tv_error err = {0};
	assert_int_equal(load_scan(buf, len, &s, &err), TV_OK);
	int dual = b.nslots == 2;
	int ax = dual ? 1 : 0;
	uint64_t origin = UINT64_MAX, end = 0;
	for (size_t k = 0; k < b.n; k++) {
		origin = b.r[k].t[ax] < origin ? b.r[k].t[ax] : origin;
		end = b.r[k].t[ax] > end ? b.r[k].t[ax] : end;
	}
	assert_int_equal(origin, derive_axis_origin(tr));
	uint64_t span = end - origin;
	for (int trial = 0; trial < 12; trial++) {
		/* Cuts at record times and between them. */
		uint64_t a = span * (uint64_t)trial / 13, bb = a + span / 5 + 1 + (uint64_t)trial;
		if (trial % 3 == 0 && b.n > 2) {
			a = b.r[(size_t)trial * b.n / 13].t[ax] - origin;
			bb = b.r[(size_t)(trial + 1) * b.n / 14].t[ax] - origin + 1;
			if (bb <= a)
				bb = a + 1;
		}
		char spec[64];
		snprintf(spec, sizeof spec, "%lluus..%lluus", (unsigned long long)a,
		         (unsigned long long)bb);
		const char *st[] = {spec};
		struct trace v;
		derive(tr, &v, NULL, st, 1);
		for (uint32_t t = 0; t < v.nthreads; t++) {
			const struct tv_thread *vt = &v.threads[t], *ot = &tr->threads[t];
			uint64_t want = 0;
			for (size_t k = 0; k < b.n; k++)
				want += b.r[k].tid == vt->tid && b.r[k].t[ax] >= origin + a &&
				        b.r[k].t[ax] < origin + bb;
			if (vt->records != want)
				fail_msg("%s: %s: thread %u has %llu records, brute force %llu", name, spec,
				         vt->tid, (unsigned long long)vt->records, (unsigned long long)want);
			if (!dual || !trace_thread_shown(vt))
				continue;
			if (ot->first[TV_WALL] < origin + a &&
			    vt->first[TV_CPU] != bf_interp(&b, vt->tid, origin + a))
				fail_msg("%s: %s: thread %u CPU at the start %llu, brute force %llu", name,
				         spec, vt->tid, (unsigned long long)vt->first[TV_CPU],
				         (unsigned long long)bf_interp(&b, vt->tid, origin + a));
			if (ot->last[TV_WALL] >= origin + bb &&
			    vt->last[TV_CPU] != bf_interp(&b, vt->tid, origin + bb))
				fail_msg("%s: %s: thread %u CPU at the end differs", name, spec, vt->tid);
		}
		trace_free(&v);
	}
	free(b.r);
}

/* Range = one call of M, on that call's thread: M's incl is its length. */
static void check_one_call(const struct trace *tr, const char *name)
{
	int x = derive_axis_clock(tr);
	uint64_t origin = derive_axis_origin(tr);
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		for (uint32_t k = 0; k < 6 && th->ncalls; k++) {
			uint32_t i = (uint32_t)((uint64_t)th->ncalls * k / 6);
			uint64_t s = th->first[x] + trace_call_start(th, x, i) - origin;
			uint64_t e = th->first[x] + trace_call_end(th, x, i) - origin;
			if (e == s)
				continue;
			char spec[64];
			snprintf(spec, sizeof spec, "%lluus..%lluus", (unsigned long long)s,
			         (unsigned long long)e);
			const char *st[] = {spec};
			struct trace v;
			struct profile p;
			derive(tr, &v, NULL, st, 1);
			profile_of(&p, &v, &th->tid);
			if (p.methods[th->method[i]].incl[x] != e - s)
				fail_msg("%s: thread %u call %u: incl %llu over its own range of %llu", name,
				         th->tid, i, (unsigned long long)p.methods[th->method[i]].incl[x],
				         (unsigned long long)(e - s));
			profile_free(&p);
			trace_free(&v);
		}
	}
}

/* Field by field: a struct's padding bytes are not part of its value. */
static int edge_eq(const struct prof_edge *a, const struct prof_edge *b)
{
	return a->method == b->method && a->calls == b->calls && a->rcalls == b->rcalls &&
	       memcmp(a->incl, b->incl, sizeof a->incl) == 0 &&
	       memcmp(a->rincl, b->rincl, sizeof a->rincl) == 0;
}

/* --range=0us.. gives exactly the numbers of no range. */
static void check_whole(const struct trace *tr, const char *name)
{
	static const char *const all[] = {"0us.."};
	struct trace v;
	struct profile p, q;
	derive(tr, &v, NULL, all, 1);
	profile_of(&p, &v, NULL);
	profile_of(&q, tr, NULL);
	if (p.nthreads != q.nthreads || p.norder != q.norder ||
	    memcmp(p.top_incl, q.top_incl, sizeof p.top_incl) != 0 ||
	    memcmp(p.top_excl, q.top_excl, sizeof p.top_excl) != 0)
		fail_msg("%s: the whole range changed the toplevel", name);
	for (uint32_t i = 0; i < q.nthreads; i++) {
		const struct tv_thread *a = &v.threads[p.threads[i]], *b = &tr->threads[q.threads[i]];
		if (a->tid != b->tid || a->records != b->records ||
		    memcmp(a->first, b->first, sizeof a->first) != 0 ||
		    memcmp(a->last, b->last, sizeof a->last) != 0)
			fail_msg("%s: the whole range changed thread %u", name, b->tid);
	}
	for (uint32_t i = 0; i < q.norder; i++) {
		uint32_t m = q.order[i];
		const struct prof_method *x = &p.methods[m], *y = &q.methods[m];
		if (p.order[i] != m || x->calls != y->calls || x->rcalls != y->rcalls ||
		    memcmp(x->incl, y->incl, sizeof x->incl) != 0 ||
		    memcmp(x->excl, y->excl, sizeof x->excl) != 0 || x->nparents != y->nparents ||
		    x->nchildren != y->nchildren)
			fail_msg("%s: the whole range changed a method", name);
		for (uint32_t k = 0; k < y->nchildren; k++)
			if (!edge_eq(&x->children[k], &y->children[k]))
				fail_msg("%s: the whole range changed an edge", name);
	}
	profile_free(&q);
	profile_free(&p);
	trace_free(&v);
}

static void check_real(const char *path)
{
	const char *file = strrchr(path, '/') + 1;
	uint8_t *buf;
	size_t len;
	struct trace tr;
	assert_int_equal(tu_read_file(path, &buf, &len), 0);
	assert_int_equal(tu_load_buffer(&tr, buf, len), TV_OK);
	check_whole(&tr, file);
	check_invariants(&tr, file);
	check_categories(&tr, file);
	check_one_call(&tr, file);
	check_brute(&tr, buf, len, file);
	trace_free(&tr);
	free(buf);
}

static void test_real(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	if (!dir) {
		print_message("real-trace folder absent: skipped\n");
		skip();
	}
	size_t n;
	char **v = tu_real_traces(&n);
	for (size_t i = 0; i < n; i++)
		check_real(v[i]);
	tu_free_list(v, n);
	assert_true(n > 0);
	print_message("ranges, transforms and categories checked on %zu real traces\n", n);
}

/* Random trees: the invariants, categories and brute force again. */
static void test_random(void **state)
{
	(void)state;
	srand(12);
	for (int round = 0; round < 30; round++) {
		struct tg *tg = tg_new();
		static const char *const cls[] = {"androidx.a.X", "com.ex.Y", "java.lang.Object",
		                                  "android.os.MessageQueue", "org.lib.Z"};
		static const char *const nm[] = {"f", "g", "wait", "nativePollOnce", "h"};
		for (int m = 0; m < 5; m++)
			tg_method(tg, 0x10 + 4 * (uint64_t)m, cls[m], nm[m], "()V", NULL);
		for (uint32_t tid = 1; tid <= 2; tid++) {
			uint64_t cpu = 0, wall = (uint64_t)rand() % 50, stack[40];
			int depth = 0;
			for (int k = 0; k < 60; k++) {
				cpu += (uint64_t)(rand() % 3);
				wall += (uint64_t)(rand() % 7);
				if (rand() % 15 == 0) {
					/* an exit that repairs: orphan, or lost exits above */
					uint64_t m = depth ? stack[rand() % depth] : 0x10;
					tg_exit(tg, tid, m, cpu, wall);
					while (depth && stack[depth - 1] != m)
						depth--;
					if (depth)
						depth--;
				} else if (depth < 40 && (depth == 0 || rand() % 2)) {
					stack[depth] = 0x10 + 4 * (uint64_t)(rand() % 5);
					tg_enter(tg, tid, stack[depth++], cpu, wall);
				} else if (rand() % 9 == 0) {
					tg_raw(tg, tid, 0x10 | 3, cpu, wall);   /* action 3 */
				} else {
					tg_exit(tg, tid, stack[--depth], cpu, wall);
				}
			}
		}
		uint8_t *buf;
		size_t len;
		struct trace tr;
		assert_int_equal(tg_write(tg, NULL, &buf, &len), 0);
		assert_int_equal(tu_load_buffer(&tr, buf, len), TV_OK);
		check_whole(&tr, "random");
		check_invariants(&tr, "random");
		check_categories(&tr, "random");
		check_one_call(&tr, "random");
		check_brute(&tr, buf, len, "random");
		trace_free(&tr);
		free(buf);
		tg_free(tg);
	}
}

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
		cmocka_unit_test(test_range_parse),
		cmocka_unit_test(test_range_events),
		cmocka_unit_test(test_range_fits),
		cmocka_unit_test(test_glob),
		cmocka_unit_test(test_method_spec),
		cmocka_unit_test(test_range_interpolation),
		cmocka_unit_test(test_range_boundaries),
		cmocka_unit_test(test_range_zero_length),
		cmocka_unit_test(test_range_threads),
		cmocka_unit_test(test_range_outside),
		cmocka_unit_test(test_only_threads),
		cmocka_unit_test(test_collapse_example),
		cmocka_unit_test(test_merge_focus_drop),
		cmocka_unit_test(test_classify),
		cmocka_unit_test(test_app_guess),
		cmocka_unit_test(test_category_times),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_real),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
