/* esumtab.c: edge sums being made (see esumtab.h). */
#include "model/esumtab.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"

void esumtab_init(struct esumtab *t)
{
	memset(&t->set, 0, sizeof t->set);
	idmap_init(&t->ids);
}

void esumtab_free(struct esumtab *t)
{
	trace_esums_free(&t->set);
	idmap_free(&t->ids);
}

int esumtab_room(struct esumtab *t, uint32_t e)
{
	struct tv_esumset *s = &t->set;
	if (e < s->n)
		return 0;
	if (e == UINT32_MAX || grow_to32((void **)&s->esums, &s->cap, e + 1, sizeof *s->esums) < 0)
		return -1;
	for (; s->n <= e; s->n++) {
		memset(&s->esums[s->n], 0, sizeof s->esums[s->n]);
		s->esums[s->n].rec = TV_NO_EREC;
	}
	return 0;
}

uint32_t esumtab_edge(struct esumtab *t, uint32_t from, uint32_t to)
{
	struct tv_esumset *s = &t->set;
	int added;
	uint32_t e = idmap_get_or_put(&t->ids, (uint64_t)from << 32 | to, s->n, &added);
	if (e == IDMAP_NONE || !added)
		return e;
	uint32_t cap = s->cap;  /* the ends grow in the sums' steps: one cap */
	if (grow_push32((void **)&s->eends, &cap, s->n, sizeof *s->eends) < 0 ||
	    esumtab_room(t, e) < 0)
		return IDMAP_NONE;  /* the map now names a missing sum: fatal */
	s->eends[e] = (struct tv_eend){from, to};
	return e;
}

int esumtab_set_ends(struct esumtab *t, struct tv_eend *ends, uint32_t n)
{
	struct tv_esumset *s = &t->set;
	/* the ends take the sums' room: the set grows as one */
	struct tv_eend *e = s->cap ? realloc(ends, (size_t)s->cap * sizeof *e) : ends;
	if (!e || n != s->n) {
		free(e ? e : ends);
		return -1;
	}
	free(s->eends);
	s->eends = e;
	return 0;
}

uint32_t esumtab_find(const struct esumtab *t, uint32_t from, uint32_t to)
{
	return idmap_get(&t->ids, (uint64_t)from << 32 | to);
}

struct tv_ecell *esumtab_cell_slow(struct esumtab *t, uint32_t e, unsigned k)
{
	struct tv_esumset *s = &t->set;
	struct tv_esum *es = &s->esums[e];
	if (es->rec == TV_NO_EREC) {
		if (grow_push32((void **)&s->erecs, &s->recs_cap, s->nrecs, sizeof *s->erecs) < 0)
			return NULL;
		memset(&s->erecs[s->nrecs], 0, sizeof *s->erecs);
		es->rec = s->nrecs++;
	}
	return &s->erecs[es->rec].cell[k - 1];
}

void esumtab_drop_map(struct esumtab *t)
{
	idmap_free(&t->ids);
}

void esumtab_take(struct esumtab *t, struct tv_esumset *to)
{
	*to = t->set;
	memset(&t->set, 0, sizeof t->set);
	idmap_free(&t->ids);
}
