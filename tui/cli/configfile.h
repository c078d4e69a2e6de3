/* configfile.h: the config file: where it is, and its lines read into names
 * and values (docs/cli.md, "The config file").
 *
 * One long option a line without its dashes, "NAME = VALUE" or a bare
 * "NAME" (a flag); blanks around the name, the '=' and the value are
 * dropped. A line whose first non-blank character is '#' is a comment;
 * blank lines are skipped. A line holding a control character is
 * refused, so no message echoes one to the terminal. Nothing here knows
 * the options: options.c looks each name up in its table.
 *
 * A struct configfile owns its file's text, which the entries' names and
 * values point into, and the values configfile_home() made; configfile_free()
 * releases them (a struct zeroed or found but not read is fine).
 * Failures are said on standard error (msg.h) as "traceview: FILE:LINE:
 * ..." or "traceview: FILE: ..." and returned as MSG_EXIT_INPUT.
 */
#ifndef TV_CLI_CONFIGFILE_H
#define TV_CLI_CONFIGFILE_H

#include <stddef.h>

/* Larger files are refused: a config file is a few lines. */
#define CONFIGFILE_MAX_BYTES (1u << 20)

struct configfile_entry {
	const char *name;
	const char *value;   /* NULL for a bare name */
	unsigned line;       /* from 1 */
};

struct configfile {
	char path[4096];     /* the file, as messages name it */
	char *text;          /* its bytes, cut into names and values */
	struct configfile_entry *entry;
	size_t n;
	char **made;         /* the values configfile_home() made */
	size_t nmade;
};

/* Where the file is, into cf->path: $TRACEVIEW_CONFIG (set but empty:
 * none), else $XDG_CONFIG_HOME/traceview/config (when that is an
 * absolute path), else $HOME/.config/traceview/config. 1 when there is
 * one to read (*named: TRACEVIEW_CONFIG named it, so it must exist), 0
 * when none. */
int configfile_find(struct configfile *cf, int *named);

/* Reads cf->path into its entries: 0, also for a file that does not
 * exist when it was not named; else MSG_EXIT_INPUT, said. */
int configfile_read(struct configfile *cf, int named);

/* e's value with a leading "~" ("~" alone or "~/...") made $HOME's, in
 * each ':'-separated part when list. The value itself when nothing
 * changes; NULL when it cannot be done (no HOME, out of memory: said by
 * msg_usage(), which the caller points at e's line, msg_at()). */
const char *configfile_home(struct configfile *cf, const struct configfile_entry *e, int list);

/* "FILE:LINE" of e, into buf (n bytes), for the messages about it. */
void configfile_place(const struct configfile *cf, const struct configfile_entry *e, char *buf, size_t n);

void configfile_free(struct configfile *cf);

#endif
