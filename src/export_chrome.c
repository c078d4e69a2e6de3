/* export_chrome.c: the trace as Trace Event Format JSON.
 *
 * {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}:
 * metadata ("M") events name the process and each thread and order the
 * threads busiest first (CPU span, else wall); then one complete ("X")
 * event per call, each thread's calls in preorder, so parents come before
 * their children and every child lies within its parent, as the model
 * guarantees. ts and dur are whole µs: on the wall clock, ts is the call's
 * absolute time less the earliest first timestamp of the selected threads;
 * a trace without a wall clock uses each thread's CPU time from its first
 * timestamp. pid is the trace's pid= option (1 when absent), tid the
 * thread id of the records.
 *
 * A big trace is millions of events: each method's fixed text (name and
 * args, JSON-escaped) is rendered once and events are assembled in a
 * buffer without printf.
 */
#include "export.h"
#include "methodname.h"
#include "textesc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct ch_out {
	FILE *out;
	char *buf;
	size_t len, cap;
	/* Per method: head [off[2m], off[2m+1]), tail [off[2m+1], off[2m+2])
	 * of its events in text. */
	char *text;
	size_t *off;
	int clock;
	uint64_t pid;
	int has_pid;
};

/* ------------------------------------------------------------ per method */

/* s as a JSON string, or null when the method was never declared or (when
 * empty_null) the string is empty. */
static void ch_field(FILE *ms, const struct trace *tr, const struct tv_method *m,
                     struct tv_str s, int empty_null)
{
	if (!m->declared || !tv_str_present(s) || (empty_null && s.len == 0))
		fputs("null", ms);
	else
		textesc_json(ms, trace_str(tr, s), s.len);
}

static int ch_method(FILE *ms, size_t *msize, size_t *off, const struct trace *tr, uint32_t idx)
{
	const struct tv_method *m = &tr->methods[idx];
	fputs("{\"ph\": \"X\", \"cat\": \"java\", \"name\": ", ms);
	if (methodname_json(ms, tr, (uint32_t)(m - tr->methods)) < 0 || fflush(ms) != 0)
		return -1;
	off[1] = *msize;
	fputs(", \"args\": {\"class\": ", ms);
	ch_field(ms, tr, m, m->cls, 0);
	fputs(", \"signature\": ", ms);
	ch_field(ms, tr, m, m->sig, 0);
	fputs(", \"source\": ", ms);
	ch_field(ms, tr, m, m->source, 1);
	fputs("}}", ms);
	return fflush(ms) == 0 ? 0 : -1;
}

static int ch_methods(struct ch_out *o, const struct profile *p)
{
	const struct trace *tr = p->tr;
	size_t size = 0, n = tr->nmethods;
	o->off = malloc((2 * n + 1) * sizeof *o->off);
	FILE *ms = o->off ? open_memstream(&o->text, &size) : NULL;
	if (!ms)
		return -1;
	int rc = 0;
	for (uint32_t m = 0; rc == 0 && m < n; m++) {
		o->off[2 * m] = o->off[2 * m + 1] = size;
		if (p->methods[m].calls + p->methods[m].rcalls)
			rc = ch_method(ms, &size, &o->off[2 * m], tr, m);
	}
	if (ferror(ms))
		rc = -1;
	if (fclose(ms) != 0)
		rc = -1;
	o->off[2 * n] = size;
	return rc;
}

/* ------------------------------------------------------------ buffering */

static int ch_room(struct ch_out *o, size_t need)
{
	if (o->cap - o->len >= need)
		return 0;
	if (o->len)   /* the first call has no buffer yet: fwrite(NULL) is UB */
		fwrite(o->buf, 1, o->len, o->out);
	o->len = 0;
	if (o->cap >= need)
		return 0;
	size_t cap = o->cap ? o->cap : 1 << 16;
	while (cap < need)
		cap *= 2;
	char *nb = realloc(o->buf, cap);
	if (!nb)
		return -1;
	o->buf = nb;
	o->cap = cap;
	return 0;
}

static void ch_put(struct ch_out *o, const char *s, size_t n)
{
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

#define CH_LIT(o, s) ch_put((o), (s), sizeof(s) - 1)

static void ch_u64(struct ch_out *o, uint64_t v)
{
	char num[24], *q = num + sizeof num;
	do {
		*--q = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	ch_put(o, q, (size_t)(num + sizeof num - q));
}

/* ------------------------------------------------------------ events */

static int ch_calls(struct ch_out *o, const struct tv_thread *th, uint64_t base)
{
	for (uint32_t i = 0; i < th->ncalls; i++) {
		uint32_t m = th->method[i];
		const char *head = o->text + o->off[2 * m];
		size_t hl = o->off[2 * m + 1] - o->off[2 * m];
		size_t tl = o->off[2 * m + 2] - o->off[2 * m + 1];
		if (ch_room(o, hl + tl + 128) < 0)
			return -1;
		uint64_t s = trace_call_start(th, o->clock, i);
		uint64_t e = trace_call_end(th, o->clock, i);
		CH_LIT(o, ",\n");
		ch_put(o, head, hl);
		CH_LIT(o, ", \"pid\": ");
		ch_u64(o, o->pid);
		CH_LIT(o, ", \"tid\": ");
		ch_u64(o, th->tid);
		CH_LIT(o, ", \"ts\": ");
		ch_u64(o, base + s);
		CH_LIT(o, ", \"dur\": ");
		ch_u64(o, e - s);
		ch_put(o, head + hl, tl);
	}
	return 0;
}

/* ------------------------------------------------------------ metadata */

static void ch_meta_head(FILE *out, const struct ch_out *o, const char *what, uint32_t tid)
{
	fprintf(out, "{\"ph\": \"M\", \"name\": \"%s\", \"pid\": %" PRIu64 ", \"tid\": %" PRIu32
	        ", \"args\": {", what, o->pid, tid);
}

/* "art 25555": the vm= option (else "java") and the pid when known. */
static int ch_process(FILE *out, const struct ch_out *o, const struct trace *tr)
{
	size_t vl;
	const char *vm = trace_option(tr, "vm", &vl);
	if (!vm || vl == 0) {
		vm = "java";
		vl = 4;
	}
	char *t = malloc(vl + 24);
	if (!t)
		return -1;
	memcpy(t, vm, vl);
	int n = o->has_pid ? snprintf(t + vl, 24, " %" PRIu64, o->pid) : 0;
	ch_meta_head(out, o, "process_name", 0);
	fputs("\"name\": ", out);
	textesc_json(out, t, vl + (size_t)n);
	fputs("}}", out);
	free(t);
	return 0;
}

static int ch_thread_name(FILE *out, const struct ch_out *o, const struct trace *tr,
                          const struct tv_thread *th)
{
	size_t nl = tv_str_present(th->name) ? th->name.len : 0;
	char *t = malloc(nl + 16);
	if (!t)
		return -1;
	int n = snprintf(t, 16, "[%" PRIu32 "]", th->tid);
	if (nl) {
		t[n++] = ' ';
		memcpy(t + n, trace_str(tr, th->name), nl);
	}
	fputs(",\n", out);
	ch_meta_head(out, o, "thread_name", th->tid);
	fputs("\"name\": ", out);
	textesc_json(out, t, (size_t)n + nl);
	fputs("}}", out);
	free(t);
	return 0;
}

/* Selected threads, busiest first (CPU span, else wall; ties by tid). */
static uint32_t *ch_busiest(const struct profile *p)
{
	const struct trace *tr = p->tr;
	int c = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	uint32_t *v = malloc((size_t)(p->nthreads ? p->nthreads : 1) * sizeof *v);
	if (!v)
		return NULL;
	/* Insertion sort: a trace has few threads. */
	for (uint32_t i = 0; i < p->nthreads; i++) {
		uint32_t t = p->threads[i], j = i;
		uint64_t st = trace_thread_span(&tr->threads[t], c);
		while (j > 0) {
			const struct tv_thread *u = &tr->threads[v[j - 1]];
			uint64_t su = trace_thread_span(u, c);
			if (su > st || (su == st && u->tid < tr->threads[t].tid))
				break;
			v[j] = v[j - 1];
			j--;
		}
		v[j] = t;
	}
	return v;
}

static int ch_metadata(FILE *out, const struct ch_out *o, const struct profile *p)
{
	const struct trace *tr = p->tr;
	if (ch_process(out, o, tr) < 0)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++)
		if (ch_thread_name(out, o, tr, &tr->threads[p->threads[i]]) < 0)
			return -1;
	uint32_t *order = ch_busiest(p);
	if (!order)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		fputs(",\n", out);
		ch_meta_head(out, o, "thread_sort_index", tr->threads[order[i]].tid);
		fprintf(out, "\"sort_index\": %" PRIu32 "}}", i);
	}
	free(order);
	return 0;
}

static void ch_other(FILE *out, const struct trace *tr, int clock)
{
	fprintf(out, "\"otherData\": {\"version\": %u, \"streaming\": %s, \"clock\": \"%s\", "
	        "\"records\": %" PRIu64 ", \"time_base\": \"%s\"",
	        tr->version, tr->streaming ? "true" : "false", trace_clock_name(tr->clock),
	        tr->records, clock == TV_WALL ? "wall" : "thread-cpu");
	size_t vl;
	const char *vm = trace_option(tr, "vm", &vl);
	if (vm) {
		fputs(", \"vm\": ", out);
		textesc_json(out, vm, vl);
	}
	fputs("}", out);
}

/* The pid= option when it is a plain decimal number. */
static void ch_pid(struct ch_out *o, const struct trace *tr)
{
	size_t len;
	const char *v = trace_option(tr, "pid", &len);
	o->pid = 1;
	o->has_pid = 0;
	if (!v || len == 0 || len > 19)
		return;
	uint64_t x = 0;
	for (size_t i = 0; i < len; i++) {
		if (v[i] < '0' || v[i] > '9')
			return;
		x = x * 10 + (uint64_t)(v[i] - '0');
	}
	o->pid = x;
	o->has_pid = 1;
}

static int ch_run(struct ch_out *o, const struct profile *p)
{
	const struct trace *tr = p->tr;
	FILE *out = o->out;
	uint64_t base = UINT64_MAX;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		uint64_t f = tr->threads[p->threads[i]].first[TV_WALL];
		base = f < base ? f : base;
	}
	if (ch_methods(o, p) < 0)
		return -1;
	fputs("{\"traceEvents\": [\n", out);
	if (ch_metadata(out, o, p) < 0)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		uint64_t off = o->clock == TV_WALL ? th->first[TV_WALL] - base : 0;
		if (ch_calls(o, th, off) < 0)
			return -1;
	}
	if (o->len)   /* no call at all: the buffer was never made */
		fwrite(o->buf, 1, o->len, out);
	o->len = 0;
	fputs("\n],\n\"displayTimeUnit\": \"ms\",\n", out);
	ch_other(out, tr, o->clock);
	fputs("}\n", out);
	return 0;
}

enum tv_status export_chrome(FILE *out, const struct profile *p, const struct export_opts *opts)
{
	(void)opts;
	struct ch_out o = {0};
	o.out = out;
	o.clock = trace_sort_clock(p->tr);
	ch_pid(&o, p->tr);
	int rc = ch_run(&o, p);
	free(o.buf);
	free(o.text);
	free(o.off);
	if (rc < 0)
		return TV_ERR_NOMEM;
	return fflush(out) == 0 && !ferror(out) ? TV_OK : TV_ERR_OUTPUT;
}
