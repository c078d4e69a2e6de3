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

#include "analyze/profile.h"
#include "base/status.h"
#include "model/trace.h"

struct export_opts {
	int clock;        /* TV_CPU or TV_WALL; must be a clock the trace has */
	int signatures;   /* keep signatures in frame names (folded: rewritten
	                   * so no ';' or newline survives) */
	int per_thread;   /* folded: a leading "[tid] name" frame per thread */
	/* folded: told each selected thread's index once its calls have been
	 * read for the last time, so that a caller that needs them no more
	 * can free them (trace_thread_free_calls()) before the trie of
	 * stacks is whole: the two would otherwise peak together. NULL: not
	 * told. */
	void (*walked)(void *ctx, uint32_t thread);
	void *walked_ctx;
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
 * trace lacks falls back to the one it has. A trace without time
 * (trace_is_sequence()) is folded by calls: N counts the calls of the
 * stack, so Σ N over the stacks ending in a method is its calls plus
 * recursive calls and a frame's width is the calls made in it, itself
 * included. TV_ERR_NOMEM when out of memory. */
enum tv_status export_folded(FILE *out, const struct profile *p, const struct export_opts *o);

/* Trace Event Format JSON (Perfetto, chrome://tracing, speedscope): each
 * call as a begin ("B") and an end ("E") event, properly nested in file
 * order, with metadata events naming the process and threads. Over the
 * profile's selected threads, on o->clock (the other clock when the trace
 * lacks it); o->signatures adds the signature to every frame name.
 *
 * {"traceEvents": [M events..., B/E events...], "displayTimeUnit": "ms",
 *  "otherData": {"version" (null without a header), "streaming", "clock",
 *  "records", "time_base" ("wall" or "thread-cpu"), "vm" when known}}. M events: process_name
 * (vm= option, else "java", then the pid when known), thread_name
 * "[tid] name" per thread, thread_sort_index 0.. busiest first (CPU span,
 * else wall). B: {"ph": "B", "cat": "java", "name", "pid", "tid", "ts"};
 * E: {"ph": "E", "name", "pid", "tid", "ts"}, name as exportutil.h says
 * ("Class.method"; the signature too for overloads), pid the pid= option
 * (1 when absent). ts is µs with 6 decimals: the call's time, raised to
 * 0.000001 past the thread's previous event when not above it, so ts
 * strictly increases along each thread (a zero-µs call ends 0.000001
 * after it begins). Wall ts is absolute less the earliest first timestamp of
 * the selected threads; CPU ts counts from each thread's first timestamp.
 * The format's ts are time: a trace without time (trace_is_sequence()) is
 * refused by the command line before this is called. TV_ERR_NOMEM when
 * out of memory. */
enum tv_status export_chrome(FILE *out, const struct profile *p, const struct export_opts *o);

/* speedscope's file format (https://www.speedscope.app/file-format-schema.json):
 * {"$schema", "exporter", "name" (vm and pid), "activeProfileIndex": 0,
 *  "shared": {"frames": [{"name", "file"?, "line"?}...]},
 *  "profiles": [{"type": "evented", "name": "[tid] name",
 *    "unit": "microseconds" ("none" for a trace without time, whose
 *    values count events), "startValue", "endValue",
 *    "events": [{"type": "O"|"C", "frame", "at"}...]}...]}.
 * One frame per method with a call (in method order), named as in
 * export_chrome, with the source file and Dalvik line when declared. One
 * profile per selected thread, busiest first; events open and close calls
 * properly nested in file order, "at" whole µs on o->clock (the other
 * clock when the trace lacks it), non-decreasing; a zero-µs call opens and
 * closes at the same "at". Wall: absolute less the earliest first
 * timestamp of the selected threads; startValue/endValue the thread's
 * first/last timestamp on that scale. CPU: from each thread's first
 * timestamp (startValue 0). TV_ERR_NOMEM when out of memory. */
enum tv_status export_speedscope(FILE *out, const struct profile *p, const struct export_opts *o);

/* One line per record in file order, like dmtracedump -o: thread, action
 * (ent/xit/unr/???), both times, the method name indented by depth;
 * packets, repairs and damage as '#' comments. Reads buf (the whole file
 * or, for a pair, key then data via load_scan_pair) again; tr supplies
 * the names; pid picks an ANR report's dump as load_opts does (0: the
 * first; export_dump_pair() takes none).
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
 * ("no header" for version 0; "event" for wall on a trace without time)
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
                           uint32_t pid, struct tv_error *err);
enum tv_status export_dump_pair(FILE *out, const struct trace *tr, const uint8_t *key,
                                size_t keylen, const uint8_t *data, size_t datalen,
                                struct tv_error *err);

#endif
