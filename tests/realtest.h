/* realtest.h: what the test_real_* programs share: a failed check that is
 * reported and counted rather than fatal, allocation that fails the test
 * on OOM, and one real trace loaded together with an own replay of its
 * records (test_real_invariants.c, test_real_traceview.c,
 * test_real_dmtracedump.c).
 *
 * The folder comes from env TV_REAL_DIR or the TV_REAL_DIR macro
 * (testutil.h); real_dir_or_skip() skips the test when it is absent.
 */
#ifndef TV_REALTEST_H
#define TV_REALTEST_H

#include <stddef.h>
#include <stdint.h>

#include "model/trace.h"

/* A failed check is reported and counted, not fatal: one engine bug should
 * not hide what the other traces say. */
struct ctx {
	const char *trace;      /* file name, for messages */
	const char *what;       /* "all threads", "thread 12", ... */
	unsigned fails;
};

/* Counts and reports (the first 40) failed checks in c, naming the trace,
 * c->what, and the file and line of the check. */
#define CHECK(c, cond, ...) \
	do { if (!(cond)) check_failed((c), __FILE__, __LINE__, __VA_ARGS__); } while (0)

void check_failed(struct ctx *c, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* calloc, realloc and strdup that fail the test (cmocka) when out of
 * memory; zero sizes allocate one byte. */
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* The part of path after its last '/' (a pointer into path). */
const char *base_name(const char *path);

/* ------------------------------------------------------ an own replay
 *
 * A replay of the records independent of replay.c, only to learn per thread
 * how many exits were orphans (docs/numbers.md, "The call tree") and how many
 * calls lost their exit (rule 2): the reference tools treat those cases
 * differently, so they decide what can be compared.
 */
struct rp_thread {
	uint32_t tid;
	uint64_t *stack;        /* open method ids */
	size_t n, cap;
	uint64_t records, orphans, lost;
};

struct replay {
	struct rp_thread *th;
	size_t n, cap;
};

/* The replayed thread of this id, or NULL. */
struct rp_thread *rp_find(const struct replay *r, uint32_t tid);

/* One real trace, loaded, with its own replay. */

struct real {
	const char *path, *name;
	struct trace tr;
	struct replay rp;
};

/* Loads path into r (TV_OK asserted through c) and replays it. Returns 0
 * when the trace is usable. Call real_free() either way. */
int real_load(struct ctx *c, struct real *r, const char *path);
void real_free(struct real *r);

/* The real-trace folder; skips the calling test when there is none. */
const char *real_dir_or_skip(void);

#endif
