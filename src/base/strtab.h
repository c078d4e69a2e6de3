/* strtab.h: an append-only arena of byte strings.
 *
 * Strings from a trace are copied here once (names, classes, options) so the
 * file mapping can go away after loading. A string is referred to by a
 * struct tv_str (offset, length); bytes are kept exactly as in the file, NUL
 * and control bytes included: views escape them when they show them.
 * The arena owns its memory; strtab_free() releases it. References stay valid
 * across appends (they are offsets, not pointers).
 */
#ifndef TV_STRTAB_H
#define TV_STRTAB_H

#include <stddef.h>
#include <stdint.h>

struct tv_str {
	uint32_t off;  /* TV_STR_NONE_OFF when the string is absent */
	uint32_t len;
};

#define TV_STR_NONE_OFF UINT32_MAX
#define TV_STR_NONE ((struct tv_str){TV_STR_NONE_OFF, 0})

struct strtab {
	char *buf;
	size_t len, cap;
};

void strtab_init(struct strtab *st);
void strtab_free(struct strtab *st);

/* Copy len bytes; returns 0 and sets *out, or -1 when out of memory or the
 * arena would pass 4 GiB. */
int strtab_add(struct strtab *st, const char *s, size_t len, struct tv_str *out);

static inline int tv_str_present(struct tv_str s) { return s.off != TV_STR_NONE_OFF; }

/* Pointer to the bytes of s (not NUL-terminated), or NULL when absent. */
static inline const char *strtab_ptr(const struct strtab *st, struct tv_str s)
{
	return s.off == TV_STR_NONE_OFF ? NULL : st->buf + s.off;
}

#endif
