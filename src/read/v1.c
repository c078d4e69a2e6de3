/* v1.c: the V1 binary header and fixed-size records
 * (docs/format.md, "Legacy binary part").
 *
 * The record loop is the hot path of loading (tens of millions of records):
 * one specialised loop per layout, no allocation, little-endian reads by
 * byte shifts (compiled to plain loads), the callback cached in locals.
 */
#include "read/v1.h"
#include "base/bytes.h"

#include <string.h>

#define V1_MAGIC 0x574F4C53u       /* "SLOW" */
/* Bytes between sink->consumed calls: the pages behind are given back
 * then, so this much of the file at most is resident while it is read
 * (docs/architecture.md, "Data flow"). */
#define V1_CHUNK ((size_t)1 << 20)

/* Smallest record that holds a base version's fields. */
static unsigned v1_min_record(unsigned base_version)
{
	return base_version == 1 ? 9 : base_version == 2 ? 10 : 14;
}

enum tv_status v1_header_parse(const uint8_t *buf, size_t len, uint64_t base,
                               struct v1_header *h, struct tv_error *err)
{
	unsigned ver, bv;

	if (len < 4 || bytes_le32(buf) != V1_MAGIC)
		return tv_fail(err, TV_ERR_NO_DATA, base, NULL);
	if (len < 16)
		return tv_fail(err, TV_ERR_NO_RECORDS, base + len,
		               "data header cut short (%zu of 32 bytes)", len);
	ver = bytes_le16(buf + 4);
	bv = (ver & 0xF0) == 0xF0 ? ver & 0x0F : ver;
	if (ver > 0xFF || bv < 1 || bv > 3)
		return tv_fail(err, TV_ERR_VERSION, base + 4, "data header version %u", ver);
	h->version = ver;
	h->data_offset = bytes_le16(buf + 6);
	h->start_time = bytes_le64(buf + 8);
	/* All writers store the size only from version 3 on (and 0xF1-0xF3 are
 *          * >= 3), and every reader reads it only then (docs/format.md,
 * "Legacy binary part"). */
	if (ver >= 3) {
		if (h->data_offset < 18)
			return tv_fail(err, TV_ERR_HEADER, base + 6,
			               "data offset %u leaves no room for the record size",
			               h->data_offset);
		if (len < 18)
			return tv_fail(err, TV_ERR_NO_RECORDS, base + len,
			               "data header cut short (%zu of 32 bytes)", len);
		h->record_size = bytes_le16(buf + 16);
		if (h->record_size < v1_min_record(bv))
			return tv_fail(err, TV_ERR_HEADER, base + 16,
			               "record size %u is below %u for version %u",
			               h->record_size, v1_min_record(bv), bv);
	} else {
		h->record_size = v1_min_record(bv);
	}
	if (h->data_offset < 16)
		return tv_fail(err, TV_ERR_HEADER, base + 6, "data offset %u is below 16",
		               h->data_offset);
	if (h->data_offset > len) {
		if (h->data_offset <= 32)
			return tv_fail(err, TV_ERR_NO_RECORDS, base + len,
			               "data header cut short (%zu of %u bytes)", len,
			               h->data_offset);
		return tv_fail(err, TV_ERR_HEADER, base + 6,
		               "data offset %u is past the end of the file", h->data_offset);
	}
	return TV_OK;
}

/* n records of layout bv from p; returns the index of a record the sink
 * refused, or n. */
static size_t v1_run(const uint8_t *p, size_t n, size_t rs, unsigned bv, uint64_t off,
                     const struct sink *s)
{
	int (*rec)(void *, uint32_t, uint64_t, uint64_t, uint64_t, uint64_t) = s->record;
	void *ctx = s->ctx;
	size_t i;

	switch (bv) {
	case 1:
		for (i = 0; i < n; i++, p += rs)
			if (rec(ctx, p[0], bytes_le32(p + 1), bytes_le32(p + 5), 0, off + i * rs))
				return i;
		break;
	case 2:
		for (i = 0; i < n; i++, p += rs)
			if (rec(ctx, bytes_le16(p), bytes_le32(p + 2), bytes_le32(p + 6), 0, off + i * rs))
				return i;
		break;
	default:
		for (i = 0; i < n; i++, p += rs)
			if (rec(ctx, bytes_le16(p), bytes_le32(p + 2), bytes_le32(p + 6), bytes_le32(p + 10),
			        off + i * rs))
				return i;
		break;
	}
	return n;
}

enum tv_status v1_records(const uint8_t *buf, size_t len, uint64_t base,
                          const struct v1_header *h, const struct sink *s,
                          struct tv_error *err)
{
	size_t rs = h->record_size;
	unsigned bv = (h->version & 0xF0) == 0xF0 ? h->version & 0x0F : h->version;
	size_t n, per, i = 0;

	if (bv < 1 || bv > 3 || rs < v1_min_record(bv))
		return tv_fail(err, TV_ERR_HEADER, TV_NO_OFFSET,
		               "record size %zu does not fit version %u", rs, bv);
	n = len / rs;
	per = (V1_CHUNK + rs - 1) / rs;  /* at least V1_CHUNK: a progress step each */
	while (s->record && i < n) {
		size_t m = n - i < per ? n - i : per;
		size_t done = v1_run(buf + i * rs, m, rs, bv, base + i * rs, s);

		if (done < m)
			return tv_fail(err, TV_ERR_NOMEM, base + (i + done) * rs, NULL);
		i += m;
		if (s->consumed)
			s->consumed(s->cctx, base + i * rs);
	}
	if (len % rs)
		sink_warn(s, TV_W_TRUNCATED, base + n * rs, 1);
	return TV_OK;
}
