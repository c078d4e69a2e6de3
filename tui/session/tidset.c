/* tidset.c: a thread scope of one's own (see tidset.h). */
#include "session/tidset.h"

#include <stdlib.h>
#include <string.h>

static int tidset_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

int tidset_make(struct tidset *s, const uint32_t *tids, uint32_t n)
{
	uint32_t *own = NULL, k = 0;
	if (n) {
		if (!(own = malloc(n * sizeof *own)))
			return -1;
		memcpy(own, tids, n * sizeof *own);
		qsort(own, n, sizeof *own, tidset_cmp);
		for (uint32_t i = 0; i < n; i++)
			if (!i || own[i] != own[k - 1])
				own[k++] = own[i];
	}
	free(s->tids);
	s->tids = own;
	s->n = k;
	return 0;
}

int tidset_copy(struct tidset *s, const struct trace_sel *sel)
{
	return tidset_make(s, sel ? sel->tids : NULL, sel ? sel->n : 0);
}

int tidset_same(const struct tidset *s, const struct trace_sel *sel)
{
	uint32_t n = sel ? sel->n : 0;
	return s->n == n && (!n || memcmp(s->tids, sel->tids, n * sizeof *s->tids) == 0);
}

void tidset_free(struct tidset *s)
{
	free(s->tids);
	s->tids = NULL;
	s->n = 0;
}
