/* test_lodump.c: ART's low-overhead and long-running-method dumps and the
 * ANR reports that carry them, written by tests/lodumpgen.c from
 * docs/format.md ("Low-overhead dumps", "Dumps in ANR reports") and read
 * back through the loader and the call-tree builder.
 *
 * Small cases have hand-checked numbers (calls, incl and excl per method,
 * on the event axis or in µs); generated dumps of every layout are held
 * to the invariants every reader keeps (calls nest inside their parents
 * and their thread, incl = excl + the children's incl, the edge sums).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "read/lodump.h"
#include "lodumpgen.h"
#include "testutil.h"

#define M_A UINT64_C(0x70001000)
#define M_B UINT64_C(0x70001040)
#define M_C UINT64_C(0x70001080)
#define M_L UINT64_C(0x71000000)   /* Looper.loop */
#define M_D UINT64_C(0x71000040)   /* Handler.dispatchMessage */
#define M_S UINT64_C(0x71000080)   /* a slow call */
#define M_Q UINT64_C(0x710000c0)   /* another */

#define EN(m) {LDG_ENTER, (m), 0}
#define EX {LDG_EXIT, 0, 0}
#define ENT(m, t) {LDG_ENTER, (m), (t)}
#define EXT(t) {LDG_EXIT, 0, (t)}

/* ------------------------------------------------------------ checks */

/* Every call inside its parent and its thread; incl = excl + Σ children
 * and the edge sums, over every thread. */
static void check_invariants(const struct trace *tr)
{
	int c = trace_sort_clock(tr);
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		uint64_t span = trace_thread_span(th, c);
		for (uint32_t i = 0; i < th->ncalls; i++) {
			uint64_t s = trace_call_start(th, c, i), e = trace_call_end(th, c, i);
			assert_true(s <= e && e <= span);
			uint32_t p = th->parent[i];
			if (p != TV_ROOT) {
				assert_true(p < i);
				assert_true(trace_call_start(th, c, p) <= s && e <= trace_call_end(th, c, p));
			}
		}
	}
	struct profile p;
	struct tv_error err;
	char msg[256];
	assert_int_equal(profile_build(&p, tr, NULL, &err), TV_OK);
	uint64_t excl = p.top_excl[c];
	for (uint32_t m = 0; m < tr->nmethods; m++)
		excl += p.methods[m].excl[c];
	assert_int_equal(excl, p.top_incl[c]);
	if (tu_check_edge_sums(&p, msg, sizeof msg) != 0)
		fail_msg("%s", msg);
	profile_free(&p);
}

/* calls, incl and excl of method id on the trace's axis. */
static void check_method(const struct profile *p, uint64_t id, uint64_t calls, uint64_t incl,
                         uint64_t excl)
{
	const struct prof_method *m = tu_method(p, id);
	int c = trace_sort_clock(p->tr);
	assert_non_null(m);
	assert_int_equal(m->calls + m->rcalls, calls);
	assert_int_equal(m->incl[c], incl);
	assert_int_equal(m->excl[c], excl);
}

static uint8_t *finish(struct ldg *g, size_t *len)
{
	return ldg_finish(g, len);
}

/* Loads a dump that must load; tr is the caller's to trace_free(). */
static void load(struct trace *tr, const uint8_t *buf, size_t len)
{
	assert_int_equal(tu_load_buffer(tr, buf, len), TV_OK);
	check_invariants(tr);
}

/* ------------------------------------------------------------ the writer */

/* Bytes as text for a message. */
static void hexof(const uint8_t *p, size_t n, char *out, size_t size)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 4 < size; i++)
		o += (size_t)snprintf(out + o, size - o, "%02x ", p[i]);
	out[o] = '\0';
}

/* lodumpgen against the block examples of docs/format.md ("Examples"). */
static void test_gen_examples(void **state)
{
	(void)state;
	static const uint8_t all[] = {
		0x02, 0x92, 0x10, 0x00, 0x00, 0x04, 0x00, 0x00, 0xf7, 0xe1, 0xc3, 0xa5,
		0x80, 0xa0, 0x80, 0x80, 0x07, 0xc0, 0x00, 0x01, 0x00,
	};
	static const uint8_t lng[] = {
		0x02, 0x88, 0x13, 0x00, 0x00, 0x02, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,
		0x80, 0xc0, 0xa8, 0xca, 0x9a, 0x3a, 0x80, 0x81, 0x80, 0x88, 0x07,
		0x81, 0x94, 0xeb, 0xdc, 0x03,
	};
	struct ldg_ev a[] = {EN(M_A), EN(M_B), EX, EX};
	struct ldg_ev l[] = {ENT(M_S, UINT64_C(1000000000000)), EXT(UINT64_C(1000500000000))};
	struct ldg g;
	size_t len;
	char got[256];
	ldg_init(&g, LDG_PACKETS, LDG_ALL, LDG_US);
	ldg_block(&g, 4242, a, 4);
	uint8_t *buf = finish(&g, &len);
	hexof(buf, len, got, sizeof got);
	if (len != sizeof all || memcmp(buf, all, len) != 0)
		fail_msg("all-methods block: %s", got);
	free(buf);
	ldg_init(&g, LDG_PACKETS, LDG_LONG, LDG_NS);
	ldg_block(&g, 5000, l, 2);
	buf = finish(&g, &len);
	hexof(buf, len, got, sizeof got);
	if (len != sizeof lng || memcmp(buf, lng, len) != 0)
		fail_msg("long-running block: %s", got);
	free(buf);
}

/* ------------------------------------------------------------ all methods */

/* Thread 4242: A(B) returns, then an exit with nothing open (its caller's
 * entry is not in the dump), then C(B) still open at the end. */
static const struct ldg_ev all_small[] = {
	EN(M_A), EN(M_B), EX, EX, EX, EN(M_C), EN(M_B), EX,
};

static uint8_t *all_small_dump(enum ldg_layout l, size_t *len)
{
	struct ldg g;
	ldg_init(&g, l, LDG_ALL, LDG_US);
	ldg_block(&g, 4242, all_small, sizeof all_small / sizeof all_small[0]);
	ldg_thread(&g, l == LDG_TMOL_DEC ? 1 : 4242, "main");
	ldg_method(&g, M_A, "com.example.A", "run", "()V", "A.java");
	ldg_method(&g, M_B, "com.example.B", "step", "(I)V", NULL);
	ldg_method(&g, M_C, "com.example.C", "loop", "()V", "C.java");
	return finish(&g, len);
}

/* Events 0..7: A [0,3], B [1,2], the unrecorded caller [0,4] adopting A,
 * C [5,7] (open: ends at the last event), B [6,7]. */
static void check_all_small(const struct trace *tr)
{
	struct profile p;
	struct tv_error err;
	assert_int_equal(tr->clock, TV_CLOCK_SEQUENCE);
	assert_true(trace_is_sequence(tr));
	assert_true(tr->has_clock[TV_WALL] && !tr->has_clock[TV_CPU]);
	assert_int_equal(tr->version, 0);
	assert_int_equal(tr->records, 8);
	assert_int_equal(tr->nthreads, 1);
	assert_int_equal(tr->threads[0].tid, 4242);
	assert_int_equal(trace_thread_span(&tr->threads[0], TV_WALL), 7);
	assert_int_equal(profile_build(&p, tr, NULL, &err), TV_OK);
	check_method(&p, M_A, 1, 3, 2);
	check_method(&p, M_B, 2, 2, 2);
	check_method(&p, M_C, 1, 2, 1);
	check_method(&p, LODUMP_UNRECORDED, 1, 4, 1);
	assert_int_equal(p.top_incl[TV_WALL], 7);
	assert_int_equal(p.top_excl[TV_WALL], 1);
	profile_free(&p);
	uint32_t u = trace_find_method(tr, LODUMP_UNRECORDED);
	assert_true(tu_str_eq(tr, tr->methods[u].name, "(caller not in the dump)"));
	assert_true(tu_str_eq(tr, tr->methods[u].cls, ""));
	assert_true(tu_str_eq(tr, tr->methods[u].sig, ""));
	uint32_t b = trace_find_method(tr, M_B);
	assert_true(tu_str_eq(tr, tr->methods[b].source, NULL));   /* "(null)" */
	assert_true(tu_str_eq(tr, tr->methods[b].cls, "com.example.B"));
	assert_int_equal(tu_warn(tr, TV_W_ORPHAN_EXIT), 1);
	assert_int_equal(tu_warn(tr, TV_W_UNKNOWN_METHOD), 0);
}

static void test_all_layouts(void **state)
{
	(void)state;
	static const enum ldg_layout ls[] = {LDG_TMOL_DEC, LDG_TMOL_HEX, LDG_TEXT8, LDG_TEXT12,
	                                     LDG_PACKETS};
	for (size_t i = 0; i < sizeof ls / sizeof ls[0]; i++) {
		size_t len;
		uint8_t *buf = all_small_dump(ls[i], &len);
		struct trace tr;
		assert_int_equal(load_detect(buf, len), LOAD_LODUMP);
		load(&tr, buf, len);
		check_all_small(&tr);
		/* decimal ids: the thread lines name ART's thread numbers */
		int art = ls[i] == LDG_TMOL_DEC;
		assert_true(tu_str_eq(&tr, tr.threads[0].name, art ? NULL : "main"));
		assert_int_equal(tu_warn(&tr, TV_W_LO_THREAD_IDS), art);
		trace_free(&tr);
		free(buf);
	}
}

/* The 12-byte header of all-methods blocks carries whatever memory held:
 * a size that, read as one, would swallow the next block. */
static void test_all_unwritten_size(void **state)
{
	(void)state;
	struct ldg g;
	size_t len;
	struct trace tr;
	ldg_init(&g, LDG_PACKETS, LDG_ALL, LDG_US);
	g.garbage = 3;
	ldg_block(&g, 7, all_small, 4);
	ldg_block(&g, 8, all_small + 5, 3);
	ldg_method(&g, M_A, "A", "a", "()V", "A.java");
	ldg_method(&g, M_B, "B", "b", "()V", "B.java");
	ldg_method(&g, M_C, "C", "c", "()V", "C.java");
	uint8_t *buf = finish(&g, &len);
	load(&tr, buf, len);
	assert_int_equal(tr.nthreads, 2);
	assert_int_equal(tr.records, 7);
	assert_int_equal(tr.threads[0].ncalls, 2);
	assert_int_equal(tr.threads[1].ncalls, 2);
	trace_free(&tr);
	free(buf);
}

/* Recursion, hand-checked on the event axis: A [0,5] calls A [1,4],
 * which calls B [2,3]. The inner A is recursive: incl counts the outer
 * call only (5), excl both (2 + 2). */
static void test_all_recursion(void **state)
{
	(void)state;
	static const struct ldg_ev ev[] = {EN(M_A), EN(M_A), EN(M_B), EX, EX, EX};
	struct ldg g;
	size_t len;
	struct trace tr;
	struct profile p;
	struct tv_error err;
	ldg_init(&g, LDG_PACKETS, LDG_ALL, LDG_US);
	ldg_block(&g, 9, ev, 6);
	ldg_method(&g, M_A, "A", "a", "()V", "A.java");
	ldg_method(&g, M_B, "B", "b", "()V", "B.java");
	uint8_t *buf = finish(&g, &len);
	load(&tr, buf, len);
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_method(&p, M_A, 2, 5, 4);
	assert_int_equal(tu_method(&p, M_A)->rcalls, 1);
	check_method(&p, M_B, 1, 1, 1);
	assert_int_equal(p.top_incl[TV_WALL], 5);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	profile_free(&p);
	trace_free(&tr);
	free(buf);
}

/* A ring fed 3000 events: wrapped, decoded in the order written, every
 * exit with nothing open adopted. */
static void check_ring(enum ldg_layout l)
{
	struct ldg_ev in[3000], out[2048];
	struct ldg g;
	size_t len, n = 0;
	for (int i = 0; n + 6 <= 3000; i++) {
		in[n++] = (struct ldg_ev)EN(M_A);
		in[n++] = (struct ldg_ev)EN(M_B);
		in[n++] = (struct ldg_ev)EX;
		in[n++] = (struct ldg_ev)EN(M_C);
		in[n++] = (struct ldg_ev)EX;
		in[n++] = (struct ldg_ev)EX;
	}
	ldg_init(&g, l, LDG_ALL, LDG_US);
	size_t k = ldg_ring(&g, 99, in, n, out);
	assert_int_equal(k, l == LDG_RING2024 ? 2048 : 2047);
	ldg_method(&g, M_A, "A", "a", "()V", "A.java");
	ldg_method(&g, M_B, "B", "b", "()V", "B.java");
	ldg_method(&g, M_C, "C", "c", "()V", "C.java");
	uint8_t *buf = finish(&g, &len);
	/* what the block holds, paired by depth alone */
	uint64_t entries = 0, orphans = 0, depth = 0;
	for (size_t i = 0; i < k; i++) {
		if (out[i].kind == LDG_ENTER)
			entries++, depth++;
		else if (depth)
			depth--;
		else
			orphans++;
	}
	struct trace tr;
	struct profile p;
	struct tv_error err;
	load(&tr, buf, len);
	assert_int_equal(tr.records, k);
	assert_int_equal(tu_warn(&tr, TV_W_LO_WRAPPED), 1);
	assert_int_equal(tu_warn(&tr, TV_W_ORPHAN_EXIT), orphans);
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	uint64_t calls = 0;
	for (uint32_t m = 0; m < tr.nmethods; m++)
		calls += p.methods[m].calls + p.methods[m].rcalls;
	assert_int_equal(calls, entries + orphans);
	assert_true(orphans >= 1);
	profile_free(&p);
	trace_free(&tr);
	free(buf);
}

static void test_all_ring_wrapped(void **state)
{
	(void)state;
	check_ring(LDG_PACKETS);
	check_ring(LDG_TMOL_HEX);
	check_ring(LDG_RING2024);
}

/* A 2024-09 ring, hand-checked: fed A(B) 1024 times (4096 events), the
 * dump holds the last 2048 events, newest first, which the reader puts
 * back oldest first: 512 calls of A [i, i+3], each with one call of B. */
static void test_all_ring2024_order(void **state)
{
	(void)state;
	struct ldg_ev in[4096];
	struct ldg g;
	size_t len, n = 0;
	while (n + 4 <= 4096) {
		in[n++] = (struct ldg_ev)EN(M_A);
		in[n++] = (struct ldg_ev)EN(M_B);
		in[n++] = (struct ldg_ev)EX;
		in[n++] = (struct ldg_ev)EX;
	}
	ldg_init(&g, LDG_RING2024, LDG_ALL, LDG_US);
	assert_int_equal(ldg_ring(&g, 5, in, n, NULL), 2048);
	uint8_t *buf = finish(&g, &len);
	struct trace tr;
	struct profile p;
	struct tv_error err;
	load(&tr, buf, len);
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_method(&p, M_A, 512, 512 * 3, 512 * 2);
	check_method(&p, M_B, 512, 512, 512);
	assert_int_equal(tu_warn(&tr, TV_W_ORPHAN_EXIT), 0);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_METHOD), 2);   /* no names in 2024-09 */
	profile_free(&p);
	trace_free(&tr);
	free(buf);
}

/* ------------------------------------------------------------ long-running */

#define T0_US UINT64_C(1000000000)   /* 1000 s after boot */

/* Thread 5000: Looper.loop and dispatch on the stack at the start (one
 * shared time), a 500 ms call, a 400 ms call, dispatch returns at 1.1 s,
 * loop still open. Times in µs after T0_US. */
static const uint64_t long_us[] = {0, 0, 10000, 510000, 600000, 1000000, 1100000};

static void long_events(enum ldg_unit u, struct ldg_ev *ev)
{
	static const struct ldg_ev shape[] = {
		EN(M_L), EN(M_D), EN(M_S), EX, EN(M_Q), EX, EX,
	};
	for (size_t i = 0; i < 7; i++) {
		uint64_t us = T0_US + long_us[i];
		ev[i] = shape[i];
		/* ticks at 24.576 MHz: exact for µs that are multiples of 125; the
		 * ticks period wrote the start entries in µs */
		ev[i].t = u == LDG_NS ? us * 1000 : u == LDG_US || i < 2 ? us : us / 125 * 3072;
	}
}

/* The flushed block (the first four events) written after the live one,
 * as a file dump does. */
static uint8_t *long_dump(enum ldg_layout l, enum ldg_unit u, int names, size_t *len)
{
	struct ldg_ev ev[7];
	struct ldg g;
	long_events(u, ev);
	ldg_init(&g, l, LDG_LONG, u);
	ldg_block(&g, 5000, ev + 4, 3);
	ldg_block(&g, 5000, ev, 4);
	if (names)
		ldg_thread(&g, 5000, "main");
	ldg_method(&g, M_L, "android.os.Looper", "loop", "()V", "Looper.java");
	ldg_method(&g, M_D, "android.os.Handler", "dispatchMessage", "(Landroid/os/Message;)V",
	           "Handler.java");
	ldg_method(&g, M_S, "com.example.Slow", "work", "()V", "Slow.java");
	ldg_method(&g, M_Q, "com.example.Slow", "more", "()V", "Slow.java");
	return finish(&g, len);
}

static void check_long(const struct trace *tr)
{
	struct profile p;
	struct tv_error err;
	assert_int_equal(tr->clock, TV_CLOCK_WALL);
	assert_false(trace_is_sequence(tr));
	assert_true(tr->has_clock[TV_WALL] && !tr->has_clock[TV_CPU]);
	assert_int_equal(tr->records, 7);
	assert_int_equal(tr->threads[0].first[TV_WALL], T0_US);
	assert_int_equal(tr->start_time, T0_US);
	assert_int_equal(profile_build(&p, tr, NULL, &err), TV_OK);
	check_method(&p, M_L, 1, 1100000, 0);
	check_method(&p, M_D, 1, 1100000, 200000);
	check_method(&p, M_S, 1, 500000, 500000);
	check_method(&p, M_Q, 1, 400000, 400000);
	profile_free(&p);
	assert_int_equal(tu_warn(tr, TV_W_ORPHAN_EXIT), 0);
	assert_int_equal(tu_warn(tr, TV_W_TIME_BACKWARDS), 0);
	assert_int_equal(tu_warn(tr, TV_W_LO_UNIT), 0);
}

static void test_long_units(void **state)
{
	(void)state;
	static const struct {
		enum ldg_layout l;
		enum ldg_unit u;
		int names, ticks;
	} cases[] = {
		{LDG_PACKETS, LDG_NS, 0, 0},   /* 2025-06 on */
		{LDG_PACKETS, LDG_US, 0, 0},   /* 2025-03-06 to 06-12 */
		{LDG_PACKETS, LDG_TICKS, 1, 1}, /* thread packets: 2025-02-27 to 03-04 */
		{LDG_PACKETS, LDG_TICKS, 0, 1}, /* 03-04 to 03-06: the start entries in µs */
		{LDG_TEXT12, LDG_TICKS, 1, 1},  /* 2025-02-26 */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len;
		struct trace tr;
		uint8_t *buf = long_dump(cases[i].l, cases[i].u, cases[i].names, &len);
		load(&tr, buf, len);
		check_long(&tr);
		assert_int_equal(tu_warn(&tr, TV_W_LO_TICKS), cases[i].ticks);
		assert_true(tu_str_eq(&tr, tr.threads[0].name, cases[i].names ? "main" : NULL));
		trace_free(&tr);
		free(buf);
	}
}

/* Only open calls: no leaf to tell µs from ns, so ns with a warning. */
static void test_long_unit_guessed(void **state)
{
	(void)state;
	struct ldg_ev ev[3] = {ENT(M_L, T0_US * 1000), ENT(M_D, T0_US * 1000),
	                       ENT(M_S, T0_US * 1000 + 5000000)};
	struct ldg g;
	size_t len;
	struct trace tr;
	ldg_init(&g, LDG_PACKETS, LDG_LONG, LDG_NS);
	ldg_block(&g, 1, ev, 3);
	uint8_t *buf = finish(&g, &len);
	load(&tr, buf, len);
	assert_int_equal(tu_warn(&tr, TV_W_LO_UNIT), 1);
	assert_int_equal(trace_thread_span(&tr.threads[0], TV_WALL), 5000);
	trace_free(&tr);
	free(buf);
}

/* An exception unwound B without an exit: the exit of A closes B, A's
 * caller's exit closes A, and the next exit finds nothing open. A
 * placeholder (value 1) is skipped. */
static void test_long_exception_placeholder(void **state)
{
	(void)state;
	uint64_t t = T0_US;
	struct ldg_ev ev[] = {
		ENT(M_A, t), {LDG_PLACEHOLDER, 0, 0}, ENT(M_B, t + 100000), EXT(t + 600000),
		EXT(t + 900000), EXT(t + 1000000),
	};
	struct ldg g;
	size_t len;
	struct trace tr;
	struct profile p;
	struct tv_error err;
	ldg_init(&g, LDG_PACKETS, LDG_LONG, LDG_US);
	ldg_block(&g, 77, ev, sizeof ev / sizeof ev[0]);
	uint8_t *buf = finish(&g, &len);
	load(&tr, buf, len);
	assert_int_equal(tr.records, 5);
	assert_int_equal(tu_warn(&tr, TV_W_ORPHAN_EXIT), 1);
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_method(&p, M_A, 1, 900000, 400000);
	check_method(&p, M_B, 1, 500000, 500000);
	check_method(&p, LODUMP_UNRECORDED, 1, 1000000, 100000);
	profile_free(&p);
	trace_free(&tr);
	free(buf);
}

/* Past ART's 160 KiB buffer: zeroed and stale bytes between the good
 * blocks and the names; a block after them is not read. */
static void test_long_stuck(void **state)
{
	(void)state;
	struct ldg_ev ev[7], stale[2] = {ENT(M_S, 5), EXT(900000000)};
	struct ldg g, old;
	size_t len, olen;
	uint8_t zeros[4000] = {0};
	long_events(LDG_US, ev);
	ldg_init(&old, LDG_PACKETS, LDG_LONG, LDG_US);
	ldg_block(&old, 5000, stale, 2);
	uint8_t *oldb = finish(&old, &olen);
	ldg_init(&g, LDG_PACKETS, LDG_LONG, LDG_US);
	ldg_block(&g, 5000, ev, 7);
	ldg_bytes(&g, zeros, sizeof zeros);
	ldg_bytes(&g, oldb, olen);
	ldg_block(&g, 6000, stale, 2);
	ldg_method(&g, M_L, "L", "loop", "()V", "L.java");
	ldg_method(&g, M_D, "D", "d", "()V", "D.java");
	ldg_method(&g, M_S, "S", "s", "()V", "S.java");
	ldg_method(&g, M_Q, "Q", "q", "()V", "Q.java");
	uint8_t *buf = finish(&g, &len);
	struct trace tr;
	load(&tr, buf, len);
	assert_int_equal(tu_warn(&tr, TV_W_LO_STUCK), 1);
	assert_int_equal(tr.nthreads, 1);
	check_long(&tr);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_METHOD), 0);
	trace_free(&tr);
	free(buf);
	free(oldb);
}

/* ------------------------------------------------------------ damage */

static void test_damage(void **state)
{
	(void)state;
	size_t len;
	struct trace tr;
	struct ldg g;
	/* cut inside the second block: the first loads, with a warning */
	size_t one;
	ldg_init(&g, LDG_TMOL_HEX, LDG_ALL, LDG_US);
	ldg_block(&g, 1, all_small, 4);
	one = g.n;
	ldg_block(&g, 2, all_small, 8);
	uint8_t *buf = finish(&g, &len);
	load(&tr, buf, one + 8 + 3);
	assert_int_equal(tr.records, 4);
	assert_int_equal(tu_warn(&tr, TV_W_TRUNCATED), 1);
	trace_free(&tr);
	/* cut in the first block: an error */
	assert_int_equal(tu_load_buffer(&tr, buf, 6 + 8 + 2), TV_ERR_NO_RECORDS);
	trace_free(&tr);
	assert_int_equal(tu_load_buffer(&tr, buf, 6), TV_ERR_NO_RECORDS);
	trace_free(&tr);
	free(buf);
	/* bytes after the names: ignored with a warning, names kept */
	uint8_t *ok = all_small_dump(LDG_PACKETS, &len);
	uint8_t *more = malloc(len + 3);
	memcpy(more, ok, len);
	memcpy(more + len, "xyz", 3);
	load(&tr, more, len + 3);
	check_all_small(&tr);
	assert_int_equal(tu_warn(&tr, TV_W_TRAILING), 3);
	trace_free(&tr);
	free(more);
	free(ok);
	/* an entry that is no ArtMethod* */
	struct ldg_ev bad[] = {EN(M_A), EN(M_B + 2), EX, EX};
	ldg_init(&g, LDG_PACKETS, LDG_ALL, LDG_US);
	ldg_block(&g, 3, bad, 4);
	buf = finish(&g, &len);
	load(&tr, buf, len);
	assert_int_equal(tu_warn(&tr, TV_W_LO_BAD_EVENT), 1);
	assert_int_equal(tr.records, 3);
	trace_free(&tr);
	free(buf);
}

/* February 2025's long-running files: named, refused. */
static void test_flagless_refused(void **state)
{
	(void)state;
	struct ldg_ev ev[7];
	struct ldg g;
	size_t len;
	struct trace tr;
	long_events(LDG_TICKS, ev);
	ldg_init(&g, LDG_LONG8, LDG_LONG, LDG_TICKS);
	ldg_block(&g, 5000, ev, 7);
	ldg_thread(&g, 5000, "main");
	ldg_method(&g, M_L, "L", "loop", "()V", "L.java");
	uint8_t *buf = finish(&g, &len);
	struct tv_error err = {TV_OK, 0, ""};
	trace_init(&tr);
	assert_int_equal(load_buffer(&tr, buf, len, &err), TV_ERR_NOT_TRACE);
	assert_non_null(strstr(err.detail, "cannot be decoded"));
	trace_free(&tr);
	free(buf);
}

/* ------------------------------------------------------------ generated */

static uint32_t lcg(uint32_t *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 8;
}

/* A random stream of n events: entries of six methods, exits (some with
 * nothing open), times rising by steps of `step` to 5 * step. */
static size_t random_events(uint32_t *seed, struct ldg_ev *ev, size_t n, uint64_t t0,
                            uint64_t step, uint64_t *entries, uint64_t *orphans)
{
	uint64_t t = t0, depth = 0;
	for (size_t i = 0; i < n; i++) {
		int enter = lcg(seed) % 5 < 3;
		t += step * (1 + lcg(seed) % 5);
		ev[i] = (struct ldg_ev){enter ? LDG_ENTER : LDG_EXIT,
		                        enter ? UINT64_C(0x72000000) + 0x40 * (lcg(seed) % 6) : 0, t};
		if (enter)
			++*entries, depth++;
		else if (depth)
			depth--;
		else
			++*orphans;
	}
	return n;
}

struct gen_case {
	enum ldg_layout l;
	enum ldg_mode m;
	enum ldg_unit u;
	uint64_t step;      /* long-running: time step in the unit */
};

/* Three threads of random events, each in three blocks; the names of
 * every method. */
static uint8_t *random_dump(const struct gen_case *c, uint32_t seed, size_t *len,
                            uint64_t *entries, uint64_t *orphans, uint64_t *events)
{
	struct ldg g;
	struct ldg_ev ev[3][300];
	size_t cut[3][4];
	ldg_init(&g, c->l, c->m, c->u);
	for (int t = 0; t < 3; t++) {
		size_t n = 20 + lcg(&seed) % 280;
		*events += random_events(&seed, ev[t], n, 1000000 * c->step, c->step, entries,
		                         orphans);
		cut[t][0] = 0;
		cut[t][1] = n / 3;
		cut[t][2] = 2 * n / 3;
		cut[t][3] = n;
	}
	/* long-running: blocks 2, 0, 1 of each thread (the reader puts them in
	 * time order); all methods: one thread's blocks in order */
	for (int k = 0; k < 9; k++) {
		int t = k % 3, b = c->m == LDG_LONG ? (k / 3 + 2) % 3 : k / 3;
		ldg_block(&g, 100 + (uint32_t)t, ev[t] + cut[t][b], cut[t][b + 1] - cut[t][b]);
	}
	if (c->u == LDG_TICKS)
		ldg_thread(&g, 100, "main");
	for (uint64_t m = 0; m < 6; m++)
		ldg_method(&g, UINT64_C(0x72000000) + 0x40 * m, "com.example.G", "m", "()V", "G.java");
	return ldg_finish(&g, len);
}

static void test_generated_invariants(void **state)
{
	(void)state;
	static const struct gen_case cases[] = {
		{LDG_TMOL_DEC, LDG_ALL, LDG_US, 0}, {LDG_TMOL_HEX, LDG_ALL, LDG_US, 0},
		{LDG_TEXT8, LDG_ALL, LDG_US, 0},    {LDG_TEXT12, LDG_ALL, LDG_US, 0},
		{LDG_PACKETS, LDG_ALL, LDG_US, 0},  {LDG_TEXT12, LDG_LONG, LDG_TICKS, 3072 * 100},
		{LDG_PACKETS, LDG_LONG, LDG_TICKS, 3072 * 100},
		{LDG_PACKETS, LDG_LONG, LDG_US, 200000},
		{LDG_PACKETS, LDG_LONG, LDG_NS, 200000000},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		for (uint32_t seed = 1; seed <= 20; seed++) {
			uint64_t entries = 0, orphans = 0, events = 0;
			size_t len;
			uint8_t *buf = random_dump(&cases[i], seed * 7919 + (uint32_t)i, &len, &entries,
			                           &orphans, &events);
			struct trace tr;
			struct profile p;
			struct tv_error err;
			load(&tr, buf, len);
			assert_int_equal(tr.records, events);
			assert_int_equal(tr.nthreads, 3);
			assert_int_equal(tu_warn(&tr, TV_W_ORPHAN_EXIT), orphans);
			assert_int_equal(tu_warn(&tr, TV_W_TIME_BACKWARDS), 0);
			assert_int_equal(tu_warn(&tr, TV_W_LO_TICKS), cases[i].u == LDG_TICKS);
			assert_int_equal(tu_warn(&tr, TV_W_LO_UNIT), 0);
			assert_int_equal(tr.clock, cases[i].m == LDG_ALL ? TV_CLOCK_SEQUENCE
			                                                 : TV_CLOCK_WALL);
			assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
			uint64_t calls = 0;
			for (uint32_t m = 0; m < tr.nmethods; m++)
				calls += p.methods[m].calls + p.methods[m].rcalls;
			assert_int_equal(calls, entries + orphans);
			profile_free(&p);
			trace_free(&tr);
			free(buf);
		}
	}
}

/* ------------------------------------------------------------ ANR */

struct anr_file {
	char *text;
	size_t len;
};

static void anr_put(struct anr_file *f, const void *p, size_t n)
{
	f->text = realloc(f->text, f->len + n + 1);
	assert_non_null(f->text);
	memcpy(f->text + f->len, p, n);
	f->len += n;
	f->text[f->len] = '\0';
}

static void anr_puts(struct anr_file *f, const char *s)
{
	anr_put(f, s, strlen(s));
}

/* Two processes: pid 111 with a base64 dump (ns), pid 222 with an empty
 * line and then a raw one (µs, thread 6000). */
static void anr_build(struct anr_file *f)
{
	size_t n1, n2;
	uint8_t *d1 = long_dump(LDG_PACKETS, LDG_NS, 0, &n1);
	struct ldg_ev ev[7];
	struct ldg g;
	long_events(LDG_US, ev);
	ldg_init(&g, LDG_PACKETS, LDG_LONG, LDG_US);
	ldg_block(&g, 6000, ev, 7);
	ldg_method(&g, M_L, "L", "loop", "()V", "L.java");
	uint8_t *d2 = finish(&g, &n2);
	char *b64 = ldg_base64(d1, n1);
	memset(f, 0, sizeof *f);
	anr_puts(f, "\n----- pid 111 at 2025-07-01 10:00:00.1+0000 -----\n"
	            "Cmd line: com.example.one\nBuild type: optimized\nDebug Store: 1,2\n"
	            "LongRunningMethods: ");
	anr_puts(f, b64);
	anr_puts(f, "\nDALVIK THREADS (1):\n\"main\" prio=5 tid=1 Native\n----- end 111 -----\n"
	            "\n----- pid 222 at 2025-07-01 10:00:01.1+0000 -----\n"
	            "Cmd line: system_server\nLongRunningMethods: \nLongRunningMethods: ");
	anr_put(f, d2, n2);
	anr_puts(f, "\nDALVIK THREADS (9):\n----- end 222 -----\n");
	free(b64);
	free(d1);
	free(d2);
}

/* Loads the report from a file with --pid's options. */
static enum tv_status anr_load(const struct anr_file *f, struct trace *tr, struct load_opts *o)
{
	char *dir = tu_tmpdir(), *path;
	struct tv_error err;
	char errfile[512];
	assert_non_null(dir);
	path = tu_path(dir, "traces.txt");
	FILE *fp = fopen(path, "wb");
	assert_non_null(fp);
	assert_int_equal(fwrite(f->text, 1, f->len, fp), f->len);
	fclose(fp);
	trace_init(tr);
	enum tv_status st = load_file_opts(tr, path, NULL, o, &err, errfile, sizeof errfile);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
	return st;
}

/* Whether option key of tr is want. */
static int opt_eq(const struct trace *tr, const char *key, const char *want)
{
	size_t n;
	const char *v = trace_option(tr, key, &n);
	return v && n == strlen(want) && memcmp(v, want, n) == 0;
}

static void test_anr(void **state)
{
	(void)state;
	struct anr_file f;
	struct trace tr;
	struct load_opts o;
	anr_build(&f);
	assert_int_equal(load_detect((const uint8_t *)f.text, f.len), LOAD_ANR);
	/* default: the first dump, a note naming the other */
	memset(&o, 0, sizeof o);
	assert_int_equal(anr_load(&f, &tr, &o), TV_OK);
	check_invariants(&tr);
	check_long(&tr);
	assert_int_equal(tr.threads[0].tid, 5000);
	assert_true(opt_eq(&tr, "pid", "111"));
	assert_true(opt_eq(&tr, "cmd-line", "com.example.one"));
	assert_string_equal(o.note, "2 long-running method dumps in this file: reading pid 111 "
	                            "(com.example.one); also pid 222 (system_server); --pid=PID "
	                            "picks one");
	trace_free(&tr);
	/* --pid: the raw dump of the second process (LFs in its bytes) */
	o.pid = 222;
	assert_int_equal(anr_load(&f, &tr, &o), TV_OK);
	check_invariants(&tr);
	check_long(&tr);
	assert_int_equal(tr.threads[0].tid, 6000);
	assert_true(opt_eq(&tr, "pid", "222"));
	assert_string_equal(o.note, "");
	trace_free(&tr);
	/* a pid the report lacks */
	o.pid = 333;
	assert_int_equal(anr_load(&f, &tr, &o), TV_ERR_NO_PID);
	trace_free(&tr);
	/* a report cut inside its raw dump's second block: the first loads */
	struct anr_file cut;
	struct ldg_ev ev[7];
	struct ldg g;
	size_t n, one;
	long_events(LDG_US, ev);
	ldg_init(&g, LDG_PACKETS, LDG_LONG, LDG_US);
	ldg_block(&g, 7, ev, 4);
	one = g.n;
	ldg_block(&g, 7, ev + 4, 3);
	uint8_t *d = finish(&g, &n);
	memset(&cut, 0, sizeof cut);
	anr_puts(&cut, "----- pid 7 at 2025-07-01 -----\nLongRunningMethods: ");
	anr_put(&cut, d, one + 14);
	assert_int_equal(anr_load(&cut, &tr, NULL), TV_OK);
	assert_int_equal(tr.records, 4);
	assert_int_equal(tu_warn(&tr, TV_W_TRUNCATED), 1);
	assert_true(opt_eq(&tr, "pid", "7"));
	trace_free(&tr);
	free(cut.text);
	free(d);
	/* a base64 line broken part way: read up to the break, with a warning */
	char *b = strstr(f.text, "LongRunningMethods: ") + 20 + 40;
	*b = '!';
	assert_int_equal(anr_load(&f, &tr, NULL), TV_OK);
	assert_true(tu_warn(&tr, TV_W_TRAILING) > 0);
	trace_free(&tr);
	free(f.text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gen_examples),
		cmocka_unit_test(test_all_layouts),
		cmocka_unit_test(test_all_unwritten_size),
		cmocka_unit_test(test_all_recursion),
		cmocka_unit_test(test_all_ring_wrapped),
		cmocka_unit_test(test_all_ring2024_order),
		cmocka_unit_test(test_long_units),
		cmocka_unit_test(test_long_unit_guessed),
		cmocka_unit_test(test_long_exception_placeholder),
		cmocka_unit_test(test_long_stuck),
		cmocka_unit_test(test_damage),
		cmocka_unit_test(test_flagless_refused),
		cmocka_unit_test(test_generated_invariants),
		cmocka_unit_test(test_anr),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
