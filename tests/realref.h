/* realref.h: reading the reference outputs of Traceview and dmtracedump
 * (reference/ *.txt.gz in the real-trace folder, through "gzip -dc") and
 * what both comparisons share: methods by full name, the methods neither
 * tool places as we do, and the counts printed at the end
 * (test_real_traceview.c, test_real_dmtracedump.c).
 *
 * Returned strings and arrays are malloc'd and owned by the caller.
 */
#ifndef TV_REALREF_H
#define TV_REALREF_H

#include <stddef.h>
#include <stdint.h>

#include "model/trace.h"
#include "realtest.h"

/* The reference output of tool ("traceview", "dmtracedump") for the trace
 * file named trace: dir/reference/NAME.TOOL.txt.gz. */
char *reference_path(const char *dir, const char *trace, const char *tool);

/* Lines of a gzipped file, through gzip (no zlib dependency). NULL when
 * the file or gzip is missing. */
char **read_gz_lines(const char *path, size_t *n);

/* Whether gzip runs. */
int have_gzip(void);

/* "class.name sig" as both tools print a method (NULL when a part is
 * missing); malloc'd. ascii: as Traceview prints it, each byte
 * >= 0x80 as U+FFFD (its US-ASCII reader of the key section). */
char *method_fullname(const struct trace *tr, uint32_t m, int ascii);

/* Our methods by full name; a name carried by two methods is ambiguous. */
struct named {
	char *name;
	uint32_t m;
};

struct names {
	struct named *v;
	size_t n;
	int ascii;              /* names as Traceview prints them */
};

#define NAME_NONE UINT32_MAX
#define NAME_AMBIGUOUS (UINT32_MAX - 1)

/* Every method of tr with a full name (method_fullname()), sorted;
 * names_find() gives the method of a name, NAME_NONE or NAME_AMBIGUOUS. */
void names_build(struct names *ns, const struct trace *tr, int ascii);
uint32_t names_find(const struct names *ns, const char *name);
void names_free(struct names *ns);

/* Methods with a call that the reference tools see in another place.
 *
 * In a thread with an orphan exit (rule 3), the last adopted call starts at
 * the thread's first timestamp, is a top-level call, and contains every call
 * entered before that exit; the tools instead keep those calls where they
 * were (Traceview) or charge the orphan from time 0 (dmtracedump). Calls
 * outside such subtrees have the same ancestors, children and times in all
 * three. Every top-level call starting at 0 on every clock in such a thread
 * is taken as adopted: a superset, so the test stays sound. A method is
 * "dirty" when any of its calls is in one of these subtrees. Malloc'd, one
 * byte per method. */
uint8_t *dirty_methods(const struct real *r);

/* The trace-level reason to compare no method at all with either tool;
 * NULL when there is none. */
const char *no_method_compare(const struct trace *tr);

/* What a comparison with one tool covered, printed at the end. */
struct stats {
	unsigned traces, full, partial, methods, edges, absent, threads;
	unsigned cswitch;       /* methods with a "(context switch)" child */
};

/* One tool's comparison over every trace in dir (the test skipped when
 * gzip is missing): *st zeroed, then for each trace whose reference
 * output of tool has lines, c's trace named and one(c, path, lines, n,
 * st) run, which parses the lines and compares the trace loaded. */
typedef void realref_one_fn(struct ctx *c, const char *path, char **lines, size_t n,
                            struct stats *st);
void realref_each(const char *dir, const char *tool, struct ctx *c, struct stats *st,
                  realref_one_fn *one);

#endif
