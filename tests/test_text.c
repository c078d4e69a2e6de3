/* test_text.c: tui/draw/text.h, the curses-free escaping and fitting of names.
 *
 * Every expected string is written out by hand: "\\x1b" in C source is the
 * four visible characters \x1B. Byte values of the UTF-8 used here:
 *   é U+00E9 C3 A9        中 U+4E2D E4 B8 AD     文 U+6587 E6 96 87
 *   … U+2026 E2 80 A6     😀 U+1F600 F0 9F 98 80  ◌́ U+0301 CC 81
 * CJK ideographs and the emoji are 2 columns wide, the combining acute 0.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <unistr.h>

#include "draw/text.h"

#define ELL "\xE2\x80\xA6"  /* … */
#define ZH "\xE4\xB8\xAD"   /* 中 */
#define WEN "\xE6\x96\x87"  /* 文 */
#define ZI "\xE5\xAD\x97"   /* 字 U+5B57 */
#define FU "\xE7\xAC\xA6"   /* 符 U+7B26 */
#define GRIN "\xF0\x9F\x98\x80"
#define ACUTE "\xCC\x81"

/* Escapes s (NUL-terminated unless len given) with a large buffer. */
static const char *esc_n(const char *s, size_t len, int ascii)
{
	static char out[1024];
	size_t n = text_escape(s, len, ascii, out, sizeof out);
	assert_int_equal(n, strlen(out));
	return out;
}

#define ESC(s, want) assert_string_equal(esc_n(s, strlen(s), 0), want)
#define ESC_A(s, want) assert_string_equal(esc_n(s, strlen(s), 1), want)
#define ESC_N(s, n, want) assert_string_equal(esc_n(s, n, 0), want)

/* The two promises made to the terminal: no control byte, valid UTF-8. */
static void assert_safe(const char *out, size_t n, int ascii)
{
	assert_int_equal(strlen(out), n);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)out[i];
		if (c < 0x20 || c == 0x7f)
			fail_msg("control byte 0x%02X at %zu in \"%s\"", c, i, out);
		if (ascii && c >= 0x80)
			fail_msg("non-ASCII byte 0x%02X at %zu in ascii mode", c, i);
	}
	if (u8_check((const uint8_t *)out, n) != NULL)
		fail_msg("invalid UTF-8 in \"%s\"", out);
}

/* ------------------------------------------------------------ escape */

static void test_escape_plain(void **state)
{
	(void)state;
	ESC("", "");
	ESC("com.example.Foo", "com.example.Foo");
	ESC("<init> ([Ljava/lang/String;)V", "<init> ([Ljava/lang/String;)V");
	ESC("a\\b", "a\\\\b");           /* a backslash is doubled */
	ESC("\\x41", "\\\\x41");         /* so escapes cannot be forged */
	ESC("~ !\"#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}", "~ !\"#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}");
}

static void test_escape_controls(void **state)
{
	(void)state;
	ESC("a\x01" "b", "a\\x01b");
	ESC("\t\n\r", "\\x09\\x0a\\x0d");
	ESC("\x07", "\\x07");                         /* BEL */
	ESC("\x7f", "\\x7f");                         /* DEL */
	ESC("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");   /* CSI SGR */
	ESC("\x1b[2J\x1b[H", "\\x1b[2J\\x1b[H");             /* clear + home */
	ESC("\x1b]0;title\x07", "\\x1b]0;title\\x07");        /* OSC, BEL end */
	ESC("\x1b]8;;http://x\x1b\\", "\\x1b]8;;http://x\\x1b\\\\");  /* OSC 8, ST */
	ESC_N("a\0b", 3, "a\\x00b");                  /* NUL inside the length */
	ESC_N("ab", 1, "a");                          /* never past len */
}

static void test_escape_c1(void **state)
{
	(void)state;
	ESC("\xC2\x80", "\\xc2\\x80");
	ESC("\xC2\x85", "\\xc2\\x85");               /* NEL */
	ESC("\xC2\x9B" "31m", "\\xc2\\x9b31m");      /* 8-bit CSI */
	ESC("\xC2\x9D" "0;x", "\\xc2\\x9d0;x");      /* 8-bit OSC */
	ESC("\xC2\x9F", "\\xc2\\x9f");
	ESC("\xC2\xA0", "\xC2\xA0");                  /* NBSP is printable */
	ESC("\xC3\xA9", "\xC3\xA9");
}

static void test_escape_invalid(void **state)
{
	(void)state;
	ESC("\x80", "\\x80");                         /* lone continuation */
	ESC("a\xBF" "b", "a\\xbfb");
	ESC("\xE4\xB8", "\\xe4\\xb8");                /* 中 cut at the end */
	ESC("\xE4\xB8" "a", "\\xe4\\xb8a");           /* ... and in the middle */
	ESC("\xF0\x9F\x98", "\\xf0\\x9f\\x98");
	ESC("\xC0\xAF", "\\xc0\\xaf");                /* overlong '/' */
	ESC("\xE0\x80\xAF", "\\xe0\\x80\\xaf");
	ESC("\xC1\xBF", "\\xc1\\xbf");
	ESC("\xED\xA0\x80", "\\xed\\xa0\\x80");       /* surrogate U+D800 */
	ESC("\xED\xBF\xBF", "\\xed\\xbf\\xbf");       /* U+DFFF */
	ESC("\xF4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");   /* U+110000 */
	ESC("\xF5\x80\x80\x80", "\\xf5\\x80\\x80\\x80");
	ESC("\xFE\xFF", "\\xfe\\xff");
	ESC("\xF4\x8F\xBF\xBF", "\\u{10FFFF}");       /* valid but a noncharacter */
	/* Invalid bytes are escaped the same way in ascii mode. */
	ESC_A("\xC0\xAF", "\\xc0\\xaf");
}

static void test_escape_invisible(void **state)
{
	(void)state;
	ESC("a\xE2\x80\x8E" "b", "a\\u{200E}b");      /* LRM */
	ESC("a\xE2\x80\x8F" "b", "a\\u{200F}b");      /* RLM */
	ESC("abc\xE2\x80\xAE" "fed", "abc\\u{202E}fed");   /* RLO */
	ESC("\xE2\x80\xAD\xE2\x80\xAA\xE2\x80\xAC", "\\u{202D}\\u{202A}\\u{202C}");
	ESC("\xE2\x81\xA6\xE2\x81\xA9", "\\u{2066}\\u{2069}");   /* LRI, PDI */
	ESC("a\xE2\x80\x8B" "b", "a\\u{200B}b");      /* zero-width space */
	ESC("a\xE2\x80\x8C" "b", "a\\u{200C}b");      /* ZWNJ */
	ESC("a\xE2\x80\x8D" "b", "a\\u{200D}b");      /* ZWJ */
	ESC("\xEF\xBB\xBF" "Foo", "\\u{FEFF}Foo");    /* BOM */
	ESC("a\xE2\x80\xA8" "b", "a\\u{2028}b");      /* line separator */
	ESC("a\xE2\x80\xA9" "b", "a\\u{2029}b");      /* paragraph separator */
	ESC("\xEE\x80\x80", "\\u{E000}");             /* private use */
}

static void test_escape_printable(void **state)
{
	(void)state;
	ESC(ZH WEN, ZH WEN);
	ESC("com.\xE4\xBE\x8B.Foo", "com.\xE4\xBE\x8B.Foo");
	ESC(GRIN, GRIN);
	ESC("e" ACUTE, "e" ACUTE);                    /* combining marks stay */
	ESC("\xD0\x96\xCE\xA9", "\xD0\x96\xCE\xA9");  /* Ж Ω */
}

static void test_escape_ascii(void **state)
{
	(void)state;
	ESC_A("abc", "abc");
	ESC_A("\xC3\xA9", "\\u{00E9}");
	ESC_A(ZH "x", "\\u{4E2D}x");
	ESC_A(GRIN, "\\u{1F600}");
	ESC_A("\xC2\xA0", "\\u{00A0}");
	ESC_A("\xE2\x80\xAE", "\\u{202E}");
	ESC_A("\x1b[0m\\", "\\x1b[0m\\\\");
}

/* Every single byte, alone and between letters. */
static void test_escape_all_bytes(void **state)
{
	(void)state;
	char out[64], want[16], in[3];
	for (int b = 0; b < 256; b++) {
		for (int ascii = 0; ascii < 2; ascii++) {
			in[0] = (char)b;
			size_t n = text_escape(in, 1, ascii, out, sizeof out);
			assert_safe(out, n, ascii);
			if (b == '\\')
				strcpy(want, "\\\\");
			else if (b >= 0x20 && b < 0x7f)
				snprintf(want, sizeof want, "%c", b);
			else
				snprintf(want, sizeof want, "\\x%02x", (unsigned)b);
			assert_string_equal(out, want);
			in[0] = 'a', in[1] = (char)b, in[2] = 'z';
			n = text_escape(in, 3, ascii, out, sizeof out);
			assert_safe(out, n, ascii);
		}
	}
}

/* A fixed-seed generator, so failures repeat. */
static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Random strings, biased to UTF-8 lead and continuation bytes so valid
 * and broken multi-byte sequences both turn up. */
static void test_escape_random(void **state)
{
	(void)state;
	static const uint8_t pool[] = {0x00, 0x07, 0x1b, '[', ']', 'a', '\\', 0x7f, 0x80,
	                               0x9b, 0xbf, 0xc2, 0xc0, 0xe2, 0x80, 0xae, 0xed,
	                               0xa0, 0xef, 0xbb, 0xf0, 0x9f, 0xf4, 0x90, 0xff};
	uint32_t seed = 0x2545F491u;
	char in[40], out[40 * 10 + 1];
	for (int iter = 0; iter < 20000; iter++) {
		size_t len = rng_next(&seed) % sizeof in;
		for (size_t i = 0; i < len; i++) {
			uint32_t r = rng_next(&seed);
			in[i] = (char)(r & 0x100 ? pool[(r >> 9) % sizeof pool] : r & 0xff);
		}
		int ascii = iter & 1;
		size_t n = text_escape(in, len, ascii, out, sizeof out);
		assert_safe(out, n, ascii);
		/* A valid input without specials comes out unchanged. */
		int plain = u8_check((const uint8_t *)in, len) == NULL;
		for (size_t i = 0; plain && i < len; i++)
			plain = (unsigned char)in[i] >= 0x20 && (unsigned char)in[i] < 0x7f &&
			        in[i] != '\\';
		if (plain)
			assert_memory_equal(out, in, len);
		/* A short buffer keeps a prefix of the full output. */
		char small[17];
		size_t m = text_escape(in, len, ascii, small, 1 + rng_next(&seed) % 16);
		assert_true(m <= n);
		assert_memory_equal(small, out, m);
		assert_safe(small, m, ascii);
	}
}

static void test_escape_small_buffer(void **state)
{
	(void)state;
	char out[16];
	/* "ab" + "\x01" needs 2 + 4 + 1 bytes. */
	assert_int_equal(text_escape("ab\x01", 3, 0, out, 7), 6);
	assert_string_equal(out, "ab\\x01");
	assert_int_equal(text_escape("ab\x01", 3, 0, out, 6), 2);
	assert_string_equal(out, "ab");
	assert_int_equal(text_escape("ab\x01", 3, 0, out, 3), 2);
	assert_string_equal(out, "ab");
	assert_int_equal(text_escape("ab\x01", 3, 0, out, 2), 1);
	assert_string_equal(out, "a");
	/* A character is never split: 中 needs 3 + 1. */
	assert_int_equal(text_escape(ZH ZH, 6, 0, out, 6), 3);
	assert_string_equal(out, ZH);
	assert_int_equal(text_escape(ZH, 3, 0, out, 3), 0);
	assert_string_equal(out, "");
	/* \u{202E} is 8 bytes. */
	assert_int_equal(text_escape("x\xE2\x80\xAE", 4, 0, out, 9), 1);
	assert_string_equal(out, "x");
	assert_int_equal(text_escape("x\xE2\x80\xAE", 4, 0, out, 10), 9);
	assert_string_equal(out, "x\\u{202E}");
	assert_int_equal(text_escape("\\", 1, 0, out, 2), 0);
	assert_string_equal(out, "");
	/* size 1: just the NUL; size 0: out untouched. */
	memset(out, 'Z', sizeof out);
	assert_int_equal(text_escape("abc", 3, 0, out, 1), 0);
	assert_int_equal(out[0], '\0');
	memset(out, 'Z', sizeof out);
	assert_int_equal(text_escape("abc", 3, 0, out, 0), 0);
	assert_int_equal(out[0], 'Z');
}

/* ------------------------------------------------------------ width */

static void test_width(void **state)
{
	(void)state;
	assert_int_equal(text_width(""), 0);
	assert_int_equal(text_width("abc"), 3);
	assert_int_equal(text_width(ZH), 2);
	assert_int_equal(text_width(ZH WEN "ab"), 6);
	assert_int_equal(text_width("e" ACUTE), 1);
	assert_int_equal(text_width("e" ACUTE ACUTE "x"), 2);
	assert_int_equal(text_width(GRIN), 2);
	assert_int_equal(text_width("a" GRIN "b"), 4);
	assert_int_equal(text_width(ELL), 1);
	assert_int_equal(text_width("\xC3\xA9"), 1);
	assert_int_equal(text_width("\\u{202E}"), 8);   /* escapes are plain ASCII */
}

/* ------------------------------------------------------------ fit */

static char fit_out[256];

static const char *fit(const char *s, int cols, int ascii, int want_w)
{
	int w = text_fit(s, cols, ascii, fit_out, sizeof fit_out);
	assert_int_equal(w, want_w);
	assert_int_equal(text_width(fit_out), w);
	return fit_out;
}

static const char *fit_left(const char *s, int cols, int ascii, int want_w)
{
	int w = text_fit_left(s, cols, ascii, fit_out, sizeof fit_out);
	assert_int_equal(w, want_w);
	assert_int_equal(text_width(fit_out), w);
	return fit_out;
}

static void test_fit(void **state)
{
	(void)state;
	assert_string_equal(fit("hello", 10, 0, 5), "hello");
	assert_string_equal(fit("hello", 5, 0, 5), "hello");
	assert_string_equal(fit("hello world", 5, 0, 5), "hell" ELL);
	assert_string_equal(fit("hello world", 5, 1, 5), "hell~");
	assert_string_equal(fit("hello world", 2, 0, 2), "h" ELL);
	assert_string_equal(fit("hello world", 1, 0, 1), ELL);
	assert_string_equal(fit("hello world", 1, 1, 1), "~");
	assert_string_equal(fit("hello world", 0, 0, 0), "");
	assert_string_equal(fit("hello world", -3, 0, 0), "");
	assert_string_equal(fit("", 4, 0, 0), "");
	/* 中文字符 is 8 columns: cut before a character that would pass cols-1. */
	assert_string_equal(fit(ZH WEN ZI FU, 8, 0, 8), ZH WEN ZI FU);
	assert_string_equal(fit(ZH WEN ZI FU, 7, 0, 7), ZH WEN ZI ELL);
	assert_string_equal(fit(ZH WEN ZI FU, 6, 0, 5), ZH WEN ELL);   /* odd: 1 left */
	assert_string_equal(fit(ZH WEN ZI FU, 5, 0, 5), ZH WEN ELL);
	assert_string_equal(fit(ZH WEN ZI FU, 4, 0, 3), ZH ELL);
	assert_string_equal(fit(ZH WEN ZI FU, 2, 0, 1), ELL);
}

/* "a中b" is 4 columns: with 3, the text gets 2 and 中 would make it 3. */
static void test_fit_cjk_ascii(void **state)
{
	(void)state;
	assert_string_equal(fit("a" ZH "b", 3, 1, 2), "a~");
	assert_string_equal(fit("a" ZH "b", 4, 1, 4), "a" ZH "b");
	/* Combining marks stay with their base and cost nothing. */
	assert_string_equal(fit("e" ACUTE "tude", 3, 0, 3), "e" ACUTE "t" ELL);
	assert_string_equal(fit("a" ACUTE "bc", 2, 0, 2), "a" ACUTE ELL);
	assert_string_equal(fit(GRIN GRIN, 3, 0, 3), GRIN ELL);
}

static void test_fit_left(void **state)
{
	(void)state;
	assert_string_equal(fit_left("com.example.Foo", 20, 0, 15), "com.example.Foo");
	assert_string_equal(fit_left("com.example.Foo", 15, 0, 15), "com.example.Foo");
	assert_string_equal(fit_left("com.example.Foo", 8, 0, 8), ELL "ple.Foo");
	assert_string_equal(fit_left("com.example.Foo", 8, 1, 8), "~ple.Foo");
	assert_string_equal(fit_left("com.example.Foo", 1, 0, 1), ELL);
	assert_string_equal(fit_left("com.example.Foo", 0, 0, 0), "");
	assert_string_equal(fit_left(ZH WEN ZI FU, 7, 0, 7), ELL WEN ZI FU);
	assert_string_equal(fit_left(ZH WEN ZI FU, 6, 0, 5), ELL ZI FU);
	assert_string_equal(fit_left(ZH WEN ZI FU, 5, 0, 5), ELL ZI FU);
	assert_string_equal(fit_left(ZH WEN ZI FU, 4, 0, 3), ELL FU);
	assert_string_equal(fit_left(ZH WEN ZI FU, 2, 0, 1), ELL);
}

/* For every width, fitting never passes cols, cuts on a character boundary
 * and keeps a prefix (or suffix) of the input. */
static void test_fit_sweep(void **state)
{
	(void)state;
	static const char *const inputs[] = {
		"com.example.app.MainActivity.onCreate (Landroid/os/Bundle;)V",
		ZH WEN "." ZI FU "." GRIN "e" ACUTE "x" ZH,
		"a" ZH "b" WEN "c",
	};
	for (size_t k = 0; k < sizeof inputs / sizeof *inputs; k++) {
		const char *s = inputs[k];
		int sw = text_width(s);
		for (int cols = 1; cols <= 80; cols++) {
			for (int ascii = 0; ascii < 2; ascii++) {
				char out[256];
				const char *ell = ascii ? "~" : ELL;
				int w = text_fit(s, cols, ascii, out, sizeof out);
				assert_true(w <= cols);
				assert_int_equal(w, text_width(out));
				assert_null(u8_check((const uint8_t *)out, strlen(out)));
				if (sw <= cols) {
					assert_string_equal(out, s);
				} else {
					size_t keep = strlen(out) - strlen(ell);
					assert_string_equal(out + keep, ell);
					assert_memory_equal(out, s, keep);
					/* Greedy: one more column would not have held the next char. */
					assert_true(w >= cols - 1);
				}
				w = text_fit_left(s, cols, ascii, out, sizeof out);
				assert_true(w <= cols);
				assert_int_equal(w, text_width(out));
				assert_null(u8_check((const uint8_t *)out, strlen(out)));
				if (sw > cols) {
					size_t el = strlen(ell), rest = strlen(out) - el;
					assert_memory_equal(out, ell, el);
					assert_string_equal(out + el, s + strlen(s) - rest);
					assert_true(w >= cols - 1);
				}
			}
		}
	}
}

/* ------------------------------------------------------------ fit_method */

#define PKG "com.example.app."
#define CLS PKG "MainActivity"
#define SIG "(Landroid/os/Bundle;)V"
/* Widths: PKG 16, MainActivity 12, onCreate 8, SIG 22.
 * full "com.example.app.MainActivity.onCreate (Landroid/os/Bundle;)V" = 60,
 * tail "MainActivity.onCreate (Landroid/os/Bundle;)V" = 44,
 * "MainActivity.onCreate" = 21. */

static const char *fm(const char *cls, const char *name, const char *sig, int cols, int ascii,
                      int want_w)
{
	int w = text_fit_method(cls, name, sig, cols, ascii, fit_out, sizeof fit_out);
	assert_int_equal(w, want_w);
	assert_int_equal(text_width(fit_out), w);
	return fit_out;
}

static void test_fit_method(void **state)
{
	(void)state;
	const char *full = CLS ".onCreate " SIG;
	assert_string_equal(fm(CLS, "onCreate", SIG, 80, 0, 60), full);
	assert_string_equal(fm(CLS, "onCreate", SIG, 60, 0, 60), full);
	/* 59: the signature goes first, to "(…)": 16 + 12 + 1 + 8 + 1 + 3. */
	assert_string_equal(fm(CLS, "onCreate", SIG, 59, 0, 41), CLS ".onCreate (" ELL ")");
	assert_string_equal(fm(CLS, "onCreate", SIG, 41, 0, 41), CLS ".onCreate (" ELL ")");
	assert_string_equal(fm(CLS, "onCreate", SIG, 59, 1, 43), CLS ".onCreate (...)");
	/* Then the package, a segment at a time from the left, each to its
	 * first letter: com (-2), example (-6), app (-2). */
	assert_string_equal(fm(CLS, "onCreate", SIG, 40, 0, 39),
	                    "c.example.app.MainActivity.onCreate (" ELL ")");
	assert_string_equal(fm(CLS, "onCreate", SIG, 38, 0, 33),
	                    "c.e.app.MainActivity.onCreate (" ELL ")");
	assert_string_equal(fm(CLS, "onCreate", SIG, 33, 0, 33),
	                    "c.e.app.MainActivity.onCreate (" ELL ")");
	assert_string_equal(fm(CLS, "onCreate", SIG, 32, 0, 31),
	                    "c.e.a.MainActivity.onCreate (" ELL ")");
	/* Then the package goes: 12 + 1 + 8 + 1 + 3 = 25 ("(...)": 27). */
	assert_string_equal(fm(CLS, "onCreate", SIG, 31, 1, 27), "MainActivity.onCreate (...)");
	assert_string_equal(fm(CLS, "onCreate", SIG, 30, 0, 25), "MainActivity.onCreate (" ELL ")");
	assert_string_equal(fm(CLS, "onCreate", SIG, 25, 0, 25), "MainActivity.onCreate (" ELL ")");
	/* Only when even that is too wide: a cut at the end of the name. The
	 * signature is never cut inside ("(" and an ellipsis): it is left
	 * out, and the ellipsis says so even when the name is whole. */
	assert_string_equal(fm(CLS, "onCreate", SIG, 24, 0, 22), "MainActivity.onCreate" ELL);
	assert_string_equal(fm(CLS, "onCreate", SIG, 22, 0, 22), "MainActivity.onCreate" ELL);
	assert_string_equal(fm(CLS, "onCreate", SIG, 21, 0, 21), "MainActivity.onCreat" ELL);
	assert_string_equal(fm(CLS, "onCreate", SIG, 20, 0, 20), "MainActivity.onCrea" ELL);
	assert_string_equal(fm(CLS, "onCreate", SIG, 5, 0, 5), "Main" ELL);
	assert_string_equal(fm(CLS, "onCreate", SIG, 5, 1, 5), "Main~");
	assert_string_equal(fm(CLS, "onCreate", SIG, 1, 0, 1), ELL);
}

static void test_fit_method_parts(void **state)
{
	(void)state;
	/* No class, no signature, a class without a package, '/' packages. */
	assert_string_equal(fm("", "main", "([Ljava/lang/String;)V", 40, 0, 27),
	                    "main ([Ljava/lang/String;)V");
	assert_string_equal(fm("", "main", "([Ljava/lang/String;)V", 10, 0, 8), "main (" ELL ")");
	assert_string_equal(fm("", "main", "", 40, 0, 4), "main");
	assert_string_equal(fm("a.B", "m", "", 40, 0, 5), "a.B.m");
	/* A one-letter segment cannot shrink: the package goes. */
	assert_string_equal(fm("a.B", "m", "", 4, 0, 3), "B.m");
	assert_string_equal(fm("Foo", "bar", "()V", 40, 0, 11), "Foo.bar ()V");
	/* "()V" is no wider than "(…)": it stays while it fits whole; then
	 * it is left out, never cut ("Foo.bar (" and an ellipsis). */
	assert_string_equal(fm("Foo", "bar", "()V", 10, 0, 8), "Foo.bar" ELL);
	assert_string_equal(fm("Foo", "bar", "()V", 9, 0, 8), "Foo.bar" ELL);
	/* Dalvik's slashes: "com/example/Foo.bar ()V" is 23; the slashes stay. */
	assert_string_equal(fm("com/example/Foo", "bar", "()V", 23, 0, 23), "com/example/Foo.bar ()V");
	assert_string_equal(fm("com/example/Foo", "bar", "()V", 22, 0, 21), "c/example/Foo.bar ()V");
	assert_string_equal(fm("com/example/Foo", "bar", "()V", 19, 0, 15), "c/e/Foo.bar ()V");
	assert_string_equal(fm("com/example/Foo", "bar", "()V", 14, 0, 11), "Foo.bar ()V");
	/* A nested class is one segment; an empty segment stays empty. */
	assert_string_equal(fm("android.os.Handler$Cb", "run", "", 18, 0, 18), "a.o.Handler$Cb.run");
	assert_string_equal(fm("x..Y", "z", "", 5, 0, 3), "Y.z");
}

/* 中文.类名.方法 ()V: package 中文. (5), class 类名 (4), name 方法 (4). */
#define LEI "\xE7\xB1\xBB"   /* 类 */
#define MING "\xE5\x90\x8D"  /* 名 */
#define FANG "\xE6\x96\xB9"  /* 方 */
#define FA "\xE6\xB3\x95"    /* 法 */

static void test_fit_method_cjk(void **state)
{
	(void)state;
	const char *cls = ZH WEN "." LEI MING, *name = FANG FA;
	/* full 18 columns; the package to its first character: 16. */
	assert_string_equal(fm(cls, name, "()V", 18, 0, 18), ZH WEN "." LEI MING "." FANG FA " ()V");
	assert_string_equal(fm(cls, name, "()V", 17, 0, 16), ZH "." LEI MING "." FANG FA " ()V");
	assert_string_equal(fm(cls, name, "()V", 16, 0, 16), ZH "." LEI MING "." FANG FA " ()V");
	/* 15: the package goes (13); 12: the signature too (9 and "…"). */
	assert_string_equal(fm(cls, name, "()V", 15, 0, 13), LEI MING "." FANG FA " ()V");
	assert_string_equal(fm(cls, name, "()V", 12, 0, 10), LEI MING "." FANG FA ELL);
	assert_string_equal(fm(cls, name, "()V", 10, 0, 10), LEI MING "." FANG FA ELL);
	/* 9: cut at the end, on a character boundary. */
	assert_string_equal(fm(cls, name, "()V", 9, 0, 8), LEI MING "." FANG ELL);
	assert_string_equal(fm(cls, name, "()V", 2, 0, 1), ELL);
}

/* cls with every package segment cut to its first character. */
static void abbrev_all(const char *cls, char *out, size_t n)
{
	const char *last = cls;
	for (const char *p = cls; *p; p++)
		if (*p == '.' || *p == '/')
			last = p + 1;
	size_t k = 0;
	int at_start = 1;
	for (const char *p = cls; *p && k + 5 < n; p++) {
		if (p >= last || *p == '.' || *p == '/') {
			out[k++] = *p;
			at_start = *p == '.' || *p == '/';
			continue;
		}
		if (at_start) {
			int len = u8_mblen((const uint8_t *)p, strlen(p));
			len = len < 1 ? 1 : len;
			memcpy(out + k, p, (size_t)len);
			k += (size_t)len;
			p += len - 1;
			at_start = 0;
		}
	}
	out[k] = '\0';
}

/* The rule as invariants over every width. */
static void sweep_method(const char *cls, const char *name, const char *sig, int ascii)
{
	char full[512], small[1100], pkg[256];
	const char *ell = ascii ? "~" : ELL;
	snprintf(full, sizeof full, "%s.%s %s", cls, name, sig);
	abbrev_all(cls, pkg, sizeof pkg);
	snprintf(small, sizeof small, "%s.%s %s", pkg, name, ascii ? "(...)" : "(" ELL ")");
	int fw = text_width(full), sw = text_width(small);
	/* The class alone, without its package. */
	char tail[512];
	const char *only = cls;
	for (const char *c = cls; *c; c++)
		if (*c == '.' || *c == '/')
			only = c + 1;
	snprintf(tail, sizeof tail, "%s.%s %s", only, name, ascii ? "(...)" : "(" ELL ")");
	int tw = text_width(tail), tailhead = tw - (ascii ? 6 : 4);
	for (int cols = 1; cols <= 80; cols++) {
		char out[512];
		int w = text_fit_method(cls, name, sig, cols, ascii, out, sizeof out);
		if (w > cols)
			fail_msg("cols %d: width %d: %s", cols, w, out);
		assert_int_equal(w, text_width(out));
		assert_null(u8_check((const uint8_t *)out, strlen(out)));
		size_t ol = strlen(out), el = strlen(ell);
		int cut = ol >= el && strcmp(out + ol - el, ell) == 0;
		if (cols >= fw)
			assert_string_equal(out, full);
		else if (cols >= sw) {
			/* Never cut: whole name and "(…)", segments whole or one
			 * character. */
			assert_false(cut);
			assert_non_null(strstr(out, name));
			assert_true(w >= sw);
		} else if (cols >= tw) {
			/* Fully abbreviated and still too wide: the package goes. */
			assert_string_equal(out, tail);
		} else {
			/* Then a cut at the end of the name, the signature left
			 * out: no "(" without its ")". */
			assert_true(cut);
			assert_memory_equal(out, tail, ol - el);
			assert_null(memchr(out, '(', ol));
			assert_true(w >= cols - 1 || w == tailhead + 1);  /* a wide character: cols - 1 */
		}
	}
}

static void test_fit_method_sweep(void **state)
{
	(void)state;
	sweep_method(CLS, "onCreate", SIG, 0);
	sweep_method(CLS, "onCreate", SIG, 1);
	sweep_method("java.util.concurrent.ThreadPoolExecutor$Worker", "run", "(Ljava/lang/Object;)V", 0);
	sweep_method("android/os/Looper", "loop", "(Ljava/lang/Object;)V", 1);
	sweep_method(ZH WEN "." LEI MING, FANG FA, "(L" ZH WEN ";)V", 0);
	sweep_method(ZH WEN ".x." LEI MING, FANG FA ZH WEN, "(L" ZH ";)V", 0);
}

/* ------------------------------------------------------------ wrap */

/* Rows break after the last blank that fits, a word whole on the next
 * row, the blanks between left out; a word wider than a row is cut. */
static void test_wrap_words(void **state)
{
	(void)state;
	size_t skip;
	assert_int_equal(text_wrap_words("abc def ghi", 5, &skip), 3);
	assert_int_equal(skip, 1);
	assert_int_equal(text_wrap_words("abc def ghi", 7, &skip), 7);  /* "abc def" */
	assert_int_equal(skip, 1);
	assert_int_equal(text_wrap_words("ab  cd", 3, &skip), 2);
	assert_int_equal(skip, 2);
	assert_int_equal(text_wrap_words("abcdefgh ij", 5, &skip), 5);
	assert_int_equal(skip, 0);
	assert_int_equal(text_wrap_words(" abcdefgh", 4, &skip), 4);
	assert_int_equal(text_wrap_words("abc", 5, &skip), 3);
	assert_int_equal(skip, 0);
	/* 中文 is 4 columns: "a 中文" breaks after "a" at 4. */
	assert_int_equal(text_wrap_words("a " ZH WEN, 4, &skip), 1);
	assert_int_equal(skip, 1);
	assert_int_equal(text_rows_words("abc def ghi", 5), 3);
	assert_int_equal(text_rows_words("abc def ghi", 7), 2);
	assert_int_equal(text_rows("abc def ghi", 5), 3);
	assert_int_equal(text_rows_words("", 5), 1);
}

/* ------------------------------------------------------------ pad */

/* A buffer smaller than the text cuts on a character boundary and the
 * returned width is what was written. */
static void test_fit_small_buffer(void **state)
{
	(void)state;
	char out[16];
	int w = text_fit("\xE4\xB8\xAD\xE6\x96\x87\xE5\xAD\x97\xE7\xAC\xA6", 5, 0, out, 6);
	/* 6 bytes hold one CJK character (3) and the ellipsis (3) with no NUL
	 * room for more: "中…" is 6 bytes, so only "…" plus nothing fits. */
	assert_true(strlen(out) < 6);
	assert_int_equal(w, text_width(out));
	for (size_t i = 0; out[i]; i++)  /* never a lone lead byte at the end */
		if ((unsigned char)out[i] == 0xE4)
			assert_true(out[i + 1] && out[i + 2]);
	w = text_fit("hello world", 8, 0, out, 4);
	assert_int_equal(w, text_width(out));
	assert_true(strlen(out) <= 3);
	w = text_fit("hello world", 8, 1, out, 4);
	assert_string_equal(out, "he~");
	assert_int_equal(w, 3);
}

/* Cutting on the left drops a combining mark with its base character. */
static void test_fit_left_combining(void **state)
{
	(void)state;
	char out[32];
	int w = text_fit_left("xe\xCC\x81y", 2, 0, out, sizeof out);
	assert_string_equal(out, "\xE2\x80\xA6y");
	assert_int_equal(w, 2);
}

static void test_pad(void **state)
{
	(void)state;
	char out[10] = "ab";
	text_pad(out, sizeof out, 2, 5);
	assert_string_equal(out, "ab   ");
	strcpy(out, ZH);          /* 3 bytes, 2 columns */
	text_pad(out, sizeof out, 2, 4);
	assert_string_equal(out, ZH "  ");
	strcpy(out, "abc");
	text_pad(out, sizeof out, 3, 3);
	assert_string_equal(out, "abc");
	text_pad(out, sizeof out, 3, 1);
	assert_string_equal(out, "abc");
	/* The buffer bounds the padding. */
	strcpy(out, "ab");
	text_pad(out, 4, 2, 9);
	assert_string_equal(out, "ab ");
	strcpy(out, "ab");
	text_pad(out, sizeof out, 2, 40);
	assert_string_equal(out, "ab       ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_small_buffer),
		cmocka_unit_test(test_fit_left_combining),
		cmocka_unit_test(test_escape_plain),
		cmocka_unit_test(test_escape_controls),
		cmocka_unit_test(test_escape_c1),
		cmocka_unit_test(test_escape_invalid),
		cmocka_unit_test(test_escape_invisible),
		cmocka_unit_test(test_escape_printable),
		cmocka_unit_test(test_escape_ascii),
		cmocka_unit_test(test_escape_all_bytes),
		cmocka_unit_test(test_escape_random),
		cmocka_unit_test(test_escape_small_buffer),
		cmocka_unit_test(test_width),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_fit_cjk_ascii),
		cmocka_unit_test(test_fit_left),
		cmocka_unit_test(test_fit_sweep),
		cmocka_unit_test(test_fit_method),
		cmocka_unit_test(test_fit_method_parts),
		cmocka_unit_test(test_fit_method_cjk),
		cmocka_unit_test(test_fit_method_sweep),
		cmocka_unit_test(test_wrap_words),
		cmocka_unit_test(test_pad),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
