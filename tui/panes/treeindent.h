/* treeindent.h: how far a call tree's rows indent (docs/ui.md, "Call
 * trees").
 *
 * Every level of a tree indents by at least one column, always, so a
 * child can be told from a sibling. The rows on screen indent fully, two
 * columns a level, while that fits in half the tree column; when it does
 * not, the levels above the shallowest row on screen are left out and
 * shown as their number ("…12 "), the rows keeping their indentation
 * relative to one another; when even that does not fit, a level takes
 * one column. Only when one column a level for the rows on screen is
 * wider than half the column do their names give up room. No curses.
 */
#ifndef TV_TREEINDENT_H
#define TV_TREEINDENT_H

#include <stddef.h>
#include <stdint.h>

struct treeindent {
	uint32_t skip;   /* levels left out (shown as their number), 0: none */
	int cw;          /* columns a level: 2, or 1 */
};

/* The plan for rows of depths dmin..dmax (a root's is 0) on screen, in a
 * tree column cols wide (guides, marks and names). */
void treeindent_plan(struct treeindent *t, uint32_t dmin, uint32_t dmax, int cols);

/* Columns the marker of the levels left out takes ("…12 "), 0 without. */
int treeindent_marker_cols(uint32_t skip);

/* A row of depth d's indentation into buf: the marker, then one guide a
 * level from skip + 1 to d: an ancestor's (a pipe where siblings follow
 * below it, else blank), then its own (a tee, or a corner for the last
 * child). last[i] says the node at level skip + 1 + i on the row's path
 * is the last of its siblings, for i < d - skip. "" for a root. */
void treeindent_guides(const struct treeindent *t, uint32_t d, const uint8_t *last, int ascii,
                       char *buf, size_t n);

#endif
