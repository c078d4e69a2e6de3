/* formats.h: every output of the command line, as one table (as git's
 * commands[] and tmux's cmd_entry): a --format is one row (its word,
 * what it reads, what it needs, the options it reads, its writer, and
 * whether and how it compares two traces) and one writer. reportrun.c
 * builds what a row reads and calls its writer; diffrun.c calls the
 * diff writer; options.c checks and warns from the rows. The panes
 * --view prints are a second, smaller table.
 *
 * The tables are static data; the writers return what the engine's
 * writers return (TV_OK, TV_ERR_OUTPUT, ...), and allocate nothing of
 * their own.
 */
#ifndef TV_CLI_FORMATS_H
#define TV_CLI_FORMATS_H

#include <stdio.h>

#include "analyze/diff.h"
#include "analyze/jank.h"
#include "analyze/methodcalls.h"
#include "analyze/pathtree.h"
#include "analyze/profile.h"
#include "base/status.h"
#include "cli/request.h"
#include "model/load.h"
#include "model/trace.h"

/* The groups of options that change some outputs only, in the order
 * their no-effect warnings are given (opts_warn_ignored()): an option
 * names its group (options.h), an output the groups it reads. */
enum {
	FMT_USE_CLOCK = 1 << 0,        /* --clock */
	FMT_USE_SIGNATURES = 1 << 1,   /* --signatures */
	FMT_USE_PER_THREAD = 1 << 2,   /* --per-thread */
	FMT_USE_COLOR = 1 << 3,        /* --color, --theme */
	FMT_USE_ASCII = 1 << 4,        /* --ascii */
	FMT_USE_TREE = 1 << 5,         /* --invert, --depth, --min */
	FMT_USE_SORT = 1 << 6,         /* --sort */
	FMT_USE_STEPS = 1 << 7,        /* --range, --transform, --app */
	FMT_USE_WAITS = 1 << 8,        /* --min-wait */
	FMT_USE_METHOD = 1 << 9,       /* --method */
	FMT_USE_FRAME = 1 << 10,       /* --frame */
	FMT_USE_SRC = 1 << 11,         /* --src */
	/* Refused outright where they do not apply (opts_check()), so never
	 * warned about. */
	FMT_USE_THREAD = 1 << 12,      /* --thread */
	FMT_USE_SIZE = 1 << 13,        /* --width, --height */
	FMT_USE_GATE = 1 << 14,        /* --fail-if */
};

/* What a format's writer reads, built by reportrun.c for the selection
 * (--thread, through the steps). */
enum fmt_input {
	FMT_IN_PROFILE,   /* the profile (profile.h) */
	FMT_IN_SUMS,      /* the profile, which sums alone give: with no steps, the
	                   * trace may keep sums instead of calls (load_file_sums()) */
	FMT_IN_SUM_METHODS, /* FMT_IN_SUMS without the parent and child lists
	                   * (profile_build_methods()): csv, which prints methods only */
	FMT_IN_METHODS,   /* the profile without its parent and child lists
	                   * (profile_build_methods()): the exports, which read the
	                   * calls and only which methods ran */
	FMT_IN_TREE,      /* the call tree, top-down or --invert, sorted (pathtree.h) */
	FMT_IN_CALLS,     /* every call of --method (methodcalls.h) */
	FMT_IN_JANK,      /* the main thread's long frames (jank.h) */
	FMT_IN_RECORDS,   /* the trace's bytes, every record as stored (no steps, no --thread) */
};

/* What a format needs besides its input: checked before anything is
 * built, the first with the options, the clocks once the trace is read. */
enum {
	FMT_NEEDS_METHOD = 1,        /* --method */
	FMT_NEEDS_WALL = 2,          /* a wall clock */
	FMT_NEEDS_CLOCKS = 4,        /* both clocks */
	FMT_NEEDS_TIME = 8,          /* time at all (not trace_is_sequence()) */
};

/* Where --diff's refusal of a format that cannot compare falls among the
 * checks of the command line (opts_check()): kept as it always was, so
 * a command line with several faults is told about the same one. */
enum fmt_nodiff {
	FMT_NODIFF_FIRST,        /* before every other check */
	FMT_NODIFF_AFTER_NEEDS,  /* after the format's needs */
	FMT_NODIFF_LAST,         /* after every other check */
};

/* What a writer reads: the members its row's input names are set. */
struct fmt_in {
	const struct request *rq;
	const struct trace *loaded;      /* the trace as read: the timeline's axis */
	int clock;                       /* the output's clock (--clock or the default) */
	const struct profile *p;         /* FMT_IN_PROFILE, _SUMS, _SUM_METHODS, _METHODS */
	struct pathtree *tree;           /* FMT_IN_TREE (its rows expand as written) */
	const struct methodcalls *calls; /* FMT_IN_CALLS */
	const struct jank *jank;         /* FMT_IN_JANK */
	const struct trace *names;       /* FMT_IN_RECORDS: the trace built from the bytes */
	const struct load_bytes *bytes;  /* FMT_IN_RECORDS */
	struct tv_error *err;            /* FMT_IN_RECORDS: where a damaged record is told */
	struct trace *spent;             /* the profile's trace when nothing reads it after
	                                  * the output: an export may free the calls it is
	                                  * done with (NULL: never) */
};

/* What a diff writer reads: the two runs matched, and their profiles. */
struct fmt_diff_in {
	const struct request *rq;
	const struct diff *d;
	const struct profile *p[2];      /* BASE, NEW */
	int clock;
};

struct fmt_row {
	const char *name;                /* the --format word */
	enum fmt_input input;
	unsigned needs;                  /* FMT_NEEDS_* */
	unsigned uses;                   /* the option groups it reads (FMT_USE_*) */
	enum tv_status (*write)(FILE *out, const struct fmt_in *in);
	/* --diff: the writer (NULL: it cannot compare, refused where nodiff
	 * says) and the option groups it reads then. */
	enum tv_status (*write_diff)(FILE *out, const struct fmt_diff_in *in);
	unsigned diff_uses;
	enum fmt_nodiff nodiff;
};

/* The rows, in the order --help and the errors list them; *n gets their
 * count. The first is the text report, the default (-r). */
const struct fmt_row *fmt_table(unsigned *n);
const struct fmt_row *fmt_default(void);

/* The i-th --format word; the i-th format that compares (--diff); the
 * i-th --view pane (1 + i is its number for viewrun.h). NULL past the
 * last. */
const char *fmt_word(unsigned i);
const char *fmt_diff_word(unsigned i);
const char *fmt_view_word(unsigned i);

/* --diff --view: the registry row of the diff screen's pane --view
 * names (registry_view_on()), -1 when it has none; the i-th name it
 * takes, NULL past the last. */
int fmt_diff_view(const struct request *rq);
const char *fmt_diff_view_word(unsigned i);

/* The option groups the chosen output reads (FMT_USE_*); ui: the
 * full-screen view. */
unsigned fmt_uses(const struct request *rq, int ui);

#endif
