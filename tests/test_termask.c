/* test_termask.c: the terminal asked for its background before the view
 * starts (--theme=auto; docs/ui.md, "Themes"): OSC 11 replies parsed in
 * each form, and the question asked over a pseudo-terminal of a fake
 * terminal thread, whose replies must never be left for the keys.
 */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "shell/term.h"

/* The replies the terminal gives: OSC 11 in each of its forms. */
static void test_parse_background(void **state)
{
	(void)state;
	static const struct {
		const char *reply;
		int want;
	} cases[] = {
		{"\033]11;rgb:ffff/ffff/ffff\033\\", 1},
		{"\033]11;rgb:0000/0000/0000\a", 0},
		{"\033]11;rgb:fdf6/e3e3/c8c8\033\\", 1},   /* Solarized light */
		{"\033]11;rgb:00/2b/36\a", 0},             /* Solarized dark, two digits */
		{"\033]11;rgb:F/F/F\a", 1},                /* one digit, upper case */
		{"\033]11;rgb:8080/8080/8080\a", 1},       /* luma 0.502 */
		{"\033]11;rgb:7f7f/7f7f/7f7f\a", 0},       /* luma 0.498 */
		{"x\033[?64;1c\033]11;rgb:ffff/ffff/ffff\a", 1},
		{"\033]11;rgb:ffff/ffff\a", -1},
		{"\033]11;rgb:ffff/ffff/ffff", -1},         /* not ended */
		{"\033]11;rgb:fffff/ffff/ffff\a", -1},      /* five digits */
		{"\033]10;rgb:ffff/ffff/ffff\a", -1},       /* the foreground's */
		{"\033[?64;1c", -1},
		{"", -1},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		if (term_parse_background(cases[i].reply, strlen(cases[i].reply)) != cases[i].want)
			fail_msg("case %zu: want %d", i, cases[i].want);
}

/* A terminal on a pseudo-terminal's master: it reads the query, checks
 * it is OSC 11 then DA1, and writes its reply in pieces. */
struct fake_term {
	int master;
	const char *reply[3];   /* NULL: no more */
	char asked[64];
};

static void *fake_term_run(void *arg)
{
	struct fake_term *ft = arg;
	size_t n = 0;
	while (n < sizeof ft->asked - 1 && !strstr(ft->asked, "\033[c")) {
		struct pollfd p = {ft->master, POLLIN, 0};
		if (poll(&p, 1, 2000) <= 0)
			break;
		ssize_t k = read(ft->master, ft->asked + n, sizeof ft->asked - 1 - n);
		if (k <= 0)
			break;
		n += (size_t)k;
		ft->asked[n] = '\0';
	}
	for (int i = 0; i < 3 && ft->reply[i]; i++) {
		struct timespec ms = {0, 5000000};
		nanosleep(&ms, NULL);
		if (write(ft->master, ft->reply[i], strlen(ft->reply[i])) < 0)
			break;
	}
	return NULL;
}

/* The view's side of a pseudo-terminal (canonical, echoing, as a shell
 * leaves it) and its master. */
static int pty_open(int *master)
{
	*master = posix_openpt(O_RDWR | O_NOCTTY);
	assert_true(*master >= 0);
	assert_int_equal(grantpt(*master), 0);
	assert_int_equal(unlockpt(*master), 0);
	int slave = open(ptsname(*master), O_RDWR | O_NOCTTY);
	assert_true(slave >= 0);
	return slave;
}

/* Asks through a fake terminal answering r0, r1, r2: the answer; the
 * modes are given back and nothing of the replies is left to read. */
static int ask_fake(const char *r0, const char *r1, const char *r2, int wait_ms)
{
	struct fake_term ft = {.reply = {r0, r1, r2}};
	struct termios before, after;
	pthread_t th;
	int slave = pty_open(&ft.master);
	assert_int_equal(tcgetattr(slave, &before), 0);
	assert_int_equal(pthread_create(&th, NULL, fake_term_run, &ft), 0);
	int got = term_ask_background(slave, slave, wait_ms);
	assert_int_equal(pthread_join(th, NULL), 0);
	assert_string_equal(ft.asked, "\033]11;?\033\\\033[c");
	assert_int_equal(tcgetattr(slave, &after), 0);
	assert_int_equal(after.c_lflag & (ICANON | ECHO), before.c_lflag & (ICANON | ECHO));
	/* A key typed now is the first thing read: no reply stayed behind. */
	assert_int_equal(write(ft.master, "q\n", 2), 2);
	char buf[16] = "";
	struct pollfd p = {slave, POLLIN, 0};
	assert_int_equal(poll(&p, 1, 2000), 1);
	assert_true(read(slave, buf, sizeof buf - 1) >= 1);
	assert_int_equal(buf[0], 'q');
	close(slave);
	close(ft.master);
	return got;
}

/* Light and dark answers, in one piece or several; a terminal that
 * answers DA1 only (no OSC 11) and one that answers nothing: no answer;
 * standard input not a terminal: no answer, nothing asked. */
static void test_ask_background(void **state)
{
	(void)state;
	const char *da = "\033[?64;1;9c";
	assert_int_equal(ask_fake("\033]11;rgb:ffff/ffff/ffff\033\\", da, NULL, 2000), 1);
	assert_int_equal(ask_fake("\033]11;rgb:1e1e/1e1e/1e1e\a", da, NULL, 2000), 0);
	assert_int_equal(ask_fake("\033]11;rgb:fd", "f6/e3e3/c8c8\033", "\\\033[?1;2c", 2000), 1);
	assert_int_equal(ask_fake(da, NULL, NULL, 2000), -1);
	assert_int_equal(ask_fake(NULL, NULL, NULL, TERM_ASK_MS), -1);
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(term_ask_background(fds[0], fds[1], TERM_ASK_MS), -1);
	struct pollfd p = {fds[0], POLLIN, 0};
	assert_int_equal(poll(&p, 1, 0), 0);
	close(fds[0]);
	close(fds[1]);
	/* Dark and light stay as they are: nothing is asked. */
	assert_int_equal(term_theme(COLOR_THEME_LIGHT), COLOR_THEME_LIGHT);
	assert_int_equal(term_theme(COLOR_THEME_DARK), COLOR_THEME_DARK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_background),
		cmocka_unit_test(test_ask_background),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
