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
#include "textesc.h"

#include <inttypes.h>
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

static void text_cell(FILE *out, const char *s, int width)
{
	fprintf(out, "  %*s", width, s);
}

/* x as a percentage of d with one decimal, "-" when d is 0. */
static void text_pct_cell(FILE *out, uint64_t x, uint64_t d)
{
	char buf[32];
	numfmt_pct(buf, sizeof buf, x, d, 1);
	text_cell(out, buf, W_PCT);
}

static void text_ms_cell(FILE *out, uint64_t usec, int width)
{
	char buf[32];
	numfmt_ms(buf, sizeof buf, usec);
	text_cell(out, buf, width);
}

/* An option's value escaped after a label, when the trace has it. */
static void text_option_line(FILE *out, const struct trace *tr, const char *label,
                             const char *key)
{
	size_t len;
	const char *v = trace_option(tr, key, &len);
	if (!v)
		return;
	fprintf(out, "%-10s ", label);
	textesc_text(out, v, len);
	putc('\n', out);
}

static void text_threads(FILE *out, const struct profile *p)
{
	const struct trace *tr = p->tr;

	fprintf(out, "%-10s %" PRIu32 " of %" PRIu32 " selected\n", "threads",
	        p->nthreads, tr->nthreads);
	fprintf(out, "  %*s", W_CALLS, "records");
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c])
			fprintf(out, "  %*s ms", W_TIME - 3, c == TV_CPU ? "cpu" : "wall");
	fputs("  thread\n", out);
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		char buf[32];
		snprintf(buf, sizeof buf, "%" PRIu64, th->records);
		text_cell(out, buf, W_CALLS);
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (tr->has_clock[c])
				text_ms_cell(out, trace_thread_span(th, c), W_TIME);
		fprintf(out, "  [%" PRIu32 "]", th->tid);
		if (tv_str_present(th->name) && th->name.len) {
			putc(' ', out);
			textesc_text(out, trace_str(tr, th->name), th->name.len);
		}
		putc('\n', out);
	}
}

static void text_warnings(FILE *out, const struct trace *tr)
{
	char buf[512];

	if (tv_warnings_kinds(&tr->warnings) == 0) {
		fprintf(out, "%-10s none\n", "warnings");
		return;
	}
	fputs("warnings\n", out);
	for (int k = 0; k < TV_WARN_COUNT; k++) {
		if (tr->warnings.count[k] == 0)
			continue;
		tv_warnings_format(&tr->warnings, (enum tv_warn)k, buf, sizeof buf);
		fputs("  ", out);
		textesc_text(out, buf, strlen(buf));
		putc('\n', out);
	}
}

/* How long the recording lasted: earliest to latest timestamp of any
 * thread in the file (whatever the selection), on the sort clock. A trace
 * without a wall clock lines the threads' CPU clocks up by raw value, as
 * the timeline does. */
static void text_recording(FILE *out, const struct trace *tr)
{
	int c = trace_sort_clock(tr);
	uint64_t lo = UINT64_MAX, hi = 0;
	char buf[32];

	for (uint32_t i = 0; i < tr->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[i];
		if (!th->records)
			continue;
		if (th->first[c] < lo)
			lo = th->first[c];
		if (th->last[c] > hi)
			hi = th->last[c];
	}
	numfmt_ms(buf, sizeof buf, hi >= lo ? hi - lo : 0);
	fprintf(out, "%-10s %s %s ms (earliest to latest record)\n", "recording",
	        c == TV_CPU ? "cpu" : "wall", buf);
}

/* The key's elapsed-time-usec, as ms when it is a plain number. */
static void text_elapsed(FILE *out, const struct trace *tr)
{
	size_t len;
	const char *v = trace_option(tr, "elapsed-time-usec", &len);
	uint64_t us = 0;
	size_t i = 0;

	if (!v)
		return;
	for (; i < len && i < 19 && v[i] >= '0' && v[i] <= '9'; i++)
		us = us * 10 + (uint64_t)(v[i] - '0');
	fprintf(out, "%-10s ", "elapsed");
	if (i == len && len > 0) {
		char buf[32];
		numfmt_ms(buf, sizeof buf, us);
		fprintf(out, "%s ms", buf);
	} else {
		textesc_text(out, v, len);
	}
	fputs(" (elapsed-time-usec)\n", out);
}

static void text_header(FILE *out, const struct profile *p, const char *name)
{
	const struct trace *tr = p->tr;

	if (name) {
		fprintf(out, "%-10s ", "file");
		textesc_text(out, name, strlen(name));
		putc('\n', out);
	}
	text_option_line(out, tr, "vm", "vm");
	fprintf(out, "%-10s %u%s\n", "version", tr->version, tr->streaming ? " streaming" : "");
	fprintf(out, "%-10s %s\n", "clock", trace_clock_name(tr->clock));
	text_option_line(out, tr, "pid", "pid");
	text_threads(out, p);
	text_recording(out, tr);
	text_elapsed(out, tr);
	/* The Σ of the selected threads' spans: several threads running at
	 * once make it longer than the recording. */
	fputs("thread time", out);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		char buf[32];
		numfmt_ms(buf, sizeof buf, p->top_incl[c]);
		fprintf(out, " %s %s ms", c == TV_CPU ? "cpu" : "wall", buf);
	}
	putc('\n', out);
	text_warnings(out, tr);
}

/* One row of the method table. */
static void text_table_row(FILE *out, const struct profile *p, uint32_t idx,
                           const uint64_t *incl, const uint64_t *excl,
                           uint64_t calls, uint64_t rcalls)
{
	const struct trace *tr = p->tr;
	char buf[48];

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		text_pct_cell(out, incl[c], p->top_incl[c]);
		text_ms_cell(out, incl[c], W_TIME);
		text_pct_cell(out, excl[c], p->top_incl[c]);
		text_ms_cell(out, excl[c], W_TIME);
	}
	snprintf(buf, sizeof buf, "%" PRIu64 "+%" PRIu64, calls, rcalls);
	text_cell(out, buf, W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		uint64_t n = calls + rcalls;
		if (n)
			text_ms_cell(out, numfmt_div_round(incl[c], n, 0), W_PCALL);
		else
			text_cell(out, "-", W_PCALL);
	}
	fputs("  ", out);
	methodname_text(out, tr, idx, 1);
	putc('\n', out);
}

static void text_table(FILE *out, const struct profile *p)
{
	const struct trace *tr = p->tr;
	char label[32];

	fputs("\nMethods (times in ms; percentages of the toplevel incl of the same clock)\n", out);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		const char *k = text_clock_label[c];
		snprintf(label, sizeof label, "Incl %s%%", k);
		text_cell(out, label, W_PCT);
		snprintf(label, sizeof label, "Incl %s", k);
		text_cell(out, label, W_TIME);
		snprintf(label, sizeof label, "Excl %s%%", k);
		text_cell(out, label, W_PCT);
		snprintf(label, sizeof label, "Excl %s", k);
		text_cell(out, label, W_TIME);
	}
	text_cell(out, "Calls+Rec", W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		snprintf(label, sizeof label, "%s/Call", text_clock_label[c]);
		text_cell(out, label, W_PCALL);
	}
	fputs("  Name\n", out);
	/* The toplevel's calls are its roots, one per selected thread, as in
	 * Traceview. */
	text_table_row(out, p, PROF_TOPLEVEL, p->top_incl, p->top_excl, p->nthreads, 0);
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		text_table_row(out, p, p->order[i], pm->incl, pm->excl, pm->calls, pm->rcalls);
	}
}

/* Leading role cell and the per-clock time cells of a detail row. */
static void text_detail_times(FILE *out, const struct trace *tr, const char *role,
                              const uint64_t *v, const uint64_t *of)
{
	fprintf(out, "  %-*s", W_ROLE, role);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		text_pct_cell(out, v[c], of[c]);
		text_ms_cell(out, v[c], W_TIME);
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
static void text_edge_row(FILE *out, const struct profile *p, const char *role,
                          const struct prof_edge *e, int recursive, const uint64_t *of,
                          uint64_t method_total, int of_child)
{
	char buf[48];
	uint64_t total = of_child ? text_total_calls(p, e->method) : method_total;

	text_detail_times(out, p->tr, role, recursive ? e->rincl : e->incl, of);
	snprintf(buf, sizeof buf, "%" PRIu64 "/%" PRIu64, recursive ? e->rcalls : e->calls,
	         total);
	text_cell(out, buf, W_CALLS);
	fputs("  ", out);
	methodname_text(out, p->tr, e->method, 1);
	putc('\n', out);
}

/* The plain half of every edge that has one, in the list's order. */
static void text_edge_rows(FILE *out, const struct profile *p, const char *role,
                           const struct prof_edge *e, uint32_t n, const uint64_t *of,
                           uint64_t method_total, int of_child)
{
	for (uint32_t i = 0; i < n; i++)
		if (e[i].calls)
			text_edge_row(out, p, role, &e[i], 0, of, method_total, of_child);
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
static void text_rec_rows(FILE *out, const struct profile *p, const char *title,
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
	fprintf(out, "  %s\n", title);
	for (uint32_t i = 0; i < k; i++)
		text_edge_row(out, p, role, &e[rec[i].i], 1, of, method_total, of_child);
}

static void text_detail(FILE *out, const struct profile *p, uint32_t idx,
                        const struct prof_edge *parents, uint32_t nparents,
                        const struct prof_edge *children, uint32_t nchildren,
                        const uint64_t *incl, const uint64_t *excl, struct text_rec *scratch)
{
	uint64_t total = text_total_calls(p, idx);

	putc('\n', out);
	methodname_text(out, p->tr, idx, 1);
	putc('\n', out);
	text_edge_rows(out, p, "parent", parents, nparents, incl, total, 0);
	text_detail_times(out, p->tr, "self", excl, incl);
	putc('\n', out);
	text_edge_rows(out, p, "child", children, nchildren, incl, 0, 1);
	text_rec_rows(out, p, "Parents while recursive", "parent", parents, nparents, incl,
	              total, 0, scratch);
	text_rec_rows(out, p, "Children while recursive", "child", children, nchildren, incl,
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

static enum tv_status text_details(FILE *out, const struct profile *p)
{
	const struct trace *tr = p->tr;
	char label[32];
	uint32_t most = text_longest_list(p);
	struct text_rec *scratch = malloc((size_t)(most ? most : 1) * sizeof *scratch);

	if (!scratch)
		return TV_ERR_NOMEM;
	fputs("\nParents and children (percentages of the method's incl; calls: "
	      "of the method's for parents, of the child's for children)\n", out);
	fprintf(out, "  %-*s", W_ROLE, "");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		snprintf(label, sizeof label, "Incl %s%%", text_clock_label[c]);
		text_cell(out, label, W_PCT);
		snprintf(label, sizeof label, "Incl %s", text_clock_label[c]);
		text_cell(out, label, W_TIME);
	}
	text_cell(out, "Calls", W_CALLS);
	fputs("  Name\n", out);
	text_detail(out, p, PROF_TOPLEVEL, NULL, 0, p->top_children, p->ntop_children,
	            p->top_incl, p->top_excl, scratch);
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		text_detail(out, p, p->order[i], pm->parents, pm->nparents,
		            pm->children, pm->nchildren, pm->incl, pm->excl, scratch);
	}
	free(scratch);
	return TV_OK;
}

enum tv_status report_text(FILE *out, const struct profile *p, const char *name)
{
	text_header(out, p, name);
	text_table(out, p);
	enum tv_status st = text_details(out, p);
	if (st != TV_OK)
		return st;
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}
