/* pathtree_build.c: top-down and bottom-up call trees (docs/numbers.md, "Call
 * trees"; costs in pathtree.h).
 *
 * The bottom-up roots are summed in one walk of each selected thread's
 * calls in preorder (callwalk.h) keeping the path from the root, as
 * profile.c does: a call's excl is known when it leaves the path (its incl
 * less what its children added to its frame).
 *
 * Top-down: a node covers a run of calls in a pool (node after node).
 * Expanding it lists the children of those calls (each thread keeps the
 * end of every call's subtree, so children are found by jumping from one
 * sibling's end to the next) and groups them by method: one child node,
 * and one new run, per group.
 *
 * Bottom-up: a root's expansion lists the calls of its method (entries:
 * thread, call, recursion, excl) in one array. A node covers a contiguous
 * run of its root's entries, and each entry's cursor is the ancestor call
 * where the node's chain ends. Expanding a node steps every cursor of its
 * run to the parent call and regroups the run by that call's method, so
 * each child again covers a contiguous run, and the entries whose chain
 * ends at the node (cursor at a thread root) go last.
 */
#include "analyze/pathtree.h"

#include "base/grow.h"
#include "base/idmap.h"
#include "model/callwalk.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ shared */

struct pathtree_frame {                /* a call on the walk's path */
	uint32_t call, node, method;
	int recursive;
	uint64_t child_incl[TV_NCLOCKS];
};

struct pathtree_walk {
	struct pathtree_frame *path;
	uint32_t depth, cap;
};

struct pathtree_entry {                /* one call of a bottom-up root's method */
	uint32_t thread;                   /* index into trace.threads */
	uint32_t call;
	uint32_t cursor;                   /* ancestor where the node's chain ends */
	uint32_t recursive;
	uint64_t excl[TV_NCLOCKS];
};

struct pathtree_span {                 /* a bottom-up node's entries */
	uint32_t root;                     /* root node owning the entries */
	size_t lo, hi;
	uint64_t ends;                     /* entries whose chain ends here */
};

struct pathtree_call {                 /* one call a top-down node covers */
	uint32_t thread;                   /* index into pathtree.threads */
	uint32_t call;                     /* TV_ROOT: the thread's root */
};

struct pathtree_lazy {
	struct pathtree_span *span;        /* per node */
	uint32_t span_cap;
	/* Top-down: every node's calls, node after node, and per selected
	 * thread the end of each call's subtree. */
	struct pathtree_call *pool;
	size_t npool, pool_cap;
	uint32_t **end;
	/* Bottom-up: per root node, its method's calls (NULL until expanded). */
	struct pathtree_entry **entries;
};

static enum tv_status pathtree_select(struct pathtree *t, const struct trace *tr,
                                      const uint32_t *tid, struct tv_error *err)
{
	t->threads = malloc((size_t)(tr->nthreads ? tr->nthreads : 1) * sizeof *t->threads);
	if (!t->threads)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (trace_thread_shown(&tr->threads[i]) && (!tid || tr->threads[i].tid == *tid))
			t->threads[t->nthreads++] = i;
	if (tid && !t->nthreads)
		return tv_fail(err, TV_ERR_NO_THREAD, TV_NO_OFFSET, "%lu", (unsigned long)*tid);
	return TV_OK;
}

static uint32_t pathtree_new_node(struct pathtree *t, uint32_t parent, uint32_t method)
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

/* Room for n nodes' spans. */
static int pathtree_span_room(struct pathtree *t, uint32_t n)
{
	struct pathtree_lazy *lz = t->lazy;
	if (grow_to32((void **)&lz->span, &lz->span_cap, n, sizeof *lz->span) < 0)
		return -1;
	return 0;
}

/* Pushes call i of th on the path. */
static int pathtree_push(struct pathtree_walk *w, const struct tv_thread *th, uint32_t i,
                         uint32_t node, uint32_t *active)
{
	if (grow_push32((void **)&w->path, &w->cap, w->depth, sizeof *w->path) < 0)
		return -1;
	struct pathtree_frame *f = &w->path[w->depth++];
	f->call = i;
	f->node = node;
	f->method = th->method[i];
	f->recursive = active ? active[f->method]++ > 0 : 0;
	memset(f->child_incl, 0, sizeof f->child_incl);
	return 0;
}

/* Pops the top call: its incl and excl per clock into incl[] and excl[],
 * its incl added to its parent frame (or to root_incl). */
static struct pathtree_frame pathtree_pop(struct pathtree_walk *w, const struct trace *tr,
                                          const struct tv_thread *th, uint64_t *root_incl,
                                          uint64_t incl[TV_NCLOCKS], uint64_t excl[TV_NCLOCKS])
{
	struct pathtree_frame f = w->path[--w->depth];
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

/* ------------------------------------------------------------ order */

uint64_t pathtree_key(const struct pathtree *t, uint32_t node)
{
	const struct pathtree_node *n = &t->nodes[node];
	return t->inverted ? n->excl[t->clock] : n->incl[t->clock];
}

enum pathtree_by pathtree_default_by(int inverted, int clock)
{
	if (clock == TV_CPU)
		return inverted ? PATHTREE_BY_EXCL_CPU : PATHTREE_BY_INCL_CPU;
	return inverted ? PATHTREE_BY_EXCL_WALL : PATHTREE_BY_INCL_WALL;
}

enum pathtree_by pathtree_by_swap(enum pathtree_by by)
{
	switch (by) {
	case PATHTREE_BY_INCL_CPU: return PATHTREE_BY_INCL_WALL;
	case PATHTREE_BY_EXCL_CPU: return PATHTREE_BY_EXCL_WALL;
	case PATHTREE_BY_INCL_WALL: return PATHTREE_BY_INCL_CPU;
	case PATHTREE_BY_EXCL_WALL: return PATHTREE_BY_EXCL_CPU;
	default: return by;
	}
}

int pathtree_by_available(const struct trace *tr, enum pathtree_by by)
{
	switch (by) {
	case PATHTREE_BY_INCL_CPU: case PATHTREE_BY_EXCL_CPU: return tr->has_clock[TV_CPU];
	case PATHTREE_BY_INCL_WALL: case PATHTREE_BY_EXCL_WALL: return tr->has_clock[TV_WALL];
	case PATHTREE_BY_INCL_WAIT: case PATHTREE_BY_EXCL_WAIT:
		return tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL];
	default: return 1;
	}
}

static const char *const pathtree_by_names[PATHTREE_BY_COUNT] = {
	"incl_cpu", "excl_cpu", "incl_wall", "excl_wall", "incl_wait", "excl_wait", "calls",
};

const char *pathtree_by_name(enum pathtree_by by)
{
	return by < PATHTREE_BY_COUNT ? pathtree_by_names[by] : "?";
}

int pathtree_by_parse(const char *s, enum pathtree_by *by, int *ascending)
{
	*ascending = *s == '-';
	s += *ascending;
	size_t n = strlen(s);
	if (n > 5 && strcmp(s + n - 5, "_usec") == 0)
		n -= 5;  /* the JSON field's name; "calls_usec" is no field */
	for (int i = 0; i < PATHTREE_BY_COUNT; i++)
		if (strlen(pathtree_by_names[i]) == n && strncmp(s, pathtree_by_names[i], n) == 0 &&
		    (i != PATHTREE_BY_CALLS || !s[n])) {
			*by = (enum pathtree_by)i;
			return 0;
		}
	return -1;
}

static uint64_t pathtree_id(const struct pathtree *t, uint32_t node)
{
	uint32_t m = t->nodes[node].method;
	return m == PATHTREE_TOPLEVEL ? 0 : t->tr->methods[m].id;
}

/* a's column against b's: > 0 when a's is larger. Wait (wall - CPU, signed)
 * compares as a's wall + b's CPU against b's wall + a's CPU: no overflow
 * below 2^63 µs. */
static int pathtree_cmp_col(const struct pathtree *t, enum pathtree_by by, uint32_t a, uint32_t b)
{
	const struct pathtree_node *x = &t->nodes[a], *y = &t->nodes[b];
	uint64_t ka, kb;
	switch (by) {
	case PATHTREE_BY_INCL_CPU: ka = x->incl[TV_CPU], kb = y->incl[TV_CPU]; break;
	case PATHTREE_BY_EXCL_CPU: ka = x->excl[TV_CPU], kb = y->excl[TV_CPU]; break;
	case PATHTREE_BY_INCL_WALL: ka = x->incl[TV_WALL], kb = y->incl[TV_WALL]; break;
	case PATHTREE_BY_EXCL_WALL: ka = x->excl[TV_WALL], kb = y->excl[TV_WALL]; break;
	case PATHTREE_BY_INCL_WAIT:
		ka = x->incl[TV_WALL] + y->incl[TV_CPU], kb = y->incl[TV_WALL] + x->incl[TV_CPU];
		break;
	case PATHTREE_BY_EXCL_WAIT:
		ka = x->excl[TV_WALL] + y->excl[TV_CPU], kb = y->excl[TV_WALL] + x->excl[TV_CPU];
		break;
	default: ka = x->calls, kb = y->calls; break;
	}
	return (ka > kb) - (ka < kb);
}

static int pathtree_before(const struct pathtree *t, uint32_t a, uint32_t b)
{
	int c = pathtree_cmp_col(t, t->by, a, b);
	if (c)
		return t->ascending ? c < 0 : c > 0;
	uint64_t ia = pathtree_id(t, a), ib = pathtree_id(t, b);
	if (ia != ib)
		return ia < ib;
	return a < b;
}

static void pathtree_msort(const struct pathtree *t, uint32_t *a, uint32_t *tmp, uint32_t n)
{
	if (n < 12) {
		for (uint32_t i = 1; i < n; i++) {
			uint32_t x = a[i], j = i;
			for (; j > 0 && pathtree_before(t, x, a[j - 1]); j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
		return;
	}
	uint32_t h = n / 2, i = 0, j = h, k = 0;
	pathtree_msort(t, a, tmp, h);
	pathtree_msort(t, a + h, tmp, n - h);
	while (i < h && j < n)
		tmp[k++] = pathtree_before(t, a[j], a[i]) ? a[j++] : a[i++];
	while (i < h)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, (size_t)n * sizeof *a);
}

enum tv_status pathtree_sort(struct pathtree *t, int clock)
{
	return pathtree_sort_by(t, clock, pathtree_default_by(t->inverted, clock), 0);
}

enum tv_status pathtree_sort_by(struct pathtree *t, int clock, enum pathtree_by by, int ascending)
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
	t->by = by;
	t->ascending = ascending;
	for (uint32_t i = 0; i < t->nnodes; i++) {
		const struct pathtree_node *n = &t->nodes[i];
		if (n->expanded)
			pathtree_msort(t, t->kids + n->kid_off, tmp, n->nkids);
	}
	pathtree_msort(t, t->roots, tmp, t->nroots);
	free(tmp);
	return TV_OK;
}

uint32_t pathtree_hottest(const struct pathtree *t, uint32_t node)
{
	uint32_t n, best = PATHTREE_NONE;
	const uint32_t *k = pathtree_children(t, node, &n);
	enum pathtree_by by = pathtree_default_by(t->inverted, t->clock);
	for (uint32_t i = 0; i < n; i++) {
		int c = best == PATHTREE_NONE ? 1 : pathtree_cmp_col(t, by, k[i], best);
		uint64_t ik = pathtree_id(t, k[i]);
		uint64_t ib = best == PATHTREE_NONE ? 0 : pathtree_id(t, best);
		if (c > 0 || (c == 0 && (ik < ib || (ik == ib && k[i] < best))))
			best = k[i];
	}
	return best;
}

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

static void pathtree_kid_range(const struct tv_thread *th, const uint32_t *end, uint32_t c,
                               uint32_t *first, uint32_t *limit)
{
	*first = c == TV_ROOT ? 0 : c + 1;
	*limit = c == TV_ROOT ? th->ncalls : end[c];
}

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

/* Expands a top-down node: the children of its calls, grouped by method,
 * appended to the pool, one node per group. On failure the tree is as
 * before. */
static enum tv_status pathtree_td_expand(struct pathtree *t, uint32_t node)
{
	const struct trace *tr = t->tr;
	struct pathtree_lazy *lz = t->lazy;
	struct pathtree_span sp = lz->span[node];
	struct pathtree_group g = {.n = 0};
	idmap_init(&g.slot);
	uint32_t nnodes = t->nnodes;
	size_t total = 0;
	int rc = 0;
	for (size_t i = sp.lo; rc == 0 && i < sp.hi; i++) {
		struct pathtree_call e = lz->pool[i];
		const struct tv_thread *th = &tr->threads[t->threads[e.thread]];
		uint32_t first, limit, s;
		pathtree_kid_range(th, lz->end[e.thread], e.call, &first, &limit);
		for (uint32_t k = first; rc == 0 && k < limit; k = lz->end[e.thread][k], total++)
			if ((s = pathtree_group_of(&g, th->method[k])) == IDMAP_NONE)
				rc = -1;
			else
				g.count[s]++;
	}
	if (rc == 0 && grow_to((void **)&lz->pool, &lz->pool_cap, lz->npool + total,
	                       sizeof *lz->pool) < 0)
		rc = -1;
	if (rc == 0) {
		size_t at = lz->npool;
		for (uint32_t s = 0; s < g.n; s++) {
			g.start[s] = at;
			at += g.count[s];
		}
		for (size_t i = sp.lo; i < sp.hi; i++) {
			struct pathtree_call e = lz->pool[i];
			const struct tv_thread *th = &tr->threads[t->threads[e.thread]];
			uint32_t first, limit;
			pathtree_kid_range(th, lz->end[e.thread], e.call, &first, &limit);
			for (uint32_t k = first; k < limit; k = lz->end[e.thread][k]) {
				uint32_t s = idmap_get(&g.slot, th->method[k]);
				lz->pool[g.start[s]++] = (struct pathtree_call){e.thread, k};
			}
		}
	}
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

static enum tv_status pathtree_begin(struct pathtree *t, const struct trace *tr,
                                     const uint32_t *tid,
                                     int clock, int inverted, struct tv_error *err)
{
	memset(t, 0, sizeof *t);
	t->tr = tr;
	t->clock = clock;
	t->inverted = inverted;
	t->by = pathtree_default_by(inverted, clock);
	enum tv_status st = pathtree_select(t, tr, tid, err);
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
	enum tv_status st = pathtree_begin(t, tr, tid, clock, 0, err);
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
	enum tv_status st = pathtree_begin(t, tr, tid, clock, 1, err);
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

/* ------------------------------------------------------------ find */

struct pathtree_search {
	struct pathtree *t;
	const uint8_t *want;
	uint8_t *above;            /* bottom-up: method -> a call has a wanted caller */
	enum tv_status st;
};

static int pathtree_want(const struct pathtree_search *f, uint32_t node)
{
	uint32_t m = f->t->nodes[node].method;
	return m != PATHTREE_TOPLEVEL && f->want[m];
}

/* Top-down: does a call below one of the node's calls match? */
static int pathtree_td_below(const struct pathtree_search *f, uint32_t node)
{
	const struct pathtree *t = f->t;
	const struct pathtree_span sp = t->lazy->span[node];
	for (size_t i = sp.lo; i < sp.hi; i++) {
		const struct pathtree_call e = t->lazy->pool[i];
		const struct tv_thread *th = &t->tr->threads[t->threads[e.thread]];
		uint32_t first, limit;
		pathtree_kid_range(th, t->lazy->end[e.thread], e.call, &first, &limit);
		for (uint32_t k = first; k < limit; k++)  /* the subtree is contiguous */
			if (f->want[th->method[k]])
				return 1;
	}
	return 0;
}

/* Bottom-up, one pass: which methods have a call with a wanted caller
 * somewhere above it (what an unexpanded root's subtree holds). */
static int pathtree_bu_above(struct pathtree_search *f)
{
	const struct pathtree *t = f->t;
	const struct trace *tr = t->tr;
	if (!(f->above = calloc(tr->nmethods ? tr->nmethods : 1, 1)))
		return -1;
	for (uint32_t k = 0; k < t->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[t->threads[k]];
		struct callwalk cw;
		uint32_t i, open = 0;  /* wanted calls on the path */
		callwalk_init(&cw, th);
		for (int step; (step = callwalk_next(&cw, &i)) != CALLWALK_DONE;) {
			int w = f->want[th->method[i]];
			if (step == CALLWALK_LEAVE) {
				open -= (uint32_t)w;
				continue;
			}
			if (open)
				f->above[th->method[i]] = 1;
			open += (uint32_t)w;
		}
	}
	return 0;
}

/* Bottom-up: does a caller above the node's chain match? A node at depth
 * d covers its entries' calls; its chain ends d parents up from each. */
static int pathtree_bu_below(struct pathtree_search *f, uint32_t node)
{
	const struct pathtree *t = f->t;
	const struct pathtree_node *n = &t->nodes[node];
	const struct pathtree_span sp = t->lazy->span[node];
	const struct pathtree_entry *e = t->lazy->entries[sp.root];
	if (!e) {  /* an unexpanded root */
		if (!f->above && pathtree_bu_above(f) < 0) {
			f->st = TV_ERR_NOMEM;
			return 0;
		}
		return f->above[n->method];
	}
	for (size_t i = sp.lo; i < sp.hi; i++) {
		const struct tv_thread *th = &t->tr->threads[e[i].thread];
		uint32_t c = e[i].call;
		for (uint32_t d = 0; d < n->depth && c != TV_ROOT; d++)
			c = th->parent[c];
		for (c = c == TV_ROOT ? c : th->parent[c]; c != TV_ROOT; c = th->parent[c])
			if (f->want[th->method[c]])
				return 1;
	}
	return 0;
}

/* Does a node below this one match? */
static int pathtree_below(struct pathtree_search *f, uint32_t node)
{
	if (f->st != TV_OK || !pathtree_expandable(f->t, node))
		return 0;
	return f->t->inverted ? pathtree_bu_below(f, node) : pathtree_td_below(f, node);
}

static const uint32_t *pathtree_find_kids(struct pathtree_search *f, uint32_t node, uint32_t *n)
{
	*n = 0;
	if (f->st == TV_OK)
		f->st = pathtree_expand(f->t, node);
	return f->st == TV_OK ? pathtree_children(f->t, node, n) : NULL;
}

/* The first match in preorder strictly below node, known to hold one. */
static uint32_t pathtree_first_below(struct pathtree_search *f, uint32_t node)
{
	for (;;) {
		uint32_t nk, next = PATHTREE_NONE;
		const uint32_t *k = pathtree_find_kids(f, node, &nk);
		for (uint32_t i = 0; i < nk && next == PATHTREE_NONE; i++) {
			if (pathtree_want(f, k[i]))
				return k[i];
			if (pathtree_below(f, k[i]))
				next = k[i];
		}
		if (next == PATHTREE_NONE)
			return PATHTREE_NONE;  /* out of memory */
		node = next;
	}
}

/* The last match in preorder in node's subtree, node included. */
static uint32_t pathtree_last_in(struct pathtree_search *f, uint32_t node)
{
	while (pathtree_below(f, node)) {
		uint32_t nk, next = PATHTREE_NONE;
		const uint32_t *k = pathtree_find_kids(f, node, &nk);
		for (uint32_t i = nk; i-- > 0 && next == PATHTREE_NONE;)
			if (pathtree_want(f, k[i]) || pathtree_below(f, k[i]))
				next = k[i];
		if (next == PATHTREE_NONE)
			return PATHTREE_NONE;
		node = next;
	}
	return pathtree_want(f, node) ? node : PATHTREE_NONE;
}

static uint32_t pathtree_first_in(struct pathtree_search *f, uint32_t node)
{
	if (pathtree_want(f, node))
		return node;
	return pathtree_below(f, node) ? pathtree_first_below(f, node) : PATHTREE_NONE;
}

/* node's siblings (the roots for a root) and its place among them. */
static const uint32_t *pathtree_siblings(const struct pathtree *t, uint32_t node, uint32_t *n,
                                         uint32_t *at)
{
	uint32_t p = t->nodes[node].parent;
	const uint32_t *s = p == PATHTREE_NONE ? t->roots : pathtree_children(t, p, n);
	if (p == PATHTREE_NONE)
		*n = t->nroots;
	for (*at = 0; *at < *n && s[*at] != node; (*at)++)
		;
	return s;
}

/* The next match after node in preorder, without wrapping. */
static uint32_t pathtree_after(struct pathtree_search *f, uint32_t node)
{
	if (pathtree_below(f, node))
		return pathtree_first_below(f, node);
	for (uint32_t cur = node; cur != PATHTREE_NONE; cur = f->t->nodes[cur].parent) {
		uint32_t n, at;
		const uint32_t *s = pathtree_siblings(f->t, cur, &n, &at);
		for (uint32_t i = at + 1; i < n; i++) {
			uint32_t r = pathtree_first_in(f, s[i]);
			if (r != PATHTREE_NONE || f->st != TV_OK)
				return r;
		}
	}
	return PATHTREE_NONE;
}

/* The previous match before node in preorder, without wrapping. */
static uint32_t pathtree_before_node(struct pathtree_search *f, uint32_t node)
{
	for (uint32_t cur = node; cur != PATHTREE_NONE; cur = f->t->nodes[cur].parent) {
		uint32_t n, at;
		const uint32_t *s = pathtree_siblings(f->t, cur, &n, &at);
		for (uint32_t i = at; i-- > 0;) {
			uint32_t r = pathtree_last_in(f, s[i]);
			if (r != PATHTREE_NONE || f->st != TV_OK)
				return r;
		}
		uint32_t p = f->t->nodes[cur].parent;
		if (p != PATHTREE_NONE && pathtree_want(f, p))
			return p;
	}
	return PATHTREE_NONE;
}

/* The first (dir > 0) or last match of the whole tree. */
static uint32_t pathtree_end_match(struct pathtree_search *f, int dir)
{
	const struct pathtree *t = f->t;
	for (uint32_t i = 0; i < t->nroots && f->st == TV_OK; i++) {
		uint32_t r = dir > 0 ? pathtree_first_in(f, t->roots[i])
		                     : pathtree_last_in(f, t->roots[t->nroots - 1 - i]);
		if (r != PATHTREE_NONE)
			return r;
	}
	return PATHTREE_NONE;
}

enum tv_status pathtree_find(struct pathtree *t, const uint8_t *want, uint32_t from, int dir,
                             int include_from, uint32_t *found, int *wrapped)
{
	struct pathtree_search f = {t, want, NULL, TV_OK};
	uint32_t r = PATHTREE_NONE;
	*wrapped = 0;
	if (from == PATHTREE_NONE)
		r = pathtree_end_match(&f, dir);
	else if (include_from && pathtree_want(&f, from))
		r = from;
	else
		r = dir > 0 ? pathtree_after(&f, from) : pathtree_before_node(&f, from);
	if (r == PATHTREE_NONE && from != PATHTREE_NONE && f.st == TV_OK) {
		/* Wrap: nothing lies past from, so the far end's first match is
		 * at or before it (from itself when it is the only one). */
		r = pathtree_end_match(&f, dir);
		*wrapped = r != PATHTREE_NONE;
	}
	free(f.above);
	*found = f.st == TV_OK ? r : PATHTREE_NONE;
	return f.st;
}
