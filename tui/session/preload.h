/* preload.h: a big trace shown before it is all read.
 *
 * For a big file (preload_wanted()), preload_start() builds a preview
 * trace from the file's first bytes, at once, and starts loading the
 * whole file on a thread of its own, which then makes the whole trace's
 * session too (its profile, timeline index and categories: session.h),
 * so that taking it costs the screen nothing. The view opens on the preview, says how far the load went
 * (preload_percent()) and swaps in the whole trace when preload_poll()
 * says it is done (docs/performance.md, "The first screen of a big
 * trace").
 *
 * The preview is what a truncated file gives the readers, without the
 * warnings of its own truncation (its warnings are cleared: the whole
 * trace's come with it). preload_free() cancels a load still going: the
 * readers stop at their next chunk (1 MiB) and the later steps are not
 * started; it waits for that, not for the load.
 *
 * Ownership: the preload owns the preview and the whole trace until
 * preload_free(); preload_take() hands over the whole trace's session.
 * Nothing here draws or ends the process.
 */
#ifndef TV_PRELOAD_H
#define TV_PRELOAD_H

#include <stdint.h>

#include "base/status.h"
#include "model/mapping.h"
#include "model/trace.h"
#include "session/session.h"

/* Files of this many bytes or more get a preview of their first
 * sixteenth, up to PRELOAD_PREVIEW_MAX; TRACEVIEW_PREVIEW_BYTES in the
 * environment sets it (the tests lower it; docs/testing.md). */
#define PRELOAD_THRESHOLD ((uint64_t)32 << 20)
#define PRELOAD_PREVIEW_MAX ((uint64_t)16 << 20)

struct preload;

/* Whether path is a file to preview: a regular file of at least the
 * threshold, not compressed, not half of a NAME.key + NAME.data pair,
 * whose first bytes are a format the readers take a prefix of (V1 with
 * its key section, V1 streaming). */
int preload_wanted(const char *path);

/* The preview built here and the whole load started; map (may be NULL)
 * renames both; so is what the whole trace's session is made with
 * (session_new(); copied, what it points to borrowed). Both borrowed
 * until preload_free(). NULL when the preview cannot be made (the
 * caller then loads as it would without one). */
struct preload *preload_start(const char *path, const struct mapping *map,
                              const struct session_opts *so);

/* The preview (valid until preload_drop_preview() or preload_free()). */
struct trace *preload_preview(struct preload *p);

/* How far the whole load went: the share of the file's bytes read, in
 * percent, 0 to 99 until preload_poll() says done. */
int preload_percent(const struct preload *p);

/* 0: still loading; 1: done (preload_take()); -1: the whole load failed
 * (preload_error()). */
int preload_poll(struct preload *p);

/* After preload_poll() said 1: the whole trace's session, not started
 * (the caller's now: session_start(), session_free(); its trace stays
 * p's). */
struct session *preload_take(struct preload *p);

/* The preview is no longer shown: freed. */
void preload_drop_preview(struct preload *p);

/* Why the whole load failed, and the file the error is in. */
const struct tv_error *preload_error(const struct preload *p, const char **errfile);

/* Cancels a load still going (waits until it stopped), frees it all.
 * NULL is fine. */
void preload_free(struct preload *p);

#endif
