/* sumname.c: each entry's edge named on the reader's side (see sumname.h). */
#include "model/sumname.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/idmap.h"

/* A method as a caller: its last four callees and their edges. Most
 * methods call few others, so this answers most lookups without the map. */
struct sumname_caller {
	uint32_t to[4], edge[4];
	uint32_t next;
};

struct sumname_stack {
	uint32_t *method;
	uint32_t depth, cap;
};

struct sumname {
	struct sumname_caller *callers, root;
	uint32_t ncallers;
	struct sumname_stack *stacks;
	uint32_t nstacks;
	struct idmap ids;          /* from << 32 | to -> edge number */
	struct tv_eend *ends;
	uint32_t n, cap;
};

static void sumname_caller_init(struct sumname_caller *c)
{
	memset(c, 0, sizeof *c);
	memset(c->to, 0xff, sizeof c->to);   /* no callee */
}

struct sumname *sumname_new(void)
{
	struct sumname *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	sumname_caller_init(&s->root);
	idmap_init(&s->ids);
	return s;
}

void sumname_free(struct sumname *s)
{
	if (!s)
		return;
	for (uint32_t i = 0; i < s->nstacks; i++)
		free(s->stacks[i].method);
	free(s->stacks);
	free(s->callers);
	idmap_free(&s->ids);
	free(s->ends);
	free(s);
}

uint32_t sumname_edge(struct sumname *s, uint32_t from, uint32_t to)
{
	int added;
	uint32_t e = idmap_get_or_put(&s->ids, (uint64_t)from << 32 | to, s->n, &added);
	if (e == IDMAP_NONE || !added)
		return e;
	if (grow_push32((void **)&s->ends, &s->cap, s->n, sizeof *s->ends) < 0)
		return IDMAP_NONE;  /* the map now names a missing edge: fatal */
	s->ends[s->n++] = (struct tv_eend){from, to};
	return e;
}

/* The stack of thread ti, made when new; NULL when out of memory. */
static struct sumname_stack *sumname_stack(struct sumname *s, uint32_t ti)
{
	if (ti < s->nstacks)
		return &s->stacks[ti];
	uint32_t cap = s->nstacks;
	if (ti == UINT32_MAX || grow_to32_zeroed((void **)&s->stacks, &cap, ti + 1,
	                                         sizeof *s->stacks) < 0)
		return NULL;
	s->nstacks = cap;
	return &s->stacks[ti];
}

/* Method m's record as a caller, made when new; NULL when out of memory. */
static struct sumname_caller *sumname_caller(struct sumname *s, uint32_t m)
{
	if (m == TV_ROOT)
		return &s->root;
	if (m >= s->ncallers) {
		uint32_t cap = s->ncallers;
		if (grow_to32((void **)&s->callers, &cap, m + 1, sizeof *s->callers) < 0)
			return NULL;
		for (uint32_t i = s->ncallers; i < cap; i++)
			sumname_caller_init(&s->callers[i]);
		s->ncallers = cap;
	}
	return &s->callers[m];
}

uint32_t sumname_enter(struct sumname *s, uint32_t ti, uint32_t m)
{
	struct sumname_stack *st = sumname_stack(s, ti);
	if (!st || (st->depth == st->cap &&
	            grow_push32((void **)&st->method, &st->cap, st->depth, sizeof *st->method) < 0))
		return IDMAP_NONE;
	uint32_t from = st->depth ? st->method[st->depth - 1] : TV_ROOT;
	struct sumname_caller *c = sumname_caller(s, from);
	if (!c)
		return IDMAP_NONE;
	st->method[st->depth++] = m;
	for (int k = 0; k < 4; k++)
		if (c->to[k] == m)
			return c->edge[k];
	uint32_t e = sumname_edge(s, from, m);
	c->to[c->next] = m;
	c->edge[c->next] = e;
	c->next = (c->next + 1) & 3;
	return e;
}

int sumname_exit(struct sumname *s, uint32_t ti, uint32_t m)
{
	struct sumname_stack *st = sumname_stack(s, ti);
	if (!st)
		return -1;
	uint32_t k = st->depth;
	while (k && st->method[k - 1] != m)
		k--;
	/* k: just above the newest open call of m, or 0 when none is open
	 * (rule 3: everything closes). */
	st->depth = k ? k - 1 : 0;
	return 0;
}

uint32_t sumname_count(const struct sumname *s)
{
	return s->n;
}

struct tv_eend *sumname_take_ends(struct sumname *s)
{
	struct tv_eend *e = s->ends;
	s->ends = NULL;
	s->n = s->cap = 0;
	idmap_free(&s->ids);
	return e;
}
