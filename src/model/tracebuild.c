/* tracebuild.c: per-thread replay of records into call trees
 * (docs/numbers.md, "Events" and "The call tree").
 *
 * Records arrive in file order, threads interleaved. Each thread keeps a
 * stack of open calls; calls are appended to the thread's flat arrays in the
 * order they are made, which is preorder except after an orphan exit (rule
 * 3), whose covering call is made late but starts first: such threads are
 * put back in preorder once, at the end.
 *
 * While building, time arrays are indexed by record slot (first or second
 * timestamp); tracebuild_finish() moves them to their clock once the clock is
 * known (a single-clock streaming file names its clock only at the end).
 *
 * Two stages, which may run on two cores: the reader's side (the sink
 * callbacks) maps ids to thread and method indices and makes times 64-bit
 * and relative, then queues one event per record; the replay (stacks, call
 * arrays, edge sums) takes the events in batches, in file order, so the
 * result is the same whether a worker thread replays them or the reader's
 * own thread does (small inputs, no pthreads, tracebuild_set_threads(b, 0)).
 * The replay owns its state while it runs: the per-thread call arrays
 * (moved into trace.threads at the end), the edge sums and its warnings.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"  /* TV_THREADS */
#endif
#include "model/tracebuild.h"

#include "base/grow.h"

#include <stdlib.h>
#include <string.h>
#ifdef TV_THREADS
#include <pthread.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#define CT_WRAP (UINT64_C(1) << 32)
#define CT_HALF (UINT64_C(1) << 31)

/* An open call. The builder sums each call into its edge (struct tv_esum)
 * as it closes, so a frame carries what that needs. */
struct ct_frame {
	uint32_t call;
	uint32_t method;
	uint32_t edge;            /* trace.esums index of (caller, this method) */
	uint32_t rec;             /* 1: the method was already open below */
	uint64_t start[TV_NCLOCKS]; /* per slot, as stored */
};

/* Replay state of one thread, by thread index. */
struct ct_thread {
	struct ct_frame *stack;
	uint32_t depth, stack_cap;
	uint32_t *roots;          /* calls whose parent is the root, so far */
	uint32_t nroots, roots_cap;
	int reorder;              /* an adoption broke preorder */
	uint64_t *act;            /* bit per method: open on this stack */
	uint32_t act_words;
};

/* Clock state of one thread (reader's side), parallel to trace.threads. */
struct ct_clock {
	uint64_t prev[TV_NCLOCKS]; /* last unwrapped time per slot */
	uint64_t epoch[TV_NCLOCKS]; /* 2^32 multiples added for wraps so far */
	int seen;                 /* a timed record was seen */
};

/* One record for the replay. */
struct ct_event {
	uint32_t thread;          /* trace.threads index */
	uint32_t method;          /* trace.methods index */
	uint64_t rel[TV_NCLOCKS]; /* µs since the thread's first time, per slot */
	uint64_t where;           /* file offset << 1 | 1 for an exit */
};

#define CT_MARK UINT32_MAX    /* event method of an action-3 record */
#define CT_BATCH 32768        /* events per hand-over (1 MiB) */

/* The replay's state: owned by the worker while it runs. The edge sums
 * move into the trace at the end (same fields as there). */
struct ct_replay {
	unsigned nslots;          /* a copy, set before the first record */
	struct ct_thread *ct;     /* by thread index, nwork of them */
	struct tv_thread *wth;    /* their call arrays, until merged */
	uint32_t nwork, ct_cap, wth_cap;
	struct idmap edges;       /* caller << 32 | callee -> esums index */
	/* Per callee method: the caller and edge of its last call. Most
	 * methods have few callers: this answers most lookups unhashed. */
	uint32_t *last_from, *last_edge;
	uint32_t last_cap;
	struct tv_esum *esums;
	struct tv_eend *eends;
	uint32_t nesums, esums_cap;
	struct tv_erec *erecs;
	uint32_t nerecs, erecs_cap;
	struct tv_warnings wwarn; /* what the replay found */
	int wfail;                /* the replay ran out of memory */
};

struct tracebuild {
	struct trace *tr;
	unsigned nslots;
	int have_format;
	struct ct_clock *clk;     /* reader's side, one per trace thread */
	uint32_t clk_cap;
	struct ct_event *buf[2];  /* the batch being filled, the one replayed */
	uint32_t nbuf;
	int cur;
	int threads;              /* may replay on a worker thread */
	int merged;               /* replay state moved into the trace */
#ifdef TV_THREADS
	int threads_ok;           /* the lock and condition were made */
	pthread_t worker;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int started;              /* the worker runs (or ran: not joined yet) */
	int busy;                 /* it holds a batch: todo, ntodo */
	int quit;
	struct ct_event *todo;
	uint32_t ntodo;
#endif
	struct idmap tids;        /* tid -> thread index */
	uint32_t last_tid, last_thread;
	/* Ids to indices without hashing when they are small: ART (Android 6
	 * on) numbers methods 4, 8, 12..., and V1 records carry 16-bit tids.
	 * Other ids (Dalvik's pointers, V2's 32-bit tids) take one probe of
	 * the trace's or the builder's map (behind a small cache for methods). */
	uint32_t *mdir;           /* method id / 4 -> method index, or NONE */
	uint32_t mdir_cap;
	uint32_t *tdir;           /* tid -> thread index, or NONE */
	uint32_t tdir_cap;
	struct ct_cached {        /* direct-mapped, for large method ids */
		uint64_t id;
		uint32_t idx;
	} cache[1024];
	int too_big;              /* a string would pass the 4 GiB arena */
	/* Its own cache lines: the reader's side writes its fields above at
	 * every record, and the worker would otherwise pull them back. */
	_Alignas(64) struct ct_replay w;
};

struct tracebuild *tracebuild_new(struct trace *tr)
{
	struct tracebuild *b = calloc(1, sizeof *b);
	if (!b)
		return NULL;
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
	/* A fixed threshold: glibc otherwise raises it to the size of each
	 * large block freed (an outgrown hash table), and the call arrays,
	 * then grown on the heap, leave their old copies behind as holes
	 * (25 MB more peak memory on a 70 MB trace). */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
	b->tr = tr;
	b->nslots = b->w.nslots = 2;
	tv_warnings_init(&b->w.wwarn);
	b->buf[0] = malloc(CT_BATCH * sizeof *b->buf[0]);
	b->buf[1] = malloc(CT_BATCH * sizeof *b->buf[1]);
	if (!b->buf[0] || !b->buf[1]) {
		free(b->buf[0]);
		free(b->buf[1]);
		free(b);
		return NULL;
	}
#ifdef TV_THREADS
	if (pthread_mutex_init(&b->mu, NULL) == 0) {
		if (pthread_cond_init(&b->cv, NULL) == 0)
			b->threads_ok = 1;
		else
			pthread_mutex_destroy(&b->mu);
	}
	b->threads = b->threads_ok;
#endif
	idmap_init(&b->tids);
	idmap_init(&b->w.edges);
	b->last_thread = IDMAP_NONE;
	for (size_t i = 0; i < sizeof b->cache / sizeof b->cache[0]; i++)
		b->cache[i].idx = IDMAP_NONE;
	return b;
}

#define CT_MDIR_MAX (UINT32_C(1) << 20)   /* at most 4 MiB of method table */
#define CT_TDIR_MAX (UINT32_C(1) << 16)

/* Sets dir[key] = val, growing dir (new slots IDMAP_NONE). */
static int ct_dir_set(uint32_t **dir, uint32_t *cap, uint32_t key, uint32_t val)
{
	if (key >= *cap) {
		uint32_t old = *cap;
		if (grow_to32((void **)dir, cap, key + 1, sizeof **dir) < 0)
			return -1;
		memset(*dir + old, 0xff, (size_t)(*cap - old) * sizeof **dir);
	}
	(*dir)[key] = val;
	return 0;
}

static uint32_t ct_method_slow(struct tracebuild *b, uint64_t id)
{
	uint64_t key = id >> 2;
	if (key < CT_MDIR_MAX) {
		uint32_t idx = trace_intern_method(b->tr, id);
		if (idx == IDMAP_NONE || ct_dir_set(&b->mdir, &b->mdir_cap, (uint32_t)key, idx) < 0)
			return IDMAP_NONE;
		return idx;
	}
	struct ct_cached *c = &b->cache[key & 1023];
	if (c->idx != IDMAP_NONE && c->id == id)
		return c->idx;
	uint32_t idx = trace_intern_method(b->tr, id);
	c->id = id;
	c->idx = idx;
	return idx;
}

/* id has its action bits clear. */
static inline uint32_t ct_method_index(struct tracebuild *b, uint64_t id)
{
	uint64_t key = id >> 2;
	if (key < b->mdir_cap && b->mdir[key] != IDMAP_NONE)
		return b->mdir[key];
	return ct_method_slow(b, id);
}

static void ct_merge(struct tracebuild *b);

void tracebuild_free(struct tracebuild *b)
{
	if (!b)
		return;
	ct_merge(b);  /* stops the worker; the trace keeps what was built */
#ifdef TV_THREADS
	if (b->threads_ok) {
		pthread_cond_destroy(&b->cv);
		pthread_mutex_destroy(&b->mu);
	}
#endif
	for (uint32_t i = 0; i < b->w.nwork; i++) {
		free(b->w.ct[i].stack);
		free(b->w.ct[i].roots);
		free(b->w.ct[i].act);
	}
	free(b->w.ct);
	free(b->w.wth);
	free(b->w.esums);
	free(b->w.eends);
	free(b->w.erecs);
	free(b->clk);
	free(b->buf[0]);
	free(b->buf[1]);
	free(b->mdir);
	free(b->tdir);
	free(b->w.last_from);
	free(b->w.last_edge);
	idmap_free(&b->tids);
	idmap_free(&b->w.edges);
	free(b);
}


/* ------------------------------------------------------------ sink: header */

static int ct_format(void *ctx, const struct sink_format *f)
{
	struct tracebuild *b = ctx;
	struct trace *tr = b->tr;
	if (b->have_format)
		return 0;
	b->have_format = 1;
	b->nslots = b->w.nslots = f->nslots == 1 ? 1 : 2;
	tr->version = f->version;
	tr->streaming = f->streaming;
	tr->record_size = f->record_size;
	tr->start_time = f->start_time_ns ? f->start_time / 1000 : f->start_time;
	return 0;
}

static int ct_add_str(struct tracebuild *b, struct sink_bytes in, struct tv_str *out)
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

enum tv_status tracebuild_stop_reason(const struct tracebuild *b)
{
	return b->too_big ? TV_ERR_TOO_BIG : TV_ERR_NOMEM;
}

static int ct_option(void *ctx, struct sink_bytes key, struct sink_bytes val)
{
	struct tracebuild *b = ctx;
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
	struct tracebuild *b = ctx;
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
	struct tracebuild *b = ctx;
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
	struct tracebuild *b = ctx;
	tv_warnings_add(&b->tr->warnings, kind, offset, n);
}

/* ------------------------------------------------------------ call storage */

/* Call arrays grow by a quarter (from 64 calls): with thousands of small
 * threads their unused tails were a third of the peak memory when they
 * doubled (2,000 threads, 70 MB trace: 92 MB held for 59 MB of calls).
 * Large arrays are mapped and grow in place, so the smaller steps cost no
 * copies there. */
static int ct_grow_calls_slow(struct tv_thread *th, unsigned nslots)
{
	uint32_t cap = th->cap, need = th->ncalls + 1;
	if (cap == UINT32_MAX)
		return -1;
	uint32_t to = cap < 64 ? 64 : cap > UINT32_MAX - cap / 4 ? UINT32_MAX : cap + cap / 4;
	if (to < need)
		to = need;
	uint32_t c0 = cap;
	if (grow_exact32((void **)&th->method, &c0, to, sizeof *th->method) < 0)
		return -1;
	c0 = cap;
	if (grow_exact32((void **)&th->parent, &c0, to, sizeof *th->parent) < 0)
		return -1;
	for (unsigned s = 0; s < nslots; s++) {
		c0 = cap;
		if (grow_exact32((void **)&th->start[s], &c0, to, sizeof(uint32_t)) < 0)
			return -1;
		c0 = cap;
		if (grow_exact32((void **)&th->end[s], &c0, to, sizeof(uint32_t)) < 0)
			return -1;
		if (th->start_hi[s]) {
			c0 = cap;
			if (grow_exact32_zeroed((void **)&th->start_hi[s], &c0, to, sizeof(uint32_t)) < 0)
				return -1;
		}
		if (th->end_hi[s]) {
			c0 = cap;
			if (grow_exact32_zeroed((void **)&th->end_hi[s], &c0, to, sizeof(uint32_t)) < 0)
				return -1;
		}
	}
	th->cap = to;
	return 0;
}

/* Room for one more call. */
static inline int ct_grow_calls(struct tv_thread *th, unsigned nslots)
{
	return th->ncalls < th->cap ? 0 : ct_grow_calls_slow(th, nslots);
}

/* Store a relative time; values past 32 bits get the thread a _hi array. */
static int ct_set_hi(struct tv_thread *th, uint32_t **hi, uint32_t i, uint64_t v)
{
	if (!*hi) {
		*hi = calloc(th->cap, sizeof(uint32_t));
		if (!*hi)
			return -1;
	}
	(*hi)[i] = (uint32_t)(v >> 32);
	return 0;
}

static inline int ct_set_time(struct tv_thread *th, uint32_t *lo, uint32_t **hi,
                              uint32_t i, uint64_t v)
{
	lo[i] = (uint32_t)v;
	if (!(v >> 32) && !*hi)
		return 0;
	return ct_set_hi(th, hi, i, v);
}

static inline int ct_set_start(struct tv_thread *th, unsigned s, uint32_t i, uint64_t v)
{
	return ct_set_time(th, th->start[s], &th->start_hi[s], i, v);
}

static inline int ct_set_end(struct tv_thread *th, unsigned s, uint32_t i, uint64_t v)
{
	return ct_set_time(th, th->end[s], &th->end_hi[s], i, v);
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

static uint32_t ct_thread_slow(struct tracebuild *b, uint32_t tid)
{
	struct trace *tr = b->tr;
	int added = 1;
	uint32_t idx = tr->nthreads;
	if (tid < CT_TDIR_MAX) {
		if (tr->nthreads == IDMAP_NONE ||
		    ct_dir_set(&b->tdir, &b->tdir_cap, tid, tr->nthreads) < 0)
			return IDMAP_NONE;
	} else {
		idx = idmap_get_or_put(&b->tids, tid, tr->nthreads, &added);
	}
	if (idx == IDMAP_NONE)
		return IDMAP_NONE;
	if (added) {
		if (grow_to32((void **)&tr->threads, &tr->threads_cap, tr->nthreads + 1,
		               sizeof *tr->threads) < 0 ||
		    grow_to32((void **)&b->clk, &b->clk_cap, tr->nthreads + 1, sizeof *b->clk) < 0)
			return IDMAP_NONE;
		struct tv_thread *th = &tr->threads[tr->nthreads++];
		memset(th, 0, sizeof *th);
		th->tid = tid;
		th->name = TV_STR_NONE;
		memset(&b->clk[idx], 0, sizeof b->clk[idx]);
	}
	b->last_tid = tid;
	b->last_thread = idx;
	return idx;
}

static inline uint32_t ct_thread_index(struct tracebuild *b, uint32_t tid)
{
	if (tid < b->tdir_cap && b->tdir[tid] != IDMAP_NONE)
		return b->tdir[tid];
	if (b->last_thread != IDMAP_NONE && b->last_tid == tid)
		return b->last_thread;
	return ct_thread_slow(b, tid);
}

/* One slot's time made 64-bit (a fall of more than 2^31 is a wrap of the
 * 32-bit value) and monotonic (a smaller one is clamped; *back counts). */
static inline uint64_t ct_unwrap(struct ct_clock *ck, unsigned s, uint64_t v, uint64_t *back)
{
	uint64_t prev = ck->prev[s];
	v += ck->epoch[s];
	if (v < prev) {
		if (prev - v > CT_HALF) {
			ck->epoch[s] += CT_WRAP;
			v += CT_WRAP;
		}
		if (v < prev) {
			++*back;
			v = prev;
		}
	}
	ck->prev[s] = v;
	return v;
}

/* Makes times 64-bit and monotonic (docs/numbers.md, "Events"); returns µs
 * since the thread's first timestamp per slot in rel[]. The thread's last time is
 * ck->prev (trace.threads' last[] is set at the end). */
static inline void ct_times(struct tracebuild *b, struct tv_thread *th, struct ct_clock *ck,
                            const uint64_t raw[2], uint64_t rel[2], uint64_t offset)
{
	if (!ck->seen) {
		for (unsigned s = 0; s < b->nslots; s++) {
			th->first[s] = ck->prev[s] = raw[s];
			rel[s] = 0;
		}
		ck->seen = 1;
		return;
	}
	uint64_t back = 0;
	rel[0] = ct_unwrap(ck, 0, raw[0], &back) - th->first[0];
	if (b->nslots == 2)
		rel[1] = ct_unwrap(ck, 1, raw[1], &back) - th->first[1];
	if (back)
		tv_warnings_add(&b->tr->warnings, TV_W_TIME_BACKWARDS, offset, back);
}

/* ------------------------------------------------------------ edge sums */

/* Index of the (from, to) edge sum, made when new; IDMAP_NONE when out of
 * memory. */
static uint32_t ct_edge_slow(struct tracebuild *b, uint32_t from, uint32_t to)
{
	struct ct_replay *tr = &b->w;
	int added;
	uint32_t e = idmap_get_or_put(&b->w.edges, (uint64_t)from << 32 | to, tr->nesums, &added);
	if (e == IDMAP_NONE || !added)
		return e;
	uint32_t cap = tr->esums_cap;
	if (grow_push32((void **)&tr->eends, &cap, tr->nesums, sizeof *tr->eends) < 0 ||
	    grow_push32((void **)&tr->esums, &tr->esums_cap, tr->nesums, sizeof *tr->esums) < 0)
		return IDMAP_NONE;  /* the map now names a missing sum: fatal */
	struct tv_esum *es = &tr->esums[tr->nesums];
	memset(es, 0, sizeof *es);
	es->rec = TV_NO_EREC;
	tr->eends[tr->nesums].from = from;
	tr->eends[tr->nesums].to = to;
	tr->nesums++;
	return e;
}

static uint32_t ct_edge(struct tracebuild *b, uint32_t from, uint32_t to)
{
	if (to < b->w.last_cap && b->w.last_edge[to] != IDMAP_NONE && b->w.last_from[to] == from)
		return b->w.last_edge[to];
	if (to >= b->w.last_cap) {
		uint32_t old = b->w.last_cap, c = old;
		if (grow_to32((void **)&b->w.last_from, &c, to + 1, sizeof *b->w.last_from) < 0)
			return IDMAP_NONE;
		c = old;
		if (grow_to32((void **)&b->w.last_edge, &c, to + 1, sizeof *b->w.last_edge) < 0)
			return IDMAP_NONE;
		memset(b->w.last_edge + old, 0xff, (size_t)(c - old) * sizeof *b->w.last_edge);
		b->w.last_cap = c;
	}
	uint32_t e = ct_edge_slow(b, from, to);
	b->w.last_from[to] = from;
	b->w.last_edge[to] = e;
	return e;
}

/* Cell k of edge sum e, made when new; NULL when out of memory. */
static struct tv_ecell *ct_rec_cell(struct ct_replay *tr, uint32_t e, unsigned k)
{
	struct tv_esum *es = &tr->esums[e];
	if (es->rec == TV_NO_EREC) {
		if (grow_push32((void **)&tr->erecs, &tr->erecs_cap, tr->nerecs, sizeof *tr->erecs) < 0)
			return NULL;
		memset(&tr->erecs[tr->nerecs], 0, sizeof *tr->erecs);
		es->rec = tr->nerecs++;
	}
	return &tr->erecs[es->rec].cell[k - 1];
}

static inline struct tv_ecell *ct_cell_of(struct ct_replay *tr, uint32_t e, unsigned k)
{
	return k == 0 ? &tr->esums[e].plain : ct_rec_cell(tr, e, k);
}

/* Marks m open on this thread's stack; returns 1 when it already was (the
 * new call is recursive), 0 when not, -1 when out of memory. */
static inline int ct_act_set(struct ct_thread *ct, uint32_t m)
{
	uint32_t w = m >> 6;
	if (w >= ct->act_words &&
	    grow_to32_zeroed((void **)&ct->act, &ct->act_words, w + 1, sizeof *ct->act) < 0)
		return -1;
	uint64_t bit = UINT64_C(1) << (m & 63);
	int was = (ct->act[w] & bit) != 0;
	ct->act[w] |= bit;
	return was;
}

static int ct_act_has(const struct ct_thread *ct, uint32_t m)
{
	return m >> 6 < ct->act_words && (ct->act[m >> 6] >> (m & 63) & 1);
}

/* A frame leaves the stack: its method stays open only if it was already. */
static void ct_act_leave(struct ct_thread *ct, const struct ct_frame *f)
{
	if (!f->rec)
		ct->act[f->method >> 6] &= ~(UINT64_C(1) << (f->method & 63));
}

/* Cell of a closing frame's sum: its own recursion and its caller's. */
static unsigned ct_cell(const struct ct_thread *ct, const struct ct_frame *f)
{
	return f->rec | (ct->depth ? ct->stack[ct->depth - 1].rec << 1 : 0);
}

/* Takes the sums of calls [from, to) back out of trace.esums: an adoption
 * is about to make them its descendants, which changes their edges and
 * recursion. They were made after the last adoption, so they are whole
 * trees in preorder and the stack is empty: it replays them. */
static int ct_unsum(struct tracebuild *b, struct tv_thread *th, struct ct_thread *ct,
                    uint32_t from, uint32_t to)
{
	for (uint32_t i = from; i <= to; i++) {
		while (ct->depth && (i == to || ct->stack[ct->depth - 1].call != th->parent[i])) {
			struct ct_frame *f = &ct->stack[--ct->depth];
			struct tv_ecell *c = ct_cell_of(&b->w, f->edge, ct_cell(ct, f));
			c->calls--;  /* the cell exists: the call was added to it */
			for (unsigned s = 0; s < b->w.nslots; s++)
				c->incl[s] -= trace_call_incl(th, (int)s, f->call);
			ct_act_leave(ct, f);
		}
		if (i == to)
			break;
		if (grow_push32((void **)&ct->stack, &ct->stack_cap, ct->depth, sizeof *ct->stack) < 0)
			return -1;
		uint32_t m = th->method[i];
		int rec = ct_act_set(ct, m);
		uint32_t up = ct->depth ? ct->stack[ct->depth - 1].method : TV_ROOT;
		uint32_t e = idmap_get(&b->w.edges, (uint64_t)up << 32 | m);
		if (rec < 0 || e == IDMAP_NONE)
			return -1;
		struct ct_frame *f = &ct->stack[ct->depth++];
		f->call = i;
		f->method = m;
		f->edge = e;
		f->rec = (uint32_t)rec;
	}
	return 0;
}

/* ------------------------------------------------------------ replay */

static int ct_push_root(struct ct_thread *ct, uint32_t call)
{
	if (grow_to32((void **)&ct->roots, &ct->roots_cap, ct->nroots + 1, sizeof *ct->roots) < 0)
		return -1;
	ct->roots[ct->nroots++] = call;
	return 0;
}

/* Rule 1: a new call, child of the top of the stack, pushed. */
static int ct_enter(struct tracebuild *b, struct tv_thread *th, struct ct_thread *ct,
                    uint32_t m, const uint64_t rel[2])
{
	if (ct_grow_calls(th, b->w.nslots) < 0 ||
	    grow_push32((void **)&ct->stack, &ct->stack_cap, ct->depth, sizeof *ct->stack) < 0)
		return -1;
	int rec = ct_act_set(ct, m);
	if (rec < 0)
		return -1;
	struct ct_frame *up = ct->depth ? &ct->stack[ct->depth - 1] : NULL;
	uint32_t e = ct_edge(b, up ? up->method : TV_ROOT, m);
	if (e == IDMAP_NONE)
		return -1;
	uint32_t i = th->ncalls++;
	th->method[i] = m;
	th->parent[i] = up ? up->call : TV_ROOT;
	if (ct_set_start(th, 0, i, rel[0]) < 0 ||
	    (b->w.nslots == 2 && ct_set_start(th, 1, i, rel[1]) < 0))
		return -1;
	if (!up && ct_push_root(ct, i) < 0)
		return -1;
	struct ct_frame *f = &ct->stack[ct->depth++];
	f->call = i;
	f->method = m;
	f->edge = e;
	f->rec = (uint32_t)rec;
	f->start[0] = rel[0];
	f->start[1] = rel[1];
	return 0;
}

/* Ends the top call at rel[], pops it and adds it to its edge's sums. */
static int ct_pop(struct tracebuild *b, struct tv_thread *th, struct ct_thread *ct,
                  const uint64_t rel[2])
{
	const struct ct_frame *f = &ct->stack[--ct->depth];
	ct_act_leave(ct, f);
	struct tv_ecell *c = ct_cell_of(&b->w, f->edge, ct_cell(ct, f));
	if (!c || ct_set_end(th, 0, f->call, rel[0]) < 0)
		return -1;
	c->calls++;
	c->incl[0] += rel[0] - f->start[0];
	if (b->w.nslots == 2) {
		if (ct_set_end(th, 1, f->call, rel[1]) < 0)
			return -1;
		c->incl[1] += rel[1] - f->start[1];
	}
	return 0;
}

/* Rule 3: M exits but is not open. Close everything, then make a call of M
 * from the thread's first timestamp that adopts every top-level call. The
 * adopted calls leave the edge sums: profiles walk them (walk_calls). */
static int ct_orphan_exit(struct tracebuild *b, struct tv_thread *th, struct ct_thread *ct,
                          uint32_t m, const uint64_t rel[2], uint64_t offset)
{
	static const uint64_t zero[2] = {0, 0};
	tv_warnings_add(&b->w.wwarn, TV_W_ORPHAN_EXIT, offset, 1);
	if (ct->depth)
		tv_warnings_add(&b->w.wwarn, TV_W_LOST_EXIT, offset, ct->depth);
	if (ct_mark(th, rel, -(int64_t)ct->depth) < 0 || ct_mark(th, zero, -1) < 0)
		return -1;
	while (ct->depth)
		if (ct_pop(b, th, ct, rel) < 0)
			return -1;
	if (ct_unsum(b, th, ct, th->walk_calls, th->ncalls) < 0 || ct_grow_calls(th, b->w.nslots) < 0)
		return -1;
	uint32_t i = th->ncalls++;
	th->method[i] = m;
	th->parent[i] = TV_ROOT;
	for (unsigned s = 0; s < b->w.nslots; s++)
		if (ct_set_start(th, s, i, 0) < 0 || ct_set_end(th, s, i, rel[s]) < 0)
			return -1;
	for (uint32_t k = 0; k < ct->nroots; k++)
		th->parent[ct->roots[k]] = i;
	if (ct->nroots)
		ct->reorder = 1;
	ct->nroots = 0;
	th->walk_calls = th->ncalls;
	return ct_push_root(ct, i);
}

/* Rule 2 (or 3 when M is not open). */
static int ct_exit(struct tracebuild *b, struct tv_thread *th, struct ct_thread *ct,
                   uint32_t m, const uint64_t rel[2], uint64_t offset)
{
	uint32_t k = ct->depth;
	if (ct_act_has(ct, m)) {
		while (k && ct->stack[k - 1].method != m)
			k--;
	} else {
		k = 0;
	}
	if (!k)
		return ct_orphan_exit(b, th, ct, m, rel, offset);
	uint32_t lost = ct->depth - k;
	if (lost)
		tv_warnings_add(&b->w.wwarn, TV_W_LOST_EXIT, offset, lost);
	if (ct_mark(th, rel, -(int64_t)lost) < 0)
		return -1;
	while (ct->depth >= k)
		if (ct_pop(b, th, ct, rel) < 0)
			return -1;
	return 0;
}

/* ------------------------------------------------------------ the replay */

/* Replay state for thread index ti, made when new. */
static int ct_work_thread(struct tracebuild *b, uint32_t ti)
{
	if (ti < b->w.nwork)
		return 0;
	if (grow_to32((void **)&b->w.ct, &b->w.ct_cap, ti + 1, sizeof *b->w.ct) < 0 ||
	    grow_to32((void **)&b->w.wth, &b->w.wth_cap, ti + 1, sizeof *b->w.wth) < 0)
		return -1;
	memset(b->w.ct + b->w.nwork, 0, (size_t)(ti + 1 - b->w.nwork) * sizeof *b->w.ct);
	memset(b->w.wth + b->w.nwork, 0, (size_t)(ti + 1 - b->w.nwork) * sizeof *b->w.wth);
	b->w.nwork = ti + 1;
	return 0;
}

/* Replays n events; on failure sets wfail and stops. */
static void ct_work(struct tracebuild *b, const struct ct_event *ev, uint32_t n)
{
	for (uint32_t k = 0; k < n && !b->w.wfail; k++) {
		const struct ct_event *e = &ev[k];
		uint32_t ti = e->thread;
		if (ti >= b->w.nwork && ct_work_thread(b, ti) < 0) {
			b->w.wfail = 1;
			break;
		}
		struct tv_thread *th = &b->w.wth[ti];
		struct ct_thread *ct = &b->w.ct[ti];
		int rc = e->method == CT_MARK ? ct_mark(th, e->rel, 1)
		         : e->where & 1 ? ct_exit(b, th, ct, e->method, e->rel, e->where >> 1)
		                        : ct_enter(b, th, ct, e->method, e->rel);
		if (rc < 0)
			b->w.wfail = 1;
	}
}

#ifdef TV_THREADS
static void *ct_worker_main(void *arg)
{
	struct tracebuild *b = arg;
	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->busy && !b->quit)
			pthread_cond_wait(&b->cv, &b->mu);
		if (!b->busy)
			break;
		const struct ct_event *ev = b->todo;
		uint32_t n = b->ntodo;
		pthread_mutex_unlock(&b->mu);
		ct_work(b, ev, n);
		pthread_mutex_lock(&b->mu);
		b->busy = 0;
		pthread_cond_broadcast(&b->cv);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

/* Waits until the worker holds no batch. Call with mu held. */
static void ct_wait_idle(struct tracebuild *b)
{
	while (b->busy)
		pthread_cond_wait(&b->cv, &b->mu);
}
#endif

/* Hands the filled batch to the replay: to the worker (started on the first
 * full batch, so small inputs never start one) or, without one, replays it
 * here. -1 when the replay has run out of memory. */
static int ct_flush(struct tracebuild *b, int full)
{
	uint32_t n = b->nbuf;
	b->nbuf = 0;
#ifdef TV_THREADS
	if (b->threads && !b->started && full) {
		b->started = pthread_create(&b->worker, NULL, ct_worker_main, b) == 0;
		if (!b->started)
			b->threads = 0;
	}
	if (b->started) {
		pthread_mutex_lock(&b->mu);
		ct_wait_idle(b);
		int fail = b->w.wfail;
		if (!fail && n) {
			b->todo = b->buf[b->cur];
			b->ntodo = n;
			b->busy = 1;
			pthread_cond_broadcast(&b->cv);
			b->cur ^= 1;
		}
		pthread_mutex_unlock(&b->mu);
		return fail ? -1 : 0;
	}
#endif
	(void)full;
	ct_work(b, b->buf[b->cur], n);
	return b->w.wfail ? -1 : 0;
}

/* Ends the replay: the last batch, the worker joined, the replay's call
 * arrays and warnings moved into the trace. Safe to call twice. */
static void ct_merge(struct tracebuild *b)
{
	if (b->merged)
		return;
	b->merged = 1;
	if (b->nbuf && !b->w.wfail)
		ct_flush(b, 0);
#ifdef TV_THREADS
	if (b->started) {
		pthread_mutex_lock(&b->mu);
		ct_wait_idle(b);
		b->quit = 1;
		pthread_cond_broadcast(&b->cv);
		pthread_mutex_unlock(&b->mu);
		pthread_join(b->worker, NULL);
		b->started = 0;
	}
#endif
	struct trace *tr = b->tr;
	for (uint32_t i = 0; i < b->w.nwork && i < tr->nthreads; i++) {
		struct tv_thread *to = &tr->threads[i], *from = &b->w.wth[i];
		to->ncalls = from->ncalls;
		to->cap = from->cap;
		to->method = from->method;
		to->parent = from->parent;
		to->walk_calls = from->walk_calls;
		to->marks = from->marks;
		to->nmarks = from->nmarks;
		to->marks_cap = from->marks_cap;
		for (int c = 0; c < TV_NCLOCKS; c++) {
			to->start[c] = from->start[c];
			to->end[c] = from->end[c];
			to->start_hi[c] = from->start_hi[c];
			to->end_hi[c] = from->end_hi[c];
		}
		memset(from, 0, sizeof *from);
	}
	/* Only the replay adds these kinds, so counts and first offsets are
	 * what one pass would have found. */
	for (int k = 0; k < TV_WARN_COUNT; k++)
		tv_warnings_add(&tr->warnings, (enum tv_warn)k, b->w.wwarn.first_offset[k],
		                b->w.wwarn.count[k]);
}

void tracebuild_set_threads(struct tracebuild *b, int on)
{
#ifdef TV_THREADS
	if (!b->started)
		b->threads = on && b->threads_ok;
#else
	(void)b;
	(void)on;
#endif
}

static int ct_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                     uint64_t offset)
{
	struct tracebuild *b = ctx;
	struct trace *tr = b->tr;
	uint32_t ti = ct_thread_index(b, tid);
	if (ti == IDMAP_NONE)
		return -1;
	struct tv_thread *th = &tr->threads[ti];
	uint64_t raw[2] = {t0, t1};
	struct ct_event *e = &b->buf[b->cur][b->nbuf];
	e->rel[0] = e->rel[1] = 0;

	tr->records++;
	th->records++;
	ct_times(b, th, &b->clk[ti], raw, e->rel, offset);

	unsigned action = (unsigned)(word & 3);
	uint32_t m;
	if (action == 3) {
		tv_warnings_add(&tr->warnings, TV_W_ACTION3, offset, 1);
		m = CT_MARK;   /* noted by the replay, with the repairs */
	} else if ((m = ct_method_index(b, word & ~UINT64_C(3))) == IDMAP_NONE) {
		return -1;
	}
	e->thread = ti;
	e->method = m;
	e->where = offset << 1 | (action != 0);
	if (++b->nbuf == CT_BATCH)
		return ct_flush(b, 1);
	return 0;
}

struct sink tracebuild_sink(struct tracebuild *b)
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
static int ct_close_open(struct tracebuild *b, struct tv_thread *th, struct ct_thread *ct)
{
	uint64_t rel[2] = {0, 0};
	for (unsigned s = 0; s < b->w.nslots; s++)
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
static void ct_resolve_clock(struct tracebuild *b)
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
	if (b->w.nslots == 2)
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
	for (uint32_t e = 0; e < tr->nesums; e++) {
		struct tv_ecell *c = &tr->esums[e].plain;
		c->incl[TV_WALL] = c->incl[0];
		c->incl[0] = 0;
	}
	for (uint32_t r = 0; r < tr->nerecs; r++)
		for (int k = 0; k < 3; k++) {
			struct tv_ecell *c = &tr->erecs[r].cell[k];
			c->incl[TV_WALL] = c->incl[0];
			c->incl[0] = 0;
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
	uint64_t want;
	if (trace_option_u64(tr, "num-method-calls", &want) && want != tr->records)
		tv_warnings_add(&tr->warnings, TV_W_RECORD_COUNT, TV_NO_OFFSET, 1);
	uint64_t unknown = 0;
	for (uint32_t i = 0; i < tr->nmethods; i++)
		unknown += !tr->methods[i].declared;
	tv_warnings_add(&tr->warnings, TV_W_UNKNOWN_METHOD, TV_NO_OFFSET, unknown);
}

enum tv_status tracebuild_finish(struct tracebuild *b, struct tv_error *err)
{
	struct trace *tr = b->tr;
	ct_merge(b);
	if (b->w.wfail || (tr->nthreads && ct_work_thread(b, tr->nthreads - 1) < 0))
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		for (unsigned s = 0; s < b->nslots; s++)
			tr->threads[i].last[s] = b->clk[i].prev[s];
	for (uint32_t i = 0; i < tr->nthreads; i++) {
		struct tv_thread *th = &tr->threads[i];
		if (ct_close_open(b, th, &b->w.ct[i]) < 0 ||
		    (b->w.ct[i].reorder && ct_reorder(th) < 0))
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	if (ct_name_threads(tr) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	/* The edge sums are complete (every call closed): the trace's now. */
	tr->esums = b->w.esums;
	tr->eends = b->w.eends;
	tr->nesums = b->w.nesums;
	tr->esums_cap = b->w.esums_cap;
	tr->erecs = b->w.erecs;
	tr->nerecs = b->w.nerecs;
	tr->erecs_cap = b->w.erecs_cap;
	b->w.esums = NULL;
	b->w.eends = NULL;
	b->w.erecs = NULL;
	ct_resolve_clock(b);
	ct_move_slots(tr);
	ct_final_warnings(tr);
	/* The builder's tid map and state arrays are by old index: drop them
	 * before sorting the threads. */
	for (uint32_t i = 0; i < b->w.nwork; i++) {
		free(b->w.ct[i].stack);
		free(b->w.ct[i].roots);
		free(b->w.ct[i].act);
		memset(&b->w.ct[i], 0, sizeof b->w.ct[i]);
	}
	idmap_free(&b->tids);
	idmap_free(&b->w.edges);
	free(b->tdir);
	b->tdir = NULL;
	b->tdir_cap = 0;
	b->last_thread = IDMAP_NONE;
	if (tr->nthreads > 1)
		qsort(tr->threads, tr->nthreads, sizeof *tr->threads, ct_tid_cmp);
	tr->esums_valid = 1;
	return TV_OK;
}
