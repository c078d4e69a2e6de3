/* export_speedscope.c: the trace in speedscope's own file format.
 *
 * speedscope reads this format as it is, with no guessing over timestamps
 * (its Trace Event reader must sort and guess), so it is the exact export
 * for speedscope: one "evented" profile per thread, open ("O") and close
 * ("C") events in file order, "at" in whole µs on the chosen clock; a
 * zero-µs call opens and closes at the same "at", which speedscope takes
 * in the order given. Frames are shared by all profiles, one per method
 * (so two overloads stay two frames), named as exportutil.h says, with
 * the source file and Dalvik line where the trace declares them.
 *
 * Streamed: only the frame table is built; events go out call by call.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "base/outbuf.h"
#include "base/textesc.h"
#include "model/callwalk.h"
#include "write/export.h"
#include "write/exportutil.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_STRING
#define PACKAGE_STRING "traceview"
#endif

struct export_speedscope_out {
	FILE *out;
	const struct profile *p;
	struct exportutil_names names;
	uint32_t *frame;        /* per method: its frame index */
	int clock;
	int first;              /* no event of this profile written yet */
	struct outbuf ob;       /* the events; the rest goes to out directly */
};

static int export_speedscope_frames(struct export_speedscope_out *o)
{
	const struct trace *tr = o->p->tr;
	FILE *out = o->out;
	o->frame = malloc(((size_t)tr->nmethods + 1) * sizeof *o->frame);
	if (!o->frame)
		return -1;
	uint32_t n = 0;
	fputs("\"shared\": {\"frames\": [", out);
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		size_t nl = o->names.off[m + 1] - o->names.off[m];
		if (nl == 0)
			continue;   /* no call */
		const struct tv_method *tm = &tr->methods[m];
		o->frame[m] = n;
		fputs(n++ ? ",\n  {\"name\": " : "\n  {\"name\": ", out);
		fwrite(o->names.json + o->names.off[m], 1, nl, out);
		if (tm->declared && tv_str_present(tm->source) && tm->source.len) {
			fputs(", \"file\": ", out);
			textesc_json(out, trace_str(tr, tm->source), tm->source.len);
		}
		if (tm->declared && tm->has_line && tm->line > 0)   /* -1 unknown, -2 native */
			fprintf(out, ", \"line\": %" PRId64, tm->line);
		fputs("}", out);
	}
	fputs("\n]},\n", out);
	return 0;
}

/* One event through the outbuf: a big trace has millions. */
static void export_speedscope_event(struct export_speedscope_out *o, char type, uint32_t frame,
                                    uint64_t at)
{
	static const char head[] = ",\n  {\"type\": \"";
	/* The first event of a profile has no comma before it. */
	outbuf_write(&o->ob, head + o->first, sizeof head - 1 - (size_t)o->first);
	outbuf_putc(&o->ob, type);
	outbuf_write(&o->ob, "\", \"frame\": ", sizeof "\", \"frame\": " - 1);
	outbuf_u64(&o->ob, frame);
	outbuf_write(&o->ob, ", \"at\": ", sizeof ", \"at\": " - 1);
	outbuf_u64(&o->ob, at);
	outbuf_putc(&o->ob, '}');
	o->first = 0;
}

/* Calls in preorder, each closing before its next sibling opens. */
static void export_speedscope_calls(struct export_speedscope_out *o, const struct tv_thread *th,
                                    uint64_t base)
{
	struct callwalk w;
	uint32_t i;
	callwalk_init(&w, th);
	for (int step; (step = callwalk_next(&w, &i)) != CALLWALK_DONE;) {
		uint32_t frame = o->frame[th->method[i]];
		if (step == CALLWALK_ENTER)
			export_speedscope_event(o, 'O', frame,
			                        base + trace_call_start(th, o->clock, i));
		else
			export_speedscope_event(o, 'C', frame,
			                        base + trace_call_end(th, o->clock, i));
	}
}

/* "[tid] name" as the Trace Event export names threads. */
static void export_speedscope_thread_name(FILE *out, const struct trace *tr,
                                          const struct tv_thread *th)
{
	size_t nl = tv_str_present(th->name) ? th->name.len : 0;
	char *t = malloc(nl + 16);
	if (!t) {
		fprintf(out, "\"[%" PRIu32 "]\"", th->tid);
		return;
	}
	int n = snprintf(t, 16, "[%" PRIu32 "]", th->tid);
	if (nl) {
		t[n++] = ' ';
		memcpy(t + n, trace_str(tr, th->name), nl);
	}
	textesc_json(out, t, (size_t)n + nl);
	free(t);
}

static void export_speedscope_profile(struct export_speedscope_out *o, const struct tv_thread *th,
                                      uint64_t base)
{
	FILE *out = o->out;
	fputs("{\"type\": \"evented\", \"name\": ", out);
	export_speedscope_thread_name(out, o->p->tr, th);
	/* a trace without time counts events: speedscope's unitless values */
	fprintf(out, ", \"unit\": \"%s\", \"startValue\": %" PRIu64 ", \"endValue\": %" PRIu64
	        ", \"events\": [", trace_is_sequence(o->p->tr) ? "none" : "microseconds", base,
	        base + trace_thread_span(th, o->clock));
	o->first = 1;
	export_speedscope_calls(o, th, base);
	outbuf_flush(&o->ob);
	fputs(o->first ? "]}" : "\n]}", out);
}

/* The document's name: the vm= option (else "java") and the pid= option. */
static void export_speedscope_name(FILE *out, const struct trace *tr)
{
	size_t vl, pl;
	const char *vm = trace_option(tr, "vm", &vl);
	const char *pid = trace_option(tr, "pid", &pl);
	if (!vm || vl == 0) {
		vm = "java";
		vl = 4;
	}
	char *t = malloc(vl + (pid ? pl + 1 : 0) + 1);
	if (!t) {
		fputs("\"java\"", out);
		return;
	}
	memcpy(t, vm, vl);
	if (pid && pl) {
		t[vl] = ' ';
		memcpy(t + vl + 1, pid, pl);
		vl += pl + 1;
	}
	textesc_json(out, t, vl);
	free(t);
}

static int export_speedscope_run(struct export_speedscope_out *o)
{
	const struct profile *p = o->p;
	const struct trace *tr = p->tr;
	FILE *out = o->out;
	uint32_t *order = exportutil_busiest(p);
	if (!order)
		return -1;
	fputs("{\"$schema\": \"https://www.speedscope.app/file-format-schema.json\",\n"
	      "\"exporter\": \"" PACKAGE_STRING "\",\n\"name\": ", out);
	export_speedscope_name(out, tr);
	fputs(",\n\"activeProfileIndex\": 0,\n", out);
	if (export_speedscope_frames(o) < 0) {
		free(order);
		return -1;
	}
	fputs("\"profiles\": [\n", out);
	uint64_t wall = exportutil_wall_base(p);
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[order[i]];
		uint64_t base = o->clock == TV_WALL ? th->first[TV_WALL] - wall : 0;
		if (i)
			fputs(",\n", out);
		export_speedscope_profile(o, th, base);
	}
	fputs("\n]}\n", out);
	free(order);
	return 0;
}

enum tv_status export_speedscope(FILE *out, const struct profile *p, const struct export_opts *opts)
{
	struct export_speedscope_out o = {0};
	const size_t bufsize = 1 << 16;
	char *buf = malloc(bufsize);
	if (!buf)
		return TV_ERR_NOMEM;
	outbuf_init(&o.ob, out, buf, bufsize);
	o.out = out;
	o.p = p;
	o.clock = exportutil_clock(p->tr, opts->clock);
	int rc = exportutil_names(&o.names, p, opts->signatures);
	if (rc == 0)
		rc = export_speedscope_run(&o);
	enum tv_status st = outbuf_finish(&o.ob);
	free(buf);
	free(o.frame);
	exportutil_names_free(&o.names);
	return rc < 0 ? TV_ERR_NOMEM : st;
}
