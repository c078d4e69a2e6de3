/* tty.h: the terminal decision: the full-screen view when both ends are
 * a terminal that can show it, else a text report.
 *
 * These read the environment (TERM) and the standard descriptors; only
 * tty_keys_from_tty() changes anything (standard input).
 */
#ifndef TV_CLI_TTY_H
#define TV_CLI_TTY_H

#include "cli/request.h"

/* Whether a trace of the request is read from standard input ("-"). */
int tty_reads_stdin(const struct request *rq);

/* Whether the request opens the full-screen view: no report asked for,
 * standard output a terminal, TERM set and not "dumb", and the keys
 * coming from a terminal (standard input, or /dev/tty when the trace is
 * read from standard input). */
int tty_wants_ui(const struct request *rq);

/* Once a trace came from a pipe on standard input, the view takes its
 * keys from the controlling terminal instead, made standard input so
 * curses reads it as usual. 0, or -1 when there is none (the caller then
 * prints the report). */
int tty_keys_from_tty(void);

#endif
