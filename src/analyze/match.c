/* match.c: globs and method names of transforms (docs/numbers.md,
 * "Transforms"), and the threads --thread names. */
#include "analyze/match.h"

#include <stdlib.h>
#include <string.h>

/* '/' as '.' when fold (class names), else every byte as it is. */
static char match_fold(char c, int fold)
{
	return fold && c == '/' ? '.' : c;
}

/* Greedy wildcard match: on a mismatch after a '*', let that star take one
 * more character. Linear in practice, O(plen * slen) at worst. */
static int match_glob_as(const char *pat, size_t plen, const char *s, size_t slen, int fold)
{
	size_t p = 0, i = 0, star = SIZE_MAX, mark = 0;
	while (i < slen) {
		if (p < plen && pat[p] == '*') {
			star = p++;
			mark = i;
		} else if (p < plen && match_fold(pat[p], fold) == match_fold(s[i], fold)) {
			p++;
			i++;
		} else if (star != SIZE_MAX) {
			p = star + 1;
			i = ++mark;
		} else {
			return 0;
		}
	}
	while (p < plen && pat[p] == '*')
		p++;
	return p == plen;
}

int match_glob(const char *pat, size_t plen, const char *s, size_t slen)
{
	return match_glob_as(pat, plen, s, slen, 1);
}

uint32_t match_threads(const struct trace *tr, const char *spec, uint32_t *out, uint32_t max,
                       int *all)
{
	*all = strchr(spec, '*') != NULL;
	if (!*all) {
		uint32_t count = trace_match_threads(tr, spec, out, max);
		/* several by their exact name (found before any prefix) */
		if (count > 1 && max) {
			struct tv_str name = tr->threads[out[0]].name;
			*all = name.len == strlen(spec);
		}
		return count;
	}
	uint32_t count = 0;
	for (uint32_t i = 0; i < tr->nthreads; i++) {
		struct tv_str name = tr->threads[i].name;
		const char *p = trace_str(tr, name);
		if (!p || !match_glob_as(spec, strlen(spec), p, name.len, 0))
			continue;
		if (count < max)
			out[count] = i;
		count++;
	}
	return count;
}

static int match_hex(const char *s, uint64_t *id)
{
	uint64_t v = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		int d;
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return -1;
		if (v >> 60)
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*id = v;
	return 0;
}

int match_spec_parse(const char *s, struct match_spec *out, const char **why)
{
	memset(out, 0, sizeof *out);
	size_t len = strlen(s);
	if (!len) {
		*why = "empty method name";
		return -1;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		out->kind = MATCH_ID;
		if (match_hex(s + 2, &out->id) < 0) {
			*why = "bad method id (expected hex digits after 0x)";
			return -1;
		}
		return 0;
	}
	if (!(out->buf = malloc(len + 1))) {
		*why = "out of memory";
		return -1;
	}
	memcpy(out->buf, s, len + 1);
	if (strncmp(s, "collapse:", 9) == 0) {
		out->kind = MATCH_SYNTH;
		out->cls = out->buf + 9;
		out->cls_len = len - 9;
		if (!out->cls_len) {
			*why = "collapse: needs a class pattern";
			match_spec_free(out);
			return -1;
		}
		return 0;
	}
	out->kind = MATCH_NAME;
	char *paren = strchr(out->buf, '(');
	size_t head = paren ? (size_t)(paren - out->buf) : len;
	if (paren) {
		out->sig = paren;
		out->sig_len = len - head;
	}
	size_t dot = head;
	while (dot > 0 && out->buf[dot - 1] != '.')
		dot--;
	if (dot <= 1 || dot == head) {
		*why = "expected Class.name, Class.name(signature) or 0x id";
		match_spec_free(out);
		return -1;
	}
	out->cls = out->buf;
	out->cls_len = dot - 1;
	out->name = out->buf + dot;
	out->name_len = head - dot;
	return 0;
}

void match_spec_free(struct match_spec *m)
{
	free(m->buf);
	memset(m, 0, sizeof *m);
}

/* a (from the trace, possibly absent) equals b, '/' as '.' when fold. */
static int match_eq(const struct trace *tr, struct tv_str a, const char *b, size_t blen, int fold)
{
	const char *p = trace_str(tr, a);
	size_t n = p ? a.len : 0;
	if (n != blen)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (match_fold(p[i], fold) != match_fold(b[i], fold))
			return 0;
	return 1;
}

int match_method(const struct match_spec *spec, const struct trace *tr, uint32_t m)
{
	const struct tv_method *tm = &tr->methods[m];
	switch (spec->kind) {
	case MATCH_ID: return !tm->synthetic && tm->id == spec->id;
	case MATCH_SYNTH:
		return tm->synthetic && match_eq(tr, tm->cls, spec->cls, spec->cls_len, 0);
	case MATCH_NAME:
		if (tm->synthetic || !match_eq(tr, tm->cls, spec->cls, spec->cls_len, 1) ||
		    !match_eq(tr, tm->name, spec->name, spec->name_len, 0))
			return 0;
		return !spec->sig || match_eq(tr, tm->sig, spec->sig, spec->sig_len, 0);
	}
	return 0;
}

int match_class_glob(const char *pat, size_t plen, const struct trace *tr, uint32_t m)
{
	const struct tv_method *tm = &tr->methods[m];
	if (tm->synthetic)
		return 0;
	const char *c = trace_str(tr, tm->cls);
	return match_glob(pat, plen, c ? c : "", c ? tm->cls.len : 0);
}
