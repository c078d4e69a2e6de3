/* ui.c: the full-screen interface: layout, key loop and overlays. */
#include "ui.h"

#include <curses.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "actions.h"
#include "color.h"
#include "diffview.h"
#include "export.h"
#include "keymap.h"
#include "names.h"
#include "numfmt.h"
#include "profile.h"
#include "prompt.h"
#include "table.h"
#include "text.h"
#include "timeline.h"
#include "tlview.h"

#define UI_MIN_COLS 80
#define UI_MIN_LINES 24
#define UI_HISTORY 256
#define UI_SCOPES 8

enum ui_focus { FOCUS_TIMELINE, FOCUS_TABLE };
/* What the footer line is doing: keys, or one of the prompts. */
enum ui_mode { MODE_KEYS, MODE_FIND, MODE_EXPORT_KIND, MODE_EXPORT_NAME, MODE_EXPORT_CONFIRM };
enum ui_overlay { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_WARNINGS };

struct ui {
	const char *path;
	struct trace *tr;
	struct profile all;
	/* Profiles of single threads, kept once built: switching the scope
	 * back and forth costs a pass over the thread only the first time. */
	struct profile scopes[UI_SCOPES];
	unsigned scope_used[UI_SCOPES];  /* last use, for eviction */
	unsigned scope_clock;
	int nscopes;
	int is_scoped;
	int scope;                 /* index in scopes[] when is_scoped */
	struct timeline tl;
	struct tlview tlv;
	struct table tbl;
	struct color color;
	int ascii;
	enum ui_focus focus;
	enum ui_overlay overlay;
	int split;                 /* rows of the timeline pane; 0 until laid out */
	WINDOW *hdr, *tlw, *tbw, *ftr;
	int lines, cols;
	uint32_t hist[UI_HISTORY]; /* selected methods before each jump */
	int hist_n, hist_pos;
	enum ui_mode mode;
	struct prompt prompt;      /* the text being typed in a prompt mode */
	char query[256];           /* the last find, for n and N */
	uint32_t find_saved;
	int export_kind;           /* chosen export format: f, c or s */
	char **fullnames;          /* lazily made, for find */
	char msg[320];             /* one-shot footer message */
};

static void ui_say(struct ui *u, const char *s);
static int ui_scope_to(struct ui *u, uint32_t tid);

/* Set by signal handlers only; read by the key loop. */
static volatile sig_atomic_t ui_signal;

static void ui_on_signal(int sig)
{
	ui_signal = sig;
}

/* ------------------------------------------------------------ layout */

static void ui_del_windows(struct ui *u)
{
	WINDOW **w[] = {&u->hdr, &u->tlw, &u->tbw, &u->ftr};
	for (size_t i = 0; i < sizeof w / sizeof *w; i++)
		if (*w[i]) {
			delwin(*w[i]);
			*w[i] = NULL;
		}
}

static int ui_default_split(const struct ui *u, int body)
{
	int want = 2 + 2 * (int)u->tlv.nthreads;
	int most = body * 2 / 5;
	return want < most ? (want > 6 ? want : 6) : most;
}

static void ui_layout(struct ui *u)
{
	ui_del_windows(u);
	getmaxyx(stdscr, u->lines, u->cols);
	if (u->cols < UI_MIN_COLS || u->lines < UI_MIN_LINES)
		return;
	int body = u->lines - 2;
	if (!u->split)
		u->split = ui_default_split(u, body);
	if (u->split < 4)
		u->split = 4;
	if (u->split > body - 4)
		u->split = body - 4;
	u->hdr = newwin(1, u->cols, 0, 0);
	u->tlw = newwin(u->split, u->cols, 1, 0);
	u->tbw = newwin(body - u->split, u->cols, 1 + u->split, 0);
	u->ftr = newwin(1, u->cols, u->lines - 1, 0);
	if (!u->hdr || !u->tlw || !u->tbw || !u->ftr)
		ui_del_windows(u);
}

/* ------------------------------------------------------------ model */

static void ui_free_fullnames(struct ui *u)
{
	if (!u->fullnames)
		return;
	for (uint32_t i = 0; i < u->tr->nmethods; i++)
		free(u->fullnames[i]);
	free(u->fullnames);
	u->fullnames = NULL;
}

struct ui *ui_new(const char *path, struct trace *tr, const struct ui_opts *o)
{
	struct ui *u = calloc(1, sizeof *u);
	struct tv_error err;
	if (!u)
		return NULL;
	u->path = path;
	u->tr = tr;
	const char *cs = nl_langinfo(CODESET);
	u->ascii = o->ascii || !cs || strcmp(cs, "UTF-8") != 0;
	u->focus = FOCUS_TABLE;
	color_init(&u->color, o->color);
	int clock = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	if (profile_build(&u->all, tr, NULL, &err) != TV_OK ||
	    timeline_build(&u->tl, tr, &err) != TV_OK ||
	    tlview_init(&u->tlv, &u->tl, &u->all) < 0 || table_init(&u->tbl, &u->all, clock) < 0) {
		ui_free(u);
		return NULL;
	}
	if (o->scoped && ui_scope_to(u, o->tid) < 0)
		ui_say(u, "no such thread: showing all threads");
	ui_layout(u);
	return u;
}

void ui_free(struct ui *u)
{
	if (!u)
		return;
	ui_del_windows(u);
	table_free(&u->tbl);
	tlview_free(&u->tlv);
	timeline_free(&u->tl);
	for (int i = 0; i < u->nscopes; i++)
		profile_free(&u->scopes[i]);
	profile_free(&u->all);
	ui_free_fullnames(u);
	free(u);
}

/* ------------------------------------------------------------ actions */

static void ui_say(struct ui *u, const char *s)
{
	snprintf(u->msg, sizeof u->msg, "%s", s);
}

/* Select a method as a jump: remember where we were for Back. */
static void ui_jump(struct ui *u, uint32_t m)
{
	uint32_t from = u->tbl.sel;
	if (m == from || table_select(&u->tbl, m) < 0) {
		if (m != from)
			ui_say(u, "that method has no calls in this scope");
		return;
	}
	if (u->hist_pos == UI_HISTORY) {
		memmove(u->hist, u->hist + 1, (UI_HISTORY - 1) * sizeof *u->hist);
		u->hist_pos--;
	}
	u->hist[u->hist_pos++] = from;
	u->hist_n = u->hist_pos;
}

static void ui_back(struct ui *u, int dir)
{
	if (dir < 0 && u->hist_pos > 0) {
		uint32_t to = u->hist[u->hist_pos - 1];
		/* Keep the current one for Forward, in the slot we leave. */
		u->hist[u->hist_pos - 1] = u->tbl.sel;
		u->hist_pos--;
		table_select(&u->tbl, to);
	} else if (dir > 0 && u->hist_pos < u->hist_n) {
		uint32_t to = u->hist[u->hist_pos];
		u->hist[u->hist_pos] = u->tbl.sel;
		u->hist_pos++;
		table_select(&u->tbl, to);
	} else {
		ui_say(u, dir < 0 ? "no earlier method" : "no later method");
	}
}

/* The cached profile of thread tid, built now when missing; -1 when the
 * thread has no records or memory ran out. */
static int ui_scope_slot(struct ui *u, uint32_t tid)
{
	struct tv_error err;
	int slot = -1;
	for (int i = 0; i < u->nscopes; i++)
		if (u->scopes[i].tid == tid)
			return i;
	if (u->nscopes < UI_SCOPES) {
		slot = u->nscopes;
	} else {
		/* Evict the least recently used, never the one shown. */
		for (int i = 0; i < UI_SCOPES; i++)
			if (!(u->is_scoped && i == u->scope) &&
			    (slot < 0 || u->scope_used[i] < u->scope_used[slot]))
				slot = i;
		profile_free(&u->scopes[slot]);
	}
	if (profile_build(&u->scopes[slot], u->tr, &tid, &err) != TV_OK) {
		if (slot < u->nscopes) {  /* the evicted slot is empty now */
			u->scopes[slot] = u->scopes[--u->nscopes];
			u->scope_used[slot] = u->scope_used[u->nscopes];
		}
		return -1;
	}
	if (slot == u->nscopes)
		u->nscopes++;
	u->scope_used[slot] = ++u->scope_clock;
	return slot;
}

/* Scope the table to thread tid, from the cache or built now. */
static int ui_scope_to(struct ui *u, uint32_t tid)
{
	int slot = ui_scope_slot(u, tid);
	if (slot < 0)
		return -1;
	u->scope_used[slot] = ++u->scope_clock;
	u->scope = slot;
	u->is_scoped = 1;
	return table_set_profile(&u->tbl, &u->scopes[slot]);
}

/* While no key comes, prepare the scope of the thread under the timeline
 * cursor, so that t is instant when it does. */
static void ui_idle(struct ui *u)
{
	if (!u->is_scoped && u->tlv.nthreads)
		ui_scope_slot(u, tlview_cursor_tid(&u->tlv));
}

static void ui_scope(struct ui *u)
{
	if (u->is_scoped) {
		u->is_scoped = 0;
		table_set_profile(&u->tbl, &u->all);
		return;
	}
	if (ui_scope_to(u, tlview_cursor_tid(&u->tlv)) < 0)
		ui_say(u, "cannot scope to that thread");
}

static void ui_clock(struct ui *u)
{
	if (!u->tr->has_clock[TV_CPU] || !u->tr->has_clock[TV_WALL]) {
		ui_say(u, "this trace has one clock only");
		return;
	}
	static const enum table_col swap[TC_COUNT] = {
		[TC_NAME] = TC_NAME, [TC_INCL_CPU_PCT] = TC_INCL_REAL_PCT,
		[TC_INCL_CPU] = TC_INCL_REAL, [TC_EXCL_CPU_PCT] = TC_EXCL_REAL_PCT,
		[TC_EXCL_CPU] = TC_EXCL_REAL, [TC_INCL_REAL_PCT] = TC_INCL_CPU_PCT,
		[TC_INCL_REAL] = TC_INCL_CPU, [TC_EXCL_REAL_PCT] = TC_EXCL_CPU_PCT,
		[TC_EXCL_REAL] = TC_EXCL_CPU, [TC_CALLS] = TC_CALLS,
		[TC_CPU_CALL] = TC_REAL_CALL, [TC_REAL_CALL] = TC_CPU_CALL,
	};
	enum table_col col = swap[u->tbl.sort];
	if (col == TC_NAME || col == TC_CALLS)
		col = u->tbl.clock == TV_CPU ? TC_INCL_REAL : TC_INCL_CPU;
	table_sort(&u->tbl, col, u->tbl.reverse);
	ui_say(u, u->tbl.clock == TV_CPU ? "time base: CPU" : "time base: real");
}

/* ------------------------------------------------------------ find */

static int ui_has_upper(const char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			return 1;
	return 0;
}

static int ui_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int ui_contains(const char *hay, const char *needle, int fold)
{
	size_t n = strlen(needle);
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       (fold ? ui_lower((unsigned char)hay[i]) == ui_lower((unsigned char)needle[i])
		             : hay[i] == needle[i]))
			i++;
		if (i == n)
			return 1;
	}
	return n == 0;
}

static const char *ui_fullname(struct ui *u, uint32_t m)
{
	if (!u->fullnames) {
		u->fullnames = calloc((size_t)u->tr->nmethods + 1, sizeof *u->fullnames);
		if (!u->fullnames)
			return "";
	}
	if (!u->fullnames[m]) {
		char buf[4200];
		names_full(u->tr, m, buf, sizeof buf);
		u->fullnames[m] = strdup(buf);
		if (!u->fullnames[m])
			return "";
	}
	return u->fullnames[m];
}

/* Select the next match in table order after (dir > 0) or before the
 * position of method 'from' (or from the top when from is none). */
static int ui_find_step(struct ui *u, uint32_t from, int dir, int include_from)
{
	const struct table *t = &u->tbl;
	if (!u->query[0] || t->norder < 2)
		return -1;
	int fold = !ui_has_upper(u->query);
	int64_t start = -1;
	for (uint32_t i = 1; i < t->norder; i++)
		if (t->order[i] == from)
			start = i;
	int64_t n = t->norder - 1;  /* methods, without the toplevel row */
	for (int64_t k = include_from ? 0 : 1; k <= n; k++) {
		int64_t pos = start < 0 ? (dir > 0 ? k : n - k + 1) : start + dir * k;
		pos = ((pos - 1) % n + n) % n + 1;
		uint32_t m = t->order[pos];
		if (ui_contains(ui_fullname(u, m), u->query, fold)) {
			table_select(&u->tbl, m);
			return 0;
		}
	}
	return -1;
}

static void ui_find_update(struct ui *u)
{
	u->msg[0] = '\0';
	snprintf(u->query, sizeof u->query, "%s", u->prompt.text);
	if (!u->query[0]) {
		table_select(&u->tbl, u->find_saved);
		return;
	}
	if (ui_find_step(u, TL_NONE, 1, 1) < 0)
		ui_say(u, "no match");
}

/* Keys while the find prompt is open: typing selects the first match. */
static void ui_find_key(struct ui *u, int ch)
{
	switch (prompt_key(&u->prompt, ch)) {
	case PROMPT_CANCEL:
		u->mode = MODE_KEYS;
		u->query[0] = '\0';
		table_select(&u->tbl, u->find_saved);
		u->msg[0] = '\0';
		break;
	case PROMPT_ACCEPT:
		u->mode = MODE_KEYS;
		if (u->tbl.sel != u->find_saved) {
			uint32_t found = u->tbl.sel;
			table_select(&u->tbl, u->find_saved);
			ui_jump(u, found);
		}
		break;
	case PROMPT_CHANGED: ui_find_update(u); break;
	case PROMPT_EDITING: break;
	}
}

/* ------------------------------------------------------------ export */

/* "NAME.folded", "NAME.json" or "NAME.speedscope.json" (the name that
 * makes speedscope read its own format) beside the trace's own name. */
static void ui_export_default(const struct ui *u, char *buf, size_t n)
{
	const char *base = strrchr(u->path, '/');
	base = base ? base + 1 : u->path;
	size_t len = strlen(base);
	if (len > 6 && strcmp(base + len - 6, ".trace") == 0)
		len -= 6;
	snprintf(buf, n, "%.*s%s", (int)(len < 200 ? len : 200), base,
	         u->export_kind == 'c' ? ".json"
	         : u->export_kind == 's' ? ".speedscope.json" : ".folded");
}

static void ui_export_write(struct ui *u)
{
	const struct profile *p = u->is_scoped ? &u->scopes[u->scope] : &u->all;
	struct export_opts eo = {u->tbl.clock, 0, 0};
	FILE *out = fopen(u->prompt.text, "w");
	char msg[sizeof u->msg];
	if (!out) {
		snprintf(msg, sizeof msg, "cannot write %s", u->prompt.text);
		ui_say(u, msg);
		return;
	}
	enum tv_status st = u->export_kind == 'c'   ? export_chrome(out, p, &eo)
	                    : u->export_kind == 's' ? export_speedscope(out, p, &eo)
	                                            : export_folded(out, p, &eo);
	if (fclose(out) != 0)
		st = TV_ERR_OUTPUT;
	snprintf(msg, sizeof msg, st == TV_OK ? "wrote %s" : "failed writing %s", u->prompt.text);
	ui_say(u, msg);
}

static void ui_export_key(struct ui *u, int ch)
{
	struct stat st;
	char name[256];
	if (u->mode == MODE_EXPORT_KIND) {
		if (ch != 'f' && ch != 'c' && ch != 's') {
			u->mode = MODE_KEYS;
			return;
		}
		u->export_kind = ch;
		ui_export_default(u, name, sizeof name);
		prompt_set(&u->prompt, name);
		u->mode = MODE_EXPORT_NAME;
		return;
	}
	if (u->mode == MODE_EXPORT_CONFIRM) {
		u->mode = MODE_KEYS;
		if (ch == 'y' || ch == 'Y')
			ui_export_write(u);
		else
			ui_say(u, "not exported");
		return;
	}
	switch (prompt_key(&u->prompt, ch)) {
	case PROMPT_CANCEL: u->mode = MODE_KEYS; break;
	case PROMPT_ACCEPT:
		if (!u->prompt.text[0]) {
			u->mode = MODE_KEYS;
		} else if (stat(u->prompt.text, &st) == 0) {
			u->mode = MODE_EXPORT_CONFIRM;  /* never overwrite without asking */
		} else {
			u->mode = MODE_KEYS;
			ui_export_write(u);
		}
		break;
	default: break;
	}
}

/* ------------------------------------------------------------ dispatch */

static void ui_split(struct ui *u, int delta)
{
	u->split += delta;
	ui_layout(u);
}

static int ui_table_action(struct ui *u, enum action a)
{
	int page = u->tbl.height > 1 ? u->tbl.height - 1 : 1;
	switch (a) {
	case ACT_UP: table_move(&u->tbl, -1); break;
	case ACT_DOWN: table_move(&u->tbl, 1); break;
	case ACT_PGUP: table_move(&u->tbl, -page); break;
	case ACT_PGDN: table_move(&u->tbl, page); break;
	case ACT_TOP: table_move(&u->tbl, -(int64_t)u->tbl.nrows); break;
	case ACT_BOTTOM: table_move(&u->tbl, (int64_t)u->tbl.nrows); break;
	case ACT_JUMP: {
		uint32_t m = table_jump_target(&u->tbl);
		if (m == TABLE_NO_JUMP)
			ui_say(u, "Enter jumps from a parent or child row");
		else
			ui_jump(u, m);
		break;
	}
	case ACT_BACK: ui_back(u, -1); break;
	case ACT_FORWARD: ui_back(u, 1); break;
	case ACT_SORT_PREV: case ACT_SORT_NEXT:
		table_sort(&u->tbl, table_sort_step(&u->tbl, a == ACT_SORT_NEXT ? 1 : -1, u->cols),
		           u->tbl.reverse);
		break;
	case ACT_SORT_REVERSE: table_sort(&u->tbl, u->tbl.sort, !u->tbl.reverse); break;
	default: return 0;
	}
	return 1;
}

static int ui_timeline_action(struct ui *u, enum action a)
{
	switch (a) {
	case ACT_PAN_LEFT: tlview_pan(&u->tlv, -1); break;
	case ACT_PAN_RIGHT: tlview_pan(&u->tlv, 1); break;
	case ACT_ZOOM_IN: tlview_zoom(&u->tlv, 1); break;
	case ACT_ZOOM_OUT: tlview_zoom(&u->tlv, -1); break;
	case ACT_FIT_ALL: tlview_fit_all(&u->tlv); break;
	case ACT_FIT_CALL:
		if (tlview_fit_call(&u->tlv) < 0)
			ui_say(u, "no call under the cursor");
		break;
	case ACT_THREAD_UP: tlview_thread_move(&u->tlv, -1); break;
	case ACT_THREAD_DOWN: tlview_thread_move(&u->tlv, 1); break;
	case ACT_CURSOR_LEFT: tlview_nudge(&u->tlv, -1); break;
	case ACT_CURSOR_RIGHT: tlview_nudge(&u->tlv, 1); break;
	case ACT_NEXT_CALL: case ACT_PREV_CALL:
		if (tlview_step_call(&u->tlv, u->tbl.sel, a == ACT_NEXT_CALL ? 1 : -1) < 0)
			ui_say(u, a == ACT_NEXT_CALL ? "no later call of the selected method"
			                             : "no earlier call of the selected method");
		break;
	case ACT_PICK: {
		uint32_t m = tlview_method_at_cursor(&u->tlv);
		if (m == TL_NONE)
			ui_say(u, "no call under the cursor");
		else
			ui_jump(u, m);
		break;
	}
	default: return 0;
	}
	return 1;
}

static int ui_global_action(struct ui *u, enum action a)
{
	switch (a) {
	case ACT_QUIT: return 1;
	case ACT_HELP: u->overlay = OVERLAY_HELP; break;
	case ACT_WARNINGS: u->overlay = OVERLAY_WARNINGS; break;
	case ACT_FOCUS: u->focus = u->focus == FOCUS_TABLE ? FOCUS_TIMELINE : FOCUS_TABLE; break;
	case ACT_SCOPE: ui_scope(u); break;
	case ACT_CLOCK: ui_clock(u); break;
	case ACT_FIND:
		u->mode = MODE_FIND;
		prompt_set(&u->prompt, "");
		u->find_saved = u->tbl.sel;
		break;
	case ACT_EXPORT: u->mode = MODE_EXPORT_KIND; break;
	case ACT_FIND_NEXT: case ACT_FIND_PREV:
		if (!u->query[0])
			ui_say(u, "no search yet: press / first");
		else if (ui_find_step(u, u->tbl.sel, a == ACT_FIND_NEXT ? 1 : -1, 0) < 0)
			ui_say(u, "no match");
		break;
	case ACT_SPLIT_UP: ui_split(u, -2); break;
	case ACT_SPLIT_DOWN: ui_split(u, 2); break;
	default: break;
	}
	return 0;
}

/* A mouse event: clicks select, the wheel scrolls the table and zooms the
 * timeline. */
static void ui_mouse(struct ui *u)
{
	MEVENT ev;
	if (getmouse(&ev) != OK || !u->tlw || !u->tbw)
		return;
	int in_tl = wenclose(u->tlw, ev.y, ev.x), in_tb = wenclose(u->tbw, ev.y, ev.x);
	int wheel_up = (ev.bstate & BUTTON4_PRESSED) != 0;
#ifdef BUTTON5_PRESSED
	int wheel_down = (ev.bstate & BUTTON5_PRESSED) != 0;
#else
	int wheel_down = 0;
#endif
	int y = ev.y, x = ev.x;
	if (in_tl) {
		wmouse_trafo(u->tlw, &y, &x, FALSE);
		u->focus = FOCUS_TIMELINE;
		if (wheel_up || wheel_down)
			tlview_zoom(&u->tlv, wheel_up ? 1 : -1);
		else
			tlview_click(&u->tlv, y, x);
	} else if (in_tb) {
		wmouse_trafo(u->tbw, &y, &x, FALSE);
		u->focus = FOCUS_TABLE;
		if (wheel_up || wheel_down)
			table_move(&u->tbl, wheel_up ? -3 : 3);
		else if (y >= 1)
			table_click(&u->tbl, u->tbl.top + (uint32_t)(y - 1));
	}
}

int ui_key(struct ui *u, int ch)
{
	u->msg[0] = '\0';
	if (ch == KEY_RESIZE) {
		ui_layout(u);
		return 0;
	}
	if (u->overlay != OVERLAY_NONE) {
		u->overlay = OVERLAY_NONE;
		return ch == 'q';
	}
	if (u->mode == MODE_FIND) {
		ui_find_key(u, ch);
		return 0;
	}
	if (u->mode != MODE_KEYS) {
		ui_export_key(u, ch);
		return 0;
	}
	if (ch == KEY_MOUSE) {
		ui_mouse(u);
		return 0;
	}
	enum action a = keymap_lookup(ch, u->focus == FOCUS_TABLE ? 'T' : 'L');
	if (u->focus == FOCUS_TABLE ? ui_table_action(u, a) : ui_timeline_action(u, a))
		return 0;
	return ui_global_action(u, a);
}

/* ------------------------------------------------------------ drawing */

static void ui_fill_line(WINDOW *w, int y, const char *s, attr_t a, int ascii)
{
	char fit[1200];
	int cols = getmaxx(w);
	int used = text_fit(s, cols, ascii, fit, sizeof fit);
	text_pad(fit, sizeof fit, used, cols);
	wattrset(w, a);
	mvwaddstr(w, y, 0, fit);
	wattrset(w, A_NORMAL);
}

static void ui_draw_header(struct ui *u)
{
	char line[1200], file[600], dur[48], scope[64];
	const char *base = strrchr(u->path, '/');
	base = base && base[1] ? base + 1 : u->path;
	text_escape(base, strlen(base), u->ascii, file, sizeof file);
	numfmt_duration(dur, sizeof dur, u->tl.end - u->tl.begin, 0);
	if (u->is_scoped)
		snprintf(scope, sizeof scope, "thread %lu", (unsigned long)u->scopes[u->scope].tid);
	else
		snprintf(scope, sizeof scope, "all threads");
	size_t vlen = 0;
	const char *vm = trace_option(u->tr, "vm", &vlen);
	char vmb[64];
	text_escape(vm ? vm : "?", vm ? vlen : 1, 1, vmb, sizeof vmb);
	const char *sep = u->ascii ? " | " : " \xE2\x94\x82 ";
	size_t kinds = tv_warnings_kinds(&u->tr->warnings);
	char warn[64] = "";
	if (kinds)
		snprintf(warn, sizeof warn, "%s%s%zu warning%s (W)", sep,
		         u->ascii ? "! " : "\xE2\x9A\xA0 ", kinds, kinds == 1 ? "" : "s");
	/* Most important first: a narrow terminal cuts from the right. */
	snprintf(line, sizeof line, " %s%s%s%s%s%s%s%u threads%svm %s%sclock %s", file, warn,
	         sep, scope, sep, dur, sep, u->tlv.nthreads, sep, vmb, sep,
	         trace_clock_name(u->tr->clock));
	ui_fill_line(u->hdr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}

static void ui_draw_prompt(const struct ui *u, char *line, size_t n)
{
	char q[300];
	text_escape(u->prompt.text, u->prompt.len, u->ascii, q, sizeof q);
	switch (u->mode) {
	case MODE_FIND:
		snprintf(line, n, " /%s   %s   Enter keep  Esc cancel", q, u->msg);
		break;
	case MODE_EXPORT_KIND:
		snprintf(line, n, " export the %s view as: f folded stacks  c Trace Event JSON"
		         "  s speedscope  (other keys cancel)", u->is_scoped ? "thread's" : "whole");
		break;
	case MODE_EXPORT_NAME:
		snprintf(line, n, " write %s to: %s   Enter write  Esc cancel",
		         u->export_kind == 'c'   ? "Trace Event JSON"
		         : u->export_kind == 's' ? "speedscope JSON" : "folded stacks", q);
		break;
	case MODE_EXPORT_CONFIRM:
		snprintf(line, n, " %s exists: overwrite it? y/n", q);
		break;
	case MODE_KEYS: line[0] = '\0'; break;
	}
}

static void ui_draw_footer(struct ui *u)
{
	char line[1000];
	const char *keys;
	if (u->mode != MODE_KEYS) {
		ui_draw_prompt(u, line, sizeof line);
		ui_fill_line(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
		return;
	}
	if (u->focus == FOCUS_TABLE)
		keys = u->ascii ? "Up/Down move  Enter jump  [ back  ] fwd  < > sort  I reverse  c clock"
		                : "\xE2\x86\x91\xE2\x86\x93 move  Enter jump  [ back  ] fwd  < > sort  I reverse  c clock";
	else
		keys = u->ascii ? "Left/Right pan  w/s zoom  0 fit  f fit call  Up/Down thread  . , calls  Enter pick"
		                : "\xE2\x86\x90\xE2\x86\x92 pan  w/s zoom  0 fit  f fit call  \xE2\x86\x91\xE2\x86\x93 thread  . , calls  Enter pick";
	/* Messages first, then the keys: a narrow terminal cuts the end. */
	snprintf(line, sizeof line, " %s%s? help  q quit  Tab %s  / find  t scope  e export  %s",
	         u->msg[0] ? u->msg : "", u->msg[0] ? "  |  " : "",
	         u->focus == FOCUS_TABLE ? "timeline" : "table", keys);
	ui_fill_line(u->ftr, 0, line, u->color.role[ROLE_HEADER], u->ascii);
}

/* A centred box listing lines; drawn over the panes until a key. */
static void ui_draw_box(struct ui *u, const char *title, char **lines, int n)
{
	int w = u->cols - 8, h = n + 4;
	if (h > u->lines - 2)
		h = u->lines - 2;
	WINDOW *b = newwin(h, w, (u->lines - h) / 2, 4);
	if (!b)
		return;
	wattrset(b, A_NORMAL);
	werase(b);
	if (u->ascii)
		wborder(b, '|', '|', '-', '-', '+', '+', '+', '+');
	else
		box(b, 0, 0);
	wattrset(b, A_BOLD);
	mvwaddstr(b, 0, 2, title);
	wattrset(b, A_NORMAL);
	for (int i = 0; i < n && i < h - 4; i++) {
		char fit[600];
		text_fit(lines[i], w - 4, u->ascii, fit, sizeof fit);
		mvwaddstr(b, 2 + i, 2, fit);
	}
	wnoutrefresh(b);
	delwin(b);
}

static void ui_draw_help(struct ui *u)
{
	unsigned n;
	const struct action_info *a = actions_table(&n);
	char **lines = calloc(n + 3, sizeof *lines);
	int k = 0;
	if (!lines)
		return;
	for (unsigned i = 0; i < n; i++) {
		const char *where = a[i].scope == 'T' ? "table" : a[i].scope == 'L' ? "timeline" : "";
		lines[k] = malloc(300);
		if (lines[k])
			snprintf(lines[k++], 300, "%-14s %-9s %s", a[i].keys, where, a[i].help);
	}
	ui_draw_box(u, " Keys (any key closes) ", lines, k);
	for (int i = 0; i < k; i++)
		free(lines[i]);
	free(lines);
}

static void ui_draw_warnings(struct ui *u)
{
	char *lines[TV_WARN_COUNT + 1];
	int k = 0;
	for (int i = 0; i < TV_WARN_COUNT; i++) {
		if (!u->tr->warnings.count[i])
			continue;
		lines[k] = malloc(400);
		if (lines[k])
			tv_warnings_format(&u->tr->warnings, i, lines[k++], 400);
	}
	char none[] = "none: the trace read cleanly";
	if (!k)
		lines[k++] = none;
	ui_draw_box(u, " Warnings (any key closes) ", lines, k);
	for (int i = 0; i < k; i++)
		if (lines[i] != none)
			free(lines[i]);
}

void ui_draw(struct ui *u)
{
	if (!u->hdr) {
		char msg[128];
		erase();
		snprintf(msg, sizeof msg, "traceview needs at least %dx%d (this is %dx%d)", UI_MIN_COLS,
		         UI_MIN_LINES, u->cols, u->lines);
		mvaddnstr(0, 0, msg, u->cols > 0 ? u->cols : 1);
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	wnoutrefresh(stdscr);  /* a resize touches stdscr: flush it, or getch() blanks the panes */
	ui_draw_header(u);
	tlview_draw(&u->tlv, u->tlw, &u->color, u->ascii, u->focus == FOCUS_TIMELINE, u->tbl.sel);
	table_draw(&u->tbl, u->tbw, &u->color, u->ascii, u->focus == FOCUS_TABLE);
	ui_draw_footer(u);
	wnoutrefresh(u->hdr);
	wnoutrefresh(u->tlw);
	wnoutrefresh(u->tbw);
	wnoutrefresh(u->ftr);
	if (u->overlay == OVERLAY_HELP)
		ui_draw_help(u);
	else if (u->overlay == OVERLAY_WARNINGS)
		ui_draw_warnings(u);
	doupdate();
}

/* ------------------------------------------------------------ terminal */

static void ui_signals(void (*handler)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Curses on the terminal, with our signal handlers in first so curses
 * leaves the signals to us and the loop restores the terminal itself.
 * Returns 0, or UI_NO_TERMINAL when the terminal cannot do it. */
static int ui_term_start(void)
{
	ui_signals(ui_on_signal);
	if (!newterm(NULL, stdout, stdin)) {
		ui_signals(SIG_DFL);
		return UI_NO_TERMINAL;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(100);
	curs_set(0);
	timeout(250);
	mousemask(BUTTON1_PRESSED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
	          | BUTTON5_PRESSED
#endif
	          , NULL);
	mouseinterval(0);
	/* getch() refreshes stdscr when it has changes; do it now, before the
	 * panes are drawn over it, not after. */
	refresh();
	return 0;
}

static void ui_term_stop(void)
{
	endwin();
	ui_signals(SIG_DFL);
}

/* A fatal error once curses runs: give the terminal back first, so the
 * message lands on a sane screen. */
static int ui_fatal(const char *path)
{
	ui_term_stop();
	fprintf(stderr, "traceview: %s: out of memory\n", path);
	return 2;
}

/* Keys until a view says quit or a signal arrives; the exit status. */
static int ui_loop(void *view, int (*key)(void *, int), void (*draw)(void *),
                   void (*idle)(void *))
{
	draw(view);
	for (;;) {
		int ch = getch();
		if (ui_signal)
			return ui_signal == SIGINT ? 0 : 128 + ui_signal;
		if (ch == ERR) {
			if (idle)
				idle(view);
			continue;
		}
		if (key(view, ch))
			return 0;
		draw(view);
	}
}

static int ui_key_cb(void *v, int ch)
{
	return ui_key(v, ch);
}

static void ui_draw_cb(void *v)
{
	ui_draw(v);
}

static void ui_idle_cb(void *v)
{
	ui_idle(v);
}

int ui_run(const char *path, struct trace *tr, const struct ui_opts *o)
{
	if (ui_term_start())
		return UI_NO_TERMINAL;
	/* The tests fail this allocation on purpose to check that a fatal
	 * error gives the terminal back (see ui.h). */
	struct ui *u = getenv("TRACEVIEW_TEST_UI_OOM") ? NULL : ui_new(path, tr, o);
	if (!u)
		return ui_fatal(path);
	int status = ui_loop(u, ui_key_cb, ui_draw_cb, ui_idle_cb);
	ui_free(u);
	ui_term_stop();
	return status;
}

static int ui_diff_key_cb(void *v, int ch)
{
	return diffview_key(v, ch);
}

static void ui_diff_draw_cb(void *v)
{
	diffview_draw(v);
}

int ui_run_diff(const char *base, const char *next, const struct diff *d,
                const struct ui_opts *o)
{
	if (ui_term_start())
		return UI_NO_TERMINAL;
	const char *cs = nl_langinfo(CODESET);
	int ascii = o->ascii || !cs || strcmp(cs, "UTF-8") != 0;
	struct diffview *v = diffview_new(base, next, d, o->color, ascii);
	if (!v)
		return ui_fatal(next);
	int status = ui_loop(v, ui_diff_key_cb, ui_diff_draw_cb, NULL);
	diffview_free(v);
	ui_term_stop();
	return status;
}
