/* pathtree_build.c: building the top-down and bottom-up call trees
 * (docs/numbers.md, "Call trees"; costs in pathtree.h; how the parts of
 * the module fit in pathtree_internal.h).
 *
 * The bottom-up roots are summed in one walk of each selected thread's
 * calls in preorder (callwalk.h) keeping the path from the root, as
 * profile.c does: a call's excl is known when it leaves the path (its incl
 * less what its children added to its frame).
 */
#include "analyze/pathtree.h"

#include "analyze/pathtree_internal.h"
#include "base/grow.h"
#include "model/callwalk.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ shared */

uint32_t pathtree_new_node(struct pathtree *t, uint32_t parent, uint32_t method)
{
	if (t->nnodes == PATHTREE_NONE - 1)
		return PATHTREE_NONE;
	if (grow_push32((void **)&t->nodes, &t->nodes_cap, t->nnodes, sizeof *t->nodes) < 0)
		return PATHTREE_NONE;
	uint32_t i = t->nnodes++;
	struct pathtree_node *n = &t->nodes[i];
	memset(n, 0, sizeof *n);
	n->parent = parent;
	n->method = method;
	n->depth = parent == PATHTREE_NONE ? 0 : t->nodes[parent].depth + 1;
	return i;
}

int pathtree_span_room(struct pathtree *t, uint32_t n)
{
	struct pathtree_lazy *lz = t->lazy;
	if (grow_to32((void **)&lz->span, &lz->span_cap, n, sizeof *lz->span) < 0)
		return -1;
	return 0;
}

/* Adds a thread's span and unused time to the toplevel. */
static void pathtree_toplevel(struct pathtree *t, const struct tv_thread *th,
                              const uint64_t *root_incl)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!t->tr->has_clock[c])
			continue;
		uint64_t span = trace_thread_top(th, c);
		t->top_incl[c] += span;
		t->top_excl[c] += span - root_incl[c];
	}
}

/* ------------------------------------------------------------ top-down */

/* Calls are enumerated through end[]: the index just past each call's
 * subtree (a preorder keeps subtrees contiguous), so the children of c
 * are c + 1, end[c + 1], ... below end[c]; those of the thread root
 * (call TV_ROOT) are 0, end[0], ... below ncalls. */
static uint32_t *pathtree_ends(const struct tv_thread *th)
{
	uint32_t *end = malloc((size_t)(th->ncalls ? th->ncalls : 1) * sizeof *end);
	if (!end)
		return NULL;
	for (uint32_t i = 0; i < th->ncalls; i++)
		end[i] = i + 1;
	/* Backwards, each call's subtree is complete before it is read. */
	for (uint32_t i = th->ncalls; i-- > 0;) {
		uint32_t p = th->parent[i];
		if (p != TV_ROOT && end[i] > end[p])
			end[p] = end[i];
	}
	return end;
}

static enum tv_status pathtree_begin(struct pathtree *t, const struct trace *tr,
                                     const struct trace_sel *sel,
                                     int clock, int inverted, struct tv_error *err)
{
	memset(t, 0, sizeof *t);
	t->tr = tr;
	t->clock = clock;
	t->inverted = inverted;
	t->by = pathtree_default_by(inverted, clock);
	enum tv_status st = trace_select_set(tr, sel, &t->threads, &t->nthreads, err);
	if (st == TV_OK && !(t->lazy = calloc(1, sizeof *t->lazy)))
		st = tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	return st;
}

static enum tv_status pathtree_fail(struct pathtree *t, struct tv_error *err)
{
	pathtree_free(t);
	return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
}

/* The root node: the toplevel over the threads, each thread one entry. */
static int pathtree_td_root(struct pathtree *t)
{
	struct pathtree_lazy *lz = t->lazy;
	if (pathtree_new_node(t, PATHTREE_NONE, PATHTREE_TOPLEVEL) != 0 ||
	    pathtree_span_room(t, 1) < 0)
		return -1;
	lz->pool = malloc((size_t)(t->nthreads ? t->nthreads : 1) * sizeof *lz->pool);
	lz->end = calloc(t->nthreads ? t->nthreads : 1, sizeof *lz->end);
	t->roots = malloc(sizeof *t->roots);
	if (!lz->pool || !lz->end || !t->roots)
		return -1;
	lz->pool_cap = lz->npool = t->nthreads;
	lz->span[0] = (struct pathtree_span){0, 0, t->nthreads, 0};
	for (uint32_t k = 0; k < t->nthreads; k++) {
		const struct tv_thread *th = &t->tr->threads[t->threads[k]];
		if (!(lz->end[k] = pathtree_ends(th)))
			return -1;
		lz->pool[k] = (struct pathtree_call){k, TV_ROOT};
		uint64_t root_incl[TV_NCLOCKS] = {0};
		for (uint32_t i = 0; i < th->ncalls; i = lz->end[k][i])
			for (int c = 0; c < TV_NCLOCKS; c++)
				if (t->tr->has_clock[c])
					root_incl[c] += trace_call_incl(th, c, i);
		pathtree_toplevel(t, th, root_incl);
		lz->span[0].ends += th->ncalls == 0;
	}
	struct pathtree_node *root = &t->nodes[0];
	root->calls = t->nthreads;
	memcpy(root->incl, t->top_incl, sizeof root->incl);
	memcpy(root->excl, t->top_excl, sizeof root->excl);
	t->roots[0] = 0;
	t->nroots = 1;
	return 0;
}

enum tv_status pathtree_build(struct pathtree *t, const struct trace *tr, const uint32_t *tid,
                              int clock, struct tv_error *err)
{
	struct trace_sel one;
	return pathtree_build_set(t, tr, trace_sel_one(&one, tid), clock, err);
}

enum tv_status pathtree_build_set(struct pathtree *t, const struct trace *tr,
                                  const struct trace_sel *sel, int clock, struct tv_error *err)
{
	enum tv_status st = pathtree_begin(t, tr, sel, clock, 0, err);
	if (st != TV_OK) {
		pathtree_free(t);
		return st;
	}
	return pathtree_td_root(t) == 0 ? TV_OK : pathtree_fail(t, err);
}

/* ------------------------------------------------------------ bottom-up */

/* One pass: every method's root numbers, and how many of its calls start
 * at a thread root (their chains end at the root node). */
static int pathtree_bu_roots(struct pathtree *t, uint32_t *active, struct pathtree_walk *w)
{
	const struct trace *tr = t->tr;
	uint32_t *root_of = active + tr->nmethods;  /* method -> root node */
	for (uint32_t m = 0; m < tr->nmethods; m++)
		root_of[m] = PATHTREE_NONE;
	uint64_t incl[TV_NCLOCKS], excl[TV_NCLOCKS];
	for (uint32_t k = 0; k < t->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[t->threads[k]];
		uint64_t root_incl[TV_NCLOCKS] = {0};
		struct callwalk cw;
		callwalk_init(&cw, th);
		uint32_t i;
		for (int step; (step = callwalk_next(&cw, &i)) != CALLWALK_DONE;) {
			if (step == CALLWALK_ENTER) {
				if (pathtree_push(w, th, i, 0, active) < 0)
					return -1;
				continue;
			}
			struct pathtree_frame f = pathtree_pop(w, tr, th, root_incl, incl, excl);
			active[f.method]--;
			uint32_t r = root_of[f.method];
			if (r == PATHTREE_NONE) {
				r = root_of[f.method] = pathtree_new_node(t, PATHTREE_NONE,
				                                          f.method);
				if (r == PATHTREE_NONE || pathtree_span_room(t, t->nnodes) < 0)
					return -1;
				t->lazy->span[r] = (struct pathtree_span){r, 0, 0, 0};
			}
			struct pathtree_node *n = &t->nodes[r];
			n->calls++;
			t->lazy->span[r].ends += th->parent[f.call] == TV_ROOT;
			for (int c = 0; c < TV_NCLOCKS; c++) {
				n->excl[c] += excl[c];
				if (!f.recursive)
					n->incl[c] += incl[c];
			}
		}
		pathtree_toplevel(t, th, root_incl);
	}
	return 0;
}

enum tv_status pathtree_build_inverted(struct pathtree *t, const struct trace *tr,
                                       const uint32_t *tid, int clock, struct tv_error *err)
{
	struct trace_sel one;
	return pathtree_build_inverted_set(t, tr, trace_sel_one(&one, tid), clock, err);
}

enum tv_status pathtree_build_inverted_set(struct pathtree *t, const struct trace *tr,
                                           const struct trace_sel *sel, int clock,
                                           struct tv_error *err)
{
	enum tv_status st = pathtree_begin(t, tr, sel, clock, 1, err);
	if (st != TV_OK) {
		pathtree_free(t);
		return st;
	}
	uint32_t *active = calloc((size_t)tr->nmethods * 2 + 1, sizeof *active);
	struct pathtree_walk w = {NULL, 0, 0};
	int rc = active ? pathtree_bu_roots(t, active, &w) : -1;
	free(active);
	free(w.path);
	if (rc == 0) {
		t->nroots = t->nnodes;
		t->roots = malloc((size_t)(t->nroots ? t->nroots : 1) * sizeof *t->roots);
		t->lazy->entries = calloc(t->nroots ? t->nroots : 1, sizeof *t->lazy->entries);
		rc = t->roots && t->lazy->entries ? 0 : -1;
	}
	for (uint32_t i = 0; rc == 0 && i < t->nroots; i++)
		t->roots[i] = i;
	if (rc == 0 && pathtree_sort(t, clock) != TV_OK)
		rc = -1;
	return rc == 0 ? TV_OK : pathtree_fail(t, err);
}

/* ------------------------------------------------------------ the rest */

const uint32_t *pathtree_children(const struct pathtree *t, uint32_t node, uint32_t *n)
{
	const struct pathtree_node *x = &t->nodes[node];
	*n = x->expanded ? x->nkids : 0;
	return *n ? t->kids + x->kid_off : NULL;
}

int pathtree_expandable(const struct pathtree *t, uint32_t node)
{
	const struct pathtree_node *x = &t->nodes[node];
	if (x->expanded)
		return x->nkids > 0;
	return t->lazy->span[node].ends < x->calls;
}

void pathtree_free(struct pathtree *t)
{
	if (t->lazy) {
		for (uint32_t r = 0; t->lazy->entries && r < t->nroots; r++)
			free(t->lazy->entries[r]);
		free(t->lazy->entries);
		for (uint32_t k = 0; t->lazy->end && k < t->nthreads; k++)
			free(t->lazy->end[k]);
		free(t->lazy->end);
		free(t->lazy->pool);
		free(t->lazy->span);
		free(t->lazy);
	}
	free(t->threads);
	free(t->nodes);
	free(t->roots);
	free(t->kids);
	memset(t, 0, sizeof *t);
}
