/* idxtab.h: a hash table of indices into the caller's own records, each
 * found by a key the record holds.
 *
 * idmap.h's sibling for big sets: a slot holds only a record's index (4
 * bytes, where idmap.h's copy of the key makes 16), and the key is read
 * back from the record through key_of(ctx, index). Linear probing, at most
 * 3/4 full, keys hashed by multiplication (so dense numbers and packed
 * pairs both spread).
 *
 * Use: idxtab_get_or_put() with the index the caller's next record would
 * take. When the key is new, that index is stored (*added set) and the
 * caller must make that record, holding that key, before it calls again:
 * grow the record array first, so that nothing can fail in between.
 *
 * Ownership: the table owns its slots (idxtab_free()). Failure: out of
 * memory only (IDXTAB_NONE, the table unchanged).
 */
#ifndef TV_IDXTAB_H
#define TV_IDXTAB_H

#include <stdint.h>

#define IDXTAB_NONE UINT32_MAX

typedef uint64_t (*idxtab_key_fn)(const void *ctx, uint32_t index);

struct idxtab {
	uint32_t *slots;   /* IDXTAB_NONE marks an empty slot */
	uint32_t mask;     /* slots - 1 (a power of two), when slots is set */
	uint32_t count;
};

void idxtab_init(struct idxtab *t);
void idxtab_free(struct idxtab *t);

/* Doubles the table (64 slots at first), placing every index again; -1
 * when out of memory. For idxtab_get_or_put(). */
int idxtab_grow(struct idxtab *t, idxtab_key_fn key_of, const void *ctx);

static inline uint32_t idxtab_hash(uint64_t key)
{
	key *= UINT64_C(0x9E3779B97F4A7C15);
	return (uint32_t)(key >> 32);
}

/* The slot holding key's index, or the empty one where it would go (the
 * table has slots). */
static inline uint32_t *idxtab_slot(const struct idxtab *t, uint64_t key, idxtab_key_fn key_of,
                                    const void *ctx)
{
	for (uint32_t i = idxtab_hash(key) & t->mask;; i = (i + 1) & t->mask) {
		uint32_t n = t->slots[i];
		if (n == IDXTAB_NONE || key_of(ctx, n) == key)
			return &t->slots[i];
	}
}

/* The index stored for key, or IDXTAB_NONE. */
static inline uint32_t idxtab_find(const struct idxtab *t, uint64_t key, idxtab_key_fn key_of,
                                   const void *ctx)
{
	return t->slots ? *idxtab_slot(t, key, key_of, ctx) : IDXTAB_NONE;
}

/* The index stored for key; when there is none, index_if_new is stored
 * and returned (*added 1; see above). IDXTAB_NONE when out of memory. */
static inline uint32_t idxtab_get_or_put(struct idxtab *t, uint64_t key, uint32_t index_if_new,
                                         idxtab_key_fn key_of, const void *ctx, int *added)
{
	*added = 0;
	if (t->slots) {
		uint32_t n = *idxtab_slot(t, key, key_of, ctx);
		if (n != IDXTAB_NONE)
			return n;
	}
	if ((!t->slots || (uint64_t)(t->count + 1) * 4 > (uint64_t)(t->mask + 1) * 3) &&
	    idxtab_grow(t, key_of, ctx) < 0)
		return IDXTAB_NONE;
	*idxtab_slot(t, key, key_of, ctx) = index_if_new;
	t->count++;
	*added = 1;
	return index_if_new;
}

#endif
