/* lodump_emit.c: a low-overhead dump's events, paired and timed, as
 * records (see lodump_internal.h; docs/format.md, "Low-overhead dumps").
 *
 * A thread's blocks are put in time order (long-running dumps write the
 * live buffers and the flushed ones in either order, so file order pairs
 * wrongly), then replayed with a stack of the thread's open methods: an
 * exit names no method, it closes the innermost open one. An exit with
 * nothing open closes a call whose entry the dump does not hold.
 *
 * Long-running times are wall time since boot in one of three units, by
 * ART's era: counter ticks (2025-02-26 to 03-06), µs (to 06-12), ns. The
 * ticks era is told by its thread packets or text trailer, or by the
 * methods already on a stack at the start, whose shared time that era
 * wrote in µs (far below the ticks after it). µs from ns: ART keeps a
 * finished call only when it ran past its threshold (170 or 341 ms), so
 * most leaf calls last under 10^8 units in µs and over it in ns. With no
 * finished leaf, ns (every writer's unit since June 2025), with a warning.
 */
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "read/lodump_internal.h"

enum lodump_unit { LODUMP_NS, LODUMP_US, LODUMP_TICKS };

#define LODUMP_SPLIT UINT64_C(100000000)   /* leaf length between µs and ns */
#define LODUMP_STACK_RATIO 8   /* ticks after a µs start: at least 19.2 MHz / 1 MHz */

static int lodump_blk_cmp(const void *a, const void *b)
{
	const struct lodump_blk *x = a, *y = b;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->order > y->order) - (x->order < y->order);
}

/* A thread's events, in order over its sorted blocks [b, e). */
struct lodump_it {
	const struct lodump *d;
	size_t b, e, i;       /* block, end block, event within the block */
};

static const struct lodump_ev *lodump_next(struct lodump_it *it)
{
	while (it->b < it->e && it->i >= it->d->blk[it->b].n) {
		it->b++;
		it->i = 0;
	}
	return it->b < it->e ? &it->d->ev[it->d->blk[it->b].first + it->i++] : NULL;
}

/* The end of the thread whose blocks start at b. */
static size_t lodump_thread_end(const struct lodump *d, size_t b)
{
	size_t e = b;
	while (e < d->nblk && d->blk[e].tid == d->blk[b].tid)
		e++;
	return e;
}

/* How many entries open the thread with one shared time (the methods on
 * its stack when tracing began); *after: the first event after them. */
static size_t lodump_stack_run(const struct lodump *d, size_t b, size_t e,
                               const struct lodump_ev **after)
{
	struct lodump_it it = {d, b, e, 0};
	const struct lodump_ev *first = lodump_next(&it), *ev;
	size_t n = 0;
	*after = NULL;
	if (!first || first->word == 1)
		return 0;
	for (n = 1; (ev = lodump_next(&it)) && ev->word != 1 && ev->v == first->v;)
		n++;
	*after = ev;
	return n;
}

/* Counts the thread's leaf calls (an entry straight followed by an exit,
 * past its start-of-trace entries) and those shorter than LODUMP_SPLIT. */
static void lodump_leaves(const struct lodump *d, size_t b, size_t e, uint64_t *leaves,
                          uint64_t *shorter)
{
	const struct lodump_ev *after, *prev = NULL, *ev;
	size_t skip = lodump_stack_run(d, b, e, &after);
	struct lodump_it it = {d, b, e, 0};
	for (size_t k = 0; (ev = lodump_next(&it)); k++, prev = ev) {
		if (k <= skip || ev->word != 1 || prev->word == 1)
			continue;
		++*leaves;
		*shorter += (ev->v >> 1) - (prev->v >> 1) < LODUMP_SPLIT;
	}
}

/* Whether the thread opens with the ticks era's µs start time. */
static int lodump_ticks_start(const struct lodump *d, size_t b, size_t e)
{
	const struct lodump_ev *after;
	struct lodump_it it = {d, b, e, 0};
	const struct lodump_ev *first = lodump_next(&it);
	size_t n = lodump_stack_run(d, b, e, &after);
	return n && after && first->v && after->v / LODUMP_STACK_RATIO >= first->v;
}

static enum lodump_unit lodump_unit(const struct lodump *d, int *guessed)
{
	uint64_t leaves = 0, shorter = 0, events = 0;
	*guessed = 0;
	if (d->ticks_era)
		return LODUMP_TICKS;
	for (size_t b = 0, e; b < d->nblk; b = e) {
		e = lodump_thread_end(d, b);
		while (b < e && d->blk[b].n == 0)
			b++;
		if (b == e)
			continue;
		if (lodump_ticks_start(d, b, e))
			return LODUMP_TICKS;
		lodump_leaves(d, b, e, &leaves, &shorter);
		events++;
	}
	if (leaves)
		return shorter * 2 > leaves ? LODUMP_US : LODUMP_NS;
	*guessed = events > 0;
	return LODUMP_NS;  /* every writer's unit since June 2025 */
}

/* A time-and-action value in µs. Ticks are taken at 24.576 MHz:
 * µs = ticks * 125 / 3072, split so it cannot overflow. */
static uint64_t lodump_us(enum lodump_unit u, uint64_t v)
{
	uint64_t t = v & ~UINT64_C(1);
	switch (u) {
	case LODUMP_NS: return (v >> 1) / 1000;
	case LODUMP_US: return v >> 1;
	case LODUMP_TICKS: break;
	}
	return t / 3072 * 125 + t % 3072 * 125 / 3072;
}

/* ------------------------------------------------------------ records */

struct lodump_out {
	struct lodump *d;
	enum lodump_unit unit;
	uint64_t *stack;      /* the open methods of the thread being sent */
	size_t depth, cap;
	uint64_t back;        /* times clamped, all threads */
};

/* Declares the method of calls whose entry is missing, once: a name, and
 * an empty class and signature, present rather than absent, as outputs
 * expect of a declared method. */
static int lodump_declare_unrecorded(struct lodump *d)
{
	static const char name[] = "(caller not in the dump)";
	struct sink_method m;
	memset(&m, 0, sizeof m);
	m.name.ptr = name;
	m.name.len = sizeof name - 1;
	m.cls.ptr = m.sig.ptr = name;   /* zero bytes of it */
	d->unrecorded = 1;
	return d->s->method ? d->s->method(d->s->ctx, LODUMP_UNRECORDED, &m, TV_NO_OFFSET) : 0;
}

/* One event as a record: an exit takes the innermost open method. */
static int lodump_send(struct lodump_out *o, uint32_t tid, const struct lodump_ev *ev, uint64_t t)
{
	struct lodump *d = o->d;
	uint64_t word = ev->word;
	if (word != 1) {
		if (grow_push((void **)&o->stack, &o->cap, o->depth, sizeof *o->stack) < 0)
			return -1;
		o->stack[o->depth++] = word;
	} else if (o->depth) {
		word = o->stack[--o->depth] | 1;
	} else {
		if (!d->unrecorded && lodump_declare_unrecorded(d))
			return -1;
		word = LODUMP_UNRECORDED | 1;
	}
	if (!d->s->record)
		return 0;
	return d->s->record(d->s->ctx, tid, word, t, 0, lodump_off(d, (size_t)ev->off));
}

/* How the times of the thread whose sorted blocks are [b, e) are made:
 * the start-of-trace entries of the ticks era (run of them) keep their
 * µs, never past the first event after them (cap). */
struct lodump_clock {
	size_t run;
	int us_start;
	uint64_t cap;
};

static void lodump_clock(const struct lodump_out *o, size_t b, size_t e, struct lodump_clock *c)
{
	const struct lodump_ev *after;
	c->run = lodump_stack_run(o->d, b, e, &after);
	c->us_start = o->unit == LODUMP_TICKS && lodump_ticks_start(o->d, b, e);
	c->cap = after ? lodump_us(o->unit, after->v) : UINT64_MAX;
}

/* Event k of the thread: its index (no time), else its time in µs. */
static uint64_t lodump_time(const struct lodump_out *o, const struct lodump_clock *c, uint64_t k,
                            const struct lodump_ev *ev)
{
	if (o->d->sh.mode == LODUMP_ALL)
		return k;
	if (!c->us_start || k >= c->run)
		return lodump_us(o->unit, ev->v);
	uint64_t t = ev->v & ~UINT64_C(1);
	return t < c->cap ? t : c->cap;
}

/* The thread's events in order, each at its time made non-decreasing. */
static int lodump_send_thread(struct lodump_out *o, size_t b, size_t e)
{
	struct lodump *d = o->d;
	const struct lodump_ev *ev;
	struct lodump_clock c;
	struct lodump_it it = {d, b, e, 0};
	uint64_t last = 0;
	lodump_clock(o, b, e, &c);
	o->depth = 0;
	for (uint64_t k = 0; (ev = lodump_next(&it)); k++) {
		uint64_t t = lodump_time(o, &c, k, ev);
		if (k && t < last) {
			o->back++;
			t = last;
		}
		last = t;
		if (lodump_send(o, d->blk[b].tid, ev, t))
			return -1;
	}
	return 0;
}

/* The format: one clock (wall in µs, or the event sequence); the start
 * time is the earliest first time of a thread. */
static int lodump_format(struct lodump_out *o)
{
	struct lodump *d = o->d;
	struct sink_format f;
	struct lodump_clock c;
	memset(&f, 0, sizeof f);
	f.nslots = 1;
	f.clock = d->sh.mode == LODUMP_LONG ? SINK_CLOCK_WALL : SINK_CLOCK_SEQUENCE;
	f.start_time = UINT64_MAX;
	for (size_t b = 0, e; d->sh.mode == LODUMP_LONG && b < d->nblk; b = e) {
		e = lodump_thread_end(d, b);
		struct lodump_it it = {d, b, e, 0};
		const struct lodump_ev *ev = lodump_next(&it);
		lodump_clock(o, b, e, &c);
		if (ev && lodump_time(o, &c, 0, ev) < f.start_time)
			f.start_time = lodump_time(o, &c, 0, ev);
	}
	if (f.start_time == UINT64_MAX)
		f.start_time = 0;
	return d->s->format ? d->s->format(d->s->ctx, &f) : 0;
}

int lodump_emit(struct lodump *d)
{
	struct lodump_out o = {d, LODUMP_US, NULL, 0, 0, 0};
	int guessed = 0, r = 0;
	if (d->nblk > 1)
		qsort(d->blk, d->nblk, sizeof *d->blk, lodump_blk_cmp);
	if (d->sh.mode == LODUMP_LONG) {
		o.unit = lodump_unit(d, &guessed);
		if (o.unit == LODUMP_TICKS && d->nev)
			sink_warn(d->s, TV_W_LO_TICKS, lodump_off(d, d->sh.start), 1);
		if (guessed)
			sink_warn(d->s, TV_W_LO_UNIT, lodump_off(d, d->sh.start), 1);
	}
	r = lodump_format(&o);
	for (size_t b = 0, e; !r && b < d->nblk; b = e) {
		e = lodump_thread_end(d, b);
		r = lodump_send_thread(&o, b, e);
	}
	free(o.stack);
	if (r) {
		tv_fail(d->err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
		return -1;
	}
	if (o.back)
		sink_warn(d->s, TV_W_TIME_BACKWARDS, TV_NO_OFFSET, o.back);
	return 0;
}
