/* fuzz_sink.c: a sink that reads everything a reader hands it.
 *
 * Touching every byte of every string lets ASan catch a pointer or length
 * that runs past the reader's buffer; offsets are checked against the
 * input length (a reader reports positions inside what it was given).
 */
#include "fuzz_sink.h"

/* Offsets may equal len (damage "at the end") or be unknown. */
static void fsink_offset(const struct fuzz_sink *fs, uint64_t offset)
{
	FUZZ_CHECK(offset <= fs->len || offset == UINT64_MAX);
}

static void fsink_touch(struct fuzz_sink *fs, struct sink_bytes b)
{
	FUZZ_CHECK(b.ptr || !b.len);
	for (size_t i = 0; i < b.len; i++)
		fs->sum += (unsigned char)b.ptr[i];
}

static int fsink_format(void *ctx, const struct sink_format *f)
{
	struct fuzz_sink *fs = ctx;
	FUZZ_CHECK(f->version <= 5);   /* 0: no header (low-overhead dumps) */
	FUZZ_CHECK(f->nslots == 1 || f->nslots == 2);
	fs->formats++;
	return 0;
}

static int fsink_option(void *ctx, struct sink_bytes key, struct sink_bytes val)
{
	fsink_touch(ctx, key);
	fsink_touch(ctx, val);
	return 0;
}

static int fsink_thread(void *ctx, uint32_t tid, struct sink_bytes name, uint64_t offset)
{
	(void)tid;
	fsink_offset(ctx, offset);
	fsink_touch(ctx, name);
	return 0;
}

static int fsink_method(void *ctx, uint64_t id, const struct sink_method *m, uint64_t offset)
{
	FUZZ_CHECK((id & 3) == 0);
	fsink_offset(ctx, offset);
	fsink_touch(ctx, m->cls);
	fsink_touch(ctx, m->name);
	fsink_touch(ctx, m->sig);
	fsink_touch(ctx, m->source);
	return 0;
}

static int fsink_record(void *ctx, uint32_t tid, uint64_t word, uint64_t t0, uint64_t t1,
                        uint64_t offset)
{
	struct fuzz_sink *fs = ctx;
	fsink_offset(fs, offset);
	fs->sum += tid ^ word ^ t0 ^ t1;
	fs->records++;
	return 0;
}

static void fsink_warn(void *ctx, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	FUZZ_CHECK((unsigned)kind < TV_WARN_COUNT);
	FUZZ_CHECK(n > 0);
	fsink_offset(ctx, offset);
}

static void fsink_consumed(void *cctx, uint64_t offset)
{
	fsink_offset(cctx, offset);
}

void fuzz_sink_init(struct fuzz_sink *fs, struct sink *s, uint64_t len)
{
	fs->len = len;
	fs->sum = 0;
	fs->formats = 0;
	fs->records = 0;
	*s = (struct sink){
		.ctx = fs,
		.format = fsink_format,
		.option = fsink_option,
		.thread = fsink_thread,
		.method = fsink_method,
		.record = fsink_record,
		.warn = fsink_warn,
		.consumed = fsink_consumed,
		.cctx = fs,
	};
}
