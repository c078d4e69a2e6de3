/* mapping_parse.c: reading R8/ProGuard mapping files (see mapping.h for
 * the rules, mapping_internal.h for what is kept of them).
 */
#include "model/mapping.h"

#include "model/mapping_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/idmap.h"

/* Parser state across lines. */
struct mapping_parser {
	struct mapping *m;
	uint32_t cls;          /* current class, MAPPING_NONE before one / after a bad one */
	int seen_class;        /* a class line (good or bad) was seen */
	uint32_t pending;      /* last method member, MAPPING_NONE after other lines */
	int pend_range;
	uint32_t pend_a, pend_b;
};

/* ---------------------------------------------------------------- text */

static int mapping_digit(char c)
{
	return c >= '0' && c <= '9';
}

static struct mapping_slice mapping_slice_of(const struct mapping *m, const char *p, size_t n)
{
	return (struct mapping_slice){(uint32_t)(p - m->text), (uint32_t)n};
}

static int mapping_has_blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (mapping_blank(s[i]))
			return 1;
	return 0;
}

/* Unsigned decimal at s[*i..n); advances *i. -1 when none or too big. */
static int mapping_number(const char *s, size_t n, size_t *i, uint32_t *out)
{
	uint64_t v = 0;
	size_t start = *i;
	while (*i < n && mapping_digit(s[*i])) {
		v = v * 10 + (uint64_t)(s[*i] - '0');
		if (v > UINT32_MAX)
			return -1;
		(*i)++;
	}
	*out = (uint32_t)v;
	return *i > start ? 0 : -1;
}

/* ---------------------------------------------------------------- storage */

static void mapping_warn(struct mapping *m, size_t lineno)
{
	if (m->nwarn_lines < MAPPING_WARN_KEEP)
		m->warn_lines[m->nwarn_lines++] = lineno;
	m->nwarn++;
}

/* ---------------------------------------------------------------- JSON */

/* The string value of "key" (or 'key') in a metadata comment: enough JSON
 * for the flat objects R8 writes. Values holding escapes are not decoded:
 * they count as absent. */
static int mapping_json_str(const char *s, size_t n, const char *key, const char **val,
                            size_t *vlen)
{
	size_t klen = strlen(key);
	for (size_t i = 0; i + klen + 2 <= n; i++) {
		char q = s[i];
		if ((q != '"' && q != '\'') || memcmp(s + i + 1, key, klen) != 0 || s[i + 1 + klen] != q)
			continue;
		size_t j = i + klen + 2;
		while (j < n && mapping_blank(s[j]))
			j++;
		if (j >= n || s[j] != ':')
			continue;
		j++;
		while (j < n && mapping_blank(s[j]))
			j++;
		if (j >= n || (s[j] != '"' && s[j] != '\''))
			continue;
		char vq = s[j++];
		size_t start = j;
		while (j < n && s[j] != vq && s[j] != '\\')
			j++;
		if (j >= n || s[j] != vq)
			return -1;
		*val = s + start;
		*vlen = j - start;
		return 0;
	}
	return -1;
}

static int mapping_json_is(const char *s, size_t n, const char *key, const char *want)
{
	const char *v;
	size_t vl;
	return mapping_json_str(s, n, key, &v, &vl) == 0 && vl == strlen(want) &&
	       memcmp(v, want, vl) == 0;
}

/* A '#' line: file header, or metadata for the current class or member. */
static void mapping_comment(struct mapping_parser *p, const char *s, size_t n)
{
	const char *v;
	size_t vl;
	if (!memchr(s, '{', n))
		return;
	if (mapping_json_is(s, n, "id", "sourceFile")) {
		if (p->cls != MAPPING_NONE && mapping_json_str(s, n, "fileName", &v, &vl) == 0)
			p->m->classes[p->cls].source = mapping_slice_of(p->m, v, vl);
	} else if (mapping_json_is(s, n, "id", "com.android.tools.r8.residualsignature")) {
		if (p->pending != MAPPING_NONE && mapping_json_str(s, n, "signature", &v, &vl) == 0)
			p->m->members[p->pending].resid = mapping_slice_of(p->m, v, vl);
	}
}

/* ---------------------------------------------------------------- lines */

/* "orig -> obf:" with nothing but blanks or a '#' comment after. */
static int mapping_class_line(struct mapping_parser *p, const char *s, size_t n)
{
	struct mapping *m = p->m;
	size_t i = 0;
	while (i < n && !mapping_blank(s[i]))
		i++;
	const char *orig = s;
	size_t olen = i;
	while (i < n && mapping_blank(s[i]))
		i++;
	if (olen == 0 || i + 2 > n || s[i] != '-' || s[i + 1] != '>')
		return -1;
	i += 2;
	while (i < n && mapping_blank(s[i]))
		i++;
	const char *obf = s + i;
	while (i < n && !mapping_blank(s[i]) && s[i] != ':')
		i++;
	size_t blen = (size_t)(s + i - obf);
	while (i < n && mapping_blank(s[i]))
		i++;
	if (blen == 0 || i >= n || s[i] != ':')
		return -1;
	for (i++; i < n && mapping_blank(s[i]); i++)
		;
	if (i < n && s[i] != '#')
		return -1;
	if (grow_push32((void **)&m->classes, &m->ccap, m->nclasses, sizeof *m->classes) < 0)
		return -2;
	m->classes[m->nclasses] = (struct mapping_class_entry){
		mapping_slice_of(m, orig, olen), mapping_slice_of(m, obf, blen), {0, 0},
		MAPPING_NONE, MAPPING_NONE};
	p->cls = m->nclasses++;
	return 0;
}

/* The parts of a method line after "type ". */
struct mapping_meth {
	const char *name, *qcls, *args;
	size_t nlen, qlen, alen;
};

/* "[q.]name(args)[:n[:n]]"; -1 when malformed. */
static int mapping_method_rest(const char *r, size_t n, struct mapping_meth *mt)
{
	const char *open = memchr(r, '(', n);
	const char *close = open ? memchr(open, ')', n - (size_t)(open - r)) : NULL;
	if (!open || !close || open == r || mapping_has_blank(r, (size_t)(open - r)))
		return -1;
	size_t i = (size_t)(close - r) + 1;
	uint32_t num;
	for (int k = 0; k < 2 && i < n; k++) {
		if (r[i] != ':')
			return -1;
		i++;
		if (mapping_number(r, n, &i, &num) < 0)
			return -1;
	}
	if (i != n)
		return -1;
	mt->name = r;
	mt->nlen = (size_t)(open - r);
	mt->qcls = NULL;
	mt->qlen = 0;
	for (size_t k = mt->nlen; k > 0; k--) {
		if (r[k - 1] == '.') {
			mt->qcls = r;
			mt->qlen = k - 1;
			mt->name = r + k;
			mt->nlen -= k;
			break;
		}
	}
	if (mt->nlen == 0 || (mt->qcls && mt->qlen == 0))
		return -1;
	mt->args = open + 1;
	mt->alen = (size_t)(close - open - 1);
	return 0;
}

/* Stores a method line: a new candidate, or the next frame of the inline
 * group in progress (same obfuscated range and name), which replaces the
 * previous frame since only the outermost (last) one is kept. */
static int mapping_add_method(struct mapping_parser *p, int has_range, uint32_t a, uint32_t b,
                              const char *ret, size_t rlen, const struct mapping_meth *mt,
                              const char *obf, size_t blen)
{
	struct mapping *m = p->m;
	uint32_t slot = m->nmembers;
	struct mapping_slice resid = {0, 0};
	if (p->pending != MAPPING_NONE && has_range && p->pend_range && p->pend_a == a &&
	    p->pend_b == b) {
		const struct mapping_member *pm = &m->members[p->pending];
		if (pm->obf.len == blen && memcmp(mapping_ptr(m, pm->obf), obf, blen) == 0) {
			slot = p->pending;
			resid = pm->resid;
		}
	}
	if (slot == m->nmembers) {
		if (grow_push32((void **)&m->members, &m->mcap, m->nmembers, sizeof *m->members) < 0)
			return -2;
		m->nmembers++;
	}
	m->members[slot] = (struct mapping_member){
		mapping_slice_of(m, obf, blen),
		mt->qcls ? mapping_slice_of(m, mt->qcls, mt->qlen) : (struct mapping_slice){0, 0},
		mapping_slice_of(m, mt->name, mt->nlen),
		mapping_slice_of(m, mt->args, mt->alen),
		mapping_slice_of(m, ret, rlen),
		resid, p->cls, MAPPING_NONE, 0};
	p->pending = slot;
	p->pend_range = has_range;
	p->pend_a = a;
	p->pend_b = b;
	m->nmethod_lines++;
	return 0;
}

/* "[a:b:]type name(args)[:n[:n]] -> obf" or "type name -> obf" (blanks
 * already trimmed). 0, -1 malformed, -2 out of memory. */
static int mapping_member_line(struct mapping_parser *p, const char *s, size_t n)
{
	size_t arrow = n;
	for (size_t i = n; i >= 2; i--) {
		if (s[i - 2] == '-' && s[i - 1] == '>') {
			arrow = i - 2;
			break;
		}
	}
	if (arrow == n)
		return -1;
	const char *obf = s + arrow + 2, *l = s;
	size_t blen = n - arrow - 2, llen = arrow;
	mapping_trim(&obf, &blen);
	mapping_trim(&l, &llen);
	if (blen == 0 || mapping_has_blank(obf, blen) || llen == 0)
		return -1;

	size_t i = 0;
	uint32_t a = 0, b = 0;
	int has_range = mapping_digit(l[0]);
	if (has_range && (mapping_number(l, llen, &i, &a) < 0 || i >= llen || l[i++] != ':' ||
	                  mapping_number(l, llen, &i, &b) < 0 || i >= llen || l[i++] != ':'))
		return -1;
	const char *ret = l + i;
	while (i < llen && !mapping_blank(l[i]))
		i++;
	size_t rlen = (size_t)(l + i - ret);
	while (i < llen && mapping_blank(l[i]))
		i++;
	const char *r = l + i;
	size_t rn = llen - i;
	if (rlen == 0 || rn == 0)
		return -1;
	if (!memchr(r, '(', rn)) {
		if (has_range || mapping_has_blank(r, rn))
			return -1;
		p->m->nfields++;
		p->pending = MAPPING_NONE;
		return 0;
	}
	struct mapping_meth mt;
	if (mapping_method_rest(r, rn, &mt) < 0)
		return -1;
	return mapping_add_method(p, has_range, a, b, ret, rlen, &mt, obf, blen);
}

/* One line without its end of line. 0, or -2 when out of memory. */
static int mapping_line(struct mapping_parser *p, const char *s, size_t n, size_t lineno)
{
	const char *t = s;
	size_t tn = n;
	mapping_trim(&t, &tn);
	if (tn == 0)
		return 0;
	if (t[0] == '#') {
		mapping_comment(p, t, tn);
		return 0;
	}
	int r;
	if (!mapping_blank(s[0])) {
		p->pending = MAPPING_NONE;
		p->seen_class = 1;
		p->cls = MAPPING_NONE;
		r = mapping_class_line(p, t, tn);
	} else if (p->cls == MAPPING_NONE) {
		/* Members of a malformed class line were already warned about
		 * with it; members before any class are warned one by one. */
		return p->seen_class ? 0 : (mapping_warn(p->m, lineno), 0);
	} else {
		r = mapping_member_line(p, t, tn);
	}
	if (r == -2)
		return -2;
	if (r < 0) {
		mapping_warn(p->m, lineno);
		p->pending = MAPPING_NONE;
	}
	return 0;
}

/* ---------------------------------------------------------------- maps */

static int mapping_index_classes(struct mapping *m)
{
	/* Reverse order with head insertion: chains run in file order, so the
	 * first of two lines for the same name wins. */
	for (uint32_t i = m->nclasses; i-- > 0;) {
		struct mapping_class_entry *c = &m->classes[i];
		uint64_t ko = mapping_hash_class(mapping_ptr(m, c->obf), c->obf.len);
		uint64_t kr = mapping_hash_class(mapping_ptr(m, c->orig), c->orig.len);
		c->next_obf = idmap_get(&m->by_obf, ko);
		c->next_orig = idmap_get(&m->by_orig, kr);
		if (idmap_put(&m->by_obf, ko, i) < 0 || idmap_put(&m->by_orig, kr, i) < 0)
			return -1;
	}
	return 0;
}

static int mapping_same_original(const struct mapping *m, const struct mapping_member *a,
                                 const struct mapping_member *b)
{
	return mapping_slice_eq(m, a->qcls, b->qcls) && mapping_slice_eq(m, a->name, b->name) &&
	       mapping_slice_eq(m, a->args, b->args) && mapping_slice_eq(m, a->ret, b->ret);
}

/* Candidates in file order; a second range group of the same original
 * method is merged into the first (keeping a residual signature). */
static int mapping_index_members(struct mapping *m)
{
	for (uint32_t j = 0; j < m->nmembers; j++) {
		struct mapping_member *mj = &m->members[j];
		uint64_t key = mapping_hash_member(mj->cls, mapping_ptr(m, mj->obf), mj->obf.len);
		uint32_t head = idmap_get(&m->by_member, key), last = MAPPING_NONE;
		for (uint32_t k = head; k != MAPPING_NONE; k = m->members[k].next) {
			struct mapping_member *mk = &m->members[k];
			if (mk->cls == mj->cls && mapping_slice_eq(m, mk->obf, mj->obf) &&
			    mapping_same_original(m, mk, mj)) {
				if (mk->resid.len == 0)
					mk->resid = mj->resid;
				mj->dead = 1;
				break;
			}
			last = k;
		}
		if (mj->dead)
			continue;
		if (last == MAPPING_NONE) {
			if (idmap_put(&m->by_member, key, j) < 0)
				return -1;
		} else {
			m->members[last].next = j;
		}
	}
	return 0;
}

/* ---------------------------------------------------------------- parse */

/* Parses m->text (already owned by m). */
static enum tv_status mapping_parse_text(struct mapping *m, struct tv_error *err)
{
	struct mapping_parser p = {m, MAPPING_NONE, 0, MAPPING_NONE, 0, 0, 0};
	const char *s = m->text, *end = m->text + m->len;
	if (m->len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3;
	for (size_t lineno = 1; s < end; lineno++) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		size_t n = (size_t)(e - s);
		if (n && s[n - 1] == '\r')
			n--;
		if (mapping_line(&p, s, n, lineno) < 0)
			return tv_fail(err, TV_ERR_NOMEM, (uint64_t)(s - m->text), "mapping");
		s = nl ? nl + 1 : end;
	}
	if (mapping_index_classes(m) < 0 || mapping_index_members(m) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, "mapping");
	return TV_OK;
}

/* Takes ownership of text (malloc'd, len bytes). */
static enum tv_status mapping_parse_owned(char *text, size_t len, struct mapping **out,
                                          struct tv_error *err)
{
	*out = NULL;
	if (len >= UINT32_MAX) {
		free(text);
		return tv_fail(err, TV_ERR_TOO_BIG, TV_NO_OFFSET, "mapping file over 4 GiB");
	}
	struct mapping *m = calloc(1, sizeof *m);
	if (!m) {
		free(text);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, "mapping");
	}
	m->text = text;
	m->len = len;
	idmap_init(&m->by_obf);
	idmap_init(&m->by_orig);
	idmap_init(&m->by_member);
	enum tv_status st = mapping_parse_text(m, err);
	if (st != TV_OK) {
		mapping_free(m);
		return st;
	}
	*out = m;
	return TV_OK;
}

enum tv_status mapping_parse(const char *buf, size_t len, struct mapping **out,
                             struct tv_error *err)
{
	char *text = malloc(len ? len : 1);
	if (!text) {
		*out = NULL;
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, "mapping");
	}
	if (len)
		memcpy(text, buf, len);
	return mapping_parse_owned(text, len, out, err);
}

enum tv_status mapping_load(const char *path, struct mapping **out, struct tv_error *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return tv_fail(err, TV_ERR_IO, TV_NO_OFFSET, "%s", strerror(errno));
	size_t cap = 0, n = 0;
	char *b = NULL;
	for (;;) {
		if (grow_to((void **)&b, &cap, n + (1 << 16), 1) < 0) {
			free(b);
			fclose(f);
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, "mapping");
		}
		n += fread(b + n, 1, cap - n, f);
		if (n < cap)
			break;
	}
	int bad = ferror(f);
	int e = errno;
	fclose(f);
	if (bad) {
		free(b);
		return tv_fail(err, TV_ERR_IO, TV_NO_OFFSET, "%s", strerror(e));
	}
	return mapping_parse_owned(b, n, out, err);
}

void mapping_free(struct mapping *m)
{
	if (!m)
		return;
	idmap_free(&m->by_obf);
	idmap_free(&m->by_orig);
	idmap_free(&m->by_member);
	free(m->classes);
	free(m->members);
	free(m->text);
	free(m);
}

size_t mapping_warnings(const struct mapping *m, const size_t **lines, size_t *nlines)
{
	if (lines)
		*lines = m->warn_lines;
	if (nlines)
		*nlines = m->nwarn_lines;
	return m->nwarn;
}

void mapping_stats(const struct mapping *m, size_t *classes, size_t *fields, size_t *methods)
{
	*classes = m->nclasses;
	*fields = m->nfields;
	*methods = m->nmethod_lines;
}
