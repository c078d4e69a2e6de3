/* formats.h: every output of the command line: the --format words and
 * the panes --view prints, and which options each reads.
 *
 * Static data and pure functions: nothing here allocates or fails.
 */
#ifndef TV_CLI_FORMATS_H
#define TV_CLI_FORMATS_H

#include "cli/request.h"

enum fmt_id {
	FMT_TEXT, FMT_CSV, FMT_JSON, FMT_FOLDED, FMT_CHROME, FMT_DUMP, FMT_SPEEDSCOPE, FMT_TREE,
	FMT_TREE_JSON, FMT_WAITS, FMT_WAITS_JSON, FMT_CALLS, FMT_CALLS_CSV, FMT_CALLS_JSON,
	FMT_JANK, FMT_JANK_JSON, FMT_COUNT
};

/* The formats' words, in the order --help and errors list them. */
extern const char *const fmt_names[FMT_COUNT];

/* The panes --view prints, in the order of the pane keys (1 + index is
 * the pane's number for viewprint.h). */
#define FMT_NVIEWS 6
extern const char *const fmt_view_names[FMT_NVIEWS];

/* The groups of options that change some outputs only, in the order
 * their no-effect warnings are given (opts_warn_ignored()): an option
 * names its group (options.h), an output the groups it reads. */
enum {
	FMT_USE_CLOCK = 1 << 0,        /* --clock */
	FMT_USE_SIGNATURES = 1 << 1,   /* --signatures */
	FMT_USE_PER_THREAD = 1 << 2,   /* --per-thread */
	FMT_USE_COLOR = 1 << 3,        /* --color */
	FMT_USE_ASCII = 1 << 4,        /* --ascii */
	FMT_USE_TREE = 1 << 5,         /* --invert, --depth, --min */
	FMT_USE_SORT = 1 << 6,         /* --sort */
	FMT_USE_STEPS = 1 << 7,        /* --range, --transform, --app */
	FMT_USE_WAITS = 1 << 8,        /* --min-wait */
	FMT_USE_METHOD = 1 << 9,       /* --method */
	FMT_USE_FRAME = 1 << 10,       /* --frame */
	FMT_USE_SRC = 1 << 11,         /* --src */
	/* Refused outright where they do not apply (opts_check), so never
	 * warned about. */
	FMT_USE_THREAD = 1 << 12,      /* --thread */
	FMT_USE_SIZE = 1 << 13,        /* --width, --height */
	FMT_USE_GATE = 1 << 14,        /* --fail-if */
};

/* The options the chosen output reads (FMT_USE_*); ui: the full-screen
 * view. */
unsigned fmt_uses(const struct request *rq, int ui);

/* The i-th --format word, the i-th --view pane; NULL past the last. */
const char *fmt_word(unsigned i);
const char *fmt_view_word(unsigned i);

int fmt_is_calls(int f);
int fmt_is_jank(int f);

#endif
