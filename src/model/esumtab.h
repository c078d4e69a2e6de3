/* esumtab.h: a set of edge sums (trace.h, struct tv_esumset) being made,
 * with the map from a (caller, callee) pair to its sum.
 *
 * The replays add each call to its edge's sum as it closes; this is where
 * a pair finds its sum, made when new, and where a sum makes the cells of
 * recursive calls when one first needs them.
 *
 * Ownership: the table owns its set until esumtab_take() hands the set on
 * (the map is freed then); esumtab_free() releases what it still holds.
 * Failure: out of memory only (IDMAP_NONE or NULL).
 */
#ifndef TV_ESUMTAB_H
#define TV_ESUMTAB_H

#include <stdint.h>

#include "base/idmap.h"
#include "model/trace.h"

struct esumtab {
	struct tv_esumset set;
	struct idmap ids;             /* from << 32 | to -> set index */
};

void esumtab_init(struct esumtab *t);
void esumtab_free(struct esumtab *t);

/* Index of the (from, to) sum, made (empty) when new; IDMAP_NONE when out
 * of memory, after which the table must not be used again. */
uint32_t esumtab_edge(struct esumtab *t, uint32_t from, uint32_t to);

/* Index of the (from, to) sum, or IDMAP_NONE when there is none. */
uint32_t esumtab_find(const struct esumtab *t, uint32_t from, uint32_t to);

/* Cell k (0..3) of sum e, made when new; NULL when out of memory. */
struct tv_ecell *esumtab_cell_slow(struct esumtab *t, uint32_t e, unsigned k);

static inline struct tv_ecell *esumtab_cell(struct esumtab *t, uint32_t e, unsigned k)
{
	return k == 0 ? &t->set.esums[e].plain : esumtab_cell_slow(t, e, k);
}

/* Adds one call of the given incl per slot to cell c (a slot a trace
 * lacks is 0 in every call). */
static inline void esumtab_add(struct tv_ecell *c, const uint64_t incl[TV_NCLOCKS])
{
	c->calls++;
	c->incl[0] += incl[0];
	c->incl[1] += incl[1];
}

/* Sums 0..e exist, the new ones empty (esumtab_edge() makes each new sum
 * so). For a table whose pairs are numbered elsewhere (sumname.h), its
 * map never used, this is how sums are made; their ends come last, with
 * esumtab_set_ends(). 0, or -1 when out of memory. */
int esumtab_room(struct esumtab *t, uint32_t e);

/* Gives such a table the ends of its sums (n of them, by number; the
 * table takes ends, malloc'd). -1, ends freed, when out of memory or when
 * n is not the table's count of sums. */
int esumtab_set_ends(struct esumtab *t, struct tv_eend *ends, uint32_t n);

/* Frees the map alone: the set and its cells stay, but no pair finds its
 * sum again (esumtab_edge() and esumtab_find() must not be called). */
void esumtab_drop_map(struct esumtab *t);

/* Moves the set into *to (emptied first by the caller) and frees the map. */
void esumtab_take(struct esumtab *t, struct tv_esumset *to);

#endif
