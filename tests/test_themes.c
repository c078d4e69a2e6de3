/* test_themes.c: the dark and light palettes (docs/ui.md, "Themes") read
 * as a person sees them: every coloured attribute's text against its
 * background by WCAG's contrast on a terminal of the theme's own colours,
 * Traceview's roles (parents purple, children yellow) and distinct
 * categories, at 256 and 8 colours. The colours are set up on an xterm
 * that writes to /dev/null (screentest.h) and read back with
 * pair_content().
 */
#include <locale.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <curses.h>

#include "draw/color.h"
#include "screentest.h"

static short pair_of(attr_t a)
{
	return (short)PAIR_NUMBER((int)a);
}

/* The xterm 256-colour palette's RGB of colour i (16 to 255). */
static void rgb_of(int i, double rgb[3])
{
	static const int level[6] = {0, 95, 135, 175, 215, 255};
	assert_true(i >= 16 && i <= 255);
	if (i >= 232) {
		rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (i - 232);
		return;
	}
	i -= 16;
	rgb[0] = level[i / 36];
	rgb[1] = level[i / 6 % 6];
	rgb[2] = level[i % 6];
}

/* WCAG's relative luminance of an sRGB colour. */
static double luminance(const double rgb[3])
{
	double l[3];
	for (int k = 0; k < 3; k++) {
		double c = rgb[k] / 255;
		l[k] = c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/* How a cell of attribute a looks on a terminal whose own colours are
 * the theme's (dark: light grey on black; light: black on white): its
 * text and its background, reverse video swapping the two (the
 * terminal's own included). */
static void shown(attr_t a, int light, double fg[3], double bg[3])
{
	short f, b;
	double *text = a & A_REVERSE ? bg : fg, *back = a & A_REVERSE ? fg : bg;
	assert_int_equal(pair_content(pair_of(a), &f, &b), OK);
	for (int k = 0; k < 3; k++) {
		text[k] = light ? 0 : 229;
		back[k] = light ? 255 : 0;
	}
	if (f >= 0)
		rgb_of(f, text);
	if (b >= 0)
		rgb_of(b, back);
}

/* The contrast of a's text on its background (1 to 21). */
static double contrast(attr_t a, int light)
{
	double fg[3], bg[3];
	shown(a, light, fg, bg);
	double lf = luminance(fg), lb = luminance(bg);
	return lf > lb ? (lf + 0.05) / (lb + 0.05) : (lb + 0.05) / (lf + 0.05);
}

/* The least contrast among every coloured attribute of c (the roles with
 * a pair, the categories on and off CPU, the method colours), the one
 * with it named in *which. */
static double least_contrast(const struct color *c, int light, char *which, size_t n)
{
	double least = 99;
	attr_t all[ROLE_COUNT + 2 * COLOR_NCAT + 16];
	int k = 0;
	for (int r = ROLE_HEADER; r < ROLE_COUNT; r++)
		if (pair_of(c->role[r]))
			all[k++] = c->role[r];
	for (int i = 0; i < COLOR_NCAT; i++) {
		all[k++] = c->cat[i];
		all[k++] = c->cat_off[i];
	}
	for (int i = 0; i < c->npalette; i++)
		all[k++] = c->palette[i];
	for (int i = 0; i < k; i++) {
		double r = contrast(all[i], light);
		if (r < least) {
			least = r;
			snprintf(which, n, "attribute %d (pair %d)", i, pair_of(all[i]));
		}
	}
	return least;
}

/* The displayed background of a (its colour, reverse video applied). */
static void shown_bg(attr_t a, int light, double bg[3])
{
	double fg[3];
	shown(a, light, fg, bg);
}

/* Each theme at 256 colours on its background: every text reads (WCAG
 * AA, 4.5:1), parents purple (blue over red over green), children
 * yellow (red and green over blue), eight distinct categories on CPU and
 * off; the dark palette on a light background would not read (its
 * titles are light grey), which is why the light theme exists. */
static void test_themes_256(void **state)
{
	(void)state;
	struct ts_term t;
	struct color c;
	char which[64];
	unsetenv("NO_COLOR");
	assert_int_equal(ts_open(&t, "xterm-256color", 80, 24), 0);
	for (int light = 0; light <= 1; light++) {
		color_init_theme(&c, 1, light ? COLOR_THEME_LIGHT : COLOR_THEME_DARK);
		assert_int_equal(c.tier, COLOR_TIER_256);
		double least = least_contrast(&c, light, which, sizeof which);
		if (least < 4.5)
			fail_msg("%s theme: %s has contrast %.2f", light ? "light" : "dark", which, least);
		double p[3], y[3];
		shown_bg(c.role[ROLE_PARENT], light, p);
		shown_bg(c.role[ROLE_CHILD], light, y);
		assert_true(p[2] > p[0] && p[0] > p[1]);
		assert_true(y[0] >= 200 && y[1] >= 200 && y[2] < y[1] - 30);
		/* on CPU a category's colour is its block's background, off CPU
		 * its text's */
		for (int off = 0; off <= 1; off++)
			for (int i = 0; i < COLOR_NCAT; i++)
				for (int j = i + 1; j < COLOR_NCAT; j++) {
					double ti[3], bi[3], tj[3], bj[3];
					shown(off ? c.cat_off[i] : c.cat[i], light, ti, bi);
					shown(off ? c.cat_off[j] : c.cat[j], light, tj, bj);
					assert_memory_not_equal(off ? ti : bi, off ? tj : bj, sizeof ti);
				}
	}
	color_init_theme(&c, 1, COLOR_THEME_DARK);
	assert_true(least_contrast(&c, 1, which, sizeof which) < 2);
	/* AUTO left unanswered is dark. */
	struct color d;
	color_init_theme(&d, 1, COLOR_THEME_AUTO);
	assert_memory_equal(d.role, c.role, sizeof c.role);
	ts_close(&t);
}

/* At 8 colours the light theme's cursor is a dark column and its titles
 * blue, not white and cyan that vanish on a light background. */
static void test_themes_8(void **state)
{
	(void)state;
	struct ts_term t;
	struct color c;
	short f, b;
	unsetenv("NO_COLOR");
	assert_int_equal(ts_open(&t, "xterm", 80, 24), 0);
	color_init_theme(&c, 1, COLOR_THEME_LIGHT);
	assert_int_equal(c.tier, COLOR_TIER_8);
	pair_content(pair_of(c.role[ROLE_CURSOR]), &f, &b);
	assert_int_equal(b, COLOR_BLACK);
	pair_content(pair_of(c.role[ROLE_TITLE]), &f, &b);
	assert_int_equal(f, COLOR_BLUE);
	color_init_theme(&c, 1, COLOR_THEME_DARK);
	pair_content(pair_of(c.role[ROLE_CURSOR]), &f, &b);
	assert_int_equal(b, COLOR_WHITE);
	ts_close(&t);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_themes_256),
		cmocka_unit_test(test_themes_8),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
