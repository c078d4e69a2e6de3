/* test_real_traceview.c: our numbers against Traceview's on every top-level
 * real trace (reference/ *.traceview.txt.gz, read through "gzip -dc",
 * skipped when gzip is missing), compared where its semantics and ours
 * agree (what is not compared, and why: see tv_compare()); and the bundled
 * sample against numbers read off Traceview's output.
 *
 * The folder comes from env TV_REAL_DIR or the TV_REAL_DIR macro; every test
 * skips when it is absent. A failed check names the trace and the numbers
 * and the test goes on with the other traces, failing at the end.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <inttypes.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "realref.h"
#include "realtest.h"
#include "testutil.h"
#include "write/report.h"

/* ------------------------------------------------------------ Traceview */

struct tvr_edge {
	char *name;
	uint64_t calls, total;      /* "n/total" */
	int64_t cpu, real;
};

/* A method's four edge lists, as Traceview prints them in this order. */
enum { TVR_PAR, TVR_CHI, TVR_RPAR, TVR_RCHI, TVR_NLISTS };

static const char *const tvr_list_name[TVR_NLISTS] = {
	"parent", "child", "parent while recursive", "child while recursive"
};

struct tvr_list {
	struct tvr_edge *v;
	size_t n, cap;
};

struct tvr_row {
	char *name;
	int64_t incl_cpu, excl_cpu, incl_real;
	uint64_t calls, rcalls;
	struct tvr_list list[TVR_NLISTS];
	int context_switch;         /* a "(context switch)" child row */
};

struct tvr_thread {
	int64_t tid, cpu, real;
};

struct tvref {
	int64_t total_cpu, total_real;
	struct tvr_row *rows;
	size_t nrows, crows;
	struct tvr_thread *th;
	size_t nth, cth;
};

/* Splits s at tabs in place; returns the number of fields (at most max). */
static size_t split_tabs(char *s, char **f, size_t max)
{
	size_t n = 0;

	while (n < max) {
		char *t = strchr(s, '\t');
		f[n++] = s;
		if (!t)
			break;
		*t = '\0';
		s = t + 1;
	}
	return n;
}

/* A name without Traceview's leading rank ("12 java.lang.Foo.bar ()V"). */
static char *strip_rank(char *s)
{
	char *p = s;

	while (*p == ' ')
		p++;
	s = p;
	while (*p >= '0' && *p <= '9')
		p++;
	return p > s && *p == ' ' ? p + 1 : s;
}

static int parse_calls(const char *s, uint64_t *a, uint64_t *b, char sep)
{
	char *e;

	*a = strtoull(s, &e, 10);
	if (e == s || *e != sep)
		return -1;
	s = e + 1;
	*b = strtoull(s, &e, 10);
	return e == s ? -1 : 0;
}

static void tvr_thread_line(struct tvref *ref, const char *l)
{
	const char *cpu = strstr(l, " cpu="), *real = strstr(l, " real=");
	struct tvr_thread *t;

	if (!cpu || !real)
		return;
	if (ref->nth == ref->cth) {
		ref->cth = ref->cth ? 2 * ref->cth : 64;
		ref->th = xrealloc(ref->th, ref->cth * sizeof *ref->th);
	}
	t = &ref->th[ref->nth++];
	t->tid = strtoll(l + strlen("thread ["), NULL, 10);
	/* A thread name could hold " cpu=": the last one is the field. */
	for (const char *q; (q = strstr(cpu + 1, " cpu=")) != NULL;)
		cpu = q;
	for (const char *q; (q = strstr(real + 1, " real=")) != NULL;)
		real = q;
	t->cpu = strtoll(cpu + 5, NULL, 10);
	t->real = strtoll(real + 6, NULL, 10);
}

static void tvr_edge_line(struct tvr_row *row, char *l, int which)
{
	char *f[8];
	size_t n = split_tabs(l, f, 8);
	struct tvr_list *li = &row->list[which];
	struct tvr_edge *e;

	if (n < 6)
		return;         /* the "self" row has no calls column */
	if (li->n == li->cap) {
		li->cap = li->cap ? 2 * li->cap : 8;
		li->v = xrealloc(li->v, li->cap * sizeof *li->v);
	}
	e = &li->v[li->n++];
	e->name = xstrdup(strip_rank(f[0]));
	e->cpu = strtoll(f[2], NULL, 10);
	e->real = strtoll(f[4], NULL, 10);
	if (parse_calls(f[5], &e->calls, &e->total, '/') != 0)
		e->calls = e->total = 0;
	if ((which == TVR_CHI || which == TVR_RCHI) && strcmp(e->name, "(context switch)") == 0)
		row->context_switch = 1;
}

/* Which list a "  Parents" / "  Children" / "  ... while recursive" line
 * opens. */
static int tvr_list_of(const char *l)
{
	int children = strncmp(l, "Children", 8) == 0;
	int rec = strstr(l, "while recursive") != NULL;
	return rec ? (children ? TVR_RCHI : TVR_RPAR) : (children ? TVR_CHI : TVR_PAR);
}

static void tvr_row_line(struct tvref *ref, char *l)
{
	char *f[13];
	struct tvr_row *row;

	if (split_tabs(l, f, 13) < 12)
		return;
	if (ref->nrows == ref->crows) {
		ref->crows = ref->crows ? 2 * ref->crows : 256;
		ref->rows = xrealloc(ref->rows, ref->crows * sizeof *ref->rows);
	}
	row = &ref->rows[ref->nrows++];
	memset(row, 0, sizeof *row);
	row->name = xstrdup(strip_rank(f[0]));
	row->incl_cpu = strtoll(f[2], NULL, 10);
	row->excl_cpu = strtoll(f[4], NULL, 10);
	row->incl_real = strtoll(f[6], NULL, 10);
	if (parse_calls(f[9], &row->calls, &row->rcalls, '+') != 0)
		row->calls = row->rcalls = 0;
}

static int tvr_parse(struct tvref *ref, char **lines, size_t n)
{
	int which = TVR_PAR;
	const char *s;

	memset(ref, 0, sizeof *ref);
	if (n == 0 || strncmp(lines[0], "clock=", 6) != 0)
		return -1;
	s = strstr(lines[0], "totalCpuTime=");
	ref->total_cpu = s ? strtoll(s + 13, NULL, 10) : -1;
	s = strstr(lines[0], "totalRealTime=");
	ref->total_real = s ? strtoll(s + 14, NULL, 10) : -1;
	for (size_t i = 1; i < n; i++) {
		char *l = lines[i];
		if (strncmp(l, "thread [", 8) == 0)
			tvr_thread_line(ref, l);
		else if (strncmp(l, "Name\t", 5) == 0)
			continue;
		else if (strncmp(l, "    ", 4) == 0) {
			if (ref->nrows)
				tvr_edge_line(&ref->rows[ref->nrows - 1], l + 4, which);
		} else if (strncmp(l, "  ", 2) == 0)
			which = tvr_list_of(l + 2);
		else
			tvr_row_line(ref, l);
	}
	return 0;
}

static void tvr_free(struct tvref *ref)
{
	for (size_t i = 0; i < ref->nrows; i++) {
		struct tvr_row *r = &ref->rows[i];
		for (int w = 0; w < TVR_NLISTS; w++) {
			for (size_t k = 0; k < r->list[w].n; k++)
				free(r->list[w].v[k].name);
			free(r->list[w].v);
		}
		free(r->name);
	}
	free(ref->rows);
	free(ref->th);
}

/* The row named name; NULL when absent or listed twice. */
static const struct tvr_row *tvr_row(const struct tvref *ref, const char *name, int *dup)
{
	const struct tvr_row *found = NULL;

	*dup = 0;
	for (size_t i = 0; i < ref->nrows; i++) {
		if (strcmp(ref->rows[i].name, name) == 0) {
			if (found)
				*dup = 1;
			found = &ref->rows[i];
		}
	}
	return *dup ? NULL : found;
}

/* Thread ids as Traceview reads them: signed (1 byte in version 1, 2 bytes
 * otherwise). */
static int64_t tv_signed_tid(const struct trace *tr, uint32_t tid)
{
	if (tr->version == 1)
		return (int8_t)(uint8_t)tid;
	return (int16_t)(uint16_t)tid;
}

/* Whether Traceview's real time of this thread must equal our wall span.
 * Its thread CPU time is the span (every record's CPU delta goes to the call
 * on top, the root included), but its thread real time is only the Σ of
 * the root's children's real incl: the root itself gets no real time, so
 * gaps between top-level calls count only where a "(context switch)"
 * pseudo-call fills them. Equal when our top-level calls cover the whole
 * span and the thread has no orphan exit (then both have the same top-level
 * calls); otherwise it can only be smaller. */
static int tv_real_exact(const struct real *r, const struct tv_thread *th)
{
	const struct rp_thread *rt = rp_find(&r->rp, th->tid);
	uint64_t sum = 0;

	if (!r->tr.has_clock[TV_WALL] || !rt || rt->orphans)
		return 0;
	for (uint32_t i = 0; i < th->ncalls; i++)
		if (th->parent[i] == TV_ROOT)
			sum += trace_call_incl(th, TV_WALL, i);
	return sum == trace_thread_span(th, TV_WALL);
}

/* Traceview's real time against ours (see tv_real_exact). */
static void tv_check_real(struct ctx *c, int exact, int64_t tv, uint64_t ours,
                          const char *what)
{
	if (exact)
		CHECK(c, tv == (int64_t)ours, "%s: real %" PRIu64 ", Traceview %" PRId64,
		      what, ours, tv);
	else
		CHECK(c, tv >= 0 && tv <= (int64_t)ours, "%s: real %" PRIu64
		      ", Traceview %" PRId64 " (can only be smaller)", what, ours, tv);
}

/* Thread header lines: spans per thread. Real spans of thread-cpu traces
 * are synthesised by Traceview: not compared. */
static void tv_compare_threads(struct ctx *c, const struct real *r,
                               const struct tvref *ref, struct stats *st)
{
	const struct trace *tr = &r->tr;
	int dual = tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];

	for (size_t i = 0; i < ref->nth; i++) {
		const struct tvr_thread *rt = &ref->th[i];
		const struct tv_thread *th = NULL;
		for (uint32_t t = 0; t < tr->nthreads; t++)
			if (tv_signed_tid(tr, tr->threads[t].tid) == rt->tid)
				th = &tr->threads[t];
		if (!th || th->records == 0) {
			CHECK(c, rt->cpu == 0, "reference thread [%" PRId64 "] has cpu=%" PRId64
			      " but no records here", rt->tid, rt->cpu);
			continue;
		}
		st->threads++;
		CHECK(c, (int64_t)trace_thread_span(th, TV_CPU) == rt->cpu, "thread %" PRIu32
		      ": cpu span %" PRIu64 ", Traceview %" PRId64, th->tid,
		      trace_thread_span(th, TV_CPU), rt->cpu);
		if (dual) {
			char what[48];
			snprintf(what, sizeof what, "thread %" PRIu32, th->tid);
			tv_check_real(c, tv_real_exact(r, th), rt->real,
			              trace_thread_span(th, TV_WALL), what);
		}
	}
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		int found = 0;
		for (size_t i = 0; i < ref->nth; i++)
			found |= ref->th[i].tid == tv_signed_tid(tr, tr->threads[t].tid);
		CHECK(c, found || tr->threads[t].records == 0, "thread %" PRIu32
		      " not in Traceview's thread list", tr->threads[t].tid);
	}
}

/* The name our edge end has in Traceview's lists; NULL when not comparable
 * (unknown method, or a name two methods share). */
static const char *edge_name(const struct trace *tr, const struct names *ns,
                             uint32_t m, char **owned)
{
	*owned = NULL;
	if (m == PROF_TOPLEVEL)
		return "(toplevel)";
	*owned = method_fullname(tr, m, ns->ascii);
	if (!*owned || names_find(ns, *owned) >= NAME_AMBIGUOUS) {
		free(*owned);
		*owned = NULL;
		return NULL;
	}
	return *owned;
}

/* A child's total calls, the "total" of its "n/total"; 0 (not compared)
 * for a dirty child: it has calls that Traceview places elsewhere and
 * counts otherwise (its own row is not compared either), though the calls
 * under a clean method are the same in both. */
static uint64_t tv_child_total(const struct profile *p, const uint8_t *dirty, uint32_t m)
{
	if (m == PROF_TOPLEVEL || dirty[m])
		return 0;
	return p->methods[m].calls + p->methods[m].rcalls;
}

/* One half of our edges of one side against one of Traceview's lists:
 * rec 0 the plain list ("Parents", "Children"), 1 the "while recursive"
 * one. Every edge with a call in that half must be there with the same
 * calls, n/total, CPU incl and (when compared) real incl, and the lists
 * must hold the same Σ calls, "(context switch)" rows aside. total is the
 * method's own total calls for parents, 0 for children (each child's). */
static void tv_compare_edges(struct ctx *c, const struct profile *p, const struct names *ns,
                             const char *mname, const struct prof_edge *e, uint32_t n,
                             const struct tvr_list *li, int rec, uint64_t total,
                             const uint8_t *dirty, int real, struct stats *st,
                             const char *side)
{
	const struct trace *tr = p->tr;
	uint64_t ours = 0, theirs = 0;

	for (uint32_t i = 0; i < n; i++)
		ours += rec ? e[i].rcalls : e[i].calls;
	for (size_t k = 0; k < li->n; k++)
		if (strcmp(li->v[k].name, "(context switch)") != 0)
			theirs += li->v[k].calls;
	CHECK(c, ours == theirs, "%s: %s edges hold %" PRIu64 " calls, Traceview %" PRIu64,
	      mname, side, ours, theirs);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t calls = rec ? e[i].rcalls : e[i].calls;
		const uint64_t *incl = rec ? e[i].rincl : e[i].incl;
		uint64_t want_total = total ? total : tv_child_total(p, dirty, e[i].method);
		const struct tvr_edge *te = NULL;
		char *owned;
		const char *nm;
		int dup = 0;

		if (!calls)
			continue;
		nm = edge_name(tr, ns, e[i].method, &owned);
		if (!nm)
			continue;
		for (size_t k = 0; k < li->n; k++) {
			if (strcmp(li->v[k].name, nm) == 0) {
				dup |= te != NULL;
				te = &li->v[k];
			}
		}
		st->edges++;
		CHECK(c, te && !dup, "%s: %s %s missing from Traceview's list (or listed twice)",
		      mname, side, nm);
		if (te && !dup)
			CHECK(c, te->calls == calls && (!want_total || te->total == want_total) &&
			      te->cpu == (int64_t)incl[TV_CPU] &&
			      (!real || te->real == (int64_t)incl[TV_WALL]),
			      "%s: %s %s: calls %" PRIu64 "/%" PRIu64 " cpu %" PRIu64 " real %"
			      PRIu64 "; Traceview %" PRIu64 "/%" PRIu64 " %" PRId64 " %" PRId64,
			      mname, side, nm, calls, want_total, incl[TV_CPU], incl[TV_WALL],
			      te->calls, te->total, te->cpu, te->real);
		free(owned);
	}
}

/* One method against its Traceview row. Excl Real is never compared:
 * Traceview's "(context switch)" pseudo-calls (Δwall − Δcpu > 100 µs) take
 * real time from the method's exclusive real time (its incl stays). */
static void tv_compare_method(struct ctx *c, const struct trace *tr, const struct names *ns,
                              const struct profile *p, uint32_t m, const char *name,
                              const struct tvref *ref, const uint8_t *dirty,
                              struct stats *st)
{
	const struct prof_method *pm = &p->methods[m];
	int dual = tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
	int dup;
	const struct tvr_row *row = tvr_row(ref, name, &dup);

	if (dup)
		return;
	if (!row) {
		/* Traceview lists no method whose incl is 0 in its preferred
		 * base, CPU time unless the trace is wall-only. */
		CHECK(c, pm->incl[TV_CPU] == 0,
		      "%s (incl cpu %" PRIu64 ") missing from Traceview's table", name,
		      pm->incl[TV_CPU]);
		st->absent++;
		return;
	}
	st->methods++;
	CHECK(c, row->incl_cpu == (int64_t)pm->incl[TV_CPU] &&
	      row->excl_cpu == (int64_t)pm->excl[TV_CPU] &&
	      (!dual || row->incl_real == (int64_t)pm->incl[TV_WALL]) &&
	      row->calls == pm->calls && row->rcalls == pm->rcalls,
	      "%s: incl cpu %" PRIu64 " excl cpu %" PRIu64 " incl real %" PRIu64
	      " calls %" PRIu64 "+%" PRIu64 "; Traceview %" PRId64 " %" PRId64 " %"
	      PRId64 " %" PRIu64 "+%" PRIu64, name, pm->incl[TV_CPU], pm->excl[TV_CPU],
	      pm->incl[TV_WALL], pm->calls, pm->rcalls, row->incl_cpu, row->excl_cpu,
	      row->incl_real, row->calls, row->rcalls);
	/* Traceview's "(context switch)" child rows (a pseudo-call we do not
	 * make) take real time from the method's excl only: the real incl of
	 * every other edge is still the calls' own, so real times are compared
	 * on every edge, those methods included (they hold on every
	 * reference; see st->cswitch). */
	int real = dual;
	st->cswitch += row->context_switch;
	uint64_t total = pm->calls + pm->rcalls;
	for (int w = 0; w < TVR_NLISTS; w++) {
		int parents = w == TVR_PAR || w == TVR_RPAR;
		const struct prof_list *l = parents ? &pm->parents : &pm->children;
		struct prof_edge *e = tu_list(l);
		tv_compare_edges(c, p, ns, name, e, l->n, &row->list[w], w >= TVR_RPAR,
		                 parents ? total : 0, dirty, real, st, tvr_list_name[w]);
		free(e);
	}
}

/* Compared per method: Incl Cpu, Excl Cpu, Incl Real (dual clock), calls
 * and recursive calls; per edge, the plain half against "Parents" /
 * "Children" and the recursive half against "Parents while recursive" /
 * "Children while recursive": calls, n/total (a dirty child's total
 * aside, see tv_child_total()), incl cpu, incl real; and the Σ of calls
 * over each of the four lists.
 * Not compared, and why:
 * - undeclared methods (Traceview names them "(0x…)") and names two of our
 *   methods share (after Traceview's U+FFFD mangling): no sound match;
 * - dirty methods (dirty_methods()): orphan exits are adopted here and
 *   ignored there;
 * - everything, when no_method_compare() says so;
 * - Excl Real (context switches, see tv_compare_method), the per-call
 *   columns and percentages (derived), "(context switch)" edges;
 * - real times of thread-cpu traces: Traceview synthesises them.
 * ART >= 6 gives a real method id 0, under which Traceview also files its
 * "(toplevel)": that method keeps its own row (compared like any other),
 * but the "(toplevel)" row goes; so the "(toplevel)" row is compared only
 * when present and when the trace has no orphan exit (Traceview leaves the
 * orphans' time in it). Its call count (one per thread, empty ones too) is
 * never compared. */
static void tv_compare(struct ctx *c, const struct real *r, const struct tvref *ref,
                       struct stats *st)
{
	const struct trace *tr = &r->tr;
	int dual = tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
	struct profile p;
	struct tv_error err;
	struct names ns;
	uint8_t *dirty;
	const char *why = no_method_compare(tr);
	unsigned before = st->methods, ndirty = 0;
	int dup, exact = 1;
	const struct tvr_row *top;

	memset(&p, 0, sizeof p);
	if (profile_build(&p, tr, NULL, &err) != TV_OK) {
		CHECK(c, 0, "profile_build: %s", tv_status_str(err.code));
		return;
	}
	st->traces++;
	if (tr->has_clock[TV_CPU])
		CHECK(c, ref->total_cpu == (int64_t)p.top_incl[TV_CPU], "totalCpuTime %"
		      PRId64 ", toplevel incl cpu %" PRIu64, ref->total_cpu, p.top_incl[TV_CPU]);
	for (uint32_t t = 0; t < tr->nthreads; t++)
		exact &= tv_real_exact(r, &tr->threads[t]);
	if (dual)
		tv_check_real(c, exact, ref->total_real, p.top_incl[TV_WALL], "totalRealTime");
	tv_compare_threads(c, r, ref, st);
	if (why || !tr->has_clock[TV_CPU]) {
		print_message("  %s: Traceview: thread totals only (%s)\n", r->name,
		              why ? why : "no CPU clock");
		profile_free(&p);
		return;
	}
	names_build(&ns, tr, 1);
	dirty = dirty_methods(r);
	for (uint32_t k = 0; k < p.norder; k++) {
		uint32_t m = p.order[k];
		char *name;
		if (dirty[m]) {
			ndirty++;
			continue;
		}
		name = method_fullname(tr, m, 1);
		if (name && names_find(&ns, name) < NAME_AMBIGUOUS)
			tv_compare_method(c, tr, &ns, &p, m, name, ref, dirty, st);
		free(name);
	}
	top = tvr_row(ref, "(toplevel)", &dup);
	if (top && tu_warn(tr, TV_W_ORPHAN_EXIT) == 0 &&
	    trace_find_method(tr, 0) == IDMAP_NONE) {
		CHECK(c, top->incl_cpu == (int64_t)p.top_incl[TV_CPU] &&
		      top->excl_cpu == (int64_t)p.top_excl[TV_CPU],
		      "(toplevel): incl cpu %" PRIu64 " excl cpu %" PRIu64
		      "; Traceview %" PRId64 " %" PRId64, p.top_incl[TV_CPU],
		      p.top_excl[TV_CPU], top->incl_cpu, top->excl_cpu);
		if (dual)
			tv_check_real(c, exact, top->incl_real, p.top_incl[TV_WALL],
			              "(toplevel)");
	}
	if (ndirty == 0)
		st->full++;
	else
		st->partial++;
	print_message("  %s: Traceview: %u methods compared, %u skipped (orphan-exit"
	              " subtrees)\n", r->name, st->methods - before, ndirty);
	free(dirty);
	names_free(&ns);
	profile_free(&p);
}

/* One trace against Traceview's output, when the output parses. */
static void tv_one(struct ctx *c, const char *path, char **lines, size_t n, struct stats *st)
{
	struct real r;
	struct tvref ref;

	if (tvr_parse(&ref, lines, n) != 0)
		return;
	if (real_load(c, &r, path) == 0)
		tv_compare(c, &r, &ref, st);
	real_free(&r);
	tvr_free(&ref);
}

static void test_traceview_reference(void **state)
{
	const char *dir = real_dir_or_skip();
	struct ctx c = {NULL, "Traceview", 0};
	struct stats st;

	(void)state;
	realref_each(dir, "traceview", &c, &st, tv_one);
	print_message("Traceview reference: %u traces (%u with every method compared, %u"
	              " partly), %u methods, %u edges, %u thread spans compared; %u"
	              " methods absent from its table (zero incl); %u methods with a"
	              " \"(context switch)\" child\n", st.traces, st.full,
	              st.partial, st.methods, st.edges, st.threads, st.absent, st.cswitch);
	assert_int_equal(c.fails, 0);
	assert_true(st.full >= 1);
}

/* ---- the bundled sample against numbers read off Traceview's output */

/* tests/samples/ under $srcdir (the test harness exports it), else the
 * same file in the real-trace directory; NULL when neither is there. */
static char *sample_path(const char *name)
{
	const char *src = getenv("srcdir"), *real = tu_real_dir();
	struct stat sb;
	char *dir, *path;

	if (src && *src) {
		dir = tu_path(src, "tests/samples");
		path = tu_path(dir, name);
		free(dir);
		if (stat(path, &sb) == 0)
			return path;
		free(path);
	}
	if (!real)
		return NULL;
	path = tu_path(real, name);
	if (stat(path, &sb) == 0)
		return path;
	free(path);
	return NULL;
}

/* LayoutInflater.inflate(I, ViewGroup, Z) on the sample: Traceview lists
 * its parent inflate(I, ViewGroup) as 7/11, 124650 µs CPU, 100.0%
 * (208169 µs real), and while recursive as 4/11, 20196 µs, 16.2% (33853
 * µs real). The plain parent shares add up to 100%; the text report
 * prints both rows so. */
static void test_sample_recursive_parents(void **state)
{
	char *path = sample_path("dalvik-v3-dual-zhkl0228-tracereader-test2.trace");
	struct trace tr;
	struct profile p;
	struct tv_error err;
	struct names ns;
	char errfile[256], *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	if (!path)
		skip();
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_OK);
	assert_int_equal(profile_build(&p, &tr, NULL, &err), TV_OK);
	names_build(&ns, &tr, 0);
	uint32_t m = names_find(&ns, "android/view/LayoutInflater.inflate "
	                             "(ILandroid/view/ViewGroup;Z)Landroid/view/View;");
	uint32_t par = names_find(&ns, "android/view/LayoutInflater.inflate "
	                               "(ILandroid/view/ViewGroup;)Landroid/view/View;");
	assert_true(m < NAME_AMBIGUOUS && par < NAME_AMBIGUOUS);
	const struct prof_method *pm = &p.methods[m];
	assert_int_equal(pm->calls, 7);
	assert_int_equal(pm->rcalls, 4);
	assert_int_equal(pm->incl[TV_CPU], 124650);
	assert_int_equal(pm->parents.n, 1);
	const struct prof_edge par0 = profile_list_at(&pm->parents, 0), *e = &par0;
	assert_int_equal(e->method, par);
	assert_int_equal(e->calls, 7);
	assert_int_equal(e->incl[TV_CPU], 124650);
	assert_int_equal(e->incl[TV_WALL], 208169);
	assert_int_equal(e->rcalls, 4);
	assert_int_equal(e->rincl[TV_CPU], 20196);
	assert_int_equal(e->rincl[TV_WALL], 33853);

	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(report_text(f, &p, "sample.trace"), TV_OK);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(text,
		"\nandroid/view/LayoutInflater.inflate (ILandroid/view/ViewGroup;Z)Landroid/view/View;\n"
		"  parent       100.0      124.650       100.0      208.169         7/11  "
		"android/view/LayoutInflater.inflate (ILandroid/view/ViewGroup;)Landroid/view/View;\n"));
	assert_non_null(strstr(text,
		"  Parents while recursive\n"
		"  parent        16.2       20.196        16.3       33.853         4/11  "
		"android/view/LayoutInflater.inflate (ILandroid/view/ViewGroup;)Landroid/view/View;\n"
		"  Children while recursive\n"));
	/* The header: 13.0 s recorded (the largest minus the smallest wall
	 * value of the file's 15773 records, read with a separate script:
	 * 13012018 µs; elapsed-time-usec says 15.3 s), while the 56 threads'
	 * spans add up to 67.8 s. */
	assert_non_null(strstr(text, "\nrecording  wall 13012.018 ms (earliest to latest record)\n"
	                             "elapsed    15311.199 ms (elapsed-time-usec)\n"
	                             "thread time cpu 1665.649 ms wall 67819.608 ms\n"));
	free(text);
	names_free(&ns);
	profile_free(&p);
	trace_free(&tr);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_traceview_reference),
		cmocka_unit_test(test_sample_recursive_parents),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
