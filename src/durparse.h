/* durparse.h: durations and decimal numbers as the command line reads them
 * (docs/cli.md, "Durations").
 *
 * One reader for every time an option takes (--frame, the values of
 * --fail-if rules): a decimal number, digits with an optional point and
 * more digits, then a unit, `us`, `ms` or `s`, rounded to the nearest µs
 * (halves up). No sign, no exponent, no blanks. Nothing here allocates.
 */
#ifndef TV_DURPARSE_H
#define TV_DURPARSE_H

#include <stddef.h>
#include <stdint.h>

/* The decimal number at the start of s (at most len bytes): its value
 * times 10^scale, rounded to the nearest whole number (halves up). Returns
 * the bytes read, or 0 when s starts with no number ("", ".", "x") or its
 * value does not fit 64 bits (*too_big then set to 1, else 0). scale is at
 * most 18. */
size_t durparse_decimal(const char *s, size_t len, unsigned scale, uint64_t *v,
                        int *too_big);

/* The decimal digits that turn a value in this unit into µs: "us" 0,
 * "ms" 3, "s" 6; -1 for any other len bytes at s. */
int durparse_unit(const char *s, size_t len);

/* The whole of s as a duration ("16.7ms", "250us", "1.5s") in µs. 0, or
 * -1 with a short reason (a static string) in *why. */
int durparse_time(const char *s, uint64_t *usec, const char **why);

#endif
