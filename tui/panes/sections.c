/* sections.c: the rows of a method's expansion (see sections.h). */
#include "panes/sections.h"

#include <stdio.h>
#include <string.h>

#include "draw/draw.h"

static struct sections_mark *sections_at(void *rows, size_t size, uint32_t i)
{
	return (struct sections_mark *)(void *)((char *)rows + (size_t)i * size);
}

static const struct sections_mark *sections_get(const void *rows, size_t size, uint32_t i)
{
	return (const struct sections_mark *)(const void *)((const char *)rows + (size_t)i * size);
}

/* Row i becomes a copy of blank marked as given. */
static void sections_put(void *rows, size_t size, uint32_t i, const void *blank,
                         struct sections_mark mark)
{
	memcpy((char *)rows + (size_t)i * size, blank, size);
	*sections_at(rows, size, i) = mark;
}

uint32_t sections_close(void *rows, size_t size, uint32_t from, uint32_t k,
                        enum sections_kind kind, int rec, unsigned open, const void *blank)
{
	enum sections_sect sect = (kind == SECTIONS_PARENT ? SECTIONS_PARENTS : SECTIONS_CHILDREN) +
	                          (rec ? 1 : 0);
	uint32_t count = k - from;
	if (!count)
		return from - (rec ? 1 : 0);
	for (uint32_t i = from; i < k; i++)
		sections_at(rows, size, i)->sect = sect;
	/* A "1 more" row would take the room of the row it hides. */
	if (count > SECTIONS_MAX + 1) {
		int opened = (open >> sect) & 1;
		if (!opened)
			k = from + SECTIONS_MAX;
		sections_put(rows, size, k++, blank,
		             (struct sections_mark){opened ? SECTIONS_FEWER : SECTIONS_MORE, sect, rec,
		                                    0, opened ? 0 : count - SECTIONS_MAX});
	}
	if (rec)
		sections_put(rows, size, from - 1, blank,
		             (struct sections_mark){kind == SECTIONS_PARENT ? SECTIONS_RPARENT_LABEL
		                                                            : SECTIONS_RCHILD_LABEL,
		                                    sect, 1, 0, 0});
	return k;
}

int sections_toggle(const void *rows, size_t size, uint32_t n, uint32_t cursor, unsigned *open)
{
	if (cursor >= n)
		return 0;
	const struct sections_mark *m = sections_get(rows, size, cursor);
	if (m->kind != SECTIONS_MORE && m->kind != SECTIONS_FEWER)
		return 0;
	*open ^= 1u << m->sect;
	return (int)m->sect + 1;
}

uint32_t sections_cursor(const void *rows, size_t size, uint32_t n, uint32_t at, int sect,
                         unsigned open)
{
	uint32_t cursor = at < n ? at : n - 1;
	if (!((open >> sect) & 1))
		for (uint32_t r = 0; r < n; r++) {
			const struct sections_mark *m = sections_get(rows, size, r);
			if (m->kind == SECTIONS_MORE && (int)m->sect == sect)
				cursor = r;
		}
	return cursor;
}

const char *sections_marker(enum sections_kind kind, int ascii, char *sym, size_t n)
{
	if (kind == SECTIONS_METHOD)
		return NULL;
	if (kind != SECTIONS_PARENT && kind != SECTIONS_CHILD)
		return "    ";
	snprintf(sym, n, "  %s ", draw_sym(kind == SECTIONS_PARENT ? SYM_PARENT : SYM_CHILD, ascii));
	return sym;
}

int sections_words(const struct sections_mark *m, int ascii, char *buf, size_t n)
{
	switch (m->kind) {
	case SECTIONS_RPARENT_LABEL: snprintf(buf, n, "parents while recursive"); return 1;
	case SECTIONS_RCHILD_LABEL: snprintf(buf, n, "children while recursive"); return 1;
	case SECTIONS_MORE:
		snprintf(buf, n, "%s %lu more (Enter)", draw_sym(SYM_MORE, ascii),
		         (unsigned long)m->more);
		return 1;
	case SECTIONS_FEWER:
		snprintf(buf, n, "%s first %d only (Enter)", draw_sym(SYM_MORE, ascii), SECTIONS_MAX);
		return 1;
	default: return 0;
	}
}

attr_t sections_attr(const struct sections_mark *m, const struct color *c)
{
	switch (m->kind) {
	case SECTIONS_PARENT: case SECTIONS_RPARENT_LABEL: return c->role[ROLE_PARENT];
	case SECTIONS_CHILD: case SECTIONS_RCHILD_LABEL: return c->role[ROLE_CHILD];
	case SECTIONS_SELF: return c->role[ROLE_SELF];
	case SECTIONS_METHOD: return m->selected ? A_BOLD : A_NORMAL;
	case SECTIONS_MORE: case SECTIONS_FEWER:
		return c->role[m->sect >= SECTIONS_CHILDREN ? ROLE_CHILD : ROLE_PARENT];
	}
	return A_NORMAL;
}

/* Does row r start a part of the expansion? */
static int sections_start(const void *rows, size_t size, uint32_t r)
{
	const struct sections_mark *m = sections_get(rows, size, r);
	switch (m->kind) {
	case SECTIONS_METHOD: return m->selected;
	case SECTIONS_SELF: case SECTIONS_RPARENT_LABEL: case SECTIONS_RCHILD_LABEL: return 1;
	case SECTIONS_PARENT: case SECTIONS_CHILD:
		return !m->rec && (r == 0 || sections_get(rows, size, r - 1)->kind != m->kind);
	default: return 0;
	}
}

int sections_step(const void *rows, size_t size, uint32_t n, uint32_t *cursor, int dir)
{
	uint32_t lo = *cursor, hi = *cursor;
	/* The expansion runs from the selected method's row to the next
	 * method row. */
	while (lo > 0 && !(sections_get(rows, size, lo)->kind == SECTIONS_METHOD &&
	                   sections_get(rows, size, lo)->selected))
		lo--;
	while (hi + 1 < n && sections_get(rows, size, hi + 1)->kind != SECTIONS_METHOD)
		hi++;
	for (int64_t r = (int64_t)*cursor + dir; r >= lo && r <= hi; r += dir)
		if (sections_start(rows, size, (uint32_t)r)) {
			*cursor = (uint32_t)r;
			return 0;
		}
	return -1;
}
