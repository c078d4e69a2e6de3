/* legend.h: categories on screen: the blocks drawn in a category's
 * colour and letter, and the legend pane (`L`).
 *
 * The timeline, the call chart and the flame graph colour their blocks by
 * the category of the block's method (catmap.h; docs/ui.md, "Colours and
 * letters"): legend_block() draws a block in every tier the same way, and
 * the legend pane lists the colours, letters and names with the time of
 * each category in the current view. The legend owns nothing.
 */
#ifndef TV_LEGEND_H
#define TV_LEGEND_H

#include <curses.h>
#include <stdint.h>

#include "category.h"
#include "color.h"
#include "pane.h"

/* A block of category cat, w cells at (y, x) of win: in its colour (a
 * lighter shade, the colour as foreground over a light-shade glyph, in
 * the cells where off[i] is set: the thread was off CPU; off may be
 * NULL), with the label (escaped text, may be NULL) where it fits. Where
 * the tier draws letters (color.h) the block starts with its category's
 * letter: every cell is the letter in a block without a label in mono,
 * only the first of three or more at 8 colours. extra is or'ed into every
 * cell's attribute (bold and underline for the selected method). */
void legend_block(WINDOW *win, const struct color *c, int ascii, int y, int x, int w,
                  enum category cat, const char *label, const uint8_t *off, attr_t extra);

/* The legend: what the colours, letters and shading mean, and with times
 * set, each category's share of the view on clock. */
struct legend {
	int has_times;
	int clock;
	uint64_t times[CAT_COUNT];
	char scope[160];         /* what the times cover: "all threads", a thread */
	char app[320];           /* the app's row: its packages, escaped */
	uint32_t top;
};

void legend_init(struct legend *l);
/* The time of each category on clock over what scope names. */
void legend_set_times(struct legend *l, const uint64_t times[CAT_COUNT], int clock,
                      const char *scope);

/* The app's packages the categories use (patterns, from --app when
 * given, else guessed; "" when there are none), for the app's row. */
void legend_set_app(struct legend *l, const char *patterns, int given, int ascii);

/* The legend as an overlay pane (kind PANE_HELP: q, Esc close it). */
struct pane legend_pane(struct legend *l);

#endif
