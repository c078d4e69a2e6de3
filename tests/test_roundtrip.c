/* test_roundtrip.c: the JSON exports read back and rebuilt into stacks.
 *
 * Each export (Trace Event, speedscope) is parsed with a small JSON reader
 * of this file, then every thread's events are replayed in file order as
 * an importer that trusts file order would: the k-th begin/open of a
 * thread must be the thread's k-th call (preorder) with the calls open
 * at that point exactly its ancestors, every end/close must end the call
 * on top of the stack, and every time must be the call's time on the
 * clock. Trace Event ts must strictly increase along a thread and lie less
 * than 1 µs after the recorded time; speedscope "at" must equal it. Frame
 * names must map one to one to methods (overloads stay apart) and agree
 * between the two exports. On written traces with zero-µs calls, calls in
 * the same µs, recursion, adoption, several threads and overloads, and on
 * every real trace (skipped when absent).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/profile.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"
#include "write/export.h"

/* ------------------------------------------------------------ JSON reader
 *
 * A whole document into a node array: children of an array or object are
 * linked through next; object members carry their key. Strings are
 * decoded (\u escapes to UTF-8); numbers keep their text. */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };
#define J_NONE UINT32_MAX

struct jn {
	int type;
	uint32_t first, next;      /* first child; next sibling */
	char *key, *s;             /* member key; string value (NUL-ended) */
	size_t keylen, slen;
	const char *num;           /* number text */
	size_t numlen;
};

struct jdoc {
	struct jn *n;
	uint32_t len, cap;
	const char *p, *end;
	int bad;
};

static void j_ws(struct jdoc *d)
{
	while (d->p < d->end && (*d->p == ' ' || *d->p == '\n' || *d->p == '\r' || *d->p == '\t'))
		d->p++;
}

static uint32_t j_new(struct jdoc *d, int type)
{
	if (d->len == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 1024;
		d->n = realloc(d->n, d->cap * sizeof *d->n);
		assert_non_null(d->n);
	}
	memset(&d->n[d->len], 0, sizeof *d->n);
	d->n[d->len].type = type;
	d->n[d->len].first = d->n[d->len].next = J_NONE;
	return d->len++;
}

static void j_utf8(char *o, size_t *k, uint32_t c)
{
	if (c < 0x80) {
		o[(*k)++] = (char)c;
	} else if (c < 0x800) {
		o[(*k)++] = (char)(0xc0 | c >> 6);
		o[(*k)++] = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		o[(*k)++] = (char)(0xe0 | c >> 12);
		o[(*k)++] = (char)(0x80 | (c >> 6 & 0x3f));
		o[(*k)++] = (char)(0x80 | (c & 0x3f));
	} else {
		o[(*k)++] = (char)(0xf0 | c >> 18);
		o[(*k)++] = (char)(0x80 | (c >> 12 & 0x3f));
		o[(*k)++] = (char)(0x80 | (c >> 6 & 0x3f));
		o[(*k)++] = (char)(0x80 | (c & 0x3f));
	}
}

static int j_hex4(struct jdoc *d, uint32_t *c)
{
	*c = 0;
	for (int i = 0; i < 4; i++, d->p++) {
		if (d->p >= d->end)
			return -1;
		char h = *d->p;
		int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
		        : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
		if (v < 0)
			return -1;
		*c = *c << 4 | (uint32_t)v;
	}
	return 0;
}

/* A string at d->p (after its quote) into a malloc'd buffer. */
static char *j_string(struct jdoc *d, size_t *len)
{
	const char *q = d->p;
	while (q < d->end && *q != '"')
		q += *q == '\\' ? 2 : 1;
	char *o = malloc((size_t)(q - d->p) + 4);
	assert_non_null(o);
	size_t k = 0;
	while (d->p < d->end && *d->p != '"') {
		unsigned char c = (unsigned char)*d->p++;
		if (c < 0x20)
			d->bad = 1;
		if (c != '\\') {
			o[k++] = (char)c;
			continue;
		}
		char e = d->p < d->end ? *d->p++ : 0;
		uint32_t u, lo;
		switch (e) {
		case '"': case '\\': case '/': o[k++] = e; break;
		case 'b': o[k++] = '\b'; break;
		case 'f': o[k++] = '\f'; break;
		case 'n': o[k++] = '\n'; break;
		case 'r': o[k++] = '\r'; break;
		case 't': o[k++] = '\t'; break;
		case 'u':
			if (j_hex4(d, &u) < 0) {
				d->bad = 1;
				break;
			}
			if (u >= 0xd800 && u < 0xdc00 && d->p + 1 < d->end && d->p[0] == '\\' &&
			    d->p[1] == 'u') {
				d->p += 2;
				if (j_hex4(d, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
					d->bad = 1;
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			}
			j_utf8(o, &k, u);
			break;
		default: d->bad = 1;
		}
	}
	if (d->p >= d->end)
		d->bad = 1;
	d->p++;
	o[k] = '\0';
	*len = k;
	return o;
}

static uint32_t j_value(struct jdoc *d, int depth);

static uint32_t j_members(struct jdoc *d, uint32_t self, int obj, int depth)
{
	char close = obj ? '}' : ']';
	uint32_t last = J_NONE;
	j_ws(d);
	if (d->p < d->end && *d->p == close) {
		d->p++;
		return self;
	}
	while (!d->bad) {
		char *key = NULL;
		size_t kl = 0;
		j_ws(d);
		if (obj) {
			if (d->p >= d->end || *d->p != '"') {
				d->bad = 1;
				break;
			}
			d->p++;
			key = j_string(d, &kl);
			j_ws(d);
			if (d->p >= d->end || *d->p++ != ':')
				d->bad = 1;
		}
		uint32_t v = j_value(d, depth + 1);
		if (v == J_NONE) {
			free(key);
			break;
		}
		d->n[v].key = key;
		d->n[v].keylen = kl;
		if (last == J_NONE)
			d->n[self].first = v;
		else
			d->n[last].next = v;
		last = v;
		j_ws(d);
		if (d->p < d->end && *d->p == ',') {
			d->p++;
			continue;
		}
		if (d->p < d->end && *d->p == close) {
			d->p++;
			break;
		}
		d->bad = 1;
	}
	return self;
}

static uint32_t j_value(struct jdoc *d, int depth)
{
	j_ws(d);
	if (d->p >= d->end || depth > 200) {
		d->bad = 1;
		return J_NONE;
	}
	char c = *d->p;
	if (c == '{' || c == '[') {
		d->p++;
		uint32_t self = j_new(d, c == '{' ? J_OBJ : J_ARR);
		return j_members(d, self, c == '{', depth);
	}
	if (c == '"') {
		d->p++;
		size_t len;
		char *s = j_string(d, &len);
		uint32_t v = j_new(d, J_STR);
		d->n[v].s = s;
		d->n[v].slen = len;
		return v;
	}
	static const char *const words[] = {"null", "true", "false"};
	for (int i = 0; i < 3; i++) {
		size_t wl = strlen(words[i]);
		if ((size_t)(d->end - d->p) >= wl && memcmp(d->p, words[i], wl) == 0) {
			d->p += wl;
			return j_new(d, i ? J_BOOL : J_NULL);
		}
	}
	const char *q = d->p;
	while (q < d->end && strchr("+-0123456789.eE", *q))
		q++;
	if (q == d->p) {
		d->bad = 1;
		return J_NONE;
	}
	uint32_t v = j_new(d, J_NUM);
	d->n[v].num = d->p;
	d->n[v].numlen = (size_t)(q - d->p);
	d->p = q;
	return v;
}

static uint32_t j_parse(struct jdoc *d, const char *s)
{
	memset(d, 0, sizeof *d);
	d->p = s;
	d->end = s + strlen(s);
	uint32_t root = j_value(d, 0);
	j_ws(d);
	if (d->p != d->end)
		d->bad = 1;
	assert_false(d->bad);
	return root;
}

static void j_free(struct jdoc *d)
{
	for (uint32_t i = 0; i < d->len; i++) {
		free(d->n[i].key);
		free(d->n[i].s);
	}
	free(d->n);
}

/* Member key of object o, or J_NONE. */
static uint32_t j_get(const struct jdoc *d, uint32_t o, const char *key)
{
	if (o == J_NONE || d->n[o].type != J_OBJ)
		return J_NONE;
	for (uint32_t c = d->n[o].first; c != J_NONE; c = d->n[c].next)
		if (strcmp(d->n[c].key, key) == 0)
			return c;
	return J_NONE;
}

static const char *j_str(const struct jdoc *d, uint32_t o, const char *key)
{
	uint32_t v = j_get(d, o, key);
	return v != J_NONE && d->n[v].type == J_STR ? d->n[v].s : NULL;
}

/* A number member as a whole count of 1/10^dec units: exact from the
 * text, at most dec decimals, no exponent; -1 when it is not one. */
static int64_t j_fixed(const struct jdoc *d, uint32_t o, const char *key, int dec)
{
	uint32_t v = j_get(d, o, key);
	if (v == J_NONE || d->n[v].type != J_NUM)
		return -1;
	const char *s = d->n[v].num, *e = s + d->n[v].numlen;
	int64_t x = 0;
	int frac = -1;
	for (; s < e; s++) {
		if (*s == '.' && frac < 0) {
			frac = 0;
			continue;
		}
		if (*s < '0' || *s > '9' || frac >= dec)
			return -1;
		x = x * 10 + (*s - '0');
		frac += frac >= 0;
	}
	for (int f = frac < 0 ? 0 : frac; f < dec; f++)
		x *= 10;
	return x;
}

/* ------------------------------------------------------------ the model */

struct loaded {
	struct trace tr;
	struct profile p;
};

static char *run(struct loaded *l, int speedscope, int clock)
{
	char *s = NULL;
	size_t n = 0;
	FILE *ms = open_memstream(&s, &n);
	assert_non_null(ms);
	struct export_opts o = {clock, 0, 0, NULL, NULL};
	enum tv_status st = speedscope ? export_speedscope(ms, &l->p, &o)
	                               : export_chrome(ms, &l->p, &o);
	assert_int_equal(st, TV_OK);
	assert_int_equal(fclose(ms), 0);
	return s;
}

/* Per selected thread: its offset on the clock and the replay state. */
struct replay {
	const struct tv_thread *th;
	uint64_t base;
	uint32_t next;          /* calls begun */
	uint32_t top;           /* open call on top, TV_ROOT when none */
	int64_t last;           /* last time seen */
	int seen;
	int64_t last_tts;       /* Trace Event: the last tts, ps */
};

struct check {
	const char *name;
	struct loaded *l;
	int clock;
	struct replay *r;       /* per selected thread */
	char **mname;           /* per method: its frame name (owned) */
	int64_t max_drift;      /* Trace Event: ps past the recorded time */
	unsigned fails;
};

#define FAIL(c, ...) do { if ((c)->fails++ < 8) print_error(__VA_ARGS__); } while (0)

static void ck_init(struct check *c, const char *name, struct loaded *l, int clock)
{
	memset(c, 0, sizeof *c);
	c->name = name;
	c->l = l;
	c->clock = clock;
	c->r = calloc(l->p.nthreads + 1, sizeof *c->r);
	c->mname = calloc(l->tr.nmethods + 1, sizeof *c->mname);
	assert_non_null(c->r);
	assert_non_null(c->mname);
}

static void ck_reset(struct check *c)
{
	const struct trace *tr = &c->l->tr;
	uint64_t wall = UINT64_MAX;
	for (uint32_t i = 0; i < c->l->p.nthreads; i++) {
		uint64_t f = tr->threads[c->l->p.threads[i]].first[TV_WALL];
		wall = f < wall ? f : wall;
	}
	for (uint32_t i = 0; i < c->l->p.nthreads; i++) {
		struct replay *r = &c->r[i];
		memset(r, 0, sizeof *r);
		r->th = &tr->threads[c->l->p.threads[i]];
		r->base = c->clock == TV_WALL ? r->th->first[TV_WALL] - wall : 0;
		r->top = TV_ROOT;
	}
}

static struct replay *ck_thread(struct check *c, uint64_t tid)
{
	for (uint32_t i = 0; i < c->l->p.nthreads; i++)
		if (c->r[i].th->tid == tid)
			return &c->r[i];
	FAIL(c, "%s: events of thread %" PRIu64 " not in the profile\n", c->name, tid);
	return NULL;
}

/* Method m is called name: the same name every time, and a name no
 * other method has. */
static void ck_name(struct check *c, uint32_t m, const char *name)
{
	if (!c->mname[m]) {
		for (uint32_t o = 0; o < c->l->tr.nmethods; o++)
			if (c->mname[o] && strcmp(c->mname[o], name) == 0)
				FAIL(c, "%s: methods %u and %u are both '%s'\n", c->name, o, m, name);
		c->mname[m] = strdup(name);
		assert_non_null(c->mname[m]);
	} else if (strcmp(c->mname[m], name) != 0) {
		FAIL(c, "%s: method %u is '%s' and '%s'\n", c->name, m, c->mname[m], name);
	}
}

/* A begin of the thread's next call at t (in units of µs / scale). */
static void ck_begin(struct check *c, struct replay *r, const char *name, int64_t t, int64_t scale)
{
	const struct tv_thread *th = r->th;
	if (r->next >= th->ncalls) {
		FAIL(c, "%s: [%u] more begins than %u calls\n", c->name, th->tid, th->ncalls);
		return;
	}
	uint32_t k = r->next++;
	if (th->parent[k] != r->top)
		FAIL(c, "%s: [%u] call %u begins under %u, not its parent %u\n", c->name, th->tid, k,
		     r->top, th->parent[k]);
	ck_name(c, th->method[k], name);
	int64_t want = (int64_t)(r->base + trace_call_start(th, c->clock, k)) * scale;
	if (t < want || t - want >= scale || (scale == 1 && t != want))
		FAIL(c, "%s: [%u] call %u begins at %" PRId64 ", recorded %" PRId64 "\n", c->name,
		     th->tid, k, t, want);
	c->max_drift = t - want > c->max_drift ? t - want : c->max_drift;
	r->top = k;
}

static void ck_end(struct check *c, struct replay *r, const char *name, int64_t t, int64_t scale)
{
	const struct tv_thread *th = r->th;
	if (r->top == TV_ROOT) {
		FAIL(c, "%s: [%u] an end with nothing open\n", c->name, th->tid);
		return;
	}
	uint32_t k = r->top;
	const char *want_name = c->mname[th->method[k]];
	if (!name || !want_name || strcmp(name, want_name) != 0)
		FAIL(c, "%s: [%u] end of '%s' closes '%s'\n", c->name, th->tid, name ? name : "?",
		     want_name ? want_name : "?");
	int64_t want = (int64_t)(r->base + trace_call_end(th, c->clock, k)) * scale;
	if (t < want || t - want >= scale || (scale == 1 && t != want))
		FAIL(c, "%s: [%u] call %u ends at %" PRId64 ", recorded %" PRId64 "\n", c->name,
		     th->tid, k, t, want);
	c->max_drift = t - want > c->max_drift ? t - want : c->max_drift;
	r->top = th->parent[k];
}

/* Every call of every thread begun and ended. */
static void ck_done(struct check *c)
{
	for (uint32_t i = 0; i < c->l->p.nthreads; i++) {
		const struct replay *r = &c->r[i];
		if (r->next != r->th->ncalls || r->top != TV_ROOT)
			FAIL(c, "%s: [%u] %u of %u calls begun, top %u\n", c->name, r->th->tid, r->next,
			     r->th->ncalls, r->top);
	}
}

/* A time of the thread: ts must strictly increase (Trace Event) or not
 * decrease (speedscope). */
static void ck_order(struct check *c, struct replay *r, int64_t t, int strict)
{
	if (r->seen && (t < r->last || (strict && t == r->last)))
		FAIL(c, "%s: [%u] time %" PRId64 " after %" PRId64 "\n", c->name, r->th->tid, t,
		     r->last);
	r->seen = 1;
	r->last = t;
}

/* ------------------------------------------------------------ Trace Event */

/* tts (ps, -1 when absent) of the thread's next begin or of the end of
 * the call on top: on a trace with both clocks, present, strictly
 * increasing along the thread and less than 1 µs after the call's CPU
 * time (from the thread's first); absent on a trace with one clock. */
static void ck_tts(struct check *c, struct replay *r, int begin, int64_t tps)
{
	const struct trace *tr = &c->l->tr;
	const struct tv_thread *th = r->th;
	if (!tr->has_clock[TV_CPU] || !tr->has_clock[TV_WALL]) {
		if (tps != -1)
			FAIL(c, "%s: [%u] tts on a trace with one clock\n", c->name, th->tid);
		return;
	}
	uint32_t k = begin ? r->next : r->top;
	if (tps < 0 || (r->seen && tps <= r->last_tts)) {
		FAIL(c, "%s: [%u] tts %" PRId64 " after %" PRId64 "\n", c->name, th->tid, tps,
		     r->last_tts);
	} else if (k < th->ncalls) {
		int64_t want = (int64_t)(begin ? trace_call_start(th, TV_CPU, k)
		                               : trace_call_end(th, TV_CPU, k)) * 1000000;
		if (tps < want || tps - want >= 1000000)
			FAIL(c, "%s: [%u] call %u tts %" PRId64 ", CPU time %" PRId64 "\n", c->name,
			     th->tid, k, tps, want);
	}
	r->last_tts = tps;
}

static void check_chrome(struct check *c)
{
	ck_reset(c);
	char *out = run(c->l, 0, c->clock);
	struct jdoc d;
	uint32_t root = j_parse(&d, out);
	uint32_t evs = j_get(&d, root, "traceEvents");
	assert_int_not_equal(evs, J_NONE);
	uint32_t named = 0;
	for (uint32_t e = d.n[evs].first; e != J_NONE; e = d.n[e].next) {
		const char *ph = j_str(&d, e, "ph"), *name = j_str(&d, e, "name");
		int64_t tid = j_fixed(&d, e, "tid", 0);
		if (ph && strcmp(ph, "M") == 0) {
			named += name && strcmp(name, "thread_name") == 0;
			continue;
		}
		struct replay *r = ck_thread(c, (uint64_t)tid);
		int64_t ps = j_fixed(&d, e, "ts", 6);
		if (!r || !ph || !name || ps < 0 || (ph[0] != 'B' && ph[0] != 'E') || ph[1]) {
			FAIL(c, "%s: bad event %u\n", c->name, e);
			continue;
		}
		ck_tts(c, r, ph[0] == 'B', j_fixed(&d, e, "tts", 6));
		ck_order(c, r, ps, 1);
		if (ph[0] == 'B')
			ck_begin(c, r, name, ps, 1000000);
		else
			ck_end(c, r, name, ps, 1000000);
	}
	ck_done(c);
	if (named != c->l->p.nthreads)
		FAIL(c, "%s: %u thread names for %u threads\n", c->name, named, c->l->p.nthreads);
	j_free(&d);
	free(out);
}

/* ------------------------------------------------------------ speedscope */

static void ss_frame(struct check *c, const struct jdoc *d, uint32_t fr, uint32_t m)
{
	const struct tv_method *tm = &c->l->tr.methods[m];
	const char *file = j_str(d, fr, "file");
	int want_file = tm->declared && tv_str_present(tm->source) && tm->source.len;
	int ascii = 1;   /* other bytes come back escaped: compare only ASCII */
	for (size_t i = 0; want_file && i < tm->source.len; i++)
		ascii &= trace_str(&c->l->tr, tm->source)[i] >= 0x20;
	if (want_file != (file != NULL) ||
	    (file && ascii && (strlen(file) != tm->source.len ||
	                       memcmp(file, trace_str(&c->l->tr, tm->source), tm->source.len))))
		FAIL(c, "%s: frame of method %u has file %s\n", c->name, m, file ? file : "none");
	int64_t line = j_fixed(d, fr, "line", 0);
	int64_t want_line = tm->declared && tm->has_line && tm->line > 0 ? tm->line : -1;
	if (line != want_line)
		FAIL(c, "%s: frame of method %u has line %" PRId64 "\n", c->name, m, line);
}

static void check_speedscope(struct check *c)
{
	ck_reset(c);
	char *out = run(c->l, 1, c->clock);
	struct jdoc d;
	uint32_t root = j_parse(&d, out);
	uint32_t frames = j_get(&d, j_get(&d, root, "shared"), "frames");
	uint32_t profiles = j_get(&d, root, "profiles");
	assert_int_not_equal(frames, J_NONE);
	assert_int_not_equal(profiles, J_NONE);
	assert_string_equal(j_str(&d, root, "$schema"),
	                    "https://www.speedscope.app/file-format-schema.json");
	uint32_t nf = 0, *fv = NULL;
	for (uint32_t f = d.n[frames].first; f != J_NONE; f = d.n[f].next) {
		fv = realloc(fv, (nf + 1) * sizeof *fv);
		assert_non_null(fv);
		fv[nf++] = f;
	}
	int64_t *fmeth = malloc((nf + 1) * sizeof *fmeth);
	assert_non_null(fmeth);
	for (uint32_t i = 0; i < nf; i++)
		fmeth[i] = -1;
	uint32_t np = 0;
	for (uint32_t pr = d.n[profiles].first; pr != J_NONE; pr = d.n[pr].next, np++) {
		const char *pname = j_str(&d, pr, "name");
		struct replay *r = pname && pname[0] == '[' ? ck_thread(c, strtoull(pname + 1, NULL, 10))
		                                            : NULL;
		const char *type = j_str(&d, pr, "type"), *unit = j_str(&d, pr, "unit");
		if (!r || !type || strcmp(type, "evented") || !unit || strcmp(unit, "microseconds")) {
			FAIL(c, "%s: bad profile %u\n", c->name, np);
			continue;
		}
		if (j_fixed(&d, pr, "startValue", 0) != (int64_t)r->base ||
		    j_fixed(&d, pr, "endValue", 0) !=
		        (int64_t)(r->base + trace_thread_span(r->th, c->clock)))
			FAIL(c, "%s: [%u] start/end values\n", c->name, r->th->tid);
		uint32_t evs = j_get(&d, pr, "events");
		for (uint32_t e = evs == J_NONE ? J_NONE : d.n[evs].first; e != J_NONE; e = d.n[e].next) {
			const char *ty = j_str(&d, e, "type");
			int64_t f = j_fixed(&d, e, "frame", 0), at = j_fixed(&d, e, "at", 0);
			if (!ty || f < 0 || f >= nf || at < 0 || (ty[0] != 'O' && ty[0] != 'C') || ty[1]) {
				FAIL(c, "%s: bad event %u\n", c->name, e);
				continue;
			}
			const char *fname = j_str(&d, fv[f], "name");
			ck_order(c, r, at, 0);
			if (ty[0] == 'O') {
				uint32_t m = r->next < r->th->ncalls ? r->th->method[r->next] : 0;
				if (fmeth[f] >= 0 && fmeth[f] != m)
					FAIL(c, "%s: frame %" PRId64 " is methods %" PRId64 " and %u\n", c->name,
					     f, fmeth[f], m);
				if (fmeth[f] < 0)
					ss_frame(c, &d, fv[f], m);
				fmeth[f] = m;
				ck_begin(c, r, fname ? fname : "", at, 1);
			} else {
				ck_end(c, r, fname, at, 1);
			}
		}
	}
	ck_done(c);
	if (np != c->l->p.nthreads)
		FAIL(c, "%s: %u profiles for %u threads\n", c->name, np, c->l->p.nthreads);
	for (uint32_t i = 0; i < nf; i++)
		if (fmeth[i] < 0)
			FAIL(c, "%s: frame %u never used\n", c->name, i);
	free(fmeth);
	free(fv);
	j_free(&d);
	free(out);
}

/* Both exports on one clock; the speedscope names must be the Trace
 * Event names. Returns the failures. */
static unsigned check_both(const char *name, struct loaded *l, int clock, int64_t *drift)
{
	struct check c;
	ck_init(&c, name, l, clock);
	check_chrome(&c);
	char **chrome = c.mname;
	c.mname = calloc(l->tr.nmethods + 1, sizeof *c.mname);
	assert_non_null(c.mname);
	check_speedscope(&c);
	for (uint32_t m = 0; m < l->tr.nmethods; m++) {
		if ((chrome[m] == NULL) != (c.mname[m] == NULL) ||
		    (chrome[m] && strcmp(chrome[m], c.mname[m]) != 0))
			FAIL(&c, "%s: method %u is '%s' in Trace Event, '%s' in speedscope\n", name, m,
			     chrome[m] ? chrome[m] : "-", c.mname[m] ? c.mname[m] : "-");
		free(chrome[m]);
		free(c.mname[m]);
	}
	free(chrome);
	free(c.mname);
	free(c.r);
	if (drift)
		*drift = c.max_drift;
	return c.fails;
}

/* ------------------------------------------------------------ written traces */

static void load_script(struct loaded *l, const char *script)
{
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, script), 0);
	struct tg_opts o = {0};
	o.shape = TG_LINE_DALVIK6;   /* method lines with source and line */
	memset(l, 0, sizeof *l);
	assert_int_equal(tu_load_tg(&l->tr, tg, &o), TV_OK);
	tg_free(tg);
	struct tv_error err;
	assert_int_equal(profile_build(&l->p, &l->tr, NULL, &err), TV_OK);
}

static void unload(struct loaded *l)
{
	profile_free(&l->p);
	trace_free(&l->tr);
}

/* Thread 1 (cpu = wall): A [0,30] holding B1 and B2 for zero µs at 10,
 * then R [10,12] with a recursive R [10,12] holding B1 for zero µs at
 * 12, then B1 [12,20]; B1 and B2 are overloads of com.ex.Foo.b. Thread 2:
 * B1 [5,7] runs inside A, which was running before tracing began (A is
 * adopted: [5,9]), then R for zero µs at 9. */
static const char same_us[] =
	"thread 1 main\nthread 2 worker\n"
	"method A 0x4 com.ex.Foo a ()V Foo.java 10\n"
	"method B1 0x8 com.ex.Foo b (I)I Foo.java 20\n"
	"method B2 0xc com.ex.Foo b (J)J Foo.java 30\n"
	"method R 0x10 com.ex.Foo r ()V -\n"
	"1 > A 0\n1 > B1 10\n1 < B1 10\n1 > B2 10\n1 < B2 10\n"
	"1 > R 10\n1 > R 10\n1 > B1 12\n1 < B1 12\n1 < R 12\n1 < R 12\n"
	"1 > B1 12\n1 < B1 20\n1 < A 30\n"
	"2 > B1 5\n2 < B1 7\n2 < A 9\n2 > R 9\n2 < R 9\n";

static void test_same_us(void **state)
{
	(void)state;
	struct loaded l;
	load_script(&l, same_us);
	for (int clock = 0; clock < TV_NCLOCKS; clock++) {
		int64_t drift = -1;
		assert_int_equal(check_both("same_us", &l, clock, &drift), 0);
		/* Thread 1 has 6 events at µs 10 (the last 5 ps late) and 5 at
		 * µs 12; thread 2 at most 3 in a µs. */
		assert_int_equal(drift, 5);
	}
	/* The ts of thread 1, worked out by hand: each event 1 ps after the
	 * previous one of its µs. */
	char *out = run(&l, 0, TV_WALL);
	static const char *const want[] = {
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.a\", \"pid\": 1, \"tid\": 1, \"ts\": 0.000000, \"tts\": 0.000000}",
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.b(I)I\", \"pid\": 1, \"tid\": 1, \"ts\": 10.000000, \"tts\": 10.000000}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.b(I)I\", \"pid\": 1, \"tid\": 1, \"ts\": 10.000001, \"tts\": 10.000001}",
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.b(J)J\", \"pid\": 1, \"tid\": 1, \"ts\": 10.000002, \"tts\": 10.000002}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.b(J)J\", \"pid\": 1, \"tid\": 1, \"ts\": 10.000003, \"tts\": 10.000003}",
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.r\", \"pid\": 1, \"tid\": 1, \"ts\": 10.000004, \"tts\": 10.000004}",
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.r\", \"pid\": 1, \"tid\": 1, \"ts\": 10.000005, \"tts\": 10.000005}",
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.b(I)I\", \"pid\": 1, \"tid\": 1, \"ts\": 12.000000, \"tts\": 12.000000}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.b(I)I\", \"pid\": 1, \"tid\": 1, \"ts\": 12.000001, \"tts\": 12.000001}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.r\", \"pid\": 1, \"tid\": 1, \"ts\": 12.000002, \"tts\": 12.000002}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.r\", \"pid\": 1, \"tid\": 1, \"ts\": 12.000003, \"tts\": 12.000003}",
		"\"ph\": \"B\", \"cat\": \"java\", \"name\": \"com.ex.Foo.b(I)I\", \"pid\": 1, \"tid\": 1, \"ts\": 12.000004, \"tts\": 12.000004}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.b(I)I\", \"pid\": 1, \"tid\": 1, \"ts\": 20.000000, \"tts\": 20.000000}",
		"\"ph\": \"E\", \"name\": \"com.ex.Foo.a\", \"pid\": 1, \"tid\": 1, \"ts\": 30.000000, \"tts\": 30.000000}",
	};
	const char *p = strstr(out, "\n{\"ph\": \"B\"");
	assert_non_null(p);
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		assert_memory_equal(p + 2, want[i], strlen(want[i]));
		p = strchr(p + 1, '\n');
		assert_non_null(p);
	}
	free(out);
	/* speedscope: the zero-µs calls open and close at the same "at". */
	out = run(&l, 1, TV_WALL);
	assert_non_null(strstr(out, "{\"name\": \"com.ex.Foo.b(I)I\", \"file\": \"Foo.java\", "
	                            "\"line\": 20}"));
	assert_non_null(strstr(out, "{\"name\": \"com.ex.Foo.r\"}"));
	assert_non_null(strstr(out, "{\"type\": \"O\", \"frame\": 1, \"at\": 10},\n"
	                            "  {\"type\": \"C\", \"frame\": 1, \"at\": 10},\n"
	                            "  {\"type\": \"O\", \"frame\": 2, \"at\": 10},\n"
	                            "  {\"type\": \"C\", \"frame\": 2, \"at\": 10},\n"));
	free(out);
	unload(&l);
}

/* A µs with 1200 events: each 1 ps after the previous, so they all stay
 * within their µs, and the drift the replay measures is exact. */
static void test_crowded_us(void **state)
{
	(void)state;
	char *script = NULL;
	size_t n = 0;
	FILE *ms = open_memstream(&script, &n);
	assert_non_null(ms);
	fputs("1 > A 0\n", ms);
	for (int i = 0; i < 600; i++)
		fputs("1 > B 5\n1 < B 5\n", ms);
	fputs("1 < A 9\n", ms);
	assert_int_equal(fclose(ms), 0);
	struct loaded l;
	load_script(&l, script);
	free(script);
	struct check c;
	ck_init(&c, "crowded", &l, TV_WALL);
	check_chrome(&c);
	/* 1200 events at µs 5: the last at 5.001199, 1199 ps late; A's end at
	 * 9 is on time. */
	assert_int_equal(c.max_drift, 1199);
	assert_int_equal(c.fails, 0);
	for (uint32_t m = 0; m < l.tr.nmethods; m++)
		free(c.mname[m]);
	free(c.mname);
	free(c.r);
	char *out = run(&l, 0, TV_WALL);
	assert_non_null(strstr(out, "\"ts\": 5.001199, \"tts\": 5.001199}"));
	assert_non_null(strstr(out, "\"name\": \"com.example.Test.A\", \"pid\": 1, \"tid\": 1, "
	                            "\"ts\": 9.000000, \"tts\": 9.000000}"));
	free(out);
	unload(&l);
}

/* --signatures names every declared method with its signature, in both. */
static void test_signatures(void **state)
{
	(void)state;
	struct loaded l;
	load_script(&l, "1 > A 0\n1 > B 1\n1 < B 2\n1 < A 3\n");
	struct export_opts o = {TV_WALL, 1, 0, NULL, NULL};
	for (int f = 0; f < 2; f++) {
		char *s = NULL;
		size_t n = 0;
		FILE *ms = open_memstream(&s, &n);
		assert_non_null(ms);
		assert_int_equal(f ? export_speedscope(ms, &l.p, &o) : export_chrome(ms, &l.p, &o), TV_OK);
		assert_int_equal(fclose(ms), 0);
		assert_non_null(strstr(s, "\"name\": \"com.example.Test.A()V\""));
		assert_non_null(strstr(s, "\"name\": \"com.example.Test.B()V\""));
		free(s);
	}
	unload(&l);
}

/* ------------------------------------------------------------ real traces */


static void test_real(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	if (!dir)
		skip();
	size_t n;
	char **v = tu_real_traces(&n);
	unsigned fails = 0;
	for (size_t i = 0; i < n; i++) {
		struct loaded l;
		memset(&l, 0, sizeof l);
		uint8_t *buf = NULL;
		size_t len = 0;
		const char *name = strrchr(v[i], '/') + 1;
		if (tu_read_file(v[i], &buf, &len) != 0 || tu_load_buffer(&l.tr, buf, len) != TV_OK) {
			print_error("%s: does not load\n", name);
			fails++;
		} else {
			struct tv_error err;
			assert_int_equal(profile_build(&l.p, &l.tr, NULL, &err), TV_OK);
			for (int c = 0; c < TV_NCLOCKS; c++)
				if (l.tr.has_clock[c])
					fails += check_both(name, &l, c, NULL);
			profile_free(&l.p);
		}
		trace_free(&l.tr);
		free(buf);
		free(v[i]);
	}
	free(v);
	assert_true(n > 0);
	assert_int_equal(fails, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_us),
		cmocka_unit_test(test_crowded_us),
		cmocka_unit_test(test_signatures),
		cmocka_unit_test(test_real),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
