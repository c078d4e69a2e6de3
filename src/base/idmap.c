/* idmap.c: linear-probing hash map, u64 -> u32.
 *
 * Key and value share a slot, so a probe touches one cache line: the maps
 * the loader probes per record (edges, large ids) outgrow the caches. */
#include "base/idmap.h"

#include <stdlib.h>

/* Multiplicative hashing, folded: keys are often (a << 32 | b) pairs or
 * small multiples of 4, whose low bits alone cluster. */
static size_t idmap_hash(uint64_t k)
{
	k *= 0x9E3779B97F4A7C15ULL;
	return (size_t)(k ^ k >> 32);
}

void idmap_init(struct idmap *m)
{
	m->slots = NULL;
	m->mask = 0;
	m->count = 0;
}

void idmap_free(struct idmap *m)
{
	free(m->slots);
	idmap_init(m);
}

uint32_t idmap_get(const struct idmap *m, uint64_t key)
{
	if (!m->slots)
		return IDMAP_NONE;
	for (size_t i = idmap_hash(key) & m->mask;; i = (i + 1) & m->mask) {
		if (m->slots[i].val == IDMAP_NONE)
			return IDMAP_NONE;
		if (m->slots[i].key == key)
			return m->slots[i].val;
	}
}

static int idmap_grow(struct idmap *m)
{
	size_t cap = m->slots ? (m->mask + 1) * 2 : 64;
	if (cap > SIZE_MAX / sizeof *m->slots)
		return -1;
	struct idmap_slot *slots = malloc(cap * sizeof *slots);
	if (!slots)
		return -1;
	for (size_t i = 0; i < cap; i++)
		slots[i].val = IDMAP_NONE;
	size_t mask = cap - 1;
	if (m->slots) {
		for (size_t i = 0; i <= m->mask; i++) {
			if (m->slots[i].val == IDMAP_NONE)
				continue;
			size_t j = idmap_hash(m->slots[i].key) & mask;
			while (slots[j].val != IDMAP_NONE)
				j = (j + 1) & mask;
			slots[j] = m->slots[i];
		}
	}
	free(m->slots);
	m->slots = slots;
	m->mask = mask;
	return 0;
}

uint32_t idmap_get_or_put(struct idmap *m, uint64_t key, uint32_t val_if_new, int *added)
{
	*added = 0;
	if (!m->slots || (m->count + 1) * 4 > (m->mask + 1) * 3) {
		if (idmap_grow(m) < 0)
			return IDMAP_NONE;
	}
	size_t i = idmap_hash(key) & m->mask;
	while (m->slots[i].val != IDMAP_NONE) {
		if (m->slots[i].key == key)
			return m->slots[i].val;
		i = (i + 1) & m->mask;
	}
	m->slots[i].key = key;
	m->slots[i].val = val_if_new;
	m->count++;
	*added = 1;
	return val_if_new;
}

int idmap_put(struct idmap *m, uint64_t key, uint32_t val)
{
	int added;
	uint32_t v = idmap_get_or_put(m, key, val, &added);
	if (v == IDMAP_NONE)
		return -1;
	if (!added) {
		size_t i = idmap_hash(key) & m->mask;
		while (m->slots[i].key != key || m->slots[i].val == IDMAP_NONE)
			i = (i + 1) & m->mask;
		m->slots[i].val = val;
	}
	return 0;
}
