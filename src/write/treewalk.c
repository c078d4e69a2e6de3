/* treewalk.c: the walk that prints a call tree (see treewalk.h). */
#include "write/treewalk.h"

#include <stdlib.h>

#include "base/grow.h"

static enum tv_status treewalk_push(struct treewalk *w, uint32_t node, uint32_t level)
{
	if (grow_push32((void **)&w->stack, &w->cap, w->n, sizeof *w->stack) < 0)
		return TV_ERR_NOMEM;
	w->stack[w->n++] = (struct treewalk_frame){node, 0, 0, level};
	return TV_OK;
}

enum tv_status treewalk_enter(struct treewalk *w, uint32_t node, uint32_t level)
{
	int deeper = !w->depth || level < w->depth;
	if (deeper && w->ops->expand(w->ctx, node) != TV_OK)
		return TV_ERR_NOMEM;
	uint32_t n;
	w->ops->children(w->ctx, node, &n);
	w->ops->node(w->ctx, node, level);
	if (!deeper || !n) {
		if (w->json)
			outbuf_puts(w->out, "]}");
		return TV_OK;
	}
	return treewalk_push(w, node, level + 1);
}

enum tv_status treewalk_roots(struct treewalk *w)
{
	return treewalk_push(w, TREEWALK_ROOTS, 1);
}

enum tv_status treewalk_run(struct treewalk *w)
{
	while (w->n) {
		struct treewalk_frame *f = &w->stack[w->n - 1];
		uint32_t n;
		const uint32_t *kids = w->ops->children(w->ctx, f->node, &n);
		while (f->next < n && w->ops->pruned(w->ctx, kids[f->next]))
			f->next++;
		if (f->next < n) {
			uint32_t child = kids[f->next++], level = f->level;
			if (w->json)
				outbuf_puts(w->out, f->shown ? ",\n" : "\n");
			f->shown++;
			enum tv_status st = treewalk_enter(w, child, level);
			if (st != TV_OK)
				return st;
			continue;
		}
		if (!w->json && f->shown < n)
			w->ops->more(w->ctx, f->level, n - f->shown);
		if (w->json && f->node != TREEWALK_ROOTS)
			outbuf_puts(w->out, "]}");
		w->n--;
	}
	return TV_OK;
}

void treewalk_free(struct treewalk *w)
{
	free(w->stack);
	w->stack = NULL;
	w->n = w->cap = 0;
}
