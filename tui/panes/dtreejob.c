/* dtreejob.c: the diff tree pane's work (see dtreejob.h). */
#include "panes/dtreejob.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"

void dtreejob_free(void *v)
{
	struct dtreejob *j = v;
	if (!j)
		return;
	if (j->has_built)
		difftree_free(&j->built);
	free(j->opened);
	free(j->open);
	free(j->rows);
	free(j->nums);
	free(j);
}

static int dtreejob_open(struct dtreejob *j, uint32_t node)
{
	if (grow_push32((void **)&j->opened, &j->cap, j->nopened, sizeof *j->opened) < 0)
		return -1;
	j->opened[j->nopened++] = node;
	return 0;
}

/* Opens node: its children made, and listed open. */
static int dtreejob_expand(struct dtreejob *j, uint32_t node)
{
	if ((j->st = difftree_expand(j->t, node)) != TV_OK)
		return -1;
	if (dtreejob_open(j, node) < 0) {
		j->st = TV_ERR_NOMEM;
		return -1;
	}
	return 0;
}

/* The hottest path from node down: each level's first child in the
 * default order (B's incl, then A's), whatever the sort. */
static void dtreejob_hot(struct dtreejob *j)
{
	uint32_t n = j->node;
	j->end = n;
	while (difftree_expandable(j->t, n) && dtreejob_expand(j, n) == 0) {
		if ((n = difftree_hottest(j->t, n)) == DIFFTREE_NONE)
			return;
		j->end = n;
	}
}

/* Level by level from the root until the rows would pass j->limit. */
static void dtreejob_all(struct dtreejob *j)
{
	uint32_t *lev = malloc(sizeof *lev), *next = NULL;
	size_t nlev = 1, rows = 1;
	if (!lev) {
		j->st = TV_ERR_NOMEM;
		return;
	}
	lev[0] = 0;
	while (nlev && !j->capped && j->st == TV_OK) {
		size_t nnext = 0, cap = 0;
		for (size_t i = 0; i < nlev; i++) {
			uint32_t nk;
			if (!difftree_expandable(j->t, lev[i]))
				continue;
			if (difftree_expand(j->t, lev[i]) != TV_OK) {
				j->st = TV_ERR_NOMEM;
				break;
			}
			const uint32_t *k = difftree_children(j->t, lev[i], &nk);
			if (rows + nk > j->limit) {
				j->capped = 1;
				break;
			}
			if (dtreejob_open(j, lev[i]) < 0 ||
			    grow_to((void **)&next, &cap, nnext + nk + 1, sizeof *next) < 0) {
				j->st = TV_ERR_NOMEM;
				break;
			}
			for (uint32_t c = 0; c < nk; c++)
				next[nnext++] = k[c];
			rows += nk;
		}
		free(lev);
		lev = next;
		nlev = nnext;
		next = NULL;
	}
	free(lev);
}

/* ------------------------------------------------------------ rows */

static const uint32_t *dtreejob_children(const void *t, uint32_t node, uint32_t *n)
{
	return difftree_children(t, node, n);
}

static int dtreejob_expandable(const void *t, uint32_t node)
{
	return difftree_expandable(t, node);
}

static int dtreejob_expanded(const void *t, uint32_t node)
{
	return ((const struct difftree *)t)->nodes[node].expanded;
}

static uint32_t dtreejob_method(const void *t, uint32_t node)
{
	int run;
	return difftree_method(t, node, &run);
}

/* Row i's numbers from the tree. */
static void dtreejob_copy_nums(const struct difftree *t, uint32_t node, struct dtreejob_nums *n)
{
	memset(n, 0, sizeof *n);
	for (int r = 0; r < 2; r++) {
		const struct pathtree_node *s = difftree_side(t, node, r);
		if (!s)
			continue;
		n->has[r] = 1;
		n->method[r] = s->method;
		n->calls[r] = s->calls;
		for (int c = 0; c < TV_NCLOCKS; c++)
			n->incl[r][c] = difftree_incl(t, node, r, c);
	}
}

/* The open marks grown to t's nodes with the opened ones set, then the
 * rows they show; none (and st TV_ERR_NOMEM) when out of memory. */
static void dtreejob_rows(struct dtreejob *j, const struct difftree *t)
{
	uint32_t root = 0;
	j->nrows = 0;
	if (grow_to32_zeroed((void **)&j->open, &j->open_cap, t->nnodes, 1) < 0) {
		j->st = TV_ERR_NOMEM;
		return;
	}
	for (uint32_t i = 0; i < j->nopened; i++)
		j->open[j->opened[i]] = 1;
	struct treepane_src src = {t, dtreejob_children, dtreejob_expandable, dtreejob_expanded,
	                           dtreejob_method, j->open, j->open_cap};
	treepane_flatten(&src, &root, 1, &j->rows, &j->nrows, &j->rows_cap);
	if (grow_to32((void **)&j->nums, &j->nums_cap, j->nrows + 1, sizeof *j->nums) < 0) {
		j->nrows = 0;
		j->st = TV_ERR_NOMEM;
		return;
	}
	for (uint32_t i = 0; i < j->nrows; i++)
		dtreejob_copy_nums(t, j->rows[i].node, &j->nums[i]);
	j->laid = 1;
}

/* ------------------------------------------------------------ run */

void *dtreejob_run(void *arg)
{
	struct dtreejob *j = arg;
	struct tv_error err;
	switch (j->op) {
	case DTREEJOB_BUILD:
		j->st = difftree_build(&j->built, j->run[0], j->run[1], j->clock, &err);
		j->has_built = j->st == TV_OK;
		if (j->has_built && (j->by != (int)DIFFTREE_BY_B || j->ascending))
			j->st = difftree_sort_by(&j->built, j->clock, (enum difftree_by)j->by, j->ascending);
		j->t = &j->built;
		if (j->has_built) {  /* the old marks were of another tree */
			if (j->open)
				memset(j->open, 0, j->open_cap);
			dtreejob_expand(j, 0);  /* one row is no tree */
			dtreejob_rows(j, &j->built);
		}
		j->t = NULL;
		return j;
	case DTREEJOB_EXPAND: dtreejob_expand(j, j->node); break;
	case DTREEJOB_HOT: dtreejob_hot(j); break;
	case DTREEJOB_ALL: dtreejob_all(j); break;
	case DTREEJOB_SORT:
		j->st = difftree_sort_by(j->t, j->clock, (enum difftree_by)j->by, j->ascending);
		break;
	case DTREEJOB_ROWS: break;
	}
	dtreejob_rows(j, j->t);
	return j;
}

struct dtreejob *dtreejob_new(enum dtreejob_op op)
{
	struct dtreejob *j = calloc(1, sizeof *j);
	if (j)
		j->op = op;
	return j;
}
