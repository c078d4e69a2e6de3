/* fuzz_stream.c: ART V1 streaming files (0xF1-0xF3). */
#include "fuzz_sink.h"
#include "read/stream.h"

void fuzz_stream_init(void)
{
}

void fuzz_stream_one(const uint8_t *buf, size_t len)
{
	struct fuzz_sink fs;
	struct sink s;
	struct tv_error err;
	fuzz_sink_init(&fs, &s, len);
	stream_parse(buf, len, &s, &err);
	FUZZ_CHECK(fs.formats <= 1);
	FUZZ_CHECK(fs.records == 0 || fs.formats == 1);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(stream)
#endif
