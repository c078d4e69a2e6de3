/* rowlist.c: a list's cursor (see rowlist.h). */
#include "panes/rowlist.h"

#include <stdio.h>
#include <string.h>

#include "panes/panetext.h"

void rowlist_keep_visible(struct rowlist *l)
{
	if (l->height < 1)
		return;
	if (l->cursor < l->top)
		l->top = l->cursor;
	if (l->cursor >= l->top + (uint32_t)l->height)
		l->top = l->cursor - (uint32_t)l->height + 1;
}

static void rowlist_move(struct rowlist *l, uint32_t n, int64_t d)
{
	int64_t c = (int64_t)l->cursor + d;
	if (c >= (int64_t)n)
		c = (int64_t)n - 1;
	l->cursor = c < 0 ? 0 : (uint32_t)c;
	rowlist_keep_visible(l);
}

int rowlist_act(struct rowlist *l, uint32_t n, enum action a)
{
	int64_t page = l->height > 1 ? l->height - 1 : 1;
	switch (a) {
	case ACT_UP: rowlist_move(l, n, -1); return 1;
	case ACT_DOWN: rowlist_move(l, n, 1); return 1;
	case ACT_PGUP: rowlist_move(l, n, -page); return 1;
	case ACT_PGDN: rowlist_move(l, n, page); return 1;
	case ACT_TOP: rowlist_move(l, n, -(int64_t)n); return 1;
	case ACT_BOTTOM: rowlist_move(l, n, n); return 1;
	default: return 0;
	}
}

void rowlist_click(struct rowlist *l, uint32_t n, int y, int wheel)
{
	if (wheel) {
		rowlist_move(l, n, wheel * 3);
		return;
	}
	int r = y - l->title_y - 1;
	if (r >= 0 && r < l->height && l->top + (uint32_t)r < n)
		l->cursor = l->top + (uint32_t)r;
}

attr_t rowlist_attr(const struct rowlist *l, uint32_t i, const struct pane_ctx *ctx)
{
	attr_t sel = ctx->color->role[ROLE_SELECTED];
	if (i != l->cursor)
		return ctx->color->role[ROLE_NORMAL];
	return ctx->focused ? sel : sel & ~A_BOLD;
}

char *rowlist_copy(const struct rowlist *l, uint32_t n, WINDOW *win)
{
	if (l->cursor >= n || l->cursor < l->top ||
	    l->cursor >= l->top + (uint32_t)(l->height > 0 ? l->height : 0))
		return strdup("");
	return panetext_title_and_row(win, l->title_y, l->title_y + 1 + (int)(l->cursor - l->top));
}

int rowlist_put(char *buf, size_t n, int k, const char *s, int w)
{
	if (k < 0 || (size_t)k >= n)
		return k;
	int m = snprintf(buf + k, n - (size_t)k, " %*s", w, s);
	return k + (m > 0 ? m : 0);
}
