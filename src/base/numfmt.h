/* numfmt.h: the one place numbers become text.
 *
 * Integer arithmetic only, so every report, export and screen rounds the
 * same way on every platform (halves up). Each writer fills a caller
 * buffer and always terminates it (size > 0); a value that does not fit
 * is cut, never overflowed.
 *
 * The numfmt_put_* primitives are the fast path under all of them: they
 * write at dst without a terminator and return the length; dst must have
 * room for NUMFMT_MAX bytes.
 */
#ifndef TV_NUMFMT_H
#define TV_NUMFMT_H

#include <stddef.h>
#include <stdint.h>

/* Room any numfmt_put_* needs: 20 digits, a point, 9 decimals, a sign. */
#define NUMFMT_MAX 32

/* v in decimal ("0" .. "18446744073709551615"), 1 to 20 bytes. */
size_t numfmt_put_u64(char *dst, uint64_t v);

/* v in lowercase hexadecimal without a prefix ("0" .. "ffffffffffffffff"). */
size_t numfmt_put_hex(char *dst, uint64_t v);

/* As numfmt_fixed: scaled / 10^decimals, decimals at most 9. */
size_t numfmt_put_fixed(char *dst, uint64_t scaled, unsigned decimals);

/* As numfmt_pct: "-" when whole is 0. */
size_t numfmt_put_pct(char *dst, uint64_t part, uint64_t whole, unsigned decimals);

/* round(num * 10^k / den), halves up, by long division (num * 10^k itself
 * may pass 2^64). den 0 gives 0. */
uint64_t numfmt_div_round(uint64_t num, uint64_t den, unsigned k);

/* scaled / 10^decimals in decimal, e.g. (12345, 3) -> "12.345".
 * decimals at most 9. */
void numfmt_fixed(char *buf, size_t size, uint64_t scaled, unsigned decimals);

/* Microseconds as milliseconds with three decimals: 12345 -> "12.345". */
void numfmt_ms(char *buf, size_t size, uint64_t usec);

/* part as a percentage of whole with the given decimals ("12.3"), or "-"
 * when whole is 0. */
void numfmt_pct(char *buf, size_t size, uint64_t part, uint64_t whole, unsigned decimals);

/* The change next - base in ms, signed: "+1.234", "-0.010", "0.000". */
void numfmt_ms_change(char *buf, size_t size, uint64_t base, uint64_t next);

/* The change next - base in % of base, signed, with the given decimals
 * ("+12.5"); "" when base is 0 (no percentage of nothing). */
void numfmt_pct_change(char *buf, size_t size, uint64_t base, uint64_t next,
                       unsigned decimals);

/* A duration for people, unit included: "850 us", "274.422 ms", and from
 * one second on "13.012018 s" when exact, else "13.012 s". */
void numfmt_duration(char *buf, size_t size, uint64_t usec, int exact);

/* A time axis label: t in the unit of the axis's largest time top (s from
 * 1 s on, ms from 1 ms, else us), with the decimals the tick step needs
 * and no trailing zeros: (5750000, 250000, 13e6) -> "5.75s", 6000000 ->
 * "6s", (6500, 500, 20000) -> "6.5ms". */
void numfmt_time_label(char *buf, size_t size, uint64_t t, uint64_t step, uint64_t top);

/* A time point to a resolution (one screen column): the unit as above,
 * decimals down to the resolution, zeros kept: (6506009, 10000, 13e6) ->
 * "6.51s", (6506009, 100, 13e6) -> "6.5060s". */
void numfmt_time_at(char *buf, size_t size, uint64_t t, uint64_t resolution, uint64_t top);

#endif
