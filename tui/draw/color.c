/* color.c: colour tiers (see color.h). */
#include "draw/color.h"

#include <stdlib.h>

/* Colours of timeline methods at 256 colours: mid-light shades that
 * keep black text readable and stay apart from the purple and yellow of
 * parents and children. */
static const short color_pal256[] = {110, 150, 180, 174, 116, 186, 152, 181, 109, 144, 139, 117};
static const short color_pal8[] = {COLOR_BLUE, COLOR_GREEN, COLOR_CYAN, COLOR_RED, COLOR_MAGENTA,
                                   COLOR_YELLOW};

/* Category colours at 256 colours, in category order: light shades of
 * distinct hues, all with black text; blocked (waits, sleeps) the one
 * warm red, idle the palest. At 8 colours unknown and idle share white
 * (their letters tell them apart). */
static const short color_cat256[COLOR_NCAT] = {114, 116, 111, 177, 222, 246, 254, 210};
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
 * and the colour on the terminal's background for off CPU. */
static void color_cats(struct color *c, int big)
{
	const short *cat = big ? color_cat256 : color_cat8;
	c->letters = !big;
	for (int k = 0; k < COLOR_NCAT; k++) {
		init_pair((short)(PAIR_CAT0 + k), cat[k], big ? 16 : COLOR_BLACK);
		init_pair((short)(PAIR_CATOFF0 + k), cat[k], -1);
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

void color_init(struct color *c, int want)
{
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
	short dark = COLOR_BLACK;
	init_pair(PAIR_HEADER, big ? 255 : COLOR_WHITE, big ? 24 : COLOR_BLUE);
	init_pair(PAIR_TITLE, big ? 252 : COLOR_CYAN, -1);
	init_pair(PAIR_PARENT, big ? 16 : dark, big ? 183 : COLOR_MAGENTA);
	init_pair(PAIR_CHILD, big ? 16 : dark, big ? 229 : COLOR_YELLOW);
	init_pair(PAIR_SELF, big ? 16 : dark, big ? 252 : COLOR_WHITE);
	init_pair(PAIR_MARK, big ? 197 : COLOR_RED, -1);
	init_pair(PAIR_CURSOR, big ? 16 : dark, big ? 231 : COLOR_WHITE);
	init_pair(PAIR_WARN, big ? 16 : dark, big ? 214 : COLOR_YELLOW);
	init_pair(PAIR_WORSE, big ? 196 : COLOR_RED, -1);
	init_pair(PAIR_BETTER, big ? 40 : COLOR_GREEN, -1);
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
	color_cats(c, big);
	color_deltas(c, big);
	const short *pal = big ? color_pal256 : color_pal8;
	int n = big ? (int)(sizeof color_pal256 / sizeof *color_pal256)
	            : (int)(sizeof color_pal8 / sizeof *color_pal8);
	c->npalette = n;
	/* The colour in the foreground, shown reversed: a bar is then never
	 * a run of blanks on a coloured background, which a terminal may
	 * paint with erase-characters (draw.h, draw_bar()). */
	for (int i = 0; i < n; i++) {
		init_pair((short)(PAIR_PAL0 + i), pal[i], -1);
		c->palette[i] = COLOR_PAIR(PAIR_PAL0 + i) | A_REVERSE;
	}
}

attr_t color_method(const struct color *c, unsigned i)
{
	return c->palette[i % (unsigned)c->npalette];
}
