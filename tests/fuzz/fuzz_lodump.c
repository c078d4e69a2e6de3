/* fuzz_lodump.c: ART's low-overhead and long-running dumps, every layout:
 * detection, the extent of a raw dump, the reader. */
#include "fuzz_sink.h"
#include "read/lodump.h"

void fuzz_lodump_init(void)
{
}

void fuzz_lodump_one(const uint8_t *buf, size_t len)
{
	struct fuzz_sink fs;
	struct sink s;
	struct tv_error err;
	/* as a file, and as the bytes of a base64 line at offset 7 */
	struct lodump_where w = {7, 1};
	(void)lodump_detect(buf, len);
	FUZZ_CHECK(lodump_extent(buf, len) <= len);
	fuzz_sink_init(&fs, &s, len);
	if (lodump_parse(buf, len, NULL, &s, &err) != TV_OK)
		FUZZ_CHECK(err.offset == TV_NO_OFFSET || err.offset <= len);
	FUZZ_CHECK(fs.formats <= 1);
	FUZZ_CHECK(fs.records == 0 || fs.formats == 1);
	fuzz_sink_init(&fs, &s, 7 + (len + 2) / 3 * 4);
	lodump_parse(buf, len, &w, &s, &err);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(lodump)
#endif
