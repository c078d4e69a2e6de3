/* replay.c: the per-thread replay of records into call trees and edge
 * sums (see replay.h; docs/numbers.md, "The call tree").
 *
 * Each thread keeps a stack of open calls; calls are appended to the
 * thread's flat arrays in the order they are made, which is preorder
 * except after an orphan exit (rule 3), whose covering call is made late
 * but starts first: such threads are put back in preorder once, at the
 * end (replay_finish_thread()).
 */
#include "model/replay.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"

/* An open call. The replay sums each call into its edge (struct tv_esum)
 * as it closes, so a frame carries what that needs. */
struct replay_frame {
	uint32_t call;
	uint32_t method;
	uint32_t edge;            /* trace.esums index of (caller, this method) */
	uint32_t rec;             /* 1: the method was already open below */
	uint64_t start[TV_NCLOCKS]; /* per slot, as stored */
};

/* Replay state of one thread, by thread index. */
struct replay_thread {
	struct replay_frame *stack;
	uint32_t depth, stack_cap;
	uint32_t *roots;          /* calls whose parent is the root, so far */
	uint32_t nroots, roots_cap;
	int reorder;              /* an adoption broke preorder */
	uint64_t *act;            /* bit per method: open on this stack */
	uint32_t act_words;
};

void replay_init(struct replay *r)
{
	memset(r, 0, sizeof *r);
	r->nslots = 2;
	esumtab_init(&r->sums);
	tv_warnings_init(&r->wwarn);
}

/* The per-thread stacks and the edge map, needed only while replaying. */
void replay_drop_stacks(struct replay *r)
{
	for (uint32_t i = 0; i < r->nwork; i++) {
		free(r->rt[i].stack);
		free(r->rt[i].roots);
		free(r->rt[i].act);
		memset(&r->rt[i], 0, sizeof r->rt[i]);
	}
	idmap_free(&r->sums.ids);
}

void replay_free(struct replay *r)
{
	replay_drop_stacks(r);
	for (uint32_t i = 0; i < r->nwork; i++)
		trace_thread_free(&r->wth[i]);
	free(r->rt);
	free(r->wth);
	esumtab_free(&r->sums);
	free(r->last_from);
	free(r->last_edge);
	memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------ call storage */

/* Call arrays grow by a quarter (from 64 calls): with thousands of small
 * threads their unused tails were a third of the peak memory when they
 * doubled (2,000 threads, 70 MB trace: 92 MB held for 59 MB of calls).
 * Large arrays are mapped and grow in place, so the smaller steps cost no
 * copies there. */
static int replay_grow_calls_slow(struct tv_thread *th, unsigned nslots)
{
	uint32_t cap = th->cap, need = th->ncalls + 1;
	if (cap == UINT32_MAX)
		return -1;
	uint32_t to = cap < 64 ? 64 : cap > UINT32_MAX - cap / 4 ? UINT32_MAX : cap + cap / 4;
	if (to < need)
		to = need;
	uint32_t c0 = cap;
	if (grow_exact32((void **)&th->method, &c0, to, sizeof *th->method) < 0)
		return -1;
	c0 = cap;
	if (grow_exact32((void **)&th->parent, &c0, to, sizeof *th->parent) < 0)
		return -1;
	for (unsigned s = 0; s < nslots; s++) {
		c0 = cap;
		if (grow_exact32((void **)&th->start[s], &c0, to, sizeof(uint32_t)) < 0)
			return -1;
		c0 = cap;
		if (grow_exact32((void **)&th->end[s], &c0, to, sizeof(uint32_t)) < 0)
			return -1;
		if (th->start_hi[s]) {
			c0 = cap;
			if (grow_exact32_zeroed((void **)&th->start_hi[s], &c0, to, sizeof(uint32_t)) < 0)
				return -1;
		}
		if (th->end_hi[s]) {
			c0 = cap;
			if (grow_exact32_zeroed((void **)&th->end_hi[s], &c0, to, sizeof(uint32_t)) < 0)
				return -1;
		}
	}
	th->cap = to;
	return 0;
}

/* Room for one more call. */
static inline int replay_grow_calls(struct tv_thread *th, unsigned nslots)
{
	return th->ncalls < th->cap ? 0 : replay_grow_calls_slow(th, nslots);
}

/* Store a relative time; values past 32 bits get the thread a _hi array. */
static int replay_set_hi(struct tv_thread *th, uint32_t **hi, uint32_t i, uint64_t v)
{
	if (!*hi) {
		*hi = calloc(th->cap, sizeof(uint32_t));
		if (!*hi)
			return -1;
	}
	(*hi)[i] = (uint32_t)(v >> 32);
	return 0;
}

static inline int replay_set_time(struct tv_thread *th, uint32_t *lo, uint32_t **hi,
                                  uint32_t i, uint64_t v)
{
	lo[i] = (uint32_t)v;
	if (!(v >> 32) && !*hi)
		return 0;
	return replay_set_hi(th, hi, i, v);
}

static inline int replay_set_start(struct tv_thread *th, unsigned s, uint32_t i, uint64_t v)
{
	return replay_set_time(th, th->start[s], &th->start_hi[s], i, v);
}

static inline int replay_set_end(struct tv_thread *th, unsigned s, uint32_t i, uint64_t v)
{
	return replay_set_time(th, th->end[s], &th->end_hi[s], i, v);
}

/* A record that is not one call boundary, or boundaries that are no record
 * (struct tv_mark): n = +1 for an action-3 record, -calls for repairs. */
static int replay_mark(struct tv_thread *th, const uint64_t rel[2], int64_t n)
{
	if (!n)
		return 0;
	if (grow_push32((void **)&th->marks, &th->marks_cap, th->nmarks, sizeof *th->marks) < 0)
		return -1;
	th->marks[th->nmarks++] = (struct tv_mark){{rel[0], rel[1]}, n};
	return 0;
}

/* ------------------------------------------------------------ edge sums */

static uint32_t replay_edge(struct replay *r, uint32_t from, uint32_t to)
{
	if (r->no_sums)
		return 0;   /* a frame's edge, never read then */
	if (to < r->last_cap && r->last_edge[to] != IDMAP_NONE && r->last_from[to] == from)
		return r->last_edge[to];
	if (to >= r->last_cap) {
		uint32_t old = r->last_cap, c = old;
		if (grow_to32((void **)&r->last_from, &c, to + 1, sizeof *r->last_from) < 0)
			return IDMAP_NONE;
		c = old;
		if (grow_to32((void **)&r->last_edge, &c, to + 1, sizeof *r->last_edge) < 0)
			return IDMAP_NONE;
		memset(r->last_edge + old, 0xff, (size_t)(c - old) * sizeof *r->last_edge);
		r->last_cap = c;
	}
	uint32_t e = esumtab_edge(&r->sums, from, to);
	r->last_from[to] = from;
	r->last_edge[to] = e;
	return e;
}

/* Marks m open on this thread's stack; returns 1 when it already was (the
 * new call is recursive), 0 when not, -1 when out of memory. */
static inline int replay_act_set(struct replay_thread *rt, uint32_t m)
{
	uint32_t w = m >> 6;
	if (w >= rt->act_words &&
	    grow_to32_zeroed((void **)&rt->act, &rt->act_words, w + 1, sizeof *rt->act) < 0)
		return -1;
	uint64_t bit = UINT64_C(1) << (m & 63);
	int was = (rt->act[w] & bit) != 0;
	rt->act[w] |= bit;
	return was;
}

static int replay_act_has(const struct replay_thread *rt, uint32_t m)
{
	return m >> 6 < rt->act_words && (rt->act[m >> 6] >> (m & 63) & 1);
}

/* A frame leaves the stack: its method stays open only if it was already. */
static void replay_act_leave(struct replay_thread *rt, const struct replay_frame *f)
{
	if (!f->rec)
		rt->act[f->method >> 6] &= ~(UINT64_C(1) << (f->method & 63));
}

/* Cell of a closing frame's sum: its own recursion and its caller's. */
static unsigned replay_cell(const struct replay_thread *rt, const struct replay_frame *f)
{
	return f->rec | (rt->depth ? rt->stack[rt->depth - 1].rec << 1 : 0);
}

/* Takes the sums of calls [from, to) back out of trace.esums: an adoption
 * is about to make them its descendants, which changes their edges and
 * recursion. They were made after the last adoption, so they are whole
 * trees in preorder and the stack is empty: it replays them. */
static int replay_unsum(struct replay *r, struct tv_thread *th, struct replay_thread *rt,
                        uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i <= to; i++) {
		while (rt->depth && (i == to || rt->stack[rt->depth - 1].call != th->parent[i])) {
			struct replay_frame *f = &rt->stack[--rt->depth];
			struct tv_ecell *c = esumtab_cell(&r->sums, f->edge, replay_cell(rt, f));
			c->calls--;  /* the cell exists: the call was added to it */
			for (unsigned s = 0; s < r->nslots; s++)
				c->incl[s] -= trace_call_incl(th, (int)s, f->call);
			replay_act_leave(rt, f);
		}
		if (i == to)
			break;
		if (grow_push32((void **)&rt->stack, &rt->stack_cap, rt->depth, sizeof *rt->stack) < 0)
			return -1;
		uint32_t m = th->method[i];
		int rec = replay_act_set(rt, m);
		uint32_t up = rt->depth ? rt->stack[rt->depth - 1].method : TV_ROOT;
		uint32_t e = esumtab_find(&r->sums, up, m);
		if (rec < 0 || e == IDMAP_NONE)
			return -1;
		struct replay_frame *f = &rt->stack[rt->depth++];
		f->call = i;
		f->method = m;
		f->edge = e;
		f->rec = (uint32_t)rec;
	}
	return 0;
}

/* ------------------------------------------------------------ the rules */

static int replay_push_root(struct replay_thread *rt, uint32_t call)
{
	if (grow_to32((void **)&rt->roots, &rt->roots_cap, rt->nroots + 1, sizeof *rt->roots) < 0)
		return -1;
	rt->roots[rt->nroots++] = call;
	return 0;
}

/* Rule 1: a new call, child of the top of the stack, pushed. */
static int replay_enter(struct replay *r, struct tv_thread *th, struct replay_thread *rt,
                        uint32_t m, const uint64_t rel[2])
{
	if (replay_grow_calls(th, r->nslots) < 0 ||
	    grow_push32((void **)&rt->stack, &rt->stack_cap, rt->depth, sizeof *rt->stack) < 0)
		return -1;
	int rec = replay_act_set(rt, m);
	if (rec < 0)
		return -1;
	struct replay_frame *up = rt->depth ? &rt->stack[rt->depth - 1] : NULL;
	uint32_t e = replay_edge(r, up ? up->method : TV_ROOT, m);
	if (e == IDMAP_NONE)
		return -1;
	uint32_t i = th->ncalls++;
	th->method[i] = m;
	th->parent[i] = up ? up->call : TV_ROOT;
	if (replay_set_start(th, 0, i, rel[0]) < 0 ||
	    (r->nslots == 2 && replay_set_start(th, 1, i, rel[1]) < 0))
		return -1;
	if (!up && replay_push_root(rt, i) < 0)
		return -1;
	struct replay_frame *f = &rt->stack[rt->depth++];
	f->call = i;
	f->method = m;
	f->edge = e;
	f->rec = (uint32_t)rec;
	f->start[0] = rel[0];
	f->start[1] = rel[1];
	return 0;
}

/* Ends the top call at rel[], pops it and adds it to its edge's sums. */
static int replay_pop(struct replay *r, struct tv_thread *th, struct replay_thread *rt,
                      const uint64_t rel[2])
{
	const struct replay_frame *f = &rt->stack[--rt->depth];
	replay_act_leave(rt, f);
	if (replay_set_end(th, 0, f->call, rel[0]) < 0 ||
	    (r->nslots == 2 && replay_set_end(th, 1, f->call, rel[1]) < 0))
		return -1;
	if (r->no_sums)
		return 0;
	struct tv_ecell *c = esumtab_cell(&r->sums, f->edge, replay_cell(rt, f));
	if (!c)
		return -1;
	c->calls++;
	c->incl[0] += rel[0] - f->start[0];
	if (r->nslots == 2)
		c->incl[1] += rel[1] - f->start[1];
	return 0;
}

/* Rule 3: M exits but is not open. Close everything, then make a call of M
 * from the thread's first timestamp that adopts every top-level call. The
 * adopted calls leave the edge sums: profiles walk them (walk_calls). */
static int replay_orphan_exit(struct replay *r, struct tv_thread *th, struct replay_thread *rt,
                              uint32_t m, const uint64_t rel[2], uint64_t offset)
{
	static const uint64_t zero[2] = {0, 0};
	tv_warnings_add(&r->wwarn, TV_W_ORPHAN_EXIT, offset, 1);
	if (rt->depth)
		tv_warnings_add(&r->wwarn, TV_W_LOST_EXIT, offset, rt->depth);
	if (replay_mark(th, rel, -(int64_t)rt->depth) < 0 || replay_mark(th, zero, -1) < 0)
		return -1;
	while (rt->depth)
		if (replay_pop(r, th, rt, rel) < 0)
			return -1;
	if ((!r->no_sums && replay_unsum(r, th, rt, th->walk_calls, th->ncalls) < 0) ||
	    replay_grow_calls(th, r->nslots) < 0)
		return -1;
	uint32_t i = th->ncalls++;
	th->method[i] = m;
	th->parent[i] = TV_ROOT;
	for (unsigned s = 0; s < r->nslots; s++)
		if (replay_set_start(th, s, i, 0) < 0 || replay_set_end(th, s, i, rel[s]) < 0)
			return -1;
	for (uint32_t k = 0; k < rt->nroots; k++)
		th->parent[rt->roots[k]] = i;
	if (rt->nroots)
		rt->reorder = 1;
	rt->nroots = 0;
	th->walk_calls = th->ncalls;
	return replay_push_root(rt, i);
}

/* Rule 2 (or 3 when M is not open). */
static int replay_exit(struct replay *r, struct tv_thread *th, struct replay_thread *rt,
                       uint32_t m, const uint64_t rel[2], uint64_t offset)
{
	uint32_t k = rt->depth;
	if (replay_act_has(rt, m)) {
		while (k && rt->stack[k - 1].method != m)
			k--;
	} else {
		k = 0;
	}
	if (!k)
		return replay_orphan_exit(r, th, rt, m, rel, offset);
	uint32_t lost = rt->depth - k;
	if (lost)
		tv_warnings_add(&r->wwarn, TV_W_LOST_EXIT, offset, lost);
	if (replay_mark(th, rel, -(int64_t)lost) < 0)
		return -1;
	while (rt->depth >= k)
		if (replay_pop(r, th, rt, rel) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------ the events */

int replay_reserve(struct replay *r, uint32_t ti)
{
	if (ti < r->nwork)
		return 0;
	if (grow_to32((void **)&r->rt, &r->rt_cap, ti + 1, sizeof *r->rt) < 0 ||
	    grow_to32((void **)&r->wth, &r->wth_cap, ti + 1, sizeof *r->wth) < 0)
		return -1;
	memset(r->rt + r->nwork, 0, (size_t)(ti + 1 - r->nwork) * sizeof *r->rt);
	memset(r->wth + r->nwork, 0, (size_t)(ti + 1 - r->nwork) * sizeof *r->wth);
	r->nwork = ti + 1;
	return 0;
}

void replay_run(struct replay *r, const struct replay_event *ev, uint32_t n)
{
	for (uint32_t k = 0; k < n && !r->wfail; k++) {
		const struct replay_event *e = &ev[k];
		uint32_t ti = e->thread;
		if (ti >= r->nwork && replay_reserve(r, ti) < 0) {
			r->wfail = 1;
			break;
		}
		struct tv_thread *th = &r->wth[ti];
		struct replay_thread *rt = &r->rt[ti];
		int rc = e->method == REPLAY_MARK ? replay_mark(th, e->rel, 1)
		         : e->where & 1 ? replay_exit(r, th, rt, e->method, e->rel, e->where >> 1)
		                        : replay_enter(r, th, rt, e->method, e->rel);
		if (rc < 0)
			r->wfail = 1;
	}
}

/* ------------------------------------------------------------ the end */

/* Rule 4: calls still open end at the thread's last timestamp. */
static int replay_close_open(struct replay *r, struct tv_thread *th, struct replay_thread *rt)
{
	uint64_t rel[2] = {0, 0};
	for (unsigned s = 0; s < r->nslots; s++)
		rel[s] = th->last[s] - th->first[s];
	if (replay_mark(th, rel, -(int64_t)rt->depth) < 0)
		return -1;
	while (rt->depth)
		if (replay_pop(r, th, rt, rel) < 0)
			return -1;
	return 0;
}

/* Permute one per-call array by perm (new index -> old index). */
static int replay_permute(uint32_t **arr, const uint32_t *perm, uint32_t n)
{
	if (!*arr)
		return 0;
	uint32_t *out = malloc((size_t)(n ? n : 1) * sizeof *out);
	if (!out)
		return -1;
	for (uint32_t i = 0; i < n; i++)
		out[i] = (*arr)[perm[i]];
	free(*arr);
	*arr = out;
	return 0;
}

/* Puts a thread's calls back in preorder after adoptions. Siblings keep
 * their creation order, which is their order in time. */
static int replay_reorder(struct tv_thread *th)
{
	uint32_t n = th->ncalls;
	size_t sz = (size_t)(n ? n : 1) * sizeof(uint32_t);
	uint32_t *first = malloc(sz), *next = malloc(sz), *last = malloc(sz);
	uint32_t *perm = malloc(sz), *stack = malloc(sz);
	uint32_t roots_first = TV_ROOT, roots_last = TV_ROOT;
	int rc = -1;
	if (!first || !next || !last || !perm || !stack)
		goto out;
	for (uint32_t i = 0; i < n; i++)
		first[i] = last[i] = next[i] = TV_ROOT;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t p = th->parent[i];
		uint32_t *f = p == TV_ROOT ? &roots_first : &first[p];
		uint32_t *l = p == TV_ROOT ? &roots_last : &last[p];
		if (*f == TV_ROOT)
			*f = i;
		else
			next[*l] = i;
		*l = i;
	}
	/* Iterative DFS: stack holds the next sibling to visit at each level. */
	uint32_t sp = 0, out_n = 0;
	uint32_t cur = roots_first;
	while (cur != TV_ROOT || sp) {
		if (cur == TV_ROOT) {
			cur = stack[--sp];
			continue;
		}
		perm[out_n++] = cur;
		if (next[cur] != TV_ROOT)
			stack[sp++] = next[cur];
		cur = first[cur];
	}
	/* old -> new, reusing 'first' */
	for (uint32_t i = 0; i < n; i++)
		first[perm[i]] = i;
	for (uint32_t i = 0; i < n; i++)
		if (th->parent[i] != TV_ROOT)
			th->parent[i] = first[th->parent[i]];
	if (replay_permute(&th->method, perm, n) < 0 || replay_permute(&th->parent, perm, n) < 0)
		goto out;
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (replay_permute(&th->start[c], perm, n) < 0 || replay_permute(&th->end[c], perm, n) < 0 ||
		    replay_permute(&th->start_hi[c], perm, n) < 0 ||
		    replay_permute(&th->end_hi[c], perm, n) < 0)
			goto out;
	th->cap = n;
	rc = 0;
out:
	free(first);
	free(next);
	free(last);
	free(perm);
	free(stack);
	return rc;
}

/* ------------------------------------------------------------ handing over */

void replay_move_calls(struct replay *r, struct trace *tr)
{
	for (uint32_t i = 0; i < r->nwork && i < tr->nthreads; i++) {
		struct tv_thread *to = &tr->threads[i], *from = &r->wth[i];
		to->ncalls = from->ncalls;
		to->cap = from->cap;
		to->method = from->method;
		to->parent = from->parent;
		to->walk_calls = from->walk_calls;
		to->marks = from->marks;
		to->nmarks = from->nmarks;
		to->marks_cap = from->marks_cap;
		for (int c = 0; c < TV_NCLOCKS; c++) {
			to->start[c] = from->start[c];
			to->end[c] = from->end[c];
			to->start_hi[c] = from->start_hi[c];
			to->end_hi[c] = from->end_hi[c];
		}
		memset(from, 0, sizeof *from);
	}
	/* Only the replay adds these kinds, so counts and first offsets are
	 * what one pass would have found. */
	for (int k = 0; k < TV_WARN_COUNT; k++)
		tv_warnings_add(&tr->warnings, (enum tv_warn)k, r->wwarn.first_offset[k],
		                r->wwarn.count[k]);
	tv_warnings_init(&r->wwarn);
}

int replay_finish_thread(struct replay *r, uint32_t ti, struct tv_thread *th)
{
	struct replay_thread *rt = &r->rt[ti];
	if (replay_close_open(r, th, rt) < 0)
		return -1;
	return rt->reorder ? replay_reorder(th) : 0;
}

void replay_move_sums(struct replay *r, struct trace *tr)
{
	trace_esums_free(&tr->esums);
	esumtab_take(&r->sums, &tr->esums);
}
