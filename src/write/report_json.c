/* report_json.c: the profile as the JSON object of docs/numbers.md.
 *
 * Layout: two-space indent, one thread, edge or warning per line, each
 * method's own fields on one line, so diffs of two reports stay readable.
 * Everything goes through an outbuf: numbers are most of a big report.
 */
#include "analyze/category.h"
#include "analyze/methodname.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"
#include "write/report.h"

#include <stdlib.h>
#include <string.h>

static const char *const report_json_clock_key[TV_NCLOCKS] = { "cpu", "wall" };

/* The report's buffer: large, so a 70 MB report is ~1000 fwrites. */
enum { REPORT_JSON_BUF = 1 << 16 };

/* A µs value, or null when the clock holds no µs (trace_clock_usec()). */
static void report_json_usec(struct outbuf *ob, const struct trace *tr, int clock, uint64_t v)
{
	outbuf_u64_or_null(ob, trace_clock_usec(tr, clock), v);
}

static void report_json_str(struct outbuf *ob, const struct trace *tr, struct tv_str s)
{
	textesc_json_ob(ob, trace_str(tr, s), s.len);
}

/* Appends to reserved room of a line; edges are most of a big report, so
 * each is built in place in the buffer. */
static char *report_json_cat(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}

#define REPORT_JSON_CAT(p, lit) report_json_cat((p), (lit), sizeof(lit) - 1)

static int report_json_synthetic(const struct trace *tr, uint32_t method)
{
	return method != PROF_TOPLEVEL && tr->methods[method].synthetic;
}

static char *report_json_cat_id(char *p, const struct trace *tr, uint32_t method)
{
	if (method == PROF_TOPLEVEL)
		return REPORT_JSON_CAT(p, "\"toplevel\"");
	p = REPORT_JSON_CAT(p, "\"0x");
	p += numfmt_put_hex(p, tr->methods[method].id);
	*p++ = '"';
	return p;
}

static char *report_json_cat_usec(char *p, const struct trace *tr, int clock, uint64_t v)
{
	return trace_clock_usec(tr, clock) ? p + numfmt_put_u64(p, v) : REPORT_JSON_CAT(p, "null");
}

/* On a sequence trace, ", \"key\": N" with the event count the wall slot
 * holds (docs/numbers.md, "Traces without time"); else nothing. */
static char *report_json_cat_events(char *p, const struct trace *tr, const char *key,
                                    size_t klen, uint64_t v)
{
	if (!trace_is_sequence(tr))
		return p;
	p = REPORT_JSON_CAT(report_json_cat(REPORT_JSON_CAT(p, ", \""), key, klen), "\": ");
	return p + numfmt_put_u64(p, v);
}

#define REPORT_JSON_EVENTS(p, tr, key, v) report_json_cat_events((p), (tr), (key), \
                                                                 sizeof(key) - 1, (v))

/* One edge, both halves (docs/numbers.md, "Parents and children"): calls
 * and incl_* are the plain half, recursive_* the "while recursive" one.
 * At most ~430 bytes: the fixed text and nine 20-digit numbers. */
static char *report_json_cat_edge_rest(char *p, const struct trace *tr, const struct prof_edge *e)
{
	p = REPORT_JSON_CAT(p, ", \"calls\": ");
	p += numfmt_put_u64(p, e->calls);
	p = report_json_cat_usec(REPORT_JSON_CAT(p, ", \"incl_cpu_usec\": "), tr, TV_CPU,
	                         e->incl[TV_CPU]);
	p = report_json_cat_usec(REPORT_JSON_CAT(p, ", \"incl_wall_usec\": "), tr, TV_WALL,
	                         e->incl[TV_WALL]);
	p = REPORT_JSON_CAT(p, ", \"recursive_calls\": ");
	p += numfmt_put_u64(p, e->rcalls);
	p = report_json_cat_usec(REPORT_JSON_CAT(p, ", \"recursive_incl_cpu_usec\": "), tr, TV_CPU,
	                         e->rincl[TV_CPU]);
	p = report_json_cat_usec(REPORT_JSON_CAT(p, ", \"recursive_incl_wall_usec\": "), tr,
	                         TV_WALL, e->rincl[TV_WALL]);
	p = REPORT_JSON_EVENTS(p, tr, "incl_events", e->incl[TV_WALL]);
	p = REPORT_JSON_EVENTS(p, tr, "recursive_incl_events", e->rincl[TV_WALL]);
	*p++ = '}';
	return p;
}

static char *report_json_cat_edge(char *p, const struct trace *tr, const struct prof_edge *e)
{
	p = report_json_cat_id(REPORT_JSON_CAT(p, "{\"id\": "), tr, e->method);
	return report_json_cat_edge_rest(p, tr, e);
}

/* "key": [EDGE, ...] with one edge a line at the given indent (ni spaces,
 * at most 8). */
static void report_json_edges(struct outbuf *ob, const struct trace *tr, const char *key,
                              const struct prof_list *l, size_t ni)
{
	static const char indent[] = "        ";

	outbuf_putc(ob, '"');
	outbuf_puts(ob, key);
	outbuf_puts(ob, "\": [");
	for (uint32_t i = 0; i < l->n; i++) {
		struct prof_edge e = profile_list_at(l, i);
		char *p = outbuf_reserve(ob, 640);
		if (i)
			*p++ = ',';
		*p++ = '\n';
		memcpy(p, "          ", 10);   /* the indent and two more */
		p += ni + 2;
		if (report_json_synthetic(tr, e.method)) {
			outbuf_commit(ob, REPORT_JSON_CAT(p, "{\"id\": "));
			methodname_id_ob(ob, tr, e.method, 0);  /* any length */
			char *at = outbuf_reserve(ob, 640);
			outbuf_commit(ob, report_json_cat_edge_rest(at, tr, &e));
			continue;
		}
		outbuf_commit(ob, report_json_cat_edge(p, tr, &e));
	}
	if (l->n) {
		outbuf_putc(ob, '\n');
		outbuf_write(ob, indent, ni);
	}
	outbuf_putc(ob, ']');
}

/* "incl_cpu_usec": .., "excl_cpu_usec": .., "incl_wall_usec": .., ... */
static void report_json_incl_excl(struct outbuf *ob, const struct trace *tr,
                                  const uint64_t *incl, const uint64_t *excl)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		outbuf_puts(ob, c ? ", \"incl_" : "\"incl_");
		outbuf_puts(ob, report_json_clock_key[c]);
		outbuf_puts(ob, "_usec\": ");
		report_json_usec(ob, tr, c, incl[c]);
		outbuf_puts(ob, ", \"excl_");
		outbuf_puts(ob, report_json_clock_key[c]);
		outbuf_puts(ob, "_usec\": ");
		report_json_usec(ob, tr, c, excl[c]);
	}
	char *p = outbuf_reserve(ob, 96);
	p = REPORT_JSON_EVENTS(p, tr, "incl_events", incl[TV_WALL]);
	outbuf_commit(ob, REPORT_JSON_EVENTS(p, tr, "excl_events", excl[TV_WALL]));
}

/* "categories": {"app": {"cpu_usec": .., "wall_usec": ..}, ...} */
static void report_json_categories(struct outbuf *ob, const struct trace *tr,
                                   const category_times *t)
{
	outbuf_puts(ob, "\"categories\": {");
	for (int g = 0; g < CAT_COUNT; g++) {
		outbuf_puts(ob, g ? ", \"" : "\"");
		outbuf_puts(ob, category_name((enum category)g));
		outbuf_puts(ob, "\": {\"cpu_usec\": ");
		report_json_usec(ob, tr, TV_CPU, (*t)[g][TV_CPU]);
		outbuf_puts(ob, ", \"wall_usec\": ");
		report_json_usec(ob, tr, TV_WALL, (*t)[g][TV_WALL]);
		outbuf_commit(ob, REPORT_JSON_EVENTS(outbuf_reserve(ob, 48), tr, "events",
		                                     (*t)[g][TV_WALL]));
		outbuf_putc(ob, '}');
	}
	outbuf_putc(ob, '}');
}

static void report_json_threads(struct outbuf *ob, const struct profile *p,
                                const struct category_report *cr)
{
	const struct trace *tr = p->tr;

	outbuf_puts(ob, "  \"threads\": [");
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		outbuf_puts(ob, i ? ",\n    {\"tid\": " : "\n    {\"tid\": ");
		outbuf_u64(ob, th->tid);
		outbuf_puts(ob, ", \"name\": ");
		report_json_str(ob, tr, th->name);
		outbuf_puts(ob, ", \"records\": ");
		outbuf_u64(ob, th->records);
		for (int c = 0; c < TV_NCLOCKS; c++) {
			outbuf_puts(ob, ", \"");
			outbuf_puts(ob, report_json_clock_key[c]);
			outbuf_puts(ob, "_usec\": ");
			report_json_usec(ob, tr, c, trace_thread_span(th, c));
		}
		outbuf_commit(ob, REPORT_JSON_EVENTS(outbuf_reserve(ob, 48), tr, "span_events",
		                                     trace_thread_span(th, TV_WALL)));
		outbuf_puts(ob, ",\n     ");
		report_json_categories(ob, tr, &cr->threads[i]);
		outbuf_putc(ob, '}');
	}
	outbuf_puts(ob, p->nthreads ? "\n  ],\n" : "],\n");
}

static void report_json_toplevel(struct outbuf *ob, const struct profile *p,
                                 const struct category_report *cr)
{
	outbuf_puts(ob, "  \"toplevel\": {\n    ");
	report_json_incl_excl(ob, p->tr, p->top_incl, p->top_excl);
	outbuf_puts(ob, ",\n    ");
	report_json_categories(ob, p->tr, &cr->total);
	outbuf_puts(ob, ",\n    ");
	report_json_edges(ob, p->tr, "children", &p->top_children, 4);
	outbuf_puts(ob, "\n  },\n");
}

/* A string field of a method: null when never declared, absent or (for
 * source) empty. */
static void report_json_method_str(struct outbuf *ob, const struct trace *tr,
                                   const struct tv_method *m, const char *key, struct tv_str s,
                                   int empty_is_null)
{
	outbuf_puts(ob, ", \"");
	outbuf_puts(ob, key);
	outbuf_puts(ob, "\": ");
	if (!m->declared || (empty_is_null && s.len == 0))
		outbuf_puts(ob, "null");
	else
		report_json_str(ob, tr, s);
}

static void report_json_method(struct outbuf *ob, const struct profile *p, uint32_t idx)
{
	const struct trace *tr = p->tr;
	const struct tv_method *m = &tr->methods[idx];
	const struct prof_method *pm = &p->methods[idx];

	char *q = REPORT_JSON_CAT(outbuf_reserve(ob, 64), "    {\"id\": ");
	if (report_json_synthetic(tr, idx)) {
		outbuf_commit(ob, q);
		methodname_id_ob(ob, tr, idx, 0);
	} else {
		outbuf_commit(ob, report_json_cat_id(q, tr, idx));
	}
	report_json_method_str(ob, tr, m, "class", m->cls, 0);
	report_json_method_str(ob, tr, m, "name", m->name, 0);
	report_json_method_str(ob, tr, m, "signature", m->sig, 0);
	report_json_method_str(ob, tr, m, "source", m->source, 1);
	outbuf_puts(ob, ", \"calls\": ");
	outbuf_u64(ob, pm->calls);
	outbuf_puts(ob, ", \"recursive_calls\": ");
	outbuf_u64(ob, pm->rcalls);
	outbuf_puts(ob, ", ");
	report_json_incl_excl(ob, tr, pm->incl, pm->excl);
	outbuf_puts(ob, ",\n     ");
	report_json_edges(ob, tr, "parents", &pm->parents, 5);
	outbuf_puts(ob, ",\n     ");
	report_json_edges(ob, tr, "children", &pm->children, 5);
	outbuf_putc(ob, '}');
}

static void report_json_methods(struct outbuf *ob, const struct profile *p)
{
	outbuf_puts(ob, "  \"methods\": [");
	for (uint32_t i = 0; i < p->norder; i++) {
		outbuf_puts(ob, i ? ",\n" : "\n");
		report_json_method(ob, p, p->order[i]);
	}
	outbuf_puts(ob, p->norder ? "\n  ],\n" : "],\n");
}

static void report_json_warnings(struct outbuf *ob, const struct trace *tr)
{
	char buf[512];
	int first = 1;

	outbuf_puts(ob, "  \"warnings\": [");
	for (int k = 0; k < TV_WARN_COUNT; k++) {
		if (tr->warnings.count[k] == 0)
			continue;
		tv_warnings_format(&tr->warnings, (enum tv_warn)k, buf, sizeof buf);
		outbuf_puts(ob, first ? "\n    " : ",\n    ");
		textesc_json_ob(ob, buf, strlen(buf));
		first = 0;
	}
	outbuf_puts(ob, first ? "]\n" : "\n  ]\n");
}

/* "range": its clock and ends in µs; on a sequence trace the clock
 * "sequence", null µs and the ends in events. */
static void report_json_range(struct outbuf *ob, const struct trace *tr, const struct range *r,
                              int clock)
{
	int seq = trace_is_sequence(tr);
	outbuf_puts(ob, "  \"range\": {\"clock\": ");
	outbuf_puts(ob, seq ? "\"sequence\"" : clock == TV_WALL ? "\"wall\"" : "\"cpu\"");
	outbuf_puts(ob, ", \"start_usec\": ");
	outbuf_u64_or_null(ob, r->has_start && !seq, r->start);
	outbuf_puts(ob, ", \"end_usec\": ");
	outbuf_u64_or_null(ob, r->has_end && !seq, r->end);
	if (seq) {
		outbuf_puts(ob, ", \"start_event\": ");
		outbuf_u64_or_null(ob, r->has_start, r->start);
		outbuf_puts(ob, ", \"end_event\": ");
		outbuf_u64_or_null(ob, r->has_end, r->end);
	}
	outbuf_puts(ob, "},\n");
}

/* "range", "transforms" (each when given) and "app_packages". */
static void report_json_write_view(struct outbuf *ob, const struct trace *tr,
                                   const struct report_view *v, const struct category_report *cr)
{
	if (v && v->range)
		report_json_range(ob, tr, v->range, v->range_clock);
	if (v && v->ntransforms) {
		outbuf_puts(ob, "  \"transforms\": [");
		for (uint32_t i = 0; i < v->ntransforms; i++) {
			if (i)
				outbuf_puts(ob, ", ");
			textesc_json_ob(ob, v->transforms[i], strlen(v->transforms[i]));
		}
		outbuf_puts(ob, "],\n");
	}
	outbuf_puts(ob, "  \"app_packages\": [");
	for (uint32_t i = 0; i < cr->napp; i++) {
		if (i)
			outbuf_puts(ob, ", ");
		textesc_json_ob(ob, cr->app[i].p, cr->app[i].len);
	}
	outbuf_puts(ob, "],\n");
}

enum tv_status report_json(FILE *out, const struct profile *p)
{
	return report_json_view(out, p, NULL);
}

enum tv_status report_json_view(FILE *out, const struct profile *p, const struct report_view *v)
{
	const struct trace *tr = p->tr;
	struct category_report cr;
	if (category_report_build(&cr, p, v ? v->app : NULL, v ? v->napp : 0) < 0)
		return TV_ERR_NOMEM;
	_Static_assert(REPORT_JSON_BUF >= OUTBUF_MIN, "the edge lines need their room");
	char buf[REPORT_JSON_BUF];
	struct outbuf ob;

	outbuf_init(&ob, out, buf, sizeof buf);
	/* "schema" 2: edges carry recursive halves; scripts tell layouts apart
	 * by it (1 had no schema field and mixed both halves in calls/incl). */
	outbuf_puts(&ob, "{\n  \"schema\": 2,\n  \"version\": ");
	outbuf_u64_or_null(&ob, trace_has_version(tr), tr->version);
	outbuf_puts(&ob, tr->streaming ? ",\n  \"streaming\": true,\n  \"clock\": "
	                               : ",\n  \"streaming\": false,\n  \"clock\": ");
	const char *clock = trace_clock_name(tr->clock);
	textesc_json_ob(&ob, clock, strlen(clock));
	outbuf_puts(&ob, ",\n  \"records\": ");
	outbuf_u64(&ob, tr->records);
	outbuf_puts(&ob, ",\n");
	report_json_write_view(&ob, tr, v, &cr);
	report_json_threads(&ob, p, &cr);
	report_json_toplevel(&ob, p, &cr);
	report_json_methods(&ob, p);
	report_json_warnings(&ob, tr);
	outbuf_puts(&ob, "}\n");
	category_report_free(&cr);
	return outbuf_finish(&ob);
}
