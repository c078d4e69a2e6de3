/* tracefinish.c: what a trace needs once every record is in (see
 * tracefinish.h; docs/numbers.md, "Events").
 */
#include "model/tracefinish.h"

#include <stdlib.h>
#include <string.h>

#include "base/status.h"

/* ------------------------------------------------------------ the clock */

static int tracefinish_streq(const struct trace *tr, struct tv_str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.len == n && memcmp(trace_str(tr, s), lit, n) == 0;
}

/* docs/numbers.md, "Events": the clock= key, else the version's default; the
 * record layout wins when they disagree on the number of timestamps. */
static void tracefinish_resolve_clock(struct trace *tr, unsigned nslots)
{
	enum tv_clock_kind k = tr->version == 3 || tr->version == 5 ? TV_CLOCK_DUAL
	                                                            : TV_CLOCK_THREAD_CPU;
	for (uint32_t i = 0; i < tr->noptions; i++) {
		const struct tv_option *o = &tr->options[i];
		if (!tracefinish_streq(tr, o->key, "clock"))
			continue;
		if (tracefinish_streq(tr, o->val, "dual"))
			k = TV_CLOCK_DUAL;
		else if (tracefinish_streq(tr, o->val, "thread-cpu"))
			k = TV_CLOCK_THREAD_CPU;
		else if (tracefinish_streq(tr, o->val, "wall"))
			k = TV_CLOCK_WALL;
		else if (tracefinish_streq(tr, o->val, "global"))
			k = TV_CLOCK_GLOBAL;
	}
	if (nslots == 2)
		k = TV_CLOCK_DUAL;
	else if (k == TV_CLOCK_DUAL)
		k = TV_CLOCK_THREAD_CPU;
	tr->clock = k;
	tr->has_clock[TV_CPU] = k == TV_CLOCK_DUAL || k == TV_CLOCK_THREAD_CPU;
	tr->has_clock[TV_WALL] = k != TV_CLOCK_THREAD_CPU;
}

/* Slot 0 of every edge sum of s moves to TV_WALL. */
static void tracefinish_move_esums(struct tv_esumset *s)
{
	for (uint32_t e = 0; e < s->n; e++) {
		struct tv_ecell *c = &s->esums[e].plain;
		c->incl[TV_WALL] = c->incl[0];
		c->incl[0] = 0;
	}
	for (uint32_t r = 0; r < s->nrecs; r++)
		for (int k = 0; k < 3; k++) {
			struct tv_ecell *c = &s->erecs[r].cell[k];
			c->incl[TV_WALL] = c->incl[0];
			c->incl[0] = 0;
		}
}

/* The same for what a sums-only thread keeps. */
static void tracefinish_move_tsums(struct tv_tsums *s)
{
	for (uint32_t i = 0; i < s->noutside; i++) {
		s->outside[i].t[TV_WALL] = s->outside[i].t[0];
		s->outside[i].t[0] = 0;
	}
	s->mark_start[TV_WALL] = s->mark_start[0];
	s->mark_start[0] = 0;
	tracefinish_move_esums(&s->esums);
}

/* A single wall-clock slot moves from index 0 to TV_WALL. */
static void tracefinish_move_slots(struct trace *tr)
{
	if (tr->has_clock[TV_CPU])
		return;
	for (uint32_t i = 0; i < tr->nthreads; i++) {
		struct tv_thread *th = &tr->threads[i];
		th->start[TV_WALL] = th->start[0];
		th->end[TV_WALL] = th->end[0];
		th->start_hi[TV_WALL] = th->start_hi[0];
		th->end_hi[TV_WALL] = th->end_hi[0];
		th->first[TV_WALL] = th->first[0];
		th->last[TV_WALL] = th->last[0];
		th->start[0] = th->end[0] = th->start_hi[0] = th->end_hi[0] = NULL;
		th->first[0] = th->last[0] = 0;
		for (uint32_t k = 0; k < th->nmarks; k++) {
			th->marks[k].t[TV_WALL] = th->marks[k].t[0];
			th->marks[k].t[0] = 0;
		}
		if (th->sums)
			tracefinish_move_tsums(th->sums);
	}
	tracefinish_move_esums(&tr->esums);
}

void tracefinish_clock(struct trace *tr, unsigned nslots)
{
	tracefinish_resolve_clock(tr, nslots);
	tracefinish_move_slots(tr);
}

void tracefinish_clock_fixed(struct trace *tr, enum tv_clock_kind k)
{
	tr->clock = k;
	tr->has_clock[TV_CPU] = 0;
	tr->has_clock[TV_WALL] = 1;
	tracefinish_move_slots(tr);
}

/* ------------------------------------------------------------ thread names */

/* Thread lines sorted for lookup (a trace may list tens of thousands):
 * key is the tid, or for the "wide" list the tid modulo 65536 of lines
 * above 65535. Ties keep file order, so the first line of a tid wins. */
struct tracefinish_kt {
	uint32_t key, tid, idx;
};

static int tracefinish_kt_cmp(const void *a, const void *b)
{
	const struct tracefinish_kt *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Index of the first entry of kt[0..n) with this key, or n. */
static uint32_t tracefinish_kt_find(const struct tracefinish_kt *kt, uint32_t n, uint32_t key)
{
	uint32_t lo = 0, hi = n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (kt[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && kt[lo].key == key ? lo : n;
}

/* The thread line with the same id; failing that, the one line whose id is
 * above 65535 and equals tid modulo 65536 (ART wrote full tids in the key
 * but 16 bits in records); several such ids: no name. */
static struct tv_str tracefinish_thread_name(const struct trace *tr,
                                             const struct tracefinish_kt *exact,
                                             const struct tracefinish_kt *wide, uint32_t nwide,
                                             uint32_t tid)
{
	uint32_t i = tracefinish_kt_find(exact, tr->nkeythreads, tid);
	if (i < tr->nkeythreads)
		return tr->keythreads[exact[i].idx].name;
	i = tracefinish_kt_find(wide, nwide, tid);
	if (i == nwide)
		return TV_STR_NONE;
	uint32_t j = i;
	while (j + 1 < nwide && wide[j + 1].key == tid)
		j++;
	/* A summary may repeat a line: only distinct ids are ambiguous. */
	return wide[j].tid == wide[i].tid ? tr->keythreads[wide[i].idx].name : TV_STR_NONE;
}

int tracefinish_names(struct trace *tr)
{
	uint32_t n = tr->nkeythreads, nwide = 0;
	if (!n)
		return 0;
	struct tracefinish_kt *exact = malloc((size_t)n * sizeof *exact);
	struct tracefinish_kt *wide = malloc((size_t)n * sizeof *wide);
	if (!exact || !wide) {
		free(exact);
		free(wide);
		return -1;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t tid = tr->keythreads[i].tid;
		exact[i] = (struct tracefinish_kt){tid, tid, i};
		if (tid > 65535)
			wide[nwide++] = (struct tracefinish_kt){tid & 0xffff, tid, i};
	}
	qsort(exact, n, sizeof *exact, tracefinish_kt_cmp);
	qsort(wide, nwide, sizeof *wide, tracefinish_kt_cmp);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		tr->threads[i].name = tracefinish_thread_name(tr, exact, wide, nwide, tr->threads[i].tid);
	free(exact);
	free(wide);
	return 0;
}

/* ------------------------------------------------------------ the rest */

void tracefinish_warnings(struct trace *tr)
{
	size_t len;
	const char *v = trace_option(tr, "data-file-overflow", &len);
	if (v && len == 4 && memcmp(v, "true", 4) == 0)
		tv_warnings_add(&tr->warnings, TV_W_OVERFLOW, TV_NO_OFFSET, 1);
	uint64_t want;
	if (trace_option_u64(tr, "num-method-calls", &want) && want != tr->records)
		tv_warnings_add(&tr->warnings, TV_W_RECORD_COUNT, TV_NO_OFFSET, 1);
	uint64_t unknown = 0;
	for (uint32_t i = 0; i < tr->nmethods; i++)
		unknown += !tr->methods[i].declared;
	tv_warnings_add(&tr->warnings, TV_W_UNKNOWN_METHOD, TV_NO_OFFSET, unknown);
}

static int tracefinish_tid_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct tv_thread *)a)->tid, y = ((const struct tv_thread *)b)->tid;
	return (x > y) - (x < y);
}

void tracefinish_sort(struct trace *tr)
{
	if (tr->nthreads > 1)
		qsort(tr->threads, tr->nthreads, sizeof *tr->threads, tracefinish_tid_cmp);
}
