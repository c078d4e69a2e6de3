/* sniff.h: naming the files that are not method traces but are often
 * called .trace, from their first bytes.
 *
 * The loader asks only after every reader refused a file, so a method
 * trace is never judged here; the tests are still narrow (a magic number,
 * a whole protobuf packet, text through and through) so the message names
 * the right thing. See docs/cli.md, "Files that are not method traces".
 */
#ifndef TV_SNIFF_H
#define TV_SNIFF_H

#include <stddef.h>
#include <stdint.h>

enum sniff_kind {
	SNIFF_UNKNOWN,     /* nothing recognised */
	SNIFF_GZIP,        /* 1F 8B */
	SNIFF_ZSTD,        /* 28 B5 2F FD */
	SNIFF_SIMPLEPERF,  /* "SIMPLEPERF" (simpleperf report-sample output) */
	SNIFF_PERF_DATA,   /* "PERFILE2" (simpleperf record, Linux perf) */
	SNIFF_HPROF,       /* "JAVA PROFILE 1.0." heap dump */
	SNIFF_PERFETTO,    /* a Trace protobuf: whole TracePacket fields */
	SNIFF_TEXT,        /* printable UTF-8 text throughout its start */
};

/* What the first bytes of buf[0..len) are. Reads at most 4 KiB. */
enum sniff_kind sniff_kind(const uint8_t *buf, size_t len);

/* The words for an error detail ("a Java heap dump (hprof)"); NULL for
 * SNIFF_UNKNOWN. The loader decodes gzip and zstd itself (inflate.h), so
 * it shows the compressed kinds' words only for zstd in a build without
 * libzstd ("...built without zstd: unzstd it first"). */
const char *sniff_advice(enum sniff_kind k);

/* 1 when the binary part bin[0..len) (from its "SLOW" header on) looks
 * like it went through a text conversion: its first 64 KiB are valid
 * UTF-8 holding at least 4 multi-byte characters (U+FFFD, EF BF BD, for
 * each byte a decoder refused; two-byte sequences when Latin-1 or
 * Windows-1252 was re-encoded). Genuine records hold many bytes of 0x80
 * and up that cannot form valid UTF-8. *first receives the offset in bin
 * of the first multi-byte character. 0 otherwise. */
int sniff_utf8_mangled(const uint8_t *bin, size_t len, size_t *first);

#endif
