/* trace.c: lifetime and lookups of struct trace. */
#include "model/trace.h"

#include "base/grow.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void trace_init(struct trace *tr)
{
	memset(tr, 0, sizeof *tr);
	strtab_init(&tr->strings);
	idmap_init(&tr->method_ids);
	tv_warnings_init(&tr->warnings);
	tr->clock = TV_CLOCK_DUAL;
}

void trace_thread_free_calls(struct tv_thread *th)
{
	free(th->method);
	free(th->parent);
	th->method = th->parent = NULL;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		free(th->start[c]);
		free(th->end[c]);
		free(th->start_hi[c]);
		free(th->end_hi[c]);
		th->start[c] = th->end[c] = th->start_hi[c] = th->end_hi[c] = NULL;
	}
	th->ncalls = th->cap = th->walk_calls = 0;
}

void trace_thread_free(struct tv_thread *th)
{
	trace_thread_free_calls(th);
	free(th->marks);
	if (th->sums) {
		free(th->sums->outside);
		trace_esums_free(&th->sums->esums);
		free(th->sums);
		th->sums = NULL;
	}
}

void trace_esums_free(struct tv_esumset *s)
{
	free(s->esums);
	free(s->eends);
	free(s->erecs);
	memset(s, 0, sizeof *s);
}

void trace_free(struct trace *tr)
{
	for (uint32_t i = 0; i < tr->nthreads; i++)
		trace_thread_free(&tr->threads[i]);
	free(tr->threads);
	free(tr->methods);
	free(tr->keythreads);
	free(tr->options);
	trace_esums_free(&tr->esums);
	idmap_free(&tr->method_ids);
	strtab_free(&tr->strings);
	trace_init(tr);
}

uint32_t trace_find_method(const struct trace *tr, uint64_t id)
{
	return idmap_get(&tr->method_ids, id);
}

uint32_t trace_intern_method(struct trace *tr, uint64_t id)
{
	if (tr->nmethods == UINT32_MAX - 1)
		return IDMAP_NONE;
	int added;
	uint32_t idx = idmap_get_or_put(&tr->method_ids, id, tr->nmethods, &added);
	if (idx == IDMAP_NONE || !added)
		return idx;
	if (grow_push32((void **)&tr->methods, &tr->methods_cap, tr->nmethods,
	                sizeof *tr->methods) < 0)
		return IDMAP_NONE;  /* the map now names a missing slot: fatal */
	struct tv_method *m = &tr->methods[tr->nmethods++];
	m->id = id;
	m->cls = m->name = m->sig = m->source = TV_STR_NONE;
	m->line = 0;
	m->has_line = 0;
	m->declared = 0;
	m->synthetic = 0;
	return idx;
}

uint32_t trace_find_thread(const struct trace *tr, uint32_t tid)
{
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (tr->threads[i].tid == tid)
			return i;
	return IDMAP_NONE;
}

int trace_parse_tid(const char *s, uint32_t *tid)
{
	int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	const char *d = hex ? s + 2 : s;
	char *end;
	/* strtoull would take blanks and a sign before the digits */
	if (!(isdigit((unsigned char)*d) || (hex && isxdigit((unsigned char)*d))))
		return -1;
	errno = 0;
	unsigned long long v = strtoull(d, &end, hex ? 16 : 10);
	if (errno || *end || v > UINT32_MAX)
		return -1;
	*tid = (uint32_t)v;
	return 0;
}

/* Thread i's name equals spec[0..n) (exact) or starts with it. */
static int trace_name_matches(const struct trace *tr, uint32_t i, const char *spec, size_t n,
                              int exact)
{
	struct tv_str name = tr->threads[i].name;
	const char *p = trace_str(tr, name);
	if (!p || name.len < n || (exact && name.len != n))
		return 0;
	return memcmp(p, spec, n) == 0;
}

uint32_t trace_match_threads(const struct trace *tr, const char *spec, uint32_t *out,
                             uint32_t max)
{
	size_t n = strlen(spec);
	uint32_t tid, count = 0;
	if (n == 0)
		return 0;
	if (trace_parse_tid(spec, &tid) == 0) {
		uint32_t i = trace_find_thread(tr, tid);
		if (i != IDMAP_NONE) {
			if (max)
				out[0] = i;
			return 1;
		}
	}
	for (int exact = 1; exact >= 0 && count == 0; exact--)
		for (uint32_t i = 0; i < tr->nthreads; i++)
			if (trace_name_matches(tr, i, spec, n, exact)) {
				if (count < max)
					out[count] = i;
				count++;
			}
	return count;
}

const char *trace_option(const struct trace *tr, const char *key, size_t *len)
{
	size_t klen = strlen(key);
	const char *found = NULL;
	for (uint32_t i = 0; i < tr->noptions; i++) {
		const struct tv_option *o = &tr->options[i];
		if (o->key.len == klen && memcmp(trace_str(tr, o->key), key, klen) == 0) {
			found = trace_str(tr, o->val);
			if (len)
				*len = o->val.len;
		}
	}
	return found;
}

int trace_sel_has(const struct trace_sel *sel, uint32_t tid)
{
	if (!sel)
		return 1;
	uint32_t lo = 0, hi = sel->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (sel->tids[mid] == tid)
			return 1;
		if (sel->tids[mid] < tid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

enum tv_status trace_select_set(const struct trace *tr, const struct trace_sel *sel,
                                uint32_t **out, uint32_t *n, struct tv_error *err)
{
	*n = 0;
	*out = malloc((size_t)(tr->nthreads ? tr->nthreads : 1) * sizeof **out);
	if (!*out)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (trace_thread_shown(&tr->threads[i]) && trace_sel_has(sel, tr->threads[i].tid))
			(*out)[(*n)++] = i;
	return sel && !*n ? trace_sel_none(sel, err) : TV_OK;
}

enum tv_status trace_sel_none(const struct trace_sel *sel, struct tv_error *err)
{
	return tv_fail(err, TV_ERR_NO_THREAD, TV_NO_OFFSET, "%lu",
	               (unsigned long)(sel->n ? sel->tids[0] : 0));
}

enum tv_status trace_select_threads(const struct trace *tr, const uint32_t *tid, uint32_t **out,
                                    uint32_t *n, struct tv_error *err)
{
	struct trace_sel one;
	return trace_select_set(tr, trace_sel_one(&one, tid), out, n, err);
}

int trace_option_u64(const struct trace *tr, const char *key, uint64_t *v)
{
	size_t len;
	const char *s = trace_option(tr, key, &len);
	if (!s || len == 0 || len > 19)
		return 0;
	uint64_t x = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		x = x * 10 + (uint64_t)(s[i] - '0');
	}
	*v = x;
	return 1;
}

const char *trace_clock_name(enum tv_clock_kind k)
{
	switch (k) {
	case TV_CLOCK_DUAL: return "dual";
	case TV_CLOCK_THREAD_CPU: return "thread-cpu";
	case TV_CLOCK_WALL: return "wall";
	case TV_CLOCK_GLOBAL: return "global";
	case TV_CLOCK_SEQUENCE: return "sequence";
	}
	return "dual";
}
