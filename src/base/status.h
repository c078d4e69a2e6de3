/* status.h: error values for the whole engine.
 *
 * Every engine entry point that can fail returns an enum tv_status and, when
 * given one, fills a struct tv_error with the byte offset where reading
 * stopped and an optional detail. Only main() decides to exit.
 */
#ifndef TV_STATUS_H
#define TV_STATUS_H

#include <stddef.h>
#include <stdint.h>

/* X(id, message): one message per code, printed as
 * "traceview: FILE: MESSAGE[: DETAIL] (offset N)". */
#define TV_STATUS_LIST(X) \
	X(TV_OK, "no error") \
	X(TV_ERR_NOMEM, "out of memory") \
	X(TV_ERR_IO, "cannot read file") \
	X(TV_ERR_EMPTY, "empty file") \
	X(TV_ERR_NOT_TRACE, "not an Android method trace") \
	X(TV_ERR_KEY, "malformed key section") \
	X(TV_ERR_NO_END, "key section has no '*end' line") \
	X(TV_ERR_NO_DATA, "no 'SLOW' data header after '*end'") \
	X(TV_ERR_HEADER, "bad data header") \
	X(TV_ERR_VERSION, "unsupported trace version") \
	X(TV_ERR_VERSION_MISMATCH, "key and data header versions differ") \
	X(TV_ERR_NO_RECORDS, "trace cut before its first record") \
	X(TV_ERR_PACKET, "bad packet") \
	X(TV_ERR_V2_REVISION, "V2 block layout cannot be decoded") \
	X(TV_ERR_NEED_KEY, "bare data file: its .key file is missing") \
	X(TV_ERR_PAIR_HALF, "missing half of a .key/.data pair") \
	X(TV_ERR_MANGLED, "binary part re-encoded as UTF-8") \
	X(TV_ERR_COMPRESSED, "damaged compressed data") \
	X(TV_ERR_TOO_BIG, "trace exceeds a built-in limit") \
	X(TV_ERR_NO_THREAD, "no such thread in the trace") \
	X(TV_ERR_OUTPUT, "cannot write output") \
	X(TV_ERR_NO_PID, "no long-running method dump of that process in the file")

enum tv_status {
#define TV_STATUS_ENUM(id, msg) id,
	TV_STATUS_LIST(TV_STATUS_ENUM)
#undef TV_STATUS_ENUM
	TV_STATUS_COUNT
};

#define TV_NO_OFFSET UINT64_MAX

struct tv_error {
	enum tv_status code;
	uint64_t offset;   /* byte offset in the file, or TV_NO_OFFSET */
	char detail[160];  /* extra words, may be empty; never holds raw trace bytes */
};

/* The fixed message of a code; never NULL. */
const char *tv_status_str(enum tv_status code);

/* Fill err (when not NULL) and return code. detail may be NULL. */
enum tv_status tv_fail(struct tv_error *err, enum tv_status code,
                       uint64_t offset, const char *detail_fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* Writes "MESSAGE[: DETAIL][ (offset N)]" into buf (always terminated). */
void tv_error_format(const struct tv_error *err, char *buf, size_t size);

#endif
