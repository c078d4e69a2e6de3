/* pathtree_find.c: find in a call tree (docs/ui.md, "Find in the call
 * trees"; pathtree.h): a subtree is entered only when it holds a match.
 */
#include "analyze/pathtree.h"

#include "analyze/pathtree_internal.h"
#include "model/callwalk.h"

#include <stdlib.h>

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
