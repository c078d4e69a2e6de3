/* color.h: colour tiers and the attributes every pane draws with.
 *
 * Three tiers: 256 colours (hand-picked shades with explicit dark text so
 * they read on dark and light themes), 8 colours (magenta and yellow), and
 * none (NO_COLOR, --color=never, or a terminal without colours), where
 * roles are kept by markers and underline/bold instead. color_init() must
 * run after initscr(); attributes are curses attr_t values.
 */
#ifndef TV_COLOR_H
#define TV_COLOR_H

#include <curses.h>

enum color_tier { COLOR_TIER_MONO, COLOR_TIER_8, COLOR_TIER_256 };

enum color_role {
	ROLE_NORMAL,
	ROLE_HEADER,     /* header and footer bars */
	ROLE_TITLE,      /* column titles, ruler */
	ROLE_SELECTED,   /* the cursor row */
	ROLE_PARENT,     /* callers of the selected method: purple */
	ROLE_CHILD,      /* callees: yellow */
	ROLE_SELF,       /* the selected method's own time */
	ROLE_MARK,       /* extents of the selected method's calls */
	ROLE_CURSOR,     /* the timeline's time cursor */
	ROLE_WARN,       /* the damage marker */
	ROLE_WORSE,      /* diff: more time (a regression): red */
	ROLE_BETTER,     /* diff: less time (an improvement): green */
	ROLE_COUNT
};

struct color {
	enum color_tier tier;
	attr_t role[ROLE_COUNT];
	int npalette;        /* method colours in the timeline */
	attr_t palette[16];
};

/* want: -1 auto, 0 never, 1 always. Decides the tier from NO_COLOR and the
 * terminal, and sets up colour pairs. */
void color_init(struct color *c, int want);

/* Attribute of palette slot i (round robin): the colour as background of
 * a blank, made by reverse video so no blank is erasable. */
attr_t color_method(const struct color *c, unsigned i);

#endif
