/* match.h: naming methods, classes and threads on the command line
 * (docs/numbers.md, "Transforms"; docs/cli.md, "--thread").
 *
 * A method is named "Class.name", "Class.name(signature)" (the full
 * descriptor; without one every overload matches), by id "0x1a2b", or by
 * the synthetic id "collapse:GLOB" of a collapsed package. A GLOB is a
 * class pattern where '*' matches any run of characters (the empty one
 * too) and every other character is literal. Classes are compared with
 * '/' read as '.' on both sides; everything is case-sensitive and matched
 * against the names the trace holds (after a mapping was applied).
 *
 * A parsed spec owns a copy of its text (match_spec_free()).
 */
#ifndef TV_MATCH_H
#define TV_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "model/trace.h"

enum match_kind { MATCH_NAME, MATCH_ID, MATCH_SYNTH };

struct match_spec {
	enum match_kind kind;
	uint64_t id;            /* MATCH_ID */
	char *buf;              /* owns the strings below */
	const char *cls, *name, *sig;   /* MATCH_NAME (sig NULL: any); MATCH_SYNTH: cls = GLOB */
	size_t cls_len, name_len, sig_len;
};

/* Whether the whole of s matches pattern pat ('*' any run, '/' as '.'). */
int match_glob(const char *pat, size_t plen, const char *s, size_t slen);

/* The threads --thread's spec names (docs/cli.md, "--thread"): a spec
 * holding '*' is a glob over thread names ('*' any run, every other byte
 * literal, '/' too), naming every thread whose whole name matches; any
 * other spec is read by trace_match_threads() (a tid, else the threads
 * with that exact name, else those it is a prefix of). Returns the count
 * and stores the first min(count, max) thread indices in out, in trace
 * order; *all is 1 when every match is named (a glob, or an exact name
 * several threads share) and 0 when several matches are an ambiguous
 * prefix. */
uint32_t match_threads(const struct trace *tr, const char *spec, uint32_t *out, uint32_t max,
                       int *all);

/* Parses s into *out. 0, or -1 with a short reason in *why (a static
 * string) when s is malformed or memory ran out. */
int match_spec_parse(const char *s, struct match_spec *out, const char **why);
void match_spec_free(struct match_spec *m);

/* Whether method index m of tr is named by spec. */
int match_method(const struct match_spec *spec, const struct trace *tr, uint32_t m);

/* Whether the class of method m (its '/' read as '.'; "" when it has none)
 * matches pat. Synthetic methods never match. */
int match_class_glob(const char *pat, size_t plen, const struct trace *tr, uint32_t m);

#endif
