/* range.c: parsing and writing --range (docs/cli.md, "--range"). */
#include "analyze/range.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define RANGE_MAX_USEC (UINT64_C(1) << 62)

/* One end: [0-9]+(.[0-9]*)? or .[0-9]+, then us, ms or s, in [p, e). */
static int range_end(const char *p, const char *e, uint64_t *usec, const char **why)
{
	uint64_t whole = 0;
	int digits = 0;
	if (p < e && *p == '-') {
		*why = "a time cannot be negative";
		return -1;
	}
	const char *q = p;
	for (; q < e && *q >= '0' && *q <= '9'; q++, digits++) {
		if (whole > RANGE_MAX_USEC / 10) {
			*why = "time too large";
			return -1;
		}
		whole = whole * 10 + (uint64_t)(*q - '0');
	}
	const char *frac = NULL, *frac_end = NULL;
	if (q < e && *q == '.') {
		frac = ++q;
		for (; q < e && *q >= '0' && *q <= '9'; q++)
			digits++;
		frac_end = q;
	}
	if (!digits) {
		*why = "expected a number with a unit (us, ms or s)";
		return -1;
	}
	size_t ulen = (size_t)(e - q);
	unsigned scale;   /* digits of a µs in the unit */
	if (ulen == 2 && memcmp(q, "us", 2) == 0)
		scale = 0;
	else if (ulen == 2 && memcmp(q, "ms", 2) == 0)
		scale = 3;
	else if (ulen == 1 && *q == 's')
		scale = 6;
	else {
		*why = ulen ? "unknown unit (expected us, ms or s)"
		            : "a time needs a unit (us, ms or s)";
		return -1;
	}
	uint64_t v = whole;
	for (unsigned i = 0; i < scale; i++) {
		int d = frac && frac + i < frac_end ? frac[i] - '0' : 0;
		if (v > RANGE_MAX_USEC / 10) {
			*why = "time too large";
			return -1;
		}
		v = v * 10 + (uint64_t)d;
	}
	/* Nearest µs, halves up: only the first digit past the µs decides. */
	if (frac && frac + scale < frac_end && frac[scale] >= '5')
		v++;
	if (v > RANGE_MAX_USEC) {
		*why = "time too large";
		return -1;
	}
	*usec = v;
	return 0;
}

int range_parse_time(const char *s, uint64_t *usec, const char **why)
{
	return range_end(s, s + strlen(s), usec, why);
}

int range_parse(const char *s, struct range *r, const char **why)
{
	memset(r, 0, sizeof *r);
	const char *dots = strstr(s, "..");
	if (!dots) {
		*why = "expected A..B (either end may be left out)";
		return -1;
	}
	const char *end = s + strlen(s);
	if (dots > s) {
		if (range_end(s, dots, &r->start, why) < 0)
			return -1;
		r->has_start = 1;
	}
	if (dots + 2 < end) {
		if (range_end(dots + 2, end, &r->end, why) < 0)
			return -1;
		r->has_end = 1;
	}
	if (r->has_end && r->end <= (r->has_start ? r->start : 0)) {
		*why = "the range is empty (its start must come before its end)";
		return -1;
	}
	return 0;
}

static int range_put(char *buf, size_t size, uint64_t us)
{
	if (us % 1000000 == 0)
		return snprintf(buf, size, "%" PRIu64 "s", us / 1000000);
	if (us % 1000 == 0)
		return snprintf(buf, size, "%" PRIu64 "ms", us / 1000);
	return snprintf(buf, size, "%" PRIu64 "us", us);
}

void range_format(const struct range *r, char *buf)
{
	int n = 0;
	if (r->has_start)
		n = range_put(buf, RANGE_TEXT_MAX, r->start);
	n += snprintf(buf + n, RANGE_TEXT_MAX - (size_t)n, "..");
	if (r->has_end)
		range_put(buf + n, RANGE_TEXT_MAX - (size_t)n, r->end);
}
