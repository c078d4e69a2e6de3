/* testutil.h: small helpers shared by the cmocka tests.
 *
 * None of these touch cmocka, so they also serve non-cmocka tools.
 * Returned paths and buffers are malloc'd and owned by the caller.
 */
#ifndef TV_TESTUTIL_H
#define TV_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "tracegen.h"

/* The real-trace directory: env TV_REAL_DIR, else the compiled-in
 * TV_REAL_DIR macro; NULL when neither names an existing directory
 * (tests then skip). The string is static or from the environment. */
const char *tu_real_dir(void);

/* dir + "/" + name, malloc'd (abort on OOM). */
char *tu_path(const char *dir, const char *name);

/* The *.trace files of dir, as malloc'd paths sorted by name; *n set.
 * NULL and 0 when dir is absent or has none (abort on OOM). */
char **tu_list_traces(const char *dir, size_t *n);

/* The good real traces: tu_real_dir()'s *.trace files, then those of its
 * streaming/ folder; NULL and 0 when the folder is absent. */
char **tu_real_traces(size_t *n);

/* Frees n malloc'd strings and their array (as tu_list_traces() gives). */
void tu_free_list(char **v, size_t n);

/* Whole file into a malloc'd buffer. 0, or -1 (errno set) when unreadable. */
int tu_read_file(const char *path, uint8_t **buf, size_t *len);

/* trace_init + load_buffer; on failure prints the error to stderr. The
 * caller trace_free()s tr either way. */
enum tv_status tu_load_buffer(struct trace *tr, const uint8_t *buf, size_t len);

/* Writes tg with o (NULL = defaults) and loads it into tr as above;
 * TV_ERR_IO when the writer refused the options. */
enum tv_status tu_load_tg(struct trace *tr, const struct tg *tg, const struct tg_opts *o);

/* The profile numbers of the method with this id, or NULL when the trace
 * has no such method. */
const struct prof_method *tu_method(const struct profile *p, uint64_t id);

/* The edge in list l whose other end is the method with this id (or
 * toplevel when id is TU_TOPLEVEL), read into *out; NULL when none. */
#define TU_TOPLEVEL UINT64_MAX
const struct prof_edge *tu_edge(const struct profile *p, const struct prof_list *l, uint64_t id,
                                struct prof_edge *out);

/* The same by the other end's method index (PROF_TOPLEVEL for toplevel). */
const struct prof_edge *tu_edge_to(const struct prof_list *l, uint32_t m, struct prof_edge *out);

/* Every edge of l in a new array (the caller frees it; never NULL: an
 * allocation failure fails the test). */
struct prof_edge *tu_list(const struct prof_list *l);

/* The sums every profile keeps between a method and its edges
 * (docs/numbers.md, "Parents and children"), per recorded clock: Σ
 * parents calls = calls, Σ parents recursive calls = recursive calls,
 * Σ parents incl = incl exactly; Σ children incl <= incl; the toplevel's
 * children (never recursive) take toplevel incl - excl; no edge is empty.
 * 0, or -1 with the first failure described in msg. */
int tu_check_edge_sums(const struct profile *p, char *msg, size_t size);

/* The first difference between two profiles of traces with the same
 * methods, field by field (threads, toplevel, order, every method and
 * edge), described in why; 0 when they are equal. */
int tu_profile_diff(const struct profile *a, const struct profile *b, char *why, size_t size);

/* Whether s holds exactly want (want NULL: s is absent). Trace strings
 * are not NUL-terminated. */
int tu_str_eq(const struct trace *tr, struct tv_str s, const char *want);

/* Count of a warning kind in a loaded trace. */
uint64_t tu_warn(const struct trace *tr, enum tv_warn kind);

/* The folders of small trace files under the source tree src: the
 * samples, the fuzzers' corpora and their regressions (an initializer
 * list of strings). */
#define TU_SAMPLE_DIRS(src)                                                                       \
	src "/tests/samples", src "/tests/fuzz/corpus/load", src "/tests/fuzz/corpus/stream",      \
	    src "/tests/fuzz/corpus/v1", src "/tests/fuzz/corpus/v2",                               \
	    src "/tests/fuzz/regress/load", src "/tests/fuzz/regress/stream"

/* One file of every family and clock layout (V1 versions 1-3, wall and
 * global clocks, streaming V1, V2 revisions C and D), for tests that
 * check a property on each. */
#define TU_NSHAPES 7
extern const struct tg_opts tu_shapes[TU_NSHAPES];

/* A small seeded random number generator (splitmix64) for generated
 * traces: the same seed gives the same numbers everywhere. */
struct tu_rng {
	uint64_t s;
};

/* A number in [0, n). */
uint32_t tu_rng_below(struct tu_rng *r, uint32_t n);

/* A fresh directory under $TMPDIR (or /tmp), malloc'd path; NULL on failure. */
char *tu_tmpdir(void);

#endif
