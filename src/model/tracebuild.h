/* tracebuild.h: builds a struct trace from reader events
 * (docs/numbers.md, "Events" and "The call tree").
 *
 * The builder is a struct sink: hand tracebuild_sink() to any reader, then
 * call tracebuild_finish(), which resolves the clock, names threads, closes
 * calls still open and puts every thread's calls in preorder. The builder
 * does not own the trace; tracebuild_free() releases only its own state and
 * may be called at any point (the trace then holds what was built so far,
 * which trace_free() still releases).
 */
#ifndef TV_TRACEBUILD_H
#define TV_TRACEBUILD_H

#include "base/status.h"
#include "model/trace.h"
#include "read/sink.h"

struct tracebuild;

/* NULL when out of memory. */
struct tracebuild *tracebuild_new(struct trace *tr);
void tracebuild_free(struct tracebuild *b);

/* Whether the replay may run on a second thread (the default when built
 * with pthreads; it starts only once a trace passes a few thousand
 * records). 0 keeps every step on the caller's thread. The numbers are the
 * same either way. Call before the first record. */
void tracebuild_set_threads(struct tracebuild *b, int on);

/* Makes b keep sums instead of calls (trace.sums_only; sumreplay.h), for
 * outputs that need only sums: tagger (copied) tags each method when a
 * record first names it; thread_sums keeps each thread's own edge sums
 * too. Call before the first record. 0, or -1 when out of memory.
 * When the records hold what sums cannot give exactly (an exit with no
 * entry, which adopts calls already summed; a method declared after a
 * record named it, with other tags then), the build stops its reader
 * (TV_ERR_NOMEM) or fails in tracebuild_finish() (TV_ERR_NOMEM): build
 * the trace again in full, in a new trace. */
int tracebuild_set_sums(struct tracebuild *b, const struct tv_tagger *tagger, int thread_sums);

/* Makes b keep the calls without the edge sums (trace.esums_valid 0), for
 * outputs that build no profile of every thread from them: profiles of
 * the trace then walk its calls. Call before the first record. */
void tracebuild_set_no_esums(struct tracebuild *b);

/* The sink that feeds this builder (ctx is b; consumed is NULL). */
struct sink tracebuild_sink(struct tracebuild *b);

/* Why the builder stopped a reader (which then returned TV_ERR_NOMEM):
 * TV_ERR_TOO_BIG when the trace's names and options pass the 4 GiB string
 * arena, else TV_ERR_NOMEM. */
enum tv_status tracebuild_stop_reason(const struct tracebuild *b);

/* Ends the replay. TV_ERR_NOMEM or TV_ERR_TOO_BIG on failure. */
enum tv_status tracebuild_finish(struct tracebuild *b, struct tv_error *err);

#endif
