/* outfile.h: -o's file, written so that no run leaves it half written
 * (docs/cli.md, "Output files").
 *
 * A regular file, or a path that does not exist yet, is written to a
 * temporary file in the same folder and renamed onto it once complete, so
 * a failed or interrupted run leaves the old file as it was. Where the
 * system allows (O_TMPFILE) the temporary file has no name until it is
 * complete, so even a run killed midway leaves nothing behind; elsewhere
 * it is named ".NAME.tv-PID-N" and removed on every failure traceview
 * sees. The rename replaces the file a symlink points to (the link
 * stays) and keeps the replaced file's mode (and owner, where allowed); a
 * new file gets 0666 less the umask. A file that cannot be written is
 * refused as fopen() would refuse it; a writable file in a folder that is
 * not (no temporary file can be made there) is written in place, as
 * before. Anything that is not a regular file
 * (a device such as /dev/full, a FIFO) and any path under /dev/ or /proc/
 * (/dev/stdout) is written in place, as before.
 *
 * Functions return 0 or -1 with errno set; nothing here prints. The
 * struct owns its strings until outfile_close().
 */
#ifndef TV_CLI_OUTFILE_H
#define TV_CLI_OUTFILE_H

#include <stdio.h>

struct outfile {
	FILE *f;          /* where the writer writes */
	char *target;     /* the file the temporary replaces (malloc'd); NULL: in place */
	char *tmp;        /* the temporary's name (malloc'd); NULL: unnamed, or in place */
};

/* Opens path for writing (NULL: standard output, which is never closed). */
int outfile_open(struct outfile *o, const char *path);

/* Flushes and closes o->f; when ok (the writer succeeded) and that went
 * well, gives the temporary file its place, else removes it. 0, or -1
 * with errno of the first failure (also when !ok: the caller says why). */
int outfile_close(struct outfile *o, int ok);

#endif
