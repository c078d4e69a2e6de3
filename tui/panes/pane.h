/* pane.h: the contract between the shell and what it shows.
 *
 * A pane draws itself into a window the shell gives it (any rectangle),
 * handles the actions of its scope (actions.h: the key map already turned
 * keys into actions), says what is selected and which actions the footer
 * should offer. A pane never calls back into the shell: it returns a
 * result (a message, a jump to record in the history, a call to show on
 * the timeline, a range to apply, a request to close) and the shell acts
 * on it. List panes also expose their items in order and their names, so
 * the shell's find, filter and history work the same for every list.
 * Panes draw only through draw.h.
 *
 * A pane learns what to show from the session (session.h): it follows
 * the session's trace, scope and clock when the shell asks it to
 * (release, rebind, retarget), and keeps its own order and cursor across
 * them. The shell never reads or writes a pane's fields, and no pane's
 * name appears in it: the panes it shows are the registry's rows
 * (registry.h), and everything it needs of one is an op below (NULL
 * where the pane has nothing to say).
 */
#ifndef TV_PANE_H
#define TV_PANE_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "keys/actions.h"
#include "draw/color.h"

#define PANE_NONE UINT32_MAX

struct diff;
struct session;
struct trace_sel;

/* What a pane is made from (registry.h; each pane's X_make(env, variant),
 * variant telling its kinds apart, 0 for a pane of one kind): the session
 * of a trace's screen, or the diff of the diff screen and the clock its
 * panes share; the trees' --sort (1 + enum pathtree_by, 0: the default;
 * ascending; the clock it was chosen on + 1, 0: the session's); the
 * waits' --min-wait (µs, 0: the default). All borrowed: they outlive
 * the pane. */
struct pane_env {
	const struct session *s;
	const struct diff *d;
	const char *base, *next;     /* the diff's file names */
	int sort, sort_ascending, sort_clock;
	uint64_t min_wait;
	int *clock;                  /* the diff screen's clock (TV_CPU, TV_WALL), which
	                              * its panes share: c in any switches it */
};

/* What the shell tells a pane for drawing and acting. */
struct pane_ctx {
	const struct color *color;
	int ascii;
	int focused;
	uint32_t selected;   /* the list pane's selected item (a method) */
};

enum pane_res {
	PANE_IGNORED,        /* not an action of this pane */
	PANE_DONE,
	PANE_JUMP,           /* select out->target, recorded for Back */
	PANE_CLOSE,          /* the pane asks to be closed */
	PANE_SPAN,           /* show the pane's span (a call) on the timeline */
	PANE_RANGE,          /* apply the pane's span as a range step */
	PANE_SCOPE,          /* scope every pane to the pane's threads (its scope op) */
};

struct pane_out {
	uint32_t target;     /* PANE_JUMP: the item to select */
	char msg[320];       /* a message for the status line, or "" */
};

/* A drag with button 1 over a pane: where it starts, moves to, ends
 * (a release) or stops (cancelled). */
enum pane_drag { PANE_DRAG_START, PANE_DRAG_MOVE, PANE_DRAG_END, PANE_DRAG_STOP };

/* What is selected: an item of the pane's list and, for the timeline,
 * the thread and the call under its cursor. */
struct pane_sel {
	uint32_t item;       /* method or diff row; PANE_NONE */
	uint32_t tid;        /* thread id, when there is one */
	int has_tid;
};

struct pane_ops {
	enum pane_kind kind;
	/* The list ops' items are the pane's own, not the list's methods, and
	 * this names them ("threads"): find and filter search them while it
	 * shows, and the shell never hands it a method to select nor takes
	 * its selection for the list's. NULL: methods, as for every list. */
	const char *own_items;
	void (*draw)(void *self, WINDOW *win, const struct pane_ctx *ctx);
	enum pane_res (*act)(void *self, enum action a, const struct pane_ctx *ctx,
	                     struct pane_out *out);
	struct pane_sel (*selected)(const void *self);
	/* Footer: the actions this pane offers, at most n, in order. */
	size_t (*footer)(const void *self, enum action *out, size_t n);
	/* A click at window row y, column x. */
	void (*click)(void *self, int y, int x, int wheel);
	/* Lists only (NULL otherwise): select an item (0, or -1 when it is not
	 * in the list), the items in display order, an item's full name. */
	int (*select)(void *self, uint32_t item);
	uint32_t (*count)(const void *self);
	uint32_t (*item)(const void *self, uint32_t i);
	void (*name)(const void *self, uint32_t item, char *buf, size_t n);
	/* Keep only items with keep[item] set, item < n (NULL: all); 0 or
	 * -1. */
	int (*filter)(void *self, const uint8_t *keep, size_t n);
	/* Panes whose rows are not one item each (call trees, flame graph;
	 * NULL otherwise): move to the next (dir > 0) or previous row or frame
	 * whose method match() accepts, from the current one (include_from:
	 * the current one counts); 0, 1 when found after wrapping around, or
	 * -1 when none. */
	int (*find)(void *self, int (*match)(void *env, uint32_t method), void *env, int dir,
	            int include_from);
	/* Panes with work on a job worker (NULL otherwise): take a finished
	 * job, 1 when the screen changed; is one under way? */
	int (*poll)(void *self);
	int (*busy)(const void *self);

	/* Following the session (NULL: the pane reads nothing of it).
	 * release: the session is about to free what the pane may be reading
	 * (enum session_drop bits): stop workers, drop what points into it.
	 * rebind: after SESSION_DROP_TRACE, start again on session_trace(s),
	 * keeping the pane's own order and options; 0, or -1 when out of
	 * memory. retarget: follow the session's trace, scope and clock (and,
	 * for the panes that show one method's calls, the list's selection);
	 * called before the pane is drawn, cheap when nothing changed; 0, or
	 * -1 when out of memory. */
	void (*release)(void *self, unsigned what);
	int (*rebind)(void *self, const struct session *s);
	int (*retarget)(void *self, const struct session *s, uint32_t selected);
	/* The shell shows the pane as an overlay (from its top, with what it
	 * shows brought up to date), or the timeline on the first screen (on
	 * ctx->selected's longest call). A pane shown below the timeline opens
	 * on the list's selection through its select op instead. s is NULL on
	 * the diff screen. */
	void (*open)(void *self, const struct session *s, const struct pane_ctx *ctx,
	             struct pane_out *out);
	/* The rows the pane needs to show all it has at once: a first guess
	 * before it is drawn (drawn 0), else what a draw drawn rows high found
	 * (--view sizes its pad by it, the shell the timeline). */
	int (*rows)(const void *self, int drawn);
	/* What y copies, the pane drawn in win: a malloc'd string, NULL when
	 * out of memory (NULL op: the selected item's name; panetext.h). */
	char *(*copy)(const void *self, WINDOW *win, int ascii);
	/* The words `:` adds for this pane after --view=NAME ("--sort=calls")
	 * into buf, "" for none. */
	void (*command)(const void *self, const struct session *s, char *buf, size_t n);
	/* e's "t": the pane's rows as text to out; 0, or -1 on a write error. */
	int (*export_rows)(const void *self, FILE *out);
	/* The header line of a screen without a session whose list this is. */
	void (*header)(const void *self, int ascii, char *line, size_t n);
	/* What the last PANE_SPAN or PANE_RANGE was about: a call (its
	 * thread's tid) or a time range, [t0, t1) in absolute axis µs; 0, or
	 * -1 when there is none. */
	int (*span)(const void *self, uint32_t *tid, uint64_t *t0, uint64_t *t1);
	/* What the last PANE_SCOPE asks for: its threads into *sel (pointing
	 * into the pane, valid until its next act); 0, or -1 for none. */
	int (*scope)(const void *self, struct trace_sel *sel);
	/* The timeline: show a call, with a message in out; take a drag (x a
	 * window column, kept on the pane's bars once the drag began): 0, or
	 * -1 when x starts none, or the end covers no time (else [*t0, *t1),
	 * on the wall axis, with how it was taken in out's message, "" when
	 * nothing needs saying; out is NULL before the end). */
	void (*show_call)(void *self, uint32_t tid, uint64_t t0, uint64_t t1,
	                  struct pane_out *out);
	int (*drag)(void *self, enum pane_drag phase, int x, uint64_t *t0, uint64_t *t1,
	            struct pane_out *out);
	/* --view's first state beyond the selection (a tree: the hottest path
	 * from its first root); 1 when the pane must then be waited for and
	 * the method asked for selected again. */
	int (*view_open)(void *self, const struct pane_ctx *ctx);
};

struct pane {
	const struct pane_ops *ops;
	void *self;
};

/* Whether the shell hands pane p the list's selected method (select):
 * a pane with select whose items are methods. */
static inline int pane_takes_methods(struct pane p)
{
	return p.ops->select && !p.ops->own_items;
}

/* A pane's footer: its keys (nkeys) copied into out, at most n; returns
 * how many. */
static inline size_t pane_keys(const enum action *keys, size_t nkeys, enum action *out, size_t n)
{
	size_t k = 0;
	for (; k < n && k < nkeys; k++)
		out[k] = keys[k];
	return k;
}

#endif
