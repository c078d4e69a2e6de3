/* report_jank.c: the jank reports (report.h) of jank.h's calls (docs/cli.md,
 * "--format=jank").
 *
 * Text: a header naming the thread, the rule that chose it and the
 * budget, then one row per listed call (times in ms with three decimals;
 * "-" for a clock the trace lacks), then its cause, "blocked 61%:
 * Object.wait" with the method as the path names it, and its heaviest
 * path, names joined by " > ". JSON: one object, one call a line.
 */
#include "write/report.h"

#include <string.h>

#include "analyze/methodname.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"

enum { JANK_REPORT_BUF = 1 << 16, JANK_REPORT_W_START = 13, JANK_REPORT_W_TIME = 11 };

static int jank_report_dual(const struct trace *tr)
{
	return tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
}

static int64_t jank_report_wait(const struct jank_row *r)
{
	return (int64_t)(r->incl[TV_WALL] - r->incl[TV_CPU]);
}

/* A signed µs value; scale 3 writes it as ms. */
static void jank_report_signed(struct outbuf *ob, int64_t v, unsigned decimals)
{
	if (v < 0)
		outbuf_putc(ob, '-');
	uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	if (decimals)
		outbuf_fixed(ob, mag, decimals);
	else
		outbuf_u64(ob, mag);
}

static void jank_report_cell(struct outbuf *ob, int has, uint64_t usec, size_t width)
{
	char buf[NUMFMT_MAX];
	outbuf_write(ob, "  ", 2);
	if (has)
		outbuf_right(ob, buf, numfmt_put_fixed(buf, usec, 3), width);
	else
		outbuf_right(ob, "-", 1, width);
}

static void jank_report_wait_cell(struct outbuf *ob, const struct trace *tr,
                                  const struct jank_row *r)
{
	char buf[NUMFMT_MAX + 1];
	size_t n = 0;
	outbuf_write(ob, "  ", 2);
	if (!jank_report_dual(tr)) {
		outbuf_right(ob, "-", 1, JANK_REPORT_W_TIME);
		return;
	}
	int64_t w = jank_report_wait(r);
	if (w < 0)
		buf[n++] = '-';
	n += numfmt_put_fixed(buf + n, w < 0 ? (uint64_t)0 - (uint64_t)w : (uint64_t)w, 3);
	outbuf_right(ob, buf, n, JANK_REPORT_W_TIME);
}

/* Why this thread (docs/numbers.md, "Jank"); nothing when the caller
 * chose it. */
static void jank_report_rule(struct outbuf *ob, const struct jank *j)
{
	static const char *const why[] = {
		[JANK_RULE_MAIN] = " (the one thread named main)",
		[JANK_RULE_PID] = " (its tid is the key's pid; no one thread is named main)",
		[JANK_RULE_FIRST] = " (the first of the key's threads; none is named main or has "
		                    "the key's pid)",
	};
	if (j->rule == JANK_RULE_GIVEN)
		return;
	outbuf_puts(ob, "thread rule: ");
	outbuf_puts(ob, jank_rule_name(j->rule));
	outbuf_puts(ob, why[j->rule]);
	outbuf_puts(ob, j->among ? ", among the selected threads\n" : "\n");
}

static void jank_report_header(struct outbuf *ob, const struct jank *j)
{
	const struct trace *tr = j->tr;
	const struct tv_thread *th = &tr->threads[j->thread];
	outbuf_puts(ob, "Jank on thread ");
	outbuf_u64(ob, th->tid);
	if (trace_str(tr, th->name)) {
		outbuf_putc(ob, ' ');
		textesc_text_ob(ob, trace_str(tr, th->name), th->name.len);
	}
	outbuf_puts(ob, ": ");
	outbuf_u64(ob, j->nrows);
	outbuf_puts(ob, j->nrows == 1 ? " frame-critical call" : " frame-critical calls");
	outbuf_puts(ob, " of at least ");
	outbuf_fixed(ob, j->frame, 3);
	outbuf_puts(ob, " ms wall, outermost only, longest first\n");
	jank_report_rule(ob, j);
	outbuf_puts(ob, "times in ms, start on the wall axis from the trace's first timestamp\n");
}

/* One call: its numbers and method, then its cause and heaviest path. */
static void jank_report_row(struct outbuf *ob, const struct jank *j, const struct jank_row *r)
{
	const struct trace *tr = j->tr;
	const struct tv_thread *th = &tr->threads[j->thread];
	jank_report_cell(ob, 1, r->start, JANK_REPORT_W_START);
	jank_report_cell(ob, 1, r->incl[TV_WALL], JANK_REPORT_W_TIME);
	jank_report_cell(ob, tr->has_clock[TV_CPU], r->incl[TV_CPU], JANK_REPORT_W_TIME);
	jank_report_wait_cell(ob, tr, r);
	outbuf_write(ob, "  ", 2);
	methodname_text_ob(ob, tr, r->method, 1);
	outbuf_puts(ob, "\n      cause: ");
	outbuf_puts(ob, category_name(r->cause.cat));
	outbuf_putc(ob, ' ');
	outbuf_u64(ob, r->cause.share);
	outbuf_puts(ob, "%: ");
	methodname_text_ob(ob, tr, r->cause.method, 0);
	outbuf_puts(ob, "\n      heaviest path: ");
	for (size_t k = 0; k < r->npath; k++) {
		if (k)
			outbuf_puts(ob, " > ");
		methodname_text_ob(ob, tr, th->method[j->paths[r->path + k]], 0);
	}
	outbuf_putc(ob, '\n');
}

enum tv_status jank_report_text(FILE *out, const struct jank *j)
{
	char buf[JANK_REPORT_BUF];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	jank_report_header(&ob, j);
	if (j->nrows) {
		outbuf_putc(&ob, '\n');
		outbuf_right(&ob, "start", 5, JANK_REPORT_W_START + 2);
		static const char *const title[] = {"wall", "cpu", "wait"};
		for (int i = 0; i < 3; i++) {
			outbuf_write(&ob, "  ", 2);
			outbuf_right(&ob, title[i], strlen(title[i]), JANK_REPORT_W_TIME);
		}
		outbuf_puts(&ob, "  method\n");
	}
	for (size_t i = 0; i < j->nrows; i++)
		jank_report_row(&ob, j, &j->rows[i]);
	return outbuf_finish(&ob);
}

static void jank_report_id(struct outbuf *ob, const struct trace *tr, uint32_t method)
{
	methodcalls_write_id(ob, tr, method, 0);
}

enum tv_status jank_report_json(FILE *out, const struct jank *j)
{
	char buf[JANK_REPORT_BUF];
	struct outbuf ob;
	const struct trace *tr = j->tr;
	const struct tv_thread *th = &tr->threads[j->thread];
	outbuf_init(&ob, out, buf, sizeof buf);
	outbuf_puts(&ob, "{\n  \"schema\": 2,\n  \"tid\": ");
	outbuf_u64(&ob, th->tid);
	outbuf_puts(&ob, ",\n  \"thread_rule\": \"");
	outbuf_puts(&ob, jank_rule_name(j->rule));
	outbuf_puts(&ob, "\",\n  \"frame_usec\": ");
	outbuf_u64(&ob, j->frame);
	outbuf_puts(&ob, ",\n  \"calls\": [");
	for (size_t i = 0; i < j->nrows; i++) {
		const struct jank_row *r = &j->rows[i];
		outbuf_puts(&ob, i ? ",\n    {\"id\": " : "\n    {\"id\": ");
		jank_report_id(&ob, tr, r->method);
		outbuf_puts(&ob, ", \"start_usec\": ");
		outbuf_u64(&ob, r->start);
		outbuf_puts(&ob, ", \"incl_wall_usec\": ");
		outbuf_u64(&ob, r->incl[TV_WALL]);
		outbuf_puts(&ob, ", \"incl_cpu_usec\": ");
		if (tr->has_clock[TV_CPU])
			outbuf_u64(&ob, r->incl[TV_CPU]);
		else
			outbuf_puts(&ob, "null");
		outbuf_puts(&ob, ", \"wait_usec\": ");
		if (jank_report_dual(tr))
			jank_report_signed(&ob, jank_report_wait(r), 0);
		else
			outbuf_puts(&ob, "null");
		outbuf_puts(&ob, ", \"cause\": {\"category\": \"");
		outbuf_puts(&ob, category_name(r->cause.cat));
		outbuf_puts(&ob, "\", \"share\": ");
		outbuf_u64(&ob, r->cause.share);
		outbuf_puts(&ob, ", \"method\": ");
		jank_report_id(&ob, tr, r->cause.method);
		outbuf_puts(&ob, "}, \"path\": [");
		for (size_t k = 0; k < r->npath; k++) {
			if (k)
				outbuf_puts(&ob, ", ");
			jank_report_id(&ob, tr, th->method[j->paths[r->path + k]]);
		}
		outbuf_puts(&ob, "]}");
	}
	outbuf_puts(&ob, j->nrows ? "\n  ]\n}\n" : "]\n}\n");
	return outbuf_finish(&ob);
}
