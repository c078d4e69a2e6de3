/* idmap.c: linear-probing hash map, u64 -> u32. */
#include "idmap.h"

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
	m->keys = NULL;
	m->vals = NULL;
	m->mask = 0;
	m->count = 0;
}

void idmap_free(struct idmap *m)
{
	free(m->keys);
	free(m->vals);
	idmap_init(m);
}

uint32_t idmap_get(const struct idmap *m, uint64_t key)
{
	if (!m->vals)
		return IDMAP_NONE;
	for (size_t i = idmap_hash(key) & m->mask;; i = (i + 1) & m->mask) {
		if (m->vals[i] == IDMAP_NONE)
			return IDMAP_NONE;
		if (m->keys[i] == key)
			return m->vals[i];
	}
}

static int idmap_grow(struct idmap *m)
{
	size_t cap = m->vals ? (m->mask + 1) * 2 : 64;
	uint64_t *keys = malloc(cap * sizeof *keys);
	uint32_t *vals = malloc(cap * sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return -1;
	}
	for (size_t i = 0; i < cap; i++)
		vals[i] = IDMAP_NONE;
	size_t mask = cap - 1;
	if (m->vals) {
		for (size_t i = 0; i <= m->mask; i++) {
			if (m->vals[i] == IDMAP_NONE)
				continue;
			size_t j = idmap_hash(m->keys[i]) & mask;
			while (vals[j] != IDMAP_NONE)
				j = (j + 1) & mask;
			keys[j] = m->keys[i];
			vals[j] = m->vals[i];
		}
	}
	free(m->keys);
	free(m->vals);
	m->keys = keys;
	m->vals = vals;
	m->mask = mask;
	return 0;
}

uint32_t idmap_get_or_put(struct idmap *m, uint64_t key, uint32_t val_if_new, int *added)
{
	*added = 0;
	if (!m->vals || (m->count + 1) * 4 > (m->mask + 1) * 3) {
		if (idmap_grow(m) < 0)
			return IDMAP_NONE;
	}
	size_t i = idmap_hash(key) & m->mask;
	while (m->vals[i] != IDMAP_NONE) {
		if (m->keys[i] == key)
			return m->vals[i];
		i = (i + 1) & m->mask;
	}
	m->keys[i] = key;
	m->vals[i] = val_if_new;
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
		while (m->keys[i] != key || m->vals[i] == IDMAP_NONE)
			i = (i + 1) & m->mask;
		m->vals[i] = val;
	}
	return 0;
}
