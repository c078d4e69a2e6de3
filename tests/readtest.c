/* readtest.c: the recording sink and the example files the reader tests
 * share (see readtest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/load.h"
#include "readtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ recording sink */

static void rec_add(struct rec *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

static void rec_add(struct rec *r, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (!r->keep)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 32;
		r->ev = realloc(r->ev, r->cap * sizeof *r->ev);
		assert_non_null(r->ev);
	}
	r->ev[r->n] = strdup(line);
	assert_non_null(r->ev[r->n]);
	r->n++;
}

static void rec_check_off(struct rec *r, uint64_t off)
{
	if (off != TV_NO_OFFSET && off > r->len)
		r->bad_offset = 1;
}

static int rec_stop(struct rec *r)
{
	return r->stop_after && ++r->calls >= r->stop_after;
}

static int rec_format(void *ctx, const struct sink_format *f)
{
	struct rec *r = ctx;
	r->formats++;
	rec_add(r, "F v%u s%d n%u rs%u st%llu ns%d", f->version, f->streaming, f->nslots,
	        f->record_size, (unsigned long long)f->start_time, f->start_time_ns);
	return rec_stop(r);
}

static int rec_option(void *ctx, struct sink_bytes k, struct sink_bytes v)
{
	struct rec *r = ctx;
	r->options++;
	if (k.len == 16 && memcmp(k.ptr, "num-method-calls", 16) == 0) {
		char tmp[32];
		size_t n = v.len < sizeof tmp - 1 ? v.len : sizeof tmp - 1;
		memcpy(tmp, v.ptr, n);
		tmp[n] = 0;
		r->num_calls = strtoull(tmp, NULL, 10);
		r->has_num_calls = 1;
	}
	rec_add(r, "O %.*s=%.*s", (int)k.len, k.ptr, (int)v.len, v.ptr);
	return rec_stop(r);
}

static int rec_thread(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t off)
{
	struct rec *r = ctx;
	r->threads++;
	rec_check_off(r, off);
	rec_add(r, "T %u '%.*s' @%llu", tid, (int)name.len, name.ptr, (unsigned long long)off);
	return rec_stop(r);
}

static const char *fld(struct sink_bytes b, char *tmp, size_t size)
{
	if (!b.ptr)
		return "-";
	snprintf(tmp, size, "'%.*s'", (int)b.len, b.ptr);
	return tmp;
}

static int rec_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t off)
{
	struct rec *r = ctx;
	char a[128], b[128], c[128], d[128], line[32] = "-";

	r->methods++;
	rec_check_off(r, off);
	if (m->has_line)
		snprintf(line, sizeof line, "%lld", (long long)m->line);
	rec_add(r, "M %#llx %s %s %s %s %s @%llu", (unsigned long long)id,
	        fld(m->cls, a, sizeof a), fld(m->name, b, sizeof b), fld(m->sig, c, sizeof c),
	        fld(m->source, d, sizeof d), line, (unsigned long long)off);
	return rec_stop(r);
}

static int rec_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                      uint64_t off)
{
	struct rec *r = ctx;
	r->records++;
	rec_check_off(r, off);
	rec_add(r, "R %u %#llx %llu %llu @%llu", tid, (unsigned long long)word,
	        (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)off);
	return rec_stop(r);
}

const char *warn_name(enum tv_warn k)
{
	static const char *const names[] = {
#define TV_WARN_NAME(id, text) #id,
		TV_WARN_LIST(TV_WARN_NAME)
#undef TV_WARN_NAME
	};
	return names[k] + 5;  /* drop "TV_W_" */
}

static void rec_warn(void *ctx, enum tv_warn k, uint64_t off, uint64_t n)
{
	struct rec *r = ctx;
	assert_true((unsigned)k < TV_WARN_COUNT);
	r->warn[k] += n;
	rec_check_off(r, off);
	rec_add(r, "W %s @%llu x%llu", warn_name(k), (unsigned long long)off,
	        (unsigned long long)n);
}

struct sink rec_sink(struct rec *r, int keep, size_t len)
{
	struct sink s;

	memset(r, 0, sizeof *r);
	r->keep = keep;
	r->len = len;
	memset(&s, 0, sizeof s);
	s.ctx = r;
	s.format = rec_format;
	s.option = rec_option;
	s.thread = rec_thread;
	s.method = rec_method;
	s.record = rec_record;
	s.warn = rec_warn;
	return s;
}

void rec_free(struct rec *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->ev[i]);
	free(r->ev);
	r->ev = NULL;
	r->n = r->cap = 0;
}

/* Compare the recorded events with a NULL-terminated list. */
void rec_expect(const struct rec *r, const char *const *want)
{
	size_t i = 0;

	for (; want[i]; i++) {
		if (i >= r->n)
			fail_msg("missing event %zu: %s", i, want[i]);
		if (strcmp(r->ev[i], want[i]) != 0)
			fail_msg("event %zu:\n  got  %s\n  want %s", i, r->ev[i], want[i]);
	}
	if (i != r->n)
		fail_msg("extra event %zu: %s", i, r->ev[i]);
}

void rec_dump(const struct rec *r)
{
	for (size_t i = 0; i < r->n; i++)
		fprintf(stderr, "  %s\n", r->ev[i]);
}

/* ------------------------------------------------------------ example files */

const char art_key[] =
	"*version\n3\ndata-file-overflow=false\nclock=dual\nnum-method-calls=4\nvm=art\n"
	"*threads\n1\tmain\n*methods\n0\tcom.example.Foo\tmain\t()V\tFoo.java\n"
	"0x4\tcom.example.Foo\tbar\t()V\tFoo.java\n*end\n";

/* docs/format.md, "Examples", ART non-streaming v3. */
void build_art_v3(struct bb *b)
{
	bb_str(b, art_key);
	bb_hex(b, "53 4c 4f 57  03 00  20 00  15 cd 5b 07 00 00 00 00  0e 00"
	          "00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	bb_hex(b, "01 00  00 00 00 00  00 00 00 00  0a 00 00 00"
	          "01 00  04 00 00 00  05 00 00 00  14 00 00 00"
	          "01 00  05 00 00 00  0f 00 00 00  28 00 00 00"
	          "01 00  01 00 00 00  14 00 00 00  32 00 00 00");
}

enum tv_status scan_buf(const uint8_t *p, size_t n, struct rec *r, struct tv_error *err)
{
	struct sink s = rec_sink(r, 1, n);
	enum tv_status st = load_scan(p, n, &s, err);
	rec_free(r);
	return st;
}

static void consumed_log_add(void *cctx, uint64_t offset)
{
	struct consumed_log *c = cctx;
	if (c->n < (int)(sizeof c->at / sizeof c->at[0]))
		c->at[c->n] = offset;
	c->n++;
}

enum tv_status scan_buf_consumed(const uint8_t *p, size_t n, struct rec *r,
                                 struct consumed_log *c, struct tv_error *err)
{
	struct sink s = rec_sink(r, 0, n);
	memset(c, 0, sizeof *c);
	s.consumed = consumed_log_add;
	s.cctx = c;
	enum tv_status st = load_scan(p, n, &s, err);
	rec_free(r);
	return st;
}

void consumed_log_expect(const struct consumed_log *c, uint64_t from, int steps, uint64_t step,
                         uint64_t slack)
{
	assert_true(steps <= c->n && steps <= (int)(sizeof c->at / sizeof c->at[0]));
	for (int k = 0; k < steps; k++) {
		assert_true(c->at[k] - from >= step);
		assert_true(c->at[k] - from < step + slack);
		from = c->at[k];
	}
}

void bb_v3_enter_exit(struct bb *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		bb_le(b, 1, 2);
		bb_le(b, i & 1 ? 5 : 4, 4);
		bb_le(b, i, 4);
		bb_le(b, i, 4);
	}
}

void bb_method_packet(struct bb *b, const char *line)
{
	bb_hex(b, "00 00 01");
	bb_le(b, strlen(line), 2);
	bb_str(b, line);
}

void bb_thread_packet(struct bb *b, unsigned tid, const char *name)
{
	bb_hex(b, "00 00 02");
	bb_le(b, tid, 2);
	bb_le(b, strlen(name), 2);
	bb_str(b, name);
}

void bb_summary_packet(struct bb *b, const char *text)
{
	bb_hex(b, "00 00 03");
	bb_le(b, strlen(text), 4);
	bb_str(b, text);
}

const char stream_summary[] =
	"*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n*threads\n"
	"1\tmain\n*methods\n*end\n";

/* docs/format.md, "Examples", ART V1 streaming 0xF3. */
void build_stream_f3(struct bb *b, int summary)
{
	bb_hex(b, "53 4c 4f 57 f3 00 20 00 15 cd 5b 07 00 00 00 00 0e 00"
	          "00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	bb_hex(b, "00 00 02 01 00 04 00 6d 61 69 6e");
	bb_hex(b, "00 00 01 23 00");
	bb_str(b, "0\tcom.example.Foo\tbar\t()V\tFoo.java\n");
	bb_hex(b, "01 00 00 00 00 00 00 00 00 00 0a 00 00 00"
	          "01 00 01 00 00 00 03 00 00 00 0c 00 00 00");
	if (summary)
		bb_summary_packet(b, stream_summary);
}

/* A single-clock streaming file: version 0xF2, header record size 10.
 * bug14: records written 14 bytes long with 4 bytes of junk (docs/format.md,
 * "Streaming files"). */
void build_stream_f2(struct bb *b, int bug14, int nrec, const uint8_t junk[4])
{
	bb_v1_header(b, 0xF2, 10, 5);
	bb_thread_packet(b, 1, "main");
	bb_thread_packet(b, 2, "worker");
	bb_method_packet(b, "0x0\tcom.ex.A\ta\t()V\tA.java\n");
	bb_method_packet(b, "0x4\tcom.ex.A\tb\t()V\tA.java\n");
	for (int i = 0; i < nrec; i++) {
		if (i == 2)
			bb_method_packet(b, "0x8\tcom.ex.A\tc\t()V\tA.java\n");
		bb_le(b, 1 + (unsigned)(i % 2), 2);
		bb_le(b, (uint64_t)((i / 2 % 3) * 4 + (i % 4 == 3)), 4);
		bb_le(b, 100 + 10 * (uint64_t)i, 4);
		if (bug14)
			bb_put(b, junk, 4);
	}
	bb_summary_packet(b, "*version\n2\nclock=wall\n*threads\n*methods\n*end\n");
}

void bb_v2_header(struct bb *b, unsigned version, uint64_t start)
{
	bb_str(b, "SLOW");
	bb_le(b, version, 2);
	bb_le(b, start, 8);
	for (int i = 14; i < 32; i++)
		bb_u1(b, 0);
}

void bb_v2_summary(struct bb *b, const char *text)
{
	bb_u1(b, 3);
	bb_le(b, strlen(text), 2);
	bb_str(b, text);
}

const char v2_method_line[] = "com.example.Foo\tbar\t()V\tFoo.java\n";

/* docs/format.md, "Examples", revision (c)/(d) streaming dual. */
void build_v2c(struct bb *b, const char *summary)
{
	bb_hex(b, "53 4c 4f 57 f5 00 | 00 f2 05 2a 01 00 00 00 |"
	          "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	bb_hex(b, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(b, "01 40 3d 2c 1b 7a 00 00 00 21 00");
	bb_str(b, v2_method_line);
	bb_hex(b, "02 39 30 00 00 02 00 00 0e 00 00 00"
	          "c0 fa b0 d9 a1 0f   e8 07   00"
	          "01                  a0 06   bc 05");
	if (summary)
		bb_v2_summary(b, summary);
}

/* The whole file, malloc'd; NULL when unreadable. */
uint8_t *slurp(const char *path, size_t *len)
{
	uint8_t *p;
	return tu_read_file(path, &p, len) == 0 ? p : NULL;
}

const struct streaming_file streaming_files[STREAMING_FILES] = {
	{"art-v3-dual-streaming-firefoxprofiler-art-trace-streaming.trace", 39377, 0},
	{"art-v3-dual-streaming-perflib-streaming.trace", 44339, 0},
	{"art-v3-dual-streaming-profilertester-cpu-art-new.trace", 7700, 0},
};

uint8_t *slurp_streaming(size_t i, size_t *len)
{
	const char *dir = tu_real_dir();
	char path[4096];

	if (!dir)
		return NULL;
	snprintf(path, sizeof path, "%s/streaming/%s", dir, streaming_files[i].name);
	return slurp(path, len);
}
