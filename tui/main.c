/* main.c: the traceview command line.
 *
 * Parses options, loads the trace (or two, for --diff), and opens the
 * full-screen view or writes a report or export. Only this file decides
 * exit statuses: 0 success, 1 the output could not be written, 2 the
 * command line was wrong or a trace could not be read, 3 a --fail-if rule
 * held.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "keys/actions.h"
#include "analyze/methodcalls.h"
#include "analyze/diff.h"
#include "write/export.h"
#include "analyze/gate.h"
#include "base/grow.h"
#include "analyze/jank.h"
#include "analyze/pathtree.h"
#include "read/inflate.h"
#include "model/load.h"
#include "model/mapping.h"
#include "analyze/profile.h"
#include "write/report.h"
#include "base/textesc.h"
#include "model/trace.h"
#include "shell/ui.h"
#include "cli/viewrun.h"
#include "analyze/derive.h"

enum { EXIT_OUTPUT = 1, EXIT_INPUT = 2, EXIT_GATE = 3 };

enum main_format {
	FMT_TEXT, FMT_CSV, FMT_JSON, FMT_FOLDED, FMT_CHROME, FMT_DUMP, FMT_SPEEDSCOPE, FMT_TREE,
	FMT_TREE_JSON, FMT_WAITS, FMT_WAITS_JSON, FMT_CALLS, FMT_CALLS_CSV, FMT_CALLS_JSON,
	FMT_JANK, FMT_JANK_JSON,
};

static const char *const main_formats[] = {"text", "csv", "json", "folded", "chrome", "dump",
                                             "speedscope", "tree", "tree-json", "waits",
                                             "waits-json", "calls", "calls-csv", "calls-json",
                                             "jank", "jank-json"};
#define MAIN_NFORMATS ((int)(sizeof main_formats / sizeof main_formats[0]))

struct main_opts {
	enum main_format format;
	int report;          /* a report was asked for: no full screen */
	int color;           /* -1 auto, 0 never, 1 always */
	int ascii;
	const char *thread;  /* --thread: a tid or a name, resolved per trace */
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
	const char *mapping;
	const char *output;
	int format_set;      /* -f, -r or -o given: a report was asked for */
	const char *method;  /* --method: the calls reports' method */
	uint64_t frame;      /* --frame: the jank budget, µs */
	int frame_set;
	const char *src;     /* --src: where the view's o finds sources */
	const char **fail_if;   /* --fail-if rules, in order */
	int nfail_if;
	size_t fail_if_cap;
	const char *path[2]; /* the trace; for --diff BASE and NEW */
	struct range range;  /* --range, when has_range */
	int has_range;
	const char **transforms;      /* --transform values, in order (argv's) */
	uint32_t ntransforms;
	struct derive_step *steps;      /* the range (first) and the transforms */
	uint32_t nsteps;
	struct derive_glob *app;        /* --app, or NULL */
	const char *app_arg;          /* its text (argv's) */
	uint32_t napp;
	uint64_t min_wait;            /* --min-wait in µs */
	int min_wait_set;
	int view;                     /* --view: a pane (1-4), 0 without */
	int width, height;            /* --width, --height (0: every row) */
	int width_set;
};

static void main_usage(FILE *out)
{
	fputs("Usage: traceview [OPTION]... TRACE\n"
	      "       traceview --diff [OPTION]... BASE.trace NEW.trace\n"
	      "Show where the time went in an Android method trace (.trace).\n"
	      "\n"
	      "  -r, --regression      print the text report and exit\n"
	      "  -f, --format=FMT      print a report: text, csv or json; a call tree:\n"
	      "                        tree (indented text) or tree-json; every call of\n"
	      "                        a method: calls, calls-csv, calls-json; long\n"
	      "                        main-thread frames: jank, jank-json; or export:\n"
	      "                        folded (flame graphs), chrome (Trace Event JSON\n"
	      "                        for Perfetto), speedscope, dump (every record);\n"
	      "                        waits or waits-json (where threads were off CPU)\n"
	      "  -t, --thread=THREAD   only this thread: its id (decimal or 0x hex),\n"
	      "                        its name, or a prefix of one name\n"
	      "  -o, --output=FILE     write to FILE instead of standard output\n"
	      "      --clock=CLOCK     cpu or wall: the clock of folded, chrome, speedscope,\n"
	      "                        and the one trees sort by (default: wall when the\n"
	      "                        trace records it)\n"
	      "      --invert          trees: bottom-up (each method, then its callers)\n"
	      "      --depth=N         trees: print N levels below the root\n"
	      "      --min=PERCENT     trees: leave out nodes below PERCENT of the total\n"
	      "      --sort=COLUMN     trees (also --view=tree, bottom-up): order siblings\n"
	      "                        by incl_cpu, excl_cpu, incl_wall, excl_wall,\n"
	      "                        incl_wait, excl_wait or calls, largest first;\n"
	      "                        -COLUMN smallest first (default: incl, bottom-up\n"
	      "                        excl, on the clock)\n",
	      out);
	/* Two strings: each under the 4095 characters C compilers must take. */
	fputs("      --range=A..B      only the time from A to B on the timeline (units\n"
	      "                        us, ms or s; either end may be left out: 2s..)\n"
	      "      --transform=KIND:ARG  reshape the call trees first (repeatable, in\n"
	      "                        order): focus:M, merge:M, drop:M, rec:M (M as\n"
	      "                        Class.name, Class.name(sig) or 0x1a2b),\n"
	      "                        collapse:GLOB, app:GLOB[,GLOB...] (only my code)\n"
	      "      --app=GLOB[,GLOB...]  the app's classes, for categories (default:\n"
	      "                        guessed)\n"
	      "      --min-wait=TIME   waits: the least wait listed (default 16ms)\n"
	      "      --method=M        calls, calls-csv, calls-json: every call of M\n"
	      "                        (Class.name, Class.name(signature) or 0x1a2b)\n"
	      "      --frame=TIME      jank, jank-json, the jank pane: the frame budget\n"
	      "                        (default 16.7ms; units us, ms, s)\n"
	      "      --src=DIR[:DIR]...  the view's o key opens the selected method's\n"
	      "                        source file found under these directories\n"
	      "      --signatures      exports: keep method signatures in frames\n"
	      "      --per-thread      folded: a leading [tid] name frame per thread\n"
	      "      --diff            compare BASE and NEW (text, csv, json or folded)\n"
	      "      --fail-if=RULE    with --diff: exit 3 when RULE holds, printing one\n"
	      "                        line per (rule, method); repeatable. RULE is\n"
	      "                        TARGET:FIELD OP VALUE, e.g. total:incl_wall>+5%,\n"
	      "                        pkg:com.example.*:excl_cpu>+2ms, *:calls>+0\n"
	      "      --view=PANE       print a pane of the UI as plain text: table, tree,\n"
	      "                        bottom-up, flame, calls or jank (panes 1-5, J), with\n"
	      "                        --thread, --clock, --range, --transform, --method\n"
	      "      --width=N         --view: the pane's columns (default 80)\n"
	      "      --height=N        --view: the pane's rows (default: every row)\n"
	      "      --mapping=FILE    show original names from an R8/ProGuard mapping\n"
	      "      --color=WHEN      colours in the UI: auto (default), always, never\n"
	      "      --ascii           draw the UI with ASCII characters only\n"
	      "  -h, --help            show this help and exit\n"
	      "  -V, --version         show the version and exit\n"
	      "\n"
	      "On a terminal traceview opens a full-screen view (press ? for its keys);\n"
	      "otherwise, or with -r, -f or -o, it prints a report.\n"
	      "TRACE is a .trace file of any Android format (legacy, streaming, V2),\n"
	      "or NAME.key and NAME.data given as either file or as NAME, or - for\n"
	      "standard input. gzip- and zstd-compressed traces are read as they are.\n"
	      "\n"
	      "Exit status: 0 success, 1 output could not be written,\n"
	      "2 bad command line or unreadable trace, 3 a --fail-if rule held.\n", out);
}

/* Index of s in words[0..n), or -1. */
static int main_word(const char *s, const char *const *words, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(s, words[i]) == 0)
			return i;
	return -1;
}

/* The KEYS section, from the one action table, as roff or Markdown. */
static void main_keys_doc(int roff)
{
	actions_doc(stdout, roff);
}

/* A bad command line: one line, exit status 2. */
static int main_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

static int main_usage_error(const char *fmt, ...)
{
	va_list ap;
	fputs("traceview: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_INPUT;
}

/* "unknown WHAT 'arg' (expected a, b, c)" from a word list. */
static int main_bad_word(const char *what, const char *arg, const char *const *words, int n)
{
	fprintf(stderr, "traceview: unknown %s '%s' (expected ", what, arg);
	for (int i = 0; i < n; i++)
		fprintf(stderr, "%s%s", i ? ", " : "", words[i]);
	fputs(")\n", stderr);
	return EXIT_INPUT;
}

/* getopt's own messages start with argv[0] and cannot be reworded, so
 * they are off (opterr = 0) and these take their place. */
static int main_bad_option(int c, char *const *argv)
{
	const char *arg = argv[optind - 1];
	int is_long = arg && arg[0] == '-' && arg[1] == '-';
	int len = is_long ? (int)strcspn(arg, "=") : 0;
	if (c == ':')
		return is_long ? main_usage_error("option '%.*s' needs a value", len, arg)
		               : main_usage_error("option '-%c' needs a value", optopt);
	if (is_long && optopt)
		return main_usage_error("option '%.*s' takes no value", len, arg);
	if (is_long)
		return main_usage_error("unknown option '%.*s' (see traceview --help)", len, arg);
	return main_usage_error("unknown option '-%c' (see traceview --help)", optopt);
}

enum {
	OPT_COLOR = 256, OPT_ASCII, OPT_KEYS_ROFF, OPT_KEYS_MD, OPT_CLOCK, OPT_SIGNATURES,
	OPT_PER_THREAD, OPT_DIFF, OPT_MAPPING, OPT_INVERT, OPT_DEPTH, OPT_MIN, OPT_SORT, OPT_RANGE,
	OPT_TRANSFORM, OPT_APP, OPT_MIN_WAIT, OPT_METHOD, OPT_FRAME, OPT_SRC, OPT_FAIL_IF, OPT_VIEW,
	OPT_WIDTH, OPT_HEIGHT,
};

static const struct option main_longopts[] = {
	{"regression", no_argument, NULL, 'r'},
	{"format", required_argument, NULL, 'f'},
	{"thread", required_argument, NULL, 't'},
	{"output", required_argument, NULL, 'o'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{"color", required_argument, NULL, OPT_COLOR},
	{"colour", required_argument, NULL, OPT_COLOR},
	{"ascii", no_argument, NULL, OPT_ASCII},
	{"clock", required_argument, NULL, OPT_CLOCK},
	{"signatures", no_argument, NULL, OPT_SIGNATURES},
	{"per-thread", no_argument, NULL, OPT_PER_THREAD},
	{"diff", no_argument, NULL, OPT_DIFF},
	{"mapping", required_argument, NULL, OPT_MAPPING},
	{"invert", no_argument, NULL, OPT_INVERT},
	{"depth", required_argument, NULL, OPT_DEPTH},
	{"min", required_argument, NULL, OPT_MIN},
	{"sort", required_argument, NULL, OPT_SORT},
	{"range", required_argument, NULL, OPT_RANGE},
	{"transform", required_argument, NULL, OPT_TRANSFORM},
	{"app", required_argument, NULL, OPT_APP},
	{"min-wait", required_argument, NULL, OPT_MIN_WAIT},
	{"method", required_argument, NULL, OPT_METHOD},
	{"frame", required_argument, NULL, OPT_FRAME},
	{"src", required_argument, NULL, OPT_SRC},
	{"fail-if", required_argument, NULL, OPT_FAIL_IF},
	{"view", required_argument, NULL, OPT_VIEW},
	{"width", required_argument, NULL, OPT_WIDTH},
	{"height", required_argument, NULL, OPT_HEIGHT},
	{"keys-roff", no_argument, NULL, OPT_KEYS_ROFF},
	{"keys-md", no_argument, NULL, OPT_KEYS_MD},
	{NULL, 0, NULL, 0},
};

/* --depth: a whole number of levels, 1 or more (decimal digits only). */
static int main_depth(const char *s, uint32_t *depth)
{
	uint64_t v = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || (v = v * 10 + (uint64_t)(*s - '0')) > UINT32_MAX)
			return -1;
	}
	if (!v)
		return -1;
	*depth = (uint32_t)v;
	return 0;
}

/* --min: a percentage from 0 to 100, decimals allowed (digits past the
 * sixth are dropped), an optional '%' after it; in millionths. */
static int main_min(const char *s, uint64_t *ppm)
{
	uint64_t whole = 0, frac = 0, scale = 1000000;
	int digits = 0;
	for (; *s >= '0' && *s <= '9'; s++, digits++)
		if ((whole = whole * 10 + (uint64_t)(*s - '0')) > 100)
			return -1;
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++, digits++)
			if (scale > 1)
				frac += (uint64_t)(*s - '0') * (scale /= 10);
	}
	if (*s == '%')
		s++;
	if (*s || !digits || whole * 1000000 + frac > 100000000)
		return -1;
	*ppm = whole * 1000000 + frac;
	return 0;
}

/* --method: checked now, matched once the trace is read. */
static int main_method_opt(struct main_opts *o, const char *arg)
{
	struct match_spec m;
	const char *why;
	if (match_spec_parse(arg, &m, &why) < 0)
		return main_usage_error("--method=%s: %s", arg, why);
	match_spec_free(&m);
	o->method = arg;
	return 0;
}

static int main_frame_opt(struct main_opts *o, const char *arg)
{
	const char *why;
	if (range_parse_time(arg, &o->frame, &why) < 0)
		return main_usage_error("--frame=%s: %s", arg, why);
	if (o->frame == 0)
		return main_usage_error("--frame=%s: the budget must be more than 0", arg);
	o->frame_set = 1;
	return 0;
}

/* --fail-if: each rule is parsed now, so a malformed one stops the run
 * before any trace is read; argv outlives the options. */
static int main_fail_if_opt(struct main_opts *o, const char *arg)
{
	struct gate_rule r;
	char why[GATE_WHY];
	if (gate_parse(arg, &r, why, sizeof why) < 0) {
		fputs("traceview: --fail-if=", stderr);
		textesc_text(stderr, arg, strlen(arg));
		fprintf(stderr, ": %s\n", why);
		return EXIT_INPUT;
	}
	gate_rule_free(&r);
	if (grow_push((void **)&o->fail_if, &o->fail_if_cap, (size_t)o->nfail_if,
	              sizeof *o->fail_if) < 0)
		return main_usage_error("out of memory");
	o->fail_if[o->nfail_if++] = arg;
	o->report = 1;   /* a gate never opens the full-screen view */
	return 0;
}

static const char *const main_view_names[] = {"table", "tree", "bottom-up", "flame", "calls",
                                              "jank"};

/* --view: a pane of the UI (1-6, in the order of the pane keys). */
static int main_view_opt(struct main_opts *o, const char *arg)
{
	int k = main_word(arg, main_view_names, 6);
	if (k < 0)
		return main_bad_word("--view", arg, main_view_names, 6);
	o->view = k + 1;
	o->report = 1;
	return 0;
}

/* --width (20 to 1000 columns) and --height (3 to 32000 rows). */
static int main_size_opt(const char *name, const char *arg, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(arg, &end, 10);
	if (!arg[0] || *end || arg[0] < '0' || arg[0] > '9' || v < lo || v > hi)
		return main_usage_error("%s needs a whole number from %d to %d (got '%s')", name, lo,
		                        hi, arg);
	*out = (int)v;
	return 0;
}

/* One option; returns -1 to exit 0 (help, version), 0 to go on, or an
 * exit status. */
static int main_option(int c, struct main_opts *o, char *const *argv)
{
	static const char *const colors[] = {"never", "always", "auto"};
	static const char *const clocks[] = {"cpu", "wall"};
	int k;
	switch (c) {
	case 'r': o->format = FMT_TEXT; o->report = o->format_set = 1; break;
	case 'f':
		if ((k = main_word(optarg, main_formats, MAIN_NFORMATS)) < 0)
			return main_bad_word("format", optarg, main_formats, MAIN_NFORMATS);
		o->format = (enum main_format)k;
		o->report = o->format_set = 1;
		break;
	case 't':
		if (!optarg[0])
			return main_usage_error("--thread needs a thread id or name");
		o->thread = optarg;
		break;
	case 'o': o->output = optarg; o->report = o->format_set = 1; break;
	case OPT_COLOR:
		if ((k = main_word(optarg, colors, 3)) < 0) {
			static const char *const shown[] = {"auto", "always", "never"};
			return main_bad_word("--color value", optarg, shown, 3);
		}
		o->color = k == 2 ? -1 : k;
		o->color_set = 1;
		break;
	case OPT_CLOCK:
		if ((o->clock = main_word(optarg, clocks, 2)) < 0)
			return main_bad_word("--clock value", optarg, clocks, 2);
		break;
	case OPT_ASCII: o->ascii = 1; break;
	case OPT_SIGNATURES: o->signatures = 1; break;
	case OPT_PER_THREAD: o->per_thread = 1; break;
	case OPT_DIFF: o->diff = 1; break;
	case OPT_MAPPING: o->mapping = optarg; break;
	case OPT_INVERT: o->invert = 1; break;
	case OPT_DEPTH:
		if (main_depth(optarg, &o->depth) < 0)
			return main_usage_error("--depth needs a whole number of levels, 1 or more "
			                        "(got '%s')", optarg);
		break;
	case OPT_MIN:
		if (main_min(optarg, &o->min_ppm) < 0)
			return main_usage_error("--min needs a percentage from 0 to 100 (got '%s')",
			                        optarg);
		o->min_set = 1;
		break;
	case OPT_SORT: {
		enum pathtree_by by;
		if (pathtree_by_parse(optarg, &by, &o->sort_ascending) < 0)
			return main_usage_error("unknown --sort column '%s' (expected incl_cpu, excl_cpu, "
			                        "incl_wall, excl_wall, incl_wait, excl_wait or calls, "
			                        "after - for smallest first)", optarg);
		o->sort = (int)by + 1;
		break;
	}
	case OPT_RANGE: {
		const char *why;
		if (range_parse(optarg, &o->range, &why) < 0)
			return main_usage_error("--range: %s (got '%s')", why, optarg);
		o->has_range = 1;
		break;
	}
	case OPT_TRANSFORM: {
		struct derive_step st;
		const char *why;
		if (derive_step_transform(optarg, &st, &why) < 0)
			return main_usage_error("--transform: %s (got '%s')", why, optarg);
		derive_step_free(&st);   /* parsed again once all options are in */
		o->transforms[o->ntransforms++] = optarg;
		break;
	}
	case OPT_APP: {
		const char *why;
		free(o->app);
		if (derive_parse_globs(optarg, &o->app, &o->napp, &why) < 0)
			return main_usage_error("--app: %s (got '%s')", why, optarg);
		o->app_arg = optarg;
		break;
	}
	case OPT_MIN_WAIT: {
		const char *why;
		if (range_parse_time(optarg, &o->min_wait, &why) < 0)
			return main_usage_error("--min-wait: %s (got '%s')", why, optarg);
		o->min_wait_set = 1;
		break;
	}
	case OPT_METHOD: return main_method_opt(o, optarg);
	case OPT_FRAME: return main_frame_opt(o, optarg);
	case OPT_SRC: o->src = optarg; return 0;
	case OPT_FAIL_IF: return main_fail_if_opt(o, optarg);
	case OPT_VIEW: return main_view_opt(o, optarg);
	case OPT_WIDTH:
		o->width_set = 1;
		return main_size_opt("--width", optarg, 20, 1000, &o->width);
	case OPT_HEIGHT: return main_size_opt("--height", optarg, 3, 32000, &o->height);
	case 'h': main_usage(stdout); return -1;
	case 'V':
		printf("traceview %s\ncompressed traces: gzip%s\n", PACKAGE_VERSION,
		       inflate_supported(INFLATE_ZSTD) ? ", zstd" : " (built without zstd)");
		return -1;
	case OPT_KEYS_ROFF: case OPT_KEYS_MD: main_keys_doc(c == OPT_KEYS_ROFF); return -1;
	default: return main_bad_option(c, argv);
	}
	return 0;
}

static int main_is_calls(enum main_format f)
{
	return f == FMT_CALLS || f == FMT_CALLS_CSV || f == FMT_CALLS_JSON;
}

static int main_is_jank(enum main_format f)
{
	return f == FMT_JANK || f == FMT_JANK_JSON;
}

/* Options that make no sense together are refused up front. */
static int main_check(const struct main_opts *o)
{
	if (o->diff && (o->format == FMT_CHROME || o->format == FMT_DUMP ||
	                o->format == FMT_SPEEDSCOPE || o->format == FMT_TREE ||
	                o->format == FMT_TREE_JSON))
		return main_usage_error("--diff cannot write --format=%s (expected text, csv, json, "
		                        "folded)", main_formats[o->format]);
	if (o->diff && strcmp(o->path[0], "-") == 0 && strcmp(o->path[1], "-") == 0)
		return main_usage_error("--diff can read only one of its traces from standard "
		                        "input ('-')");
	if (o->format == FMT_DUMP && o->thread)
		return main_usage_error("--format=dump lists every record: it takes no --thread");
	if (main_is_calls(o->format) && !o->method)
		return main_usage_error("--format=%s needs --method=M (Class.name, "
		                        "Class.name(signature) or 0x1a2b)", main_formats[o->format]);
	if (o->diff && (main_is_calls(o->format) || main_is_jank(o->format)))
		return main_usage_error("--diff cannot write --format=%s (expected text, csv, json, "
		                        "folded)", main_formats[o->format]);
	if (o->nfail_if && !o->diff)
		return main_usage_error("--fail-if needs --diff BASE NEW");
	if (o->view && (o->diff || o->format_set))
		return main_usage_error("--view prints one pane of one trace: it takes no --diff, "
		                        "--format or --output");
	if ((o->width_set || o->height) && !o->view)
		return main_usage_error("--width and --height go with --view (table, tree, "
		                        "bottom-up, flame, calls, jank)");
	if (o->diff && (o->format == FMT_WAITS || o->format == FMT_WAITS_JSON))
		return main_usage_error("--diff cannot write --format=%s (expected text, csv, json, "
		                        "folded)", main_formats[o->format]);
	return 0;
}

/* Options that change some outputs only. */
enum {
	USE_THREAD = 1, USE_CLOCK = 2, USE_SIGNATURES = 4, USE_PER_THREAD = 8, USE_COLOR = 16,
	USE_ASCII = 32, USE_TREE = 64, USE_VIEW = 128, USE_WAITS = 256, USE_METHOD = 512,
	USE_FRAME = 1024, USE_SRC = 2048, USE_SORT = 4096,
};

/* The options the chosen output reads; ui: the full-screen view. */
static unsigned main_uses(const struct main_opts *o, int ui)
{
	if (ui)  /* the full-screen view starts with the steps applied */
		return USE_THREAD | USE_COLOR | USE_ASCII | USE_VIEW | USE_FRAME | USE_SRC | USE_SORT;
	if (o->view)
		return USE_THREAD | USE_CLOCK | USE_VIEW | USE_METHOD | USE_ASCII |
		       (o->view == 6 ? USE_FRAME : 0) | (o->view == 2 || o->view == 3 ? USE_SORT : 0);
	switch (o->format) {
	case FMT_TEXT: case FMT_CSV: case FMT_JSON: return USE_THREAD | USE_VIEW;
	case FMT_CHROME: case FMT_SPEEDSCOPE:
		return USE_THREAD | USE_CLOCK | USE_SIGNATURES | USE_VIEW;
	case FMT_FOLDED:
		return USE_THREAD | USE_CLOCK | USE_SIGNATURES | USE_VIEW |
		       (o->diff ? 0 : USE_PER_THREAD);
	case FMT_DUMP: return 0;
	case FMT_TREE: case FMT_TREE_JSON:
		return USE_THREAD | USE_CLOCK | USE_TREE | USE_VIEW | USE_SORT;
	case FMT_WAITS: case FMT_WAITS_JSON: return USE_THREAD | USE_VIEW | USE_WAITS;
	case FMT_CALLS: case FMT_CALLS_CSV: case FMT_CALLS_JSON:
		return USE_THREAD | USE_CLOCK | USE_METHOD | USE_VIEW;
	case FMT_JANK: case FMT_JANK_JSON: return USE_THREAD | USE_FRAME | USE_VIEW;
	}
	return 0;
}

/* One warning per option given that the chosen output ignores; the exit
 * status stays as it is. */
static void main_warn_ignored(const struct main_opts *o, int ui)
{
	const struct {
		unsigned use;
		int given;
		const char *name;
	} opts[] = {
		{USE_CLOCK, o->clock >= 0, "--clock"},
		{USE_SIGNATURES, o->signatures, "--signatures"},
		{USE_PER_THREAD, o->per_thread, "--per-thread"},
		{USE_COLOR, o->color_set, "--color"},
		{USE_ASCII, o->ascii, "--ascii"},
		{USE_TREE, o->invert, "--invert"},
		{USE_TREE, o->depth > 0, "--depth"},
		{USE_TREE, o->min_set, "--min"},
		{USE_SORT, o->sort != 0, "--sort"},
		{USE_VIEW, o->has_range, "--range"},
		{USE_VIEW, o->ntransforms > 0, "--transform"},
		{USE_VIEW, o->app != NULL, "--app"},
		{USE_WAITS, o->min_wait_set, "--min-wait"},
		{USE_METHOD, o->method != NULL, "--method"},
		{USE_FRAME, o->frame_set, "--frame"},
		{USE_SRC, o->src != NULL, "--src"},
	};
	unsigned uses = main_uses(o, ui);
	for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
		if (!opts[i].given || (uses & opts[i].use))
			continue;
		if (ui)
			fprintf(stderr, "traceview: warning: %s has no effect in the full-screen view\n",
			        opts[i].name);
		else if (o->view)
			fprintf(stderr, "traceview: warning: %s has no effect with --view=%s\n",
			        opts[i].name, main_view_names[o->view - 1]);
		else
			fprintf(stderr, "traceview: warning: %s has no effect with %s--format=%s\n",
			        opts[i].name, o->diff ? "--diff " : "", main_formats[o->format]);
	}
}

/* The range and transforms as one list of view steps, range first. */
static int main_steps(struct main_opts *o)
{
	uint32_t n = o->ntransforms + (o->has_range ? 1 : 0);
	const char *why = "out of memory";
	if (!n)
		return 0;
	if (!(o->steps = calloc(n, sizeof *o->steps)))
		return main_usage_error("%s", why);
	if (o->has_range && derive_step_range(&o->range, &o->steps[o->nsteps++]) < 0)
		return main_usage_error("%s", why);
	for (uint32_t i = 0; i < o->ntransforms; i++)
		if (derive_step_transform(o->transforms[i], &o->steps[o->nsteps++], &why) < 0)
			return main_usage_error("--transform: %s (got '%s')", why, o->transforms[i]);
	return 0;
}

static void main_opts_free(struct main_opts *o)
{
	for (uint32_t i = 0; i < o->nsteps; i++)
		derive_step_free(&o->steps[i]);
	free(o->steps);
	free(o->transforms);
	free(o->app);
	free(o->fail_if);
}

static int main_options(int argc, char **argv, struct main_opts *o)
{
	int c, rc;
	opterr = 0;
	if (!(o->transforms = calloc((size_t)argc + 1, sizeof *o->transforms)))
		return main_usage_error("out of memory");
	while ((c = getopt_long(argc, argv, ":rf:t:o:hV", main_longopts, NULL)) != -1)
		if ((rc = main_option(c, o, argv)) != 0)
			return rc;
	int want = o->diff ? 2 : 1;
	if (argc - optind != want)
		return main_usage_error("%s", argc - optind < want
		                                      ? (o->diff ? "--diff needs BASE and NEW traces"
		                                                 : "missing TRACE operand")
		                                      : (o->diff ? "--diff takes two traces"
		                                                 : "only one TRACE can be given"));
	o->path[0] = argv[optind];
	o->path[1] = o->diff ? argv[optind + 1] : NULL;
	return main_check(o) ? EXIT_INPUT : main_steps(o);
}

/* ------------------------------------------------------------ loading */

/* A path as messages name it: "-" is standard input. */
static const char *main_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

static void main_error(const char *file, const struct tv_error *err)
{
	char msg[512];
	tv_error_format(err, msg, sizeof msg);
	fprintf(stderr, "traceview: %s: %s\n", main_name(file), msg);
}

/* ------------------------------------------------------------ progress */

/* A one-line bar on standard error while a load takes more than a
 * moment; only when standard error is a terminal. The engine calls every
 * few MiB (load.h); this decides when to draw. TRACEVIEW_TEST_PROGRESS
 * in the environment draws from the first call (tests/ui.sh). */
#define MAIN_BAR_DELAY 0.3    /* seconds before the first draw */
#define MAIN_BAR_EVERY 0.05   /* seconds between draws */
#define MAIN_BAR_CELLS 24

struct main_bar {
	struct load_progress prog;
	const char *name;
	struct timespec start;
	double delay, last;
	int drawn;            /* columns on screen now; 0: nothing shown */
	int screen;           /* drawn on the view's loading screen (ui.h) */
	int ascii;
};

static double main_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static int main_term_cols(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

/* "traceview: reading NAME [#####-----]  45%" (or "  12 MiB" when the
 * size is not known), fitted to the terminal; the name is the basename,
 * its bytes outside printable ASCII shown as '?'. */
static void main_bar_draw(void *ctx, enum load_stage stage, uint64_t done, uint64_t total)
{
	struct main_bar *b = ctx;
	double t = main_since(&b->start);
	if (t < b->delay || (b->drawn && t - b->last < MAIN_BAR_EVERY))
		return;
	b->last = t;
	const char *base = strrchr(b->name, '/');
	base = base && base[1] ? base + 1 : b->name;
	char name[32], line[160], cells[MAIN_BAR_CELLS + 1];
	size_t i;
	for (i = 0; base[i] && i < sizeof name - 1; i++)
		name[i] = base[i] >= 0x20 && base[i] < 0x7f ? base[i] : '?';
	name[i] = '\0';
	const char *what = stage == LOAD_STAGE_READ ? "reading" : "parsing";
	int n;
	if (total) {
		uint64_t pct = done >= total ? 100 : done * 100 / total;
		size_t full = (size_t)(pct * MAIN_BAR_CELLS / 100);
		memset(cells, '#', full);
		memset(cells + full, '-', MAIN_BAR_CELLS - full);
		cells[MAIN_BAR_CELLS] = '\0';
		n = snprintf(line, sizeof line, "traceview: %s %s [%s] %3u%%", what, name, cells,
		             (unsigned)pct);
	} else {
		n = snprintf(line, sizeof line, "traceview: %s %s %llu MiB", what, name,
		             (unsigned long long)(done >> 20));
	}
	if (b->screen) {  /* the view's own screen: no "traceview: " */
		ui_loading_show(line + strlen("traceview: "), b->ascii);
		b->drawn = 1;
		return;
	}
	int cols = main_term_cols() - 1;
	if (n > cols)
		n = cols;
	/* pad over a longer previous line instead of relying on an erase code */
	fprintf(stderr, "\r%.*s%*s", n, line, b->drawn > n ? b->drawn - n : 0, "");
	fflush(stderr);
	b->drawn = n > b->drawn ? n : b->drawn;
}

/* Starts timing a load of path; prog is NULL when nothing may be drawn.
 * screen: on the view's loading screen, else on standard error. */
static const struct load_progress *main_bar_start(struct main_bar *b, const char *path,
                                                  int screen, int ascii)
{
	memset(b, 0, sizeof *b);
	b->screen = screen;
	b->ascii = ascii;
	if (!screen && !isatty(STDERR_FILENO))
		return NULL;
	b->prog.fn = main_bar_draw;
	b->prog.ctx = b;
	b->name = main_name(path);
	b->delay = getenv("TRACEVIEW_TEST_PROGRESS") ? 0 : MAIN_BAR_DELAY;
	clock_gettime(CLOCK_MONOTONIC, &b->start);
	return &b->prog;
}

/* The load ended: blank the bar's line, leave the cursor at its start. */
static void main_bar_end(struct main_bar *b)
{
	if (!b->drawn || b->screen)  /* the view draws over its screen */
		return;
	fprintf(stderr, "\r%*s\r", b->drawn, "");
	fflush(stderr);
	b->drawn = 0;
}

/* Reads the mapping once; its malformed lines are warnings on stderr. */
static int main_mapping(const struct main_opts *o, struct mapping **map)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	*map = NULL;
	if (!o->mapping)
		return 0;
	if (mapping_load(o->mapping, map, &err) != TV_OK) {
		main_error(o->mapping, &err);
		return EXIT_INPUT;
	}
	const size_t *lines;
	size_t nlines, n = mapping_warnings(*map, &lines, &nlines);
	for (size_t i = 0; i < nlines; i++)
		fprintf(stderr, "traceview: %s: line %zu: malformed line ignored\n", o->mapping,
		        lines[i]);
	if (n > nlines)
		fprintf(stderr, "traceview: %s: %zu more malformed lines ignored\n", o->mapping,
		        n - nlines);
	return 0;
}

/* Loads path; screen: the view's loading screen is up (its progress bar
 * goes there, and it is given back before any error is printed). */
static int main_load_on(const char *path, const struct mapping *map, struct trace *tr,
                        int screen, int ascii)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	struct main_bar bar;
	trace_init(tr);
	enum tv_status st = load_file_progress(tr, path, main_bar_start(&bar, path, screen, ascii),
	                                       &err, errfile, sizeof errfile);
	main_bar_end(&bar);
	if (screen && (st != TV_OK || (map && mapping_apply(map, tr) < 0))) {
		ui_loading_stop();
		if (st == TV_OK) {
			fprintf(stderr, "traceview: %s: out of memory\n", main_name(path));
			return EXIT_INPUT;
		}
	}
	if (st != TV_OK) {
		main_error(errfile[0] ? errfile : path, &err);
		return EXIT_INPUT;
	}
	if (!screen && map && mapping_apply(map, tr) < 0) {
		fprintf(stderr, "traceview: %s: out of memory\n", main_name(path));
		return EXIT_INPUT;
	}
	return 0;
}

static int main_load(const char *path, const struct mapping *map, struct trace *tr)
{
	return main_load_on(path, map, tr, 0, 0);
}

#define MAIN_LIST_MAX 20   /* threads named in a --thread error */

/* ", [tid] name" for threads idx[0..n) of count, escaped like the text
 * report escapes names; "... and N more" past the list. */
static void main_list_threads(const struct trace *tr, const uint32_t *idx, uint32_t n,
                              uint32_t count)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct tv_thread *th = &tr->threads[idx[i]];
		fprintf(stderr, "%s[%lu]", i ? ", " : "", (unsigned long)th->tid);
		if (trace_str(tr, th->name)) {
			fputc(' ', stderr);
			textesc_text(stderr, trace_str(tr, th->name), th->name.len);
		}
	}
	if (count > n)
		fprintf(stderr, ", ... and %lu more", (unsigned long)(count - n));
}

/* --thread against one trace: its tid, or one line listing the candidates
 * (the threads matched, or every thread when none did) and exit status 2. */
static int main_thread(const struct main_opts *o, const char *path, const struct trace *tr,
                       uint32_t *tid)
{
	uint32_t idx[MAIN_LIST_MAX];
	uint32_t n = trace_match_threads(tr, o->thread, idx, MAIN_LIST_MAX);
	if (n == 1) {
		*tid = tr->threads[idx[0]].tid;
		return 0;
	}
	fprintf(stderr, "traceview: %s: ", main_name(path));
	if (n > 1) {
		fputs("thread '", stderr);
		textesc_text(stderr, o->thread, strlen(o->thread));
		fputs("' is ambiguous: ", stderr);
		main_list_threads(tr, idx, n < MAIN_LIST_MAX ? n : MAIN_LIST_MAX, n);
	} else {
		fputs("no such thread '", stderr);
		textesc_text(stderr, o->thread, strlen(o->thread));
		n = tr->nthreads;
		fputs(n ? "'; threads: " : "'; the trace has no threads", stderr);
		for (uint32_t i = 0; i < n && i < MAIN_LIST_MAX; i++)
			idx[i] = i;
		main_list_threads(tr, idx, n < MAIN_LIST_MAX ? n : MAIN_LIST_MAX, n);
	}
	fputc('\n', stderr);
	return EXIT_INPUT;
}

/* names is the loaded trace (--thread is resolved there: a range may
 * leave a thread without records), tr the one profiled (names or a view
 * of it). */
static int main_profile(const struct main_opts *o, const char *path, const struct trace *names,
                        const struct trace *tr, struct profile *p)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	uint32_t tid;
	if (o->thread && main_thread(o, path, names, &tid) != 0)
		return EXIT_INPUT;
	if (profile_build(p, tr, o->thread ? &tid : NULL, &err) != TV_OK) {
		main_error(path, &err);
		return EXIT_INPUT;
	}
	return 0;
}

/* The clock of folded stacks: --clock when the
 * trace has it, else wall when recorded. */
static int main_clock(const struct main_opts *o, const struct trace *tr, const char *path,
                      int *clock)
{
	if (o->clock < 0) {
		*clock = trace_sort_clock(tr);
		return 0;
	}
	if (!tr->has_clock[o->clock]) {
		fprintf(stderr, "traceview: %s: the trace has no %s clock (clock=%s)\n", main_name(path),
		        o->clock == TV_CPU ? "CPU" : "wall", trace_clock_name(tr->clock));
		return EXIT_INPUT;
	}
	*clock = o->clock;
	return 0;
}

/* --sort naming a column of a clock the trace lacks: an error, as
 * --clock's is. */
static int main_sort_check(const struct main_opts *o, const struct trace *tr, const char *path)
{
	enum pathtree_by by = (enum pathtree_by)(o->sort - 1);
	if (!o->sort || pathtree_by_available(tr, by))
		return 0;
	const char *needs = by == PATHTREE_BY_INCL_WAIT || by == PATHTREE_BY_EXCL_WAIT ? "both clocks"
	                    : by == PATHTREE_BY_INCL_CPU || by == PATHTREE_BY_EXCL_CPU ? "the CPU clock"
	                                                                           : "the wall clock";
	fprintf(stderr, "traceview: %s: --sort=%s needs %s; the trace has one (clock=%s)\n",
	        main_name(path), pathtree_by_name(by), needs, trace_clock_name(tr->clock));
	return EXIT_INPUT;
}

/* ------------------------------------------------------------ output */

static FILE *main_open_out(const struct main_opts *o)
{
	if (!o->output)
		return stdout;
	FILE *out = fopen(o->output, "w");
	if (!out)
		fprintf(stderr, "traceview: %s: %s\n", o->output, strerror(errno));
	return out;
}

/* Closes the output and turns the writer's status into an exit status. */
static int main_close_out(const struct main_opts *o, FILE *out, enum tv_status st)
{
	if (fflush(out) != 0 || ferror(out))
		st = TV_ERR_OUTPUT;
	if (out != stdout && fclose(out) != 0)
		st = TV_ERR_OUTPUT;
	if (st == TV_OK)
		return 0;
	fprintf(stderr, "traceview: %s: %s\n", o->output ? o->output : "standard output",
	        tv_status_str(st));
	return EXIT_OUTPUT;
}

/* --format=dump reads the bytes twice (the trace for its names, then every
 * record) in one pass over the input, so standard input works too. */
struct main_dump {
	const struct main_opts *o;
	const struct mapping *map;
	struct trace tr;
	FILE *out;
	int rc;   /* EXIT_OUTPUT: the output could not be opened (said) */
};

static enum tv_status main_dump_bytes(void *ctx, const struct load_bytes *b,
                                      struct tv_error *err, int *err_in_data)
{
	struct main_dump *d = ctx;
	enum tv_status st = load_bytes_build(&d->tr, b, err, err_in_data);
	if (st != TV_OK)
		return st;
	*err_in_data = 0;
	if (d->map && mapping_apply(d->map, &d->tr) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (!(d->out = main_open_out(d->o))) {
		d->rc = EXIT_OUTPUT;
		return TV_ERR_OUTPUT;
	}
	if (b->key)
		return export_dump_pair(d->out, &d->tr, b->key, b->keylen, b->data, b->datalen, err);
	return export_dump(d->out, &d->tr, b->data, b->datalen, err);
}

static int main_dump(const struct main_opts *o, const struct mapping *map)
{
	struct main_dump d = {o, map, {0}, NULL, 0};
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	struct main_bar bar;
	int rc = 0;
	trace_init(&d.tr);
	enum tv_status st = load_with_bytes(o->path[0], main_dump_bytes, &d,
	                                    main_bar_start(&bar, o->path[0], 0, 0), &err, errfile,
	                                    sizeof errfile);
	main_bar_end(&bar);
	if (st != TV_OK && st != TV_ERR_OUTPUT) {
		main_error(errfile[0] ? errfile : o->path[0], &err);
		st = TV_OK;
		rc = EXIT_INPUT;
	}
	if (d.out) {
		int wrc = main_close_out(o, d.out, st);
		rc = rc ? rc : wrc;
	}
	trace_free(&d.tr);
	return d.rc ? d.rc : rc;
}

static enum tv_status main_write(FILE *out, const struct main_opts *o, const struct profile *p,
                                 int clock, const struct trace *loaded)
{
	struct export_opts eo = {clock, o->signatures, o->per_thread};
	struct report_view rv = {o->has_range ? &o->range : NULL, derive_axis_clock(loaded),
	                         o->transforms, o->ntransforms, o->app, o->napp};
	switch (o->format) {
	case FMT_WAITS: case FMT_WAITS_JSON:
		return report_waits(out, p, o->min_wait_set ? o->min_wait : 16000,
		                    derive_axis_origin(loaded), o->format == FMT_WAITS_JSON);
	case FMT_JSON: return report_json_view(out, p, &rv);
	case FMT_CSV: return report_csv(out, p);
	case FMT_FOLDED: return export_folded(out, p, &eo);
	case FMT_CHROME: return export_chrome(out, p, &eo);
	case FMT_SPEEDSCOPE: return export_speedscope(out, p, &eo);
	default: break;
	}
	return report_text_view(out, p, o->path[0], &rv);
}

/* --format=tree or tree-json: the call tree of the selection. */
static int main_tree(const struct main_opts *o, const struct trace *names,
                     const struct trace *tr, int clock)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct pathtree t = {0};
	uint32_t tid;
	if ((o->thread && main_thread(o, o->path[0], names, &tid) != 0) ||
	    main_sort_check(o, tr, o->path[0]) != 0)
		return EXIT_INPUT;
	enum tv_status st = o->invert ? pathtree_build_inverted(&t, tr, o->thread ? &tid : NULL,
	                                                      clock, &err)
	                              : pathtree_build(&t, tr, o->thread ? &tid : NULL, clock, &err);
	if (st != TV_OK) {
		main_error(o->path[0], &err);
		return EXIT_INPUT;
	}
	/* Before anything is expanded: only the roots to sort. */
	if (o->sort && pathtree_sort_by(&t, clock, (enum pathtree_by)(o->sort - 1),
	                              o->sort_ascending) != TV_OK) {
		fprintf(stderr, "traceview: %s: out of memory\n", main_name(o->path[0]));
		pathtree_free(&t);
		return EXIT_INPUT;
	}
	FILE *out = main_open_out(o);
	int rc = EXIT_OUTPUT;
	if (out) {
		struct report_tree_opts ro = {o->format == FMT_TREE_JSON, o->invert, o->depth,
		                              o->min_ppm};
		rc = main_close_out(o, out, report_tree(out, &t, &ro));
	}
	pathtree_free(&t);
	return rc;
}

/* The loaded trace seen through --range and --transform (derive.h) into
 * *view; a warning names each transform that matched nothing. */
static int main_view(const struct main_opts *o, const char *path, const struct trace *tr,
                     struct trace *view)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	uint8_t *none = calloc(o->nsteps ? o->nsteps : 1, 1);
	if (!none || derive_build(view, tr, o->steps, o->nsteps, none, &err) != TV_OK) {
		free(none);
		fprintf(stderr, "traceview: %s: out of memory\n", main_name(path));
		return EXIT_INPUT;
	}
	for (uint32_t i = 0; i < o->nsteps; i++) {
		if (!none[i])
			continue;
		fprintf(stderr, "traceview: warning: %s: --transform=", main_name(path));
		textesc_text(stderr, o->steps[i].text, strlen(o->steps[i].text));
		fputs(" matches nothing: it changes nothing\n", stderr);
		tv_warnings_add(&view->warnings, TV_W_TRANSFORM_NONE, TV_NO_OFFSET, 1);
	}
	free(none);
	return 0;
}

/* The methods --method names: want[m] set for each; the count matched. */
static uint32_t main_want(const struct main_opts *o, const struct trace *tr, uint8_t *want)
{
	struct match_spec m;
	const char *why;
	uint32_t n = 0;
	if (match_spec_parse(o->method, &m, &why) < 0)   /* checked with the options */
		return 0;
	for (uint32_t i = 0; i < tr->nmethods; i++)
		n += want[i] = (uint8_t)match_method(&m, tr, i);
	match_spec_free(&m);
	return n;
}

/* The timeline's axis of the loaded trace: a view's calls start on it. */
static void main_axis(const struct trace *loaded, struct methodcalls_axis *ax)
{
	ax->clock = derive_axis_clock(loaded);
	ax->origin = derive_axis_origin(loaded);
}

/* --format=calls, calls-csv or calls-json: every call of --method in tr
 * (the loaded trace, or a view of it). */
static int main_calls(const struct main_opts *o, const struct trace *loaded,
                      const struct trace *tr, int clock)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct methodcalls c = {0};
	struct methodcalls_axis ax;
	uint32_t tid;
	if (o->thread && main_thread(o, o->path[0], loaded, &tid) != 0)
		return EXIT_INPUT;
	uint8_t *want = calloc(tr->nmethods ? tr->nmethods : 1, 1);
	if (!want) {
		fprintf(stderr, "traceview: %s: out of memory\n", main_name(o->path[0]));
		return EXIT_INPUT;
	}
	int rc = 0;
	if (!main_want(o, tr, want)) {
		fprintf(stderr, "traceview: %s: no method matches --method=", main_name(o->path[0]));
		textesc_text(stderr, o->method, strlen(o->method));
		fputc('\n', stderr);
		rc = EXIT_INPUT;
	}
	main_axis(loaded, &ax);
	if (!rc && methodcalls_collect(&c, tr, want, o->thread ? &tid : NULL, &ax, &err) != TV_OK) {
		main_error(o->path[0], &err);
		rc = EXIT_INPUT;
	}
	free(want);
	FILE *out = rc ? NULL : main_open_out(o);
	if (!rc && !out)
		rc = EXIT_OUTPUT;
	if (!rc) {
		enum tv_status st =
		        o->format == FMT_CALLS_CSV    ? methodcalls_report_csv(out, &c)
		        : o->format == FMT_CALLS_JSON ? methodcalls_report_json(out, &c, o->method, clock)
		                                      : methodcalls_report_text(out, &c, o->method, clock);
		rc = main_close_out(o, out, st);
	}
	methodcalls_free(&c);
	return rc;
}

/* --format=jank or jank-json: long frame-critical calls on the main
 * thread (or the --thread one). */
static int main_jank(const struct main_opts *o, const struct trace *loaded,
                     const struct trace *tr)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	struct jank j = {0};
	struct methodcalls_axis ax;
	uint32_t tid, t = jank_main_thread(loaded);   /* a view keeps the threads' order */
	if (!tr->has_clock[TV_WALL]) {
		fprintf(stderr, "traceview: %s: --format=%s needs a wall clock (clock=%s)\n",
		        main_name(o->path[0]), main_formats[o->format], trace_clock_name(tr->clock));
		return EXIT_INPUT;
	}
	if (o->thread) {
		if (main_thread(o, o->path[0], loaded, &tid) != 0)
			return EXIT_INPUT;
		t = trace_find_thread(loaded, tid);
	}
	if (t == JANK_NONE) {
		fprintf(stderr, "traceview: %s: the trace has no thread with records\n",
		        main_name(o->path[0]));
		return EXIT_INPUT;
	}
	main_axis(loaded, &ax);
	if (jank_find(&j, tr, t, o->frame_set ? o->frame : JANK_FRAME_USEC, &ax, &err) != TV_OK) {
		main_error(o->path[0], &err);
		return EXIT_INPUT;
	}
	FILE *out = main_open_out(o);
	int rc = EXIT_OUTPUT;
	if (out)
		rc = main_close_out(o, out, o->format == FMT_JANK_JSON ? jank_report_json(out, &j)
		                                                      : jank_report_text(out, &j));
	jank_free(&j);
	return rc;
}

/* A report or export of one trace (loaded; tr is it or a view of it). */
static int main_report_of(const struct main_opts *o, const struct trace *loaded,
                          const struct trace *tr)
{
	struct profile p = {0};
	int clock = trace_sort_clock(tr), rc = 0;
	if (main_uses(o, 0) & USE_CLOCK)
		rc = main_clock(o, tr, o->path[0], &clock);
	if (!rc && (o->format == FMT_TREE || o->format == FMT_TREE_JSON))
		return main_tree(o, loaded, tr, clock);
	if (!rc && main_is_calls(o->format))
		return main_calls(o, loaded, tr, clock);
	if (!rc && main_is_jank(o->format))
		return main_jank(o, loaded, tr);
	if (!rc && (o->format == FMT_WAITS || o->format == FMT_WAITS_JSON) &&
	    !(tr->has_clock[TV_CPU] && tr->has_clock[TV_WALL])) {
		fprintf(stderr, "traceview: %s: --format=%s needs both clocks; the trace has one "
		        "(clock=%s)\n", main_name(o->path[0]), main_formats[o->format],
		        trace_clock_name(tr->clock));
		return EXIT_INPUT;
	}
	if (!rc)
		rc = main_profile(o, o->path[0], loaded, tr, &p);
	FILE *out = rc ? NULL : main_open_out(o);
	if (!rc && !out)
		rc = EXIT_OUTPUT;
	if (!rc)
		rc = main_close_out(o, out, main_write(out, o, &p, clock, loaded));
	profile_free(&p);
	return rc;
}

static int main_report(const struct main_opts *o, const struct trace *tr)
{
	struct trace view;
	if (!o->nsteps)
		return main_report_of(o, tr, tr);
	int rc = main_view(o, o->path[0], tr, &view);
	if (!rc) {
		rc = main_report_of(o, tr, &view);
		trace_free(&view);
	}
	return rc;
}

static int main_reads_stdin(const struct main_opts *o)
{
	return strcmp(o->path[0], "-") == 0 || (o->path[1] && strcmp(o->path[1], "-") == 0);
}

/* Full screen only when both ends are a terminal that can do it; a trace
 * read from standard input leaves the keys to the terminal (/dev/tty). */
static int main_wants_ui(const struct main_opts *o)
{
	const char *term = getenv("TERM");
	return !o->report && isatty(STDOUT_FILENO) &&
	       (isatty(STDIN_FILENO) || main_reads_stdin(o)) && term && *term &&
	       strcmp(term, "dumb") != 0;
}

/* Once a trace came from a pipe on standard input: the UI takes its keys
 * from the controlling terminal instead, made standard input so curses
 * reads it as usual. -1 when there is none (the caller prints the
 * report). */
static int main_keys_from_tty(void)
{
	if (isatty(STDIN_FILENO))
		return 0;
	int fd = open("/dev/tty", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return -1;
	int r = dup2(fd, STDIN_FILENO) < 0 ? -1 : 0;
	close(fd);
	clearerr(stdin);
	return r;
}

/* --view on tr (loaded; view is it or seen through --range and
 * --transform): the pane drawn off screen, printed as text. */
static int main_print_view(const struct main_opts *o, const struct trace *loaded,
                           struct trace *view)
{
	/* The view is already seen through the steps: the UI adds none. */
	struct viewrun_opts uo = {.ascii = o->ascii, .scoped = o->thread != NULL,
	                          .loaded = loaded, .frame = o->frame_set ? o->frame : 0};
	struct viewrun_req req = {o->view, o->width_set ? o->width : 80, o->height, -1,
	                          UINT32_MAX};
	if (o->thread && main_thread(o, o->path[0], loaded, &uo.tid) != 0)
		return EXIT_INPUT;
	if ((o->clock >= 0 && main_clock(o, view, o->path[0], &req.clock) != 0) ||
	    main_sort_check(o, view, o->path[0]) != 0)
		return EXIT_INPUT;
	uo.sort = o->sort;
	uo.sort_ascending = o->sort_ascending;
	uo.sort_clock = req.clock + 1;  /* 0: the view's clock */
	if (o->method) {
		uint8_t *want = calloc(view->nmethods ? view->nmethods : 1, 1);
		if (!want || !main_want(o, view, want)) {
			free(want);
			fprintf(stderr, "traceview: %s: no method matches --method=", main_name(o->path[0]));
			textesc_text(stderr, o->method, strlen(o->method));
			fputc('\n', stderr);
			return EXIT_INPUT;
		}
		/* Overloads: the first by id, as the docs say. */
		for (req.method = 0; !want[req.method]; req.method++)
			;
		free(want);
	}
	return viewrun_run(view, &uo, &req, stdout);
}

static int main_view_of(const struct main_opts *o, struct trace *tr)
{
	struct trace view;
	if (!o->nsteps)
		return main_print_view(o, tr, tr);
	int rc = main_view(o, o->path[0], tr, &view);
	if (!rc) {
		rc = main_print_view(o, tr, &view);
		trace_free(&view);
	}
	return rc;
}

static int main_single(const struct main_opts *o, const struct mapping *map)
{
	struct trace tr;
	struct ui_opts uo = {o->color, o->ascii, o->thread != NULL, 0, o->steps, o->nsteps, o->app_arg,
	                     0, NULL, o->frame_set ? o->frame : 0, o->src, o->sort,
	                     o->sort_ascending, 0};
	if (o->format == FMT_DUMP)
		return main_dump(o, map);
	/* The view takes the terminal before the load, so its progress shows
	 * on the view's screen (not from a pipe: the keys come later from
	 * /dev/tty; not with --thread, whose errors need the plain screen). */
	uo.term_started = !o->view && !o->thread && main_wants_ui(o) && !main_reads_stdin(o) &&
	                  ui_loading_start() == 0;
	int rc = main_load_on(o->path[0], map, &tr, uo.term_started, ui_wants_ascii(&uo));
	if (!rc && o->view) {
		rc = main_view_of(o, &tr);
		trace_free(&tr);
		return rc;
	}
	if (!rc && main_wants_ui(o) && o->thread)
		rc = main_thread(o, o->path[0], &tr, &uo.tid);
	if (!rc && main_wants_ui(o))
		rc = main_sort_check(o, &tr, o->path[0]);
	if (!rc && main_wants_ui(o) && main_keys_from_tty() == 0) {
		rc = ui_run(o->path[0], &tr, &uo);
		if (rc != UI_NO_TERMINAL) {
			trace_free(&tr);
			return rc;
		}
		rc = 0;  /* the terminal could not go full screen: print the report */
	}
	if (!rc)
		rc = main_report(o, &tr);
	trace_free(&tr);
	return rc;
}

/* "traceview: --fail-if=RULE: " on stderr. */
static void main_rule_error(const char *rule)
{
	fputs("traceview: --fail-if=", stderr);
	textesc_text(stderr, rule, strlen(rule));
	fputs(": ", stderr);
}

/* Every rule on a time field needs that clock in both traces. */
static int main_gate_clocks(const struct main_opts *o, const struct trace *tr)
{
	for (int i = 0; i < o->nfail_if; i++) {
		struct gate_rule r;
		char why[GATE_WHY];
		if (gate_parse(o->fail_if[i], &r, why, sizeof why) < 0)
			return EXIT_INPUT;   /* not reached: checked with the options */
		int clock = gate_field_clock(r.field);
		gate_rule_free(&r);
		for (int k = 0; k < 2 && clock >= 0; k++) {
			if (tr[k].has_clock[clock])
				continue;
			main_rule_error(o->fail_if[i]);
			fprintf(stderr, "%s has no %s clock (clock=%s)\n", main_name(o->path[k]),
			        clock == TV_CPU ? "CPU" : "wall", trace_clock_name(tr[k].clock));
			return EXIT_INPUT;
		}
	}
	return 0;
}

/* The --fail-if rules over d, one line per (rule, method) that holds on
 * out: EXIT_GATE when any held, else 0 (EXIT_OUTPUT, EXIT_INPUT on
 * failure). */
static int main_gate(const struct main_opts *o, const struct diff *d, FILE *out)
{
	int held = 0;
	for (int i = 0; i < o->nfail_if; i++) {
		struct gate_rule r;
		struct gate_hit *hits;
		size_t n;
		char why[GATE_WHY];
		if (gate_parse(o->fail_if[i], &r, why, sizeof why) < 0)
			return EXIT_INPUT;
		enum tv_status st = gate_eval(&r, d, &hits, &n);
		if (st == TV_OK)
			st = gate_report(out, &r, d, hits, n);
		held |= n > 0;
		free(hits);
		gate_rule_free(&r);
		if (st == TV_ERR_NOMEM) {
			main_rule_error(o->fail_if[i]);
			fputs("out of memory\n", stderr);
			return EXIT_INPUT;
		}
		if (st != TV_OK || fflush(out) != 0) {
			fprintf(stderr, "traceview: %s: %s\n", out == stdout ? "standard output"
			                                                     : "standard error",
			        tv_status_str(TV_ERR_OUTPUT));
			return EXIT_OUTPUT;
		}
	}
	return held ? EXIT_GATE : 0;
}

/* --diff BASE NEW: a report of the change, or the UI's diff table. */
static int main_diff(const struct main_opts *o, const struct mapping *map)
{
	struct trace tr[2], view[2];
	const struct trace *use[2] = {&tr[0], &tr[1]};
	int nviews = 0;
	struct profile p[2] = {{0}, {0}};
	struct diff d = {0};
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	int clock = TV_CPU, rc = main_load(o->path[0], map, &tr[0]);
	if (!rc)
		rc = main_load(o->path[1], map, &tr[1]);
	else
		trace_init(&tr[1]);
	for (int i = 0; i < 2 && !rc && o->nsteps; i++) {
		rc = main_view(o, o->path[i], &tr[i], &view[i]);
		if (!rc)
			use[i] = &view[nviews++];
	}
	for (int i = 0; i < 2 && !rc; i++)
		rc = main_profile(o, o->path[i], &tr[i], use[i], &p[i]);
	for (int i = 0; i < 2 && !rc && o->clock >= 0 && (main_uses(o, 0) & USE_CLOCK); i++)
		rc = main_clock(o, use[i], o->path[i], &clock);
	if (!rc && o->clock < 0)
		clock = tr[0].has_clock[TV_WALL] && tr[1].has_clock[TV_WALL] ? TV_WALL : TV_CPU;
	if (!rc && o->nfail_if)
		rc = main_gate_clocks(o, tr);
	if (!rc && diff_build(&d, &p[0], &p[1], &err) != TV_OK) {
		main_error(o->path[1], &err);
		rc = EXIT_INPUT;
	}
	if (!rc && main_wants_ui(o) && main_keys_from_tty() == 0) {
		/* already scoped and through the steps */
		struct ui_opts uo = {.color = o->color, .ascii = o->ascii};
		rc = ui_run_diff(o->path[0], o->path[1], &d, &uo);
		rc = rc == UI_NO_TERMINAL ? -1 : rc;
	} else if (!rc) {
		rc = -1;
	}
	/* With --fail-if alone only the gate's lines are printed (on standard
	 * output); with -f, -r or -o too, the report goes where it always
	 * does and the gate's lines to standard error. */
	if (rc == -1 && o->nfail_if && !o->format_set)
		rc = main_gate(o, &d, stdout);
	if (rc == -1) {
		FILE *out = main_open_out(o);
		enum tv_status st = TV_OK;
		if (!out) {
			rc = EXIT_OUTPUT;
		} else {
			switch (o->format) {
			case FMT_JSON: st = diff_report_json_named(out, &d, o->path[0], o->path[1]); break;
			case FMT_CSV: st = diff_report_csv(out, &d); break;
			case FMT_FOLDED:
				st = diff_report_folded(out, &p[0], &p[1], clock, o->signatures);
				break;
			default: st = diff_report_text(out, &d, o->path[0], o->path[1]); break;
			}
			rc = main_close_out(o, out, st);
		}
		if (o->nfail_if) {
			int grc = main_gate(o, &d, stderr);
			rc = rc ? rc : grc;
		}
	}
	diff_free(&d);
	for (int i = 0; i < 2; i++) {
		profile_free(&p[i]);
		trace_free(&tr[i]);
	}
	for (int i = 0; i < nviews; i++)
		trace_free(&view[i]);
	return rc;
}

int main(int argc, char **argv)
{
	struct main_opts o = {.format = FMT_TEXT, .color = -1, .clock = -1};
	struct mapping *map;
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");  /* reports are for scripts too */
	int rc = main_options(argc, argv, &o);
	if (rc) {
		main_opts_free(&o);
		return rc < 0 ? 0 : rc;
	}
	main_warn_ignored(&o, main_wants_ui(&o));
	if ((rc = main_mapping(&o, &map)) != 0) {
		main_opts_free(&o);
		return rc;
	}
	rc = o.diff ? main_diff(&o, map) : main_single(&o, map);
	mapping_free(map);
	main_opts_free(&o);
	return rc;
}
