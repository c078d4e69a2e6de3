/* options.h: the command line's options, as one table (as git's
 * commands[] and tmux's cmd_entry): getopt_long()'s tables, --help, the
 * parsing of each value into a struct request (request.h) and the
 * warnings for options the chosen output ignores all come from it, and
 * so do the shells' completions (complete.h). The config file's lines
 * (configfile.h) go through the same rows and setters. The checks of options
 * that make no sense together are here too.
 *
 * Nothing outside tui/cli/options.c parses options. The table is static
 * data; messages go to standard error (msg.h); --help, --version and
 * --keys-* print to standard output.
 */
#ifndef TV_CLI_OPTIONS_H
#define TV_CLI_OPTIONS_H

#include "cli/request.h"

/* What an option's value names, for the completions and the config
 * file's "~". */
enum opts_path { OPTS_PATH_NONE, OPTS_PATH_FILE, OPTS_PATH_DIRS /* DIR[:DIR]... */ };

struct opts_row {
	const char *name;     /* the long name, without "--" */
	const char *alias;    /* another long name it answers to (not listed); NULL */
	char letter;          /* the short name; 0 for none */
	const char *metavar;  /* its value as --help names it; NULL: it takes none */
	const char *help;     /* --help's text, lines split by '\n'; NULL: not listed */
	/* The outputs it changes: one FMT_USE_* group (formats.h), which each
	 * output reads or not; 0 for every output. */
	unsigned applies;
	/* Its closed set of values, word(0), word(1), ... up to NULL; NULL
	 * when any value goes (a completion offers nothing). */
	const char *(*word)(unsigned i);
	/* Takes the value (NULL when it takes none) into rq: 0; -1 when done
	 * (the run ends, exit status 0); else an exit status, the reason
	 * said. */
	int (*set)(struct request *rq, const char *arg);
	enum opts_path path;  /* its value is a file, or directories */
	/* It chooses what runs (a report, its output, --diff, --view, help):
	 * the command line's alone, refused in the config file. */
	int runs;
};

/* The rows, in --help's order; *n gets their count. */
const struct opts_row *opts_table(unsigned *n);

/* Parses argv into rq (initialised here; request_free() it whatever the
 * result), then the config file (configfile.h; not with --no-config) for
 * the options argv does not give. 0: go on; -1: done, exit status 0
 * (--help, --version, the KEYS docs printed; or --completions asked
 * for: rq->completions names the shell, main writes them); else the exit
 * status, the reason said. */
int opts_parse(int argc, char **argv, struct request *rq);

/* Whether the option named name (its long name) took its value from the
 * config file: a preference, which a trace that cannot take it leaves
 * aside (resolve.h). */
int opts_from_config(const struct request *rq, const char *name);

/* One warning on standard error per option given on the command line
 * that the chosen output ignores (ui: the full-screen view); the exit
 * status stays as it is. The config file's never warn. */
void opts_warn_ignored(const struct request *rq, int ui);

#endif
