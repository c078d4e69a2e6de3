/* cctree.c: top-down and bottom-up call trees (docs/numbers.md, "Call
 * trees"; costs in cctree.h).
 *
 * Both walk each selected thread's calls in preorder (callwalk.h) keeping
 * the path from the root, as profile.c does: a call's excl is known when it
 * leaves the path (its incl less what its children added to its frame).
 *
 * Top-down: each call is added to the trie node of its path, found from
 * the parent frame's node through a hash map keyed (parent node, method).
 *
 * Bottom-up: a root's expansion lists the calls of its method (entries:
 * thread, call, recursion, excl) in one array. A node covers a contiguous
 * run of its root's entries, and each entry's cursor is the ancestor call
 * where the node's chain ends. Expanding a node steps every cursor of its
 * run to the parent call and regroups the run by that call's method, so
 * each child again covers a contiguous run, and the entries whose chain
 * ends at the node (cursor at a thread root) go last.
 */
#include "cctree.h"

#include "callwalk.h"
#include "grow.h"
#include "idmap.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ shared */

struct cc_frame {                      /* a call on the walk's path */
	uint32_t call, node, method;
	int recursive;
	uint64_t child_incl[TV_NCLOCKS];
};

struct cc_walk {
	struct cc_frame *path;
	uint32_t depth, cap;
};

struct cc_entry {                      /* one call of a bottom-up root's method */
	uint32_t thread;                   /* index into trace.threads */
	uint32_t call;
	uint32_t cursor;                   /* ancestor where the node's chain ends */
	uint32_t recursive;
	uint64_t excl[TV_NCLOCKS];
};

struct cc_span {                       /* a bottom-up node's entries */
	uint32_t root;                     /* root node owning the entries */
	size_t lo, hi;
	uint64_t ends;                     /* entries whose chain ends here */
};

struct cc_lazy {
	struct cc_entry **entries;         /* per root node, NULL until expanded */
	struct cc_span *span;              /* per node */
	uint32_t span_cap;
};

static enum tv_status cc_select(struct cctree *t, const struct trace *tr, const uint32_t *tid,
                                struct tv_error *err)
{
	t->threads = malloc((size_t)(tr->nthreads ? tr->nthreads : 1) * sizeof *t->threads);
	if (!t->threads)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].records && (!tid || tr->threads[i].tid == *tid))
			t->threads[t->nthreads++] = i;
	if (tid && !t->nthreads)
		return tv_fail(err, TV_ERR_NO_THREAD, TV_NO_OFFSET, "%lu", (unsigned long)*tid);
	return TV_OK;
}

static uint32_t cc_new_node(struct cctree *t, uint32_t parent, uint32_t method)
{
	if (t->nnodes == CCTREE_NONE - 1)
		return CCTREE_NONE;
	if (grow_push32((void **)&t->nodes, &t->nodes_cap, t->nnodes, sizeof *t->nodes) < 0)
		return CCTREE_NONE;
	uint32_t i = t->nnodes++;
	struct cctree_node *n = &t->nodes[i];
	memset(n, 0, sizeof *n);
	n->parent = parent;
	n->method = method;
	n->depth = parent == CCTREE_NONE ? 0 : t->nodes[parent].depth + 1;
	return i;
}

/* Pushes call i of th on the path. */
static int cc_push(struct cc_walk *w, const struct tv_thread *th, uint32_t i, uint32_t node,
                   uint32_t *active)
{
	if (grow_push32((void **)&w->path, &w->cap, w->depth, sizeof *w->path) < 0)
		return -1;
	struct cc_frame *f = &w->path[w->depth++];
	f->call = i;
	f->node = node;
	f->method = th->method[i];
	f->recursive = active ? active[f->method]++ > 0 : 0;
	memset(f->child_incl, 0, sizeof f->child_incl);
	return 0;
}

/* Pops the top call: its incl and excl per clock into incl[] and excl[],
 * its incl added to its parent frame (or to root_incl). */
static struct cc_frame cc_pop(struct cc_walk *w, const struct trace *tr,
                              const struct tv_thread *th, uint64_t *root_incl,
                              uint64_t incl[TV_NCLOCKS], uint64_t excl[TV_NCLOCKS])
{
	struct cc_frame f = w->path[--w->depth];
	uint64_t *up = w->depth ? w->path[w->depth - 1].child_incl : root_incl;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		incl[c] = excl[c] = 0;
		if (!tr->has_clock[c])
			continue;
		incl[c] = trace_call_incl(th, c, f.call);
		/* Children lie within their parent: never negative. */
		excl[c] = incl[c] - f.child_incl[c];
		up[c] += incl[c];
	}
	return f;
}

/* Adds a thread's span and unused time to the toplevel. */
static void cc_toplevel(struct cctree *t, const struct tv_thread *th, const uint64_t *root_incl)
{
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!t->tr->has_clock[c])
			continue;
		uint64_t span = trace_thread_span(th, c);
		t->top_incl[c] += span;
		t->top_excl[c] += span - root_incl[c];
	}
}

/* ------------------------------------------------------------ order */

uint64_t cctree_key(const struct cctree *t, uint32_t node)
{
	const struct cctree_node *n = &t->nodes[node];
	return t->inverted ? n->excl[t->clock] : n->incl[t->clock];
}

static uint64_t cc_id(const struct cctree *t, uint32_t node)
{
	uint32_t m = t->nodes[node].method;
	return m == CCTREE_TOPLEVEL ? 0 : t->tr->methods[m].id;
}

static int cc_before(const struct cctree *t, uint32_t a, uint32_t b)
{
	uint64_t ka = cctree_key(t, a), kb = cctree_key(t, b);
	if (ka != kb)
		return ka > kb;
	uint64_t ia = cc_id(t, a), ib = cc_id(t, b);
	if (ia != ib)
		return ia < ib;
	return a < b;
}

static void cc_msort(const struct cctree *t, uint32_t *a, uint32_t *tmp, uint32_t n)
{
	if (n < 12) {
		for (uint32_t i = 1; i < n; i++) {
			uint32_t x = a[i], j = i;
			for (; j > 0 && cc_before(t, x, a[j - 1]); j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
		return;
	}
	uint32_t h = n / 2, i = 0, j = h, k = 0;
	cc_msort(t, a, tmp, h);
	cc_msort(t, a + h, tmp, n - h);
	while (i < h && j < n)
		tmp[k++] = cc_before(t, a[j], a[i]) ? a[j++] : a[i++];
	while (i < h)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, (size_t)n * sizeof *a);
}

enum tv_status cctree_sort(struct cctree *t, int clock)
{
	/* One scratch buffer for the longest list, taken first, so a failure
	 * leaves every list as it was. */
	uint32_t most = t->nroots;
	for (uint32_t i = 0; i < t->nnodes; i++)
		if (t->nodes[i].expanded && t->nodes[i].nkids > most)
			most = t->nodes[i].nkids;
	uint32_t *tmp = malloc((size_t)(most ? most : 1) * sizeof *tmp);
	if (!tmp)
		return TV_ERR_NOMEM;
	t->clock = clock;
	for (uint32_t i = 0; i < t->nnodes; i++) {
		const struct cctree_node *n = &t->nodes[i];
		if (n->expanded)
			cc_msort(t, t->kids + n->kid_off, tmp, n->nkids);
	}
	cc_msort(t, t->roots, tmp, t->nroots);
	free(tmp);
	return TV_OK;
}

const uint32_t *cctree_children(const struct cctree *t, uint32_t node, uint32_t *n)
{
	const struct cctree_node *x = &t->nodes[node];
	*n = x->expanded ? x->nkids : 0;
	return *n ? t->kids + x->kid_off : NULL;
}

int cctree_expandable(const struct cctree *t, uint32_t node)
{
	const struct cctree_node *x = &t->nodes[node];
	if (x->expanded)
		return x->nkids > 0;
	return t->lazy->span[node].ends < x->calls;
}

/* ------------------------------------------------------------ top-down */

struct cc_trie {
	struct idmap ids;                  /* parent node << 32 | method -> node */
	struct cc_cached {                 /* direct-mapped: loops repeat paths */
		uint64_t key;
		uint32_t node;
	} cache[4096];
};

static uint32_t cc_child(struct cctree *t, struct cc_trie *tr, uint32_t parent, uint32_t method)
{
	uint64_t key = (uint64_t)parent << 32 | method;
	struct cc_cached *c = &tr->cache[(parent * 2654435761u ^ method * 40503u) & 4095];
	if (c->node != CCTREE_NONE && c->key == key)
		return c->node;
	int added;
	uint32_t n = idmap_get_or_put(&tr->ids, key, t->nnodes, &added);
	if (n == IDMAP_NONE)
		return CCTREE_NONE;
	if (added && cc_new_node(t, parent, method) != n)
		return CCTREE_NONE;
	c->key = key;
	c->node = n;
	return n;
}

static int cc_td_thread(struct cctree *t, struct cc_trie *trie, struct cc_walk *w,
                        const struct tv_thread *th)
{
	uint64_t root_incl[TV_NCLOCKS] = {0}, incl[TV_NCLOCKS], excl[TV_NCLOCKS];
	struct callwalk cw;
	callwalk_init(&cw, th);
	uint32_t i;
	for (int step; (step = callwalk_next(&cw, &i)) != CALLWALK_DONE;) {
		if (step == CALLWALK_LEAVE) {
			struct cc_frame f = cc_pop(w, t->tr, th, root_incl, incl, excl);
			struct cctree_node *n = &t->nodes[f.node];
			n->calls++;
			for (int c = 0; c < TV_NCLOCKS; c++) {
				n->incl[c] += incl[c];
				n->excl[c] += excl[c];
			}
			continue;
		}
		uint32_t up = w->depth ? w->path[w->depth - 1].node : 0;
		uint32_t node = cc_child(t, trie, up, th->method[i]);
		if (node == CCTREE_NONE || cc_push(w, th, i, node, NULL) < 0)
			return -1;
	}
	cc_toplevel(t, th, root_incl);
	return 0;
}

/* Child lists from the parent links: a counting pass, then one sort each. */
static int cc_td_lists(struct cctree *t)
{
	t->kids_cap = t->nnodes ? t->nnodes : 1;
	t->kids = malloc(t->kids_cap * sizeof *t->kids);
	if (!t->kids)
		return -1;
	for (uint32_t i = 1; i < t->nnodes; i++)
		t->nodes[t->nodes[i].parent].nkids++;
	size_t off = 0;
	for (uint32_t i = 0; i < t->nnodes; i++) {
		t->nodes[i].kid_off = off;
		t->nodes[i].expanded = 1;
		off += t->nodes[i].nkids;
		t->nodes[i].nkids = 0;
	}
	t->nkids_total = off;
	for (uint32_t i = 1; i < t->nnodes; i++) {
		struct cctree_node *p = &t->nodes[t->nodes[i].parent];
		t->kids[p->kid_off + p->nkids++] = i;
	}
	return cctree_sort(t, t->clock) == TV_OK ? 0 : -1;
}

static enum tv_status cc_begin(struct cctree *t, const struct trace *tr, const uint32_t *tid,
                               int clock, int inverted, struct tv_error *err)
{
	memset(t, 0, sizeof *t);
	t->tr = tr;
	t->clock = clock;
	t->inverted = inverted;
	return cc_select(t, tr, tid, err);
}

static enum tv_status cc_fail(struct cctree *t, struct tv_error *err)
{
	enum tv_status st = t->nnodes >= CCTREE_NONE - 1 ? TV_ERR_TOO_BIG : TV_ERR_NOMEM;
	cctree_free(t);
	return tv_fail(err, st, TV_NO_OFFSET, st == TV_ERR_TOO_BIG ? "over 2^32 call paths" : NULL);
}

enum tv_status cctree_build(struct cctree *t, const struct trace *tr, const uint32_t *tid,
                            int clock, struct tv_error *err)
{
	enum tv_status st = cc_begin(t, tr, tid, clock, 0, err);
	if (st != TV_OK) {
		cctree_free(t);
		return st;
	}
	struct cc_trie *trie = malloc(sizeof *trie);
	struct cc_walk w = {NULL, 0, 0};
	int rc = trie ? 0 : -1;
	if (trie) {
		idmap_init(&trie->ids);
		for (size_t i = 0; i < 4096; i++)
			trie->cache[i].node = CCTREE_NONE;
	}
	if (rc == 0)
		rc = cc_new_node(t, CCTREE_NONE, CCTREE_TOPLEVEL) == 0 ? 0 : -1;
	for (uint32_t i = 0; rc == 0 && i < t->nthreads; i++)
		rc = cc_td_thread(t, trie, &w, &tr->threads[t->threads[i]]);
	if (trie)
		idmap_free(&trie->ids);
	free(trie);
	free(w.path);
	if (rc == 0) {
		struct cctree_node *root = &t->nodes[0];
		root->calls = t->nthreads;
		memcpy(root->incl, t->top_incl, sizeof root->incl);
		memcpy(root->excl, t->top_excl, sizeof root->excl);
		t->roots = malloc(sizeof *t->roots);
		rc = t->roots ? 0 : -1;
	}
	if (rc == 0) {
		t->roots[0] = 0;
		t->nroots = 1;
		rc = cc_td_lists(t);
	}
	return rc == 0 ? TV_OK : cc_fail(t, err);
}

/* ------------------------------------------------------------ bottom-up */

static int cc_span_room(struct cctree *t, uint32_t n)
{
	struct cc_lazy *lz = t->lazy;
	if (grow_to32((void **)&lz->span, &lz->span_cap, n, sizeof *lz->span) < 0)
		return -1;
	return 0;
}

/* One pass: every method's root numbers, and how many of its calls start
 * at a thread root (their chains end at the root node). */
static int cc_bu_roots(struct cctree *t, uint32_t *active, struct cc_walk *w)
{
	const struct trace *tr = t->tr;
	uint32_t *root_of = active + tr->nmethods;  /* method -> root node */
	for (uint32_t m = 0; m < tr->nmethods; m++)
		root_of[m] = CCTREE_NONE;
	uint64_t incl[TV_NCLOCKS], excl[TV_NCLOCKS];
	for (uint32_t k = 0; k < t->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[t->threads[k]];
		uint64_t root_incl[TV_NCLOCKS] = {0};
		struct callwalk cw;
		callwalk_init(&cw, th);
		uint32_t i;
		for (int step; (step = callwalk_next(&cw, &i)) != CALLWALK_DONE;) {
			if (step == CALLWALK_ENTER) {
				if (cc_push(w, th, i, 0, active) < 0)
					return -1;
				continue;
			}
			struct cc_frame f = cc_pop(w, tr, th, root_incl, incl, excl);
			active[f.method]--;
			uint32_t r = root_of[f.method];
			if (r == CCTREE_NONE) {
				r = root_of[f.method] = cc_new_node(t, CCTREE_NONE, f.method);
				if (r == CCTREE_NONE || cc_span_room(t, t->nnodes) < 0)
					return -1;
				t->lazy->span[r] = (struct cc_span){r, 0, 0, 0};
			}
			struct cctree_node *n = &t->nodes[r];
			n->calls++;
			t->lazy->span[r].ends += th->parent[f.call] == TV_ROOT;
			for (int c = 0; c < TV_NCLOCKS; c++) {
				n->excl[c] += excl[c];
				if (!f.recursive)
					n->incl[c] += incl[c];
			}
		}
		cc_toplevel(t, th, root_incl);
	}
	return 0;
}

enum tv_status cctree_build_inverted(struct cctree *t, const struct trace *tr,
                                     const uint32_t *tid, int clock, struct tv_error *err)
{
	enum tv_status st = cc_begin(t, tr, tid, clock, 1, err);
	if (st != TV_OK) {
		cctree_free(t);
		return st;
	}
	t->lazy = calloc(1, sizeof *t->lazy);
	uint32_t *active = calloc((size_t)tr->nmethods * 2 + 1, sizeof *active);
	struct cc_walk w = {NULL, 0, 0};
	int rc = t->lazy && active ? cc_bu_roots(t, active, &w) : -1;
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
	if (rc == 0 && cctree_sort(t, clock) != TV_OK)
		rc = -1;
	return rc == 0 ? TV_OK : cc_fail(t, err);
}

/* Lists the calls of each wanted root's method (want: method -> root
 * node, CCTREE_NONE when not wanted) in one pass. */
static int cc_bu_gather(struct cctree *t, const uint32_t *want, uint32_t *active,
                        size_t *fill)
{
	const struct trace *tr = t->tr;
	struct cc_walk w = {NULL, 0, 0};
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
				rc = cc_push(&w, th, i, 0, active);
				continue;
			}
			struct cc_frame f = cc_pop(&w, tr, th, root_incl, incl, excl);
			active[f.method]--;
			uint32_t r = want[f.method];
			if (r == CCTREE_NONE)
				continue;
			struct cc_entry *e = &t->lazy->entries[r][fill[r]++];
			*e = (struct cc_entry){t->threads[k], f.call, f.call, (uint32_t)f.recursive,
			                       {excl[0], excl[1]}};
		}
	}
	free(w.path);
	return rc;
}

struct cc_group {                      /* children being made */
	struct idmap slot;                 /* method -> group index */
	uint32_t *method;
	size_t *count, *start;
	uint32_t n, cap;
};

/* Counts the groups of the node's run by the method of each cursor's
 * parent call. 0, or -1 when out of memory. */
static int cc_count(struct cctree *t, const struct cc_entry *e, size_t lo, size_t hi,
                    struct cc_group *g)
{
	const struct trace *tr = t->tr;
	for (size_t i = lo; i < hi; i++) {
		uint32_t up = tr->threads[e[i].thread].parent[e[i].cursor];
		if (up == TV_ROOT)
			continue;
		uint32_t m = tr->threads[e[i].thread].method[up];
		int added;
		uint32_t s = idmap_get_or_put(&g->slot, m, g->n, &added);
		if (s == IDMAP_NONE)
			return -1;
		if (added) {
			uint32_t cap = g->cap;
			if (grow_to32((void **)&g->method, &cap, g->n + 1, sizeof *g->method) < 0)
				return -1;
			size_t *c = realloc(g->count, (size_t)cap * sizeof *c);
			if (c)
				g->count = c;
			size_t *st = c ? realloc(g->start, (size_t)cap * sizeof *st) : NULL;
			if (st)
				g->start = st;
			if (!c || !st)
				return -1;
			g->cap = cap;
			g->method[g->n] = m;
			g->count[g->n++] = 0;
		}
		g->count[s]++;
	}
	return 0;
}

/* The node's run regrouped into out[0..hi-lo): each group's entries with
 * their cursors stepped up to the parent call, in group order, then the
 * entries whose chain ends at the node. The run itself is not touched. */
static void cc_regroup(struct cctree *t, const struct cc_entry *e, size_t lo, size_t hi,
                       struct cc_group *g, struct cc_entry *out)
{
	const struct trace *tr = t->tr;
	size_t at = 0;
	for (uint32_t s = 0; s < g->n; s++) {
		g->start[s] = at;
		at += g->count[s];
	}
	for (size_t i = lo; i < hi; i++) {
		struct cc_entry x = e[i];
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
static int cc_bu_children(struct cctree *t, uint32_t node, const struct cc_group *g,
                          const struct cc_entry *run, size_t lo)
{
	const struct trace *tr = t->tr;
	struct cc_lazy *lz = t->lazy;
	uint32_t root = lz->span[node].root;
	if (grow_to((void **)&t->kids, &t->kids_cap, t->nkids_total + g->n, sizeof *t->kids) < 0)
		return -1;
	size_t off = t->nkids_total, at = 0;
	for (uint32_t s = 0; s < g->n; s++) {
		uint32_t k = cc_new_node(t, node, g->method[s]);
		if (k == CCTREE_NONE || cc_span_room(t, t->nnodes) < 0)
			return -1;
		struct cc_span sp = {root, lo + at, lo + at + g->count[s], 0};
		struct cctree_node *n = &t->nodes[k];
		for (; at < sp.hi - lo; at++) {
			const struct cc_entry *e = &run[at];
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
		t->kids[off + s] = k;
	}
	return 0;
}

/* Expands a node whose root's entries are listed. On failure the tree is
 * as before (nodes made so far are dropped, the run is untouched). */
static enum tv_status cc_bu_expand(struct cctree *t, uint32_t node)
{
	struct cc_lazy *lz = t->lazy;
	struct cc_span sp = lz->span[node];
	struct cc_entry *e = lz->entries[sp.root];
	struct cc_group g = {.n = 0};
	idmap_init(&g.slot);
	uint32_t nnodes = t->nnodes;
	struct cc_entry *run = NULL;
	int rc = cc_count(t, e, sp.lo, sp.hi, &g);
	if (rc == 0) {
		run = malloc((sp.hi - sp.lo ? sp.hi - sp.lo : 1) * sizeof *run);
		rc = run ? 0 : -1;
	}
	if (rc == 0) {
		cc_regroup(t, e, sp.lo, sp.hi, &g, run);
		rc = cc_bu_children(t, node, &g, run, sp.lo);
	}
	uint32_t *tmp = NULL;              /* merge sort scratch (short lists need none) */
	if (rc == 0 && g.n >= 12) {
		tmp = malloc((size_t)g.n * sizeof *tmp);
		rc = tmp ? 0 : -1;
	}
	if (rc == 0) {
		struct cctree_node *x = &t->nodes[node];
		cc_msort(t, t->kids + t->nkids_total, tmp, g.n);
		x->kid_off = t->nkids_total;
		x->nkids = g.n;
		x->expanded = 1;
		t->nkids_total += g.n;
		memcpy(e + sp.lo, run, (sp.hi - sp.lo) * sizeof *run);
	} else {
		t->nnodes = nnodes;
	}
	free(tmp);
	free(run);
	idmap_free(&g.slot);
	free(g.method);
	free(g.count);
	free(g.start);
	return rc == 0 ? TV_OK : TV_ERR_NOMEM;
}

enum tv_status cctree_expand_all(struct cctree *t, const uint32_t *roots, uint32_t n)
{
	if (!t->inverted)
		return TV_OK;
	const struct trace *tr = t->tr;
	struct cc_lazy *lz = t->lazy;
	uint32_t *want = malloc(((size_t)tr->nmethods * 2 + 1) * sizeof *want);
	size_t *fill = calloc(t->nroots ? t->nroots : 1, sizeof *fill);
	int rc = want && fill ? 0 : -1, any = 0;
	for (uint32_t m = 0; want && m < tr->nmethods; m++)
		want[m] = CCTREE_NONE;
	for (uint32_t i = 0; rc == 0 && i < n; i++) {
		uint32_t r = roots[i];
		if (lz->entries[r] || t->nodes[r].expanded || want[t->nodes[r].method] == r)
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
		rc = cc_bu_gather(t, want, active, fill);
	}
	for (uint32_t i = 0; want && i < n; i++) {
		uint32_t r = roots[i];
		if (rc == 0 && want[t->nodes[r].method] == r) {
			lz->span[r].lo = 0;
			lz->span[r].hi = fill[r];
			if (cc_bu_expand(t, r) != TV_OK)
				rc = -1;
		}
		if (rc != 0 && want[t->nodes[r].method] == r && !t->nodes[r].expanded) {
			free(lz->entries[r]);  /* a later expansion gathers again */
			lz->entries[r] = NULL;
		}
	}
	free(want);
	free(fill);
	return rc == 0 ? TV_OK : TV_ERR_NOMEM;
}

enum tv_status cctree_expand(struct cctree *t, uint32_t node)
{
	if (!t->inverted || t->nodes[node].expanded)
		return TV_OK;
	if (t->nodes[node].parent == CCTREE_NONE)
		return cctree_expand_all(t, &node, 1);
	return cc_bu_expand(t, node);
}

void cctree_free(struct cctree *t)
{
	if (t->lazy) {
		for (uint32_t r = 0; t->lazy->entries && r < t->nroots; r++)
			free(t->lazy->entries[r]);
		free(t->lazy->entries);
		free(t->lazy->span);
		free(t->lazy);
	}
	free(t->threads);
	free(t->nodes);
	free(t->roots);
	free(t->kids);
	memset(t, 0, sizeof *t);
}
