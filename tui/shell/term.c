/* term.c: the terminal, its signals, the loading screen and its
 * background (see term.h). */
#include "shell/term.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

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

/* ------------------------------------------------------------ the background */

/* A component of "rgb:R/G/B": 1 to 4 hex digits, as a share of their
 * largest value; *p moves past them. -1 when there are none. */
static double term_hex_share(const char **p, const char *end)
{
	unsigned v = 0, max = 0;
	int digits = 0;
	for (; *p < end && digits < 4; (*p)++, digits++) {
		char c = **p;
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			break;
		v = v * 16 + (unsigned)d;
		max = max * 16 + 15;
	}
	return digits ? (double)v / max : -1;
}

int term_parse_background(const char *buf, size_t n)
{
	static const char head[] = "\033]11;rgb:";
	const char *end = buf + n;
	for (const char *p = buf; (size_t)(end - p) >= sizeof head - 1; p++) {
		if (memcmp(p, head, sizeof head - 1) != 0)
			continue;
		const char *q = p + sizeof head - 1;
		double rgb[3];
		int i;
		for (i = 0; i < 3; i++) {
			if ((rgb[i] = term_hex_share(&q, end)) < 0 || (i < 2 && (q == end || *q++ != '/')))
				break;
		}
		/* ended by BEL or ST (ESC \) */
		if (i == 3 && q < end && (*q == '\a' || (*q == '\033' && q + 1 < end && q[1] == '\\')))
			return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 0.5;
	}
	return -1;
}

/* Whether buf's n bytes hold the attributes' reply, "ESC [ ? ... c". */
static int term_has_da(const char *buf, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++) {
		if (buf[i] != '\033' || buf[i + 1] != '[' || buf[i + 2] != '?')
			continue;
		size_t k = i + 3;
		while (k < n && ((buf[k] >= '0' && buf[k] <= '9') || buf[k] == ';'))
			k++;
		if (k < n && buf[k] == 'c')
			return 1;
	}
	return 0;
}

static long term_ms_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads in until the attributes' reply came or wait_ms passed; 1 when it
 * came. */
static int term_read_replies(int in, char *buf, size_t cap, size_t *n, int wait_ms)
{
	long until = term_ms_now() + wait_ms;
	*n = 0;
	while (*n < cap) {
		long left = until - term_ms_now();
		struct pollfd p = {in, POLLIN, 0};
		if (left <= 0)
			return 0;
		int r = poll(&p, 1, (int)left);
		if (r < 0 && errno == EINTR)
			continue;
		ssize_t k = r > 0 ? read(in, buf + *n, cap - *n) : -1;
		if (k <= 0)
			return 0;
		*n += (size_t)k;
		if (term_has_da(buf, *n))
			return 1;
	}
	return 0;
}

int term_ask_background(int in, int out, int wait_ms)
{
	static const char ask[] = "\033]11;?\033\\\033[c";
	struct termios old, raw;
	char buf[512];
	size_t n = 0;
	if (!isatty(in) || tcgetattr(in, &old) != 0)
		return -1;
	raw = old;
	raw.c_lflag &= (tcflag_t)~(ICANON | ECHO);
	raw.c_cc[VMIN] = 0;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(in, TCSANOW, &raw) != 0)
		return -1;
	int answered = write(out, ask, sizeof ask - 1) == (ssize_t)(sizeof ask - 1) &&
	               term_read_replies(in, buf, sizeof buf, &n, wait_ms);
	if (!answered)
		tcflush(in, TCIFLUSH);
	tcsetattr(in, TCSANOW, &old);
	return term_parse_background(buf, n);
}

enum color_theme term_theme(enum color_theme want)
{
	if (want != COLOR_THEME_AUTO)
		return want;
	return term_ask_background(STDIN_FILENO, STDOUT_FILENO, TERM_ASK_MS) == 1
	               ? COLOR_THEME_LIGHT
	               : COLOR_THEME_DARK;
}
