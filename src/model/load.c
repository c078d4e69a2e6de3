/* load.c: family detection, dispatch to the readers, and file mapping.
 *
 * Files are mapped read-only; as the record readers move on they report the
 * offset they will not look back past, and the pages before it are dropped
 * (MADV_DONTNEED on a private read-only file mapping only forgets pages, a
 * later touch would read them again), which keeps peak memory low on
 * traces of hundreds of MiB. Non-regular files (pipes, standard input
 * from a pipe) are read into memory. Compressed input is decoded into one
 * malloc'd buffer as it is read, the compressed mapping's pages given back
 * as it goes: its peak is the decoded size (docs/cli.md, "Compressed
 * traces").
 */
#include "model/load.h"

#include "base/grow.h"
#include "model/tracebuild.h"
#include "read/inflate.h"
#include "read/anr.h"
#include "read/keyfile.h"
#include "read/lodump.h"
#include "read/sniff.h"
#include "read/stream.h"
#include "read/v1.h"
#include "read/v2.h"

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
		return lodump_detect(buf, len) ? LOAD_LODUMP
		       : anr_detect(buf, len)  ? LOAD_ANR
		                               : LOAD_UNKNOWN;
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
	f.clock = SINK_CLOCK_KEY;
	if (s->format && s->format(s->ctx, &f))
		return tv_fail(err, TV_ERR_NOMEM, database, NULL);
	return v1_records(data + h.data_offset, datalen - h.data_offset,
	                  database + h.data_offset, &h, s, err);
}

enum tv_status load_scan(const uint8_t *buf, size_t len, const struct sink *s,
                         struct tv_error *err)
{
	return load_scan_opts(buf, len, NULL, s, err);
}

enum tv_status load_scan_opts(const uint8_t *buf, size_t len, struct load_opts *opts,
                              const struct sink *s, struct tv_error *err)
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
	case LOAD_LODUMP:
		return lodump_parse(buf, len, NULL, s, err);
	case LOAD_ANR:
		return anr_parse(buf, len, opts ? opts->pid : 0, s, err, opts ? opts->note : NULL,
		                 opts ? sizeof opts->note : 0);
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
static enum tv_status load_stop_reason(const struct tracebuild *b, enum tv_status r,
                                       struct tv_error *err)
{
	if (r != TV_ERR_NOMEM || tracebuild_stop_reason(b) != TV_ERR_TOO_BIG)
		return r;
	return tv_fail(err, TV_ERR_TOO_BIG, err ? err->offset : TV_NO_OFFSET,
	               "names and options pass 4 GiB");
}

struct load_map;
static enum tv_status load_inflate(enum inflate_kind k, const uint8_t *in, size_t len,
                                   struct load_map *m, uint8_t **out, size_t *outlen,
                                   struct tv_error *err);

static enum tv_status load_buffer_plain(struct trace *tr, const uint8_t *buf, size_t len,
                                        struct tv_error *err);

enum tv_status load_buffer(struct trace *tr, const uint8_t *buf, size_t len,
                           struct tv_error *err)
{
	enum inflate_kind k = inflate_detect(buf, len);
	uint8_t *d = NULL;
	size_t n = 0;

	if (k == INFLATE_NONE || !inflate_supported(k))
		return load_buffer_plain(tr, buf, len, err);
	enum tv_status r = load_inflate(k, buf, len, NULL, &d, &n, err);
	if (r == TV_OK)
		r = n ? load_buffer_plain(tr, d, n, err)
		      : tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, "it decompresses to nothing");
	free(d);
	return r;
}

/* A whole trace in memory, built as load_bytes_build() builds a file. */
static enum tv_status load_buffer_plain(struct trace *tr, const uint8_t *buf, size_t len,
                                        struct tv_error *err)
{
	struct load_bytes lb = {NULL, 0, buf, len, NULL, NULL};
	int in_data;
	return load_bytes_build(tr, &lb, err, &in_data);
}

/* ------------------------------------------------------------ files */

#define LOAD_CHUNK ((size_t)256 << 10)  /* bytes per read() of a pipe */

struct load_map {
	uint8_t *ptr;
	size_t len;
	int mapped;        /* 1: munmap, 0: free */
	size_t dropped;    /* bytes before this were given back */
	long page;
	const struct load_progress *prog;   /* may be NULL */
	uint64_t next_tick;                 /* bytes done at the next call */
};

/* Progress after every LOAD_PROGRESS_STEP bytes of a stage. */
static void load_tick(struct load_map *m, enum load_stage stage, uint64_t done, uint64_t total)
{
	if (!m->prog || !m->prog->fn || done < m->next_tick)
		return;
	m->next_tick = done + LOAD_PROGRESS_STEP;
	m->prog->fn(m->prog->ctx, stage, done, total);
}

/* A stage starts: its first call comes after its first step. */
static void load_stage_start(struct load_map *m)
{
	m->next_tick = LOAD_PROGRESS_STEP;
}

/* Forgets the pages of a read-only mapping before offset upto. */
static void load_drop(struct load_map *m, size_t upto)
{
	upto -= upto % (size_t)m->page;
	if (upto > m->dropped) {
		madvise(m->ptr + m->dropped, upto - m->dropped, MADV_DONTNEED);
		m->dropped = upto;
	}
}

static void load_consumed(void *cctx, uint64_t offset)
{
	struct load_map *m = cctx;

	if (offset > m->len)
		return;
	load_tick(m, LOAD_STAGE_PARSE, offset, m->len);
	if (m->mapped)
		load_drop(m, (size_t)offset);
}

static enum tv_status load_io(struct tv_error *err, const char *what, int e)
{
	return tv_fail(err, TV_ERR_IO, TV_NO_OFFSET, "%s: %s", what, strerror(e));
}

/* read() until len bytes or the end; 0 or an errno. */
static int load_read(int fd, uint8_t *buf, size_t len, size_t *got)
{
	*got = 0;
	while (*got < len) {
		ssize_t n = read(fd, buf + *got, len - *got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			break;
		*got += (size_t)n;
	}
	return 0;
}

/* Decodes compressed bytes in[0..len) (a whole file, held by m when m
 * maps it) into a new buffer, in steps so that progress is told and the
 * pages of the mapping already decoded are given back. */
static enum tv_status load_inflate(enum inflate_kind k, const uint8_t *in, size_t len,
                                   struct load_map *m, uint8_t **out, size_t *outlen,
                                   struct tv_error *err)
{
	struct inflate *z = inflate_new(k, inflate_size_hint(k, in, len));
	enum tv_status r = TV_OK;

	if (!z)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	for (size_t off = 0; off < len && r == TV_OK;) {
		size_t n = len - off < LOAD_PROGRESS_STEP ? len - off : LOAD_PROGRESS_STEP;
		r = inflate_feed(z, in + off, n, err);
		off += n;
		if (m && m->mapped)
			load_drop(m, off);
		if (m)
			load_tick(m, LOAD_STAGE_READ, off, len);
	}
	if (r == TV_OK)
		r = inflate_finish(z, err);
	if (r == TV_OK)
		*out = inflate_take(z, outlen);
	inflate_free(z);
	return r;
}

/* Replaces a mapped compressed file by its decoded bytes. */
static enum tv_status load_inflate_map(struct load_map *m, enum inflate_kind k,
                                       struct tv_error *err)
{
	uint8_t *d = NULL;
	size_t n = 0;

	load_stage_start(m);
	enum tv_status r = load_inflate(k, m->ptr, m->len, m, &d, &n, err);
	munmap(m->ptr, m->len);
	m->ptr = d;
	m->len = n;
	m->mapped = 0;
	m->dropped = 0;
	if (r == TV_OK && n == 0)
		r = tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, "it decompresses to nothing");
	return r;
}

/* The rest of a compressed pipe, whose first bytes are head[0..hlen),
 * decoded as it is read; chunk is a buffer of LOAD_CHUNK bytes. */
static enum tv_status load_inflate_pipe(int fd, enum inflate_kind k, const uint8_t *head,
                                        size_t hlen, uint8_t *chunk, struct load_map *m,
                                        struct tv_error *err)
{
	struct inflate *z = inflate_new(k, 0);
	enum tv_status r;
	size_t got = hlen;
	int e = 0;

	if (!z)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	r = inflate_feed(z, head, hlen, err);
	while (r == TV_OK && got > 0) {
		load_tick(m, LOAD_STAGE_READ, inflate_in_total(z), 0);
		if ((e = load_read(fd, chunk, LOAD_CHUNK, &got)) != 0)
			r = load_io(err, "read", e);
		else
			r = inflate_feed(z, chunk, got, err);
	}
	if (r == TV_OK)
		r = inflate_finish(z, err);
	if (r == TV_OK)
		m->ptr = inflate_take(z, &m->len);
	inflate_free(z);
	if (r == TV_OK && m->len == 0)
		r = tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, "it decompresses to nothing");
	return r;
}

/* Reads a non-regular file (a pipe, a FIFO, a terminal) to its end into
 * memory, decoding it when its first bytes say it is compressed. */
static enum tv_status load_read_all(int fd, struct load_map *m, struct tv_error *err)
{
	size_t cap = LOAD_CHUNK, got;
	uint8_t *buf = malloc(cap);
	enum tv_status r = TV_OK;
	int e;

	if (!buf)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	m->mapped = 0;
	m->len = 0;
	load_stage_start(m);
	/* enough bytes to tell a compressed stream (load_read fills what it can) */
	if ((e = load_read(fd, buf, 4, &m->len)) != 0) {
		free(buf);
		return load_io(err, "read", e);
	}
	enum inflate_kind k = inflate_detect(buf, m->len);
	if (k != INFLATE_NONE && inflate_supported(k)) {
		uint8_t head[4];
		memcpy(head, buf, m->len);
		r = load_inflate_pipe(fd, k, head, m->len, buf, m, err);
		free(buf);
		return r;
	}
	for (got = m->len; got > 0; m->len += got) {
		load_tick(m, LOAD_STAGE_READ, m->len, 0);
		if (grow_push((void **)&buf, &cap, m->len, 1) < 0) {
			free(buf);
			return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
		}
		if ((e = load_read(fd, buf + m->len, cap - m->len, &got)) != 0) {
			free(buf);
			return load_io(err, "read", e);
		}
	}
	m->ptr = buf;
	return m->len ? TV_OK : tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
}

/* Maps a regular file; decodes it when compressed. */
static enum tv_status load_map_regular(int fd, const struct stat *st, struct load_map *m,
                                       struct tv_error *err)
{
	if (st->st_size == 0)
		return tv_fail(err, TV_ERR_EMPTY, TV_NO_OFFSET, NULL);
	if ((uint64_t)st->st_size > SIZE_MAX)
		return tv_fail(err, TV_ERR_TOO_BIG, TV_NO_OFFSET, "file too large to map");
	void *p = mmap(NULL, (size_t)st->st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED)
		return load_io(err, "mmap", errno);
	m->ptr = p;
	m->len = (size_t)st->st_size;
	m->mapped = 1;
	madvise(p, m->len, MADV_SEQUENTIAL);
	enum inflate_kind k = inflate_detect(m->ptr, m->len);
	if (k != INFLATE_NONE && inflate_supported(k))
		return load_inflate_map(m, k, err);
	return TV_OK;   /* zstd in a build without it: refused by name later */
}

/* The bytes of path ("-": standard input), mapped or in memory. */
static enum tv_status load_map_file(const char *path, struct load_map *m,
                                    const struct load_progress *prog, struct tv_error *err)
{
	struct stat st;
	enum tv_status r = TV_OK;
	int stdin_ = strcmp(path, "-") == 0;
	int fd = stdin_ ? STDIN_FILENO : open(path, O_RDONLY);

	memset(m, 0, sizeof *m);
	m->prog = prog;
	m->page = sysconf(_SC_PAGESIZE);
	if (m->page <= 0)
		m->page = 4096;
	if (fd < 0)
		return load_io(err, "open", errno);
	if (fstat(fd, &st) < 0)
		r = load_io(err, "stat", errno);
	else if (S_ISDIR(st.st_mode))
		r = load_io(err, "open", EISDIR);
	else if (!S_ISREG(st.st_mode))
		r = load_read_all(fd, m, err);
	else
		r = load_map_regular(fd, &st, m, err);
	if (!stdin_)
		close(fd);
	load_stage_start(m);   /* the readers' progress starts afresh */
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

int load_input_files(const char *path, char *files[2])
{
	struct load_paths lp;
	int n = 0;
	files[0] = files[1] = NULL;
	if (strcmp(path, "-") == 0)   /* standard input: no file */
		return 0;
	if (load_pair_paths(path, &lp) < 0)
		return -1;
	if (lp.key && lp.data) {
		files[n++] = lp.key;
		files[n++] = lp.data;
		lp.key = lp.data = NULL;
	} else if ((files[n++] = strdup(path)) == NULL) {
		n = -1;
	}
	load_paths_free(&lp);
	return n;
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

/* A trace built from bytes, told opts (may be NULL); sums only when
 * tagger is set (load_file_sums()). */
struct load_build {
	struct trace *tr;
	struct load_opts *opts;
	const struct tv_tagger *tagger;
	int thread_sums;
};

static enum tv_status load_build_bytes(void *ctx, const struct load_bytes *lb,
                                       struct tv_error *err, int *err_in_data);

enum tv_status load_bytes_build(void *ctx, const struct load_bytes *lb, struct tv_error *err,
                                int *err_in_data)
{
	return load_bytes_build_opts(ctx, lb, NULL, err, err_in_data);
}

enum tv_status load_bytes_build_opts(struct trace *tr, const struct load_bytes *lb,
                                     struct load_opts *opts, struct tv_error *err,
                                     int *err_in_data)
{
	struct load_build lbc = {tr, opts, NULL, 0};
	if (opts)
		opts->note[0] = '\0';
	return load_build_bytes(&lbc, lb, err, err_in_data);
}

/* One build of the bytes: sums only, or in full (tagger NULL). */
static enum tv_status load_build_once(const struct load_build *lbc,
                                      const struct tv_tagger *tagger,
                                      const struct load_bytes *lb, struct tv_error *err,
                                      int *err_in_data)
{
	struct trace *tr = lbc->tr;
	struct tracebuild *b = tracebuild_new(tr);
	struct sink s;
	enum tv_status r;

	*err_in_data = 0;
	if (!b || (tagger && tracebuild_set_sums(b, tagger, lbc->thread_sums) < 0)) {
		tracebuild_free(b);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	if (lbc->opts && lbc->opts->no_esums)
		tracebuild_set_no_esums(b);
	s = tracebuild_sink(b);
	s.consumed = lb->consumed;
	s.cctx = lb->cctx;
	if (lb->key)
		r = load_scan_pair(lb->key, lb->keylen, lb->data, lb->datalen, &s, err, err_in_data);
	else
		r = load_scan_opts(lb->data, lb->datalen, lbc->opts, &s, err);
	r = load_stop_reason(b, r, err);
	if (r == TV_OK)
		r = tracebuild_finish(b, err);
	tracebuild_free(b);
	return r;
}

/* A sums-only build that fails for any reason (records it cannot sum
 * exactly, damage, memory) gives way to a full one, which says why if
 * it fails too: outputs and errors are the full build's either way. */
static enum tv_status load_build_bytes(void *ctx, const struct load_bytes *lb,
                                       struct tv_error *err, int *err_in_data)
{
	const struct load_build *lbc = ctx;
	if (lbc->tagger) {
		if (load_build_once(lbc, lbc->tagger, lb, err, err_in_data) == TV_OK)
			return TV_OK;
		trace_free(lbc->tr);
		trace_init(lbc->tr);
	}
	return load_build_once(lbc, NULL, lb, err, err_in_data);
}

/* One file: mapped, run through fn, unmapped. */
static enum tv_status load_single(const char *path, load_bytes_fn fn, void *ctx,
                                  const struct load_progress *prog, struct tv_error *err)
{
	struct load_map dm;
	struct load_bytes lb = {NULL, 0, NULL, 0, load_consumed, &dm};
	int in_data = 0;
	enum tv_status r = load_map_file(path, &dm, prog, err);
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
                                const struct load_progress *prog, struct tv_error *err,
                                char *errfile, size_t errfile_size)
{
	struct load_map km, dm;
	struct load_bytes lb = {NULL, 0, NULL, 0, load_consumed, &dm};
	int in_data = 0;

	memset(&dm, 0, sizeof dm);
	enum tv_status r = load_map_file(lp->key, &km, NULL, err);
	if (r != TV_OK) {
		load_set_errfile(errfile, errfile_size, lp->key);
		return r;
	}
	r = load_map_file(lp->data, &dm, prog, err);
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
                               const struct load_progress *prog, struct tv_error *err,
                               char *errfile, size_t errfile_size)
{
	struct load_paths lp;
	enum tv_status r;

	load_set_errfile(errfile, errfile_size, path);
	if (strcmp(path, "-") == 0)   /* standard input: one stream, never a pair */
		return load_single(path, fn, ctx, prog, err);
	if (load_pair_paths(path, &lp) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (lp.key && lp.data) {
		r = load_pair(&lp, fn, ctx, prog, err, errfile, errfile_size);
	} else {
		r = load_single(path, fn, ctx, prog, err);
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
	return load_with_bytes(path, load_bytes_build, tr, NULL, err, errfile, errfile_size);
}

enum tv_status load_file_progress(struct trace *tr, const char *path,
                                  const struct load_progress *prog, struct tv_error *err,
                                  char *errfile, size_t errfile_size)
{
	return load_with_bytes(path, load_bytes_build, tr, prog, err, errfile, errfile_size);
}

enum tv_status load_file_opts(struct trace *tr, const char *path,
                              const struct load_progress *prog, struct load_opts *opts,
                              struct tv_error *err, char *errfile, size_t errfile_size)
{
	struct load_build lbc = {tr, opts, NULL, 0};
	if (opts)
		opts->note[0] = '\0';
	return load_with_bytes(path, load_build_bytes, &lbc, prog, err, errfile, errfile_size);
}

enum tv_status load_file_sums(struct trace *tr, const char *path,
                              const struct load_progress *prog, struct load_opts *opts,
                              const struct tv_tagger *tagger, int thread_sums,
                              struct tv_error *err, char *errfile, size_t errfile_size)
{
	struct load_build lbc = {tr, opts, tagger, thread_sums};
	if (opts)
		opts->note[0] = '\0';
	return load_with_bytes(path, load_build_bytes, &lbc, prog, err, errfile, errfile_size);
}
