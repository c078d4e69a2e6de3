/* test_pathtree.c: the call trees (docs/numbers.md, "Call trees").
 *
 * Hand-checked numbers on small written traces (comments show the
 * arithmetic), then the trees' invariants on random rule traces and on
 * every real trace, with every node also recomputed independently from
 * the calls: each call is walked up its parent chain, which names its
 * top-down node (the path from the root) and its bottom-up node (where
 * its caller chain ends), and the numbers summed that way must equal the
 * tree's exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "model/trace.h"
#include "testutil.h"
#include "tracegen.h"

/* ------------------------------------------------------------ fixtures */

struct fx {
	struct tg *tg;
	struct trace tr;
	struct pathtree td, bu;
	int loaded;
};

static int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	f->tg = tg_new();
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fx *f = *state;
	pathtree_free(&f->td);
	pathtree_free(&f->bu);
	if (f->loaded)
		trace_free(&f->tr);
	tg_free(f->tg);
	free(f);
	return 0;
}

/* Loads script (V1 v3 dual) and builds both trees on clock over all
 * threads (tid NULL) or one. */
static struct fx *fx_run(void **state, const char *script, const uint32_t *tid, int clock)
{
	struct fx *f = *state;
	struct tv_error err = {0};
	assert_int_equal(tg_script(f->tg, script), 0);
	assert_int_equal(tu_load_tg(&f->tr, f->tg, NULL), TV_OK);
	f->loaded = 1;
	assert_int_equal(pathtree_build(&f->td, &f->tr, tid, clock, &err), TV_OK);
	assert_int_equal(pathtree_build_inverted(&f->bu, &f->tr, tid, clock, &err), TV_OK);
	return f;
}

static uint32_t method_of(const struct fx *f, const char *sym)
{
	uint32_t m = trace_find_method(&f->tr, tg_id(f->tg, sym));
	if (m == IDMAP_NONE)
		fail_msg("no method %s", sym);
	return m;
}

/* The child of node with method sym (node expanded first), or PATHTREE_NONE. */
static uint32_t child(struct fx *f, struct pathtree *t, uint32_t node, const char *sym)
{
	uint32_t m = method_of(f, sym), n;
	assert_int_equal(pathtree_expand(t, node), TV_OK);
	const uint32_t *k = pathtree_children(t, node, &n);
	for (uint32_t i = 0; i < n; i++)
		if (t->nodes[k[i]].method == m)
			return k[i];
	return PATHTREE_NONE;
}

/* A node by its path of symbols, "A B C": top-down from the root; bottom-up
 * the root of A, then its caller B, then B's caller C. */
static uint32_t at(struct fx *f, struct pathtree *t, const char *path)
{
	char buf[128], *save = NULL;
	snprintf(buf, sizeof buf, "%s", path);
	uint32_t node = 0;
	char *sym = strtok_r(buf, " ", &save);
	if (t->inverted) {
		uint32_t m = method_of(f, sym);
		node = PATHTREE_NONE;
		for (uint32_t i = 0; i < t->nroots; i++)
			if (t->nodes[t->roots[i]].method == m)
				node = t->roots[i];
		sym = strtok_r(NULL, " ", &save);
	}
	for (; sym && node != PATHTREE_NONE; sym = strtok_r(NULL, " ", &save))
		node = child(f, t, node, sym);
	if (node == PATHTREE_NONE)
		fail_msg("no node %s", path);
	return node;
}

/* calls, incl/excl CPU, incl/excl wall of a node. */
#define NODE(f, t, path, c, ic, ec, iw, ew) node_eq(f, t, path, (uint64_t[5]){c, ic, ec, iw, ew}, __LINE__)
static void node_eq(struct fx *f, struct pathtree *t, const char *path, const uint64_t w[5],
                    int line)
{
	const struct pathtree_node *n = &t->nodes[at(f, t, path)];
	uint64_t got[5] = {n->calls, n->incl[TV_CPU], n->excl[TV_CPU], n->incl[TV_WALL],
	                   n->excl[TV_WALL]};
	static const char *const what[5] = {"calls", "incl cpu", "excl cpu", "incl wall",
	                                    "excl wall"};
	for (int i = 0; i < 5; i++)
		if (got[i] != w[i])
			fail_msg("line %d: %s of [%s]%s: got %llu, want %llu", line, what[i], path,
			         t->inverted ? " (bottom-up)" : "", (unsigned long long)got[i],
			         (unsigned long long)w[i]);
}

/* The children (or roots, path NULL) by method, in order: "C B". */
static void order_eq(struct fx *f, struct pathtree *t, const char *path, const char *want)
{
	uint32_t n;
	const uint32_t *k;
	if (path) {
		uint32_t node = at(f, t, path);
		assert_int_equal(pathtree_expand(t, node), TV_OK);
		k = pathtree_children(t, node, &n);
	} else {
		k = t->roots;
		n = t->nroots;
	}
	char got[256] = "";
	for (uint32_t i = 0; i < n; i++) {
		const struct tv_method *m = &f->tr.methods[t->nodes[k[i]].method];
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%.*s", i ? " " : "",
		         (int)m->name.len, trace_str(&f->tr, m->name));
	}
	if (strcmp(got, want) != 0)
		fail_msg("children of [%s]: got \"%s\", want \"%s\"", path ? path : "roots", got, want);
}

/* ------------------------------------------------------------ invariants */

struct acc {
	uint64_t calls, incl[TV_NCLOCKS], excl[TV_NCLOCKS];
};

static void acc_add(struct acc *a, const struct acc *b)
{
	a->calls += b->calls;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		a->incl[c] += b->incl[c];
		a->excl[c] += b->excl[c];
	}
}

static int acc_eq(const struct acc *a, const struct pathtree_node *n)
{
	return a->calls == n->calls && !memcmp(a->incl, n->incl, sizeof a->incl) &&
	       !memcmp(a->excl, n->excl, sizeof a->excl);
}

/* Children sorted: key descending, then method id, then node. */
static void check_order(const struct pathtree *t, const uint32_t *k, uint32_t n, const char *name)
{
	for (uint32_t i = 1; i < n; i++) {
		uint64_t a = pathtree_key(t, k[i - 1]), b = pathtree_key(t, k[i]);
		uint32_t ma = t->nodes[k[i - 1]].method, mb = t->nodes[k[i]].method;
		uint64_t ia = ma == PATHTREE_TOPLEVEL ? 0 : t->tr->methods[ma].id;
		uint64_t ib = mb == PATHTREE_TOPLEVEL ? 0 : t->tr->methods[mb].id;
		if (a < b || (a == b && ia > ib))
			fail_msg("%s: children out of order", name);
	}
}

/* The child of node with method m, or PATHTREE_NONE. */
static uint32_t find_kid(const struct pathtree *t, uint32_t node, uint32_t m)
{
	uint32_t n;
	const uint32_t *k = pathtree_children(t, node, &n);
	for (uint32_t i = 0; i < n; i++)
		if (t->nodes[k[i]].method == m)
			return k[i];
	return PATHTREE_NONE;
}

/* Per call of a thread: its numbers (recursive flag in calls' place). */
static struct acc *call_numbers(const struct trace *tr, const struct tv_thread *th)
{
	struct acc *a = calloc(th->ncalls ? th->ncalls : 1, sizeof *a);
	uint64_t *kid = calloc((size_t)(th->ncalls ? th->ncalls : 1) * TV_NCLOCKS, sizeof *kid);
	assert_non_null(a);
	assert_non_null(kid);
	for (uint32_t i = 0; i < th->ncalls; i++)
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (tr->has_clock[c]) {
				a[i].incl[c] = trace_call_incl(th, c, i);
				if (th->parent[i] != TV_ROOT)
					kid[(size_t)th->parent[i] * TV_NCLOCKS + c] += a[i].incl[c];
			}
	for (uint32_t i = 0; i < th->ncalls; i++) {
		a[i].calls = 1;
		for (int c = 0; c < TV_NCLOCKS; c++)
			a[i].excl[c] = a[i].incl[c] - kid[(size_t)i * TV_NCLOCKS + c];
	}
	free(kid);
	return a;
}

/* Expands every node of a tree: the roots in one pass, the rest one
 * by one (nodes are appended, so one sweep reaches them all). Whether a
 * node said it was expandable must match the children it then has. */
static void expand_everything(struct pathtree *t, const char *name)
{
	uint8_t *could = malloc(t->nroots ? t->nroots : 1);
	for (uint32_t i = 0; i < t->nroots; i++)
		could[i] = (uint8_t)pathtree_expandable(t, t->roots[i]);
	assert_int_equal(pathtree_expand_all(t, t->roots, t->nroots), TV_OK);
	for (uint32_t i = 0; i < t->nroots; i++)
		if (could[i] != (t->nodes[t->roots[i]].nkids > 0))
			fail_msg("%s: root %u: expandable %d, %u children", name, i, could[i],
			         t->nodes[t->roots[i]].nkids);
	free(could);
	for (uint32_t i = 0; i < t->nnodes; i++) {
		int c = pathtree_expandable(t, i);
		assert_int_equal(pathtree_expand(t, i), TV_OK);
		if (c != (t->nodes[i].nkids > 0))
			fail_msg("%s: node %u: expandable %d, %u children", name, i, c,
			         t->nodes[i].nkids);
	}
}

/* The top-down tree recomputed call by call, and incl = excl + Σ kids. */
static void check_td(struct pathtree *t, const struct profile *p, const char *name)
{
	const struct trace *tr = t->tr;
	expand_everything(t, name);
	struct acc *sum = calloc(t->nnodes, sizeof *sum);
	uint32_t *path = NULL;
	assert_non_null(sum);
	for (uint32_t k = 0; k < t->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[t->threads[k]];
		struct acc *num = call_numbers(tr, th);
		path = realloc(path, (size_t)(th->ncalls + 1) * sizeof *path);
		for (uint32_t i = 0; i < th->ncalls; i++) {
			uint32_t d = 0, node = 0;
			for (uint32_t c = i; c != TV_ROOT; c = th->parent[c])
				path[d++] = th->method[c];
			while (d && node != PATHTREE_NONE)
				node = find_kid(t, node, path[--d]);
			if (node == PATHTREE_NONE)
				fail_msg("%s: call %u of thread %u has no top-down node", name, i, th->tid);
			acc_add(&sum[node], &num[i]);
		}
		free(num);
	}
	free(path);
	sum[0].calls = t->nthreads;
	memcpy(sum[0].incl, p->top_incl, sizeof sum[0].incl);
	memcpy(sum[0].excl, p->top_excl, sizeof sum[0].excl);
	for (uint32_t i = 0; i < t->nnodes; i++) {
		const struct pathtree_node *n = &t->nodes[i];
		if (!acc_eq(&sum[i], n))
			fail_msg("%s: top-down node %u differs from its calls", name, i);
		uint32_t nk;
		const uint32_t *k = pathtree_children(t, i, &nk);
		check_order(t, k, nk, name);
		for (int c = 0; c < TV_NCLOCKS; c++) {
			uint64_t s = n->excl[c];
			for (uint32_t j = 0; j < nk; j++)
				s += t->nodes[k[j]].incl[c];
			if (s != n->incl[c])
				fail_msg("%s: top-down node %u: incl != excl + children", name, i);
		}
	}
	free(sum);
}

/* The bottom-up tree: roots against the profile; every node recomputed
 * from the calls (chains walked up), and = Σ children + its own ends. */
static void check_bu(struct pathtree *t, const struct profile *p, const char *name)
{
	const struct trace *tr = t->tr;
	uint64_t excl[TV_NCLOCKS] = {0};
	if (t->nroots != p->norder)
		fail_msg("%s: %u roots, %u methods", name, t->nroots, p->norder);
	uint32_t *root_of = malloc((size_t)(tr->nmethods ? tr->nmethods : 1) * sizeof *root_of);
	for (uint32_t i = 0; i < t->nroots; i++) {
		const struct pathtree_node *n = &t->nodes[t->roots[i]];
		const struct prof_method *m = &p->methods[n->method];
		if (n->calls != m->calls + m->rcalls || memcmp(n->incl, m->incl, sizeof n->incl) ||
		    memcmp(n->excl, m->excl, sizeof n->excl))
			fail_msg("%s: bottom-up root %u differs from its method", name, i);
		root_of[n->method] = t->roots[i];
		for (int c = 0; c < TV_NCLOCKS; c++)
			excl[c] += n->excl[c];
	}
	check_order(t, t->roots, t->nroots, name);
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (excl[c] != p->top_incl[c] - p->top_excl[c])
			fail_msg("%s: roots' excl %llu, want toplevel incl - excl", name,
			         (unsigned long long)excl[c]);
	expand_everything(t, name);
	struct acc *ends = calloc(t->nnodes ? t->nnodes : 1, sizeof *ends);
	for (uint32_t k = 0; k < t->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[t->threads[k]];
		struct acc *num = call_numbers(tr, th);
		for (uint32_t i = 0; i < th->ncalls; i++) {
			uint32_t m = th->method[i], node = root_of[m];
			int rec = 0;
			for (uint32_t c = th->parent[i]; c != TV_ROOT && node != PATHTREE_NONE;
			     c = th->parent[c]) {
				rec |= th->method[c] == m;
				node = find_kid(t, node, th->method[c]);
			}
			if (node == PATHTREE_NONE)
				fail_msg("%s: call %u of thread %u has no bottom-up node", name, i, th->tid);
			if (rec)
				memset(num[i].incl, 0, sizeof num[i].incl);
			acc_add(&ends[node], &num[i]);
		}
		free(num);
	}
	for (uint32_t i = 0; i < t->nnodes; i++) {
		uint32_t nk;
		const uint32_t *k = pathtree_children(t, i, &nk);
		struct acc s = ends[i];
		for (uint32_t j = 0; j < nk; j++) {
			const struct pathtree_node *c = &t->nodes[k[j]];
			struct acc a = {c->calls, {c->incl[0], c->incl[1]}, {c->excl[0], c->excl[1]}};
			acc_add(&s, &a);
		}
		if (!acc_eq(&s, &t->nodes[i]))
			fail_msg("%s: bottom-up node %u != children + calls ending there", name, i);
		check_order(t, k, nk, name);
	}
	free(ends);
	free(root_of);
}

/* ------------------------------------------------------------ find */

/* node's methods from its root down, in path[], how many returned. */
static uint32_t path_of(const struct pathtree *t, uint32_t node, uint32_t *path, uint32_t cap)
{
	uint32_t n = 0;
	for (uint32_t a = node; a != PATHTREE_NONE && n < cap; a = t->nodes[a].parent)
		path[n++] = t->nodes[a].method;
	return n;
}

static int same_node(const struct pathtree *a, uint32_t na, const struct pathtree *b, uint32_t nb)
{
	static uint32_t pa[4096], pb[4096];
	if (na == PATHTREE_NONE || nb == PATHTREE_NONE)
		return na == nb;
	uint32_t la = path_of(a, na, pa, 4096), lb = path_of(b, nb, pb, 4096);
	return la == lb && memcmp(pa, pb, la * sizeof *pa) == 0;
}

/* Every node of a fully expanded tree in preorder. */
static uint32_t *preorder(const struct pathtree *t, uint32_t *n)
{
	uint32_t *out = malloc(((size_t)t->nnodes + 1) * sizeof *out), *st = malloc(((size_t)t->nnodes + 1) * sizeof *st);
	uint32_t sp = 0;
	*n = 0;
	for (uint32_t i = t->nroots; i-- > 0;)
		st[sp++] = t->roots[i];
	while (sp) {
		uint32_t x = st[--sp], nk;
		out[(*n)++] = x;
		const uint32_t *k = pathtree_children(t, x, &nk);
		for (uint32_t i = nk; i-- > 0;)
			st[sp++] = k[i];
	}
	free(st);
	return out;
}

/* pathtree_find on a fresh (lazy) tree steps through exactly the matches of
 * the fully expanded one, in preorder, both ways, wrapping once past the
 * end; from a match with include_from it stays. */
static void check_find_want(const struct pathtree *full, const uint32_t *pre, uint32_t npre,
                            struct pathtree *lazy, const uint8_t *want, const char *name)
{
	uint32_t *m = malloc(((size_t)npre + 1) * sizeof *m), nm = 0;
	for (uint32_t i = 0; i < npre; i++)
		if (full->nodes[pre[i]].method != PATHTREE_TOPLEVEL && want[full->nodes[pre[i]].method])
			m[nm++] = pre[i];
	for (int dir = 1; dir >= -1; dir -= 2) {
		uint32_t cur, steps = nm + 1 < 40 ? nm + 1 : 40;
		int wrapped;
		assert_int_equal(pathtree_find(lazy, want, PATHTREE_NONE, dir, 0, &cur, &wrapped), TV_OK);
		assert_false(wrapped);
		if (!nm) {
			assert_int_equal(cur, PATHTREE_NONE);
			continue;
		}
		for (uint32_t i = 0; i < steps; i++) {
			uint32_t k = i % nm, want_node = m[dir > 0 ? k : nm - 1 - k];
			if (i) {
				assert_int_equal(pathtree_find(lazy, want, cur, dir, 0, &cur, &wrapped), TV_OK);
				if (wrapped != (i == nm))
					fail_msg("%s: %s step %u of %u: wrapped %d", name,
					         dir > 0 ? "forward" : "backward", i, nm, wrapped);
			}
			if (!same_node(full, want_node, lazy, cur))
				fail_msg("%s (%s): %s step %u of %u: wrong node", name,
				         full->inverted ? "bottom-up" : "top-down",
				         dir > 0 ? "forward" : "backward", i, nm);
		}
		uint32_t again;
		assert_int_equal(pathtree_find(lazy, want, cur, -dir, 1, &again, &wrapped), TV_OK);
		assert_int_equal(again, cur);
	}
	free(m);
}

/* Find over both trees, for a few method sets: the deepest node's method,
 * the first method, every third method. */
static void check_find(const struct trace *tr, const uint32_t *tid, int clock, const char *name)
{
	struct tv_error err = {0};
	for (int inv = 0; inv < 2; inv++) {
		struct pathtree full, lazy;
		assert_int_equal(inv ? pathtree_build_inverted(&full, tr, tid, clock, &err)
		                     : pathtree_build(&full, tr, tid, clock, &err), TV_OK);
		expand_everything(&full, name);
		uint32_t npre, deepest = 0;
		uint32_t *pre = preorder(&full, &npre);
		for (uint32_t i = 0; i < npre; i++)
			if (full.nodes[pre[i]].depth > full.nodes[deepest].depth)
				deepest = pre[i];
		uint8_t *want = calloc(tr->nmethods + 1, 1);
		for (int set = 0; set < 3; set++) {
			memset(want, 0, tr->nmethods + 1);
			for (uint32_t mi = 0; mi < tr->nmethods; mi++)
				want[mi] = set == 0 ? full.nodes[deepest].method == mi
				         : set == 1 ? mi == 0 : mi % 3 == 1;
			assert_int_equal(inv ? pathtree_build_inverted(&lazy, tr, tid, clock, &err)
			                     : pathtree_build(&lazy, tr, tid, clock, &err), TV_OK);
			check_find_want(&full, pre, npre, &lazy, want, name);
			pathtree_free(&lazy);
		}
		free(want);
		free(pre);
		pathtree_free(&full);
	}
}

/* Both trees of tr over one selection, on both clocks, checked. */
static void check_selection(const struct trace *tr, const uint32_t *tid, const char *name)
{
	struct profile p;
	struct pathtree td, bu;
	struct tv_error err = {0};
	assert_int_equal(profile_build(&p, tr, tid, &err), TV_OK);
	for (int clock = 0; clock < TV_NCLOCKS; clock++) {
		if (!tr->has_clock[clock])
			continue;
		assert_int_equal(pathtree_build(&td, tr, tid, clock, &err), TV_OK);
		check_td(&td, &p, name);
		pathtree_free(&td);
		assert_int_equal(pathtree_build_inverted(&bu, tr, tid, clock, &err), TV_OK);
		check_bu(&bu, &p, name);
		/* Re-sorting on the other clock keeps a valid order. */
		assert_int_equal(pathtree_sort(&bu, !clock), TV_OK);
		check_bu(&bu, &p, name);
		pathtree_free(&bu);
		if (!tid && clock == (tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL))
			check_find(tr, tid, clock, name);
	}
	profile_free(&p);
}

/* All threads, then each thread alone. */
static void check_trace(const struct trace *tr, const char *name)
{
	check_selection(tr, NULL, name);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].records)
			check_selection(tr, &tr->threads[i].tid, name);
}

/* ------------------------------------------------------------ hand-checked */

/* One thread, two clocks that disagree about which child is heavier.
 * Calls (cpu / wall): A [0,100]/[0,200]; B [10,30]/[20,50]; C [40,60]/
 * [60,100] with B [45,55]/[70,90] inside. A excl 100-20-20 = 60 cpu,
 * 200-30-40 = 130 wall; C excl 20-10 = 10 / 40-20 = 20. */
static const char two_clocks[] =
	"1 > A 0 0\n1 > B 10 20\n1 < B 30 50\n1 > C 40 60\n1 > B 45 70\n1 < B 55 90\n"
	"1 < C 60 100\n1 < A 100 200\n";

static void test_topdown_basic(void **state)
{
	struct fx *f = fx_run(state, two_clocks, NULL, TV_WALL);
	struct pathtree *t = &f->td;
	assert_int_equal(t->nodes[0].method, PATHTREE_TOPLEVEL);
	assert_int_equal(t->nodes[0].calls, 1);       /* one thread */
	assert_int_equal(t->nodes[0].incl[TV_WALL], 200);
	NODE(f, t, "A", 1, 100, 60, 200, 130);
	NODE(f, t, "A B", 1, 20, 20, 30, 30);
	NODE(f, t, "A C", 1, 20, 10, 40, 20);
	NODE(f, t, "A C B", 1, 10, 10, 20, 20);
	assert_int_equal(t->nodes[at(f, t, "A C B")].depth, 3);
	/* By wall incl C (40) comes before B (30); by CPU they tie at 20 and
	 * B's id (0x8, declared second) is lower. */
	order_eq(f, t, "A", "C B");
	assert_int_equal(pathtree_sort(t, TV_CPU), TV_OK);
	order_eq(f, t, "A", "B C");
	assert_false(pathtree_expandable(t, at(f, t, "A B")));
	assert_true(pathtree_expandable(t, at(f, t, "A C")));
}

/* Bottom-up of the same: B's two calls have callers A and C. */
static void test_bottomup_basic(void **state)
{
	struct fx *f = fx_run(state, two_clocks, NULL, TV_WALL);
	struct pathtree *t = &f->bu;
	order_eq(f, t, NULL, "A B C");               /* excl wall 130, 50, 20 */
	NODE(f, t, "A", 1, 100, 60, 200, 130);
	NODE(f, t, "B", 2, 30, 30, 50, 50);           /* 20+10 cpu, 30+20 wall */
	NODE(f, t, "C", 1, 20, 10, 40, 20);
	NODE(f, t, "B A", 1, 20, 20, 30, 30);         /* the first B */
	NODE(f, t, "B C", 1, 10, 10, 20, 20);         /* the one inside C */
	NODE(f, t, "B C A", 1, 10, 10, 20, 20);
	NODE(f, t, "C A", 1, 20, 10, 40, 20);
	order_eq(f, t, "B", "A C");                   /* excl wall 30, 20 */
	/* A is only ever called from the root: nothing to expand. */
	assert_false(pathtree_expandable(t, at(f, t, "A")));
	assert_false(pathtree_expandable(t, at(f, t, "B A")));
	assert_true(pathtree_expandable(t, at(f, t, "B C")));
	/* pathtree_expand_all takes deeper nodes too, beside roots (it once
	 * overran its per-root arrays on them): on a fresh tree, with only the
	 * root B expanded, "B C" and the root C in one call. */
	struct tv_error err = {0};
	pathtree_free(t);
	assert_int_equal(pathtree_build_inverted(t, &f->tr, NULL, TV_WALL, &err), TV_OK);
	uint32_t b = PATHTREE_NONE, c = PATHTREE_NONE, bc = PATHTREE_NONE, n;
	for (uint32_t i = 0; i < t->nroots; i++) {
		if (t->nodes[t->roots[i]].method == method_of(f, "B"))
			b = t->roots[i];
		if (t->nodes[t->roots[i]].method == method_of(f, "C"))
			c = t->roots[i];
	}
	assert_int_equal(pathtree_expand(t, b), TV_OK);
	const uint32_t *kids = pathtree_children(t, b, &n);
	for (uint32_t i = 0; i < n; i++)
		if (t->nodes[kids[i]].method == method_of(f, "C"))
			bc = kids[i];
	assert_int_not_equal(bc, PATHTREE_NONE);
	assert_false(t->nodes[bc].expanded);
	uint32_t mixed[] = {bc, c};
	assert_int_equal(pathtree_expand_all(t, mixed, 2), TV_OK);
	assert_true(t->nodes[bc].expanded && t->nodes[c].expanded);
	NODE(f, t, "B C A", 1, 10, 10, 20, 20);
	NODE(f, t, "C A", 1, 20, 10, 40, 20);
	check_trace(&f->tr, "two_clocks");
}

/* Recursion, direct and through B (one clock: wall = cpu).
 * A1 [0,100] > A2 [10,40] > A3 [20,30]; A1 > B [50,80] > A4 [60,70].
 * excl: A3 10, A2 30-10 = 20, A4 10, B 30-10 = 20, A1 100-30-30 = 40. */
static const char recursion[] =
	"1 > A 0\n1 > A 10\n1 > A 20\n1 < A 30\n1 < A 40\n1 > B 50\n1 > A 60\n1 < A 70\n"
	"1 < B 80\n1 < A 100\n";

static void test_recursion(void **state)
{
	struct fx *f = fx_run(state, recursion, NULL, TV_CPU);
	/* Top-down: no recursion rule, deeper paths. */
	NODE(f, &f->td, "A", 1, 100, 40, 100, 40);
	NODE(f, &f->td, "A A", 1, 30, 20, 30, 20);
	NODE(f, &f->td, "A A A", 1, 10, 10, 10, 10);
	NODE(f, &f->td, "A B", 1, 30, 20, 30, 20);
	NODE(f, &f->td, "A B A", 1, 10, 10, 10, 10);
	/* Bottom-up root A: 1 + 3 recursive calls, incl of A1 only (100),
	 * excl 40+20+10+10 = 80. */
	struct pathtree *t = &f->bu;
	NODE(f, t, "A", 4, 100, 80, 100, 80);
	NODE(f, t, "B", 1, 30, 20, 30, 20);
	/* A <- A covers A2 and A3, both recursive: incl 0, excl 20+10. */
	NODE(f, t, "A A", 2, 0, 30, 0, 30);
	NODE(f, t, "A A A", 1, 0, 10, 0, 10);         /* A3: grandparent A1 */
	NODE(f, t, "A B", 1, 0, 10, 0, 10);           /* A4, recursive */
	NODE(f, t, "A B A", 1, 0, 10, 0, 10);
	NODE(f, t, "B A", 1, 30, 20, 30, 20);
	order_eq(f, t, "A", "A B");
	/* A1's chain ends at the root A: 4 = 2 + 1 + 1 calls, 80 = 30 + 10 +
	 * 40 excl, 100 = 0 + 0 + 100 incl (checked for every node below). */
	check_trace(&f->tr, "recursion");
}

/* Adoption and an open call. C's orphan exit at 20 makes C [5,20] adopt
 * A [5,8] and B [10,12]; D [25,..] is open at the end and ends at the last
 * timestamp 35, E [27,35] inside. Span 30, root calls 15+10 = 25, so
 * toplevel excl 5. */
static const char adoption[] =
	"1 > A 5\n1 < A 8\n1 > B 10\n1 < B 12\n1 < C 20\n1 > D 25\n1 > E 27\n1 < E 35\n";

static void test_adoption_open(void **state)
{
	struct fx *f = fx_run(state, adoption, NULL, TV_CPU);
	struct pathtree *t = &f->td;
	NODE(f, t, "C", 1, 15, 10, 15, 10);
	NODE(f, t, "C A", 1, 3, 3, 3, 3);
	NODE(f, t, "C B", 1, 2, 2, 2, 2);
	NODE(f, t, "D", 1, 10, 2, 10, 2);
	NODE(f, t, "D E", 1, 8, 8, 8, 8);
	assert_int_equal(t->nodes[0].incl[TV_CPU], 30);
	assert_int_equal(t->nodes[0].excl[TV_CPU], 5);
	order_eq(f, t, "", "C D");
	t = &f->bu;
	/* excl 10 (C), 8 (E), 3 (A), then B and D tie at 2: B's id is lower. */
	order_eq(f, t, NULL, "C E A B D");
	NODE(f, t, "A C", 1, 3, 3, 3, 3);
	NODE(f, t, "E D", 1, 8, 8, 8, 8);
	NODE(f, t, "D", 1, 10, 2, 10, 2);
	check_trace(&f->tr, "adoption");
}

/* Two threads merge by path; one thread alone is its own tree.
 * Thread 1: A [0,30] > B [10,20]: A excl 20. Thread 2: A [5,25] > C [6,16],
 * B [17,18]: A excl 20-10-1 = 9. */
static const char two_threads[] =
	"thread 1 main\nthread 2 worker\n"
	"1 > A 0\n1 > B 10\n1 < B 20\n1 < A 30\n"
	"2 > A 5\n2 > C 6\n2 < C 16\n2 > B 17\n2 < B 18\n2 < A 25\n";

static void test_threads(void **state)
{
	struct fx *f = fx_run(state, two_threads, NULL, TV_CPU);
	assert_int_equal(f->td.nodes[0].calls, 2);
	assert_int_equal(f->td.nodes[0].incl[TV_CPU], 50);
	NODE(f, &f->td, "A", 2, 50, 29, 50, 29);
	NODE(f, &f->td, "A B", 2, 11, 11, 11, 11);
	NODE(f, &f->td, "A C", 1, 10, 10, 10, 10);
	order_eq(f, &f->td, "A", "B C");
	NODE(f, &f->bu, "B A", 2, 11, 11, 11, 11);
	order_eq(f, &f->bu, NULL, "A B C");           /* excl 29, 11, 10 */
	check_trace(&f->tr, "two_threads");

	uint32_t tid = 2;
	struct pathtree t;
	struct tv_error err = {0};
	assert_int_equal(pathtree_build(&t, &f->tr, &tid, TV_CPU, &err), TV_OK);
	pathtree_free(&f->td);
	f->td = t;
	assert_int_equal(f->td.nodes[0].calls, 1);
	assert_int_equal(f->td.nodes[0].incl[TV_CPU], 20);
	NODE(f, &f->td, "A", 1, 20, 9, 20, 9);
	order_eq(f, &f->td, "A", "C B");

	tid = 3;
	assert_int_equal(pathtree_build(&t, &f->tr, &tid, TV_CPU, &err), TV_ERR_NO_THREAD);
	assert_int_equal(pathtree_build_inverted(&t, &f->tr, &tid, TV_CPU, &err), TV_ERR_NO_THREAD);
}

/* ------------------------------------------------------------ generated */

/* Random scripts over three threads and five methods: enters, exits of
 * open and of never-entered methods (orphans, adoptions), unrolls, lost
 * exits (an exit of a method deeper in the stack), action 3, and calls
 * left open at the end. */
static void test_random(void **state)
{
	(void)state;
	uint64_t s = 0x2545F4914F6CDD1Dull;
	for (int round = 0; round < 60; round++) {
		char *script = NULL;
		size_t len = 0;
		FILE *ms = open_memstream(&script, &len);
		uint64_t clk[3] = {0, 0, 0};
		for (int i = 0, n = 20 + round * 3; i < n; i++) {
			s ^= s << 13, s ^= s >> 7, s ^= s << 17;
			int th = (int)(s % 3), op = (int)(s >> 8) % 10, m = (int)(s >> 16) % 5;
			clk[th] += (s >> 24) % 7;
			const char *ops = op < 5 ? ">" : op < 8 ? "<" : op < 9 ? "!" : "?";
			fprintf(ms, "%d %s %c %llu %llu\n", th + 1, ops, 'A' + m,
			        (unsigned long long)clk[th], (unsigned long long)(clk[th] * 2 + i % 3));
		}
		fclose(ms);
		struct tg *tg = tg_new();
		struct trace tr;
		assert_int_equal(tg_script(tg, script), 0);
		assert_int_equal(tu_load_tg(&tr, tg, NULL), TV_OK);
		char name[32];
		snprintf(name, sizeof name, "random %d", round);
		check_trace(&tr, name);
		trace_free(&tr);
		tg_free(tg);
		free(script);
	}
}

/* ------------------------------------------------------------ real traces */

/* Loads one real trace and checks its trees. */
static void check_file(const char *path)
{
	struct trace tr;
	struct tv_error err = {0};
	char errfile[1024];
	trace_init(&tr);
	assert_int_equal(load_file(&tr, path, &err, errfile, sizeof errfile), TV_OK);
	check_trace(&tr, strrchr(path, '/') + 1);
	trace_free(&tr);
}

static void test_real(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	if (!dir) {
		print_message("real-trace folder absent: skipped\n");
		skip();
	}
	size_t n;
	char **v = tu_real_traces(&n);
	for (size_t i = 0; i < n; i++)
		check_file(v[i]);
	tu_free_list(v, n);
	assert_true(n > 0);
	print_message("call trees checked on %zu real traces (all threads and each thread)\n", n);
}

/* ------------------------------------------------------------ sort columns */

/* A calls P, Q, R once each and S three times; the columns disagree.
 * cpu / wall: P 1..51 / 1..61 (50 / 60, wait 10); Q 51..61 / 61..131
 * (10 / 70, wait 60); R 61..101 / 131..211 (40 / 80, wait 40); S 2 / 1
 * three times: 6 / 3, wait -3 (CPU ahead of wall). A 0..110 / 0..220:
 * excl 110-106 = 4 cpu, 220-213 = 7 wall, wait 3. Ids in order of first
 * use: A < P < Q < R < S. */
static const char sort_cols[] =
	"1 > A 0 0\n1 > P 1 1\n1 < P 51 61\n1 > Q 51 61\n1 < Q 61 131\n"
	"1 > R 61 131\n1 < R 101 211\n1 > S 101 211\n1 < S 103 212\n"
	"1 > S 103 212\n1 < S 105 213\n1 > S 105 213\n1 < S 107 214\n1 < A 110 220\n";

static void sort_td(struct fx *f, enum pathtree_by by, int asc, const char *want)
{
	assert_int_equal(pathtree_sort_by(&f->td, TV_WALL, by, asc), TV_OK);
	order_eq(f, &f->td, "A", want);
}

static void sort_bu(struct fx *f, enum pathtree_by by, int asc, const char *want)
{
	assert_int_equal(pathtree_sort_by(&f->bu, TV_WALL, by, asc), TV_OK);
	order_eq(f, &f->bu, NULL, want);
}

static void test_sort_columns(void **state)
{
	struct fx *f = fx_run(state, sort_cols, NULL, TV_WALL);
	/* Nothing expanded yet: A's children are sorted by wait when made. */
	assert_false(f->td.nodes[0].expanded);
	sort_td(f, PATHTREE_BY_INCL_WAIT, 0, "Q R P S");  /* 60 40 10 -3 */
	NODE(f, &f->td, "A S", 3, 6, 6, 3, 3);
	NODE(f, &f->td, "A", 1, 110, 4, 220, 7);
	sort_td(f, PATHTREE_BY_INCL_WALL, 0, "R Q P S");  /* 80 70 60 3, the default */
	sort_td(f, PATHTREE_BY_INCL_CPU, 0, "P R Q S");   /* 50 40 10 6 */
	sort_td(f, PATHTREE_BY_EXCL_WAIT, 0, "Q R P S");  /* leaves: excl = incl */
	sort_td(f, PATHTREE_BY_INCL_WAIT, 1, "S P R Q");  /* ascending: -3 first */
	sort_td(f, PATHTREE_BY_CALLS, 0, "S P Q R");      /* 3, then ties by id */
	sort_td(f, PATHTREE_BY_CALLS, 1, "P Q R S");
	assert_int_equal(pathtree_sort(&f->td, TV_WALL), TV_OK);
	assert_int_equal(f->td.by, PATHTREE_BY_INCL_WALL);
	order_eq(f, &f->td, "A", "R Q P S");
	/* Bottom-up roots by excl: A's is 4 cpu, 7 wall, wait 3. */
	sort_bu(f, PATHTREE_BY_EXCL_WALL, 0, "R Q P A S");  /* 80 70 60 7 3 */
	sort_bu(f, PATHTREE_BY_EXCL_CPU, 0, "P R Q S A");   /* 50 40 10 6 4 */
	sort_bu(f, PATHTREE_BY_EXCL_WAIT, 0, "Q R P A S");  /* 60 40 10 3 -3 */
	sort_bu(f, PATHTREE_BY_INCL_WALL, 0, "A R Q P S");  /* A's incl 220 */
	sort_bu(f, PATHTREE_BY_CALLS, 0, "S A P Q R");
	/* pathtree_key() stays the default column's, whatever the sort. */
	uint32_t s = at(f, &f->bu, "S");
	assert_int_equal(pathtree_key(&f->bu, s), 3);
	assert_int_equal(pathtree_key(&f->td, at(f, &f->td, "A S")), 3);
}

static void test_sort_names(void **state)
{
	(void)state;
	enum pathtree_by by;
	int asc;
	for (int i = 0; i < PATHTREE_BY_COUNT; i++) {
		assert_int_equal(pathtree_by_parse(pathtree_by_name((enum pathtree_by)i), &by, &asc), 0);
		assert_int_equal(by, i);
		assert_int_equal(asc, 0);
	}
	assert_int_equal(pathtree_by_parse("-excl_wait_usec", &by, &asc), 0);
	assert_int_equal(by, PATHTREE_BY_EXCL_WAIT);
	assert_int_equal(asc, 1);
	assert_int_equal(pathtree_by_parse("calls_usec", &by, &asc), -1);
	assert_int_equal(pathtree_by_parse("incl", &by, &asc), -1);
	assert_int_equal(pathtree_by_parse("", &by, &asc), -1);
	assert_int_equal(pathtree_by_parse("incl_cpux", &by, &asc), -1);
	/* a dump without time names its wall columns by events */
	assert_int_equal(pathtree_by_parse("-excl_events", &by, &asc), 1);
	assert_int_equal(by, PATHTREE_BY_EXCL_WALL);
	assert_int_equal(asc, 1);
	assert_int_equal(pathtree_by_parse("incl_events_usec", &by, &asc), -1);
	struct trace tr;
	trace_init(&tr);
	tr.clock = TV_CLOCK_SEQUENCE;
	assert_string_equal(pathtree_by_label(&tr, PATHTREE_BY_INCL_WALL), "incl_events");
	assert_string_equal(pathtree_by_label(&tr, PATHTREE_BY_CALLS), "calls");
	tr.clock = TV_CLOCK_WALL;
	assert_string_equal(pathtree_by_label(&tr, PATHTREE_BY_INCL_WALL), "incl_wall");
	trace_free(&tr);
	assert_int_equal(pathtree_by_swap(PATHTREE_BY_EXCL_CPU), PATHTREE_BY_EXCL_WALL);
	assert_int_equal(pathtree_by_swap(PATHTREE_BY_INCL_WAIT), PATHTREE_BY_INCL_WAIT);
	assert_int_equal(pathtree_default_by(1, TV_CPU), PATHTREE_BY_EXCL_CPU);
	assert_int_equal(pathtree_default_by(0, TV_WALL), PATHTREE_BY_INCL_WALL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_topdown_basic, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_bottomup_basic, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_sort_columns, fx_setup, fx_teardown),
		cmocka_unit_test(test_sort_names),
		cmocka_unit_test_setup_teardown(test_recursion, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_adoption_open, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_threads, fx_setup, fx_teardown),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_real),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
