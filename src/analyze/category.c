/* category.c: categories by code origin (docs/numbers.md, "Categories"). */
#include "analyze/category.h"

#include "analyze/match.h"
#include "model/callwalk.h"

#include <stdlib.h>
#include <string.h>

static const char *const category_names[CAT_COUNT] = {
	"app", "androidx", "framework", "runtime", "library", "unknown", "idle", "blocked",
};

const char *category_name(enum category c)
{
	return c < CAT_COUNT ? category_names[c] : "?";
}

static const char *const category_androidx[] = {"androidx.*", "android.support.*"};
static const char *const category_framework[] = {
	"android.*", "com.android.*", "dalvik.*", "com.samsung.*", "com.sec.*", "com.huawei.*",
	"com.hihonor.*", "com.miui.*", "com.xiaomi.*", "com.oppo.*", "com.oplus.*", "com.vivo.*",
	"com.mediatek.*", "com.qualcomm.*", "com.qti.*", "org.codeaurora.*",
};
static const char *const category_runtime[] = {
	"java.*", "javax.*", "kotlin.*", "kotlinx.*", "libcore.*", "sun.*", "jdk.*",
	"org.apache.harmony.*",
};

/* The methods that wait: class, then name. */
static const char *const category_blocked[][2] = {
	{"java.lang.Object", "wait"}, {"java.lang.Thread", "sleep"},
	{"java.lang.VMThread", "sleep"}, {"sun.misc.Unsafe", "park"},
	{"jdk.internal.misc.Unsafe", "park"},
	{"java.util.concurrent.locks.LockSupport", "park"},
	{"java.util.concurrent.locks.LockSupport", "parkNanos"},
	{"java.util.concurrent.locks.LockSupport", "parkUntil"},
};

#define CATEGORY_N(a) (sizeof(a) / sizeof((a)[0]))

static int category_any(const char *const *globs, size_t n, const char *cls, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (match_glob(globs[i], strlen(globs[i]), cls, len))
			return 1;
	return 0;
}

int category_fixed_class(const char *cls, size_t len)
{
	return category_any(category_androidx, CATEGORY_N(category_androidx), cls, len) ||
	       category_any(category_framework, CATEGORY_N(category_framework), cls, len) ||
	       category_any(category_runtime, CATEGORY_N(category_runtime), cls, len);
}

/* s (len bytes, '/' read as '.') equals lit. */
static int category_is(const char *s, size_t len, const char *lit)
{
	size_t n = strlen(lit);
	return len == n && match_glob(lit, n, s, len);   /* no '*' in lit: exact */
}

/* CAT_IDLE or CAT_BLOCKED for a declared method that waits, by its class
 * and name (whatever the app's packages), else CAT_COUNT. */
static enum category category_waits(const struct trace *tr, uint32_t m)
{
	const struct tv_method *tm = &tr->methods[m];
	if (!tm->declared || tm->synthetic)
		return CAT_COUNT;
	const char *cls = trace_str(tr, tm->cls), *name = trace_str(tr, tm->name);
	size_t cl = cls ? tm->cls.len : 0, nl = name ? tm->name.len : 0;
	cls = cls ? cls : "";
	name = name ? name : "";
	if (category_is(cls, cl, "android.os.MessageQueue") && nl == 14 &&
	    memcmp(name, "nativePollOnce", 14) == 0)
		return CAT_IDLE;
	for (size_t i = 0; i < CATEGORY_N(category_blocked); i++)
		if (category_is(cls, cl, category_blocked[i][0]) &&
		    nl == strlen(category_blocked[i][1]) && memcmp(name, category_blocked[i][1], nl) == 0)
			return CAT_BLOCKED;
	return CAT_COUNT;
}

enum category category_of(const struct trace *tr, uint32_t m, const struct derive_glob *app,
                          uint32_t napp)
{
	const struct tv_method *tm = &tr->methods[m];
	if (!tm->declared)
		return CAT_UNKNOWN;
	enum category w = category_waits(tr, m);
	if (w != CAT_COUNT)
		return w;
	const char *cls = trace_str(tr, tm->cls);
	size_t cl = cls ? tm->cls.len : 0;
	cls = cls ? cls : "";
	for (uint32_t g = 0; g < napp; g++)
		if (match_glob(app[g].p, app[g].len, cls, cl))
			return CAT_APP;
	if (category_any(category_androidx, CATEGORY_N(category_androidx), cls, cl))
		return CAT_ANDROIDX;
	if (category_any(category_framework, CATEGORY_N(category_framework), cls, cl))
		return CAT_FRAMEWORK;
	if (category_any(category_runtime, CATEGORY_N(category_runtime), cls, cl))
		return CAT_RUNTIME;
	return CAT_LIBRARY;
}

/* ------------------------------------------------------------ the app guess */

/* A class that can be the app's: named, real, outside the fixed namespaces. */
static int category_candidate(const struct trace *tr, uint32_t m)
{
	const struct tv_method *tm = &tr->methods[m];
	const char *cls = trace_str(tr, tm->cls);
	return tm->declared && !tm->synthetic && cls && tm->cls.len &&
	       !category_fixed_class(cls, tm->cls.len);
}

/* The first two dot-separated segments of m's class ('/' as '.'), as
 * "PREFIX.*" into buf; 0, or -1 when it does not fit. */
static int category_prefix(const struct trace *tr, uint32_t m, char *buf, size_t size)
{
	const struct tv_method *tm = &tr->methods[m];
	const char *cls = trace_str(tr, tm->cls);
	size_t n = 0, dots = 0;
	while (n < tm->cls.len) {
		char c = cls[n] == '/' ? '.' : cls[n];
		if (c == '.' && ++dots == 2)
			break;
		n++;
	}
	if (n + 3 > size)
		return -1;
	for (size_t i = 0; i < n; i++)
		buf[i] = cls[i] == '/' ? '.' : cls[i];
	memcpy(buf + n, ".*", 3);
	return 0;
}

/* Whether m is Activity.performCreate, where rule 1 looks. */
static int category_perform_create(const struct trace *tr, uint32_t m)
{
	const struct tv_method *tm = &tr->methods[m];
	const char *cls = trace_str(tr, tm->cls), *name = trace_str(tr, tm->name);
	return !tm->synthetic && cls && name && tm->name.len == 13 &&
	       memcmp(name, "performCreate", 13) == 0 &&
	       category_is(cls, tm->cls.len, "android.app.Activity");
}

/* Rule 1 in a sums-only trace: its threads noted their first such call
 * and the first candidate in it (category_tag()). */
static uint32_t category_activity_sums(const struct profile *p)
{
	const struct trace *tr = p->tr;
	int x = derive_axis_clock(tr);
	uint32_t best = UINT32_MAX;
	uint64_t best_s = UINT64_MAX;
	for (uint32_t k = 0; k < p->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[p->threads[k]];
		uint64_t s = th->first[x] + th->sums->mark_start[x];
		if (th->sums->marked && s < best_s) {
			best_s = s;
			best = th->sums->note;   /* TV_ROOT, none, is UINT32_MAX */
		}
	}
	return best;
}

/* Rule 1: in the first call of Activity.performCreate by start time, the
 * first call in preorder of a candidate class. UINT32_MAX when none. */
static uint32_t category_activity(const struct profile *p)
{
	const struct trace *tr = p->tr;
	if (tr->sums_only)
		return category_activity_sums(p);
	int x = derive_axis_clock(tr);
	uint32_t best_t = UINT32_MAX, best_i = 0;
	uint64_t best_s = UINT64_MAX;
	for (uint32_t k = 0; k < p->nthreads; k++) {
		const struct tv_thread *th = &tr->threads[p->threads[k]];
		for (uint32_t i = 0; i < th->ncalls; i++) {
			if (!category_perform_create(tr, th->method[i]))
				continue;
			uint64_t s = th->first[x] + trace_call_start(th, x, i);
			if (s < best_s) {
				best_s = s;
				best_t = p->threads[k];
				best_i = i;
			}
			break;   /* later calls of the thread start later */
		}
	}
	if (best_t == UINT32_MAX)
		return UINT32_MAX;
	const struct tv_thread *th = &tr->threads[best_t];
	uint32_t end = callwalk_subtree_end(th, best_i);
	for (uint32_t j = best_i; j < end; j++)
		if (category_candidate(tr, th->method[j]))
			return th->method[j];
	return UINT32_MAX;
}

struct category_sum {
	char prefix[256];
	uint64_t excl;
};

static int category_sum_cmp(const void *a, const void *b)
{
	return strcmp(((const struct category_sum *)a)->prefix,
	              ((const struct category_sum *)b)->prefix);
}

int category_guess_app(const struct profile *p, char *buf, size_t size)
{
	const struct trace *tr = p->tr;
	buf[0] = '\0';
	uint32_t m = category_activity(p);
	if (m != UINT32_MAX)
		return category_prefix(tr, m, buf, size) < 0 ? 0 : 1;
	/* Rule 2: the prefix whose classes own the most excl time. */
	int c = trace_sort_clock(tr);
	struct category_sum *v = malloc(sizeof *v * (p->norder ? p->norder : 1));
	uint32_t n = 0;
	if (!v)
		return -1;
	for (uint32_t i = 0; i < p->norder; i++) {
		uint32_t k = p->order[i];
		if (!category_candidate(tr, k) ||
		    category_prefix(tr, k, v[n].prefix, sizeof v[n].prefix) < 0)
			continue;
		v[n++].excl = p->methods[k].excl[c];
	}
	qsort(v, n, sizeof *v, category_sum_cmp);
	uint32_t best = UINT32_MAX;
	uint64_t best_sum = 0;
	for (uint32_t i = 0; i < n;) {
		uint64_t sum = 0;
		uint32_t j = i;
		for (; j < n && strcmp(v[j].prefix, v[i].prefix) == 0; j++)
			sum += v[j].excl;
		if (best == UINT32_MAX || sum > best_sum) {
			best = i;
			best_sum = sum;
		}
		i = j;
	}
	int rc = 0;
	if (best != UINT32_MAX && strlen(v[best].prefix) < size) {
		strcpy(buf, v[best].prefix);
		rc = 1;
	}
	free(v);
	return rc;
}

unsigned category_tag(void *ctx, const struct trace *tr, uint32_t m)
{
	(void)ctx;
	return (category_waits(tr, m) != CAT_COUNT ? TV_TAG_ABSORB : 0) |
	       (category_perform_create(tr, m) ? TV_TAG_MARK : 0) |
	       (category_candidate(tr, m) ? TV_TAG_NOTE : 0);
}

/* ------------------------------------------------------------ time */

/* A sums-only thread's times (its outside sums by category) into *out
 * and *total: the same sums, taken in another order. */
static void category_times_sums(const struct trace *tr, const struct tv_tsums *s,
                                const uint8_t *cat, category_times *out, category_times *total)
{
	for (uint32_t i = 0; i < s->noutside; i++)
		for (int c = 0; c < TV_NCLOCKS; c++)
			if (tr->has_clock[c])
				(*out)[cat[s->outside[i].method]][c] += s->outside[i].t[c];
	for (int g = 0; g < CAT_COUNT; g++)
		for (int c = 0; c < TV_NCLOCKS; c++)
			(*total)[g][c] += (*out)[g][c];
}

int category_times_build(const struct profile *p, const struct derive_glob *app, uint32_t napp,
                         category_times *out, category_times *total)
{
	const struct trace *tr = p->tr;
	uint8_t *cat = malloc(tr->nmethods ? tr->nmethods : 1);
	uint8_t *in = NULL;
	if (!cat)
		return -1;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		cat[m] = (uint8_t)category_of(tr, m, app, napp);
	memset(total, 0, sizeof *total);
	int rc = 0;
	for (uint32_t k = 0; k < p->nthreads && !rc; k++) {
		const struct tv_thread *th = &tr->threads[p->threads[k]];
		memset(out[k], 0, sizeof out[k]);
		if (tr->sums_only) {
			category_times_sums(tr, th->sums, cat, &out[k], total);
			continue;
		}
		free(in);
		/* in[i]: call i lies inside an idle or blocked call (absorbed). */
		if (!(in = malloc(th->ncalls ? th->ncalls : 1))) {
			rc = -1;
			break;
		}
		for (uint32_t i = 0; i < th->ncalls; i++) {
			uint32_t par = th->parent[i];
			in[i] = par != TV_ROOT && (in[par] || cat[th->method[par]] == CAT_IDLE ||
			                           cat[th->method[par]] == CAT_BLOCKED);
			if (in[i])
				continue;
			for (int c = 0; c < TV_NCLOCKS; c++) {
				if (!tr->has_clock[c])
					continue;
				uint64_t incl = trace_call_incl(th, c, i);
				/* excl = incl - children's incl: each call adds its
				 * incl and takes it back from its parent. */
				out[k][cat[th->method[i]]][c] += incl;
				if (par != TV_ROOT)
					out[k][cat[th->method[par]]][c] -= incl;
			}
		}
		for (int g = 0; g < CAT_COUNT; g++)
			for (int c = 0; c < TV_NCLOCKS; c++)
				(*total)[g][c] += out[k][g][c];
	}
	free(in);
	free(cat);
	return rc;
}

int category_report_build(struct category_report *cr, const struct profile *p,
                          const struct derive_glob *app, uint32_t napp)
{
	memset(cr, 0, sizeof *cr);
	if (app) {
		cr->app = app;
		cr->napp = napp;
	} else {
		int g = category_guess_app(p, cr->guess, sizeof cr->guess);
		if (g < 0)
			return -1;
		if (g) {
			cr->one = (struct derive_glob){cr->guess, strlen(cr->guess)};
			cr->app = &cr->one;
			cr->napp = 1;
		}
	}
	cr->threads = malloc(sizeof *cr->threads * (p->nthreads ? p->nthreads : 1));
	if (!cr->threads ||
	    category_times_build(p, cr->app, cr->napp, cr->threads, &cr->total) < 0) {
		category_report_free(cr);
		return -1;
	}
	return 0;
}

void category_report_free(struct category_report *cr)
{
	free(cr->threads);
	cr->threads = NULL;
}
