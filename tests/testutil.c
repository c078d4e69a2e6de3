/* testutil.c: shared test helpers (see testutil.h). */
#include "testutil.h"

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

const struct prof_edge *tu_edge(const struct profile *p, const struct prof_edge *edges,
                                uint32_t n, uint64_t id)
{
	uint32_t want = PROF_TOPLEVEL;
	if (id != TU_TOPLEVEL) {
		want = trace_find_method(p->tr, id);
		if (want == IDMAP_NONE)
			return NULL;
	}
	for (uint32_t i = 0; i < n; i++)
		if (edges[i].method == want)
			return &edges[i];
	return NULL;
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
