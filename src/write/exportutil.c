/* exportutil.c: frame names and thread order of the JSON exports (see
 * exportutil.h). */
#include "write/exportutil.h"
#include "analyze/methodname.h"
#include "base/textesc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How much a name says: 0 "Class.method", 1 with the signature, 2 with the
 * signature and the id. */
enum { EXPORTUTIL_PLAIN, EXPORTUTIL_SIG, EXPORTUTIL_ID };

struct exportutil_name {
	uint32_t m;
	char *s;
	size_t len;
};

static int exportutil_used(const struct profile *p, uint32_t m)
{
	return p->methods[m].calls + p->methods[m].rcalls != 0;
}

/* Method m's raw (unescaped) name at level into a malloc'd string. */
static int exportutil_render(struct exportutil_name *e, const struct trace *tr, uint32_t m,
                             int level)
{
	const struct tv_method *tm = &tr->methods[m];
	char *s = NULL;
	size_t n = 0;
	FILE *ms = open_memstream(&s, &n);
	if (!ms)
		return -1;
	if (!methodname_known(tm)) {
		fprintf(ms, "(unknown 0x%" PRIx64 ")", tm->id);
	} else {
		fwrite(trace_str(tr, tm->cls), 1, tm->cls.len, ms);
		if (tm->cls.len && tm->name.len)
			putc('.', ms);
		fwrite(trace_str(tr, tm->name), 1, tm->name.len, ms);
		if (level >= EXPORTUTIL_SIG)
			fwrite(trace_str(tr, tm->sig), 1, tm->sig.len, ms);
		if (level >= EXPORTUTIL_ID)
			fprintf(ms, " [0x%" PRIx64 "]", tm->id);
	}
	if (ferror(ms) | fclose(ms)) {
		free(s);
		return -1;
	}
	free(e->s);
	e->m = m;
	e->s = s;
	e->len = n;
	return 0;
}

static int exportutil_cmp(const void *a, const void *b)
{
	const struct exportutil_name *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n);
	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->m < y->m ? -1 : x->m > y->m;
}

static int exportutil_same(const struct exportutil_name *x, const struct exportutil_name *y)
{
	return x->len == y->len && memcmp(x->s, y->s, x->len) == 0;
}

/* Raises the level of every name that collides; 1 when any was raised. */
static int exportutil_raise(struct exportutil_name *v, uint32_t n, const struct trace *tr,
                            int *level, int *rc)
{
	qsort(v, n, sizeof *v, exportutil_cmp);
	int raised = 0;
	for (uint32_t i = 0; i < n && *rc == 0;) {
		uint32_t j = i + 1;
		while (j < n && exportutil_same(&v[i], &v[j]))
			j++;
		for (uint32_t k = i; j - i > 1 && k < j && *rc == 0; k++) {
			uint32_t m = v[k].m;
			if (level[m] < EXPORTUTIL_ID) {
				level[m]++;
				raised = 1;
				*rc = exportutil_render(&v[k], tr, m, level[m]);
			}
		}
		i = j;
	}
	return raised;
}

static int exportutil_json(struct exportutil_names *n, const struct profile *p,
                           const struct exportutil_name *v, uint32_t nv)
{
	const struct trace *tr = p->tr;
	const struct exportutil_name **by = calloc((size_t)tr->nmethods + 1, sizeof *by);
	size_t size = 0;
	FILE *ms = by ? open_memstream(&n->json, &size) : NULL;
	if (!ms) {
		free(by);
		return -1;
	}
	for (uint32_t i = 0; i < nv; i++)
		by[v[i].m] = &v[i];
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		fflush(ms);
		n->off[m] = size;
		if (by[m])
			textesc_json(ms, by[m]->s, by[m]->len);
	}
	int rc = ferror(ms) ? -1 : 0;
	if (fclose(ms) != 0)
		rc = -1;
	n->off[tr->nmethods] = size;
	free(by);
	return rc;
}

int exportutil_names(struct exportutil_names *n, const struct profile *p, int sigs)
{
	const struct trace *tr = p->tr;
	n->json = NULL;
	n->off = malloc(((size_t)tr->nmethods + 1) * sizeof *n->off);
	int *level = calloc((size_t)tr->nmethods + 1, sizeof *level);
	struct exportutil_name *v = calloc((size_t)tr->nmethods + 1, sizeof *v);
	uint32_t nv = 0;
	int rc = n->off && level && v ? 0 : -1;
	for (uint32_t m = 0; rc == 0 && m < tr->nmethods; m++) {
		if (!exportutil_used(p, m))
			continue;
		level[m] = sigs ? EXPORTUTIL_SIG : EXPORTUTIL_PLAIN;
		rc = exportutil_render(&v[nv++], tr, m, level[m]);
	}
	/* Each round raises colliding names a level; ids end every collision
	 * but a name that spells out another's id, so two rounds past the
	 * signature are enough. */
	for (int round = 0; rc == 0 && round < 3 && exportutil_raise(v, nv, tr, level, &rc);)
		round++;
	if (rc == 0)
		rc = exportutil_json(n, p, v, nv);
	for (uint32_t i = 0; v && i < tr->nmethods; i++)
		free(v[i].s);
	free(v);
	free(level);
	return rc;
}

void exportutil_names_free(struct exportutil_names *n)
{
	free(n->json);
	free(n->off);
	n->json = NULL;
	n->off = NULL;
}

uint32_t *exportutil_busiest(const struct profile *p)
{
	const struct trace *tr = p->tr;
	int c = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	uint32_t *v = malloc((size_t)(p->nthreads ? p->nthreads : 1) * sizeof *v);
	if (!v)
		return NULL;
	/* Insertion sort: a trace has few threads. */
	for (uint32_t i = 0; i < p->nthreads; i++) {
		uint32_t t = p->threads[i], j = i;
		uint64_t st = trace_thread_span(&tr->threads[t], c);
		while (j > 0) {
			const struct tv_thread *u = &tr->threads[v[j - 1]];
			uint64_t su = trace_thread_span(u, c);
			if (su > st || (su == st && u->tid < tr->threads[t].tid))
				break;
			v[j] = v[j - 1];
			j--;
		}
		v[j] = t;
	}
	return v;
}

uint64_t exportutil_wall_base(const struct profile *p)
{
	uint64_t base = UINT64_MAX;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		uint64_t f = p->tr->threads[p->threads[i]].first[TV_WALL];
		base = f < base ? f : base;
	}
	return base == UINT64_MAX ? 0 : base;
}

int exportutil_clock(const struct trace *tr, int clock)
{
	if ((clock == TV_CPU || clock == TV_WALL) && tr->has_clock[clock])
		return clock;
	return trace_sort_clock(tr);
}
