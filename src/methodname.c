/* methodname.c: method names for every output (see methodname.h). */
#include "methodname.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "textesc.h"

int methodname_known(const struct tv_method *m)
{
	return m->declared && (m->cls.len || m->name.len);
}

/* The unknown and toplevel names; 1 when one was written. */
static int mn_special(FILE *out, const struct trace *tr, uint32_t method, int quoted)
{
	const char *q = quoted ? "\"" : "";
	if (method == PROF_TOPLEVEL) {
		fprintf(out, "%s(toplevel)%s", q, q);
		return 1;
	}
	const struct tv_method *m = &tr->methods[method];
	if (methodname_known(m))
		return 0;
	fprintf(out, "%s(unknown 0x%" PRIx64 ")%s", q, m->id, q);
	return 1;
}

void methodname_text(FILE *out, const struct trace *tr, uint32_t method, int sig)
{
	if (mn_special(out, tr, method, 0))
		return;
	const struct tv_method *m = &tr->methods[method];
	textesc_text(out, trace_str(tr, m->cls), m->cls.len);
	if (m->cls.len && m->name.len)
		putc('.', out);
	textesc_text(out, trace_str(tr, m->name), m->name.len);
	if (sig && m->sig.len) {
		putc(' ', out);
		textesc_text(out, trace_str(tr, m->sig), m->sig.len);
	}
}

/* Escaped bytes with each ';' written as semi (a string) instead. */
static void mn_semi(FILE *out, const char *s, size_t len, const char *semi)
{
	while (s && len) {
		const char *p = memchr(s, ';', len);
		size_t n = p ? (size_t)(p - s) : len;
		textesc_text(out, s, n);
		if (!p)
			break;
		fputs(semi, out);
		s = p + 1;
		len -= n + 1;
	}
}

void methodname_frame(FILE *out, const struct trace *tr, uint32_t method, int sig)
{
	if (mn_special(out, tr, method, 0))
		return;
	const struct tv_method *m = &tr->methods[method];
	mn_semi(out, trace_str(tr, m->cls), m->cls.len, "\\x3b");
	if (m->cls.len && m->name.len)
		putc('.', out);
	mn_semi(out, trace_str(tr, m->name), m->name.len, "\\x3b");
	if (sig)
		mn_semi(out, trace_str(tr, m->sig), m->sig.len, ",");
}

int methodname_json(FILE *out, const struct trace *tr, uint32_t method)
{
	if (mn_special(out, tr, method, 1))
		return 0;
	const struct tv_method *m = &tr->methods[method];
	size_t cl = m->cls.len, nl = m->name.len, n = 0;
	char *t = malloc(cl + nl + 1);
	if (!t)
		return -1;
	if (cl)
		memcpy(t, trace_str(tr, m->cls), cl);
	n = cl;
	if (cl && nl)
		t[n++] = '.';
	if (nl)
		memcpy(t + n, trace_str(tr, m->name), nl);
	textesc_json(out, t, n + nl);
	free(t);
	return 0;
}
