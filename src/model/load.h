/* load.h: from bytes or a path to a struct trace.
 *
 * load_scan() detects the family by content (docs/format.md, "Families and
 * detection") and runs the right readers over one buffer, feeding any
 * sink (the call-tree builder, a record dump, a fuzzer). load_buffer() and
 * load_file() build a trace. load_file() maps the file (mmap, read-only)
 * and accepts a NAME.key + NAME.data pair given as either file or as NAME;
 * the path "-" is standard input, read to its end (never a pair).
 *
 * Compressed input (gzip; zstd when built with libzstd), detected by its
 * first bytes, is decoded into memory as it is read (inflate.h): a file,
 * either half of a pair, standard input and load_buffer()'s bytes alike.
 * Its damage fails with TV_ERR_COMPRESSED at an offset in the compressed
 * bytes; the offsets of every other error are in the decoded bytes.
 *
 * A file no reader takes fails with TV_ERR_NOT_TRACE, its detail naming
 * what it is when sniff.h recognises it (gzip, zstd, Perfetto, ...); a
 * binary part that went through a text conversion fails with
 * TV_ERR_MANGLED at its first re-encoded byte.
 */
#ifndef TV_LOAD_H
#define TV_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"
#include "read/sink.h"

enum load_family {
	LOAD_UNKNOWN,
	LOAD_EMPTY,
	LOAD_V1_KEY,        /* "*version" key section + SLOW data */
	LOAD_V1_BARE_DATA,  /* SLOW v1-3 with no key: needs its .key */
	LOAD_V1_STREAM,     /* SLOW 0xF1-0xF3 */
	LOAD_V2,            /* SLOW 4, 5, 0xF4, 0xF5 */
	LOAD_LODUMP,        /* ART low-overhead / long-running dump (lodump.h) */
	LOAD_ANR,           /* text with "LongRunningMethods: " lines (anr.h) */
};

enum load_family load_detect(const uint8_t *buf, size_t len);

/* What a load may be told beyond its bytes, and what it tells back
 * (docs/cli.md, "--pid"). */
#define LOAD_NOTE 256
struct load_opts {
	uint32_t pid;            /* an ANR report's dump to read; 0: the first */
	int no_esums;            /* keep no edge sums (tracebuild_set_no_esums()):
	                          * for outputs that read calls, not profiles */
	char note[LOAD_NOTE];    /* out: a line for the user (the report's other
	                          * dumps), or empty */
};

/* Run the readers for one buffer of any family over sink s; an ANR
 * report's first dump. */
enum tv_status load_scan(const uint8_t *buf, size_t len, const struct sink *s,
                         struct tv_error *err);

/* load_scan() told opts (may be NULL). */
enum tv_status load_scan_opts(const uint8_t *buf, size_t len, struct load_opts *opts,
                              const struct sink *s, struct tv_error *err);

/* A key text and a data part held apart (NAME.key + NAME.data).
 * *err_in_data is set to 1 when the error is in the data part. */
enum tv_status load_scan_pair(const uint8_t *key, size_t keylen,
                              const uint8_t *data, size_t datalen,
                              const struct sink *s, struct tv_error *err,
                              int *err_in_data);

/* Build tr (initialised by the caller with trace_init) from a buffer,
 * decoded first when compressed. On failure tr holds partial data:
 * trace_free() it. */
enum tv_status load_buffer(struct trace *tr, const uint8_t *buf, size_t len,
                           struct tv_error *err);

/* The bytes of one file, or of a NAME.key + NAME.data pair (key set). */
struct load_bytes {
	const uint8_t *key;     /* NULL for a single file */
	size_t keylen;
	const uint8_t *data;
	size_t datalen;
	/* Lets a sink drop pages of the data mapping already read. */
	void (*consumed)(void *cctx, uint64_t offset);
	void *cctx;
};

/* Called with the bytes while they are mapped; sets *err_in_data when an
 * error is in the data part of a pair. */
typedef enum tv_status (*load_bytes_fn)(void *ctx, const struct load_bytes *b,
                                        struct tv_error *err, int *err_in_data);

/* How far a load has gone, for a progress bar. The engine reads no clock:
 * it calls fn at most once per LOAD_PROGRESS_STEP bytes of a stage, and fn
 * decides whether and when to draw. done of total bytes; total is 0 when
 * not known (a pipe). Stages may repeat (a pair's data after its key);
 * V2 traces report no PARSE stage. */
enum load_stage {
	LOAD_STAGE_READ,    /* reading a pipe, or decoding compressed input */
	LOAD_STAGE_PARSE,   /* the readers going through the (decoded) bytes */
};

/* As the readers' chunk (read/v1.c, read/stream.c), so that each chunk
 * they finish, and report consumed, is a step. */
#define LOAD_PROGRESS_STEP ((uint64_t)1 << 20)

struct load_progress {
	void (*fn)(void *ctx, enum load_stage stage, uint64_t done, uint64_t total);
	void *ctx;
};

/* A load_bytes_fn that builds the struct trace ctx (initialised with
 * trace_init) from the bytes, as load_file() does; for callers that need
 * the bytes once more after it (a record dump of standard input). */
enum tv_status load_bytes_build(void *ctx, const struct load_bytes *b, struct tv_error *err,
                                int *err_in_data);
/* The same told opts (may be NULL), as load_file_opts() is. */
enum tv_status load_bytes_build_opts(struct trace *tr, const struct load_bytes *b,
                                     struct load_opts *opts, struct tv_error *err,
                                     int *err_in_data);

/* Map path (a file, or a pair given as NAME, NAME.key or NAME.data; "-"
 * for standard input) and run fn over its bytes, decoded when compressed;
 * prog (may be NULL) hears how far it went. errfile receives the path the
 * error is in ("-" for standard input). When
 * only one half of a pair exists and it fails as a lone half does (a key
 * section with no data, a data part with no key; or NAME does not exist),
 * the error is TV_ERR_PAIR_HALF and errfile names the missing half. */
enum tv_status load_with_bytes(const char *path, load_bytes_fn fn, void *ctx,
                               const struct load_progress *prog, struct tv_error *err,
                               char *errfile, size_t errfile_size);

/* The files load_with_bytes() reads for path: the file itself, or the two
 * halves of a pair it names; none for "-" (standard input). Their count
 * and malloc'd copies in files (the caller frees them), or -1 when out of
 * memory. So an output can tell an input file from any other. */
int load_input_files(const char *path, char *files[2]);

/* Build tr from a path. On failure errfile receives the path of the file the
 * error is in (the .data of a pair, say) for the message. */
enum tv_status load_file(struct trace *tr, const char *path, struct tv_error *err,
                         char *errfile, size_t errfile_size);

/* load_file() telling prog (may be NULL) how far it went. */
enum tv_status load_file_progress(struct trace *tr, const char *path,
                                  const struct load_progress *prog, struct tv_error *err,
                                  char *errfile, size_t errfile_size);

/* load_file_progress() told opts (may be NULL). */
enum tv_status load_file_opts(struct trace *tr, const char *path,
                              const struct load_progress *prog, struct load_opts *opts,
                              struct tv_error *err, char *errfile, size_t errfile_size);

/* load_file_opts() for outputs that need only sums: tr keeps sums instead
 * of calls (trace.sums_only; tracebuild_set_sums()), each thread its own
 * edge sums too when thread_sums; tagger tags the methods. When the
 * records hold what sums cannot give exactly (an exit with no entry, ...)
 * or the build fails, the same bytes are built again in full, which
 * decides the result and any error: tr->sums_only says which it was. */
enum tv_status load_file_sums(struct trace *tr, const char *path,
                              const struct load_progress *prog, struct load_opts *opts,
                              const struct tv_tagger *tagger, int thread_sums,
                              struct tv_error *err, char *errfile, size_t errfile_size);

#endif
