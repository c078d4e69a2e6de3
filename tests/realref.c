/* realref.c: reading the tools' reference outputs and what the comparisons
 * with them share (see realref.h). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "model/trace.h"
#include "realref.h"
#include "realtest.h"
#include "testutil.h"

char *reference_path(const char *dir, const char *trace, const char *tool)
{
	size_t len = strlen(trace) - strlen(".trace");
	char *name = xcalloc(len + strlen(tool) + 16, 1);
	char *sub = tu_path(dir, "reference");
	char *path;

	memcpy(name, trace, len);
	strcat(name, ".");
	strcat(name, tool);
	strcat(name, ".txt.gz");
	path = tu_path(sub, name);
	free(sub);
	free(name);
	return path;
}

char **read_gz_lines(const char *path, size_t *n)
{
	char cmd[4200];
	FILE *f;
	char *line = NULL;
	size_t cap = 0, vcap = 0;
	ssize_t len;
	char **v = NULL;
	struct stat sb;

	*n = 0;
	if (stat(path, &sb) != 0 || strchr(path, '\'') || strlen(path) > 4000)
		return NULL;
	snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
	f = popen(cmd, "r");
	if (!f)
		return NULL;
	while ((len = getline(&line, &cap, f)) >= 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (*n == vcap) {
			vcap = vcap ? 2 * vcap : 1024;
			v = xrealloc(v, vcap * sizeof *v);
		}
		v[(*n)++] = xstrdup(line);
	}
	free(line);
	if (pclose(f) != 0 || *n == 0) {
		tu_free_list(v, *n);
		*n = 0;
		return NULL;
	}
	return v;
}

int have_gzip(void)
{
	return system("gzip --version >/dev/null 2>&1") == 0;
}

/* Appends len bytes; with ascii set, each byte >= 0x80 becomes U+FFFD, as
 * Traceview's US-ASCII reader of the key section makes it. */
static char *put_bytes(char *d, const char *s, size_t len, int ascii)
{
	for (size_t i = 0; i < len; i++) {
		if (ascii && (unsigned char)s[i] >= 0x80) {
			memcpy(d, "\xEF\xBF\xBD", 3);
			d += 3;
		} else {
			*d++ = s[i];
		}
	}
	return d;
}

char *method_fullname(const struct trace *tr, uint32_t m, int ascii)
{
	const struct tv_method *me = &tr->methods[m];
	char *s, *d;

	if (!me->declared || !tv_str_present(me->cls) || !tv_str_present(me->name) ||
	    !tv_str_present(me->sig))
		return NULL;
	s = xcalloc(3 * (me->cls.len + me->name.len + me->sig.len) + 3, 1);
	d = put_bytes(s, trace_str(tr, me->cls), me->cls.len, ascii);
	*d++ = '.';
	d = put_bytes(d, trace_str(tr, me->name), me->name.len, ascii);
	*d++ = ' ';
	put_bytes(d, trace_str(tr, me->sig), me->sig.len, ascii);
	return s;
}

static int named_cmp(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

void names_build(struct names *ns, const struct trace *tr, int ascii)
{
	ns->v = xcalloc(tr->nmethods, sizeof *ns->v);
	ns->n = 0;
	ns->ascii = ascii;
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		char *s = method_fullname(tr, m, ascii);
		if (s) {
			ns->v[ns->n].name = s;
			ns->v[ns->n++].m = m;
		}
	}
	if (ns->n)
		qsort(ns->v, ns->n, sizeof *ns->v, named_cmp);
}

uint32_t names_find(const struct names *ns, const char *name)
{
	size_t lo = 0, hi = ns->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int r = strcmp(ns->v[mid].name, name);
		if (r == 0) {
			if ((mid > 0 && strcmp(ns->v[mid - 1].name, name) == 0) ||
			    (mid + 1 < ns->n && strcmp(ns->v[mid + 1].name, name) == 0))
				return NAME_AMBIGUOUS;
			return ns->v[mid].m;
		}
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NAME_NONE;
}

void names_free(struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->v[i].name);
	free(ns->v);
}

uint8_t *dirty_methods(const struct real *r)
{
	const struct trace *tr = &r->tr;
	uint8_t *dirty = xcalloc(tr->nmethods, 1);

	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		const struct rp_thread *rt = rp_find(&r->rp, th->tid);
		uint8_t *in;

		if (!rt || rt->orphans == 0)
			continue;
		in = xcalloc(th->ncalls, 1);
		for (uint32_t i = 0; i < th->ncalls; i++) {
			uint32_t par = th->parent[i];
			if (par == TV_ROOT) {
				in[i] = 1;
				for (int k = 0; k < TV_NCLOCKS; k++)
					if (tr->has_clock[k] && trace_call_start(th, k, i) != 0)
						in[i] = 0;
			} else if (par < i) {
				in[i] = in[par];
			}
			if (in[i])
				dirty[th->method[i]] = 1;
		}
		free(in);
	}
	return dirty;
}

const char *no_method_compare(const struct trace *tr)
{
	/* Rule 2 repairs: Traceview throws on such exits and dmtracedump aborts,
	 * so what they printed does not describe the same tree. */
	if (tu_warn(tr, TV_W_LOST_EXIT))
		return "lost exits (mismatched exits)";
	/* We clamp; both tools take the negative step as it is. */
	if (tu_warn(tr, TV_W_TIME_BACKWARDS))
		return "timestamps stepped backwards";
	return NULL;
}

void realref_each(const char *dir, const char *tool, struct ctx *c, struct stats *st,
                  realref_one_fn *one)
{
	size_t n;
	char **v;

	if (!have_gzip()) {
		print_message("gzip missing: reference outputs not read\n");
		skip();
	}
	memset(st, 0, sizeof *st);
	v = tu_list_traces(dir, &n);
	for (size_t i = 0; i < n; i++) {
		char *rp = reference_path(dir, base_name(v[i]), tool);
		size_t nl;
		char **lines = read_gz_lines(rp, &nl);

		c->trace = base_name(v[i]);
		if (lines)
			one(c, v[i], lines, nl, st);
		tu_free_list(lines, nl);
		free(rp);
	}
	tu_free_list(v, n);
}
