/* trace.h: the loaded trace, the one model every view reads.
 *
 * A trace holds numbers and strings, never formatting. Calls live in flat
 * per-thread arrays in entry order (preorder of the call tree), indices not
 * pointers, so a 50M-record trace stays compact and time ranges can be found
 * by binary search over start times.
 *
 * Ownership: struct trace owns everything reachable from it; trace_free()
 * releases it all. A trace is built by load.c through tracebuild.c and is
 * read-only afterwards.
 */
#ifndef TV_TRACE_H
#define TV_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "base/idmap.h"
#include "base/status.h"
#include "base/strtab.h"
#include "base/warn.h"

enum tv_clock_kind {
	TV_CLOCK_DUAL,
	TV_CLOCK_THREAD_CPU,
	TV_CLOCK_WALL,
	TV_CLOCK_GLOBAL,
	/* No time at all (ART's "all methods" dumps): the wall slot holds
	 * each thread's event index, one step per entry and per exit
	 * (docs/format.md, "Clocks and times"). */
	TV_CLOCK_SEQUENCE,
};

/* The two time bases every call carries (when the trace records them). */
enum { TV_CPU = 0, TV_WALL = 1, TV_NCLOCKS = 2 };

#define TV_ROOT UINT32_MAX  /* parent index of a thread's top-level calls */

struct tv_method {
	uint64_t id;            /* action bits clear */
	struct tv_str cls, name, sig, source;  /* absent when never declared */
	int64_t line;           /* Dalvik line; valid when has_line */
	int has_line;
	int declared;           /* had a method line or packet */
	int synthetic;          /* made by a transform (derive.h): id "collapse:" + cls */
};

/* A record that is not one call boundary, or a call boundary that is not a
 * record: action-3 records (n = +1) and the lost exits, adoptions and
 * end-of-data closes of the call-tree repairs (n = -calls). Per thread, in
 * file order; lets a time range count and interpolate records from calls
 * alone (derive.c). t is µs since the thread's first[] per clock. */
struct tv_mark {
	uint64_t t[TV_NCLOCKS];
	int64_t n;
};

struct tv_thread {
	uint32_t tid;           /* as in the records */
	struct tv_str name;     /* absent when no thread line matches */
	uint64_t records;
	uint64_t first[TV_NCLOCKS], last[TV_NCLOCKS];  /* absolute µs, unwrapped */
	uint32_t ncalls, cap;
	uint32_t *method;       /* per call: index into trace.methods */
	uint32_t *parent;       /* per call: parent call index, or TV_ROOT */
	/* Per clock (NULL when the trace lacks that clock): µs since first[],
	 * low 32 bits; the _hi arrays are NULL unless a value passed 2^32. */
	uint32_t *start[TV_NCLOCKS], *end[TV_NCLOCKS];
	uint32_t *start_hi[TV_NCLOCKS], *end_hi[TV_NCLOCKS];
	struct tv_mark *marks;  /* see struct tv_mark */
	uint32_t nmarks, marks_cap;
	/* Set only in a derived view (derive.h): the thread takes part though its
	 * range holds none of its records; its share of toplevel incl differs
	 * from its span (focus, drop). */
	int shown, has_top;
	uint64_t top[TV_NCLOCKS];
	/* Calls [0, walk_calls) are not in trace.esums: an exit without an
	 * entry adopted them after they closed (one tree, first in preorder),
	 * so a profile walks them; later calls are summed in esums. */
	uint32_t walk_calls;
	struct tv_tsums *sums;  /* a sums-only trace's (trace.sums_only), else NULL */
};

/* Sums of the calls of one (caller method, callee method) pair, made by the
 * loader as it closed each call, so the all-threads profile needs no second
 * pass over the calls (docs/architecture.md, "Profiles"). They come in four
 * cells; cell k: bit 0 set when the callee call was recursive, bit 1 when
 * its caller call was. Cell 0 is inline (a sum is half a cache line); the
 * other three live in trace.erecs once a call needs them. */
struct tv_ecell {
	uint64_t calls;
	uint64_t incl[TV_NCLOCKS];      /* Σ callee incl per clock */
};

#define TV_NO_EREC UINT32_MAX

struct tv_esum {
	struct tv_ecell plain;          /* cell 0 */
	uint32_t rec;                   /* trace.erecs index, or TV_NO_EREC */
	uint32_t unused;
};

struct tv_erec {
	struct tv_ecell cell[3];        /* cells 1, 2, 3 */
};

struct tv_eend {                    /* parallel to esums: read by profiles */
	uint32_t from, to;              /* method indices; from TV_ROOT: toplevel */
};

/* A set of edge sums: one per (from, to) pair, in the order they were
 * made, with their ends; the trace's, or one thread's (struct tv_tsums). */
struct tv_esumset {
	struct tv_esum *esums;
	struct tv_eend *eends;          /* parallel to esums */
	uint32_t n, cap;
	struct tv_erec *erecs;
	uint32_t nrecs, recs_cap;
};

/* Tags a loader's caller gives methods for a trace that keeps sums instead
 * of calls (struct tv_tsums; load.h, load_file_sums()). */
enum {
	TV_TAG_ABSORB = 1,  /* its calls swallow their subtrees in the outside sums */
	TV_TAG_MARK = 2,    /* a thread's first call of it is noted */
	TV_TAG_NOTE = 4,    /* the first call of it in the noted call's subtree is noted */
};

struct trace;

/* Tags method m (an index into tr->methods) from what tr holds when a
 * record first names it; called on the loading thread. */
struct tv_tagger {
	unsigned (*tag)(void *ctx, const struct trace *tr, uint32_t m);
	void *ctx;
};

/* Per method of a thread: Σ over its calls outside every TV_TAG_ABSORB
 * call of the call's excl, or of its incl when the method is itself
 * absorbing (an absorbing call keeps its whole time, its subtree none). */
struct tv_msum {
	uint32_t method;
	uint64_t t[TV_NCLOCKS];
};

/* What a thread of a sums-only trace keeps instead of its calls: what the
 * reports would otherwise walk the calls for. */
struct tv_tsums {
	struct tv_msum *outside;        /* one per method the thread called */
	uint32_t noutside;
	int marked;                     /* the thread called a TV_TAG_MARK method: */
	uint64_t mark_start[TV_NCLOCKS]; /* its first such call's start (as call starts) */
	uint32_t note;                  /* the first TV_TAG_NOTE method called in that
	                                 * call's subtree (it included), or TV_ROOT */
	int has_esums;                  /* esums holds the thread's own edge sums */
	struct tv_esumset esums;
};

struct tv_option {
	struct tv_str key, val;
};

struct tv_keythread {           /* a thread line as declared */
	uint32_t tid;
	struct tv_str name;
};

struct trace {
	unsigned version;       /* 1..5, streaming bits cleared; 0: no header
	                         * (ART's low-overhead dumps) */
	int streaming;
	enum tv_clock_kind clock;
	int has_clock[TV_NCLOCKS];
	unsigned record_size;   /* V1 stride; 0 for V2 */
	uint64_t start_time;    /* header start time, µs */
	uint64_t records;       /* every record in the file */

	struct strtab strings;
	struct tv_method *methods;
	uint32_t nmethods, methods_cap;
	struct idmap method_ids;        /* id -> index */

	struct tv_thread *threads;      /* sorted by tid once loaded */
	uint32_t nthreads, threads_cap;

	struct tv_keythread *keythreads;
	uint32_t nkeythreads, keythreads_cap;

	struct tv_option *options;
	uint32_t noptions, options_cap;

	/* Edge sums (see struct tv_esum); valid only once the loader finished:
	 * a trace built any other way has esums_valid 0. */
	struct tv_esumset esums;
	int esums_valid;
	/* Loaded for its sums only (load_file_sums()): no thread has calls or
	 * marks; each has its struct tv_tsums. Only profiles (profile.h) and
	 * the categories (category.h) read such a trace. */
	int sums_only;

	struct tv_warnings warnings;
};

void trace_init(struct trace *tr);
void trace_free(struct trace *tr);

/* Frees one thread's call arrays and marks (not the thread itself), for
 * trace_free() and the builder's copies before they join a trace. */
void trace_thread_free(struct tv_thread *th);

/* Frees th's calls (ncalls 0; its records, times, marks and sums stay),
 * for a holder of the trace that will read them no more. */
void trace_thread_free_calls(struct tv_thread *th);

/* Index of the method with this id, or IDMAP_NONE. */
uint32_t trace_find_method(const struct trace *tr, uint64_t id);
/* Index of the method with this id, made (undeclared) when new;
 * IDMAP_NONE when out of memory. */
uint32_t trace_intern_method(struct trace *tr, uint64_t id);
/* Index of the thread with this tid, or IDMAP_NONE (linear; few threads). */
uint32_t trace_find_thread(const struct trace *tr, uint32_t tid);

/* s as a thread id: decimal or 0x hex, never octal, no sign, at most
 * UINT32_MAX. 0 and *tid set, or -1 when s is not such a number. */
int trace_parse_tid(const char *s, uint32_t *tid);

/* The threads (with records) that spec names, as --thread reads it (see
 * docs/cli.md, "--thread"): when spec is a number that is a thread's tid,
 * that thread; else the threads named exactly spec; else the threads whose
 * name starts with spec. Returns how many matched (1: found; more:
 * ambiguous) and stores the first min(count, max) thread indices, in
 * order, in out (which may be NULL when max is 0). An empty spec matches
 * nothing. */
uint32_t trace_match_threads(const struct trace *tr, const char *spec, uint32_t *out,
                             uint32_t max);

/* Value of option key, or NULL; *len set when found. Last one wins. */
const char *trace_option(const struct trace *tr, const char *key, size_t *len);

/* Option key as a plain decimal number: 1 to 19 digits and nothing else,
 * so it fits 64 bits (num-method-calls, pid, elapsed-time-usec). 1 with
 * *v set, or 0 when the option is absent or not such a number. */
int trace_option_u64(const struct trace *tr, const char *key, uint64_t *v);

/* Bytes of a string (NULL when absent). */
static inline const char *trace_str(const struct trace *tr, struct tv_str s)
{
	return strtab_ptr(&tr->strings, s);
}

/* Start and end of call i in µs since the thread's first timestamp. */
static inline uint64_t trace_call_start(const struct tv_thread *th, int clock, uint32_t i)
{
	uint64_t v = th->start[clock][i];
	if (th->start_hi[clock])
		v |= (uint64_t)th->start_hi[clock][i] << 32;
	return v;
}

static inline uint64_t trace_call_end(const struct tv_thread *th, int clock, uint32_t i)
{
	uint64_t v = th->end[clock][i];
	if (th->end_hi[clock])
		v |= (uint64_t)th->end_hi[clock][i] << 32;
	return v;
}

static inline uint64_t trace_call_incl(const struct tv_thread *th, int clock, uint32_t i)
{
	return trace_call_end(th, clock, i) - trace_call_start(th, clock, i);
}

/* Thread span per clock: last - first timestamp. */
static inline uint64_t trace_thread_span(const struct tv_thread *th, int clock)
{
	return th->last[clock] - th->first[clock];
}

/* Whether a thread takes part in profiles and trees: it has records, or a
 * view's range meets its span. */
static inline int trace_thread_shown(const struct tv_thread *th)
{
	return th->records || th->shown;
}

/* A set of threads by tid, as --thread selects them (docs/cli.md,
 * "--thread"): tids ascending and distinct, borrowed. Where a set is
 * taken, NULL means every thread. A derived view (derive.h) keeps its
 * trace's threads, so a set found in a loaded trace selects the same
 * threads in its views. */
struct trace_sel {
	const uint32_t *tids;
	uint32_t n;
};

/* Whether the thread with tid is in sel (NULL: every thread is). */
int trace_sel_has(const struct trace_sel *sel, uint32_t tid);

/* The threads a profile or tree covers: every thread shown that is in sel;
 * their indices into *out (malloc'd, n of them, in trace order).
 * TV_ERR_NOMEM, or TV_ERR_NO_THREAD (naming the first tid of sel) when
 * sel is not NULL and none of its threads is shown; *out is still the
 * caller's to free either way. */
enum tv_status trace_select_set(const struct trace *tr, const struct trace_sel *sel,
                                uint32_t **out, uint32_t *n, struct tv_error *err);

/* TV_ERR_NO_THREAD naming the first tid of sel: none of its threads takes
 * part. */
enum tv_status trace_sel_none(const struct trace_sel *sel, struct tv_error *err);

/* The same for every thread (tid NULL) or the one with *tid. */
enum tv_status trace_select_threads(const struct trace *tr, const uint32_t *tid, uint32_t **out,
                                    uint32_t *n, struct tv_error *err);

/* The set of the one tid *tid points at, or NULL for tid NULL: how the
 * single-thread entry points hand their tid on to the set ones. */
static inline const struct trace_sel *trace_sel_one(struct trace_sel *buf, const uint32_t *tid)
{
	*buf = (struct trace_sel){tid, 1};
	return tid ? buf : NULL;
}

/* A thread's share of toplevel incl: its span unless a transform of a
 * view changed it (docs/numbers.md, "Transforms"). */
static inline uint64_t trace_thread_top(const struct tv_thread *th, int clock)
{
	return th->has_top ? th->top[clock] : trace_thread_span(th, clock);
}

/* Cell k (0..3) of edge sum e of set s, or NULL when no call fell in it. */
static inline const struct tv_ecell *trace_esum_cell(const struct tv_esumset *s, uint32_t e,
                                                     unsigned k)
{
	const struct tv_esum *es = &s->esums[e];
	if (k == 0)
		return &es->plain;
	return es->rec == TV_NO_EREC ? NULL : &s->erecs[es->rec].cell[k - 1];
}

/* Cell k (0..3) of the trace's edge sum e. */
static inline const struct tv_ecell *trace_ecell(const struct trace *tr, uint32_t e, unsigned k)
{
	return trace_esum_cell(&tr->esums, e, k);
}

/* Frees what a set of edge sums holds and empties it. */
void trace_esums_free(struct tv_esumset *s);

/* "dual", "thread-cpu", "wall", "global" or "sequence". */
const char *trace_clock_name(enum tv_clock_kind k);

/* Whether the trace's only axis counts events, not µs (TV_CLOCK_SEQUENCE):
 * every consumer that prints or takes a time asks this first. */
static inline int trace_is_sequence(const struct trace *tr)
{
	return tr->clock == TV_CLOCK_SEQUENCE;
}

/* Whether clock c holds µs: the trace records it and it is not a sequence
 * trace's event index. Where it does not, JSON's *_usec members are null
 * (docs/numbers.md, "JSON report"). */
static inline int trace_clock_usec(const struct trace *tr, int c)
{
	return tr->has_clock[c] && !trace_is_sequence(tr);
}

/* Whether the trace came with a header version (ART's low-overhead dumps
 * have none and report version 0): JSON's "version" is null otherwise. */
static inline int trace_has_version(const struct trace *tr)
{
	return tr->version != 0;
}

/* The clock that orders tables: wall when recorded, else CPU. */
static inline int trace_sort_clock(const struct trace *tr)
{
	return tr->has_clock[TV_WALL] ? TV_WALL : TV_CPU;
}

#endif
