/* methodname.h: a method's name as every engine output writes it.
 *
 * One rule everywhere: a method that was declared with a class or a name
 * is "class.name" (plus its signature where asked); any other is
 * "(unknown 0x1a2b)"; PROF_TOPLEVEL is "(toplevel)". Bytes from the trace
 * are escaped for the output (see textesc.h). Write errors stay in the
 * stream (check ferror()).
 */
#ifndef TV_METHODNAME_H
#define TV_METHODNAME_H

#include <stdint.h>
#include <stdio.h>

#include "model/trace.h"

/* Declared with a class or a name: shown (and matched) by name. */
int methodname_known(const struct tv_method *m);

/* For people: "class.name" or, with sig, "class.name signature". */
void methodname_text(FILE *out, const struct trace *tr, uint32_t method, int sig);
struct outbuf;
void methodname_text_ob(struct outbuf *ob, const struct trace *tr, uint32_t method, int sig);

/* A folded-stack frame: "class.name", or with sig "class.name(sig)" where
 * each ';' of the signature becomes ','; a ';' in the class or name (the
 * frame separator) is written \x3b. */
void methodname_frame(FILE *out, const struct trace *tr, uint32_t method, int sig);

/* A JSON string "class.name" (RFC 8259 escaping). */
int methodname_json(FILE *out, const struct trace *tr, uint32_t method);

/* The method's id as machine outputs write it (docs/numbers.md,
 * "Transforms"): "0x1a2b", "toplevel" for PROF_TOPLEVEL, and a collapsed
 * package's synthetic method as "collapse:GLOB" (its name, not the
 * private number it has inside the derived trace). csv: bare, CSV-escaped;
 * else a quoted JSON string. */
void methodname_id_ob(struct outbuf *ob, const struct trace *tr, uint32_t method, int csv);
void methodname_id(FILE *out, const struct trace *tr, uint32_t method, int csv);

#endif
