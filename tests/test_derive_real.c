/* test_derive_real.c: time ranges, transforms and categories on every real
 * trace and on random ones: the invariants after each step, the range's
 * record counts and interpolation against a brute-force scan of the
 * records, one call alone, and a range over everything equal to no range
 * (docs/numbers.md, "Time ranges", "Transforms", "Categories").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/match.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "derivetest.h"
#include "model/load.h"
#include "testutil.h"
#include "tracegen.h"

/* ------------------------------------------------------------ invariants */

static uint64_t sum_excl(const struct profile *p, int c)
{
	uint64_t s = p->top_excl[c];
	for (uint32_t i = 0; i < p->norder; i++)
		s += p->methods[p->order[i]].excl[c];
	return s;
}

static void id_spec(const struct trace *tr, uint32_t m, char *buf, size_t n, const char *kind)
{
	snprintf(buf, n, "%s:0x%llx", kind, (unsigned long long)tr->methods[m].id);
}

/* The kept invariants of every kind, for a few methods of tr. */
static void check_invariants(const struct trace *tr, const char *name)
{
	struct profile p0;
	profile_of(&p0, tr, NULL);
	uint32_t picks[4], npick = 0;
	for (uint32_t i = 0; i < p0.norder && npick < 2; i++)
		picks[npick++] = p0.order[i];
	if (p0.norder > 2)
		picks[npick++] = p0.order[p0.norder / 2];
	for (uint32_t i = 0; i < p0.norder && npick < 4; i++)
		if (p0.methods[p0.order[i]].rcalls)
			picks[npick++] = p0.order[i];
	for (uint32_t k = 0; k < npick; k++) {
		uint32_t m = picks[k];
		char spec[64];
		struct trace v;
		struct profile p;
		static const char *const kinds[] = {"focus", "merge", "rec", "drop"};
		for (int j = 0; j < 4; j++) {
			id_spec(tr, m, spec, sizeof spec, kinds[j]);
			const char *st[] = {spec};
			derive(tr, &v, NULL, st, 1);
			profile_of(&p, &v, NULL);
			for (int c = 0; c < TV_NCLOCKS; c++) {
				if (!tr->has_clock[c])
					continue;
				if (j == 0 && p.top_incl[c] != p0.methods[m].incl[c])
					fail_msg("%s: %s: focused total %llu, incl before %llu", name, spec,
					         (unsigned long long)p.top_incl[c],
					         (unsigned long long)p0.methods[m].incl[c]);
				if ((j == 1 || j == 2) && p.top_incl[c] != p0.top_incl[c])
					fail_msg("%s: %s: toplevel incl changed", name, spec);
				if (sum_excl(&p, c) != p.top_incl[c])
					fail_msg("%s: %s: excl sums to %llu, toplevel %llu", name, spec,
					         (unsigned long long)sum_excl(&p, c),
					         (unsigned long long)p.top_incl[c]);
			}
			if (j == 2)
				for (uint32_t t = 0; t < v.nthreads; t++) {
					const struct tv_thread *th = &v.threads[t];
					for (uint32_t i = 0; i < th->ncalls; i++)
						if (th->method[i] == m && th->parent[i] != TV_ROOT &&
						    th->method[th->parent[i]] == m)
							fail_msg("%s: %s left a recursive pair", name, spec);
				}
			char msg[256];
			if (tu_check_edge_sums(&p, msg, sizeof msg) != 0)
				fail_msg("%s: %s: %s", name, spec, msg);
			profile_free(&p);
			trace_free(&v);
		}
	}
	/* collapse and app by the first pick's class prefix. */
	if (npick && tv_str_present(tr->methods[picks[0]].cls)) {
		const struct tv_method *tm = &tr->methods[picks[0]];
		char glob[256];
		size_t n = tm->cls.len < 200 ? tm->cls.len : 200, cut = 0;
		for (size_t i = 0; i < n; i++)
			if (trace_str(tr, tm->cls)[i] == '.' || trace_str(tr, tm->cls)[i] == '/')
				cut = i;
		char spec[2][300];
		snprintf(glob, sizeof glob, "%.*s*", (int)(cut + 1), trace_str(tr, tm->cls));
		snprintf(spec[0], sizeof spec[0], "collapse:%s", glob);
		snprintf(spec[1], sizeof spec[1], "app:%s", glob);
		for (int j = 0; j < 2; j++) {
			struct trace v;
			struct profile p;
			const char *st[] = {spec[j]};
			derive(tr, &v, NULL, st, 1);
			profile_of(&p, &v, NULL);
			for (int c = 0; c < TV_NCLOCKS; c++)
				if (tr->has_clock[c] && (p.top_incl[c] != p0.top_incl[c] ||
				                         sum_excl(&p, c) != p.top_incl[c]))
					fail_msg("%s: %s: toplevel incl or excl sum changed", name, spec[j]);
			profile_free(&p);
			trace_free(&v);
		}
	}
	profile_free(&p0);
}

/* Categories add up to busy time per thread and over the selection. */
static void check_categories(const struct trace *tr, const char *name)
{
	struct profile p;
	struct category_report cr;
	profile_of(&p, tr, NULL);
	assert_int_equal(category_report_build(&cr, &p, NULL, 0), 0);
	for (int c = 0; c < TV_NCLOCKS; c++) {
		if (!tr->has_clock[c])
			continue;
		uint64_t all = 0;
		for (uint32_t i = 0; i < p.nthreads; i++) {
			const struct tv_thread *th = &tr->threads[p.threads[i]];
			uint64_t busy = 0, sum = 0;
			for (uint32_t k = 0; k < th->ncalls; k++)
				if (th->parent[k] == TV_ROOT)
					busy += trace_call_incl(th, c, k);
			for (int g = 0; g < CAT_COUNT; g++)
				sum += cr.threads[i][g][c];
			if (sum != busy)
				fail_msg("%s: thread %u: categories %llu, busy %llu", name, th->tid,
				         (unsigned long long)sum, (unsigned long long)busy);
		}
		for (int g = 0; g < CAT_COUNT; g++)
			all += cr.total[g][c];
		assert_int_equal(all, p.top_incl[c] - p.top_excl[c]);
	}
	category_report_free(&cr);
	profile_free(&p);
}

/* ------------------------------------------------------------ brute force */

struct bf_rec {
	uint32_t tid;
	uint64_t t[2];   /* slots, unwrapped and clamped per thread */
};

struct bf {
	unsigned nslots;
	struct bf_rec *r;
	size_t n, cap;
	struct bf_state {
		uint32_t tid;
		uint64_t prev[2], epoch[2];
	} th[4096];
	size_t nth;
};

static int bf_format(void *ctx, const struct sink_format *f)
{
	((struct bf *)ctx)->nslots = f->nslots == 1 ? 1 : 2;
	return 0;
}
static int bf_option(void *ctx, struct sink_bytes k, struct sink_bytes v)
{
	(void)ctx, (void)k, (void)v;
	return 0;
}
static int bf_thread(void *ctx, uint32_t tid, struct sink_bytes n, uint64_t off)
{
	(void)ctx, (void)tid, (void)n, (void)off;
	return 0;
}
static int bf_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t off)
{
	(void)ctx, (void)id, (void)m, (void)off;
	return 0;
}
static void bf_warn(void *ctx, enum tv_warn k, uint64_t off, uint64_t n)
{
	(void)ctx, (void)k, (void)off, (void)n;
}

static int bf_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                     uint64_t off)
{
	struct bf *b = ctx;
	(void)word, (void)off;
	size_t k = 0;
	while (k < b->nth && b->th[k].tid != tid)
		k++;
	int fresh = k == b->nth;
	if (fresh) {
		assert_true(b->nth < 4096);
		memset(&b->th[b->nth++], 0, sizeof b->th[0]);
		b->th[k].tid = tid;
	}
	struct bf_state *s = &b->th[k];
	uint64_t raw[2] = {t0, t1}, out[2] = {0, 0};
	for (unsigned i = 0; i < b->nslots; i++) {
		uint64_t v = raw[i] + s->epoch[i];
		if (!fresh && v < s->prev[i] && s->prev[i] - v > (UINT64_C(1) << 31)) {
			s->epoch[i] += UINT64_C(1) << 32;
			v += UINT64_C(1) << 32;
		}
		if (!fresh && v < s->prev[i])
			v = s->prev[i];
		s->prev[i] = out[i] = v;
	}
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 1024;
		b->r = realloc(b->r, b->cap * sizeof *b->r);
		assert_non_null(b->r);
	}
	b->r[b->n++] = (struct bf_rec){tid, {out[0], out[1]}};
	return 0;
}

/* The other clock at axis time t on thread tid, the slow way. */
static uint64_t bf_interp(const struct bf *b, uint32_t tid, uint64_t t)
{
	int have_i = 0, have_j = 0;
	uint64_t ax = 0, ao = 0, bx = 0, bo = 0;
	for (size_t k = 0; k < b->n; k++) {
		const struct bf_rec *r = &b->r[k];
		if (r->tid != tid)
			continue;
		if (r->t[1] < t) {
			have_i = 1;
			ax = r->t[1];
			ao = r->t[0];
		} else if (!have_j) {
			have_j = 1;
			bx = r->t[1];
			bo = r->t[0];
		}
	}
	if (!have_i || (have_j && bx == t))
		return bo;
	if (!have_j)
		return ao;
	/* Real and generated traces keep this product far below 2^64. */
	assert_true(t - ax == 0 || bo - ao <= UINT64_MAX / (t - ax));
	return ao + (bo - ao) * (t - ax) / (bx - ax);
}

static void check_brute(const struct trace *tr, const uint8_t *buf, size_t len, const char *name)
{
	struct bf b = {0};
	struct sink s = {&b, bf_format, bf_option, bf_thread, bf_method, bf_record, bf_warn,
	                 NULL, NULL};
	struct tv_error err = {0};
	assert_int_equal(load_scan(buf, len, &s, &err), TV_OK);
	int dual = b.nslots == 2;
	int ax = dual ? 1 : 0;
	uint64_t origin = UINT64_MAX, end = 0;
	for (size_t k = 0; k < b.n; k++) {
		origin = b.r[k].t[ax] < origin ? b.r[k].t[ax] : origin;
		end = b.r[k].t[ax] > end ? b.r[k].t[ax] : end;
	}
	assert_int_equal(origin, derive_axis_origin(tr));
	uint64_t span = end - origin;
	for (int trial = 0; trial < 12; trial++) {
		/* Cuts at record times and between them. */
		uint64_t a = span * (uint64_t)trial / 13, bb = a + span / 5 + 1 + (uint64_t)trial;
		if (trial % 3 == 0 && b.n > 2) {
			a = b.r[(size_t)trial * b.n / 13].t[ax] - origin;
			bb = b.r[(size_t)(trial + 1) * b.n / 14].t[ax] - origin + 1;
			if (bb <= a)
				bb = a + 1;
		}
		char spec[64];
		snprintf(spec, sizeof spec, "%lluus..%lluus", (unsigned long long)a,
		         (unsigned long long)bb);
		const char *st[] = {spec};
		struct trace v;
		derive(tr, &v, NULL, st, 1);
		for (uint32_t t = 0; t < v.nthreads; t++) {
			const struct tv_thread *vt = &v.threads[t], *ot = &tr->threads[t];
			uint64_t want = 0;
			for (size_t k = 0; k < b.n; k++)
				want += b.r[k].tid == vt->tid && b.r[k].t[ax] >= origin + a &&
				        b.r[k].t[ax] < origin + bb;
			if (vt->records != want)
				fail_msg("%s: %s: thread %u has %llu records, brute force %llu", name, spec,
				         vt->tid, (unsigned long long)vt->records, (unsigned long long)want);
			if (!dual || !trace_thread_shown(vt))
				continue;
			if (ot->first[TV_WALL] < origin + a &&
			    vt->first[TV_CPU] != bf_interp(&b, vt->tid, origin + a))
				fail_msg("%s: %s: thread %u CPU at the start %llu, brute force %llu", name,
				         spec, vt->tid, (unsigned long long)vt->first[TV_CPU],
				         (unsigned long long)bf_interp(&b, vt->tid, origin + a));
			if (ot->last[TV_WALL] >= origin + bb &&
			    vt->last[TV_CPU] != bf_interp(&b, vt->tid, origin + bb))
				fail_msg("%s: %s: thread %u CPU at the end differs", name, spec, vt->tid);
		}
		trace_free(&v);
	}
	free(b.r);
}

/* Range = one call of M, on that call's thread: M's incl is its length. */
static void check_one_call(const struct trace *tr, const char *name)
{
	int x = derive_axis_clock(tr);
	uint64_t origin = derive_axis_origin(tr);
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		for (uint32_t k = 0; k < 6 && th->ncalls; k++) {
			uint32_t i = (uint32_t)((uint64_t)th->ncalls * k / 6);
			uint64_t s = th->first[x] + trace_call_start(th, x, i) - origin;
			uint64_t e = th->first[x] + trace_call_end(th, x, i) - origin;
			if (e == s)
				continue;
			char spec[64];
			snprintf(spec, sizeof spec, "%lluus..%lluus", (unsigned long long)s,
			         (unsigned long long)e);
			const char *st[] = {spec};
			struct trace v;
			struct profile p;
			derive(tr, &v, NULL, st, 1);
			profile_of(&p, &v, &th->tid);
			if (p.methods[th->method[i]].incl[x] != e - s)
				fail_msg("%s: thread %u call %u: incl %llu over its own range of %llu", name,
				         th->tid, i, (unsigned long long)p.methods[th->method[i]].incl[x],
				         (unsigned long long)(e - s));
			profile_free(&p);
			trace_free(&v);
		}
	}
}

/* Field by field: a struct's padding bytes are not part of its value. */
static int edge_eq(const struct prof_edge *a, const struct prof_edge *b)
{
	return a->method == b->method && a->calls == b->calls && a->rcalls == b->rcalls &&
	       memcmp(a->incl, b->incl, sizeof a->incl) == 0 &&
	       memcmp(a->rincl, b->rincl, sizeof a->rincl) == 0;
}

/* --range=0us.. gives exactly the numbers of no range. */
static void check_whole(const struct trace *tr, const char *name)
{
	static const char *const all[] = {"0us.."};
	struct trace v;
	struct profile p, q;
	derive(tr, &v, NULL, all, 1);
	profile_of(&p, &v, NULL);
	profile_of(&q, tr, NULL);
	if (p.nthreads != q.nthreads || p.norder != q.norder ||
	    memcmp(p.top_incl, q.top_incl, sizeof p.top_incl) != 0 ||
	    memcmp(p.top_excl, q.top_excl, sizeof p.top_excl) != 0)
		fail_msg("%s: the whole range changed the toplevel", name);
	for (uint32_t i = 0; i < q.nthreads; i++) {
		const struct tv_thread *a = &v.threads[p.threads[i]], *b = &tr->threads[q.threads[i]];
		if (a->tid != b->tid || a->records != b->records ||
		    memcmp(a->first, b->first, sizeof a->first) != 0 ||
		    memcmp(a->last, b->last, sizeof a->last) != 0)
			fail_msg("%s: the whole range changed thread %u", name, b->tid);
	}
	for (uint32_t i = 0; i < q.norder; i++) {
		uint32_t m = q.order[i];
		const struct prof_method *x = &p.methods[m], *y = &q.methods[m];
		if (p.order[i] != m || x->calls != y->calls || x->rcalls != y->rcalls ||
		    memcmp(x->incl, y->incl, sizeof x->incl) != 0 ||
		    memcmp(x->excl, y->excl, sizeof x->excl) != 0 || x->parents.n != y->parents.n ||
		    x->children.n != y->children.n)
			fail_msg("%s: the whole range changed a method", name);
		for (uint32_t k = 0; k < y->children.n; k++) {
			struct prof_edge ex = profile_list_at(&x->children, k);
			struct prof_edge ey = profile_list_at(&y->children, k);
			if (!edge_eq(&ex, &ey))
				fail_msg("%s: the whole range changed an edge", name);
		}
	}
	profile_free(&q);
	profile_free(&p);
	trace_free(&v);
}

static void check_real(const char *path)
{
	const char *file = strrchr(path, '/') + 1;
	uint8_t *buf;
	size_t len;
	struct trace tr;
	assert_int_equal(tu_read_file(path, &buf, &len), 0);
	assert_int_equal(tu_load_buffer(&tr, buf, len), TV_OK);
	check_whole(&tr, file);
	check_invariants(&tr, file);
	check_categories(&tr, file);
	check_one_call(&tr, file);
	check_brute(&tr, buf, len, file);
	trace_free(&tr);
	free(buf);
}

static void test_real(void **state)
{
	(void)state;
	const char *dir = tu_real_dir();
	if (!dir) {
		print_message("real-trace folder absent: skipped\n");
		skip();
	}
	size_t n;
	char **v = tu_real_traces(&n);
	for (size_t i = 0; i < n; i++)
		check_real(v[i]);
	tu_free_list(v, n);
	assert_true(n > 0);
	print_message("ranges, transforms and categories checked on %zu real traces\n", n);
}

/* Random trees: the invariants, categories and brute force again. */
static void test_random(void **state)
{
	(void)state;
	srand(12);
	for (int round = 0; round < 30; round++) {
		struct tg *tg = tg_new();
		static const char *const cls[] = {"androidx.a.X", "com.ex.Y", "java.lang.Object",
		                                  "android.os.MessageQueue", "org.lib.Z"};
		static const char *const nm[] = {"f", "g", "wait", "nativePollOnce", "h"};
		for (int m = 0; m < 5; m++)
			tg_method(tg, 0x10 + 4 * (uint64_t)m, cls[m], nm[m], "()V", NULL);
		for (uint32_t tid = 1; tid <= 2; tid++) {
			uint64_t cpu = 0, wall = (uint64_t)rand() % 50, stack[40];
			int depth = 0;
			for (int k = 0; k < 60; k++) {
				cpu += (uint64_t)(rand() % 3);
				wall += (uint64_t)(rand() % 7);
				if (rand() % 15 == 0) {
					/* an exit that repairs: orphan, or lost exits above */
					uint64_t m = depth ? stack[rand() % depth] : 0x10;
					tg_exit(tg, tid, m, cpu, wall);
					while (depth && stack[depth - 1] != m)
						depth--;
					if (depth)
						depth--;
				} else if (depth < 40 && (depth == 0 || rand() % 2)) {
					stack[depth] = 0x10 + 4 * (uint64_t)(rand() % 5);
					tg_enter(tg, tid, stack[depth++], cpu, wall);
				} else if (rand() % 9 == 0) {
					tg_raw(tg, tid, 0x10 | 3, cpu, wall);   /* action 3 */
				} else {
					tg_exit(tg, tid, stack[--depth], cpu, wall);
				}
			}
		}
		uint8_t *buf;
		size_t len;
		struct trace tr;
		assert_int_equal(tg_write(tg, NULL, &buf, &len), 0);
		assert_int_equal(tu_load_buffer(&tr, buf, len), TV_OK);
		check_whole(&tr, "random");
		check_invariants(&tr, "random");
		check_categories(&tr, "random");
		check_one_call(&tr, "random");
		check_brute(&tr, buf, len, "random");
		trace_free(&tr);
		free(buf);
		tg_free(tg);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real),
		cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
