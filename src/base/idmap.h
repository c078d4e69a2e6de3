/* idmap.h: open-addressing hash map from a 64-bit key to a 32-bit value.
 *
 * Used for method ids, thread ids and (parent, child) edges. The map owns
 * its table; idmap_free() releases it. Lookups never allocate.
 */
#ifndef TV_IDMAP_H
#define TV_IDMAP_H

#include <stddef.h>
#include <stdint.h>

#define IDMAP_NONE UINT32_MAX

struct idmap_slot {
	uint64_t key;
	uint32_t val;      /* IDMAP_NONE marks an empty slot */
};

struct idmap {
	struct idmap_slot *slots;
	size_t mask;       /* capacity - 1 (capacity is a power of two) */
	size_t count;
};

void idmap_init(struct idmap *m);
void idmap_free(struct idmap *m);

/* Value for key, or IDMAP_NONE. */
uint32_t idmap_get(const struct idmap *m, uint64_t key);

/* Set key to val (val != IDMAP_NONE). Returns 0, or -1 when out of memory. */
int idmap_put(struct idmap *m, uint64_t key, uint32_t val);

/* Value for key; when absent, store *val_if_new and return it. Sets *added.
 * Returns IDMAP_NONE when out of memory. */
uint32_t idmap_get_or_put(struct idmap *m, uint64_t key, uint32_t val_if_new, int *added);

#endif
