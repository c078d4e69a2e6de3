/* waits.c: the innermost calls that waited (see waits.h). */
#include "analyze/waits.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"

static int waits_cmp(const void *a, const void *b)
{
	const struct waits_row *x = a, *y = b;
	if (x->wait != y->wait)
		return x->wait > y->wait ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (x->call > y->call) - (x->call < y->call);
}

/* Thread t's listed calls appended to w's rows, sorted; child is scratch
 * of th->ncalls bytes, zeroed. 0, or -1 when out of memory. */
static int waits_thread(struct waits *w, uint32_t t, int64_t min, uint64_t origin,
                        uint8_t *child, size_t *cap)
{
	const struct tv_thread *th = &w->tr->threads[t];
	size_t k = 0, at = w->nrows;
	for (uint32_t i = 0; i < th->ncalls; i++)
		if (waits_of(th, i) >= min && th->parent[i] != TV_ROOT)
			child[th->parent[i]] = 1;
	for (uint32_t i = 0; i < th->ncalls; i++)
		k += !child[i] && waits_of(th, i) >= min;
	if (k && grow_to((void **)&w->rows, cap, at + k, sizeof *w->rows) < 0)
		return -1;
	for (uint32_t i = 0; i < th->ncalls; i++)
		if (!child[i] && waits_of(th, i) >= min)
			w->rows[w->nrows++] = (struct waits_row){
				t, i, waits_of(th, i),
				th->first[TV_WALL] + trace_call_start(th, TV_WALL, i) - origin};
	if (k)
		qsort(w->rows + at, k, sizeof *w->rows, waits_cmp);
	memset(child, 0, th->ncalls);
	return 0;
}

enum tv_status waits_find(struct waits *w, const struct trace *tr, const uint32_t *threads,
                          uint32_t nthreads, uint64_t min_wait, uint64_t origin)
{
	int64_t min = min_wait > INT64_MAX ? INT64_MAX : (int64_t)min_wait;
	uint32_t most = 1;
	size_t cap = 0;
	memset(w, 0, sizeof *w);
	w->tr = tr;
	w->min_wait = min_wait;
	for (uint32_t t = 0; t < nthreads; t++)
		most = tr->threads[threads[t]].ncalls > most ? tr->threads[threads[t]].ncalls : most;
	uint8_t *child = calloc(most, 1);
	w->threads = malloc(sizeof *w->threads * (nthreads ? nthreads : 1));
	w->first = malloc(sizeof *w->first * ((size_t)nthreads + 1));
	if (!child || !w->threads || !w->first) {
		free(child);
		return TV_ERR_NOMEM;
	}
	w->nthreads = nthreads;
	if (nthreads)
		memcpy(w->threads, threads, sizeof *threads * nthreads);
	for (uint32_t t = 0; t < nthreads; t++) {
		w->first[t] = w->nrows;
		if (waits_thread(w, threads[t], min, origin, child, &cap) < 0) {
			free(child);
			return TV_ERR_NOMEM;
		}
	}
	w->first[nthreads] = w->nrows;
	free(child);
	return TV_OK;
}

void waits_free(struct waits *w)
{
	free(w->threads);
	free(w->first);
	free(w->rows);
	memset(w, 0, sizeof *w);
}
