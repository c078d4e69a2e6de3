/* lodump.h: ART's low-overhead and long-running-method dumps (2024-09 on;
 * docs/format.md, "Low-overhead dumps").
 *
 * Three layouts with no SLOW header, told apart by their bytes: blocks of
 * ring events with nothing after them (2024-09); "TMOL", blocks and a text
 * trailer naming threads and methods (2024-10 to 2025-02, and its
 * magic-less follow-ups); headerless 12-byte blocks followed by binary
 * thread-info and method-info packets (2025-02 on), either in "all
 * methods" mode (no time at all) or "long-running" mode (wall times since
 * boot in counter ticks, µs or ns). Exits name no method: the reader
 * pairs them with the thread's open entries itself, so the sink gets
 * ordinary records (exits carry their method; an exit with nothing open
 * carries LODUMP_UNRECORDED, declared as a method, and the builder adopts
 * as it does for any orphan exit).
 *
 * Times reach the sink as µs since boot (SINK_CLOCK_WALL) or as each
 * thread's event index (SINK_CLOCK_SEQUENCE). The whole dump is decoded
 * in memory before the first record is sent (a thread's blocks are put in
 * time order first); dumps are small.
 */
#ifndef TV_LODUMP_H
#define TV_LODUMP_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "read/sink.h"

/* The method id of calls whose entry the dump does not hold: an ArtMethod*
 * is never 0. */
#define LODUMP_UNRECORDED UINT64_C(0)

/* How the bytes given to lodump_parse() sit in the file, for the offsets
 * of warnings and errors: at base, and base64-encoded when b64 (an offset
 * o in the bytes is then reported as base + o / 3 * 4). */
struct lodump_where {
	uint64_t base;
	int b64;
};

/* 1 when buf starts like such a dump: "TMOL" and version 1, or a first
 * block (or packet chain) that decodes under one of the layouts. */
int lodump_detect(const uint8_t *buf, size_t len);

/* Decodes the dump buf[0..len) (where may be NULL: base 0) into s. A
 * layout no longer decodable (ART's long-running files of 2025-02-20 to
 * 02-26, whose events carry no entry/exit flag) is TV_ERR_NOT_TRACE with
 * a detail saying so; a dump cut before its first event TV_ERR_NO_RECORDS;
 * damage past good events is warnings. */
enum tv_status lodump_parse(const uint8_t *buf, size_t len, const struct lodump_where *where,
                            const struct sink *s, struct tv_error *err);

/* The length of the dump at the start of buf, which continues with other
 * bytes (ANR files of 2025-02-20 to 05-27 hold the dump raw in a text
 * line): its blocks, then its packets or text trailer; all of buf when
 * the data ends inside a block after a whole one (a cut report). 0 when
 * none. */
size_t lodump_extent(const uint8_t *buf, size_t len);

#endif
