/* complete.h: the shells' completions of the command line, written from
 * the option table (options.h), so they cannot drift from --help: bash,
 * zsh and fish. The build writes them (traceview --completions=SHELL)
 * and `make install` puts each where its shell looks (docs/cli.md,
 * "Completions").
 *
 * Each completes the options --help lists, the values of those with a
 * closed set of words (--format, --view, --clock, --sort, --color,
 * --theme, the --transform kinds), files for FILE values and for the
 * traces (any file: ANR traces.txt and dumps without an extension are
 * traces too), directories for --src. The bash one is static text: it
 * needs none of bash-completion's helpers, nor extglob, never runs
 * traceview, and completes --format= whether or not bash splits the
 * word at '='.
 */
#ifndef TV_CLI_COMPLETE_H
#define TV_CLI_COMPLETE_H

#include <stdio.h>

/* The completions for shell ("bash", "zsh" or "fish") to out: 0;
 * MSG_EXIT_INPUT for another shell (said, naming the three);
 * MSG_EXIT_OUTPUT when out cannot be written (said). */
int complete_write(FILE *out, const char *shell);

#endif
