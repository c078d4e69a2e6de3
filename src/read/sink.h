/* sink.h: what a reader tells its consumer, in file order.
 *
 * Every reader (key section, V1 records, V1 streaming, V2, ART's
 * low-overhead dumps) decodes bytes
 * into calls on a struct sink; the call-tree builder is one consumer, a
 * record dump is another. Pointers passed to a callback point into the
 * reader's buffer and are valid only during the call: copy what you keep.
 * A callback returns 0 to go on, or non-zero to stop the reader, which then
 * returns TV_ERR_NOMEM (consumers only stop when they cannot allocate).
 * Callbacks left NULL are skipped.
 */
#ifndef TV_SINK_H
#define TV_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "base/warn.h"

/* The clock a format fixes by itself, whatever a key would say. */
enum sink_clock {
	SINK_CLOCK_KEY,        /* the clock= option, else the version (V1, V2) */
	SINK_CLOCK_WALL,       /* one wall clock (ART's long-running dumps) */
	SINK_CLOCK_SEQUENCE,   /* no time at all: t0 is the thread's event index */
};

/* What kind of data follows; sent once, before any record. */
struct sink_format {
	unsigned version;      /* 1..5, streaming bits cleared; 0: no header */
	int streaming;         /* 0xF0 bits were set */
	unsigned nslots;       /* timestamps per record: 1 or 2 */
	unsigned record_size;  /* V1 record stride in bytes; 0 for V2 */
	uint64_t start_time;   /* header start time, as stored */
	int start_time_ns;     /* V2 2025+: start time (and times) were ns */
	enum sink_clock clock;
};

/* A method line, split into fields. Absent fields have ptr NULL. */
struct sink_bytes {
	const char *ptr;
	size_t len;
};

struct sink_method {
	struct sink_bytes cls, name, sig, source;
	int64_t line;          /* Dalvik's 6th field; valid when has_line */
	int has_line;
};

struct sink {
	void *ctx;
	/* Header facts; once, before records. */
	int (*format)(void *ctx, const struct sink_format *f);
	/* A key=value option line (key section or summary packet). */
	int (*option)(void *ctx, struct sink_bytes key, struct sink_bytes val);
	/* A thread name (key line, thread packet); name may be empty. */
	int (*thread)(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset);
	/* A method declaration; id has its two action bits clear. */
	int (*method)(void *ctx, uint64_t id, const struct sink_method *m, uint64_t offset);
	/* One record. word = method id | action (low two bits). With one slot,
	 * t1 is 0. Times are µs, as in the file (32-bit values not unwrapped). */
	int (*record)(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
	              uint64_t offset);
	/* n more occurrences of a kind of damage, first at offset. */
	void (*warn)(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n);
	/* Optional: the reader will not look at bytes before offset again
	 * (lets the loader drop pages of a large mapping). Own context. */
	void (*consumed)(void *cctx, uint64_t offset);
	void *cctx;
};

/* Helpers for readers: call the callback when it is set. */
static inline void sink_warn(const struct sink *s, enum tv_warn k, uint64_t off, uint64_t n)
{
	if (s->warn)
		s->warn(s->ctx, k, off, n);
}

#endif
