/* options_internal.h: what the parts of the options module share:
 * options.c holds the table and parses the command line, and
 * options_config.c takes the config file's lines through the same rows.
 * options.h is the module's public header; nothing but the two parts
 * includes this one.
 */
#ifndef TV_CLI_OPTIONS_INTERNAL_H
#define TV_CLI_OPTIONS_INTERNAL_H

#include "cli/request.h"

/* The config file (configfile.h) into rq once argv is in (argc: how many
 * values argv may have given the repeatable options; their arrays grow
 * for the file's), unless --no-config: each option argv did not give,
 * through its row's setter as if given. 0, or the exit status, said
 * "traceview: FILE:LINE: ...". */
int opts_config(struct request *rq, int argc);

#endif
