/* test_readers.c: the trace readers (keyfile, v1, stream, v2, load) on
 * hand-built byte buffers, on the real traces, and on damaged input.
 *
 * A recording sink turns every event into a line of text ("R 1 0x4 5 20
 * @46"), so expected events are written out plainly and checked exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/load.h"
#include "model/trace.h"
#include "read/keyfile.h"
#include "read/stream.h"
#include "read/v1.h"
#include "read/v2.h"
#include "testutil.h"

/* ------------------------------------------------------------ byte builder */

struct bb {
	uint8_t *p;
	size_t n, cap;
};

static void bb_put(struct bb *b, const void *src, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->p = realloc(b->p, b->cap);
		assert_non_null(b->p);
	}
	if (n)
		memcpy(b->p + b->n, src, n);
	b->n += n;
}

static void bb_u1(struct bb *b, unsigned v)
{
	uint8_t x = (uint8_t)v;
	bb_put(b, &x, 1);
}

static void bb_le(struct bb *b, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		bb_u1(b, (unsigned)(v >> (8 * i)) & 0xFF);
}

static void bb_str(struct bb *b, const char *s) { bb_put(b, s, strlen(s)); }

static void bb_hex(struct bb *b, const char *hex)
{
	for (const char *p = hex; *p;) {
		unsigned v;
		if (*p == ' ' || *p == '|' || *p == '\n') {
			p++;
			continue;
		}
		assert_int_equal(sscanf(p, "%2x", &v), 1);
		bb_u1(b, v);
		p += 2;
	}
}

static void bb_uleb(struct bb *b, uint64_t v)
{
	do {
		unsigned x = v & 0x7f;
		v >>= 7;
		bb_u1(b, x | (v ? 0x80 : 0));
	} while (v);
}

static void bb_sleb(struct bb *b, int64_t v)
{
	for (;;) {
		unsigned x = (unsigned)v & 0x7f;
		v >>= 7;  /* arithmetic on gcc/clang */
		if ((v == 0 && !(x & 0x40)) || (v == -1 && (x & 0x40))) {
			bb_u1(b, x);
			return;
		}
		bb_u1(b, x | 0x80);
	}
}

/* A V1 header of 32 bytes. */
static void bb_v1_header(struct bb *b, unsigned version, unsigned record_size, uint64_t start)
{
	bb_str(b, "SLOW");
	bb_le(b, version, 2);
	bb_le(b, 32, 2);
	bb_le(b, start, 8);
	bb_le(b, record_size, 2);
	for (int i = 18; i < 32; i++)
		bb_u1(b, 0);
}

/* ------------------------------------------------------------ recording sink */

struct rec {
	char **ev;
	size_t n, cap;
	int keep;                 /* store event lines (else only count) */
	uint64_t records, methods, threads, options, formats;
	uint64_t warn[TV_WARN_COUNT];
	uint64_t num_calls;       /* num-method-calls option, when seen */
	int has_num_calls;
	size_t len;               /* size of the input, to check offsets */
	int bad_offset;
	long stop_after;          /* return 1 from the Nth callback (0: never) */
	long calls;
};

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

static const char *warn_name(enum tv_warn k)
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

static struct sink rec_sink(struct rec *r, int keep, size_t len)
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

static void rec_free(struct rec *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->ev[i]);
	free(r->ev);
	r->ev = NULL;
	r->n = r->cap = 0;
}

/* Compare the recorded events with a NULL-terminated list. */
static void rec_expect(const struct rec *r, const char *const *want)
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

static void rec_dump(const struct rec *r)
{
	for (size_t i = 0; i < r->n; i++)
		fprintf(stderr, "  %s\n", r->ev[i]);
}

/* ------------------------------------------------------------ keyfile */

static enum tv_status scan_key(const char *text, int require_end, struct rec *r,
                               struct keyfile_info *info, struct tv_error *err)
{
	struct sink s = rec_sink(r, 1, strlen(text));
	return keyfile_parse((const uint8_t *)text, strlen(text), 100, require_end, &s, info, err);
}

static void test_key_basic(void **state)
{
	(void)state;
	const char *text =
		"*version\n3\ndata-file-overflow=false\nclock=dual\n"
		"*threads\n1\tmain\n12876\t\n"
		"*methods\n0x4000a0b8\tjava/lang/String\tcharAt\t(I)C\tString.java\t-1\n"
		"0\tcom.ex.Foo\tbar\t()V\t(null)\n"
		"*end\nSLOW";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"O data-file-overflow=false", "O clock=dual",
		"T 1 'main' @156", "T 12876 '' @163",
		"M 0x4000a0b8 'java/lang/String' 'charAt' '(I)C' 'String.java' -1 @179",
		"M 0 'com.ex.Foo' 'bar' '()V' '(null)' - @234",
		NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 3);
	assert_int_equal(info.end, strlen(text) - 4);
	rec_free(&r);
}

static void test_key_crlf(void **state)
{
	(void)state;
	const char *text =
		"*version\r\n2\r\nclock=thread-cpu\r\n*threads\r\n7\tFinalizer\r\n"
		"*methods\r\n0x8\tcom.ex.A\tf\t(J)V\tA.java\r\n*end\r\nrest";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"O clock=thread-cpu", "T 7 'Finalizer' @141",
		"M 0x8 'com.ex.A' 'f' '(J)V' 'A.java' - @164", NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 2);
	assert_int_equal(info.end, strlen(text) - 4);
	rec_free(&r);
}

static void test_key_id_formats(void **state)
{
	(void)state;
	static const struct { const char *s; uint64_t id; } ok[] = {
		{"0x4000a0b8", 0x4000a0b8}, {"0x7f12abc0", 0x7f12abc0}, {"0", 0},
		{"(nil)", 0}, {"0x0", 0}, {"0X1C", 0x1c}, {"10", 0x10}, {"0x00000000000000000010", 0x10},
		{"ffffffffffffffff", 0xfffffffffffffffcull}, {"0x7", 0x4},
	};
	static const char *const bad[] = {"", "0x", "zz", "0x12g", "nil", "12345678901234567",
	                                  "-4"};
	struct sink_method m;
	uint64_t id;
	char line[64];

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		snprintf(line, sizeof line, "%s\tC\tm\t()V\tC.java", ok[i].s);
		assert_int_equal(keyfile_method_line(line, strlen(line), &id, &m), 0);
		assert_true(id == ok[i].id);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(line, sizeof line, "%s\tC\tm\t()V\tC.java", bad[i]);
		assert_int_equal(keyfile_method_line(line, strlen(line), &id, &m), -1);
	}
}

static void test_key_field_shapes(void **state)
{
	(void)state;
	const char *text =
		"*version\n1\n*threads\n*methods\n"
		"0x10\tmyfunction\n"                           /* 2 fields */
		"0x14\tcom.ex.B\tg\t(I)V\n"                    /* 4: name sig */
		"0x18\tcom.ex.N\tN.c\t42\n"                    /* 4: source line */
		"0x1c\tcom.ex.C\th\t()V\tC.java\n"             /* 5 (ART) */
		"0x20\tcom/ex/D\ti\t()V\tD.java\t-2\n"         /* 6 (Dalvik) */
		"0x24\tcom.ex.E\tj\n"                          /* 3: bad */
		"0x28\ta\tb\tc\td\te\tf\n"                     /* 7: bad */
		"0x2c\tcom.ex.F\tk\t()V\t\n"                   /* empty source */
		"*end\n";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"M 0x10 'myfunction' - - - - @129",
		"M 0x14 'com.ex.B' 'g' '(I)V' - - @145",
		"M 0x18 'com.ex.N' - - 'N.c' 42 @166",
		"M 0x1c 'com.ex.C' 'h' '()V' 'C.java' - @187",
		"M 0x20 'com/ex/D' 'i' '()V' 'D.java' -2 @214",
		"W KEY_LINE @244 x1",
		"W KEY_LINE @260 x1",
		"M 0x2c 'com.ex.F' 'k' '()V' '' - @277",
		NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 1);
	rec_free(&r);
}

static void test_key_method_line_eol(void **state)
{
	(void)state;
	struct sink_method m;
	uint64_t id;
	const char *a = "0x4\tcom.ex.Foo\tbar\t()V\tFoo.java\n";
	const char *b = "0x8\tcom.ex.Foo\tbaz\t()V\tFoo.java\r\n";

	assert_int_equal(keyfile_method_line(a, strlen(a), &id, &m), 0);
	assert_int_equal(id, 4);
	assert_int_equal(m.source.len, 8);
	assert_memory_equal(m.source.ptr, "Foo.java", 8);
	assert_int_equal(keyfile_method_line(b, strlen(b), &id, &m), 0);
	assert_int_equal(id, 8);
	assert_int_equal(m.source.len, 8);
	assert_int_equal(keyfile_method_fields("C\tm\t()V\t\n", 9, &m), 0);
	assert_int_equal(m.cls.len, 1);
	assert_non_null(m.source.ptr);
	assert_int_equal(m.source.len, 0);
	assert_int_equal(keyfile_method_fields("C\tm\t()V\tC.java\t12\n", 18, &m), 0);
	assert_true(m.has_line && m.line == 12);
	assert_int_equal(keyfile_method_fields("C\tm\n", 4, &m), -1);
}

static void test_key_bad_lines(void **state)
{
	(void)state;
	const char *text = "*version\n0x3\nnoequals\n=v\nk=a=b\n*threads\nnotab\nx\ty\n\n"
	                   "*weird\n*methods\n*end";
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;
	const char *want[] = {
		"W KEY_LINE @113 x1", "W KEY_LINE @122 x1", "O k=a=b",
		"W KEY_LINE @140 x1", "W KEY_LINE @146 x1", "W KEY_LINE @150 x1",
		"W KEY_LINE @151 x1", NULL};

	assert_int_equal(scan_key(text, 1, &r, &info, &err), TV_OK);
	rec_expect(&r, want);
	assert_int_equal(info.version, 3);
	assert_int_equal(info.end, strlen(text));  /* *end with no LF */
	rec_free(&r);
}

static void test_key_errors(void **state)
{
	(void)state;
	struct rec r;
	struct keyfile_info info;
	struct tv_error err;

	assert_int_equal(scan_key("*version\n3\nclock=dual\n*threads\n", 1, &r, &info, &err),
	                 TV_ERR_NO_END);
	assert_int_equal(err.offset, 100 + 31);
	rec_free(&r);
	assert_int_equal(scan_key("*version\n3\nclock=dual\n", 0, &r, &info, &err), TV_OK);
	assert_int_equal(info.end, 22);
	rec_free(&r);
	assert_int_equal(scan_key("*version", 0, &r, &info, &err), TV_OK);
	rec_free(&r);
	assert_int_equal(scan_key("*version\n", 1, &r, &info, &err), TV_ERR_NO_END);
	rec_free(&r);
	assert_int_equal(scan_key("*versions\n3\n*end\n", 1, &r, &info, &err), TV_ERR_KEY);
	assert_int_equal(err.offset, 100);
	rec_free(&r);
	assert_int_equal(scan_key("*version\nthree\n*end\n", 1, &r, &info, &err), TV_ERR_KEY);
	assert_int_equal(err.offset, 109);
	rec_free(&r);
	assert_int_equal(scan_key("", 0, &r, &info, &err), TV_ERR_KEY);
	rec_free(&r);
}

static void test_key_sink_stop(void **state)
{
	(void)state;
	const char *text = "*version\n3\na=1\nb=2\n*end\n";
	struct rec r;
	struct sink s = rec_sink(&r, 1, strlen(text));
	struct tv_error err;

	r.stop_after = 2;
	assert_int_equal(keyfile_parse((const uint8_t *)text, strlen(text), 0, 1, &s, NULL, &err),
	                 TV_ERR_NOMEM);
	assert_int_equal(err.offset, 15);
	rec_free(&r);
}

/* ------------------------------------------------------------ V1 files */

static const char art_key[] =
	"*version\n3\ndata-file-overflow=false\nclock=dual\nnum-method-calls=4\nvm=art\n"
	"*threads\n1\tmain\n*methods\n0\tcom.example.Foo\tmain\t()V\tFoo.java\n"
	"0x4\tcom.example.Foo\tbar\t()V\tFoo.java\n*end\n";

/* docs/format.md, "Examples", ART non-streaming v3. */
static void build_art_v3(struct bb *b)
{
	bb_str(b, art_key);
	bb_hex(b, "53 4c 4f 57  03 00  20 00  15 cd 5b 07 00 00 00 00  0e 00"
	          "00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	bb_hex(b, "01 00  00 00 00 00  00 00 00 00  0a 00 00 00"
	          "01 00  04 00 00 00  05 00 00 00  14 00 00 00"
	          "01 00  05 00 00 00  0f 00 00 00  28 00 00 00"
	          "01 00  01 00 00 00  14 00 00 00  32 00 00 00");
}

static void test_v1_art_example(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;
	size_t d;
	char w[6][64];

	build_art_v3(&b);
	d = strlen(art_key);  /* the SLOW header */
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	snprintf(w[0], sizeof w[0], "F v3 s0 n2 rs14 st123456789 ns0");
	snprintf(w[1], sizeof w[1], "R 1 0 0 10 @%zu", d + 32);
	snprintf(w[2], sizeof w[2], "R 1 0x4 5 20 @%zu", d + 46);
	snprintf(w[3], sizeof w[3], "R 1 0x5 15 40 @%zu", d + 60);
	snprintf(w[4], sizeof w[4], "R 1 0x1 20 50 @%zu", d + 74);
	const char *want[] = {
		"O data-file-overflow=false", "O clock=dual", "O num-method-calls=4", "O vm=art",
		"T 1 'main' @82",
		"M 0 'com.example.Foo' 'main' '()V' 'Foo.java' - @98",
		"M 0x4 'com.example.Foo' 'bar' '()V' 'Foo.java' - @134",
		w[0], w[1], w[2], w[3], w[4], NULL};
	rec_expect(&r, want);
	rec_free(&r);

	/* Cut inside the last record: three records and a warning. */
	s = rec_sink(&r, 1, b.n - 5);
	assert_int_equal(load_scan(b.p, b.n - 5, &s, &err), TV_OK);
	assert_int_equal(r.records, 3);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	snprintf(w[5], sizeof w[5], "W TRUNCATED @%zu x1", d + 74);
	assert_string_equal(r.ev[r.n - 1], w[5]);
	rec_free(&r);

	/* Header and no records: valid, empty. */
	s = rec_sink(&r, 1, d + 32);
	assert_int_equal(load_scan(b.p, d + 32, &s, &err), TV_OK);
	assert_int_equal(r.records, 0);
	assert_int_equal(r.formats, 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
	rec_free(&r);
	free(b.p);
}

/* docs/format.md, "Examples", Dalvik v1: 9-byte records, u1 thread id. */
static void test_v1_dalvik_example(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;
	struct v1_header h;

	bb_hex(&b, "53 4c 4f 57  01 00  20 00  00 40 35 d6 57 9e 04 00"
	           "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	bb_hex(&b, "01  b9 a0 00 40  07 00 00 00"
	           "01  10 a0 00 40  09 00 00 00"
	           "01  11 a0 00 40  0b 00 00 00");
	assert_int_equal(v1_header_parse(b.p, b.n, 1000, &h, &err), TV_OK);
	assert_int_equal(h.version, 1);
	assert_int_equal(h.data_offset, 32);
	assert_int_equal(h.record_size, 9);
	assert_true(h.start_time == 0x00049e57d6354000ull);
	struct sink s = rec_sink(&r, 1, 2000);
	assert_int_equal(v1_records(b.p + 32, b.n - 32, 1032, &h, &s, &err), TV_OK);
	const char *want[] = {
		"R 1 0x4000a0b9 7 0 @1032", "R 1 0x4000a010 9 0 @1041",
		"R 1 0x4000a011 11 0 @1050", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_v1_v2_records_and_offset16(void **state)
{
	(void)state;
	/* createtesttrace style: 16-byte header, version 2, 10-byte records. */
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "*version\n2\nclock=thread-cpu\n*threads\n3\tworker\n*methods\n"
	           "0x4\tA\tf\t()V\n*end\n");
	size_t d = b.n;
	bb_hex(&b, "53 4c 4f 57 02 00 10 00 01 00 00 00 02 00 00 00");
	bb_hex(&b, "03 00 04 00 00 00 64 00 00 00  03 01 05 00 00 00 c8 00 00 00");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	char w1[64], w2[64], w3[64];
	snprintf(w1, sizeof w1, "R 3 0x4 100 0 @%zu", d + 16);
	snprintf(w2, sizeof w2, "R 259 0x5 200 0 @%zu", d + 26);
	snprintf(w3, sizeof w3, "F v2 s0 n1 rs10 st%llu ns0", 0x200000001ull);
	const char *want[] = {"O clock=thread-cpu", "T 3 'worker' @37",
	                      "M 0x4 'A' 'f' '()V' - - @55", w3, w1, w2, NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_v1_version_mismatch(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "*version\n2\n*threads\n*methods\n*end\n");
	size_t d = b.n;
	bb_v1_header(&b, 3, 14, 0);
	bb_hex(&b, "01 00 04 00 00 00 01 00 00 00 02 00 00 00");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_int_equal(r.warn[TV_W_VERSION_MISMATCH], 1);
	char w[64];
	snprintf(w, sizeof w, "W VERSION_MISMATCH @%zu x1", d + 4);
	assert_string_equal(r.ev[0], w);
	assert_string_equal(r.ev[1], "F v3 s0 n2 rs14 st0 ns0");
	assert_int_equal(r.records, 1);
	rec_free(&r);
	free(b.p);
}

static void test_v1_record_size_extra(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "*version\n3\n*threads\n*methods\n*end\n");
	bb_v1_header(&b, 3, 16, 0);
	bb_hex(&b, "02 00 08 00 00 00 01 00 00 00 02 00 00 00 ee ee"
	           "02 00 09 00 00 00 03 00 00 00 04 00 00 00 ee ee");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {"F v3 s0 n2 rs16 st0 ns0", "R 2 0x8 1 2 @66", "R 2 0x9 3 4 @82",
	                      NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static enum tv_status scan_buf(const uint8_t *p, size_t n, struct rec *r, struct tv_error *err)
{
	struct sink s = rec_sink(r, 1, n);
	enum tv_status st = load_scan(p, n, &s, err);
	rec_free(r);
	return st;
}

static void test_load_errors(void **state)
{
	(void)state;
	struct rec r;
	struct tv_error err;
	char msg[256];
	const char *key = "*version\n3\n*threads\n*methods\n*end\n";
	struct bb b = {0};

	assert_int_equal(scan_buf((const uint8_t *)"", 0, &r, &err), TV_ERR_EMPTY);
	assert_int_equal(scan_buf((const uint8_t *)"hello world", 11, &r, &err), TV_ERR_NOT_TRACE);
	assert_int_equal(err.offset, 0);
	assert_int_equal(scan_buf((const uint8_t *)"*version 3\n", 11, &r, &err), TV_ERR_NOT_TRACE);
	/* key and nothing after *end */
	assert_int_equal(scan_buf((const uint8_t *)key, strlen(key), &r, &err), TV_ERR_NO_DATA);
	tv_error_format(&err, msg, sizeof msg);
	assert_string_equal(msg, "no 'SLOW' data header after '*end' (offset 34)");
	/* cut inside the key */
	assert_int_equal(scan_buf((const uint8_t *)key, 20, &r, &err), TV_ERR_NO_END);
	assert_int_equal(err.offset, 20);
	/* cut inside the header */
	bb_str(&b, key);
	bb_v1_header(&b, 3, 14, 0);
	assert_int_equal(scan_buf(b.p, strlen(key) + 10, &r, &err), TV_ERR_NO_RECORDS);
	assert_int_equal(scan_buf(b.p, strlen(key) + 2, &r, &err), TV_ERR_NO_DATA);
	/* bare data file */
	assert_int_equal(scan_buf(b.p + strlen(key), 32, &r, &err), TV_ERR_NEED_KEY);
	assert_int_equal(err.offset, 0);
	/* SLOW with an unknown version */
	assert_int_equal(scan_buf((const uint8_t *)"SLOW\x07\x00\x20\x00", 8, &r, &err),
	                 TV_ERR_VERSION);
	assert_int_equal(scan_buf((const uint8_t *)"SLOW", 4, &r, &err), TV_ERR_NO_RECORDS);
	free(b.p);
}

/* Absurd header fields: each is an error or loads, never a crash. */
static void test_v1_absurd_headers(void **state)
{
	(void)state;
	static const struct { unsigned ver, off, rs; enum tv_status want; } cases[] = {
		{3, 0, 14, TV_ERR_HEADER},      {3, 65535, 14, TV_ERR_HEADER},
		{3, 32, 0, TV_ERR_HEADER},      {3, 32, 1, TV_ERR_HEADER},
		{3, 32, 65535, TV_OK},          {3, 17, 14, TV_ERR_HEADER},
		{0, 32, 14, TV_ERR_VERSION},    {6, 32, 14, TV_ERR_VERSION},
		{0xFF, 32, 14, TV_ERR_VERSION}, {2, 16, 0, TV_OK},
		{1, 15, 0, TV_ERR_HEADER},      {2, 40, 0, TV_OK},
		{2, 200, 0, TV_ERR_HEADER},
	};
	const char *key = "*version\n3\n*threads\n*methods\n*end\n";

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bb b = {0};
		struct rec r;
		struct tv_error err;
		bb_str(&b, key);
		bb_str(&b, "SLOW");
		bb_le(&b, cases[i].ver, 2);
		bb_le(&b, cases[i].off, 2);
		bb_le(&b, 0, 8);
		bb_le(&b, cases[i].rs, 2);
		for (int k = 0; k < 14 + 14; k++)
			bb_u1(&b, 1);
		/* b.n - strlen(key) = 46 bytes of data */
		struct sink s = rec_sink(&r, 0, b.n);
		enum tv_status st = load_scan(b.p, b.n, &s, &err);
		if (st != cases[i].want)
			fail_msg("case %zu: got %d want %d", i, st, cases[i].want);
		if (st != TV_OK)
			assert_true(err.offset == TV_NO_OFFSET || err.offset <= b.n);
		assert_false(r.bad_offset);
		free(b.p);
	}
}

/* ------------------------------------------------------------ streaming */

static void bb_method_packet(struct bb *b, const char *line)
{
	bb_hex(b, "00 00 01");
	bb_le(b, strlen(line), 2);
	bb_str(b, line);
}

static void bb_thread_packet(struct bb *b, unsigned tid, const char *name)
{
	bb_hex(b, "00 00 02");
	bb_le(b, tid, 2);
	bb_le(b, strlen(name), 2);
	bb_str(b, name);
}

static void bb_summary_packet(struct bb *b, const char *text)
{
	bb_hex(b, "00 00 03");
	bb_le(b, strlen(text), 4);
	bb_str(b, text);
}

static const char stream_summary[] =
	"*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n*threads\n"
	"1\tmain\n*methods\n*end\n";

/* docs/format.md, "Examples", ART V1 streaming 0xF3. */
static void build_stream_f3(struct bb *b, int summary)
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

static void test_stream_example(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_stream_f3(&b, 1);
	assert_int_equal(load_detect(b.p, b.n), LOAD_V1_STREAM);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v3 s1 n2 rs14 st123456789 ns0",
		"T 1 'main' @32",
		"M 0 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"R 1 0 0 10 @83", "R 1 0x1 3 12 @97",
		"O data-file-overflow=false", "O clock=dual", "O vm=art", "T 1 'main' @181",
		NULL};
	rec_expect(&r, want);
	rec_free(&r);

	/* Bytes after the summary: a warning with their count. */
	bb_str(&b, "xyz");
	s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_string_equal(r.ev[r.n - 1], "W TRAILING @202 x3");
	rec_free(&r);
	free(b.p);
}

static void test_stream_no_summary(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_stream_f3(&b, 0);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
	rec_free(&r);

	/* Cut in the last record, then in a packet header. */
	s = rec_sink(&r, 1, b.n - 3);
	assert_int_equal(load_scan(b.p, b.n - 3, &s, &err), TV_OK);
	assert_int_equal(r.records, 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	rec_free(&r);
	s = rec_sink(&r, 1, 45);
	assert_int_equal(load_scan(b.p, 45, &s, &err), TV_OK);
	assert_int_equal(r.threads, 1);
	assert_int_equal(r.warn[TV_W_TRUNCATED], 1);
	rec_free(&r);

	/* Only the header: nothing at all, no warning. */
	s = rec_sink(&r, 1, 32);
	assert_int_equal(load_scan(b.p, 32, &s, &err), TV_OK);
	const char *want[] = {"F v3 s1 n2 rs14 st123456789 ns0", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_stream_unknown_packet(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_stream_f3(&b, 0);
	bb_hex(&b, "00 00 09 01 02 03");
	bb_hex(&b, "01 00 00 00 00 00 00 00 00 00 0a 00 00 00");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_int_equal(r.records, 2);
	assert_int_equal(r.warn[TV_W_UNKNOWN_PACKET], 1);
	assert_string_equal(r.ev[r.n - 2], "W UNKNOWN_PACKET @111 x1");
	rec_free(&r);
	free(b.p);

	/* Before any record: an error. */
	b = (struct bb){0};
	bb_v1_header(&b, 0xF3, 14, 0);
	bb_thread_packet(&b, 1, "main");
	bb_hex(&b, "00 00 07 00 00");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_PACKET);
	assert_int_equal(err.offset, 43);
	free(b.p);
}

/* A single-clock streaming file: version 0xF2, header record size 10.
 * bug14: records written 14 bytes long with 4 bytes of junk (docs/format.md,
 * "Streaming files"). */
static void build_stream_f2(struct bb *b, int bug14, int nrec, const uint8_t junk[4])
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

static void test_stream_f2_strides(void **state)
{
	(void)state;
	static const uint8_t junks[][4] = {{0, 0, 0, 0}, {0xde, 0xad, 0xbe, 0xef},
	                                  {1, 0, 4, 0}, {0, 0, 1, 0}};
	for (int bug = 0; bug < 2; bug++) {
		for (size_t j = 0; j < sizeof junks / sizeof junks[0]; j++) {
			for (int nrec = 1; nrec <= 9; nrec += 4) {
				struct bb b = {0};
				struct rec r;
				struct tv_error err;
				build_stream_f2(&b, bug, nrec, junks[j]);
				struct sink s = rec_sink(&r, 1, b.n);
				assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
				if (r.records != (uint64_t)nrec || r.warn[TV_W_STRIDE14] != (uint64_t)bug) {
					rec_dump(&r);
					fail_msg("bug %d junk %zu nrec %d: %llu records", bug, j, nrec,
					         (unsigned long long)r.records);
				}
				char want[32];
				snprintf(want, sizeof want, "F v2 s1 n1 rs%d st5 ns0", bug ? 14 : 10);
				assert_string_equal(r.ev[bug ? 1 : 0], want);
				/* the last record: tid, word and time exact */
				int i = nrec - 1;
				char last[64];
				snprintf(last, sizeof last, "R %d %#x %d 0", 1 + i % 2,
				         (i / 2 % 3) * 4 + (i % 4 == 3), 100 + 10 * i);
				int found = 0;
				for (size_t k = 0; k < r.n; k++)
					found |= strncmp(r.ev[k], last, strlen(last)) == 0;
				if (!found && !strchr(last, 'x')) {
					/* %#x prints plain 0 */
					snprintf(last, sizeof last, "R %d 0 %d 0", 1 + i % 2, 100 + 10 * i);
					for (size_t k = 0; k < r.n; k++)
						found |= strncmp(r.ev[k], last, strlen(last)) == 0;
				}
				assert_true(found);
				assert_int_equal(r.warn[TV_W_NO_SUMMARY], 0);
				rec_free(&r);
				free(b.p);
			}
		}
	}
}

/* ------------------------------------------------------------ V2 */

static void bb_v2_header(struct bb *b, unsigned version, uint64_t start)
{
	bb_str(b, "SLOW");
	bb_le(b, version, 2);
	bb_le(b, start, 8);
	for (int i = 14; i < 32; i++)
		bb_u1(b, 0);
}

static void bb_v2_summary(struct bb *b, const char *text)
{
	bb_u1(b, 3);
	bb_le(b, strlen(text), 2);
	bb_str(b, text);
}

static const char v2_method_line[] = "com.example.Foo\tbar\t()V\tFoo.java\n";

/* docs/format.md, "Examples", revision (c)/(d) streaming dual. */
static void build_v2c(struct bb *b, const char *summary)
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

static void test_v2_rev_c(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	build_v2c(&b, "*version\n5\nclock=dual\nelapsed-time-usec=2000\n*end\n");
	assert_int_equal(load_detect(b.p, b.n), LOAD_V2);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v5 s1 n2 rs0 st5000000000 ns0",
		"T 12345 'main' @32",
		"M 0x7a1b2c3d40 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"R 12345 0x7a1b2c3d40 0 1000 @99",
		"R 12345 0x7a1b2c3d41 700 1800 @108",
		"O clock=dual", "O elapsed-time-usec=2000", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);

	/* No summary: µs kept (start time too small for ns), warned. */
	b = (struct bb){0};
	build_v2c(&b, NULL);
	s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_string_equal(r.ev[0], "F v5 s1 n2 rs0 st5000000000 ns0");
	assert_string_equal(r.ev[4], "R 12345 0x7a1b2c3d41 700 1800 @108");
	assert_int_equal(r.warn[TV_W_NO_SUMMARY], 1);
	rec_free(&r);
	free(b.p);
}

static void test_v2_rev_d_ns(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 4, 7000000000000ull);  /* single clock, non-streaming */
	bb_hex(&b, "00 05 00 00 00 02 00 6d 30");
	bb_hex(&b, "01 00 10 00 00 00 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	struct bb pay = {0};
	bb_sleb(&pay, 0x1000);   bb_uleb(&pay, 1500000);        /* enter at 1.5 ms */
	bb_sleb(&pay, 1);        bb_uleb(&pay, 2500999);        /* exit at 4.000999 ms */
	bb_u1(&b, 2);
	bb_le(&b, 5, 4);
	bb_le(&b, 2, 3);
	bb_le(&b, pay.n, 4);
	bb_put(&b, pay.p, pay.n);
	bb_v2_summary(&b, "*version\n4\nclock=wall\nelapsed-time-nsec=5000000\n"
	                  "num-method-calls=2\n*end\n");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v4 s0 n1 rs0 st7000000000000 ns1",
		"T 5 'm0' @32",
		"M 0x1000 'com.example.Foo' 'bar' '()V' 'Foo.java' - @41",
		"R 5 0x1000 1500 0 @97", "R 5 0x1001 4000 0 @102",
		"O clock=wall", "O elapsed-time-nsec=5000000", "O num-method-calls=2", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(pay.p);
	free(b.p);
}

/* docs/format.md, "Examples", revision (b) entry block (Android 15 release). */
static void test_v2_rev_b(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF5, 1000);
	bb_hex(&b, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(&b, "01 40 3d 2c 1b 7a 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	bb_hex(&b, "02 | 39 30 00 00 | 40 3d 2c 1b 7a 00 00 00 | 00 00 00 00 | 64 00 00 00 |"
	           "03 00 | 09 00 | 20 1e 0a  01 1e 0f  60 28 0f");
	bb_v2_summary(&b, "*version\n5\nclock=dual\n*end\n");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v5 s1 n2 rs0 st1000 ns0",
		"T 12345 'main' @32",
		"M 0x7a1b2c3d40 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"R 12345 0x7a1b2c3d40 0 100 @87",
		"R 12345 0x7a1b2c3d60 10 130 @112",
		"R 12345 0x7a1b2c3d61 25 160 @115",
		"R 12345 0x7a1b2c3d41 40 200 @118",
		"O clock=dual", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

/* docs/format.md, "Examples", revision (a) (Feb 2024): u4 indices, deltas from
 * the first. */
static void test_v2_rev_a(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF5, 1000);
	bb_hex(&b, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(&b, "01 00 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	bb_hex(&b, "01 01 00 00 00 21 00");
	bb_str(&b, "com.example.Foo\tbaz\t()V\tFoo.java\n");
	bb_hex(&b, "02 | 39 30 00 00 | 00 00 00 00 | 00 00 00 00 | 64 00 00 00 | 03 00 | 09 00 |"
	           "04 1e 0a  05 1e 0f  01 28 0f");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	const char *want[] = {
		"F v5 s1 n2 rs0 st1000 ns0",
		"T 12345 'main' @32",
		"M 0 'com.example.Foo' 'bar' '()V' 'Foo.java' - @43",
		"M 0x4 'com.example.Foo' 'baz' '()V' 'Foo.java' - @83",
		"R 12345 0 0 100 @123",
		"R 12345 0x4 10 130 @144",
		"R 12345 0x5 25 160 @147",
		"R 12345 0x1 40 200 @150",
		"W NO_SUMMARY @153 x1", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
}

static void test_v2_nonstreaming_ab_rejected(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	/* (a): summary text, then the V2 header and blocks */
	bb_str(&b, "*version\n5\nclock=dual\n*end\n");
	bb_v2_header(&b, 5, 0);
	bb_hex(&b, "02 39 30 00 00 00 00 00 00 00 00 00 00 64 00 00 00 00 00 00 00");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_V2_REVISION);
	assert_int_equal(err.offset, 27);
	free(b.p);

	/* (b): method-info packets, then the summary text */
	b = (struct bb){0};
	bb_hex(&b, "01 40 3d 2c 1b 7a 00 00 00 21 00");
	bb_str(&b, v2_method_line);
	bb_str(&b, "*version\n5\nclock=dual\n*end\n");
	bb_v2_header(&b, 5, 0);
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_V2_REVISION);
	free(b.p);
}

static void test_v2_desync_and_split(void **state)
{
	(void)state;
	struct bb b = {0}, p1 = {0}, p2 = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF4, 0);
	/* block with n = 3 but two events: skipped */
	bb_sleb(&p1, 0x40); bb_uleb(&p1, 10);
	bb_sleb(&p1, 1);    bb_uleb(&p1, 5);
	bb_u1(&b, 2); bb_le(&b, 9, 4); bb_le(&b, 3, 3); bb_le(&b, p1.n, 4);
	bb_put(&b, p1.p, p1.n);
	size_t bad_at = 32;
	/* a flush split in two blocks: n = 2, then n = 3 (cumulative), deltas
	 * continuing from the first block */
	bb_u1(&b, 2); bb_le(&b, 9, 4); bb_le(&b, 2, 3); bb_le(&b, p1.n, 4);
	bb_put(&b, p1.p, p1.n);
	bb_sleb(&p2, -1); bb_uleb(&p2, 7);   /* enter 0x40 again at 22 */
	bb_u1(&b, 2); bb_le(&b, 9, 4); bb_le(&b, 3, 3); bb_le(&b, p2.n, 4);
	bb_put(&b, p2.p, p2.n);
	bb_v2_summary(&b, "*version\n4\nclock=thread-cpu\n*end\n");
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	char w[64];
	snprintf(w, sizeof w, "W V2_DESYNC @%zu x1", bad_at);
	const char *want[] = {
		"F v4 s1 n1 rs0 st0 ns0", w,
		"R 9 0x40 10 0 @61", "R 9 0x41 15 0 @64", "R 9 0x40 22 0 @78",
		"O clock=thread-cpu", NULL};
	rec_expect(&r, want);
	rec_free(&r);
	free(b.p);
	free(p1.p);
	free(p2.p);

	/* Every block undecodable: the revision is unknown, not a wrong profile. */
	b = (struct bb){0};
	bb_v2_header(&b, 0xF5, 0);
	bb_hex(&b, "02 01 00 00 00 01 00 00 03 00 00 00 ff ff ff");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_V2_REVISION);
	free(b.p);
}

/* docs/format.md, "Block revisions" (Perfetto's revision): frequency at offset
 * 22. */
static void test_v2_perfetto_revision(void **state)
{
	(void)state;
	struct bb b = {0}, pay = {0};
	struct rec r;
	struct tv_error err;

	bb_str(&b, "SLOW");
	bb_le(&b, 0xF5, 2);
	bb_le(&b, 9000, 8);     /* start ns */
	bb_le(&b, 0, 8);        /* start counter */
	bb_le(&b, 1000000, 8);  /* 1 MHz: a tick is a µs */
	bb_le(&b, 0, 2);
	bb_hex(&b, "01 00 10 00 00 00 00 00 00");
	const char *line = "com.ex.P\tp\t()V\tP.java\t12\n";
	bb_le(&b, strlen(line), 2);
	bb_str(&b, line);
	bb_sleb(&pay, 10 << 2);  bb_sleb(&pay, 5000); bb_sleb(&pay, 0x1000);  /* enter @10 */
	bb_sleb(&pay, 1 << 2);   bb_sleb(&pay, 500);  bb_sleb(&pay, 0x10);    /* enter @11 */
	bb_sleb(&pay, (4 << 2) + 1); bb_sleb(&pay, 2500);                    /* exit @15 */
	bb_sleb(&pay, (10 << 2));   bb_sleb(&pay, 1000);                     /* exit @25 */
	bb_sleb(&pay, 0);           bb_sleb(&pay, 0);                        /* orphan exit */
	bb_u1(&b, 2); bb_le(&b, 77, 4); bb_le(&b, 5, 3); bb_le(&b, pay.n, 4);
	bb_put(&b, pay.p, pay.n);
	struct sink s = rec_sink(&r, 1, b.n);
	assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
	assert_string_equal(r.ev[0], "F v5 s1 n2 rs0 st9000 ns1");
	assert_string_equal(r.ev[1], "M 0x1000 'com.ex.P' 'p' '()V' 'P.java' 12 @32");
	assert_string_equal(r.ev[2], "R 77 0x1000 5 10 @80");
	assert_string_equal(r.ev[3], "R 77 0x1010 5 11 @85");
	assert_string_equal(r.ev[4], "R 77 0x1011 8 15 @89");
	assert_string_equal(r.ev[5], "R 77 0x1001 9 25 @92");
	assert_int_equal(r.records, 4);
	rec_free(&r);
	free(pay.p);
	free(b.p);
}

static void test_v2_errors(void **state)
{
	(void)state;
	struct bb b = {0};
	struct rec r;
	struct tv_error err;

	bb_v2_header(&b, 0xF5, 0);
	assert_int_equal(scan_buf(b.p, 20, &r, &err), TV_ERR_NO_RECORDS);
	assert_int_equal(scan_buf(b.p, 32, &r, &err), TV_OK);
	bb_hex(&b, "09 00 00");
	assert_int_equal(scan_buf(b.p, b.n, &r, &err), TV_ERR_PACKET);
	assert_int_equal(err.offset, 32);
	free(b.p);
}

/* ------------------------------------------------------------ real traces */

/* The whole file, malloc'd; NULL when unreadable. */
static uint8_t *slurp(const char *path, size_t *len)
{
	uint8_t *p;
	return tu_read_file(path, &p, len) == 0 ? p : NULL;
}

static void test_real_traces(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	size_t seen, nv;

	if (!dir)
		skip();
	char **v = tu_list_traces(dir, &nv);
	for (seen = 0; seen < nv; seen++) {
		const char *path = v[seen], *name = strrchr(path, '/') + 1;
		size_t len;
		uint8_t *p = slurp(path, &len);
		struct rec r;
		struct tv_error err;
		assert_non_null(p);
		struct sink s = rec_sink(&r, 0, len);
		enum tv_status st = load_scan(p, len, &s, &err);
		if (st != TV_OK)
			fail_msg("%s: status %d at %llu", name, st, (unsigned long long)err.offset);
		assert_true(r.has_num_calls);
		if (r.records != r.num_calls)
			fail_msg("%s: %llu records, num-method-calls %llu", name,
			         (unsigned long long)r.records, (unsigned long long)r.num_calls);
		for (int k = 0; k < TV_WARN_COUNT; k++)
			if (r.warn[k] && k != TV_W_KEY_LINE)
				fail_msg("%s: warning %s", name, warn_name((enum tv_warn)k));
		assert_false(r.bad_offset);
		assert_int_equal(r.formats, 1);
		free(p);
	}
	tu_free_list(v, nv);
	assert_true(seen >= 17);
}

static const struct { const char *name; uint64_t records, threads; } streaming_files[] = {
	{"art-v3-dual-streaming-firefoxprofiler-art-trace-streaming.trace", 39377, 0},
	{"art-v3-dual-streaming-perflib-streaming.trace", 44339, 0},
	{"art-v3-dual-streaming-profilertester-cpu-art-new.trace", 7700, 0},
};

static uint8_t *slurp_streaming(size_t i, size_t *len)
{
	const char *dir = tu_real_dir();
	char path[4096];

	if (!dir)
		return NULL;
	snprintf(path, sizeof path, "%s/streaming/%s", dir, streaming_files[i].name);
	return slurp(path, len);
}

static void test_real_streaming(void **state)
{
	(void)state;
	if (!tu_real_dir())
		skip();
	for (size_t i = 0; i < sizeof streaming_files / sizeof streaming_files[0]; i++) {
		size_t len;
		uint8_t *p = slurp_streaming(i, &len);
		struct rec r;
		struct tv_error err;
		assert_non_null(p);
		struct sink s = rec_sink(&r, 0, len);
		assert_int_equal(load_scan(p, len, &s, &err), TV_OK);
		if (r.records != streaming_files[i].records)
			fail_msg("%s: %llu records", streaming_files[i].name,
			         (unsigned long long)r.records);
		assert_int_equal(r.warn[TV_W_NO_SUMMARY], 0);
		assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
		assert_int_equal(r.warn[TV_W_STRIDE14], 0);
		assert_false(r.bad_offset);
		assert_true(r.options > 0);
		free(p);
	}
}

/* The perflib 0xF3 file rewritten as the two 0xF2 kinds: header 0xF2/10
 * with 14-byte records (the writer bug), and true 10-byte records. */
static void test_real_streaming_as_f2(void **state)
{
	(void)state;
	size_t len;
	uint8_t *p = slurp_streaming(1, &len);

	if (!p)
		skip();
	for (int bug = 1; bug >= 0; bug--) {
		struct bb b = {0};
		struct rec r;
		struct tv_error err;
		size_t pos = 32;
		bb_put(&b, p, 32);
		b.p[4] = 0xF2;
		b.p[16] = 10;
		while (pos < len) {
			if (p[pos] | p[pos + 1]) {
				bb_put(&b, p + pos, bug ? 14 : 10);
				pos += 14;
				continue;
			}
			size_t n = p[pos + 2] == 1 ? 5 + (size_t)(p[pos + 3] | p[pos + 4] << 8)
			         : p[pos + 2] == 2 ? 7 + (size_t)(p[pos + 5] | p[pos + 6] << 8)
			                           : len - pos;
			bb_put(&b, p + pos, n);
			pos += n;
		}
		struct sink s = rec_sink(&r, 0, b.n);
		assert_int_equal(load_scan(b.p, b.n, &s, &err), TV_OK);
		assert_int_equal(r.records, 44339);
		assert_int_equal(r.warn[TV_W_STRIDE14], bug);
		assert_int_equal(r.warn[TV_W_TRUNCATED], 0);
		free(b.p);
	}
	free(p);
}

/* A .key/.data pair on disk, loaded by either name, and load_file errors. */
static void test_load_file_pair(void **state)
{
	(void)state;
	char dir[] = "/tmp/tvreadersXXXXXX", path[256], errfile[256];
	struct bb b = {0};
	struct trace tr;
	struct tv_error err;
	FILE *f;
	size_t k = strlen(art_key);

	assert_non_null(mkdtemp(dir));
	build_art_v3(&b);
	snprintf(path, sizeof path, "%s/t.key", dir);
	f = fopen(path, "wb");
	fwrite(b.p, 1, k, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/t.data", dir);
	f = fopen(path, "wb");
	fwrite(b.p + k, 1, b.n - k, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/whole.trace", dir);
	f = fopen(path, "wb");
	fwrite(b.p, 1, b.n, f);
	fclose(f);
	snprintf(path, sizeof path, "%s/empty.trace", dir);
	fclose(fopen(path, "wb"));

	static const char *const ok[] = {"t", "t.key", "t.data", "whole.trace"};
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, ok[i]);
		trace_init(&tr);
		if (load_file(&tr, path, &err, errfile, sizeof errfile) != TV_OK)
			fail_msg("%s: %d", ok[i], err.code);
		trace_free(&tr);
	}
	snprintf(path, sizeof path, "%s/empty.trace", dir);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_ERR_EMPTY);
	assert_string_equal(errfile, path);
	trace_free(&tr);
	snprintf(path, sizeof path, "%s/missing.trace", dir);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_ERR_IO);
	assert_non_null(strstr(err.detail, "No such file"));
	trace_free(&tr);
	trace_init(&tr);
	assert_int_equal(load_file(&tr, dir, &err, errfile, sizeof errfile), TV_ERR_IO);
	trace_free(&tr);

	/* A data file cut inside its header: the error is in the .data. */
	snprintf(path, sizeof path, "%s/t.data", dir);
	f = fopen(path, "wb");
	fwrite(b.p + k, 1, 3, f);
	fclose(f);
	trace_init(&tr);
	snprintf(path, sizeof path, "%s/t", dir);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_ERR_NO_DATA);
	snprintf(path, sizeof path, "%s/t.data", dir);
	assert_string_equal(errfile, path);
	trace_free(&tr);

	static const char *const names[] = {"t.key", "t.data", "whole.trace", "empty.trace"};
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
	free(b.p);
}

/* ------------------------------------------------------------ damage */

/* Scan and check the result is sane: OK, or an error with an offset within
 * the input; every event offset within the input. */
static void scan_sane(const uint8_t *p, size_t n)
{
	struct rec r;
	struct sink s = rec_sink(&r, 0, n);
	struct tv_error err;
	uint8_t *copy = malloc(n ? n : 1);

	/* An exact-size heap copy, so ASan sees any read past the end. */
	assert_non_null(copy);
	memcpy(copy, p, n);
	err.code = TV_OK;
	enum tv_status st = load_scan(copy, n, &s, &err);
	assert_true((unsigned)st < TV_STATUS_COUNT);
	if (st != TV_OK) {
		assert_int_equal(err.code, st);
		if (err.offset != TV_NO_OFFSET && err.offset > n)
			fail_msg("status %d offset %llu > %zu", st, (unsigned long long)err.offset, n);
	}
	assert_false(r.bad_offset);
	free(copy);
}

static void every_prefix(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i <= n; i++)
		scan_sane(p, i);
}

static void test_damage_prefixes(void **state)
{
	(void)state;
	struct bb bufs[8] = {{0}};
	const char *dir = tu_real_dir();

	build_art_v3(&bufs[0]);
	build_stream_f3(&bufs[1], 1);
	build_v2c(&bufs[2], "*version\n5\nclock=dual\n*end\n");
	static const uint8_t junk[4] = {0xde, 0xad, 0xbe, 0xef};
	build_stream_f2(&bufs[3], 1, 5, junk);
	bb_str(&bufs[4], "*version\r\n1\r\n*threads\r\n1\tm\r\n*methods\r\n0x4\tA\r\n*end\r\n");
	bb_v1_header(&bufs[4], 1, 0, 0);
	bb_hex(&bufs[4], "01 04 00 00 00 07 00 00 00 01 05 00 00 00 08 00 00 00");
	for (int i = 0; i < 5; i++)
		every_prefix(bufs[i].p, bufs[i].n);
	for (int i = 0; i < 5; i++)
		free(bufs[i].p);
	if (!dir)
		return;
	char path[4096];
	size_t len;
	snprintf(path, sizeof path, "%s/dalvik-v3-dual-perflib-basic.trace", dir);
	uint8_t *p = slurp(path, &len);
	assert_non_null(p);
	every_prefix(p, len);
	free(p);
}

static void flip_bytes(const uint8_t *p, size_t n, unsigned *seed, int rounds)
{
	uint8_t *q = malloc(n);

	assert_non_null(q);
	for (int k = 0; k < rounds; k++) {
		memcpy(q, p, n);
		int flips = 1 + (int)(rand_r(seed) % 4);
		for (int j = 0; j < flips; j++) {
			size_t at = (size_t)rand_r(seed) % n;
			q[at] = (uint8_t)rand_r(seed);
		}
		scan_sane(q, n);
	}
	free(q);
}

static void test_damage_flips(void **state)
{
	(void)state;
	unsigned seed = 12345;
	struct bb bufs[4] = {{0}};

	build_art_v3(&bufs[0]);
	build_stream_f3(&bufs[1], 1);
	build_v2c(&bufs[2], "*version\n5\nclock=dual\n*end\n");
	static const uint8_t junk[4] = {0, 0, 0, 0};
	build_stream_f2(&bufs[3], 1, 7, junk);
	for (int i = 0; i < 4; i++) {
		flip_bytes(bufs[i].p, bufs[i].n, &seed, 3000);
		free(bufs[i].p);
	}
	/* V2 blocks of every layout under damage */
	struct bb ab = {0};
	bb_v2_header(&ab, 0xF5, 1000);
	bb_hex(&ab, "00 39 30 00 00 04 00 6d 61 69 6e");
	bb_hex(&ab, "01 00 00 00 00 21 00");
	bb_str(&ab, v2_method_line);
	bb_hex(&ab, "02 | 39 30 00 00 | 00 00 00 00 | 00 00 00 00 | 64 00 00 00 | 03 00 | 09 00 |"
	            "04 1e 0a  05 1e 0f  01 28 0f");
	flip_bytes(ab.p, ab.n, &seed, 3000);
	every_prefix(ab.p, ab.n);
	free(ab.p);

	const char *dir = tu_real_dir();
	if (!dir)
		return;
	static const char *const names[] = {
		"dalvik-v3-dual-perflib-basic.trace", "dalvik-v1-threadcpu-perflib-basic-api10.trace",
		"art-v3-dual-forever001-launcher-app.trace",
		"damaged/art-v3-dual-nonameproduct-game-mytrace-HEAD-utf8-mangled.trace",
		"damaged/dalvik-v3-dual-perflib-basic-special_char-utf8-mangled.trace"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[4096];
		size_t len;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		uint8_t *p = slurp(path, &len);
		assert_non_null(p);
		scan_sane(p, len);
		flip_bytes(p, len, &seed, i < 3 ? 300 : 20);
		free(p);
	}
	/* the streaming file, damaged near its start */
	size_t len;
	uint8_t *p = slurp_streaming(2, &len);
	assert_non_null(p);
	flip_bytes(p, len < 4096 ? len : 4096, &seed, 300);
	free(p);
}

static void test_damage_nontrace(void **state)
{
	(void)state;
	static const char *const texts[] = {
		"", "*", "*version", "*version\n", "*version\r", "SLOW", "SLO", "\x00\x00\x00\x00",
		"TMOL\x01\x00", "\x01\x02\x03", "*version\n3\n*end\n", "*version\n3\n*end\nSLOW\x03",
		"#!/bin/sh\necho hi\n"};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		scan_sane((const uint8_t *)texts[i], strlen(texts[i]) + (i == 7 ? 4 : 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_basic),
		cmocka_unit_test(test_key_crlf),
		cmocka_unit_test(test_key_id_formats),
		cmocka_unit_test(test_key_field_shapes),
		cmocka_unit_test(test_key_method_line_eol),
		cmocka_unit_test(test_key_bad_lines),
		cmocka_unit_test(test_key_errors),
		cmocka_unit_test(test_key_sink_stop),
		cmocka_unit_test(test_v1_art_example),
		cmocka_unit_test(test_v1_dalvik_example),
		cmocka_unit_test(test_v1_v2_records_and_offset16),
		cmocka_unit_test(test_v1_version_mismatch),
		cmocka_unit_test(test_v1_record_size_extra),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_v1_absurd_headers),
		cmocka_unit_test(test_stream_example),
		cmocka_unit_test(test_stream_no_summary),
		cmocka_unit_test(test_stream_unknown_packet),
		cmocka_unit_test(test_stream_f2_strides),
		cmocka_unit_test(test_v2_rev_c),
		cmocka_unit_test(test_v2_rev_d_ns),
		cmocka_unit_test(test_v2_rev_b),
		cmocka_unit_test(test_v2_rev_a),
		cmocka_unit_test(test_v2_nonstreaming_ab_rejected),
		cmocka_unit_test(test_v2_desync_and_split),
		cmocka_unit_test(test_v2_perfetto_revision),
		cmocka_unit_test(test_v2_errors),
		cmocka_unit_test(test_real_traces),
		cmocka_unit_test(test_real_streaming),
		cmocka_unit_test(test_real_streaming_as_f2),
		cmocka_unit_test(test_load_file_pair),
		cmocka_unit_test(test_damage_prefixes),
		cmocka_unit_test(test_damage_flips),
		cmocka_unit_test(test_damage_nontrace),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
