/* report_json.c: the profile as the JSON object of docs/numbers.md.
 *
 * Layout: two-space indent, one thread, edge or warning per line, each
 * method's own fields on one line, so diffs of two reports stay readable.
 */
#include "report.h"
#include "textesc.h"

#include <inttypes.h>
#include <string.h>

static const char *const json_clock_key[TV_NCLOCKS] = { "cpu", "wall" };

/* Numbers are most of a big report: format them without printf. */
static void json_u64(FILE *out, uint64_t v)
{
	char buf[24], *p = buf + sizeof buf;
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fwrite(p, 1, (size_t)(buf + sizeof buf - p), out);
}

static void json_hex(FILE *out, uint64_t v)
{
	char buf[24], *p = buf + sizeof buf;
	do {
		*--p = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	fwrite(p, 1, (size_t)(buf + sizeof buf - p), out);
}

/* A µs value, or null when the trace lacks that clock. */
static void json_usec(FILE *out, const struct trace *tr, int clock, uint64_t v)
{
	if (tr->has_clock[clock])
		json_u64(out, v);
	else
		fputs("null", out);
}

static void json_str(FILE *out, const struct trace *tr, struct tv_str s)
{
	textesc_json(out, trace_str(tr, s), s.len);
}

static void json_id(FILE *out, const struct trace *tr, uint32_t method)
{
	if (method == PROF_TOPLEVEL)
		fputs("\"toplevel\"", out);
	else {
		fputs("\"0x", out);
		json_hex(out, tr->methods[method].id);
		putc('"', out);
	}
}

/* Appends to a line buffer; edges are most of a big report, so each is
 * built in memory and written with one call. */
static char *json_cat(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

static char *json_cat_u64(char *p, uint64_t v)
{
	char buf[24], *q = buf + sizeof buf;
	do {
		*--q = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (q < buf + sizeof buf)
		*p++ = *q++;
	return p;
}

static char *json_cat_usec(char *p, const struct trace *tr, int clock, uint64_t v)
{
	return tr->has_clock[clock] ? json_cat_u64(p, v) : json_cat(p, "null");
}

/* One edge, both halves (docs/numbers.md, "Parents and children"): calls
 * and incl_* are the plain half, recursive_* the "while recursive" one. */
static void json_edge(FILE *out, const struct trace *tr, const struct prof_edge *e)
{
	char line[512], *p = line;
	p = json_cat(p, "{\"id\": ");
	if (e->method == PROF_TOPLEVEL) {
		p = json_cat(p, "\"toplevel\"");
	} else {
		char hex[24], *q = hex + sizeof hex;
		uint64_t v = tr->methods[e->method].id;
		*--q = '\0';
		do {
			*--q = "0123456789abcdef"[v & 15];
			v >>= 4;
		} while (v);
		p = json_cat(json_cat(json_cat(p, "\"0x"), q), "\"");
	}
	p = json_cat_u64(json_cat(p, ", \"calls\": "), e->calls);
	p = json_cat_usec(json_cat(p, ", \"incl_cpu_usec\": "), tr, TV_CPU, e->incl[TV_CPU]);
	p = json_cat_usec(json_cat(p, ", \"incl_wall_usec\": "), tr, TV_WALL, e->incl[TV_WALL]);
	p = json_cat_u64(json_cat(p, ", \"recursive_calls\": "), e->rcalls);
	p = json_cat_usec(json_cat(p, ", \"recursive_incl_cpu_usec\": "), tr, TV_CPU,
	                  e->rincl[TV_CPU]);
	p = json_cat_usec(json_cat(p, ", \"recursive_incl_wall_usec\": "), tr, TV_WALL,
	                  e->rincl[TV_WALL]);
	*p++ = '}';
	fwrite(line, 1, (size_t)(p - line), out);
}

/* "key": [EDGE, ...] with one edge a line at the given indent. */
static void json_edges(FILE *out, const struct trace *tr, const char *key,
                       const struct prof_edge *e, uint32_t n, const char *indent)
{
	fprintf(out, "\"%s\": [", key);
	for (uint32_t i = 0; i < n; i++) {
		fputs(i ? ",\n" : "\n", out);
		fputs(indent, out);
		fputs("  ", out);
		json_edge(out, tr, &e[i]);
	}
	if (n)
		fprintf(out, "\n%s", indent);
	putc(']', out);
}

/* "incl_cpu_usec": .., "excl_cpu_usec": .., "incl_wall_usec": .., ... */
static void json_incl_excl(FILE *out, const struct trace *tr,
                           const uint64_t *incl, const uint64_t *excl)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		fprintf(out, "%s\"incl_%s_usec\": ", c ? ", " : "", json_clock_key[c]);
		json_usec(out, tr, c, incl[c]);
		fprintf(out, ", \"excl_%s_usec\": ", json_clock_key[c]);
		json_usec(out, tr, c, excl[c]);
	}
}

static void json_threads(FILE *out, const struct profile *p)
{
	const struct trace *tr = p->tr;

	fputs("  \"threads\": [", out);
	for (uint32_t i = 0; i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		fprintf(out, "%s\n    {\"tid\": %" PRIu32 ", \"name\": ", i ? "," : "", th->tid);
		json_str(out, tr, th->name);
		fprintf(out, ", \"records\": %" PRIu64, th->records);
		for (int c = 0; c < TV_NCLOCKS; c++) {
			fprintf(out, ", \"%s_usec\": ", json_clock_key[c]);
			json_usec(out, tr, c, trace_thread_span(th, c));
		}
		putc('}', out);
	}
	fputs(p->nthreads ? "\n  ],\n" : "],\n", out);
}

static void json_toplevel(FILE *out, const struct profile *p)
{
	fputs("  \"toplevel\": {\n    ", out);
	json_incl_excl(out, p->tr, p->top_incl, p->top_excl);
	fputs(",\n    ", out);
	json_edges(out, p->tr, "children", p->top_children, p->ntop_children, "    ");
	fputs("\n  },\n", out);
}

/* A string field of a method: null when never declared, absent or (for
 * source) empty. */
static void json_method_str(FILE *out, const struct trace *tr, const struct tv_method *m,
                            const char *key, struct tv_str s, int empty_is_null)
{
	fprintf(out, ", \"%s\": ", key);
	if (!m->declared || (empty_is_null && s.len == 0))
		fputs("null", out);
	else
		json_str(out, tr, s);
}

static void json_method(FILE *out, const struct profile *p, uint32_t idx)
{
	const struct trace *tr = p->tr;
	const struct tv_method *m = &tr->methods[idx];
	const struct prof_method *pm = &p->methods[idx];

	fputs("    {\"id\": ", out);
	json_id(out, tr, idx);
	json_method_str(out, tr, m, "class", m->cls, 0);
	json_method_str(out, tr, m, "name", m->name, 0);
	json_method_str(out, tr, m, "signature", m->sig, 0);
	json_method_str(out, tr, m, "source", m->source, 1);
	fprintf(out, ", \"calls\": %" PRIu64 ", \"recursive_calls\": %" PRIu64 ", ",
	        pm->calls, pm->rcalls);
	json_incl_excl(out, tr, pm->incl, pm->excl);
	fputs(",\n     ", out);
	json_edges(out, tr, "parents", pm->parents, pm->nparents, "     ");
	fputs(",\n     ", out);
	json_edges(out, tr, "children", pm->children, pm->nchildren, "     ");
	putc('}', out);
}

static void json_methods(FILE *out, const struct profile *p)
{
	fputs("  \"methods\": [", out);
	for (uint32_t i = 0; i < p->norder; i++) {
		fputs(i ? ",\n" : "\n", out);
		json_method(out, p, p->order[i]);
	}
	fputs(p->norder ? "\n  ],\n" : "],\n", out);
}

static void json_warnings(FILE *out, const struct trace *tr)
{
	char buf[512];
	int first = 1;

	fputs("  \"warnings\": [", out);
	for (int k = 0; k < TV_WARN_COUNT; k++) {
		if (tr->warnings.count[k] == 0)
			continue;
		tv_warnings_format(&tr->warnings, (enum tv_warn)k, buf, sizeof buf);
		fputs(first ? "\n    " : ",\n    ", out);
		textesc_json(out, buf, strlen(buf));
		first = 0;
	}
	fputs(first ? "]\n" : "\n  ]\n", out);
}

enum tv_status report_json(FILE *out, const struct profile *p)
{
	const struct trace *tr = p->tr;

	/* "schema" 2: edges carry recursive halves; scripts tell layouts apart
	 * by it (1 had no schema field and mixed both halves in calls/incl). */
	fprintf(out, "{\n  \"schema\": 2,\n  \"version\": %u,\n  \"streaming\": %s,\n  \"clock\": ",
	        tr->version, tr->streaming ? "true" : "false");
	const char *clock = trace_clock_name(tr->clock);
	textesc_json(out, clock, strlen(clock));
	fprintf(out, ",\n  \"records\": %" PRIu64 ",\n", tr->records);
	json_threads(out, p);
	json_toplevel(out, p);
	json_methods(out, p);
	json_warnings(out, tr);
	fputs("}\n", out);
	if (fflush(out) != 0 || ferror(out))
		return TV_ERR_OUTPUT;
	return TV_OK;
}
