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

#include "load.h"
#include "profile.h"
#include "report.h"
#include "trace.h"

enum { EXIT_OUTPUT = 1, EXIT_INPUT = 2 };

enum main_format { FMT_TEXT, FMT_CSV, FMT_JSON };

struct main_opts {
	enum main_format format;
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
	      "  -h, --help            show this help and exit\n"
	      "  -V, --version         show the version and exit\n"
	      "\n"
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
	unsigned long long v = strtoull(s, &end, 0);
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
		{NULL, 0, NULL, 0},
	};
	int c;
	while ((c = getopt_long(argc, argv, "rf:t:o:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o->format = FMT_TEXT;
			break;
		case 'f':
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
			break;
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

int main(int argc, char **argv)
{
	struct main_opts o = {.format = FMT_TEXT};
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
