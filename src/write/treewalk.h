/* treewalk.h: the depth-first walk that prints a call tree, shared by the
 * tree reports (report_tree.c, report_difftree.c).
 *
 * An explicit stack, since call paths can be 100,000 deep. The walk asks
 * the report, through its ops, for a node's children (made on the way:
 * only the nodes whose children print are expanded), whether a node is
 * left out (--min), and to write a node and the "… N more" line; it
 * writes the JSON's brackets and commas itself. --depth stops the walk
 * N levels below the root.
 *
 * Ownership: the walk owns its stack (treewalk_free()); the ops' context
 * and the output are the caller's. No function prints but through out.
 */
#ifndef TV_TREEWALK_H
#define TV_TREEWALK_H

#include <stdint.h>

#include "base/outbuf.h"
#include "base/status.h"

#define TREEWALK_ROOTS UINT32_MAX   /* the frame of a tree with many roots */

struct treewalk_ops {
	/* Makes node's children known (TV_OK, or TV_ERR_NOMEM). */
	enum tv_status (*expand)(void *ctx, uint32_t node);
	/* node's children in order (TREEWALK_ROOTS: the roots); *n of them. */
	const uint32_t *(*children)(void *ctx, uint32_t node, uint32_t *n);
	/* Is node left out (with all below it)? */
	int (*pruned)(void *ctx, uint32_t node);
	/* Writes node at level: text its line, JSON its object up to and
	 * with its "children": [. */
	void (*node)(void *ctx, uint32_t node, uint32_t level);
	/* Text: the line saying n siblings at level were left out. */
	void (*more)(void *ctx, uint32_t level, uint32_t n);
};

struct treewalk_frame {
	uint32_t node;
	uint32_t next, shown;   /* next child to look at, children printed so far */
	uint32_t level;         /* the children's level */
};

struct treewalk {
	struct outbuf *out;
	int json;
	uint32_t depth;         /* levels below the root to print; 0: all */
	const struct treewalk_ops *ops;
	void *ctx;
	struct treewalk_frame *stack;
	uint32_t n, cap;
};

/* Writes node at level and, when its children are to be written, queues
 * them for treewalk_run(). TV_OK or TV_ERR_NOMEM. */
enum tv_status treewalk_enter(struct treewalk *w, uint32_t node, uint32_t level);

/* Queues the roots (TREEWALK_ROOTS) at level 1. TV_OK or TV_ERR_NOMEM. */
enum tv_status treewalk_roots(struct treewalk *w);

/* Writes everything queued, depth first. TV_OK or TV_ERR_NOMEM. */
enum tv_status treewalk_run(struct treewalk *w);

void treewalk_free(struct treewalk *w);

#endif
