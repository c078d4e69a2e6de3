/* idxtab.c: a hash table of record indices (see idxtab.h). */
#include "base/idxtab.h"

#include <stdlib.h>
#include <string.h>

void idxtab_init(struct idxtab *t)
{
	t->slots = NULL;
	t->mask = 0;
	t->count = 0;
}

void idxtab_free(struct idxtab *t)
{
	free(t->slots);
	idxtab_init(t);
}

int idxtab_grow(struct idxtab *t, idxtab_key_fn key_of, const void *ctx)
{
	uint32_t n = t->slots ? (t->mask + 1) * 2 : 64, old_n = t->slots ? t->mask + 1 : 0;
	uint32_t *old = t->slots;
	if (n == 0 || !(t->slots = malloc((size_t)n * sizeof *t->slots))) {
		t->slots = old;
		return -1;
	}
	memset(t->slots, 0xff, (size_t)n * sizeof *t->slots);   /* IDXTAB_NONE */
	t->mask = n - 1;
	for (uint32_t i = 0; i < old_n; i++)
		if (old[i] != IDXTAB_NONE)
			*idxtab_slot(t, key_of(ctx, old[i]), key_of, ctx) = old[i];
	free(old);
	return 0;
}
