/* preload.c: the preview, and the whole trace loaded on its own thread
 * (see preload.h). */
#include "session/preload.h"

#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "model/load.h"
#include "model/tracebuild.h"
#include "session/job.h"

/* The whole load, on the worker; it is also its own result. */
struct preload_job {
	struct preload *p;          /* the cancel flag and the progress */
	char *path;
	const struct mapping *map;
	struct session_opts so;
	struct trace tr;
	struct session *s;          /* NULL until made, or once taken */
	enum tv_status st;
	struct tv_error err;
	char errfile[4096];
	struct sink sink;           /* what the readers call */
	const struct load_bytes *lb;
	const char *gate;           /* TRACEVIEW_TEST_PRELOAD_GATE, until opened */
};

struct preload {
	struct trace preview;
	int has_preview;
	struct jobs *jobs;
	struct preload_job *done;   /* taken from the worker */
	struct load_progress prog;
	int taken;                  /* preload_take() was called */
	atomic_int cancel;
	atomic_int percent;
};

/* The threshold: the environment's, else the default. */
static uint64_t preload_threshold(void)
{
	const char *e = getenv("TRACEVIEW_PREVIEW_BYTES");
	char *end;
	if (e && *e) {
		unsigned long long v = strtoull(e, &end, 10);
		if (!*end && v > 0)
			return v;
	}
	return PRELOAD_THRESHOLD;
}

static int preload_has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n > k && strcmp(s + n - k, suf) == 0;
}

/* Up to len bytes of fd from its start; how many were read. */
static size_t preload_read(int fd, uint8_t *buf, size_t len)
{
	size_t got = 0;
	while (got < len) {
		ssize_t n = pread(fd, buf + got, len - got, (off_t)got);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	return got;
}

int preload_wanted(const char *path)
{
	struct stat st;
	uint8_t head[64];
	if (strcmp(path, "-") == 0 || preload_has_suffix(path, ".key") ||
	    preload_has_suffix(path, ".data") || stat(path, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size < preload_threshold())
		return 0;
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	size_t n = preload_read(fd, head, sizeof head);
	close(fd);
	enum load_family f = load_detect(head, n);
	return f == LOAD_V1_KEY || f == LOAD_V1_STREAM;
}

/* The first bytes of path as a trace, without its warnings; 0 or -1.
 * A sixteenth of the file: its parse holds back the whole load, which
 * starts after it, by as little as a preview can. */
static int preload_preview_build(struct preload *p, const char *path, const struct mapping *map)
{
	struct stat st;
	int fd = open(path, O_RDONLY);
	uint64_t want = fd >= 0 && fstat(fd, &st) == 0 ? (uint64_t)st.st_size / 16 : 0;
	if (want > PRELOAD_PREVIEW_MAX)
		want = PRELOAD_PREVIEW_MAX;
	uint8_t *buf = want ? malloc((size_t)want) : NULL;
	struct tv_error err;
	size_t n = buf ? preload_read(fd, buf, (size_t)want) : 0;
	if (fd >= 0)
		close(fd);
	trace_init(&p->preview);
	p->has_preview = 1;
	int ok = n > 0 && load_buffer(&p->preview, buf, n, &err) == TV_OK &&
	         (!map || mapping_apply(map, &p->preview) >= 0);
	free(buf);
	/* The cut's own damage (a record cut short, calls left open) is
	 * not the file's: the whole trace's warnings come with it. */
	tv_warnings_init(&p->preview.warnings);
	return ok ? 0 : -1;
}

/* ---------------------------------------------------------- the load */

static int preload_stop(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                        uint64_t offset)
{
	(void)ctx, (void)tid, (void)word, (void)t0, (void)t1, (void)offset;
	return 1;
}

/* The tests hold the load once its first 8 MiB are read, until the file
 * named by TRACEVIEW_TEST_PRELOAD_GATE exists, or a cancel comes: the
 * view is then seen while loading, whatever the machine's speed. */
#define PRELOAD_GATE_AT ((uint64_t)8 << 20)

static void preload_gate(struct preload_job *j, uint64_t offset)
{
	struct timespec ten_ms = {0, 10 * 1000 * 1000};
	if (offset < PRELOAD_GATE_AT)
		return;
	while (j->gate && access(j->gate, F_OK) != 0 && !atomic_load(&j->p->cancel))
		nanosleep(&ten_ms, NULL);
	j->gate = NULL;
}

/* Between the readers' chunks: the loader's own bookkeeping (progress,
 * pages given back), then a cancel stops the readers at their next
 * record (a sink that says stop). */
static void preload_consumed(void *cctx, uint64_t offset)
{
	struct preload_job *j = cctx;
	if (j->lb->consumed)
		j->lb->consumed(j->lb->cctx, offset);
	preload_gate(j, offset);
	if (atomic_load(&j->p->cancel))
		j->sink.record = preload_stop;
}

static void preload_progress(void *ctx, enum load_stage stage, uint64_t done, uint64_t total)
{
	struct preload *p = ctx;
	(void)stage;
	if (total)
		atomic_store(&p->percent, done >= total ? 99 : (int)(done * 100 / total));
}

/* load_with_bytes()'s fn: the trace built as load_file() builds it, but
 * through a sink this file can stop. */
static enum tv_status preload_build(void *ctx, const struct load_bytes *lb, struct tv_error *err,
                                    int *err_in_data)
{
	struct preload_job *j = ctx;
	struct tracebuild *b = tracebuild_new(&j->tr);
	enum tv_status r;
	*err_in_data = 0;
	if (!b)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	j->lb = lb;
	j->sink = tracebuild_sink(b);
	j->sink.consumed = preload_consumed;
	j->sink.cctx = j;
	r = load_scan(lb->data, lb->datalen, &j->sink, err);
	if (r == TV_ERR_NOMEM && tracebuild_stop_reason(b) == TV_ERR_TOO_BIG)
		r = tv_fail(err, TV_ERR_TOO_BIG, err->offset, "names and options pass 4 GiB");
	if (r == TV_OK && !atomic_load(&j->p->cancel))
		r = tracebuild_finish(b, err);
	tracebuild_free(b);
	return r;
}

/* On the worker: the whole trace, renamed, its session; each step only
 * while no cancel came. */
static void *preload_run(void *arg)
{
	struct preload_job *j = arg;
	atomic_int *cancel = &j->p->cancel;
	j->st = load_with_bytes(j->path, preload_build, j, &j->p->prog, &j->err, j->errfile,
	                        sizeof j->errfile);
	if (j->st == TV_OK && j->map && !atomic_load(cancel) && mapping_apply(j->map, &j->tr) < 0)
		j->st = tv_fail(&j->err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (j->st == TV_OK && !atomic_load(cancel) && !(j->s = session_new(&j->tr, &j->so)))
		j->st = tv_fail(&j->err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	return j;
}

static void preload_job_free(void *v)
{
	struct preload_job *j = v;
	if (!j)
		return;
	session_free(j->s);
	trace_free(&j->tr);
	free(j->path);
	free(j);
}

struct preload *preload_start(const char *path, const struct mapping *map,
                              const struct session_opts *so)
{
	struct preload *p = calloc(1, sizeof *p);
	struct preload_job *j = calloc(1, sizeof *j);
	if (!p || !j || !(j->path = strdup(path)) || preload_preview_build(p, path, map) < 0 ||
	    !(p->jobs = jobs_new())) {
		if (j)
			free(j->path);
		free(j);
		preload_free(p);
		return NULL;
	}
	p->prog = (struct load_progress){preload_progress, p};
	j->p = p;
	j->map = map;
	j->so = *so;
	j->gate = getenv("TRACEVIEW_TEST_PRELOAD_GATE");
	trace_init(&j->tr);
	j->err = (struct tv_error){TV_OK, TV_NO_OFFSET, ""};
	if (!jobs_submit_job(p->jobs, preload_run, j, preload_job_free)) {
		preload_free(p);
		return NULL;
	}
	return p;
}

struct trace *preload_preview(struct preload *p)
{
	return p->has_preview ? &p->preview : NULL;
}

int preload_percent(const struct preload *p)
{
	return atomic_load(&((struct preload *)p)->percent);
}

int preload_poll(struct preload *p)
{
	unsigned id;
	void *res;
	if (!p->done && p->jobs && jobs_take(p->jobs, &id, &res))
		p->done = res;
	if (!p->done)
		return 0;
	return p->done->st == TV_OK && (p->done->s || p->taken) ? 1 : -1;
}

struct session *preload_take(struct preload *p)
{
	struct session *s = p->done->s;
	p->done->s = NULL;
	p->taken = 1;
	return s;
}

void preload_drop_preview(struct preload *p)
{
	if (p->has_preview)
		trace_free(&p->preview);
	p->has_preview = 0;
}

const struct tv_error *preload_error(const struct preload *p, const char **errfile)
{
	*errfile = p->done && p->done->errfile[0] ? p->done->errfile : NULL;
	return p->done ? &p->done->err : NULL;
}

void preload_free(struct preload *p)
{
	if (!p)
		return;
	atomic_store(&p->cancel, 1);
	jobs_free(p->jobs);  /* waits for the load to stop */
	preload_job_free(p->done);
	preload_drop_preview(p);
	free(p);
}
