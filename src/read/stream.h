/* stream.h: ART V1 streaming files, versions 0xF1-0xF3
 * (docs/format.md, "Streaming files").
 *
 * Header, then records interleaved with method/thread packets, then
 * (Android 8+) a summary packet. Handles a missing summary and the 0xF2
 * files whose records are really 14 bytes (docs/format.md, "Streaming files").
 */
#ifndef TV_STREAM_H
#define TV_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "read/sink.h"

/* buf is the whole file. Sends sink->format once before the first record. */
enum tv_status stream_parse(const uint8_t *buf, size_t len, const struct sink *s,
                            struct tv_error *err);

#endif
