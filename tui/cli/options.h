/* options.h: the command line's options: parsing argv into a struct
 * request (request.h), --help, the checks of options that make no sense
 * together, and the warnings for options the chosen output ignores.
 *
 * Nothing outside tui/cli/options.c parses options. Messages go to
 * standard error (msg.h); --help, --version and --keys-* print to
 * standard output.
 */
#ifndef TV_CLI_OPTIONS_H
#define TV_CLI_OPTIONS_H

#include "cli/request.h"

/* Parses argv into rq (initialised here; request_free() it whatever the
 * result). 0: go on; -1: done, exit status 0 (--help, --version, the
 * KEYS docs printed); else the exit status, the reason said. */
int opts_parse(int argc, char **argv, struct request *rq);

/* One warning on standard error per option given that the chosen output
 * ignores (ui: the full-screen view); the exit status stays as it is. */
void opts_warn_ignored(const struct request *rq, int ui);

#endif
