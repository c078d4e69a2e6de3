/* export_chrome.c: the trace as Trace Event Format JSON.
 *
 * {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}:
 * metadata ("M") events name the process and each thread and order the
 * threads busiest first (CPU span, else wall); then each thread's calls as
 * begin ("B") and end ("E") events, properly nested in file order.
 *
 * Why B/E and sub-µs fractions rather than one "X" event per call: the
 * trace's times are whole µs, and many calls start, end or last zero µs
 * within the same µs. Importers (speedscope, chrome://tracing, Perfetto)
 * sort events by ts, and at equal ts they guess: speedscope takes an end
 * before a begin unless both name the same frame, so no order of whole-µs
 * events nests every trace right. Here each event's ts is the call's time
 * in µs with 6 decimals, raised to 1 ps after the thread's previous event
 * when it would not exceed it: ts strictly increases along each thread, so
 * ordering by ts is file order, and a zero-µs call ends 0.000001 µs after
 * it begins. The step is that small because every step lengthens or
 * shortens a call: at 1 ns, a frame's total in a sampled trace (thousands
 * of calls in long same-µs runs) drifted by up to 14 µs; at 1 ps the drift
 * stays below 0.1 µs, so every frame's total rounds to the profile's.
 * Importers that keep only ns (Perfetto) see ties there and keep file
 * order for them.
 *
 * Both clocks: on a trace that records both, every B and E also carries
 * tts, the thread-CPU time (µs since the thread's first CPU timestamp)
 * made strictly increasing the same way, so Perfetto and chrome://tracing
 * show each slice's thread duration beside its wall duration. A trace
 * with one clock has no tts.
 *
 * Names: exportutil.h (no args, which speedscope would append to every
 * frame name). ts is on the --clock clock: wall times less the earliest
 * first wall timestamp of the selected threads; CPU times from each
 * thread's first timestamp. pid is the trace's pid= option (1 when
 * absent), tid the thread id of the records.
 *
 * A big trace is millions of events: each method's name is escaped once
 * and events are assembled in a buffer without printf.
 */
#include "base/outbuf.h"
#include "base/textesc.h"
#include "model/callwalk.h"
#include "write/export.h"
#include "write/exportutil.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct export_chrome_out {
	FILE *out;
	struct outbuf ob;       /* the events; metadata goes to out directly */
	struct exportutil_names names;
	int clock;
	int tts;                /* both clocks: tts on every B and E */
	uint64_t pid;
	int has_pid;
};

#define EXPORT_CHROME_LIT(o, s) outbuf_write(&(o)->ob, (s), sizeof(s) - 1)

/* ------------------------------------------------------------ events */

/* Per thread: where events are and the last times written. */
struct export_chrome_thread {
	const struct tv_thread *th;
	uint64_t base;          /* µs added to the thread's ts times */
	uint64_t last_ps;       /* ts of the last event, ps */
	uint64_t last_tps;      /* tts of the last event, ps */
	int any;                /* an event was written */
};

/* us µs in ps, raised to the first picosecond after last when it would
 * not be later (any: there was a last). */
static uint64_t export_chrome_after(uint64_t us, uint64_t last, int any)
{
	uint64_t ps = us * 1000000;
	return any && ps <= last ? last + 1 : ps;
}

/* One "B" or "E" event of call i at us µs on the clock (and cpu µs of
 * CPU time for tts): ts and tts strictly increase in file order. */
static void export_chrome_event(struct export_chrome_out *o, struct export_chrome_thread *t,
                                uint32_t i, int begin, uint64_t us, uint64_t cpu)
{
	uint32_t m = t->th->method[i];
	const char *name = o->names.json + o->names.off[m];
	size_t nl = o->names.off[m + 1] - o->names.off[m];
	uint64_t ps = export_chrome_after(t->base + us, t->last_ps, t->any);
	t->last_ps = ps;
	if (o->tts)
		t->last_tps = export_chrome_after(cpu, t->last_tps, t->any);
	t->any = 1;
	if (begin)
		EXPORT_CHROME_LIT(o, ",\n{\"ph\": \"B\", \"cat\": \"java\", \"name\": ");
	else
		EXPORT_CHROME_LIT(o, ",\n{\"ph\": \"E\", \"name\": ");
	outbuf_write(&o->ob, name, nl);
	EXPORT_CHROME_LIT(o, ", \"pid\": ");
	outbuf_u64(&o->ob, o->pid);
	EXPORT_CHROME_LIT(o, ", \"tid\": ");
	outbuf_u64(&o->ob, t->th->tid);
	EXPORT_CHROME_LIT(o, ", \"ts\": ");
	outbuf_fixed(&o->ob, ps, 6);
	if (o->tts) {
		EXPORT_CHROME_LIT(o, ", \"tts\": ");
		outbuf_fixed(&o->ob, t->last_tps, 6);
	}
	outbuf_putc(&o->ob, '}');
}

/* The calls in preorder, each ending before its next sibling begins. */
static void export_chrome_calls(struct export_chrome_out *o, const struct tv_thread *th,
                                uint64_t base)
{
	struct export_chrome_thread t = {th, base, 0, 0, 0};
	struct callwalk w;
	uint32_t i;
	callwalk_init(&w, th);
	for (int step; (step = callwalk_next(&w, &i)) != CALLWALK_DONE;) {
		int begin = step == CALLWALK_ENTER;
		uint64_t us = begin ? trace_call_start(th, o->clock, i) : trace_call_end(th, o->clock, i);
		uint64_t cpu = !o->tts ? 0 : begin ? trace_call_start(th, TV_CPU, i)
		                                   : trace_call_end(th, TV_CPU, i);
		export_chrome_event(o, &t, i, begin, us, cpu);
	}
}

/* ------------------------------------------------------------ metadata */

static void export_chrome_meta_head(FILE *out, const struct export_chrome_out *o, const char *what,
                                    uint32_t tid)
{
	fprintf(out, "{\"ph\": \"M\", \"name\": \"%s\", \"pid\": %" PRIu64 ", \"tid\": %" PRIu32
	        ", \"args\": {", what, o->pid, tid);
}

/* "art 25555": the vm= option (else "java") and the pid when known. */
static int export_chrome_process(FILE *out, const struct export_chrome_out *o,
                                 const struct trace *tr)
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
	export_chrome_meta_head(out, o, "process_name", 0);
	fputs("\"name\": ", out);
	textesc_json(out, t, vl + (size_t)n);
	fputs("}}", out);
	free(t);
	return 0;
}

static int export_chrome_thread_name(FILE *out, const struct export_chrome_out *o,
                                     const struct trace *tr, const struct tv_thread *th)
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
	export_chrome_meta_head(out, o, "thread_name", th->tid);
	fputs("\"name\": ", out);
	textesc_json(out, t, (size_t)n + nl);
	fputs("}}", out);
	free(t);
	return 0;
}

static int export_chrome_metadata(FILE *out, const struct export_chrome_out *o,
                                  const struct profile *p)
{
	const struct trace *tr = p->tr;
	if (export_chrome_process(out, o, tr) < 0)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++)
		if (export_chrome_thread_name(out, o, tr, &tr->threads[p->threads[i]]) < 0)
			return -1;
	uint32_t *order = exportutil_busiest(p);
	if (!order)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		fputs(",\n", out);
		export_chrome_meta_head(out, o, "thread_sort_index", tr->threads[order[i]].tid);
		fprintf(out, "\"sort_index\": %" PRIu32 "}}", i);
	}
	free(order);
	return 0;
}

static void export_chrome_other(FILE *out, const struct trace *tr, int clock)
{
	if (trace_has_version(tr))
		fprintf(out, "\"otherData\": {\"version\": %u", tr->version);
	else   /* no header, as the JSON report says */
		fputs("\"otherData\": {\"version\": null", out);
	fprintf(out, ", \"streaming\": %s, \"clock\": \"%s\", \"records\": %" PRIu64
	        ", \"time_base\": \"%s\"", tr->streaming ? "true" : "false",
	        trace_clock_name(tr->clock), tr->records, clock == TV_WALL ? "wall" : "thread-cpu");
	size_t vl;
	const char *vm = trace_option(tr, "vm", &vl);
	if (vm) {
		fputs(", \"vm\": ", out);
		textesc_json(out, vm, vl);
	}
	fputs("}", out);
}

/* The pid= option when it is a plain decimal number. */
static void export_chrome_pid(struct export_chrome_out *o, const struct trace *tr)
{
	o->has_pid = trace_option_u64(tr, "pid", &o->pid);
	if (!o->has_pid)
		o->pid = 1;
}

static int export_chrome_run(struct export_chrome_out *o, const struct profile *p)
{
	const struct trace *tr = p->tr;
	FILE *out = o->out;
	uint64_t base = exportutil_wall_base(p);
	fputs("{\"traceEvents\": [\n", out);
	if (export_chrome_metadata(out, o, p) < 0)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		uint64_t off = o->clock == TV_WALL ? th->first[TV_WALL] - base : 0;
		export_chrome_calls(o, th, off);
	}
	outbuf_flush(&o->ob);
	fputs("\n],\n\"displayTimeUnit\": \"ms\",\n", out);
	export_chrome_other(out, tr, o->clock);
	fputs("}\n", out);
	return 0;
}

enum tv_status export_chrome(FILE *out, const struct profile *p, const struct export_opts *opts)
{
	struct export_chrome_out o = {0};
	const size_t bufsize = 1 << 16;
	char *buf = malloc(bufsize);
	if (!buf)
		return TV_ERR_NOMEM;
	o.out = out;
	outbuf_init(&o.ob, out, buf, bufsize);
	o.clock = exportutil_clock(p->tr, opts->clock);
	o.tts = p->tr->has_clock[TV_CPU] && p->tr->has_clock[TV_WALL];
	export_chrome_pid(&o, p->tr);
	int rc = exportutil_names(&o.names, p, opts->signatures);
	if (rc == 0)
		rc = export_chrome_run(&o, p);
	enum tv_status st = outbuf_finish(&o.ob);
	free(buf);
	exportutil_names_free(&o.names);
	return rc < 0 ? TV_ERR_NOMEM : st;
}
