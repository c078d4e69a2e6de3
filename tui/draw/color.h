/* color.h: colour tiers and the attributes every pane draws with.
 *
 * Three tiers: 256 colours (hand-picked shades with explicit dark text),
 * 8 colours (magenta and yellow), and none (NO_COLOR, --color=never, or a
 * terminal without colours), where roles are kept by markers and
 * underline/bold instead. Two themes (--theme) choose the colours for a
 * dark or a light terminal background, keeping the roles: parents purple,
 * children yellow, categories distinct, text readable on each
 * (docs/ui.md, "Themes"). color_init() must run after initscr();
 * attributes are curses attr_t values.
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

/* The categories of code and behaviour, in the order of enum category
 * (category.h): app, androidx, framework, runtime, library, unknown, idle,
 * blocked. */
#define COLOR_NCAT 8

struct color {
	enum color_tier tier;
	attr_t role[ROLE_COUNT];
	int npalette;        /* method colours in the timeline */
	attr_t palette[16];
	/* Category colours (docs/ui.md, "Colours and letters"): cat[] a block
	 * on CPU (the colour as background, dark text), cat_off[] where the
	 * thread was off CPU (the colour as foreground on the terminal's
	 * background). Without colour: reverse video, and plain. */
	attr_t cat[COLOR_NCAT], cat_off[COLOR_NCAT];
	int letters;         /* blocks carry their category's letter: the
	                      * 8-colour tier (colours repeat) and mono */
	int by_method;       /* K: method colours instead of categories */
	/* The differential flame graph's frames (docs/ui.md, "The diff
	 * screen"): delta[0][b] slower in B, delta[1][b] faster, b the band
	 * of the change, 1 small to 3 large; delta[0][0] unchanged. 256
	 * colours: reds and blues deepening with the band, grey; 8: red and
	 * blue, the largest band bold; mono: reverse video, the largest bold.
	 * delta_letters: the 8-colour tier and mono fill frames with + and -
	 * as well. */
	attr_t delta[2][4];
	int delta_letters;
};

/* The background the colours are chosen for. AUTO is for the terminal
 * to answer before curses starts (term.h); unanswered, it is dark. */
enum color_theme { COLOR_THEME_DARK, COLOR_THEME_LIGHT, COLOR_THEME_AUTO };

/* --theme's words, in enum color_theme's order; NULL past the last. */
const char *color_theme_word(unsigned i);

/* want: -1 auto, 0 never, 1 always. Decides the tier from NO_COLOR and the
 * terminal, and sets up colour pairs for theme (AUTO: dark). */
void color_init_theme(struct color *c, int want, enum color_theme theme);
/* The same for a dark background. */
void color_init(struct color *c, int want);

/* Attribute of palette slot i (round robin): the colour as background of
 * a blank, made by reverse video so no blank is erasable. */
attr_t color_method(const struct color *c, unsigned i);

/* The letter of category k: a x f r l u i b; '?' out of range. */
char color_cat_letter(int k);

/* Attribute of category k's block, on CPU or off (off != 0). */
attr_t color_category(const struct color *c, int k, int off);

#endif
