/* test_timeline.c: src/timeline.h on small generated traces.
 *
 * Scripts use the tracegen syntax "TID OP METHOD CPU [WALL]"; the trace is
 * V1 version 3 (clock=dual) unless a test says otherwise, so the axis is
 * the wall clock and times in the expectations are the WALL column. Calls
 * are written [start, end) in µs; every expected value is worked out from
 * those intervals in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/clockmap.h"
#include "analyze/timeline.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"

#define NONE TL_NONE

struct fx {
	struct tg *tg;
	struct trace tr;
	struct timeline tl;
	int loaded, built;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->tg = tg_new();
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	if (f->built)
		timeline_free(&f->tl);
	if (f->loaded)
		trace_free(&f->tr);
	tg_free(f->tg);
	free(f);
	return 0;
}

/* Runs script, loads it (o NULL: V1 v3 dual) and builds the timeline. */
static struct fx *fx_run(void **state, const char *script, const struct tg_opts *o)
{
	struct fx *f = *state;
	assert_int_equal(tg_script(f->tg, script), 0);
	f->loaded = 1;
	assert_int_equal(tu_load_tg(&f->tr, f->tg, o), TV_OK);
	struct tv_error err = {0};
	assert_int_equal(timeline_build(&f->tl, &f->tr, &err), TV_OK);
	f->built = 1;
	return f;
}

/* Thread index of a tid. */
static uint32_t th(const struct fx *f, uint32_t tid)
{
	uint32_t i = trace_find_thread(&f->tr, tid);
	if (i == IDMAP_NONE)
		fail_msg("no thread %u", (unsigned)tid);
	return i;
}

/* Method index of a script symbol. */
static uint32_t me(const struct fx *f, const char *sym)
{
	uint64_t id = tg_id(f->tg, sym);
	if (id == UINT64_MAX)
		fail_msg("no symbol %s", sym);
	uint32_t m = trace_find_method(&f->tr, id);
	if (m == IDMAP_NONE)
		fail_msg("method %s is not in the trace", sym);
	return m;
}

/* Method of the call at t on thread tid, or NONE. */
static uint32_t method_at(const struct fx *f, uint32_t tid, uint64_t t)
{
	uint32_t c = timeline_call_at(&f->tl, th(f, tid), t);
	return c == NONE ? NONE : f->tr.threads[th(f, tid)].method[c];
}

static void assert_ref(struct tl_ref r, uint32_t thread, uint32_t call)
{
	if (r.thread != thread || r.call != call)
		fail_msg("got (%u,%u), want (%u,%u)", (unsigned)r.thread, (unsigned)r.call,
		         (unsigned)thread, (unsigned)call);
}

/* Cells of [t0, t1) as method symbols: want is a list of symbols or "-"
 * for an idle cell, separated by blanks. */
#define CELLS(f, tid, t0, t1, want) cells(f, tid, t0, t1, want, __LINE__)
static void cells(const struct fx *f, uint32_t tid, uint64_t t0, uint64_t t1, const char *want,
                  int line)
{
	char buf[256], *save = NULL;
	uint32_t out[64], n = 0, exp[64];
	strcpy(buf, want);
	for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		exp[n++] = strcmp(tok, "-") == 0 ? NONE : me(f, tok);
	timeline_cells(&f->tl, th(f, tid), t0, t1, n, out);
	for (uint32_t c = 0; c < n; c++)
		if (out[c] != exp[c])
			fail_msg("line %d: cell %u of [%llu,%llu)/%u: got method %d, want %d (%s)", line,
			         (unsigned)c, (unsigned long long)t0, (unsigned long long)t1,
			         (unsigned)n, (int)out[c], (int)exp[c], want);
}

/* Marks of a method over [t0, t1) against a string of '0' and '1'. */
#define MARKS(f, tid, sym, t0, t1, want) marks(f, tid, sym, t0, t1, want, __LINE__)
static void marks(const struct fx *f, uint32_t tid, const char *sym, uint64_t t0, uint64_t t1,
                  const char *want, int line)
{
	uint8_t out[64];
	char got[65];
	uint32_t n = (uint32_t)strlen(want);
	memset(out, 7, sizeof out);
	timeline_marks(&f->tl, th(f, tid), me(f, sym), t0, t1, n, out);
	for (uint32_t c = 0; c < n; c++)
		got[c] = out[c] == 0 ? '0' : out[c] == 1 ? '1' : '?';
	got[n] = '\0';
	if (strcmp(got, want) != 0)
		fail_msg("line %d: marks of %s over [%llu,%llu): got %s, want %s", line, sym,
		         (unsigned long long)t0, (unsigned long long)t1, got, want);
	assert_int_equal(out[n], 7);   /* nothing written past ncols */
}

/* Two threads, wall = axis:
 *   tid 1: A [100,200) calls B [110,180); C [300,400)
 *   tid 2: D [150,250) calls B [160,170); A [260,280)
 *   tid 3: M [1000,1100) calls X [1000,1030), Y [1030,1070), X [1070,1100)
 * Call indices (preorder): tid 1: 0 A, 1 B, 2 C; tid 2: 0 D, 1 B, 2 A;
 * tid 3: 0 M, 1 X, 2 Y, 3 X. CPU times differ from wall on purpose.
 * U is declared and never called. */
static const char two_threads[] =
	"method U 0x100 com.example.Test U ()V\n"
	"1 > A 0 100\n"
	"1 > B 5 110\n"
	"2 > D 0 150\n"
	"2 > B 2 160\n"
	"2 < B 4 170\n"
	"1 < B 40 180\n"
	"1 < A 50 200\n"
	"2 < D 30 250\n"
	"2 > A 31 260\n"
	"2 < A 35 280\n"
	"1 > C 60 300\n"
	"1 < C 90 400\n"
	"3 > M 0 1000\n"
	"3 > X 1 1000\n"
	"3 < X 2 1030\n"
	"3 > Y 3 1030\n"
	"3 < Y 4 1070\n"
	"3 > X 5 1070\n"
	"3 < X 6 1100\n"
	"3 < M 7 1100\n";

/* ------------------------------------------------------------ build */

static void test_build_wall(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL);
	assert_int_equal(f->tl.clock, TV_WALL);
	/* earliest first wall 100 (tid 1), latest last 1100 (tid 3) */
	assert_int_equal(f->tl.begin, 100);
	assert_int_equal(f->tl.end, 1100);
	assert_int_equal(timeline_call_start(&f->tl, th(f, 1), 1), 110);
	assert_int_equal(timeline_call_end(&f->tl, th(f, 1), 1), 180);
	assert_int_equal(timeline_call_start(&f->tl, th(f, 2), 2), 260);
	assert_int_equal(timeline_call_end(&f->tl, th(f, 2), 2), 280);
	assert_int_equal(timeline_call_start(&f->tl, th(f, 3), 3), 1070);
	timeline_free(&f->tl);
	assert_null(f->tl.calls);
	timeline_free(&f->tl);   /* twice is harmless */
	f->built = 0;
}

static void test_build_cpu(void **state)
{
	/* V1 version 2 with clock=thread-cpu: records carry the CPU time only. */
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_THREAD_CPU};
	struct fx *f = fx_run(state, two_threads, &o);
	assert_false(f->tr.has_clock[TV_WALL]);
	assert_int_equal(f->tl.clock, TV_CPU);
	/* CPU: tid 1 0..90, tid 2 0..35, tid 3 0..7 */
	assert_int_equal(f->tl.begin, 0);
	assert_int_equal(f->tl.end, 90);
	/* tid 1 on CPU: A [0,50), B [5,40), C [60,90) */
	assert_int_equal(timeline_call_start(&f->tl, th(f, 1), 1), 5);
	assert_int_equal(timeline_call_end(&f->tl, th(f, 1), 1), 40);
	assert_int_equal(method_at(f, 1, 5), me(f, "B"));
	assert_int_equal(method_at(f, 1, 45), me(f, "A"));
	assert_int_equal(method_at(f, 1, 50), NONE);
	assert_int_equal(method_at(f, 1, 60), me(f, "C"));
	/* tid 2 on CPU: D [0,30), B [2,4), A [31,35) */
	assert_int_equal(method_at(f, 2, 3), me(f, "B"));
	assert_int_equal(method_at(f, 2, 30), NONE);
	assert_int_equal(method_at(f, 2, 31), me(f, "A"));
}

static void test_build_wall_only(void **state)
{
	/* clock=wall: the one time per record is the wall clock. */
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_WALL};
	struct fx *f = fx_run(state, "1 > A 7\n1 > B 9\n1 < B 12\n1 < A 19\n", &o);
	assert_false(f->tr.has_clock[TV_CPU]);
	assert_int_equal(f->tl.clock, TV_WALL);
	assert_int_equal(f->tl.begin, 7);
	assert_int_equal(f->tl.end, 19);
	assert_int_equal(method_at(f, 1, 9), me(f, "B"));
	assert_int_equal(method_at(f, 1, 12), me(f, "A"));
}

/* ------------------------------------------------------------ call_at, depth */

static void test_call_at(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL);
	uint32_t t1 = th(f, 1), t2 = th(f, 2);
	assert_int_equal(timeline_call_at(&f->tl, t1, 0), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t1, 99), NONE);    /* before the thread */
	assert_int_equal(timeline_call_at(&f->tl, t1, 100), 0);      /* A */
	assert_int_equal(timeline_call_at(&f->tl, t1, 109), 0);
	assert_int_equal(timeline_call_at(&f->tl, t1, 110), 1);      /* B, innermost */
	assert_int_equal(timeline_call_at(&f->tl, t1, 179), 1);
	assert_int_equal(timeline_call_at(&f->tl, t1, 180), 0);      /* ends are exclusive */
	assert_int_equal(timeline_call_at(&f->tl, t1, 199), 0);
	assert_int_equal(timeline_call_at(&f->tl, t1, 200), NONE);   /* between top-level calls */
	assert_int_equal(timeline_call_at(&f->tl, t1, 250), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t1, 299), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t1, 300), 2);      /* C */
	assert_int_equal(timeline_call_at(&f->tl, t1, 399), 2);
	assert_int_equal(timeline_call_at(&f->tl, t1, 400), NONE);   /* after the thread */
	assert_int_equal(timeline_call_at(&f->tl, t1, 100000), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t1, UINT64_MAX), NONE);
	/* tid 2 starts at 150: the same times mean other calls there. */
	assert_int_equal(timeline_call_at(&f->tl, t2, 110), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t2, 149), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t2, 150), 0);      /* D */
	assert_int_equal(timeline_call_at(&f->tl, t2, 165), 1);      /* B */
	assert_int_equal(timeline_call_at(&f->tl, t2, 170), 0);
	assert_int_equal(timeline_call_at(&f->tl, t2, 255), NONE);
	assert_int_equal(timeline_call_at(&f->tl, t2, 260), 2);      /* A */
	assert_int_equal(timeline_call_at(&f->tl, t2, 280), NONE);
	/* tid 3: X, Y and X back to back inside M, which has no time of its own. */
	assert_int_equal(method_at(f, 3, 1000), me(f, "X"));
	assert_int_equal(method_at(f, 3, 1029), me(f, "X"));
	assert_int_equal(method_at(f, 3, 1030), me(f, "Y"));
	assert_int_equal(method_at(f, 3, 1070), me(f, "X"));
	assert_int_equal(timeline_call_at(&f->tl, th(f, 3), 1070), 3);
	assert_int_equal(method_at(f, 3, 1100), NONE);
}

/* tid 1: S [0,100) calls R [10,85), which calls R [20,30) and R [60,70).
 * tid 2: S [0,100) calls X [10,11) and X [12,95).
 * tid 3: P [0,40) calls Q [5,30), which calls P [10,20) (indirect).
 * Call indices: tid 1: 0 S, 1 R, 2 R, 3 R; tid 2: 0 S, 1 X, 2 X;
 * tid 3: 0 P, 1 Q, 2 P. */
static const char recursive[] =
	"1 > S 0\n"
	"1 > R 10\n"
	"1 > R 20\n"
	"1 < R 30\n"
	"1 > R 60\n"
	"1 < R 70\n"
	"1 < R 85\n"
	"1 < S 100\n"
	"2 > S 0\n"
	"2 > X 10\n"
	"2 < X 11\n"
	"2 > X 12\n"
	"2 < X 95\n"
	"2 < S 100\n"
	"3 > P 0\n"
	"3 > Q 5\n"
	"3 > P 10\n"
	"3 < P 20\n"
	"3 < Q 30\n"
	"3 < P 40\n";

static void test_depth(void **state)
{
	struct fx *f = fx_run(state, recursive, NULL);
	uint32_t t1 = th(f, 1);
	assert_int_equal(timeline_depth(&f->tl, t1, 0), 0);
	assert_int_equal(timeline_depth(&f->tl, t1, 1), 1);
	assert_int_equal(timeline_depth(&f->tl, t1, 2), 2);
	assert_int_equal(timeline_depth(&f->tl, t1, 3), 2);
	assert_int_equal(timeline_depth(&f->tl, th(f, 2), 2), 1);
	assert_int_equal(timeline_call_at(&f->tl, t1, 25), 2);
	assert_int_equal(timeline_call_at(&f->tl, t1, 30), 1);
	assert_int_equal(timeline_call_at(&f->tl, t1, 65), 3);
	assert_int_equal(timeline_call_at(&f->tl, t1, 85), 0);
}

/* ------------------------------------------------------------ cells */

static void test_cells_exact(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL);
	/* [100,200) as one cell: A 100 µs of which B 70 -> B 70 beats A 30. */
	CELLS(f, 1, 100, 200, "B");
	/* 10 µs cells: [100,110) A, [110,180) B, [180,200) A. */
	CELLS(f, 1, 100, 200, "A B B B B B B B A A");
	/* 100 µs cells: B (70 vs 30), idle [200,300), C. */
	CELLS(f, 1, 100, 400, "B - C");
	/* [170,270): A [170,200) 30 less B [170,180) 10 -> A 20 beats B 10;
	 * the idle 70 µs count for nothing. */
	CELLS(f, 1, 170, 270, "A");
	/* [50,100) is before the thread; [100,150): A 50 less B 40 -> B. */
	CELLS(f, 1, 50, 150, "- B");
	CELLS(f, 1, 0, 100, "- - - -");
	CELLS(f, 1, 400, 500, "- -");
	/* Cells narrower than 1 µs: 20 cells over [100,110), all inside A. */
	CELLS(f, 1, 100, 110, "A A A A A A A A A A A A A A A A A A A A");
	/* tid 2: [100,150) before it; [150,200): D 50 less B 10 -> D 40. */
	CELLS(f, 2, 100, 200, "- D");
	/* [150,200) D, [200,250) D, [250,300) A 20 (idle 30). */
	CELLS(f, 2, 150, 300, "D D A");
	/* tid 3: X [1000,1030) + [1070,1100) = 60 beats Y 40; M has 0 itself. */
	CELLS(f, 3, 1000, 1100, "X");
	/* [1000,1050): X 30, Y 20; [1050,1100): Y 20, X 30. */
	CELLS(f, 3, 1000, 1100, "X X");
	/* [1020,1080): X 10 + 10 = 20, Y 40 -> Y: times of a method add up. */
	CELLS(f, 3, 1020, 1080, "Y");
	/* [1040,1060) starts inside M and Y: Y 20, M 0. */
	CELLS(f, 3, 1040, 1060, "Y");
}

/* tid 1: 100 top-level calls k = 0..99 at [2000+10k, 2008+10k): R when
 * k % 4 == 3, else Q. Q has 75% of the calls. */
static char *many_calls(void)
{
	size_t cap = 100 * 32 + 1, len = 0;
	char *s = malloc(cap);
	assert_non_null(s);
	for (int k = 0; k < 100; k++) {
		const char *m = k % 4 == 3 ? "R" : "Q";
		len += (size_t)snprintf(s + len, cap - len, "1 > %s %d\n1 < %s %d\n", m, 2000 + 10 * k,
		                        m, 2008 + 10 * k);
	}
	return s;
}

static void test_cells_sampled(void **state)
{
	char *script = many_calls();
	struct fx *f = fx_run(state, script, NULL);
	free(script);
	/* [2000,2400): 40 calls start in it, too many to be exact. The 16
	 * samples sit at 2000 + floor(400 (2s+1) / 32): 12 37 62 87 112 137
	 * 162 187 212 237 262 287 312 337 362 387; at offset 2 or 7 into a
	 * period, all inside a call; k = 3, 11, 23, 31 are R, 12 are Q. */
	CELLS(f, 1, 2000, 2400, "Q");
	/* [2000,2200): 20 calls, exact: Q 15 x 8 = 120, R 5 x 8 = 40. */
	CELLS(f, 1, 2000, 2200, "Q");
	/* Any crowded cell names a method that is there. */
	uint32_t out[3], q = me(f, "Q"), r = me(f, "R");
	timeline_cells(&f->tl, th(f, 1), 2000, 3000, 3, out);
	for (int c = 0; c < 3; c++)
		assert_true(out[c] == q || out[c] == r);
	/* A view wider than the thread: the part inside still counts. */
	timeline_cells(&f->tl, th(f, 1), 0, 6000, 3, out);
	assert_int_equal(out[0], NONE);          /* [0,2000) */
	assert_true(out[1] == q || out[1] == r); /* [2000,4000) */
	assert_int_equal(out[2], NONE);          /* [4000,6000) */
}

/* ------------------------------------------------------------ marks */

static void test_marks(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL);
	/* 10 µs cells over [100,200): B [110,180) overlaps cells 1..7. */
	MARKS(f, 1, "B", 100, 200, "0111111100");
	/* Cells of 20: B overlaps [100,120) .. [160,180): cells 0..3. */
	MARKS(f, 1, "B", 100, 200, "11110");
	/* A covers the whole view [120,170): every cell; so does B. */
	MARKS(f, 1, "A", 120, 170, "11111");
	MARKS(f, 1, "B", 120, 170, "11111");
	MARKS(f, 1, "C", 120, 170, "00000");
	/* [0,500) in 50s: A [100,200) cells 2,3; C [300,400) cells 6,7. */
	MARKS(f, 1, "A", 0, 500, "0011000000");
	MARKS(f, 1, "C", 0, 500, "0000001100");
	/* A on tid 2 is [260,280): cell 5 of [0,500) in 50s. */
	MARKS(f, 2, "A", 0, 500, "0000010000");
	/* Methods without calls on the thread, or at all. */
	MARKS(f, 2, "C", 0, 500, "0000000000");
	MARKS(f, 1, "U", 0, 500, "0000000000");
	/* An empty view marks nothing. */
	MARKS(f, 1, "A", 150, 150, "000");
}

static void test_marks_recursive(void **state)
{
	struct fx *f = fx_run(state, recursive, NULL);
	/* R [10,85) with R [20,30), R [60,70) inside: cells 1..8 of 10. */
	MARKS(f, 1, "R", 0, 100, "0111111110");
	/* The outer R covers [40,50) and [22,28) whole. */
	MARKS(f, 1, "R", 40, 50, "1111");
	MARKS(f, 1, "R", 22, 28, "111");
	/* [80,100) in 5s: R ends at 85 -> cell 0 only. */
	MARKS(f, 1, "R", 80, 100, "1000");
	MARKS(f, 1, "S", 0, 100, "1111111111");
	/* tid 2: X [10,11) and X [12,95) both start in cell 1 of 10; the
	 * second overlaps cells 1..9. */
	MARKS(f, 2, "X", 0, 100, "0111111111");
	/* Indirect recursion: P [0,40) in 10s, and Q [5,30) in 5s. */
	MARKS(f, 3, "P", 0, 40, "1111");
	MARKS(f, 3, "P", 0, 80, "11110000");
	MARKS(f, 3, "Q", 0, 40, "01111100");
}

/* Only outermost calls are listed and stepped to: an inner call of the
 * same method lies inside one of them. */
static void test_outermost(void **state)
{
	struct fx *f = fx_run(state, recursive, NULL);
	uint32_t r = me(f, "R"), x = me(f, "X"), s = me(f, "S"), p = me(f, "P");
	assert_int_equal(timeline_method_ncalls(&f->tl, r), 1);
	assert_ref(timeline_method_call(&f->tl, r, 0), th(f, 1), 1);
	assert_int_equal(timeline_method_ncalls(&f->tl, x), 2);   /* siblings: both */
	assert_ref(timeline_method_call(&f->tl, x, 0), th(f, 2), 1);
	assert_ref(timeline_method_call(&f->tl, x, 1), th(f, 2), 2);
	assert_int_equal(timeline_method_ncalls(&f->tl, s), 2);
	assert_ref(timeline_method_call(&f->tl, s, 0), th(f, 1), 0);
	assert_ref(timeline_method_call(&f->tl, s, 1), th(f, 2), 0);
	assert_int_equal(timeline_method_ncalls(&f->tl, p), 1);   /* not P [10,20) */
	assert_ref(timeline_method_call(&f->tl, p, 0), th(f, 3), 0);
	struct tl_ref ref;
	assert_int_equal(timeline_step(&f->tl, me(f, "R"), 0, 1, &ref), 0);
	assert_ref(ref, th(f, 1), 1);                        /* 10 */
	assert_int_equal(timeline_step(&f->tl, me(f, "R"), 10, 1, &ref), -1);
	assert_int_equal(timeline_step(&f->tl, me(f, "R"), 100, -1, &ref), 0);
	assert_ref(ref, th(f, 1), 1);
	assert_int_equal(timeline_step(&f->tl, me(f, "P"), 0, 1, &ref), -1);
	/* X [10,11) and [12,95) on tid 2. */
	assert_int_equal(timeline_step(&f->tl, me(f, "X"), 10, 1, &ref), 0);
	assert_ref(ref, th(f, 2), 2);
	assert_int_equal(timeline_step(&f->tl, me(f, "X"), 12, -1, &ref), 0);
	assert_ref(ref, th(f, 2), 1);
}

/* ------------------------------------------------------------ calls, step */

static void test_method_calls(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL);
	const struct timeline *tl = &f->tl;
	uint32_t a = me(f, "A"), b = me(f, "B"), x = me(f, "X"), d = me(f, "D");
	assert_int_equal(timeline_method_ncalls(tl, a), 2);
	assert_ref(timeline_method_call(tl, a, 0), th(f, 1), 0);
	assert_ref(timeline_method_call(tl, a, 1), th(f, 2), 2);
	assert_int_equal(timeline_method_ncalls(tl, b), 2);
	assert_ref(timeline_method_call(tl, b, 0), th(f, 1), 1);
	assert_ref(timeline_method_call(tl, b, 1), th(f, 2), 1);
	assert_int_equal(timeline_method_ncalls(tl, x), 2);
	assert_ref(timeline_method_call(tl, x, 0), th(f, 3), 1);
	assert_ref(timeline_method_call(tl, x, 1), th(f, 3), 3);
	assert_int_equal(timeline_method_ncalls(tl, d), 1);
	assert_ref(timeline_method_call(tl, d, 0), th(f, 2), 0);
	/* Declared, never called; out of range. */
	assert_int_equal(timeline_method_ncalls(tl, me(f, "U")), 0);
	assert_int_equal(timeline_method_ncalls(tl, f->tr.nmethods), 0);
	assert_int_equal(timeline_method_ncalls(tl, UINT32_MAX), 0);
}

/* E on two threads, interleaved in time:
 *   tid 1: E [10,15), E [30,35)    tid 2: E [20,25), E [40,45) */
static void test_step(void **state)
{
	struct fx *f = fx_run(state,
		"1 > E 10\n1 < E 15\n"
		"2 > E 20\n2 < E 25\n"
		"1 > E 30\n1 < E 35\n"
		"2 > E 40\n2 < E 45\n"
		"method U 0x100 com.example.Test U ()V\n", NULL);
	uint32_t e = me(f, "E"), t1 = th(f, 1), t2 = th(f, 2);
	struct tl_ref r = {77, 77};
	/* Forward: strictly after t. */
	assert_int_equal(timeline_step(&f->tl, e, 0, 1, &r), 0);
	assert_ref(r, t1, 0);                                   /* 10 */
	assert_int_equal(timeline_step(&f->tl, e, 10, 1, &r), 0);
	assert_ref(r, t2, 0);                                   /* 20 */
	assert_int_equal(timeline_step(&f->tl, e, 20, 1, &r), 0);
	assert_ref(r, t1, 1);                                   /* 30 */
	assert_int_equal(timeline_step(&f->tl, e, 29, 1, &r), 0);
	assert_ref(r, t1, 1);
	assert_int_equal(timeline_step(&f->tl, e, 30, 1, &r), 0);
	assert_ref(r, t2, 1);                                   /* 40 */
	r = (struct tl_ref){77, 77};
	assert_int_equal(timeline_step(&f->tl, e, 40, 1, &r), -1);
	assert_ref(r, 77, 77);                                  /* untouched */
	assert_int_equal(timeline_step(&f->tl, e, 1000, 1, &r), -1);
	/* The end of time: t + 1 must not wrap round to the first call. */
	assert_int_equal(timeline_step(&f->tl, e, UINT64_MAX, 1, &r), -1);
	/* Backward: strictly before t. */
	assert_int_equal(timeline_step(&f->tl, e, 1000, -1, &r), 0);
	assert_ref(r, t2, 1);                                   /* 40 */
	assert_int_equal(timeline_step(&f->tl, e, 40, -1, &r), 0);
	assert_ref(r, t1, 1);                                   /* 30 */
	assert_int_equal(timeline_step(&f->tl, e, 30, -1, &r), 0);
	assert_ref(r, t2, 0);                                   /* 20 */
	assert_int_equal(timeline_step(&f->tl, e, 21, -1, &r), 0);
	assert_ref(r, t2, 0);
	assert_int_equal(timeline_step(&f->tl, e, 20, -1, &r), 0);
	assert_ref(r, t1, 0);                                   /* 10 */
	assert_int_equal(timeline_step(&f->tl, e, 10, -1, &r), -1);
	assert_int_equal(timeline_step(&f->tl, e, 0, -1, &r), -1);
	/* A method without calls has nothing to step to. */
	assert_int_equal(timeline_step(&f->tl, me(f, "U"), 0, 1, &r), -1);
	assert_int_equal(timeline_step(&f->tl, me(f, "U"), 100, -1, &r), -1);
}

/* Steps through B of two_threads: [110,180) on tid 1, [160,170) on tid 2. */
static void test_step_nested(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL);
	uint32_t b = me(f, "B");
	struct tl_ref r;
	assert_int_equal(timeline_step(&f->tl, b, 0, 1, &r), 0);
	assert_ref(r, th(f, 1), 1);
	assert_int_equal(timeline_step(&f->tl, b, 110, 1, &r), 0);
	assert_ref(r, th(f, 2), 1);
	assert_int_equal(timeline_step(&f->tl, b, 160, 1, &r), -1);
	assert_int_equal(timeline_step(&f->tl, b, 170, -1, &r), 0);
	assert_ref(r, th(f, 2), 1);
	assert_int_equal(timeline_step(&f->tl, b, 160, -1, &r), 0);
	assert_ref(r, th(f, 1), 1);
	assert_int_equal(timeline_step(&f->tl, b, 110, -1, &r), -1);
	/* A: [100,200) on tid 1, [260,280) on tid 2. */
	assert_int_equal(timeline_step(&f->tl, me(f, "A"), 100, 1, &r), 0);
	assert_ref(r, th(f, 2), 2);
	assert_int_equal(timeline_step(&f->tl, me(f, "A"), 260, -1, &r), 0);
	assert_ref(r, th(f, 1), 0);
}

/* Off CPU (docs/ui.md, "Off-CPU shading"): A runs F on CPU for 400 µs,
 * then sleeps 500 µs of wall time in S (CPU time stands still), then runs
 * its own code 100 µs on CPU. */
static const char offcpu_script[] =
	"1 > A 0 0\n1 > F 0 0\n1 < F 400 400\n1 > S 400 400\n1 < S 400 900\n1 < A 500 1000\n";

static void test_offcpu(void **state)
{
	struct fx *f = fx_run(state, offcpu_script, NULL);
	uint8_t out[100];
	assert_int_equal(timeline_offcpu(&f->tl, th(f, 1), 0, 1000, 100, out), 1);
	/* 10 µs a column: the sleep covers columns 40..89 exactly. */
	for (int x = 0; x < 100; x++)
		assert_int_equal(out[x], x >= 40 && x < 90);
	/* 250 µs cells: CPU grows 250, 150 (on: more than half), 0, 100 (off:
	 * less than half). */
	assert_int_equal(timeline_offcpu(&f->tl, th(f, 1), 0, 1000, 4, out), 1);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 0);
	assert_int_equal(out[2], 1);
	assert_int_equal(out[3], 1);
	/* Zoomed into the sleep: every cell off. */
	assert_int_equal(timeline_offcpu(&f->tl, th(f, 1), 500, 700, 8, out), 1);
	for (int x = 0; x < 8; x++)
		assert_int_equal(out[x], 1);
}

/* A single-clock trace knows nothing of waiting: nothing is off CPU. */
static void test_offcpu_single_clock(void **state)
{
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_WALL};
	struct fx *f = fx_run(state, offcpu_script, &o);
	uint8_t out[100];
	memset(out, 7, sizeof out);
	assert_int_equal(timeline_offcpu(&f->tl, th(f, 1), 0, 1000, 100, out), 0);
	for (int x = 0; x < 100; x++)
		assert_int_equal(out[x], 0);
}

/* ------------------------------------------------------------ the CPU axis */

/* A planted sleep (docs/ui.md, "Thread time"): tid 1 runs A for 10 ms
 * of CPU, sleeps 100 ms of wall time between calls, then runs B for 10
 * ms of CPU:
 *   wall  A [0, 10000)      B [110000, 120000)
 *   CPU   A [0, 10000)      B [10000, 20000)
 * tid 2 starts later, its raw CPU clock at 7000: C wall [50000, 60000),
 * CPU [7000, 12000) (5 ms of CPU). */
static const char sleep_script[] =
	"1 > A 0 0\n1 < A 10000 10000\n"
	"2 > C 7000 50000\n2 < C 12000 60000\n"
	"1 > B 10000 110000\n1 < B 20000 120000\n";

static void cpu_axis(const struct fx *f, struct timeline *cpu)
{
	assert_int_equal(timeline_cpu_axis(cpu, &f->tl), 0);
}

/* On the CPU axis B starts where A ends: the 100 ms sleep is gone. */
static void test_cpu_axis_closes_sleep(void **state)
{
	struct fx *f = fx_run(state, sleep_script, NULL);
	struct timeline cpu;
	cpu_axis(f, &cpu);
	/* Wall axis: 12 cells of 10 ms, A in the first, B in the last, the
	 * ten between idle. */
	CELLS(f, 1, 0, 120000, "A - - - - - - - - - - B");
	assert_int_equal(cpu.clock, TV_CPU);
	assert_int_equal(cpu.begin, 0);
	assert_int_equal(cpu.end, 20000);        /* the longest CPU span: tid 1's */
	assert_int_equal(timeline_call_start(&cpu, th(f, 1), 0), 0);
	assert_int_equal(timeline_call_end(&cpu, th(f, 1), 0), 10000);
	assert_int_equal(timeline_call_start(&cpu, th(f, 1), 1), 10000);  /* B at A's end */
	assert_int_equal(timeline_call_end(&cpu, th(f, 1), 1), 20000);
	/* Four cells of 5 ms of CPU: A A B B, nothing idle. */
	uint32_t out[4];
	timeline_cells(&cpu, th(f, 1), 0, 20000, 4, out);
	assert_int_equal(out[0], me(f, "A"));
	assert_int_equal(out[1], me(f, "A"));
	assert_int_equal(out[2], me(f, "B"));
	assert_int_equal(out[3], me(f, "B"));
	assert_int_equal(timeline_call_at(&cpu, th(f, 1), 9999), 0);
	assert_int_equal(timeline_call_at(&cpu, th(f, 1), 10000), 1);
	/* tid 2 starts at the axis's 0 too: C [0, 5000) of its own CPU. */
	assert_int_equal(timeline_call_start(&cpu, th(f, 2), 0), 0);
	assert_int_equal(timeline_call_end(&cpu, th(f, 2), 0), 5000);
	timeline_cells(&cpu, th(f, 2), 0, 20000, 4, out);
	assert_int_equal(out[0], me(f, "C"));
	assert_int_equal(out[1], NONE);
	/* Nothing is off the CPU on its own CPU clock. */
	uint8_t off[4];
	assert_int_equal(timeline_offcpu(&cpu, th(f, 1), 0, 20000, 4, off), 0);
	/* The next call of B after A's start is at 10 ms of CPU. */
	struct tl_ref r;
	assert_int_equal(timeline_step(&cpu, me(f, "B"), 0, 1, &r), 0);
	assert_ref(r, th(f, 1), 1);
}

/* A CPU-axis range mapped to the wall axis through a thread (and back):
 * between two records the other clock grows evenly. */
static void test_cpu_axis_map(void **state)
{
	struct fx *f = fx_run(state, sleep_script, NULL);
	struct timeline cpu;
	cpu_axis(f, &cpu);
	uint32_t t1 = th(f, 1), t2 = th(f, 2);
	/* [5 ms, 15 ms) of tid 1's CPU: 5 ms is inside A (wall 5000); 15 ms
	 * inside B, 5 ms of CPU after its entry at wall 110000: 115000. The
	 * wall range keeps the sleep between them. */
	assert_int_equal(timeline_map(&cpu, &f->tl, t1, 5000), 5000);
	assert_int_equal(timeline_map(&cpu, &f->tl, t1, 15000), 115000);
	/* 10 ms of CPU: the first record at or after it is A's exit (wall
	 * 10000), the moment the thread left the CPU. */
	assert_int_equal(timeline_map(&cpu, &f->tl, t1, 10000), 10000);
	/* Past its last record: its last wall time; before: its first. */
	assert_int_equal(timeline_map(&cpu, &f->tl, t1, 25000), 120000);
	/* tid 2: 2.5 ms of CPU is half of C: wall 50000 + 10000 / 2. */
	assert_int_equal(timeline_map(&cpu, &f->tl, t2, 2500), 55000);
	assert_int_equal(timeline_map(&cpu, &f->tl, t2, 0), 50000);
	/* Wall to CPU: mid-sleep, the CPU A had used (10 ms); 115000 in B,
	 * 15 ms; before tid 2's first record, its CPU 0. */
	assert_int_equal(timeline_map(&f->tl, &cpu, t1, 60000), 10000);
	assert_int_equal(timeline_map(&f->tl, &cpu, t1, 115000), 15000);
	assert_int_equal(timeline_map(&f->tl, &cpu, t2, 1000), 0);
	assert_int_equal(timeline_map(&f->tl, &cpu, t2, 57000), 3500);
	/* One axis to itself: the time unchanged. */
	assert_int_equal(timeline_map(&f->tl, &f->tl, t1, 4321), 4321);
}

/* A single-clock trace has no second axis. */
static void test_cpu_axis_single_clock(void **state)
{
	struct tg_opts o = {.version = 2, .clock = TG_CLOCK_WALL};
	struct fx *f = fx_run(state, sleep_script, &o);
	struct timeline cpu;
	memset(&cpu, 7, sizeof cpu);
	assert_int_equal(timeline_cpu_axis(&cpu, &f->tl), -1);
	struct tg_opts c = {.version = 2, .clock = TG_CLOCK_THREAD_CPU};
	struct fx *g = *state;
	trace_free(&g->tr);
	timeline_free(&g->tl);
	g->loaded = g->built = 0;
	tg_free(g->tg);
	g->tg = tg_new();
	f = fx_run(state, sleep_script, &c);
	assert_int_equal(timeline_cpu_axis(&cpu, &f->tl), -1);
}

/* The rule of clockmap.h by brute force: every record (call boundaries
 * and marks) of the thread, the last before t and the first at or after
 * it, as derive.c finds a range's cut. */
static uint64_t brute_map(const struct tv_thread *t, int x, uint64_t at)
{
	int y = !x, lo = 0, hi = 0;
	uint64_t lx = 0, ly = 0, hx = 0, hy = 0;
	for (uint32_t i = 0; i < t->ncalls + t->nmarks; i++) {
		for (int e = 0; e < (i < t->ncalls ? 2 : 1); e++) {
			uint64_t vx, vy;
			if (i < t->ncalls) {
				vx = e ? trace_call_end(t, x, i) : trace_call_start(t, x, i);
				vy = e ? trace_call_end(t, y, i) : trace_call_start(t, y, i);
			} else {
				vx = t->marks[i - t->ncalls].t[x];
				vy = t->marks[i - t->ncalls].t[y];
			}
			vx += t->first[x];
			vy += t->first[y];
			if (vx < at) {
				lx = !lo || vx > lx ? vx : lx;
				ly = !lo || vy > ly ? vy : ly;
				lo = 1;
			} else {
				hx = !hi || vx < hx ? vx : hx;
				hy = !hi || vy < hy ? vy : hy;
				hi = 1;
			}
		}
	}
	if (!lo)
		return hy;
	if (!hi || hx == at)
		return hi ? hy : ly;
	return ly + (hy - ly) * (at - lx) / (hx - lx);
}

/* clockmap_at() against the brute force at every µs of a trace with
 * nesting, action-3 records and a lost exit (marks), both ways. */
static void test_clockmap_brute(void **state)
{
	struct fx *f = fx_run(state,
	                      "1 > A 0 0\n1 > B 3 4\n1 ? B 5 9\n1 < B 8 20\n1 > C 8 31\n"
	                      "1 > D 9 33\n1 < D 9 60\n1 < C 15 70\n1 < A 15 90\n"
	                      "1 > E 20 95\n1 > F 22 99\n1 < E 30 130\n"
	                      "2 > G 5 40\n2 < G 6 41\n2 > G 6 80\n2 < G 11 88\n",
	                      NULL);
	for (uint32_t k = 0; k < f->tr.nthreads; k++) {
		const struct tv_thread *t = &f->tr.threads[k];
		assert_true(k != th(f, 1) || t->nmarks > 0);
		for (int x = 0; x < 2; x++)
			for (uint64_t at = t->first[x] > 3 ? t->first[x] - 3 : 0;
			     at <= t->last[x] + 3; at++)
				if (clockmap_at(t, x, at) != brute_map(t, x, at))
					fail_msg("tid %u clock %d at %llu: got %llu, want %llu",
					         (unsigned)t->tid, x, (unsigned long long)at,
					         (unsigned long long)clockmap_at(t, x, at),
					         (unsigned long long)brute_map(t, x, at));
	}
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_build_wall),
		T(test_build_cpu),
		T(test_build_wall_only),
		T(test_call_at),
		T(test_depth),
		T(test_cells_exact),
		T(test_cells_sampled),
		T(test_marks),
		T(test_marks_recursive),
		T(test_method_calls),
		T(test_outermost),
		T(test_step),
		T(test_step_nested),
		T(test_offcpu),
		T(test_offcpu_single_clock),
		T(test_cpu_axis_closes_sleep),
		T(test_cpu_axis_map),
		T(test_cpu_axis_single_clock),
		T(test_clockmap_brute),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
