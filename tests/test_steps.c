/* test_steps.c: the view's steps drawn off screen: transforms and
 * ranges applied from the keys (on the worker) and their numbers against
 * the engine's, the breadcrumb and `:` naming them (run, the command
 * prints that view), undo; the wait
 * columns; and the waits pane (7) with the legend's pointer to it.
 *
 * Curses runs on an xterm-256color terminal that writes to /dev/null; the
 * UI is built on the bundled sample with ui_new(), keys go through
 * ui_key() and each frame through ui_draw(), then the text of curscr is
 * compared with what the steps must show (test_panes.c does the panes
 * themselves).
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

#include "analyze/derive.h"
#include "analyze/profile.h"
#include "draw/text.h"
#include "model/load.h"
#include "model/trace.h"
#include "screentest.h"
#include "shell/ui.h"

#ifndef TV_SAMPLE
#error "TV_SAMPLE must name the bundled sample trace"
#endif
#ifndef TV_BIN
#error "TV_BIN must name the built traceview"
#endif

/* : shows the command line of the view; y copies it; run, it prints the
 * pane as the screen shows it. */
static void test_command_line(void **state)
{
	(void)state;
	char file[] = "/tmp/tv-cmd-XXXXXX", cmd[128], row[2048];
	int fd = mkstemp(file);
	assert_true(fd >= 0);
	close(fd);
	snprintf(cmd, sizeof cmd, "cat > %s", file);
	setenv("TRACEVIEW_COPY", cmd, 1);
	struct ts_ui *s = ts_sample(100, 40, 0);
	struct ui_opts o = {.color = 0};
	ui_free(s->u);
	s->u = ui_new(TV_SAMPLE, &s->tr, &o);
	assert_non_null(s->u);
	ui_draw(s->u);
	ts_keys(s, ":");
	assert_true(ts_has(" --view=table --width=100 "));
	ts_keys(s, "y");
	char *line = ts_file_text(file);  /* what $TRACEVIEW_COPY wrote */
	assert_non_null(line);
	assert_true(strncmp(line, "traceview --clock=cpu --view=table --width=100 --height=",
	                    56) == 0);
	assert_non_null(strstr(line, " --method="));
	char run[4096];
	snprintf(run, sizeof run, "LC_ALL=C.UTF-8 '%s'%s", TV_BIN, line + strlen("traceview"));
	FILE *p = popen(run, "r");
	assert_non_null(p);
	int y = ts_find("Name ");
	assert_true(y > 0);
	char out[2048];
	for (; y < s->lines - 1; y++) {
		assert_non_null(fgets(out, sizeof out, p));
		out[strcspn(out, "\n")] = '\0';
		ts_row(curscr, y, row, sizeof row);
		assert_string_equal(out, row);
	}
	assert_null(fgets(out, sizeof out, p));
	assert_int_equal(pclose(p), 0);
	free(line);
	ts_ui_close(s);
	unsetenv("TRACEVIEW_COPY");
	unlink(file);
}

/* A tree sorted by < > I: its title marks the column, : names the order
 * (--sort), and the command prints the tree in that order. */
static void test_command_tree_sort(void **state)
{
	(void)state;
	char file[] = "/tmp/tv-cmd-XXXXXX", cmd[128];
	int fd = mkstemp(file);
	assert_true(fd >= 0);
	close(fd);
	snprintf(cmd, sizeof cmd, "cat > %s", file);
	setenv("TRACEVIEW_COPY", cmd, 1);
	struct ts_ui *s = ts_sample(100, 40, 1);  /* ASCII: the marker is "^" */
	ui_draw(s->u);
	ts_keys(s, "2");
	assert_int_equal(ts_settle(s->u), 0);
	ts_keys(s, ":");
	assert_false(ts_has("--sort="));               /* the default order */
	ts_keys(s, ">I");
	assert_true(ts_has("excl cpu ^"));
	ts_keys(s, ":");
	assert_true(ts_has(" --view=tree --width=100 "));
	/* A word may end or start its row now that `:` wraps between words:
	 * the command run below has it whole. */
	assert_true(ts_has("--sort=-excl_cpu"));
	ts_keys(s, "y");
	char *line = ts_file_text(file);  /* what $TRACEVIEW_COPY wrote */
	assert_non_null(line);
	char run[4096], out[2048];
	snprintf(run, sizeof run, "LC_ALL=C '%s'%s", TV_BIN, line + strlen("traceview"));
	FILE *p = popen(run, "r");
	assert_non_null(p);
	assert_non_null(fgets(out, sizeof out, p));
	assert_non_null(strstr(out, "excl cpu ^"));
	while (fgets(out, sizeof out, p))
		;
	assert_int_equal(pclose(p), 0);
	free(line);
	ts_ui_close(s);
	unsetenv("TRACEVIEW_COPY");
	unlink(file);
}

/* Wait for the worker (steps, trees), then a frame. */
static void scr_wait(struct ts_ui *s)
{
	assert_int_equal(ts_settle(s->u), 0);
}

/* The header's breadcrumb split into steps (ASCII: " > " between them):
 * the item after the scope, when it is not the clock. */
static uint32_t scr_crumbs(char texts[][128], uint32_t most)
{
	char hdr[2048];
	ts_row(curscr, 0, hdr, sizeof hdr);
	char *p = strstr(hdr, "all threads | ");
	assert_non_null(p);
	p += strlen("all threads | ");
	char *end = strstr(p, " | ");
	assert_non_null(end);
	*end = '\0';
	if (strcmp(p, "CPU time") == 0 || strcmp(p, "real time") == 0)
		return 0;
	uint32_t n = 0;
	while (p && n < most) {
		char *next = strstr(p, " > ");
		if (next)
			*next = '\0';
		snprintf(texts[n++], 128, "%s", p);
		p = next ? next + 3 : NULL;
	}
	return n;
}

/* The steps of the command line `:` shows, as y copies it (the exact
 * form; the breadcrumb shortens names): each --range= or --transform=
 * word, its shell quotes taken off, into texts; how many. */
static uint32_t scr_command_steps(struct ts_ui *s, char texts[][1200], uint32_t most)
{
	char *line = ts_copy_keys(s, ":y");
	assert_non_null(line);
	uint32_t n = 0;
	for (char *w = strtok(line, " "); w && n < most; w = strtok(NULL, " ")) {
		const char *v = strncmp(w, "--range=", 8) == 0       ? w + 8
		                : strncmp(w, "--transform=", 12) == 0 ? w + 12 : NULL;
		if (!v)
			continue;
		size_t len = strlen(v);
		if (v[0] == '\'' && len >= 2 && v[len - 1] == '\'')
			snprintf(texts[n++], 1200, "%.*s", (int)len - 2, v + 1);
		else
			snprintf(texts[n++], 1200, "%s", v);
	}
	free(line);
	return n;
}

/* The ui's profile is what the command line computes for the steps it
 * shows: as many as the breadcrumb has, their exact form from `:`, then
 * derive_build() and profile_build(), as --range/--transform run them,
 * method by method. */
static void expect_steps(struct ts_ui *s, uint32_t want_n)
{
	char crumbs[8][128], texts[8][1200];
	assert_int_equal(scr_crumbs(crumbs, 8), want_n);
	uint32_t n = scr_command_steps(s, texts, 8);
	assert_int_equal(n, want_n);
	struct derive_step st[8];
	for (uint32_t i = 0; i < n; i++) {
		const char *why = "";
		if (strstr(texts[i], "..") && !strchr(texts[i], ':')) {
			struct range r;
			assert_int_equal(range_parse(texts[i], &r, &why), 0);
			assert_int_equal(derive_step_range(&r, &st[i]), 0);
		} else {
			assert_int_equal(derive_step_transform(texts[i], &st[i], &why), 0);
		}
	}
	struct trace v;
	struct profile want;
	struct tv_error err;
	const struct trace *tr = &s->tr;
	if (n) {
		assert_int_equal(derive_build(&v, &s->tr, st, n, NULL, &err), TV_OK);
		tr = &v;
	}
	assert_int_equal(profile_build(&want, tr, NULL, &err), TV_OK);
	const struct profile *got = ui_profile(s->u);
	assert_int_equal(got->tr->nmethods, tr->nmethods);
	assert_int_equal(got->norder, want.norder);
	for (int c = 0; c < TV_NCLOCKS; c++)
		assert_true(got->top_incl[c] == want.top_incl[c]);
	for (uint32_t m = 0; m < tr->nmethods; m++) {
		const struct prof_method *a = &got->methods[m], *b = &want.methods[m];
		assert_true(a->calls == b->calls && a->rcalls == b->rcalls);
		for (int c = 0; c < TV_NCLOCKS; c++)
			assert_true(a->incl[c] == b->incl[c] && a->excl[c] == b->excl[c]);
	}
	profile_free(&want);
	if (n)
		trace_free(&v);
	for (uint32_t i = 0; i < n; i++)
		derive_step_free(&st[i]);
}

/* The calls of the method whose "class.name" is name, in the ui's profile. */
static uint64_t ui_calls_of(struct ts_ui *s, const char *name)
{
	const struct profile *p = ui_profile(s->u);
	size_t cl;
	for (uint32_t m = 0; m < p->tr->nmethods; m++) {
		const struct tv_method *tm = &p->tr->methods[m];
		const char *cls = trace_str(p->tr, tm->cls), *nm = trace_str(p->tr, tm->name);
		cl = cls ? tm->cls.len : 0;
		if (cls && nm && strlen(name) == cl + 1 + tm->name.len && strncmp(name, cls, cl) == 0 &&
		    name[cl] == '.' && strncmp(name + cl + 1, nm, tm->name.len) == 0)
			return p->methods[m].calls + p->methods[m].rcalls;
	}
	fail_msg("no method %s", name);
	return 0;
}

/* Issue 12: M, F, D, R on the selected method, C and A through their
 * prompts; each a step in the header's breadcrumb, the table then equal to
 * the command line's numbers for the same steps; u undoes one, U all. */
static void test_transform_keys(void **state)
{
	(void)state;
	/* Wide enough for four steps named in the breadcrumb. */
	struct ts_ui *s = ts_sample(300, 40, 1);
	expect_steps(s, 0);
	const char *hla = "android/app/ActivityThread.handleLaunchActivity";
	assert_true(ui_calls_of(s, hla) > 0);
	ts_keys(s, "/handleLaunchActivity\nM");
	scr_wait(s);
	/* Named, not by id: cut by the long-name rule to 32 columns. */
	assert_true(ts_has("| merge:ActivityThread.handleLaunchActi~ |"));
	assert_false(ts_has(":0x"));
	expect_steps(s, 1);
	assert_true(ui_calls_of(s, hla) == 0);  /* merged into its callers */
	ts_keys(s, "/performLaunchActivity\nF");
	scr_wait(s);
	expect_steps(s, 2);
	assert_true(ts_has(" > focus:ActivityThread.performLaunchAct~ |"));
	ts_keys(s, "/inflate\nD");
	scr_wait(s);
	expect_steps(s, 3);
	ts_keys(s, "R");  /* on what the table selected when the dropped one left */
	scr_wait(s);
	expect_steps(s, 4);
	assert_true(ts_has(" > rec:"));
	assert_false(ts_has(":0x"));
	ts_keys(s, "u");
	scr_wait(s);
	expect_steps(s, 3);
	assert_true(ts_has(" > drop:"));
	ts_keys(s, "u");
	scr_wait(s);
	expect_steps(s, 2);
	assert_false(ts_has("drop:"));
	/* C: the prompt holds the class's package; Enter applies it. */
	ts_keys(s, "/LoginActivity.onCreate\nC");
	assert_true(ts_has("collapse classes: cn.com.cmbc.mbank.cc.activity.*"));
	ts_keys(s, "\n");
	scr_wait(s);
	assert_true(ts_has(" > collapse:cn.com.cmbc.mbank.cc.activity.*"));
	assert_true(ui_calls_of(s, "cn/com/cmbc/mbank/cc/activity/LoginActivity.onCreate") == 0);
	expect_steps(s, 3);
	ts_keys(s, "U");
	scr_wait(s);
	expect_steps(s, 0);
	assert_true(ui_calls_of(s, hla) > 0);
	/* A: the guessed app packages, editable; Esc applies nothing. */
	ts_keys(s, "A");
	assert_true(ts_has("only my code, the app's packages: "));
	ts_key(s, 27);
	expect_steps(s, 0);
	ts_keys(s, "A");
	ts_key(s, 21);  /* Ctrl-U */
	ts_keys(s, "android.*\n");
	scr_wait(s);
	assert_true(ts_has("app:android.*"));
	expect_steps(s, 1);
	ts_ui_close(s);
}

/* Issue 12: v starts a range at the time cursor (the ruler shaded while
 * it grows), v again applies it; Esc and Ctrl-G cancel; V takes the call
 * under the cursor. Ranges and transforms share the breadcrumb. */
static void test_range_keys(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(200, 40, 1);
	uint64_t whole = ui_profile(s->u)->top_incl[TV_WALL];
	ts_keys(s, "\t0");
	ts_keys(s, "hhhhhhhhhhhhhhhhhhhhv");
	ts_keys(s, "llllllllll");
	int shaded = 0;
	for (int x = 0; x < getmaxx(curscr); x++)
		shaded += (mvwinch(curscr, 1, x) & A_REVERSE) != 0;
	assert_true(shaded >= 10 && shaded <= 12);
	ts_key(s, 27);
	assert_true(ts_has("range cancelled"));
	for (int x = 0; x < getmaxx(curscr); x++)
		assert_false(mvwinch(curscr, 1, x) & A_REVERSE);
	ts_keys(s, "v");
	ts_key(s, 7);  /* Ctrl-G */
	expect_steps(s, 0);
	ts_keys(s, "vlllllv");
	scr_wait(s);
	expect_steps(s, 1);
	char texts[8][128];
	assert_int_equal(scr_crumbs(texts, 8), 1);
	assert_non_null(strstr(texts[0], ".."));
	/* The range holds less than the whole trace. */
	assert_true(ui_profile(s->u)->top_incl[TV_WALL] < whole);
	ts_keys(s, "V");
	scr_wait(s);
	expect_steps(s, 2);
	ts_keys(s, "\t/Looper.loop\nM");
	scr_wait(s);
	expect_steps(s, 3);
	ts_keys(s, "uuu");
	scr_wait(s);
	expect_steps(s, 0);
	ts_ui_close(s);
}

/* Issue 12: a dual-clock trace's table has Incl Wait and Excl Wait (wall
 * less CPU), sortable. Looper.loop in the sample (-f csv): incl wall
 * 6987223 µs, incl CPU 1573902, excl wall 1371, excl CPU 105. */
static void test_wait_columns(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(250, 70, 1);
	assert_true(ts_has("Incl Wait"));
	assert_true(ts_has("Excl Wait"));
	ts_keys(s, "/Looper.loop\n");
	char row[2048];
	ts_row(curscr, ts_find("android/os/Looper.loop"), row, sizeof row);
	assert_non_null(strstr(row, "   5413.321       1.266"));  /* the last two columns */
	/* Sorted by incl wait: Thread.run first (-f csv: incl wall - incl
	 * CPU 42044765 µs, the largest; excl 9754). */
	ts_keys(s, ">>>>>>>>>>>>>>");
	assert_true(ts_has("Excl Wait v"));
	ts_keys(s, "<");
	assert_true(ts_has("Incl Wait v"));
	ts_keys(s, "g");  /* the top: (toplevel), its expansion, then the largest waits */
	int tr = ts_find("java/lang/Thread.run"), io = ts_find("libcore/io/IoBridge.connect");
	assert_true(tr > 0 && io > tr);  /* 42044.765 before 34079.662 */
	ts_row(curscr, tr, row, sizeof row);
	assert_non_null(strstr(row, "  42044.765       9.754"));
	/* 80 columns: no room, the waits go first. */
	ts_ui_close(s);
	s = ts_sample(80, 24, 1);
	assert_false(ts_has("Incl Wait"));
	ts_ui_close(s);
}

/* ":" names the steps in force, so the command reproduces the view:
 * after M on handleLaunchActivity, its name (one method has it: -f csv),
 * which --transform takes, not its id. */
static void test_command_steps(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(200, 40, 0);
	ts_keys(s, "/handleLaunchActivity\nM");
	scr_wait(s);
	ts_keys(s, ":");
	assert_true(ts_has(" --transform=merge:android.app.ActivityThread.handleLaunchActivity "));
	assert_true(ts_has(" --view=table "));
	ts_ui_close(s);
}

/* Issue 19: 7 lists the waits (-f waits on the sample: 57 calls of 16 ms
 * or more on 12 threads; [1] main's third longest, nativePollOnce at
 * 5287.367 ms, ran 439.051 ms of wall time on 0.771 ms of CPU); Enter
 * shows that call on the timeline, fitted; t scopes the pane to the
 * thread (-f waits -t 1: 32 calls); the legend says where the waits are,
 * with the view's off-CPU time (the toplevel's incl wall less incl CPU:
 * 67819.608 - 1665.649 ms over all threads, 6497.565 - 1459.503 on [1],
 * -f csv). */
static void test_waits_pane(void **state)
{
	(void)state;
	struct ts_ui *s = ts_sample(120, 40, 0);
	ts_keys(s, "L");
	assert_true(ts_has("off CPU (7: the longest waits): 66153.959 ms waited in all threads"));
	ts_keys(s, "q7");
	assert_true(ts_has(" Waits of 16.000 ms or more: 57 calls, 12 of 56 threads"));
	ts_keys(s, "jj\n");
	assert_true(ts_has("thread 1: the call at 5.287367 s, 439.051 ms long"));
	char row[2048];
	ts_row(curscr, ts_find(" cursor "), row, sizeof row);
	assert_non_null(strstr(row, " cursor 5.287s  [1] main  "));
	assert_non_null(strstr(row, "(439.051 ms, depth 11)"));
	/* fitted: the ruler's ticks lie within the call, [5.287, 5.727) s */
	ts_row(curscr, 1, row, sizeof row);
	assert_non_null(strstr(row, "|5.4s"));
	assert_null(strstr(row, "|5s"));
	assert_null(strstr(row, "|6s"));
	ts_keys(s, "\tt\t");
	scr_wait(s);
	assert_true(ts_has(" Waits of 16.000 ms or more: 32 calls, 1 of 1 thread"));
	ts_keys(s, "L");
	assert_true(ts_has("off CPU (7: the longest waits): 5038.062 ms waited in thread 1"));
	ts_ui_close(s);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_command_line),
		cmocka_unit_test(test_command_tree_sort),
		cmocka_unit_test(test_transform_keys),
		cmocka_unit_test(test_range_keys),
		cmocka_unit_test(test_wait_columns),
		cmocka_unit_test(test_command_steps),
		cmocka_unit_test(test_waits_pane),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
