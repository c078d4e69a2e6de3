/* msg.h: how the command line says what went wrong, and the exit
 * statuses that go with it.
 *
 * Every message is one line on standard error starting "traceview: ".
 * The functions of tui/cli/ return 0 or one of the statuses below and
 * only main() makes one the process's exit status (docs/cli.md, "Exit
 * status"); nothing in tui/cli/ calls exit(). Nothing here allocates;
 * the one state kept is msg_at()'s place.
 */
#ifndef TV_CLI_MSG_H
#define TV_CLI_MSG_H

#include "base/status.h"

enum msg_exit {
	MSG_EXIT_OUTPUT = 1,  /* the output could not be written */
	MSG_EXIT_INPUT = 2,   /* a bad command line, or a trace that could not be read */
	MSG_EXIT_GATE = 3,    /* a --fail-if rule held */
};

/* A path as messages name it: "-" is standard input. */
const char *msg_name(const char *path);

/* "traceview: FILE: MESSAGE" for an error of the engine. */
void msg_error(const char *file, const struct tv_error *err);

/* "traceview: NAME: out of memory"; returns MSG_EXIT_INPUT. */
int msg_oom(const char *path);

/* A bad command line: "traceview: " and the formatted text, one line;
 * returns MSG_EXIT_INPUT. While msg_at() names a place, the text follows
 * it ("traceview: FILE:LINE: ..."). */
int msg_usage(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* The place msg_usage() names until msg_at(NULL): the config file's line
 * whose value the option setters, shared with the command line, are
 * taking (options.c). Borrowed: it must outlive the call that clears it. */
void msg_at(const char *place);

#endif
