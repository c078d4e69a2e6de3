/* profile.c: per-method and per-edge numbers (docs/numbers.md, "Per method").
 *
 * The general path: one forward pass over each selected thread's calls
 * (preorder) keeps the path from the root to the current call. A call is
 * finished when it leaves the path: its excl is its incl less what its
 * children added to its entry, and it is recursive when its method was
 * already on the path below it.
 *
 * The fast path (every thread of a loaded trace): the loader already summed
 * each edge's calls as it closed them (trace.esums), split by the callee's
 * and the caller's recursion; method numbers follow from the edges (a
 * method's calls are its parent edges' callee calls, its excl their incl
 * less its child edges' incl). Only the calls an adoption re-parented after
 * they closed (each thread's first walk_calls) are walked.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"  /* TV_THREADS */
#endif
#include "analyze/profile.h"

#include "base/grow.h"
#include "model/callwalk.h"
#include "model/esumtab.h"

#include <stdlib.h>
#include <string.h>
#ifdef TV_THREADS
#include <pthread.h>
#endif

struct profile_frame {
	uint32_t call;
	uint32_t method;
	int recursive;
	uint64_t child_incl[TV_NCLOCKS];
};

/* What the lists refer to. A reference is an index into own, or, with
 * PROFILE_REF_TRACE set, into the trace's sums (the fast path's edges that
 * no walk touched), so the lists copy no sum. */
struct prof_sums {
	struct tv_esumset own;             /* the walked edges' sums */
	const struct tv_esumset *trace;    /* the trace's, borrowed; or NULL */
	int has_clock[TV_NCLOCKS];
};

#define PROFILE_REF_TRACE 0x80000000u

struct profile_builder {
	struct profile *p;
	const struct trace *tr;
	struct callwalk walk;
	struct profile_frame *path; /* per depth of the walk: what is summed */
	uint32_t depth, path_cap;
	uint32_t *active;          /* per method: calls of it on the path */
	/* The walked calls' edge sums, in the trace's own form (four cells
	 * an edge, the recursive ones only when used): the lists read them
	 * and the trace's sums alike. */
	struct esumtab sums;
	/* Per callee: the caller and edge of its last call. Most methods have
	 * few callers, so this answers most lookups without hashing. */
	uint32_t *last_from, *last_edge;
	uint64_t root_incl[TV_NCLOCKS];  /* Σ incl of this thread's top calls */
	int fast;                  /* the trace's edge sums hold the rest */
	int methods_only;          /* no lists: a walk keeps no edge */
	int placed;                /* the lists' edges written out */
	size_t nlisted;            /* edges in the lists */
};

enum {
	PROFILE_WALK_ALL = 1,      /* walk every call, edge sums or not */
	PROFILE_METHODS_ONLY = 2,  /* no parent and child lists */
	PROFILE_PLACED = 4,        /* the lists' edges written out */
};

/* The builder's (from, to) edge sum, made when new; IDMAP_NONE when out
 * of memory. */
static uint32_t profile_edge_index(struct profile_builder *b, uint32_t from, uint32_t to)
{
	if (b->last_edge[to] != IDMAP_NONE && b->last_from[to] == from)
		return b->last_edge[to];
	uint32_t e = esumtab_edge(&b->sums, from, to);
	if (e == IDMAP_NONE)
		return IDMAP_NONE;
	b->last_from[to] = from;
	b->last_edge[to] = e;
	return e;
}

/* Takes the top call off the path and adds its numbers. */
static int profile_finish_top(struct profile_builder *b, const struct tv_thread *th)
{
	const struct trace *tr = b->tr;
	struct profile_frame *f = &b->path[--b->depth];
	struct prof_method *m = &b->p->methods[f->method];
	struct profile_frame *up = b->depth ? &b->path[b->depth - 1] : NULL;
	struct tv_ecell *cell = NULL;
	if (!b->methods_only) {
		/* cell k: bit 0 the call is recursive, bit 1 its caller is */
		unsigned k = (f->recursive != 0) | (up && up->recursive ? 2u : 0u);
		uint32_t e = profile_edge_index(b, up ? up->method : PROF_TOPLEVEL, f->method);
		if (e == IDMAP_NONE || !(cell = esumtab_cell(&b->sums, e, k)))
			return -1;
		cell->calls++;
	}
	b->active[f->method]--;
	if (f->recursive)
		m->rcalls++;
	else
		m->calls++;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		uint64_t incl = trace_call_incl(th, c, f->call);
		m->excl[c] += incl - f->child_incl[c];
		if (!f->recursive)
			m->incl[c] += incl;
		if (cell)
			cell->incl[c] += incl;
		if (up)
			up->child_incl[c] += incl;
		else
			b->root_incl[c] += incl;
	}
	return 0;
}

/* Walks the first n calls of th (a whole number of trees) and adds the
 * thread's span to the toplevel. */
static int profile_thread(struct profile_builder *b, const struct tv_thread *th, uint32_t n)
{
	memset(b->root_incl, 0, sizeof b->root_incl);
	callwalk_init(&b->walk, th);
	b->walk.ncalls = n;
	uint32_t i;
	for (int step; (step = callwalk_next(&b->walk, &i)) != CALLWALK_DONE;) {
		if (step == CALLWALK_LEAVE) {
			if (profile_finish_top(b, th) < 0)
				return -1;
			continue;
		}
		if (grow_push32((void **)&b->path, &b->path_cap, b->depth, sizeof *b->path) < 0)
			return -1;
		struct profile_frame *f = &b->path[b->depth++];
		f->call = i;
		f->method = th->method[i];
		f->recursive = b->active[f->method]++ > 0;
		memset(f->child_incl, 0, sizeof f->child_incl);
	}
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!b->tr->has_clock[c])
			continue;
		uint64_t span = trace_thread_top(th, c);
		b->p->top_incl[c] += span;
		/* A thread's calls lie within its span, so this cannot underflow. */
		b->p->top_excl[c] += span - b->root_incl[c];
	}
	return 0;
}

/* Edge sum e of set s the way a list of the given side shows it: the
 * recursive half by the callee call's recursion (cell bit 0) in the
 * callee's parents, by the caller call's (bit 1) in the caller's children. */
static struct prof_edge profile_edge_of(const struct tv_esumset *s, uint32_t e,
                                        enum prof_side side, const int *has_clock)
{
	const struct tv_eend *end = &s->eends[e];
	struct prof_edge pe = {.method = side == PROF_PARENTS ? end->from : end->to};
	for (unsigned k = 0; k < 4; k++) {
		const struct tv_ecell *cell = trace_esum_cell(s, e, k);
		if (!cell)
			break;
		int rec = side == PROF_PARENTS ? k & 1 : k >> 1;
		uint64_t *incl = rec ? pe.rincl : pe.incl;
		*(rec ? &pe.rcalls : &pe.calls) += cell->calls;
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (has_clock[c])
				incl[c] += cell->incl[c];
	}
	return pe;
}

struct prof_edge profile_list_at(const struct prof_list *l, uint32_t i)
{
	if (l->edge)
		return l->edge[i];
	uint32_t ref = l->ref[i];
	const struct prof_sums *s = l->sums;
	const struct tv_esumset *set = ref & PROFILE_REF_TRACE ? s->trace : &s->own;
	return profile_edge_of(set, ref & ~PROFILE_REF_TRACE, l->side, s->has_clock);
}

const struct prof_edge *profile_list_edges(const struct prof_list *l, struct prof_edge *room)
{
	if (l->edge)
		return l->edge;
	for (uint32_t i = 0; i < l->n; i++)
		room[i] = profile_list_at(l, i);
	return room;
}

/* Adds the cells of sum i of set s to the builder's sum e; -1 when out
 * of memory. */
static int profile_cells_add(struct profile_builder *b, uint32_t e, const struct tv_esumset *s,
                             uint32_t i)
{
	for (unsigned k = 0; k < 4; k++) {
		const struct tv_ecell *from = trace_esum_cell(s, i, k);
		if (!from)
			break;
		struct tv_ecell *to = esumtab_cell(&b->sums, e, k);
		if (!to)
			return -1;
		to->calls += from->calls;
		for (int c = 0; c < TV_NCLOCKS; c++)
			to->incl[c] += from->incl[c];
	}
	return 0;
}

/* A sum may be empty: an adoption took its calls back. */
static int profile_esum_used(const struct tv_esumset *s, uint32_t e)
{
	for (unsigned k = 0; k < 4; k++) {
		const struct tv_ecell *cell = trace_esum_cell(s, e, k);
		if (!cell)
			return 0;
		if (cell->calls)
			return 1;
	}
	return 0;
}

/* The walked edge with the same ends as the trace's sum e, or IDMAP_NONE. */
static uint32_t profile_walked(const struct profile_builder *b, uint32_t e)
{
	const struct tv_eend *end = &b->tr->esums.eends[e];
	return esumtab_find(&b->sums, end->from, end->to);
}

/* Edge sum i of set s into the methods, and into edge e of the builder
 * unless e is IDMAP_NONE; -1 when out of memory. */
static int profile_esum(struct profile_builder *b, const struct tv_esumset *s, uint32_t i,
                        uint32_t e)
{
	struct profile *p = b->p;
	const struct tv_eend *es = &s->eends[i];
	struct prof_edge pa = profile_edge_of(s, i, PROF_PARENTS, b->tr->has_clock);
	struct prof_method *to = &p->methods[es->to];
	to->calls += pa.calls;
	to->rcalls += pa.rcalls;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		uint64_t all = pa.incl[c] + pa.rincl[c];
		to->incl[c] += pa.incl[c];
		to->excl[c] += all;
		if (es->from == PROF_TOPLEVEL)
			p->top_excl[c] -= all;
		else
			p->methods[es->from].excl[c] -= all;
	}
	return e == IDMAP_NONE ? 0 : profile_cells_add(b, e, s, i);
}

/* The fast path's part: every edge sum of the trace into the methods and
 * into the walked edge with the same ends; profile_lists() takes the others
 * straight from the trace. -1 when out of memory. */
static int profile_esums(struct profile_builder *b)
{
	const struct tv_esumset *s = &b->tr->esums;
	for (uint32_t i = 0; i < s->n; i++)
		if (profile_esum_used(s, i) && profile_esum(b, s, i, profile_walked(b, i)) < 0)
			return -1;
	return 0;
}

/* A thread of a sums-only trace in a profile of some threads: its own
 * edge sums into the methods and the builder's edges. */
static int profile_thread_esums(struct profile_builder *b, const struct tv_thread *th)
{
	const struct tv_esumset *s = &th->sums->esums;
	for (uint32_t i = 0; i < s->n; i++) {
		if (!profile_esum_used(s, i))
			continue;
		uint32_t e = profile_edge_index(b, s->eends[i].from, s->eends[i].to);
		if (e == IDMAP_NONE || profile_esum(b, s, i, e) < 0)
			return -1;
	}
	return 0;
}

/* ------------------------------------------------------------ ordering */

static uint64_t profile_method_id(const struct trace *tr, uint32_t m)
{
	return m == PROF_TOPLEVEL ? 0 : tr->methods[m].id;
}

int profile_edge_cmp(const struct trace *tr, int clock,
                     const struct prof_edge *a, const struct prof_edge *b)
{
	if (a->incl[clock] != b->incl[clock])
		return a->incl[clock] > b->incl[clock] ? -1 : 1;
	if (a->rincl[clock] != b->rincl[clock])
		return a->rincl[clock] > b->rincl[clock] ? -1 : 1;
	if ((a->method == PROF_TOPLEVEL) != (b->method == PROF_TOPLEVEL))
		return a->method == PROF_TOPLEVEL ? -1 : 1;
	uint64_t x = profile_method_id(tr, a->method), y = profile_method_id(tr, b->method);
	return (x > y) - (x < y);
}

/* Merge sort with a context (qsort has none in C11); stable. */
typedef int (*profile_cmp_fn)(const void *ctx, const void *a, const void *b);

static void profile_msort(char *a, char *tmp, size_t n, size_t sz, profile_cmp_fn cmp,
                          const void *ctx)
{
	if (n < 2)
		return;
	size_t h = n / 2;
	profile_msort(a, tmp, h, sz, cmp, ctx);
	profile_msort(a + h * sz, tmp, n - h, sz, cmp, ctx);
	size_t i = 0, j = h, k = 0;
	while (i < h && j < n) {
		if (cmp(ctx, a + j * sz, a + i * sz) < 0)
			memcpy(tmp + k++ * sz, a + j++ * sz, sz);
		else
			memcpy(tmp + k++ * sz, a + i++ * sz, sz);
	}
	while (i < h)
		memcpy(tmp + k++ * sz, a + i++ * sz, sz);
	while (j < n)
		memcpy(tmp + k++ * sz, a + j++ * sz, sz);
	memcpy(a, tmp, n * sz);
}

static int profile_sort(void *a, size_t n, size_t sz, profile_cmp_fn cmp, const void *ctx)
{
	if (n < 2)
		return 0;
	char *tmp = malloc(n * sz);
	if (!tmp)
		return -1;
	profile_msort(a, tmp, n, sz, cmp, ctx);
	free(tmp);
	return 0;
}

/* A list entry as its sort reads it (the order of profile_edge_cmp on
 * the sort clock): the edge is read once, not at every compare. */
struct profile_key {
	uint64_t incl, rincl;
	uint64_t id;                   /* the far end's method id */
	uint32_t top;                  /* the far end is the toplevel: first on ties */
	uint32_t ref;                  /* the reference, or the place of a written edge */
};

static int profile_key_before(const struct profile_key *x, const struct profile_key *y)
{
	if (x->incl != y->incl)
		return x->incl > y->incl;
	if (x->rincl != y->rincl)
		return x->rincl > y->rincl;
	if (x->top || y->top)
		return x->top && !y->top;
	return x->id < y->id;
}

/* Stable: equal keys keep the order the edges were listed in. */
static void profile_key_msort(struct profile_key *a, struct profile_key *tmp, uint32_t n)
{
	if (n < 12) {  /* insertion sort: most lists are short */
		for (uint32_t i = 1; i < n; i++) {
			struct profile_key e = a[i];
			uint32_t j = i;
			for (; j > 0 && profile_key_before(&e, &a[j - 1]); j--)
				a[j] = a[j - 1];
			a[j] = e;
		}
		return;
	}
	uint32_t h = n / 2, i = 0, j = h, k = 0;
	profile_key_msort(a, tmp, h);
	profile_key_msort(a + h, tmp, n - h);
	while (i < h && j < n)
		tmp[k++] = profile_key_before(&a[j], &a[i]) ? a[j++] : a[i++];
	while (i < h)
		tmp[k++] = a[i++];
	while (j < n)
		tmp[k++] = a[j++];
	memcpy(a, tmp, (size_t)n * sizeof *a);
}

/* Sorts list l of p, with room for two lists as long as it in keys, and
 * for one in tmp when the edges are written out. */
static void profile_sort_list(struct profile *p, const struct prof_list *l,
                              struct profile_key *keys, struct prof_edge *tmp, int clock)
{
	if (l->n < 2)
		return;
	for (uint32_t i = 0; i < l->n; i++) {
		struct prof_edge e = profile_list_at(l, i);
		int top = e.method == PROF_TOPLEVEL;
		keys[i] = (struct profile_key){e.incl[clock], e.rincl[clock],
		                               top ? 0 : p->tr->methods[e.method].id, top,
		                               l->edge ? i : l->ref[i]};
	}
	profile_key_msort(keys, keys + l->n, l->n);
	if (l->edge) {  /* the profile owns what its lists point at */
		struct prof_edge *edge = p->placed + (l->edge - p->placed);
		for (uint32_t i = 0; i < l->n; i++)
			tmp[i] = edge[keys[i].ref];
		memcpy(edge, tmp, (size_t)l->n * sizeof *edge);
		return;
	}
	uint32_t *ref = p->refs + (l->ref - p->refs);
	for (uint32_t i = 0; i < l->n; i++)
		ref[i] = keys[i].ref;
}

static int profile_method_cmp_ctx(const void *ctx, const void *a, const void *b)
{
	const struct profile *p = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c = trace_sort_clock(p->tr);
	uint64_t ix = p->methods[x].incl[c], iy = p->methods[y].incl[c];
	if (ix != iy)
		return ix > iy ? -1 : 1;
	uint64_t dx = p->tr->methods[x].id, dy = p->tr->methods[y].id;
	return (dx > dy) - (dx < dy);
}

/* ------------------------------------------------------------ assembly */

/* Sorts the lists of methods [from, to) (and the toplevel's with from 0). */
struct profile_sorter {
	struct profile *p;
	uint32_t from, to;
	int rc;
};

static void *profile_sort_range(void *arg)
{
	struct profile_sorter *s = arg;
	struct profile *p = s->p;
	uint32_t most = s->from == 0 ? p->top_children.n : 0;
	for (uint32_t m = s->from; m < s->to; m++) {
		if (p->methods[m].parents.n > most)
			most = p->methods[m].parents.n;
		if (p->methods[m].children.n > most)
			most = p->methods[m].children.n;
	}
	size_t room = most ? most : 1;
	struct profile_key *keys = malloc(room * 2 * sizeof *keys);
	struct prof_edge *tmp = p->placed ? malloc(room * sizeof *tmp) : NULL;
	s->rc = keys && (tmp || !p->placed) ? 0 : -1;
	int clock = trace_sort_clock(p->tr);
	if (s->rc == 0 && s->from == 0)
		profile_sort_list(p, &p->top_children, keys, tmp, clock);
	for (uint32_t m = s->from; s->rc == 0 && m < s->to; m++) {
		profile_sort_list(p, &p->methods[m].parents, keys, tmp, clock);
		profile_sort_list(p, &p->methods[m].children, keys, tmp, clock);
	}
	free(keys);
	free(tmp);
	return NULL;
}

/* Sorting the lists is most of a fast-path profile: with many edges the
 * methods are split in two halves of about as many edges, the second
 * sorted on a second thread. Each list is sorted on its own under a total
 * order, so the result does not depend on who sorts it. */
#define PROFILE_PARALLEL_EDGES 50000

static int profile_sort_lists(struct profile *p, size_t nedges)
{
	uint32_t n = p->tr->nmethods;
	struct profile_sorter all = {p, 0, n, 0};
#ifdef TV_THREADS
	if (nedges >= PROFILE_PARALLEL_EDGES) {
		size_t half = 0;
		uint32_t cut = 0;
		while (cut < n && half < nedges) {  /* 2 entries per edge in all */
			half += (size_t)p->methods[cut].parents.n + p->methods[cut].children.n;
			cut++;
		}
		struct profile_sorter lo = {p, 0, cut, 0}, hi = {p, cut, n, 0};
		pthread_t t;
		if (pthread_create(&t, NULL, profile_sort_range, &hi) == 0) {
			profile_sort_range(&lo);
			pthread_join(t, NULL);
			return lo.rc < 0 || hi.rc < 0 ? -1 : 0;
		}
	}
#else
	(void)nedges;
#endif
	profile_sort_range(&all);
	return all.rc;
}

/* Calls fn on every edge sum the lists show: the builder's, then (fast
 * path) the trace's that no walked edge took in. */
typedef void (*profile_edge_fn)(struct profile_builder *b, const struct tv_esumset *s,
                                uint32_t i);

static void profile_each_listed(struct profile_builder *b, profile_edge_fn fn)
{
	const struct tv_esumset *own = &b->sums.set, *all = &b->tr->esums;
	for (uint32_t i = 0; i < own->n; i++)
		if (profile_esum_used(own, i))
			fn(b, own, i);
	for (uint32_t i = 0; b->fast && i < all->n; i++)
		if (profile_esum_used(all, i) && profile_walked(b, i) == IDMAP_NONE)
			fn(b, all, i);
}

static void profile_count_edge(struct profile_builder *b, const struct tv_esumset *s, uint32_t i)
{
	const struct tv_eend *es = &s->eends[i];
	b->p->methods[es->to].parents.n++;
	if (es->from == PROF_TOPLEVEL)
		b->p->top_children.n++;
	else
		b->p->methods[es->from].children.n++;
	b->nlisted++;
}

/* Adds sum i of set s to list l: its reference, or the edge written out. */
static void profile_list_add(struct profile_builder *b, struct prof_list *l,
                             const struct tv_esumset *s, uint32_t i)
{
	struct profile *p = b->p;
	uint32_t at = l->n++;
	if (l->edge)
		p->placed[(l->edge - p->placed) + at] = profile_edge_of(s, i, l->side, b->tr->has_clock);
	else
		p->refs[(l->ref - p->refs) + at] = s == &b->sums.set ? i : i | PROFILE_REF_TRACE;
}

static void profile_place_edge(struct profile_builder *b, const struct tv_esumset *s, uint32_t i)
{
	struct profile *p = b->p;
	const struct tv_eend *es = &s->eends[i];
	profile_list_add(b, &p->methods[es->to].parents, s, i);
	profile_list_add(b, es->from == PROF_TOPLEVEL ? &p->top_children
	                                              : &p->methods[es->from].children, s, i);
}

/* Points list l at its place in the pool (as many entries as counted),
 * empty for now. */
static void profile_list_start(struct profile *p, struct prof_list *l, enum prof_side side,
                               size_t *next)
{
	uint32_t n = l->n;
	*l = (struct prof_list){p->sums, NULL, NULL, 0, side};
	if (p->placed)
		l->edge = p->placed + *next;
	else
		l->ref = p->refs + *next;
	*next += n;
}

/* The pool of the lists: references into sums the profile keeps (the
 * walked ones moved into it), or the edges written out. -1 when out of
 * memory. */
static int profile_pool(struct profile_builder *b)
{
	struct profile *p = b->p;
	const struct trace *tr = b->tr;
	size_t n = (b->nlisted ? b->nlisted : 1) * 2;
	if (b->placed)
		return (p->placed = malloc(n * sizeof *p->placed)) ? 0 : -1;
	if (b->sums.set.n >= PROFILE_REF_TRACE || tr->esums.n >= PROFILE_REF_TRACE)
		return -1;  /* out of references: as good as out of memory */
	p->sums = calloc(1, sizeof *p->sums);
	p->refs = malloc(n * sizeof *p->refs);
	if (!p->sums || !p->refs)
		return -1;
	p->sums->trace = b->fast ? &tr->esums : NULL;
	memcpy(p->sums->has_clock, tr->has_clock, sizeof p->sums->has_clock);
	return 0;
}

/* Turns the summed edges into sorted parent/child lists, all in one pool:
 * one pass counts each list, the next places each edge in its two. */
static int profile_lists(struct profile_builder *b)
{
	struct profile *p = b->p;
	profile_each_listed(b, profile_count_edge);
	if (profile_pool(b) < 0)
		return -1;
	size_t next = 0;
	profile_list_start(p, &p->top_children, PROF_CHILDREN, &next);
	for (uint32_t m = 0; m < b->tr->nmethods; m++) {
		profile_list_start(p, &p->methods[m].parents, PROF_PARENTS, &next);
		profile_list_start(p, &p->methods[m].children, PROF_CHILDREN, &next);
	}
	profile_each_listed(b, profile_place_edge);
	if (p->sums)
		esumtab_take(&b->sums, &p->sums->own);
	return profile_sort_lists(p, b->nlisted);
}

static int profile_order(struct profile *p)
{
	const struct trace *tr = p->tr;
	p->order = malloc((size_t)(tr->nmethods ? tr->nmethods : 1) * sizeof *p->order);
	if (!p->order)
		return -1;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (p->methods[m].calls + p->methods[m].rcalls)
			p->order[p->norder++] = m;
	return profile_sort(p->order, p->norder, sizeof *p->order, profile_method_cmp_ctx, p);
}

static enum tv_status profile_build_sel(struct profile *p, const struct trace *tr,
                                        const struct trace_sel *sel, unsigned how,
                                        struct tv_error *err)
{
	memset(p, 0, sizeof *p);
	p->tr = tr;
	p->filtered = sel && sel->n == 1;
	p->tid = p->filtered ? sel->tids[0] : 0;
	enum tv_status st = trace_select_set(tr, sel, &p->threads, &p->nthreads, err);
	if (st != TV_OK) {
		profile_free(p);
		return st;
	}

	struct profile_builder *b = calloc(1, sizeof *b);
	if (!b) {
		profile_free(p);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	b->p = p;
	b->tr = tr;
	esumtab_init(&b->sums);
	size_t nm = tr->nmethods ? tr->nmethods : 1;
	p->methods = calloc(nm, sizeof *p->methods);
	b->active = calloc(nm, sizeof *b->active);
	b->last_from = malloc(nm * sizeof *b->last_from);
	b->last_edge = malloc(nm * sizeof *b->last_edge);
	int rc = p->methods && b->active && b->last_from && b->last_edge ? 0 : -1;
	for (size_t i = 0; rc == 0 && i < nm; i++)
		b->last_edge[i] = IDMAP_NONE;
	/* Some threads are not in the sums on their own: walk them. A
	 * sums-only trace has no calls: each thread's own sums instead. */
	b->fast = !(how & PROFILE_WALK_ALL) && !sel && tr->esums_valid;
	b->methods_only = (how & PROFILE_METHODS_ONLY) != 0;
	b->placed = (how & PROFILE_PLACED) != 0;
	for (uint32_t i = 0; rc == 0 && i < p->nthreads; i++) {
		const struct tv_thread *th = &tr->threads[p->threads[i]];
		rc = profile_thread(b, th, b->fast ? th->walk_calls : th->ncalls);
		if (rc == 0 && tr->sums_only && !b->fast)
			rc = th->sums->has_esums ? profile_thread_esums(b, th) : -1;
	}
	if (rc == 0 && b->fast)
		rc = profile_esums(b);
	if (!b->fast)   /* only the fast path's lists look edges up: free the map before them */
		esumtab_drop_map(&b->sums);
	if (rc == 0 && !b->methods_only)
		rc = profile_lists(b);
	if (rc == 0)
		rc = profile_order(p);
	free(b->path);
	free(b->active);
	free(b->last_from);
	free(b->last_edge);
	esumtab_free(&b->sums);
	free(b);
	if (rc < 0) {
		profile_free(p);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	return TV_OK;
}

enum tv_status profile_build(struct profile *p, const struct trace *tr,
                             const uint32_t *tid, struct tv_error *err)
{
	return profile_build_how(p, tr, tid, 0, err);
}

enum tv_status profile_build_how(struct profile *p, const struct trace *tr,
                                 const uint32_t *tid, int walk_all, struct tv_error *err)
{
	struct trace_sel one;
	return profile_build_sel(p, tr, trace_sel_one(&one, tid), walk_all ? PROFILE_WALK_ALL : 0,
	                         err);
}

enum tv_status profile_build_set(struct profile *p, const struct trace *tr,
                                 const struct trace_sel *sel, struct tv_error *err)
{
	return profile_build_sel(p, tr, sel, 0, err);
}

enum tv_status profile_build_methods(struct profile *p, const struct trace *tr,
                                     const struct trace_sel *sel, struct tv_error *err)
{
	return profile_build_sel(p, tr, sel, PROFILE_METHODS_ONLY, err);
}

enum tv_status profile_build_placed(struct profile *p, const struct trace *tr,
                                    const struct trace_sel *sel, struct tv_error *err)
{
	return profile_build_sel(p, tr, sel, PROFILE_PLACED, err);
}

void profile_free(struct profile *p)
{
	free(p->threads);
	free(p->methods);
	free(p->order);
	free(p->refs);
	free(p->placed);
	if (p->sums)
		trace_esums_free(&p->sums->own);
	free(p->sums);
	memset(p, 0, sizeof *p);
}
