/* fuzz_sink.h: a checking sink for the reader harnesses (fuzz_sink.c). */
#ifndef TV_FUZZ_SINK_H
#define TV_FUZZ_SINK_H

#include <stdint.h>

#include "fuzz.h"
#include "read/sink.h"

struct fuzz_sink {
	uint64_t len;       /* input length: offsets must not pass it */
	uint64_t sum;       /* of every byte seen, so reads are not optimised out */
	unsigned formats;   /* format callbacks */
	uint64_t records;
};

/* Points s at fs; both live as long as the caller's frame. */
void fuzz_sink_init(struct fuzz_sink *fs, struct sink *s, uint64_t len);

#endif
