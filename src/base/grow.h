/* grow.h: the one way an array grows (doubling, overflow checked).
 *
 * *arr is realloc()ed to hold at least need elements of elem bytes; *cap
 * counts elements. On failure (out of memory, or a size that overflows
 * size_t or the cap's type) the array and *cap are unchanged and -1 is
 * returned; the caller still owns *arr either way.
 */
#ifndef TV_GROW_H
#define TV_GROW_H

#include <stddef.h>
#include <stdint.h>

int grow_to(void **arr, size_t *cap, size_t need, size_t elem);

/* The same for a cap kept in 32 bits (the model's per-thread arrays). */
int grow_to32(void **arr, uint32_t *cap, uint32_t need, size_t elem);

/* grow_to32, then zero the new tail: for arrays read before written. */
int grow_to32_zeroed(void **arr, uint32_t *cap, uint32_t need, size_t elem);

/* Exactly n elements (n > *cap), for arrays that pick their own steps;
 * the _zeroed form zeroes the new tail. Same failure rules. */
int grow_exact32(void **arr, uint32_t *cap, uint32_t n, size_t elem);
int grow_exact32_zeroed(void **arr, uint32_t *cap, uint32_t n, size_t elem);

/* Room for one more element at index n (the common push). */
static inline int grow_push(void **arr, size_t *cap, size_t n, size_t elem)
{
	return n < *cap ? 0 : grow_to(arr, cap, n + 1, elem);
}

static inline int grow_push32(void **arr, uint32_t *cap, uint32_t n, size_t elem)
{
	return n < *cap ? 0 : grow_to32(arr, cap, n == UINT32_MAX ? n : n + 1, elem);
}

#endif
