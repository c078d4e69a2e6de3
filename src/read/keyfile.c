/* keyfile.c: the text key section and summary texts (docs/format.md, "Key
 * section").
 *
 * Lines are split on LF; a trailing CR is dropped from every line so CRLF
 * files (edited on Windows) still parse. Section lines are compared exactly,
 * as Perfetto does; unknown '*' lines fall into the current section and are
 * warned about there. Nothing here allocates.
 */
#include "read/keyfile.h"

#include <string.h>

enum keyfile_section { KEYFILE_OPTIONS, KEYFILE_THREADS, KEYFILE_METHODS };

struct keyfile_line {
	const char *p;
	size_t len;    /* without LF and without a trailing CR */
	size_t next;   /* index just past the LF (len of buf when none) */
};

#define KEYFILE_MAX_FIELDS 7 /* one more than the widest shape, to spot extras */

static void keyfile_read_line(const uint8_t *buf, size_t len, size_t pos, struct keyfile_line *l)
{
	const uint8_t *nl = memchr(buf + pos, '\n', len - pos);
	size_t end = nl ? (size_t)(nl - buf) : len;

	l->p = (const char *)buf + pos;
	l->len = end - pos;
	l->next = nl ? end + 1 : len;
	if (l->len && l->p[l->len - 1] == '\r')
		l->len--;
}

static int keyfile_is(const struct keyfile_line *l, const char *word)
{
	size_t n = strlen(word);
	return l->len == n && memcmp(l->p, word, n) == 0;
}

static int keyfile_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)(c | 0x20);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Method ids are always base 16 ("0x4000a0b8", "0x4", "0", "(nil)"):
 * Perfetto's rule, and the only one right for %#x's plain "0". */
static int keyfile_parse_id(const char *p, size_t n, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	if (n == 5 && memcmp(p, "(nil)", 5) == 0) {
		*out = 0;
		return 0;
	}
	if (n >= 2 && p[0] == '0' && (p[1] | 0x20) == 'x')
		i = 2;
	if (i == n)
		return -1;
	while (i < n - 1 && p[i] == '0')
		i++;
	if (n - i > 16)
		return -1;
	for (; i < n; i++) {
		int d = keyfile_hexval(p[i]);
		if (d < 0)
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return 0;
}

/* Unsigned decimal up to max; 0 or -1. */
static int keyfile_parse_udec(const char *p, size_t n, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;

	if (n == 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		unsigned d = (unsigned)(p[i] - '0');
		if (v > (max - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

/* Signed decimal (Dalvik line numbers: -1, -2 occur). */
static int keyfile_parse_sdec(const char *p, size_t n, int64_t *out)
{
	uint64_t v;
	int neg = n > 0 && p[0] == '-';

	if (keyfile_parse_udec(p + neg, n - (size_t)neg, (uint64_t)INT64_MAX, &v) < 0)
		return -1;
	*out = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* The *version number: decimal, or 0x-hex as Integer.decode accepts. */
static int keyfile_parse_version(const char *p, size_t n, unsigned *out)
{
	uint64_t v;

	if (n > 2 && p[0] == '0' && (p[1] | 0x20) == 'x') {
		if (n - 2 > 8 || keyfile_parse_id(p, n, &v) < 0)
			return -1;
	} else if (keyfile_parse_udec(p, n, UINT32_MAX, &v) < 0) {
		return -1;
	}
	*out = (unsigned)v;
	return 0;
}

/* Drop trailing LF/CR bytes (streaming method packets end with "\n"). */
static size_t keyfile_trim_eol(const char *line, size_t len)
{
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	return len;
}

/* Split on TAB into at most KEYFILE_MAX_FIELDS fields; returns the count, or
 * KEYFILE_MAX_FIELDS + 1 when there are more. */
static size_t keyfile_split(const char *line, size_t len, struct sink_bytes *f)
{
	size_t nf = 0, start = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && line[i] != '\t')
			continue;
		if (nf == KEYFILE_MAX_FIELDS)
			return KEYFILE_MAX_FIELDS + 1;
		f[nf].ptr = line + start;
		f[nf].len = i - start;
		nf++;
		start = i + 1;
	}
	return nf;
}

static void keyfile_method_clear(struct sink_method *m)
{
	static const struct sink_bytes none = {NULL, 0};

	m->cls = m->name = m->sig = m->source = none;
	m->line = 0;
	m->has_line = 0;
}

/* A line number field: kept when numeric, dropped (not fatal) otherwise. */
static void keyfile_set_line(struct sink_method *m, struct sink_bytes f)
{
	int64_t v;

	if (keyfile_parse_sdec(f.ptr, f.len, &v) == 0) {
		m->line = v;
		m->has_line = 1;
	}
}

int keyfile_method_line(const char *line, size_t len, uint64_t *id, struct sink_method *m)
{
	struct sink_bytes f[KEYFILE_MAX_FIELDS];
	size_t nf;

	len = keyfile_trim_eol(line, len);
	nf = keyfile_split(line, len, f);
	/* 3 fields: perflib throws, Perfetto rejects; more than 6: no shape. */
	if (nf < 2 || nf == 3 || nf > 6 || keyfile_parse_id(f[0].ptr, f[0].len, id) < 0)
		return -1;
	*id &= ~(uint64_t)3;  /* a record's id never has action bits */
	keyfile_method_clear(m);
	m->cls = f[1];
	if (nf == 2)
		return 0;  /* "id name": the whole name stands as the class */
	if (nf == 4 && (f[3].len == 0 || f[3].ptr[0] != '(')) {
		m->source = f[2];  /* id class sourcefile line (Traceview's shape) */
		keyfile_set_line(m, f[3]);
		return 0;
	}
	m->name = f[2];
	m->sig = f[3];
	if (nf >= 5)
		m->source = f[4];
	if (nf == 6)
		keyfile_set_line(m, f[5]);
	return 0;
}

int keyfile_method_fields(const char *line, size_t len, struct sink_method *m)
{
	struct sink_bytes f[KEYFILE_MAX_FIELDS];
	size_t nf;

	len = keyfile_trim_eol(line, len);
	nf = keyfile_split(line, len, f);
	if (nf != 4 && nf != 5)
		return -1;
	keyfile_method_clear(m);
	m->cls = f[0];
	m->name = f[1];
	m->sig = f[2];
	m->source = f[3];
	if (nf == 5)
		keyfile_set_line(m, f[4]);
	return 0;
}

static int keyfile_option(const struct keyfile_line *l, uint64_t off, const struct sink *s)
{
	const char *eq = memchr(l->p, '=', l->len);
	struct sink_bytes key, val;

	if (!eq || eq == l->p) {
		sink_warn(s, TV_W_KEY_LINE, off, 1);
		return 0;
	}
	key.ptr = l->p;
	key.len = (size_t)(eq - l->p);
	val.ptr = eq + 1;
	val.len = l->len - key.len - 1;
	return s->option ? s->option(s->ctx, key, val) : 0;
}

static int keyfile_thread(const struct keyfile_line *l, uint64_t off, const struct sink *s)
{
	const char *tab = memchr(l->p, '\t', l->len);
	struct sink_bytes name;
	uint64_t tid;

	if (!tab || keyfile_parse_udec(l->p, (size_t)(tab - l->p), UINT32_MAX, &tid) < 0) {
		sink_warn(s, TV_W_KEY_LINE, off, 1);
		return 0;
	}
	name.ptr = tab + 1;
	name.len = l->len - (size_t)(tab - l->p) - 1;
	return s->thread ? s->thread(s->ctx, (uint32_t)tid, name, off) : 0;
}

static int keyfile_method(const struct keyfile_line *l, uint64_t off, const struct sink *s)
{
	struct sink_method m;
	uint64_t id;

	if (keyfile_method_line(l->p, l->len, &id, &m) < 0) {
		sink_warn(s, TV_W_KEY_LINE, off, 1);
		return 0;
	}
	return s->method ? s->method(s->ctx, id, &m, off) : 0;
}

/* Reads "*version" and the number line; returns the index after them. */
static enum tv_status keyfile_head(const uint8_t *buf, size_t len, uint64_t base, int require_end,
                                   struct keyfile_info *info, size_t *pos, struct tv_error *err)
{
	struct keyfile_line l;

	keyfile_read_line(buf, len, 0, &l);
	if (!keyfile_is(&l, "*version"))
		return tv_fail(err, TV_ERR_KEY, base, "first line is not '*version'");
	if (l.next >= len) {
		*pos = len;
		if (require_end)
			return tv_fail(err, TV_ERR_NO_END, base + len, "cut after '*version'");
		return TV_OK;
	}
	*pos = l.next;
	keyfile_read_line(buf, len, *pos, &l);
	if (keyfile_parse_version(l.p, l.len, &info->version) < 0)
		return tv_fail(err, TV_ERR_KEY, base + *pos, "bad version line after '*version'");
	*pos = l.next;
	return TV_OK;
}

enum tv_status keyfile_parse(const uint8_t *buf, size_t len, uint64_t base,
                             int require_end, const struct sink *s,
                             struct keyfile_info *info, struct tv_error *err)
{
	struct keyfile_info local;
	enum keyfile_section sec = KEYFILE_OPTIONS;
	enum tv_status st;
	size_t pos = 0;

	if (!info)
		info = &local;
	info->version = 0;
	info->end = 0;
	st = keyfile_head(buf, len, base, require_end, info, &pos, err);
	if (st != TV_OK)
		return st;
	while (pos < len) {
		struct keyfile_line l;
		uint64_t off = base + pos;
		int stop;

		keyfile_read_line(buf, len, pos, &l);
		pos = l.next;
		if (keyfile_is(&l, "*end")) {
			info->end = pos;
			return TV_OK;
		} else if (keyfile_is(&l, "*threads")) {
			sec = KEYFILE_THREADS;
			continue;
		} else if (keyfile_is(&l, "*methods")) {
			sec = KEYFILE_METHODS;
			continue;
		}
		if (sec == KEYFILE_OPTIONS)
			stop = keyfile_option(&l, off, s);
		else if (sec == KEYFILE_THREADS)
			stop = keyfile_thread(&l, off, s);
		else
			stop = keyfile_method(&l, off, s);
		if (stop)
			return tv_fail(err, TV_ERR_NOMEM, off, NULL);
	}
	info->end = len;
	if (require_end)
		return tv_fail(err, TV_ERR_NO_END, base + len, NULL);
	return TV_OK;
}
