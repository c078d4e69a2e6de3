/* pane.h: the contract between the shell (ui.c) and what it shows.
 *
 * A pane draws itself into a window the shell gives it (any rectangle),
 * handles the actions of its scope (actions.h: the key map already turned
 * keys into actions), says what is selected and which actions the footer
 * should offer. A pane never calls back into the shell: it returns a
 * result (a message, a jump to record in the history, a request to close)
 * and the shell acts on it. List panes also expose their items in order
 * and their names, so the shell's find, filter and history work the same
 * for every list. Panes draw only through draw.h.
 */
#ifndef TV_PANE_H
#define TV_PANE_H

#include <curses.h>
#include <stddef.h>
#include <stdint.h>

#include "keys/actions.h"
#include "draw/color.h"

#define PANE_NONE UINT32_MAX

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
	PANE_SPAN,           /* show a call on the timeline: the shell asks the
	                      * pane which (callspane_span()) */
};

struct pane_out {
	uint32_t target;     /* PANE_JUMP: the item to select */
	char msg[320];       /* a message for the status line, or "" */
};

/* What is selected: an item of the pane's list and, for the timeline,
 * the thread and the call under its cursor. */
struct pane_sel {
	uint32_t item;       /* method or diff row; PANE_NONE */
	uint32_t tid;        /* thread id, when there is one */
	int has_tid;
};

struct pane_ops {
	enum pane_kind kind;
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
};

struct pane {
	const struct pane_ops *ops;
	void *self;
};

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
