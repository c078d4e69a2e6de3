/* loading.h: reading the trace (or the bytes of --format=dump) and the
 * mapping, with a progress bar while a load takes more than a moment.
 *
 * The bar is one line on standard error, drawn only when standard error
 * is a terminal, or on the full-screen view's loading screen (ui.h) when
 * that is up. Every failure is said on standard error here (msg.h); the
 * functions return 0 or MSG_EXIT_INPUT.
 */
#ifndef TV_CLI_LOADING_H
#define TV_CLI_LOADING_H

#include "model/load.h"
#include "model/mapping.h"
#include "model/trace.h"

/* Reads the mapping file (*map NULL when file is NULL); its malformed
 * lines are warnings on standard error. mapping_free() *map. */
int loading_mapping(const char *file, struct mapping **map);

/* Loads path into tr (trace_free() it, whatever the result), applying
 * map (may be NULL); pid (0: the first) picks the dump of an ANR report
 * holding several, which then says so on standard error (not with the
 * screen up) and, when note is not NULL, in note (LOAD_NOTE bytes; ""
 * when there is nothing to say), for the view. screen: the view's
 * loading screen is up: the bar goes there, and the screen is given back
 * (ui_loading_stop()) before an error is printed; ascii: draw it with
 * ASCII only. */
int loading_trace(const char *path, const struct mapping *map, struct trace *tr, int screen,
                  int ascii, uint32_t pid, char *note);

/* loading_trace() for an output that reads the calls and no profile of
 * every thread from edge sums (reportrun_calls_only()): the trace keeps
 * none (load_opts.no_esums; its profiles walk the calls). Never on the
 * view's screen. */
int loading_trace_calls(const char *path, const struct mapping *map, struct trace *tr,
                        uint32_t pid, char *note);

/* loading_trace() for a report that reads only sums (reportrun_sums()):
 * tr may keep them instead of calls, with the tags the categories need
 * (load_file_sums(), category_tag()); thread_sums: each thread's own
 * edge sums too, for --thread. No mapping, never on the view's screen. */
int loading_trace_sums(const char *path, struct trace *tr, uint32_t pid, int thread_sums,
                       char *note);

/* Runs fn over path's bytes (load_with_bytes()) with the bar. TV_OK, or
 * TV_ERR_OUTPUT as fn returned it (fn says why); any other failure is
 * said here and returned. */
enum tv_status loading_bytes(const char *path, load_bytes_fn fn, void *ctx);

#endif
