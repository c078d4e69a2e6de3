/* mapping_apply.c: original names looked up in a parsed mapping, and a
 * trace's methods renamed (see mapping.h; mapping_internal.h).
 */
#include "model/mapping.h"

#include "model/mapping_internal.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"

/* ---------------------------------------------------------------- lookup */

/* A class name from the mapping (dotted) against s, where s may use '/'. */
static int mapping_class_eq(const struct mapping *m, struct mapping_slice a, const char *s,
                            size_t n)
{
	if (a.len != n)
		return 0;
	const char *p = mapping_ptr(m, a);
	for (size_t i = 0; i < n; i++)
		if (p[i] != (s[i] == '/' ? '.' : s[i]))
			return 0;
	return 1;
}

static uint32_t mapping_find_obf(const struct mapping *m, const char *s, size_t n)
{
	uint32_t i = idmap_get(&m->by_obf, mapping_hash_class(s, n));
	while (i != MAPPING_NONE && !mapping_class_eq(m, m->classes[i].obf, s, n))
		i = m->classes[i].next_obf;
	return i;
}

static uint32_t mapping_find_orig(const struct mapping *m, const char *s, size_t n)
{
	uint32_t i = idmap_get(&m->by_orig, mapping_hash_class(s, n));
	while (i != MAPPING_NONE && !mapping_class_eq(m, m->classes[i].orig, s, n))
		i = m->classes[i].next_orig;
	return i;
}

const char *mapping_class(const struct mapping *m, const char *obf, size_t len, size_t *olen)
{
	uint32_t i = mapping_find_obf(m, obf, len);
	if (i == MAPPING_NONE)
		return NULL;
	*olen = m->classes[i].orig.len;
	return mapping_ptr(m, m->classes[i].orig);
}

/* First candidate for obfuscated method name in class cls. */
static uint32_t mapping_first_member(const struct mapping *m, uint32_t cls, const char *s, size_t n)
{
	uint32_t i = idmap_get(&m->by_member, mapping_hash_member(cls, s, n));
	while (i != MAPPING_NONE) {
		const struct mapping_member *mm = &m->members[i];
		if (mm->cls == cls && mm->obf.len == n &&
		    memcmp(mapping_ptr(m, mm->obf), s, n) == 0)
			return i;
		i = mm->next;
	}
	return MAPPING_NONE;
}

static uint32_t mapping_next_member(const struct mapping *m, uint32_t i)
{
	const struct mapping_member *a = &m->members[i];
	for (i = a->next; i != MAPPING_NONE; i = m->members[i].next) {
		const struct mapping_member *b = &m->members[i];
		if (b->cls == a->cls && mapping_slice_eq(m, a->obf, b->obf))
			return i;
	}
	return MAPPING_NONE;
}

/* ---------------------------------------------------------------- apply */

struct mapping_buf {
	char *p;
	size_t len, cap;
};

static int mapping_put(struct mapping_buf *b, const char *s, size_t n)
{
	if (n > SIZE_MAX - b->len || grow_to((void **)&b->p, &b->cap, b->len + n, 1) < 0)
		return -1;
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	return 0;
}

/* Appends a class name with '.' turned into '/' (slash) or '/' into '.'. */
static int mapping_put_class(struct mapping_buf *b, const char *s, size_t n, int slash)
{
	size_t at = b->len;
	if (mapping_put(b, s, n) < 0)
		return -1;
	for (size_t i = at; i < b->len; i++) {
		if (slash && b->p[i] == '.')
			b->p[i] = '/';
		else if (!slash && b->p[i] == '/')
			b->p[i] = '.';
	}
	return 0;
}

static char mapping_prim(const char *s, size_t n)
{
	static const struct {
		const char *name;
		char d;
	} prims[] = {{"int", 'I'},   {"boolean", 'Z'}, {"byte", 'B'},  {"char", 'C'}, {"short", 'S'},
	             {"long", 'J'},  {"float", 'F'},   {"double", 'D'}, {"void", 'V'}};
	for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
		if (strlen(prims[i].name) == n && memcmp(prims[i].name, s, n) == 0)
			return prims[i].d;
	return 0;
}

/* One Java type ("int[]", "com.example.Foo") as a descriptor; with obf set
 * classes in the mapping are written under their obfuscated names. */
static int mapping_put_type(const struct mapping *m, struct mapping_buf *b, const char *s, size_t n,
                            int obf)
{
	mapping_trim(&s, &n);
	while (n >= 2 && s[n - 2] == '[' && s[n - 1] == ']') {
		if (mapping_put(b, "[", 1) < 0)
			return -1;
		n -= 2;
	}
	char d = mapping_prim(s, n);
	if (d)
		return mapping_put(b, &d, 1);
	if (obf) {
		uint32_t c = mapping_find_orig(m, s, n);
		if (c != MAPPING_NONE) {
			s = mapping_ptr(m, m->classes[c].obf);
			n = m->classes[c].obf.len;
		}
	}
	if (mapping_put(b, "L", 1) < 0 || mapping_put_class(b, s, n, 1) < 0)
		return -1;
	return mapping_put(b, ";", 1);
}

/* The descriptor of a candidate: original types, or their obfuscated forms. */
static int mapping_descriptor(const struct mapping *m, const struct mapping_member *mm,
                              struct mapping_buf *b, int obf)
{
	const char *a = mapping_ptr(m, mm->args), *end = a + mm->args.len;
	if (mapping_put(b, "(", 1) < 0)
		return -1;
	for (int more = mm->args.len > 0; more;) {
		const char *comma = memchr(a, ',', (size_t)(end - a));
		const char *e = comma ? comma : end;
		if (mapping_put_type(m, b, a, (size_t)(e - a), obf) < 0)
			return -1;
		more = comma != NULL;
		if (more)
			a = comma + 1;
	}
	if (mapping_put(b, ")", 1) < 0)
		return -1;
	return mapping_put_type(m, b, mapping_ptr(m, mm->ret), mm->ret.len, obf);
}

/* A trace signature with every mapped "La/b/C;" replaced by its original. */
static int mapping_deobf_sig(const struct mapping *m, const char *s, size_t n,
                             struct mapping_buf *b)
{
	size_t i = 0;
	while (i < n) {
		const char *semi = s[i] == 'L' ? memchr(s + i, ';', n - i) : NULL;
		if (!semi) {
			if (mapping_put(b, s + i, 1) < 0)
				return -1;
			i++;
			continue;
		}
		const char *cls = s + i + 1;
		size_t cn = (size_t)(semi - cls);
		uint32_t c = mapping_find_obf(m, cls, cn);
		if (c != MAPPING_NONE) {
			cls = mapping_ptr(m, m->classes[c].orig);
			cn = m->classes[c].orig.len;
		}
		if (mapping_put(b, "L", 1) < 0 || mapping_put_class(b, cls, cn, 1) < 0 ||
		    mapping_put(b, ";", 1) < 0)
			return -1;
		i = (size_t)(semi - s) + 1;
	}
	return 0;
}

/* The candidate whose signature matches the trace's, else the first;
 * *matched tells which. MAPPING_NONE when the name has no candidate. */
static int mapping_choose(const struct mapping *m, uint32_t cls, const char *name, size_t nlen,
                          const char *sig, size_t slen, struct mapping_buf *tmp, uint32_t *out,
                          int *matched)
{
	uint32_t first = mapping_first_member(m, cls, name, nlen);
	*out = first;
	*matched = 0;
	for (uint32_t i = first; i != MAPPING_NONE && sig; i = mapping_next_member(m, i)) {
		const struct mapping_member *mm = &m->members[i];
		tmp->len = 0;
		if (mm->resid.len) {
			if (mapping_put(tmp, mapping_ptr(m, mm->resid), mm->resid.len) < 0)
				return -1;
		} else if (mapping_descriptor(m, mm, tmp, 1) < 0) {
			return -1;
		}
		if (tmp->len == slen && memcmp(tmp->p, sig, slen) == 0) {
			*out = i;
			*matched = 1;
			break;
		}
	}
	return 0;
}

static int mapping_unnamed_source(const char *s, size_t n)
{
	return !s || n == 0 || (n == 6 && memcmp(s, "(null)", 6) == 0) ||
	       (n == 10 && memcmp(s, "SourceFile", 10) == 0);
}

/* New names of one method, built in scratch buffers before any string is
 * added (adding may move the arena the trace strings point into). */
struct mapping_scratch {
	struct mapping_buf cls, name, sig, tmp;
};

static int mapping_set(struct trace *tr, struct tv_str *field, const struct mapping_buf *b,
                       int *changed)
{
	const char *old = trace_str(tr, *field);
	if (old && field->len == b->len && memcmp(old, b->p, b->len) == 0)
		return 0;
	*changed = 1;
	return strtab_add(&tr->strings, b->p, b->len, field);
}

/* 1 when the method changed, 0 when not, -1 when out of memory. */
static int mapping_apply_one(const struct mapping *m, struct trace *tr, struct tv_method *me,
                             struct mapping_scratch *w)
{
	const char *cls = trace_str(tr, me->cls);
	uint32_t c = cls ? mapping_find_obf(m, cls, me->cls.len) : MAPPING_NONE;
	if (c == MAPPING_NONE)
		return 0;
	int slash = memchr(cls, '/', me->cls.len) != NULL;
	const char *name = trace_str(tr, me->name), *sig = trace_str(tr, me->sig);
	uint32_t pick = MAPPING_NONE;
	int matched = 0;
	if (name && mapping_choose(m, c, name, me->name.len, sig, me->sig.len, &w->tmp, &pick,
	                           &matched) < 0)
		return -1;
	const struct mapping_member *mm = pick != MAPPING_NONE ? &m->members[pick] : NULL;
	struct mapping_slice oc = mm && mm->qcls.len ? mm->qcls : m->classes[c].orig;

	w->cls.len = w->name.len = w->sig.len = 0;
	if (mapping_put_class(&w->cls, mapping_ptr(m, oc), oc.len, slash) < 0)
		return -1;
	if (mm ? mapping_put(&w->name, mapping_ptr(m, mm->name), mm->name.len) < 0
	       : name && mapping_put(&w->name, name, me->name.len) < 0)
		return -1;
	if (sig && (matched ? mapping_descriptor(m, mm, &w->sig, 0)
	                    : mapping_deobf_sig(m, sig, me->sig.len, &w->sig)) < 0)
		return -1;

	/* The source file of the class the frame comes from, when the trace
	 * has none or only R8's placeholder. */
	uint32_t sc = mapping_find_orig(m, mapping_ptr(m, oc), oc.len);
	const struct mapping_slice *src = NULL;
	if (sc != MAPPING_NONE && m->classes[sc].source.len)
		src = &m->classes[sc].source;

	int changed = 0;
	if (mapping_set(tr, &me->cls, &w->cls, &changed) < 0 ||
	    (name && mapping_set(tr, &me->name, &w->name, &changed) < 0) ||
	    (sig && mapping_set(tr, &me->sig, &w->sig, &changed) < 0))
		return -1;
	if (src && mapping_unnamed_source(trace_str(tr, me->source), me->source.len)) {
		struct tv_str ns;
		if (strtab_add(&tr->strings, mapping_ptr(m, *src), src->len, &ns) < 0)
			return -1;
		me->source = ns;
		changed = 1;
	}
	return changed;
}

int64_t mapping_apply(const struct mapping *m, struct trace *tr)
{
	struct mapping_scratch w = {{0}, {0}, {0}, {0}};
	int64_t n = 0;
	for (uint32_t i = 0; i < tr->nmethods && n >= 0; i++) {
		int r = mapping_apply_one(m, tr, &tr->methods[i], &w);
		if (r < 0)
			n = -1;
		else
			n += r;
	}
	free(w.cls.p);
	free(w.name.p);
	free(w.sig.p);
	free(w.tmp.p);
	return n;
}
