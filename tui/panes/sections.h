/* sections.h: a method's expansion as Traceview lays it out, in the
 * profile table and the diff table (docs/ui.md, "The table").
 *
 * Below the selected method's row come its parents, then a "parents while
 * recursive" label and the recursive halves of the edges, the self row,
 * and its children likewise (docs/numbers.md, "Parents and children"). A
 * section longer than SECTIONS_MAX + 1 rows shows its first SECTIONS_MAX
 * and a "… N more" row; Enter there shows the whole section, which then
 * ends in a row whose Enter closes it again; { and } step between the
 * parts of the expansion.
 *
 * Each pane keeps rows of its own kind, every one starting with a struct
 * sections_mark; the functions here see the marks through the row size,
 * and draw what both panes draw alike. Nothing is allocated.
 */
#ifndef TV_SECTIONS_H
#define TV_SECTIONS_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>

#include "draw/color.h"

#define SECTIONS_MAX 10

enum sections_kind {
	SECTIONS_METHOD, SECTIONS_PARENT, SECTIONS_SELF, SECTIONS_CHILD,
	SECTIONS_RPARENT_LABEL, SECTIONS_RCHILD_LABEL,  /* "... while recursive" */
	SECTIONS_MORE,          /* "… N more": the rest of a section, on Enter */
	SECTIONS_FEWER          /* the end of an opened section: Enter closes it */
};

/* The sections that open and close (bits 1 << sect of a pane's open). */
enum sections_sect { SECTIONS_PARENTS, SECTIONS_RPARENTS, SECTIONS_CHILDREN, SECTIONS_RCHILDREN };

struct sections_mark {
	enum sections_kind kind;
	enum sections_sect sect;   /* parent, child, label, more and fewer rows */
	int rec;                   /* the edges' "while recursive" half */
	int selected;              /* the selected method's own row */
	uint32_t more;             /* SECTIONS_MORE: rows left out */
};

/* rows[from, k) are the parent (kind SECTIONS_PARENT) or child rows of one
 * half of the edges (rec: the recursive one, with rows[from - 1] left
 * free for its label), in order: marked as their section, cut to
 * SECTIONS_MAX and a "more" row unless the section is open (bit sect of
 * open), then it ends in a "fewer" row; the label put in. The rows added
 * are copies of blank (a row of the pane's kind) with their mark set.
 * Returns where the rows end now: from - rec for a half without rows. */
uint32_t sections_close(void *rows, size_t size, uint32_t from, uint32_t k,
                        enum sections_kind kind, int rec, unsigned open, const void *blank);

/* Enter on row cursor of n: when it is a "more" or "fewer" row, its
 * section's bit is flipped in *open and the section + 1 returned (the
 * pane then builds its rows again and asks sections_cursor()); else 0. */
int sections_toggle(const void *rows, size_t size, uint32_t n, uint32_t cursor, unsigned *open);
/* Where the cursor goes once section sect, toggled on row at, was built
 * again: the first row that was hidden (at), or back on its "more" row
 * when it closed. */
uint32_t sections_cursor(const void *rows, size_t size, uint32_t n, uint32_t at, int sect,
                         unsigned open);

/* The marker a row's name starts with: an arrow up (a parent) or down (a
 * child), indented; four blanks for the self, label, "more" and "fewer"
 * rows; NULL for a method's own row (each pane marks those). sym: room
 * for the arrow. */
const char *sections_marker(enum sections_kind kind, int ascii, char *sym, size_t n);
/* The words of a label, "more" or "fewer" row ("parents while
 * recursive", "… 12 more (Enter)") into buf: 1, or 0 for other rows. */
int sections_words(const struct sections_mark *m, int ascii, char *buf, size_t n);
/* A row's attribute when the cursor is not on it: parents, their label
 * and "more" rows in the parent colour, children's likewise, the self row
 * in its own, the selected method's row bold. */
attr_t sections_attr(const struct sections_mark *m, const struct color *c);

/* { and }: *cursor to the start of the next (dir 1) or previous (-1) part
 * of the selected method's expansion: its row, parents, parents while
 * recursive, self, children, children while recursive; -1 when there is
 * none. */
int sections_step(const void *rows, size_t size, uint32_t n, uint32_t *cursor, int dir);

#endif
