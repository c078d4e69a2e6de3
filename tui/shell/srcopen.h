/* srcopen.h: running the user's editor on a source file.
 *
 * The editor is $VISUAL, else $EDITOR, else vi. Its value is split on
 * blanks into words ("code -w" runs code with -w; no quoting, no shell),
 * then "+LINE" when the line is known (line > 0), then the path as one
 * argument: fork and execvp, never through a shell, so paths with spaces
 * or shell metacharacters reach the editor as they are. The caller gives
 * the terminal back first (endwin()) and takes it again afterwards.
 */
#ifndef TV_SRCOPEN_H
#define TV_SRCOPEN_H

#include <stddef.h>
#include <stdint.h>

/* Runs the editor on path and waits for it. 0 when it ran and exited 0;
 * -1 otherwise, with why in msg (n bytes). */
int srcopen_run(const char *path, int64_t line, char *msg, size_t n);

#endif
