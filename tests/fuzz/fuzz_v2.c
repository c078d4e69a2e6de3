/* fuzz_v2.c: ART V2 files, every revision. */
#include "fuzz_sink.h"
#include "read/v2.h"

void fuzz_v2_init(void)
{
}

void fuzz_v2_one(const uint8_t *buf, size_t len)
{
	struct fuzz_sink fs;
	struct sink s;
	struct tv_error err;
	fuzz_sink_init(&fs, &s, len);
	v2_parse(buf, len, &s, &err);
	FUZZ_CHECK(fs.formats <= 1);
	FUZZ_CHECK(fs.records == 0 || fs.formats == 1);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(v2)
#endif
