/* preview.c: the view while a big trace loads (see preview.h). */
#include "shell/preview.h"

#include <stdio.h>
#include <time.h>

#include "session/preload.h"
#include "session/session.h"
#include "shell/find.h"
#include "shell/follow.h"
#include "shell/history.h"
#include "shell/layout.h"
#include "shell/shell.h"

void preview_mark(const struct ui *u, char *buf, size_t n)
{
	if (u->load)
		snprintf(buf, n, "loading %d%%", preload_percent(u->load));
	else if (n)
		buf[0] = '\0';
}

int preview_waits(struct ui *u, const char *what)
{
	if (!u->load)
		return 0;
	snprintf(u->msg, sizeof u->msg, "still loading (%d%%): %s waits for the whole trace",
	         preload_percent(u->load), what);
	return 1;
}

/* What the user chose on the preview, to keep on the whole trace. */
struct preview_place {
	int row, overlay, focus, clock;
	uint64_t method_id;  /* the list's selection; UINT64_MAX: none */
};

static void preview_place_save(struct ui *u, struct preview_place *pl)
{
	const struct trace *tr = session_trace(u->s);
	uint32_t sel = shell_selected(u);
	pl->row = shell_lower_row(u);
	pl->overlay = u->overlay.ops ? registry_row_of(&u->panes, u->overlay.self) : -1;
	pl->focus = u->focus_tl;
	pl->clock = session_clock(u->s);
	pl->method_id = sel < tr->nmethods ? tr->methods[sel].id : UINT64_MAX;
}

static void preview_place_restore(struct ui *u, const struct preview_place *pl)
{
	const struct trace *tr = session_trace(u->s);
	char msg[320];
	if (session_clock(u->s) != pl->clock)
		session_toggle_clock(u->s, msg, sizeof msg);
	for (uint32_t m = 0; pl->method_id != UINT64_MAX && m < tr->nmethods; m++)
		if (tr->methods[m].id == pl->method_id && !tr->methods[m].synthetic) {
			history_select(u, m);
			break;
		}
	if (pl->row >= 0)
		layout_show(u, pl->row);
	u->focus_tl = pl->focus;
	if (pl->overlay >= 0)
		layout_show(u, pl->overlay);
	find_refilter(u);
}

/* The whole trace is in: the session and panes made again on it. */
static int preview_swap(struct ui *u)
{
	struct session_opts so = {NULL, u->opts.frame, u->opts.app, NULL, NULL, 0, u->opts.note,
	                          u->opts.clock};
	struct session *s = preload_take(u->load);
	struct preview_place pl;
	preview_place_save(u, &pl);
	registry_free(&u->panes);  /* first: their workers may read the preview */
	session_free(u->s);
	preload_drop_preview(u->load);
	u->load = NULL;
	u->s = s;
	u->list.ops = u->lower.ops = u->timeline.ops = u->overlay.ops = NULL;
	u->hist_n = u->hist_pos = 0;
	u->msg[0] = '\0';  /* a "still loading" said before is not true now */
	if (ui_panes(u, &u->opts) < 0)
		return -1;
	follow_listen(u);
	if (session_start(s, &so, u->msg, sizeof u->msg) < 0)
		return -1;
	layout_apply(u);
	preview_place_restore(u, &pl);
	return 1;
}

/* The mark is drawn again at most this often: every frame costs the
 * load's cores (a 5M-record trace passes 1% every 10 ms). */
#define PREVIEW_MARK_EVERY_MS 250

static int64_t preview_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int preview_poll(struct ui *u)
{
	if (!u->load)
		return 0;
	int st = preload_poll(u->load);
	if (st < 0)
		return -1;
	if (st > 0 && u->mode == MODE_KEYS && u->drag == DRAG_NONE)
		return preview_swap(u);
	int pct = preload_percent(u->load);
	int64_t now = preview_now_ms();
	if (pct == u->load_shown || now - u->load_drawn < PREVIEW_MARK_EVERY_MS)
		return 0;
	u->load_shown = pct;
	u->load_drawn = now;
	return 1;
}
