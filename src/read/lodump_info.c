/* lodump_info.c: the thread and method names after a low-overhead dump's
 * blocks (see lodump_internal.h; docs/format.md, "Low-overhead dumps"):
 * binary packets (2025-02 on) or a text trailer (2024-10 to 2025-02).
 *
 * Packets: u1 0, u4 tid, u2 length, name (thread info); u1 1, u8
 * ArtMethod*, u2 length, "class\tname\tsignature\tsource\n" (method
 * info). The trailer: "\n*threads\n" then "id\tname" lines, "*methods",
 * "id\tclass\tname\tsignature\tsource" lines, "*end". Its method ids are
 * decimal (2024-10 to 2025-01; its thread ids are then ART's own, not the
 * tids of the blocks) or 0x-hex. A missing source is written "(null)".
 */
#include <stdlib.h>
#include <string.h>

#include "base/bytes.h"
#include "read/keyfile.h"
#include "read/lodump_internal.h"

#define LODUMP_PK_THREAD 0
#define LODUMP_PK_METHOD 1
#define LODUMP_PK_MAXNAME 4096u   /* a thread name longer is no packet */

/* ------------------------------------------------------------ packets */

/* The length of the whole packet at buf[0..len), or 0 when there is none. */
static size_t lodump_packet(const uint8_t *buf, size_t len)
{
	if (len >= 7 && buf[0] == LODUMP_PK_THREAD) {
		size_t n = bytes_le16(buf + 5);
		return n <= LODUMP_PK_MAXNAME && n <= len - 7 ? 7 + n : 0;
	}
	if (len >= 11 && buf[0] == LODUMP_PK_METHOD) {
		size_t n = bytes_le16(buf + 9);
		if (n == 0 || n > len - 11 || buf[10 + n] != '\n' || (buf[1] & 3))
			return 0;
		return 11 + n;
	}
	return 0;
}

size_t lodump_packets_len(const uint8_t *buf, size_t len)
{
	size_t pos = 0, n;
	while (pos < len && (n = lodump_packet(buf + pos, len - pos)) > 0)
		pos += n;
	return pos;
}

size_t lodump_packets_find(const uint8_t *buf, size_t len, size_t from)
{
	if (from >= len)
		return len;
	/* ends[i]: a chain from from + i reaches len (filled from the end, so
	 * the search is linear however many starts fail) */
	uint8_t *ends = calloc(len - from, 1);
	size_t at = len;
	if (!ends)
		return len;
	for (size_t p = len; p-- > from;) {
		size_t n = lodump_packet(buf + p, len - p);
		ends[p - from] = n > 0 && (p + n == len || ends[p + n - from]);
	}
	for (size_t p = from; p < len && at == len; p++)
		if (ends[p - from])
			at = p;
	free(ends);
	return at;
}

/* A method's fields; a source written "(null)" is absent. */
static int lodump_method(struct lodump *d, uint64_t id, const char *line, size_t n, uint64_t off,
                         struct lodump_info *in, int want_ids)
{
	struct sink_method m;
	if (keyfile_method_fields(line, n, &m) < 0) {
		sink_warn(d->s, TV_W_KEY_LINE, off, 1);
		return 0;
	}
	if (m.source.len == 6 && memcmp(m.source.ptr, "(null)", 6) == 0)
		m.source.ptr = NULL, m.source.len = 0;
	in->methods++;
	if (want_ids && idmap_put(&in->ids, id, 1) < 0)
		return -1;
	return d->s->method ? d->s->method(d->s->ctx, id, &m, off) : 0;
}

static int lodump_thread(struct lodump *d, uint32_t tid, const char *name, size_t n, uint64_t off,
                         struct lodump_info *in)
{
	struct sink_bytes b = {name, n};
	in->threads++;
	return d->s->thread ? d->s->thread(d->s->ctx, tid, b, off) : 0;
}

static int lodump_read_packets(struct lodump *d, const uint8_t *buf, size_t len, int want_ids,
                               struct lodump_info *in)
{
	size_t pos = 0, n;
	while (pos < len && (n = lodump_packet(buf + pos, len - pos)) > 0) {
		const uint8_t *p = buf + pos;
		uint64_t off = lodump_off(d, (size_t)(p - d->buf));
		int r = 0;
		if (p[0] == LODUMP_PK_METHOD)
			r = lodump_method(d, bytes_le64(p + 1), (const char *)p + 11, n - 11, off, in,
			                  want_ids);
		else if (bytes_le32(p + 1) != 0)  /* tid 0: zeroed memory, not a thread */
			r = lodump_thread(d, bytes_le32(p + 1), (const char *)p + 7, n - 7, off, in);
		if (r)
			return -1;
		pos += n;
	}
	return 0;
}

/* ------------------------------------------------------------ text */

static const char lodump_text_head[] = "\n*threads\n";

/* The line at buf[pos..len): its length (no LF, no CR) and the next. */
static size_t lodump_line(const uint8_t *buf, size_t len, size_t pos, size_t *next)
{
	const uint8_t *nl = memchr(buf + pos, '\n', len - pos);
	size_t end = nl ? (size_t)(nl - buf) : len;
	*next = nl ? end + 1 : len;
	return end > pos && buf[end - 1] == '\r' ? end - pos - 1 : end - pos;
}

static int lodump_is(const uint8_t *p, size_t n, const char *word)
{
	return n == strlen(word) && memcmp(p, word, n) == 0;
}

size_t lodump_text_len(const uint8_t *buf, size_t len)
{
	size_t h = sizeof lodump_text_head - 1, pos = h, next;
	if (len < h || memcmp(buf, lodump_text_head, h) != 0)
		return 0;
	for (; pos < len; pos = next) {
		size_t n = lodump_line(buf, len, pos, &next);
		if (lodump_is(buf + pos, n, "*end"))
			return pos + 4;
	}
	return len;  /* cut before "*end": the rest is the trailer */
}

/* An id "0x..." (hex) or decimal, up to the TAB at p[n]; -1 when not. */
static int lodump_text_id(const uint8_t *p, size_t n, uint64_t *id, int *hex)
{
	uint64_t v = 0;
	size_t i = 0;
	*hex = n > 2 && p[0] == '0' && (p[1] | 0x20) == 'x';
	if (*hex)
		i = 2;
	if (i == n || n - i > (*hex ? 16u : 20u))
		return -1;
	for (; i < n; i++) {
		unsigned c = p[i], dgt = c - '0';
		if (*hex && dgt > 9)
			dgt = (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : 99;
		if (dgt >= (*hex ? 16u : 10u) || (!*hex && v > (UINT64_MAX - dgt) / 10))
			return -1;
		v = *hex ? v << 4 | dgt : v * 10 + dgt;
	}
	*id = v;
	return 0;
}

/* Whether the first method line has a decimal id (or, with none, the
 * magic says the decimal era). */
static int lodump_text_art_ids(const struct lodump *d, const uint8_t *buf, size_t len)
{
	size_t pos = sizeof lodump_text_head - 1, next;
	int in_methods = 0, hex;
	uint64_t id;
	for (; pos < len; pos = next) {
		size_t n = lodump_line(buf, len, pos, &next);
		const uint8_t *tab = memchr(buf + pos, '\t', n);
		if (lodump_is(buf + pos, n, "*methods"))
			in_methods = 1;
		else if (in_methods && tab &&
		         lodump_text_id(buf + pos, (size_t)(tab - buf) - pos, &id, &hex) == 0)
			return !hex;
	}
	return d->sh.tmol;
}

/* One line of the trailer, in section sec ('t' threads, 'm' methods). */
static int lodump_text_line(struct lodump *d, const uint8_t *p, size_t n, int sec, uint64_t off,
                            struct lodump_info *in, int want_ids)
{
	const uint8_t *tab = memchr(p, '\t', n);
	uint64_t id;
	int hex;
	if (!tab || lodump_text_id(p, (size_t)(tab - p), &id, &hex) < 0 ||
	    (sec == 't' && id > UINT32_MAX)) {
		sink_warn(d->s, TV_W_KEY_LINE, off, 1);
		return 0;
	}
	const char *rest = (const char *)tab + 1;
	size_t rn = n - (size_t)(tab - p) - 1;
	if (sec == 'm')
		return lodump_method(d, id & ~(uint64_t)3, rest, rn, off, in, want_ids);
	if (in->art_ids) {  /* ART's thread ids: counted, not matched to tids */
		in->threads++;
		return 0;
	}
	return lodump_thread(d, (uint32_t)id, rest, rn, off, in);
}

static int lodump_read_text(struct lodump *d, const uint8_t *buf, size_t len, int want_ids,
                            struct lodump_info *in)
{
	size_t pos = sizeof lodump_text_head - 1, next;
	int sec = 't';
	in->art_ids = lodump_text_art_ids(d, buf, len);
	for (; pos < len; pos = next) {
		size_t n = lodump_line(buf, len, pos, &next);
		const uint8_t *p = buf + pos;
		if (lodump_is(p, n, "*end"))
			break;
		if (lodump_is(p, n, "*methods") || lodump_is(p, n, "*threads")) {
			sec = p[1] == 'm' ? 'm' : 't';
			continue;
		}
		if (n && lodump_text_line(d, p, n, sec, lodump_off(d, (size_t)(p - d->buf)), in,
		                          want_ids))
			return -1;
	}
	return 0;
}

int lodump_info_read(struct lodump *d, const uint8_t *buf, size_t len, enum lodump_tail tail,
                     int want_ids, struct lodump_info *info)
{
	memset(info, 0, sizeof *info);
	idmap_init(&info->ids);
	if (tail == LODUMP_TAIL_TEXT)
		return lodump_read_text(d, buf, len, want_ids, info);
	return lodump_read_packets(d, buf, len, want_ids, info);
}
