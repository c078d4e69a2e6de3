/* term.c: the terminal, its signals and the loading screen (see term.h). */
#include "shell/term.h"

#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/text.h"

/* Set by signal handlers only; read by the key loop. */
static volatile sig_atomic_t term_signal;

static void term_on_signal(int sig)
{
	term_signal = sig;
}

static void term_signals(void (*handler)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* The loop restores the terminal itself, so curses must leave the
 * signals alone. */
int term_start(void)
{
	term_signals(term_on_signal);
	if (!newterm(NULL, stdout, stdin)) {
		term_signals(SIG_DFL);
		return -1;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	/* No action waits on Esc alone (each has another key too), so a
	 * short delay is enough to tell Esc from the start of a sequence. */
	set_escdelay(TERM_ESCDELAY_MS);
	curs_set(0);
	draw_mouse_init();
	/* getch() refreshes stdscr when it has changes; do it now, before the
	 * panes are drawn over it, not after. */
	refresh();
	return 0;
}

void term_stop(void)
{
	endwin();
	term_signals(SIG_DFL);
}

/* The terminal first, so the message lands on a sane screen. */
int term_fatal(const char *path)
{
	term_stop();
	fprintf(stderr, "traceview: %s: out of memory\n", path);
	return 2;
}

int term_caught(void)
{
	return term_signal;
}

void term_loading_show(const char *line, int ascii)
{
	int w = COLS - 2, len = text_width(line);
	erase();
	draw_cell(stdscr, LINES / 2, len < w ? (COLS - len) / 2 : 1, w, line, A_NORMAL, ascii);
	refresh();
}
