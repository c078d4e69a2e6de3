/* mul128.h: products of two 64-bit numbers compared exactly.
 *
 * Percent thresholds compare a × b with c × d (e.g. a change × 10^8
 * against a limit × a base), which can pass 2^64. The products are made
 * as 128 bits from 32-bit halves, so the answer is exact on every
 * platform without a 128-bit type. Pure arithmetic: nothing fails.
 */
#ifndef TV_MUL128_H
#define TV_MUL128_H

#include <stdint.h>

/* The sign of a × b − c × d: -1, 0 or 1. */
int mul128_cmp(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

#endif
