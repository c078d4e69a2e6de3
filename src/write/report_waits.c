/* report_waits.c: where threads waited (docs/numbers.md, "Wait time"):
 * the calls waits.h finds, per selected thread, each with its stack.
 */
#include "write/report.h"

#include "analyze/methodname.h"
#include "analyze/waits.h"
#include "base/grow.h"
#include "base/numfmt.h"
#include "base/outbuf.h"

#include <stdlib.h>
#include <string.h>

static void report_waits_i64(struct outbuf *ob, int64_t v)
{
	if (v < 0) {
		outbuf_putc(ob, '-');
		outbuf_u64(ob, (uint64_t)0 - (uint64_t)v);
	} else {
		outbuf_u64(ob, (uint64_t)v);
	}
}

static void report_waits_ms(struct outbuf *ob, int64_t v, size_t width)
{
	char buf[2 * NUMFMT_MAX];
	size_t n = 0;
	if (v < 0)
		buf[n++] = '-';
	n += numfmt_put_fixed(buf + n, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v, 3);
	outbuf_putc(ob, ' ');
	outbuf_right(ob, buf, n, width);
}

/* The calls from the root down to call i, root first, into path; depth. */
static uint32_t report_waits_stack(const struct tv_thread *th, uint32_t i, uint32_t **path,
                                   uint32_t *cap)
{
	uint32_t d = 0;
	for (uint32_t q = i; q != TV_ROOT; q = th->parent[q])
		d++;
	if (grow_to32((void **)path, cap, d, sizeof **path) < 0)
		return UINT32_MAX;
	uint32_t k = d;
	for (uint32_t q = i; q != TV_ROOT; q = th->parent[q])
		(*path)[--k] = q;
	return d;
}

/* The thread's heading: its JSON object's start, or "[tid] name" and the
 * column heads (n calls follow). */
static void report_waits_thread_head(struct outbuf *ob, const struct trace *tr,
                                     const struct tv_thread *th, uint32_t n, int json, int first)
{
	if (json) {
		outbuf_puts(ob, first ? "\n    {\"tid\": " : ",\n    {\"tid\": ");
		outbuf_u64(ob, th->tid);
		outbuf_puts(ob, ", \"calls\": [");
		return;
	}
	outbuf_putc(ob, '\n');
	report_text_thread_label(ob, tr, th);
	outbuf_puts(ob, n ? "\n     wait ms      wall ms       cpu ms     start ms  "
	                    "call (and its stack, outermost first)\n"
	                  : "\n  none\n");
}

/* Call c (k-th of its thread) as a JSON object; path[0..d) its stack. */
static void report_waits_json_call(struct outbuf *ob, const struct trace *tr,
                                   const struct tv_thread *th, const struct waits_row *c,
                                   uint32_t k, const uint32_t *path, uint32_t d)
{
	outbuf_puts(ob, k ? ",\n      {\"id\": " : "\n      {\"id\": ");
	methodname_id_ob(ob, tr, th->method[c->call], 0);
	outbuf_puts(ob, ", \"start_usec\": ");
	outbuf_u64(ob, c->start);
	outbuf_puts(ob, ", \"wait_usec\": ");
	report_waits_i64(ob, c->wait);
	outbuf_puts(ob, ", \"incl_wall_usec\": ");
	outbuf_u64(ob, trace_call_incl(th, TV_WALL, c->call));
	outbuf_puts(ob, ", \"incl_cpu_usec\": ");
	outbuf_u64(ob, trace_call_incl(th, TV_CPU, c->call));
	outbuf_puts(ob, ", \"stack\": [");
	for (uint32_t s = 0; s < d; s++) {
		if (s)
			outbuf_puts(ob, ", ");
		methodname_id_ob(ob, tr, th->method[path[s]], 0);
	}
	outbuf_puts(ob, "]}");
}

/* Call c as a text row, then a "from" line per caller on path[0..d). */
static void report_waits_text_call(struct outbuf *ob, const struct trace *tr,
                                   const struct tv_thread *th, const struct waits_row *c,
                                   const uint32_t *path, uint32_t d)
{
	report_waits_ms(ob, c->wait, 12);
	report_waits_ms(ob, (int64_t)trace_call_incl(th, TV_WALL, c->call), 12);
	report_waits_ms(ob, (int64_t)trace_call_incl(th, TV_CPU, c->call), 12);
	report_waits_ms(ob, (int64_t)c->start, 12);
	outbuf_puts(ob, "  ");
	methodname_text_ob(ob, tr, th->method[c->call], 1);
	outbuf_putc(ob, '\n');
	for (uint32_t s = 0; s + 1 < d; s++) {
		outbuf_spaces(ob, 55 + 2 * (size_t)(s < 20 ? s : 20));
		outbuf_puts(ob, "from ");
		methodname_text_ob(ob, tr, th->method[path[s]], 1);
		outbuf_putc(ob, '\n');
	}
}

static int report_waits_write_thread(struct outbuf *ob, const struct trace *tr,
                                     const struct tv_thread *th, const struct waits_row *v,
                                     uint32_t n, int json, int first)
{
	uint32_t *path = NULL, cap = 0;
	report_waits_thread_head(ob, tr, th, n, json, first);
	for (uint32_t k = 0; k < n; k++) {
		uint32_t d = report_waits_stack(th, v[k].call, &path, &cap);
		if (d == UINT32_MAX) {
			free(path);
			return -1;
		}
		if (json)
			report_waits_json_call(ob, tr, th, &v[k], k, path, d);
		else
			report_waits_text_call(ob, tr, th, &v[k], path, d);
	}
	if (json)
		outbuf_puts(ob, n ? "\n    ]}" : "]}");
	free(path);
	return 0;
}

enum tv_status report_waits(FILE *out, const struct profile *p, uint64_t min_wait,
                            uint64_t origin, int json)
{
	const struct trace *tr = p->tr;
	char buf[1 << 14];
	struct outbuf ob;
	struct waits found;
	/* Everything found before anything is written. */
	enum tv_status st = waits_find(&found, tr, p->threads, p->nthreads, min_wait, origin);
	if (st != TV_OK) {
		waits_free(&found);
		return st;
	}
	outbuf_init(&ob, out, buf, sizeof buf);
	if (json) {
		outbuf_puts(&ob, "{\"schema\": 2, \"min_wait_usec\": ");
		outbuf_u64(&ob, min_wait);
		outbuf_puts(&ob, ", \"threads\": [");
	} else {
		outbuf_puts(&ob, "Waits of at least ");
		outbuf_fixed(&ob, min_wait, 3);
		outbuf_puts(&ob, " ms (wait = incl wall - incl cpu): the innermost such calls, "
		                 "longest first; start on the timeline (ms)\n");
	}
	for (uint32_t t = 0; t < p->nthreads && st == TV_OK; t++) {
		const struct tv_thread *th = &tr->threads[p->threads[t]];
		if (report_waits_write_thread(&ob, tr, th, found.rows + found.first[t],
		                              (uint32_t)(found.first[t + 1] - found.first[t]), json, t == 0) < 0)
			st = TV_ERR_NOMEM;
	}
	waits_free(&found);
	if (json)
		outbuf_puts(&ob, p->nthreads ? "\n  ]}\n" : "]}\n");
	enum tv_status w = outbuf_finish(&ob);
	return st != TV_OK ? st : w;
}
