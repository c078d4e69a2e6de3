/* warn.h: the kinds of damage a readable trace can have.
 *
 * A damaged trace still loads; each kind of damage becomes one entry in the
 * report's "warnings" (with how often it happened and where first).
 */
#ifndef TV_WARN_H
#define TV_WARN_H

#include <stddef.h>
#include <stdint.h>

/* X(id, text): text follows a count, e.g. "3 records with action 3 ignored". */
#define TV_WARN_LIST(X) \
	X(TV_W_TRUNCATED, "partial record at the end of the data ignored") \
	X(TV_W_TRAILING, "bytes after the end of the trace ignored") \
	X(TV_W_ORPHAN_EXIT, "exits of methods not on the stack (running before tracing began): calls made to cover them") \
	X(TV_W_LOST_EXIT, "calls lost their exit (an outer call exited first): closed at that exit") \
	X(TV_W_ACTION3, "records with the unused action 3 ignored") \
	X(TV_W_OVERFLOW, "data-file-overflow=true: the trace buffer filled and recording stopped early") \
	X(TV_W_UNKNOWN_METHOD, "method ids with no method line") \
	X(TV_W_TIME_BACKWARDS, "timestamps stepped backwards within a thread and were clamped") \
	X(TV_W_UNKNOWN_PACKET, "unknown streaming packet: the rest of the file was ignored") \
	X(TV_W_NO_SUMMARY, "streaming trace has no summary packet: clock taken from the version") \
	X(TV_W_STRIDE14, "0xF2 streaming records are really 14 bytes long (ART writer bug): read with stride 14") \
	X(TV_W_KEY_LINE, "malformed key section lines ignored") \
	X(TV_W_DUP_METHOD, "method ids declared twice: the first declaration kept") \
	X(TV_W_V2_DESYNC, "V2 blocks whose events did not match their size: resynchronised") \
	X(TV_W_RECORD_COUNT, "num-method-calls differs from the records in the file") \
	X(TV_W_VERSION_MISMATCH, "key section version differs from the data header: data header used") \
	X(TV_W_TRANSFORM_NONE, "transforms matched nothing and changed nothing") \
	X(TV_W_LO_WRAPPED, "per-thread rings that wrapped: the dump puts their older events after the newer ones, so calls near the seam may nest wrongly") \
	X(TV_W_LO_TICKS, "long-running dump in counter ticks: the rate (24.576 MHz) is assumed, the dump does not say") \
	X(TV_W_LO_UNIT, "long-running dump with no finished call to tell its time unit by: ns assumed") \
	X(TV_W_LO_STUCK, "bytes past ART's buffer limit (about 160 KiB) hold no events: the rest of the events was ignored") \
	X(TV_W_LO_THREAD_IDS, "thread names listed by ART's own thread ids, not the tids of the events: threads left unnamed") \
	X(TV_W_LO_BAD_EVENT, "events with a method id that is no ArtMethod* (not a multiple of 4) ignored")

enum tv_warn {
#define TV_WARN_ENUM(id, text) id,
	TV_WARN_LIST(TV_WARN_ENUM)
#undef TV_WARN_ENUM
	TV_WARN_COUNT
};

/* The fixed text of a kind; never NULL. */
const char *tv_warn_str(enum tv_warn kind);

/* Counts per kind; zeroed means no damage. */
struct tv_warnings {
	uint64_t count[TV_WARN_COUNT];
	uint64_t first_offset[TV_WARN_COUNT];  /* TV_NO_OFFSET when not a file place */
};

void tv_warnings_init(struct tv_warnings *w);
/* Count n more of kind, remembering the first offset seen. */
void tv_warnings_add(struct tv_warnings *w, enum tv_warn kind, uint64_t offset, uint64_t n);
/* Number of kinds that occurred. */
size_t tv_warnings_kinds(const struct tv_warnings *w);
/* "N TEXT (first at offset X)" into buf; always terminated. */
void tv_warnings_format(const struct tv_warnings *w, enum tv_warn kind, char *buf, size_t size);

#endif
