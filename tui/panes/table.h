/* table.h: the profile table pane.
 *
 * Rows are the methods of the current profile in the chosen sort order;
 * the selected method expands in place into its parents, a self row and
 * its children. Parents and children come in the two halves of each edge
 * (profile.h, docs/numbers.md "Parents and children"): first the plain
 * halves (the parents' shares add up to 100%), then, when any edge has
 * one, a "parents while recursive" (or "children while recursive") label
 * row and the recursive halves (sections.h lays them out, as in the diff
 * table). Its columns are tablecols.h's. Moving the cursor onto another
 * method row selects it.
 * The table borrows the profile (which must outlive it or be replaced with
 * table_set_profile()) and owns its row arrays (table_free()).
 */
#ifndef TV_TABLE_H
#define TV_TABLE_H

#include <curses.h>
#include <stdint.h>

#include "draw/color.h"
#include "panes/pane.h"
#include "panes/sections.h"
#include "panes/tablecols.h"
#include "analyze/profile.h"

/* A row: what it is in the expansion (sections.h), its method
 * (PROF_TOPLEVEL allowed) and, for parent and child rows, the edge whose
 * half (mark.rec) it shows. */
struct table_row {
	struct sections_mark mark;
	uint32_t method;
	const struct prof_edge *edge;
};

struct table {
	const struct profile *p;
	uint32_t *order;        /* PROF_TOPLEVEL first, then methods, sorted */
	uint32_t norder;
	struct table_row *rows;
	size_t rows_cap;
	uint32_t nrows;
	struct prof_edge *edges;  /* room for the selected method's parents, then children */
	size_t edges_cap;
	uint32_t sel;           /* selected method */
	uint32_t cursor, top;   /* row indices */
	int height;             /* rows of data shown at the last draw */
	int width;              /* columns at the last draw */
	char **names;           /* full names for find, made when asked */
	uint8_t *keep;          /* filter: per method, 1 to list it; NULL all */
	enum table_col sort;
	int reverse;
	int clock;              /* time base: TV_CPU or TV_WALL */
	unsigned open;          /* sections shown whole (1 << sections_sect),
	                         * until another method is selected */
};

/* 0, or -1 when out of memory. */
int table_init(struct table *t, const struct profile *p, int clock);
void table_free(struct table *t);
/* Switch to another profile (thread scope), keeping the selection when the
 * method is in it, and the filter when it is of the same trace (a new
 * trace drops it: table_filter() again). */
int table_set_profile(struct table *t, const struct profile *p);
/* Drop what was read from the profile's trace (the names made for find):
 * before that trace is freed; table_set_profile() must come next. */
void table_release(struct table *t);

/* Sort by a column; the time base follows the column's clock. */
int table_sort(struct table *t, enum table_col col, int reverse);
/* Next/previous visible sort column (dir +1/-1) for a width. */
enum table_col table_sort_step(const struct table *t, int dir, int width);

/* Select a method and put the cursor on its row; -1 when it is not in the
 * table. */
int table_select(struct table *t, uint32_t method);
/* Move the cursor by delta rows (clamped); selects the method row it lands
 * on. */
int table_move(struct table *t, int64_t delta);
/* Put the cursor on row r (clamped), as a mouse click does. */
int table_click(struct table *t, uint32_t r);

/* Method the Enter key jumps to from the cursor row (a parent or child
 * row, plain or while recursive), or TABLE_NO_JUMP for any other row. */
#define TABLE_NO_JUMP (UINT32_MAX - 1)
uint32_t table_jump_target(const struct table *t);

/* Enter on a "… N more" row shows the whole section, on the row after
 * it closes it again; 1 when the cursor row was one of them. */
int table_toggle_section(struct table *t);
/* Move the cursor to the start of the next (dir +1) or previous (-1) part
 * of the expansion: the method row, parents, parents while recursive,
 * self, children, children while recursive; -1 when there is none. */
int table_section_step(struct table *t, int dir);

/* Draw into win (title row + rows), using names with ascii when set. */
void table_draw(struct table *t, WINDOW *win, const struct color *c, int ascii, int focused);

/* The time base (TV_CPU or TV_WALL), keeping the sorted column's
 * meaning. */
void table_set_clock(struct table *t, int clock);

/* List only the methods with keep[method] set, method < n (NULL: all
 * again); keep is copied. 0, or -1 when out of memory. */
int table_filter(struct table *t, const uint8_t *keep, size_t n);

/* Make every method's full name now (find and filter read them; making
 * them on the first key typed would take longer than a frame). */
void table_warm_names(struct table *t);

/* The table as a pane of the shell (pane.h); items are methods. It
 * follows the session's profile (the scope's, after the steps) and clock,
 * and opens on the first method of its order with every name made. */
struct pane table_pane(struct table *t);
/* The registry's (registry.h): made on env->s, freed with table_destroy();
 * ops NULL when out of memory. */
struct pane table_make(const struct pane_env *env, int variant);
void table_destroy(void *self);

#endif
