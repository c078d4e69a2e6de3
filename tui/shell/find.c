/* find.c: find and filter (see find.h). */
#include "shell/find.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/history.h"
#include "shell/shell.h"

static int find_has_upper(const char *s)
{
	for (; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			return 1;
	return 0;
}

static int find_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int find_contains(const char *hay, const char *needle, int fold)
{
	size_t n = strlen(needle);
	for (; *hay; hay++) {
		size_t i = 0;
		while (i < n && hay[i] &&
		       (fold ? find_lower((unsigned char)hay[i]) == find_lower((unsigned char)needle[i])
		             : hay[i] == needle[i]))
			i++;
		if (i == n)
			return 1;
	}
	return n == 0;
}

/* The list find and filter search: the pane below the timeline when its
 * items are its own (the threads), else the screen's list. */
static struct pane *find_list(struct ui *u)
{
	return u->lower.ops->own_items ? &u->lower : &u->list;
}

/* Whether find steps through a list's items (not a tree's or the flame
 * graph's own find). */
static int find_on_items(const struct ui *u)
{
	return shell_lower_is_list(u) || u->lower.ops->own_items;
}

/* The searched list's item under its cursor. */
static uint32_t find_current(struct ui *u)
{
	const struct pane *l = find_list(u);
	return l->ops->selected(l->self).item;
}

/* Back to the item selected before the find: in the list through the
 * history, in a list of its own directly. */
static void find_restore(struct ui *u)
{
	if (u->lower.ops->own_items)
		u->lower.ops->select(u->lower.self, u->find_saved);
	else
		history_select(u, u->find_saved);
}

/* Does the list's item match text (a find or a filter)? */
static int find_matches_text(struct ui *u, uint32_t item, const char *text)
{
	char name[4200];
	const struct pane *l = find_list(u);
	l->ops->name(l->self, item, name, sizeof name);
	return find_contains(name, text, !find_has_upper(text));
}

static int find_matches(struct ui *u, uint32_t item)
{
	return find_matches_text(u, item, u->query);
}

static int find_match_cb(void *env, uint32_t method)
{
	return find_matches(env, method);
}

/* "match 3/14": the selection's place among the matches in list order. */
static void find_count(struct ui *u)
{
	if (!find_on_items(u))
		return;  /* a tree's rows are not one per method */
	const struct pane *l = find_list(u);
	uint32_t n = l->ops->count(l->self), sel = find_current(u), total = 0, at = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t it = l->ops->item(l->self, i);
		if (find_matches(u, it)) {
			total++;
			if (it == sel)
				at = total;
		}
	}
	if (at)
		snprintf(u->msg, sizeof u->msg, "match %u/%u", at, total);
}

/* Select the next match in list order after (dir > 0) or before item
 * 'from' (or from the top when from is none). */
static int find_step(struct ui *u, uint32_t from, int dir, int include_from)
{
	const struct pane *l = find_list(u);
	if (!u->query[0])
		return -1;
	if (!find_on_items(u) && u->lower.ops->find)
		return u->lower.ops->find(u->lower.self, find_match_cb, u, dir, include_from);
	int64_t n = l->ops->count(l->self);
	if (n < 1)
		return -1;
	int64_t start = -1;
	for (int64_t i = 0; i < n && from != PANE_NONE; i++)
		if (l->ops->item(l->self, (uint32_t)i) == from)
			start = i;
	for (int64_t k = include_from ? 0 : 1; k <= n; k++) {
		int64_t pos = start < 0 ? (dir > 0 ? k : n - k) : start + dir * k;
		pos = (pos % n + n) % n;
		uint32_t it = l->ops->item(l->self, (uint32_t)pos);
		if (find_matches(u, it)) {
			l->ops->select(l->self, it);
			return 0;
		}
	}
	return -1;
}

static void find_update(struct ui *u)
{
	u->msg[0] = '\0';
	snprintf(u->query, sizeof u->query, "%s", u->prompt.text);
	if (!u->query[0]) {
		find_restore(u);
		return;
	}
	if (find_step(u, PANE_NONE, 1, 1) < 0)
		shell_say(u, "no match");
	else
		find_count(u);
}

/* Keep only the list's items whose name matches text, of all of them
 * (*all): how many are kept; 0 when none matched (the list then shows
 * all), -1 when memory ran out. */
static int64_t find_apply(struct ui *u, const char *text, uint32_t *all)
{
	const struct pane *l = find_list(u);
	l->ops->filter(l->self, NULL, 0);  /* a filter starts from all */
	/* Items are ids below the largest one in the list. */
	uint32_t n = l->ops->count(l->self), most = 0, kept = 0;
	*all = n;
	for (uint32_t i = 0; i < n; i++)
		if (l->ops->item(l->self, i) > most)
			most = l->ops->item(l->self, i);
	uint8_t *keep = calloc((size_t)most + 2, 1);
	if (!keep)
		return -1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t it = l->ops->item(l->self, i);
		if (find_matches_text(u, it, text)) {
			keep[it] = 1;
			kept++;
		}
	}
	int failed = kept && l->ops->filter(l->self, keep, (size_t)most + 1) < 0;
	free(keep);
	return failed ? -1 : (int64_t)kept;
}

/* &'s Enter in a list of its own items: the pane keeps and shows its
 * filter (the header's is the table's). */
static void find_filter_own(struct ui *u)
{
	const struct pane *l = &u->lower;
	uint32_t all;
	snprintf(u->query, sizeof u->query, "%s", u->prompt.text);
	if (!u->query[0]) {
		l->ops->filter(l->self, NULL, 0);
		snprintf(u->msg, sizeof u->msg, "filter cleared: every one of the %s shows",
		         l->ops->own_items);
		return;
	}
	int64_t kept = find_apply(u, u->query, &all);
	if (kept > 0)
		snprintf(u->msg, sizeof u->msg, "filter: %lld of %u %s match", (long long)kept, all,
		         l->ops->own_items);
	else
		shell_say(u, kept < 0 ? "out of memory: the filter is off"
		                      : "no match: every one shows");
}

/* &'s Enter: keep only the matching items (an empty query: all again).
 * The filter in force (u->filter) shows in the header until it is
 * cleared; a query that matches nothing leaves it as it was. */
static void find_filter(struct ui *u)
{
	uint32_t all;
	if (u->lower.ops->own_items && u->lower.ops->filter) {
		find_filter_own(u);
		return;
	}
	if (!u->list.ops->filter || !shell_lower_is_list(u)) {
		shell_say(u, shell_lower_is_list(u) ? "this list cannot be filtered"
		                                    : "& filters the table: press 1 first");
		return;
	}
	snprintf(u->query, sizeof u->query, "%s", u->prompt.text);
	if (!u->query[0]) {
		u->list.ops->filter(u->list.self, NULL, 0);
		if (u->filter[0])
			shell_say(u, "filter cleared: every method shows");
		u->filter[0] = '\0';
		return;
	}
	int64_t kept = find_apply(u, u->query, &all);
	if (kept > 0) {
		snprintf(u->filter, sizeof u->filter, "%s", u->query);
		snprintf(u->msg, sizeof u->msg, "filter: %lld of %u methods match",
		         (long long)kept, all);
		return;
	}
	if (u->filter[0] && find_apply(u, u->filter, &all) <= 0)
		u->filter[0] = '\0';
	shell_say(u, kept < 0 ? "out of memory: the filter is off"
	             : u->filter[0] ? "no match: the filter in force stays"
	                            : "no match: the list is unchanged");
	if (kept < 0)
		u->filter[0] = '\0';
}

void find_refilter(struct ui *u)
{
	uint32_t all;
	if (!u->filter[0] || !u->list.ops->filter)
		return;
	if (find_apply(u, u->filter, &all) <= 0) {
		u->filter[0] = '\0';
		shell_say(u, "the filter matches nothing now: every method shows");
	}
}

void find_key(struct ui *u, enum action a, int ch)
{
	switch (prompt_act(&u->prompt, a, ch)) {
	case PROMPT_CANCEL:
		if (u->mode == MODE_FIND) {
			u->query[0] = '\0';
			find_restore(u);
		}
		u->mode = MODE_KEYS;
		u->msg[0] = '\0';
		break;
	case PROMPT_ACCEPT:
		if (u->mode == MODE_FILTER) {
			u->mode = MODE_KEYS;
			find_filter(u);
			break;
		}
		u->mode = MODE_KEYS;
		if (u->lower.ops->own_items) {
			/* Its own items: the match stays, no method history. */
		} else if (!shell_lower_is_list(u)) {
			/* The pane moved to the match: keep it, remember the start. */
			shell_sync_lower(u);
			if (shell_selected(u) != u->find_saved)
				history_push(u, u->find_saved);
		} else if (shell_selected(u) != u->find_saved) {
			uint32_t found = shell_selected(u);
			u->list.ops->select(u->list.self, u->find_saved);
			history_jump(u, found);
		}
		if (u->query[0])
			find_count(u);
		break;
	case PROMPT_CHANGED:
		if (u->mode == MODE_FIND)
			find_update(u);
		break;
	case PROMPT_EDITING: break;
	}
}

void find_start(struct ui *u, enum action a)
{
	u->mode = a == ACT_FIND ? MODE_FIND : MODE_FILTER;
	prompt_set(&u->prompt, "");
	u->find_saved = find_current(u);
}

void find_next(struct ui *u, enum action a)
{
	int r;
	if (!u->query[0])
		shell_say(u, "no search yet: press / first");
	else if ((r = find_step(u, find_current(u), a == ACT_FIND_NEXT ? 1 : -1, 0)) < 0)
		shell_say(u, "no match");
	else if (r > 0)
		shell_say(u, a == ACT_FIND_NEXT ? "search wrapped to the top"
		                                : "search wrapped to the bottom");
	else
		find_count(u);
}
