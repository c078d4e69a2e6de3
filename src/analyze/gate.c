/* gate.c: regression rules over a diff (see gate.h). */
#include "analyze/gate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/methodname.h"
#include "analyze/range.h"
#include "base/grow.h"
#include "base/mul128.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"

static const char *const gate_fields[] = {"incl_cpu", "excl_cpu", "incl_wall", "excl_wall",
                                        "calls"};
#define GATE_NFIELDS (sizeof gate_fields / sizeof gate_fields[0])

int gate_field_clock(enum gate_field f)
{
	switch (f) {
	case GATE_INCL_CPU: case GATE_EXCL_CPU: return TV_CPU;
	case GATE_INCL_WALL: case GATE_EXCL_WALL: return TV_WALL;
	case GATE_CALLS: break;
	}
	return -1;
}

const char *gate_field_name(enum gate_field f)
{
	return gate_fields[f];
}

/* why = the formatted reason; an %s argument of user text is escaped
 * first by the caller through gate_esc(). Returns -1. */
static int gate_fail(char *why, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static int gate_fail(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

/* n bytes of s escaped for a message, cut to fit esc (64 bytes). */
enum { GATE_ESC = 64 };
static const char *gate_esc(const char *s, size_t n, char *esc)
{
	textesc_text_buf(s, n, NULL, esc, GATE_ESC);
	return esc;
}

static int gate_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int gate_parse_target(const char *s, size_t n, struct gate_rule *r, char *why, size_t size)
{
	char esc[GATE_ESC];
	if (n == 0)
		return gate_fail(why, size, "no target before ':' (expected total, *, pkg:GLOB "
		                            "or a method)");
	if (n == 5 && memcmp(s, "total", 5) == 0) {
		r->target = GATE_TOTAL;
		return 0;
	}
	if (n == 1 && s[0] == '*') {
		r->target = GATE_EVERY;
		return 0;
	}
	if (n >= 4 && memcmp(s, "pkg:", 4) == 0) {
		if (n == 4)
			return gate_fail(why, size, "empty pattern after 'pkg:'");
		r->target = GATE_PKG;
		r->glob = s + 4;
		r->glob_len = n - 4;
		return 0;
	}
	/* a method: match.h wants a terminated string */
	char *t = malloc(n + 1);
	const char *mwhy = "out of memory";
	if (t) {
		memcpy(t, s, n);
		t[n] = '\0';
	}
	int rc = t ? match_spec_parse(t, &r->method, &mwhy) : -1;
	free(t);
	if (rc < 0)
		return gate_fail(why, size, "bad target '%s': %s", gate_esc(s, n, esc), mwhy);
	r->target = GATE_METHOD;
	return 0;
}

static int gate_parse_field(const char **p, struct gate_rule *r, char *why, size_t size)
{
	char esc[GATE_ESC];
	const char *s = *p;
	size_t n = 0;
	while ((s[n] >= 'a' && s[n] <= 'z') || s[n] == '_')
		n++;
	for (size_t i = 0; i < GATE_NFIELDS; i++) {
		if (strlen(gate_fields[i]) == n && memcmp(gate_fields[i], s, n) == 0) {
			r->field = (enum gate_field)i;
			*p = s + n;
			return 0;
		}
	}
	size_t bad = n ? n : strcspn(s, "<>= \t");
	return gate_fail(why, size, "unknown field '%s' (expected incl_cpu, excl_cpu, incl_wall, "
	                 "excl_wall, calls)", gate_esc(s, bad, esc));
}

static int gate_parse_op(const char **p, struct gate_rule *r, char *why, size_t size)
{
	const char *s = *p;
	while (gate_blank(*s))
		s++;
	if (s[0] == '>' || s[0] == '<') {
		int eq = s[1] == '=';
		r->op = s[0] == '>' ? (eq ? GATE_GE : GATE_GT) : (eq ? GATE_LE : GATE_LT);
		s += 1 + eq;
		while (gate_blank(*s))
			s++;
		*p = s;
		return 0;
	}
	return gate_fail(why, size, "expected an operator (>, >=, <, <=) after '%s'",
	                 gate_fields[r->field]);
}

/* A count or a percentage: digits with an optional point and more
 * digits (n bytes at s), times 10^scale, rounded to the nearest whole
 * number (halves up). 0, or -1 (*too_big set when it does not fit). */
static int gate_decimal(const char *s, size_t n, unsigned scale, uint64_t *v, int *too_big)
{
	uint64_t x = 0;
	unsigned frac = 0;
	int point = 0, up = 0;
	size_t digits = 0;
	*too_big = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '.') {
			if (point++)
				return -1;
			continue;
		}
		unsigned d = (unsigned)(s[i] - '0');
		digits++;
		if (point && frac == scale)
			up = d >= 5;   /* only the first digit past the scale decides */
		if (point && frac++ >= scale)
			continue;
		if (x > (UINT64_MAX - d) / 10) {
			*too_big = 1;
			return -1;
		}
		x = x * 10 + d;
	}
	for (; frac < scale; frac++) {
		if (x > UINT64_MAX / 10) {
			*too_big = 1;
			return -1;
		}
		x *= 10;
	}
	if (!digits)
		return -1;
	if (up && x == UINT64_MAX) {
		*too_big = 1;
		return -1;
	}
	*v = x + (uint64_t)up;
	return 0;
}

/* us, ms or s. */
static int gate_time_unit(const char *s, size_t n)
{
	return (n == 2 && (memcmp(s, "us", 2) == 0 || memcmp(s, "ms", 2) == 0)) ||
	       (n == 1 && s[0] == 's');
}

static int gate_parse_value(const char *s, struct gate_rule *r, char *why, size_t size)
{
	char esc[GATE_ESC];
	int is_time = gate_field_clock(r->field) >= 0;
	if (*s == '+' || *s == '-') {
		r->relative = 1;
		r->negative = *s++ == '-';
	}
	size_t num = 0;
	while ((s[num] >= '0' && s[num] <= '9') || s[num] == '.')
		num++;
	size_t ulen = strlen(s + num);
	while (ulen && gate_blank(s[num + ulen - 1]))
		ulen--;
	if (!num)
		return gate_fail(why, size, "expected a number after the operator, e.g. +5%%, "
		                            "+2ms, 100ms or +0");
	int too_big = 0, rc;
	if (ulen == 1 && s[num] == '%') {
		if (!r->relative)
			return gate_fail(why, size, "'%%' needs a sign: +N%% or -N%% is a change "
			                            "from BASE");
		r->pct = 1;
		rc = gate_decimal(s, num, 6, &r->mag, &too_big);
	} else if (ulen == 0) {
		if (is_time)
			return gate_fail(why, size,
			                 "a time needs a unit (us, ms or s) or a signed %%");
		if (memchr(s, '.', num))
			return gate_fail(why, size, "calls are a whole number");
		rc = gate_decimal(s, num, 0, &r->mag, &too_big);
	} else if (!gate_time_unit(s + num, ulen)) {
		return gate_fail(why, size, "unknown unit '%s' (expected us, ms, s or %%)",
		                 gate_esc(s + num, ulen, esc));
	} else if (!is_time) {
		return gate_fail(why, size, "calls take no unit (a count, or a signed %%)");
	} else {
		/* a time: the one reader of durations (range.h) */
		char t[128];
		const char *twhy = "time too large";
		rc = -1;
		if (num + ulen < sizeof t) {
			memcpy(t, s, num + ulen);
			t[num + ulen] = '\0';
			rc = range_parse_time(t, &r->mag, &twhy);
		}
		if (rc < 0)
			return gate_fail(why, size, "%s (got '%s')", twhy,
			                 gate_esc(s, num + ulen, esc));
	}
	if (rc < 0)
		return gate_fail(why, size, too_big ? "number too large" : "malformed number '%s'",
		                 gate_esc(s, num, esc));
	return 0;
}

int gate_parse(const char *s, struct gate_rule *r, char *why, size_t size)
{
	memset(r, 0, sizeof *r);
	const char *colon = strrchr(s, ':');
	if (!colon)
		return gate_fail(why, size,
		                 "expected TARGET:FIELD OP VALUE (e.g. total:incl_wall>+5%%)");
	if (!(r->text = strdup(s)))
		return gate_fail(why, size, "out of memory");
	const char *p = colon + 1;
	size_t tlen = (size_t)(colon - s);
	if (gate_parse_target(r->text, tlen, r, why, size) < 0 ||
	    gate_parse_field(&p, r, why, size) < 0 ||
	    gate_parse_op(&p, r, why, size) < 0 || gate_parse_value(p, r, why, size) < 0) {
		gate_rule_free(r);
		return -1;
	}
	return 0;
}

void gate_rule_free(struct gate_rule *r)
{
	match_spec_free(&r->method);
	free(r->text);
	r->text = NULL;
}

/* ------------------------------------------------------------ deciding */

/* Sign of x − y for signed magnitudes (a zero is never negative); cmp_mag
 * is the sign of |x| − |y|. */
static int gate_cmp_signed(int xneg, int yneg, int xzero, int yzero, int cmp_mag)
{
	xneg = xneg && !xzero;
	yneg = yneg && !yzero;
	if (xneg != yneg)
		return xneg ? -1 : 1;
	return xneg ? -cmp_mag : cmp_mag;
}

/* Sign of (the rule's left side) − VALUE. */
static int gate_compare(const struct gate_rule *r, uint64_t base, uint64_t next)
{
	if (!r->relative)
		return (next > r->mag) - (next < r->mag);
	int neg = next < base;
	uint64_t ch = neg ? base - next : next - base;
	int cmp_mag;
	if (!r->pct) {
		cmp_mag = (ch > r->mag) - (ch < r->mag);
	} else if (base == 0) {
		if (next > 0)
			return 1;   /* +∞ */
		cmp_mag = r->mag ? -1 : 0;
	} else {
		/* ch / base × 100 against mag / 10^6: ch × 10^8 against mag × base */
		cmp_mag = mul128_cmp(ch, 100000000u, r->mag, base);
	}
	return gate_cmp_signed(neg, r->negative, ch == 0, r->mag == 0, cmp_mag);
}

int gate_holds(const struct gate_rule *r, uint64_t base, uint64_t next)
{
	int c = gate_compare(r, base, next);
	switch (r->op) {
	case GATE_GT: return c > 0;
	case GATE_GE: return c >= 0;
	case GATE_LT: return c < 0;
	case GATE_LE: return c <= 0;
	}
	return 0;
}

/* The field of run k of a row. */
static uint64_t gate_row_value(const struct gate_rule *r, const struct diff_row *row, int k)
{
	int clock = gate_field_clock(r->field);
	switch (r->field) {
	case GATE_INCL_CPU: case GATE_INCL_WALL: return row->incl[k][clock];
	case GATE_EXCL_CPU: case GATE_EXCL_WALL: return row->excl[k][clock];
	case GATE_CALLS: break;
	}
	return row->calls[k] + row->rcalls[k];
}

static uint64_t gate_total_value(const struct gate_rule *r, const struct diff *d, int k)
{
	int clock = gate_field_clock(r->field);
	switch (r->field) {
	case GATE_INCL_CPU: case GATE_INCL_WALL: return d->top_incl[k][clock];
	case GATE_EXCL_CPU: case GATE_EXCL_WALL: return d->top_excl[k][clock];
	case GATE_CALLS: break;
	}
	uint64_t n = 0;
	for (uint32_t i = 0; i < d->nrows; i++)
		n += d->rows[i].calls[k] + d->rows[i].rcalls[k];
	return n;
}

/* Whether the row's method (in either run) is a target of r. */
static int gate_row_targeted(const struct gate_rule *r, const struct diff *d,
                             const struct diff_row *row)
{
	const uint32_t idx[2] = {row->base, row->next};
	for (int k = 0; k < 2; k++) {
		if (idx[k] == DIFF_NONE)
			continue;
		const struct trace *tr = d->run[k]->tr;
		if (r->target == GATE_EVERY ||
		    (r->target == GATE_PKG &&
		     match_class_glob(r->glob, r->glob_len, tr, idx[k])) ||
		    (r->target == GATE_METHOD && match_method(&r->method, tr, idx[k])))
			return 1;
	}
	return 0;
}

int gate_names_nothing(const struct gate_rule *r, const struct diff *d)
{
	if (r->target != GATE_PKG && r->target != GATE_METHOD)
		return 0;
	for (uint32_t i = 0; i < d->nrows; i++)
		if (gate_row_targeted(r, d, &d->rows[i]))
			return 0;
	return 1;
}

static int gate_add(struct gate_hit **hits, size_t *n, size_t *cap, uint32_t row, uint64_t base,
                    uint64_t next)
{
	if (grow_push((void **)hits, cap, *n, sizeof **hits) < 0)
		return -1;
	(*hits)[(*n)++] = (struct gate_hit){row, base, next};
	return 0;
}

enum tv_status gate_eval(const struct gate_rule *r, const struct diff *d,
                         struct gate_hit **hits, size_t *nhits)
{
	size_t cap = 0;
	*hits = NULL;
	*nhits = 0;
	if (r->target == GATE_TOTAL) {
		uint64_t b = gate_total_value(r, d, 0), n = gate_total_value(r, d, 1);
		if (gate_holds(r, b, n) && gate_add(hits, nhits, &cap, GATE_TOTAL_ROW, b, n) < 0)
			return TV_ERR_NOMEM;
		return TV_OK;
	}
	for (uint32_t i = 0; i < d->nrows; i++) {
		const struct diff_row *row = &d->rows[i];
		if (!gate_row_targeted(r, d, row))
			continue;
		uint64_t b = gate_row_value(r, row, 0), n = gate_row_value(r, row, 1);
		if (gate_holds(r, b, n) && gate_add(hits, nhits, &cap, i, b, n) < 0) {
			free(*hits);
			*hits = NULL;
			*nhits = 0;
			return TV_ERR_NOMEM;
		}
	}
	return TV_OK;
}

/* ------------------------------------------------------------ the lines */

static void gate_number(struct outbuf *ob, int is_time, uint64_t v)
{
	if (!is_time) {
		outbuf_u64(ob, v);
		return;
	}
	outbuf_fixed(ob, v, 3);
	outbuf_puts(ob, " ms");
}

static void gate_change(struct outbuf *ob, int is_time, uint64_t base, uint64_t next)
{
	char buf[NUMFMT_MAX + 2];
	outbuf_puts(ob, " (");
	if (next != base)
		outbuf_putc(ob, next > base ? '+' : '-');
	gate_number(ob, is_time, next > base ? next - base : base - next);
	outbuf_puts(ob, ", ");
	if (base == 0)
		outbuf_puts(ob, next ? "+inf" : "0.0");
	else {
		numfmt_pct_change(buf, sizeof buf, base, next, 1);
		outbuf_puts(ob, buf);
	}
	outbuf_puts(ob, "%)\n");
}

enum tv_status gate_report(FILE *out, const struct gate_rule *r, const struct diff *d,
                           const struct gate_hit *hits, size_t nhits)
{
	char buf[OUTBUF_MIN * 4];
	struct outbuf ob;
	int is_time = gate_field_clock(r->field) >= 0;
	outbuf_init(&ob, out, buf, sizeof buf);
	for (size_t i = 0; i < nhits; i++) {
		const struct gate_hit *h = &hits[i];
		outbuf_puts(&ob, "FAIL ");
		textesc_text_ob(&ob, r->text, strlen(r->text));
		outbuf_puts(&ob, ": ");
		if (h->row == GATE_TOTAL_ROW) {
			outbuf_puts(&ob, "toplevel");
		} else {
			const struct diff_row *row = &d->rows[h->row];
			int k = row->next != DIFF_NONE;
			methodname_text_ob(&ob, d->run[k]->tr, k ? row->next : row->base, 1);
		}
		outbuf_putc(&ob, ' ');
		outbuf_puts(&ob, gate_fields[r->field]);
		outbuf_putc(&ob, ' ');
		gate_number(&ob, is_time, h->base);
		outbuf_puts(&ob, " -> ");
		gate_number(&ob, is_time, h->next);
		gate_change(&ob, is_time, h->base, h->next);
	}
	return outbuf_finish(&ob);
}
