/* steptext.h: a step (derive.h), and a thread scope, as people read it
 * and as the command line takes it.
 *
 * A step keeps the text it was made from ("merge:0x1a2b", "4136590us..
 * 6411930us"), which names methods by id, one exactly whatever its
 * overloads. People read names and times: the breadcrumb shows a range in
 * the ruler's unit ("4.13659s..6.41193s") and a method by its name,
 * shortened by the long-name rule (docs/ui.md, "Long names") to
 * STEPTEXT_NAME_COLS columns ("focus:Looper.loop…"); `:` writes a range
 * the same way and a method by the name --transform takes that selects
 * it alone: "Class.name", with "(signature)" when the class has an
 * overload, the id only when no name does (an undeclared method, a name
 * a shell word cannot carry). Both exact: --range reads the times back
 * to the µs. No curses.
 */
#ifndef TV_STEPTEXT_H
#define TV_STEPTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/derive.h"
#include "model/trace.h"

#define STEPTEXT_NAME_COLS 32

/* Step st of trace tr (the loaded one, whose axis its ranges are on;
 * top: the axis's largest time, which picks the ruler's unit) for the
 * breadcrumb, escaped, into buf. */
void steptext_label(const struct trace *tr, const struct derive_step *st, uint64_t top,
                    int ascii, char *buf, size_t n);

/* The same as `:` writes it after --range= or --transform=, unescaped
 * (the caller quotes it for the shell). */
void steptext_arg(const struct trace *tr, const struct derive_step *st, uint64_t top, char *buf,
                  size_t n);

/* Method m of tr by a name --method and --transform take that selects it
 * alone (as above), into buf. */
void steptext_method_arg(const struct trace *tr, uint32_t m, char *buf, size_t n);

/* A thread scope of tr (trace.h; NULL: every thread) as the header and
 * the legend say it, escaped: "all threads", "thread 1 main" (the name
 * cut to STEPTEXT_NAME_COLS columns), "3 threads". */
void steptext_scope_label(const struct trace *tr, const struct trace_sel *sel, int ascii,
                          char *buf, size_t n);

/* The glob `:` writes after --thread= for sel (of two threads or more)
 * when one names exactly those threads of tr and is shorter than a
 * --thread= per thread: their names' longest common prefix and '*'
 * ("worker-*"), unescaped, into buf: 1; else 0 (one --thread= each). */
int steptext_scope_glob(const struct trace *tr, const struct trace_sel *sel, char *buf,
                        size_t n);

#endif
