/* v1.h: the V1 binary header and fixed-size records
 * (docs/format.md, "Legacy binary part").
 */
#ifndef TV_V1_H
#define TV_V1_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "read/sink.h"

struct v1_header {
	unsigned version;       /* stored value, streaming bits included */
	unsigned data_offset;   /* from the header start to the first record */
	uint64_t start_time;
	unsigned record_size;   /* 9, 10, or the stored size (>= 14 for v3) */
};

/* Reads the header at buf[0..len). TV_ERR_NO_DATA when no SLOW magic,
 * TV_ERR_HEADER / TV_ERR_VERSION for absurd fields. Offsets in err are
 * base-relative. */
enum tv_status v1_header_parse(const uint8_t *buf, size_t len, uint64_t base,
                               struct v1_header *h, struct tv_error *err);

/* Decodes records buf[0..len) of a non-streaming file (len is what follows
 * the header's data offset) and reports them; a partial last record is a
 * TV_W_TRUNCATED warning. base is the file offset of buf[0]. */
enum tv_status v1_records(const uint8_t *buf, size_t len, uint64_t base,
                          const struct v1_header *h, const struct sink *s,
                          struct tv_error *err);

#endif
