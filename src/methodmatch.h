/* methodmatch.h: naming methods and classes on the command line
 * (docs/numbers.md, "Naming a method").
 *
 * A method is named "Class.name", "Class.name(signature)" with the full
 * descriptor, return type included ("(I)V"; without one every overload
 * matches), or by id "0x1a2b". A GLOB is a class pattern: '*' matches any
 * run of characters, the empty run included; every other character is
 * literal. Classes are compared with '/' read as '.' on both sides (Dalvik
 * keys write "java/lang/String"); everything is case-sensitive and matched
 * against the names the trace holds (after a mapping was applied). A
 * method never declared has class "" and name "".
 *
 * A parsed name owns a copy of its text (methodmatch_free()).
 */
#ifndef TV_METHODMATCH_H
#define TV_METHODMATCH_H

#include <stddef.h>
#include <stdint.h>

#include "trace.h"

struct methodmatch {
	int by_id;              /* named by id */
	uint64_t id;
	char *buf;              /* owns the strings below */
	const char *cls, *name, *sig;   /* sig NULL: every overload */
	size_t cls_len, name_len, sig_len;
};

/* Parses s into *m. 0, or -1 with a short reason (a static string) in
 * *why when s is malformed or memory ran out. */
int methodmatch_parse(const char *s, struct methodmatch *m, const char **why);
void methodmatch_free(struct methodmatch *m);

/* Whether method index method of tr is named by m. */
int methodmatch_method(const struct methodmatch *m, const struct trace *tr, uint32_t method);

/* Whether the whole of s matches pattern pat ('*' any run, '/' as '.'). */
int methodmatch_glob(const char *pat, size_t plen, const char *s, size_t slen);

/* Whether the class of method index method ("" when it has none) matches
 * pat. */
int methodmatch_class_glob(const char *pat, size_t plen, const struct trace *tr,
                           uint32_t method);

#endif
