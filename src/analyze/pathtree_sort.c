/* pathtree_sort.c: the order of a call tree's siblings and roots
 * (docs/cli.md, "--sort"; pathtree.h), and the hottest child.
 */
#include "analyze/pathtree.h"

#include "analyze/pathtree_internal.h"

#include <stdlib.h>
#include <string.h>

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

const char *pathtree_by_label(const struct trace *tr, enum pathtree_by by)
{
	if (trace_is_sequence(tr) && by == PATHTREE_BY_INCL_WALL)
		return "incl_events";
	if (trace_is_sequence(tr) && by == PATHTREE_BY_EXCL_WALL)
		return "excl_events";
	return pathtree_by_name(by);
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
	if (strcmp(s, "incl_events") == 0 || strcmp(s, "excl_events") == 0) {
		*by = *s == 'i' ? PATHTREE_BY_INCL_WALL : PATHTREE_BY_EXCL_WALL;
		return 1;
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

void pathtree_msort(const struct pathtree *t, uint32_t *a, uint32_t *tmp, uint32_t n)
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
