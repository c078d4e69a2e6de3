/* clockmap.c: a thread's other clock at an instant (see clockmap.h). */
#include "analyze/clockmap.h"

#include "base/mul128.h"

/* The records around an instant, µs since the thread's first times: the
 * last before it (lo) and the first at or after it (hi), on clock x and
 * the other clock y. Both clocks only grow along a thread's records, so
 * the latest record before and the earliest after hold the extremes. */
struct clockmap_cut {
	int has_lo, has_hi;
	uint64_t lo_x, lo_y, hi_x, hi_y;
};

static void clockmap_lo(struct clockmap_cut *c, uint64_t x, uint64_t y)
{
	if (!c->has_lo || x > c->lo_x)
		c->lo_x = x;
	if (!c->has_lo || y > c->lo_y)
		c->lo_y = y;
	c->has_lo = 1;
}

static void clockmap_hi(struct clockmap_cut *c, uint64_t x, uint64_t y)
{
	if (!c->has_hi || x < c->hi_x)
		c->hi_x = x;
	if (!c->has_hi || y < c->hi_y)
		c->hi_y = y;
	c->has_hi = 1;
}

uint32_t clockmap_lower(const struct tv_thread *th, int x, uint64_t r)
{
	uint32_t lo = 0, hi = th->ncalls;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (trace_call_start(th, x, mid) < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The call boundaries around r, in file order: calls [0, k) entered
 * before r; after the last entry (k - 1) come the exits of it and its
 * callers, innermost first, those before r a prefix. The next boundary
 * is call k's entry when it is called from the innermost call still
 * open, else that call's exit. */
static void clockmap_calls(const struct tv_thread *th, int x, uint64_t r, struct clockmap_cut *c)
{
	int y = !x;
	uint32_t k = clockmap_lower(th, x, r);
	uint32_t open = k ? k - 1 : TV_ROOT, closed = TV_ROOT;
	while (open != TV_ROOT && trace_call_end(th, x, open) < r) {
		closed = open;
		open = th->parent[open];
	}
	if (closed != TV_ROOT)
		clockmap_lo(c, trace_call_end(th, x, closed), trace_call_end(th, y, closed));
	else if (k)
		clockmap_lo(c, trace_call_start(th, x, k - 1), trace_call_start(th, y, k - 1));
	if (k < th->ncalls && th->parent[k] == open)
		clockmap_hi(c, trace_call_start(th, x, k), trace_call_start(th, y, k));
	else if (open != TV_ROOT)
		clockmap_hi(c, trace_call_end(th, x, open), trace_call_end(th, y, open));
}

/* The marks around r: in file order, so sorted on both clocks. */
static void clockmap_marks(const struct tv_thread *th, int x, uint64_t r, struct clockmap_cut *c)
{
	uint32_t lo = 0, hi = th->nmarks;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (th->marks[mid].t[x] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo)
		clockmap_lo(c, th->marks[lo - 1].t[x], th->marks[lo - 1].t[!x]);
	if (lo < th->nmarks)
		clockmap_hi(c, th->marks[lo].t[x], th->marks[lo].t[!x]);
}

uint64_t clockmap_at(const struct tv_thread *th, int x, uint64_t t)
{
	int y = !x;
	struct clockmap_cut c = {0, 0, 0, 0, 0, 0};
	/* Before the first record nothing is earlier: r = 0 finds none. */
	uint64_t r = t > th->first[x] ? t - th->first[x] : 0;
	clockmap_calls(th, x, r, &c);
	clockmap_marks(th, x, r, &c);
	uint64_t v;
	if (!c.has_lo)
		v = c.hi_y;
	else if (!c.has_hi)
		v = c.lo_y;
	else if (c.hi_x == r)
		v = c.hi_y;
	else if (c.hi_y <= c.lo_y)  /* flat; or clocks that ran back (never, once loaded) */
		v = c.lo_y;
	else
		v = c.lo_y + mul128_muldiv(c.hi_y - c.lo_y, r - c.lo_x, c.hi_x - c.lo_x);
	return th->first[y] + v;
}
