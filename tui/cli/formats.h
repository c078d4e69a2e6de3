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

/* Options that change some outputs only. */
enum {
	FMT_USE_THREAD = 1, FMT_USE_CLOCK = 2, FMT_USE_SIGNATURES = 4, FMT_USE_PER_THREAD = 8,
	FMT_USE_COLOR = 16, FMT_USE_ASCII = 32, FMT_USE_TREE = 64, FMT_USE_VIEW = 128,
	FMT_USE_WAITS = 256, FMT_USE_METHOD = 512, FMT_USE_FRAME = 1024, FMT_USE_SRC = 2048,
	FMT_USE_SORT = 4096,
};

/* The options the chosen output reads (FMT_USE_*); ui: the full-screen
 * view. */
unsigned fmt_uses(const struct request *rq, int ui);

int fmt_is_calls(int f);
int fmt_is_jank(int f);

#endif
