/* category.h: code origin and behaviour of methods, app packages and time
 * by category (docs/numbers.md, "Categories").
 *
 * Borrowed inputs only; results are plain arrays the caller owns.
 */
#ifndef TV_CATEGORY_H
#define TV_CATEGORY_H

#include <stdint.h>

#include "analyze/derive.h"
#include "analyze/profile.h"
#include "model/trace.h"

enum category {
	CAT_APP, CAT_ANDROIDX, CAT_FRAMEWORK, CAT_RUNTIME, CAT_LIBRARY, CAT_UNKNOWN,
	CAT_IDLE, CAT_BLOCKED, CAT_COUNT
};

/* "app", "androidx", "framework", "runtime", "library", "unknown",
 * "idle", "blocked". */
const char *category_name(enum category c);

/* The category of method m, app being the classes that match one of
 * app[0..napp) (the first rule of the table that matches). */
enum category category_of(const struct trace *tr, uint32_t m, const struct derive_glob *app,
                          uint32_t napp);

/* Whether a class (dotted or with '/') lies in the fixed namespaces
 * (androidx, framework, runtime), which are never the app's. */
int category_fixed_class(const char *cls, size_t len);

/* The guessed app package of the profile's selection, "PREFIX.*", into
 * buf (size at least 2): 1 when found, 0 when there is no candidate (buf
 * empty), -1 when out of memory. */
int category_guess_app(const struct profile *p, char *buf, size_t size);

/* The tags (trace.h, TV_TAG_*) a sums-only load (load_file_sums()) needs
 * for the categories' numbers to come out as from the calls: methods that
 * wait absorb their subtrees, Activity.performCreate marks (rule 1 of the
 * app guess), a class that can be the app's is noted. A tv_tagger's tag
 * function; ctx is unused. */
unsigned category_tag(void *ctx, const struct trace *tr, uint32_t m);

/* Time by category per selected thread (out[i] for p->threads[i]) and
 * over the selection (total): an outermost idle or blocked call gives its
 * whole incl, every other call outside such calls its excl. 0, or -1 when
 * out of memory. */
typedef uint64_t category_times[CAT_COUNT][TV_NCLOCKS];
int category_times_build(const struct profile *p, const struct derive_glob *app, uint32_t napp,
                         category_times *out, category_times *total);


/* What the reports print: the app packages in force (given, or the guess
 * in guess[] as one pattern) and the time by category. */
struct category_report {
	char guess[256];
	struct derive_glob one;
	const struct derive_glob *app;
	uint32_t napp;
	category_times *threads;       /* per p->threads[i] */
	category_times total;
};

/* app NULL: guess. 0, or -1 when out of memory (cr holds nothing). */
int category_report_build(struct category_report *cr, const struct profile *p,
                          const struct derive_glob *app, uint32_t napp);
void category_report_free(struct category_report *cr);

#endif
