/* test_mapping.c: src/model/mapping.h, R8/ProGuard mapping files.
 *
 * A hand-written mapping with every line shape (line numbers in the
 * comments are 1-based, as mapping_warnings() reports them), traces made
 * with tracegen whose names are obfuscated by hand, and a robustness loop
 * over prefixes and byte flips of the mapping text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyze/profile.h"
#include "model/mapping.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"

/* One entry per line; SHAPES_LINE(n) is entry n - 1. Odd lines end in
 * CR LF, even lines in LF, to cover both. */
static const char *const shapes[] = {
	"# compiler: R8",                                          /* 1 */
	"# compiler_version: 8.5.35",                              /* 2 */
	"# pg_map_id: 5b6f2a1",                                    /* 3 */
	"# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}", /* 4 */
	"    int orphan -> z",                                     /* 5 warn: before any class */
	"",                                                        /* 6 */
	"com.example.Foo -> a.a.a:",                               /* 7 class */
	"# {\"id\":\"sourceFile\",\"fileName\":\"Foo.kt\"}",       /* 8 */
	"    int count -> a",                                      /* 9 field */
	"    java.lang.String name -> b",                          /* 10 field */
	"    1:3:void run():10:12 -> a",                           /* 11 */
	"    4:4:int com.example.Util.twice(int):40:40 -> b",      /* 12 inner frame */
	"    4:4:int compute(int,com.example.Bar):20 -> b",        /* 13 its outer frame */
	"    5:6:int compute(int,com.example.Bar):21:22 -> b",     /* 14 same method again */
	"    int compute(long) -> b",                              /* 15 overload */
	"    void helper(com.example.Bar[],java.lang.String) -> c", /* 16 */
	"    7:7:void com.example.Moved.moved():5:5 -> d",         /* 17 moved method */
	"    void stripped(int,java.lang.String) -> e",            /* 18 */
	"    # {\"id\":\"com.android.tools.r8.residualsignature\",\"signature\":\"(I)V\"}", /* 19 */
	"    void broken( -> x",                                   /* 20 warn */
	"    1:x:void bad() -> y",                                 /* 21 warn */
	"    void nothing() ->",                                   /* 22 warn */
	"  \t",                                                    /* 23 blank */
	"com.example.Bar -> a.a.b:",                               /* 24 class */
	"    void <init>() -> <init>",                             /* 25 */
	"    boolean equals(java.lang.Object) -> equals",          /* 26 */
	"this is not a mapping line",                              /* 27 warn */
	"    void skipped() -> s",                                 /* 28 under a bad class: quiet */
	"com.example.Moved -> a.a.c:",                             /* 29 class */
	"# {'id':'sourceFile','fileName':'Moved.java'}",           /* 30 single quotes */
	"   bad line without arrow",                               /* 31 warn */
	"    int field -> a trailing",                             /* 32 warn */
	"com.example.Keep -> com.example.Keep:  # kept",           /* 33 class */
	"    void kept() -> kept",                                 /* 34 */
	"com.example.Util -> a.a.d:",                              /* 35 class */
	"# {\"id\":\"sourceFile\",\"fileName\":\"Util.java\"}",    /* 36 */
	"    int twice(int):40 -> a",                              /* 37 */
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

/* The shapes text, malloc'd. */
static char *shapes_text(size_t *len)
{
	size_t cap = 1, n = 0;
	for (size_t i = 0; i < NSHAPES; i++)
		cap += strlen(shapes[i]) + 2;
	char *s = malloc(cap);
	assert_non_null(s);
	for (size_t i = 0; i < NSHAPES; i++) {
		n += (size_t)sprintf(s + n, "%s%s", shapes[i], i % 2 == 0 ? "\r\n" : "\n");
	}
	*len = n;
	return s;
}

static struct mapping *parse_str(const char *s, size_t len)
{
	struct mapping *m = NULL;
	struct tv_error err = {0};
	assert_int_equal(mapping_parse(s, len, &m, &err), TV_OK);
	assert_non_null(m);
	return m;
}

static struct mapping *parse_shapes(void)
{
	size_t len;
	char *s = shapes_text(&len);
	struct mapping *m = parse_str(s, len);
	free(s);   /* the mapping keeps its own copy */
	return m;
}

static void assert_class(const struct mapping *m, const char *obf, const char *want)
{
	size_t olen = 0;
	const char *o = mapping_class(m, obf, strlen(obf), &olen);
	if (!want) {
		assert_null(o);
		return;
	}
	assert_non_null(o);
	if (olen != strlen(want) || memcmp(o, want, olen) != 0)
		fail_msg("class %s: got %.*s, want %s", obf, (int)olen, o, want);
}

static void test_parse_shapes(void **state)
{
	(void)state;
	struct mapping *m = parse_shapes();
	size_t classes, fields, methods;
	mapping_stats(m, &classes, &fields, &methods);
	/* Class lines 7, 24, 29, 33, 35 (27 is malformed). */
	assert_int_equal(classes, 5);
	/* Fields 9, 10 (5 has no class, 28 is quiet, 32 malformed). */
	assert_int_equal(fields, 2);
	/* Methods 11-18, 25, 26, 34, 37. */
	assert_int_equal(methods, 12);

	const size_t *lines;
	size_t nlines;
	size_t want[] = {5, 20, 21, 22, 27, 31, 32};
	assert_int_equal(mapping_warnings(m, &lines, &nlines), 7);
	assert_int_equal(nlines, 7);
	for (size_t i = 0; i < 7; i++)
		assert_int_equal(lines[i], want[i]);

	assert_class(m, "a.a.a", "com.example.Foo");
	assert_class(m, "a/a/b", "com.example.Bar");
	assert_class(m, "a.a.c", "com.example.Moved");
	assert_class(m, "com.example.Keep", "com.example.Keep");
	assert_class(m, "a.a", NULL);
	assert_class(m, "a.a.a.", NULL);
	assert_class(m, "com.example.Foo", NULL);
	mapping_free(m);
}

static void test_parse_edges(void **state)
{
	(void)state;
	struct mapping *m = parse_str("", 0);
	size_t c, f, me;
	mapping_stats(m, &c, &f, &me);
	assert_int_equal(c + f + me, 0);
	assert_int_equal(mapping_warnings(m, NULL, NULL), 0);
	mapping_free(m);

	/* BOM, no final newline, a lone CR line, member under no class. */
	const char t[] = "\xef\xbb\xbf" "x.Y -> a:\r\n\r\n    void m() -> b";
	m = parse_str(t, sizeof t - 1);
	mapping_stats(m, &c, &f, &me);
	assert_int_equal(c, 1);
	assert_int_equal(me, 1);
	assert_int_equal(mapping_warnings(m, NULL, NULL), 0);
	assert_class(m, "a", "x.Y");
	mapping_free(m);

	/* More than 16 bad lines: all counted, the first 16 kept. */
	char many[64 * 8];
	size_t n = 0;
	for (int i = 0; i < 40; i++)
		n += (size_t)sprintf(many + n, "bad\n");
	m = parse_str(many, n);
	const size_t *lines;
	size_t nlines;
	assert_int_equal(mapping_warnings(m, &lines, &nlines), 40);
	assert_int_equal(nlines, 16);
	assert_int_equal(lines[15], 16);
	mapping_free(m);

	struct tv_error err = {0};
	assert_int_equal(mapping_load("/nonexistent/mapping.txt", &m, &err), TV_ERR_IO);
	assert_null(m);
}

static void test_load_file(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	assert_non_null(dir);
	char *path = tu_path(dir, "mapping.txt");
	size_t len;
	char *s = shapes_text(&len);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(s, 1, len, f), len);
	fclose(f);
	free(s);
	struct mapping *m = NULL;
	struct tv_error err = {0};
	assert_int_equal(mapping_load(path, &m, &err), TV_OK);
	assert_int_equal(mapping_warnings(m, NULL, NULL), 7);
	assert_class(m, "a.a.d", "com.example.Util");
	mapping_free(m);
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

/* ---------------------------------------------------------------- apply */

static void assert_str(const struct trace *tr, struct tv_str s, const char *want, const char *what)
{
	if (!tu_str_eq(tr, s, want)) {
		const char *p = trace_str(tr, s);
		fail_msg("%s: got '%.*s', want '%s'", what, p ? (int)s.len : 6, p ? p : "(none)",
		         want ? want : "(none)");
	}
}

static const struct tv_method *method(const struct trace *tr, uint64_t id)
{
	uint32_t i = trace_find_method(tr, id);
	assert_int_not_equal(i, IDMAP_NONE);
	return &tr->methods[i];
}

/* Signatures hold ';', a statement separator in tracegen scripts, so
 * methods are declared through the API and records name them by id. */
static void decl(struct tg *tg, uint64_t id, const char *cls, const char *name, const char *sig,
                 const char *src, int64_t line)
{
	tg_method(tg, id, cls, name, sig, src);
	tg_method_line(tg, id, line);
}

#define EXPECT(sym, wcls, wname, wsig, wsrc)                                 \
	do {                                                                 \
		const struct tv_method *me_ = method(&tr, sym);               \
		assert_str(&tr, me_->cls, wcls, #sym " class");              \
		assert_str(&tr, me_->name, wname, #sym " name");             \
		assert_str(&tr, me_->sig, wsig, #sym " sig");                \
		assert_str(&tr, me_->source, wsrc, #sym " source");          \
	} while (0)

static void test_apply_shapes(void **state)
{
	(void)state;
	enum { RUN = 4, CI = 8, CL = 12, HEL = 16, MOV = 20, STR = 24, NEW = 28, ODD = 32,
	       INI = 36, KEP = 40, OBJ = 44, TWI = 48 };
	struct tg *tg = tg_new();
	decl(tg, RUN, "a.a.a", "a", "()V", "SourceFile", 0);
	decl(tg, CI, "a.a.a", "b", "(ILa/a/b;)I", "SourceFile", 0);
	decl(tg, CL, "a.a.a", "b", "(J)I", "(null)", 0);
	decl(tg, HEL, "a.a.a", "c", "([La/a/b;Ljava/lang/String;)V", "Real.java", 0);
	decl(tg, MOV, "a.a.a", "d", "()V", "SourceFile", 0);
	decl(tg, STR, "a.a.a", "e", "(I)V", "SourceFile", 0);
	decl(tg, NEW, "a.a.a", "zz", "(La/a/c;)V", "SourceFile", 0);
	decl(tg, ODD, "a.a.a", "b", "(Z)I", "SourceFile", 0);
	decl(tg, INI, "a.a.b", "<init>", "()V", "SourceFile", 0);
	decl(tg, KEP, "com.example.Keep", "kept", "()V", "Keep.java", 0);
	decl(tg, OBJ, "java.lang.Object", "hashCode", "()I", "Object.java", 0);
	decl(tg, TWI, "a.a.d", "a", "(I)I", "SourceFile", 0);
	assert_int_equal(tg_script(tg, "thread 1 main\n1 > 4 0\n1 < 4 1\n"), 0);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
	struct mapping *m = parse_shapes();
	/* Every method but KEP (unchanged by an identity mapping) and OBJ. */
	assert_int_equal(mapping_apply(m, &tr), 10);

	EXPECT(RUN, "com.example.Foo", "run", "()V", "Foo.kt");
	/* Outermost frame of the 4:4 group, not the inlined Util.twice. */
	EXPECT(CI, "com.example.Foo", "compute", "(ILcom/example/Bar;)I", "Foo.kt");
	EXPECT(CL, "com.example.Foo", "compute", "(J)I", "Foo.kt");
	/* A real source name is kept. */
	EXPECT(HEL, "com.example.Foo", "helper", "([Lcom/example/Bar;Ljava/lang/String;)V",
	       "Real.java");
	/* A qualified outermost frame: the method came from another class. */
	EXPECT(MOV, "com.example.Moved", "moved", "()V", "Moved.java");
	/* Matched by its residual signature: the original types are shown. */
	EXPECT(STR, "com.example.Foo", "stripped", "(ILjava/lang/String;)V", "Foo.kt");
	/* Name not in the mapping: only the class and signature classes. */
	EXPECT(NEW, "com.example.Foo", "zz", "(Lcom/example/Moved;)V", "Foo.kt");
	/* No overload matches: the first candidate, the trace's signature. */
	EXPECT(ODD, "com.example.Foo", "compute", "(Z)I", "Foo.kt");
	EXPECT(INI, "com.example.Bar", "<init>", "()V", "SourceFile");
	EXPECT(KEP, "com.example.Keep", "kept", "()V", "Keep.java");
	EXPECT(OBJ, "java.lang.Object", "hashCode", "()I", "Object.java");
	EXPECT(TWI, "com.example.Util", "twice", "(I)I", "Util.java");

	/* A second application finds nothing obfuscated left. */
	assert_int_equal(mapping_apply(m, &tr), 0);
	mapping_free(m);
	trace_free(&tr);
	tg_free(tg);
}

/* ---------------------------------------------------------------- round trip */

static const char round_map[] =
	"# compiler: R8\n"
	"com.example.app.Player -> a.a.a:\n"
	"# {\"id\":\"sourceFile\",\"fileName\":\"Player.kt\"}\n"
	"    com.example.app.Track current -> a\n"
	"    1:4:void play(int,com.example.app.Track):30:33 -> a\n"
	"    5:5:void play(java.lang.String):40:40 -> a\n"
	"    6:9:com.example.app.Track next():50:53 -> b\n"
	"com.example.app.Track -> a.a.b:\n"
	"    1:1:void <init>(java.lang.String):10:10 -> <init>\n"
	"    2:3:long length(com.example.app.Track[]):12:13 -> a\n";

enum { PI = 4, PS = 8, NX = 12, LEN = 16, INIT = 20, UN = 24 };

/* Records shared by both traces: nested calls on two threads
 * (PI=4 PS=8 NX=12 LEN=16 INIT=20 UN=24). */
static const char round_records[] =
	"thread 1 main\nthread 2 worker\n"
	"1 > 4 0 0\n1 > 12 10 12\n1 > 16 12 15\n1 < 16 20 25\n1 < 12 30 40\n"
	"1 > 8 35 45\n1 > 20 36 46\n1 < 20 38 49\n1 < 8 50 70\n1 < 4 60 90\n"
	"2 > 8 0 0\n2 > 24 5 6\n2 < 24 7 9\n2 < 8 20 30\n2 > 4 25 35\n2 < 4 40 60\n";

static void round_trip(const char *pkg_a, const char *pkg_b, const char *orig_a,
                       const char *orig_b, const char *un_cls, const struct tg_opts *o)
{
	struct tg *tg = tg_new();
	decl(tg, PI, pkg_a, "a", "(ILa/a/b;)V", "SourceFile", 3);
	decl(tg, PS, pkg_a, "a", "(Ljava/lang/String;)V", "SourceFile", 5);
	decl(tg, NX, pkg_a, "b", "()La/a/b;", "SourceFile", 6);
	decl(tg, LEN, pkg_b, "a", "([La/a/b;)J", "SourceFile", 2);
	decl(tg, INIT, pkg_b, "<init>", "(Ljava/lang/String;)V", "SourceFile", 1);
	decl(tg, UN, un_cls, "run", "()V", "Helper.java", 7);
	assert_int_equal(tg_script(tg, round_records), 0);
	struct trace tr;
	assert_int_equal(tu_load_tg(&tr, tg, o), TV_OK);
	struct tv_error err = {0};
	struct profile before, after;
	assert_int_equal(profile_build(&before, &tr, NULL, &err), TV_OK);

	struct mapping *m = parse_str(round_map, sizeof round_map - 1);
	assert_int_equal(mapping_warnings(m, NULL, NULL), 0);
	assert_int_equal(mapping_apply(m, &tr), 5);

	EXPECT(PI, orig_a, "play", "(ILcom/example/app/Track;)V", "Player.kt");
	EXPECT(PS, orig_a, "play", "(Ljava/lang/String;)V", "Player.kt");
	EXPECT(NX, orig_a, "next", "()Lcom/example/app/Track;", "Player.kt");
	EXPECT(LEN, orig_b, "length", "([Lcom/example/app/Track;)J", "SourceFile");
	EXPECT(INIT, orig_b, "<init>", "(Ljava/lang/String;)V", "SourceFile");
	/* An unmapped method is untouched (its class is not in the mapping). */
	EXPECT(UN, un_cls, "run", "()V", "Helper.java");
	/* The two overloads of `a` stay distinct. */
	const struct tv_method *pi = method(&tr, PI), *ps = method(&tr, PS);
	assert_false(pi->sig.len == ps->sig.len &&
	             memcmp(trace_str(&tr, pi->sig), trace_str(&tr, ps->sig), pi->sig.len) == 0);
	/* The Dalvik line is kept. */
	assert_true(o == NULL || o->shape != TG_LINE_DALVIK6 || (pi->has_line && pi->line == 3));

	assert_int_equal(profile_build(&after, &tr, NULL, &err), TV_OK);
	assert_int_equal(before.norder, after.norder);
	for (uint32_t i = 0; i < tr.nmethods; i++) {
		const struct prof_method *b = &before.methods[i], *a = &after.methods[i];
		assert_int_equal(a->calls, b->calls);
		assert_int_equal(a->rcalls, b->rcalls);
		for (int c = 0; c < TV_NCLOCKS; c++) {
			assert_int_equal(a->incl[c], b->incl[c]);
			assert_int_equal(a->excl[c], b->excl[c]);
		}
	}
	/* Hand-checked: PI on thread 1 runs [0,60) cpu with children NX
	 * [10,30) and PS [35,50); on thread 2 [25,40); so incl 60 + 15. */
	const struct prof_method *pp = tu_method(&after, PI);
	assert_non_null(pp);
	assert_int_equal(pp->incl[TV_CPU], 75);
	assert_int_equal(pp->excl[TV_CPU], 60 - 20 - 15 + 15);
	profile_free(&before);
	profile_free(&after);
	mapping_free(m);
	trace_free(&tr);
	tg_free(tg);
}

static void test_round_trip_art(void **state)
{
	(void)state;
	round_trip("a.a.a", "a.a.b", "com.example.app.Player", "com.example.app.Track",
	           "com.example.app.Helper", NULL);
}

static void test_round_trip_dalvik(void **state)
{
	(void)state;
	struct tg_opts o = {0};
	o.shape = TG_LINE_DALVIK6;
	o.id_style = TG_ID_08X;
	round_trip("a/a/a", "a/a/b", "com/example/app/Player", "com/example/app/Track",
	           "com/example/app/Helper", &o);
}

/* ---------------------------------------------------------------- robustness */

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/* Parses buf (exactly len bytes, copied so ASan sees any overread) and
 * applies the result to tr. */
static void parse_apply(const char *buf, size_t len, struct trace *tr)
{
	char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, buf, len);
	struct mapping *m = NULL;
	struct tv_error err = {0};
	assert_int_equal(mapping_parse(copy, len, &m, &err), TV_OK);
	free(copy);
	const size_t *lines;
	size_t nlines;
	size_t nw = mapping_warnings(m, &lines, &nlines);
	assert_true(nlines <= nw && nlines <= 16);
	assert_true(mapping_apply(m, tr) >= 0);
	mapping_free(m);
}

static void test_robust(void **state)
{
	(void)state;
	struct tg *tg = tg_new();
	decl(tg, 4, "a.a.a", "b", "(ILa/a/b;)I", "SourceFile", 0);
	decl(tg, 8, "a/a/a", "a", "()V", "SourceFile", 0);
	decl(tg, 12, "a.a.b", "equals", "(Ljava/lang/Object;)Z", "SourceFile", 0);
	decl(tg, 16, "a.a.c", "d", "(La/a/a;[La/a/b;)La/a", "1", 0);
	decl(tg, 20, "a.a.d", "a", "", "", 0);
	assert_int_equal(tg_script(tg, "1 > 4 0\n1 < 4 1\n"), 0);
	size_t len;
	char *text = shapes_text(&len);
	char *all = malloc(len + sizeof round_map);
	memcpy(all, text, len);
	memcpy(all + len, round_map, sizeof round_map - 1);
	len += sizeof round_map - 1;
	free(text);

	for (size_t n = 0; n <= len; n++) {
		struct trace tr;
		assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
		parse_apply(all, n, &tr);
		trace_free(&tr);
	}
	uint32_t seed = 12345;
	static const char bytes[] = ":-> ()[].,#{}'\"\r\n\t0123456789aL;/\0\xff";
	for (int round = 0; round < 400; round++) {
		char *buf = malloc(len);
		memcpy(buf, all, len);
		int flips = 1 + (int)(lcg(&seed) % 8);
		for (int k = 0; k < flips; k++) {
			size_t at = lcg(&seed) % len;
			buf[at] = (lcg(&seed) & 1) ? bytes[lcg(&seed) % (sizeof bytes - 1)]
			                           : (char)(lcg(&seed) & 0xff);
		}
		struct trace tr;
		assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
		parse_apply(buf, len, &tr);
		trace_free(&tr);
		free(buf);
	}
	free(all);
	tg_free(tg);
}

/* Many classes, each with overloads: lookups stay hashed (this would take
 * long with linear scans) and every method is found. */
static void test_many_classes(void **state)
{
	(void)state;
	enum { N = 20000 };
	size_t cap = (size_t)N * 160, n = 0;
	char *text = malloc(cap);
	assert_non_null(text);
	for (int i = 0; i < N; i++)
		n += (size_t)snprintf(text + n, cap - n,
		                      "com.example.C%d -> o.c%d:\n"
		                      "    void f(int) -> a\n"
		                      "    void f(com.example.C%d) -> a\n",
		                      i, i, (i + 1) % N);
	struct mapping *m = parse_str(text, n);
	free(text);
	struct trace tr;
	trace_init(&tr);
	for (int i = 0; i < N; i += 97) {
		uint32_t k = trace_intern_method(&tr, (uint64_t)i * 4 + 4);
		assert_int_not_equal(k, IDMAP_NONE);
		char cls[32], sig[48];
		int cl = snprintf(cls, sizeof cls, "o.c%d", i);
		int sl = snprintf(sig, sizeof sig, "(Lo/c%d;)V", (i + 1) % N);
		struct tv_method *me = &tr.methods[k];
		assert_int_equal(strtab_add(&tr.strings, cls, (size_t)cl, &me->cls), 0);
		assert_int_equal(strtab_add(&tr.strings, "a", 1, &me->name), 0);
		assert_int_equal(strtab_add(&tr.strings, sig, (size_t)sl, &me->sig), 0);
		me->declared = 1;
	}
	assert_int_equal(mapping_apply(m, &tr), (N + 96) / 97);
	for (int i = 0; i < N; i += 97) {
		const struct tv_method *me = &tr.methods[trace_find_method(&tr, (uint64_t)i * 4 + 4)];
		char cls[32], sig[64];
		snprintf(cls, sizeof cls, "com.example.C%d", i);
		snprintf(sig, sizeof sig, "(Lcom/example/C%d;)V", (i + 1) % N);
		assert_str(&tr, me->cls, cls, "class");
		assert_str(&tr, me->name, "f", "name");
		assert_str(&tr, me->sig, sig, "sig");
	}
	trace_free(&tr);
	mapping_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_shapes),
		cmocka_unit_test(test_parse_edges),
		cmocka_unit_test(test_load_file),
		cmocka_unit_test(test_apply_shapes),
		cmocka_unit_test(test_round_trip_art),
		cmocka_unit_test(test_round_trip_dalvik),
		cmocka_unit_test(test_robust),
		cmocka_unit_test(test_many_classes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
