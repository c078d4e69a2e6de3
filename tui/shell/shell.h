/* shell.h: the state of the full-screen shell, shared by the files of
 * tui/shell/ (the world outside sees ui.h only).
 *
 * The shell owns the terminal, the windows and their layout, the key loop,
 * the back/forward history, find and filter, the prompts, the header and
 * footer, copying and the mouse. What it shows are panes (pane.h), the
 * rows of the registry (registry.h), which it never names; what they show
 * is the session's (session.h), which the shell changes and listens to.
 * The helpers here are what every part of the shell asks.
 */
#ifndef TV_SHELL_H
#define TV_SHELL_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analyze/srcfind.h"
#include "draw/color.h"
#include "panes/pane.h"
#include "panes/registry.h"
#include "session/session.h"
#include "shell/prompt.h"
#include "shell/ui.h"

#define SHELL_MIN_COLS 80
#define SHELL_MIN_LINES 24
#define SHELL_HISTORY 256
#define SHELL_FOOTER_MAX 24

/* What the footer line is doing: keys, or one of the prompts. */
enum shell_mode { MODE_KEYS, MODE_FIND, MODE_FILTER, MODE_EXPORT_KIND, MODE_EXPORT_NAME,
                  MODE_EXPORT_CONFIRM, MODE_COLLAPSE, MODE_APP, MODE_SRC_PICK };

/* Button 1 went down on the timeline and is held (DRAG_ON), or Esc
 * cancelled that drag and its release is still to come
 * (DRAG_CANCELLED). */
enum shell_drag { DRAG_NONE, DRAG_ON, DRAG_CANCELLED };

struct ui {
	const char *path;          /* the trace's file, or the diff's base */
	const char *next;          /* the diff's new trace */
	const char *const *diff_args;  /* the diff's options (ui_opts) */
	uint32_t ndiff_args;
	struct session *s;         /* what the panes show; NULL for a diff */
	enum shell_drag drag;
	int motion;                /* the terminal sends motion reports
	                            * (draw_mouse_motion()) */
	FILE *term;                /* what curses draws on; NULL off screen */
	struct registry_set panes; /* every pane of the screen */
	const char *src;           /* --src: where o looks for sources */
	struct srcfind found;      /* o's matches while the choice is open */
	int64_t found_line;
	struct pane list;          /* the screen's list: the selection, history */
	struct pane lower;         /* shown below the timeline: the list or another */
	struct pane timeline;      /* ops NULL without one */
	struct pane overlay;       /* over the body; ops NULL when closed */
	int focus_tl;              /* the timeline has the focus */
	struct color color;
	int ascii;
	int split;                 /* rows of the timeline pane; 0 until laid out */
	WINDOW *hdr, *tlw, *tbw, *ovw, *ftr;
	int lines, cols;
	uint32_t hist[SHELL_HISTORY]; /* selected items before each jump */
	int hist_n, hist_pos;
	enum shell_mode mode;
	struct prompt prompt;      /* the text being typed in a prompt mode */
	char query[256];           /* the last find, for n and N */
	char filter[256];          /* the filter in force (&), "" for none */
	uint32_t find_saved;
	int export_kind;           /* chosen export format: f, c, s or t */
	char msg[320];             /* one-shot footer message */
	char *clip;                /* OSC 52 bytes to write after the next frame */
	size_t clip_len;
	char command[1024];        /* what : showed; y copies it while shown */
	int command_shown;
	int diff_clock;            /* the diff screen's panes' clock (pane_env) */
	/* A big trace's whole load under way (preview.h), or NULL; the
	 * share last drawn and when (ms); whether it failed; what the ui
	 * was made with, to make the session and panes again on the whole
	 * trace. */
	struct preload *load;
	int load_shown, load_failed;
	int64_t load_drawn;
	struct ui_opts opts;
};

/* The footer's message (a one-shot: the next key clears it). */
void shell_say(struct ui *u, const char *s);
/* A header or footer line into buf: what does not fit is cut here and
 * by columns when drawn. */
void shell_bar_text(char *buf, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The pane the keys go to: the overlay, else the timeline or the pane
 * below it. */
struct pane *shell_focused(struct ui *u);
/* Is the pane below the timeline the list? */
int shell_lower_is_list(const struct ui *u);
/* The list's selected item (a method or diff row), or PANE_NONE. */
uint32_t shell_selected(const struct ui *u);
/* What pane p (one of u's) draws and acts with. */
struct pane_ctx shell_ctx(const struct ui *u, const struct pane *p);
/* The lower pane follows the session, and the list its selection. */
void shell_sync_lower(struct ui *u);
/* A registry row, and the row of the pane below the timeline. */
const struct registry_row *shell_row(int row);
int shell_lower_row(const struct ui *u);

/* The panes of a trace's screen made on u->s (ui.c); 0, or -1 when out
 * of memory. */
int ui_panes(struct ui *u, const struct ui_opts *o);

#endif
