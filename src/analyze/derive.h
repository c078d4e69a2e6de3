/* derive.h: a trace seen through a time range and transforms
 * (docs/numbers.md, "Time ranges" and "Transforms").
 *
 * derive_build() takes a loaded trace and an ordered list of steps and makes
 * a derived struct trace: the same methods (same indices) plus one
 * synthetic method per collapse pattern, the threads in the same order with
 * their calls clipped and rewritten. profile_build(), pathtree, every report
 * and export then run on it unchanged, so a full-screen pane after a
 * sequence of keys shows what the command line prints for the same steps.
 *
 * Ranges apply first (several ranges: their intersection), then the
 * transforms in list order. The input must be a trace as load.h builds it
 * (its repair marks are what count a range's records), never a view. A
 * derived trace stands alone: it owns copies of everything it shows, and
 * trace_free() releases it. Times inside it are synthetic where a drop
 * closed a gap; the timeline draws the loaded trace, not a view.
 *
 * Cost: one pass per step over every call (a few seconds for 50M records),
 * and memory for one more copy of the call arrays.
 */
#ifndef TV_DERIVE_H
#define TV_DERIVE_H

#include <stdint.h>

#include "analyze/match.h"
#include "analyze/range.h"
#include "base/status.h"
#include "model/trace.h"

enum derive_kind {
	DERIVE_RANGE, DERIVE_FOCUS, DERIVE_MERGE, DERIVE_COLLAPSE, DERIVE_REC, DERIVE_DROP, DERIVE_APP,
};

/* The i-th transform kind's word as --transform takes it ("focus",
 * "merge", ...), in enum order from DERIVE_FOCUS; NULL past the last. */
const char *derive_kind_word(unsigned i);

struct derive_glob {
	const char *p;
	size_t len;
};

struct derive_step {
	enum derive_kind kind;
	char *text;                 /* the command-line form ("merge:0x1a2b", "1ms..2ms") */
	struct range range;         /* DERIVE_RANGE */
	struct match_spec method;   /* focus, merge, rec, drop */
	struct derive_glob *globs;    /* collapse (one), app (one or more); into text */
	uint32_t nglobs;
};

/* The synthetic methods' ids start here (above any id a trace writes), in
 * byte order of their patterns. */
#define DERIVE_SYNTH_ID ((uint64_t)0xffffffff00000000u)

/* Parses "KIND:ARG" as --transform reads it (focus, merge, collapse, rec,
 * drop: a method or pattern; app: GLOB[,GLOB...]). 0, or -1 with a short
 * reason (static) in *why. */
int derive_step_transform(const char *s, struct derive_step *out, const char **why);
/* A range step. 0, or -1 when out of memory. */
int derive_step_range(const struct range *r, struct derive_step *out);
void derive_step_free(struct derive_step *st);

/* Splits "GLOB[,GLOB...]" (as --app reads it) into globs pointing into s;
 * *globs is malloc'd (free() it). 0, or -1 with *why when a pattern is
 * empty or memory ran out. */
int derive_parse_globs(const char *s, struct derive_glob **globs, uint32_t *n, const char **why);

/* The timeline's axis: wall when recorded, else CPU; and its 0, the
 * earliest timestamp of any thread with records (absolute µs). */
int derive_axis_clock(const struct trace *tr);
uint64_t derive_axis_origin(const struct trace *tr);
/* The latest timestamp of any thread with records, on the axis (µs from
 * its 0): the trace's span. 0 for a trace without records. */
uint64_t derive_axis_end(const struct trace *tr);
/* Whether range r of a loaded trace lies wholly outside it: no thread's
 * span meets it (its start is past derive_axis_end()), so every number
 * it gives is 0. */
int derive_range_outside(const struct trace *tr, const struct range *r);

/* Whether range r's units suit tr: event numbers (ev) on a trace without
 * time (trace_is_sequence()), a time on any other; a range with both
 * ends open suits every trace. */
int derive_range_fits(const struct trace *tr, const struct range *r);

/* Leaves in view (a derived trace: derive_build(), even with no steps)
 * only the threads of sel: the others keep their place and name but lose
 * their records and calls, so what covers every thread covers the set.
 * For what takes one thread or all (the panes --view prints). */
void derive_only_threads(struct trace *view, const struct trace_sel *sel);

/* Builds out (need not be initialised) from in and steps[0..n). unmatched
 * (may be NULL) receives, per step, 1 when the transform matched no call
 * and so changed nothing (the caller warns; out's warnings do not say it).
 * TV_ERR_NOMEM on failure, out then empty. */
enum tv_status derive_build(struct trace *out, const struct trace *in,
                            const struct derive_step *steps, uint32_t n, uint8_t *unmatched,
                            struct tv_error *err);

#endif
