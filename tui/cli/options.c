/* options.c: the option table, and the command line parsed, checked and
 * documented from it (see options.h); the config file's lines go through
 * the same rows in options_config.c. */
#include "config.h"

#include "cli/options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/derive.h"
#include "analyze/gate.h"
#include "analyze/match.h"
#include "analyze/pathtree.h"
#include "base/grow.h"
#include "base/textesc.h"
#include "cli/formats.h"
#include "cli/msg.h"
#include "cli/options_internal.h"
#include "draw/color.h"
#include "keys/actions.h"
#include "read/inflate.h"

/* ------------------------------------------------------------ values */

/* Index of s among word(0), word(1), ...; -1 when it is none of them. */
static int opts_pick(const char *s, const char *(*word)(unsigned))
{
	const char *w;
	for (unsigned i = 0; (w = word(i)) != NULL; i++)
		if (strcmp(s, w) == 0)
			return (int)i;
	return -1;
}

/* The words, ", "-separated, into buf (n bytes). */
static const char *opts_list(char *buf, size_t n, const char *(*word)(unsigned))
{
	size_t k = 0;
	const char *w;
	buf[0] = '\0';
	for (unsigned i = 0; (w = word(i)) != NULL && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", w);
	return buf;
}

/* "unknown WHAT 'arg' (expected a, b, c)" from the words. */
static int opts_bad_word(const char *what, const char *arg, const char *(*word)(unsigned))
{
	char words[512];
	return msg_usage("unknown %s '%s' (expected %s)", what, arg,
	                 opts_list(words, sizeof words, word));
}

static const char *opts_clock_word(unsigned i)
{
	static const char *const words[] = {"cpu", "wall"};   /* TV_CPU, TV_WALL */
	return i < 2 ? words[i] : NULL;
}

static const char *opts_color_word(unsigned i)
{
	static const char *const words[] = {"auto", "always", "never"};
	return i < 3 ? words[i] : NULL;
}

static const char *opts_sort_word(unsigned i)
{
	return i < PATHTREE_BY_COUNT ? pathtree_by_name((enum pathtree_by)i) : NULL;
}

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

/* --width (20 to 1000 columns) and --height (3 to 32000 rows). */
static int opts_size(const char *name, const char *arg, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(arg, &end, 10);
	if (!arg[0] || *end || arg[0] < '0' || arg[0] > '9' || v < lo || v > hi)
		return msg_usage("%s needs a whole number from %d to %d (got '%s')", name, lo, hi,
		                 arg);
	*out = (int)v;
	return 0;
}

/* ------------------------------------------------------------ setters */

/* Each takes its option's value (NULL when it has none) into rq: 0, or
 * an exit status with the reason said, or -1: done, exit status 0. */

static int opts_set_regression(struct request *rq, const char *arg)
{
	(void)arg;
	rq->format = fmt_default();
	rq->report = rq->format_set = 1;
	return 0;
}

static int opts_set_format(struct request *rq, const char *arg)
{
	unsigned n;
	int k = opts_pick(arg, fmt_word);
	if (k < 0)
		return opts_bad_word("format", arg, fmt_word);
	rq->format = &fmt_table(&n)[k];
	rq->report = rq->format_set = 1;
	return 0;
}

/* Repeatable: the union of what each names (resolve.h). */
static int opts_set_thread(struct request *rq, const char *arg)
{
	if (!arg[0])
		return msg_usage("--thread needs a thread id or name");
	rq->threads[rq->nthreads++] = arg;
	return 0;
}

/* --pid: a process id, 1 to 4294967295 (decimal digits only). */
static int opts_set_pid(struct request *rq, const char *arg)
{
	uint64_t v = 0;
	for (const char *p = arg; *p; p++)
		if (*p < '0' || *p > '9' || (v = v * 10 + (uint64_t)(*p - '0')) > UINT32_MAX)
			return msg_usage("--pid needs a process id (got '%s')", arg);
	if (!v)
		return msg_usage("--pid needs a process id (got '%s')", arg);
	rq->pid = (uint32_t)v;
	return 0;
}

static int opts_set_output(struct request *rq, const char *arg)
{
	rq->output = arg;
	rq->report = rq->format_set = 1;
	return 0;
}

static int opts_set_clock(struct request *rq, const char *arg)
{
	if ((rq->clock = opts_pick(arg, opts_clock_word)) < 0)
		return opts_bad_word("--clock value", arg, opts_clock_word);
	return 0;
}

static int opts_set_invert(struct request *rq, const char *arg)
{
	(void)arg;
	rq->invert = 1;
	return 0;
}

static int opts_set_depth(struct request *rq, const char *arg)
{
	if (opts_depth(arg, &rq->depth) < 0)
		return msg_usage("--depth needs a whole number of levels, 1 or more (got '%s')", arg);
	return 0;
}

static int opts_set_min(struct request *rq, const char *arg)
{
	if (opts_min(arg, &rq->min_ppm) < 0)
		return msg_usage("--min needs a percentage from 0 to 100 (got '%s')", arg);
	rq->min_set = 1;
	return 0;
}

static int opts_set_sort(struct request *rq, const char *arg)
{
	enum pathtree_by by;
	int rc = pathtree_by_parse(arg, &by, &rq->sort_ascending);
	if (rc < 0)
		return msg_usage("unknown --sort column '%s' (expected incl_cpu, excl_cpu, "
		                 "incl_wall, excl_wall, incl_wait, excl_wait or calls, "
		                 "after - for smallest first)", arg);
	rq->sort = (int)by + 1;
	rq->sort_events = rc == 1;
	return 0;
}

static int opts_set_range(struct request *rq, const char *arg)
{
	const char *why;
	if (range_parse(arg, &rq->range, &why) < 0)
		return msg_usage("--range: %s (got '%s')", why, arg);
	rq->has_range = 1;
	return 0;
}

/* Into the steps after the range's place (opts_steps() puts it first). */
static int opts_set_transform(struct request *rq, const char *arg)
{
	const char *why;
	if (derive_step_transform(arg, &rq->steps[rq->nsteps], &why) < 0)
		return msg_usage("--transform: %s (got '%s')", why, arg);
	rq->nsteps++;
	rq->transforms[rq->ntransforms++] = arg;
	return 0;
}

static int opts_set_app(struct request *rq, const char *arg)
{
	const char *why;
	free(rq->app);
	if (derive_parse_globs(arg, &rq->app, &rq->napp, &why) < 0)
		return msg_usage("--app: %s (got '%s')", why, arg);
	rq->app_arg = arg;
	return 0;
}

static int opts_set_min_wait(struct request *rq, const char *arg)
{
	const char *why;
	if (range_parse_time(arg, &rq->min_wait, &why) < 0)
		return msg_usage("--min-wait: %s (got '%s')", why, arg);
	rq->min_wait_set = 1;
	return 0;
}

/* --method: parsed now, matched once the trace is read; the last one
 * given counts. */
static int opts_set_method(struct request *rq, const char *arg)
{
	struct match_spec m;
	const char *why;
	if (match_spec_parse(arg, &m, &why) < 0)
		return msg_usage("--method=%s: %s", arg, why);
	match_spec_free(&rq->method_spec);
	rq->method_spec = m;
	rq->method = arg;
	return 0;
}

static int opts_set_frame(struct request *rq, const char *arg)
{
	const char *why;
	if (range_parse_time(arg, &rq->frame, &why) < 0)
		return msg_usage("--frame=%s: %s", arg, why);
	if (rq->frame == 0)
		return msg_usage("--frame=%s: the budget must be more than 0", arg);
	rq->frame_set = 1;
	return 0;
}

static int opts_set_src(struct request *rq, const char *arg)
{
	rq->src = arg;
	return 0;
}

static int opts_set_signatures(struct request *rq, const char *arg)
{
	(void)arg;
	rq->signatures = 1;
	return 0;
}

static int opts_set_per_thread(struct request *rq, const char *arg)
{
	(void)arg;
	rq->per_thread = 1;
	return 0;
}

static int opts_set_diff(struct request *rq, const char *arg)
{
	(void)arg;
	rq->diff = 1;
	return 0;
}

/* --fail-if: each rule is parsed now, so a malformed one stops the run
 * before any trace is read. */
static int opts_set_fail_if(struct request *rq, const char *arg)
{
	struct gate_rule r;
	char why[GATE_WHY];
	if (gate_parse(arg, &r, why, sizeof why) < 0) {
		fputs("traceview: --fail-if=", stderr);
		textesc_text(stderr, arg, strlen(arg));
		fprintf(stderr, ": %s\n", why);
		return MSG_EXIT_INPUT;
	}
	if (grow_push((void **)&rq->fail_if, &rq->fail_if_cap, (size_t)rq->nfail_if,
	              sizeof *rq->fail_if) < 0) {
		gate_rule_free(&r);
		return msg_usage("out of memory");
	}
	rq->fail_if[rq->nfail_if++] = r;
	rq->report = 1;   /* a gate never opens the full-screen view */
	return 0;
}

/* --view: a pane of the UI, in the order of the pane keys. */
static int opts_set_view(struct request *rq, const char *arg)
{
	int k = opts_pick(arg, fmt_view_word);
	if (k < 0)
		return opts_bad_word("--view", arg, fmt_view_word);
	rq->view = k + 1;
	rq->report = 1;
	return 0;
}

static int opts_set_width(struct request *rq, const char *arg)
{
	rq->width_set = 1;
	return opts_size("--width", arg, 20, 1000, &rq->width);
}

static int opts_set_height(struct request *rq, const char *arg)
{
	return opts_size("--height", arg, 3, 32000, &rq->height);
}

static int opts_set_mapping(struct request *rq, const char *arg)
{
	rq->mapping = arg;
	return 0;
}

static int opts_set_color(struct request *rq, const char *arg)
{
	int k = opts_pick(arg, opts_color_word);
	if (k < 0)
		return opts_bad_word("--color value", arg, opts_color_word);
	rq->color = k == 0 ? -1 : k == 1;   /* auto, always, never */
	rq->color_set = 1;
	return 0;
}

static int opts_set_ascii(struct request *rq, const char *arg)
{
	(void)arg;
	rq->ascii = 1;
	return 0;
}

static int opts_set_theme(struct request *rq, const char *arg)
{
	int k = opts_pick(arg, color_theme_word);
	if (k < 0)
		return opts_bad_word("--theme value", arg, color_theme_word);
	rq->theme = k;
	return 0;
}

static int opts_set_no_config(struct request *rq, const char *arg)
{
	(void)arg;
	rq->no_config = 1;
	return 0;
}

/* The shell's completions, written by main (complete.h), which knows the
 * shells. */
static int opts_completions(struct request *rq, const char *arg)
{
	rq->completions = arg;
	return -1;
}

static int opts_help(struct request *rq, const char *arg);

static int opts_version(struct request *rq, const char *arg)
{
	(void)rq;
	(void)arg;
	printf("traceview %s\ncompressed traces: gzip%s\n", PACKAGE_VERSION,
	       inflate_supported(INFLATE_ZSTD) ? ", zstd" : " (built without zstd)");
	return -1;
}

/* The KEYS section, from the one action table, as roff or Markdown. */
static int opts_keys_roff(struct request *rq, const char *arg)
{
	(void)rq;
	(void)arg;
	actions_doc(stdout, 1);
	return -1;
}

static int opts_keys_md(struct request *rq, const char *arg)
{
	(void)rq;
	(void)arg;
	actions_doc(stdout, 0);
	return -1;
}

/* ------------------------------------------------------------ the table */

/* In --help's order. */
static const struct opts_row opts_rows[] = {
	{.name = "regression", .letter = 'r', .help = "print the text report and exit",
	 .set = opts_set_regression, .runs = 1},
	{.name = "format", .letter = 'f', .metavar = "FMT",
	 .help = "print a report: text, csv or json; a call tree:\n"
	         "tree (indented text) or tree-json; every call of\n"
	         "a method: calls, calls-csv, calls-json; long\n"
	         "main-thread frames: jank, jank-json; or export:\n"
	         "folded (flame graphs), chrome (Trace Event JSON\n"
	         "for Perfetto), speedscope, dump (every record);\n"
	         "waits or waits-json (where threads were off CPU)",
	 .word = fmt_word, .set = opts_set_format, .runs = 1},
	{.name = "thread", .letter = 't', .metavar = "THREAD",
	 .help = "only these threads (repeatable: all named): an id\n"
	         "(decimal or 0x hex), a name, a prefix of one name,\n"
	         "or a glob of names ('AsyncTask*')",
	 .applies = FMT_USE_THREAD, .set = opts_set_thread},
	{.name = "pid", .metavar = "PID",
	 .help = "an ANR report (traces.txt, a bugreport) holding\n"
	         "several long-running method dumps: read PID's\n"
	         "(default: the first)",
	 .set = opts_set_pid},
	{.name = "output", .letter = 'o', .metavar = "FILE",
	 .help = "write to FILE instead of standard output (never\n"
	         "an input; a file is replaced once complete)",
	 .set = opts_set_output, .path = OPTS_PATH_FILE, .runs = 1},
	{.name = "clock", .metavar = "CLOCK",
	 .help = "cpu or wall: the clock of folded, chrome, speedscope,\n"
	         "and the one trees sort by (default: wall when the\n"
	         "trace records it); the one the full-screen view\n"
	         "opens on (default: cpu)",
	 .applies = FMT_USE_CLOCK, .word = opts_clock_word, .set = opts_set_clock},
	{.name = "invert", .help = "trees: bottom-up (each method, then its callers)",
	 .applies = FMT_USE_TREE, .set = opts_set_invert},
	{.name = "depth", .metavar = "N", .help = "trees: print N levels below the root",
	 .applies = FMT_USE_TREE, .set = opts_set_depth},
	{.name = "min", .metavar = "PERCENT",
	 .help = "trees: leave out nodes below PERCENT of the total", .applies = FMT_USE_TREE,
	 .set = opts_set_min},
	{.name = "sort", .metavar = "COLUMN",
	 .help = "trees (also --view=tree, bottom-up): order siblings\n"
	         "by incl_cpu, excl_cpu, incl_wall, excl_wall,\n"
	         "incl_wait, excl_wait or calls, largest first;\n"
	         "-COLUMN smallest first (default: incl, bottom-up\n"
	         "excl, on the clock)",
	 .applies = FMT_USE_SORT, .word = opts_sort_word, .set = opts_set_sort},
	{.name = "range", .metavar = "A..B",
	 .help = "only the time from A to B on the timeline (units\n"
	         "us, ms or s; either end may be left out: 2s..;\n"
	         "ev on a dump without time: 100ev..500ev)",
	 .applies = FMT_USE_STEPS, .set = opts_set_range},
	{.name = "transform", .metavar = "KIND:ARG",
	 .help = "reshape the call trees first (repeatable, in\n"
	         "order): focus:M, merge:M, drop:M, rec:M (M as\n"
	         "Class.name, Class.name(sig) or 0x1a2b),\n"
	         "collapse:GLOB, app:GLOB[,GLOB...] (only my code)",
	 .applies = FMT_USE_STEPS, .word = derive_kind_word, .set = opts_set_transform},
	{.name = "app", .metavar = "GLOB[,GLOB...]",
	 .help = "the app's classes, for categories and jank\n"
	         "causes (default: guessed)",
	 .applies = FMT_USE_STEPS, .set = opts_set_app},
	{.name = "min-wait", .metavar = "TIME",
	 .help = "waits, waits-json, the waits pane: the least\n"
	         "wait listed (default 16ms)", .applies = FMT_USE_WAITS,
	 .set = opts_set_min_wait},
	{.name = "method", .metavar = "M",
	 .help = "calls, calls-csv, calls-json: every call of M\n"
	         "(Class.name, Class.name(signature) or 0x1a2b)",
	 .applies = FMT_USE_METHOD, .set = opts_set_method},
	{.name = "frame", .metavar = "TIME",
	 .help = "jank, jank-json, the jank pane: the frame budget\n"
	         "(default 16.7ms; units us, ms, s)",
	 .applies = FMT_USE_FRAME, .set = opts_set_frame},
	{.name = "src", .metavar = "DIR[:DIR]...",
	 .help = "the view's o key opens the selected method's\n"
	         "source file found under these directories",
	 .applies = FMT_USE_SRC, .set = opts_set_src, .path = OPTS_PATH_DIRS},
	{.name = "signatures", .help = "exports: keep method signatures in frames",
	 .applies = FMT_USE_SIGNATURES, .set = opts_set_signatures},
	{.name = "per-thread", .help = "folded: a leading [tid] name frame per thread",
	 .applies = FMT_USE_PER_THREAD, .set = opts_set_per_thread},
	{.name = "diff", .help = "compare BASE and NEW (text, csv, json, folded, tree or\n"
	                         "tree-json)",
	 .set = opts_set_diff, .runs = 1},
	{.name = "fail-if", .metavar = "RULE",
	 .help = "with --diff: exit 3 when RULE holds, printing one\n"
	         "line per (rule, method); repeatable. RULE is\n"
	         "TARGET:FIELD OP VALUE, e.g. total:incl_wall>+5%,\n"
	         "pkg:com.example.*:excl_cpu>+2ms, *:calls>+0",
	 .applies = FMT_USE_GATE, .set = opts_set_fail_if, .runs = 1},
	{.name = "view", .metavar = "PANE",
	 .help = "print a pane of the UI as plain text: table, tree,\n"
	         "bottom-up, flame, calls, jank, threads or waits\n"
	         "(panes 1-5, J, 6, 7), with --thread, --clock, --range,\n"
	         "--transform, --method; with --diff: table, tree or\n"
	         "flame (the diff screen's)",
	 .word = fmt_view_word, .set = opts_set_view, .runs = 1},
	{.name = "width", .metavar = "N", .help = "--view: the pane's columns (default 80)",
	 .applies = FMT_USE_SIZE, .set = opts_set_width},
	{.name = "height", .metavar = "N", .help = "--view: the pane's rows (default: every row)",
	 .applies = FMT_USE_SIZE, .set = opts_set_height},
	{.name = "mapping", .metavar = "FILE",
	 .help = "show original names from an R8/ProGuard mapping", .set = opts_set_mapping,
	 .path = OPTS_PATH_FILE},
	{.name = "color", .alias = "colour", .metavar = "WHEN",
	 .help = "colours in the UI: auto (default), always, never", .applies = FMT_USE_COLOR,
	 .word = opts_color_word, .set = opts_set_color},
	{.name = "theme", .metavar = "THEME",
	 .help = "the UI's colours for a dark (default) or light\n"
	         "background, or auto: ask the terminal",
	 .applies = FMT_USE_COLOR, .word = color_theme_word, .set = opts_set_theme},
	{.name = "ascii", .help = "draw the UI with ASCII characters only",
	 .applies = FMT_USE_ASCII, .set = opts_set_ascii},
	{.name = "no-config", .help = "read no config file (~/.config/traceview/config)",
	 .set = opts_set_no_config, .runs = 1},
	{.name = "help", .letter = 'h', .help = "show this help and exit", .set = opts_help, .runs = 1},
	{.name = "version", .letter = 'V', .help = "show the version and exit", .set = opts_version,
	 .runs = 1},
	/* For the docs' KEYS sections (`make update-keys`) and the build's
	 * completions (complete.h); not listed. */
	{.name = "keys-roff", .set = opts_keys_roff, .runs = 1},
	{.name = "keys-md", .set = opts_keys_md, .runs = 1},
	{.name = "completions", .metavar = "SHELL", .set = opts_completions, .runs = 1},
};

#define OPTS_NROWS (sizeof opts_rows / sizeof opts_rows[0])
#define OPTS_HELP_COL 24   /* where --help's texts start */

/* rq->given holds one bit per row. */
_Static_assert(OPTS_NROWS <= 64, "struct request's given has 64 bits");

const struct opts_row *opts_table(unsigned *n)
{
	*n = OPTS_NROWS;
	return opts_rows;
}

/* ------------------------------------------------------------ --help */

/* "  -f, --format=FMT      text", the text's further lines under its
 * first. */
static void opts_help_row(FILE *out, const struct opts_row *r)
{
	char l = r->letter;
	int n = fprintf(out, "  %c%c%c --%s%s%s", l ? '-' : ' ', l ? l : ' ', l ? ',' : ' ', r->name,
	                r->metavar ? "=" : "", r->metavar ? r->metavar : "");
	fprintf(out, "%*s", n <= OPTS_HELP_COL - 2 ? OPTS_HELP_COL - n : 2, "");
	for (const char *p = r->help; *p; p++) {
		fputc(*p, out);
		if (*p == '\n')
			fprintf(out, "%*s", OPTS_HELP_COL, "");
	}
	fputc('\n', out);
}

static int opts_help(struct request *rq, const char *arg)
{
	(void)rq;
	(void)arg;
	fputs("Usage: traceview [OPTION]... TRACE\n"
	      "       traceview --diff [OPTION]... BASE.trace NEW.trace\n"
	      "Show where the time went in an Android method trace (.trace).\n"
	      "\n", stdout);
	for (size_t i = 0; i < OPTS_NROWS; i++)
		if (opts_rows[i].help)
			opts_help_row(stdout, &opts_rows[i]);
	fputs("\n"
	      "On a terminal traceview opens a full-screen view (press ? for its keys);\n"
	      "otherwise, or with -r, -f or -o, it prints a report.\n"
	      "TRACE is a .trace file of any Android format (legacy, streaming, V2),\n"
	      "or NAME.key and NAME.data given as either file or as NAME, or - for\n"
	      "standard input. gzip- and zstd-compressed traces are read as they are.\n"
	      "\n"
	      "Exit status: 0 success, 1 output could not be written,\n"
	      "2 bad command line or unreadable trace, 3 a --fail-if rule held.\n", stdout);
	return -1;
}

/* ------------------------------------------------------------ parsing */

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

/* getopt_long()'s tables from the rows: a row with a letter answers to
 * it, the others to 256 + their index; an alias shares its row's. */
static void opts_getopt_tables(struct option *longopts, char *shortopts)
{
	size_t k = 0;
	*shortopts++ = ':';   /* a missing value returns ':' */
	for (size_t i = 0; i < OPTS_NROWS; i++) {
		const struct opts_row *r = &opts_rows[i];
		int has_arg = r->metavar ? required_argument : no_argument;
		int val = r->letter ? r->letter : 256 + (int)i;
		longopts[k++] = (struct option){r->name, has_arg, NULL, val};
		if (r->alias)
			longopts[k++] = (struct option){r->alias, has_arg, NULL, val};
		if (r->letter) {
			*shortopts++ = r->letter;
			if (r->metavar)
				*shortopts++ = ':';
		}
	}
	longopts[k] = (struct option){NULL, 0, NULL, 0};
	*shortopts = '\0';
}

/* The row getopt_long() answered c for; NULL for none (an error). */
static const struct opts_row *opts_row_of(int c)
{
	if (c >= 256 && c < 256 + (int)OPTS_NROWS)
		return &opts_rows[c - 256];
	for (size_t i = 0; i < OPTS_NROWS; i++)
		if (opts_rows[i].letter && opts_rows[i].letter == c)
			return &opts_rows[i];
	return NULL;
}

/* --diff with a format that cannot compare. */
static int opts_no_diff(const struct fmt_row *f)
{
	char words[512];
	return msg_usage("--diff cannot write --format=%s (expected %s)", f->name,
	                 opts_list(words, sizeof words, fmt_diff_word));
}

/* Whether the row whose setter is set was given on the command line. */
static int opts_given(const struct request *rq, int (*set)(struct request *, const char *))
{
	for (size_t i = 0; i < OPTS_NROWS; i++)
		if (opts_rows[i].set == set)
			return rq->given >> i & 1;
	return 0;
}

/* Options that make no sense together are refused up front, in this
 * order (a command line with several faults is told the first). */
static int opts_check(const struct request *rq)
{
	const struct fmt_row *f = rq->format;
	int nodiff = rq->diff && !f->write_diff;
	if (nodiff && f->nodiff == FMT_NODIFF_FIRST)
		return opts_no_diff(f);
	if (rq->diff && strcmp(rq->path[0], "-") == 0 && strcmp(rq->path[1], "-") == 0)
		return msg_usage("--diff can read only one of its traces from standard input ('-')");
	if (f->input == FMT_IN_RECORDS && opts_given(rq, opts_set_thread))
		return msg_usage("--format=%s lists every record: it takes no --thread", f->name);
	if ((f->needs & FMT_NEEDS_METHOD) && !rq->method)
		return msg_usage("--format=%s needs --method=M (Class.name, Class.name(signature) or "
		                 "0x1a2b)", f->name);
	if (nodiff && f->nodiff == FMT_NODIFF_AFTER_NEEDS)
		return opts_no_diff(f);
	if (rq->diff && rq->invert && f->input == FMT_IN_TREE)
		return msg_usage("--diff merges the top-down trees: it takes no --invert");
	if (rq->nfail_if && !rq->diff)
		return msg_usage("--fail-if needs --diff BASE NEW");
	if (rq->view && rq->diff && fmt_diff_view(rq) < 0) {
		char words[512];
		return msg_usage("--diff --view=%s: the diff screen has no such pane (expected %s)",
		                 fmt_view_word((unsigned)rq->view - 1),
		                 opts_list(words, sizeof words, fmt_diff_view_word));
	}
	if (rq->view && (rq->nfail_if || rq->format_set))
		return msg_usage("--view prints one pane: it takes no --format, --output or --fail-if");
	/* the config file's sizes wait for a --view */
	if ((opts_given(rq, opts_set_width) || opts_given(rq, opts_set_height)) && !rq->view) {
		char words[512];
		return msg_usage("--width and --height go with --view (%s)",
		                 opts_list(words, sizeof words, fmt_view_word));
	}
	if (nodiff && f->nodiff == FMT_NODIFF_LAST)
		return opts_no_diff(f);
	return 0;
}

/* The range, once all options are in, as the first of the steps: ranges
 * apply before the transforms (derive.h). */
static int opts_steps(struct request *rq)
{
	if (!rq->has_range)
		return 0;
	memmove(rq->steps + 1, rq->steps, rq->nsteps * sizeof *rq->steps);
	rq->nsteps++;
	if (derive_step_range(&rq->range, &rq->steps[0]) < 0)
		return msg_usage("out of memory");
	return 0;
}

/* The options of argv, each through its row's setter. */
static int opts_options(int argc, char **argv, struct request *rq)
{
	struct option longopts[2 * OPTS_NROWS + 1];
	char shortopts[3 * OPTS_NROWS + 2];
	const struct opts_row *r;
	int c, rc;
	opts_getopt_tables(longopts, shortopts);
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (!(r = opts_row_of(c)))
			return opts_bad_option(c, argv);
		rq->given |= (uint64_t)1 << (r - opts_rows);
		if ((rc = r->set(rq, r->metavar ? optarg : NULL)) != 0)
			return rc;
	}
	return 0;
}

int opts_parse(int argc, char **argv, struct request *rq)
{
	int rc;
	*rq = (struct request){.format = fmt_default(), .color = -1, .clock = -1};
	/* room for every argument a transform or a thread, and the range */
	if (!(rq->transforms = calloc((size_t)argc + 1, sizeof *rq->transforms)) ||
	    !(rq->threads = calloc((size_t)argc + 1, sizeof *rq->threads)) ||
	    !(rq->steps = calloc((size_t)argc + 1, sizeof *rq->steps)))
		return msg_usage("out of memory");
	if ((rc = opts_options(argc, argv, rq)) != 0 || (rc = opts_config(rq, argc)) != 0)
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

/* ------------------------------------------------------------ warnings */

/* One line for option r, which the chosen output ignores. */
static void opts_warn_row(const struct request *rq, int ui, const struct opts_row *r)
{
	if (ui)
		fprintf(stderr, "traceview: warning: --%s has no effect in the full-screen view\n",
		        r->name);
	else if (rq->view)
		fprintf(stderr, "traceview: warning: --%s has no effect with --view=%s\n", r->name,
		        fmt_view_word((unsigned)rq->view - 1));
	else
		fprintf(stderr, "traceview: warning: --%s has no effect with %s--format=%s\n", r->name,
		        rq->diff ? "--diff " : "", rq->format->name);
}

void opts_warn_ignored(const struct request *rq, int ui)
{
	unsigned uses = fmt_uses(rq, ui);
	/* group by group (formats.h), each in the table's order */
	for (unsigned group = 1; group <= FMT_USE_GATE; group <<= 1) {
		if (uses & group)
			continue;
		for (size_t i = 0; i < OPTS_NROWS; i++)
			if (opts_rows[i].applies == group && (rq->given >> i & 1))
				opts_warn_row(rq, ui, &opts_rows[i]);
	}
}
