/* seeds.c: writes the generated part of the fuzz seed corpora.
 *
 * usage: seeds DIR   (DIR/NAME/gen-* for each harness NAME; DIR exists)
 *
 * Small traces of every family, version, clock and revision tracegen can
 * write, cut into the pieces each reader harness takes (a key text for
 * keyfile, a data part for v1, whole files for load/stream/v2), ART's
 * low-overhead dumps of every layout lodumpgen writes (lodump, load) and
 * ANR reports holding them (anr, load), plus mapping texts and strings
 * for the text harness. Run by `make fuzz-seeds`;
 * the output is committed, so it only needs re-running when tracegen or
 * the formats change.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lodumpgen.h"
#include "tracegen.h"

/* Threads, a nested call, recursion, an unknown method, an unroll, an
 * exit with no entry (a call running before tracing began), calls left
 * open at the end, and a thread with no records. */
static const char script[] =
	"thread 1 main\n"
	"thread 2 worker \xc3\xa9t\xc3\xa9\n"
	"thread 9 idle\n"
	"2 < Pre 1 2\n"
	"1 > Run 10 100\n"
	"1 > Loop 12 110\n"
	"1 > Loop 13 120\n"
	"1 < Loop 15 130\n"
	"1 < Loop 16 140\n"
	"2 > Work 20 150\n"
	"1 > 0x1000 30 160\n"
	"1 < 0x1000 31 170\n"
	"2 > Throw 32 180\n"
	"2 ! Throw 33 190\n"
	"2 < Work 40 200\n"
	"1 < Run 50 300\n"
	"1 > Open 60 310\n";

static const char *seed_dir;
static int seed_fail;

static void seed_put(const char *harness, const char *name, const void *buf, size_t len)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", seed_dir, harness);
	if (mkdir(path, 0777) != 0 && errno != EEXIST) {
		perror(path);
		seed_fail = 1;
		return;
	}
	snprintf(path, sizeof path, "%s/%s/gen-%s", seed_dir, harness, name);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
		perror(path);
		seed_fail = 1;
	}
}

static struct tg *seed_tg(void)
{
	struct tg *tg = tg_new();
	tg_method(tg, 0x40, "com.example.Sig", "call", "(Ljava/lang/String;[I)V", "Sig.java");
	tg_method_line(tg, 0x40, 42);
	if (tg_script(tg, script) != 0)
		abort();
	tg_enter(tg, 1, 0x40, 70, 320);
	tg_exit(tg, 1, 0x40, 71, 330);
	return tg;
}

/* A whole file to the load harness and to the family's own harness. */
static void seed_file(const struct tg *tg, const struct tg_opts *o, const char *own,
                      const char *name)
{
	uint8_t *buf;
	size_t len;
	if (tg_write(tg, o, &buf, &len) != 0) {
		fprintf(stderr, "seeds: tracegen refused %s\n", name);
		seed_fail = 1;
		return;
	}
	seed_put("load", name, buf, len);
	if (own)
		seed_put(own, name, buf, len);
	free(buf);
}

/* V1 as a pair: the key text to keyfile, the data part to v1. */
static void seed_pair(const struct tg *tg, const struct tg_opts *o, const char *name)
{
	uint8_t *key, *data;
	size_t keylen, datalen;
	if (tg_write_pair(tg, o, &key, &keylen, &data, &datalen) != 0) {
		fprintf(stderr, "seeds: tracegen refused %s\n", name);
		seed_fail = 1;
		return;
	}
	seed_put("keyfile", name, key, keylen);
	seed_put("v1", name, data, datalen);
	free(key);
	free(data);
}

static void seed_v1(const struct tg *tg)
{
	static const struct {
		const char *name;
		struct tg_opts o;
	} v[] = {
		{"v1-1", {.version = 1}},
		{"v1-2", {.version = 2, .clock = TG_CLOCK_WALL, .id_style = TG_ID_08X,
		          .shape = TG_LINE_DALVIK6}},
		{"v1-3-dual", {.version = 3}},
		{"v1-3-crlf-nil", {.version = 3, .crlf = 1, .id_style = TG_ID_NIL,
		                   .shape = TG_LINE_4, .vm = "dalvik"}},
		{"v1-3-global-short", {.version = 3, .clock = TG_CLOCK_GLOBAL, .data_offset = 16,
		                       .shape = TG_LINE_2, .id_style = TG_ID_P}},
		{"v1-3-pad-overflow", {.version = 3, .record_size = 20, .overflow = 1,
		                       .has_num_calls = 1, .num_calls = 99}},
		{"v1-3-cut", {.version = 3, .truncate = 1, .truncate_at = 200}},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		seed_file(tg, &v[i].o, NULL, v[i].name);
		seed_pair(tg, &v[i].o, v[i].name);
	}
}

static void seed_stream(const struct tg *tg)
{
	static const struct {
		const char *name;
		struct tg_opts o;
	} v[] = {
		{"stream-f3", {.family = TG_V1_STREAM}},
		{"stream-f3-nosummary", {.family = TG_V1_STREAM, .no_summary = 1}},
		{"stream-f3-summary-methods", {.family = TG_V1_STREAM, .summary_methods = 1,
		                               .summary_no_threads = 1}},
		{"stream-f2-stride14", {.family = TG_V1_STREAM, .version = 2, .stride14_bug = 1}},
		{"stream-f1", {.family = TG_V1_STREAM, .version = 1, .clock = TG_CLOCK_THREAD_CPU}},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		seed_file(tg, &v[i].o, "stream", v[i].name);
}

static void seed_v2(const struct tg *tg)
{
	static const struct {
		const char *name;
		struct tg_opts o;
	} v[] = {
		{"v2-5-c", {.family = TG_V2, .rev = TG_REV_C}},
		{"v2-5-d", {.family = TG_V2, .rev = TG_REV_D}},
		{"v2-5-b", {.family = TG_V2, .rev = TG_REV_B, .block_events = 3}},
		{"v2-5-a", {.family = TG_V2, .rev = TG_REV_A}},
		{"v2-4-c", {.family = TG_V2, .version = 4}},
		{"v2-f5-d", {.family = TG_V2, .streaming = 1, .rev = TG_REV_D, .block_events = 2}},
		{"v2-f4-c-nosummary", {.family = TG_V2, .version = 4, .streaming = 1,
		                       .no_summary = 1}},
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		seed_file(tg, &v[i].o, "v2", v[i].name);
}

/* ------------------------------------------------------------ lodump */

#define SEED_A UINT64_C(0x70001000)
#define SEED_B UINT64_C(0x70001040)
#define SEED_C UINT64_C(0x70001080)

/* Nesting, recursion, an exit with nothing open, calls open at the end;
 * times for long-running dumps (µs after 1000 s; scaled per unit). */
static const struct ldg_ev seed_events[] = {
	{LDG_ENTER, SEED_A, 0}, {LDG_ENTER, SEED_B, 0}, {LDG_ENTER, SEED_B, 400000},
	{LDG_EXIT, 0, 900000}, {LDG_EXIT, 0, 950000}, {LDG_PLACEHOLDER, 0, 0},
	{LDG_EXIT, 0, 1000000}, {LDG_EXIT, 0, 1100000}, {LDG_ENTER, SEED_C, 1200000},
	{LDG_ENTER, SEED_A, 1300000},
};
#define SEED_NEV (sizeof seed_events / sizeof seed_events[0])

/* A dump of two threads (the second's events in two blocks, the later
 * first, as a file dump writes them) with names; *len bytes. */
static uint8_t *seed_dump(enum ldg_layout l, enum ldg_mode m, enum ldg_unit u, size_t *len)
{
	struct ldg g;
	struct ldg_ev ev[SEED_NEV];
	size_t n = 0;
	for (size_t i = 0; i < SEED_NEV; i++) {
		if (m == LDG_ALL && seed_events[i].kind == LDG_PLACEHOLDER)
			continue;
		uint64_t us = 1000000000 + seed_events[i].t;
		ev[n] = seed_events[i];
		ev[n++].t = u == LDG_NS ? us * 1000 : u == LDG_TICKS && i > 1 ? us / 125 * 3072 : us;
	}
	ldg_init(&g, l, m, u);
	ldg_block(&g, 1234, ev, n);
	ldg_block(&g, 1240, ev + n / 2, n - n / 2);
	ldg_block(&g, 1240, ev, n / 2);
	if (u == LDG_TICKS || m == LDG_ALL) {   /* long-running: ticks period only */
		ldg_thread(&g, l == LDG_TMOL_DEC ? 1 : 1234, "main");
		ldg_thread(&g, l == LDG_TMOL_DEC ? 2 : 1240, "worker \xc3\xa9t\xc3\xa9");
	}
	ldg_method(&g, SEED_A, "com.example.A", "run", "()V", "A.java");
	ldg_method(&g, SEED_B, "com.example.B", "rec", "(I)V", NULL);
	ldg_method(&g, SEED_C, "com.example.C", "open", "()V", "C.java");
	return ldg_finish(&g, len);
}

/* A wrapped ring: 2500 events of A(B) and C. */
static uint8_t *seed_ring(enum ldg_layout l, size_t *len)
{
	static struct ldg_ev in[2500];
	struct ldg g;
	for (size_t i = 0; i < 2500; i++)
		in[i] = (struct ldg_ev){i % 5 == 2 || i % 5 == 4 ? LDG_EXIT : LDG_ENTER,
		                        i % 5 == 0 ? SEED_A : i % 5 == 1 ? SEED_B : SEED_C, 0};
	ldg_init(&g, l, LDG_ALL, LDG_US);
	ldg_ring(&g, 77, in, 2500, NULL);
	if (l != LDG_RING2024)
		ldg_method(&g, SEED_A, "com.example.A", "run", "()V", "A.java");
	return ldg_finish(&g, len);
}

static void seed_lodump_one(const char *name, uint8_t *buf, size_t len)
{
	seed_put("lodump", name, buf, len);
	seed_put("load", name, buf, len);
	free(buf);
}

/* An ANR report: one process with a base64 dump, one with an empty line
 * and a raw dump (LF bytes in it). */
static void seed_anr(void)
{
	size_t n1, n2;
	uint8_t *d1 = seed_dump(LDG_PACKETS, LDG_LONG, LDG_NS, &n1);
	uint8_t *d2 = seed_dump(LDG_PACKETS, LDG_LONG, LDG_US, &n2);
	char *b64 = ldg_base64(d1, n1);
	static const char head1[] = "\n----- pid 111 at 2025-07-01 10:00:00.1+0000 -----\n"
	                            "Cmd line: com.example.one\nDebug Store: 1\n"
	                            "LongRunningMethods: ";
	static const char head2[] = "\nDALVIK THREADS (1):\n----- end 111 -----\n\n"
	                            "----- pid 222 at 2025-07-01 10:00:01.1+0000 -----\n"
	                            "Cmd line: system_server\nLongRunningMethods: \n"
	                            "LongRunningMethods: ";
	static const char end[] = "\n----- end 222 -----\n";
	size_t len = strlen(head1) + strlen(b64) + strlen(head2) + n2 + strlen(end), at = 0;
	char *text = malloc(len);
	if (!text)
		abort();
	memcpy(text + at, head1, strlen(head1)), at += strlen(head1);
	memcpy(text + at, b64, strlen(b64)), at += strlen(b64);
	memcpy(text + at, head2, strlen(head2)), at += strlen(head2);
	memcpy(text + at, d2, n2), at += n2;
	memcpy(text + at, end, strlen(end));
	seed_put("anr", "traces", text, len);
	seed_put("load", "anr-traces", text, len);
	free(text);
	free(b64);
	free(d1);
	free(d2);
}

static void seed_lodump(void)
{
	static const struct {
		const char *name;
		enum ldg_layout l;
		enum ldg_mode m;
		enum ldg_unit u;
	} v[] = {
		{"lo-tmol-dec", LDG_TMOL_DEC, LDG_ALL, LDG_US},
		{"lo-tmol-hex", LDG_TMOL_HEX, LDG_ALL, LDG_US},
		{"lo-text8", LDG_TEXT8, LDG_ALL, LDG_US},
		{"lo-text12", LDG_TEXT12, LDG_ALL, LDG_US},
		{"lo-packets-all", LDG_PACKETS, LDG_ALL, LDG_US},
		{"lo-text12-long-ticks", LDG_TEXT12, LDG_LONG, LDG_TICKS},
		{"lo-packets-long-ticks", LDG_PACKETS, LDG_LONG, LDG_TICKS},
		{"lo-packets-long-us", LDG_PACKETS, LDG_LONG, LDG_US},
		{"lo-packets-long-ns", LDG_PACKETS, LDG_LONG, LDG_NS},
		{"lo-long8-flagless", LDG_LONG8, LDG_LONG, LDG_TICKS},
	};
	size_t len;
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		uint8_t *buf = seed_dump(v[i].l, v[i].m, v[i].u, &len);
		seed_lodump_one(v[i].name, buf, len);
	}
	uint8_t *ring = seed_ring(LDG_RING2024, &len);
	seed_lodump_one("lo-ring2024", ring, len);
	ring = seed_ring(LDG_PACKETS, &len);
	seed_lodump_one("lo-ring-packets", ring, len);
	seed_anr();
}

static void seed_mapping(void)
{
	static const char map1[] =
		"# compiler: R8\n"
		"# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}\n"
		"com.example.Foo -> a.a.a:\n"
		"# {\"id\":\"sourceFile\",\"fileName\":\"Foo.kt\"}\n"
		"    int count -> a\n"
		"    1:3:void run():10:12 -> a\n"
		"    4:4:int com.example.Util.twice(int):40:40 -> b\n"
		"    4:4:int compute(int,com.example.Bar):20 -> b\n"
		"    int compute(long) -> b\n"
		"    void stripped(int,java.lang.String) -> e\n"
		"    # {\"id\":\"com.android.tools.r8.residualsignature\",\"signature\":\"(I)V\"}\n"
		"com.example.Bar -> a.a.b:\n"
		"    com.example.Foo helper(com.example.Bar[],java.lang.String) -> c\n"
		"com.example.Baz -> a.a.c:\n"
		"    void <init>() -> <init>\n"
		"com.example.Short -> b:\n"
		"    com.example.Short a(com.example.Short,int[][]) -> a\n";
	static const char map2[] =
		"\xef\xbb\xbf"
		"com.example.Keep -> com.example.Keep:\r\n"
		"    void kept() -> kept\r\n"
		"    int orphan -> z\r\n"
		"this is not a mapping line\r\n"
		"    1:x:void bad() -> y\r\n"
		"a.b -> a.a.a:\r\n"
		"    7:7:void a.b.Moved.moved():5:5 -> a\r\n";
	seed_put("mapping", "map-r8", map1, sizeof map1 - 1);
	seed_put("mapping", "map-crlf-bom", map2, sizeof map2 - 1);
}

static void seed_text(void)
{
	static const struct {
		const char *name;
		const char *s;
		size_t len;
	} v[] = {
#define T(n, s) {n, s, sizeof s - 1}
		T("ascii", "\x30\x00\x0a\x10" "com.example.Foo" "run" "(I)V"),
		T("ascii-mode", "\x14\x21\x03\x05" "pkg.Cl\xc3\xa9ss" "m\xe2\x80\x8e" "()V"),
		T("controls", "\x0c\x40\x01\x01" "\x1b[31m\x07\x7f\xc2\x9b\\\"x,y\r\n"),
		T("wide", "\x09\x10\x06\x06" "\xe4\xb8\xad\xe6\x96\x87" "\xf0\x9f\x98\x80"
		          "\xe2\x80\xae" "e\xcc\x81"),
		T("invalid", "\x07\xff\x02\x03" "\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xe2\x82"),
#undef T
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		seed_put("text", v[i].name, v[i].s, v[i].len);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	seed_dir = argv[1];
	struct tg *tg = seed_tg();
	seed_v1(tg);
	seed_stream(tg);
	seed_v2(tg);
	tg_free(tg);
	seed_mapping();
	seed_text();
	seed_lodump();
	return seed_fail;
}
