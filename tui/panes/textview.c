/* textview.c: a scrolling text pane (see textview.h). */
#include "panes/textview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "base/grow.h"
#include "draw/text.h"
#include "model/trace.h"
#include "session/session.h"

#define TEXTVIEW_KEY_W 16

void textview_init(struct textview *v, const char *title)
{
	memset(v, 0, sizeof *v);
	snprintf(v->title, sizeof v->title, "%s", title);
}

static void textview_free_lines(struct textview *v)
{
	for (size_t i = 0; i < v->nlines; i++)
		free(v->lines[i]);
	free(v->lines);
	v->lines = NULL;
	v->nlines = v->lines_cap = 0;
	v->width = 0;
}

void textview_free(struct textview *v)
{
	textview_free_lines(v);
	for (size_t i = 0; i < v->nsrc; i++) {
		free(v->src[i]);
		free(v->key[i]);
	}
	free(v->src);
	free(v->key);
	v->src = v->key = NULL;
	v->nsrc = v->src_cap = v->key_cap = 0;
}

int textview_add(struct textview *v, const char *key, const char *text)
{
	if (grow_push((void **)&v->src, &v->src_cap, v->nsrc, sizeof *v->src) < 0 ||
	    grow_push((void **)&v->key, &v->key_cap, v->nsrc, sizeof *v->key) < 0)
		return -1;
	v->src[v->nsrc] = strdup(text);
	v->key[v->nsrc] = key ? strdup(key) : NULL;
	if (!v->src[v->nsrc] || (key && !v->key[v->nsrc])) {
		free(v->src[v->nsrc]);
		free(v->key[v->nsrc]);
		return -1;
	}
	v->nsrc++;
	textview_free_lines(v);
	return 0;
}

int textview_help(struct textview *v)
{
	unsigned n;
	const struct action_info *a = actions_table(&n);
	textview_init(v, "Keys");
	for (unsigned s = 0; s < actions_nsections(); s++) {
		unsigned panes;
		const char *title = actions_section(s, &panes);
		if ((s && textview_add(v, NULL, "") < 0) || textview_add(v, NULL, title) < 0)
			return -1;
		for (unsigned i = 0; i < n; i++)
			if (a[i].panes == panes && textview_add(v, a[i].keys, a[i].help) < 0)
				return -1;
	}
	return 0;
}

static int textview_push(struct textview *v, const char *s)
{
	if (grow_push((void **)&v->lines, &v->lines_cap, v->nlines, sizeof *v->lines) < 0)
		return -1;
	v->lines[v->nlines] = strdup(s);
	if (!v->lines[v->nlines])
		return -1;
	v->nlines++;
	return 0;
}

/* Wrap text at blanks into lines of at most w columns, each after the
 * lead (the key column, or blanks under it). */
static int textview_wrap(struct textview *v, const char *lead, int lead_w, const char *text,
                         int w)
{
	char line[1200];
	const char *p = text;
	int first = 1;
	do {
		int room = w - lead_w;
		if (room < 10)
			room = 10;
		size_t take = strlen(p);
		if (text_width(p) > room) {
			/* The last blank within room columns (ASCII text). */
			take = (size_t)room;
			while (take > 0 && p[take] != ' ')
				take--;
			if (!take)
				take = (size_t)room;
		}
		snprintf(line, sizeof line, "%-*s%.*s", lead_w, first ? lead : "", (int)take, p);
		if (textview_push(v, line) < 0)
			return -1;
		p += take;
		while (*p == ' ')
			p++;
		first = 0;
	} while (*p);
	return 0;
}

static int textview_layout(struct textview *v, int w)
{
	if (v->width == w && v->lines)
		return 0;
	textview_free_lines(v);
	for (size_t i = 0; i < v->nsrc; i++) {
		char lead[64];
		int lw = 0;
		if (v->key[i]) {
			snprintf(lead, sizeof lead, "  %s", v->key[i]);
			lw = TEXTVIEW_KEY_W;
			if ((int)strlen(lead) >= lw)
				lw = (int)strlen(lead) + 1;
		}
		if (textview_wrap(v, v->key[i] ? lead : "", lw, v->src[i], w - 1) < 0)
			return -1;
	}
	v->width = w;
	return 0;
}

static void textview_clamp(struct textview *v)
{
	uint32_t most = v->nlines > (size_t)v->height ? (uint32_t)(v->nlines - (size_t)v->height) : 0;
	if (v->top > most)
		v->top = most;
}

static void textview_draw(void *self, WINDOW *win, const struct pane_ctx *ctx)
{
	struct textview *v = self;
	int h, w;
	char title[256];
	getmaxyx(win, h, w);
	if (textview_layout(v, w) < 0)
		return;
	v->height = h - 1 > 0 ? h - 1 : 1;
	textview_clamp(v);
	size_t last = v->top + (size_t)v->height;
	if (last > v->nlines)
		last = v->nlines;
	snprintf(title, sizeof title, " %s  (lines %u%s%zu of %zu; j/k PgUp/PgDn g/G scroll; q ? Esc close)",
	         v->title, v->nlines ? v->top + 1 : 0, draw_sym(SYM_DASH, ctx->ascii), last,
	         v->nlines);
	draw_row(win, 0, title, ctx->color->role[ROLE_TITLE], ctx->ascii);
	for (int y = 0; y < v->height; y++) {
		size_t i = v->top + (size_t)y;
		draw_row(win, y + 1, i < v->nlines ? v->lines[i] : "", A_NORMAL, ctx->ascii);
	}
}

static enum pane_res textview_act(void *self, enum action a, const struct pane_ctx *ctx,
                                  struct pane_out *out)
{
	struct textview *v = self;
	int page = v->height > 1 ? v->height - 1 : 1;
	int64_t top = v->top;
	(void)ctx;
	(void)out;
	switch (a) {
	case ACT_UP: top--; break;
	case ACT_DOWN: top++; break;
	case ACT_PGUP: top -= page; break;
	case ACT_PGDN: top += page; break;
	case ACT_TOP: top = 0; break;
	case ACT_BOTTOM: top = (int64_t)v->nlines; break;
	case ACT_CLOSE: return PANE_CLOSE;
	default: return PANE_IGNORED;
	}
	v->top = top < 0 ? 0 : (uint32_t)top;
	textview_clamp(v);
	return PANE_DONE;
}

static struct pane_sel textview_selected(const void *self)
{
	(void)self;
	return (struct pane_sel){PANE_NONE, 0, 0};
}

static size_t textview_footer(const void *self, enum action *out, size_t n)
{
	static const enum action keys[] = {ACT_UP, ACT_DOWN, ACT_PGUP, ACT_PGDN, ACT_CLOSE};
	(void)self;
	return pane_keys(keys, sizeof keys / sizeof *keys, out, n);
}

static void textview_click(void *self, int y, int x, int wheel)
{
	struct textview *v = self;
	(void)y;
	(void)x;
	if (wheel)
		textview_act(v, wheel < 0 ? ACT_UP : ACT_DOWN, NULL, NULL);
}

/* Each kind of damage the trace had, or "none"; then the session's note
 * on the file (an ANR report's other dumps). */
static void textview_warnings(struct textview *v, const struct trace *tr, const char *note)
{
	char line[400];
	textview_free(v);
	textview_init(v, "Warnings");
	v->warnings = 1;
	for (int i = 0; i < TV_WARN_COUNT; i++) {
		if (!tr->warnings.count[i])
			continue;
		tv_warnings_format(&tr->warnings, i, line, sizeof line);
		textview_add(v, NULL, line);
	}
	if (!v->nsrc)
		textview_add(v, NULL, "none: the trace read cleanly");
	if (note) {
		snprintf(line, sizeof line, "note: %s", note);
		textview_add(v, NULL, line);
	}
}

static void textview_open(void *self, const struct session *s, const struct pane_ctx *ctx,
                          struct pane_out *out)
{
	struct textview *v = self;
	(void)ctx;
	(void)out;
	if (v->warnings)
		textview_warnings(v, session_base(s), session_note(s));
	v->top = 0;
}

struct pane textview_pane(struct textview *v)
{
	static const struct pane_ops ops = {
		.kind = PANE_HELP, .draw = textview_draw, .act = textview_act, .selected = textview_selected,
		.footer = textview_footer, .click = textview_click, .open = textview_open,
	};
	return (struct pane){&ops, v};
}

struct pane textview_make(const struct pane_env *env, int warnings)
{
	struct textview *v = calloc(1, sizeof *v);
	if (!v)
		return (struct pane){NULL, NULL};
	if (warnings) {
		textview_init(v, "Warnings");
		v->warnings = 1;
	} else if (textview_help(v) < 0) {
		textview_destroy(v);
		return (struct pane){NULL, NULL};
	}
	(void)env;
	return textview_pane(v);
}

void textview_destroy(void *self)
{
	textview_free(self);
	free(self);
}
