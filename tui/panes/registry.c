/* registry.c: the rows of every pane, and the sets made from them (see
 * registry.h). */
#include "panes/registry.h"

#include <string.h>

#include "panes/callspane.h"
#include "panes/chart.h"
#include "panes/dflame.h"
#include "panes/diffview.h"
#include "panes/dtreepane.h"
#include "panes/flame.h"
#include "panes/legend.h"
#include "panes/table.h"
#include "panes/textview.h"
#include "panes/threadspane.h"
#include "panes/treepane.h"
#include "panes/waitspane.h"

#define TRACE REGISTRY_TRACE
#define BOTH (REGISTRY_TRACE | REGISTRY_DIFF)

static const struct registry_row registry_table_rows[] = {
	{REGISTRY_LIST, TRACE, ACT_PANE_TABLE, "table", "table", NULL, NULL, table_make, 0,
	 table_destroy, 0},
	{REGISTRY_LOWER, TRACE, ACT_PANE_TREE, "tree", "tree", "the tree's rows", ".tree.txt",
	 treepane_make, 0, treepane_destroy, REGISTRY_VIEW_SORT},
	{REGISTRY_LOWER, TRACE, ACT_PANE_BOTTOMUP, "bottom-up", "tree", "the tree's rows",
	 ".tree.txt", treepane_make, 1, treepane_destroy, REGISTRY_VIEW_SORT},
	{REGISTRY_LOWER, TRACE, ACT_PANE_FLAME, "flame", "flame graph", NULL, NULL, flame_make,
	 0, flame_destroy, 0},
	{REGISTRY_LOWER, TRACE, ACT_PANE_CALLS, "calls", "calls", NULL, NULL, callspane_make, 0,
	 callspane_destroy, 0},
	{REGISTRY_LOWER, TRACE, ACT_PANE_JANK, "jank", "jank", NULL, NULL, callspane_make, 1,
	 callspane_destroy, REGISTRY_VIEW_FRAME},
	{REGISTRY_LOWER, TRACE, ACT_PANE_THREADS, "threads", "threads", NULL, NULL, threadspane_make,
	 0, threadspane_destroy, 0},
	{REGISTRY_LOWER, TRACE, ACT_PANE_WAITS, "waits", "waits", NULL, NULL, waitspane_make, 0,
	 waitspane_destroy, REGISTRY_VIEW_WAITS},
	{REGISTRY_TIMELINE, TRACE, ACT_NONE, NULL, "timeline", NULL, NULL, chart_make, 0,
	 chart_destroy, 0},
	{REGISTRY_LIST, REGISTRY_DIFF, ACT_DIFF_TABLE, "table", "diff table", NULL, NULL,
	 diffview_make, 0, diffview_destroy, 0},
	{REGISTRY_LOWER, REGISTRY_DIFF, ACT_DIFF_TREE, "tree", "diff tree", NULL, NULL,
	 dtreepane_make, 0, dtreepane_destroy, 0},
	{REGISTRY_LOWER, REGISTRY_DIFF, ACT_DIFF_FLAME, "flame", "flame graph", NULL, NULL,
	 dflame_make, 0, dflame_destroy, 0},
	{REGISTRY_OVERLAY, BOTH, ACT_HELP, NULL, NULL, NULL, NULL, textview_make, 0,
	 textview_destroy, 0},
	{REGISTRY_OVERLAY, TRACE, ACT_WARNINGS, NULL, NULL, NULL, NULL, textview_make, 1,
	 textview_destroy, 0},
	{REGISTRY_OVERLAY, TRACE, ACT_LEGEND, NULL, NULL, NULL, NULL, legend_make, 0,
	 legend_destroy, 0},
};

#undef TRACE
#undef BOTH

#define REGISTRY_NROWS (sizeof registry_table_rows / sizeof *registry_table_rows)
_Static_assert(REGISTRY_NROWS <= REGISTRY_MAX, "REGISTRY_MAX is too small");

const struct registry_row *registry_rows(size_t *n)
{
	*n = REGISTRY_NROWS;
	return registry_table_rows;
}

int registry_make(struct registry_set *set, enum registry_screen screen,
                  const struct pane_env *env)
{
	memset(set, 0, sizeof *set);
	set->n = REGISTRY_NROWS;
	for (size_t i = 0; i < REGISTRY_NROWS; i++) {
		const struct registry_row *r = &registry_table_rows[i];
		if (!(r->screens & screen))
			continue;
		set->pane[i] = r->make(env, r->variant);
		if (!set->pane[i].ops) {
			registry_free(set);
			return -1;
		}
	}
	return 0;
}

void registry_free(struct registry_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->pane[i].ops)
			registry_table_rows[i].destroy(set->pane[i].self);
	memset(set, 0, sizeof *set);
}

int registry_row_of(const struct registry_set *set, const void *self)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->pane[i].ops && set->pane[i].self == self)
			return (int)i;
	return -1;
}

int registry_first(const struct registry_set *set, enum registry_place place)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->pane[i].ops && registry_table_rows[i].place == place)
			return (int)i;
	return -1;
}

int registry_key(const struct registry_set *set, enum action key)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->pane[i].ops && key != ACT_NONE && registry_table_rows[i].key == key)
			return (int)i;
	return -1;
}

int registry_view(int n)
{
	for (size_t i = 0; i < REGISTRY_NROWS; i++)
		if (registry_table_rows[i].view && (registry_table_rows[i].screens & REGISTRY_TRACE) &&
		    --n == 0)
			return (int)i;
	return -1;
}

int registry_view_on(enum registry_screen screen, const char *name)
{
	for (size_t i = 0; i < REGISTRY_NROWS; i++) {
		const struct registry_row *r = &registry_table_rows[i];
		if (r->view && (r->screens & screen) && strcmp(r->view, name) == 0)
			return (int)i;
	}
	return -1;
}

const char *registry_view_name(int n)
{
	int i = n > 0 ? registry_view(n) : -1;
	return i < 0 ? NULL : registry_table_rows[i].view;
}

unsigned registry_view_opts(int n)
{
	int i = n > 0 ? registry_view(n) : -1;
	return i < 0 ? 0 : registry_table_rows[i].view_opts;
}

void registry_release(struct registry_set *set, unsigned what)
{
	for (size_t i = 0; i < set->n; i++) {
		struct pane *p = &set->pane[i];
		if (p->ops && p->ops->release)
			p->ops->release(p->self, what);
	}
}

int registry_rebind(struct registry_set *set, const struct session *s)
{
	int rc = 0;
	for (size_t i = 0; i < set->n; i++) {
		struct pane *p = &set->pane[i];
		if (p->ops && p->ops->rebind && p->ops->rebind(p->self, s) < 0)
			rc = -1;
	}
	return rc;
}

int registry_poll(struct registry_set *set)
{
	int changed = 0;
	for (size_t i = 0; i < set->n; i++) {
		struct pane *p = &set->pane[i];
		if (p->ops && p->ops->poll && registry_table_rows[i].place != REGISTRY_OVERLAY)
			changed |= p->ops->poll(p->self);
	}
	return changed;
}

void registry_follow(struct pane list, struct pane lower, const struct session *s)
{
	if (lower.self == list.self)
		return;
	uint32_t sel = list.ops->selected(list.self).item;
	if (lower.ops->retarget)
		lower.ops->retarget(lower.self, s, sel);
	if (lower.ops->own_items)
		return;
	uint32_t m = lower.ops->selected(lower.self).item;
	if (m != PANE_NONE && m != sel)
		list.ops->select(list.self, m);
}
