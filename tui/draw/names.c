/* names.c: safe, fitted names (see names.h). */
#include "draw/names.h"

#include <stdio.h>
#include <string.h>

#include "analyze/profile.h"
#include "draw/text.h"

/* Escape a trace string into out ("" when absent). */
static void names_esc(const struct trace *tr, struct tv_str s, int ascii, char *out, size_t size)
{
	const char *p = trace_str(tr, s);
	if (!p) {
		out[0] = '\0';
		return;
	}
	text_escape(p, s.len, ascii, out, size);
}

int names_method(const struct trace *tr, uint32_t method, int cols, int ascii, char *out,
                 size_t size)
{
	char tmp[64];
	if (method == PROF_TOPLEVEL)
		return text_fit("(toplevel)", cols, ascii, out, size);
	const struct tv_method *m = &tr->methods[method];
	if (!m->declared) {
		snprintf(tmp, sizeof tmp, "(unknown 0x%llx)", (unsigned long long)m->id);
		return text_fit(tmp, cols, ascii, out, size);
	}
	char cls[1024], name[1024], sig[1024];
	names_esc(tr, m->cls, ascii, cls, sizeof cls);
	names_esc(tr, m->name, ascii, name, sizeof name);
	names_esc(tr, m->sig, ascii, sig, sizeof sig);
	return text_fit_method(cls, name, sig, cols, ascii, out, size);
}

void names_short(const struct trace *tr, uint32_t method, int ascii, char *out, size_t size)
{
	const struct tv_method *m = &tr->methods[method];
	if (!m->declared || m->synthetic || !m->name.len) {
		names_method(tr, method, 200, ascii, out, size);
		return;
	}
	char cls[300], name[300];
	names_esc(tr, m->cls, ascii, cls, sizeof cls);
	names_esc(tr, m->name, ascii, name, sizeof name);
	snprintf(out, size, "%s%s%s", cls, cls[0] ? "." : "", name);
}

int names_thread(const struct trace *tr, uint32_t thread, int cols, int ascii, char *out,
                 size_t size)
{
	const struct tv_thread *th = &tr->threads[thread];
	char name[512], label[600];
	names_esc(tr, th->name, ascii, name, sizeof name);
	snprintf(label, sizeof label, "[%lu]%s%s", (unsigned long)th->tid, name[0] ? " " : "", name);
	return text_fit(label, cols, ascii, out, size);
}

void names_full(const struct trace *tr, uint32_t method, char *out, size_t size)
{
	names_method(tr, method, 1 << 20, 0, out, size);
}
