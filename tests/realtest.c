/* realtest.c: the checks, allocation and loading the test_real_* programs
 * share (see realtest.h). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "model/load.h"
#include "realtest.h"
#include "testutil.h"

/* ------------------------------------------------------------ checking */

void check_failed(struct ctx *c, const char *file, int line, const char *fmt, ...)
{
	if (c->fails++ < 40) {
		va_list ap;
		print_error("FAIL %s [%s] (%s:%d): ", c->trace,
		            c->what ? c->what : "", base_name(file), line);
		va_start(ap, fmt);
		vprint_error(fmt, ap);
		va_end(ap);
		print_error("\n");
	}
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	assert_non_null(p);
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	assert_non_null(p);
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);
	assert_non_null(d);
	return d;
}

/* ------------------------------------------------------------ the files */

const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* ------------------------------------------------------ an own replay */

struct rp_thread *rp_find(const struct replay *r, uint32_t tid)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->th[i].tid == tid)
			return &r->th[i];
	return NULL;
}

static struct rp_thread *rp_get(struct replay *r, uint32_t tid)
{
	struct rp_thread *t = rp_find(r, tid);

	if (t)
		return t;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		r->th = xrealloc(r->th, r->cap * sizeof *r->th);
	}
	t = &r->th[r->n++];
	memset(t, 0, sizeof *t);
	t->tid = tid;
	return t;
}

static void rp_exit(struct rp_thread *t, uint64_t id)
{
	for (size_t k = t->n; k-- > 0;) {
		if (t->stack[k] == id) {
			t->lost += t->n - 1 - k;
			t->n = k;
			return;
		}
	}
	t->orphans++;
	t->n = 0;
}

static int rp_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0,
                     uint64_t t1, uint64_t offset)
{
	struct rp_thread *t = rp_get(ctx, tid);
	uint64_t id = word & ~(uint64_t)3;

	(void)t0;
	(void)t1;
	(void)offset;
	t->records++;
	switch (word & 3) {
	case 0:
		if (t->n == t->cap) {
			t->cap = t->cap ? 2 * t->cap : 64;
			t->stack = xrealloc(t->stack, t->cap * sizeof *t->stack);
		}
		t->stack[t->n++] = id;
		break;
	case 1:
	case 2:
		rp_exit(t, id);
		break;
	default:
		break;
	}
	return 0;
}

static void rp_free(struct replay *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->th[i].stack);
	free(r->th);
	memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------ one trace */

int real_load(struct ctx *c, struct real *r, const char *path)
{
	struct tv_error err;
	char errfile[1024] = "";
	enum tv_status st;
	uint8_t *buf;
	size_t len;

	memset(r, 0, sizeof *r);
	r->path = path;
	r->name = base_name(path);
	trace_init(&r->tr);
	memset(&err, 0, sizeof err);
	st = load_file(&r->tr, path, &err, errfile, sizeof errfile);
	if (st != TV_OK) {
		char msg[256];
		tv_error_format(&err, msg, sizeof msg);
		CHECK(c, 0, "load_file: %s (%s)", msg, errfile);
		return -1;
	}
	if (tu_read_file(path, &buf, &len) == 0) {
		struct sink s;
		memset(&s, 0, sizeof s);
		s.ctx = &r->rp;
		s.record = rp_record;
		st = load_scan(buf, len, &s, &err);
		CHECK(c, st == TV_OK, "load_scan with a record-only sink: %s",
		      tv_status_str(st));
		free(buf);
	}
	return 0;
}

void real_free(struct real *r)
{
	trace_free(&r->tr);
	rp_free(&r->rp);
}

const char *real_dir_or_skip(void)
{
	const char *dir = tu_real_dir();
	if (!dir) {
		print_message("real-trace folder absent: skipped\n");
		skip();
	}
	return dir;
}
