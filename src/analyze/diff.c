/* diff.c: matching two profiles' methods by full name, then ordering.
 *
 * Both runs' methods (those with a call) go into one array sorted by full
 * name, so methods that match end up next to each other: each group of
 * equal names is one row. Sorting instead of hashing keeps the code short
 * and the result independent of hash order; n log n over methods is
 * nothing next to loading a trace.
 */
#include "analyze/diff.h"
#include "analyze/methodname.h"

#include <stdlib.h>
#include <string.h>

/* One run's method, as sorted for matching. */
struct diff_ent {
	const struct trace *tr;
	uint32_t method;
	uint32_t run;
};

static const char *const diff_status_names[DIFF_NSTATUS] = {
	"same", "changed", "added", "removed",
};

const char *diff_status_name(enum diff_status s)
{
	return (unsigned)s < DIFF_NSTATUS ? diff_status_names[s] : "?";
}

/* Bytes of two trace strings; absent compares like empty. */
static int diff_str_cmp(const struct trace *ta, struct tv_str a, const struct trace *tb,
                        struct tv_str b)
{
	size_t n = a.len < b.len ? a.len : b.len;
	int c = n ? memcmp(trace_str(ta, a), trace_str(tb, b), n) : 0;
	if (c)
		return c;
	return (a.len > b.len) - (a.len < b.len);
}

/* Named first, by class, name, signature; unnamed by id. */
int diff_name_cmp(const struct trace *ta, uint32_t ma, const struct trace *tb, uint32_t mb)
{
	const struct tv_method *a = &ta->methods[ma], *b = &tb->methods[mb];
	int na = methodname_known(a), nb = methodname_known(b);
	if (na != nb)
		return na ? -1 : 1;
	if (!na)
		return (a->id > b->id) - (a->id < b->id);
	int c = diff_str_cmp(ta, a->cls, tb, b->cls);
	if (!c)
		c = diff_str_cmp(ta, a->name, tb, b->name);
	if (!c)
		c = diff_str_cmp(ta, a->sig, tb, b->sig);
	return c;
}

static int diff_ent_cmp(const void *x, const void *y)
{
	const struct diff_ent *a = x, *b = y;
	return diff_name_cmp(a->tr, a->method, b->tr, b->method);
}

/* Adds one method of run r to a row. */
static void diff_add(struct diff *d, struct diff_row *row, uint32_t r, uint32_t m)
{
	const struct prof_method *pm = &d->run[r]->methods[m];
	uint32_t *idx = r ? &row->next : &row->base;
	if (*idx == DIFF_NONE || m < *idx)
		*idx = m;
	row->calls[r] += pm->calls;
	row->rcalls[r] += pm->rcalls;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!d->has_clock[c])
			continue;
		row->incl[r][c] += pm->incl[c];
		row->excl[r][c] += pm->excl[c];
	}
}

static enum diff_status diff_status_of(const struct diff *d, const struct diff_row *row)
{
	if (row->base == DIFF_NONE)
		return DIFF_ADDED;
	if (row->next == DIFF_NONE)
		return DIFF_REMOVED;
	if (row->calls[0] != row->calls[1] || row->rcalls[0] != row->rcalls[1])
		return DIFF_CHANGED;
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (d->has_clock[c] &&
		    (row->incl[0][c] != row->incl[1][c] || row->excl[0][c] != row->excl[1][c]))
			return DIFF_CHANGED;
	return DIFF_SAME;
}

/* Groups the name-sorted entries into rows. */
static void diff_group(struct diff *d, const struct diff_ent *e, size_t n)
{
	for (size_t i = 0; i < n;) {
		struct diff_row *row = &d->rows[d->nrows++];
		memset(row, 0, sizeof *row);
		row->base = row->next = DIFF_NONE;
		size_t j = i;
		do
			diff_add(d, row, e[j].run, e[j].method);
		while (++j < n && diff_ent_cmp(&e[i], &e[j]) == 0);
		row->status = diff_status_of(d, row);
		d->count[row->status]++;
		i = j;
	}
}

/* A row's place in the final order, precomputed for qsort (no context). */
struct diff_key {
	uint64_t mag;           /* |Δ excl| on the sort clock */
	const struct trace *tr; /* the run the row's name comes from */
	uint32_t method;
	uint32_t row;
};

static int diff_key_cmp(const void *x, const void *y)
{
	const struct diff_key *a = x, *b = y;
	if (a->mag != b->mag)
		return a->mag > b->mag ? -1 : 1;
	return diff_name_cmp(a->tr, a->method, b->tr, b->method);
}

static int diff_sort_rows(struct diff *d)
{
	if (d->nrows < 2)
		return 0;
	struct diff_key *k = malloc((size_t)d->nrows * sizeof *k);
	struct diff_row *sorted = malloc((size_t)d->nrows * sizeof *sorted);
	if (!k || !sorted) {
		free(k);
		free(sorted);
		return -1;
	}
	int c = d->clock;
	for (uint32_t i = 0; i < d->nrows; i++) {
		const struct diff_row *row = &d->rows[i];
		uint64_t b = row->excl[0][c], n = row->excl[1][c];
		int r = row->base == DIFF_NONE;
		k[i].mag = d->has_clock[c] ? (n > b ? n - b : b - n) : 0;
		k[i].tr = d->run[r]->tr;
		k[i].method = r ? row->next : row->base;
		k[i].row = i;
	}
	qsort(k, d->nrows, sizeof *k, diff_key_cmp);
	for (uint32_t i = 0; i < d->nrows; i++)
		sorted[i] = d->rows[k[i].row];
	free(d->rows);
	d->rows = sorted;
	free(k);
	return 0;
}

static int diff_match(struct diff *d)
{
	size_t n = (size_t)d->run[0]->norder + d->run[1]->norder;
	struct diff_ent *e = malloc((n ? n : 1) * sizeof *e);
	d->rows = malloc((n ? n : 1) * sizeof *d->rows);
	if (!e || !d->rows) {
		free(e);
		return -1;
	}
	size_t k = 0;
	for (uint32_t r = 0; r < 2; r++) {
		const struct profile *p = d->run[r];
		for (uint32_t i = 0; i < p->norder; i++)
			e[k++] = (struct diff_ent){p->tr, p->order[i], r};
	}
	qsort(e, n, sizeof *e, diff_ent_cmp);
	diff_group(d, e, n);
	free(e);
	return 0;
}

enum tv_status diff_build(struct diff *d, const struct profile *base, const struct profile *next,
                          struct tv_error *err)
{
	memset(d, 0, sizeof *d);
	d->run[0] = base;
	d->run[1] = next;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		/* an event index is no clock: a trace without time compares calls */
		d->has_clock[c] = trace_clock_usec(base->tr, c) && trace_clock_usec(next->tr, c);
		for (int r = 0; r < 2 && d->has_clock[c]; r++) {
			d->top_incl[r][c] = d->run[r]->top_incl[c];
			d->top_excl[r][c] = d->run[r]->top_excl[c];
		}
	}
	d->clock = d->has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	if (diff_match(d) < 0 || diff_sort_rows(d) < 0) {
		diff_free(d);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	return TV_OK;
}

void diff_free(struct diff *d)
{
	free(d->rows);
	memset(d, 0, sizeof *d);
}

uint32_t *diff_rows_of(const struct diff *d, int r)
{
	const struct trace *tr = d->run[r]->tr;
	uint32_t *out = malloc(((size_t)tr->nmethods + 1) * sizeof *out);
	if (!out)
		return NULL;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		out[m] = DIFF_NONE;
	for (uint32_t i = 0; i < d->nrows; i++) {
		uint32_t m = r ? d->rows[i].next : d->rows[i].base;
		if (m != DIFF_NONE)
			out[m] = i;
	}
	/* The others of a row: rare (one method under two ids), so a scan. */
	for (uint32_t k = 0; k < d->run[r]->norder; k++) {
		uint32_t m = d->run[r]->order[k];
		for (uint32_t i = 0; i < d->nrows && out[m] == DIFF_NONE; i++) {
			uint32_t o = r ? d->rows[i].next : d->rows[i].base;
			if (o != DIFF_NONE && diff_name_cmp(tr, m, tr, o) == 0)
				out[m] = i;
		}
	}
	return out;
}
