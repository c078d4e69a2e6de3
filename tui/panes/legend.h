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

#include "analyze/category.h"
#include "draw/color.h"
#include "panes/pane.h"
#include "analyze/profile.h"
#include "analyze/derive.h"

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

struct jobs;

/* The legend: what the colours, letters and shading mean, and with times
 * set, each category's share of the view on clock. */
struct legend {
	int has_times;
	int clock;
	int events;              /* the times count events (a trace without time) */
	uint64_t times[CAT_COUNT];
	char scope[160];         /* what the times cover: "all threads", a thread */
	char app[320];           /* the app's row: its packages, escaped */
	int has_wait;            /* wait: off-CPU time of the view, µs (dual clock) */
	int64_t wait;
	uint32_t top;
	struct jobs *jobs;       /* its own worker for the sums, made when needed */
	unsigned job_id;         /* the sum under way, 0 for none */
};

/* An empty legend; legend_free() stops its worker. */
void legend_init(struct legend *l);
void legend_free(struct legend *l);
/* Sums each category's time in p (app: the app's packages) on clock for
 * the rows: at once when p covers fewer than inline_below records, else
 * on the legend's worker (the rows say "computing" until legend_pane()'s
 * poll takes the sums), so a big trace keeps the screen live. p and app
 * must stay unchanged until the sum is taken or legend_stop() returns.
 * 0, or -1 when out of memory (no times shown). */
int legend_request(struct legend *l, const struct profile *p, const struct derive_glob *app,
                   uint32_t napp, int clock, const char *scope, uint64_t inline_below);
/* Waits for a sum under way and drops it: before p or app may change. */
void legend_stop(struct legend *l);

/* The app's packages the categories use (patterns, from --app when
 * given, else guessed; "" when there are none), for the app's row. */
void legend_set_app(struct legend *l, const char *patterns, int given, int ascii);

/* The legend as an overlay pane (kind PANE_HELP: q, Esc close it); its
 * poll takes a finished sum. Opened, it sums what the session shows (its
 * profile, categories, clock); a release stops the sum. */
struct pane legend_pane(struct legend *l);
/* The registry's (registry.h), freed with legend_destroy(); ops NULL when
 * out of memory. */
struct pane legend_make(const struct pane_env *env, int variant);
void legend_destroy(void *self);

#endif
