/* difftree.c: two runs' call trees merged by path (see difftree.h).
 *
 * Each run keeps its own lazy top-down tree (pathtree.h); a merged node is
 * a pair of places in them. Expanding one expands both places, sorts each
 * side's children by full name and walks the two lists together, as the
 * diff matches methods (diff.c), so a match costs no hashing and its
 * result does not depend on ids.
 */
#include "analyze/difftree.h"

#include "analyze/diff.h"
#include "base/grow.h"
#include "base/mul128.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ building */

static uint32_t difftree_new_node(struct difftree *t, uint32_t parent, uint32_t a, uint32_t b)
{
	if (t->nnodes == DIFFTREE_NONE - 1 ||
	    grow_push32((void **)&t->nodes, &t->nodes_cap, t->nnodes, sizeof *t->nodes) < 0)
		return DIFFTREE_NONE;
	uint32_t i = t->nnodes++;
	t->nodes[i] = (struct difftree_node){parent, {a, b},
	                                     parent == DIFFTREE_NONE ? 0 : t->nodes[parent].depth + 1,
	                                     0, 0, 0};
	return i;
}

/* Run r's tree over the threads of p. */
static enum tv_status difftree_build_run(struct difftree *t, int r, const struct profile *p,
                                         int clock, struct tv_error *err)
{
	uint32_t *tids = malloc(((size_t)p->nthreads + 1) * sizeof *tids);
	if (!tids)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (uint32_t i = 0; i < p->nthreads; i++)
		tids[i] = p->tr->threads[p->threads[i]].tid;
	struct trace_sel sel = {tids, p->nthreads};
	enum tv_status st = pathtree_build_set(&t->run[r], p->tr, &sel, clock, err);
	free(tids);
	return st;
}

enum tv_status difftree_build(struct difftree *t, const struct profile *a,
                              const struct profile *b, int clock, struct tv_error *err)
{
	memset(t, 0, sizeof *t);
	t->clock = clock;
	t->by = DIFFTREE_BY_B;
	enum tv_status st = difftree_build_run(t, 0, a, clock, err);
	if (st == TV_OK)
		st = difftree_build_run(t, 1, b, clock, err);
	if (st == TV_OK && difftree_new_node(t, DIFFTREE_NONE, 0, 0) == DIFFTREE_NONE)
		st = tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (st != TV_OK)
		difftree_free(t);
	return st;
}

void difftree_free(struct difftree *t)
{
	for (int r = 0; r < 2; r++)
		pathtree_free(&t->run[r]);
	free(t->nodes);
	free(t->kids);
	memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------ accessors */

const struct pathtree_node *difftree_side(const struct difftree *t, uint32_t node, int r)
{
	uint32_t s = t->nodes[node].side[r];
	return s == PATHTREE_NONE ? NULL : &t->run[r].nodes[s];
}

uint64_t difftree_incl(const struct difftree *t, uint32_t node, int r, int clock)
{
	const struct pathtree_node *n = difftree_side(t, node, r);
	return n && t->run[r].tr->has_clock[clock] ? n->incl[clock] : 0;
}

uint32_t difftree_method(const struct difftree *t, uint32_t node, int *run)
{
	int r = t->nodes[node].side[0] == PATHTREE_NONE;
	*run = r;
	return difftree_side(t, node, r)->method;
}

const struct trace *difftree_trace(const struct difftree *t, int r)
{
	return t->run[r].tr;
}

int difftree_expandable(const struct difftree *t, uint32_t node)
{
	const struct difftree_node *n = &t->nodes[node];
	for (int r = 0; r < 2; r++)
		if (n->side[r] != PATHTREE_NONE && pathtree_expandable(&t->run[r], n->side[r]))
			return 1;
	return 0;
}

const uint32_t *difftree_children(const struct difftree *t, uint32_t node, uint32_t *n)
{
	const struct difftree_node *d = &t->nodes[node];
	*n = d->expanded ? d->nkids : 0;
	return *n ? t->kids + d->kid_off : NULL;
}

/* ------------------------------------------------------------ order */

/* A node as sorted: its numbers on the clock, its change in % as a ratio
 * B / A (inf: a new path, or from 0), its name's method. */
struct difftree_rec {
	uint64_t a, b, num, den;
	int inf;
	const struct trace *tr;
	uint32_t method, node, side[2];
	enum difftree_by by;
	int ascending;
};

static struct difftree_rec difftree_rec_of(const struct difftree *t, uint32_t node,
                                           enum difftree_by by, int ascending)
{
	struct difftree_rec r = {0};
	const struct difftree_node *n = &t->nodes[node];
	int run;
	r.a = difftree_incl(t, node, 0, t->clock);
	r.b = difftree_incl(t, node, 1, t->clock);
	r.inf = n->side[0] == PATHTREE_NONE || (!r.a && r.b);
	r.num = n->side[1] == PATHTREE_NONE ? 0 : r.a ? r.b : 1;
	r.den = r.a ? r.a : 1;
	r.method = difftree_method(t, node, &run);
	r.tr = t->run[run].tr;
	r.node = node;
	memcpy(r.side, n->side, sizeof r.side);
	r.by = by;
	r.ascending = ascending;
	return r;
}

static int difftree_cmp_u64(uint64_t x, uint64_t y)
{
	return (x > y) - (x < y);
}

/* The column's order, > 0 when x comes first (larger). */
static int difftree_cmp_col(const struct difftree_rec *x, const struct difftree_rec *y)
{
	switch (x->by) {
	case DIFFTREE_BY_A: return difftree_cmp_u64(x->a, y->a);
	case DIFFTREE_BY_DELTA:
		return difftree_cmp_u64(x->a > x->b ? x->a - x->b : x->b - x->a,
		                        y->a > y->b ? y->a - y->b : y->b - y->a);
	case DIFFTREE_BY_PCT:
		if (x->inf || y->inf)
			return x->inf - y->inf;
		return mul128_cmp(x->num, y->den, y->num, x->den);
	default: return difftree_cmp_u64(x->b, y->b);
	}
}

static int difftree_rec_cmp(const void *p, const void *q)
{
	const struct difftree_rec *x = p, *y = q;
	int c = difftree_cmp_col(x, y);
	if (!c)
		c = difftree_cmp_u64(x->b, y->b);
	if (!c)
		c = difftree_cmp_u64(x->a, y->a);
	if (c)
		return x->ascending ? c : -c;
	c = diff_name_cmp(x->tr, x->method, y->tr, y->method);
	for (int r = 0; r < 2 && !c; r++)
		c = difftree_cmp_u64(x->side[r], y->side[r]);
	return c ? c : difftree_cmp_u64(x->node, y->node);
}

/* Sorts the list a[0..n) by column by, r room for n records. */
static void difftree_sort_list(const struct difftree *t, uint32_t *a, uint32_t n,
                               enum difftree_by by, int ascending, struct difftree_rec *r)
{
	for (uint32_t i = 0; i < n; i++)
		r[i] = difftree_rec_of(t, a[i], by, ascending);
	qsort(r, n, sizeof *r, difftree_rec_cmp);
	for (uint32_t i = 0; i < n; i++)
		a[i] = r[i].node;
}

enum tv_status difftree_sort_by(struct difftree *t, int clock, enum difftree_by by,
                                int ascending)
{
	uint32_t most = 1;
	for (uint32_t i = 0; i < t->nnodes; i++)
		if (t->nodes[i].expanded && t->nodes[i].nkids > most)
			most = t->nodes[i].nkids;
	struct difftree_rec *r = malloc((size_t)most * sizeof *r);
	if (!r)
		return TV_ERR_NOMEM;
	t->clock = clock;
	t->by = by;
	t->ascending = ascending;
	for (uint32_t i = 0; i < t->nnodes; i++) {
		const struct difftree_node *n = &t->nodes[i];
		if (n->expanded)
			difftree_sort_list(t, t->kids + n->kid_off, n->nkids, by, ascending, r);
	}
	free(r);
	return TV_OK;
}

uint32_t difftree_hottest(const struct difftree *t, uint32_t node)
{
	uint32_t n, best = DIFFTREE_NONE;
	const uint32_t *k = difftree_children(t, node, &n);
	struct difftree_rec bx = {0};
	for (uint32_t i = 0; i < n; i++) {
		struct difftree_rec x = difftree_rec_of(t, k[i], DIFFTREE_BY_B, 0);
		if (best == DIFFTREE_NONE || difftree_rec_cmp(&x, &bx) < 0) {
			best = k[i];
			bx = x;
		}
	}
	return best;
}

/* ------------------------------------------------------------ expanding */

/* One side's child as matched: its trace, method and node. */
struct difftree_kid {
	const struct trace *tr;
	uint32_t method, node;
};

static int difftree_kid_cmp(const void *p, const void *q)
{
	const struct difftree_kid *x = p, *y = q;
	int c = diff_name_cmp(x->tr, x->method, y->tr, y->method);
	if (c)
		return c;
	return difftree_cmp_u64(x->tr->methods[x->method].id, y->tr->methods[y->method].id);
}

/* Run r's children of its node s, by full name: *out malloc'd (n of
 * them). 0, or -1 when out of memory. */
static int difftree_side_kids(struct difftree *t, int r, uint32_t s, struct difftree_kid **out,
                              uint32_t *n)
{
	struct pathtree *pt = &t->run[r];
	const uint32_t *k = NULL;
	*n = 0;
	if (s != PATHTREE_NONE && pathtree_expandable(pt, s)) {
		if (pathtree_expand(pt, s) != TV_OK)
			return -1;
		k = pathtree_children(pt, s, n);
	}
	if (!(*out = malloc(((size_t)*n + 1) * sizeof **out)))
		return -1;
	for (uint32_t i = 0; i < *n; i++)
		(*out)[i] = (struct difftree_kid){pt->tr, pt->nodes[k[i]].method, k[i]};
	qsort(*out, *n, sizeof **out, difftree_kid_cmp);
	return 0;
}

/* The two name-sorted lists walked together: one new node per match and
 * per child of one side only, listed from t->kids[t->nkids_total]. */
static int difftree_merge(struct difftree *t, uint32_t node, const struct difftree_kid *ka,
                          uint32_t na, const struct difftree_kid *kb, uint32_t nb)
{
	uint32_t i = 0, j = 0, made = 0;
	if (grow_to((void **)&t->kids, &t->kids_cap, t->nkids_total + na + nb + 1, sizeof *t->kids) < 0)
		return -1;
	while (i < na || j < nb) {
		int c = i == na ? 1 : j == nb ? -1
		        : diff_name_cmp(ka[i].tr, ka[i].method, kb[j].tr, kb[j].method);
		uint32_t a = c <= 0 ? ka[i++].node : PATHTREE_NONE;
		uint32_t b = c >= 0 ? kb[j++].node : PATHTREE_NONE;
		uint32_t k = difftree_new_node(t, node, a, b);
		if (k == DIFFTREE_NONE)
			return -1;
		t->kids[t->nkids_total + made++] = k;
	}
	return (int)made;
}

enum tv_status difftree_expand(struct difftree *t, uint32_t node)
{
	if (t->nodes[node].expanded)
		return TV_OK;
	struct difftree_kid *ka = NULL, *kb = NULL;
	uint32_t na = 0, nb = 0, nnodes = t->nnodes;
	int made = -1;
	if (difftree_side_kids(t, 0, t->nodes[node].side[0], &ka, &na) == 0 &&
	    difftree_side_kids(t, 1, t->nodes[node].side[1], &kb, &nb) == 0)
		made = difftree_merge(t, node, ka, na, kb, nb);
	free(ka);
	free(kb);
	struct difftree_rec *r = made > 0 ? malloc((size_t)made * sizeof *r) : NULL;
	if (made > 0 && !r)
		made = -1;
	if (made > 0)
		difftree_sort_list(t, t->kids + t->nkids_total, (uint32_t)made, t->by, t->ascending, r);
	free(r);
	if (made < 0) {
		t->nnodes = nnodes;  /* the nodes of a half-made list go */
		return TV_ERR_NOMEM;
	}
	struct difftree_node *n = &t->nodes[node];
	n->kid_off = t->nkids_total;
	n->nkids = (uint32_t)made;
	n->expanded = 1;
	t->nkids_total += (size_t)made;
	return TV_OK;
}
