/* layout.c: the windows and which pane is where (see layout.h). */
#include "shell/layout.h"

#include "draw/draw.h"
#include "shell/shell.h"

void layout_del_windows(struct ui *u)
{
	WINDOW **w[] = {&u->hdr, &u->tlw, &u->tbw, &u->ovw, &u->ftr};
	for (size_t i = 0; i < sizeof w / sizeof *w; i++)
		if (*w[i]) {
			delwin(*w[i]);
			*w[i] = NULL;
		}
}

/* The timeline's rows, at least 6, at most two fifths of the body. */
static int layout_default_split(const struct ui *u, int body)
{
	int want = u->timeline.ops->rows(u->timeline.self, 0);
	int most = body * 2 / 5;
	return want < most ? (want > 6 ? want : 6) : most;
}

void layout_apply(struct ui *u)
{
	layout_del_windows(u);
	getmaxyx(stdscr, u->lines, u->cols);
	if (u->cols < SHELL_MIN_COLS || u->lines < SHELL_MIN_LINES)
		return;
	int body = u->lines - 2, split = 0;
	if (u->timeline.ops) {
		if (!u->split)
			u->split = layout_default_split(u, body);
		if (u->split < 4)
			u->split = 4;
		if (u->split > body - 4)
			u->split = body - 4;
		split = u->split;
		u->tlw = newwin(split, u->cols, 1, 0);
	}
	u->hdr = newwin(1, u->cols, 0, 0);
	u->tbw = newwin(body - split, u->cols, 1 + split, 0);
	u->ovw = newwin(body, u->cols, 1, 0);
	u->ftr = newwin(1, u->cols, u->lines - 1, 0);
	if (!u->hdr || (u->timeline.ops && !u->tlw) || !u->tbw || !u->ovw || !u->ftr) {
		layout_del_windows(u);
		return;
	}
	WINDOW *all[] = {u->hdr, u->tlw, u->tbw, u->ovw, u->ftr};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		if (all[i])
			draw_no_erase(all[i]);
}

WINDOW *layout_win_of(const struct ui *u, const struct pane *p)
{
	return p == &u->overlay ? u->ovw : p == &u->timeline ? u->tlw : u->tbw;
}

void layout_show(struct ui *u, int row)
{
	struct pane p = u->panes.pane[row];
	struct pane_out out = {PANE_NONE, ""};
	struct pane_ctx ctx = shell_ctx(u, &u->lower);
	if (shell_row(row)->place == REGISTRY_OVERLAY) {
		if (p.ops->open)
			p.ops->open(p.self, u->s, &ctx, &out);
		if (out.msg[0])
			shell_say(u, out.msg);
		u->overlay = p;
		return;
	}
	u->lower = p;
	u->focus_tl = 0;
	if (p.self != u->list.self && pane_takes_methods(p))  /* on the list's selection */
		p.ops->select(p.self, ctx.selected);
}
