/* report_csv.c: the method table as CSV (RFC 4180: header row, CRLF).
 *
 * One row per method, the toplevel first; the text report's columns in
 * machine units: times in whole µs, percentages with two decimals, per-call
 * times in µs with three decimals. Columns of a clock the trace lacks are
 * left out. Strings are escaped as in the text report (\xHH), so a CSV file
 * shown in a terminal is as safe as the text report.
 */
#include "report.h"
#include "numfmt.h"
#include "textesc.h"

#include <inttypes.h>
#include <string.h>

static const char *const csv_clock_key[TV_NCLOCKS] = { "cpu", "wall" };

static void csv_str(FILE *out, const struct trace *tr, struct tv_str s)
{
	putc(',', out);
	textesc_csv(out, trace_str(tr, s), s.len);
}

/* ",x%" of d with two decimals; an empty field when d is 0. */
static void csv_pct(FILE *out, uint64_t x, uint64_t d)
{
	char buf[32];
	putc(',', out);
	if (!d)
		return;
	numfmt_pct(buf, sizeof buf, x, d, 2);
	fputs(buf, out);
}

static void csv_header(FILE *out, const struct trace *tr)
{
	fputs("id,class,name,signature,source", out);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		const char *k = csv_clock_key[c];
		fprintf(out, ",incl_%s_pct,incl_%s_usec,excl_%s_pct,excl_%s_usec", k, k, k, k);
	}
	fputs(",calls,recursive_calls", out);
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c])
			fprintf(out, ",%s_per_call_usec", csv_clock_key[c]);
	fputs("\r\n", out);
}

/* The numeric fields of a row, after its identity fields. */
static void csv_numbers(FILE *out, const struct profile *p, const uint64_t *incl,
                        const uint64_t *excl, uint64_t calls, uint64_t rcalls)
{
	const struct trace *tr = p->tr;
	char buf[32];

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		csv_pct(out, incl[c], p->top_incl[c]);
		fprintf(out, ",%" PRIu64, incl[c]);
		csv_pct(out, excl[c], p->top_incl[c]);
		fprintf(out, ",%" PRIu64, excl[c]);
	}
	fprintf(out, ",%" PRIu64 ",%" PRIu64, calls, rcalls);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		putc(',', out);
		if (calls + rcalls) {
			numfmt_fixed(buf, sizeof buf, numfmt_div_round(incl[c], calls + rcalls, 3), 3);
			fputs(buf, out);
		}
	}
	fputs("\r\n", out);
}

static void csv_method(FILE *out, const struct profile *p, uint32_t idx)
{
	const struct trace *tr = p->tr;
	const struct tv_method *m = &tr->methods[idx];
	const struct prof_method *pm = &p->methods[idx];

	fprintf(out, "0x%" PRIx64, m->id);
	if (m->declared) {
		csv_str(out, tr, m->cls);
		csv_str(out, tr, m->name);
		csv_str(out, tr, m->sig);
		csv_str(out, tr, m->source);
	} else {
		fputs(",,,,", out);
	}
	csv_numbers(out, p, pm->incl, pm->excl, pm->calls, pm->rcalls);
}

enum tv_status report_csv(FILE *out, const struct profile *p)
{
	csv_header(out, p->tr);
	/* The toplevel's calls are its roots, one per selected thread, as in
	 * the text report. */
	fputs("toplevel,,(toplevel),,", out);
	csv_numbers(out, p, p->top_incl, p->top_excl, p->nthreads, 0);
	for (uint32_t i = 0; i < p->norder; i++)
		csv_method(out, p, p->order[i]);
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}
