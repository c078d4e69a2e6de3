/* report_text.c: a Traceview-style profile for people and for diffs.
 *
 * Three parts: header facts, the method table, then every method with its
 * parents and children. Columns have fixed widths (not fitted to the data)
 * so that one changed number changes one line of a diff; nothing depends on
 * the time or place of the run. Times are ms with three decimals (exact µs).
 */
#include "analyze/category.h"
#include "analyze/methodname.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"
#include "write/report.h"

#include <stdlib.h>
#include <string.h>

enum {
	REPORT_TEXT_W_PCT = 10,     /* "Incl Real%" */
	REPORT_TEXT_W_TIME = 11,    /* 9999999.999 ms */
	REPORT_TEXT_W_CALLS = 11,
	REPORT_TEXT_W_PCALL = 10,
	REPORT_TEXT_W_ROLE = 6, /* "parent" */
	REPORT_TEXT_NUM_WIDTH = 16,     /* the widest number cell */
	REPORT_TEXT_NUM = 2 * NUMFMT_MAX, /* a number cell's text buffer */
};

static const char *const report_text_clock_labels[TV_NCLOCKS] = { "Cpu", "Real" };

/* A clock's column label: "Ev" for the event index of a trace without
 * time (docs/numbers.md, "Traces without time"). */
static const char *report_text_clock_label(const struct trace *tr, int c)
{
	return trace_is_sequence(tr) ? "Ev" : report_text_clock_labels[c];
}

enum { REPORT_TEXT_BUF = 1 << 16 };

/* "  " and s right-aligned in width columns: titles and the odd word. */
static void report_text_cell(struct outbuf *ob, const char *s, int width)
{
	outbuf_write(ob, "  ", 2);
	outbuf_right(ob, s, strlen(s), (size_t)width);
}

/* A number's text (n bytes of a REPORT_TEXT_NUM buffer, all of it initialised)
 * right-aligned in a cell of at most 16 columns. Number cells are most of
 * the report: fixed-size copies compile to a few stores, not calls. */
_Static_assert(REPORT_TEXT_W_PCT <= REPORT_TEXT_NUM_WIDTH &&
               REPORT_TEXT_W_TIME <= REPORT_TEXT_NUM_WIDTH &&
               REPORT_TEXT_W_CALLS <= REPORT_TEXT_NUM_WIDTH &&
               REPORT_TEXT_W_PCALL <= REPORT_TEXT_NUM_WIDTH,
               "number cells fit the fixed copy");

static void report_text_num_cell(struct outbuf *ob, const char *num, size_t n, int width)
{
	size_t pad = n < (size_t)width ? (size_t)width - n : 0;
	char *p = outbuf_reserve(ob, 2 + REPORT_TEXT_NUM_WIDTH + REPORT_TEXT_NUM);
	memset(p, ' ', 2 + REPORT_TEXT_NUM_WIDTH);
	memcpy(p + 2 + pad, num, REPORT_TEXT_NUM);
	outbuf_commit(ob, p + 2 + pad + n);
}

/* x as a percentage of d with one decimal, "-" when d is 0. */
static void report_text_pct_cell(struct outbuf *ob, uint64_t x, uint64_t d)
{
	char buf[REPORT_TEXT_NUM] = { 0 };
	report_text_num_cell(ob, buf, numfmt_put_pct(buf, x, d, 1), REPORT_TEXT_W_PCT);
}

static void report_text_ms_cell(struct outbuf *ob, uint64_t usec, int width)
{
	char buf[REPORT_TEXT_NUM] = { 0 };
	report_text_num_cell(ob, buf, numfmt_put_fixed(buf, usec, 3), width);
}

/* A time in ms, or on a trace without time a count of events. */
static void report_text_time_cell(struct outbuf *ob, const struct trace *tr, uint64_t v,
                                  int width)
{
	char buf[REPORT_TEXT_NUM] = { 0 };
	if (!trace_is_sequence(tr))
		report_text_ms_cell(ob, v, width);
	else
		report_text_num_cell(ob, buf, numfmt_put_u64(buf, v), width);
}

/* The same after a label, unit included: "0.008 ms", "8 events". */
static void report_text_time(struct outbuf *ob, const struct trace *tr, uint64_t v)
{
	if (trace_is_sequence(tr)) {
		outbuf_u64(ob, v);
		outbuf_puts(ob, v == 1 ? " event" : " events");
		return;
	}
	outbuf_fixed(ob, v, 3);
	outbuf_puts(ob, " ms");
}

/* "a<sep>b" in a cell: the calls columns. */
static void report_text_pair_cell(struct outbuf *ob, uint64_t a, char sep, uint64_t b, int width)
{
	char buf[REPORT_TEXT_NUM + NUMFMT_MAX] = { 0 };
	size_t n = numfmt_put_u64(buf, a);
	buf[n++] = sep;
	n += numfmt_put_u64(buf + n, b);
	report_text_num_cell(ob, buf, n, width);
}

/* Each listed method's name as the report writes it (methodname_text_ob
 * with the signature), escaped once: a method is named in its table row,
 * its heading and every edge row that points at it, and escaping the same
 * names over and over was most of the report's time. */
struct report_text_names {
	char *text;              /* the names one after another */
	size_t size;
	struct report_text_name {
		size_t off, len;     /* len SIZE_MAX: not cached */
	} *at;                   /* by method index, the toplevel last */
	uint32_t toplevel;       /* index of the toplevel's entry */
};

static struct report_text_name *report_text_name_slot(const struct report_text_names *tn,
                                                      uint32_t idx)
{
	return &tn->at[idx == PROF_TOPLEVEL ? tn->toplevel : idx];
}

static void report_text_name_add(struct report_text_names *tn, struct outbuf *ob,
                                 const struct trace *tr, uint32_t idx)
{
	struct report_text_name *n = report_text_name_slot(tn, idx);
	uint64_t off = outbuf_tell(ob);
	methodname_text_ob(ob, tr, idx, 1);
	*n = (struct report_text_name){ (size_t)off, (size_t)(outbuf_tell(ob) - off) };
}

/* TV_OK or TV_ERR_NOMEM; report_text_names_free() either way. */
static enum tv_status report_text_names_build(struct report_text_names *tn, const struct profile *p)
{
	const struct trace *tr = p->tr;
	char buf[1 << 14];
	struct outbuf ob;

	*tn = (struct report_text_names){ .toplevel = tr->nmethods };
	tn->at = malloc(((size_t)tr->nmethods + 1) * sizeof *tn->at);
	FILE *f = open_memstream(&tn->text, &tn->size);
	if (!tn->at || !f) {
		if (f)
			fclose(f);
		return TV_ERR_NOMEM;
	}
	for (uint32_t i = 0; i <= tr->nmethods; i++)
		tn->at[i].len = SIZE_MAX;
	outbuf_init(&ob, f, buf, sizeof buf);
	report_text_name_add(tn, &ob, tr, PROF_TOPLEVEL);
	for (uint32_t i = 0; i < p->norder; i++)
		report_text_name_add(tn, &ob, tr, p->order[i]);
	enum tv_status st = outbuf_finish(&ob);
	if (fclose(f) != 0 || st != TV_OK)
		return TV_ERR_NOMEM;
	return TV_OK;
}

static void report_text_names_free(struct report_text_names *tn)
{
	free(tn->text);
	free(tn->at);
}

/* What the table and the details share. */
struct report_text_rep {
	struct outbuf ob;
	const struct profile *p;
	struct report_text_names names;
	/* Room for the longest edge list in each (par and chi only when the
	 * lists are references, profile_list_edges()): */
	struct report_text_rec *scratch; /* for report_text_rec_rows() */
	struct prof_edge *par, *chi;     /* the method's parents and children */
};

/* The method's name, from the cache when it is there. */
static void report_text_name(struct report_text_rep *r, uint32_t idx)
{
	const struct report_text_name *n = report_text_name_slot(&r->names, idx);
	if (n->len != SIZE_MAX)
		outbuf_write(&r->ob, r->names.text + n->off, n->len);
	else
		methodname_text_ob(&r->ob, r->p->tr, idx, 1);
}

/* A header line's label, left-aligned as every label is. */
static void report_text_label(struct outbuf *ob, const char *label)
{
	outbuf_left(ob, label, 10);
	outbuf_putc(ob, ' ');
}

/* An option's value escaped after a label, when the trace has it. */
static void report_text_option_line(struct outbuf *ob, const struct trace *tr, const char *label,
                                    const char *key)
{
	size_t len;
	const char *v = trace_option(tr, key, &len);
	if (!v)
		return;
	report_text_label(ob, label);
	textesc_text_ob(ob, v, len);
	outbuf_putc(ob, '\n');
}

void report_text_thread_label(struct outbuf *ob, const struct trace *tr,
                              const struct tv_thread *th)
{
	outbuf_putc(ob, '[');
	outbuf_u64(ob, th->tid);
	outbuf_putc(ob, ']');
	if (tv_str_present(th->name) && th->name.len) {
		outbuf_putc(ob, ' ');
		textesc_text_ob(ob, trace_str(tr, th->name), th->name.len);
	}
}

/* "[tid] name" and the end of the line. */
static void report_text_thread_line(struct outbuf *ob, const struct trace *tr,
                                    const struct tv_thread *th)
{
	report_text_thread_label(ob, tr, th);
	outbuf_putc(ob, '\n');
}

static void report_text_threads(struct outbuf *ob, const struct profile *p)
{
	const struct trace *tr = p->tr;

	report_text_label(ob, "threads");
	outbuf_u64(ob, p->nthreads);
	outbuf_puts(ob, " of ");
	outbuf_u64(ob, tr->nthreads);
	outbuf_puts(ob, " selected\n");
	report_text_cell(ob, "records", REPORT_TEXT_W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (trace_is_sequence(tr) && tr->has_clock[c]) {
			report_text_cell(ob, "span ev", REPORT_TEXT_W_TIME);
		} else if (tr->has_clock[c]) {
			report_text_cell(ob, c == TV_CPU ? "cpu" : "wall", REPORT_TEXT_W_TIME - 3);
			outbuf_puts(ob, " ms");
		}
	outbuf_puts(ob, "  thread\n");
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		char buf[REPORT_TEXT_NUM] = { 0 };
		report_text_num_cell(ob, buf, numfmt_put_u64(buf, th->records),
		                     REPORT_TEXT_W_CALLS);
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (tr->has_clock[c])
				report_text_time_cell(ob, tr, trace_thread_span(th, c),
				                      REPORT_TEXT_W_TIME);
		outbuf_puts(ob, "  ");
		report_text_thread_line(ob, tr, th);
	}
}

static void report_text_warnings(struct outbuf *ob, const struct trace *tr)
{
	char buf[512];

	if (tv_warnings_kinds(&tr->warnings) == 0) {
		report_text_label(ob, "warnings");
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
static void report_text_recording(struct outbuf *ob, const struct trace *tr)
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
	report_text_label(ob, "recording");
	if (trace_is_sequence(tr)) {   /* every thread's index starts at 0 */
		report_text_time(ob, tr, hi >= lo ? hi - lo : 0);
		outbuf_puts(ob, " (the longest thread; no time recorded)\n");
		return;
	}
	outbuf_puts(ob, c == TV_CPU ? "cpu " : "wall ");
	outbuf_fixed(ob, hi >= lo ? hi - lo : 0, 3);
	outbuf_puts(ob, " ms (earliest to latest record)\n");
}

/* The key's elapsed-time-usec, as ms when it is a plain number. */
static void report_text_elapsed(struct outbuf *ob, const struct trace *tr)
{
	size_t len;
	const char *v = trace_option(tr, "elapsed-time-usec", &len);
	uint64_t us;

	if (!v)
		return;
	report_text_label(ob, "elapsed");
	if (trace_option_u64(tr, "elapsed-time-usec", &us)) {
		outbuf_fixed(ob, us, 3);
		outbuf_puts(ob, " ms");
	} else {
		textesc_text_ob(ob, v, len);
	}
	outbuf_puts(ob, " (elapsed-time-usec)\n");
}

static void report_text_header(struct outbuf *ob, const struct profile *p, const char *name)
{
	const struct trace *tr = p->tr;

	if (name) {
		report_text_label(ob, "file");
		textesc_text_ob(ob, name, strlen(name));
		outbuf_putc(ob, '\n');
	}
	report_text_option_line(ob, tr, "vm", "vm");
	report_text_label(ob, "version");
	if (trace_has_version(tr))
		outbuf_u64(ob, tr->version);
	else
		outbuf_puts(ob, "none (no header)");
	outbuf_puts(ob, tr->streaming ? " streaming\n" : "\n");
	report_text_label(ob, "clock");
	outbuf_puts(ob, trace_clock_name(tr->clock));
	if (trace_is_sequence(tr))
		outbuf_puts(ob, " (no time: counts are events, each entry and exit one)");
	outbuf_putc(ob, '\n');
	report_text_option_line(ob, tr, "pid", "pid");
	report_text_option_line(ob, tr, "process", "cmd-line");
	report_text_threads(ob, p);
	report_text_recording(ob, tr);
	report_text_elapsed(ob, tr);
	/* The Σ of the selected threads' spans: several threads running at
	 * once make it longer than the recording. */
	outbuf_puts(ob, "thread time");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		if (!trace_is_sequence(tr))
			outbuf_puts(ob, c == TV_CPU ? " cpu" : " wall");
		outbuf_putc(ob, ' ');
		report_text_time(ob, tr, p->top_incl[c]);
	}
	outbuf_putc(ob, '\n');
	report_text_warnings(ob, tr);
}

/* One row of the method table. */
static void report_text_table_row(struct report_text_rep *r, uint32_t idx, const uint64_t *incl,
                                  const uint64_t *excl, uint64_t calls, uint64_t rcalls)
{
	struct outbuf *ob = &r->ob;
	const struct profile *p = r->p;
	const struct trace *tr = p->tr;

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		report_text_pct_cell(ob, incl[c], p->top_incl[c]);
		report_text_time_cell(ob, tr, incl[c], REPORT_TEXT_W_TIME);
		report_text_pct_cell(ob, excl[c], p->top_incl[c]);
		report_text_time_cell(ob, tr, excl[c], REPORT_TEXT_W_TIME);
	}
	report_text_pair_cell(ob, calls, '+', rcalls, REPORT_TEXT_W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		uint64_t n = calls + rcalls;
		if (n)
			report_text_time_cell(ob, tr, numfmt_div_round(incl[c], n, 0),
			                      REPORT_TEXT_W_PCALL);
		else
			report_text_cell(ob, "-", REPORT_TEXT_W_PCALL);
	}
	outbuf_puts(ob, "  ");
	report_text_name(r, idx);
	outbuf_putc(ob, '\n');
}

/* A column title: prefix, the clock's label, suffix. */
static void report_text_title_cell(struct outbuf *ob, const struct trace *tr, const char *prefix,
                                   int c, const char *suffix, int width)
{
	char label[32];
	snprintf(label, sizeof label, "%s%s%s", prefix, report_text_clock_label(tr, c), suffix);
	report_text_cell(ob, label, width);
}

/* The unit of the table's times, after the sort clock's name. */
static void report_text_units(struct outbuf *ob, const struct trace *tr, int sort)
{
	if (trace_is_sequence(tr)) {
		outbuf_puts(ob, " (events: the trace has no time), largest first; incl and excl "
		                "count events (each entry and exit one), percentages of the "
		                "toplevel incl\n");
		return;
	}
	outbuf_puts(ob, sort == TV_WALL ? " (wall clock)" : " (CPU clock)");
	outbuf_puts(ob, ", largest first; times in ms, percentages of the toplevel incl of the "
	                "same clock\n");
}

static void report_text_table(struct report_text_rep *r)
{
	struct outbuf *ob = &r->ob;
	const struct profile *p = r->p;
	const struct trace *tr = p->tr;

	/* Named, since the full-screen table sorts by CPU (docs/cli.md). */
	int sort = trace_sort_clock(tr);
	outbuf_puts(ob, "\nMethods, sorted by Incl ");
	outbuf_puts(ob, report_text_clock_label(tr, sort));
	report_text_units(ob, tr, sort);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		report_text_title_cell(ob, tr, "Incl ", c, "%", REPORT_TEXT_W_PCT);
		report_text_title_cell(ob, tr, "Incl ", c, "", REPORT_TEXT_W_TIME);
		report_text_title_cell(ob, tr, "Excl ", c, "%", REPORT_TEXT_W_PCT);
		report_text_title_cell(ob, tr, "Excl ", c, "", REPORT_TEXT_W_TIME);
	}
	report_text_cell(ob, "Calls+Rec", REPORT_TEXT_W_CALLS);
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c])
			report_text_title_cell(ob, tr, "", c, "/Call", REPORT_TEXT_W_PCALL);
	outbuf_puts(ob, "  Name\n");
	/* The toplevel's calls are its roots, one per selected thread, as in
	 * Traceview. */
	report_text_table_row(r, PROF_TOPLEVEL, p->top_incl, p->top_excl, p->nthreads, 0);
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		report_text_table_row(r, p->order[i], pm->incl, pm->excl, pm->calls, pm->rcalls);
	}
}

/* Leading role cell and the per-clock time cells of a detail row. */
static void report_text_detail_times(struct outbuf *ob, const struct trace *tr, const char *role,
                                     const uint64_t *v, const uint64_t *of)
{
	outbuf_puts(ob, "  ");
	outbuf_left(ob, role, REPORT_TEXT_W_ROLE);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		report_text_pct_cell(ob, v[c], of[c]);
		report_text_time_cell(ob, tr, v[c], REPORT_TEXT_W_TIME);
	}
}

/* Total calls of a method (non-recursive + recursive); the toplevel has
 * one per selected thread. */
static uint64_t report_text_total_calls(const struct profile *p, uint32_t idx)
{
	if (idx == PROF_TOPLEVEL)
		return p->nthreads;
	return p->methods[idx].calls + p->methods[idx].rcalls;
}

/* Parent rows count against the method's calls, child rows against the
 * child's: "how many of its calls came through this edge". A recursive
 * row counts the edge's "while recursive" half over the same total. */
static void report_text_edge_row(struct report_text_rep *r, const char *role,
                                 const struct prof_edge *e,
                                 int recursive, const uint64_t *of, uint64_t method_total,
                                 int of_child)
{
	struct outbuf *ob = &r->ob;
	uint64_t total = of_child ? report_text_total_calls(r->p, e->method) : method_total;

	report_text_detail_times(ob, r->p->tr, role, recursive ? e->rincl : e->incl, of);
	report_text_pair_cell(ob, recursive ? e->rcalls : e->calls, '/', total,
	                      REPORT_TEXT_W_CALLS);
	outbuf_puts(ob, "  ");
	report_text_name(r, e->method);
	outbuf_putc(ob, '\n');
}

/* The plain half of every edge that has one, in the list's order. */
static void report_text_edge_rows(struct report_text_rep *r, const char *role,
                                  const struct prof_edge *e,
                                  uint32_t n, const uint64_t *of, uint64_t method_total,
                                  int of_child)
{
	for (uint32_t i = 0; i < n; i++)
		if (e[i].calls)
			report_text_edge_row(r, role, &e[i], 0, of, method_total, of_child);
}

/* A recursive half waiting to be listed: its incl on the sort clock and
 * its place in the edge list (the tie-break, so the order is total). */
struct report_text_rec {
	uint64_t rincl;
	uint32_t i;
};

static int report_text_rec_cmp(const void *a, const void *b)
{
	const struct report_text_rec *x = a, *y = b;
	if (x->rincl != y->rincl)
		return x->rincl > y->rincl ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* "Parents while recursive" or "Children while recursive": the recursive
 * halves, biggest first as Traceview lists them; nothing when there are
 * none. */
static void report_text_rec_rows(struct report_text_rep *r, const char *title, const char *role,
                                 const struct prof_edge *e, uint32_t n, const uint64_t *of,
                                 uint64_t method_total, int of_child)
{
	struct outbuf *ob = &r->ob;
	struct report_text_rec *rec = r->scratch;
	int clock = trace_sort_clock(r->p->tr);
	uint32_t k = 0;

	for (uint32_t i = 0; i < n; i++)
		if (e[i].rcalls)
			rec[k++] = (struct report_text_rec){e[i].rincl[clock], i};
	if (!k)
		return;
	qsort(rec, k, sizeof *rec, report_text_rec_cmp);
	outbuf_puts(ob, "  ");
	outbuf_puts(ob, title);
	outbuf_putc(ob, '\n');
	for (uint32_t i = 0; i < k; i++)
		report_text_edge_row(r, role, &e[rec[i].i], 1, of, method_total, of_child);
}

static void report_text_detail(struct report_text_rep *r, uint32_t idx,
                               const struct prof_list *par, const struct prof_list *chi,
                               const uint64_t *incl, const uint64_t *excl)
{
	struct outbuf *ob = &r->ob;
	uint64_t total = report_text_total_calls(r->p, idx);
	const struct prof_edge *parents = par ? profile_list_edges(par, r->par) : NULL;
	const struct prof_edge *children = profile_list_edges(chi, r->chi);
	uint32_t nparents = par ? par->n : 0, nchildren = chi->n;

	outbuf_putc(ob, '\n');
	report_text_name(r, idx);
	outbuf_putc(ob, '\n');
	report_text_edge_rows(r, "parent", parents, nparents, incl, total, 0);
	report_text_detail_times(ob, r->p->tr, "self", excl, incl);
	outbuf_putc(ob, '\n');
	report_text_edge_rows(r, "child", children, nchildren, incl, 0, 1);
	report_text_rec_rows(r, "Parents while recursive", "parent", parents, nparents, incl,
	                     total, 0);
	report_text_rec_rows(r, "Children while recursive", "child", children, nchildren, incl,
	                     0, 1);
}

/* The longest edge list, for the scratch space of report_text_rec_rows(). */
static uint32_t report_text_longest_list(const struct profile *p)
{
	uint32_t most = p->top_children.n;
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		if (pm->parents.n > most)
			most = pm->parents.n;
		if (pm->children.n > most)
			most = pm->children.n;
	}
	return most;
}

static void report_text_details(struct report_text_rep *r)
{
	struct outbuf *ob = &r->ob;
	const struct profile *p = r->p;
	const struct trace *tr = p->tr;

	outbuf_puts(ob, "\nParents and children (percentages of the method's incl; calls: "
	                "of the method's for parents, of the child's for children)\n");
	outbuf_puts(ob, "  ");
	outbuf_spaces(ob, REPORT_TEXT_W_ROLE);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		report_text_title_cell(ob, tr, "Incl ", c, "%", REPORT_TEXT_W_PCT);
		report_text_title_cell(ob, tr, "Incl ", c, "", REPORT_TEXT_W_TIME);
	}
	report_text_cell(ob, "Calls", REPORT_TEXT_W_CALLS);
	outbuf_puts(ob, "  Name\n");
	report_text_detail(r, PROF_TOPLEVEL, NULL, &p->top_children, p->top_incl, p->top_excl);
	for (uint32_t i = 0; i < p->norder; i++) {
		const struct prof_method *pm = &p->methods[p->order[i]];
		report_text_detail(r, p->order[i], &pm->parents, &pm->children, pm->incl, pm->excl);
	}
}

/* The range and transforms in force (each when given) and the app
 * packages, after the header. */
static void report_text_write_view(struct outbuf *ob, const struct trace *tr,
                                   const struct report_view *v, const struct category_report *cr)
{
	if (v && v->range && trace_is_sequence(tr)) {
		report_text_label(ob, "range");
		outbuf_puts(ob, "events ");
		if (v->range->has_start)
			outbuf_u64(ob, v->range->start);
		outbuf_puts(ob, v->range->has_start ? " .. " : ".. ");
		if (v->range->has_end)
			outbuf_u64(ob, v->range->end);
		outbuf_puts(ob, " (on the timeline)\n");
	} else if (v && v->range) {
		report_text_label(ob, "range");
		outbuf_puts(ob, v->range_clock == TV_WALL ? "wall " : "cpu ");
		if (v->range->has_start)
			outbuf_fixed(ob, v->range->start, 3);
		outbuf_puts(ob, v->range->has_start ? " ms .. " : ".. ");
		if (v->range->has_end) {
			outbuf_fixed(ob, v->range->end, 3);
			outbuf_puts(ob, " ms");
		}
		outbuf_puts(ob, " (on the timeline)\n");
	}
	for (uint32_t i = 0; v && i < v->ntransforms; i++) {
		report_text_label(ob, i ? "" : "transform");
		textesc_text_ob(ob, v->transforms[i], strlen(v->transforms[i]));
		outbuf_putc(ob, '\n');
	}
	report_text_label(ob, "app");
	for (uint32_t i = 0; i < cr->napp; i++) {
		if (i)
			outbuf_putc(ob, ',');
		textesc_text_ob(ob, cr->app[i].p, cr->app[i].len);
	}
	outbuf_puts(ob, cr->napp ? (v && v->app ? " (--app)\n" : " (guessed)\n")
	                         : "none found\n");
}

/* One table of time by category: a row per category. */
static void report_text_category_rows(struct outbuf *ob, const struct trace *tr,
                                      const category_times *t)
{
	uint64_t busy[TV_NCLOCKS] = {0, 0};
	for (int g = 0; g < CAT_COUNT; g++)
		for (int c = 0; c < TV_NCLOCKS; c++)
			busy[c] += (*t)[g][c];
	for (int g = 0; g < CAT_COUNT; g++) {
		for (int c = 0; c < TV_NCLOCKS; c++) {
			if (!tr->has_clock[c])
				continue;
			report_text_time_cell(ob, tr, (*t)[g][c], REPORT_TEXT_W_TIME);
			report_text_pct_cell(ob, (*t)[g][c], busy[c]);
		}
		outbuf_puts(ob, "  ");
		outbuf_puts(ob, category_name((enum category)g));
		outbuf_putc(ob, '\n');
	}
}

/* Whether every category of t is 0 on both clocks. */
static int report_text_category_none(const category_times *t)
{
	for (int g = 0; g < CAT_COUNT; g++)
		for (int c = 0; c < TV_NCLOCKS; c++)
			if ((*t)[g][c])
				return 0;
	return 1;
}

/* Time by category over the selection, then per thread but the idle
 * ones (docs/numbers.md, "Categories"). */
static void report_text_categories(struct outbuf *ob, const struct profile *p,
                                   const struct category_report *cr)
{
	const struct trace *tr = p->tr;
	int seq = trace_is_sequence(tr);
	outbuf_puts(ob, seq ? "\nEvents by category (events of busy time, the calls' own events by "
	                      "code origin; idle and blocked calls whole)\n"
	                    : "\nTime by category (ms of busy time, the calls' own time by code "
	                      "origin; idle and blocked calls whole)\n");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		report_text_title_cell(ob, tr, "", c, seq ? "" : " ms", REPORT_TEXT_W_TIME);
		report_text_title_cell(ob, tr, "", c, "%", REPORT_TEXT_W_PCT);
	}
	outbuf_puts(ob, "  Category\n");
	outbuf_puts(ob, "All selected threads\n");
	report_text_category_rows(ob, tr, &cr->total);
	uint64_t idle = 0;
	for (uint32_t i = 0; p->nthreads > 1 && i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		/* A block of zeros per idle thread hides the busy ones. */
		if (report_text_category_none(&cr->threads[i])) {
			idle++;
			continue;
		}
		report_text_thread_line(ob, tr, th);
		report_text_category_rows(ob, tr, &cr->threads[i]);
	}
	if (idle) {
		outbuf_u64(ob, idle);
		outbuf_puts(ob, idle == 1 ? " thread with no busy time on either clock left out\n"
		                          : " threads with no busy time on either clock left out\n");
	}
}

enum tv_status report_text(FILE *out, const struct profile *p, const char *name)
{
	return report_text_view(out, p, name, NULL);
}

enum tv_status report_text_view(FILE *out, const struct profile *p, const char *name,
                                const struct report_view *v)
{
	struct category_report cr;
	if (category_report_build(&cr, p, v ? v->app : NULL, v ? v->napp : 0) < 0)
		return TV_ERR_NOMEM;
	/* Scratch and the names first, so a lack of memory writes nothing
	 * rather than half a report. */
	uint32_t most = report_text_longest_list(p);
	_Static_assert(REPORT_TEXT_BUF >= OUTBUF_MIN, "outbuf_init needs OUTBUF_MIN");
	char buf[REPORT_TEXT_BUF];
	struct report_text_rep r = { .p = p };
	enum tv_status st = report_text_names_build(&r.names, p);
	size_t room = most ? most : 1;
	size_t copies = p->placed ? 1 : room;  /* lists written out are read in place */
	r.scratch = malloc(room * sizeof *r.scratch);
	r.par = malloc(copies * sizeof *r.par);
	r.chi = malloc(copies * sizeof *r.chi);
	if (st == TV_OK && !(r.scratch && r.par && r.chi))
		st = TV_ERR_NOMEM;
	if (st == TV_OK) {
		outbuf_init(&r.ob, out, buf, sizeof buf);
		report_text_header(&r.ob, p, name);
		report_text_write_view(&r.ob, p->tr, v, &cr);
		report_text_categories(&r.ob, p, &cr);
		report_text_table(&r);
		report_text_details(&r);
		st = outbuf_finish(&r.ob);
	}
	category_report_free(&cr);
	free(r.scratch);
	free(r.par);
	free(r.chi);
	report_text_names_free(&r.names);
	return st;
}
