/* fuzz_v1.c: the V1 binary header and the fixed-size records after it,
 * called the way load.c calls them. */
#include "fuzz_sink.h"
#include "read/v1.h"

void fuzz_v1_init(void)
{
}

void fuzz_v1_one(const uint8_t *buf, size_t len)
{
	struct v1_header h;
	struct tv_error err;
	if (v1_header_parse(buf, len, 0, &h, &err) != TV_OK)
		return;
	/* The header promises its data offset lies inside the buffer. */
	FUZZ_CHECK(h.data_offset <= len);
	FUZZ_CHECK(h.record_size > 0);
	struct fuzz_sink fs;
	struct sink s;
	fuzz_sink_init(&fs, &s, len);
	v1_records(buf + h.data_offset, len - h.data_offset, h.data_offset, &h, &s, &err);
	FUZZ_CHECK(fs.records <= (len - h.data_offset) / h.record_size);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(v1)
#endif
