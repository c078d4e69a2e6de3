/* calltree.c: per-thread replay of records into call trees
 * (docs/numbers.md, "Events" and "The call tree").
 *
 * Records arrive in file order, threads interleaved. Each thread keeps a
 * stack of open calls; calls are appended to the thread's flat arrays in the
 * order they are made, which is preorder except after an orphan exit (rule
 * 3), whose covering call is made late but starts first: such threads are
 * put back in preorder once, at the end.
 *
 * While building, time arrays are indexed by record slot (first or second
 * timestamp); calltree_finish() moves them to their clock once the clock is
 * known (a single-clock streaming file names its clock only at the end).
 */
#include "calltree.h"

#include "grow.h"

#include <stdlib.h>
#include <string.h>

#define CT_WRAP (UINT64_C(1) << 32)
#define CT_HALF (UINT64_C(1) << 31)

struct ct_frame {
	uint32_t call;
	uint32_t method;
};

/* Replay state of one thread, parallel to trace.threads while loading. */
struct ct_thread {
	struct ct_frame *stack;
	uint32_t depth, stack_cap;
	uint32_t *roots;          /* calls whose parent is the root, so far */
	uint32_t nroots, roots_cap;
	uint64_t prev[TV_NCLOCKS]; /* last unwrapped time per slot */
	uint64_t epoch[TV_NCLOCKS]; /* 2^32 multiples added for wraps so far */
	int seen;                 /* a timed record was seen */
	int reorder;              /* an adoption broke preorder */
};

struct calltree {
	struct trace *tr;
	unsigned nslots;
	int have_format;
	struct ct_thread *ct;     /* one per trace thread */
	uint32_t ct_cap;
	struct idmap tids;        /* tid -> thread index */
	uint32_t last_tid, last_thread;
	uint32_t *open;           /* per method: open calls on all stacks */
	struct ct_cached {        /* direct-mapped: saves a hash probe per record */
		uint64_t id;
		uint32_t idx;
	} cache[1024];
	uint32_t open_cap;
	int oom;
	int too_big;              /* a string would pass the 4 GiB arena */
};

struct calltree *calltree_new(struct trace *tr)
{
	struct calltree *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
	b->tr = tr;
	b->nslots = 2;
	idmap_init(&b->tids);
	b->last_thread = IDMAP_NONE;
	for (size_t i = 0; i < sizeof b->cache / sizeof b->cache[0]; i++)
		b->cache[i].idx = IDMAP_NONE;
	return b;
}

static uint32_t ct_method_index(struct calltree *b, uint64_t id)
{
	struct ct_cached *c = &b->cache[(id >> 2) & 1023];
	if (c->idx != IDMAP_NONE && c->id == id)
		return c->idx;
	uint32_t idx = trace_intern_method(b->tr, id);
	c->id = id;
	c->idx = idx;
	return idx;
}

void calltree_free(struct calltree *b)
{
	if (!b)
		return;
	for (uint32_t i = 0; i < b->tr->nthreads && i < b->ct_cap; i++) {
		free(b->ct[i].stack);
		free(b->ct[i].roots);
	}
	free(b->ct);
	free(b->open);
	idmap_free(&b->tids);
	free(b);
}


/* ------------------------------------------------------------ sink: header */

static int ct_format(void *ctx, const struct sink_format *f)
{
	struct calltree *b = ctx;
	struct trace *tr = b->tr;
	if (b->have_format)
		return 0;
	b->have_format = 1;
	b->nslots = f->nslots == 1 ? 1 : 2;
	tr->version = f->version;
	tr->streaming = f->streaming;
	tr->record_size = f->record_size;
	tr->start_time = f->start_time_ns ? f->start_time / 1000 : f->start_time;
	return 0;
}

static int ct_add_str(struct calltree *b, struct sink_bytes in, struct tv_str *out)
{
	struct strtab *st = &b->tr->strings;
	if (!in.ptr) {
		*out = TV_STR_NONE;
		return 0;
	}
	/* strtab_add() refuses this too; remember it was the limit, not memory. */
	if (in.len >= UINT32_MAX - 1 || st->len + in.len >= (size_t)UINT32_MAX - 1)
		b->too_big = 1;
	return strtab_add(st, in.ptr, in.len, out);
}

enum tv_status calltree_stop_reason(const struct calltree *b)
{
	return b->too_big ? TV_ERR_TOO_BIG : TV_ERR_NOMEM;
}

static int ct_option(void *ctx, struct sink_bytes key, struct sink_bytes val)
{
	struct calltree *b = ctx;
	struct trace *tr = b->tr;
	if (grow_to32((void **)&tr->options, &tr->options_cap, tr->noptions + 1,
	               sizeof *tr->options) < 0)
		return -1;
	struct tv_option *o = &tr->options[tr->noptions];
	if (ct_add_str(b, key, &o->key) < 0 || ct_add_str(b, val, &o->val) < 0)
		return -1;
	tr->noptions++;
	return 0;
}

static int ct_thread_line(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset)
{
	struct calltree *b = ctx;
	struct trace *tr = b->tr;
	(void)offset;
	if (grow_to32((void **)&tr->keythreads, &tr->keythreads_cap, tr->nkeythreads + 1,
	               sizeof *tr->keythreads) < 0)
		return -1;
	struct tv_keythread *k = &tr->keythreads[tr->nkeythreads];
	k->tid = tid;
	if (!name.ptr)
		name.ptr = "";
	if (ct_add_str(b, name, &k->name) < 0)
		return -1;
	tr->nkeythreads++;
	return 0;
}

static int ct_method(void *ctx, uint64_t id, const struct sink_method *sm, uint64_t offset)
{
	struct calltree *b = ctx;
	struct trace *tr = b->tr;
	uint32_t idx = trace_intern_method(tr, id & ~UINT64_C(3));
	if (idx == IDMAP_NONE)
		return -1;
	struct tv_method *m = &tr->methods[idx];
	if (m->declared) {
		tv_warnings_add(&tr->warnings, TV_W_DUP_METHOD, offset, 1);
		return 0;
	}
	if (ct_add_str(b, sm->cls, &m->cls) < 0 || ct_add_str(b, sm->name, &m->name) < 0 ||
	    ct_add_str(b, sm->sig, &m->sig) < 0 || ct_add_str(b, sm->source, &m->source) < 0)
		return -1;
	m->line = sm->line;
	m->has_line = sm->has_line;
	m->declared = 1;
	return 0;
}

static void ct_warn(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	struct calltree *b = ctx;
	tv_warnings_add(&b->tr->warnings, kind, offset, n);
}

/* ------------------------------------------------------------ call storage */

static int ct_grow_calls(struct tv_thread *th, unsigned nslots)
{
	if (th->ncalls < th->cap)
		return 0;
	if (th->cap == UINT32_MAX)
		return -1;
	uint32_t cap = th->cap;
	uint32_t need = th->ncalls + 1;
	uint32_t c0 = cap;
	if (grow_to32((void **)&th->method, &c0, need, sizeof *th->method) < 0)
		return -1;
	c0 = cap;
	if (grow_to32((void **)&th->parent, &c0, need, sizeof *th->parent) < 0)
		return -1;
	for (unsigned s = 0; s < nslots; s++) {
		c0 = cap;
		if (grow_to32((void **)&th->start[s], &c0, need, sizeof(uint32_t)) < 0)
			return -1;
		c0 = cap;
		if (grow_to32((void **)&th->end[s], &c0, need, sizeof(uint32_t)) < 0)
			return -1;
		if (th->start_hi[s]) {
			c0 = cap;
			if (grow_to32_zeroed((void **)&th->start_hi[s], &c0, need, sizeof(uint32_t)) < 0)
				return -1;
		}
		if (th->end_hi[s]) {
			c0 = cap;
			if (grow_to32_zeroed((void **)&th->end_hi[s], &c0, need, sizeof(uint32_t)) < 0)
				return -1;
		}
	}
	th->cap = c0;
	return 0;
}

/* Store a relative time; values past 32 bits get the thread a _hi array. */
static int ct_set_time(struct tv_thread *th, uint32_t **lo, uint32_t **hi,
                       uint32_t i, uint64_t v)
{
	(*lo)[i] = (uint32_t)v;
	if (v >> 32 && !*hi) {
		*hi = calloc(th->cap, sizeof(uint32_t));
		if (!*hi)
			return -1;
	}
	if (*hi)
		(*hi)[i] = (uint32_t)(v >> 32);
	return 0;
}

static int ct_set_start(struct tv_thread *th, unsigned s, uint32_t i, uint64_t v)
{
	return ct_set_time(th, &th->start[s], &th->start_hi[s], i, v);
}

static int ct_set_end(struct tv_thread *th, unsigned s, uint32_t i, uint64_t v)
{
	return ct_set_time(th, &th->end[s], &th->end_hi[s], i, v);
}

/* ------------------------------------------------------------ sink: records */

/* A record that is not one call boundary, or boundaries that are no record
 * (struct tv_mark): n = +1 for an action-3 record, -calls for repairs. */
static int ct_mark(struct tv_thread *th, const uint64_t rel[2], int64_t n)
{
	if (!n)
		return 0;
	if (grow_push32((void **)&th->marks, &th->marks_cap, th->nmarks, sizeof *th->marks) < 0)
		return -1;
	th->marks[th->nmarks++] = (struct tv_mark){{rel[0], rel[1]}, n};
	return 0;
}

static uint32_t ct_thread_index(struct calltree *b, uint32_t tid)
{
	if (b->last_thread != IDMAP_NONE && b->last_tid == tid)
		return b->last_thread;
	struct trace *tr = b->tr;
	int added;
	uint32_t idx = idmap_get_or_put(&b->tids, tid, tr->nthreads, &added);
	if (idx == IDMAP_NONE)
		return IDMAP_NONE;
	if (added) {
		if (grow_to32((void **)&tr->threads, &tr->threads_cap, tr->nthreads + 1,
		               sizeof *tr->threads) < 0 ||
		    grow_to32((void **)&b->ct, &b->ct_cap, tr->nthreads + 1, sizeof *b->ct) < 0)
			return IDMAP_NONE;
		struct tv_thread *th = &tr->threads[tr->nthreads++];
		memset(th, 0, sizeof *th);
		th->tid = tid;
		th->name = TV_STR_NONE;
		memset(&b->ct[idx], 0, sizeof b->ct[idx]);
	}
	b->last_tid = tid;
	b->last_thread = idx;
	return idx;
}

/* Makes times 64-bit and monotonic (docs/numbers.md, "Events"); returns µs
 * since the thread's first timestamp per slot in rel[]. */
static void ct_times(struct calltree *b, struct tv_thread *th, struct ct_thread *ct,
                     const uint64_t raw[2], uint64_t rel[2], uint64_t offset)
{
	for (unsigned s = 0; s < b->nslots; s++) {
		uint64_t v = raw[s];
		if (!ct->seen) {
			th->first[s] = v;
		} else {
			uint64_t prev = ct->prev[s];
			v += ct->epoch[s];
			if (v < prev && prev - v > CT_HALF) {
				ct->epoch[s] += CT_WRAP;
				v += CT_WRAP;
			}
			if (v < prev) {
				tv_warnings_add(&b->tr->warnings, TV_W_TIME_BACKWARDS, offset, 1);
				v = prev;
			}
		}
		ct->prev[s] = v;
		th->last[s] = v;
		rel[s] = v - th->first[s];
	}
	ct->seen = 1;
}

static int ct_open_inc(struct calltree *b, uint32_t m)
{
	if (m >= b->open_cap &&
	    grow_to32_zeroed((void **)&b->open, &b->open_cap, m + 1, sizeof *b->open) < 0)
		return -1;
	b->open[m]++;
	return 0;
}

static int ct_push_root(struct ct_thread *ct, uint32_t call)
{
	if (grow_to32((void **)&ct->roots, &ct->roots_cap, ct->nroots + 1, sizeof *ct->roots) < 0)
		return -1;
	ct->roots[ct->nroots++] = call;
	return 0;
}

/* Rule 1: a new call, child of the top of the stack, pushed. */
static int ct_enter(struct calltree *b, struct tv_thread *th, struct ct_thread *ct,
                    uint32_t m, const uint64_t rel[2])
{
	if (ct_grow_calls(th, b->nslots) < 0 ||
	    grow_to32((void **)&ct->stack, &ct->stack_cap, ct->depth + 1, sizeof *ct->stack) < 0 ||
	    ct_open_inc(b, m) < 0)
		return -1;
	uint32_t i = th->ncalls++;
	th->method[i] = m;
	th->parent[i] = ct->depth ? ct->stack[ct->depth - 1].call : TV_ROOT;
	for (unsigned s = 0; s < b->nslots; s++)
		if (ct_set_start(th, s, i, rel[s]) < 0)
			return -1;
	if (!ct->depth && ct_push_root(ct, i) < 0)
		return -1;
	ct->stack[ct->depth].call = i;
	ct->stack[ct->depth].method = m;
	ct->depth++;
	return 0;
}

/* Ends the top call at rel[] and pops it. */
static int ct_pop(struct calltree *b, struct tv_thread *th, struct ct_thread *ct,
                  const uint64_t rel[2])
{
	struct ct_frame f = ct->stack[--ct->depth];
	b->open[f.method]--;
	for (unsigned s = 0; s < b->nslots; s++)
		if (ct_set_end(th, s, f.call, rel[s]) < 0)
			return -1;
	return 0;
}

/* Rule 3: M exits but is not open. Close everything, then make a call of M
 * from the thread's first timestamp that adopts every top-level call. */
static int ct_orphan_exit(struct calltree *b, struct tv_thread *th, struct ct_thread *ct,
                          uint32_t m, const uint64_t rel[2], uint64_t offset)
{
	static const uint64_t zero[2] = {0, 0};
	tv_warnings_add(&b->tr->warnings, TV_W_ORPHAN_EXIT, offset, 1);
	if (ct->depth)
		tv_warnings_add(&b->tr->warnings, TV_W_LOST_EXIT, offset, ct->depth);
	if (ct_mark(th, rel, -(int64_t)ct->depth) < 0 || ct_mark(th, zero, -1) < 0)
		return -1;
	while (ct->depth)
		if (ct_pop(b, th, ct, rel) < 0)
			return -1;
	if (ct_grow_calls(th, b->nslots) < 0)
		return -1;
	uint32_t i = th->ncalls++;
	th->method[i] = m;
	th->parent[i] = TV_ROOT;
	for (unsigned s = 0; s < b->nslots; s++)
		if (ct_set_start(th, s, i, 0) < 0 || ct_set_end(th, s, i, rel[s]) < 0)
			return -1;
	for (uint32_t k = 0; k < ct->nroots; k++)
		th->parent[ct->roots[k]] = i;
	if (ct->nroots)
		ct->reorder = 1;
	ct->nroots = 0;
	return ct_push_root(ct, i);
}

/* Rule 2 (or 3 when M is not open). */
static int ct_exit(struct calltree *b, struct tv_thread *th, struct ct_thread *ct,
                   uint32_t m, const uint64_t rel[2], uint64_t offset)
{
	uint32_t k = ct->depth;
	if (m < b->open_cap && b->open[m]) {
		while (k && ct->stack[k - 1].method != m)
			k--;
	} else {
		k = 0;
	}
	if (!k)
		return ct_orphan_exit(b, th, ct, m, rel, offset);
	uint32_t lost = ct->depth - k;
	if (lost)
		tv_warnings_add(&b->tr->warnings, TV_W_LOST_EXIT, offset, lost);
	if (ct_mark(th, rel, -(int64_t)lost) < 0)
		return -1;
	while (ct->depth >= k)
		if (ct_pop(b, th, ct, rel) < 0)
			return -1;
	return 0;
}

static int ct_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                     uint64_t offset)
{
	struct calltree *b = ctx;
	struct trace *tr = b->tr;
	uint32_t ti = ct_thread_index(b, tid);
	if (ti == IDMAP_NONE)
		return -1;
	struct tv_thread *th = &tr->threads[ti];
	struct ct_thread *ct = &b->ct[ti];
	uint64_t raw[2] = {t0, t1}, rel[2] = {0, 0};

	tr->records++;
	th->records++;
	ct_times(b, th, ct, raw, rel, offset);

	unsigned action = (unsigned)(word & 3);
	if (action == 3) {
		tv_warnings_add(&tr->warnings, TV_W_ACTION3, offset, 1);
		return ct_mark(th, rel, 1);
	}
	uint32_t m = ct_method_index(b, word & ~UINT64_C(3));
	if (m == IDMAP_NONE)
		return -1;
	if (action == 0)
		return ct_enter(b, th, ct, m, rel);
	return ct_exit(b, th, ct, m, rel, offset);
}

struct sink calltree_sink(struct calltree *b)
{
	struct sink s = {
		.ctx = b,
		.format = ct_format,
		.option = ct_option,
		.thread = ct_thread_line,
		.method = ct_method,
		.record = ct_record,
		.warn = ct_warn,
		.consumed = NULL,
		.cctx = NULL,
	};
	return s;
}

/* ------------------------------------------------------------ finishing */

/* Rule 4: calls still open end at the thread's last timestamp. */
static int ct_close_open(struct calltree *b, struct tv_thread *th, struct ct_thread *ct)
{
	uint64_t rel[2] = {0, 0};
	for (unsigned s = 0; s < b->nslots; s++)
		rel[s] = th->last[s] - th->first[s];
	if (ct_mark(th, rel, -(int64_t)ct->depth) < 0)
		return -1;
	while (ct->depth)
		if (ct_pop(b, th, ct, rel) < 0)
			return -1;
	return 0;
}

/* Permute one per-call array by perm (new index -> old index). */
static int ct_permute(uint32_t **arr, const uint32_t *perm, uint32_t n)
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
static int ct_reorder(struct tv_thread *th)
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
	if (ct_permute(&th->method, perm, n) < 0 || ct_permute(&th->parent, perm, n) < 0)
		goto out;
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (ct_permute(&th->start[c], perm, n) < 0 || ct_permute(&th->end[c], perm, n) < 0 ||
		    ct_permute(&th->start_hi[c], perm, n) < 0 ||
		    ct_permute(&th->end_hi[c], perm, n) < 0)
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

static int ct_streq(const struct trace *tr, struct tv_str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.len == n && memcmp(trace_str(tr, s), lit, n) == 0;
}

/* docs/numbers.md, "Events": the clock= key, else the version's default; the
 * record layout wins when they disagree on the number of timestamps. */
static void ct_resolve_clock(struct calltree *b)
{
	struct trace *tr = b->tr;
	enum tv_clock_kind k = tr->version == 3 || tr->version == 5 ? TV_CLOCK_DUAL
	                                                            : TV_CLOCK_THREAD_CPU;
	for (uint32_t i = 0; i < tr->noptions; i++) {
		const struct tv_option *o = &tr->options[i];
		if (!ct_streq(tr, o->key, "clock"))
			continue;
		if (ct_streq(tr, o->val, "dual"))
			k = TV_CLOCK_DUAL;
		else if (ct_streq(tr, o->val, "thread-cpu"))
			k = TV_CLOCK_THREAD_CPU;
		else if (ct_streq(tr, o->val, "wall"))
			k = TV_CLOCK_WALL;
		else if (ct_streq(tr, o->val, "global"))
			k = TV_CLOCK_GLOBAL;
	}
	if (b->nslots == 2)
		k = TV_CLOCK_DUAL;
	else if (k == TV_CLOCK_DUAL)
		k = TV_CLOCK_THREAD_CPU;
	tr->clock = k;
	tr->has_clock[TV_CPU] = k == TV_CLOCK_DUAL || k == TV_CLOCK_THREAD_CPU;
	tr->has_clock[TV_WALL] = k != TV_CLOCK_THREAD_CPU;
}

/* A single wall-clock slot moves from index 0 to TV_WALL. */
static void ct_move_slots(struct trace *tr)
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
	}
}

/* Thread lines sorted for lookup (a trace may list tens of thousands):
 * key is the tid, or for the "wide" list the tid modulo 65536 of lines
 * above 65535. Ties keep file order, so the first line of a tid wins. */
struct ct_kt {
	uint32_t key, tid, idx;
};

static int ct_kt_cmp(const void *a, const void *b)
{
	const struct ct_kt *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Index of the first entry of kt[0..n) with this key, or n. */
static uint32_t ct_kt_find(const struct ct_kt *kt, uint32_t n, uint32_t key)
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
static struct tv_str ct_thread_name(const struct trace *tr, const struct ct_kt *exact,
                                    const struct ct_kt *wide, uint32_t nwide, uint32_t tid)
{
	uint32_t i = ct_kt_find(exact, tr->nkeythreads, tid);
	if (i < tr->nkeythreads)
		return tr->keythreads[exact[i].idx].name;
	i = ct_kt_find(wide, nwide, tid);
	if (i == nwide)
		return TV_STR_NONE;
	uint32_t j = i;
	while (j + 1 < nwide && wide[j + 1].key == tid)
		j++;
	/* A summary may repeat a line: only distinct ids are ambiguous. */
	return wide[j].tid == wide[i].tid ? tr->keythreads[wide[i].idx].name : TV_STR_NONE;
}

static int ct_name_threads(struct trace *tr)
{
	uint32_t n = tr->nkeythreads, nwide = 0;
	if (!n)
		return 0;
	struct ct_kt *exact = malloc((size_t)n * sizeof *exact);
	struct ct_kt *wide = malloc((size_t)n * sizeof *wide);
	if (!exact || !wide) {
		free(exact);
		free(wide);
		return -1;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t tid = tr->keythreads[i].tid;
		exact[i] = (struct ct_kt){tid, tid, i};
		if (tid > 65535)
			wide[nwide++] = (struct ct_kt){tid & 0xffff, tid, i};
	}
	qsort(exact, n, sizeof *exact, ct_kt_cmp);
	qsort(wide, nwide, sizeof *wide, ct_kt_cmp);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		tr->threads[i].name = ct_thread_name(tr, exact, wide, nwide, tr->threads[i].tid);
	free(exact);
	free(wide);
	return 0;
}

static int ct_tid_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct tv_thread *)a)->tid, y = ((const struct tv_thread *)b)->tid;
	return (x > y) - (x < y);
}

static void ct_final_warnings(struct trace *tr)
{
	size_t len;
	const char *v = trace_option(tr, "data-file-overflow", &len);
	if (v && len == 4 && memcmp(v, "true", 4) == 0)
		tv_warnings_add(&tr->warnings, TV_W_OVERFLOW, TV_NO_OFFSET, 1);
	v = trace_option(tr, "num-method-calls", &len);
	if (v && len > 0 && len < 20) {
		uint64_t want = 0;
		size_t i = 0;
		while (i < len && v[i] >= '0' && v[i] <= '9')
			want = want * 10 + (uint64_t)(v[i++] - '0');
		if (i == len && want != tr->records)
			tv_warnings_add(&tr->warnings, TV_W_RECORD_COUNT, TV_NO_OFFSET, 1);
	}
	uint64_t unknown = 0;
	for (uint32_t i = 0; i < tr->nmethods; i++)
		unknown += !tr->methods[i].declared;
	tv_warnings_add(&tr->warnings, TV_W_UNKNOWN_METHOD, TV_NO_OFFSET, unknown);
}

enum tv_status calltree_finish(struct calltree *b, struct tv_error *err)
{
	struct trace *tr = b->tr;
	for (uint32_t i = 0; i < tr->nthreads; i++) {
		struct tv_thread *th = &tr->threads[i];
		if (ct_close_open(b, th, &b->ct[i]) < 0 ||
		    (b->ct[i].reorder && ct_reorder(th) < 0))
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	if (ct_name_threads(tr) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	ct_resolve_clock(b);
	ct_move_slots(tr);
	ct_final_warnings(tr);
	/* The builder's tid map and state arrays are by old index: drop them
	 * before sorting the threads. */
	for (uint32_t i = 0; i < tr->nthreads; i++) {
		free(b->ct[i].stack);
		free(b->ct[i].roots);
		memset(&b->ct[i], 0, sizeof b->ct[i]);
	}
	idmap_free(&b->tids);
	b->last_thread = IDMAP_NONE;
	if (tr->nthreads > 1)
		qsort(tr->threads, tr->nthreads, sizeof *tr->threads, ct_tid_cmp);
	return TV_OK;
}
