/* treeindent.c: a call tree's indentation (see treeindent.h). */
#include "panes/treeindent.h"

#include <stdio.h>
#include <string.h>

#include "draw/draw.h"

int treeindent_marker_cols(uint32_t skip)
{
	char num[16];
	return skip ? 1 + snprintf(num, sizeof num, "%lu", (unsigned long)skip) + 1 : 0;
}

/* The fewest levels to leave out so that the deepest row's guides (and
 * the marker) fit budget columns at cw a level; 0 when none need be. */
static uint32_t treeindent_skip_for(uint32_t dmax, int cw, int budget)
{
	if ((int64_t)dmax * cw <= budget)
		return 0;
	for (uint32_t s = 1; s < dmax; s++)
		if (treeindent_marker_cols(s) + (int64_t)(dmax - s) * cw <= budget)
			return s;
	return dmax;
}

void treeindent_plan(struct treeindent *t, uint32_t dmin, uint32_t dmax, int cols)
{
	/* Half the column for the guides: the names keep the rest. */
	int budget = cols / 2;
	/* Left out at most the levels above the shallowest row, so that it
	 * keeps a guide of its own (none above a root). */
	uint32_t most = dmin ? dmin - 1 : 0;
	for (int cw = 2; cw >= 1; cw--) {
		uint32_t s = treeindent_skip_for(dmax, cw, budget);
		if (s <= most) {
			*t = (struct treeindent){s, cw};
			return;
		}
	}
	/* Even one column a level does not fit: the rows keep their
	 * relative indentation, and their names give up room. */
	*t = (struct treeindent){most, 1};
}

/* The first character of a guide (its one-column form: "├" of "├─"). */
static size_t treeindent_put(char *buf, size_t n, size_t len, const char *g, int cw)
{
	size_t k = strlen(g);
	if (cw == 1) {
		k = 1;
		while (g[k] && ((unsigned char)g[k] & 0xc0) == 0x80)
			k++;
	}
	if (len + k < n) {
		memcpy(buf + len, g, k);
		buf[len + k] = '\0';
		return len + k;
	}
	return len;
}

void treeindent_guides(const struct treeindent *t, uint32_t d, const uint8_t *last, int ascii,
                       char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	if (!d || d <= t->skip)
		return;
	if (t->skip)
		len = (size_t)snprintf(buf, n, "%s%lu ", draw_sym(SYM_ELLIPSIS, ascii),
		                       (unsigned long)t->skip);
	for (uint32_t lv = t->skip + 1; lv <= d && len < n; lv++) {
		int end = last[lv - t->skip - 1];
		enum draw_sym g = lv == d ? (end ? SYM_TREE_LAST : SYM_TREE_MID)
		                          : (end ? SYM_TREE_GAP : SYM_TREE_PIPE);
		len = treeindent_put(buf, n, len, draw_sym(g, ascii), t->cw);
	}
}
