/* options.c: the command line parsed into a struct request (see
 * options.h). */
#include "config.h"

#include "cli/options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "analyze/gate.h"
#include "analyze/match.h"
#include "analyze/pathtree.h"
#include "base/grow.h"
#include "base/textesc.h"
#include "cli/formats.h"
#include "cli/msg.h"
#include "read/inflate.h"

static void opts_usage(FILE *out)
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
static int opts_word(const char *s, const char *const *words, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(s, words[i]) == 0)
			return i;
	return -1;
}

/* The KEYS section, from the one action table, as roff or Markdown. */
static void opts_keys_doc(int roff)
{
	actions_doc(stdout, roff);
}

/* "unknown WHAT 'arg' (expected a, b, c)" from a word list. */
static int opts_bad_word(const char *what, const char *arg, const char *const *words, int n)
{
	fprintf(stderr, "traceview: unknown %s '%s' (expected ", what, arg);
	for (int i = 0; i < n; i++)
		fprintf(stderr, "%s%s", i ? ", " : "", words[i]);
	fputs(")\n", stderr);
	return MSG_EXIT_INPUT;
}

/* getopt's own messages start with argv[0] and cannot be reworded, so
 * they are off (opterr = 0) and these take their place. */
static int opts_bad_option(int c, char *const *argv)
{
	const char *arg = argv[optind - 1];
	int is_long = arg && arg[0] == '-' && arg[1] == '-';
	int len = is_long ? (int)strcspn(arg, "=") : 0;
	if (c == ':')
		return is_long ? msg_usage("option '%.*s' needs a value", len, arg)
		               : msg_usage("option '-%c' needs a value", optopt);
	if (is_long && optopt)
		return msg_usage("option '%.*s' takes no value", len, arg);
	if (is_long)
		return msg_usage("unknown option '%.*s' (see traceview --help)", len, arg);
	return msg_usage("unknown option '-%c' (see traceview --help)", optopt);
}

enum {
	OPT_COLOR = 256, OPT_ASCII, OPT_KEYS_ROFF, OPT_KEYS_MD, OPT_CLOCK, OPT_SIGNATURES,
	OPT_PER_THREAD, OPT_DIFF, OPT_MAPPING, OPT_INVERT, OPT_DEPTH, OPT_MIN, OPT_SORT, OPT_RANGE,
	OPT_TRANSFORM, OPT_APP, OPT_MIN_WAIT, OPT_METHOD, OPT_FRAME, OPT_SRC, OPT_FAIL_IF, OPT_VIEW,
	OPT_WIDTH, OPT_HEIGHT,
};

static const struct option opts_longopts[] = {
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
static int opts_depth(const char *s, uint32_t *depth)
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
static int opts_min(const char *s, uint64_t *ppm)
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
static int opts_method_opt(struct request *rq, const char *arg)
{
	struct match_spec m;
	const char *why;
	if (match_spec_parse(arg, &m, &why) < 0)
		return msg_usage("--method=%s: %s", arg, why);
	match_spec_free(&m);
	rq->method = arg;
	return 0;
}

static int opts_frame_opt(struct request *rq, const char *arg)
{
	const char *why;
	if (range_parse_time(arg, &rq->frame, &why) < 0)
		return msg_usage("--frame=%s: %s", arg, why);
	if (rq->frame == 0)
		return msg_usage("--frame=%s: the budget must be more than 0", arg);
	rq->frame_set = 1;
	return 0;
}

/* --fail-if: each rule is parsed now, so a malformed one stops the run
 * before any trace is read; argv outlives the options. */
static int opts_fail_if_opt(struct request *rq, const char *arg)
{
	struct gate_rule r;
	char why[GATE_WHY];
	if (gate_parse(arg, &r, why, sizeof why) < 0) {
		fputs("traceview: --fail-if=", stderr);
		textesc_text(stderr, arg, strlen(arg));
		fprintf(stderr, ": %s\n", why);
		return MSG_EXIT_INPUT;
	}
	gate_rule_free(&r);
	if (grow_push((void **)&rq->fail_if, &rq->fail_if_cap, (size_t)rq->nfail_if,
	              sizeof *rq->fail_if) < 0)
		return msg_usage("out of memory");
	rq->fail_if[rq->nfail_if++] = arg;
	rq->report = 1;   /* a gate never opens the full-screen view */
	return 0;
}

/* --view: a pane of the UI (1-6, in the order of the pane keys). */
static int opts_view_opt(struct request *rq, const char *arg)
{
	int k = opts_word(arg, fmt_view_names, 6);
	if (k < 0)
		return opts_bad_word("--view", arg, fmt_view_names, 6);
	rq->view = k + 1;
	rq->report = 1;
	return 0;
}

/* --width (20 to 1000 columns) and --height (3 to 32000 rows). */
static int opts_size_opt(const char *name, const char *arg, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(arg, &end, 10);
	if (!arg[0] || *end || arg[0] < '0' || arg[0] > '9' || v < lo || v > hi)
		return msg_usage("%s needs a whole number from %d to %d (got '%s')", name, lo,
		                 hi, arg);
	*out = (int)v;
	return 0;
}

/* One option; returns -1 to exit 0 (help, version), 0 to go on, or an
 * exit status. */
static int opts_option(int c, struct request *rq, char *const *argv)
{
	static const char *const colors[] = {"never", "always", "auto"};
	static const char *const clocks[] = {"cpu", "wall"};
	int k;
	switch (c) {
	case 'r': rq->format = FMT_TEXT; rq->report = rq->format_set = 1; break;
	case 'f':
		if ((k = opts_word(optarg, fmt_names, FMT_COUNT)) < 0)
			return opts_bad_word("format", optarg, fmt_names, FMT_COUNT);
		rq->format = k;
		rq->report = rq->format_set = 1;
		break;
	case 't':
		if (!optarg[0])
			return msg_usage("--thread needs a thread id or name");
		rq->thread = optarg;
		break;
	case 'o': rq->output = optarg; rq->report = rq->format_set = 1; break;
	case OPT_COLOR:
		if ((k = opts_word(optarg, colors, 3)) < 0) {
			static const char *const shown[] = {"auto", "always", "never"};
			return opts_bad_word("--color value", optarg, shown, 3);
		}
		rq->color = k == 2 ? -1 : k;
		rq->color_set = 1;
		break;
	case OPT_CLOCK:
		if ((rq->clock = opts_word(optarg, clocks, 2)) < 0)
			return opts_bad_word("--clock value", optarg, clocks, 2);
		break;
	case OPT_ASCII: rq->ascii = 1; break;
	case OPT_SIGNATURES: rq->signatures = 1; break;
	case OPT_PER_THREAD: rq->per_thread = 1; break;
	case OPT_DIFF: rq->diff = 1; break;
	case OPT_MAPPING: rq->mapping = optarg; break;
	case OPT_INVERT: rq->invert = 1; break;
	case OPT_DEPTH:
		if (opts_depth(optarg, &rq->depth) < 0)
			return msg_usage("--depth needs a whole number of levels, 1 or more "
			                 "(got '%s')", optarg);
		break;
	case OPT_MIN:
		if (opts_min(optarg, &rq->min_ppm) < 0)
			return msg_usage("--min needs a percentage from 0 to 100 (got '%s')",
			                 optarg);
		rq->min_set = 1;
		break;
	case OPT_SORT: {
		enum pathtree_by by;
		if (pathtree_by_parse(optarg, &by, &rq->sort_ascending) < 0)
			return msg_usage("unknown --sort column '%s' (expected incl_cpu, excl_cpu, "
			                 "incl_wall, excl_wall, incl_wait, excl_wait or calls, "
			                 "after - for smallest first)", optarg);
		rq->sort = (int)by + 1;
		break;
	}
	case OPT_RANGE: {
		const char *why;
		if (range_parse(optarg, &rq->range, &why) < 0)
			return msg_usage("--range: %s (got '%s')", why, optarg);
		rq->has_range = 1;
		break;
	}
	case OPT_TRANSFORM: {
		struct derive_step st;
		const char *why;
		if (derive_step_transform(optarg, &st, &why) < 0)
			return msg_usage("--transform: %s (got '%s')", why, optarg);
		derive_step_free(&st);   /* parsed again once all options are in */
		rq->transforms[rq->ntransforms++] = optarg;
		break;
	}
	case OPT_APP: {
		const char *why;
		free(rq->app);
		if (derive_parse_globs(optarg, &rq->app, &rq->napp, &why) < 0)
			return msg_usage("--app: %s (got '%s')", why, optarg);
		rq->app_arg = optarg;
		break;
	}
	case OPT_MIN_WAIT: {
		const char *why;
		if (range_parse_time(optarg, &rq->min_wait, &why) < 0)
			return msg_usage("--min-wait: %s (got '%s')", why, optarg);
		rq->min_wait_set = 1;
		break;
	}
	case OPT_METHOD: return opts_method_opt(rq, optarg);
	case OPT_FRAME: return opts_frame_opt(rq, optarg);
	case OPT_SRC: rq->src = optarg; return 0;
	case OPT_FAIL_IF: return opts_fail_if_opt(rq, optarg);
	case OPT_VIEW: return opts_view_opt(rq, optarg);
	case OPT_WIDTH:
		rq->width_set = 1;
		return opts_size_opt("--width", optarg, 20, 1000, &rq->width);
	case OPT_HEIGHT: return opts_size_opt("--height", optarg, 3, 32000, &rq->height);
	case 'h': opts_usage(stdout); return -1;
	case 'V':
		printf("traceview %s\ncompressed traces: gzip%s\n", PACKAGE_VERSION,
		       inflate_supported(INFLATE_ZSTD) ? ", zstd" : " (built without zstd)");
		return -1;
	case OPT_KEYS_ROFF: case OPT_KEYS_MD: opts_keys_doc(c == OPT_KEYS_ROFF); return -1;
	default: return opts_bad_option(c, argv);
	}
	return 0;
}

/* Options that make no sense together are refused up front. */
static int opts_check(const struct request *rq)
{
	if (rq->diff && (rq->format == FMT_CHROME || rq->format == FMT_DUMP ||
	                rq->format == FMT_SPEEDSCOPE || rq->format == FMT_TREE ||
	                rq->format == FMT_TREE_JSON))
		return msg_usage("--diff cannot write --format=%s (expected text, csv, json, "
		                 "folded)", fmt_names[rq->format]);
	if (rq->diff && strcmp(rq->path[0], "-") == 0 && strcmp(rq->path[1], "-") == 0)
		return msg_usage("--diff can read only one of its traces from standard "
		                 "input ('-')");
	if (rq->format == FMT_DUMP && rq->thread)
		return msg_usage("--format=dump lists every record: it takes no --thread");
	if (fmt_is_calls(rq->format) && !rq->method)
		return msg_usage("--format=%s needs --method=M (Class.name, "
		                 "Class.name(signature) or 0x1a2b)", fmt_names[rq->format]);
	if (rq->diff && (fmt_is_calls(rq->format) || fmt_is_jank(rq->format)))
		return msg_usage("--diff cannot write --format=%s (expected text, csv, json, "
		                 "folded)", fmt_names[rq->format]);
	if (rq->nfail_if && !rq->diff)
		return msg_usage("--fail-if needs --diff BASE NEW");
	if (rq->view && (rq->diff || rq->format_set))
		return msg_usage("--view prints one pane of one trace: it takes no --diff, "
		                 "--format or --output");
	if ((rq->width_set || rq->height) && !rq->view)
		return msg_usage("--width and --height go with --view (table, tree, "
		                 "bottom-up, flame, calls, jank)");
	if (rq->diff && (rq->format == FMT_WAITS || rq->format == FMT_WAITS_JSON))
		return msg_usage("--diff cannot write --format=%s (expected text, csv, json, "
		                 "folded)", fmt_names[rq->format]);
	return 0;
}

/* One warning per option given that the chosen output ignores; the exit
 * status stays as it is. */
void opts_warn_ignored(const struct request *rq, int ui)
{
	const struct {
		unsigned use;
		int given;
		const char *name;
	} opts[] = {
		{FMT_USE_CLOCK, rq->clock >= 0, "--clock"},
		{FMT_USE_SIGNATURES, rq->signatures, "--signatures"},
		{FMT_USE_PER_THREAD, rq->per_thread, "--per-thread"},
		{FMT_USE_COLOR, rq->color_set, "--color"},
		{FMT_USE_ASCII, rq->ascii, "--ascii"},
		{FMT_USE_TREE, rq->invert, "--invert"},
		{FMT_USE_TREE, rq->depth > 0, "--depth"},
		{FMT_USE_TREE, rq->min_set, "--min"},
		{FMT_USE_SORT, rq->sort != 0, "--sort"},
		{FMT_USE_VIEW, rq->has_range, "--range"},
		{FMT_USE_VIEW, rq->ntransforms > 0, "--transform"},
		{FMT_USE_VIEW, rq->app != NULL, "--app"},
		{FMT_USE_WAITS, rq->min_wait_set, "--min-wait"},
		{FMT_USE_METHOD, rq->method != NULL, "--method"},
		{FMT_USE_FRAME, rq->frame_set, "--frame"},
		{FMT_USE_SRC, rq->src != NULL, "--src"},
	};
	unsigned uses = fmt_uses(rq, ui);
	for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
		if (!opts[i].given || (uses & opts[i].use))
			continue;
		if (ui)
			fprintf(stderr, "traceview: warning: %s has no effect in the full-screen view\n",
			        opts[i].name);
		else if (rq->view)
			fprintf(stderr, "traceview: warning: %s has no effect with --view=%s\n",
			        opts[i].name, fmt_view_names[rq->view - 1]);
		else
			fprintf(stderr, "traceview: warning: %s has no effect with %s--format=%s\n",
			        opts[i].name, rq->diff ? "--diff " : "", fmt_names[rq->format]);
	}
}

/* The range and transforms as one list of view steps, range first. */
static int opts_steps(struct request *rq)
{
	uint32_t n = rq->ntransforms + (rq->has_range ? 1 : 0);
	const char *why = "out of memory";
	if (!n)
		return 0;
	if (!(rq->steps = calloc(n, sizeof *rq->steps)))
		return msg_usage("%s", why);
	if (rq->has_range && derive_step_range(&rq->range, &rq->steps[rq->nsteps++]) < 0)
		return msg_usage("%s", why);
	for (uint32_t i = 0; i < rq->ntransforms; i++)
		if (derive_step_transform(rq->transforms[i], &rq->steps[rq->nsteps++], &why) < 0)
			return msg_usage("--transform: %s (got '%s')", why, rq->transforms[i]);
	return 0;
}

int opts_parse(int argc, char **argv, struct request *rq)
{
	int c, rc;
	*rq = (struct request){.format = FMT_TEXT, .color = -1, .clock = -1};
	opterr = 0;
	if (!(rq->transforms = calloc((size_t)argc + 1, sizeof *rq->transforms)))
		return msg_usage("out of memory");
	while ((c = getopt_long(argc, argv, ":rf:t:o:hV", opts_longopts, NULL)) != -1)
		if ((rc = opts_option(c, rq, argv)) != 0)
			return rc;
	int want = rq->diff ? 2 : 1;
	if (argc - optind != want)
		return msg_usage("%s", argc - optind < want
		                               ? (rq->diff ? "--diff needs BASE and NEW traces"
		                                           : "missing TRACE operand")
		                               : (rq->diff ? "--diff takes two traces"
		                                           : "only one TRACE can be given"));
	rq->path[0] = argv[optind];
	rq->path[1] = rq->diff ? argv[optind + 1] : NULL;
	return opts_check(rq) ? MSG_EXIT_INPUT : opts_steps(rq);
}
