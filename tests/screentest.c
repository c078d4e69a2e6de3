/* screentest.c: an off-screen curses terminal and its rows as text. */
#include "screentest.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/load.h"
#include "panes/panetext.h"

#ifdef TV_SAMPLE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
#endif

int ts_open(struct ts_term *t, const char *term, int cols, int lines)
{
	char num[16];
	snprintf(num, sizeof num, "%d", lines);
	setenv("LINES", num, 1);
	snprintf(num, sizeof num, "%d", cols);
	setenv("COLUMNS", num, 1);
	t->sc = NULL;
	t->out = fopen("/dev/null", "w");
	t->in = fopen("/dev/null", "r");
	if (t->out && t->in)
		t->sc = newterm(term, t->out, t->in);
	if (!t->sc) {
		if (t->out)
			fclose(t->out);
		if (t->in)
			fclose(t->in);
		t->out = t->in = NULL;
		return -1;
	}
	set_term(t->sc);
	resizeterm(lines, cols);
	return 0;
}

void ts_close(struct ts_term *t)
{
	endwin();
	delscreen(t->sc);
	fclose(t->out);
	fclose(t->in);
	t->sc = NULL;
	t->out = t->in = NULL;
}

void ts_row(WINDOW *win, int y, char *buf, size_t n)
{
	char *s = panetext_rows(win, y, y + 1);
	size_t k = s ? strcspn(s, "\n") : 0;
	if (k >= n) {
		k = n - 1;
		while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
			k--;
	}
	if (k)
		memcpy(buf, s, k);
	buf[k] = '\0';
	free(s);
}

int ts_row_with(WINDOW *win, const char *s)
{
	char row[2048];
	for (int y = 0; y < getmaxy(win); y++) {
		ts_row(win, y, row, sizeof row);
		if (strstr(row, s))
			return y;
	}
	return -1;
}

int ts_settle(struct ui *u)
{
	for (int i = 0; i < 20000 && ui_busy(u); i++) {
		usleep(1000);
		ui_poll(u);
	}
	int rc = ui_busy(u) ? -1 : 0;
	ui_draw(u);
	return rc;
}

struct ts_ui *ts_ui_open(const char *path, int cols, int lines, const struct ui_opts *o)
{
	struct ts_ui *s = calloc(1, sizeof *s);
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	if (!s)
		return NULL;
	trace_init(&s->tr);
	if (ts_open(&s->t, "xterm-256color", cols, lines) < 0) {
		free(s);
		return NULL;
	}
	s->cols = cols;
	s->lines = lines;
	if (load_file(&s->tr, path, &err, errfile, sizeof errfile) != TV_OK ||
	    !(s->u = ui_new(path, &s->tr, o))) {
		ts_ui_close(s);
		return NULL;
	}
	ui_draw(s->u);
	return s;
}

void ts_ui_close(struct ts_ui *s)
{
	ui_free(s->u);
	ts_close(&s->t);
	trace_free(&s->tr);
	free(s);
}

void ts_keys(struct ts_ui *s, const char *keys)
{
	for (; *keys; keys++)
		ts_key(s, (unsigned char)*keys);
}

void ts_key(struct ts_ui *s, int ch)
{
	ui_key(s->u, ch);
	ui_draw(s->u);
}

int ts_find(const char *prefix)
{
	char row[2048];
	for (int y = 0; y < getmaxy(curscr); y++) {
		ts_row(curscr, y, row, sizeof row);
		if (strncmp(row, prefix, strlen(prefix)) == 0)
			return y;
	}
	return -1;
}

int ts_has(const char *s)
{
	return ts_row_with(curscr, s) >= 0;
}

void ts_dump(void)
{
	char row[2048];
	for (int y = 0; y < getmaxy(curscr); y++) {
		ts_row(curscr, y, row, sizeof row);
		fprintf(stderr, "|%s\n", row);
	}
}

char *ts_file_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0;
	if (!f)
		return NULL;
	FILE *mem = open_memstream(&buf, &n);
	int c;
	while (mem && (c = fgetc(f)) != EOF)
		fputc(c, mem);
	if (mem)
		fclose(mem);
	fclose(f);
	return buf;
}

char *ts_copy_keys(struct ts_ui *s, const char *keys)
{
	char file[] = "/tmp/tv-copy-XXXXXX", cmd[128];
	int fd = mkstemp(file);
	if (fd < 0)
		return NULL;
	close(fd);
	snprintf(cmd, sizeof cmd, "cat > %s", file);
	setenv("TRACEVIEW_COPY", cmd, 1);
	ts_keys(s, keys);
	unsetenv("TRACEVIEW_COPY");
	char *t = ts_file_text(file);
	unlink(file);
	if (t && !*t) {
		free(t);
		return NULL;
	}
	return t;
}

#ifdef TV_SAMPLE
struct ts_ui *ts_sample(int cols, int lines, int ascii)
{
	struct ui_opts o = {.color = 1, .ascii = ascii};
	struct ts_ui *s = ts_ui_open(TV_SAMPLE, cols, lines, &o);
	assert_non_null(s);
	return s;
}
#endif
