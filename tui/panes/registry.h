/* registry.h: every pane of the UI, one row each (as tig's view table
 * and htop's panel vector), and the panes of one screen made from them.
 *
 * A row says where its pane goes on which screen, the key that shows it,
 * its --view name, the word Tab says for it, and how it is made and
 * freed. The shell and --view walk the rows and name no pane: a new pane
 * is its file, its row here and its lines in the action table
 * (actions.h). Rows are in the order of the pane keys (1-5, J, 6, 7), so
 * --view's panes are the trace screen's rows with a view name, in that
 * order; the diff screen's are found by name (--diff --view).
 *
 * A set owns the panes it made (registry_free()).
 */
#ifndef TV_REGISTRY_H
#define TV_REGISTRY_H

#include <stddef.h>

#include "keys/actions.h"
#include "panes/pane.h"

enum registry_place {
	REGISTRY_LIST,       /* the screen's list: the selection and history;
	                      * below the timeline at first */
	REGISTRY_LOWER,      /* below the timeline when its key is pressed */
	REGISTRY_TIMELINE,   /* at the top of a trace's screen */
	REGISTRY_OVERLAY,    /* over the whole body when its key is pressed */
};

/* The screens (bits): a trace's, with a session, and --diff's. */
enum registry_screen { REGISTRY_TRACE = 1, REGISTRY_DIFF = 2 };

struct registry_row {
	enum registry_place place;
	unsigned screens;
	enum action key;         /* what shows it; ACT_NONE: always shown */
	const char *view;        /* --view and `:`'s name; NULL: none */
	const char *tab;         /* what Tab names it below the timeline */
	const char *export;      /* e's "t" for its rows ("the tree's rows"), and */
	const char *export_ext;  /* the file name's end; NULL: no such export */
	struct pane (*make)(const struct pane_env *env, int variant);
	int variant;
	void (*destroy)(void *self);
	unsigned view_opts;      /* enum registry_view_opt: what --view reads */
};

/* What a pane's --view reads beyond the options every pane takes. */
enum registry_view_opt {
	REGISTRY_VIEW_SORT = 1,      /* --sort */
	REGISTRY_VIEW_FRAME = 2,     /* --frame */
	REGISTRY_VIEW_WAITS = 4,     /* --min-wait */
};

#define REGISTRY_MAX 16

/* The rows, *n of them. */
const struct registry_row *registry_rows(size_t *n);

/* The panes of one screen: pane[i] made from row i (ops NULL for the
 * rows of other screens). */
struct registry_set {
	struct pane pane[REGISTRY_MAX];
	size_t n;
};

/* Every pane of screen (REGISTRY_TRACE: env->s; REGISTRY_DIFF: env->d).
 * 0, or -1 when out of memory (nothing left made). */
int registry_make(struct registry_set *set, enum registry_screen screen,
                  const struct pane_env *env);
void registry_free(struct registry_set *set);

/* The row of the pane whose state is self, the first row of a place
 * made in the set, the row key shows, the n-th (from 1) view; -1 for
 * none. */
int registry_row_of(const struct registry_set *set, const void *self);
int registry_first(const struct registry_set *set, enum registry_place place);
int registry_key(const struct registry_set *set, enum action key);
int registry_view(int n);
/* The row of screen's pane whose --view name is name; -1 for none. */
int registry_view_on(enum registry_screen screen, const char *name);
/* The n-th (from 1) view's name and what it reads; NULL and 0 past the
 * last. */
const char *registry_view_name(int n);
unsigned registry_view_opts(int n);

/* Every pane of the set lets go of what the session is about to free
 * (enum session_drop bits), or starts again on the session's new trace
 * (0, or -1 when one could not: out of memory). */
void registry_release(struct registry_set *set, unsigned what);
int registry_rebind(struct registry_set *set, const struct session *s);

/* Polls every pane of the set but the overlays (they are polled while
 * they show); 1 when one changed. */
int registry_poll(struct registry_set *set);

/* The lower pane follows the session (its retarget op, given the list's
 * selection), then the list takes the lower pane's selection (unless its
 * items are its own: pane.h); nothing when they are one. */
void registry_follow(struct pane list, struct pane lower, const struct session *s);

#endif
