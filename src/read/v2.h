/* v2.h: the ART "V2" format, versions 4/5 and 0xF4/0xF5 (docs/format.md, "V2
 * files").
 *
 * Revisions (a)-(d) are told apart from the bytes; a file whose revision
 * cannot be decoded is TV_ERR_V2_REVISION, never a wrong profile. Times are
 * reported in µs (ns revisions are divided by 1000 on absolute values).
 */
#ifndef TV_V2_H
#define TV_V2_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "read/sink.h"

/* buf is the whole file (starting with the SLOW header). */
enum tv_status v2_parse(const uint8_t *buf, size_t len, const struct sink *s,
                        struct tv_error *err);

#endif
