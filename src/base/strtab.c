/* strtab.c: append-only string arena. */
#include "base/strtab.h"

#include "base/grow.h"

#include <stdlib.h>
#include <string.h>

void strtab_init(struct strtab *st)
{
	st->buf = NULL;
	st->len = st->cap = 0;
}

void strtab_free(struct strtab *st)
{
	free(st->buf);
	strtab_init(st);
}

int strtab_add(struct strtab *st, const char *s, size_t len, struct tv_str *out)
{
	if (len > UINT32_MAX - 1 || st->len + len >= (size_t)UINT32_MAX - 1)
		return -1;
	/* Allocate even for an empty first string: its pointer must not be
	 * NULL, which strtab_ptr() means for an absent string. */
	if (grow_to((void **)&st->buf, &st->cap, st->len + (len ? len : 1), 1) < 0)
		return -1;
	if (len)
		memcpy(st->buf + st->len, s, len);
	out->off = (uint32_t)st->len;
	out->len = (uint32_t)len;
	st->len += len;
	return 0;
}
