/* draw.h: the thin drawing layer every pane draws through.
 *
 * The symbol table gives each glyph the UI uses a UTF-8 form and an ASCII
 * twin, so panes never pick glyphs or write escape sequences themselves:
 * they ask for a symbol, a fitted text cell, a filled row, a bar cell or a
 * box, and curses turns that into output. Text given to these functions is
 * already escaped (text.h); the functions fit it by display columns.
 */
#ifndef TV_DRAW_H
#define TV_DRAW_H

#include <curses.h>
#include <stdio.h>

enum draw_sym {
	SYM_ELLIPSIS,    /* a cut text */
	SYM_ARROW,       /* "0 -> 5", "base -> new" */
	SYM_PARENT,      /* a parent row's marker */
	SYM_CHILD,       /* a child row's marker */
	SYM_SORT_DOWN,   /* the sorted column, largest first */
	SYM_SORT_UP,     /* the sorted column, reversed */
	SYM_SEP,         /* between header items */
	SYM_WARN,        /* a damaged trace */
	SYM_CURSOR,      /* the timeline's time cursor */
	SYM_MARK,        /* where calls of the selected method run */
	SYM_BAR,         /* a timeline cell drawn in a method's colour */
	SYM_SHADE1, SYM_SHADE2, SYM_SHADE3, SYM_SHADE4,  /* cells without colour */
	SYM_MORE,        /* "... N more" rows */
	SYM_CRUMB,       /* between breadcrumbs */
	SYM_DASH,        /* a range: "1-7 of 56" */
	SYM_MINUS,       /* a decrease in the diff */
	SYM_TREE_MID,    /* a call tree's guide: a child with siblings below */
	SYM_TREE_LAST,   /* the last child */
	SYM_TREE_PIPE,   /* an ancestor's guide passing by */
	SYM_TREE_GAP,    /* no guide (two blanks) */
	SYM_TREE_OPEN,   /* an expanded node */
	SYM_TREE_SHUT,   /* a node that can expand */
	SYM_TREE_LEAF,   /* a node without children */
	SYM_SCOPED,      /* a thread in the thread scope */
	SYM_PICKED,      /* a thread marked (Space) in the threads pane */
	SYM_DELTA,       /* a change, B - A: "Δ", "d" in ASCII */
	SYM_COUNT
};

/* The glyph of s, UTF-8 or its ASCII twin. */
const char *draw_sym(enum draw_sym s, int ascii);

/* Text s at (y, x), fitted into w columns (cut with the ellipsis) and
 * padded with spaces to w, in attribute a. Returns the columns of text. */
int draw_cell(WINDOW *win, int y, int x, int w, const char *s, attr_t a, int ascii);

/* Like draw_cell(), right-aligned in w columns. */
void draw_cell_right(WINDOW *win, int y, int x, int w, const char *s, attr_t a, int ascii);

/* A whole row of win: text from column 0 to the right edge. */
void draw_row(WINDOW *win, int y, const char *s, attr_t a, int ascii);

/* Text s wrapped over at most rows rows of win from row y, each row the
 * width of win (the last row cuts with the ellipsis what still does not
 * fit). Returns the rows drawn. */
int draw_wrapped(WINDOW *win, int y, int rows, const char *s, attr_t a, int ascii);
/* The same, wrapped at blanks (text_wrap_words()): a name is never split
 * over two rows unless it is wider than one. */
int draw_wrapped_words(WINDOW *win, int y, int rows, const char *s, attr_t a, int ascii);

/* Spaces in attribute a from the cursor to the right edge of the row. */
void draw_fill(WINDOW *win, attr_t a);

/* Clear rows y0..y1-1 of win. */
void draw_clear_rows(WINDOW *win, int y0, int y1);

/* A frame round the whole of win, with a title in it. */
void draw_box(WINDOW *win, const char *title, int ascii);

/* n cells of a timeline bar at the cursor, each the glyph g in attribute
 * a. Bars are glyphs, never runs of blanks: a terminal may draw blanks
 * with an erase-characters sequence, which tmux drops before a clear to
 * the end of the line. */
void draw_bar(WINDOW *win, const char *g, attr_t a, int n);

/* Never paint win with erase-characters (ECH): tmux drops ECH when a
 * clear to the end of the line follows, leaving old cells on screen. Every
 * cell of win then carries an invisible attribute that makes curses write
 * blanks as blanks. */
void draw_no_erase(WINDOW *win);

/* The mouse reports the UI asks curses for: button 1's presses, releases
 * and clicks, the wheel, and motion (which curses only reports once
 * draw_mouse_motion() has the terminal send it). */
void draw_mouse_init(void);

/* Whether to draw with ASCII only: asked for (ascii), or the locale's
 * character set is not UTF-8. */
int draw_wants_ascii(int ascii);

/* Motion reports while a button is held (on 1: xterm's button-event
 * tracking, mode 1002, written to term, the stream curses draws on), or
 * presses and releases only (on 0: the mode curses itself sets, restored
 * by asking curses for the mask again). Curses has no call for 1002 (its
 * mouse string only switches reports on and off, and putp() writes to
 * stdout whatever the screen), so this is the one place that writes a
 * mouse mode, between frames, and only to a terminal with xterm's mouse
 * protocol; term NULL (drawing off screen) writes nothing. Returns 1 when
 * motion reports are now on, else 0. */
int draw_mouse_motion(FILE *term, int on);

#endif
