/* grow.c: array growth (see grow.h). */
#include "base/grow.h"

#include <stdlib.h>
#include <string.h>

/* Smallest capacity worth a realloc: small arrays would otherwise
 * reallocate on each of their first pushes. */
#define GROW_MIN 16

int grow_to(void **arr, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	if (elem == 0)
		return -1;
	size_t max = SIZE_MAX / elem;
	if (need > max)
		return -1;
	size_t ncap = *cap > GROW_MIN ? *cap : GROW_MIN;
	while (ncap < need)
		ncap = ncap > max / 2 ? max : ncap * 2;
	void *n = realloc(*arr, ncap * elem);
	if (!n)
		return -1;
	*arr = n;
	*cap = ncap;
	return 0;
}

int grow_to32(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap;
	if (grow_to(arr, &c, need, elem) < 0)
		return -1;
	*cap = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
	return 0;
}

int grow_to32_zeroed(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
	uint32_t old = *cap;
	if (grow_to32(arr, cap, need, elem) < 0)
		return -1;
	if (*cap > old)
		memset((char *)*arr + (size_t)old * elem, 0, (size_t)(*cap - old) * elem);
	return 0;
}

int grow_exact32(void **arr, uint32_t *cap, uint32_t n, size_t elem)
{
	if (n <= *cap)
		return 0;
	if (elem == 0 || n > SIZE_MAX / elem)
		return -1;
	void *p = realloc(*arr, (size_t)n * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = n;
	return 0;
}

int grow_exact32_zeroed(void **arr, uint32_t *cap, uint32_t n, size_t elem)
{
	uint32_t old = *cap;
	if (grow_exact32(arr, cap, n, elem) < 0)
		return -1;
	if (*cap > old)
		memset((char *)*arr + (size_t)old * elem, 0, (size_t)(*cap - old) * elem);
	return 0;
}
