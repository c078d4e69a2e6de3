/* load.c: family detection, dispatch to the readers, and file mapping.
 *
 * Files are mapped read-only; as the record readers move on they report the
 * offset they will not look back past, and the pages before it are dropped
 * (MADV_DONTNEED on a private read-only file mapping only forgets pages, a
 * later touch would read them again), which keeps peak memory low on
 * traces of hundreds of MiB. Non-regular files (pipes) are read into memory.
 */
#include "load.h"

#include "calltree.h"
#include "keyfile.h"
#include "sniff.h"
#include "stream.h"
#include "v1.h"
#include "v2.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const uint8_t load_magic[4] = {'S', 'L', 'O', 'W'};

enum load_family load_detect(const uint8_t *buf, size_t len)
{
	static const char key[] = "*version";
	const size_t kl = sizeof key - 1;
	unsigned v;

	if (len == 0)
		return LOAD_EMPTY;
	if (len > kl && memcmp(buf, key, kl) == 0 &&
	    (buf[kl] == '\n' || (buf[kl] == '\r' && len > kl + 1 && buf[kl + 1] == '\n')))
		return LOAD_V1_KEY;
	if (len < 6 || memcmp(buf, load_magic, 4) != 0)
		return LOAD_UNKNOWN;
	v = (unsigned)buf[4] | (unsigned)buf[5] << 8;
	if (v >= 1 && v <= 3)
		return LOAD_V1_BARE_DATA;
	if (v >= 0xF1 && v <= 0xF3)
		return LOAD_V1_STREAM;
	if (v == 4 || v == 5 || v == 0xF4 || v == 0xF5)
		return LOAD_V2;
	return LOAD_UNKNOWN;
}

/* Revision (b) non-streaming V2 (docs/format.md, "Block revisions") starts
 * with method-info packets (u1 1, u8 id, u2 len, line) followed by the
 * summary text. */
static int load_is_v2b_nonstreaming(const uint8_t *buf, size_t len)
{
	size_t pos = 0;

	while (pos < len && buf[pos] == 1) {
		if (len - pos < 11)
			return 0;
		size_t n = (size_t)buf[pos + 9] | (size_t)buf[pos + 10] << 8;
		if (n > len - pos - 11 || n == 0 || buf[pos + 10 + n] != '\n')
			return 0;
		pos += 11 + n;
	}
	return pos > 0 && len - pos >= 9 && memcmp(buf + pos, "*version\n", 9) == 0;
}

/* A binary part that went through a text conversion (an editor, a
 * clipboard, `adb shell cat > file`) cannot be repaired: say so rather
 * than report the garbage it decodes to. bin starts at "SLOW", base is
 * its offset in the file. */
static enum tv_status load_check_mangled(const uint8_t *bin, size_t len, uint64_t base,
                                         struct tv_error *err)
{
	size_t first = 0;
	if (!sniff_utf8_mangled(bin, len, &first))
		return TV_OK;
	return tv_fail(err, TV_ERR_MANGLED, base + first, "was it copied as text? use adb pull");
}

static enum tv_status load_unknown(const uint8_t *buf, size_t len, struct tv_error *err)
{
	if (len >= 4 && memcmp(buf, load_magic, 4) == 0) {
		enum tv_status r = load_check_mangled(buf, len, 0, err);
		if (r != TV_OK)
			return r;
		if (len < 6)
			return tv_fail(err, TV_ERR_NO_RECORDS, len, "data header cut short");
		return tv_fail(err, TV_ERR_VERSION, 4, "data header version %u",
		               (unsigned)buf[4] | (unsigned)buf[5] << 8);
	}
	if (load_is_v2b_nonstreaming(buf, len))
		return tv_fail(err, TV_ERR_V2_REVISION, 0,
		               "non-streaming V2 file of ART's June 2024 writer: its blocks "
		               "carry no thread names and cannot be tied to its methods");
	if (len >= 4 && memcmp(buf, "TMOL", 4) == 0)
		return tv_fail(err, TV_ERR_NOT_TRACE, 0,
		               "ART low-overhead trace dump (TMOL) is not supported");
	const char *kind = sniff_advice(sniff_kind(buf, len));
	return kind ? tv_fail(err, TV_ERR_NOT_TRACE, 0, "%s", kind)
	            : tv_fail(err, TV_ERR_NOT_TRACE, 0, NULL);
}

/* The data part of a V1 pair or file: header (at data, base database),
 * format, records. key_version 0 skips the version check. */
static enum tv_status load_v1_data(const uint8_t *data, size_t datalen, uint64_t database,
                                   unsigned key_version, const struct sink *s,
                                   struct tv_error *err)
{
	struct v1_header h;
	struct sink_format f;
	enum tv_status r;
	unsigned v;

	if (datalen >= 6 && memcmp(data, load_magic, 4) == 0) {
		v = (unsigned)data[4] | (unsigned)data[5] << 8;
		if (v == 4 || v == 5)
			return tv_fail(err, TV_ERR_V2_REVISION, database,
			               "non-streaming V2 file of ART's 2024 writer (summary text "
			               "before the header): its blocks cannot be decoded");
		if ((v & 0xF0) == 0xF0)
			return tv_fail(err, TV_ERR_VERSION, database + 4,
			               "streaming data header %#x after a key section", v);
	}
	r = load_check_mangled(data, datalen, database, err);
	if (r != TV_OK)
		return r;
	r = v1_header_parse(data, datalen, database, &h, err);
	if (r != TV_OK)
		return r;
	if (key_version && key_version != h.version)
		sink_warn(s, TV_W_VERSION_MISMATCH, database + 4, 1);
	f.version = h.version;
	f.streaming = 0;
	f.nslots = h.version == 3 ? 2 : 1;
	f.record_size = h.record_size;
	f.start_time = h.start_time;
	f.start_time_ns = 0;
	if (s->format && s->format(s->ctx, &f))
		return tv_fail(err, TV_ERR_NOMEM, database, NULL);
	return v1_records(data + h.data_offset, datalen - h.data_offset,
	                  database + h.data_offset, &h, s, err);
}

enum tv_status load_scan(const uint8_t *buf, size_t len, const struct sink *s,
                         struct tv_error *err)
{
	struct keyfile_info info;
	enum tv_status r;

	switch (load_detect(buf, len)) {
	case LOAD_EMPTY:
		return tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
	case LOAD_V1_KEY:
		r = keyfile_parse(buf, len, 0, 1, s, &info, err);
		if (r != TV_OK)
			return r;
		return load_v1_data(buf + info.end, len - info.end, info.end, info.version, s, err);
	case LOAD_V1_BARE_DATA:
		return tv_fail(err, TV_ERR_NEED_KEY, 0, NULL);
	case LOAD_V1_STREAM:
		return stream_parse(buf, len, s, err);
	case LOAD_V2:
		return v2_parse(buf, len, s, err);
	case LOAD_UNKNOWN:
		break;
	}
	return load_unknown(buf, len, err);
}

enum tv_status load_scan_pair(const uint8_t *key, size_t keylen,
                              const uint8_t *data, size_t datalen,
                              const struct sink *s, struct tv_error *err,
                              int *err_in_data)
{
	struct keyfile_info info;
	enum tv_status r;

	*err_in_data = 0;
	if (keylen == 0)
		return tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
	if (load_detect(key, keylen) != LOAD_V1_KEY)
		return tv_fail(err, TV_ERR_KEY, 0, "a .key file starts with '*version'");
	r = keyfile_parse(key, keylen, 0, 1, s, &info, err);
	if (r != TV_OK)
		return r;
	if (info.end < keylen)
		sink_warn(s, TV_W_TRAILING, info.end, keylen - info.end);
	*err_in_data = 1;
	if (datalen == 0)
		return tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
	return load_v1_data(data, datalen, 0, info.version, s, err);
}

/* A reader stopped by the builder says "out of memory"; say so only when
 * it was memory, not the 4 GiB limit on names. */
static enum tv_status load_stop_reason(const struct calltree *b, enum tv_status r,
                                       struct tv_error *err)
{
	if (r != TV_ERR_NOMEM || calltree_stop_reason(b) != TV_ERR_TOO_BIG)
		return r;
	return tv_fail(err, TV_ERR_TOO_BIG, err ? err->offset : TV_NO_OFFSET,
	               "names and options pass 4 GiB");
}

enum tv_status load_buffer(struct trace *tr, const uint8_t *buf, size_t len,
                           struct tv_error *err)
{
	struct calltree *b = calltree_new(tr);
	struct sink s;
	enum tv_status r;

	if (!b)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	s = calltree_sink(b);
	r = load_scan(buf, len, &s, err);
	r = load_stop_reason(b, r, err);
	if (r == TV_OK)
		r = calltree_finish(b, err);
	calltree_free(b);
	return r;
}

/* ------------------------------------------------------------ files */

struct load_map {
	uint8_t *ptr;
	size_t len;
	int mapped;        /* 1: munmap, 0: free */
	size_t dropped;    /* bytes before this were given back */
	long page;
};

static void load_consumed(void *cctx, uint64_t offset)
{
	struct load_map *m = cctx;
	size_t upto;

	if (!m->mapped || offset > m->len)
		return;
	upto = (size_t)offset - (size_t)offset % (size_t)m->page;
	if (upto > m->dropped) {
		madvise(m->ptr + m->dropped, upto - m->dropped, MADV_DONTNEED);
		m->dropped = upto;
	}
}

static enum tv_status load_io(struct tv_error *err, const char *what, int e)
{
	return tv_fail(err, TV_ERR_IO, TV_NO_OFFSET, "%s: %s", what, strerror(e));
}

/* Reads a non-regular file (a pipe, a FIFO) into memory. */
static enum tv_status load_read_all(int fd, struct load_map *m, struct tv_error *err)
{
	size_t cap = 1 << 16;
	uint8_t *buf = malloc(cap);

	if (!buf)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	m->len = 0;
	for (;;) {
		if (m->len == cap) {
			uint8_t *n = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
			if (!n) {
				free(buf);
				return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
			}
			buf = n;
			cap *= 2;
		}
		ssize_t got = read(fd, buf + m->len, cap - m->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;
			free(buf);
			return load_io(err, "read", e);
		}
		if (got == 0)
			break;
		m->len += (size_t)got;
	}
	m->ptr = buf;
	m->mapped = 0;
	return m->len ? TV_OK : tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
}

static enum tv_status load_map_file(const char *path, struct load_map *m, struct tv_error *err)
{
	struct stat st;
	enum tv_status r = TV_OK;
	int fd;

	memset(m, 0, sizeof *m);
	m->page = sysconf(_SC_PAGESIZE);
	if (m->page <= 0)
		m->page = 4096;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return load_io(err, "open", errno);
	if (fstat(fd, &st) < 0) {
		r = load_io(err, "stat", errno);
	} else if (S_ISDIR(st.st_mode)) {
		r = load_io(err, "open", EISDIR);
	} else if (!S_ISREG(st.st_mode)) {
		r = load_read_all(fd, m, err);
	} else if (st.st_size == 0) {
		r = tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
	} else if ((uint64_t)st.st_size > SIZE_MAX) {
		r = tv_fail(err, TV_ERR_TOO_BIG, TV_NO_OFFSET, "file too large to map");
	} else {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED) {
			r = load_io(err, "mmap", errno);
		} else {
			m->ptr = p;
			m->len = (size_t)st.st_size;
			m->mapped = 1;
			madvise(p, m->len, MADV_SEQUENTIAL);
		}
	}
	close(fd);
	return r;
}

static void load_unmap(struct load_map *m)
{
	if (!m->ptr)
		return;
	if (m->mapped)
		munmap(m->ptr, m->len);
	else
		free(m->ptr);
	m->ptr = NULL;
}

static int load_has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n > k && strcmp(s + n - k, suf) == 0;
}

static int load_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* How a path names its bytes. */
struct load_paths {
	char *key, *data;   /* both set: a pair (malloc'd) */
	char *present;      /* set: only this half of a pair exists, */
	char *missing;      /* and this one does not (both malloc'd) */
	int key_present;    /* the present half is the .key */
};

static void load_paths_free(struct load_paths *lp)
{
	free(lp->key);
	free(lp->data);
	free(lp->present);
	free(lp->missing);
}

/* Fills lp when path names a .key/.data pair, as either file or as the
 * shared NAME (an existing file NAME wins); when only one half exists,
 * present and missing name them. -1 when out of memory. */
static int load_pair_paths(const char *path, struct load_paths *lp)
{
	size_t n = strlen(path), stem = n;
	char *k, *d;

	memset(lp, 0, sizeof *lp);
	if (load_has_suffix(path, ".key"))
		stem = n - 4;
	else if (load_has_suffix(path, ".data"))
		stem = n - 5;
	else if (load_exists(path))
		return 0;
	k = malloc(stem + 6);
	d = malloc(stem + 6);
	if (!k || !d) {
		free(k);
		free(d);
		return -1;
	}
	memcpy(k, path, stem);
	memcpy(d, path, stem);
	memcpy(k + stem, ".key", 5);
	memcpy(d + stem, ".data", 6);
	int hk = load_exists(k), hd = load_exists(d);
	if (hk && hd) {
		lp->key = k;
		lp->data = d;
	} else if (hk || hd) {
		lp->key_present = hk;
		lp->present = hk ? k : d;
		lp->missing = hk ? d : k;
	} else {
		free(k);
		free(d);
	}
	return 0;
}

/* The basename of path, for a message that already names its directory. */
static const char *load_base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static void load_set_errfile(char *errfile, size_t size, const char *path)
{
	if (errfile && size)
		snprintf(errfile, size, "%s", path);
}

/* Runs the builder over the bytes of one file or a pair. */
static enum tv_status load_build(void *ctx, const struct load_bytes *lb, struct tv_error *err,
                                 int *err_in_data)
{
	struct trace *tr = ctx;
	struct calltree *b = calltree_new(tr);
	struct sink s;
	enum tv_status r;

	*err_in_data = 0;
	if (!b)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	s = calltree_sink(b);
	s.consumed = lb->consumed;
	s.cctx = lb->cctx;
	if (lb->key)
		r = load_scan_pair(lb->key, lb->keylen, lb->data, lb->datalen, &s, err, err_in_data);
	else
		r = load_scan(lb->data, lb->datalen, &s, err);
	r = load_stop_reason(b, r, err);
	if (r == TV_OK)
		r = calltree_finish(b, err);
	calltree_free(b);
	return r;
}

/* One file: mapped, run through fn, unmapped. */
static enum tv_status load_single(const char *path, load_bytes_fn fn, void *ctx,
                                  struct tv_error *err)
{
	struct load_map dm;
	struct load_bytes lb = {NULL, 0, NULL, 0, load_consumed, &dm};
	int in_data = 0;
	enum tv_status r = load_map_file(path, &dm, err);
	if (r == TV_OK) {
		lb.data = dm.ptr;
		lb.datalen = dm.len;
		r = fn(ctx, &lb, err, &in_data);
	}
	load_unmap(&dm);
	return r;
}

/* Both files of a pair; errfile gets the one the error is in. */
static enum tv_status load_pair(const struct load_paths *lp, load_bytes_fn fn, void *ctx,
                                struct tv_error *err, char *errfile, size_t errfile_size)
{
	struct load_map km, dm;
	struct load_bytes lb = {NULL, 0, NULL, 0, load_consumed, &dm};
	int in_data = 0;

	memset(&dm, 0, sizeof dm);
	enum tv_status r = load_map_file(lp->key, &km, err);
	if (r != TV_OK) {
		load_set_errfile(errfile, errfile_size, lp->key);
		return r;
	}
	r = load_map_file(lp->data, &dm, err);
	if (r != TV_OK) {
		in_data = 1;
	} else {
		lb.key = km.ptr;
		lb.keylen = km.len;
		lb.data = dm.ptr;
		lb.datalen = dm.len;
		r = fn(ctx, &lb, err, &in_data);
	}
	load_set_errfile(errfile, errfile_size, in_data ? lp->data : lp->key);
	load_unmap(&dm);
	load_unmap(&km);
	return r;
}

/* A half of a pair read alone failed the way a lone half does (a key
 * section with no data after it, a data part with no key section), or
 * the path itself is the missing half: name the missing half instead. */
static int load_half_missing(const struct load_paths *lp, const char *path, enum tv_status r)
{
	if (!lp->missing)
		return 0;
	if (r == TV_ERR_IO)
		return !load_exists(path);
	return lp->key_present ? r == TV_ERR_NO_DATA : r == TV_ERR_NEED_KEY;
}

enum tv_status load_with_bytes(const char *path, load_bytes_fn fn, void *ctx,
                               struct tv_error *err, char *errfile, size_t errfile_size)
{
	struct load_paths lp;
	enum tv_status r;

	load_set_errfile(errfile, errfile_size, path);
	if (load_pair_paths(path, &lp) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (lp.key && lp.data) {
		r = load_pair(&lp, fn, ctx, err, errfile, errfile_size);
	} else {
		r = load_single(path, fn, ctx, err);
		if (r != TV_OK && load_half_missing(&lp, path, r)) {
			load_set_errfile(errfile, errfile_size, lp.missing);
			r = tv_fail(err, TV_ERR_PAIR_HALF, TV_NO_OFFSET, "%s needs it",
			            load_base(lp.present));
		}
	}
	load_paths_free(&lp);
	return r;
}

enum tv_status load_file(struct trace *tr, const char *path, struct tv_error *err,
                         char *errfile, size_t errfile_size)
{
	return load_with_bytes(path, load_build, tr, err, errfile, errfile_size);
}
