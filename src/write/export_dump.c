/* export_dump.c: every record in file order, like dmtracedump -o.
 *
 * A sink of its own replays the readers over the file again and prints a line
 * per record; everything else the readers say (header, options, thread and
 * method lines or packets, damage) becomes a '#' comment where it occurs. The
 * depth of each thread is tracked with a stack of open method ids, repaired as
 * the rules of docs/numbers.md ("The call tree") repair calls, and each repair
 * is a comment. Names come from the loaded trace, so records before a streaming
 * method packet still print the method. See export.h for the layout.
 */
#include "analyze/methodname.h"
#include "base/grow.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "model/load.h"
#include "write/export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT_DUMP_MAX_INDENT 100 /* levels; deeper lines stay at this indent */

struct export_dump_thread {
	uint32_t tid;
	uint64_t *stack;            /* open method ids */
	uint32_t n, cap;
};

struct export_dump_state {
	FILE *out;
	const struct trace *tr;
	unsigned nslots;
	struct export_dump_thread *th;
	uint32_t nth, th_cap;
	struct idmap th_ids;        /* tid -> index in th */
	/* Method names ("class.name sig", escaped), rendered once each into a
	 * memory stream: method m is names[off[m], off[m] + len[m]). */
	FILE *ms;
	char *names;
	size_t names_size;
	size_t *off, *len;
	char line[64 + 2 * EXPORT_DUMP_MAX_INDENT];
};

/* ------------------------------------------------------------ names */

/* Writes the name of method id to out. */
static int export_dump_name(struct export_dump_state *d, uint64_t id)
{
	uint32_t m = trace_find_method(d->tr, id);
	if (m == IDMAP_NONE) {
		fprintf(d->out, "(unknown 0x%" PRIx64 ")", id);
		return 0;
	}
	if (d->len[m] == SIZE_MAX) {
		if (fflush(d->ms) != 0)
			return -1;
		d->off[m] = d->names_size;
		methodname_text(d->ms, d->tr, m, 1);
		if (fflush(d->ms) != 0 || ferror(d->ms))
			return -1;
		d->len[m] = d->names_size - d->off[m];
	}
	fwrite(d->names + d->off[m], 1, d->len[m], d->out);
	return 0;
}

/* ------------------------------------------------------------ threads */

static struct export_dump_thread *export_dump_thread(struct export_dump_state *d, uint32_t tid)
{
	int added;
	uint32_t i = idmap_get_or_put(&d->th_ids, tid, d->nth, &added);
	if (i == IDMAP_NONE)
		return NULL;
	if (!added)
		return &d->th[i];
	if (grow_push32((void **)&d->th, &d->th_cap, d->nth, sizeof *d->th) < 0)
		return NULL;
	d->th[d->nth] = (struct export_dump_thread){tid, NULL, 0, 0};
	return &d->th[d->nth++];
}

static int export_dump_push(struct export_dump_thread *t, uint64_t id)
{
	if (grow_push32((void **)&t->stack, &t->cap, t->n, sizeof *t->stack) < 0)
		return -1;
	t->stack[t->n++] = id;
	return 0;
}

/* ------------------------------------------------------------ the sink */

static int export_dump_format(void *ctx, const struct sink_format *f)
{
	struct export_dump_state *d = ctx;
	d->nslots = f->nslots;
	if (f->version)
		fprintf(d->out, "# format: version %u%s", f->version,
		        f->streaming ? " streaming" : "");
	else   /* ART's low-overhead dumps have no header */
		fputs("# format: no header", d->out);
	fprintf(d->out, ", %u timestamp%s per record", f->nslots, f->nslots == 1 ? "" : "s");
	if (f->record_size)
		fprintf(d->out, ", record size %u", f->record_size);
	fprintf(d->out, ", start time %" PRIu64 "%s\n", f->start_time,
	        f->start_time_ns ? " ns" : "");
	return 0;
}

static int export_dump_option(void *ctx, struct sink_bytes key, struct sink_bytes val)
{
	struct export_dump_state *d = ctx;
	fputs("# option ", d->out);
	textesc_text(d->out, key.ptr ? key.ptr : "", key.len);
	putc('=', d->out);
	textesc_text(d->out, val.ptr ? val.ptr : "", val.len);
	putc('\n', d->out);
	return 0;
}

static int export_dump_thread_line(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset)
{
	struct export_dump_state *d = ctx;
	(void)offset;
	fprintf(d->out, "# thread %" PRIu32, tid);
	if (name.ptr && name.len) {
		putc(' ', d->out);
		textesc_text(d->out, name.ptr, name.len);
	}
	putc('\n', d->out);
	return 0;
}

/* One field of a method line after a blank, when present. */
static void export_dump_field(FILE *out, struct sink_bytes b, char sep)
{
	if (!b.ptr || !b.len)
		return;
	putc(sep, out);
	textesc_text(out, b.ptr, b.len);
}

static int export_dump_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t offset)
{
	struct export_dump_state *d = ctx;
	(void)offset;
	int has_cls = m->cls.ptr && m->cls.len;
	fprintf(d->out, "# method 0x%" PRIx64 " ", id);
	if (has_cls)
		textesc_text(d->out, m->cls.ptr, m->cls.len);
	if (has_cls)
		export_dump_field(d->out, m->name, '.');
	else if (m->name.ptr)
		textesc_text(d->out, m->name.ptr, m->name.len);
	export_dump_field(d->out, m->sig, ' ');
	export_dump_field(d->out, m->source, ' ');
	if (m->has_line)
		fprintf(d->out, " line %" PRId64, m->line);
	putc('\n', d->out);
	return 0;
}

static void export_dump_warn(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	struct export_dump_state *d = ctx;
	fprintf(d->out, "# warning: %" PRIu64 " %s", n, tv_warn_str(kind));
	if (offset != TV_NO_OFFSET)
		fprintf(d->out, " (offset %" PRIu64 ")", offset);
	putc('\n', d->out);
}

/* " " and v right-aligned in 10 columns, or "-" when absent. */
static char *export_dump_time(char *p, int present, uint64_t v)
{
	char num[NUMFMT_MAX] = "-";
	size_t n = present ? numfmt_put_u64(num, v) : 1;
	*p++ = ' ';
	for (size_t i = n; i < 10; i++)
		*p++ = ' ';
	memcpy(p, num, n);
	return p + n;
}

/* "  TID ACT        CPU       WALL  " and the indent, then the name. */
static int export_dump_line(struct export_dump_state *d, uint32_t tid, unsigned action, uint64_t t0,
                            uint64_t t1, uint32_t depth, uint64_t id)
{
	static const char act[4][4] = {"ent", "xit", "unr", "???"};
	char *p = d->line;
	int n = snprintf(p, 16, "%5" PRIu32 " ", tid);
	p += n;
	memcpy(p, act[action], 3);
	p += 3;
	int cpu = d->nslots == 2 || d->tr->has_clock[TV_CPU];
	uint64_t wall = d->nslots == 2 ? t1 : t0;
	p = export_dump_time(p, cpu, t0);
	p = export_dump_time(p, d->nslots == 2 || !cpu, wall);
	*p++ = ' ';
	*p++ = ' ';
	uint32_t indent = depth < EXPORT_DUMP_MAX_INDENT ? depth : EXPORT_DUMP_MAX_INDENT;
	memset(p, ' ', 2 * (size_t)indent);
	p += 2 * (size_t)indent;
	fwrite(d->line, 1, (size_t)(p - d->line), d->out);
	if (export_dump_name(d, id) < 0)
		return -1;
	putc('\n', d->out);
	return 0;
}

/* An exit: pops to the matching frame (rule 2) or empties the stack
 * (rule 3), then prints the record and a comment on any repair. */
static int export_dump_exit(struct export_dump_state *d, struct export_dump_thread *t,
                            unsigned action, uint64_t id, uint64_t t0, uint64_t t1)
{
	uint32_t k = t->n;
	while (k > 0 && t->stack[k - 1] != id)
		k--;
	uint32_t open = t->n;
	if (k > 0) {
		t->n = k - 1;
		if (export_dump_line(d, t->tid, action, t0, t1, t->n, id) < 0)
			return -1;
		if (open - k > 0) {
			fprintf(d->out, "# [%" PRIu32 "] exit of ", t->tid);
			if (export_dump_name(d, id) < 0)
				return -1;
			fprintf(d->out, " skipped %" PRIu32 " open call%s\n", open - k,
			        open - k == 1 ? "" : "s");
		}
		return 0;
	}
	t->n = 0;
	if (export_dump_line(d, t->tid, action, t0, t1, 0, id) < 0)
		return -1;
	fprintf(d->out, "# [%" PRIu32 "] exit of ", t->tid);
	if (export_dump_name(d, id) < 0)
		return -1;
	fputs(" not on the stack (running before tracing began)", d->out);
	if (open)
		fprintf(d->out, "; %" PRIu32 " open call%s closed", open, open == 1 ? "" : "s");
	putc('\n', d->out);
	return 0;
}

static int export_dump_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                              uint64_t offset)
{
	struct export_dump_state *d = ctx;
	(void)offset;
	struct export_dump_thread *t = export_dump_thread(d, tid);
	if (!t)
		return -1;
	unsigned action = (unsigned)(word & 3);
	uint64_t id = word & ~UINT64_C(3);
	if (action == 0) {
		if (export_dump_line(d, tid, action, t0, t1, t->n, id) < 0)
			return -1;
		return export_dump_push(t, id);
	}
	if (action == 3)
		return export_dump_line(d, tid, action, t0, t1, t->n, id);
	return export_dump_exit(d, t, action, id, t0, t1);
}

/* ------------------------------------------------------------ driving */

static void export_dump_header(FILE *out, const struct trace *tr)
{
	if (trace_has_version(tr))
		fprintf(out, "# traceview dump: version %u%s", tr->version,
		        tr->streaming ? " streaming" : "");
	else
		fputs("# traceview dump: no header", out);
	fprintf(out, ", clock %s, %" PRIu64 " records\n", trace_clock_name(tr->clock), tr->records);
	/* a trace without time has each thread's event index where wall is */
	fputs(trace_is_sequence(tr) ? "#   tid act        cpu      event" : "#   tid act        cpu       wall",
	      out);
	fputs("  method (indented by depth)\n", out);
}

static void export_dump_footer(struct export_dump_state *d)
{
	for (uint32_t i = 0; i < d->nth; i++)
		if (d->th[i].n)
			fprintf(d->out, "# [%" PRIu32 "] %" PRIu32 " call%s still open at the end "
			        "of the data\n", d->th[i].tid, d->th[i].n, d->th[i].n == 1 ? "" : "s");
}

static int export_dump_init(struct export_dump_state *d, FILE *out, const struct trace *tr)
{
	memset(d, 0, sizeof *d);
	d->out = out;
	d->tr = tr;
	d->nslots = 1;
	idmap_init(&d->th_ids);
	size_t n = tr->nmethods ? tr->nmethods : 1;
	d->off = malloc(n * sizeof *d->off);
	d->len = malloc(n * sizeof *d->len);
	if (!d->off || !d->len)
		return -1;
	for (size_t i = 0; i < n; i++)
		d->len[i] = SIZE_MAX;
	d->ms = open_memstream(&d->names, &d->names_size);
	return d->ms ? 0 : -1;
}

static void export_dump_free(struct export_dump_state *d)
{
	if (d->ms)
		fclose(d->ms);
	free(d->names);
	free(d->off);
	free(d->len);
	for (uint32_t i = 0; i < d->nth; i++)
		free(d->th[i].stack);
	free(d->th);
	idmap_free(&d->th_ids);
}

static struct sink export_dump_sink(struct export_dump_state *d)
{
	struct sink s = {
		.ctx = d,
		.format = export_dump_format,
		.option = export_dump_option,
		.thread = export_dump_thread_line,
		.method = export_dump_method,
		.record = export_dump_record,
		.warn = export_dump_warn,
		.consumed = NULL,
		.cctx = NULL,
	};
	return s;
}

/* Runs one scan (a whole file, or a pair) through the dump sink; pid
 * picks an ANR report's dump (0: the first). */
static enum tv_status export_dump_run(FILE *out, const struct trace *tr, int pair,
                                      const uint8_t *key, size_t keylen, const uint8_t *buf,
                                      size_t len, uint32_t pid, struct tv_error *err)
{
	struct load_opts lo = {.pid = pid};
	struct export_dump_state d;
	enum tv_status st;
	if (export_dump_init(&d, out, tr) < 0) {
		export_dump_free(&d);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	export_dump_header(out, tr);
	struct sink s = export_dump_sink(&d);
	if (pair) {
		int in_data;
		st = load_scan_pair(key, keylen, buf, len, &s, err, &in_data);
	} else
		st = load_scan_opts(buf, len, &lo, &s, err);
	if (st == TV_OK)
		export_dump_footer(&d);
	export_dump_free(&d);
	if (st != TV_OK)
		return st;
	if (fflush(out) != 0 || ferror(out))
		return tv_fail(err, TV_ERR_OUTPUT, TV_NO_OFFSET, NULL);
	return TV_OK;
}

enum tv_status export_dump(FILE *out, const struct trace *tr, const uint8_t *buf, size_t len,
                           uint32_t pid, struct tv_error *err)
{
	return export_dump_run(out, tr, 0, NULL, 0, buf, len, pid, err);
}

enum tv_status export_dump_pair(FILE *out, const struct trace *tr, const uint8_t *key,
                                size_t keylen, const uint8_t *data, size_t datalen,
                                struct tv_error *err)
{
	return export_dump_run(out, tr, 1, key, keylen, data, datalen, 0, err);
}
