/* tracebuild.c: the sink that builds a trace from reader records
 * (docs/numbers.md, "Events" and "The call tree").
 *
 * Two stages, which may run on two cores: the reader's side (the sink
 * callbacks, here) maps ids to thread and method indices and makes times
 * 64-bit and relative, then queues one event per record; the replay
 * (replay.h: stacks, call arrays, edge sums) takes the events in batches,
 * in file order, so the result is the same whether a worker thread
 * replays them or the reader's own thread does (small inputs, no
 * pthreads, tracebuild_set_threads(b, 0)). The replay owns its state
 * while it runs: the per-thread call arrays (moved into trace.threads at
 * the end), the edge sums and its warnings.
 *
 * A sums-only build (tracebuild_set_sums()) hands the same events to
 * sumreplay.h instead, with each method's tags before its first call.
 *
 * While building, time arrays are indexed by record slot (first or second
 * timestamp); tracebuild_finish() moves them to their clock once the clock
 * is known (a single-clock streaming file names its clock only at the
 * end), with the rest of what the whole trace decides (tracefinish.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"  /* TV_THREADS */
#endif
#include "model/tracebuild.h"

#include "base/grow.h"
#include "model/replay.h"
#include "model/sumname.h"
#include "model/sumreplay.h"
#include "model/tracefinish.h"

#include <stdlib.h>
#include <string.h>
#ifdef TV_THREADS
#include <pthread.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#define TRACEBUILD_WRAP (UINT64_C(1) << 32)
#define TRACEBUILD_HALF (UINT64_C(1) << 31)

#define TRACEBUILD_BATCH 32768 /* events per hand-over (1 MiB) */

/* Clock state of one thread (reader's side), parallel to trace.threads. */
struct tracebuild_clock {
	uint64_t prev[TV_NCLOCKS]; /* last unwrapped time per slot */
	uint64_t epoch[TV_NCLOCKS]; /* 2^32 multiples added for wraps so far */
	int seen;                 /* a timed record was seen */
};

struct tracebuild {
	struct trace *tr;
	unsigned nslots;
	int have_format;
	enum sink_clock fixed;    /* a clock the format fixed, or SINK_CLOCK_KEY */
	struct tracebuild_clock *clk; /* reader's side, one per trace thread */
	uint32_t clk_cap;
	struct replay_event *buf[2]; /* the batch being filled, the one replayed */
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
	struct replay_event *todo;
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
	struct tracebuild_cached { /* direct-mapped, for large method ids */
		uint64_t id;
		uint32_t idx;
	} cache[1024];
	int too_big;              /* a string would pass the 4 GiB arena */
	/* Sums only: the replay that keeps them, who tags methods, and per
	 * method its tags + 1 once sent (0: not yet named by a record). */
	struct sumreplay *sums;
	struct sumname *names;    /* each entry's edge, named here (sumname.h) */
	struct tv_tagger tagger;
	uint8_t *tags;
	uint32_t tags_cap;
	int retagged;             /* a method's tags changed after it was sent */
	/* Its own cache lines: the reader's side writes its fields above at
	 * every record, and the worker would otherwise pull them back. */
	_Alignas(64) struct replay w;
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
	replay_init(&b->w);
	b->nslots = 2;
	b->buf[0] = malloc(TRACEBUILD_BATCH * sizeof *b->buf[0]);
	b->buf[1] = malloc(TRACEBUILD_BATCH * sizeof *b->buf[1]);
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
	b->last_thread = IDMAP_NONE;
	for (size_t i = 0; i < sizeof b->cache / sizeof b->cache[0]; i++)
		b->cache[i].idx = IDMAP_NONE;
	return b;
}

#define TRACEBUILD_MDIR_MAX (UINT32_C(1) << 20) /* at most 4 MiB of method table */
#define TRACEBUILD_TDIR_MAX (UINT32_C(1) << 16)

/* Sets dir[key] = val, growing dir (new slots IDMAP_NONE). */
static int tracebuild_dir_set(uint32_t **dir, uint32_t *cap, uint32_t key, uint32_t val)
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

static uint32_t tracebuild_method_slow(struct tracebuild *b, uint64_t id)
{
	uint64_t key = id >> 2;
	if (key < TRACEBUILD_MDIR_MAX) {
		uint32_t idx = trace_intern_method(b->tr, id);
		if (idx == IDMAP_NONE ||
		    tracebuild_dir_set(&b->mdir, &b->mdir_cap, (uint32_t)key, idx) < 0)
			return IDMAP_NONE;
		return idx;
	}
	struct tracebuild_cached *c = &b->cache[key & 1023];
	if (c->idx != IDMAP_NONE && c->id == id)
		return c->idx;
	uint32_t idx = trace_intern_method(b->tr, id);
	c->id = id;
	c->idx = idx;
	return idx;
}

/* id has its action bits clear. */
static inline uint32_t tracebuild_method_index(struct tracebuild *b, uint64_t id)
{
	uint64_t key = id >> 2;
	if (key < b->mdir_cap && b->mdir[key] != IDMAP_NONE)
		return b->mdir[key];
	return tracebuild_method_slow(b, id);
}

static void tracebuild_merge(struct tracebuild *b);

void tracebuild_free(struct tracebuild *b)
{
	if (!b)
		return;
	tracebuild_merge(b); /* stops the worker; the trace keeps what was built */
#ifdef TV_THREADS
	if (b->threads_ok) {
		pthread_cond_destroy(&b->cv);
		pthread_mutex_destroy(&b->mu);
	}
#endif
	replay_free(&b->w);
	sumreplay_free(b->sums);
	sumname_free(b->names);
	free(b->tags);
	free(b->clk);
	free(b->buf[0]);
	free(b->buf[1]);
	free(b->mdir);
	free(b->tdir);
	idmap_free(&b->tids);
	free(b);
}


/* ------------------------------------------------------------ sink: header */

static int tracebuild_format(void *ctx, const struct sink_format *f)
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
	b->fixed = f->clock;
	if (b->fixed != SINK_CLOCK_KEY)
		b->nslots = b->w.nslots = 1;
	return 0;
}

static int tracebuild_add_str(struct tracebuild *b, struct sink_bytes in, struct tv_str *out)
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

static int tracebuild_option(void *ctx, struct sink_bytes key, struct sink_bytes val)
{
	struct tracebuild *b = ctx;
	struct trace *tr = b->tr;
	if (grow_to32((void **)&tr->options, &tr->options_cap, tr->noptions + 1,
	               sizeof *tr->options) < 0)
		return -1;
	struct tv_option *o = &tr->options[tr->noptions];
	if (tracebuild_add_str(b, key, &o->key) < 0 || tracebuild_add_str(b, val, &o->val) < 0)
		return -1;
	tr->noptions++;
	return 0;
}

static int tracebuild_thread_line(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset)
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
	if (tracebuild_add_str(b, name, &k->name) < 0)
		return -1;
	tr->nkeythreads++;
	return 0;
}

static int tracebuild_method(void *ctx, uint64_t id, const struct sink_method *sm, uint64_t offset)
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
	if (tracebuild_add_str(b, sm->cls, &m->cls) < 0 ||
	    tracebuild_add_str(b, sm->name, &m->name) < 0 ||
	    tracebuild_add_str(b, sm->sig, &m->sig) < 0 ||
	    tracebuild_add_str(b, sm->source, &m->source) < 0)
		return -1;
	m->line = sm->line;
	m->has_line = sm->has_line;
	m->declared = 1;
	/* Sums only: tags sent before this declaration must still hold. */
	if (b->sums && idx < b->tags_cap && b->tags[idx] &&
	    b->tags[idx] != (uint8_t)(b->tagger.tag(b->tagger.ctx, tr, idx) + 1)) {
		b->retagged = 1;
		return -1;   /* stops the reader: the trace is built again in full */
	}
	return 0;
}

static void tracebuild_warn(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	struct tracebuild *b = ctx;
	tv_warnings_add(&b->tr->warnings, kind, offset, n);
}

/* ------------------------------------------------------------ sink: records */

static uint32_t tracebuild_thread_slow(struct tracebuild *b, uint32_t tid)
{
	struct trace *tr = b->tr;
	int added = 1;
	uint32_t idx = tr->nthreads;
	if (tid < TRACEBUILD_TDIR_MAX) {
		if (tr->nthreads == IDMAP_NONE ||
		    tracebuild_dir_set(&b->tdir, &b->tdir_cap, tid, tr->nthreads) < 0)
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

static inline uint32_t tracebuild_thread_index(struct tracebuild *b, uint32_t tid)
{
	if (tid < b->tdir_cap && b->tdir[tid] != IDMAP_NONE)
		return b->tdir[tid];
	if (b->last_thread != IDMAP_NONE && b->last_tid == tid)
		return b->last_thread;
	return tracebuild_thread_slow(b, tid);
}

/* One slot's time made 64-bit (a fall of more than 2^31 is a wrap of the
 * 32-bit value) and monotonic (a smaller one is clamped; *back counts). */
static inline uint64_t tracebuild_unwrap(struct tracebuild_clock *ck, unsigned s, uint64_t v,
                                         uint64_t *back)
{
	uint64_t prev = ck->prev[s];
	v += ck->epoch[s];
	if (v < prev) {
		if (prev - v > TRACEBUILD_HALF) {
			ck->epoch[s] += TRACEBUILD_WRAP;
			v += TRACEBUILD_WRAP;
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
static inline void tracebuild_times(struct tracebuild *b, struct tv_thread *th,
                                    struct tracebuild_clock *ck,
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
	rel[0] = tracebuild_unwrap(ck, 0, raw[0], &back) - th->first[0];
	if (b->nslots == 2)
		rel[1] = tracebuild_unwrap(ck, 1, raw[1], &back) - th->first[1];
	if (back)
		tv_warnings_add(&b->tr->warnings, TV_W_TIME_BACKWARDS, offset, back);
}

/* ------------------------------------------------------------ the replay */

/* The replay of this build, calls or sums, on n events. */
static void tracebuild_replay(struct tracebuild *b, const struct replay_event *ev, uint32_t n)
{
	if (b->sums)
		sumreplay_run(b->sums, ev, n);
	else
		replay_run(&b->w, ev, n);
}

/* The replay stopped: out of memory, or a sums-only replay met what it
 * cannot sum. */
static int tracebuild_stopped(const struct tracebuild *b)
{
	if (b->sums)
		return sumreplay_failed(b->sums) || sumreplay_inexact(b->sums);
	return b->w.wfail;
}

#ifdef TV_THREADS
static void *tracebuild_worker_main(void *arg)
{
	struct tracebuild *b = arg;
	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->busy && !b->quit)
			pthread_cond_wait(&b->cv, &b->mu);
		if (!b->busy)
			break;
		const struct replay_event *ev = b->todo;
		uint32_t n = b->ntodo;
		pthread_mutex_unlock(&b->mu);
		tracebuild_replay(b, ev, n);
		pthread_mutex_lock(&b->mu);
		b->busy = 0;
		pthread_cond_broadcast(&b->cv);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

/* Waits until the worker holds no batch. Call with mu held. */
static void tracebuild_wait_idle(struct tracebuild *b)
{
	while (b->busy)
		pthread_cond_wait(&b->cv, &b->mu);
}
#endif

/* Hands the filled batch to the replay: to the worker (started on the first
 * full batch, so small inputs never start one) or, without one, replays it
 * here. -1 when the replay has run out of memory. */
static int tracebuild_flush(struct tracebuild *b, int full)
{
	uint32_t n = b->nbuf;
	b->nbuf = 0;
#ifdef TV_THREADS
	if (b->threads && !b->started && full) {
		b->started = pthread_create(&b->worker, NULL, tracebuild_worker_main, b) == 0;
		if (!b->started)
			b->threads = 0;
	}
	if (b->started) {
		pthread_mutex_lock(&b->mu);
		tracebuild_wait_idle(b);
		int fail = tracebuild_stopped(b);
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
	tracebuild_replay(b, b->buf[b->cur], n);
	return tracebuild_stopped(b) ? -1 : 0;
}

/* Ends the replay: the last batch, the worker joined, the replay's call
 * arrays and warnings moved into the trace. Safe to call twice. */
static void tracebuild_merge(struct tracebuild *b)
{
	if (b->merged)
		return;
	b->merged = 1;
	if (b->nbuf && !tracebuild_stopped(b))
		tracebuild_flush(b, 0);
#ifdef TV_THREADS
	if (b->started) {
		pthread_mutex_lock(&b->mu);
		tracebuild_wait_idle(b);
		b->quit = 1;
		pthread_cond_broadcast(&b->cv);
		pthread_mutex_unlock(&b->mu);
		pthread_join(b->worker, NULL);
		b->started = 0;
	}
#endif
	replay_move_calls(&b->w, b->tr);
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

/* Queues one event; -1 when the replay stopped. */
static inline int tracebuild_push(struct tracebuild *b, uint32_t thread, uint32_t method,
                                  const uint64_t rel[2], uint64_t where)
{
	struct replay_event *e = &b->buf[b->cur][b->nbuf];
	e->thread = thread;
	e->method = method;
	e->rel[0] = rel[0];
	e->rel[1] = rel[1];
	e->where = where;
	if (++b->nbuf == TRACEBUILD_BATCH)
		return tracebuild_flush(b, 1);
	return 0;
}

/* Sums only: method m's tags, sent before its first call. */
static int tracebuild_tag_slow(struct tracebuild *b, uint32_t m)
{
	if (m >= b->tags_cap &&
	    grow_to32_zeroed((void **)&b->tags, &b->tags_cap, m + 1, sizeof *b->tags) < 0)
		return -1;
	unsigned tags = b->tagger.tag(b->tagger.ctx, b->tr, m);
	const uint64_t rel[2] = {tags, 0};
	b->tags[m] = (uint8_t)(tags + 1);
	return tracebuild_push(b, SUMREPLAY_TAG, m, rel, 0);
}

static inline int tracebuild_tag(struct tracebuild *b, uint32_t m)
{
	return m < b->tags_cap && b->tags[m] ? 0 : tracebuild_tag_slow(b, m);
}

static int tracebuild_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                             uint64_t offset)
{
	struct tracebuild *b = ctx;
	struct trace *tr = b->tr;
	uint32_t ti = tracebuild_thread_index(b, tid);
	if (ti == IDMAP_NONE)
		return -1;
	struct tv_thread *th = &tr->threads[ti];
	uint64_t raw[2] = {t0, t1}, rel[2] = {0, 0};

	tr->records++;
	th->records++;
	tracebuild_times(b, th, &b->clk[ti], raw, rel, offset);

	unsigned action = (unsigned)(word & 3);
	uint32_t m;
	if (action == 3) {
		tv_warnings_add(&tr->warnings, TV_W_ACTION3, offset, 1);
		if (b->sums)
			return 0;      /* it only marks: no sum needs it */
		m = REPLAY_MARK;   /* noted by the replay, with the repairs */
	} else if ((m = tracebuild_method_index(b, word & ~UINT64_C(3))) == IDMAP_NONE) {
		return -1;
	}
	if (!b->sums)
		return tracebuild_push(b, ti, m, rel, offset << 1 | (action != 0));
	if (tracebuild_tag(b, m) < 0)
		return -1;
	if (action)
		return sumname_exit(b->names, ti, m) < 0 ? -1 : tracebuild_push(b, ti, m, rel,
		                                                                 offset << 1 | 1);
	uint32_t e = sumname_enter(b->names, ti, m);
	return e == IDMAP_NONE ? -1 : tracebuild_push(b, ti, m, rel, (uint64_t)e << 1);
}

int tracebuild_set_sums(struct tracebuild *b, const struct tv_tagger *tagger, int thread_sums)
{
	sumreplay_free(b->sums);
	sumname_free(b->names);
	b->sums = sumreplay_new(thread_sums);
	b->names = sumname_new();
	b->tagger = *tagger;
	return b->sums && b->names ? 0 : -1;
}

void tracebuild_set_no_esums(struct tracebuild *b)
{
	b->w.no_sums = 1;
}

struct sink tracebuild_sink(struct tracebuild *b)
{
	struct sink s = {
		.ctx = b,
		.format = tracebuild_format,
		.option = tracebuild_option,
		.thread = tracebuild_thread_line,
		.method = tracebuild_method,
		.record = tracebuild_record,
		.warn = tracebuild_warn,
		.consumed = NULL,
		.cctx = NULL,
	};
	return s;
}

/* ------------------------------------------------------------ finishing */

/* Rule 4 and the sums of a sums-only build, or rule 4 and preorder on
 * every thread of a full one; -1 when out of memory. */
static int tracebuild_finish_replay(struct tracebuild *b)
{
	struct trace *tr = b->tr;
	if (b->sums)
		return sumreplay_finish(b->sums, b->names, tr);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		if (replay_finish_thread(&b->w, i, &tr->threads[i]) < 0)
			return -1;
	replay_move_sums(&b->w, tr);
	return 0;
}

enum tv_status tracebuild_finish(struct tracebuild *b, struct tv_error *err)
{
	struct trace *tr = b->tr;
	tracebuild_merge(b);
	/* (an inexact sums-only build is never finished: load.c builds again) */
	if (tracebuild_stopped(b) || b->retagged ||
	    (!b->sums && tr->nthreads && replay_reserve(&b->w, tr->nthreads - 1) < 0))
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (uint32_t i = 0; i < tr->nthreads; i++)
		for (unsigned s = 0; s < b->nslots; s++)
			tr->threads[i].last[s] = b->clk[i].prev[s];
	if (tracebuild_finish_replay(b) < 0 || tracefinish_names(tr) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (b->fixed == SINK_CLOCK_KEY)
		tracefinish_clock(tr, b->w.nslots);
	else
		tracefinish_clock_fixed(tr, b->fixed == SINK_CLOCK_WALL ? TV_CLOCK_WALL
		                                                        : TV_CLOCK_SEQUENCE);
	tracefinish_warnings(tr);
	/* The builder's tid map and state arrays are by old index: drop them
	 * before sorting the threads. */
	replay_drop_stacks(&b->w);
	idmap_free(&b->tids);
	free(b->tdir);
	b->tdir = NULL;
	b->tdir_cap = 0;
	b->last_thread = IDMAP_NONE;
	tracefinish_sort(tr);
	tr->esums_valid = b->sums || !b->w.no_sums;
	tr->sums_only = b->sums != NULL;
	return TV_OK;
}
