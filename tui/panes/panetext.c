/* panetext.c: a pane's cells read back as text (see panetext.h). */
#include "panes/panetext.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "draw/names.h"

char *panetext_rows(WINDOW *win, int y0, int y1)
{
	int cols = getmaxx(win);
	size_t cap = (size_t)(y1 > y0 ? y1 - y0 : 0) * ((size_t)cols * 8 + 1) + 1, k = 0;
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	mbstate_t st;
	memset(&st, 0, sizeof st);
	for (int y = y0; y < y1; y++) {
		for (int x = 0; x < cols; x++) {
			cchar_t cc;
			wchar_t wc[CCHARW_MAX + 1];
			attr_t a;
			short pair;
			if (mvwin_wch(win, y, x, &cc) == ERR)
				break;
			if (getcchar(&cc, wc, &a, &pair, NULL) == ERR)
				continue;
			for (int i = 0; wc[i] && k + MB_LEN_MAX < cap; i++) {
				size_t m = wcrtomb(buf + k, wc[i], &st);
				if (m != (size_t)-1)
					k += m;
			}
		}
		while (k > 0 && buf[k - 1] == ' ')
			k--;
		buf[k++] = '\n';
	}
	buf[k] = '\0';
	return buf;
}

char *panetext_title_and_row(WINDOW *win, int title_y, int row_y)
{
	char *title = panetext_rows(win, title_y, title_y + 1);
	char *row = panetext_rows(win, row_y, row_y + 1);
	char *s = title && row ? malloc(strlen(title) + strlen(row) + 1) : NULL;
	if (s)
		strcat(strcpy(s, title), row);
	free(title);
	free(row);
	return s;
}

/* panetext_path() with each level's own trace (each[i]) or one for all. */
static char *panetext_path_by(const struct trace *one, const struct trace *const *each,
                              const uint32_t *path, size_t n, int ascii)
{
	char *buf = NULL, name[4300];
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	for (size_t i = n; i-- > 0;) {
		names_method(each ? each[i] : one, path[i], 1 << 20, ascii, name, sizeof name);
		fprintf(m, "%*s%s\n", (int)(2 * (n - 1 - i)), "", name);
	}
	if (fclose(m) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *panetext_path(const struct trace *tr, const uint32_t *path, size_t n, int ascii)
{
	return panetext_path_by(tr, NULL, path, n, ascii);
}

char *panetext_path_in(const struct trace *const *tr, const uint32_t *path, size_t n, int ascii)
{
	return panetext_path_by(NULL, tr, path, n, ascii);
}

char *panetext_item(const struct trace *tr, uint32_t item, int ascii)
{
	return item == PANE_NONE ? strdup("") : panetext_path(tr, &item, 1, ascii);
}

char *panetext_selected(struct pane p, WINDOW *win, int ascii)
{
	if (p.ops->copy)
		return p.ops->copy(p.self, win, ascii);
	struct pane_sel sel = p.ops->selected(p.self);
	if (sel.item == PANE_NONE)
		return strdup("");
	char name[4300] = "";
	if (p.ops->name)
		p.ops->name(p.self, sel.item, name, sizeof name - 1);
	strcat(name, "\n");
	return strdup(name);
}
