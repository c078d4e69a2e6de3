/* main.c: the traceview command line.
 *
 * Parses options, loads the trace and writes a report. Only this file
 * decides exit statuses: 0 success, 1 the output could not be written,
 * 2 the command line was wrong or the trace could not be read.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "load.h"
#include "profile.h"
#include "report.h"
#include "trace.h"
#include "ui.h"

#include <locale.h>
#include <unistd.h>

enum { EXIT_OUTPUT = 1, EXIT_INPUT = 2 };

enum main_format { FMT_TEXT, FMT_CSV, FMT_JSON };

struct main_opts {
	enum main_format format;
	int report;          /* a report was asked for: no full screen */
	int color;           /* -1 auto, 0 never, 1 always */
	int ascii;
	int have_thread;
	uint32_t thread;
	const char *output;
	const char *path;
};

static void main_usage(FILE *out)
{
	fputs("Usage: traceview [OPTION]... TRACE\n"
	      "Show where the time went in an Android method trace (.trace).\n"
	      "\n"
	      "  -r, --regression      print the text report and exit\n"
	      "  -f, --format=FMT      print a report: text, csv or json\n"
	      "  -t, --thread=TID      only the thread with this id\n"
	      "  -o, --output=FILE     write the report to FILE instead of stdout\n"
	      "      --color=WHEN      colours in the UI: auto (default), always, never\n"
	      "      --ascii           draw the UI with ASCII characters only\n"
	      "  -h, --help            show this help and exit\n"
	      "  -V, --version         show the version and exit\n"
	      "\n"
	      "On a terminal traceview opens a full-screen view (press ? for its keys);\n"
	      "otherwise, or with -r, -f or -o, it prints a report.\n"
	      "TRACE is a .trace file of any Android format (legacy, streaming, V2),\n"
	      "or NAME.key and NAME.data given as either file or as NAME.\n"
	      "\n"
	      "Exit status: 0 success, 1 output could not be written,\n"
	      "2 bad command line or unreadable trace.\n", out);
}

static int main_parse_tid(const char *s, uint32_t *out)
{
	char *end;
	errno = 0;
	int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	unsigned long long v = strtoull(s, &end, hex ? 16 : 10);  /* never octal */
	if (errno || end == s || *end || v > UINT32_MAX || s[0] == '-')
		return -1;
	*out = (uint32_t)v;
	return 0;
}

static int main_parse_format(const char *s, enum main_format *out)
{
	if (strcmp(s, "text") == 0)
		*out = FMT_TEXT;
	else if (strcmp(s, "csv") == 0)
		*out = FMT_CSV;
	else if (strcmp(s, "json") == 0)
		*out = FMT_JSON;
	else
		return -1;
	return 0;
}

static int main_parse_color(const char *s, int *out)
{
	if (strcmp(s, "auto") == 0)
		*out = -1;
	else if (strcmp(s, "always") == 0)
		*out = 1;
	else if (strcmp(s, "never") == 0)
		*out = 0;
	else
		return -1;
	return 0;
}

/* The KEYS section, from the one action table, as roff or Markdown. */
static void main_keys_doc(int roff)
{
	unsigned n;
	const struct action_info *a = actions_table(&n);
	static const char scopes[] = "GTL";
	static const char *const titles[] = {"Anywhere", "Table", "Timeline"};
	for (int s = 0; s < 3; s++) {
		if (roff)
			printf(".SS %s\n", titles[s]);
		else
			printf("%s**%s**\n\n| keys | action |\n|---|---|\n", s ? "\n" : "", titles[s]);
		for (unsigned i = 0; i < n; i++) {
			if (a[i].scope != scopes[s])
				continue;
			if (roff)
				printf(".TP\n.B %s\n%s.\n", a[i].keys, a[i].help);
			else
				printf("| `%s` | %s |\n", a[i].keys, a[i].help);
		}
	}
}

enum { OPT_COLOR = 256, OPT_ASCII, OPT_KEYS_ROFF, OPT_KEYS_MD };

/* Returns -1 to exit 0 (help, version), 0 to go on, EXIT_INPUT on errors. */
static int main_options(int argc, char **argv, struct main_opts *o)
{
	static const struct option longopts[] = {
		{"regression", no_argument, NULL, 'r'},
		{"format", required_argument, NULL, 'f'},
		{"thread", required_argument, NULL, 't'},
		{"output", required_argument, NULL, 'o'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{"color", required_argument, NULL, OPT_COLOR},
		{"colour", required_argument, NULL, OPT_COLOR},
		{"ascii", no_argument, NULL, OPT_ASCII},
		{"keys-roff", no_argument, NULL, OPT_KEYS_ROFF},
		{"keys-md", no_argument, NULL, OPT_KEYS_MD},
		{NULL, 0, NULL, 0},
	};
	int c;
	while ((c = getopt_long(argc, argv, "rf:t:o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o->format = FMT_TEXT;
			o->report = 1;
			break;
		case 'f':
			o->report = 1;
			if (main_parse_format(optarg, &o->format) < 0) {
				fprintf(stderr, "traceview: unknown format '%s' (text, csv or json)\n", optarg);
				return EXIT_INPUT;
			}
			break;
		case 't':
			if (main_parse_tid(optarg, &o->thread) < 0) {
				fprintf(stderr, "traceview: bad thread id '%s'\n", optarg);
				return EXIT_INPUT;
			}
			o->have_thread = 1;
			break;
		case 'o':
			o->output = optarg;
			o->report = 1;
			break;
		case OPT_COLOR:
			if (main_parse_color(optarg, &o->color) < 0) {
				fprintf(stderr, "traceview: --color takes auto, always or never, not '%s'\n",
				        optarg);
				return EXIT_INPUT;
			}
			break;
		case OPT_ASCII:
			o->ascii = 1;
			break;
		case OPT_KEYS_ROFF: case OPT_KEYS_MD:
			main_keys_doc(c == OPT_KEYS_ROFF);
			return -1;
		case 'h':
			main_usage(stdout);
			return -1;
		case 'V':
			printf("traceview %s\n", PACKAGE_VERSION);
			return -1;
		default:
			fputs("Try 'traceview --help' for more information.\n", stderr);
			return EXIT_INPUT;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "traceview: %s\nTry 'traceview --help' for more information.\n",
		        optind >= argc ? "missing TRACE operand" : "only one TRACE can be given");
		return EXIT_INPUT;
	}
	o->path = argv[optind];
	return 0;
}

static void main_error(const char *file, const struct tv_error *err)
{
	char msg[512];
	tv_error_format(err, msg, sizeof msg);
	fprintf(stderr, "traceview: %s: %s\n", file, msg);
}

static enum tv_status main_write(FILE *out, const struct main_opts *o, const struct profile *p)
{
	switch (o->format) {
	case FMT_JSON: return report_json(out, p);
	case FMT_CSV: return report_csv(out, p);
	case FMT_TEXT: break;
	}
	return report_text(out, p, o->path);
}

/* Writes the report to stdout or the -o file; returns an exit status. */
static int main_report(const struct main_opts *o, const struct profile *p)
{
	FILE *out = stdout;
	if (o->output) {
		out = fopen(o->output, "w");
		if (!out) {
			fprintf(stderr, "traceview: %s: %s\n", o->output, strerror(errno));
			return EXIT_OUTPUT;
		}
	}
	enum tv_status st = main_write(out, o, p);
	if (fflush(out) != 0 || ferror(out))
		st = TV_ERR_OUTPUT;
	if (out != stdout && fclose(out) != 0)
		st = TV_ERR_OUTPUT;
	if (st != TV_OK) {
		fprintf(stderr, "traceview: %s: %s\n", o->output ? o->output : "standard output",
		        tv_status_str(st));
		return EXIT_OUTPUT;
	}
	return 0;
}

/* Full screen only when both ends are a terminal that can do it. */
static int main_wants_ui(const struct main_opts *o)
{
	const char *term = getenv("TERM");
	return !o->report && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) && term && *term &&
	       strcmp(term, "dumb") != 0;
}

int main(int argc, char **argv)
{
	struct main_opts o = {.format = FMT_TEXT, .color = -1};
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");  /* reports are for scripts too */
	int rc = main_options(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;

	struct trace tr;
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	trace_init(&tr);
	if (load_file(&tr, o.path, &err, errfile, sizeof errfile) != TV_OK) {
		main_error(errfile[0] ? errfile : o.path, &err);
		trace_free(&tr);
		return EXIT_INPUT;
	}
	if (main_wants_ui(&o)) {
		struct ui_opts uo = {o.color, o.ascii, o.have_thread, o.thread};
		rc = ui_run(o.path, &tr, &uo);
		if (rc != 2) {
			trace_free(&tr);
			return rc;
		}
		/* The terminal could not go full screen: print the report. */
	}
	struct profile p;
	if (profile_build(&p, &tr, o.have_thread ? &o.thread : NULL, &err) != TV_OK) {
		main_error(o.path, &err);
		profile_free(&p);
		trace_free(&tr);
		return EXIT_INPUT;
	}
	rc = main_report(&o, &p);
	profile_free(&p);
	trace_free(&tr);
	return rc;
}
