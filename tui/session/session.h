/* session.h: what the panes show, without curses.
 *
 * A session holds the trace it was given (borrowed) and everything the
 * panes read from it: its profile and timeline index; the steps in force
 * (ranges and transforms, derive.h) with the trace and profile they make,
 * rebuilt on the session's job worker; the thread scope (every thread,
 * or a set of them: one thread is the set of one), with a cache of the
 * scopes' profiles built on that worker; the clock; the app's
 * packages the categories use; and --frame. The shell turns keys into
 * calls here; the panes only read.
 *
 * Whoever shows the session listens (session_listen()): release() comes
 * before the session frees what panes may be reading (scope profiles, or
 * the derived trace and every profile), changed() after the scope, the
 * clock or the derived trace changed. Both run on the calling thread,
 * inside the session call that caused them.
 *
 * Messages for the status line are written into the caller's msg buffer
 * (n bytes), only when there is something to say; the last one wins.
 *
 * The session borrows its trace (and opts->loaded), which must outlive it,
 * and owns the rest (session_free()).
 */
#ifndef TV_SESSION_H
#define TV_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/derive.h"
#include "analyze/profile.h"
#include "analyze/timeline.h"
#include "model/trace.h"

/* Steps in the breadcrumb, and scope profiles kept. */
#define SESSION_STEPS 32
#define SESSION_SCOPES 8
/* Traces with fewer records build call trees, lists and sums at once;
 * bigger ones on the panes' workers, so the screen stays live. */
#define SESSION_INLINE_BELOW 1000000

struct session_opts {
	/* The loaded trace when the session's trace is a view of it (--view
	 * with steps): the call lists' axis and main thread; NULL: the
	 * session's own. */
	const struct trace *loaded;
	uint64_t frame;        /* --frame: the jank budget, µs; 0: the default */
	const char *app;       /* --app's text, NULL: the packages are guessed */
	/* For session_start(): the threads to scope to (NULL: every thread;
	 * copied), and the steps to start with (--range, --transform;
	 * copied). */
	const struct trace_sel *scope;
	const struct derive_step *steps;
	uint32_t nsteps;
	/* A line about the file for the warnings (W), or NULL: an ANR
	 * report's other dumps (load_opts.note); borrowed, it must outlive
	 * the session. */
	const char *note;
};

/* What changed (bits), and what is about to be freed. */
enum session_change { SESSION_SCOPE = 1, SESSION_CLOCK = 2, SESSION_TRACE = 4 };
enum session_drop { SESSION_DROP_SCOPES = 1, SESSION_DROP_TRACE = 2 };

struct session_listener {
	/* what: enum session_drop bits. */
	void (*release)(void *env, unsigned what);
	/* what: enum session_change bits; 0, or -1 when the change could not
	 * be followed (out of memory). */
	int (*changed)(void *env, unsigned what);
	void *env;
};

struct session;

/* The session of tr: its profile, timeline and categories; the clock is
 * CPU when the trace has one. NULL when out of memory. */
struct session *session_new(struct trace *tr, const struct session_opts *o);
/* Listen to s (l copied; NULL: nobody listens). */
void session_listen(struct session *s, const struct session_listener *l);
/* The first state: scoped to o->scope ("no such thread" said when none
 * of its threads has calls),
 * the worker started (without one, everything is computed at once), and
 * o's steps applied now. 0, or -1 when they could not be. */
int session_start(struct session *s, const struct session_opts *o, char *msg, size_t n);
/* Waits for the worker, then frees everything. NULL is fine. */
void session_free(struct session *s);

/* ---------------------------------------------------------- reading */

/* The trace the session was given, and its profile (the timeline's). */
const struct trace *session_base(const struct session *s);
/* session_opts.note, or NULL. */
const char *session_note(const struct session *s);
const struct profile *session_base_profile(const struct session *s);
/* The call lists' axis and main thread (session_opts.loaded). */
const struct trace *session_loaded(const struct session *s);
const struct timeline *session_timeline(const struct session *s);
/* What the steps in force make of the trace (the base without steps),
 * and the profile shown: the scope's, else the whole trace's; and the
 * profile of that trace over every thread, whatever the scope. */
const struct trace *session_trace(const struct session *s);
const struct profile *session_profile(const struct session *s);
const struct profile *session_whole_profile(const struct session *s);
/* The thread scope shown: its threads (trace.h: tids ascending; valid
 * until the scope changes or a listener hears SESSION_DROP_SCOPES), or
 * NULL for every thread. */
const struct trace_sel *session_scope(const struct session *s);
/* A scope on its way from the worker (valid as above), or NULL. */
const struct trace_sel *session_scope_pending(const struct session *s);
/* TV_CPU or TV_WALL. */
int session_clock(const struct session *s);
/* --frame as given (0: not given). */
uint64_t session_frame(const struct session *s);
/* Threads of the base trace with records. */
uint32_t session_nthreads(const struct session *s);

/* The steps: every one pushed (nsteps), those the panes show (nview;
 * fewer while a rebuild runs), one of them, and whether a rebuild runs. */
uint32_t session_nsteps(const struct session *s);
uint32_t session_nview(const struct session *s);
const struct derive_step *session_step(const struct session *s, uint32_t i);
int session_rebuilding(const struct session *s);
/* The range steps shown, where they overlap, on the base trace's axis
 * (absolute [a, b)): 1, or 0 without a range step. */
int session_range(const struct session *s, uint64_t *a, uint64_t *b);

/* The app's packages the categories use (--app, else guessed; NULL, 0:
 * none), their text ("" for none) and whether --app gave them. */
void session_categories(const struct session *s, const struct derive_glob **app,
                        uint32_t *napp);
const char *session_app_text(const struct session *s);
int session_app_given(const struct session *s);
/* What A's prompt starts with: --app, else the guessed packages. */
void session_app_prompt(const struct session *s, char *buf, size_t n);

/* ---------------------------------------------------------- changing */

/* Take what the worker finished (a scope, a rebuild); 1 when something
 * changed. */
int session_poll(struct session *s, char *msg, size_t n);
/* Is something the screen waits for on the worker (a scope asked for, a
 * rebuild)? */
int session_busy(const struct session *s);

/* t: back to all threads, or to thread tid (has_tid 0: none under the
 * cursor): from the cache at once, else on the worker. */
void session_scope_toggle(struct session *s, int has_tid, uint32_t tid, char *msg, size_t n);
/* The threads pane's Enter: to the threads of sel (copied), the same
 * way; a set that holds every thread taking part is every thread (no
 * scope). Said when nothing changes. */
void session_scope_to(struct session *s, const struct trace_sel *sel, char *msg, size_t n);
/* While nothing else runs, build thread tid's scope ahead of its t. */
void session_prefetch(struct session *s, uint32_t tid);

/* c: the other clock; -1 when the trace has one clock only. */
int session_toggle_clock(struct session *s, char *msg, size_t n);

/* A step (taken over) added and the lot applied (on the worker). */
void session_push(struct session *s, struct derive_step *st, char *msg, size_t n);
/* A transform step from its text ("focus:0x1a2b"). */
void session_push_text(struct session *s, const char *text, char *msg, size_t n);
/* F, M, D, R: the transform kind ("focus") on method m of the trace
 * shown, by id; said why not when m is none or a collapsed package. */
void session_transform(struct session *s, const char *kind, uint32_t m, char *msg, size_t n);
/* C's pattern for method m: its class's package and ".*" (buf), 0; -1
 * (said why) as for session_transform(). */
int session_package_of(const struct session *s, uint32_t m, char *buf, size_t bn, char *msg,
                       size_t n);
/* A range [a, b) of absolute axis times as a step. */
void session_push_range(struct session *s, uint64_t a, uint64_t b, char *msg, size_t n);
/* u (the last step) or U (all of them). */
void session_undo(struct session *s, int all, char *msg, size_t n);

#endif
