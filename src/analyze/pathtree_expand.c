/* pathtree_expand.c: a call tree's children, made when a node is first
 * expanded (pathtree.h; the layout of runs and entries in
 * pathtree_internal.h).
 */
#include "analyze/pathtree.h"

#include "analyze/pathtree_internal.h"
#include "base/grow.h"
#include "base/idmap.h"
#include "model/callwalk.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ groups */

struct pathtree_group {                /* children being made */
	struct idmap slot;                 /* method -> group index */
	uint32_t *method;
	size_t *count, *start;
	uint32_t n, cap;
};

/* The group of method m, made when new; IDMAP_NONE when out of memory. */
static uint32_t pathtree_group_of(struct pathtree_group *g, uint32_t m)
{
	int added;
	uint32_t s = idmap_get_or_put(&g->slot, m, g->n, &added);
	if (s == IDMAP_NONE || !added)
		return s;
	/* three parallel arrays: count and start follow method's capacity */
	uint32_t cap = g->cap, ccap = g->cap, scap = g->cap;
	if (grow_to32((void **)&g->method, &cap, g->n + 1, sizeof *g->method) < 0 ||
	    grow_exact32((void **)&g->count, &ccap, cap, sizeof *g->count) < 0 ||
	    grow_exact32((void **)&g->start, &scap, cap, sizeof *g->start) < 0)
		return IDMAP_NONE;
	g->cap = cap;
	g->method[g->n] = m;
	g->count[g->n++] = 0;
	return s;
}

static void pathtree_group_free(struct pathtree_group *g)
{
	idmap_free(&g->slot);
	free(g->method);
	free(g->count);
	free(g->start);
}

/* Appends node's new children (made from nnodes on) to the child pool,
 * sorted, and marks node expanded. */
static int pathtree_adopt(struct pathtree *t, uint32_t node, uint32_t first, uint32_t n)
{
	if (grow_to((void **)&t->kids, &t->kids_cap, t->nkids_total + n, sizeof *t->kids) < 0)
		return -1;
	uint32_t *tmp = NULL;              /* merge sort scratch (short lists need none) */
	if (n >= 12 && !(tmp = malloc((size_t)n * sizeof *tmp)))
		return -1;
	uint32_t *k = t->kids + t->nkids_total;
	for (uint32_t i = 0; i < n; i++)
		k[i] = first + i;
	pathtree_msort(t, k, tmp, n);
	free(tmp);
	struct pathtree_node *x = &t->nodes[node];
	x->kid_off = t->nkids_total;
	x->nkids = n;
	x->expanded = 1;
	t->nkids_total += n;
	return 0;
}

/* ------------------------------------------------------------ top-down */

/* Sums a new node's run: calls, incl, excl (incl less the children's
 * incl) and the calls without children. */
static void pathtree_td_numbers(struct pathtree *t, uint32_t node, struct pathtree_span *sp)
{
	const struct trace *tr = t->tr;
	struct pathtree_node *n = &t->nodes[node];
	for (size_t i = sp->lo; i < sp->hi; i++) {
		const struct pathtree_call *e = &t->lazy->pool[i];
		const struct tv_thread *th = &tr->threads[t->threads[e->thread]];
		const uint32_t *end = t->lazy->end[e->thread];
		uint32_t first, limit;
		pathtree_kid_range(th, end, e->call, &first, &limit);
		sp->ends += first == limit;
		n->calls++;
		for (int c = 0; c < TV_NCLOCKS; c++) {
			if (!tr->has_clock[c])
				continue;
			uint64_t incl = trace_call_incl(th, c, e->call), kids = 0;
			for (uint32_t k = first; k < limit; k = end[k])
				kids += trace_call_incl(th, c, k);
			n->incl[c] += incl;
			n->excl[c] += incl - kids;
		}
	}
}

/* Groups the children of the run's calls by method: g's counts, and
 * their sum in *total. 0, or -1 when out of memory. */
static int pathtree_td_count(struct pathtree *t, const struct pathtree_span *sp,
                             struct pathtree_group *g, size_t *total)
{
	const struct trace *tr = t->tr;
	const struct pathtree_lazy *lz = t->lazy;
	for (size_t i = sp->lo; i < sp->hi; i++) {
		struct pathtree_call e = lz->pool[i];
		const struct tv_thread *th = &tr->threads[t->threads[e.thread]];
		uint32_t first, limit;
		pathtree_kid_range(th, lz->end[e.thread], e.call, &first, &limit);
		for (uint32_t k = first; k < limit; k = lz->end[e.thread][k], ++*total) {
			uint32_t s = pathtree_group_of(g, th->method[k]);
			if (s == IDMAP_NONE)
				return -1;
			g->count[s]++;
		}
	}
	return 0;
}

/* Appends the children of the run's calls to the pool (which has room),
 * group after group. */
static void pathtree_td_place(struct pathtree *t, const struct pathtree_span *sp,
                              struct pathtree_group *g)
{
	const struct trace *tr = t->tr;
	struct pathtree_lazy *lz = t->lazy;
	size_t at = lz->npool;
	for (uint32_t s = 0; s < g->n; s++) {
		g->start[s] = at;
		at += g->count[s];
	}
	for (size_t i = sp->lo; i < sp->hi; i++) {
		struct pathtree_call e = lz->pool[i];
		const struct tv_thread *th = &tr->threads[t->threads[e.thread]];
		uint32_t first, limit;
		pathtree_kid_range(th, lz->end[e.thread], e.call, &first, &limit);
		for (uint32_t k = first; k < limit; k = lz->end[e.thread][k]) {
			uint32_t s = idmap_get(&g->slot, th->method[k]);
			lz->pool[g->start[s]++] = (struct pathtree_call){e.thread, k};
		}
	}
}

/* Expands a top-down node: the children of its calls, grouped by method,
 * appended to the pool, one node per group. On failure the tree is as
 * before. */
static enum tv_status pathtree_td_expand(struct pathtree *t, uint32_t node)
{
	struct pathtree_lazy *lz = t->lazy;
	struct pathtree_span sp = lz->span[node];
	struct pathtree_group g = {.n = 0};
	idmap_init(&g.slot);
	uint32_t nnodes = t->nnodes;
	size_t total = 0;
	int rc = pathtree_td_count(t, &sp, &g, &total);
	if (rc == 0 && grow_to((void **)&lz->pool, &lz->pool_cap, lz->npool + total,
	                       sizeof *lz->pool) < 0)
		rc = -1;
	if (rc == 0)
		pathtree_td_place(t, &sp, &g);
	size_t at = 0;
	for (uint32_t s = 0; rc == 0 && s < g.n; s++) {
		uint32_t k = pathtree_new_node(t, node, g.method[s]);
		if (k == PATHTREE_NONE || pathtree_span_room(t, t->nnodes) < 0) {
			rc = -1;
			break;
		}
		struct pathtree_span ks = {0, lz->npool + at, lz->npool + at + g.count[s], 0};
		pathtree_td_numbers(t, k, &ks);
		lz->span[k] = ks;
		at += g.count[s];
	}
	if (rc == 0)
		rc = pathtree_adopt(t, node, nnodes, g.n);
	if (rc == 0)
		lz->npool += total;
	else
		t->nnodes = nnodes;
	pathtree_group_free(&g);
	return rc == 0 ? TV_OK : TV_ERR_NOMEM;
}

/* ------------------------------------------------------------ bottom-up */

/* The children of the roots pathtree_expand_all() expands, found while
 * their calls are gathered: one group per (root, method of the parent
 * call), in the order first seen, with the child node's numbers summed
 * on the way. Grouping in the walk, where the parent frame is at hand,
 * spares the per-call random reads of the call arrays that expanding
 * each root on its own would make (docs/performance.md, "Sorting the call
 * trees, and the jank list on a trace that has one"). */
struct pathtree_rgroup {
	uint32_t root, method;
	size_t count, ends, pos;           /* pos: where its next entry goes */
	uint64_t incl[TV_NCLOCKS], excl[TV_NCLOCKS];
};

struct pathtree_rgroups {
	struct idmap slot;                 /* root << 32 | method -> group */
	struct pathtree_rgroup *g;
	uint32_t n, cap;
	uint32_t *gid;                     /* per gathered entry: its group, or
	                                    * PATHTREE_NONE when the call's parent
	                                    * is the thread root */
	size_t *base;                      /* per root: its entries' first gid */
};

/* Files popped call f (a call of wanted root r, entry e) under its
 * group: the entry's cursor steps up to the parent call, as a root's
 * expansion would. 0, or -1 when out of memory. */
static int pathtree_rg_add(struct pathtree_rgroups *rg, const struct pathtree_walk *w, uint32_t r,
                           const struct pathtree_frame *f, struct pathtree_entry *e, uint32_t *gid,
                           const uint64_t incl[TV_NCLOCKS])
{
	if (!w->depth) {
		*gid = PATHTREE_NONE;
		return 0;
	}
	const struct pathtree_frame *up = &w->path[w->depth - 1];
	int added;
	uint32_t s = idmap_get_or_put(&rg->slot, (uint64_t)r << 32 | up->method, rg->n, &added);
	if (s == IDMAP_NONE)
		return -1;
	if (added) {
		if (grow_push32((void **)&rg->g, &rg->cap, rg->n, sizeof *rg->g) < 0)
			return -1;
		rg->g[rg->n++] = (struct pathtree_rgroup){.root = r, .method = up->method};
	}
	struct pathtree_rgroup *g = &rg->g[s];
	g->count++;
	g->ends += w->depth == 1;          /* the parent call starts at the thread root */
	for (int c = 0; c < TV_NCLOCKS; c++) {
		g->excl[c] += e->excl[c];
		if (!f->recursive)
			g->incl[c] += incl[c];     /* 0 for a clock the trace lacks */
	}
	e->cursor = up->call;
	*gid = s;
	return 0;
}

/* Lists the calls of each wanted root's method (want: method -> root
 * node, PATHTREE_NONE when not wanted) in one pass, grouped into rg. */
static int pathtree_bu_gather(struct pathtree *t, const uint32_t *want, uint32_t *active,
                              size_t *fill, struct pathtree_rgroups *rg)
{
	const struct trace *tr = t->tr;
	struct pathtree_walk w = {NULL, 0, 0};
	uint64_t incl[TV_NCLOCKS], excl[TV_NCLOCKS];
	int rc = 0;
	for (uint32_t k = 0; rc == 0 && k < t->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[t->threads[k]];
		uint64_t root_incl[TV_NCLOCKS] = {0};
		struct callwalk cw;
		callwalk_init(&cw, th);
		uint32_t i;
		for (int step; rc == 0 && (step = callwalk_next(&cw, &i)) != CALLWALK_DONE;) {
			if (step == CALLWALK_ENTER) {
				rc = pathtree_push(&w, th, i, 0, active);
				continue;
			}
			struct pathtree_frame f = pathtree_pop(&w, tr, th, root_incl, incl, excl);
			active[f.method]--;
			uint32_t r = want[f.method];
			if (r == PATHTREE_NONE)
				continue;
			size_t at = fill[r]++;
			struct pathtree_entry *e = &t->lazy->entries[r][at];
			*e = (struct pathtree_entry){t->threads[k], f.call, f.call,
			                             (uint32_t)f.recursive, {excl[0], excl[1]}};
			rc = pathtree_rg_add(rg, &w, r, &f, e, &rg->gid[rg->base[r] + at], incl);
		}
	}
	free(w.path);
	return rc;
}

/* Root r's children from its groups grp[0..ng) (ascending): its entries
 * regrouped through scratch, one node per group. On failure the tree is
 * as before. */
static int pathtree_bu_root_kids(struct pathtree *t, uint32_t r, struct pathtree_rgroups *rg,
                                 const uint32_t *grp, uint32_t ng, size_t fill,
                                 struct pathtree_entry *scratch)
{
	struct pathtree_entry *e = t->lazy->entries[r];
	const uint32_t *gid = rg->gid + rg->base[r];
	uint32_t first = t->nnodes;
	size_t at = 0;
	for (uint32_t j = 0; j < ng; j++) {
		struct pathtree_rgroup *g = &rg->g[grp[j]];
		uint32_t k = pathtree_new_node(t, r, g->method);
		if (k == PATHTREE_NONE || pathtree_span_room(t, t->nnodes) < 0) {
			t->nnodes = first;
			return -1;
		}
		struct pathtree_node *n = &t->nodes[k];
		n->calls = g->count;
		memcpy(n->incl, g->incl, sizeof n->incl);
		memcpy(n->excl, g->excl, sizeof n->excl);
		t->lazy->span[k] = (struct pathtree_span){r, at, at + g->count, g->ends};
		g->pos = at;
		at += g->count;
	}
	if (pathtree_adopt(t, r, first, ng) < 0) {
		t->nnodes = first;
		return -1;
	}
	for (size_t i = 0; i < fill; i++)
		scratch[gid[i] == PATHTREE_NONE ? at++ : rg->g[gid[i]].pos++] = e[i];
	memcpy(e, scratch, fill * sizeof *e);
	return 0;
}

/* Expands the wanted roots (want[method] == root) from one pass over
 * the calls; roots[0..n) may list others, and want is left as it was.
 * 0, or -1 when out of memory (some roots may be expanded then). */
static int pathtree_bu_roots_expand(struct pathtree *t, const uint32_t *roots, uint32_t n,
                                    const uint32_t *want, uint32_t *active, size_t *fill)
{
	struct pathtree_lazy *lz = t->lazy;
	struct pathtree_rgroups rg = {.n = 0};
	idmap_init(&rg.slot);
	size_t total = 0, most = 0;
	uint32_t *grp = NULL, *gstart = NULL;
	struct pathtree_entry *scratch = NULL;
	rg.base = malloc((size_t)(t->nroots ? t->nroots : 1) * sizeof *rg.base);
	for (uint32_t i = 0; rg.base && i < n; i++) {
		uint32_t r = roots[i];
		if (want[t->nodes[r].method] != r)
			continue;
		rg.base[r] = total;
		total += t->nodes[r].calls;
		most = t->nodes[r].calls > most ? t->nodes[r].calls : most;
	}
	rg.gid = malloc((total ? total : 1) * sizeof *rg.gid);
	int rc = rg.base && rg.gid ? 0 : -1;
	if (rc == 0)
		rc = pathtree_bu_gather(t, want, active, fill, &rg);
	/* The groups of each root, ascending: gstart[r] .. gstart[r + 1]. */
	if (rc == 0) {
		grp = malloc(((size_t)rg.n + 1) * sizeof *grp);
		gstart = calloc((size_t)t->nroots + 1, sizeof *gstart);
		scratch = malloc((most ? most : 1) * sizeof *scratch);
		rc = grp && gstart && scratch ? 0 : -1;
	}
	if (rc == 0) {
		for (uint32_t s = 0; s < rg.n; s++)
			gstart[rg.g[s].root + 1]++;
		for (uint32_t r = 0; r < t->nroots; r++)
			gstart[r + 1] += gstart[r];
		uint32_t *pos = active;            /* free again: its counts are back at 0 */
		memcpy(pos, gstart, (size_t)t->nroots * sizeof *pos);
		for (uint32_t s = 0; s < rg.n; s++)
			grp[pos[rg.g[s].root]++] = s;
	}
	for (uint32_t i = 0; rc == 0 && i < n; i++) {
		uint32_t r = roots[i];
		if (want[t->nodes[r].method] != r)
			continue;
		lz->span[r].lo = 0;
		lz->span[r].hi = fill[r];
		rc = pathtree_bu_root_kids(t, r, &rg, grp + gstart[r], gstart[r + 1] - gstart[r],
		                           fill[r], scratch);
	}
	free(scratch);
	free(gstart);
	free(grp);
	free(rg.gid);
	free(rg.base);
	free(rg.g);
	idmap_free(&rg.slot);
	return rc;
}

/* Counts the groups of the node's run by the method of each cursor's
 * parent call. 0, or -1 when out of memory. */
static int pathtree_count(struct pathtree *t, const struct pathtree_entry *e, size_t lo, size_t hi,
                          struct pathtree_group *g)
{
	const struct trace *tr = t->tr;
	for (size_t i = lo; i < hi; i++) {
		uint32_t up = tr->threads[e[i].thread].parent[e[i].cursor];
		if (up == TV_ROOT)
			continue;
		uint32_t s = pathtree_group_of(g, tr->threads[e[i].thread].method[up]);
		if (s == IDMAP_NONE)
			return -1;
		g->count[s]++;
	}
	return 0;
}

/* The node's run regrouped into out[0..hi-lo): each group's entries with
 * their cursors stepped up to the parent call, in group order, then the
 * entries whose chain ends at the node. The run itself is not touched. */
static void pathtree_regroup(struct pathtree *t, const struct pathtree_entry *e, size_t lo,
                             size_t hi, struct pathtree_group *g, struct pathtree_entry *out)
{
	const struct trace *tr = t->tr;
	size_t at = 0;
	for (uint32_t s = 0; s < g->n; s++) {
		g->start[s] = at;
		at += g->count[s];
	}
	for (size_t i = lo; i < hi; i++) {
		struct pathtree_entry x = e[i];
		uint32_t up = tr->threads[x.thread].parent[x.cursor];
		if (up == TV_ROOT) {
			out[at++] = x;
			continue;
		}
		x.cursor = up;
		uint32_t s = idmap_get(&g->slot, tr->threads[x.thread].method[up]);
		out[g->start[s]++] = x;
	}
}

/* Makes one child node per group, numbers summed over its part of run
 * (the regrouped entries of the node, starting at offset lo). */
static int pathtree_bu_children(struct pathtree *t, uint32_t node, const struct pathtree_group *g,
                                const struct pathtree_entry *run, size_t lo)
{
	const struct trace *tr = t->tr;
	struct pathtree_lazy *lz = t->lazy;
	uint32_t root = lz->span[node].root;
	size_t at = 0;
	for (uint32_t s = 0; s < g->n; s++) {
		uint32_t k = pathtree_new_node(t, node, g->method[s]);
		if (k == PATHTREE_NONE || pathtree_span_room(t, t->nnodes) < 0)
			return -1;
		struct pathtree_span sp = {root, lo + at, lo + at + g->count[s], 0};
		struct pathtree_node *n = &t->nodes[k];
		for (; at < sp.hi - lo; at++) {
			const struct pathtree_entry *e = &run[at];
			const struct tv_thread *th = &tr->threads[e->thread];
			sp.ends += th->parent[e->cursor] == TV_ROOT;
			n->calls++;
			for (int c = 0; c < TV_NCLOCKS; c++) {
				n->excl[c] += e->excl[c];
				if (!e->recursive && tr->has_clock[c])
					n->incl[c] += trace_call_incl(th, c, e->call);
			}
		}
		lz->span[k] = sp;
	}
	return 0;
}

/* Expands a node whose root's entries are listed. On failure the tree is
 * as before (nodes made so far are dropped, the run is untouched). */
static enum tv_status pathtree_bu_expand(struct pathtree *t, uint32_t node)
{
	struct pathtree_lazy *lz = t->lazy;
	struct pathtree_span sp = lz->span[node];
	struct pathtree_entry *e = lz->entries[sp.root];
	struct pathtree_group g = {.n = 0};
	idmap_init(&g.slot);
	uint32_t nnodes = t->nnodes;
	struct pathtree_entry *run = NULL;
	int rc = pathtree_count(t, e, sp.lo, sp.hi, &g);
	if (rc == 0) {
		run = malloc((sp.hi - sp.lo ? sp.hi - sp.lo : 1) * sizeof *run);
		rc = run ? 0 : -1;
	}
	if (rc == 0) {
		pathtree_regroup(t, e, sp.lo, sp.hi, &g, run);
		rc = pathtree_bu_children(t, node, &g, run, sp.lo);
	}
	if (rc == 0)
		rc = pathtree_adopt(t, node, nnodes, g.n);
	if (rc == 0)
		memcpy(e + sp.lo, run, (sp.hi - sp.lo) * sizeof *run);
	else
		t->nnodes = nnodes;
	free(run);
	pathtree_group_free(&g);
	return rc == 0 ? TV_OK : TV_ERR_NOMEM;
}

enum tv_status pathtree_expand_all(struct pathtree *t, const uint32_t *roots, uint32_t n)
{
	if (!t->inverted) {
		for (uint32_t i = 0; i < n; i++)
			if (pathtree_expand(t, roots[i]) != TV_OK)
				return TV_ERR_NOMEM;
		return TV_OK;
	}
	const struct trace *tr = t->tr;
	struct pathtree_lazy *lz = t->lazy;
	uint32_t *want = malloc(((size_t)tr->nmethods * 2 + 1) * sizeof *want);
	size_t *fill = calloc(t->nroots ? t->nroots : 1, sizeof *fill);
	int rc = want && fill ? 0 : -1, any = 0;
	for (uint32_t m = 0; want && m < tr->nmethods; m++)
		want[m] = PATHTREE_NONE;
	for (uint32_t i = 0; rc == 0 && i < n; i++) {
		uint32_t r = roots[i];
		/* Only roots share the pass; deeper nodes expand on their own
		 * below (the per-root arrays have no room for them). */
		if (t->nodes[r].parent != PATHTREE_NONE || lz->entries[r] || t->nodes[r].expanded ||
		    want[t->nodes[r].method] == r)
			continue;
		lz->entries[r] = malloc((size_t)(t->nodes[r].calls ? t->nodes[r].calls : 1) *
		                        sizeof **lz->entries);
		if (!lz->entries[r])
			rc = -1;
		want[t->nodes[r].method] = r;
		any = 1;
	}
	uint32_t *active = rc == 0 && any ? want + tr->nmethods : NULL;
	if (active) {
		memset(active, 0, (size_t)tr->nmethods * sizeof *active);
		rc = pathtree_bu_roots_expand(t, roots, n, want, active, fill);
	}
	for (uint32_t i = 0; want && i < n; i++) {
		uint32_t r = roots[i];
		if (rc != 0 && want[t->nodes[r].method] == r && !t->nodes[r].expanded) {
			free(lz->entries[r]);  /* a later expansion gathers again */
			lz->entries[r] = NULL;
		}
	}
	for (uint32_t i = 0; rc == 0 && i < n; i++)
		if (t->nodes[roots[i]].parent != PATHTREE_NONE &&
		    pathtree_bu_expand(t, roots[i]) != TV_OK)
			rc = -1;
	free(want);
	free(fill);
	return rc == 0 ? TV_OK : TV_ERR_NOMEM;
}

enum tv_status pathtree_expand(struct pathtree *t, uint32_t node)
{
	if (t->nodes[node].expanded)
		return TV_OK;
	if (!t->inverted)
		return pathtree_td_expand(t, node);
	if (t->nodes[node].parent == PATHTREE_NONE)
		return pathtree_expand_all(t, &node, 1);
	return pathtree_bu_expand(t, node);
}
