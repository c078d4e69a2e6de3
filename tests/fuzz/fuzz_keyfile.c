/* fuzz_keyfile.c: the text key section, with and without a required *end,
 * and the single-line method parsers on the whole input. */
#include "fuzz_sink.h"
#include "read/keyfile.h"

/* Fields are slices of the line. */
static void kf_inside(struct sink_bytes b, const char *line, size_t len)
{
	if (b.ptr)
		FUZZ_CHECK(b.ptr >= line && b.len <= len && (size_t)(b.ptr - line) <= len - b.len);
}

static void kf_fields_inside(const struct sink_method *m, const char *line, size_t len)
{
	kf_inside(m->cls, line, len);
	kf_inside(m->name, line, len);
	kf_inside(m->sig, line, len);
	kf_inside(m->source, line, len);
}

void fuzz_keyfile_init(void)
{
}

void fuzz_keyfile_one(const uint8_t *buf, size_t len)
{
	for (int require_end = 0; require_end <= 1; require_end++) {
		struct fuzz_sink fs;
		struct sink s;
		struct keyfile_info info;
		struct tv_error err;
		fuzz_sink_init(&fs, &s, len);
		if (keyfile_parse(buf, len, 0, require_end, &s, &info, &err) == TV_OK)
			FUZZ_CHECK(info.end <= len);
	}
	/* The line parsers need no NUL: hand them the bytes as they are. */
	struct sink_method m;
	uint64_t id;
	const char *line = (const char *)buf;
	if (keyfile_method_line(line, len, &id, &m) == 0) {
		FUZZ_CHECK((id & 3) == 0);
		kf_fields_inside(&m, line, len);
	}
	if (keyfile_method_fields(line, len, &m) == 0)
		kf_fields_inside(&m, line, len);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(keyfile)
#endif
