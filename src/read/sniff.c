/* sniff.c: recognising non-trace files by their first bytes. */
#include "config.h"

#include "read/sniff.h"

#include <string.h>

#include "base/textesc.h"

#define SNIFF_WINDOW 4096u          /* bytes looked at to name a kind */
#define SNIFF_MANGLE_WINDOW 65536u  /* bytes of a binary part checked */
#define SNIFF_MANGLE_MIN 4          /* multi-byte characters that convict */

static int sniff_starts(const uint8_t *buf, size_t len, const char *magic, size_t n)
{
	return len >= n && memcmp(buf, magic, n) == 0;
}

/* Text: valid UTF-8 with no control byte but tab, LF and CR. A sequence
 * cut by the end of the window is not held against it. */
static int sniff_is_text(const uint8_t *buf, size_t len)
{
	size_t n = len < SNIFF_WINDOW ? len : SNIFF_WINDOW;
	for (size_t i = 0; i < n;) {
		uint8_t c = buf[i];
		if (c < 0x80) {
			if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
				return 0;
			i++;
			continue;
		}
		size_t k = textesc_utf8_len(buf + i, n - i);
		if (k == 0)
			return n < len && n - i < 4 && textesc_utf8_len(buf + i, len - i) != 0;
		i += k;
	}
	return 1;
}

/* A base-128 varint at buf[*pos..end); 0 when cut or longer than 10. */
static int sniff_varint(const uint8_t *buf, size_t end, size_t *pos, uint64_t *v)
{
	*v = 0;
	for (unsigned i = 0; i < 10 && *pos < end; i++) {
		uint8_t c = buf[(*pos)++];
		*v |= (uint64_t)(c & 0x7F) << (7 * i);
		if (!(c & 0x80))
			return 1;
	}
	return 0;
}

/* One field at buf[*pos..end): a tag (field 1 and up; wire type varint,
 * 64-bit, length-delimited or 32-bit) and its value. 1 read, 0 malformed,
 * -1 running past end. */
static int sniff_field(const uint8_t *buf, size_t end, size_t *pos)
{
	uint64_t tag, v;
	if (!sniff_varint(buf, end, pos, &tag))
		return -1;
	if (tag >> 3 == 0 || tag >> 3 > 536870911u)
		return 0;
	switch (tag & 7) {
	case 0: return sniff_varint(buf, end, pos, &v) ? 1 : -1;
	case 1: v = 8; break;
	case 5: v = 4; break;
	case 2:
		if (!sniff_varint(buf, end, pos, &v))
			return -1;
		break;
	default: return 0;   /* groups (3, 4) are obsolete; 6 and 7 never existed */
	}
	if (v > end - *pos)
		return -1;
	*pos += (size_t)v;
	return 1;
}

/* The fields of one message in buf[pos..end). A field running past end is
 * forgiven only when end is the window's edge (cut), not the message's. */
static int sniff_fields(const uint8_t *buf, size_t pos, size_t end, int cut)
{
	int fields = 0;
	while (pos < end) {
		int r = sniff_field(buf, end, &pos);
		if (r <= 0)
			return r < 0 && cut && fields > 0;
		fields++;
	}
	return fields > 0;
}

/* A Perfetto trace is a Trace message: repeated TracePacket packet = 1,
 * so it starts with tag 0x0A and a length. The first packet's fields must
 * parse, and a second packet (when the window holds it) start with 0x0A. */
static int sniff_is_perfetto(const uint8_t *buf, size_t len)
{
	size_t n = len < SNIFF_WINDOW ? len : SNIFF_WINDOW, pos = 1;
	uint64_t plen;
	if (n < 3 || buf[0] != 0x0A || !sniff_varint(buf, n, &pos, &plen) || plen == 0 ||
	    plen > len - pos)
		return 0;
	if (plen > n - pos)
		return sniff_fields(buf, pos, n, 1);
	size_t end = pos + (size_t)plen;
	return sniff_fields(buf, pos, end, 0) && (end == n || buf[end] == 0x0A);
}

enum sniff_kind sniff_kind(const uint8_t *buf, size_t len)
{
	if (sniff_starts(buf, len, "\x1f\x8b", 2))
		return SNIFF_GZIP;
	if (sniff_starts(buf, len, "\x28\xb5\x2f\xfd", 4))
		return SNIFF_ZSTD;
	if (sniff_starts(buf, len, "SIMPLEPERF", 10))
		return SNIFF_SIMPLEPERF;
	if (sniff_starts(buf, len, "PERFILE2", 8))
		return SNIFF_PERF_DATA;
	if (sniff_starts(buf, len, "JAVA PROFILE 1.0.", 17))
		return SNIFF_HPROF;
	if (len > 0 && sniff_is_text(buf, len))
		return SNIFF_TEXT;   /* before Perfetto: text may start with LF (0x0A) */
	if (sniff_is_perfetto(buf, len))
		return SNIFF_PERFETTO;
	return SNIFF_UNKNOWN;
}

const char *sniff_advice(enum sniff_kind k)
{
	switch (k) {
	/* The loader decodes gzip, and zstd when built with libzstd: these
	 * are read only for bytes that reached a reader undecoded. */
	case SNIFF_GZIP: return "gzip-compressed; gunzip it first";
#ifdef HAVE_ZSTD
	case SNIFF_ZSTD: return "zstd-compressed; unzstd it first";
#else
	case SNIFF_ZSTD: return "zstd-compressed; this traceview was built without zstd: "
		                "unzstd it first";
#endif
	case SNIFF_SIMPLEPERF: return "a simpleperf report-sample file; read it with simpleperf";
	case SNIFF_PERF_DATA: return "a perf.data recording (simpleperf or perf); read it with "
		                     "simpleperf report";
	case SNIFF_HPROF: return "a Java heap dump (hprof)";
	case SNIFF_PERFETTO: return "a Perfetto trace; open it in ui.perfetto.dev";
	case SNIFF_TEXT: return "a text file, not starting with '*version'";
	case SNIFF_UNKNOWN: break;
	}
	return NULL;
}

int sniff_utf8_mangled(const uint8_t *bin, size_t len, size_t *first)
{
	size_t n = len < SNIFF_MANGLE_WINDOW ? len : SNIFF_MANGLE_WINDOW;
	unsigned multi = 0;
	for (size_t i = 0; i < n;) {
		if (bin[i] < 0x80) {
			i++;
			continue;
		}
		size_t k = textesc_utf8_len(bin + i, len - i);
		if (k == 0)
			return 0;
		if (multi++ == 0 && first)
			*first = i;
		i += k;
	}
	return multi >= SNIFF_MANGLE_MIN;
}
