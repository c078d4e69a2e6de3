/* calltree.h: builds a struct trace from reader events
 * (docs/numbers.md, "Events" and "The call tree").
 *
 * The builder is a struct sink: hand calltree_sink() to any reader, then
 * call calltree_finish(), which resolves the clock, names threads, closes
 * calls still open and puts every thread's calls in preorder. The builder
 * does not own the trace; calltree_free() releases only its own state and
 * may be called at any point (the trace then holds what was built so far,
 * which trace_free() still releases).
 */
#ifndef TV_CALLTREE_H
#define TV_CALLTREE_H

#include "sink.h"
#include "status.h"
#include "trace.h"

struct calltree;

/* NULL when out of memory. */
struct calltree *calltree_new(struct trace *tr);
void calltree_free(struct calltree *b);

/* Whether the replay may run on a second thread (the default when built
 * with pthreads; it starts only once a trace passes a few thousand
 * records). 0 keeps every step on the caller's thread. The numbers are the
 * same either way. Call before the first record. */
void calltree_set_threads(struct calltree *b, int on);

/* The sink that feeds this builder (ctx is b; consumed is NULL). */
struct sink calltree_sink(struct calltree *b);

/* Why the builder stopped a reader (which then returned TV_ERR_NOMEM):
 * TV_ERR_TOO_BIG when the trace's names and options pass the 4 GiB string
 * arena, else TV_ERR_NOMEM. */
enum tv_status calltree_stop_reason(const struct calltree *b);

/* Ends the replay. TV_ERR_NOMEM or TV_ERR_TOO_BIG on failure. */
enum tv_status calltree_finish(struct calltree *b, struct tv_error *err);

#endif
