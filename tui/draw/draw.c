/* draw.c: symbols and drawing primitives (see draw.h). */
#include "draw/draw.h"

#include <langinfo.h>
#include <string.h>
#include <term.h>

#include "draw/text.h"

/* An attribute no terminal description in common use can show (xterm's,
 * tmux's and screen's have no protected mode), which curses therefore
 * never drops from a cell: a blank carrying it is not erasable, so curses
 * writes it as a blank instead of an erase-characters sequence. */
#define DRAW_NO_ERASE A_PROTECT

static const char *const draw_syms[SYM_COUNT][2] = {
	[SYM_ELLIPSIS] = {TEXT_ELLIPSIS, TEXT_ELLIPSIS_ASCII},
	[SYM_ARROW] = {"\xE2\x86\x92", "->"},
	[SYM_PARENT] = {"\xE2\x96\xB2", "<"},
	[SYM_CHILD] = {"\xE2\x96\xBC", ">"},
	[SYM_SORT_DOWN] = {"\xE2\x96\xBC", "v"},
	[SYM_SORT_UP] = {"\xE2\x96\xB2", "^"},
	[SYM_SEP] = {" \xE2\x94\x82 ", " | "},
	[SYM_WARN] = {"\xE2\x9A\xA0", "!"},
	[SYM_CURSOR] = {"\xE2\x94\x82", "|"},
	[SYM_MARK] = {"\xE2\x96\x94", "-"},
	[SYM_BAR] = {"\xE2\x96\x88", "#"},
	[SYM_SHADE1] = {"\xE2\x96\x88", "#"},
	[SYM_SHADE2] = {"\xE2\x96\x93", "="},
	[SYM_SHADE3] = {"\xE2\x96\x92", "+"},
	[SYM_SHADE4] = {"\xE2\x96\x91", ":"},
	[SYM_MORE] = {TEXT_MORE, TEXT_MORE_ASCII},
	[SYM_CRUMB] = {" \xE2\x80\xBA ", " > "},
	[SYM_DASH] = {"\xE2\x80\x93", "-"},
	[SYM_MINUS] = {"\xE2\x88\x92", "-"},
	[SYM_TREE_MID] = {"\xE2\x94\x9C\xE2\x94\x80", "|-"},
	[SYM_TREE_LAST] = {"\xE2\x94\x94\xE2\x94\x80", "`-"},
	[SYM_TREE_PIPE] = {"\xE2\x94\x82 ", "| "},
	[SYM_TREE_GAP] = {"  ", "  "},
	[SYM_TREE_OPEN] = {"\xE2\x96\xBE", "-"},
	[SYM_TREE_SHUT] = {"\xE2\x96\xB8", "+"},
	[SYM_TREE_LEAF] = {"\xC2\xB7", "."},
	[SYM_SCOPED] = {"\xE2\x96\xB6", ">"},
	[SYM_PICKED] = {"\xE2\x97\x8F", "*"},
	[SYM_DELTA] = {"\xCE\x94", "d"},
};

const char *draw_sym(enum draw_sym s, int ascii)
{
	return s < SYM_COUNT ? draw_syms[s][ascii ? 1 : 0] : "";
}

int draw_cell(WINDOW *win, int y, int x, int w, const char *s, attr_t a, int ascii)
{
	char fit[2400];
	if (w <= 0)
		return 0;
	int used = text_fit(s, w, ascii, fit, sizeof fit);
	text_pad(fit, sizeof fit, used, w);
	wattrset(win, a);
	mvwaddstr(win, y, x, fit);
	wattrset(win, A_NORMAL);
	return used;
}

void draw_cell_right(WINDOW *win, int y, int x, int w, const char *s, attr_t a, int ascii)
{
	char fit[2400], pad[2600];
	if (w <= 0)
		return;
	int used = text_fit(s, w, ascii, fit, sizeof fit);
	int lead = w - used;
	memset(pad, ' ', (size_t)lead);
	pad[lead] = '\0';
	strncat(pad, fit, sizeof pad - (size_t)lead - 1);
	wattrset(win, a);
	mvwaddstr(win, y, x, pad);
	wattrset(win, A_NORMAL);
}

void draw_row(WINDOW *win, int y, const char *s, attr_t a, int ascii)
{
	draw_cell(win, y, 0, getmaxx(win), s, a, ascii);
}

void draw_fill(WINDOW *win, attr_t a)
{
	int x = getcurx(win), w = getmaxx(win);
	wattrset(win, a);
	for (; x < w; x++)
		waddch(win, ' ');
	wattrset(win, A_NORMAL);
}

void draw_clear_rows(WINDOW *win, int y0, int y1)
{
	wattrset(win, A_NORMAL);
	for (int y = y0; y < y1; y++) {
		wmove(win, y, 0);
		wclrtoeol(win);
	}
}

void draw_box(WINDOW *win, const char *title, int ascii)
{
	wattrset(win, A_NORMAL);
	if (ascii)
		wborder(win, '|', '|', '-', '-', '+', '+', '+', '+');
	else
		box(win, 0, 0);
	wattrset(win, A_BOLD);
	mvwaddstr(win, 0, 2, title);
	wattrset(win, A_NORMAL);
}

void draw_bar(WINDOW *win, const char *g, attr_t a, int n)
{
	wattrset(win, a);
	for (int i = 0; i < n; i++)
		waddstr(win, g);
	wattrset(win, A_NORMAL);
}

void draw_no_erase(WINDOW *win)
{
	wbkgdset(win, ' ' | DRAW_NO_ERASE);
}

int draw_wants_ascii(int ascii)
{
	const char *cs = nl_langinfo(CODESET);
	return ascii || !cs || strcmp(cs, "UTF-8") != 0;
}

void draw_mouse_init(void)
{
	mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
	          | BUTTON5_PRESSED
#endif
	          | REPORT_MOUSE_POSITION, NULL);
	mouseinterval(0);
}

int draw_mouse_motion(FILE *term, int on)
{
	/* ncurses 6.4 writes the same mode (1000) with or without
	 * REPORT_MOUSE_POSITION in the mask, on xterm and under tmux alike:
	 * motion has to be asked for here. 1002 replaces 1000 while held and
	 * the mask's mode (from curses, as at start) replaces 1002 again. */
	const char *k = tigetstr("kmous");
	if (!on) {
		draw_mouse_init();
		return 0;
	}
	if (!term || k == NULL || k == (char *)-1 || strncmp(k, "\033[", 2) != 0)
		return 0;
	/* Curses' output is flushed at the end of each frame: these bytes
	 * cannot land inside one. */
	fputs("\033[?1002h", term);
	return fflush(term) == 0;
}

/* Text s over at most rows rows, by chars or by words. */
static int draw_wrap(WINDOW *win, int y, int rows, const char *s, attr_t a, int ascii, int words)
{
	int w = getmaxx(win), r = 0;
	char line[2400];
	size_t len = strlen(s), skip = 0;
	for (; r < rows; r++) {
		size_t k = words ? text_wrap_words(s, w, &skip) : text_wrap(s, w);
		if (r == rows - 1 || k + skip >= len || !k) {
			draw_cell(win, y + r, 0, w, s, a, ascii);  /* the last row cuts */
			return r + 1;
		}
		if (k >= sizeof line)
			k = sizeof line - 1;
		memcpy(line, s, k);
		line[k] = '\0';
		draw_cell(win, y + r, 0, w, line, a, ascii);
		s += k + skip;
		len -= k + skip;
	}
	return r;
}

int draw_wrapped(WINDOW *win, int y, int rows, const char *s, attr_t a, int ascii)
{
	return draw_wrap(win, y, rows, s, a, ascii, 0);
}

int draw_wrapped_words(WINDOW *win, int y, int rows, const char *s, attr_t a, int ascii)
{
	return draw_wrap(win, y, rows, s, a, ascii, 1);
}
