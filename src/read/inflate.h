/* inflate.h: gzip and zstd streams decoded into one growing buffer.
 *
 * The loader feeds compressed bytes in pieces as it gets them (slices of a
 * mapped file, reads from a pipe) and takes the whole decoded stream back
 * as one malloc'd buffer: no temporary file. Concatenated gzip members and
 * zstd frames decode as one stream, as gunzip and unzstd do. zstd is
 * decoded only when the build found libzstd (inflate_supported).
 *
 * Damage (a bad header, corrupt data, a stream cut short) fails with
 * TV_ERR_COMPRESSED at the offset in the compressed bytes where the
 * decoder stopped; see docs/cli.md, "Compressed traces".
 */
#ifndef TV_INFLATE_H
#define TV_INFLATE_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"

enum inflate_kind {
	INFLATE_NONE,   /* not compressed (or too short to tell) */
	INFLATE_GZIP,   /* 1F 8B */
	INFLATE_ZSTD,   /* 28 B5 2F FD */
};

/* The compression the first bytes buf[0..len) show. */
enum inflate_kind inflate_detect(const uint8_t *buf, size_t len);

/* 1 when this build decodes k (gzip always, zstd with libzstd). */
int inflate_supported(enum inflate_kind k);

/* The decoded size a whole compressed file buf[0..len) announces (gzip's
 * ISIZE trailer, the sum of zstd frame content sizes), capped at what
 * len bytes could hold; 0 when unknown. Only a hint: never trusted. */
uint64_t inflate_size_hint(enum inflate_kind k, const uint8_t *buf, size_t len);

struct inflate;

/* A decoder of kind k (supported) whose output buffer starts at about
 * hint bytes (0: unknown). NULL when out of memory. */
struct inflate *inflate_new(enum inflate_kind k, uint64_t hint);

/* Decodes in[0..len), the next compressed bytes; the decoded bytes are
 * appended to the output. Errors: TV_ERR_COMPRESSED (offset in the
 * compressed stream), TV_ERR_NOMEM. After an error, only free. */
enum tv_status inflate_feed(struct inflate *z, const uint8_t *in, size_t len,
                            struct tv_error *err);

/* The input ended: TV_ERR_COMPRESSED when it ended inside a member or
 * frame (cut short). */
enum tv_status inflate_finish(struct inflate *z, struct tv_error *err);

/* Compressed bytes consumed so far. */
uint64_t inflate_in_total(const struct inflate *z);

/* The decoded bytes so far; the caller owns them (free()), the decoder
 * gives them up. *len may be 0 (then the result may be NULL). */
uint8_t *inflate_take(struct inflate *z, size_t *len);

/* Frees the decoder and any output not taken. NULL is ignored. */
void inflate_free(struct inflate *z);

#endif
