/* report_calls.c: the "every call" reports (report.h) of methodcalls.h's
 * rows (docs/cli.md, "--format=calls").
 *
 * Text: a fixed-width table like the text report's (times in ms with
 * three decimals, exact µs; columns of a clock the trace lacks show "-"),
 * the summary, and a histogram of incl on the summary's clock drawn with
 * '#'. CSV: one table, one row per call (RFC 4180, CRLF), times in µs;
 * columns of a clock the trace lacks, and wait unless it has both, are
 * left out as in the profile CSV. JSON: one object, one call a line.
 * A trace without time (trace_is_sequence()) has its start and incl in
 * events, named so in every form ("Traces without time" in
 * docs/numbers.md).
 */
#include "write/report.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/methodname.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"

enum {
	METHODCALLS_REPORT_BUF = 1 << 16,
	METHODCALLS_REPORT_W_TID = 8,
	METHODCALLS_REPORT_W_START = 13,
	METHODCALLS_REPORT_W_TIME = 11,
	METHODCALLS_REPORT_W_DEPTH = 6,
	METHODCALLS_REPORT_BAR = 40,
	METHODCALLS_REPORT_SPECIAL = 48
};

static const char *const methodcalls_report_clock_name[TV_NCLOCKS] = {"cpu", "wall"};

static int methodcalls_report_dual(const struct trace *tr)
{
	return tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
}

/* More than one method among the rows: the text names each row's. */
static int methodcalls_report_several(const struct methodcalls *c)
{
	for (size_t i = 1; i < c->nrows; i++)
		if (c->rows[i].method != c->rows[0].method)
			return 1;
	return 0;
}

/* "  " then s right-aligned in width columns. */
static void methodcalls_report_cell(struct outbuf *ob, const char *s, size_t n, size_t width)
{
	outbuf_write(ob, "  ", 2);
	outbuf_right(ob, s, n, width);
}

/* has: 0 "-", 1 ms, METHODCALLS_REPORT_EVENTS a whole count of events. */
enum { METHODCALLS_REPORT_EVENTS = 2 };

static void methodcalls_report_ms_cell(struct outbuf *ob, int has, uint64_t usec, size_t width)
{
	char buf[NUMFMT_MAX];
	if (!has) {
		methodcalls_report_cell(ob, "-", 1, width);
		return;
	}
	size_t n = has == METHODCALLS_REPORT_EVENTS ? numfmt_put_u64(buf, usec)
	                                            : numfmt_put_fixed(buf, usec, 3);
	methodcalls_report_cell(ob, buf, n, width);
}

/* How the axis clock's numbers print: ms, or events (above). */
static int methodcalls_report_axis(const struct trace *tr)
{
	return trace_is_sequence(tr) ? METHODCALLS_REPORT_EVENTS : 1;
}

/* A signed µs value as signed ms ("-0.005"). */
static size_t methodcalls_report_put_signed_ms(char *buf, int64_t v)
{
	size_t n = 0;
	uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	if (v < 0)
		buf[n++] = '-';
	return n + numfmt_put_fixed(buf + n, mag, 3);
}

static void methodcalls_report_u64_cell(struct outbuf *ob, uint64_t v, size_t width)
{
	char buf[NUMFMT_MAX];
	methodcalls_report_cell(ob, buf, numfmt_put_u64(buf, v), width);
}

static void methodcalls_report_text_row(struct outbuf *ob, const struct methodcalls *c,
                                        const struct methodcalls_row *r, int several)
{
	const struct trace *tr = c->tr;
	char buf[NUMFMT_MAX + 1];
	int axis = methodcalls_report_axis(tr);
	methodcalls_report_u64_cell(ob, tr->threads[r->thread].tid, METHODCALLS_REPORT_W_TID);
	methodcalls_report_ms_cell(ob, axis, r->start, METHODCALLS_REPORT_W_START);
	methodcalls_report_ms_cell(ob, tr->has_clock[TV_WALL] ? axis : 0, r->incl[TV_WALL],
	                           METHODCALLS_REPORT_W_TIME);
	methodcalls_report_ms_cell(ob, tr->has_clock[TV_CPU], r->incl[TV_CPU],
	                           METHODCALLS_REPORT_W_TIME);
	if (methodcalls_report_dual(tr)) {
		size_t n = methodcalls_report_put_signed_ms(buf, methodcalls_wait(r));
		methodcalls_report_cell(ob, buf, n, METHODCALLS_REPORT_W_TIME);
	} else {
		methodcalls_report_cell(ob, "-", 1, METHODCALLS_REPORT_W_TIME);
	}
	methodcalls_report_u64_cell(ob, r->depth, METHODCALLS_REPORT_W_DEPTH);
	outbuf_write(ob, "  ", 2);
	if (several) {
		methodname_text_ob(ob, tr, r->method, 1);
		outbuf_puts(ob, " <- ");
	}
	methodname_text_ob(ob, tr, r->caller, 0);
	outbuf_putc(ob, '\n');
}

/* A bucket's bound: "5ms", or a count of events on a trace without time. */
static size_t methodcalls_report_bound(char *buf, uint64_t v, int seq)
{
	return seq ? numfmt_put_u64(buf, v) : methodcalls_bound_text(buf, v);
}

static void methodcalls_report_histogram(struct outbuf *ob, const struct methodcalls *c, int clock)
{
	struct methodcalls_hist h;
	char buf[NUMFMT_MAX + 4];
	methodcalls_histogram(c, clock, &h);
	if (h.last < h.first)
		return;
	uint64_t max = 0;
	for (uint32_t k = h.first; k <= h.last; k++)
		max = h.count[k] > max ? h.count[k] : max;
	int seq = trace_is_sequence(c->tr);
	outbuf_puts(ob, "\nHistogram of incl ");
	outbuf_puts(ob, seq ? "events" : methodcalls_report_clock_name[clock]);
	outbuf_puts(ob, " (log scale, 1-2-5 buckets):\n");
	for (uint32_t k = h.first; k <= h.last; k++) {
		uint64_t lo = methodcalls_bucket_low(k), hi = methodcalls_bucket_low(k + 1);
		outbuf_write(ob, "  [", 3);
		outbuf_right(ob, buf, methodcalls_report_bound(buf, lo, seq), 6);
		outbuf_write(ob, ", ", 2);
		if (k + 1 < METHODCALLS_BUCKETS)
			outbuf_right(ob, buf, methodcalls_report_bound(buf, hi, seq), 6);
		else
			outbuf_right(ob, "...", 3, 6);
		outbuf_write(ob, ") |", 3);
		/* a bar's length rounds up, so a bucket with one call shows */
		uint64_t n = (h.count[k] * METHODCALLS_REPORT_BAR + max - 1) / max;
		for (uint64_t i = 0; i < n; i++)
			outbuf_putc(ob, '#');
		outbuf_spaces(ob, (size_t)(METHODCALLS_REPORT_BAR - n) + 1);
		outbuf_u64(ob, h.count[k]);
		outbuf_putc(ob, '\n');
	}
}

static void methodcalls_report_summary_text(struct outbuf *ob, const struct methodcalls_summary *s,
                                            int seq)
{
	static const char *const label[] = {"min", "mean", "p50", "p95", "max"};
	const uint64_t v[] = {s->min, s->mean, s->p50, s->p95, s->max};
	outbuf_puts(ob, "\nSummary of incl ");
	outbuf_puts(ob, seq ? "events" : methodcalls_report_clock_name[s->clock]);
	outbuf_puts(ob, seq ? ": count " : " (ms): count ");
	outbuf_u64(ob, s->count);
	for (size_t i = 0; i < 5 && s->count; i++) {
		outbuf_puts(ob, "  ");
		outbuf_puts(ob, label[i]);
		outbuf_putc(ob, ' ');
		if (seq)
			outbuf_u64(ob, v[i]);
		else
			outbuf_fixed(ob, v[i], 3);
	}
	outbuf_putc(ob, '\n');
}

enum tv_status methodcalls_report_text(FILE *out, const struct methodcalls *c, const char *method,
                                       int clock)
{
	struct methodcalls_summary s;
	if (methodcalls_summarize(c, clock, &s) != TV_OK)
		return TV_ERR_NOMEM;
	char buf[METHODCALLS_REPORT_BUF];
	struct outbuf ob;
	const struct trace *tr = c->tr;
	int several = methodcalls_report_several(c);
	outbuf_init(&ob, out, buf, sizeof buf);
	outbuf_puts(&ob, "Calls of ");
	textesc_text_ob(&ob, method, strlen(method));
	outbuf_puts(&ob, ": ");
	outbuf_u64(&ob, c->nrows);
	outbuf_puts(&ob, c->nrows == 1 ? " call" : " calls");
	int seq = trace_is_sequence(tr);
	if (seq) {
		outbuf_puts(&ob, "; no time: incl counts events, start is the event on the "
		                 "thread\n\n");
	} else {
		outbuf_puts(&ob, "; times in ms, start on the ");
		outbuf_puts(&ob, tr->has_clock[TV_WALL] ? "wall" : "cpu");
		outbuf_puts(&ob, " axis from the trace's first timestamp\n\n");
	}
	outbuf_right(&ob, "tid", 3, METHODCALLS_REPORT_W_TID + 2);
	methodcalls_report_cell(&ob, "start", 5, METHODCALLS_REPORT_W_START);
	methodcalls_report_cell(&ob, seq ? "events" : "wall", seq ? 6 : 4,
	                        METHODCALLS_REPORT_W_TIME);
	methodcalls_report_cell(&ob, "cpu", 3, METHODCALLS_REPORT_W_TIME);
	methodcalls_report_cell(&ob, "wait", 4, METHODCALLS_REPORT_W_TIME);
	methodcalls_report_cell(&ob, "depth", 5, METHODCALLS_REPORT_W_DEPTH);
	outbuf_puts(&ob, several ? "  method <- caller\n" : "  caller\n");
	for (size_t i = 0; i < c->nrows; i++)
		methodcalls_report_text_row(&ob, c, &c->rows[i], several);
	methodcalls_report_summary_text(&ob, &s, seq);
	methodcalls_report_histogram(&ob, c, clock);
	return outbuf_finish(&ob);
}

/* ---------------------------------------------------------------- CSV */

static void methodcalls_report_csv_u64(struct outbuf *ob, uint64_t v)
{
	outbuf_putc(ob, ',');
	outbuf_u64(ob, v);
}

/* A method's text name, unescaped, in buf (room for methodcalls_report_name_room()):
 * what textesc_csv_ob escapes once. Returns its length. */
static size_t methodcalls_report_raw_name(const struct trace *tr, uint32_t method, char *buf)
{
	const struct tv_method *m = method == METHODCALLS_TOPLEVEL ? NULL : &tr->methods[method];
	if (!m)
		return (size_t)snprintf(buf, METHODCALLS_REPORT_SPECIAL, "(toplevel)");
	if (!methodname_known(m))
		return (size_t)snprintf(buf, METHODCALLS_REPORT_SPECIAL, "(unknown 0x%llx)",
		                        (unsigned long long)m->id);
	size_t n = 0;
	const struct tv_str part[3] = {m->cls, m->name, m->sig};
	for (int i = 0; i < 3; i++) {
		if (i == 1 && m->cls.len && m->name.len)
			buf[n++] = '.';
		if (i == 2 && m->sig.len)
			buf[n++] = ' ';
		if (part[i].len)
			memcpy(buf + n, trace_str(tr, part[i]), part[i].len);
		n += part[i].len;
	}
	return n;
}

/* Room for any name methodcalls_report_raw_name() writes. */
static size_t methodcalls_report_name_room(const struct trace *tr)
{
	size_t room = METHODCALLS_REPORT_SPECIAL;
	for (uint32_t i = 0; i < tr->nmethods; i++) {
		const struct tv_method *m = &tr->methods[i];
		size_t n = (size_t)m->cls.len + m->name.len + m->sig.len + 2;
		room = n > room ? n : room;
	}
	return room;
}

static void methodcalls_report_csv_name(struct outbuf *ob, const struct trace *tr, uint32_t method,
                                        char *buf)
{
	outbuf_putc(ob, ',');
	textesc_csv_ob(ob, buf, methodcalls_report_raw_name(tr, method, buf));
}

void methodcalls_write_id(struct outbuf *ob, const struct trace *tr, uint32_t method, int csv)
{
	methodname_id_ob(ob, tr, method, csv);
}

enum tv_status methodcalls_report_csv(FILE *out, const struct methodcalls *c)
{
	char buf[METHODCALLS_REPORT_BUF];
	struct outbuf ob;
	const struct trace *tr = c->tr;
	char *name = malloc(methodcalls_report_name_room(tr));
	if (!name)
		return TV_ERR_NOMEM;
	outbuf_init(&ob, out, buf, sizeof buf);
	int seq = trace_is_sequence(tr);
	outbuf_puts(&ob, seq ? "tid,id,method,start_event" : "tid,id,method,start_usec");
	if (tr->has_clock[TV_WALL])
		outbuf_puts(&ob, seq ? ",incl_events" : ",incl_wall_usec");
	if (tr->has_clock[TV_CPU])
		outbuf_puts(&ob, ",incl_cpu_usec");
	if (methodcalls_report_dual(tr))
		outbuf_puts(&ob, ",wait_usec");
	outbuf_puts(&ob, ",depth,caller_id,caller\r\n");
	for (size_t i = 0; i < c->nrows; i++) {
		const struct methodcalls_row *r = &c->rows[i];
		outbuf_u64(&ob, tr->threads[r->thread].tid);
		outbuf_putc(&ob, ',');
		methodcalls_write_id(&ob, tr, r->method, 1);
		methodcalls_report_csv_name(&ob, tr, r->method, name);
		methodcalls_report_csv_u64(&ob, r->start);
		if (tr->has_clock[TV_WALL])
			methodcalls_report_csv_u64(&ob, r->incl[TV_WALL]);
		if (tr->has_clock[TV_CPU])
			methodcalls_report_csv_u64(&ob, r->incl[TV_CPU]);
		if (methodcalls_report_dual(tr)) {
			char num[NUMFMT_MAX];
			int64_t w = methodcalls_wait(r);
			outbuf_putc(&ob, ',');
			if (w < 0)
				outbuf_putc(&ob, '-');
			outbuf_write(&ob, num,
			             numfmt_put_u64(num, w < 0 ? (uint64_t)0 - (uint64_t)w : (uint64_t)w));
		}
		methodcalls_report_csv_u64(&ob, r->depth);
		outbuf_putc(&ob, ',');
		methodcalls_write_id(&ob, tr, r->caller, 1);
		methodcalls_report_csv_name(&ob, tr, r->caller, name);
		outbuf_puts(&ob, "\r\n");
	}
	free(name);
	return outbuf_finish(&ob);
}

/* --------------------------------------------------------------- JSON */

static void methodcalls_report_json_usec(struct outbuf *ob, const char *key, int has, uint64_t v)
{
	outbuf_puts(ob, key);
	outbuf_u64_or_null(ob, has, v);
}

static void methodcalls_report_json_row(struct outbuf *ob, const struct trace *tr,
                                        const struct methodcalls_row *r)
{
	outbuf_puts(ob, "    {\"tid\": ");
	outbuf_u64(ob, tr->threads[r->thread].tid);
	outbuf_puts(ob, ", \"id\": ");
	methodcalls_write_id(ob, tr, r->method, 0);
	int seq = trace_is_sequence(tr);
	methodcalls_report_json_usec(ob, ", \"start_usec\": ", !seq, r->start);
	methodcalls_report_json_usec(ob, ", \"incl_wall_usec\": ", trace_clock_usec(tr, TV_WALL),
	                             r->incl[TV_WALL]);
	methodcalls_report_json_usec(ob, ", \"incl_cpu_usec\": ", trace_clock_usec(tr, TV_CPU),
	                             r->incl[TV_CPU]);
	outbuf_puts(ob, ", \"wait_usec\": ");
	if (methodcalls_report_dual(tr)) {
		int64_t w = methodcalls_wait(r);
		if (w < 0)
			outbuf_putc(ob, '-');
		outbuf_u64(ob, w < 0 ? (uint64_t)0 - (uint64_t)w : (uint64_t)w);
	} else {
		outbuf_puts(ob, "null");
	}
	outbuf_puts(ob, ", \"depth\": ");
	outbuf_u64(ob, r->depth);
	outbuf_puts(ob, ", \"caller\": ");
	methodcalls_write_id(ob, tr, r->caller, 0);
	if (seq) {
		methodcalls_report_json_usec(ob, ", \"start_event\": ", 1, r->start);
		methodcalls_report_json_usec(ob, ", \"incl_events\": ", 1, r->incl[TV_WALL]);
	}
	outbuf_putc(ob, '}');
}

enum tv_status methodcalls_report_json(FILE *out, const struct methodcalls *c, const char *method,
                                       int clock)
{
	struct methodcalls_summary s;
	if (methodcalls_summarize(c, clock, &s) != TV_OK)
		return TV_ERR_NOMEM;
	char buf[METHODCALLS_REPORT_BUF];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	outbuf_puts(&ob, "{\n  \"schema\": 2,\n  \"method\": ");
	textesc_json_ob(&ob, method, strlen(method));
	outbuf_puts(&ob, ",\n  \"calls\": [");
	for (size_t i = 0; i < c->nrows; i++) {
		outbuf_puts(&ob, i ? ",\n" : "\n");
		methodcalls_report_json_row(&ob, c->tr, &c->rows[i]);
	}
	outbuf_puts(&ob, c->nrows ? "\n  ],\n" : "],\n");
	int seq = trace_is_sequence(c->tr);
	outbuf_puts(&ob, "  \"summary\": {\"clock\": \"");
	outbuf_puts(&ob, seq ? "sequence" : methodcalls_report_clock_name[clock]);
	outbuf_puts(&ob, "\", \"count\": ");
	outbuf_u64(&ob, s.count);
	static const char *const key[] = {"min_usec", "mean_usec", "p50_usec", "p95_usec",
	                                  "max_usec"};
	static const char *const ev_key[] = {"min_events", "mean_events", "p50_events",
	                                     "p95_events", "max_events"};
	const uint64_t v[] = {s.min, s.mean, s.p50, s.p95, s.max};
	for (size_t i = 0; i < 5; i++) {
		outbuf_puts(&ob, ", \"");
		outbuf_puts(&ob, key[i]);
		outbuf_puts(&ob, "\": ");
		outbuf_u64_or_null(&ob, s.count && !seq, v[i]);
	}
	for (size_t i = 0; i < 5 && seq; i++) {
		outbuf_puts(&ob, ", \"");
		outbuf_puts(&ob, ev_key[i]);
		outbuf_puts(&ob, "\": ");
		outbuf_u64_or_null(&ob, s.count != 0, v[i]);
	}
	outbuf_puts(&ob, "}\n}\n");
	return outbuf_finish(&ob);
}
