/* methodname.c: method names for every output (see methodname.h). */
#include "analyze/methodname.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/profile.h"
#include "base/outbuf.h"
#include "base/textesc.h"

int methodname_known(const struct tv_method *m)
{
	return m->declared && (m->cls.len || m->name.len);
}

/* The unknown and toplevel names, in buf (METHODNAME_SPECIAL bytes); NULL for a
 * method shown by its name. */
enum { METHODNAME_SPECIAL = 48 };
static const char *methodname_special_name(const struct trace *tr, uint32_t method, char *buf)
{
	if (method == PROF_TOPLEVEL)
		return "(toplevel)";
	const struct tv_method *m = &tr->methods[method];
	if (methodname_known(m))
		return NULL;
	snprintf(buf, METHODNAME_SPECIAL, "(unknown 0x%" PRIx64 ")", m->id);
	return buf;
}

/* The unknown and toplevel names; 1 when one was written. */
static int methodname_special(FILE *out, const struct trace *tr, uint32_t method, int quoted)
{
	char buf[METHODNAME_SPECIAL];
	const char *s = methodname_special_name(tr, method, buf);
	if (!s)
		return 0;
	const char *q = quoted ? "\"" : "";
	fprintf(out, "%s%s%s", q, s, q);
	return 1;
}

void methodname_text_ob(struct outbuf *ob, const struct trace *tr, uint32_t method, int sig)
{
	char buf[METHODNAME_SPECIAL];
	const char *special = methodname_special_name(tr, method, buf);
	if (special) {
		outbuf_puts(ob, special);
		return;
	}
	const struct tv_method *m = &tr->methods[method];
	textesc_text_ob(ob, trace_str(tr, m->cls), m->cls.len);
	if (m->cls.len && m->name.len)
		outbuf_putc(ob, '.');
	textesc_text_ob(ob, trace_str(tr, m->name), m->name.len);
	if (sig && m->sig.len) {
		outbuf_putc(ob, ' ');
		textesc_text_ob(ob, trace_str(tr, m->sig), m->sig.len);
	}
}

void methodname_text(FILE *out, const struct trace *tr, uint32_t method, int sig)
{
	char buf[OUTBUF_MIN];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	methodname_text_ob(&ob, tr, method, sig);
	outbuf_flush(&ob);   /* a failed write stays in the stream's error flag */
}

/* Escaped bytes with each ';' written as semi (a string) instead. */
static void methodname_semi(FILE *out, const char *s, size_t len, const char *semi)
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
	if (methodname_special(out, tr, method, 0))
		return;
	const struct tv_method *m = &tr->methods[method];
	methodname_semi(out, trace_str(tr, m->cls), m->cls.len, "\\x3b");
	if (m->cls.len && m->name.len)
		putc('.', out);
	methodname_semi(out, trace_str(tr, m->name), m->name.len, "\\x3b");
	if (sig)
		methodname_semi(out, trace_str(tr, m->sig), m->sig.len, ",");
}

int methodname_json(FILE *out, const struct trace *tr, uint32_t method)
{
	if (methodname_special(out, tr, method, 1))
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

void methodname_id_ob(struct outbuf *ob, const struct trace *tr, uint32_t method, int csv)
{
	const char *q = csv ? "" : "\"";
	if (method == PROF_TOPLEVEL || !tr->methods[method].synthetic) {
		outbuf_puts(ob, q);
		if (method == PROF_TOPLEVEL) {
			outbuf_puts(ob, "toplevel");
		} else {
			outbuf_puts(ob, "0x");
			outbuf_hex(ob, tr->methods[method].id);
		}
		outbuf_puts(ob, q);
		return;
	}
	/* "collapse:" and the pattern, escaped as one string */
	const struct tv_method *m = &tr->methods[method];
	size_t n = 9 + (size_t)m->cls.len;
	char *t = malloc(n);
	if (!t) {   /* out of memory: the bare pattern still names it */
		if (csv)
			textesc_csv_ob(ob, trace_str(tr, m->cls), m->cls.len);
		else
			textesc_json_ob(ob, trace_str(tr, m->cls), m->cls.len);
		return;
	}
	memcpy(t, "collapse:", 9);
	if (m->cls.len)
		memcpy(t + 9, trace_str(tr, m->cls), m->cls.len);
	if (csv)
		textesc_csv_ob(ob, t, n);
	else
		textesc_json_ob(ob, t, n);
	free(t);
}

void methodname_id(FILE *out, const struct trace *tr, uint32_t method, int csv)
{
	char buf[256];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	methodname_id_ob(&ob, tr, method, csv);
	outbuf_finish(&ob);  /* a write error stays in the stream */
}
