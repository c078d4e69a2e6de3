/* gen_bench.c: writes a large, realistic V1 version-3 (dual clock) trace
 * for benchmarks, streaming straight to the file.
 *
 *   gen_bench [--jank] RECORDS OUT.trace [SEED [THREADS]]
 *
 * Exactly RECORDS records (rounded down to even): THREADS threads (default
 * 4; tids 1, 2, ...; the many-thread benchmark uses 2000), 5000 methods
 * with plausible Java names, a sparse call graph (each method has a few
 * likely callees, popularity skewed towards a few hot methods), stacks that
 * now and then dive a few hundred frames deep, wall and thread-CPU clocks
 * advancing with cpu <= wall, every call closed by the end. The output is
 * deterministic for a given RECORDS and SEED. Records are never held in
 * memory; only the call graph and the stacks are.
 *
 * --jank writes the same calls with frame-critical work on the main
 * thread (docs/numbers.md, "Jank"), for timing the jank list: every 64th
 * method (7, 71, ...; entry point 7 among them) takes the name of a
 * frame-critical method (Handler.dispatchMessage, Choreographer.doFrame,
 * View.measure, ...; each class and name with its own signatures, so no
 * two methods share all three), and one in GB_JANK_ODDS of the main
 * thread's calls of them runs long: the main thread's next record comes
 * 17-37 ms later, so the call (and every call open around it) is over a
 * 60 Hz frame. The pauses come from their own generator, so the call
 * structure is that of the trace without --jank; only names and times
 * differ. Without --jank the output is unchanged.
 *
 * Standalone on purpose (no engine, no cmocka): it is built only by
 * `make bench`. Exit status 0, or 1 with a message on stderr.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GB_THREADS 4
#define GB_METHODS 5000
#define GB_MAX_CALLEES 6
#define GB_MAX_DEPTH 400
#define GB_JANK_EVERY 64     /* --jank: methods 7, 71, 135, ... */
#define GB_JANK_FIRST 7
#define GB_JANK_ODDS 64      /* one long call in this many */

/* splitmix64: tiny, fast, good enough, and fixed forever. */
struct gb_rng {
	uint64_t s;
};

static uint64_t gb_next(struct gb_rng *r)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static uint32_t gb_below(struct gb_rng *r, uint32_t n)
{
	return (uint32_t)((gb_next(r) >> 32) * n >> 32);
}

/* Uniform in [0, 1). */
static double gb_unit(struct gb_rng *r)
{
	return (double)(gb_next(r) >> 11) / 9007199254740992.0;
}

/* A method index skewed to low indices (hot methods): u^3 power law. */
static uint32_t gb_popular(struct gb_rng *r)
{
	double u = gb_unit(r);
	return (uint32_t)(u * u * u * GB_METHODS);
}

static const char *const gb_pkgs[] = {
	"com.example.shop.ui", "com.example.shop.data", "com.example.shop.net",
	"androidx.recyclerview.widget", "androidx.fragment.app", "androidx.lifecycle",
	"android.view", "android.widget", "android.os", "java.util", "java.lang",
	"java.util.concurrent", "kotlinx.coroutines", "okhttp3.internal.http",
	"com.google.gson.internal.bind", "io.reactivex.internal.operators",
};
static const char *const gb_nouns[] = {
	"Cart", "Product", "Image", "Layout", "Recycler", "Fragment", "Request",
	"Response", "Cache", "Json", "Thread", "Message", "Handler", "Looper",
	"View", "Text", "Bitmap", "Dispatcher", "Observer", "Session", "Account",
	"Search", "Price", "Order", "Token", "Stream", "Buffer", "Task",
};
static const char *const gb_kinds[] = {
	"Adapter", "Manager", "Helper", "Factory", "Presenter", "Repository",
	"ViewModel", "Impl", "Callback", "Parser", "Loader", "Holder", "Service", "",
};
static const char *const gb_verbs[] = {
	"get", "set", "on", "load", "bind", "create", "update", "measure", "layout",
	"draw", "dispatch", "handle", "parse", "read", "write", "compute", "apply",
	"notify", "find", "post", "run", "invoke", "resolve", "validate",
};
static const char *const gb_sigs[] = {
	"()V", "(I)V", "()I", "()Z", "(Ljava/lang/String;)V", "(Landroid/view/View;)V",
	"(II)V", "()Ljava/lang/Object;", "(Ljava/lang/Object;)Z", "(JLjava/lang/String;)I",
};
#define GB_MAX_THREADS 65535

static const char *const gb_tnames[GB_THREADS] = {
	"main", "RenderThread", "OkHttp Dispatcher", "DefaultDispatcher-worker-1",
};

#define GB_N(a) (sizeof(a) / sizeof((a)[0]))

/* --jank: frame-critical classes and names, given in turn to methods
 * GB_JANK_FIRST + k * GB_JANK_EVERY (k = 0, 1, ...), with signature
 * gb_sigs[k / 8]: 78 methods, each class, name and signature once. */
static const char *const gb_jank_names[][2] = {
	{"android.os.Handler", "dispatchMessage"},
	{"android.view.Choreographer", "doFrame"},
	{"android.view.ViewRootImpl", "performTraversals"},
	{"android.view.View", "measure"},
	{"android.view.View", "layout"},
	{"android.view.View", "draw"},
	{"android.view.LayoutInflater", "inflate"},
	{"androidx.recyclerview.widget.RecyclerView$Adapter", "bindViewHolder"},
};

/* Whether method m is frame-critical under --jank. */
static int gb_jank_method(uint32_t m)
{
	return m % GB_JANK_EVERY == GB_JANK_FIRST;
}

struct gb_thread {
	uint32_t tid;
	uint32_t stack[GB_MAX_DEPTH];
	uint32_t depth, target;
	uint64_t cpu;        /* thread-CPU µs since its first event */
	int started;
	uint64_t cpu_base;   /* wall at the first event: cpu stays <= wall */
	uint64_t pause;      /* --jank: µs added before its next record */
};

struct gb {
	FILE *out;
	struct gb_rng rng;
	uint32_t callees[GB_METHODS][GB_MAX_CALLEES];
	uint8_t ncallees[GB_METHODS];
	struct gb_thread *th;
	uint32_t nthreads;
	uint64_t wall;       /* µs since trace start */
	uint64_t written, total, open;
	uint32_t max_depth;
	int jank;            /* --jank */
	struct gb_rng jrng;  /* --jank's pauses: apart from the calls' */
	uint64_t long_calls; /* --jank: calls made long */
};

static int gb_key(struct gb *g)
{
	FILE *o = g->out;
	fprintf(o, "*version\n3\ndata-file-overflow=false\nclock=dual\n"
	           "num-method-calls=%" PRIu64 "\nclock-call-overhead-nsec=320\n"
	           "vm=art\npid=4242\n*threads\n", g->total);
	for (uint32_t t = 0; t < g->nthreads; t++)
		if (t < GB_THREADS)
			fprintf(o, "%" PRIu32 "\t%s\n", g->th[t].tid, gb_tnames[t]);
		else
			fprintf(o, "%" PRIu32 "\tpool-%" PRIu32 "\n", g->th[t].tid, t);
	fputs("*methods\n", o);
	/* Names come from their own generator so the call graph does not
	 * depend on them. */
	struct gb_rng nr = {0x5eedC0DEull};
	for (uint32_t m = 0; m < GB_METHODS; m++) {
		const char *noun = gb_nouns[gb_below(&nr, GB_N(gb_nouns))];
		const char *kind = gb_kinds[gb_below(&nr, GB_N(gb_kinds))];
		if (m == 0)
			fputs("0", o);
		else
			fprintf(o, "%#" PRIx32, m << 2);
		if (g->jank && gb_jank_method(m)) {
			/* the five draws of the name below, so later names stay */
			for (int i = 0; i < 5; i++)
				gb_next(&nr);
			uint32_t k = m / GB_JANK_EVERY;
			const char *const *jn = gb_jank_names[k % GB_N(gb_jank_names)];
			fprintf(o, "\t%s\t%s\t%s\t%s.java\n", jn[0], jn[1],
			        gb_sigs[k / GB_N(gb_jank_names) % GB_N(gb_sigs)],
			        strrchr(jn[0], '.') + 1);
			continue;
		}
		fprintf(o, "\t%s.%s%s%s\t%s%s\t%s\t%s%s.java\n",
		        gb_pkgs[gb_below(&nr, GB_N(gb_pkgs))], noun, kind,
		        gb_below(&nr, 8) == 0 ? "$1" : "",
		        gb_verbs[gb_below(&nr, GB_N(gb_verbs))],
		        gb_nouns[gb_below(&nr, GB_N(gb_nouns))],
		        gb_sigs[gb_below(&nr, GB_N(gb_sigs))], noun, kind);
	}
	fputs("*end\n", o);
	/* The 32-byte header: SLOW, v3, data at 32, start time, record size 14. */
	uint8_t h[32] = {'S', 'L', 'O', 'W', 3, 0, 32, 0};
	uint64_t start = 123456789012ull;
	for (int i = 0; i < 8; i++)
		h[8 + i] = (uint8_t)(start >> (8 * i));
	h[16] = 14;
	fwrite(h, 1, sizeof h, o);
	return ferror(o) ? -1 : 0;
}

static void gb_graph(struct gb *g)
{
	for (uint32_t m = 0; m < GB_METHODS; m++) {
		g->ncallees[m] = (uint8_t)(1 + gb_below(&g->rng, GB_MAX_CALLEES));
		for (uint32_t k = 0; k < g->ncallees[m]; k++)
			g->callees[m][k] = gb_popular(&g->rng);
	}
}

static void gb_put(struct gb *g, struct gb_thread *t, uint32_t word)
{
	/* Wall advances 1-8 µs per record (sometimes a 50-500 µs pause);
	 * the thread gets 30-100 % of it as CPU. */
	uint64_t dw = 1 + gb_below(&g->rng, 8);
	if (gb_below(&g->rng, 64) == 0)
		dw += 50 + gb_below(&g->rng, 450);
	dw += t->pause;
	t->pause = 0;
	g->wall += dw;
	if (!t->started) {
		t->started = 1;
		t->cpu_base = g->wall;
		t->cpu = 0;
	} else {
		t->cpu += dw * (3 + gb_below(&g->rng, 8)) / 10;
	}
	uint8_t r[14];
	uint32_t cpu = (uint32_t)t->cpu, wall = (uint32_t)g->wall;
	r[0] = (uint8_t)t->tid;
	r[1] = (uint8_t)(t->tid >> 8);
	for (int i = 0; i < 4; i++) {
		r[2 + i] = (uint8_t)(word >> (8 * i));
		r[6 + i] = (uint8_t)(cpu >> (8 * i));
		r[10 + i] = (uint8_t)(wall >> (8 * i));
	}
	fwrite(r, 1, sizeof r, g->out);
	g->written++;
}

/* The next callee: mostly one of the top method's likely callees. */
static uint32_t gb_pick(struct gb *g, const struct gb_thread *t)
{
	if (t->depth == 0)
		return gb_below(&g->rng, 64);          /* a few entry points */
	uint32_t top = t->stack[t->depth - 1];
	if (gb_below(&g->rng, 10) < 9)
		return g->callees[top][gb_below(&g->rng, g->ncallees[top])];
	return gb_popular(&g->rng);
}

/* New dive target: mostly shallow, now and then a few hundred deep. */
static uint32_t gb_target(struct gb *g)
{
	uint32_t r = gb_below(&g->rng, 100);
	if (r < 2)
		return 150 + gb_below(&g->rng, GB_MAX_DEPTH - 160);
	if (r < 20)
		return 20 + gb_below(&g->rng, 60);
	return 3 + gb_below(&g->rng, 20);
}

/* One record on thread t. Exits when the remaining budget only covers the
 * open calls, so every call closes by the end. */
static void gb_step(struct gb *g, struct gb_thread *t)
{
	int must_exit = g->written + g->open + 2 > g->total;
	int enter;
	if (t->depth == 0)
		enter = 1;
	else if (must_exit || t->depth >= GB_MAX_DEPTH)
		enter = 0;
	else
		enter = gb_below(&g->rng, 100) < (t->depth < t->target ? 70u : 35u);
	if (enter) {
		uint32_t m = gb_pick(g, t);
		t->stack[t->depth++] = m;
		g->open++;
		if (t->depth > g->max_depth)
			g->max_depth = t->depth;
		gb_put(g, t, m << 2);
		/* --jank: now and then the main thread (tid 1) stalls inside
		 * a frame-critical call: its next record is 17-37 ms later. */
		if (g->jank && t->tid == 1 && gb_jank_method(m) &&
		    gb_below(&g->jrng, GB_JANK_ODDS) == 0) {
			t->pause = 17000 + gb_below(&g->jrng, 20000);
			g->long_calls++;
		}
		return;
	}
	uint32_t m = t->stack[--t->depth];
	g->open--;
	if (t->depth < 3 || gb_below(&g->rng, 200) == 0)
		t->target = gb_target(g);
	gb_put(g, t, (m << 2) | 1);
}

static void gb_run(struct gb *g)
{
	while (g->written < g->total) {
		struct gb_thread *t = &g->th[gb_below(&g->rng, g->nthreads)];
		/* Once exits are forced, pick a thread that has something open. */
		if (g->written + g->open + 2 > g->total)
			for (uint32_t i = 0; t->depth == 0 && i < g->nthreads; i++)
				t = &g->th[i];
		uint32_t batch = 1 + gb_below(&g->rng, 64);
		for (uint32_t k = 0; k < batch && g->written < g->total; k++) {
			if (t->depth == 0 && g->written + g->open + 2 > g->total)
				break;
			gb_step(g, t);
		}
	}
}

int main(int argc, char **argv)
{
	int jank = argc > 1 && strcmp(argv[1], "--jank") == 0;
	if (jank) {
		argv++;
		argc--;
	}
	if (argc < 3 || argc > 5) {
		fprintf(stderr, "usage: gen_bench [--jank] RECORDS OUT.trace [SEED [THREADS]]\n");
		return 1;
	}
	char *end;
	errno = 0;
	unsigned long long n = strtoull(argv[1], &end, 10);
	if (errno || *end || n < 2) {
		fprintf(stderr, "gen_bench: bad record count '%s'\n", argv[1]);
		return 1;
	}
	unsigned long nth = argc == 5 ? strtoul(argv[4], &end, 10) : GB_THREADS;
	if (argc == 5 && (*end || nth < 1 || nth > GB_MAX_THREADS)) {
		fprintf(stderr, "gen_bench: bad thread count '%s'\n", argv[4]);
		return 1;
	}
	struct gb *g = calloc(1, sizeof *g);
	if (g) {
		g->nthreads = (uint32_t)nth;
		g->th = calloc(nth, sizeof *g->th);
	}
	if (!g || !g->th) {
		free(g);
		fprintf(stderr, "gen_bench: out of memory\n");
		return 1;
	}
	g->rng.s = argc >= 4 ? strtoull(argv[3], NULL, 0) : 20240611;
	g->jank = jank;
	g->jrng.s = g->rng.s ^ 0x4A414E4Bull;  /* "JANK" */
	g->total = n & ~1ull;
	for (uint32_t t = 0; t < g->nthreads; t++) {
		g->th[t].tid = t + 1;
		g->th[t].target = 10;
	}
	g->out = fopen(argv[2], "wb");
	if (!g->out) {
		fprintf(stderr, "gen_bench: %s: %s\n", argv[2], strerror(errno));
		free(g->th);
		free(g);
		return 1;
	}
	static char iobuf[1 << 20];
	setvbuf(g->out, iobuf, _IOFBF, sizeof iobuf);
	gb_graph(g);
	int rc = gb_key(g);
	if (rc == 0)
		gb_run(g);
	int over = g->wall > UINT32_MAX;  /* records hold 32-bit µs */
	if (fclose(g->out) != 0 || rc != 0 || over) {
		if (over)
			fprintf(stderr, "gen_bench: %s: the wall clock passes 2^32 µs\n", argv[2]);
		else
			fprintf(stderr, "gen_bench: %s: write failed\n", argv[2]);
		free(g->th);
		free(g);
		return 1;
	}
	fprintf(stderr, "gen_bench: %s: %" PRIu64 " records, max depth %" PRIu32
	        ", %" PRIu64 " µs wall\n", argv[2], g->written, g->max_depth, g->wall);
	if (jank)
		fprintf(stderr, "gen_bench: %s: %" PRIu64 " main-thread calls made long\n",
		        argv[2], g->long_calls);
	free(g->th);
	free(g);
	return 0;
}
