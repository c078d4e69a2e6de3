/* treejob.c: a call tree pane's work (see treejob.h). */
#include "panes/treejob.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"

void treejob_free(void *v)
{
	struct treejob *j = v;
	if (!j)
		return;
	if (j->has_built)
		pathtree_free(&j->built);
	free(j->want);
	free(j->opened);
	tidset_free(&j->scope);
	free(j);
}

static int treejob_open(struct treejob *j, uint32_t node)
{
	if (grow_push32((void **)&j->opened, &j->cap, j->nopened, sizeof *j->opened) < 0)
		return -1;
	j->opened[j->nopened++] = node;
	return 0;
}

/* The hottest path from node down: each level's hottest child, the
 * first in the default order whatever the tree is sorted by. */
static void treejob_hot(struct treejob *j)
{
	uint32_t n = j->node;
	j->end = n;
	while (pathtree_expandable(j->t, n)) {
		if ((j->st = pathtree_expand(j->t, n)) != TV_OK || treejob_open(j, n) < 0)
			return;
		if ((n = pathtree_hottest(j->t, n)) == PATHTREE_NONE)
			return;
		j->end = n;
	}
}

/* E's first batch of roots. A pass over a big bottom-up tree's calls
 * costs much, but so does expanding every root when the cap leaves room
 * for the children of a few dozen (docs/performance.md, "Sorting the
 * call trees, and the jank list on a trace that has one"). */
#define TREEJOB_ALL_BATCH 64

/* The next batch after one of size batch, when the roots opened so far
 * (done of them) brought kids rows and room rows are left: enough for
 * the room at the rate so far, half as many again, and at least double. */
static uint32_t treejob_batch(uint32_t batch, uint64_t kids, uint32_t done, uint64_t room)
{
	uint64_t per = done ? kids / done : 0;
	uint64_t want = room / (per ? per : 1) * 3 / 2 + 1;
	uint64_t twice = (uint64_t)batch * 2;
	want = want > twice ? want : twice;
	return want > UINT32_MAX ? UINT32_MAX : (uint32_t)want;
}

/* Everything, level by level, until the rows would pass j->limit; the
 * bottom-up roots of a batch share one pass over the calls. */
static void treejob_all(struct treejob *j)
{
	struct pathtree *t = j->t;
	uint32_t nlev = t->nroots, rows = t->nroots;
	uint32_t *lev = malloc(((size_t)nlev + 1) * sizeof *lev), *next = NULL;
	if (!lev) {
		j->st = TV_ERR_NOMEM;
		return;
	}
	memcpy(lev, t->roots, (size_t)nlev * sizeof *lev);
	int lev_is_roots = 1;
	while (nlev) {
		uint32_t nexp = 0;
		for (uint32_t i = 0; i < nlev; i++)
			if (pathtree_expandable(t, lev[i]))
				lev[nexp++] = lev[i];
		if (!nexp)
			break;
		/* Nodes are expanded up to the cap, not past it: the roots in
		 * batches (pathtree_expand_all() takes bottom-up roots only, a
		 * pass over the calls per batch), deeper nodes one by one. */
		size_t nnext = 0, next_cap = 0;
		uint32_t ready = lev_is_roots ? 0 : nexp, batch = TREEJOB_ALL_BATCH;
		for (uint32_t i = 0; i < nexp; i++) {
			if (i == ready) {
				if (i)
					batch = treejob_batch(batch, rows - t->nroots, i, j->limit - rows);
				uint32_t n = nexp - i < batch ? nexp - i : batch;
				if ((j->st = pathtree_expand_all(t, lev + i, n)) != TV_OK)
					break;
				ready += n;
			}
			if (!lev_is_roots && (j->st = pathtree_expand(t, lev[i])) != TV_OK)
				break;
			uint32_t nk;
			const uint32_t *k = pathtree_children(t, lev[i], &nk);
			if (rows + (uint64_t)nk > j->limit) {
				j->capped = 1;
				break;
			}
			if (treejob_open(j, lev[i]) < 0)
				break;
			rows += nk;
			if (grow_to((void **)&next, &next_cap, nnext + nk + 1, sizeof *next) < 0)
				break;
			memcpy(next + nnext, k, (size_t)nk * sizeof *k);
			nnext += nk;
		}
		free(lev);
		lev = next;
		nlev = (uint32_t)nnext;
		next = NULL;
		lev_is_roots = 0;
		if (j->capped || j->st != TV_OK)
			break;
	}
	free(lev);
}

/* The next match anywhere in the tree; its ancestors open. */
static void treejob_find(struct treejob *j)
{
	j->st = pathtree_find(j->t, j->want, j->node, j->dir, j->include_from, &j->end, &j->wrapped);
	for (uint32_t a = j->end; j->st == TV_OK && a != PATHTREE_NONE;) {
		a = j->t->nodes[a].parent;
		if (a != PATHTREE_NONE && treejob_open(j, a) < 0)
			j->st = TV_ERR_NOMEM;
	}
}

void *treejob_run(void *arg)
{
	struct treejob *j = arg;
	struct trace_sel buf;
	const struct trace_sel *sel = tidset_sel(&j->scope, &buf);
	struct tv_error err;
	switch (j->op) {
	case TREEJOB_BUILD:
		j->st = j->inverted
		            ? pathtree_build_inverted_set(&j->built, j->tr, sel, j->clock, &err)
		            : pathtree_build_set(&j->built, j->tr, sel, j->clock, &err);
		j->has_built = j->st == TV_OK;
		/* Before the root's children are made: only the roots to sort. */
		if (j->has_built && (j->by != (int)j->built.by || j->ascending))
			j->st = pathtree_sort_by(&j->built, j->clock, (enum pathtree_by)j->by, j->ascending);
		if (j->has_built && !j->inverted && pathtree_expand(&j->built, 0) == TV_OK)
			treejob_open(j, 0);
		break;
	case TREEJOB_EXPAND:
		j->st = pathtree_expand(j->t, j->node);
		if (j->st == TV_OK)
			treejob_open(j, j->node);
		break;
	case TREEJOB_HOT: treejob_hot(j); break;
	case TREEJOB_ALL: treejob_all(j); break;
	case TREEJOB_SORT:
		j->st = pathtree_sort_by(j->t, j->clock, (enum pathtree_by)j->by, j->ascending);
		break;
	case TREEJOB_FIND: treejob_find(j); break;
	}
	return j;
}

struct treejob *treejob_new(enum treejob_op op)
{
	struct treejob *j = calloc(1, sizeof *j);
	if (j)
		j->op = op;
	return j;
}
