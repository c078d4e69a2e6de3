/* report_text.c: a Traceview-style profile for people and for diffs.
 *
 * Three parts: header facts, the method table, then every method with its
 * parents and children. Columns have fixed widths (not fitted to the data)
 * so that one changed number changes one line of a diff; nothing depends on
 * the time or place of the run. Times are ms with three decimals (exact µs).
 */
#include "report.h"
#include "methodname.h"
#include "numfmt.h"
#include "outbuf.h"
#include "textesc.h"

#include <stdlib.h>
#include <string.h>

enum {
	W_PCT = 10,     /* "Incl Real%" */
	W_TIME = 11,    /* 9999999.999 ms */
	W_CALLS = 11,
	W_PCALL = 10,
	W_ROLE = 6,     /* "parent" */
};

static const char *const text_clock_label[TV_NCLOCKS] = { "Cpu", "Real" };

enum { TEXT_BUF = 1 << 16 };

/* "  " and s (n bytes) right-aligned in width columns. Cells are most of
 * the report: short ones are padded in place. */
static void text_cell_n(struct outbuf *ob, const char *s, size_t n, int width)
{
	size_t pad = n < (size_t)width ? (size_t)width - n : 0;
	if (pad + n > 64) {
		outbuf_spaces(ob, 2 + pad);
		outbuf_write(ob, s, n);
		return;
	}
	char *p = outbuf_reserve(ob, 2 + 64);
	memset(p, ' ', 2 + pad);
	memcpy(p + 2 + pad, s, n);
	outbuf_commit(ob, p + 2 + pad + n);
}

static void text_cell(struct outbuf *ob, const char *s, int width)
{
	text_cell_n(ob, s, strlen(s), width);
}

/* x as a percentage of d with one decimal, "-" when d is 0. */
static void text_pct_cell(struct outbuf *ob, uint64_t x, uint64_t d)
{
	char buf[NUMFMT_MAX];
	text_cell_n(ob, buf, numfmt_put_pct(buf, x, d, 1), W_PCT);
}

static void text_ms_cell(struct outbuf *ob, uint64_t usec, int width)
{
	char buf[NUMFMT_MAX];
	text_cell_n(ob, buf, numfmt_put_fixed(buf, usec, 3), width);
}

/* "a<sep>b" in a cell: the calls columns. */
static void text_pair_cell(struct outbuf *ob, uint64_t a, char sep, uint64_t b, int width)
{
	char buf[2 * NUMFMT_MAX];
	size_t n = numfmt_put_u64(buf, a);
	buf[n++] = sep;
	n += numfmt_put_u64(buf + n, b);
	text_cell_n(ob, buf, n, width);
}

/* A header line's label, left-aligned as every label is. */
static void text_label(struct outbuf *ob, const char *label)
{
	outbuf_left(ob, label, 10);
	outbuf_putc(ob, ' ');
}

/* An option's value escaped after a label, when the trace has it. */
static void text_option_line(struct outbuf *ob, const struct trace *tr, const char *label,
                             const char *key)
{
	size_t len;
	const char *v = trace_option(tr, key, &len);
	if (!v)
		return;
	text_label(ob, label);
	textesc_text_ob(ob, v, len);
	outbuf_putc(ob, '\n');
}

static void text_threads(struct outbuf *ob, const struct profile *p)
{
	const struct trace *tr = p->tr;

	text_label(ob, "threads");
	outbuf_u64(ob, p->nthreads);
	outbuf_puts(ob, " of ");
	outbuf_u64(ob, tr->nthreads);
	outbuf_puts(ob, " selected\n");
	text_cell(ob, "records", W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c]) {
			text_cell(ob, c == TV_CPU ? "cpu" : "wall", W_TIME - 3);
			outbuf_puts(ob, " ms");
		}
	outbuf_puts(ob, "  thread\n");
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		char buf[NUMFMT_MAX];
		text_cell_n(ob, buf, numfmt_put_u64(buf, th->records), W_CALLS);
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (tr->has_clock[c])
				text_ms_cell(ob, trace_thread_span(th, c), W_TIME);
		outbuf_puts(ob, "  [");
		outbuf_u64(ob, th->tid);
		outbuf_putc(ob, ']');
		if (tv_str_present(th->name) && th->name.len) {
			outbuf_putc(ob, ' ');
			textesc_text_ob(ob, trace_str(tr, th->name), th->name.len);
		}
		outbuf_putc(ob, '\n');
	}
}

static void text_warnings(struct outbuf *ob, const struct trace *tr)
{
	char buf[512];

	if (tv_warnings_kinds(&tr->warnings) == 0) {
		text_label(ob, "warnings");
		outbuf_puts(ob, "none\n");
		return;
	}
	outbuf_puts(ob, "warnings\n");
	for (int k = 0; k < TV_WARN_COUNT; k++) {
		if (tr->warnings.count[k] == 0)
			continue;
		tv_warnings_format(&tr->warnings, (enum tv_warn)k, buf, sizeof buf);
		outbuf_puts(ob, "  ");
		textesc_text_ob(ob, buf, strlen(buf));
		outbuf_putc(ob, '\n');
	}
}

/* How long the recording lasted: earliest to latest timestamp of any
 * thread in the file (whatever the selection), on the sort clock. A trace
 * without a wall clock lines the threads' CPU clocks up by raw value, as
 * the timeline does. */
static void text_recording(struct outbuf *ob, const struct trace *tr)
{
	int c = trace_sort_clock(tr);
	uint64_t lo = UINT64_MAX, hi = 0;

	for (uint32_t i = 0; i < tr->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[i];
		if (!th->records)
			continue;
		if (th->first[c] < lo)
			lo = th->first[c];
		if (th->last[c] > hi)
			hi = th->last[c];
	}
	text_label(ob, "recording");
	outbuf_puts(ob, c == TV_CPU ? "cpu " : "wall ");
	outbuf_fixed(ob, hi >= lo ? hi - lo : 0, 3);
	outbuf_puts(ob, " ms (earliest to latest record)\n");
}

/* The key's elapsed-time-usec, as ms when it is a plain number. */
static void text_elapsed(struct outbuf *ob, const struct trace *tr)
{
	size_t len;
	const char *v = trace_option(tr, "elapsed-time-usec", &len);
	uint64_t us = 0;
	size_t i = 0;

	if (!v)
		return;
	for (; i < len && i < 19 && v[i] >= '0' && v[i] <= '9'; i++)
		us = us * 10 + (uint64_t)(v[i] - '0');
	text_label(ob, "elapsed");
	if (i == len && len > 0) {
		outbuf_fixed(ob, us, 3);
		outbuf_puts(ob, " ms");
	} else {
		textesc_text_ob(ob, v, len);
	}
	outbuf_puts(ob, " (elapsed-time-usec)\n");
}

static void text_header(struct outbuf *ob, const struct profile *p, const char *name)
{
	const struct trace *tr = p->tr;

	if (name) {
		text_label(ob, "file");
		textesc_text_ob(ob, name, strlen(name));
		outbuf_putc(ob, '\n');
	}
	text_option_line(ob, tr, "vm", "vm");
	text_label(ob, "version");
	outbuf_u64(ob, tr->version);
	outbuf_puts(ob, tr->streaming ? " streaming\n" : "\n");
	text_label(ob, "clock");
	outbuf_puts(ob, trace_clock_name(tr->clock));
	outbuf_putc(ob, '\n');
	text_option_line(ob, tr, "pid", "pid");
	text_threads(ob, p);
	text_recording(ob, tr);
	text_elapsed(ob, tr);
	/* The Σ of the selected threads' spans: several threads running at
	 * once make it longer than the recording. */
	outbuf_puts(ob, "thread time");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		outbuf_puts(ob, c == TV_CPU ? " cpu " : " wall ");
		outbuf_fixed(ob, p->top_incl[c], 3);
		outbuf_puts(ob, " ms");
	}
	outbuf_putc(ob, '\n');
	text_warnings(ob, tr);
}

/* One row of the method table. */
static void text_table_row(struct outbuf *ob, const struct profile *p, uint32_t idx,
                           const uint64_t *incl, const uint64_t *excl,
                           uint64_t calls, uint64_t rcalls)
{
	const struct trace *tr = p->tr;

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		text_pct_cell(ob, incl[c], p->top_incl[c]);
		text_ms_cell(ob, incl[c], W_TIME);
		text_pct_cell(ob, excl[c], p->top_incl[c]);
		text_ms_cell(ob, excl[c], W_TIME);
	}
	text_pair_cell(ob, calls, '+', rcalls, W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		uint64_t n = calls + rcalls;
		if (n)
			text_ms_cell(ob, numfmt_div_round(incl[c], n, 0), W_PCALL);
		else
			text_cell(ob, "-", W_PCALL);
	}
	outbuf_puts(ob, "  ");
	methodname_text_ob(ob, tr, idx, 1);
	outbuf_putc(ob, '\n');
}

/* A column title: prefix, the clock's label, suffix. */
static void text_title_cell(struct outbuf *ob, const char *prefix, int c, const char *suffix,
                            int width)
{
	char label[32];
	snprintf(label, sizeof label, "%s%s%s", prefix, text_clock_label[c], suffix);
	text_cell(ob, label, width);
}

static void text_table(struct outbuf *ob, const struct profile *p)
{
	const struct trace *tr = p->tr;

	outbuf_puts(ob, "\nMethods (times in ms; percentages of the toplevel incl of the same clock)\n");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		text_title_cell(ob, "Incl ", c, "%", W_PCT);
		text_title_cell(ob, "Incl ", c, "", W_TIME);
		text_title_cell(ob, "Excl ", c, "%", W_PCT);
		text_title_cell(ob, "Excl ", c, "", W_TIME);
	}
	text_cell(ob, "Calls+Rec", W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c])
			text_title_cell(ob, "", c, "/Call", W_PCALL);
	outbuf_puts(ob, "  Name\n");
	/* The toplevel's calls are its roots, one per selected thread, as in
	 * Traceview. */
	text_table_row(ob, p, PROF_TOPLEVEL, p->top_incl, p->top_excl, p->nthreads, 0);
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		text_table_row(ob, p, p->order[i], pm->incl, pm->excl, pm->calls, pm->rcalls);
	}
}

/* Leading role cell and the per-clock time cells of a detail row. */
static void text_detail_times(struct outbuf *ob, const struct trace *tr, const char *role,
                              const uint64_t *v, const uint64_t *of)
{
	outbuf_puts(ob, "  ");
	outbuf_left(ob, role, W_ROLE);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		text_pct_cell(ob, v[c], of[c]);
		text_ms_cell(ob, v[c], W_TIME);
	}
}

/* Total calls of a method (non-recursive + recursive); the toplevel has
 * one per selected thread. */
static uint64_t text_total_calls(const struct profile *p, uint32_t idx)
{
	if (idx == PROF_TOPLEVEL)
		return p->nthreads;
	return p->methods[idx].calls + p->methods[idx].rcalls;
}

/* Parent rows count against the method's calls, child rows against the
 * child's: "how many of its calls came through this edge". A recursive
 * row counts the edge's "while recursive" half over the same total. */
static void text_edge_row(struct outbuf *ob, const struct profile *p, const char *role,
                          const struct prof_edge *e, int recursive, const uint64_t *of,
                          uint64_t method_total, int of_child)
{
	uint64_t total = of_child ? text_total_calls(p, e->method) : method_total;

	text_detail_times(ob, p->tr, role, recursive ? e->rincl : e->incl, of);
	text_pair_cell(ob, recursive ? e->rcalls : e->calls, '/', total, W_CALLS);
	outbuf_puts(ob, "  ");
	methodname_text_ob(ob, p->tr, e->method, 1);
	outbuf_putc(ob, '\n');
}

/* The plain half of every edge that has one, in the list's order. */
static void text_edge_rows(struct outbuf *ob, const struct profile *p, const char *role,
                           const struct prof_edge *e, uint32_t n, const uint64_t *of,
                           uint64_t method_total, int of_child)
{
	for (uint32_t i = 0; i < n; i++)
		if (e[i].calls)
			text_edge_row(ob, p, role, &e[i], 0, of, method_total, of_child);
}

/* A recursive half waiting to be listed: its incl on the sort clock and
 * its place in the edge list (the tie-break, so the order is total). */
struct text_rec {
	uint64_t rincl;
	uint32_t i;
};

static int text_rec_cmp(const void *a, const void *b)
{
	const struct text_rec *x = a, *y = b;
	if (x->rincl != y->rincl)
		return x->rincl > y->rincl ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* "Parents while recursive" or "Children while recursive": the recursive
 * halves, biggest first as Traceview lists them; nothing when there are
 * none. rec is scratch space for n entries. */
static void text_rec_rows(struct outbuf *ob, const struct profile *p, const char *title,
                          const char *role, const struct prof_edge *e, uint32_t n,
                          const uint64_t *of, uint64_t method_total, int of_child,
                          struct text_rec *rec)
{
	int clock = trace_sort_clock(p->tr);
	uint32_t k = 0;

	for (uint32_t i = 0; i < n; i++)
		if (e[i].rcalls)
			rec[k++] = (struct text_rec){e[i].rincl[clock], i};
	if (!k)
		return;
	qsort(rec, k, sizeof *rec, text_rec_cmp);
	outbuf_puts(ob, "  ");
	outbuf_puts(ob, title);
	outbuf_putc(ob, '\n');
	for (uint32_t i = 0; i < k; i++)
		text_edge_row(ob, p, role, &e[rec[i].i], 1, of, method_total, of_child);
}

static void text_detail(struct outbuf *ob, const struct profile *p, uint32_t idx,
                        const struct prof_edge *parents, uint32_t nparents,
                        const struct prof_edge *children, uint32_t nchildren,
                        const uint64_t *incl, const uint64_t *excl, struct text_rec *scratch)
{
	uint64_t total = text_total_calls(p, idx);

	outbuf_putc(ob, '\n');
	methodname_text_ob(ob, p->tr, idx, 1);
	outbuf_putc(ob, '\n');
	text_edge_rows(ob, p, "parent", parents, nparents, incl, total, 0);
	text_detail_times(ob, p->tr, "self", excl, incl);
	outbuf_putc(ob, '\n');
	text_edge_rows(ob, p, "child", children, nchildren, incl, 0, 1);
	text_rec_rows(ob, p, "Parents while recursive", "parent", parents, nparents, incl,
	              total, 0, scratch);
	text_rec_rows(ob, p, "Children while recursive", "child", children, nchildren, incl,
	              0, 1, scratch);
}

/* The longest edge list, for the scratch space of text_rec_rows(). */
static uint32_t text_longest_list(const struct profile *p)
{
	uint32_t most = p->ntop_children;
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		if (pm->nparents > most)
			most = pm->nparents;
		if (pm->nchildren > most)
			most = pm->nchildren;
	}
	return most;
}

static void text_details(struct outbuf *ob, const struct profile *p, struct text_rec *scratch)
{
	const struct trace *tr = p->tr;

	outbuf_puts(ob, "\nParents and children (percentages of the method's incl; calls: "
	                "of the method's for parents, of the child's for children)\n");
	outbuf_puts(ob, "  ");
	outbuf_spaces(ob, W_ROLE);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		text_title_cell(ob, "Incl ", c, "%", W_PCT);
		text_title_cell(ob, "Incl ", c, "", W_TIME);
	}
	text_cell(ob, "Calls", W_CALLS);
	outbuf_puts(ob, "  Name\n");
	text_detail(ob, p, PROF_TOPLEVEL, NULL, 0, p->top_children, p->ntop_children,
	            p->top_incl, p->top_excl, scratch);
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		text_detail(ob, p, p->order[i], pm->parents, pm->nparents,
		            pm->children, pm->nchildren, pm->incl, pm->excl, scratch);
	}
}

enum tv_status report_text(FILE *out, const struct profile *p, const char *name)
{
	/* Scratch for the recursive rows first, so a lack of memory writes
	 * nothing rather than half a report. */
	uint32_t most = text_longest_list(p);
	struct text_rec *scratch = malloc((size_t)(most ? most : 1) * sizeof *scratch);
	if (!scratch)
		return TV_ERR_NOMEM;

	_Static_assert(TEXT_BUF >= OUTBUF_MIN, "outbuf_init needs OUTBUF_MIN");
	char buf[TEXT_BUF];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	text_header(&ob, p, name);
	text_table(&ob, p);
	text_details(&ob, p, scratch);
	free(scratch);
	return outbuf_finish(&ob);
}
