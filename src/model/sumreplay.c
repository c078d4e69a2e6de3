/* sumreplay.c: records into sums, no calls kept (see sumreplay.h).
 *
 * Speed is the point: the hot path is a push on entry and a pop on exit.
 * An entry comes with its edge already named by the reader (sumname.h);
 * the method's record on the thread (its open calls and outside sums) is
 * found through a table of record indices (base/idxtab.h). On exit the
 * call's times go to its edge's cell, its thread's method record and its
 * caller's. The edges only an adoption makes are kept apart (adopted)
 * and named at the end.
 */
#include "model/sumreplay.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/idxtab.h"
#include "model/esumtab.h"
#include "model/sumname.h"

#define SR_NONE IDXTAB_NONE

enum {
	SR_REC = 1,       /* the method was already open below: recursive */
	SR_CALLER_REC = 2, /* the caller call is recursive (cell bit 1) */
	SR_ABSORBS = 4,   /* a TV_TAG_ABSORB method's call */
	SR_ABSORBED = 8,  /* inside an absorbing call: in no outside sum */
};

struct sumreplay_frame {
	uint32_t method;
	uint32_t edge;           /* in the trace's edge sums */
	uint32_t pair;           /* the method's record on this thread */
	uint32_t own;            /* in the thread's own edge sums, when kept */
	uint32_t flags;          /* SR_* */
	uint64_t start[TV_NCLOCKS];
};

/* A method on one thread: its open calls, outside sums and, when the
 * thread has top-level calls of it, their sum (an index into roots). */
struct sumreplay_pair {
	uint32_t method, open;
	uint32_t root;
	uint64_t t[TV_NCLOCKS];
};

/* The top-level calls of one method on a thread (never recursive, their
 * caller never either: cell 0 of its edge from TV_ROOT, which edge is
 * either the named one or, with SR_ADOPTED set, an adopted one). */
struct sumreplay_root {
	uint32_t pair;
	uint32_t edge;
	struct tv_ecell cell;
};

#define SR_ADOPTED 0x80000000u

struct sumreplay_thread {
	struct sumreplay_frame *stack;
	uint32_t depth, cap;
	uint32_t absorbing;      /* absorbing calls open */
	struct idxtab index;     /* the pairs by method */
	struct sumreplay_pair *pairs;
	uint32_t npairs, pairs_cap;
	struct sumreplay_root *roots;
	uint32_t nroots, roots_cap;
	uint32_t mark_open;      /* depth of the marked call while it is open, else 0 */
	int marked;
	uint64_t mark_start[TV_NCLOCKS];
	uint32_t note;
	uint32_t first_note;     /* the first noted method in preorder, or TV_ROOT */
	struct esumtab own;
};

struct sumreplay_method {
	uint32_t tags;
};

struct sumreplay {
	struct esumtab sums;       /* numbered by the reader: no map */
	struct esumtab adopted;    /* the edges only adoptions make */
	struct sumreplay_method *methods;
	uint32_t nmethods;
	struct sumreplay_thread *th;
	uint32_t nth;
	int thread_sums;
	int failed, inexact;
	struct tv_warnings warn;
};

struct sumreplay *sumreplay_new(int thread_sums)
{
	struct sumreplay *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	esumtab_init(&r->sums);
	esumtab_init(&r->adopted);
	r->thread_sums = thread_sums;
	tv_warnings_init(&r->warn);
	return r;
}

void sumreplay_free(struct sumreplay *r)
{
	if (!r)
		return;
	for (uint32_t i = 0; i < r->nth; i++) {
		free(r->th[i].stack);
		idxtab_free(&r->th[i].index);
		free(r->th[i].pairs);
		free(r->th[i].roots);
		esumtab_free(&r->th[i].own);
	}
	free(r->th);
	free(r->methods);
	esumtab_free(&r->sums);
	esumtab_free(&r->adopted);
	free(r);
}

int sumreplay_failed(const struct sumreplay *r)
{
	return r->failed;
}

int sumreplay_inexact(const struct sumreplay *r)
{
	return r->inexact;
}

/* ------------------------------------------------------------ records */

/* Method records up to index m, made when new. */
static int sumreplay_reserve_method(struct sumreplay *r, uint32_t m)
{
	if (m < r->nmethods)
		return 0;
	uint32_t cap = r->nmethods;
	if (m == UINT32_MAX ||
	    grow_to32_zeroed((void **)&r->methods, &cap, m + 1, sizeof *r->methods) < 0)
		return -1;
	r->nmethods = cap;
	return 0;
}

/* Thread state up to index ti, made when new. */
static int sumreplay_reserve_thread(struct sumreplay *r, uint32_t ti)
{
	if (ti < r->nth)
		return 0;
	uint32_t cap = r->nth;
	if (ti == UINT32_MAX || grow_to32_zeroed((void **)&r->th, &cap, ti + 1, sizeof *r->th) < 0)
		return -1;
	for (uint32_t i = r->nth; i < cap; i++) {
		r->th[i].note = r->th[i].first_note = TV_ROOT;
		idxtab_init(&r->th[i].index);
		esumtab_init(&r->th[i].own);
	}
	r->nth = cap;
	return 0;
}

static uint64_t sumreplay_key_of(const void *ctx, uint32_t pair)
{
	return ((const struct sumreplay_thread *)ctx)->pairs[pair].method;
}

/* Index of method m's record on t, or SR_NONE. */
static inline uint32_t sumreplay_find_pair(const struct sumreplay_thread *t, uint32_t m)
{
	return idxtab_find(&t->index, m, sumreplay_key_of, t);
}

/* Index of method m's record on t, made when new; SR_NONE when out of
 * memory. */
static inline uint32_t sumreplay_pair(struct sumreplay_thread *t, uint32_t m)
{
	/* Room for the record first: once the index holds it, it must be made. */
	if (grow_push32((void **)&t->pairs, &t->pairs_cap, t->npairs, sizeof *t->pairs) < 0)
		return SR_NONE;
	int added;
	uint32_t p = idxtab_get_or_put(&t->index, m, t->npairs, sumreplay_key_of, t, &added);
	if (added)
		t->pairs[t->npairs++] = (struct sumreplay_pair){m, 0, SR_NONE, {0, 0}};
	return p;
}

/* ------------------------------------------------------------ the rules */

/* The new frame's mark and note: the thread's first call of a marked
 * method, and the first noted method called while it is open. */
static void sumreplay_mark(struct sumreplay_thread *t, uint32_t m, unsigned tags,
                           const uint64_t rel[TV_NCLOCKS])
{
	if (!t->marked && (tags & TV_TAG_MARK)) {
		t->marked = 1;
		t->mark_start[0] = rel[0];
		t->mark_start[1] = rel[1];
		t->mark_open = t->depth;
	}
	if (t->mark_open && t->note == TV_ROOT && (tags & TV_TAG_NOTE))
		t->note = m;
	if (t->first_note == TV_ROOT && (tags & TV_TAG_NOTE))
		t->first_note = m;
}

/* Rule 1: a new call of m, child of the top of the stack, on edge e. */
static int sumreplay_enter(struct sumreplay *r, struct sumreplay_thread *t, uint32_t m,
                           uint32_t e, const uint64_t rel[TV_NCLOCKS])
{
	if ((t->depth == t->cap &&
	     grow_push32((void **)&t->stack, &t->cap, t->depth, sizeof *t->stack) < 0) ||
	    (m >= r->nmethods && sumreplay_reserve_method(r, m) < 0) ||
	    (e >= r->sums.set.n && ((e & SR_ADOPTED) || esumtab_room(&r->sums, e) < 0)))
		return -1;  /* past 2^31 edges a root could not say which sum: as if out of memory */
	const struct sumreplay_frame *up = t->depth ? &t->stack[t->depth - 1] : NULL;
	uint32_t from = up ? up->method : TV_ROOT;
	uint32_t p = sumreplay_pair(t, m), own = 0;
	if (p == SR_NONE ||
	    (r->thread_sums && (own = esumtab_edge(&t->own, from, m)) == IDMAP_NONE))
		return -1;
	unsigned tags = r->methods[m].tags;
	uint32_t flags = (t->pairs[p].open++ ? SR_REC : 0) |
	                 (up && (up->flags & SR_REC) ? SR_CALLER_REC : 0) |
	                 (t->absorbing ? SR_ABSORBED : 0) | (tags & TV_TAG_ABSORB ? SR_ABSORBS : 0);
	t->absorbing += (tags & TV_TAG_ABSORB) != 0;
	t->stack[t->depth++] = (struct sumreplay_frame){m, e, p, own, flags, {rel[0], rel[1]}};
	if (tags & (TV_TAG_MARK | TV_TAG_NOTE))
		sumreplay_mark(t, m, tags, rel);
	return 0;
}

/* A top-level call of the method of pair p, on edge (SR_ADOPTED or not),
 * of this incl, into the thread's top-level sums. */
static int sumreplay_add_root(struct sumreplay_thread *t, struct sumreplay_pair *p,
                              uint32_t edge, const uint64_t incl[TV_NCLOCKS])
{
	if (p->root == SR_NONE) {
		if (grow_push32((void **)&t->roots, &t->roots_cap, t->nroots, sizeof *t->roots) < 0)
			return -1;
		p->root = t->nroots++;
		t->roots[p->root] = (struct sumreplay_root){(uint32_t)(p - t->pairs), edge,
		                                            {0, {0, 0}}};
	}
	esumtab_add(&t->roots[p->root].cell, incl);
	return 0;
}

/* Ends the top call at rel[] and adds it to its sums. */
static int sumreplay_pop(struct sumreplay *r, struct sumreplay_thread *t,
                         const uint64_t rel[TV_NCLOCKS])
{
	const struct sumreplay_frame *f = &t->stack[--t->depth];
	uint64_t incl[TV_NCLOCKS] = {rel[0] - f->start[0], rel[1] - f->start[1]};
	unsigned k = f->flags & (SR_REC | SR_CALLER_REC);
	struct tv_ecell *c = esumtab_cell(&r->sums, f->edge, k);
	if (!c)
		return -1;
	esumtab_add(c, incl);
	if (r->thread_sums) {
		if (!(c = esumtab_cell(&t->own, f->own, k)))
			return -1;
		esumtab_add(c, incl);
	}
	struct sumreplay_pair *p = &t->pairs[f->pair];
	p->open--;
	if (!(f->flags & SR_ABSORBED)) {
		/* excl as incl less the children's: each call takes its own
		 * back from its caller (never absorbing: it would be absorbed) */
		p->t[0] += incl[0];
		p->t[1] += incl[1];
		if (t->depth) {
			struct sumreplay_pair *up = &t->pairs[f[-1].pair];
			up->t[0] -= incl[0];
			up->t[1] -= incl[1];
		}
	}
	t->absorbing -= (f->flags & SR_ABSORBS) != 0;
	if (t->mark_open > t->depth)
		t->mark_open = 0;
	return t->depth ? 0 : sumreplay_add_root(t, p, f->edge, incl);
}

/* Moves sums c from cell 0 of sum old of one table to cell 0 of sum e of
 * another (or the same): a top-level call became a child of another. */
static void sumreplay_move_cell(struct tv_ecell *o, struct tv_ecell *n, const struct tv_ecell *c)
{
	o->calls -= c->calls;
	n->calls += c->calls;
	for (int k = 0; k < TV_NCLOCKS; k++) {
		o->incl[k] -= c->incl[k];
		n->incl[k] += c->incl[k];
	}
}

/* The thread's own sums (one map for both ends): (TV_ROOT, to) to (from,
 * to). */
static int sumreplay_move_own(struct esumtab *t, uint32_t from, uint32_t to,
                              const struct tv_ecell *c)
{
	uint32_t old = esumtab_find(t, TV_ROOT, to), e = esumtab_edge(t, from, to);
	if (old == IDMAP_NONE || e == IDMAP_NONE)
		return -1;
	sumreplay_move_cell(&t->set.esums[old].plain, &t->set.esums[e].plain, c);
	return 0;
}

/* The trace's sums: root a's edge (named or adopted) to the adopted
 * (from, its method). */
static int sumreplay_move_root(struct sumreplay *r, const struct sumreplay_root *a,
                               uint32_t from, uint32_t to)
{
	uint32_t e = esumtab_edge(&r->adopted, from, to);
	if (e == IDMAP_NONE)
		return -1;
	struct tv_esumset *old = a->edge & SR_ADOPTED ? &r->adopted.set : &r->sums.set;
	sumreplay_move_cell(&old->esums[a->edge & ~SR_ADOPTED].plain,
	                    &r->adopted.set.esums[e].plain, &a->cell);
	return 0;
}

/* The adopting call of m (rule 3), from the thread's first time to rel[],
 * into every sum it enters: the top-level calls it adopts move under it,
 * their sum taken back from its outside sum (or, when m absorbs, every
 * outside sum of the thread lost). */
static int sumreplay_adopter(struct sumreplay *r, struct sumreplay_thread *t, uint32_t m,
                             unsigned tags, const uint64_t rel[TV_NCLOCKS])
{
	uint64_t adopted[TV_NCLOCKS] = {0, 0};
	for (uint32_t i = 0; i < t->nroots; i++) {
		const struct sumreplay_root *a = &t->roots[i];
		uint32_t x = t->pairs[a->pair].method;
		if (sumreplay_move_root(r, a, m, x) < 0 ||
		    (r->thread_sums && sumreplay_move_own(&t->own, m, x, &a->cell) < 0))
			return -1;
		t->pairs[a->pair].root = SR_NONE;
		adopted[0] += a->cell.incl[0];
		adopted[1] += a->cell.incl[1];
	}
	t->nroots = 0;
	uint32_t p = sumreplay_pair(t, m), e = esumtab_edge(&r->adopted, TV_ROOT, m), own = 0;
	if (p == SR_NONE || e == IDMAP_NONE || (e & SR_ADOPTED) ||
	    (r->thread_sums && (own = esumtab_edge(&t->own, TV_ROOT, m)) == IDMAP_NONE))
		return -1;
	esumtab_add(&r->adopted.set.esums[e].plain, rel);
	if (r->thread_sums)
		esumtab_add(&t->own.set.esums[own].plain, rel);
	for (uint32_t i = 0; (tags & TV_TAG_ABSORB) && i < t->npairs; i++)
		t->pairs[i].t[0] = t->pairs[i].t[1] = 0;
	for (int k = 0; k < TV_NCLOCKS; k++)
		t->pairs[p].t[k] += rel[k] - (tags & TV_TAG_ABSORB ? 0 : adopted[k]);
	return sumreplay_add_root(t, &t->pairs[p], e | SR_ADOPTED, rel);
}

/* Rule 3: m exits but is not open: everything open closes, and a call of
 * m from the thread's first time adopts every top-level call. Calls of m
 * among them would turn recursive, with the cells of their edges and of
 * their children's: sums alone cannot follow that (sumreplay_inexact()). */
static int sumreplay_adopt(struct sumreplay *r, struct sumreplay_thread *t, uint32_t m,
                           const uint64_t rel[TV_NCLOCKS], uint64_t offset)
{
	tv_warnings_add(&r->warn, TV_W_ORPHAN_EXIT, offset, 1);
	tv_warnings_add(&r->warn, TV_W_LOST_EXIT, offset, t->depth);
	while (t->depth)
		if (sumreplay_pop(r, t, rel) < 0)
			return -1;
	if (sumreplay_find_pair(t, m) != SR_NONE) {
		r->inexact = 1;
		return 0;
	}
	unsigned tags = r->methods[m].tags;
	if (sumreplay_adopter(r, t, m, tags, rel) < 0)
		return -1;
	/* The adopting call comes first in preorder: it may be the mark. */
	if (tags & TV_TAG_NOTE)
		t->first_note = m;
	if (tags & TV_TAG_MARK) {
		t->marked = 1;
		t->mark_start[0] = t->mark_start[1] = 0;
		t->note = t->first_note;
	}
	return 0;
}

/* Rule 2: m exits; calls above its newest open one lost their exits. An
 * exit of a method not open is rule 3. */
static int sumreplay_exit(struct sumreplay *r, struct sumreplay_thread *t, uint32_t m,
                          const uint64_t rel[TV_NCLOCKS], uint64_t offset)
{
	if (t->depth && t->stack[t->depth - 1].method == m)
		return sumreplay_pop(r, t, rel);
	uint32_t p = sumreplay_find_pair(t, m);
	if (p == SR_NONE || !t->pairs[p].open)
		return sumreplay_adopt(r, t, m, rel, offset);
	uint32_t k = t->depth;
	while (t->stack[k - 1].method != m)
		k--;
	tv_warnings_add(&r->warn, TV_W_LOST_EXIT, offset, t->depth - k);
	while (t->depth >= k)
		if (sumreplay_pop(r, t, rel) < 0)
			return -1;
	return 0;
}

void sumreplay_run(struct sumreplay *r, const struct replay_event *ev, uint32_t n)
{
	for (uint32_t i = 0; i < n && !r->failed && !r->inexact; i++) {
		const struct replay_event *e = &ev[i];
		int rc;
		if (e->thread == SUMREPLAY_TAG) {
			rc = sumreplay_reserve_method(r, e->method);
			if (rc == 0)
				r->methods[e->method].tags = (uint32_t)e->rel[0];
		} else if (e->thread >= r->nth && sumreplay_reserve_thread(r, e->thread) < 0) {
			rc = -1;
		} else if (e->where & 1) {
			rc = sumreplay_exit(r, &r->th[e->thread], e->method, e->rel, e->where >> 1);
		} else {
			rc = sumreplay_enter(r, &r->th[e->thread], e->method,
			                     (uint32_t)(e->where >> 1), e->rel);
		}
		if (rc < 0)
			r->failed = 1;
	}
}

/* ------------------------------------------------------------ the end */

/* Thread t's sums as the trace keeps them; NULL when out of memory. */
static struct tv_tsums *sumreplay_tsums(struct sumreplay_thread *t)
{
	struct tv_tsums *s = calloc(1, sizeof *s);
	if (!s || !(s->outside = malloc((t->npairs ? t->npairs : 1) * sizeof *s->outside))) {
		free(s);
		return NULL;
	}
	for (uint32_t i = 0; i < t->npairs; i++)
		s->outside[i] = (struct tv_msum){t->pairs[i].method, {t->pairs[i].t[0], t->pairs[i].t[1]}};
	s->noutside = t->npairs;
	s->marked = t->marked;
	s->mark_start[0] = t->mark_start[0];
	s->mark_start[1] = t->mark_start[1];
	s->note = t->note;
	return s;
}

/* The adopted edges into the named ones (named now when new: their calls
 * add up), and the ends of them all into the sums. -1 when out of memory. */
static int sumreplay_merge(struct sumreplay *r, struct sumname *names)
{
	const struct tv_esumset *a = &r->adopted.set;
	for (uint32_t i = 0; i < a->n; i++) {
		uint32_t e = sumname_edge(names, a->eends[i].from, a->eends[i].to);
		if (e == IDMAP_NONE || esumtab_room(&r->sums, e) < 0)
			return -1;
		const struct tv_ecell *c = &a->esums[i].plain;  /* adoptions fill no other */
		struct tv_ecell *to = &r->sums.set.esums[e].plain;
		to->calls += c->calls;
		to->incl[0] += c->incl[0];
		to->incl[1] += c->incl[1];
	}
	uint32_t n = sumname_count(names);
	if (n && esumtab_room(&r->sums, n - 1) < 0)
		return -1;
	return esumtab_set_ends(&r->sums, sumname_take_ends(names), n);
}

int sumreplay_finish(struct sumreplay *r, struct sumname *names, struct trace *tr)
{
	if (tr->nthreads && sumreplay_reserve_thread(r, tr->nthreads - 1) < 0)
		return -1;
	for (uint32_t i = 0; i < tr->nthreads; i++) {
		struct tv_thread *th = &tr->threads[i];
		struct sumreplay_thread *t = &r->th[i];
		const uint64_t rel[TV_NCLOCKS] = {th->last[0] - th->first[0], th->last[1] - th->first[1]};
		while (t->depth)
			if (sumreplay_pop(r, t, rel) < 0)
				return -1;
		if (!(th->sums = sumreplay_tsums(t)))
			return -1;
		th->sums->has_esums = r->thread_sums;
		esumtab_take(&t->own, &th->sums->esums);
	}
	if (sumreplay_merge(r, names) < 0)
		return -1;
	trace_esums_free(&tr->esums);
	esumtab_take(&r->sums, &tr->esums);
	for (int k = 0; k < TV_WARN_COUNT; k++)
		tv_warnings_add(&tr->warnings, (enum tv_warn)k, r->warn.first_offset[k],
		                r->warn.count[k]);
	tv_warnings_init(&r->warn);
	return 0;
}
