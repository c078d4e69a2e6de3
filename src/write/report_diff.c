/* report_diff.c: a diff as text, CSV and JSON, and differential folded
 * stacks.
 *
 * Text and CSV follow report_text.c and report_csv.c: fixed column widths
 * (one changed number changes one line of a diff of two reports), times in
 * ms with three decimals in text and whole µs elsewhere, integer rounding
 * only (textesc), trace strings always escaped. Only clocks both traces
 * record get columns. Calls come in two columns per run like the single
 * report's: calls that are not recursive ("Calls", calls) and recursive
 * ones ("Rec", recursive_calls).
 */
#include "write/report.h"

#include "analyze/methodname.h"
#include "base/grow.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "model/callwalk.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const diff_report_clock_key[TV_NCLOCKS] = { "cpu", "wall" };
static const char *const diff_report_clock_label[TV_NCLOCKS] = { "Cpu", "Real" };

enum {
	DIFF_REPORT_W_TIME = 12,    /* +9999999.999 ms */
	DIFF_REPORT_W_PCT = 8,      /* +12345.6 */
	DIFF_REPORT_W_CALLS = 10,
	DIFF_REPORT_W_STATUS = 7, /* "removed" */
	DIFF_REPORT_W_LABEL = 10, /* header labels, as in report_text.c */
};

/* ------------------------------------------------------------ names */

/* The method a row is named after: the base run's when it has one. */
static const struct trace *diff_report_row_method(const struct diff *d, const struct diff_row *row,
                                                  uint32_t *m)
{
	int r = row->base == DIFF_NONE;
	*m = r ? row->next : row->base;
	return d->run[r]->tr;
}

/* ------------------------------------------------------------ numbers */

static void diff_report_u64(char *buf, size_t size, uint64_t v)
{
	snprintf(buf, size, "%" PRIu64, v);
}

/* ------------------------------------------------------------ text */

static void diff_report_cell(FILE *out, const char *s, int width)
{
	fprintf(out, "  %*s", width, s);
}

static void diff_report_ms_cell(FILE *out, uint64_t usec, int present)
{
	char buf[32] = "-";
	if (present)
		numfmt_ms(buf, sizeof buf, usec);
	diff_report_cell(out, buf, DIFF_REPORT_W_TIME);
}

static void diff_report_text_run(FILE *out, const char *label, const struct profile *p)
{
	fprintf(out, "%s ", label);
	if (p->filtered)
		fprintf(out, "thread %" PRIu32, p->tid);
	else
		fprintf(out, "%" PRIu32 " of %" PRIu32 " selected", p->nthreads, p->tr->nthreads);
}

static void diff_report_text_toplevel(FILE *out, const struct diff *d)
{
	char buf[48];

	fprintf(out, "%-*s", DIFF_REPORT_W_LABEL, "toplevel");
	diff_report_cell(out, "Base", DIFF_REPORT_W_TIME);
	diff_report_cell(out, "New", DIFF_REPORT_W_TIME);
	diff_report_cell(out, "Delta", DIFF_REPORT_W_TIME);
	diff_report_cell(out, "Delta%", DIFF_REPORT_W_PCT);
	fputs("  (incl, ms)\n", out);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		uint64_t b = d->top_incl[0][c], n = d->top_incl[1][c];
		fprintf(out, "  %-*s", DIFF_REPORT_W_LABEL - 2, diff_report_clock_key[c]);
		diff_report_ms_cell(out, b, 1);
		diff_report_ms_cell(out, n, 1);
		numfmt_ms_change(buf, sizeof buf, b, n);
		diff_report_cell(out, buf, DIFF_REPORT_W_TIME);
		numfmt_pct_change(buf, sizeof buf, b, n, 1);
		diff_report_cell(out, buf[0] ? buf : "-", DIFF_REPORT_W_PCT);
		putc('\n', out);
	}
}

static void diff_report_text_header(FILE *out, const struct diff *d, const char *base_name,
                                    const char *next_name)
{
	const char *names[2] = { base_name, next_name };
	const char *labels[2] = { "base", "new" };

	for (int r = 0; r < 2; r++) {
		if (!names[r])
			continue;
		fprintf(out, "%-*s ", DIFF_REPORT_W_LABEL, labels[r]);
		textesc_text(out, names[r], strlen(names[r]));
		putc('\n', out);
	}
	fprintf(out, "%-*s ", DIFF_REPORT_W_LABEL, "threads");
	diff_report_text_run(out, "base", d->run[0]);
	diff_report_text_run(out, ", new", d->run[1]);
	fprintf(out, "\n%-*s", DIFF_REPORT_W_LABEL, "clocks");
	int any = 0;
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (d->has_clock[c]) {
			fprintf(out, " %s", diff_report_clock_key[c]);
			any = 1;
		}
	if (!any && (trace_is_sequence(d->run[0]->tr) || trace_is_sequence(d->run[1]->tr)))
		fputs(" none recorded by both (a dump without time: calls compared)\n", out);
	else
		fputs(any ? " (recorded by both)\n" : " none recorded by both\n", out);
	fprintf(out, "%-*s %" PRIu32 " changed, %" PRIu32 " added, %" PRIu32 " removed, %"
	        PRIu32 " same\n", DIFF_REPORT_W_LABEL, "methods", d->count[DIFF_CHANGED],
	        d->count[DIFF_ADDED], d->count[DIFF_REMOVED], d->count[DIFF_SAME]);
	if (any)
		diff_report_text_toplevel(out, d);
}

/* Two header lines: the clock over its group, then the column labels. */
static void diff_report_text_columns(FILE *out, const struct diff *d)
{
	const int group = 5 * (2 + DIFF_REPORT_W_TIME) + 2 + DIFF_REPORT_W_PCT;
	char label[32];
	int pending = 0;   /* padding owed before the next group label */

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		snprintf(label, sizeof label, "%s (ms)", diff_report_clock_label[c]);
		fprintf(out, "%*s  %s", pending, "", label);
		pending = group - 2 - (int)strlen(label);
	}
	putc('\n', out);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		diff_report_cell(out, "Excl Base", DIFF_REPORT_W_TIME);
		diff_report_cell(out, "Excl New", DIFF_REPORT_W_TIME);
		diff_report_cell(out, "Excl Delta", DIFF_REPORT_W_TIME);
		diff_report_cell(out, "Delta%", DIFF_REPORT_W_PCT);
		diff_report_cell(out, "Incl Base", DIFF_REPORT_W_TIME);
		diff_report_cell(out, "Incl New", DIFF_REPORT_W_TIME);
	}
	diff_report_cell(out, "Calls Base", DIFF_REPORT_W_CALLS);
	diff_report_cell(out, "Calls New", DIFF_REPORT_W_CALLS);
	diff_report_cell(out, "Rec Base", DIFF_REPORT_W_CALLS);
	diff_report_cell(out, "Rec New", DIFF_REPORT_W_CALLS);
	fprintf(out, "  %-*s  Name\n", DIFF_REPORT_W_STATUS, "Status");
}

static void diff_report_text_row(FILE *out, const struct diff *d, const struct diff_row *row)
{
	int has[2] = { row->base != DIFF_NONE, row->next != DIFF_NONE };
	char buf[48];
	uint32_t m;

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		uint64_t b = row->excl[0][c], n = row->excl[1][c];
		diff_report_ms_cell(out, b, has[0]);
		diff_report_ms_cell(out, n, has[1]);
		numfmt_ms_change(buf, sizeof buf, b, n);
		diff_report_cell(out, buf, DIFF_REPORT_W_TIME);
		if (!has[0])
			strcpy(buf, "new");
		else if (!has[1])
			strcpy(buf, "gone");
		else
			numfmt_pct_change(buf, sizeof buf, b, n, 1);
		diff_report_cell(out, buf[0] ? buf : "-", DIFF_REPORT_W_PCT);
		diff_report_ms_cell(out, row->incl[0][c], has[0]);
		diff_report_ms_cell(out, row->incl[1][c], has[1]);
	}
	for (int k = 0; k < 4; k++) {
		int r = k & 1;
		strcpy(buf, "-");
		if (has[r])
			diff_report_u64(buf, sizeof buf, k < 2 ? row->calls[r] : row->rcalls[r]);
		diff_report_cell(out, buf, DIFF_REPORT_W_CALLS);
	}
	const char *st = row->status == DIFF_ADDED ? "added"
	               : row->status == DIFF_REMOVED ? "removed" : "";
	fprintf(out, "  %-*s  ", DIFF_REPORT_W_STATUS, st);
	const struct trace *tr = diff_report_row_method(d, row, &m);
	methodname_text(out, tr, m, 1);
	putc('\n', out);
}

enum tv_status diff_report_text(FILE *out, const struct diff *d, const char *base_name,
                                const char *next_name)
{
	diff_report_text_header(out, d, base_name, next_name);
	if (d->has_clock[d->clock])
		fprintf(out, "\nMethods (times in ms; Delta%% of Base; Calls not recursive, Rec "
		        "recursive; sorted by |Excl Delta| of %s)\n",
		        diff_report_clock_label[d->clock]);
	else
		fputs("\nMethods (Calls not recursive, Rec recursive; sorted by name)\n", out);
	diff_report_text_columns(out, d);
	for (uint32_t i = 0; i < d->nrows; i++)
		diff_report_text_row(out, d, &d->rows[i]);
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}

/* ------------------------------------------------------------ CSV */

static void diff_report_csv_header(FILE *out, const struct diff *d)
{
	fputs("status,class,name,signature", out);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		const char *k = diff_report_clock_key[c];
		fprintf(out, ",base_incl_%s_usec,new_incl_%s_usec,base_excl_%s_usec,new_excl_%s_usec"
		        ",delta_excl_%s_usec,delta_excl_%s_pct", k, k, k, k, k, k);
	}
	fputs(",base_calls,new_calls,base_recursive_calls,new_recursive_calls,base_id,new_id\r\n",
	      out);
}

/* ",N" or an empty field. */
static void diff_report_csv_u64(FILE *out, uint64_t v, int present)
{
	putc(',', out);
	if (present)
		fprintf(out, "%" PRIu64, v);
}

/* The numeric fields of a row; has[r]: run r has it. */
static void diff_report_csv_numbers(FILE *out, const struct diff *d,
                                    const uint64_t (*incl)[TV_NCLOCKS],
                                    const uint64_t (*excl)[TV_NCLOCKS], const uint64_t *calls,
                                    const uint64_t *rcalls, const int *has)
{
	char buf[48];

	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		uint64_t b = excl[0][c], n = excl[1][c];
		diff_report_csv_u64(out, incl[0][c], has[0]);
		diff_report_csv_u64(out, incl[1][c], has[1]);
		diff_report_csv_u64(out, b, has[0]);
		diff_report_csv_u64(out, n, has[1]);
		fprintf(out, ",%" PRId64 ",", diff_delta(b, n));
		numfmt_pct_change(buf, sizeof buf, b, n, 2);
		fputs(buf[0] == '+' ? buf + 1 : buf, out);
	}
	diff_report_csv_u64(out, calls[0], has[0]);
	diff_report_csv_u64(out, calls[1], has[1]);
	diff_report_csv_u64(out, rcalls[0], has[0]);
	diff_report_csv_u64(out, rcalls[1], has[1]);
}

static void diff_report_csv_str(FILE *out, const struct trace *tr, struct tv_str s)
{
	putc(',', out);
	textesc_csv(out, trace_str(tr, s), s.len);
}

static void diff_report_csv_row(FILE *out, const struct diff *d, const struct diff_row *row)
{
	int has[2] = { row->base != DIFF_NONE, row->next != DIFF_NONE };
	uint32_t m;
	const struct trace *tr = diff_report_row_method(d, row, &m);
	const struct tv_method *tm = &tr->methods[m];

	fputs(diff_status_name(row->status), out);
	if (tm->declared) {
		diff_report_csv_str(out, tr, tm->cls);
		diff_report_csv_str(out, tr, tm->name);
		diff_report_csv_str(out, tr, tm->sig);
	} else {
		fputs(",,,", out);
	}
	diff_report_csv_numbers(out, d, row->incl, row->excl, row->calls, row->rcalls, has);
	for (int r = 0; r < 2; r++) {
		putc(',', out);
		if (has[r])
			methodname_id(out, d->run[r]->tr, r ? row->next : row->base, 1);
	}
	fputs("\r\n", out);
}

enum tv_status diff_report_csv(FILE *out, const struct diff *d)
{
	static const int both[2] = { 1, 1 };
	uint64_t roots[2] = { d->run[0]->nthreads, d->run[1]->nthreads }, none[2] = { 0, 0 };

	diff_report_csv_header(out, d);
	/* The toplevel first, its calls one root per selected thread, as in
	 * report_csv.c. */
	fputs("toplevel,,(toplevel),", out);
	diff_report_csv_numbers(out, d, d->top_incl, d->top_excl, roots, none, both);
	fputs(",,\r\n", out);
	for (uint32_t i = 0; i < d->nrows; i++)
		diff_report_csv_row(out, d, &d->rows[i]);
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}

/* ------------------------------------------------------------ JSON */

static void diff_report_json_name(FILE *out, const char *s)
{
	if (s)
		textesc_json(out, s, strlen(s));
	else
		fputs("null", out);
}

static void diff_report_json_run(FILE *out, const char *key, const struct profile *p,
                                 const char *name)
{
	const char *clock = trace_clock_name(p->tr->clock);
	fprintf(out, "  \"%s\": {\"file\": ", key);
	diff_report_json_name(out, name);
	fputs(", \"clock\": ", out);
	textesc_json(out, clock, strlen(clock));
	fprintf(out, ", \"threads\": %" PRIu32 ", \"tid\": ", p->nthreads);
	if (p->filtered)
		fprintf(out, "%" PRIu32 "},\n", p->tid);
	else
		fputs("null},\n", out);
}

/* NUMS of one run: "incl_cpu_usec": N, "excl_cpu_usec": N, ... */
static void diff_report_json_nums(FILE *out, const struct diff *d, const uint64_t *incl,
                                  const uint64_t *excl)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		const char *k = diff_report_clock_key[c];
		if (d->has_clock[c])
			fprintf(out, "%s\"incl_%s_usec\": %" PRIu64 ", \"excl_%s_usec\": %" PRIu64,
			        c ? ", " : "", k, incl[c], k, excl[c]);
		else
			fprintf(out, "%s\"incl_%s_usec\": null, \"excl_%s_usec\": null",
			        c ? ", " : "", k, k);
	}
}

/* NUMS of new − base. */
static void diff_report_json_delta(FILE *out, const struct diff *d,
                                   const uint64_t (*incl)[TV_NCLOCKS],
                                   const uint64_t (*excl)[TV_NCLOCKS])
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		const char *k = diff_report_clock_key[c];
		if (d->has_clock[c])
			fprintf(out, "%s\"incl_%s_usec\": %" PRId64 ", \"excl_%s_usec\": %" PRId64,
			        c ? ", " : "", k, diff_delta(incl[0][c], incl[1][c]), k,
			        diff_delta(excl[0][c], excl[1][c]));
		else
			fprintf(out, "%s\"incl_%s_usec\": null, \"excl_%s_usec\": null",
			        c ? ", " : "", k, k);
	}
}

static void diff_report_json_toplevel(FILE *out, const struct diff *d)
{
	fputs("  \"toplevel\": {\"base\": {", out);
	diff_report_json_nums(out, d, d->top_incl[0], d->top_excl[0]);
	fputs("},\n    \"new\": {", out);
	diff_report_json_nums(out, d, d->top_incl[1], d->top_excl[1]);
	fputs("},\n    \"delta\": {", out);
	diff_report_json_delta(out, d, d->top_incl, d->top_excl);
	fputs("}},\n", out);
}

static void diff_report_json_str(FILE *out, const char *key, const struct trace *tr,
                                 const struct tv_method *m, struct tv_str s)
{
	fprintf(out, "\"%s\": ", key);
	if (m->declared)
		textesc_json(out, trace_str(tr, s), s.len);
	else
		fputs("null", out);
}

static void diff_report_json_side(FILE *out, const struct diff *d, const struct diff_row *row,
                                  int r)
{
	uint32_t m = r ? row->next : row->base;
	if (m == DIFF_NONE) {
		fputs("null", out);
		return;
	}
	fputs("{\"id\": ", out);
	methodname_id(out, d->run[r]->tr, m, 0);
	fprintf(out, ", \"calls\": %" PRIu64 ", \"recursive_calls\": %" PRIu64 ", ", row->calls[r],
	        row->rcalls[r]);
	diff_report_json_nums(out, d, row->incl[r], row->excl[r]);
	putc('}', out);
}

static void diff_report_json_row(FILE *out, const struct diff *d, const struct diff_row *row)
{
	uint32_t m;
	const struct trace *tr = diff_report_row_method(d, row, &m);
	const struct tv_method *tm = &tr->methods[m];

	fputs("    {", out);
	diff_report_json_str(out, "class", tr, tm, tm->cls);
	fputs(", ", out);
	diff_report_json_str(out, "name", tr, tm, tm->name);
	fputs(", ", out);
	diff_report_json_str(out, "signature", tr, tm, tm->sig);
	fprintf(out, ", \"status\": \"%s\",\n     \"base\": ", diff_status_name(row->status));
	diff_report_json_side(out, d, row, 0);
	fputs(",\n     \"new\": ", out);
	diff_report_json_side(out, d, row, 1);
	fprintf(out, ",\n     \"delta\": {\"calls\": %" PRId64 ", \"recursive_calls\": %" PRId64
	        ", ", diff_delta(row->calls[0], row->calls[1]),
	        diff_delta(row->rcalls[0], row->rcalls[1]));
	diff_report_json_delta(out, d, row->incl, row->excl);
	fputs("}}", out);
}

enum tv_status diff_report_json_named(FILE *out, const struct diff *d, const char *base_name,
                                      const char *next_name)
{
	fputs("{\n  \"schema\": 2,\n", out);
	diff_report_json_run(out, "base", d->run[0], base_name);
	diff_report_json_run(out, "new", d->run[1], next_name);
	fputs("  \"clocks\": [", out);
	int n = 0;
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (d->has_clock[c])
			fprintf(out, "%s\"%s\"", n++ ? ", " : "", diff_report_clock_key[c]);
	fputs("],\n  \"clock\": ", out);
	if (d->has_clock[d->clock])
		fprintf(out, "\"%s\",\n", diff_report_clock_key[d->clock]);
	else
		fputs("null,\n", out);
	fprintf(out, "  \"counts\": {\"changed\": %" PRIu32 ", \"added\": %" PRIu32
	        ", \"removed\": %" PRIu32 ", \"same\": %" PRIu32 "},\n",
	        d->count[DIFF_CHANGED], d->count[DIFF_ADDED], d->count[DIFF_REMOVED],
	        d->count[DIFF_SAME]);
	diff_report_json_toplevel(out, d);
	fputs("  \"methods\": [", out);
	for (uint32_t i = 0; i < d->nrows; i++) {
		fputs(i ? ",\n" : "\n", out);
		diff_report_json_row(out, d, &d->rows[i]);
	}
	fputs(d->nrows ? "\n  ]\n}\n" : "]\n}\n", out);
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}

enum tv_status diff_report_json(FILE *out, const struct diff *d)
{
	return diff_report_json_named(out, d, NULL, NULL);
}

/* ------------------------------------------------------------ folded */

/* Frame names of both runs are interned together (sorted, so equal names
 * get one id and ids follow name order), then each run's calls are walked
 * into one trie of (parent node, frame id) -> node that counts both runs'
 * exclusive µs. Stacks are thus matched by name without ever building a
 * stack string until output. */

struct diff_report_fname {     /* one method's frame name while interning */
	const char *s;             /* set once the arena is final */
	uint32_t off, len, run, method;
};

struct diff_report_step {      /* a call on the walk's path */
	uint32_t call, node;
	uint32_t last_frame, last_child;   /* most callees repeat: a cache */
	uint64_t child_incl;
};

struct diff_report_fold {
	char *arena;               /* every frame name, from a memstream */
	size_t arena_len;
	uint32_t *fid[2];          /* per run, per method: frame id */
	uint32_t *foff, *flen;     /* per frame id: its name in arena */
	uint32_t nframes;
	uint32_t *parent, *frame;  /* per trie node; node 0 is the root */
	uint64_t (*count)[2];
	uint32_t nnodes, cap;
	struct idmap kids;
	struct diff_report_step *path, root;
	uint32_t depth, path_cap;
	int by_calls;              /* a run without time: each call counts 1 */
};

static int diff_report_fname_cmp(const void *x, const void *y)
{
	const struct diff_report_fname *a = x, *b = y;
	size_t n = a->len < b->len ? a->len : b->len;
	int c = n ? memcmp(a->s, b->s, n) : 0;
	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Writes every called method's frame name into one memstream (the stream
 * may move its buffer until closed, hence offsets first). */
static int diff_report_write_names(struct diff_report_fold *f, const struct profile *const *p,
                                   int sig, struct diff_report_fname *fn)
{
	FILE *ms = open_memstream(&f->arena, &f->arena_len);
	if (!ms)
		return -1;
	size_t k = 0;
	long off = 0;
	for (uint32_t r = 0; r < 2; r++)
		for (uint32_t i = 0; i < p[r]->norder; i++) {
			uint32_t m = p[r]->order[i];
			methodname_frame(ms, p[r]->tr, m, sig);
			long end = ftell(ms);
			if (end < 0 || end > (long)UINT32_MAX)
				break;
			uint32_t len = (uint32_t)(end - off);
			fn[k++] = (struct diff_report_fname){ NULL, (uint32_t)off, len, r, m };
			off = end;
		}
	size_t want = (size_t)p[0]->norder + p[1]->norder;
	if (fclose(ms) != 0 || k != want || f->arena_len > UINT32_MAX)
		return -1;
	for (size_t i = 0; i < k; i++)
		fn[i].s = f->arena + fn[i].off;
	return 0;
}

static int diff_report_intern(struct diff_report_fold *f, const struct profile *const *p, int sig)
{
	size_t n = (size_t)p[0]->norder + p[1]->norder;
	struct diff_report_fname *fn = malloc((n ? n : 1) * sizeof *fn);
	f->foff = malloc((n ? n : 1) * sizeof *f->foff);
	f->flen = malloc((n ? n : 1) * sizeof *f->flen);
	for (int r = 0; r < 2; r++)
		f->fid[r] = malloc((size_t)(p[r]->tr->nmethods ? p[r]->tr->nmethods : 1) *
		                   sizeof *f->fid[r]);
	if (!fn || !f->foff || !f->flen || !f->fid[0] || !f->fid[1] ||
	    diff_report_write_names(f, p, sig, fn) < 0) {
		free(fn);
		return -1;
	}
	qsort(fn, n, sizeof *fn, diff_report_fname_cmp);
	for (size_t i = 0; i < n; i++) {
		if (i == 0 || diff_report_fname_cmp(&fn[i - 1], &fn[i]) != 0) {
			f->foff[f->nframes] = fn[i].off;
			f->flen[f->nframes++] = fn[i].len;
		}
		f->fid[fn[i].run][fn[i].method] = f->nframes - 1;
	}
	free(fn);
	return 0;
}

/* Node for frame under parent (made when new), or UINT32_MAX when out of
 * memory. */
static uint32_t diff_report_node(struct diff_report_fold *f, uint32_t parent, uint32_t frame)
{
	int added;
	if (f->nnodes == UINT32_MAX - 1)
		return UINT32_MAX;
	uint32_t n = idmap_get_or_put(&f->kids, (uint64_t)parent << 32 | frame, f->nnodes, &added);
	if (n == IDMAP_NONE || !added)
		return n;
	if (f->nnodes == f->cap) {
		/* Three arrays share one cap and grow alike; a failure leaves
		 * f->cap at what all three still hold. */
		uint32_t c0 = f->cap, c1 = f->cap, c2 = f->cap;
		if (grow_push32((void **)&f->parent, &c0, n, sizeof *f->parent) < 0 ||
		    grow_push32((void **)&f->frame, &c1, n, sizeof *f->frame) < 0 ||
		    grow_push32((void **)&f->count, &c2, n, sizeof *f->count) < 0)
			return UINT32_MAX;
		f->cap = c0;
	}
	f->parent[n] = parent;
	f->frame[n] = frame;
	f->count[n][0] = f->count[n][1] = 0;
	f->nnodes++;
	return n;
}

/* Takes the top call off the path: its excl is its incl less its
 * children's, as in profile.c (by calls: 1). */
static void diff_report_pop(struct diff_report_fold *f, const struct tv_thread *th, int clock,
                            uint32_t r)
{
	struct diff_report_step *s = &f->path[--f->depth];
	uint64_t incl = trace_call_incl(th, clock, s->call);
	f->count[s->node][r] += f->by_calls ? 1 : incl - s->child_incl;
	if (f->depth)
		f->path[f->depth - 1].child_incl += incl;
}

static int diff_report_push(struct diff_report_fold *f, uint32_t call, uint32_t frame)
{
	if (grow_push32((void **)&f->path, &f->path_cap, f->depth, sizeof *f->path) < 0)
		return -1;
	struct diff_report_step *up = f->depth ? &f->path[f->depth - 1] : &f->root;
	uint32_t node = up->last_child;
	if (up->last_frame != frame) {
		node = diff_report_node(f, up->node, frame);
		if (node == UINT32_MAX)
			return -1;
		up->last_frame = frame;
		up->last_child = node;
	}
	f->path[f->depth++] = (struct diff_report_step){ call, node, UINT32_MAX, UINT32_MAX, 0 };
	return 0;
}

static int diff_report_walk_thread(struct diff_report_fold *f, const struct tv_thread *th,
                                   int clock, uint32_t r)
{
	struct callwalk w;
	uint32_t i;
	callwalk_init(&w, th);
	for (int step; (step = callwalk_next(&w, &i)) != CALLWALK_DONE;) {
		if (step == CALLWALK_LEAVE)
			diff_report_pop(f, th, clock, r);
		else if (diff_report_push(f, i, f->fid[r][th->method[i]]) < 0)
			return -1;
	}
	return 0;
}

/* Children of each node, sorted by frame id (= by name): CSR arrays. */
struct diff_report_kid {
	uint32_t parent, frame, node;
};

static int diff_report_kid_cmp(const void *x, const void *y)
{
	const struct diff_report_kid *a = x, *b = y;
	if (a->parent != b->parent)
		return a->parent < b->parent ? -1 : 1;
	return (a->frame > b->frame) - (a->frame < b->frame);
}

struct diff_report_dfs {
	uint32_t node, next, end;
	size_t len;                /* path bytes up to and with this node */
};

/* Depth-first over the trie, one line per node with a count. */
static int diff_report_emit(FILE *out, const struct diff_report_fold *f,
                            const struct diff_report_kid *kids, const uint32_t *first)
{
	struct diff_report_dfs *st = NULL;
	char *path = NULL;
	size_t st_cap = 0, path_cap = 0, sp = 0;
	int rc = 0;

	if (grow_to((void **)&st, &st_cap, 1, sizeof *st) < 0)
		return -1;
	st[sp++] = (struct diff_report_dfs){ 0, first[0], first[1], 0 };
	while (sp && rc == 0) {
		struct diff_report_dfs *top = &st[sp - 1];
		if (top->next == top->end) {
			sp--;
			continue;
		}
		uint32_t n = kids[top->next++].node, fr = f->frame[n];
		size_t at = top->len, len = at + (top->node != 0) + f->flen[fr];
		if (grow_to((void **)&path, &path_cap, len, 1) < 0 ||
		    grow_to((void **)&st, &st_cap, sp + 1, sizeof *st) < 0) {
			rc = -1;
			break;
		}
		top = &st[sp - 1];
		if (top->node != 0)
			path[at++] = ';';
		memcpy(path + at, f->arena + f->foff[fr], f->flen[fr]);
		if (f->count[n][0] || f->count[n][1]) {
			fwrite(path, 1, len, out);
			fprintf(out, " %" PRIu64 " %" PRIu64 "\n", f->count[n][0], f->count[n][1]);
		}
		st[sp++] = (struct diff_report_dfs){ n, first[n], first[n + 1], len };
	}
	free(st);
	free(path);
	return rc;
}

static int diff_report_output(FILE *out, const struct diff_report_fold *f)
{
	uint32_t n = f->nnodes;
	struct diff_report_kid *kids = malloc((size_t)n * sizeof *kids);
	uint32_t *first = calloc((size_t)n + 1, sizeof *first);
	if (!kids || !first) {
		free(kids);
		free(first);
		return -1;
	}
	for (uint32_t i = 1; i < n; i++) {
		kids[i - 1] = (struct diff_report_kid){ f->parent[i], f->frame[i], i };
		first[f->parent[i] + 1]++;
	}
	for (uint32_t i = 0; i < n; i++)
		first[i + 1] += first[i];
	qsort(kids, n - 1, sizeof *kids, diff_report_kid_cmp);
	int rc = diff_report_emit(out, f, kids, first);
	free(kids);
	free(first);
	return rc;
}

static int diff_report_fold_run(struct diff_report_fold *f, const struct profile *const *p,
                                int clock, int sig)
{
	f->cap = 1024;
	f->parent = malloc(f->cap * sizeof *f->parent);
	f->frame = malloc(f->cap * sizeof *f->frame);
	f->count = malloc(f->cap * sizeof *f->count);
	if (!f->parent || !f->frame || !f->count || diff_report_intern(f, p, sig) < 0)
		return -1;
	f->parent[0] = f->frame[0] = UINT32_MAX;
	f->count[0][0] = f->count[0][1] = 0;
	f->nnodes = 1;
	f->root = (struct diff_report_step){ 0, 0, UINT32_MAX, UINT32_MAX, 0 };
	/* With a run without time, both runs are counted by calls: events
	 * and µs do not compare. */
	f->by_calls = trace_is_sequence(p[0]->tr) || trace_is_sequence(p[1]->tr);
	for (uint32_t r = 0; r < 2; r++) {
		const struct trace *tr = p[r]->tr;
		if (!f->by_calls && !tr->has_clock[clock])
			continue;
		for (uint32_t i = 0; i < p[r]->nthreads; i++) {
			const struct tv_thread *th = &tr->threads[p[r]->threads[i]];
			if (diff_report_walk_thread(f, th, clock, r) < 0)
				return -1;
		}
	}
	return 0;
}

static void diff_report_fold_free(struct diff_report_fold *f)
{
	free(f->arena);
	free(f->fid[0]);
	free(f->fid[1]);
	free(f->foff);
	free(f->flen);
	free(f->parent);
	free(f->frame);
	free(f->count);
	free(f->path);
	idmap_free(&f->kids);
}

enum tv_status diff_report_folded(FILE *out, const struct profile *base,
                                  const struct profile *next, int clock, int signatures)
{
	const struct profile *p[2] = { base, next };
	struct diff_report_fold f;

	memset(&f, 0, sizeof f);
	idmap_init(&f.kids);
	int rc = 0;
	if (clock >= 0 && clock < TV_NCLOCKS)
		rc = diff_report_fold_run(&f, p, clock, signatures);
	if (rc == 0 && f.nnodes)
		rc = diff_report_output(out, &f);
	diff_report_fold_free(&f);
	if (rc < 0)
		return TV_ERR_NOMEM;
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}
