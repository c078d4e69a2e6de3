/* methodmatch.c: method names and class patterns (see methodmatch.h). */
#include "methodmatch.h"

#include <stdlib.h>
#include <string.h>

/* A class byte as compared: '/' reads as '.'. */
static char mm_cls(char c)
{
	return c == '/' ? '.' : c;
}

static int mm_same_class(const char *a, size_t alen, const char *b, size_t blen)
{
	if (alen != blen)
		return 0;
	for (size_t i = 0; i < alen; i++)
		if (mm_cls(a[i]) != mm_cls(b[i]))
			return 0;
	return 1;
}

int methodmatch_glob(const char *pat, size_t plen, const char *s, size_t slen)
{
	/* Greedy with one backtrack point: the last '*' seen takes one more
	 * byte whenever what follows it fails. Linear space, O(plen * slen). */
	size_t p = 0, i = 0, star = SIZE_MAX, from = 0;
	while (i < slen) {
		if (p < plen && pat[p] == '*') {
			star = p++;
			from = i;
		} else if (p < plen && mm_cls(pat[p]) == mm_cls(s[i])) {
			p++;
			i++;
		} else if (star != SIZE_MAX) {
			p = star + 1;
			i = ++from;
		} else {
			return 0;
		}
	}
	while (p < plen && pat[p] == '*')
		p++;
	return p == plen;
}

static int mm_hex(const char *s, uint64_t *id)
{
	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
		return 0;
	uint64_t v = 0;
	for (s += 2; *s; s++) {
		int d = *s >= '0' && *s <= '9'   ? *s - '0'
		        : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
		        : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10
		                                 : -1;
		if (d < 0 || v > UINT64_MAX >> 4)
			return 0;
		v = v << 4 | (uint64_t)d;
	}
	*id = v;
	return 1;
}

int methodmatch_parse(const char *s, struct methodmatch *m, const char **why)
{
	memset(m, 0, sizeof *m);
	if (mm_hex(s, &m->id)) {
		m->by_id = 1;
		return 0;
	}
	const char *paren = strchr(s, '(');
	size_t head = paren ? (size_t)(paren - s) : strlen(s);
	const char *dot = NULL;
	for (size_t i = 0; i < head; i++)
		if (s[i] == '.')
			dot = s + i;
	if (!dot || dot == s || (size_t)(dot - s) + 1 == head) {
		*why = "expected Class.name, Class.name(signature) or 0x1a2b";
		return -1;
	}
	if (!(m->buf = strdup(s))) {
		*why = "out of memory";
		return -1;
	}
	m->cls = m->buf;
	m->cls_len = (size_t)(dot - s);
	m->name = m->buf + m->cls_len + 1;
	m->name_len = head - m->cls_len - 1;
	if (paren) {
		m->sig = m->buf + head;
		m->sig_len = strlen(paren);
	}
	return 0;
}

void methodmatch_free(struct methodmatch *m)
{
	free(m->buf);
	m->buf = NULL;
}

int methodmatch_method(const struct methodmatch *m, const struct trace *tr, uint32_t method)
{
	const struct tv_method *me = &tr->methods[method];
	if (m->by_id)
		return me->id == m->id;
	if (!me->declared || me->name.len != m->name_len ||
	    (m->sig && (me->sig.len != m->sig_len ||
	                (m->sig_len &&
	                 memcmp(trace_str(tr, me->sig), m->sig, m->sig_len) != 0))))
		return 0;
	if (m->name_len && memcmp(trace_str(tr, me->name), m->name, m->name_len) != 0)
		return 0;
	return mm_same_class(trace_str(tr, me->cls), me->cls.len, m->cls, m->cls_len);
}

int methodmatch_class_glob(const char *pat, size_t plen, const struct trace *tr,
                           uint32_t method)
{
	const struct tv_method *me = &tr->methods[method];
	const char *cls = me->declared ? trace_str(tr, me->cls) : NULL;
	return methodmatch_glob(pat, plen, cls ? cls : "", cls ? me->cls.len : 0);
}
