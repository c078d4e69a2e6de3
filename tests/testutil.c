/* testutil.c: shared test helpers (see testutil.h). */
#include "testutil.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef TV_REAL_DIR
#define TV_REAL_DIR ""
#endif

static int tu_is_dir(const char *p)
{
	struct stat st;
	return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *tu_real_dir(void)
{
	const char *env = getenv("TV_REAL_DIR");
	if (env && *env)
		return tu_is_dir(env) ? env : NULL;
	return tu_is_dir(TV_REAL_DIR) ? TV_REAL_DIR : NULL;
}

char *tu_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);
	if (!p)
		abort();
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

static int tu_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int tu_is_trace_name(const char *name)
{
	size_t len = strlen(name);
	return len > 6 && strcmp(name + len - 6, ".trace") == 0;
}

/* Appends dir's sorted *.trace paths to v[0..*n). */
static char **tu_add_traces(char **v, size_t *n, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return v;
	size_t first = *n;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (!tu_is_trace_name(e->d_name))
			continue;
		v = realloc(v, (*n + 1) * sizeof *v);
		if (!v)
			abort();
		v[(*n)++] = tu_path(dir, e->d_name);
	}
	closedir(d);
	if (*n > first)
		qsort(v + first, *n - first, sizeof *v, tu_name_cmp);
	return v;
}

char **tu_list_traces(const char *dir, size_t *n)
{
	*n = 0;
	return tu_add_traces(NULL, n, dir);
}

char **tu_real_traces(size_t *n)
{
	const char *dir = tu_real_dir();
	*n = 0;
	if (!dir)
		return NULL;
	char **v = tu_add_traces(NULL, n, dir);
	char *sub = tu_path(dir, "streaming");
	v = tu_add_traces(v, n, sub);
	free(sub);
	return v;
}

void tu_free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int tu_read_file(const char *path, uint8_t **buf, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t cap = 1 << 16, n = 0;
	uint8_t *b = malloc(cap);
	if (!b)
		abort();
	for (;;) {
		if (n == cap) {
			cap *= 2;
			b = realloc(b, cap);
			if (!b)
				abort();
		}
		size_t got = fread(b + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(b);
		return -1;
	}
	*buf = b;
	*len = n;
	return 0;
}

enum tv_status tu_load_buffer(struct trace *tr, const uint8_t *buf, size_t len)
{
	struct tv_error err = {0};
	trace_init(tr);
	enum tv_status st = load_buffer(tr, buf, len, &err);
	if (st != TV_OK) {
		char msg[256];
		tv_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "tu_load_buffer: %s\n", msg);
	}
	return st;
}

enum tv_status tu_load_tg(struct trace *tr, const struct tg *tg, const struct tg_opts *o)
{
	uint8_t *buf;
	size_t len;
	if (tg_write(tg, o, &buf, &len)) {
		trace_init(tr);
		return TV_ERR_IO;
	}
	enum tv_status st = tu_load_buffer(tr, buf, len);
	free(buf);
	return st;
}

const struct prof_method *tu_method(const struct profile *p, uint64_t id)
{
	uint32_t i = trace_find_method(p->tr, id);
	return i == IDMAP_NONE ? NULL : &p->methods[i];
}

const struct prof_edge *tu_edge_to(const struct prof_list *l, uint32_t m, struct prof_edge *out)
{
	for (uint32_t i = 0; i < l->n; i++) {
		*out = profile_list_at(l, i);
		if (out->method == m)
			return out;
	}
	return NULL;
}

const struct prof_edge *tu_edge(const struct profile *p, const struct prof_list *l, uint64_t id,
                                struct prof_edge *out)
{
	uint32_t want = PROF_TOPLEVEL;
	if (id != TU_TOPLEVEL) {
		want = trace_find_method(p->tr, id);
		if (want == IDMAP_NONE)
			return NULL;
	}
	return tu_edge_to(l, want, out);
}

struct prof_edge *tu_list(const struct prof_list *l)
{
	struct prof_edge *e = malloc(((size_t)l->n + 1) * sizeof *e);
	if (!e)
		abort();
	const struct prof_edge *got = profile_list_edges(l, e);
	if (got != e)
		memcpy(e, got, (size_t)l->n * sizeof *e);
	return e;
}

int tu_str_eq(const struct trace *tr, struct tv_str s, const char *want)
{
	const char *p = trace_str(tr, s);
	if (!p || !want)
		return !p && !want;
	return s.len == strlen(want) && memcmp(p, want, s.len) == 0;
}

uint64_t tu_warn(const struct trace *tr, enum tv_warn kind)
{
	return tr->warnings.count[kind];
}

char *tu_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *p = tu_path(base && *base ? base : "/tmp", "tvtest.XXXXXX");
	if (!mkdtemp(p)) {
		free(p);
		return NULL;
	}
	return p;
}

/* Σ over an edge list, per half. */
struct tu_sums {
	uint64_t calls, rcalls, incl[TV_NCLOCKS];
};

static struct tu_sums tu_sum_edges(const struct prof_list *l)
{
	struct tu_sums s;
	memset(&s, 0, sizeof s);
	for (uint32_t i = 0; i < l->n; i++) {
		struct prof_edge e = profile_list_at(l, i);
		s.calls += e.calls;
		s.rcalls += e.rcalls;
		for (int c = 0; c < TV_NCLOCKS; c++)
			s.incl[c] += e.incl[c];
	}
	return s;
}

/* An edge with no call in either half should not be listed. */
static int tu_empty_edge(const struct prof_list *l)
{
	for (uint32_t i = 0; i < l->n; i++) {
		struct prof_edge e = profile_list_at(l, i);
		if (e.calls + e.rcalls == 0)
			return 1;
	}
	return 0;
}

int tu_check_edge_sums(const struct profile *p, char *msg, size_t size)
{
	const struct trace *tr = p->tr;
	struct tu_sums top = tu_sum_edges(&p->top_children);

	for (int c = 0; c < TV_NCLOCKS; c++)
		if (tr->has_clock[c] && top.incl[c] != p->top_incl[c] - p->top_excl[c]) {
			snprintf(msg, size, "toplevel clock %d: children incl %" PRIu64
			         " != incl %" PRIu64 " - excl %" PRIu64, c, top.incl[c],
			         p->top_incl[c], p->top_excl[c]);
			return -1;
		}
	if (top.rcalls || tu_empty_edge(&p->top_children)) {
		snprintf(msg, size, "toplevel: a child edge is recursive or empty");
		return -1;
	}
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct prof_method *pm = &p->methods[m];
		struct tu_sums par = tu_sum_edges(&pm->parents);
		struct tu_sums chi = tu_sum_edges(&pm->children);
		uint64_t id = tr->methods[m].id;
		if (par.calls != pm->calls || par.rcalls != pm->rcalls) {
			snprintf(msg, size, "method 0x%" PRIx64 ": parents hold %" PRIu64 "+%"
			         PRIu64 " calls, the method %" PRIu64 "+%" PRIu64, id,
			         par.calls, par.rcalls, pm->calls, pm->rcalls);
			return -1;
		}
		if (tu_empty_edge(&pm->parents) ||
		    tu_empty_edge(&pm->children)) {
			snprintf(msg, size, "method 0x%" PRIx64 ": an edge with no call", id);
			return -1;
		}
		for (int c = 0; c < TV_NCLOCKS; c++) {
			if (!tr->has_clock[c])
				continue;
			if (par.incl[c] != pm->incl[c]) {
				snprintf(msg, size, "method 0x%" PRIx64 " clock %d: parents' incl %"
				         PRIu64 " != incl %" PRIu64, id, c, par.incl[c], pm->incl[c]);
				return -1;
			}
			if (chi.incl[c] > pm->incl[c]) {
				snprintf(msg, size, "method 0x%" PRIx64 " clock %d: children's incl %"
				         PRIu64 " > incl %" PRIu64, id, c, chi.incl[c], pm->incl[c]);
				return -1;
			}
		}
	}
	return 0;
}

static int tu_edge_diff(const struct prof_list *la, const struct prof_list *lb, char *why,
                        size_t size, const char *what)
{
	for (uint32_t i = 0; i < la->n; i++) {
		struct prof_edge a = profile_list_at(la, i), b = profile_list_at(lb, i);
		int same = a.method == b.method && a.calls == b.calls && a.rcalls == b.rcalls;
		for (int c = 0; c < TV_NCLOCKS; c++)
			same = same && a.incl[c] == b.incl[c] && a.rincl[c] == b.rincl[c];
		if (!same) {
			snprintf(why, size, "%s edge %" PRIu32 " (method %" PRIu32 " vs %" PRIu32
			         ", calls %" PRIu64 "/%" PRIu64 " vs %" PRIu64 "/%" PRIu64 ")",
			         what, i, a.method, b.method, a.calls, a.rcalls, b.calls, b.rcalls);
			return 1;
		}
	}
	return 0;
}

int tu_profile_diff(const struct profile *a, const struct profile *b, char *why, size_t size)
{
	const struct trace *tr = a->tr;
	if (a->filtered != b->filtered || a->tid != b->tid || a->nthreads != b->nthreads ||
	    (a->nthreads &&
	     memcmp(a->threads, b->threads, (size_t)a->nthreads * sizeof *a->threads) != 0)) {
		snprintf(why, size, "threads (%" PRIu32 " vs %" PRIu32 ")", a->nthreads, b->nthreads);
		return 1;
	}
	for (int c = 0; c < TV_NCLOCKS; c++)
		if (a->top_incl[c] != b->top_incl[c] || a->top_excl[c] != b->top_excl[c]) {
			snprintf(why, size, "toplevel clock %d: incl %" PRIu64 "/%" PRIu64
			         " excl %" PRIu64 "/%" PRIu64, c, a->top_incl[c], b->top_incl[c],
			         a->top_excl[c], b->top_excl[c]);
			return 1;
		}
	if (a->top_children.n != b->top_children.n) {
		snprintf(why, size, "toplevel children %" PRIu32 " vs %" PRIu32,
		         a->top_children.n, b->top_children.n);
		return 1;
	}
	if (tu_edge_diff(&a->top_children, &b->top_children, why, size, "toplevel"))
		return 1;
	if (a->norder != b->norder ||
	    memcmp(a->order, b->order, (size_t)a->norder * sizeof *a->order) != 0) {
		snprintf(why, size, "method order (%" PRIu32 " vs %" PRIu32 " methods)", a->norder,
		         b->norder);
		return 1;
	}
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct prof_method *x = &a->methods[m], *y = &b->methods[m];
		int same = x->calls == y->calls && x->rcalls == y->rcalls &&
		           x->parents.n == y->parents.n && x->children.n == y->children.n;
		for (int c = 0; c < TV_NCLOCKS; c++)
			same = same && x->incl[c] == y->incl[c] && x->excl[c] == y->excl[c];
		if (!same) {
			snprintf(why, size, "method %#" PRIx64 ": calls %" PRIu64 "/%" PRIu64
			         " vs %" PRIu64 "/%" PRIu64 ", excl %" PRIu64 " vs %" PRIu64,
			         tr->methods[m].id, x->calls, x->rcalls, y->calls, y->rcalls,
			         x->excl[TV_WALL], y->excl[TV_WALL]);
			return 1;
		}
		if (tu_edge_diff(&x->parents, &y->parents, why, size, "parent") ||
		    tu_edge_diff(&x->children, &y->children, why, size, "child"))
			return 1;
	}
	return 0;
}

uint32_t tu_rng_below(struct tu_rng *r, uint32_t n)
{
	uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	z ^= z >> 31;
	return (uint32_t)((z >> 32) * n >> 32);
}

const struct tg_opts tu_shapes[TU_NSHAPES] = {
	{.family = TG_V1, .version = 3},
	{.family = TG_V1, .version = 1},
	{.family = TG_V1, .version = 2, .clock = TG_CLOCK_WALL},
	{.family = TG_V1, .version = 3, .clock = TG_CLOCK_GLOBAL},
	{.family = TG_V1_STREAM, .version = 3},
	{.family = TG_V2, .version = 5, .rev = TG_REV_C},
	{.family = TG_V2, .version = 4, .rev = TG_REV_D, .streaming = 1},
};
