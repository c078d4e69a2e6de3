/* color.c: colour tiers (see color.h). */
#include "draw/color.h"

#include <stdlib.h>

/* Colours of timeline methods at 256 colours: mid-light shades that
 * keep black text readable and stay apart from the purple and yellow of
 * parents and children. */
static const short color_pal256[] = {110, 150, 180, 174, 116, 186, 152, 181, 109, 144, 139, 117};
static const short color_pal8[] = {COLOR_BLUE, COLOR_GREEN, COLOR_CYAN, COLOR_RED, COLOR_MAGENTA,
                                   COLOR_YELLOW};

/* Category colours at 256 colours, in category order, per theme: blocks
 * are light shades of distinct hues, all with black text; blocked (waits,
 * sleeps) the one warm red, idle the palest. Off CPU the colour is the
 * foreground on the terminal's background: the same shades on a dark
 * one, darker ones of the same hues on a light one. At 8 colours unknown
 * and idle share white (their letters tell them apart). */
static const short color_cat256[2][COLOR_NCAT] = {
	{114, 116, 111, 177, 222, 246, 254, 210},   /* dark */
	{77, 44, 75, 170, 214, 247, 252, 203},      /* light */
};
static const short color_catoff256_light[COLOR_NCAT] = {28, 23, 25, 127, 130, 238, 242, 160};
static const short color_cat8[COLOR_NCAT] = {COLOR_GREEN, COLOR_BLUE, COLOR_CYAN, COLOR_MAGENTA,
                                             COLOR_YELLOW, COLOR_WHITE, COLOR_WHITE, COLOR_RED};
static const char color_letters[COLOR_NCAT + 1] = "axfrluib";

/* The differential flame graph at 256 colours: unchanged grey, then
 * slower (light to deep red) and faster (light to deep blue), all with
 * black text. */
static const short color_delta256[2][4] = {{252, 224, 210, 203}, {252, 153, 117, 75}};

enum { PAIR_HEADER = 1, PAIR_TITLE, PAIR_PARENT, PAIR_CHILD, PAIR_SELF, PAIR_MARK, PAIR_CURSOR,
       PAIR_WARN, PAIR_WORSE, PAIR_BETTER, PAIR_CAT0, PAIR_CATOFF0 = PAIR_CAT0 + COLOR_NCAT,
       PAIR_PAL0 = PAIR_CATOFF0 + COLOR_NCAT, PAIR_DELTA0 = PAIR_PAL0 + 16 };

/* The roles' pairs, PAIR_HEADER to PAIR_BETTER: foreground and background
 * (-1: the terminal's own), per theme, at 256 and at 8 colours. On a
 * light background the text on it is dark, the cursor a dark column, and
 * the reds and greens deep enough to read. */
#define COLOR_NROLEPAIRS PAIR_BETTER
static const short color_roles256[2][COLOR_NROLEPAIRS][2] = {
	{{255, 24}, {252, -1}, {16, 183}, {16, 229}, {16, 252}, {197, -1}, {16, 231}, {16, 214},
	 {196, -1}, {40, -1}},
	{{255, 24}, {237, -1}, {16, 141}, {16, 220}, {16, 250}, {161, -1}, {231, 240}, {16, 214},
	 {160, -1}, {28, -1}},
};
static const short color_roles8[2][COLOR_NROLEPAIRS][2] = {
	{{COLOR_WHITE, COLOR_BLUE}, {COLOR_CYAN, -1}, {COLOR_BLACK, COLOR_MAGENTA},
	 {COLOR_BLACK, COLOR_YELLOW}, {COLOR_BLACK, COLOR_WHITE}, {COLOR_RED, -1},
	 {COLOR_BLACK, COLOR_WHITE}, {COLOR_BLACK, COLOR_YELLOW}, {COLOR_RED, -1},
	 {COLOR_GREEN, -1}},
	{{COLOR_WHITE, COLOR_BLUE}, {COLOR_BLUE, -1}, {COLOR_BLACK, COLOR_MAGENTA},
	 {COLOR_BLACK, COLOR_YELLOW}, {COLOR_BLACK, COLOR_CYAN}, {COLOR_RED, -1},
	 {COLOR_WHITE, COLOR_BLACK}, {COLOR_BLACK, COLOR_YELLOW}, {COLOR_RED, -1},
	 {COLOR_GREEN, -1}},
};

const char *color_theme_word(unsigned i)
{
	static const char *const words[] = {"dark", "light", "auto"};   /* enum color_theme */
	return i < 3 ? words[i] : NULL;
}

static int color_wanted(int want)
{
	const char *nc = getenv("NO_COLOR");
	if (want == 0)
		return 0;
	if (want < 0 && nc && *nc)
		return 0;
	return has_colors();
}

static void color_mono(struct color *c)
{
	c->tier = COLOR_TIER_MONO;
	c->role[ROLE_HEADER] = A_REVERSE;
	c->role[ROLE_TITLE] = A_BOLD;
	c->role[ROLE_SELECTED] = A_REVERSE;
	c->role[ROLE_PARENT] = A_UNDERLINE;
	c->role[ROLE_CHILD] = A_BOLD;
	c->role[ROLE_SELF] = A_NORMAL;
	c->role[ROLE_MARK] = A_BOLD;
	c->role[ROLE_CURSOR] = A_REVERSE;
	c->role[ROLE_WARN] = A_BOLD;
	/* Without colour the signs (+ and −) tell them apart. */
	c->role[ROLE_WORSE] = A_NORMAL;
	c->role[ROLE_BETTER] = A_NORMAL;
	c->npalette = 1;
	c->palette[0] = A_NORMAL;
	/* The letters name the category; reverse video makes the bar, and a
	 * stretch off CPU is plain (dim where the terminal can). */
	c->letters = 1;
	for (int k = 0; k < COLOR_NCAT; k++) {
		c->cat[k] = A_REVERSE;
		c->cat_off[k] = A_DIM;
	}
	c->delta_letters = 1;
	for (int k = 0; k < 8; k++)
		c->delta[k / 4][k % 4] = k % 4 == 3 ? A_REVERSE | A_BOLD : A_REVERSE;
}

/* The differential flame graph's pairs: the colour reversed over black,
 * as the categories' (a background with dark text). */
static void color_deltas(struct color *c, int big)
{
	static const short hue8[2] = {COLOR_RED, COLOR_BLUE};
	c->delta_letters = !big;
	for (int k = 0; k < 8; k++) {
		int faster = k / 4, band = k % 4;
		short fg = big ? color_delta256[faster][band] : band ? hue8[faster] : COLOR_WHITE;
		init_pair((short)(PAIR_DELTA0 + k), fg, big ? 16 : COLOR_BLACK);
		c->delta[faster][band] = COLOR_PAIR(PAIR_DELTA0 + k) | A_REVERSE |
		                         (!big && band == 3 ? A_BOLD : A_NORMAL);
	}
}

/* The category pairs: the colour reversed over black (a background with
 * dark text, never blanks on a coloured background: see draw_bar()),
 * and the off-CPU colour on the terminal's background. */
static void color_cats(struct color *c, int big, int light)
{
	const short *cat = big ? color_cat256[light] : color_cat8;
	const short *off = big && light ? color_catoff256_light : cat;
	c->letters = !big;
	for (int k = 0; k < COLOR_NCAT; k++) {
		init_pair((short)(PAIR_CAT0 + k), cat[k], big ? 16 : COLOR_BLACK);
		init_pair((short)(PAIR_CATOFF0 + k), off[k], -1);
		c->cat[k] = COLOR_PAIR(PAIR_CAT0 + k) | A_REVERSE;
		c->cat_off[k] = COLOR_PAIR(PAIR_CATOFF0 + k);
	}
}

char color_cat_letter(int k)
{
	return k >= 0 && k < COLOR_NCAT ? color_letters[k] : '?';
}

attr_t color_category(const struct color *c, int k, int off)
{
	if (k < 0 || k >= COLOR_NCAT)
		k = COLOR_NCAT - 3;  /* unknown */
	return off ? c->cat_off[k] : c->cat[k];
}

/* The roles' pairs and attributes; bold where a colour alone is thin. */
static void color_roles(struct color *c, int big, int light)
{
	const short(*pairs)[2] = big ? color_roles256[light] : color_roles8[light];
	for (int i = 0; i < COLOR_NROLEPAIRS; i++)
		init_pair((short)(PAIR_HEADER + i), pairs[i][0], pairs[i][1]);
	c->role[ROLE_HEADER] = COLOR_PAIR(PAIR_HEADER);
	c->role[ROLE_TITLE] = COLOR_PAIR(PAIR_TITLE) | A_BOLD;
	c->role[ROLE_SELECTED] = A_REVERSE | A_BOLD;
	c->role[ROLE_PARENT] = COLOR_PAIR(PAIR_PARENT);
	c->role[ROLE_CHILD] = COLOR_PAIR(PAIR_CHILD);
	c->role[ROLE_SELF] = COLOR_PAIR(PAIR_SELF);
	c->role[ROLE_MARK] = COLOR_PAIR(PAIR_MARK) | A_BOLD;
	c->role[ROLE_CURSOR] = COLOR_PAIR(PAIR_CURSOR);
	c->role[ROLE_WARN] = COLOR_PAIR(PAIR_WARN) | A_BOLD;
	c->role[ROLE_WORSE] = COLOR_PAIR(PAIR_WORSE) | A_BOLD;
	c->role[ROLE_BETTER] = COLOR_PAIR(PAIR_BETTER) | A_BOLD;
}

void color_init_theme(struct color *c, int want, enum color_theme theme)
{
	int light = theme == COLOR_THEME_LIGHT;
	for (int i = 0; i < ROLE_COUNT; i++)
		c->role[i] = A_NORMAL;
	c->by_method = 0;
	if (!color_wanted(want)) {
		color_mono(c);
		return;
	}
	start_color();
	use_default_colors();
	int big = COLORS >= 256 && COLOR_PAIRS >= 64;
	c->tier = big ? COLOR_TIER_256 : COLOR_TIER_8;
	color_roles(c, big, light);
	color_cats(c, big, light);
	color_deltas(c, big);
	const short *pal = big ? color_pal256 : color_pal8;
	int n = big ? (int)(sizeof color_pal256 / sizeof *color_pal256)
	            : (int)(sizeof color_pal8 / sizeof *color_pal8);
	c->npalette = n;
	/* The colour in the foreground, shown reversed: a bar is then never
	 * a run of blanks on a coloured background, which a terminal may
	 * paint with erase-characters (draw.h, draw_bar()). Its text is the
	 * terminal's background: black on a dark one; on a light one black
	 * is asked for. */
	for (int i = 0; i < n; i++) {
		init_pair((short)(PAIR_PAL0 + i), pal[i], light ? (big ? 16 : COLOR_BLACK) : -1);
		c->palette[i] = COLOR_PAIR(PAIR_PAL0 + i) | A_REVERSE;
	}
}

void color_init(struct color *c, int want)
{
	color_init_theme(c, want, COLOR_THEME_DARK);
}

attr_t color_method(const struct color *c, unsigned i)
{
	return c->palette[i % (unsigned)c->npalette];
}
