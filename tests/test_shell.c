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
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <curses.h>

#include "screentest.h"
#include "shell/ui.h"

#ifndef TV_SAMPLE
#error "TV_SAMPLE must name the bundled sample trace"
#endif

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
	struct ts_ui *s = ts_sample(120, 40, 0);
	assert_int_equal(timeline_rows(), 38 * 2 / 5);  /* 15 */
	resize(s, 80, 24);
	assert_int_equal(timeline_rows(), 22 * 2 / 5);  /* 8, not 15 */
	resize(s, 250, 70);
	assert_int_equal(timeline_rows(), 68 * 2 / 5);  /* 27, not 8 */
	ts_ui_close(s);
	s = ts_sample(80, 24, 0);
	assert_int_equal(timeline_rows(), 8);
	resize(s, 250, 70);
	assert_int_equal(timeline_rows(), 27);
	/* ( and ) still move the split until the next resize. */
	ts_keys(s, ")");
	assert_int_equal(timeline_rows(), 29);
	ts_ui_close(s);
}

/* Does the table's title row start with s? */
static int title_is(const char *s)
{
	char row[2048];
	int y = ts_find("Name");
	assert_true(y > 0);
	ts_row(curscr, y, row, sizeof row);
	return strncmp(row, s, strlen(s)) == 0;
}

/* Item 13, the view's half: the table's title names the column and the
 * clock it sorts by (the view starts by CPU time; -r and the trees by
 * wall time), in as many words as the Name column has room for. */
static void test_sort_clock_named(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(120, 40, 0);
	assert_true(title_is("Name (sorted by Incl Cpu, CPU clock)   "));
	ts_keys(s, "c");  /* the real clock: the sort follows to its twin */
	assert_true(title_is("Name (sorted by Incl Real, wall clock)   "));
	ts_keys(s, "c");
	resize(s, 80, 24);  /* 33 columns for the name: the shorter form */
	assert_true(title_is("Name (by Incl Cpu, CPU clock)    Incl Cpu %"));
	ts_ui_close(s);
	/* A column of no clock says none; the Name column, just its marker. */
	s = ts_sample(200, 40, 1);
	int y = ts_find("Name");
	char row[2048];
	ts_row(curscr, y, row, sizeof row);
	assert_non_null(strstr(row, " Calls+Rec"));
	while (!title_is("Name (sorted by Calls+Rec)") && !ts_has("Name v") && !ts_has("Name ^"))
		ts_keys(s, ">");
	assert_true(title_is("Name (sorted by Calls+Rec)   "));
	ts_keys(s, "<<<<<<<<<<<<<<<");
	assert_true(title_is("Name v   ") || title_is("Name ^   "));
	ts_ui_close(s);
}

/* The table's method rows on screen (not its expansion's, which start
 * with a blank, nor the toplevel's). */
static int method_rows(void)
{
	char row[2048];
	int y = ts_find("Name"), n = 0;
	assert_true(y > 0);
	for (y++; y < getmaxy(curscr) - 2; y++) {
		ts_row(curscr, y, row, sizeof row);
		n += row[0] && row[0] != ' ' && strncmp(row, "(toplevel)", 10) != 0;
	}
	return n;
}

static int header_has(const char *s)
{
	char row[2048];
	ts_row(curscr, 0, row, sizeof row);
	return strstr(row, s) != NULL;
}

/* Item 6: a filter in force shows in the header, with how to clear it,
 * across pane switches, a step and a narrow terminal; a query matching
 * nothing leaves it; an empty one clears it. */
static void test_filter_in_header(void **state)
{
	(void)state;
	const char *sign = "filter: Looper (& Enter clears)";
	struct ts_ui *s = ts_sample(120, 40, 0);
	assert_false(header_has("filter:"));
	ts_keys(s, "&Looper\n");
	/* 8 methods' names hold Looper: traceview -f csv | grep -c Looper. */
	assert_true(ts_has("filter: 8 of 1799 methods match"));
	assert_true(header_has(sign));
	assert_int_equal(method_rows(), 8);
	ts_keys(s, "x");  /* the next key: the message goes, the sign stays */
	assert_false(ts_has("methods match"));
	assert_true(header_has(sign));
	/* Other panes, and back: still there. */
	ts_keys(s, "2");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has(sign));
	ts_keys(s, "4");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has(sign));
	ts_keys(s, "1");
	assert_true(header_has(sign));
	assert_int_equal(method_rows(), 8);
	/* A step makes a new trace, with one method more (the collapsed
	 * package): the filter is applied to it again, by name, and still
	 * keeps 8 (traceview -f csv --transform='collapse:java.util.*' | grep
	 * -c Looper). */
	ts_keys(s, "C");
	ts_key(s, 21);  /* Ctrl-U */
	ts_keys(s, "java.util.*\n");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has("collapse:java.util.*"));
	assert_true(header_has(sign));
	assert_int_equal(method_rows(), 8);
	/* 80 columns: the file name gives up its room to the sign, here all
	 * of it but its ellipsis: the warning, scope, step and filter take
	 * 80 columns, so the end of the hint is cut, not the filter. */
	resize(s, 80, 24);
	assert_true(header_has(" \xE2\x80\xA6 \xE2\x94\x82 \xE2\x9A\xA0" "1 (W)"));
	assert_true(header_has("collapse:java.util.* \xE2\x94\x82 filter: Looper (& Enter"));
	ts_keys(s, "u");  /* without the step, 21 columns for the file: 20 and "…" */
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has(" dalvik-v3-dual-zhkl0\xE2\x80\xA6 "));
	assert_true(header_has(sign));
	/* No match: the filter in force stays, and says so. */
	ts_keys(s, "&zzqq\n");
	assert_true(ts_has("no match: the filter in force stays"));
	assert_true(header_has(sign));
	/* Empty: every method again, the sign gone. */
	resize(s, 120, 40);
	ts_keys(s, "&\n");
	assert_true(ts_has("filter cleared"));
	assert_false(header_has("filter:"));
	assert_true(method_rows() > 8);
	ts_keys(s, "&zzqq\n");
	assert_true(ts_has("no match: the list is unchanged"));
	assert_false(header_has("filter:"));
	ts_ui_close(s);
}

/* The footer's row. */
static int footer_has(const struct ts_ui *s, const char *text)
{
	char row[2048];
	ts_row(curscr, s->lines - 1, row, sizeof row);
	return strstr(row, text) != NULL;
}

/* Item 7: the focus no longer decides silently. x works from the panes
 * below (the timeline takes the focus); with the timeline focused, the
 * keys it has no use for work in the pane below; any other key that
 * works elsewhere says where. */
static void test_focus_keys(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(120, 40, 0);
	assert_true(footer_has(s, "Tab timeline"));  /* the table has the focus */
	ts_keys(s, "x");
	assert_true(ts_has("call chart: Up/Down move between depths"));
	assert_true(footer_has(s, "Tab table"));     /* the timeline has it now */
	assert_true(ts_has(" depth "));
	ts_keys(s, "x");
	assert_false(ts_has("call chart:"));
	/* From the timeline: the table's sort keys. */
	ts_keys(s, ">");
	assert_true(ts_has("Excl Cpu \xE2\x96\xBC"));
	ts_keys(s, "I");
	assert_true(ts_has("Excl Cpu \xE2\x96\xB2"));
	ts_keys(s, "I<");
	assert_true(ts_has("Incl Cpu \xE2\x96\xBC"));
	/* }: the table's next section (Looper.loop's 3 parents): the cursor
	 * row is drawn apart from the parent row below it. */
	char row[2048];
	int y = ts_find("  \xE2\x96\xB2 ");
	assert_true(y > 0);
	assert_int_equal(mvwinch(curscr, y, 0) & A_ATTRIBUTES, mvwinch(curscr, y + 1, 0) & A_ATTRIBUTES);
	ts_keys(s, "}");
	assert_int_equal(ts_find("  \xE2\x96\xB2 "), y);
	assert_true((mvwinch(curscr, y, 0) & A_ATTRIBUTES) !=
	            (mvwinch(curscr, y + 1, 0) & A_ATTRIBUTES));
	/* F: a step on the selected method, as from the table. */
	ts_keys(s, "F");
	assert_int_equal(ts_settle(s->u), 0);
	ts_row(curscr, 0, row, sizeof row);
	assert_non_null(strstr(row, "focus:"));
	ts_keys(s, "u");
	assert_int_equal(ts_settle(s->u), 0);
	/* The tree below: E and X from the timeline. */
	ts_keys(s, "2");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(footer_has(s, "Tab timeline"));
	ts_keys(s, "\tX");
	assert_true(footer_has(s, "Tab tree"));
	ts_keys(s, "E");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(ts_has("\xE2\x94\x82 \xE2\x94\x82 "));  /* opened levels deep */
	ts_keys(s, "X");
	assert_false(ts_has("\xE2\x94\x82 \xE2\x94\x82 "));
	/* The flame graph below does not sort: < says where it works. */
	ts_keys(s, "4\t<");
	assert_true(ts_has("<: a key of the table (1), tree (2, 3), calls (5)"));
	/* Below, a timeline key says so too. */
	ts_keys(s, "\tw");
	assert_true(ts_has("w: a key of the timeline (Tab)"));
	ts_keys(s, "1Z");
	assert_true(ts_has("Z: a key of the flame graph (4)"));
	ts_ui_close(s);
}

/* What `:` shows, as y copies it, in a malloc'd string. */
static char *command_line(struct ts_ui *s)
{
	char *t = ts_copy_keys(s, ":y");
	assert_non_null(t);
	return t;
}

/* Item 8: steps read as people read them: a range in the ruler's unit,
 * a method by its name (never by id) in the breadcrumb; in `:` the name
 * --transform takes that selects that method alone, with its signature
 * when its class has an overload. */
static void test_step_names(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(250, 40, 0);
	/* V on the first screen: the call under the time cursor, Looper.loop
	 * on [1] main, [0, 6497565) µs; the ruler's unit is s. */
	ts_keys(s, "\tV");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has(" \xE2\x94\x82 0s..6.497565s \xE2\x94\x82 "));
	/* F on the selection, Looper.loop: its name as the table shows it
	 * (26 columns fit in 32). */
	ts_keys(s, "\t/Looper.loop\nF");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has(" \xE2\x80\xBA focus:android/os/Looper.loop ()V \xE2\x94\x82 "));
	/* D on LayoutInflater.inflate(ILandroid/view/ViewGroup;): its class
	 * has three (-f csv), so `:` names it with its descriptor; the
	 * breadcrumb shortens it. */
	ts_keys(s, "/LayoutInflater.inflate (ILandroid/view/ViewGroup;)\nD");
	assert_int_equal(ts_settle(s->u), 0);
	assert_true(header_has(" \xE2\x80\xBA drop:a/v/LayoutInflater.inflate (\xE2\x80\xA6) "));
	assert_false(header_has("0x"));
	char *line = command_line(s);
	assert_non_null(strstr(line, " --range=0s..6.497565s --transform=focus:android.os.Looper.loop "
	                             "--transform='drop:android.view.LayoutInflater.inflate"
	                             "(ILandroid/view/ViewGroup;)Landroid/view/View;' "));
	assert_null(strstr(line, "0x"));
	/* The command line takes them back: every step matches. */
	char run[4096], out[4096];
	snprintf(run, sizeof run, "LC_ALL=C.UTF-8 '%s'%s 2>&1 >/dev/null", TV_BIN,
	         line + strlen("traceview"));
	FILE *p = popen(run, "r");
	assert_non_null(p);
	size_t got = fread(out, 1, sizeof out - 1, p);
	out[got] = '\0';
	assert_int_equal(pclose(p), 0);
	assert_string_equal(out, "");  /* no "matches nothing" */
	free(line);
	ts_ui_close(s);
}

/* Item 9, the footer: at 80 columns the hints that fit, whole, most
 * useful first: ? q Tab and find, the pane's own first four, then
 * filter, scope, export, then the pane's others; never "Up/Down mov…". */
static void test_footer_fits(void **state)
{
	(void)state;
	char row[2048];
	struct ts_ui *s = ts_sample(80, 24, 0);
	/* 6 + 2 + 6 + 2 + 12 + 2 + 6, then the table's Up/Down move (12),
	 * Enter jump (10) and Backspace back (14) with their blanks: 78 of
	 * the 79 columns after the lead blank; "] fwd" would need 7 more. */
	ts_row(curscr, 23, row, sizeof row);
	assert_string_equal(row, " ? help  q quit  Tab timeline  / find  Up/Down move  Enter jump  "
	                         "Backspace back");
	/* The timeline's: never a cut hint, whatever fits. */
	ts_keys(s, "\t");
	ts_row(curscr, 23, row, sizeof row);
	assert_int_equal(strncmp(row, " ? help  q quit  Tab table  / find  x chart  ", 45), 0);
	assert_null(strstr(row, "\xE2\x80\xA6"));
	/* A message first (31 columns and "  |  "), then the hints that
	 * still fit whole in the 43 left: ? q Tab and find take 36, and of
	 * the rest only "] fwd" (7) fits. */
	ts_keys(s, "\t&Looper\n");
	ts_row(curscr, 23, row, sizeof row);
	assert_string_equal(row, " filter: 8 of 1799 methods match  |  ? help  q quit  Tab timeline  "
	                         "/ find  ] fwd");
	ts_ui_close(s);
}

/* The sample copied to a short path, so that every word of the command
 * line fits in 80 columns wherever the tree was cloned (a word wider than
 * the screen is split inside, which no blank-joined row can match). */
static void short_copy(char *path, size_t size)
{
	snprintf(path, size, "/tmp/tvsXXXXXX.trace");
	int fd = mkstemps(path, 6);
	assert_true(fd >= 0);
	FILE *in = fopen(TV_SAMPLE, "rb");
	assert_non_null(in);
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(write(fd, buf, n), (ssize_t)n);
	fclose(in);
	assert_int_equal(close(fd), 0);
}

/* Item 9, `:`: at 80 columns the command line wraps between words over
 * the bottom rows, whole: its rows joined by blanks are what y copies. */
static void test_command_wraps(void **state)
{
	(void)state;
	char row[2048], joined[4096], path[64];
	short_copy(path, sizeof path);
	struct ui_opts o = {.color = 1};
	struct ts_ui *s = ts_ui_open(path, 80, 24, &o);
	assert_non_null(s);
	/* A range and a focus make it long enough for three rows. */
	ts_keys(s, "\tV\t/Looper.loop\nF");
	assert_int_equal(ts_settle(s->u), 0);
	char *line = command_line(s);
	assert_true(strlen(line) > 160);
	ts_keys(s, ":");
	int found = 0;
	for (int k = 2; k <= 11 && !found; k++) {
		joined[0] = '\0';
		for (int y = 24 - k; y < 24; y++) {
			ts_row(curscr, y, row, sizeof row);
			assert_null(strstr(row, "\xE2\x80\xA6"));  /* nothing cut */
			snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s",
			         y > 24 - k ? " " : "", row);
		}
		found = strcmp(joined, line) == 0;
	}
	assert_true(found);
	ts_keys(s, "j");  /* another key: the rows are the panes' again */
	assert_false(ts_has("traceview --"));
	free(line);
	ts_ui_close(s);
	unlink(path);
}

/* A tmux of our own first on $PATH, in dir: it keeps its arguments and
 * its standard input in dir/args and dir/in and exits with status. */
static void fake_tmux(const char *dir, int status)
{
	char path[512];
	snprintf(path, sizeof path, "%s/tmux", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "#!/bin/sh\nprintf '%%s\\n' \"$*\" > '%s/args'\ncat > '%s/in'\nexit %d\n", dir,
	        dir, status);
	fclose(f);
	assert_int_equal(chmod(path, 0755), 0);
	snprintf(path, sizeof path, "%s/args", dir);
	unlink(path);
}

/* Item 16: inside tmux, y hands the text to `tmux load-buffer -w -` and
 * says so; when tmux refuses (before 3.2 it has no -w) the wrapped OSC 52
 * goes, and the message says that; outside tmux, plain OSC 52, tmux
 * untouched; $TRACEVIEW_COPY still comes first. */
static void test_copy_tmux(void **state)
{
	(void)state;
	char dir[] = "/tmp/tv-tmux-XXXXXX", path[600], file[600], row[2048], want[4200];
	assert_non_null(mkdtemp(dir));
	const char *old = getenv("PATH");
	snprintf(path, sizeof path, "%s:%s", dir, old ? old : "/usr/bin:/bin");
	char *saved = strdup(old ? old : "");
	setenv("PATH", path, 1);
	setenv("TMUX", "/tmp/tmux-1000/default,4242,0", 1);
	unsetenv("TRACEVIEW_COPY");
	fake_tmux(dir, 0);
	struct ts_ui *s = ts_sample(100, 40, 0);
	ts_keys(s, "y");
	snprintf(file, sizeof file, "%s/args", dir);
	char *t = ts_file_text(file);
	assert_non_null(t);
	assert_string_equal(t, "load-buffer -w -\n");
	free(t);
	/* What went: the table's titles and its cursor row, as on screen. */
	snprintf(file, sizeof file, "%s/in", dir);
	t = ts_file_text(file);
	assert_non_null(t);
	int y = ts_find("Name");
	ts_row(curscr, y, row, sizeof row);
	snprintf(want, sizeof want, "%s\n", row);
	assert_memory_equal(t, want, strlen(want));
	char msg[128];
	snprintf(msg, sizeof msg, "sent %zu bytes to tmux's buffer (tmux load-buffer -w)", strlen(t));
	assert_true(ts_has(msg));
	free(t);
	/* A tmux without -w: OSC 52 through tmux, said so. */
	fake_tmux(dir, 1);
	ts_keys(s, "y");
	assert_true(ts_has("to the clipboard (OSC 52 through tmux: tmux load-buffer -w failed)"));
	/* $TRACEVIEW_COPY comes first, inside tmux too. */
	fake_tmux(dir, 0);
	snprintf(want, sizeof want, "cat > %s/cmd", dir);
	setenv("TRACEVIEW_COPY", want, 1);
	ts_keys(s, "y");
	assert_true(ts_has("to $TRACEVIEW_COPY"));
	snprintf(file, sizeof file, "%s/args", dir);
	assert_null(ts_file_text(file));
	unsetenv("TRACEVIEW_COPY");
	/* Outside tmux: plain OSC 52, and tmux is not run. */
	unsetenv("TMUX");
	ts_keys(s, "y");
	assert_true(ts_has("to the clipboard (OSC 52)"));
	assert_null(ts_file_text(file));
	ts_ui_close(s);
	setenv("PATH", saved, 1);
	free(saved);
	const char *leave[] = {"tmux", "in", "cmd"};
	for (size_t i = 0; i < 3; i++) {
		snprintf(file, sizeof file, "%s/%s", dir, leave[i]);
		unlink(file);
	}
	rmdir(dir);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resize_split),
		cmocka_unit_test(test_copy_tmux),
		cmocka_unit_test(test_sort_clock_named),
		cmocka_unit_test(test_filter_in_header),
		cmocka_unit_test(test_focus_keys),
		cmocka_unit_test(test_step_names),
		cmocka_unit_test(test_footer_fits),
		cmocka_unit_test(test_command_wraps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
