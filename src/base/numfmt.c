/* numfmt.c: numbers as text (see numfmt.h). */
#include "base/numfmt.h"

#include <stdio.h>
#include <string.h>

uint64_t numfmt_div_round(uint64_t num, uint64_t den, unsigned k)
{
	if (den == 0)
		return 0;
	/* Keep r * 10 below 2^64; a denominator this large (10^18 µs) only
	 * loses digits that no report prints. */
	while (den > UINT64_MAX / 10) {
		num >>= 4;
		den >>= 4;
	}
	uint64_t q = num / den, r = num % den;
	for (unsigned i = 0; i < k; i++) {
		r *= 10;
		q = q * 10 + r / den;
		r %= den;
	}
	if (r >= den - r)
		q++;
	return q;
}

/* "00" "01" .. "99": two digits per division, half the divisions. */
static const char numfmt_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233"
	"34353637383940414243444546474849505152535455565758596061626364656667"
	"6869707172737475767778798081828384858687888990919293949596979899";

/* Writes the n lowest decimal digits of v ending just before end (zeros
 * in front when v is shorter). */
static void numfmt_digits(char *end, uint64_t v, unsigned n)
{
	for (; n >= 2; n -= 2) {
		end -= 2;
		memcpy(end, numfmt_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (n)
		*--end = (char)('0' + v % 10);
}

static unsigned numfmt_ndigits(uint64_t v)
{
	unsigned n = 1;
	for (; v >= 10000; v /= 10000)
		n += 4;
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

size_t numfmt_put_u64(char *dst, uint64_t v)
{
	/* Most numbers in a report are counts of a few calls. */
	if (v < 10) {
		dst[0] = (char)('0' + v);
		return 1;
	}
	if (v < 100) {
		memcpy(dst, numfmt_pairs + 2 * v, 2);
		return 2;
	}
	unsigned n = numfmt_ndigits(v);
	numfmt_digits(dst + n, v, n);
	return n;
}

size_t numfmt_put_hex(char *dst, uint64_t v)
{
	unsigned n = 1;
	for (uint64_t t = v >> 4; t; t >>= 4)
		n++;
	for (unsigned i = n; i-- > 0; v >>= 4)
		dst[i] = "0123456789abcdef"[v & 15];
	return n;
}

size_t numfmt_put_fixed(char *dst, uint64_t scaled, unsigned decimals)
{
	static const uint64_t pow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
	                                  10000000, 100000000, 1000000000 };
	if (decimals > 9)
		decimals = 9;
	if (decimals == 0)
		return numfmt_put_u64(dst, scaled);
	uint64_t p = pow10[decimals];
	size_t n = numfmt_put_u64(dst, scaled / p);
	dst[n++] = '.';
	numfmt_digits(dst + n + decimals, scaled % p, decimals);
	return n + decimals;
}

size_t numfmt_put_pct(char *dst, uint64_t part, uint64_t whole, unsigned decimals)
{
	if (!whole) {
		dst[0] = '-';
		return 1;
	}
	return numfmt_put_fixed(dst, numfmt_div_round(part, whole, decimals + 2), decimals);
}

/* Copies text of length n into buf as snprintf would: cut to size - 1
 * and terminated (nothing at all when size is 0). */
static void numfmt_copy(char *buf, size_t size, const char *text, size_t n)
{
	if (!size)
		return;
	if (n > size - 1)
		n = size - 1;
	memcpy(buf, text, n);
	buf[n] = '\0';
}

void numfmt_fixed(char *buf, size_t size, uint64_t scaled, unsigned decimals)
{
	char t[NUMFMT_MAX];
	numfmt_copy(buf, size, t, numfmt_put_fixed(t, scaled, decimals));
}

void numfmt_ms(char *buf, size_t size, uint64_t usec)
{
	numfmt_fixed(buf, size, usec, 3);
}

void numfmt_pct(char *buf, size_t size, uint64_t part, uint64_t whole, unsigned decimals)
{
	char t[NUMFMT_MAX];
	numfmt_copy(buf, size, t, numfmt_put_pct(t, part, whole, decimals));
}

/* A sign when next differs from base, then scaled. */
static void numfmt_signed(char *buf, size_t size, uint64_t base, uint64_t next, uint64_t scaled,
                          unsigned decimals)
{
	size_t k = 0;
	if (next != base && size > 1)
		buf[k++] = next > base ? '+' : '-';
	numfmt_fixed(buf + k, size - k, scaled, decimals);
}

static uint64_t numfmt_mag(uint64_t base, uint64_t next)
{
	return next > base ? next - base : base - next;
}

void numfmt_ms_change(char *buf, size_t size, uint64_t base, uint64_t next)
{
	numfmt_signed(buf, size, base, next, numfmt_mag(base, next), 3);
}

void numfmt_pct_change(char *buf, size_t size, uint64_t base, uint64_t next,
                       unsigned decimals)
{
	if (size)
		buf[0] = '\0';
	if (base)
		numfmt_signed(buf, size, base, next,
		              numfmt_div_round(numfmt_mag(base, next), base,
		                               decimals + 2), decimals);
}

void numfmt_duration(char *buf, size_t size, uint64_t usec, int exact)
{
	unsigned long long u = usec;
	if (u < 1000)
		snprintf(buf, size, "%llu us", u);
	else if (u < 1000000)
		snprintf(buf, size, "%llu.%03llu ms", u / 1000, u % 1000);
	else if (exact)
		snprintf(buf, size, "%llu.%06llu s", u / 1000000, u % 1000000);
	else
		snprintf(buf, size, "%llu.%03llu s", u / 1000000, u % 1000000 / 1000);
}

/* 10^k for k <= 9. */
static uint64_t numfmt_pow10(unsigned k)
{
	uint64_t p = 1;
	while (k--)
		p *= 10;
	return p;
}

/* The unit for times up to top: s from 1 s on, ms from 1 ms, else us. */
static uint64_t numfmt_time_unit(uint64_t top, const char **name)
{
	if (top >= 1000000) {
		*name = "s";
		return 1000000;
	}
	if (top >= 1000) {
		*name = "ms";
		return 1000;
	}
	*name = "us";
	return 1;
}

void numfmt_time_label(char *buf, size_t size, uint64_t t, uint64_t step, uint64_t top)
{
	const char *unit;
	uint64_t u = numfmt_time_unit(top, &unit);
	unsigned d = 0;
	while (d < 6 && step && (step * numfmt_pow10(d)) % u != 0)
		d++;
	char num[48];
	numfmt_fixed(num, sizeof num, numfmt_div_round(t, u, d), d);
	size_t n = strlen(num);
	if (strchr(num, '.')) {  /* trailing zeros say nothing on a ruler */
		while (n && num[n - 1] == '0')
			num[--n] = '\0';
		if (n && num[n - 1] == '.')
			num[--n] = '\0';
	}
	snprintf(buf, size, "%s%s", num, unit);
}

void numfmt_time_at(char *buf, size_t size, uint64_t t, uint64_t resolution, uint64_t top)
{
	const char *unit;
	uint64_t u = numfmt_time_unit(top, &unit);
	unsigned d = 0;
	while (d < 6 && u / numfmt_pow10(d) > (resolution ? resolution : 1))
		d++;
	char num[48];
	numfmt_fixed(num, sizeof num, numfmt_div_round(t, u, d), d);
	snprintf(buf, size, "%s%s", num, unit);
}
