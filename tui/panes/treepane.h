/* treepane.h: the call tree panes, top-down (`2`) and bottom-up (`3`).
 *
 * One row per node of a call tree (pathtree.h) whose ancestors are all
 * open, indented with tree guides; the numbers are the node's, on both
 * clocks, in the columns of `--format=tree` (docs/cli.md) for the active
 * clock. The row under the cursor is the selection: its method. < > I
 * order the siblings by a column shown (treepane_sort(), --sort).
 *
 * Work on the tree (building it for a thread scope or clock, expanding a
 * node, the hottest path, everything: treejob.h) runs on the pane's own
 * job worker when the trace has inline_below records or more, so the
 * screen stays live; smaller traces do it at once. The rows are copies of the nodes'
 * numbers: drawing and moving never touch the tree, which the worker may
 * be changing (pathtree.h: not thread-safe). While a job runs, keys that
 * change the tree answer "computing".
 *
 * The pane borrows the trace (it must outlive the pane) and owns its tree,
 * rows and worker (treepane_free()).
 */
#ifndef TV_TREEPANE_H
#define TV_TREEPANE_H

#include <stdint.h>
#include <stdio.h>

#include "analyze/pathtree.h"
#include "panes/pane.h"
#include "session/tidset.h"
#include "panes/treeindent.h"

/* `E` opens levels until this many rows show (the rest stays shut). */
#define TREEPANE_ALL_ROWS 100000

struct tp_row {
	uint32_t node, method, depth;
	uint32_t parent_row;     /* PATHTREE_NONE for a root */
	uint8_t expandable, open, last;
	uint64_t calls, incl[TV_NCLOCKS], excl[TV_NCLOCKS];
};

struct jobs;
struct treejob;

/* A tree's order (docs/ui.md, "Call trees"): a column (enum pathtree_by;
 * -1 until the tree first has a clock: the default then), ascending or
 * not, and the clock the column was chosen on: on another clock the
 * column becomes its twin (incl CPU <-> incl wall), as the table's does. */
struct tp_sort {
	int by, ascending, clock;
};

struct treepane {
	const struct trace *tr;
	int inverted;
	uint64_t inline_below;   /* records: smaller traces work at once */
	struct pathtree t;
	int built;
	/* The scope and clock the tree has once every queued job ran. */
	int req_clock, requested;
	struct tidset req_scope;
	struct tp_sort sort;     /* the order wanted */
	int req_by, req_ascending;  /* the order of the last job queued */
	/* The rows' clock and toplevel, copied with them: drawing never
	 * reads the tree. */
	int clock, by, ascending;
	uint64_t top_incl[TV_NCLOCKS];
	uint8_t *open;           /* per node: shown open */
	uint32_t open_cap;
	struct tp_row *rows;
	uint32_t nrows, rows_cap;
	uint32_t cursor, top;
	uint32_t all_rows;       /* E's cap: TREEPANE_ALL_ROWS */
	int height, width;       /* data rows and columns at the last draw */
	struct jobs *jobs;
	unsigned job_id;
	int busy;
	char note[160];          /* what the last job said, for the title */
	int find_res;            /* last search: -2 running, -1 none, 0 found, 1 wrapped */
	struct treejob *pending;   /* a search asked for while the worker had the tree;
	                            * owned, run when it hands the tree back */
};

/* 0, or -1 when out of memory. */
int treepane_init(struct treepane *p, const struct trace *tr, int inverted,
                  uint64_t inline_below);
void treepane_free(struct treepane *p);
/* Drop the tree, rows and worker, keeping the kind, order and options:
 * before the trace is freed. treepane_rebind() starts again on another
 * trace (0, or -1 when out of memory); treepane_free() still works. */
void treepane_release(struct treepane *p);
int treepane_rebind(struct treepane *p, const struct trace *tr);

/* The scope (trace.h; NULL: every thread) and clock the shell shows:
 * the tree is rebuilt or re-sorted to match (on the worker for a big
 * trace). */
void treepane_scope(struct treepane *p, const struct trace_sel *sel, int clock);

/* Sorts the tree by column by (enum pathtree_by), ascending or not, on the
 * clock the tree has from then on (-1: the one it has or gets first);
 * before the tree is built, it is built in that order. */
void treepane_sort(struct treepane *p, int by, int ascending, int clock);

/* The order as `--sort` takes it ("incl_wait", "-calls") in buf; 0 when
 * it is the default (buf ""), 1 otherwise. */
int treepane_sort_arg(const struct treepane *p, char *buf, size_t n);

/* The rows as `--format=tree` text lines (the same columns, the pane's
 * indentation, no "... more" lines); 0, or -1 on a write error. */
int treepane_export(const struct treepane *p, FILE *out);

/* What the diff's tree pane shares (dtreepane.h). The tree rows come
 * from, through its ops: children of an expanded node, whether a node
 * can expand and has, its method; open[] says which nodes show open. */
struct treepane_src {
	const void *t;
	const uint32_t *(*children)(const void *t, uint32_t node, uint32_t *n);
	int (*expandable)(const void *t, uint32_t node);
	int (*expanded)(const void *t, uint32_t node);
	uint32_t (*method)(const void *t, uint32_t node);
	const uint8_t *open;
	uint32_t open_cap;
};

/* The rows of every node below roots whose ancestors are open, in tree
 * order, numbers 0, into *rows (*n of them, room *cap, grown as needed).
 * 0, or -1 when out of memory (the rows made so far stay). */
int treepane_flatten(const struct treepane_src *src, const uint32_t *roots, uint32_t nroots,
                     struct tp_row **rows, uint32_t *n, uint32_t *cap);

/* Drawing rows: the plan of the indentation of the rows from top on a
 * window h rows high, in a tree column cols wide (treeindent.h); row r's
 * guides by it; its tree cell from column x (two blanks, the guides, the
 * open mark and tr's method name); a column title right-aligned in
 * width with the sort marker when marked. */
void treepane_indent(const struct tp_row *rows, uint32_t nrows, uint32_t top, int h, int cols,
                     struct treeindent *ind);
void treepane_guides(const struct tp_row *rows, uint32_t r, const struct treeindent *t, int ascii,
                     char *buf, size_t n);
void treepane_name_cell(WINDOW *win, int y, int x, const struct tp_row *rows, uint32_t r,
                        const struct treeindent *ind, const struct trace *tr, attr_t a, int ascii);
int treepane_head(char *buf, size_t n, int width, const char *title, int marked, int asc,
                  int ascii);

/* Rows 1.. of win below the title: the indentation planned for a tree
 * column cols wide, then row top + y - 1 drawn by row() while there are
 * rows, blank past the last; with no rows at all, empty on row 1. */
typedef void treepane_row_fn(void *pane, WINDOW *win, const struct pane_ctx *ctx, int y,
                             uint32_t r, const struct treeindent *ind);
void treepane_draw_rows(WINDOW *win, const struct pane_ctx *ctx, const struct tp_row *rows,
                        uint32_t nrows, uint32_t top, int cols, treepane_row_fn *row,
                        void *pane, const char *empty);

/* The cursor over a pane's nrows rows, which both tree panes move the
 * same way. treepane_scroll(): *top so the cursor shows in a window h
 * rows high (a title row, then the rows); returns the rows shown (at
 * least 1). treepane_move(): by d rows, stopping at either end.
 * treepane_move_key(): Up, Down, PgUp, PgDn (height rows less one), g,
 * G: 1, or 0 for another action. treepane_click(): a click on window
 * row y puts the cursor on the row there, the wheel moves it three. */
int treepane_scroll(uint32_t cursor, uint32_t *top, int h);
void treepane_move(uint32_t *cursor, uint32_t nrows, int64_t d);
int treepane_move_key(uint32_t *cursor, uint32_t nrows, int height, enum action a);
void treepane_click(uint32_t *cursor, uint32_t top, uint32_t nrows, int y, int wheel);

/* A pane's item of row r (pane.h): the method, or the diff's row. */
typedef uint32_t treepane_item_fn(const void *pane, uint32_t r);
/* The pane's select op: the cursor stays on a row of item, else goes
 * to the first; 0, or -1 when no row has it. */
int treepane_select(uint32_t *cursor, uint32_t nrows, uint32_t item, treepane_item_fn *item_of,
                    const void *pane);
/* The pane's copy op (y): the path from the root to row r by method_of,
 * as panetext_path() writes tr's methods; NULL when out of memory. */
char *treepane_copy_path(const struct tp_row *rows, uint32_t r, treepane_item_fn *method_of,
                         const void *pane, const struct trace *tr, int ascii);
/* The pane's rows op: the title and every row, at least drawn. */
int treepane_rows_wanted(uint32_t nrows, int drawn);
/* Keys that change the tree (E, +, -, *, <, >, I, ...): not while the
 * worker has it. treepane_refuse() answers one with "computing" while
 * the pane is busy or has no rows yet: 1 then, else 0. */
int treepane_tree_key(enum action a);
int treepane_refuse(enum action a, int busy, uint32_t nrows, int ascii, struct pane_out *out);
/* The pane's view_open op (--view): the hottest path from the first
 * row, by pn's own keys. */
int treepane_view_hot(struct pane pn, const struct pane_ctx *ctx);

/* The pane (pane.h): items are methods. Find searches the whole tree,
 * opening the path to the match (docs/ui.md, "Find in the call trees"):
 * it returns 1 when it wrapped around, and on the worker it returns 0
 * before the answer, which then shows in the title. */
struct pane treepane_pane(struct treepane *p);
/* The registry's (registry.h): the top-down tree (inverted 0) or the
 * bottom-up one on env->s's trace, in env's --sort; freed with
 * treepane_destroy(). Ops NULL when out of memory. */
struct pane treepane_make(const struct pane_env *env, int inverted);
void treepane_destroy(void *self);

#endif
