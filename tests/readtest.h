/* readtest.h: what the reader tests (test_readers_*.c) share: the byte
 * builder (bytebuild.h), a recording sink that turns every event into a
 * line of text ("R 1 0x4 5 20 @46") so expected events are written out
 * plainly and checked exactly, and the example files of docs/format.md built byte by
 * byte. Failures fail the calling cmocka test; allocation failure too.
 */
#ifndef TV_READTEST_H
#define TV_READTEST_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "base/warn.h"
#include "read/sink.h"
#include "bytebuild.h"

/* ------------------------------------------------------------ recording sink */

struct rec {
	char **ev;
	size_t n, cap;
	int keep;                 /* store event lines (else only count) */
	uint64_t records, methods, threads, options, formats;
	uint64_t warn[TV_WARN_COUNT];
	uint64_t num_calls;       /* num-method-calls option, when seen */
	int has_num_calls;
	size_t len;               /* size of the input, to check offsets */
	int bad_offset;
	long stop_after;          /* return 1 from the Nth callback (0: never) */
	long calls;
};

/* A sink recording into r (reset first); keep: store the event lines,
 * else only count; len: the input's size, to check every offset. */
struct sink rec_sink(struct rec *r, int keep, size_t len);
void rec_free(struct rec *r);
/* Compare the recorded events with a NULL-terminated list. */
void rec_expect(const struct rec *r, const char *const *want);
/* The recorded events on stderr, one a line. */
void rec_dump(const struct rec *r);
/* A warning's name without "TV_W_" (as the recorded lines give it). */
const char *warn_name(enum tv_warn k);
/* load_scan() of p[0..n) into r (freed again: only the counts stay). */
enum tv_status scan_buf(const uint8_t *p, size_t n, struct rec *r, struct tv_error *err);

/* Every offset a reader says it has consumed (sink.consumed), in order:
 * the first 16 kept, all counted. */
struct consumed_log {
	uint64_t at[16];
	int n;
};

/* scan_buf(), with what the reader says it has consumed logged into c. */
enum tv_status scan_buf_consumed(const uint8_t *p, size_t n, struct rec *r,
                                 struct consumed_log *c, struct tv_error *err);

/* The first `steps` offsets of c, from `from` on, each a whole `step` past
 * the one before and less than `slack` more (fails the test otherwise). */
void consumed_log_expect(const struct consumed_log *c, uint64_t from, int steps, uint64_t step,
                         uint64_t slack);

/* n 14-byte V1 v3 records on thread 1, entering and leaving method 0x4
 * in turn, both times i for the i-th. */
void bb_v3_enter_exit(struct bb *b, uint32_t n);

/* ------------------------------------------------------------ example files */

/* The key section of the ART non-streaming v3 example. */
extern const char art_key[];
/* docs/format.md, "Examples", ART non-streaming v3. */
void build_art_v3(struct bb *b);

/* Streaming packets: a method line, a thread, the summary. */
void bb_method_packet(struct bb *b, const char *line);
void bb_thread_packet(struct bb *b, unsigned tid, const char *name);
void bb_summary_packet(struct bb *b, const char *text);
/* docs/format.md, "Examples", ART V1 streaming 0xF3 (with its summary when
 * summary is set). */
void build_stream_f3(struct bb *b, int summary);

/* A single-clock streaming file: version 0xF2, header record size 10.
 * bug14: records written 14 bytes long with 4 bytes of junk (docs/format.md,
 * "Streaming files"). */
void build_stream_f2(struct bb *b, int bug14, int nrec, const uint8_t junk[4]);

/* A V2 header of 32 bytes, and a summary block. */
void bb_v2_header(struct bb *b, unsigned version, uint64_t start);
void bb_v2_summary(struct bb *b, const char *text);
/* The method line of the V2 examples. */
extern const char v2_method_line[];
/* docs/format.md, "Examples", revision (c)/(d) streaming dual; summary NULL
 * for none. */
void build_v2c(struct bb *b, const char *summary);

/* ------------------------------------------------------------ real traces */

/* The whole file, malloc'd; NULL when unreadable. */
uint8_t *slurp(const char *path, size_t *len);

/* The streaming/ real traces with their record counts; slurp_streaming()
 * reads the i-th (NULL without the real-trace folder). */
#define STREAMING_FILES 3
struct streaming_file {
	const char *name;
	uint64_t records, threads;
};
extern const struct streaming_file streaming_files[STREAMING_FILES];
uint8_t *slurp_streaming(size_t i, size_t *len);

#endif
