/* viewprint.c: a pane drawn off screen and read back as text. */
#include "shell/viewprint.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "panes/pane.h"
#include "panes/panetext.h"

/* Pads hold at most this many rows (curses keeps sizes in a short). */
#define VP_MAX_ROWS 32000

/* Draw p into a fresh pad h rows high; NULL when out of memory. */
static WINDOW *vp_draw(struct pane p, const struct pane_ctx *ctx, int w, int h)
{
	WINDOW *pad = newpad(h, w);
	if (pad)
		p.ops->draw(p.self, pad, ctx);
	return pad;
}

/* With every row asked for, the first height to try: the pane's rows,
 * so that a list never scrolls. */
static int vp_first(struct pane p)
{
	int h = p.ops->rows ? p.ops->rows(p.self, 0) : 16;
	return h < 3 ? 3 : h > VP_MAX_ROWS ? VP_MAX_ROWS : h;
}

/* With every row asked for: the height at which the pane shows them all,
 * given a pad of h rows it was just drawn into; h when it does. */
static int vp_want(struct pane p, int h)
{
	return p.ops->rows ? p.ops->rows(p.self, h) : h;
}

char *viewprint_pane(struct ui *u, const struct viewprint_req *req)
{
	struct pane_ctx ctx;
	struct pane p = ui_view_pane(u, req->pane, req->clock, req->method, &ctx);
	int h = req->height > 0 ? req->height : vp_first(p);
	WINDOW *pad = vp_draw(p, &ctx, req->width, h);
	for (int tries = 0; pad && req->height <= 0 && tries < 32; tries++) {
		int want = vp_want(p, h);
		if (want > VP_MAX_ROWS)
			want = VP_MAX_ROWS;
		if (want == h)
			break;
		delwin(pad);
		h = want;
		pad = vp_draw(p, &ctx, req->width, h);
	}
	if (!pad)
		return NULL;
	char *s = panetext_rows(pad, 0, h);
	delwin(pad);
	return s;
}

/* An off-screen terminal: the first description the system has. */
static SCREEN *vp_screen(FILE *out, FILE *in)
{
	static const char *const names[] = {"xterm-256color", "xterm", "vt100", "ansi"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		SCREEN *sc = newterm(names[i], out, in);
		if (sc)
			return sc;
	}
	return NULL;
}

int viewprint_run(const char *path, struct trace *tr, const struct ui_opts *o,
                  const struct viewprint_req *req, FILE *out)
{
	FILE *null_out = fopen("/dev/null", "w"), *null_in = fopen("/dev/null", "r");
	SCREEN *sc = null_out && null_in ? vp_screen(null_out, null_in) : NULL;
	int rc = 2;
	if (sc) {
		set_term(sc);
		struct ui *u = ui_new(path, tr, o);
		char *text = u ? viewprint_pane(u, req) : NULL;
		if (text) {
			rc = fputs(text, out) < 0 ? 1 : 0;
			free(text);
		}
		if (u)
			ui_free(u);
		endwin();
		delscreen(sc);
	} else {
		fprintf(stderr, "traceview: --view: no terminal description to draw with\n");
	}
	if (null_out)
		fclose(null_out);
	if (null_in)
		fclose(null_in);
	return rc;
}
