/* warn.c: texts and counters for enum tv_warn. */
#include "base/warn.h"
#include "base/status.h"

#include <stdio.h>

static const char *const tv_warn_texts[] = {
#define TV_WARN_TEXT(id, text) text,
	TV_WARN_LIST(TV_WARN_TEXT)
#undef TV_WARN_TEXT
};

const char *tv_warn_str(enum tv_warn kind)
{
	if ((unsigned)kind >= TV_WARN_COUNT)
		return "unknown damage";
	return tv_warn_texts[kind];
}

void tv_warnings_init(struct tv_warnings *w)
{
	for (int i = 0; i < TV_WARN_COUNT; i++) {
		w->count[i] = 0;
		w->first_offset[i] = TV_NO_OFFSET;
	}
}

void tv_warnings_add(struct tv_warnings *w, enum tv_warn kind, uint64_t offset, uint64_t n)
{
	if ((unsigned)kind >= TV_WARN_COUNT || n == 0)
		return;
	if (w->count[kind] == 0)
		w->first_offset[kind] = offset;
	w->count[kind] += n;
}

size_t tv_warnings_kinds(const struct tv_warnings *w)
{
	size_t k = 0;
	for (int i = 0; i < TV_WARN_COUNT; i++)
		k += w->count[i] != 0;
	return k;
}

void tv_warnings_format(const struct tv_warnings *w, enum tv_warn kind, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%llu %s", (unsigned long long)w->count[kind],
	                 tv_warn_str(kind));
	if (n < 0 || (size_t)n >= size || w->first_offset[kind] == TV_NO_OFFSET)
		return;
	snprintf(buf + n, size - (size_t)n, " (first at offset %llu)",
	         (unsigned long long)w->first_offset[kind]);
}
