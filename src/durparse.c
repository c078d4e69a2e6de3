/* durparse.c: durations from the command line (see durparse.h). */
#include "durparse.h"

#include <string.h>

/* v * 10 + d, 0 when it does not fit. */
static int dp_push(uint64_t *v, unsigned d)
{
	if (*v > (UINT64_MAX - d) / 10)
		return 0;
	*v = *v * 10 + d;
	return 1;
}

static int dp_digit(char c)
{
	return c >= '0' && c <= '9';
}

size_t durparse_decimal(const char *s, size_t len, unsigned scale, uint64_t *v,
                        int *too_big)
{
	uint64_t x = 0;
	size_t i = 0, digits = 0;
	unsigned frac = 0;
	int up = 0;   /* the first digit past the scale is 5 or more */
	*too_big = 0;
	for (; i < len && dp_digit(s[i]); i++, digits++)
		if (!dp_push(&x, (unsigned)(s[i] - '0')))
			*too_big = 1;
	if (i < len && s[i] == '.') {
		for (i++; i < len && dp_digit(s[i]); i++, digits++) {
			if (frac < scale && !dp_push(&x, (unsigned)(s[i] - '0')))
				*too_big = 1;
			else if (frac == scale)
				up = s[i] >= '5';
			frac += frac <= scale;
		}
	}
	if (!digits)
		return 0;
	/* the scale's digits the number did not write are zeros */
	for (; frac < scale; frac++)
		if (!dp_push(&x, 0))
			*too_big = 1;
	if (up && x == UINT64_MAX)
		*too_big = 1;
	if (*too_big)
		return 0;
	*v = x + (uint64_t)up;
	return i;
}

int durparse_unit(const char *s, size_t len)
{
	if (len == 2 && memcmp(s, "us", 2) == 0)
		return 0;
	if (len == 2 && memcmp(s, "ms", 2) == 0)
		return 3;
	if (len == 1 && s[0] == 's')
		return 6;
	return -1;
}

int durparse_time(const char *s, uint64_t *usec, const char **why)
{
	size_t len = strlen(s);
	size_t n = 0;
	while (n < len && (dp_digit(s[n]) || s[n] == '.'))
		n++;
	int scale = durparse_unit(s + n, len - n);
	if (n == 0) {
		*why = "expected a number with a unit (us, ms or s)";
		return -1;
	}
	if (scale < 0) {
		*why = n == len ? "a time needs a unit (us, ms or s)"
		                : "unknown unit (expected us, ms or s)";
		return -1;
	}
	int too_big;
	if (durparse_decimal(s, n, (unsigned)scale, usec, &too_big) != n) {
		*why = too_big ? "time too large" : "malformed number";
		return -1;
	}
	return 0;
}
