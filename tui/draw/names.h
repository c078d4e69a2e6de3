/* names.h: a method's name made safe and fitted to a width.
 *
 * Every trace string goes through text_escape() here, so no pane draws raw
 * bytes from a trace.
 */
#ifndef TV_NAMES_H
#define TV_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "model/trace.h"

/* The display name of a method ("pkg.Class.name sig", "(unknown 0x1a2b)",
 * or "(toplevel)" for PROF_TOPLEVEL) in at most cols columns. Returns the
 * columns used. */
int names_method(const struct trace *tr, uint32_t method, int cols, int ascii, char *out,
                 size_t size);

/* "Class.name" without the signature (the paths of the jank list, the
 * stacks of the waits), escaped; a method without a name as
 * names_method() shows it. */
void names_short(const struct trace *tr, uint32_t method, int ascii, char *out, size_t size);

/* "[tid] name" of a thread in at most cols columns. */
int names_thread(const struct trace *tr, uint32_t thread, int cols, int ascii, char *out,
                 size_t size);

/* The full, escaped name for matching ("pkg.Class.name sig"). */
void names_full(const struct trace *tr, uint32_t method, char *out, size_t size);

#endif
