/* textview.h: a pane of text that scrolls: the help and the warnings.
 *
 * The help is made from the action table (actions.h), section by section,
 * wrapped to the pane's width when drawn, so it fits any width from 80
 * columns and every key of every pane is on it. The warnings are the
 * session's trace's, listed again each time the pane opens. The view owns
 * its lines (textview_free()).
 */
#ifndef TV_TEXTVIEW_H
#define TV_TEXTVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "panes/pane.h"

struct textview {
	char title[128];
	char **src;             /* the text: key column (or NULL) and text */
	char **key;
	size_t nsrc, src_cap, key_cap;
	char **lines;           /* wrapped for the last width */
	size_t nlines, lines_cap;
	int width;
	uint32_t top;
	int height;
	int warnings;           /* filled with the trace's warnings on open */
};

/* Fill v with the keys of every pane; 0, or -1 when out of memory. */
int textview_help(struct textview *v);
/* An empty view with a title; add lines with textview_add(). */
void textview_init(struct textview *v, const char *title);
/* Add a line (key may be NULL); 0 or -1. */
int textview_add(struct textview *v, const char *key, const char *text);
void textview_free(struct textview *v);

struct pane textview_pane(struct textview *v);
/* The registry's (registry.h): the help (warnings 0) or the warnings,
 * freed with textview_destroy(); ops NULL when out of memory. */
struct pane textview_make(const struct pane_env *env, int warnings);
void textview_destroy(void *self);

#endif
