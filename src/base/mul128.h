/* mul128.h: products of two 64-bit numbers compared and divided exactly.
 *
 * Percent thresholds compare a × b with c × d (e.g. a change × 10^8
 * against a limit × a base), and interpolation scales a difference by a
 * share (a range's other clock), either of which can pass 2^64. The products are made
 * as 128 bits from 32-bit halves, so the answer is exact on every
 * platform without a 128-bit type. Pure arithmetic: nothing fails.
 */
#ifndef TV_MUL128_H
#define TV_MUL128_H

#include <stdint.h>

/* The sign of a × b − c × d: -1, 0 or 1. */
int mul128_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

/* ⌊a × b / c⌋ for c > 0 when it fits 64 bits (as when a <= c or b <= c:
 * a share of a difference, scaled), whatever the product. */
uint64_t mul128_muldiv(uint64_t a, uint64_t b, uint64_t c);

#endif
