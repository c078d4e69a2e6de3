/* export.h: the trace in the formats other tools read.
 *
 * Every export reads the one model (a struct profile for the thread
 * selection, its trace for calls and names), so its numbers agree with
 * --format=json. Each writes a whole document to out and returns TV_OK or
 * TV_ERR_OUTPUT. Names from the trace are escaped for each format.
 */
#ifndef TV_EXPORT_H
#define TV_EXPORT_H

#include <stdint.h>
#include <stdio.h>

#include "profile.h"
#include "status.h"
#include "trace.h"

struct export_opts {
	int clock;        /* TV_CPU or TV_WALL; must be a clock the trace has */
	int signatures;   /* folded: keep signatures (rewritten so no ';' or
	                   * newline survives) */
	int per_thread;   /* folded: a leading "[tid] name" frame per thread */
};

/* Folded stacks (flamegraph.pl, speedscope): one line per distinct stack,
 * "root;child;leaf N", N its exclusive µs on o->clock (lines with N 0 are
 * left out). Over the profile's selected threads.
 *
 * Frames are "Class.method" (class as in the trace), "(unknown 0x1a2b)"
 * for an undeclared id. Every name is escaped like textesc_text (control
 * bytes and invalid UTF-8 as \xHH, backslash as \\) and ';' as \x3b, so no
 * frame holds ';', CR, LF or a control byte. With o->signatures the
 * signature follows the name directly with each ';' turned into ','
 * ("Foo.bar(Ljava/lang/String,I)V"). With o->per_thread each stack starts
 * with a frame "[tid] name" ("[tid]" when unnamed). Lines come in
 * depth-first order of the stacks, siblings in order of first call, so the
 * output is deterministic. For each method, Σ N over the stacks ending in
 * it is its excl in the profile; Σ N is top_incl - top_excl. A clock the
 * trace lacks falls back to the one it has. TV_ERR_NOMEM when out of
 * memory. */
enum tv_status export_folded(FILE *out, const struct profile *p, const struct export_opts *o);

/* Trace Event Format JSON (Perfetto, chrome://tracing, speedscope): one
 * complete ("X") event per call with ts/dur in µs of the wall clock (CPU
 * when the trace has none), metadata events naming the process and
 * threads. Over the profile's selected threads; o->clock is ignored.
 *
 * {"traceEvents": [M events..., X events...], "displayTimeUnit": "ms",
 *  "otherData": {"version", "streaming", "clock", "records", "time_base"
 *  ("wall" or "thread-cpu"), "vm" when known}}. M events: process_name
 * (vm= option, else "java", then the pid when known), thread_name
 * "[tid] name" per thread, thread_sort_index 0.. busiest first (CPU span,
 * else wall). X event: {"ph": "X", "cat": "java", "name": "Class.method",
 * "pid", "tid", "ts", "dur", "args": {"class", "signature", "source"}}
 * (null when absent); pid is the pid= option, 1 when absent. Wall ts is
 * absolute less the earliest first timestamp of the selected threads;
 * CPU ts counts from each thread's first timestamp. Each thread's events
 * are in preorder and nest: a child lies within its parent. TV_ERR_NOMEM
 * when out of memory. */
enum tv_status export_chrome(FILE *out, const struct profile *p, const struct export_opts *o);

/* One line per record in file order, like dmtracedump -o: thread, action
 * (ent/xit/unr/???), both times, the method name indented by depth;
 * packets, repairs and damage as '#' comments. Reads buf (the whole file
 * or, for a pair, key then data via load_scan_pair) again; tr supplies
 * the names.
 *
 * Layout: a record is "%5u %s %10s %10s  " (tid, action, CPU and wall time
 * as the reader passes them, 32-bit values not unwrapped, '-' for a clock
 * the record lacks), then two blanks per depth (at most 100 levels) and
 * "class.name sig" escaped like textesc_text ("(unknown 0x1a2b)" when
 * undeclared). Depth is the number of calls open on that thread before an
 * entry, and the depth of the matching entry for an exit. Comments:
 *   # traceview dump: version 3, clock dual, 12 records   (first line)
 *   #   tid act        cpu       wall  method (indented by depth)
 *   # format: version 3, 2 timestamps per record, record size 14, start time T
 *   # option KEY=VALUE           # thread TID NAME
 *   # method 0xID class.name sig source [line N]
 *   # warning: N TEXT [(offset X)]
 *   # [TID] exit of X skipped N open calls                    (rule 2)
 *   # [TID] exit of X not on the stack (running before tracing began)
 *           [; N open calls closed]                           (rule 3)
 *   # [TID] N calls still open at the end of the data          (last)
 * A repair comment follows the record it explains. Errors are the
 * readers' (as load_scan); TV_ERR_OUTPUT when a write failed. */
enum tv_status export_dump(FILE *out, const struct trace *tr, const uint8_t *buf, size_t len,
                           struct tv_error *err);
enum tv_status export_dump_pair(FILE *out, const struct trace *tr, const uint8_t *key,
                                size_t keylen, const uint8_t *data, size_t datalen,
                                struct tv_error *err);

#endif
