/* test_panes.c: the shell and its panes drawn off screen.
 *
 * Curses runs on an xterm-256color terminal that writes to /dev/null; the
 * UI is built on the bundled sample with ui_new(), keys go through
 * ui_key() and each frame through ui_draw(), then the text (and the
 * attributes) of curscr, the screen as curses believes the terminal shows
 * it, are compared with what the rough edges of issue 10 require.
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
#include <wchar.h>

#include <cmocka.h>
#include <curses.h>

#include "draw/color.h"
#include "analyze/diff.h"
#include "panes/diffview.h"
#include "draw/draw.h"
#include "model/load.h"
#include "base/numfmt.h"
#include "analyze/profile.h"
#include "draw/text.h"
#include "model/trace.h"
#include "shell/clip.h"
#include "screentest.h"
#include "shell/ui.h"
#include "analyze/derive.h"

#ifndef TV_SAMPLE
#error "TV_SAMPLE must name the bundled sample trace"
#endif

/* The display column where s ends in row y (columns, not bytes). */
static int scr_end_col(int y, const char *s)
{
	char row[2048];
	ts_row(curscr, y, row, sizeof row);
	char *p = strstr(row, s);
	if (!p)
		return -1;
	p[strlen(s)] = '\0';
	return text_width(row);
}

/* The text of the row in reverse video: the table's cursor row. */
static void scr_cursor_row(char *buf, size_t n)
{
	buf[0] = '\0';
	for (int y = 0; y < getmaxy(curscr); y++)
		if (mvwinch(curscr, y, 0) & A_REVERSE) {
			ts_row(curscr, y, buf, n);
			return;
		}
}

/* Rows starting with prefix. */
static int scr_count(const char *prefix)
{
	char row[2048];
	int n = 0;
	for (int y = 0; y < getmaxy(curscr); y++) {
		ts_row(curscr, y, row, sizeof row);
		n += strncmp(row, prefix, strlen(prefix)) == 0;
	}
	return n;
}

/* 1: at 250 columns every number sits under its label: the labels'
 * right ends are the numbers' right ends. */
static void test_wide_header_aligned(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(250, 50, 0);
	int title = ts_find("Name ");
	int top = ts_find("(toplevel)");
	if (title < 0 || top < 0)
		ts_dump();
	assert_true(title >= 0 && top == title + 1);
	/* (toplevel): 100.0% of CPU and real time. */
	assert_int_equal(scr_end_col(title, "Incl Cpu %"), scr_end_col(top, "100.0%"));
	char row[2048];
	ts_row(curscr, top, row, sizeof row);
	int x_real = scr_end_col(title, "Incl Real %");
	assert_true(x_real > 0);
	/* Both percentages of (toplevel) are 100.0%: the second ends under
	 * "Incl Real %". */
	char *second = strstr(strstr(row, "100.0%") + 1, "100.0%");
	assert_non_null(second);
	second[strlen("100.0%")] = '\0';
	assert_int_equal(text_width(row), x_real);
	ts_ui_close(s);
}

/* 2: at 80x24 the help scrolls to its last line, and no line is wider
 * than the screen; q closes it. */
static void test_help_scrolls(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(80, 24, 0);
	ts_keys(s, "?");
	assert_true(ts_has("Keys  (lines 1"));
	assert_false(ts_has("clear the prompt"));
	ts_keys(s, "G");
	assert_true(ts_has("clear the prompt"));  /* the table's last action */
	assert_true(ts_has("half the least wait listed"));  /* the waits pane's, above it */
	ts_keys(s, "g");
	assert_true(ts_has("show the keys of every pane"));
	ts_key(s, KEY_NPAGE);
	assert_false(ts_has("show the keys of every pane"));
	ts_keys(s, "q");
	assert_false(ts_has("Keys  (lines"));
	assert_true(ts_has("Incl Cpu"));
	ts_ui_close(s);
}

/* 13: the ASCII sort marker stands apart; the self row is shaded to the
 * right edge; every glyph has an ASCII twin; a screen too small says how
 * to quit, and q does. */
static void test_small_edges(void **state)
{
	(void)state;
	for (int i = 0; i < SYM_COUNT; i++) {
		const char *u = draw_sym((enum draw_sym)i, 0), *a = draw_sym((enum draw_sym)i, 1);
		assert_true(u[0] && a[0]);
		for (const char *p = a; *p; p++)
			assert_true(*p >= ' ' && *p < 127);
	}
	struct ts_ui *s = ts_sample(120, 40, 1);
	assert_true(ts_find("Name ") >= 0);
	assert_true(ts_has("Incl Cpu v"));
	/* The first method is selected and expanded: its self row. */
	int y = ts_find("    self");
	assert_true(y > 0);
	chtype first = mvwinch(curscr, y, 0), last = mvwinch(curscr, y, s->cols - 1);
	assert_true(PAIR_NUMBER(first & A_COLOR) != 0);
	assert_int_equal(first & A_COLOR, last & A_COLOR);
	ts_ui_close(s);

	s = ts_sample(70, 20, 1);
	assert_true(ts_has("traceview needs at least 80x24 (this is 70x20); q quits"));
	assert_int_equal(ui_key(s->u, 'j'), 0);
	assert_int_equal(ui_key(s->u, 'q'), 1);
	ts_ui_close(s);
}

/* 14: no action waits on Esc (tests/test_keys.c), and the delay that
 * tells Esc from a key sequence is short. */
static void test_escdelay(void **state)
{
	(void)state;
	assert_true(UI_ESCDELAY_MS > 0 && UI_ESCDELAY_MS <= 50);
	struct ts_ui *s = ts_sample(120, 40, 1);
	/* Esc closes the help; so do q and ?. */
	const int closers[] = {27, 'q', '?'};
	for (size_t i = 0; i < 3; i++) {
		ts_keys(s, "?");
		assert_true(ts_has("Keys  (lines 1"));
		ts_key(s, closers[i]);
		assert_false(ts_has("Keys  (lines 1"));
	}
	/* Ctrl-G cancels a find as Esc does. */
	ts_keys(s, "/xyz");
	assert_true(ts_has(" /xyz"));
	ts_key(s, 7);
	assert_false(ts_has(" /xyz"));
	ts_ui_close(s);
}

/* The titles of the table's title row, in order, blank-separated. */
static void scr_titles(char *out, size_t n)
{
	char row[2048];
	static const char *const all[] = {"Incl Cpu %", "Incl Cpu", "Excl Cpu %", "Excl Cpu",
	                                  "Incl Real %", "Incl Real", "Excl Real %", "Excl Real",
	                                  "Calls+Rec", "Cpu/Call", "Real/Call"};
	ts_row(curscr, ts_find("Name "), row, sizeof row);
	out[0] = '\0';
	for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
		const char *p = strstr(row, all[i]);
		/* "Incl Cpu" also starts "Incl Cpu %": want the whole title. */
		while (p && p[strlen(all[i])] == ' ' && p[strlen(all[i]) + 1] == '%')
			p = strstr(p + 1, all[i]);
		if (p) {
			strncat(out, all[i], n - strlen(out) - 1);
			strncat(out, ",", n - strlen(out) - 1);
		}
	}
}

/* 7 and 8: at 80x24 a dual-clock trace keeps the time base's incl and
 * excl and the other clock's incl; c switches the base and the header
 * says so; sorting never changes the columns and stops at the ends. */
static void test_columns_and_clock(void **state)
{
	(void)state;
	char titles[512], before[512];
	struct ts_ui *s = ts_sample(80, 24, 1);
	scr_titles(titles, sizeof titles);
	assert_string_equal(titles, "Incl Cpu %,Incl Cpu,Excl Cpu,Incl Real,");
	char hdr[2048];
	ts_row(curscr, 0, hdr, sizeof hdr);
	assert_non_null(strstr(hdr, " | CPU"));
	assert_true(ts_has("Incl Cpu v"));
	/* > walks right over the shown columns only, and stays at the end. */
	ts_keys(s, ">");
	assert_true(ts_has("Excl Cpu v"));
	ts_keys(s, ">");
	assert_true(ts_has("Incl Real v"));
	ts_keys(s, ">>>");
	assert_true(ts_has("Incl Real v"));
	scr_titles(before, sizeof before);
	assert_string_equal(before, titles);
	/* c: the real clock is the base now; its columns come first. */
	ts_keys(s, "c");
	scr_titles(titles, sizeof titles);
	assert_string_equal(titles, "Incl Cpu,Incl Real %,Incl Real,Excl Real,");
	ts_row(curscr, 0, hdr, sizeof hdr);
	assert_non_null(strstr(hdr, " | real"));
	assert_true(ts_has("Incl Cpu v"));  /* the sort moved to the other clock's column */
	ts_keys(s, "<<<<");
	assert_true(ts_has("Name v") || ts_has("Name ^"));
	ts_keys(s, "<");
	assert_true(ts_has("Name v"));
	scr_titles(before, sizeof before);
	assert_string_equal(before, titles);
	ts_ui_close(s);
}

/* 5: after a find or G the selection's parents and children show too;
 * find says "match i/n"; & keeps only the matching methods. */
static void test_find_shows_expansion(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(80, 24, 1);
	ts_keys(s, "/handleLaunchActivity\n");
	assert_true(ts_has("match 1/1"));
	int sel = ts_row_with(curscr, "ActivityThread.handleLaunchAc~ ");
	int self = ts_find("    self");
	if (!(sel > 0 && self > sel))
		ts_dump();
	assert_true(sel > 0 && self > sel);
	assert_true(ts_find("  > ") > self);   /* a child below self */
	ts_keys(s, "G");
	assert_true(ts_find("    self") > 0);  /* the last method's expansion */
	/* n and N step through the matches of a query with several. */
	ts_keys(s, "/inflate\n");
	assert_true(ts_has("match 1/"));
	ts_keys(s, "n");
	assert_true(ts_has("match 2/"));
	assert_true(ts_find("    self") > 0);
	/* & keeps the matches only; an empty filter lists all again. */
	ts_keys(s, "&handleLaunch\n");
	assert_true(ts_has("filter: 1 of "));
	assert_true(ts_row_with(curscr, "ActivityThread.handleLaun") > 0);
	/* Looper.loop is gone from the table (the timeline's status line
	 * still names the call under its cursor, which is one of it). */
	int cursor = ts_find(" cursor ");
	for (int y = ts_find("Name"); y > 0 && y < getmaxy(curscr); y++) {
		char r[2048];
		ts_row(curscr, y, r, sizeof r);
		assert_true(y == cursor || !strstr(r, "Looper.loop"));
	}
	ts_keys(s, "&\n/Looper.loop\n");
	assert_true(ts_has("match 1/1"));
	assert_true(ts_has("Looper.loop"));
	ts_ui_close(s);
}

/* 12: ruler labels in the unit of the axis ("5.75s", not "5750ms"); the
 * cursor's time to the zoom's precision; the first screen opens on the
 * table's first method and its longest call on the first thread. 6: the
 * status line names the thread and the call; . says where it went. */
static void test_first_screen_and_ruler(void **state)
{
	(void)state;
	char b[64];
	numfmt_time_label(b, sizeof b, 5750000, 250000, 13012018);
	assert_string_equal(b, "5.75s");
	numfmt_time_label(b, sizeof b, 6000000, 250000, 13012018);
	assert_string_equal(b, "6s");
	numfmt_time_label(b, sizeof b, 6500, 500, 20000);
	assert_string_equal(b, "6.5ms");
	numfmt_time_label(b, sizeof b, 40, 20, 900);
	assert_string_equal(b, "40us");
	numfmt_time_at(b, sizeof b, 6506009, 10000, 13012018);
	assert_string_equal(b, "6.51s");
	numfmt_time_at(b, sizeof b, 6506009, 100, 13012018);
	assert_string_equal(b, "6.5060s");

	struct ts_ui *s = ts_sample(120, 40, 1);
	int st = ts_find(" cursor ");
	assert_true(st > 0);
	char row[2048];
	ts_row(curscr, st, row, sizeof row);
	/* The sample's first method by CPU time is Looper.loop; its longest
	 * call on [1] main starts the trace (at 0, under calls nested from
	 * the same moment), so the cursor goes to the first moment it runs
	 * its own code, between its children, where the status line names
	 * it. */
	assert_non_null(strstr(row, " cursor 6.4s  [1] main  android/os/Looper.loop ()V  "));
	/* Zoomed in and panned past 1 s: labels in seconds with decimals. */
	ts_keys(s, "\t");
	for (int i = 0; i < 50; i++)
		ts_keys(s, "l");  /* about 7 s into the trace */
	ts_keys(s, "wwwww");
	char ruler[2048];
	ts_row(curscr, 1, ruler, sizeof ruler);
	if (!strstr(ruler, "|6"))
		ts_dump();
	assert_null(strstr(ruler, "ms"));
	int frac = 0;
	for (const char *p = strchr(ruler, '|'); p; p = strchr(p + 1, '|'))
		frac += p[1] >= '0' && p[1] <= '9' && strchr(p, '.') && strchr(p, '.') < strchr(p, 's');
	assert_true(frac > 0);
	ts_keys(s, ".");
	assert_true(ts_has("next call on [") || ts_has("no later call"));
	ts_ui_close(s);
}

/* Issue 11: 1-4 switch the pane below the timeline; a find in the
 * bottom-up tree selects the method in the table too (what 1 shows), and
 * Back returns; the flame graph zooms in and out; x opens the call chart;
 * e in a tree writes its rows as --format=tree text. */
static void test_lower_panes(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(80, 24, 0);
	ts_keys(s, "2");
	assert_true(ts_has("top-down call paths"));
	assert_true(ts_has("\xE2\x96\xBE (toplevel)"));  /* open */
	assert_true(ts_row_with(curscr, "\xE2\x94\x9C\xE2\x94\x80\xE2\x96\xB8 ") ==
	            ts_row_with(curscr, "NativeStart.main"));  /* shut, with siblings below */
	ts_keys(s, "3");
	assert_true(ts_has("bottom-up (callers below)"));
	assert_false(ts_has("ZipFile.access$000"));
	ts_keys(s, "/ZipFile.access\n");
	assert_true(ts_has("ZipFile.access$000"));
	ts_keys(s, "1");
	assert_true(ts_has("Incl Cpu"));
	assert_true(ts_has("ZipFile.access$000"));  /* the table followed */
	ts_key(s, KEY_BACKSPACE);
	assert_false(ts_has("ZipFile.access$000"));
	ts_keys(s, "4");
	assert_true(ts_find(" (toplevel)") >= 0);  /* the breadcrumb */
	ts_keys(s, "jj");
	assert_true(ts_has(" (toplevel) \xE2\x80\xBA "));
	char row[2048];
	ts_keys(s, "z");  /* zoomed: the breadcrumb brackets the zoom's frame */
	assert_true(ts_has("100.0% of zoom"));
	ts_row(curscr, ts_find(" (toplevel)"), row, sizeof row);
	assert_non_null(strchr(row, '['));
	ts_keys(s, "Z");
	ts_key(s, 27);  /* Esc: out again, to the root */
	ts_row(curscr, ts_find(" (toplevel)"), row, sizeof row);
	assert_null(strchr(row, '['));
	assert_false(ts_has("100.0% of zoom"));
	ts_keys(s, "\tx");
	assert_true(ts_has("call chart: Up/Down move between depths"));
	assert_true(ts_has(" depth "));
	ts_keys(s, "x");
	assert_false(ts_has(" depth 1:"));
	/* Export from the tree: its rows, the report's columns. */
	ts_keys(s, "\t2e");
	assert_true(ts_has("t the tree's rows"));
	ts_keys(s, "t");
	assert_true(ts_has(".tree.txt"));
	char name[] = "/tmp/tv-tree-XXXXXX";
	int fd = mkstemp(name);
	assert_true(fd >= 0);
	close(fd);
	unlink(name);
	ts_key(s, 21);  /* Ctrl-U */
	ts_keys(s, name);
	ts_keys(s, "\n");
	FILE *fp = fopen(name, "r");
	assert_non_null(fp);
	char line[512];
	assert_non_null(fgets(line, sizeof line, fp));
	assert_non_null(strstr(line, "100.0%"));
	assert_non_null(strstr(line, "(toplevel)"));
	fclose(fp);
	unlink(name);
	ts_ui_close(s);
}

/* 9: long names are shortened by one rule (the signature to "(…)",
 * then package segments to their first letter, then a cut at the end) in
 * the table and the timeline's status line; the selection's full name is
 * wrapped over the table's status rows. */
static void test_long_names(void **state)
{
	(void)state;
	char a[2048], b[2048], all[4200];
	struct ts_ui *s = ts_sample(80, 24, 0);
	ts_keys(s, "/handleLaunchActivity\n");
	/* 26 + 21 + 4 = 51 columns with "(…)"; a/ and a/ leave 43, the
	 * package left out 39, more than the name column's 30: the name is
	 * cut at its end (29 and "…"), the signature left out whole. */
	int y = ts_find("ActivityThread.handle");
	assert_true(y > 0);
	ts_row(curscr, y, a, sizeof a);
	assert_non_null(strstr(a, "ActivityThread.handleLaunchAc\xE2\x80\xA6 "));
	ts_row(curscr, s->lines - 3, a, sizeof a);
	ts_row(curscr, s->lines - 2, b, sizeof b);
	snprintf(all, sizeof all, "%s%s", a, b);
	assert_string_equal(all, " android/app/ActivityThread.handleLaunchActivity (Landroid/app/"
	                         "ActivityThread$ActivityClientRecord;Landroid/content/Intent;)V");
	/* The timeline's status line: 24 columns before the name and 26
	 * after leave 30 of 80: "android/os/Looper.loop ()V" (26) fits whole.
	 * (Cuts in the status line go through the same text_fit_method() as
	 * the table: test_text.c.) */
	int st = ts_find(" cursor ");
	ts_row(curscr, st, a, sizeof a);
	assert_string_equal(a, " cursor 6.4s  [1] main  android/os/Looper.loop ()V"
	                       "  (6.497565 s, depth 9)");
	ts_ui_close(s);
}

/* 3: a section of the expansion shows 10 rows and "… N more"; Enter
 * shows the rest and, on the row closing it, the first 10 again; { and }
 * step through the parts (method, parents, self, children). (toplevel)
 * has 12 children on the sample (traceview -r, "Parents and children"). */
static void test_section_cap(void **state)
{
	(void)state;
	char row[2048];
	struct ts_ui *s = ts_sample(120, 50, 1);
	ts_keys(s, "g");
	assert_int_equal(scr_count("  > "), 10);
	assert_int_equal(scr_count("    ... 2 more (Enter)"), 1);
	/* } from the method row: self (no parents), then the first child,
	 * the largest by CPU time. */
	ts_keys(s, "}");
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "    self", 8);
	ts_keys(s, "}");
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "  > dalvik/system/NativeStart.main", 34);
	ts_keys(s, "}");  /* the last part: stays, and says so */
	assert_true(ts_has("no later section in the expansion"));
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "  > dalvik/system/NativeStart.main", 34);
	/* Ten rows down: the "more" row; Enter opens the section. */
	for (int i = 0; i < 10; i++)
		ts_keys(s, "j");
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "    ... 2 more (Enter)", 22);
	ts_key(s, '\r');
	assert_int_equal(scr_count("  > "), 12);
	assert_int_equal(scr_count("    ... 2 more"), 0);
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "  > ", 4);  /* the 11th child, shown now */
	ts_keys(s, "jj");
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "    ... first 10 only (Enter)", 29);
	ts_key(s, '\r');
	assert_int_equal(scr_count("  > "), 10);
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "    ... 2 more (Enter)", 22);
	/* { back to self, then the method row. */
	ts_keys(s, "{");
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "  > dalvik/system/NativeStart.main", 34);
	ts_keys(s, "{{");
	scr_cursor_row(row, sizeof row);
	assert_memory_equal(row, "(toplevel)", 10);
	ts_ui_close(s);
}

/* The first non-blank character of row y between columns x0 and x1 of
 * w, and its colour pair; 0 when blank. */
static wchar_t cell_sign(WINDOW *w, int y, int x0, int x1, short *pair)
{
	*pair = 0;
	for (int x = x0; x < x1; x++) {
		cchar_t cc;
		wchar_t wc[CCHARW_MAX + 1];
		attr_t a;
		if (mvwin_wch(w, y, x, &cc) == ERR || getcchar(&cc, wc, &a, pair, NULL) == ERR)
			return 0;
		if (wc[0] != L' ')
			return wc[0];
	}
	return 0;
}

/* The row of win holding s, -1 if none; its text in buf. */
static int win_find(WINDOW *w, const char *s, char *buf, size_t n)
{
	for (int y = 0; y < getmaxy(w); y++) {
		ts_row(w, y, buf, n);
		if (strstr(buf, s))
			return y;
	}
	return -1;
}

/* 11: the diff table colours regressions red and improvements green,
 * keeps the signs (− in UTF-8) for monochrome, writes calls as "0→5",
 * a method of one run as the text report does ("-" for the missing run,
 * "new"/"gone"), and sorts with < > I. Base: the sample's main thread;
 * new: all threads, so methods of other threads are new and every
 * change is more time. */
static void test_diff_pane(void **state)
{
	(void)state;
	char row[2048], a[2048];
	struct ts_ui *s = ts_sample(160, 40, 0);
	struct profile main_only, all;
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	const uint32_t tid = 1;
	assert_int_equal(profile_build(&main_only, &s->tr, &tid, &err), TV_OK);
	assert_int_equal(profile_build(&all, &s->tr, NULL, &err), TV_OK);
	struct color col, mono;
	color_init(&col, 1);
	mono = col;
	mono.role[ROLE_WORSE] = mono.role[ROLE_BETTER] = A_NORMAL;
	for (int dir = 0; dir < 2; dir++) {
		struct diff d;
		assert_int_equal(diff_build(&d, dir ? &all : &main_only, dir ? &main_only : &all, &err),
		                 TV_OK);
		struct diffview *v = diffview_new("a", "b", &d);
		assert_non_null(v);
		struct pane p = diffview_pane(v);
		WINDOW *w = newwin(38, 160, 1, 0);
		struct pane_ctx ctx = {&col, 0, 1, PANE_NONE};
		p.ops->draw(p.self, w, &ctx);
		ts_row(w, 0, a, sizeof a);
		assert_non_null(strstr(a, "Chg Excl \xE2\x96\xBC"));
		assert_non_null(strstr(a, "Calls B\xE2\x86\x92N"));
		/* A method of other threads only, selected so it is on screen. */
		const char *wd = "java/lang/Daemons$FinalizerWatchdogDaemon.run ()V";
		uint32_t found = PANE_NONE;
		for (uint32_t i = 0; i < p.ops->count(p.self); i++) {
			p.ops->name(p.self, p.ops->item(p.self, i), row, sizeof row);
			if (strcmp(row, wd) == 0)
				found = p.ops->item(p.self, i);
		}
		assert_int_equal(p.ops->select(p.self, found), 0);
		p.ops->draw(p.self, w, &ctx);
		int y = win_find(w, wd, row, sizeof row);
		assert_true(y > 0);
		p.ops->act(p.self, ACT_TOP, &ctx, &(struct pane_out){PANE_NONE, ""});
		p.ops->draw(p.self, w, &ctx);
		if (!dir) {
			/* New: "+ " mark, "new", "-" for the base run, calls -→1+0. */
			assert_memory_equal(row, "+ java/lang/Daemons$FinalizerWatchdogDaemon.run", 46);
			assert_non_null(strstr(row, " new "));
			assert_non_null(strstr(row, "-\xE2\x86\x92" "1+0"));
		} else {
			assert_memory_equal(row, "- java/lang/Daemons$FinalizerWatchdogDaemon.run", 46);
			assert_non_null(strstr(row, " gone "));
			assert_non_null(strstr(row, "1+0\xE2\x86\x92-"));
		}
		/* Every change cell but the cursor's: "+" red, "−" green, a
		 * zero change plain; the first direction only adds time. */
		int nred = 0, ngreen = 0;
		for (int pass = 0; pass < 2; pass++) {
			for (int yy = 1; yy < getmaxy(w); yy++) {
				short pair;
				wchar_t sign = cell_sign(w, yy, 160 - 88, 160 - 88 + 12, &pair);
				if (mvwinch(w, yy, 0) & A_REVERSE || !sign)
					continue;
				if (pass) {  /* monochrome: no colour, the signs stay */
					assert_int_equal(pair, 0);
					continue;
				}
				if (sign == L'+') {
					assert_int_equal(pair, PAIR_NUMBER(col.role[ROLE_WORSE] & A_COLOR));
					nred++;
				} else if (sign == 0x2212) {
					assert_int_equal(pair, PAIR_NUMBER(col.role[ROLE_BETTER] & A_COLOR));
					ngreen++;
				}
			}
			ctx.color = &mono;
			p.ops->draw(p.self, w, &ctx);
		}
		ctx.color = &col;
		assert_true(PAIR_NUMBER(col.role[ROLE_WORSE] & A_COLOR) != 0);
		assert_true(PAIR_NUMBER(col.role[ROLE_BETTER] & A_COLOR) !=
		            PAIR_NUMBER(col.role[ROLE_WORSE] & A_COLOR));
		assert_true(dir ? ngreen > 0 && nred == 0 : nred > 0 && ngreen == 0);
		/* > sorts by the next column (Chg %): "new" rows first in the
		 * first direction; < < by name, A to Z; I reverses. */
		struct pane_out out = {PANE_NONE, ""};
		p.ops->act(p.self, ACT_SORT_NEXT, &ctx, &out);
		p.ops->draw(p.self, w, &ctx);
		ts_row(w, 0, a, sizeof a);
		assert_non_null(strstr(a, "Chg % \xE2\x96\xBC"));
		if (!dir) {
			ts_row(w, 1, row, sizeof row);
			assert_non_null(strstr(row, " new "));
		}
		p.ops->act(p.self, ACT_SORT_PREV, &ctx, &out);
		p.ops->act(p.self, ACT_SORT_PREV, &ctx, &out);
		p.ops->act(p.self, ACT_SORT_PREV, &ctx, &out);  /* stays at Name */
		p.ops->draw(p.self, w, &ctx);
		ts_row(w, 0, a, sizeof a);
		assert_memory_equal(a, "Name \xE2\x96\xBC", 8);
		char n0[4200], n1[4200], nl[4200];
		uint32_t cnt = p.ops->count(p.self);
		assert_true(cnt > 2);
		p.ops->name(p.self, p.ops->item(p.self, 0), n0, sizeof n0);
		p.ops->name(p.self, p.ops->item(p.self, 1), n1, sizeof n1);
		p.ops->name(p.self, p.ops->item(p.self, cnt - 1), nl, sizeof nl);
		assert_true(strcmp(n0, n1) <= 0 && strcmp(n1, nl) <= 0);
		p.ops->act(p.self, ACT_SORT_REVERSE, &ctx, &out);
		p.ops->name(p.self, p.ops->item(p.self, 0), n1, sizeof n1);
		assert_string_equal(n1, nl);
		delwin(w);
		diffview_free(v);
		diff_free(&d);
	}
	profile_free(&main_only);
	profile_free(&all);
	ts_ui_close(s);
}

/* 10: the thread list says which threads show ("1–6 of 56") and its
 * label column widens with the terminal: 2/9 of the width, at least 20,
 * at most 48 columns (the sample's longest label needs more than 48). */
static void test_thread_list(void **state)
{
	(void)state;
	static const struct { int cols, bar_x; } want[] = {{80, 20}, {120, 26}, {180, 40}, {250, 48}};
	char row[2048];
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		struct ts_ui *s = ts_sample(want[i].cols, 40, 0);
		ts_row(curscr, 1, row, sizeof row);
		unsigned a = 0, b = 0, n = 0;
		assert_int_equal(sscanf(row, "%u\xE2\x80\x93%u of %u", &a, &b, &n), 3);
		assert_int_equal(a, 1);
		assert_true(b > 1 && b < 56);
		assert_int_equal(n, 56);
		/* The ruler's first tick, 0s, sits at the start of the bars. */
		char *bar = strstr(row, "|0s");
		assert_non_null(bar);
		*bar = '\0';
		assert_int_equal(text_width(row), want[i].bar_x);
		assert_true(ts_find("[1] main ") == 2);  /* main first */
		ts_ui_close(s);
	}
	/* Lines per thread: Looper.loop (the first screen's selection) runs
	 * on [1] main and [56] UmsAgent, whose bars have a marks line under
	 * them; [7] and [14] have none and take one line each. */
	struct ts_ui *s = ts_sample(120, 40, 0);
	assert_int_equal(ts_find("[1] main "), 2);
	assert_int_equal(ts_find("[56] UmsAgent "), 4);
	assert_int_equal(ts_find("[7] FinalizerDaemon "), 6);
	assert_int_equal(ts_find("[14] Thread-360 "), 7);
	ts_ui_close(s);
}

/* The output of `traceview --view=VIEW --width=W [--height=H]` on the
 * sample, in a malloc'd string. */
static char *derive_run(const char *view, int w, int h)
{
	char cmd[1024], *buf = NULL;
	size_t n = 0;
	snprintf(cmd, sizeof cmd, "LC_ALL=C.UTF-8 '%s' --view=%s --width=%d%s%.0d '%s'", TV_BIN,
	         view, w, h ? " --height=" : "", h, TV_SAMPLE);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	FILE *mem = open_memstream(&buf, &n);
	assert_non_null(mem);
	int c;
	while ((c = fgetc(p)) != EOF)
		fputc(c, mem);
	assert_int_equal(pclose(p), 0);
	fclose(mem);
	return buf;
}

/* --view prints the pane as the UI draws it: the pane's rows on screen
 * (after the keys that reach --view's initial state) equal the output of
 * --view at the pane's size, row for row. */
static void derive_check(const char *keys, const char *view, int longer)
{
	struct ts_ui *s = ts_sample(100, 40, 0);
	/* Without colour, as --view draws (the flame graph shades then). */
	struct ui_opts o = {.color = 0};
	ui_free(s->u);
	s->u = ui_new(TV_SAMPLE, &s->tr, &o);
	assert_non_null(s->u);
	ui_draw(s->u);
	ts_keys(s, keys);
	char *full = derive_run(view, 100, 0);
	char first[2048], row[2048];
	size_t len = strcspn(full, "\n");
	assert_true(len < sizeof first);
	memcpy(first, full, len);
	first[len] = '\0';
	int y0 = -1;
	for (int y = 1; y < s->lines - 1 && y0 < 0; y++) {
		ts_row(curscr, y, row, sizeof row);
		if (strcmp(row, first) == 0)
			y0 = y;
	}
	if (y0 < 0)
		ts_dump();
	assert_true(y0 > 1);  /* below the header and the timeline */
	int h = s->lines - 1 - y0;
	char *text = derive_run(view, 100, h);
	const char *at = text;
	for (int y = y0; y < s->lines - 1; y++) {
		size_t k = strcspn(at, "\n");
		ts_row(curscr, y, row, sizeof row);
		assert_true(at[k] == '\n');
		if (strlen(row) != k || memcmp(row, at, k) != 0)
			fprintf(stderr, "row %d: screen |%s|\nview   |%.*s|\n", y, row, (int)k, at);
		assert_int_equal(strlen(row), k);
		assert_memory_equal(row, at, k);
		at += k + 1;
	}
	assert_string_equal(at, "");  /* no more rows than the pane */
	/* Without --height every row: the full text starts as the pane does
	 * and, for a list longer than the pane, is longer. */
	if (longer)
		assert_true(strlen(full) > strlen(text));
	else
		assert_memory_equal(full, text, len);
	free(full);
	free(text);
	ts_ui_close(s);
}

static void test_view_equals_pane(void **state)
{
	(void)state;
	derive_check("", "table", 1);
	derive_check("2g*", "tree", 1);
	derive_check("3g*", "bottom-up", 1);
	derive_check("4", "flame", 1);
	derive_check("5", "calls", 0);
	derive_check("J", "jank", 0);
	derive_check("7", "waits", 1);
}

/* OSC 52 as terminals and tmux read it: "hi" is aGk= in base64. */
static void test_osc52_bytes(void **state)
{
	(void)state;
	size_t n;
	char *b = clip_osc52("hi", 2, 0, &n);
	assert_int_equal(n, strlen("\033]52;c;aGk=\a"));
	assert_memory_equal(b, "\033]52;c;aGk=\a", n);
	free(b);
	b = clip_osc52("hi!", 3, 1, &n);
	const char *tmux = "\033Ptmux;\033\033]52;c;aGkh\a\033\\";
	assert_int_equal(n, strlen(tmux));
	assert_memory_equal(b, tmux, n);
	free(b);
	/* Capped at 100 KB of text: 102400 bytes, 136536 of base64. */
	char *big = malloc(200000);
	assert_non_null(big);
	memset(big, 'x', 200000);
	b = clip_osc52(big, 200000, 0, &n);
	assert_int_equal(n, 7 + 136536 + 1);
	free(b);
	free(big);
}

/* The file $TRACEVIEW_COPY wrote, in a malloc'd string. */
static char *copied(const char *file)
{
	char *t = ts_file_text(file);
	assert_non_null(t);
	return t;
}

/* y and Y with $TRACEVIEW_COPY: the selection's text reaches the
 * command's standard input, and the footer says how much went. */
static void test_copy(void **state)
{
	(void)state;
	char file[] = "/tmp/tv-copy-XXXXXX", cmd[128], row[2048];
	int fd = mkstemp(file);
	assert_true(fd >= 0);
	close(fd);
	snprintf(cmd, sizeof cmd, "cat > %s", file);
	setenv("TRACEVIEW_COPY", cmd, 1);
	struct ts_ui *s = ts_sample(100, 40, 0);
	/* The table: its titles and the cursor row, as on screen. */
	ts_keys(s, "y");
	char *t = copied(file);
	int y = ts_find("Name ");
	assert_true(y > 0);
	ts_row(curscr, y, row, sizeof row);
	assert_true(strncmp(t, row, strlen(row)) == 0);
	scr_cursor_row(row, sizeof row);
	assert_string_equal(t + strcspn(t, "\n") + 1 + strlen(row), "\n");
	assert_true(strncmp(t + strcspn(t, "\n") + 1, row, strlen(row)) == 0);
	char msg[64];
	snprintf(msg, sizeof msg, "sent %zu bytes to $TRACEVIEW_COPY", strlen(t));
	assert_true(ts_has(msg));
	free(t);
	/* A tree: the path from the root, two columns a level. */
	ts_keys(s, "2g*gjj");
	ts_keys(s, "y");
	t = copied(file);
	assert_string_equal(t, "(toplevel)\n"
	                       "  dalvik/system/NativeStart.main ([Ljava/lang/String;)V\n"
	                       "    de/robv/android/xposed/XposedBridge.main ([Ljava/lang/String;)V\n");
	free(t);
	/* The flame graph: the selected frame's stack (the root at first). */
	ts_keys(s, "4jjy");
	t = copied(file);
	assert_string_equal(t, "(toplevel)\n"
	                       "  dalvik/system/NativeStart.main ([Ljava/lang/String;)V\n"
	                       "    de/robv/android/xposed/XposedBridge.main ([Ljava/lang/String;)V\n");
	free(t);
	/* Y: every row of the pane as it shows. */
	ts_keys(s, "1Y");
	t = copied(file);
	int lines = 0;
	for (const char *c = t; *c; c++)
		lines += *c == '\n';
	y = ts_find("Name ");
	assert_int_equal(lines, s->lines - 1 - y);
	free(t);
	ts_ui_close(s);
	unsetenv("TRACEVIEW_COPY");
	unlink(file);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wide_header_aligned),
		cmocka_unit_test(test_help_scrolls),
		cmocka_unit_test(test_small_edges),
		cmocka_unit_test(test_escdelay),
		cmocka_unit_test(test_columns_and_clock),
		cmocka_unit_test(test_find_shows_expansion),
		cmocka_unit_test(test_first_screen_and_ruler),
		cmocka_unit_test(test_long_names),
		cmocka_unit_test(test_section_cap),
		cmocka_unit_test(test_diff_pane),
		cmocka_unit_test(test_thread_list),
		cmocka_unit_test(test_lower_panes),
		cmocka_unit_test(test_view_equals_pane),
		cmocka_unit_test(test_osc52_bytes),
		cmocka_unit_test(test_copy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
