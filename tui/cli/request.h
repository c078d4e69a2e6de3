/* request.h: what the command line asks for, as options.c parses it.
 *
 * Filled by opts_parse() (options.h) and read by every other part of
 * tui/cli/. Each value is parsed once, there: --method into its match
 * spec, each --fail-if into its gate rule, the range and transforms
 * into steps. Strings point into argv, which outlives the request, or
 * into the config file read (config), which the request owns; the
 * arrays and parsed values are owned and released by request_free(),
 * which may be called on a request parsed only in part.
 */
#ifndef TV_CLI_REQUEST_H
#define TV_CLI_REQUEST_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/derive.h"
#include "analyze/gate.h"
#include "analyze/match.h"
#include "analyze/range.h"

struct fmt_row;
struct configfile;

struct request {
	const struct fmt_row *format;   /* --format's row of the format table (formats.h) */
	int report;          /* a report was asked for: no full screen */
	int color;           /* -1 auto, 0 never, 1 always */
	int ascii;
	const char **threads;   /* --thread values (argv's), in order: the union, */
	uint32_t nthreads;      /* resolved per trace (resolve.h) */
	uint32_t pid;           /* --pid: an ANR report's dump, by process; 0: the first */
	int color_set;       /* --color was given */
	int clock;           /* -1: the default of each output */
	int signatures, per_thread;
	int diff;
	int invert;          /* trees: bottom-up */
	uint32_t depth;      /* trees: levels to print, 0 all */
	uint64_t min_ppm;    /* trees: --min in millionths of a percent */
	int min_set;
	int sort;            /* trees: --sort, 1 + enum pathtree_by; 0 the default */
	int sort_ascending;
	int sort_events;     /* --sort named incl_events or excl_events */
	const char *mapping;
	const char *output;
	int format_set;      /* -f, -r or -o given: a report was asked for */
	const char *method;  /* --method as given: the calls reports' method */
	struct match_spec method_spec;   /* --method parsed, when method is set */
	uint64_t frame;      /* --frame: the jank budget, µs */
	int frame_set;
	const char *src;     /* --src: where the view's o finds sources */
	struct gate_rule *fail_if;   /* --fail-if rules, parsed, in order */
	int nfail_if;
	size_t fail_if_cap;
	const char *path[2]; /* the trace; for --diff BASE and NEW */
	struct range range;  /* --range, when has_range */
	int has_range;
	const char **transforms;      /* --transform values, in order (argv's) */
	uint32_t ntransforms;
	struct derive_step *steps;    /* the range (first) and the transforms, parsed */
	uint32_t nsteps;
	struct derive_glob *app;      /* --app, or NULL */
	const char *app_arg;          /* its text (argv's) */
	uint32_t napp;
	uint64_t min_wait;            /* --min-wait in µs */
	int min_wait_set;
	int view;                     /* --view: a pane, 1 + i of fmt_view_word(i); 0 without */
	int width, height;            /* --width, --height (0: every row) */
	int width_set;
	uint64_t given;               /* bit i: row i of the option table was given */
	uint64_t from_config;         /* bit i: row i was set by the config file */
	int no_config;                /* --no-config */
	struct configfile *config;    /* the config file read, or NULL */
	int theme;                    /* --theme: enum color_theme (color.h), 0 dark */
	const char *completions;      /* --completions: the shell (complete.h) */
};

void request_free(struct request *rq);

#endif
