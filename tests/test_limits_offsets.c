/* test_limits.c: traces at the edges of size, count and depth.
 *
 * Offsets above 4 GiB (readers given a high base; sparse files past 4 GiB),
 * 70,000 threads, 2,000,000 methods, stacks 100,000 deep, names longer than
 * any terminal, and headers that claim huge counts in tiny files, loaded
 * under a lowered address-space limit. Every case builds its input in
 * memory or in a temporary directory and stays within a few seconds.
 *
 * Big inputs are written with the small byte-buffer helpers below rather
 * than tracegen where tracegen is quadratic (its V2 writer looks up each
 * thread's events with a linear scan per thread).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "write/export.h"
#include "read/keyfile.h"
#include "model/load.h"
#include "analyze/profile.h"
#include "write/report.h"
#include "testutil.h"
#include "draw/text.h"
#include "base/textesc.h"
#include "analyze/timeline.h"
#include "model/trace.h"
#include "tracegen.h"
#include "read/v1.h"

#define GiB (UINT64_C(1) << 30)

#if defined(__SANITIZE_ADDRESS__)
#define LIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LIM_ASAN 1
#endif
#endif
#ifndef LIM_ASAN
#define LIM_ASAN 0
#endif

/* ------------------------------------------------------------ bytes */

struct lb {
	uint8_t *p;
	size_t len, cap;
};

static void lb_put(struct lb *b, const void *s, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n)
			cap *= 2;
		b->p = realloc(b->p, cap);
		assert_non_null(b->p);
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

/* v in n little-endian bytes; bytes past the 8th are zero. */
static void lb_le(struct lb *b, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint8_t c = i < 8 ? (uint8_t)(v >> (8 * i)) : 0;
		lb_put(b, &c, 1);
	}
}

static void lb_str(struct lb *b, const char *s)
{
	lb_put(b, s, strlen(s));
}

static void lb_printf(struct lb *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void lb_printf(struct lb *b, const char *fmt, ...)
{
	char t[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof t);
	lb_put(b, t, (size_t)n);
}

static void lb_uleb(struct lb *b, uint64_t v)
{
	do {
		uint8_t c = v & 0x7f;
		v >>= 7;
		if (v)
			c |= 0x80;
		lb_put(b, &c, 1);
	} while (v);
}

static void lb_sleb(struct lb *b, int64_t v)
{
	for (;;) {
		uint8_t c = v & 0x7f;
		v >>= 7;  /* arithmetic on every compiler we build with */
		int done = (v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40));
		if (!done)
			c |= 0x80;
		lb_put(b, &c, 1);
		if (done)
			return;
	}
}

/* V1 header: SLOW, version, data at 32, start time 0, record size. */
static void lb_v1_header(struct lb *b, unsigned version, unsigned rsize)
{
	lb_str(b, "SLOW");
	lb_le(b, version, 2);
	lb_le(b, 32, 2);
	lb_le(b, 0, 8);
	lb_le(b, rsize, 2);
	lb_le(b, 0, 8);
	lb_le(b, 0, 6);
}

static void lb_rec14(struct lb *b, uint32_t tid, uint32_t word, uint32_t cpu, uint32_t wall)
{
	lb_le(b, tid, 2);
	lb_le(b, word, 4);
	lb_le(b, cpu, 4);
	lb_le(b, wall, 4);
}

/* The 0xF3 start used by the sparse files: header, a thread packet for
 * tid 1 "main", a method packet for 0x4, an enter and an exit of 0x4. */
static void lb_stream_head(struct lb *b)
{
	static const char line[] = "0x4\tcom.example.Hole\trun\t()V\tHole.java\n";
	lb_v1_header(b, 0xF3, 14);
	lb_le(b, 0, 2);
	lb_le(b, 2, 1);
	lb_le(b, 1, 2);
	lb_le(b, 4, 2);
	lb_str(b, "main");
	lb_le(b, 0, 2);
	lb_le(b, 1, 1);
	lb_le(b, sizeof line - 1, 2);
	lb_str(b, line);
	lb_rec14(b, 1, 0x4, 0, 10);
	lb_rec14(b, 1, 0x5, 5, 20);
}

/* ------------------------------------------------------------ a recording sink */

#define RS_MAX 64

struct rs {
	uint64_t rec_off[RS_MAX], thr_off[RS_MAX], meth_off[RS_MAX];
	unsigned nrec, nthr, nmeth;
	uint64_t warn_off[TV_WARN_COUNT];
	uint64_t warn_n[TV_WARN_COUNT];
};

static int rs_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                     uint64_t offset)
{
	struct rs *r = ctx;
	(void)tid, (void)word, (void)t0, (void)t1;
	if (r->nrec < RS_MAX)
		r->rec_off[r->nrec] = offset;
	r->nrec++;
	return 0;
}

static int rs_thread(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset)
{
	struct rs *r = ctx;
	(void)tid, (void)name;
	if (r->nthr < RS_MAX)
		r->thr_off[r->nthr] = offset;
	r->nthr++;
	return 0;
}

static int rs_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t offset)
{
	struct rs *r = ctx;
	(void)id, (void)m;
	if (r->nmeth < RS_MAX)
		r->meth_off[r->nmeth] = offset;
	r->nmeth++;
	return 0;
}

static void rs_warn(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	struct rs *r = ctx;
	if (!r->warn_n[kind])
		r->warn_off[kind] = offset;
	r->warn_n[kind] += n;
}

static struct sink rs_sink(struct rs *r)
{
	struct sink s;
	memset(r, 0, sizeof *r);
	memset(&s, 0, sizeof s);
	s.ctx = r;
	s.record = rs_record;
	s.thread = rs_thread;
	s.method = rs_method;
	s.warn = rs_warn;
	return s;
}

/* ------------------------------------------------------------ helpers */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Peak resident set of this process, MiB. */
static long peak_rss_mib(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

static uint64_t warn_first(const struct trace *tr, enum tv_warn k)
{
	return tr->warnings.first_offset[k];
}

/* Writes to /dev/null must succeed: the point is that nothing fails or
 * recurses on a big input. */
static FILE *devnull(void)
{
	FILE *f = fopen("/dev/null", "w");
	assert_non_null(f);
	return f;
}

/* ------------------------------------------------------------ 1a offsets above 4 GiB, unit level */

static void test_keyfile_base_above_4g(void **state)
{
	(void)state;
	static const char text[] =
		"*version\n3\nclock=dual\nnoequals\n"
		"*threads\n7\tworker\n"
		"*methods\n0x4\tcom.example.A\trun\t()V\tA.java\nnot a method\n*end\n"
		"SLOW";
	const uint64_t base = 5 * GiB + 7;
	size_t len = sizeof text - 1;
	struct rs r;
	struct sink s = rs_sink(&r);
	struct keyfile_info info;
	struct tv_error err;

	assert_int_equal(keyfile_parse((const uint8_t *)text, len, base, 1, &s, &info, &err), TV_OK);
	size_t thr = (size_t)(strstr(text, "7\tworker") - text);
	size_t meth = (size_t)(strstr(text, "0x4\t") - text);
	size_t bad_opt = (size_t)(strstr(text, "noequals") - text);
	assert_int_equal(r.nthr, 1);
	assert_true(r.thr_off[0] == base + thr);
	assert_int_equal(r.nmeth, 1);
	assert_true(r.meth_off[0] == base + meth);
	/* Two malformed lines; the first is the option line. */
	assert_int_equal(r.warn_n[TV_W_KEY_LINE], 2);
	assert_true(r.warn_off[TV_W_KEY_LINE] == base + bad_opt);
	assert_int_equal(info.end, len - 4);   /* just before "SLOW" */
	assert_true(info.end + base > UINT32_MAX);

	/* No *end: the error is at base + len, well past 2^32. */
	size_t cut = (size_t)(strstr(text, "*end") - text);
	assert_int_equal(keyfile_parse((const uint8_t *)text, cut, base, 1, &s, NULL, &err),
	                 TV_ERR_NO_END);
	assert_true(err.offset == base + cut);
	/* Not a key: the error is at base itself. */
	assert_int_equal(keyfile_parse((const uint8_t *)"*versio\n3\n", 10, base, 1, &s, NULL, &err),
	                 TV_ERR_KEY);
	assert_true(err.offset == base);
	/* A bad version line: at base + 9. */
	assert_int_equal(keyfile_parse((const uint8_t *)"*version\nx\n", 11, base, 1, &s, NULL, &err),
	                 TV_ERR_KEY);
	assert_true(err.offset == base + 9);
}

static void test_v1_base_above_4g(void **state)
{
	(void)state;
	const uint64_t base = UINT64_C(0x123456780);   /* 4.55 GiB */
	struct lb b = {0};
	struct v1_header h;
	struct tv_error err;
	struct rs r;
	struct sink s = rs_sink(&r);

	lb_v1_header(&b, 3, 14);
	assert_int_equal(v1_header_parse(b.p, b.len, base, &h, &err), TV_OK);
	lb_rec14(&b, 1, 0x4, 0, 0);
	lb_rec14(&b, 1, 0x8, 1, 1);
	lb_rec14(&b, 1, 0x9, 2, 2);
	lb_put(&b, "\1\0\5\0\0", 5);   /* a partial fourth record */
	assert_int_equal(v1_records(b.p + 32, b.len - 32, base + 32, &h, &s, &err), TV_OK);
	assert_int_equal(r.nrec, 3);
	assert_true(r.rec_off[0] == base + 32);
	assert_true(r.rec_off[1] == base + 32 + 14);
	assert_true(r.rec_off[2] == base + 32 + 28);
	assert_int_equal(r.warn_n[TV_W_TRUNCATED], 1);
	assert_true(r.warn_off[TV_W_TRUNCATED] == base + 32 + 42);

	/* Header errors carry base-relative offsets too. */
	assert_int_equal(v1_header_parse((const uint8_t *)"JUNK", 4, base, &h, &err),
	                 TV_ERR_NO_DATA);
	assert_true(err.offset == base);
	b.p[6] = 0xff;  /* data offset 0xff20: past the end */
	b.p[7] = 0xff;
	assert_int_equal(v1_header_parse(b.p, b.len, base, &h, &err), TV_ERR_HEADER);
	assert_true(err.offset == base + 6);
	b.p[6] = 32;
	b.p[7] = 0;
	b.p[16] = 9;    /* record size below 14 */
	assert_int_equal(v1_header_parse(b.p, b.len, base, &h, &err), TV_ERR_HEADER);
	assert_true(err.offset == base + 16);
	free(b.p);
}

/* ------------------------------------------------------------ 1b sparse files past 4 GiB */

struct sparse {
	char *dir, *path;
};

/* Writes head, then extends the file to size with a hole (and tail, when
 * given, at the very end). Skips when the filesystem refuses. */
static void sparse_make(struct sparse *sp, const struct lb *head, uint64_t size,
                        const void *tail, size_t tail_len)
{
	sp->dir = tu_tmpdir();
	assert_non_null(sp->dir);
	sp->path = tu_path(sp->dir, "big.trace");
	int fd = open(sp->path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, head->p, head->len), (ssize_t)head->len);
	int ok = ftruncate(fd, (off_t)(size - tail_len)) == 0;
	if (ok && tail_len)
		ok = pwrite(fd, tail, tail_len, (off_t)(size - tail_len)) == (ssize_t)tail_len;
	struct stat st;
	if (ok)
		ok = fstat(fd, &st) == 0 && (uint64_t)st.st_size == size &&
		     (uint64_t)st.st_blocks * 512 < 64 * 1024 * 1024;   /* really sparse */
	close(fd);
	if (!ok) {
		unlink(sp->path);
		rmdir(sp->dir);
		free(sp->path);
		free(sp->dir);
		print_message("filesystem refuses a sparse file of %llu bytes\n",
		              (unsigned long long)size);
		skip();
	}
}

static void sparse_drop(struct sparse *sp)
{
	unlink(sp->path);
	rmdir(sp->dir);
	free(sp->path);
	free(sp->dir);
}

/* Records, then a 4 GiB hole: the zeros after the records read as a packet
 * with opcode 0, an unknown packet, so reading stops there with a warning
 * and touches only the first pages. */
static void test_sparse_stream_hole(void **state)
{
	(void)state;
	struct lb head = {0};
	struct sparse sp;
	const uint64_t size = 4 * GiB + 65536 + 123;

	lb_stream_head(&head);
	sparse_make(&sp, &head, size, NULL, 0);

	struct trace tr;
	struct tv_error err;
	char errfile[256];
	trace_init(&tr);
	double t = now_s();
	enum tv_status st = load_file(&tr, sp.path, &err, errfile, sizeof errfile);
	t = now_s() - t;
	assert_int_equal(st, TV_OK);
	assert_true(t < 5.0);
	assert_int_equal(tr.records, 2);
	assert_int_equal(tr.nthreads, 1);
	assert_true(tu_str_eq(&tr, tr.threads[0].name, "main"));
	assert_int_equal(tr.threads[0].ncalls, 1);
	assert_int_equal(trace_call_incl(&tr.threads[0], TV_WALL, 0), 10);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_PACKET), 1);
	assert_true(warn_first(&tr, TV_W_UNKNOWN_PACKET) == head.len);
	/* No summary: reported at the end of the file, past 2^32. */
	assert_int_equal(tu_warn(&tr, TV_W_NO_SUMMARY), 1);
	assert_true(warn_first(&tr, TV_W_NO_SUMMARY) == size);
	trace_free(&tr);
	sparse_drop(&sp);
	free(head.p);
}

/* The interesting bytes past 4 GiB: a summary packet with the largest u4
 * length, whose text ends early (*end) and whose body is a hole, followed
 * by 8 trailing bytes. Only the text's first lines are read; the trailing
 * bytes start at 4 GiB + head + 6. */
static void test_sparse_summary_past_4g(void **state)
{
	(void)state;
	static const char text[] = "*version\n3\nclock=dual\nvm=art\n*threads\n*methods\n*end\n";
	struct lb head = {0};
	struct sparse sp;

	lb_stream_head(&head);
	uint64_t pk = head.len;
	lb_le(&head, 0, 2);
	lb_le(&head, 3, 1);
	lb_le(&head, 0xFFFFFFFFu, 4);
	lb_str(&head, text);
	uint64_t next = pk + 7 + UINT64_C(0xFFFFFFFF);
	uint64_t size = next + 8;
	assert_true(next > UINT32_MAX);
	sparse_make(&sp, &head, size, "TRAILING", 8);

	struct trace tr;
	struct tv_error err;
	char errfile[256];
	trace_init(&tr);
	double t = now_s();
	assert_int_equal(load_file(&tr, sp.path, &err, errfile, sizeof errfile), TV_OK);
	t = now_s() - t;
	assert_true(t < 5.0);
	assert_int_equal(tr.records, 2);
	assert_int_equal(tr.clock, TV_CLOCK_DUAL);
	size_t vlen;
	const char *vm = trace_option(&tr, "vm", &vlen);
	assert_non_null(vm);
	assert_int_equal(vlen, 3);
	assert_int_equal(tu_warn(&tr, TV_W_NO_SUMMARY), 0);
	assert_int_equal(tu_warn(&tr, TV_W_TRAILING), 8);
	assert_true(warn_first(&tr, TV_W_TRAILING) == next);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_PACKET), 0);
	trace_free(&tr);
	sparse_drop(&sp);
	free(head.p);
}

/* The edge sums of docs/numbers.md ("Parents and children") hold on
 * every profile, big ones too. */
static void check_sums(const struct profile *p)
{
	char msg[256];
	if (tu_check_edge_sums(p, msg, sizeof msg) != 0)
		fail_msg("edge sums: %s", msg);
}

/* ------------------------------------------------------------ 2 more than 65,535 threads */

#define NT 70000

/* V2 revision (c), dual, µs: per thread a thread-info packet and a block
 * of two events (enter and exit of one method). tids 1,000,000 + i. */
static void test_v2_70000_threads(void **state)
{
	(void)state;
	struct lb b = {0};
	static const char line[] = "com.example.Many\twork\t()V\tMany.java\n";
	const uint64_t meth = 0x7a1b2c3d40;

	lb_str(&b, "SLOW");
	lb_le(&b, 5, 2);
	lb_le(&b, 1000, 8);
	lb_le(&b, 0, 18);
	lb_le(&b, 1, 1);
	lb_le(&b, meth, 8);
	lb_le(&b, sizeof line - 1, 2);
	lb_str(&b, line);
	for (uint32_t i = 0; i < NT; i++) {
		char name[32];
		int n = snprintf(name, sizeof name, "w%u", i);
		lb_le(&b, 0, 1);
		lb_le(&b, 1000000 + i, 4);
		lb_le(&b, (uint64_t)n, 2);
		lb_put(&b, name, (size_t)n);
	}
	for (uint32_t i = 0; i < NT; i++) {
		struct lb pay = {0};
		/* enter at wall i, cpu 0; exit 1 + i % 7 µs later (cpu + 1) */
		lb_sleb(&pay, (int64_t)meth);
		lb_uleb(&pay, i);
		lb_uleb(&pay, 0);
		lb_sleb(&pay, 1);
		lb_uleb(&pay, 1 + i % 7);
		lb_uleb(&pay, 1);
		lb_le(&b, 2, 1);
		lb_le(&b, 1000000 + i, 4);
		lb_le(&b, 2, 3);
		lb_le(&b, pay.len, 4);
		lb_put(&b, pay.p, pay.len);
		free(pay.p);
	}
	static const char sum[] = "*version\n5\nclock=dual\nvm=art\n*end\n";
	lb_le(&b, 3, 1);
	lb_le(&b, sizeof sum - 1, 2);
	lb_str(&b, sum);

	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_buffer(&tr, b.p, b.len), TV_OK);
	t = now_s() - t;
	print_message("v2 70000 threads: loaded in %.2f s\n", t);
	assert_true(t < 2.0);   /* naming threads was quadratic: 1.7 s here */
	assert_int_equal(tr.nthreads, NT);
	assert_int_equal(tr.records, 2 * NT);
	assert_int_equal(tr.warnings.count[TV_W_V2_DESYNC], 0);
	assert_int_equal(tv_warnings_kinds(&tr.warnings), 0);
	for (uint32_t i = 0; i < NT; i++) {
		const struct tv_thread *th = &tr.threads[i];
		char name[32];
		snprintf(name, sizeof name, "w%u", i);
		assert_int_equal(th->tid, 1000000 + i);   /* sorted by tid */
		assert_true(tu_str_eq(&tr, th->name, name));
		assert_int_equal(th->records, 2);
		assert_int_equal(th->ncalls, 1);
		assert_int_equal(trace_thread_span(th, TV_WALL), 1 + i % 7);
		assert_int_equal(trace_thread_span(th, TV_CPU), 1);
	}

	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *m = tu_method(&p, meth);
	assert_non_null(m);
	assert_int_equal(m->calls, NT);
	/* Σ (1 + i % 7) over i < 70000: 10000 full cycles of 1..7 = 280000. */
	assert_int_equal(m->incl[TV_WALL], 280000);
	assert_int_equal(m->incl[TV_CPU], NT);
	assert_int_equal(p.top_incl[TV_WALL], 280000);
	uint32_t one = 1000000 + 69999;
	struct profile p1;
	assert_int_equal(profile_build(&p1, &tr, &one, &err), TV_OK);
	check_sums(&p1);
	assert_int_equal(p1.nthreads, 1);
	assert_int_equal(tu_method(&p1, meth)->incl[TV_WALL], 1 + 69999 % 7);
	profile_free(&p1);
	profile_free(&p);
	trace_free(&tr);
	free(b.p);
}

/* V1 key with 70,000 *threads lines (full tids 100000 + i, "t<i>") and a
 * few exact ones, records with 16-bit ids 1..65535. Names follow
 * docs/numbers.md, "Events": the exact line, else the one line above 65535
 * whose tid modulo 65536 is the record's id; two such lines: no name.   100000
 * + i mod 65536 = 34464 + i        for i <= 31071                        = i -
 * 31072        for i >= 31072 (up to 38927) so ids 1..34463 are t<id + 31072>,
 * ids 34464..38927 are ambiguous, ids 38928..65535 are t<id - 34464>. Lines
 * "5\texact5" and "40000\texact40000" win over the wide ones. */
static void test_v1_70000_thread_lines(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	tg_thread(tg, 5, "exact5");
	for (uint32_t i = 0; i < NT; i++) {
		char name[32];
		snprintf(name, sizeof name, "t%u", i);
		tg_thread(tg, 100000 + i, name);
	}
	tg_thread(tg, 40000, "exact40000");
	tg_method(tg, 0x4, "com.example.T", "run", "()V", "T.java");
	for (uint32_t id = 1; id <= 65535; id++) {
		tg_enter(tg, id, 0x4, 0, id);
		tg_exit(tg, id, 0x4, 3, id + 5);
	}
	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	t = now_s() - t;
	print_message("v1 70000 thread lines, 65535 threads: loaded in %.2f s\n", t);
	assert_true(t < 2.0);   /* quadratic naming took 4 s here */
	assert_int_equal(tr.nthreads, 65535);
	assert_int_equal(tr.nkeythreads, NT + 2);
	for (uint32_t id = 1; id <= 65535; id++) {
		const struct tv_thread *th = &tr.threads[id - 1];
		char want[32];
		assert_int_equal(th->tid, id);
		assert_int_equal(th->ncalls, 1);
		assert_int_equal(trace_thread_span(th, TV_WALL), 5);
		if (id == 5 || id == 40000)
			snprintf(want, sizeof want, "exact%u", id);
		else if (id <= 34463)
			snprintf(want, sizeof want, "t%u", id + 31072);
		else if (id <= 38927) {
			assert_false(tv_str_present(th->name));
			continue;
		} else
			snprintf(want, sizeof want, "t%u", id - 34464);
		if (!tu_str_eq(&tr, th->name, want))
			fail_msg("thread %u: expected name %s", id, want);
	}
	trace_free(&tr);
	tg_free(tg);
}

/* ------------------------------------------------------------ 3 millions of methods */

#define NM 2000000u

static void test_two_million_methods(void **state)
{
	(void)state;
	struct lb b = {0};
	long rss0 = peak_rss_mib();

	lb_str(&b, "*version\n3\nclock=dual\nvm=art\n*threads\n1\tmain\n*methods\n");
	for (uint32_t i = 0; i < NM; i++)
		lb_printf(&b, "%#x\tcom.example.C%u\tm\t()V\tC.java\n", i << 2, i);
	lb_str(&b, "*end\n");
	lb_v1_header(&b, 3, 14);
	/* Calls of the first, a middle and the last method, then of the id
	 * just past the last (never declared). */
	uint32_t ids[4] = {0, (NM / 2) << 2, (NM - 1) << 2, NM << 2};
	for (unsigned k = 0; k < 4; k++) {
		lb_rec14(&b, 1, ids[k], 10 * k, 20 * k);
		lb_rec14(&b, 1, ids[k] | 1, 10 * k + 3, 20 * k + 7);
	}

	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_buffer(&tr, b.p, b.len), TV_OK);
	t = now_s() - t;
	long rss = peak_rss_mib() - rss0;
	print_message("2M methods: key %zu MiB, loaded in %.2f s, peak RSS grew by %ld MiB\n",
	              b.len >> 20, t, rss);
	assert_true(t < 10.0);
	assert_int_equal(tr.nmethods, NM + 1);
	assert_int_equal(tr.records, 8);
	assert_int_equal(tu_warn(&tr, TV_W_UNKNOWN_METHOD), 1);
	assert_int_equal(tv_warnings_kinds(&tr.warnings), 1);
	uint32_t last = trace_find_method(&tr, (uint64_t)(NM - 1) << 2);
	assert_true(last != IDMAP_NONE);
	assert_true(tu_str_eq(&tr, tr.methods[last].cls, "com.example.C1999999"));
	uint32_t past = trace_find_method(&tr, (uint64_t)NM << 2);
	assert_true(past != IDMAP_NONE);
	assert_false(tr.methods[past].declared);
	assert_false(tv_str_present(tr.methods[past].cls));

	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	assert_int_equal(p.norder, 4);
	assert_int_equal(tu_method(&p, (uint64_t)NM << 2)->incl[TV_WALL], 7);
	assert_int_equal(tu_method(&p, 0)->incl[TV_CPU], 3);
	FILE *dn = devnull();
	assert_int_equal(report_json(dn, &p), TV_OK);
	assert_int_equal(report_text(dn, &p, "many.trace"), TV_OK);
	fclose(dn);
	profile_free(&p);
	trace_free(&tr);
	free(b.p);
	/* Key text (~90 MiB) + methods (2M x 56 bytes) + strings + id map:
	 * well under a GiB; this catches a per-method blow-up. */
	if (!LIM_ASAN)   /* ASan's shadow and quarantine count too */
		assert_true(rss < 1024);
}

/* ------------------------------------------------------------ 4 stacks 100,000 deep */

#define ND 100000u

enum deep_kind {
	DEEP_DISTINCT,   /* M0 > M1 > ... > M99999, all exit */
	DEEP_RECURSIVE,  /* R entered 100000 times, all exit */
	DEEP_OPEN,       /* distinct, nothing exits */
	DEEP_ORPHAN,     /* distinct, all exit, then an exit of X at the bottom */
};

/* Times (cpu, wall): the outermost enters at (0, 0), every inner call at
 * (10, 20); the inner calls all exit at (60, 120), the outermost at
 * (100, 200). So inner calls have incl (50, 100) and only the innermost
 * has excl; the outermost has incl (100, 200) = the span and excl
 * (50, 100). Few distinct stacks keep the folded output small. */
static struct tg *deep_tg(enum deep_kind kind)
{
	struct tg *tg = tg_new();
	for (uint32_t i = 0; i < ND; i++) {
		char cls[32];
		snprintf(cls, sizeof cls, "com.example.D%u", i);
		if (kind != DEEP_RECURSIVE || i == 0)
			tg_method(tg, 4 * (i + 1), kind == DEEP_RECURSIVE ? "com.example.R" : cls,
			          "f", "()V", "D.java");
	}
	tg_method(tg, 0x10000000, "com.example.X", "outer", "()V", "X.java");
	for (uint32_t i = 0; i < ND; i++) {
		uint64_t id = kind == DEEP_RECURSIVE ? 4 : 4 * (i + 1);
		tg_enter(tg, 1, id, i ? 10 : 0, i ? 20 : 0);
	}
	if (kind == DEEP_OPEN) {
		tg_raw(tg, 1, 3, 100, 200);   /* action 3: only sets the last time */
		return tg;
	}
	for (uint32_t i = ND; i-- > 0;) {
		uint64_t id = kind == DEEP_RECURSIVE ? 4 : 4 * (i + 1);
		tg_exit(tg, 1, id, i ? 60 : 100, i ? 120 : 200);
	}
	if (kind == DEEP_ORPHAN)
		tg_exit(tg, 1, 0x10000000, 150, 300);
	return tg;
}

static void deep_outputs(const struct trace *tr, const struct profile *p, size_t want_lines,
                         size_t want_semis)
{
	FILE *dn = devnull();
	struct export_opts o = {TV_WALL, 1, 1};
	assert_int_equal(report_text(dn, p, "deep.trace"), TV_OK);
	assert_int_equal(report_json(dn, p), TV_OK);
	assert_int_equal(report_csv(dn, p), TV_OK);
	assert_int_equal(export_chrome(dn, p, &o), TV_OK);
	fclose(dn);
	(void)tr;
	/* Folded: only stacks with excl time have a line; the deepest is
	 * 100,000 frames, megabytes long. */
	char *text = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&text, &len);
	assert_non_null(ms);
	o.per_thread = 0;
	o.signatures = 0;
	assert_int_equal(export_folded(ms, p, &o), TV_OK);
	fclose(ms);
	size_t lines = 0, semis = 0;
	for (size_t i = 0; i < len; i++) {
		lines += text[i] == '\n';
		semis += text[i] == ';';
	}
	assert_int_equal(lines, want_lines);
	assert_int_equal(semis, want_semis);
	assert_true(len > 1000000);
	free(text);
}

static void deep_timeline(const struct trace *tr, uint32_t deepest_call, uint64_t at,
                          uint32_t depth)
{
	struct timeline tl;
	struct tv_error err;
	assert_int_equal(timeline_build(&tl, tr, &err), TV_OK);
	uint32_t c = timeline_call_at(&tl, 0, tl.begin + at);
	assert_int_equal(c, deepest_call);
	assert_int_equal(timeline_depth(&tl, 0, c), depth);
	uint32_t cells[80];
	timeline_cells(&tl, 0, tl.begin, tl.end, 80, cells);
	timeline_free(&tl);
}

static void test_deep_distinct(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_DISTINCT);
	struct trace tr;
	double t = now_s();
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tv_warnings_kinds(&tr.warnings), 0);
	const struct tv_thread *th = &tr.threads[0];
	assert_int_equal(th->ncalls, ND);
	assert_int_equal(th->parent[ND - 1], ND - 2);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *outer = tu_method(&p, 4), *mid = tu_method(&p, 4 * 500);
	const struct prof_method *inner = tu_method(&p, 4 * ND);
	assert_int_equal(outer->calls, 1);
	assert_int_equal(outer->incl[TV_CPU], 100);
	assert_int_equal(outer->incl[TV_WALL], 200);
	assert_int_equal(outer->incl[TV_WALL], trace_thread_span(th, TV_WALL));
	assert_int_equal(outer->excl[TV_CPU], 50);
	assert_int_equal(outer->excl[TV_WALL], 100);
	assert_int_equal(mid->calls, 1);
	assert_int_equal(mid->rcalls, 0);
	assert_int_equal(mid->incl[TV_WALL], 100);
	assert_int_equal(mid->excl[TV_WALL], 0);
	assert_int_equal(mid->nparents, 1);
	assert_int_equal(mid->nchildren, 1);
	assert_int_equal(inner->excl[TV_CPU], 50);
	assert_int_equal(inner->excl[TV_WALL], 100);
	assert_int_equal(inner->nchildren, 0);
	assert_int_equal(p.top_incl[TV_WALL], 200);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	deep_timeline(&tr, ND - 1, 50, ND - 1);
	deep_outputs(&tr, &p, 2, ND - 1);
	print_message("100k deep, distinct methods: %.2f s\n", now_s() - t);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

static void test_deep_recursive(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_RECURSIVE);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tr.threads[0].ncalls, ND);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *r = tu_method(&p, 4);
	assert_int_equal(r->calls, 1);
	assert_int_equal(r->rcalls, ND - 1);
	/* incl only over the non-recursive (outermost) call; excl over all:
	 * 50 (outermost) + 50 (innermost). */
	assert_int_equal(r->incl[TV_CPU], 100);
	assert_int_equal(r->incl[TV_WALL], 200);
	assert_int_equal(r->excl[TV_CPU], 100);
	assert_int_equal(r->excl[TV_WALL], 200);
	/* R -> R as a child: the second call, under the outermost (not
	 * recursive), is plain (50/100); the other ND - 2 are under recursive
	 * calls. As a parent every one of the ND - 1 is recursive. */
	const struct prof_edge *self = tu_edge(&p, r->children, r->nchildren, 4);
	assert_non_null(self);
	assert_int_equal(self->calls, 1);
	assert_int_equal(self->incl[TV_CPU], 50);
	assert_int_equal(self->incl[TV_WALL], 100);
	assert_int_equal(self->rcalls, ND - 2);
	assert_int_equal(self->rincl[TV_WALL], (uint64_t)(ND - 2) * 100);
	assert_int_equal(self->rincl[TV_CPU], (uint64_t)(ND - 2) * 50);
	self = tu_edge(&p, r->parents, r->nparents, 4);
	assert_non_null(self);
	assert_int_equal(self->calls, 0);
	assert_int_equal(self->incl[TV_WALL], 0);
	assert_int_equal(self->rcalls, ND - 1);
	assert_int_equal(self->rincl[TV_WALL], (uint64_t)(ND - 1) * 100);
	const struct prof_edge *top = tu_edge(&p, r->parents, r->nparents, TU_TOPLEVEL);
	assert_non_null(top);
	assert_int_equal(top->calls, 1);
	assert_int_equal(top->rcalls, 0);
	assert_int_equal(top->incl[TV_WALL], 200);
	deep_timeline(&tr, ND - 1, 50, ND - 1);
	/* Folded lines: "R 100" and R x 100000 with 100. Same shape. */
	deep_outputs(&tr, &p, 2, ND - 1);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

static void test_deep_open(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_OPEN);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tu_warn(&tr, TV_W_ACTION3), 1);
	const struct tv_thread *th = &tr.threads[0];
	assert_int_equal(th->ncalls, ND);
	/* Rule 4: all end at the last timestamp (100, 200). */
	assert_int_equal(trace_call_incl(th, TV_WALL, 0), 200);
	assert_int_equal(trace_call_incl(th, TV_WALL, ND - 1), 180);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	assert_int_equal(tu_method(&p, 4)->excl[TV_WALL], 20);
	assert_int_equal(tu_method(&p, 4 * ND)->excl[TV_WALL], 180);
	assert_int_equal(tu_method(&p, 4 * ND)->excl[TV_CPU], 90);
	deep_timeline(&tr, ND - 1, 150, ND - 1);
	deep_outputs(&tr, &p, 2, ND - 1);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

static void test_deep_orphan_adopts(void **state)
{
	(void)state;
	struct tg *tg = deep_tg(DEEP_ORPHAN);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tu_warn(&tr, TV_W_ORPHAN_EXIT), 1);
	assert_int_equal(tu_warn(&tr, TV_W_LOST_EXIT), 0);
	const struct tv_thread *th = &tr.threads[0];
	assert_int_equal(th->ncalls, ND + 1);
	/* Preorder again: X first, then the old tree one level down. */
	uint32_t x = trace_find_method(&tr, 0x10000000);
	assert_int_equal(th->method[0], x);
	assert_int_equal(th->parent[0], TV_ROOT);
	assert_int_equal(th->parent[1], 0);
	assert_int_equal(th->parent[ND], ND - 1);
	assert_int_equal(trace_call_incl(th, TV_WALL, 0), 300);
	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	const struct prof_method *pm = tu_method(&p, 0x10000000);
	assert_int_equal(pm->calls, 1);
	assert_int_equal(pm->incl[TV_WALL], 300);
	assert_int_equal(pm->excl[TV_WALL], 100);
	assert_int_equal(pm->excl[TV_CPU], 50);
	assert_int_equal(p.top_incl[TV_WALL], 300);
	assert_int_equal(p.top_excl[TV_WALL], 0);
	deep_timeline(&tr, ND, 50, ND);
	/* Folded: X 100, X;D0 100 and the full X;D0;...;D99999 100. */
	deep_outputs(&tr, &p, 3, ND + 1);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
}

/* ------------------------------------------------------------ 5 names longer than a terminal */

static void test_long_names(void **state)
{
	(void)state;
	const size_t cl = 100000, tl = 5000;
	char *cls = malloc(cl + 1), *thr = malloc(tl + 1);
	assert_non_null(cls);
	assert_non_null(thr);
	/* "com." then 'a'..'z' repeated, an ESC at 50000, a 'Z' last. */
	memcpy(cls, "com.", 4);
	for (size_t i = 4; i < cl; i++)
		cls[i] = (char)('a' + i % 26);
	cls[50000] = '\x1b';
	cls[cl - 1] = 'Z';
	cls[cl] = 0;
	for (size_t i = 0; i < tl; i++)
		thr[i] = (char)('A' + i % 26);
	thr[tl] = 0;

	struct tg *tg = tg_new();
	tg_thread(tg, 1, thr);
	tg_method(tg, 0x4, cls, "run", "(I)V", "Long.java");
	tg_enter(tg, 1, 0x4, 0, 0);
	tg_exit(tg, 1, 0x4, 10, 20);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	assert_int_equal(tr.methods[0].cls.len, cl);
	assert_true(tu_str_eq(&tr, tr.threads[0].name, thr));

	/* The escaped class: the ESC as \x1b, everything else as is. */
	char *want = malloc(cl + 4);
	assert_non_null(want);
	memcpy(want, cls, 50000);
	memcpy(want + 50000, "\\x1b", 4);
	memcpy(want + 50004, cls + 50001, cl - 50001);
	want[cl + 3] = 0;

	struct profile p;
	struct tv_error err;
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	check_sums(&p);
	char *out = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&out, &len);
	assert_int_equal(report_text(ms, &p, "long.trace"), TV_OK);
	fclose(ms);
	assert_non_null(strstr(out, want));
	assert_non_null(strstr(out, thr));
	assert_null(memchr(out, 0x1b, len));
	free(out);
	ms = open_memstream(&out, &len);
	assert_int_equal(report_csv(ms, &p), TV_OK);
	fclose(ms);
	assert_non_null(strstr(out, want));
	free(out);
	ms = open_memstream(&out, &len);
	assert_int_equal(report_json(ms, &p), TV_OK);
	fclose(ms);
	want = realloc(want, cl + 6);
	assert_non_null(want);
	memcpy(want + 50000, "\\u001b", 6);   /* JSON's form of ESC */
	memcpy(want + 50006, cls + 50001, cl - 50001);
	want[cl + 5] = 0;
	assert_non_null(strstr(out, want));
	free(out);

	/* The UI's text functions: every fit stays within its columns. */
	size_t esz = 4 * cl + 16;
	char *ecls = malloc(esz), *ethr = malloc(4 * tl + 16), *fit = malloc(esz);
	assert_non_null(ecls);
	assert_non_null(ethr);
	assert_non_null(fit);
	for (int ascii = 0; ascii < 2; ascii++) {
		size_t n = text_escape(cls, cl, ascii, ecls, esz);
		assert_int_equal(n, cl + 3);
		assert_int_equal(text_width(ecls), (int)(cl + 3));
		text_escape(thr, tl, ascii, ethr, 4 * tl + 16);
		static const int cols[] = {0, 1, 2, 3, 10, 80, 200, 1000, 99999, 200000};
		for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++) {
			int c = cols[k];
			int w = text_fit_method(ecls, "run", "(I)V", c, ascii, fit, esz);
			assert_true(w >= 0 && w <= c);
			assert_int_equal(text_width(fit), w);
			w = text_fit(ethr, c, ascii, fit, esz);
			assert_true(w >= 0 && w <= c);
			assert_int_equal(text_width(fit), w);
			w = text_fit_left(ecls, c, ascii, fit, esz);
			assert_true(w >= 0 && w <= c);
			assert_int_equal(text_width(fit), w);
		}
		/* A small buffer: cut on a whole character, still terminated. */
		int w = text_fit_method(ecls, "run", "(I)V", 200000, ascii, fit, 64);
		assert_true(strlen(fit) < 64);
		assert_int_equal(text_width(fit), w);
	}
	free(ecls);
	free(ethr);
	free(fit);
	free(want);
	profile_free(&p);
	trace_free(&tr);
	tg_free(tg);
	free(cls);
	free(thr);
}

/* src/textesc: invisible format characters (bidi overrides, zero-width
 * characters, BOM, tags) never pass raw; the text formats show them as
 * the UI does, JSON as \u escapes (surrogates above U+FFFF). */
static char *esc_to(void (*fn)(FILE *, const char *, size_t), const char *s)
{
	char *out = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&out, &len);
	assert_non_null(ms);
	fn(ms, s, strlen(s));
	fclose(ms);
	return out;
}

static void test_textesc_invisible(void **state)
{
	(void)state;
	static const char in[] = "a\xE2\x80\xAE" "b\xE2\x80\x8F" "c\xE2\x80\x8B" "d\xE2\x80\x8D"
	                         "e\xEF\xBB\xBF" "f\xC2\xAD" "g\xF3\xA0\x80\x81" "h\xC3\xA9";
	char *t = esc_to(textesc_text, in);
	assert_string_equal(t, "a\\u{202E}b\\u{200F}c\\u{200B}d\\u{200D}e\\u{FEFF}f\\u{00AD}"
	                       "g\\u{E0001}h\xC3\xA9");
	free(t);
	t = esc_to(textesc_csv, in);
	assert_string_equal(t, "a\\u{202E}b\\u{200F}c\\u{200B}d\\u{200D}e\\u{FEFF}f\\u{00AD}"
	                       "g\\u{E0001}h\xC3\xA9");
	free(t);
	t = esc_to(textesc_json, in);
	assert_string_equal(t, "\"a\\u202eb\\u200fc\\u200bd\\u200de\\ufefff\\u00ad"
	                       "g\\udb40\\udc01h\xC3\xA9\"");
	free(t);
	/* Visible neighbours stay as they are: U+2010 hyphen, U+2027. */
	t = esc_to(textesc_text, "\xE2\x80\x90\xE2\x80\xA7");
	assert_string_equal(t, "\xE2\x80\x90\xE2\x80\xA7");
	free(t);
}

/* ------------------------------------------------------------ 6 memory bounded by the file */

#define LIM_AS (512u << 20)

enum { CHILD_OK = 0, CHILD_ERR = 1, CHILD_SETUP = 2 };

/* Loads buf in a child under RLIMIT_AS = 512 MiB; returns the child's
 * exit code (0 loaded, 1 error status) and the status/warnings it saw.
 * A crash or an ENOMEM abort fails the test. */
struct lim_result {
	enum tv_status st;
	uint64_t warn[TV_WARN_COUNT];
	uint64_t records;
	uint64_t err_offset;
};

static void lim_load(const uint8_t *buf, size_t len, struct lim_result *res)
{
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct lim_result r;
		struct rlimit rl = {LIM_AS, LIM_AS};
		memset(&r, 0, sizeof r);
		close(fds[0]);
		if (!LIM_ASAN && setrlimit(RLIMIT_AS, &rl) != 0)
			_exit(CHILD_SETUP);
		struct trace tr;
		struct tv_error err;
		trace_init(&tr);
		r.st = load_buffer(&tr, buf, len, &err);
		r.err_offset = r.st == TV_OK ? TV_NO_OFFSET : err.offset;
		memcpy(r.warn, tr.warnings.count, sizeof r.warn);
		r.records = tr.records;
		trace_free(&tr);
		if (write(fds[1], &r, sizeof r) != (ssize_t)sizeof r)
			_exit(CHILD_SETUP);
		_exit(r.st == TV_OK ? CHILD_OK : CHILD_ERR);
	}
	close(fds[1]);
	ssize_t got = read(fds[0], res, sizeof *res);
	close(fds[0]);
	int ws;
	assert_int_equal(waitpid(pid, &ws, 0), pid);
	if (!WIFEXITED(ws))
		fail_msg("child died with signal %d", WIFSIGNALED(ws) ? WTERMSIG(ws) : -1);
	assert_true(WEXITSTATUS(ws) == CHILD_OK || WEXITSTATUS(ws) == CHILD_ERR);
	assert_int_equal(got, (ssize_t)sizeof *res);
	assert_true(res->st != TV_ERR_NOMEM);
}

static void test_claimed_num_calls(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	struct tg_opts o;
	memset(&o, 0, sizeof o);
	o.has_num_calls = 1;
	o.num_calls = 4000000000u;
	assert_int_equal(tg_script(tg, "1 > A 0 0\n1 < A 5 10\n"), 0);
	uint8_t *buf;
	size_t len;
	assert_int_equal(tg_write(tg, &o, &buf, &len), 0);
	struct lim_result r;
	lim_load(buf, len, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_RECORD_COUNT], 1);
	free(buf);
	tg_free(tg);
}

/* V2 (c) block header claiming n = 0xFFFFFF events and a payload of
 * 0xFFFFFFFF bytes, in a file of a few dozen bytes. */
static void test_claimed_v2_block(void **state)
{
	(void)state;
	struct lb b = {0};
	lb_str(&b, "SLOW");
	lb_le(&b, 0xF5, 2);
	lb_le(&b, 0, 8);
	lb_le(&b, 0, 18);
	lb_le(&b, 0, 1);                 /* thread info: tid 7 "t" */
	lb_le(&b, 7, 4);
	lb_le(&b, 1, 2);
	lb_str(&b, "t");
	size_t blk = b.len;
	lb_le(&b, 2, 1);
	lb_le(&b, 7, 4);
	lb_le(&b, 0xFFFFFF, 3);
	lb_le(&b, 0xFFFFFFFFu, 4);
	lb_put(&b, "\x04\x00\x00\x05\x01\x01", 6);
	struct lim_result r;
	lim_load(b.p, b.len, &r);
	/* Cut before its first record: the block is a truncated packet. */
	assert_int_equal(r.records, 0);
	if (r.st == TV_OK)
		assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	(void)blk;
	/* The same block claiming 0xFFFFFF events in a 6-byte payload: the
	 * events do not fill the count, a desynchronised block. */
	b.p[blk + 8] = 6;
	b.p[blk + 9] = b.p[blk + 10] = b.p[blk + 11] = 0;
	lim_load(b.p, b.len, &r);
	assert_true(r.st == TV_ERR_V2_REVISION || r.warn[TV_W_V2_DESYNC] == 1);
	free(b.p);
}

/* A streaming summary packet claiming a u4 length of 0xFFFFFFFF. */
static void test_claimed_summary(void **state)
{
	(void)state;
	struct lb b = {0};
	lb_stream_head(&b);
	size_t pk = b.len;
	lb_le(&b, 0, 2);
	lb_le(&b, 3, 1);
	lb_le(&b, 0xFFFFFFFFu, 4);
	lb_str(&b, "*version\n3\n*end\n");
	struct lim_result r;
	lim_load(b.p, b.len, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	(void)pk;
	/* Also a method packet claiming 65535 bytes and a thread packet
	 * claiming 65535, each at the end of a tiny file. */
	b.len = pk;
	lb_put(&b, "\0\0\1\xff\xff" "0x8\tA", 10);
	lim_load(b.p, b.len, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	b.len = pk;
	lb_put(&b, "\0\0\2\1\0\xff\xff" "abc", 10);
	lim_load(b.p, b.len, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	free(b.p);
}

/* A key whose data header says the records start 65535 bytes in. */
static void test_claimed_data_offset(void **state)
{
	(void)state;
	struct lb b = {0};
	lb_str(&b, "*version\n3\nclock=dual\n*threads\n1\tmain\n*methods\n"
	           "0x4\tcom.example.A\trun\t()V\tA.java\n*end\n");
	size_t hdr = b.len;
	lb_v1_header(&b, 3, 14);
	b.p[hdr + 6] = 0xff;
	b.p[hdr + 7] = 0xff;
	lb_rec14(&b, 1, 0x4, 0, 0);
	lb_rec14(&b, 1, 0x5, 1, 1);
	struct lim_result r;
	lim_load(b.p, b.len, &r);
	assert_int_equal(r.st, TV_ERR_HEADER);
	assert_int_equal(r.err_offset, hdr + 6);
	/* And a record size of 65535 (v3 allows any size >= 14): the two
	 * records are one partial record. */
	b.p[hdr + 6] = 32;
	b.p[hdr + 7] = 0;
	b.p[hdr + 16] = 0xff;
	b.p[hdr + 17] = 0xff;
	lim_load(b.p, b.len, &r);
	assert_int_equal(r.st, TV_OK);
	assert_int_equal(r.records, 0);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	free(b.p);
}

/* V2 (a)/(b)-shaped data whose u2 count is far more than the bytes: the
 * overflow search is bounded by the file (ext_budget), never by the
 * claimed count: 200,000 two-byte events never add up to the claimed
 * size modulo 2^16 (always even, 0xFFFF is odd). */
static void test_claimed_v2_ab(void **state)
{
	(void)state;
	struct lb b = {0};
	lb_str(&b, "SLOW");
	lb_le(&b, 0xF4, 2);
	lb_le(&b, 0, 8);
	lb_le(&b, 0, 18);
	lb_le(&b, 2, 1);
	lb_le(&b, 9, 4);
	lb_le(&b, 0x40, 8);
	lb_le(&b, 0, 4);
	lb_le(&b, 0xFFFF, 2);
	lb_le(&b, 0xFFFF, 2);
	for (int i = 0; i < 200000; i++)
		lb_put(&b, "\x01\x01", 2);
	struct lim_result r;
	double t = now_s();
	lim_load(b.p, b.len, &r);
	t = now_s() - t;
	assert_true(t < 5.0);
	free(b.p);
}

/* ------------------------------------------------------------ main */

/* Runs the tests on a 1 MiB stack (4 MiB under ASan, whose frames are
 * bigger): a walk that recursed once per frame of a 100,000-deep stack
 * needs at least 3 MiB, so it crashes here instead of passing quietly on
 * the usual 8 MiB. The limit takes effect for the main thread only at
 * exec, hence the re-exec. */
static void lim_small_stack(char **argv)
{
	const rlim_t want = (LIM_ASAN ? 4 : 1) << 20;
	struct rlimit rl;
	if (getenv("TV_LIMITS_STACK") || getrlimit(RLIMIT_STACK, &rl) != 0 ||
	    (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur <= want) ||
	    (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want))
		return;
	rl.rlim_cur = want;
	if (setrlimit(RLIMIT_STACK, &rl) != 0 || setenv("TV_LIMITS_STACK", "1", 1) != 0)
		return;
	execv("/proc/self/exe", argv);   /* on failure, go on as we are */
}

int main(int argc, char **argv)
{
	(void)argc;
	lim_small_stack(argv);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_million_methods),   /* first: RSS baseline */
		cmocka_unit_test(test_keyfile_base_above_4g),
		cmocka_unit_test(test_v1_base_above_4g),
		cmocka_unit_test(test_sparse_stream_hole),
		cmocka_unit_test(test_sparse_summary_past_4g),
		cmocka_unit_test(test_v2_70000_threads),
		cmocka_unit_test(test_v1_70000_thread_lines),
		cmocka_unit_test(test_deep_distinct),
		cmocka_unit_test(test_deep_recursive),
		cmocka_unit_test(test_deep_open),
		cmocka_unit_test(test_deep_orphan_adopts),
		cmocka_unit_test(test_long_names),
		cmocka_unit_test(test_textesc_invisible),
		cmocka_unit_test(test_claimed_num_calls),
		cmocka_unit_test(test_claimed_v2_block),
		cmocka_unit_test(test_claimed_summary),
		cmocka_unit_test(test_claimed_data_offset),
		cmocka_unit_test(test_claimed_v2_ab),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
