/* range.c: parsing and writing --range (docs/cli.md, "--range"). */
#include "analyze/range.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define RANGE_MAX_USEC (UINT64_C(1) << 62)

/* The unit of one end in [q, e): 0 us, 3 ms, 6 s (the digits of a µs in
 * it), RANGE_EV for events (only where ev is allowed), or -1 with *why. */
enum { RANGE_EV = 100 };

static int range_unit(const char *q, const char *e, int ev, const char **why)
{
	size_t ulen = (size_t)(e - q);
	if (ulen == 2 && memcmp(q, "us", 2) == 0)
		return 0;
	if (ulen == 2 && memcmp(q, "ms", 2) == 0)
		return 3;
	if (ulen == 1 && *q == 's')
		return 6;
	if (ev && ulen == 2 && memcmp(q, "ev", 2) == 0)
		return RANGE_EV;
	*why = ulen ? "unknown unit (expected us, ms or s)" : "a time needs a unit (us, ms or s)";
	return -1;
}

/* One end: [0-9]+(.[0-9]*)? or .[0-9]+, then us, ms or s, in [p, e); or,
 * when ev is not NULL, [0-9]+ev too (*ev set to 1; else 0). */
static int range_end(const char *p, const char *e, uint64_t *usec, int *ev, const char **why)
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
	int unit = range_unit(q, e, ev != NULL, why);
	if (unit < 0)
		return -1;
	if (ev)
		*ev = unit == RANGE_EV;
	if (unit == RANGE_EV) {
		if (frac) {
			*why = "an event number is a whole number (ev)";
			return -1;
		}
		*usec = whole;
		return 0;
	}
	unsigned scale = (unsigned)unit;   /* digits of a µs in the unit */
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
	return range_end(s, s + strlen(s), usec, NULL, why);
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
	int ev_start = 0, ev_end = 0;
	if (dots > s) {
		if (range_end(s, dots, &r->start, &ev_start, why) < 0)
			return -1;
		r->has_start = 1;
	}
	if (dots + 2 < end) {
		if (range_end(dots + 2, end, &r->end, &ev_end, why) < 0)
			return -1;
		r->has_end = 1;
	}
	if (r->has_start && r->has_end && ev_start != ev_end) {
		*why = "both ends in events (ev) or both in time (us, ms, s)";
		return -1;
	}
	r->events = ev_start || ev_end;
	if (r->has_end && r->end <= (r->has_start ? r->start : 0)) {
		*why = "the range is empty (its start must come before its end)";
		return -1;
	}
	return 0;
}

static int range_put(char *buf, size_t size, uint64_t us, int events)
{
	if (events)
		return snprintf(buf, size, "%" PRIu64 "ev", us);
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
		n = range_put(buf, RANGE_TEXT_MAX, r->start, r->events);
	n += snprintf(buf + n, RANGE_TEXT_MAX - (size_t)n, "..");
	if (r->has_end)
		range_put(buf + n, RANGE_TEXT_MAX - (size_t)n, r->end, r->events);
}
