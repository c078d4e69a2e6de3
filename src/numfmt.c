/* numfmt.c: numbers as text (see numfmt.h). */
#include "numfmt.h"

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

void numfmt_fixed(char *buf, size_t size, uint64_t scaled, unsigned decimals)
{
	static const uint64_t pow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
	                                  10000000, 100000000, 1000000000 };
	if (decimals > 9)
		decimals = 9;
	if (decimals == 0) {
		snprintf(buf, size, "%llu", (unsigned long long)scaled);
		return;
	}
	uint64_t p = pow10[decimals];
	snprintf(buf, size, "%llu.%0*llu", (unsigned long long)(scaled / p),
	         (int)decimals, (unsigned long long)(scaled % p));
}

void numfmt_ms(char *buf, size_t size, uint64_t usec)
{
	numfmt_fixed(buf, size, usec, 3);
}

void numfmt_pct(char *buf, size_t size, uint64_t part, uint64_t whole, unsigned decimals)
{
	if (!whole)
		snprintf(buf, size, "-");
	else
		numfmt_fixed(buf, size, numfmt_div_round(part, whole, decimals + 2), decimals);
}

/* A sign when next differs from base, then scaled. */
static void nf_signed(char *buf, size_t size, uint64_t base, uint64_t next, uint64_t scaled,
                      unsigned decimals)
{
	size_t k = 0;
	if (next != base && size > 1)
		buf[k++] = next > base ? '+' : '-';
	numfmt_fixed(buf + k, size - k, scaled, decimals);
}

static uint64_t nf_mag(uint64_t base, uint64_t next)
{
	return next > base ? next - base : base - next;
}

void numfmt_ms_change(char *buf, size_t size, uint64_t base, uint64_t next)
{
	nf_signed(buf, size, base, next, nf_mag(base, next), 3);
}

void numfmt_pct_change(char *buf, size_t size, uint64_t base, uint64_t next,
                       unsigned decimals)
{
	if (size)
		buf[0] = '\0';
	if (base)
		nf_signed(buf, size, base, next,
		          numfmt_div_round(nf_mag(base, next), base, decimals + 2), decimals);
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
