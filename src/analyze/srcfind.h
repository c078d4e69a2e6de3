/* srcfind.h: a method's source file under the --src directories
 * (docs/ui.md, "Opening the source").
 *
 * The trace names a method's class ("com/example/Foo$Bar", or with dots)
 * and often its source file's name ("Foo.kt"); without one, Foo.java and
 * Foo.kt (the outer class's name) are tried. Each directory of the list
 * (DIR[:DIR...]) is searched first by package path and file name
 * (DIR/com/example/Foo.kt); only when no directory has it there, by file
 * name anywhere below each directory (Kotlin files need not sit in package
 * folders), in a bounded walk: at most SRCFIND_DEPTH levels and
 * SRCFIND_VISITS entries, hidden directories and symbolic links to
 * directories skipped. At most SRCFIND_MAX matches are kept, in the
 * order found (directories in list order, each walk's entries sorted by
 * name, so the order is stable).
 *
 * Ownership: struct srcfind owns its paths (srcfind_free(), also after a
 * failure and on a zeroed struct). Nothing here prints or exits.
 */
#ifndef TV_SRCFIND_H
#define TV_SRCFIND_H

#include <stddef.h>

#include "base/status.h"

#define SRCFIND_DEPTH 24
#define SRCFIND_VISITS 200000
#define SRCFIND_MAX 32

struct srcfind {
	char **paths;            /* malloc'd, "DIR/..." as found */
	size_t n, cap;
	int by_package;          /* the matches are package-path ones */
	int capped;              /* the walk stopped at its bound */
	char name[256];          /* the file name looked for (the first one) */
};

/* Finds cls's source file (source: the trace's file name, len 0 for none)
 * under dirs. TV_OK (n may be 0) or TV_ERR_NOMEM. */
enum tv_status srcfind_find(struct srcfind *f, const char *dirs, const char *cls, size_t cls_len,
                            const char *source, size_t source_len);
void srcfind_free(struct srcfind *f);

#endif
