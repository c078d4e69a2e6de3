/* resolve.h: what the options name, found in a loaded trace: the thread
 * of --thread, the clock of --clock, the column of --sort, the methods of
 * --method, and the trace seen through --range and --transform.
 *
 * Each failure is said on standard error, naming path (msg.h), and
 * returned as MSG_EXIT_INPUT. The traces are borrowed.
 */
#ifndef TV_CLI_RESOLVE_H
#define TV_CLI_RESOLVE_H

#include <stdint.h>

#include "analyze/profile.h"
#include "cli/request.h"
#include "model/trace.h"

/* The threads every --thread names in tr, as one set (their union):
 * each value an id, an exact name (every thread with it), a unique name
 * prefix or a glob (match_threads(), match.h). A value naming none, or a
 * prefix of several names, is one line listing the candidates (the threads matched, or
 * every thread when none did). Without --thread, *sel is NULL; else it
 * points into *rs, which resolve_sel_free() releases either way. */
struct resolve_sel {
	struct trace_sel sel;
	uint32_t *tids;     /* malloc'd: sel.tids */
};
int resolve_threads(const struct request *rq, const char *path, const struct trace *tr,
                    struct resolve_sel *rs, const struct trace_sel **sel);
void resolve_sel_free(struct resolve_sel *rs);

/* The clock an output sorts and folds by: --clock when the trace has it
 * (an error when not; a clock the config file chose is left aside), else
 * the trace's own choice (wall when recorded). */
int resolve_clock(const struct request *rq, const struct trace *tr, const char *path, int *clock);

/* --sort for tr into *sort (1 + enum pathtree_by; 0: the default). A
 * column of a clock the trace lacks is an error, as --clock's is (the
 * config file's is left aside: 0). 0 when fine or without --sort. */
int resolve_sort(const struct request *rq, const struct trace *tr, const char *path, int *sort);

/* The methods --method (given) names in tr: *want is a malloc'd flag per
 * method (free() it). An error when none matches or out of memory. */
int resolve_method(const struct request *rq, const struct trace *tr, const char *path,
                   uint8_t **want);

/* The profile of the selection: names is the loaded trace (--thread is
 * resolved there: a range may leave a thread without records), tr the
 * one profiled (names or a view of it), over the threads --thread
 * selects together; methods_only: without the parent and child lists
 * (profile_build_methods()). profile_free() p whatever the result. */
int resolve_profile(const struct request *rq, const char *path, const struct trace *names,
                    const struct trace *tr, int methods_only, struct profile *p);

/* When --range lies wholly outside tr (every number would be 0): the
 * warning's text, "--range=20s..30s lies outside the trace: its timeline
 * runs from 0 to 13000.000 ms (wall clock)", in buf (n bytes), and 1;
 * else 0. The reports print it on standard error, the view at start. */
int resolve_range_outside_text(const struct request *rq, const struct trace *tr, char *buf,
                               size_t n);

/* Why --range's units do not suit tr (a static clause: events on a
 * trace with time, a time on one without), or NULL when they do or there
 * is no --range. resolve_range() says it in one line (MSG_EXIT_INPUT;
 * else 0). */
const char *resolve_range_misfit(const struct request *rq, const struct trace *tr);
int resolve_range(const struct request *rq, const char *path, const struct trace *tr);

/* tr seen through --range and --transform (derive.h): *use is tr itself
 * without steps, else view, built here (trace_free() it when *use is
 * view); a warning names each transform that matched nothing, an error a
 * range whose units do not suit tr (resolve_range()). On failure *use is
 * NULL. */
int resolve_steps(const struct request *rq, const char *path, struct trace *tr,
                  struct trace *view, struct trace **use);

#endif
