/* report_csv.c: the method table as CSV (RFC 4180: header row, CRLF).
 *
 * One row per method, the toplevel first; the text report's columns in
 * machine units: times in whole µs (events on a trace without time),
 * percentages with two decimals, per-call times in µs with three
 * decimals. Columns of a clock the trace lacks are left out. Strings are
 * escaped as in the text report (\xHH), so a CSV file shown in a terminal
 * is as safe as the text report.
 */
#include "analyze/methodname.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"
#include "write/report.h"

static const char *const report_csv_clock_key[TV_NCLOCKS] = { "cpu", "wall" };

enum { REPORT_CSV_BUF = 1 << 16 };

static void report_csv_str(struct outbuf *ob, const struct trace *tr, struct tv_str s)
{
	outbuf_putc(ob, ',');
	textesc_csv_ob(ob, trace_str(tr, s), s.len);
}

/* ",x%" of d with two decimals; an empty field when d is 0. */
static void report_csv_pct(struct outbuf *ob, uint64_t x, uint64_t d)
{
	char *p = outbuf_reserve(ob, NUMFMT_MAX + 1);
	*p++ = ',';
	if (d)
		p += numfmt_put_pct(p, x, d, 2);
	outbuf_commit(ob, p);
}

static void report_csv_u64(struct outbuf *ob, uint64_t v)
{
	outbuf_putc(ob, ',');
	outbuf_u64(ob, v);
}

/* A trace without time counts events in the wall slot: its columns are
 * incl_events..., events_per_call (docs/numbers.md, "Traces without
 * time"). */
static void report_csv_header(struct outbuf *ob, const struct trace *tr)
{
	int seq = trace_is_sequence(tr);
	outbuf_puts(ob, "id,class,name,signature,source");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		static const char *const part[] = { ",incl_", "_pct,incl_", "_usec,excl_",
		                                    "_pct,excl_" };
		static const char *const seq_part[] = { ",incl_", "_pct,incl_", ",excl_",
		                                        "_pct,excl_" };
		for (size_t i = 0; i < sizeof part / sizeof part[0]; i++) {
			outbuf_puts(ob, seq ? seq_part[i] : part[i]);
			outbuf_puts(ob, seq ? "events" : report_csv_clock_key[c]);
		}
		outbuf_puts(ob, seq ? "" : "_usec");
	}
	outbuf_puts(ob, ",calls,recursive_calls");
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		outbuf_putc(ob, ',');
		outbuf_puts(ob, seq ? "events" : report_csv_clock_key[c]);
		outbuf_puts(ob, seq ? "_per_call" : "_per_call_usec");
	}
	outbuf_puts(ob, "\r\n");
}

/* The numeric fields of a row, after its identity fields. */
static void report_csv_numbers(struct outbuf *ob, const struct profile *p, const uint64_t *incl,
                               const uint64_t *excl, uint64_t calls, uint64_t rcalls)
{
	const struct trace *tr = p->tr;

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		report_csv_pct(ob, incl[c], p->top_incl[c]);
		report_csv_u64(ob, incl[c]);
		report_csv_pct(ob, excl[c], p->top_incl[c]);
		report_csv_u64(ob, excl[c]);
	}
	report_csv_u64(ob, calls);
	report_csv_u64(ob, rcalls);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		outbuf_putc(ob, ',');
		if (calls + rcalls)
			outbuf_fixed(ob, numfmt_div_round(incl[c], calls + rcalls, 3), 3);
	}
	outbuf_puts(ob, "\r\n");
}

static void report_csv_method(struct outbuf *ob, const struct profile *p, uint32_t idx)
{
	const struct trace *tr = p->tr;
	const struct tv_method *m = &tr->methods[idx];
	const struct prof_method *pm = &p->methods[idx];

	methodname_id_ob(ob, tr, idx, 1);
	if (m->declared) {
		report_csv_str(ob, tr, m->cls);
		report_csv_str(ob, tr, m->name);
		report_csv_str(ob, tr, m->sig);
		report_csv_str(ob, tr, m->source);
	} else {
		outbuf_puts(ob, ",,,,");
	}
	report_csv_numbers(ob, p, pm->incl, pm->excl, pm->calls, pm->rcalls);
}

enum tv_status report_csv(FILE *out, const struct profile *p)
{
	char buf[REPORT_CSV_BUF];
	struct outbuf ob;

	outbuf_init(&ob, out, buf, sizeof buf);
	report_csv_header(&ob, p->tr);
	/* The toplevel's calls are its roots, one per selected thread, as in
	 * the text report. */
	outbuf_puts(&ob, "toplevel,,(toplevel),,");
	report_csv_numbers(&ob, p, p->top_incl, p->top_excl, p->nthreads, 0);
	for (uint32_t i = 0; i < p->norder; i++)
		report_csv_method(&ob, p, p->order[i]);
	return outbuf_finish(&ob);
}
