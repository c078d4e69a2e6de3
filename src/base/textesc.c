/* textesc.c: escaping of trace strings (see textesc.h). */
#include "base/textesc.h"

#include <string.h>

#include "base/outbuf.h"

size_t textesc_utf8_len(const unsigned char *s, size_t len)
{
	unsigned char c = s[0];
	size_t n;
	unsigned char lo = 0x80, hi = 0xBF;   /* bounds of the second byte */

	if (c < 0x80)
		return 1;
	if (c < 0xC2)
		return 0;                     /* continuation or overlong lead */
	if (c < 0xE0)
		n = 2;
	else if (c < 0xF0) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;            /* overlong */
		else if (c == 0xED)
			hi = 0x9F;            /* surrogates */
	} else if (c < 0xF5) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;            /* overlong */
		else if (c == 0xF4)
			hi = 0x8F;            /* above U+10FFFF */
	} else
		return 0;
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return n;
}

/* What the byte at s starts, for every format alike. */
enum textesc_kind { TEXTESC_SAFE, TEXTESC_CONTROL, TEXTESC_C1, TEXTESC_INVALID, TEXTESC_INVISIBLE };

/* Code point of the well-formed sequence s[0..n), n 1..4. */
static unsigned textesc_cp(const unsigned char *s, size_t n)
{
	if (n == 1)
		return s[0];
	unsigned cp = s[0] & (0x7Fu >> n);
	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3Fu);
	return cp;
}

/* Invisible format characters (Unicode general categories Cf, Zl, Zp):
 * bidi overrides and marks, zero-width characters, the BOM, tags. Shown
 * raw they reorder or hide text. */
static int textesc_invisible(unsigned cp)
{
	static const unsigned ranges[][2] = {
		{0x00AD, 0x00AD}, {0x0600, 0x0605}, {0x061C, 0x061C}, {0x06DD, 0x06DD},
		{0x070F, 0x070F}, {0x0890, 0x0891}, {0x08E2, 0x08E2}, {0x180E, 0x180E},
		{0x200B, 0x200F}, {0x2028, 0x202E}, {0x2060, 0x2064}, {0x2066, 0x206F},
		{0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
		{0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A},
		{0xE0001, 0xE0001}, {0xE0020, 0xE007F},
	};
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (cp >= ranges[i][0] && cp <= ranges[i][1])
			return 1;
	return 0;
}

static enum textesc_kind textesc_classify(const unsigned char *s, size_t len, size_t *n)
{
	if (s[0] < 0x80) {
		*n = 1;
		return s[0] < 0x20 || s[0] == 0x7F ? TEXTESC_CONTROL : TEXTESC_SAFE;
	}
	*n = textesc_utf8_len(s, len);
	if (*n == 0) {
		*n = 1;
		return TEXTESC_INVALID;
	}
	if (*n == 2 && s[0] == 0xC2 && s[1] <= 0x9F)
		return TEXTESC_C1;
	return textesc_invisible(textesc_cp(s, *n)) ? TEXTESC_INVISIBLE : TEXTESC_SAFE;
}

static const char textesc_hex[] = "0123456789abcdef";

/* Where escaped text goes: a stream, an outbuf, or a bounded buffer that
 * takes nothing more once a piece did not fit (no escape is ever cut). */
struct textesc_out {
	FILE *f;
	struct outbuf *ob;
	char *buf;
	size_t size, pos;
	int full;
};

static void textesc_put(struct textesc_out *o, const void *p, size_t n)
{
	if (o->ob) {
		outbuf_write(o->ob, p, n);
		return;
	}
	if (o->f) {
		fwrite(p, 1, n, o->f);
		return;
	}
	if (o->full || o->pos + n + 1 > o->size) {
		o->full = 1;
		return;
	}
	memcpy(o->buf + o->pos, p, n);
	o->pos += n;
}

static void textesc_putc(struct textesc_out *o, char c)
{
	if (o->ob)
		outbuf_putc(o->ob, c);
	else if (o->f)
		putc(c, o->f);
	else
		textesc_put(o, &c, 1);
}

/* Printable ASCII but the quote and the backslash: the same in every
 * format, so runs of plain names skip the classification. */
static int textesc_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
}

/* The end of the run of plain bytes from s[i]: eight at a time with the
 * bit tricks of "Bit Twiddling Hacks" (any byte below 0x20, above 0x7E,
 * or equal to '"' or '\\' stops a word), then one at a time. */
static size_t textesc_plain_run(const unsigned char *s, size_t i, size_t len)
{
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
	for (; len - i >= 8; i += 8) {
		uint64_t w, q, b;
		memcpy(&w, s + i, 8);
		q = w ^ (ones * '"');
		b = w ^ (ones * '\\');
		uint64_t stop = ((w - ones * 0x20) & ~w) |          /* below 0x20 */
		                ((w + ones * (0x7F - 0x7E)) | w) |  /* above 0x7E */
		                ((q - ones) & ~q) | ((b - ones) & ~b);
		if (stop & high)
			break;
	}
	while (i < len && textesc_plain(s[i]))
		i++;
	return i;
}

/* Writes "\u00XX"-style escapes of a code point below 0x10000. */
static void textesc_json_u(struct textesc_out *o, unsigned cp)
{
	char b[6] = { '\\', 'u', textesc_hex[(cp >> 12) & 15], textesc_hex[(cp >> 8) & 15],
	              textesc_hex[(cp >> 4) & 15], textesc_hex[cp & 15] };
	textesc_put(o, b, sizeof b);
}

static void textesc_json_control(struct textesc_out *o, unsigned char c)
{
	switch (c) {
	case '\b': textesc_put(o, "\\b", 2); return;
	case '\f': textesc_put(o, "\\f", 2); return;
	case '\n': textesc_put(o, "\\n", 2); return;
	case '\r': textesc_put(o, "\\r", 2); return;
	case '\t': textesc_put(o, "\\t", 2); return;
	default: textesc_json_u(o, c); return;
	}
}

static void textesc_json_to(struct textesc_out *o, const char *str, size_t len)
{
	if (!str) {
		textesc_put(o, "null", 4);
		return;
	}
	const unsigned char *s = (const unsigned char *)str;
	size_t run = 0, i = 0;   /* safe bytes s[run..i) not yet written */

	textesc_putc(o, '"');
	while (i < len) {
		if (textesc_plain(s[i])) {
			i = textesc_plain_run(s, i, len);
			continue;
		}
		size_t n;
		enum textesc_kind k = textesc_classify(s + i, len - i, &n);
		/* Invisible characters (U+2028 and U+2029 among them, legal in
		 * JSON but not in JavaScript strings) are escaped too. */
		int special = k != TEXTESC_SAFE || s[i] == '"' || s[i] == '\\';
		if (!special) {
			i += n;
			continue;
		}
		textesc_put(o, s + run, i - run);
		if (k == TEXTESC_CONTROL)
			textesc_json_control(o, s[i]);
		else if (k == TEXTESC_C1)
			textesc_json_u(o, s[i + 1]);
		else if (k == TEXTESC_INVALID)
			textesc_put(o, "\\ufffd", 6);
		else if (k == TEXTESC_INVISIBLE) {
			unsigned cp = textesc_cp(s + i, n);
			if (cp >= 0x10000) {   /* a surrogate pair */
				textesc_json_u(o, 0xD800u + ((cp - 0x10000u) >> 10));
				cp = 0xDC00u + (cp & 0x3FFu);
			}
			textesc_json_u(o, cp);
		} else {
			textesc_putc(o, '\\');
			textesc_putc(o, (char)s[i]);
		}
		i += n;
		run = i;
	}
	textesc_put(o, s + run, i - run);
	textesc_putc(o, '"');
}

void textesc_json(FILE *out, const char *s, size_t len)
{
	struct textesc_out o = { .f = out };
	textesc_json_to(&o, s, len);
}

void textesc_json_ob(struct outbuf *ob, const char *s, size_t len)
{
	struct textesc_out o = { .ob = ob };
	textesc_json_to(&o, s, len);
}

static void textesc_hex_bytes(struct textesc_out *o, const unsigned char *s, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		char b[4] = { '\\', 'x', textesc_hex[s[j] >> 4], textesc_hex[s[j] & 15] };
		textesc_put(o, b, sizeof b);
	}
}

static void textesc_cp_braced(struct textesc_out *o, unsigned cp)
{
	char b[16];
	int n = snprintf(b, sizeof b, "\\u{%04X}", cp);
	textesc_put(o, b, (size_t)n);
}

/* The text escaping; dquote doubles '"' for inside a quoted CSV field;
 * hide (may be NULL) names more characters to write as \u{HHHH}. */
static void textesc_text_to(struct textesc_out *o, const unsigned char *s, size_t len, int dquote,
                            textesc_hide_fn hide)
{
	size_t run = 0, i = 0;

	while (i < len && !o->full) {
		if (!hide && textesc_plain(s[i])) {
			i = textesc_plain_run(s, i, len);
			continue;
		}
		size_t n;
		enum textesc_kind k = textesc_classify(s + i, len - i, &n);
		if (k == TEXTESC_SAFE && hide && hide(textesc_cp(s + i, n)))
			k = TEXTESC_INVISIBLE;
		if (k == TEXTESC_SAFE && s[i] != '\\' && !(dquote && s[i] == '"')) {
			i += n;
			continue;
		}
		textesc_put(o, s + run, i - run);
		if (k == TEXTESC_INVISIBLE)
			textesc_cp_braced(o, textesc_cp(s + i, n));
		else if (k != TEXTESC_SAFE)
			textesc_hex_bytes(o, s + i, n);
		else if (s[i] == '\\')
			textesc_put(o, "\\\\", 2);
		else
			textesc_put(o, "\"\"", 2);
		i += n;
		run = i;
	}
	textesc_put(o, s + run, i - run);
}

void textesc_text(FILE *out, const char *s, size_t len)
{
	struct textesc_out o = { .f = out };
	if (s)
		textesc_text_to(&o, (const unsigned char *)s, len, 0, NULL);
}

void textesc_text_ob(struct outbuf *ob, const char *s, size_t len)
{
	struct textesc_out o = { .ob = ob };
	if (s)
		textesc_text_to(&o, (const unsigned char *)s, len, 0, NULL);
}

size_t textesc_text_buf(const char *s, size_t len, textesc_hide_fn hide, char *out, size_t size)
{
	struct textesc_out o = { .buf = out, .size = size };
	if (!size)
		return 0;
	/* Piece by piece, so a character or escape that does not fit ends the
	 * text instead of being cut. */
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; s && i < len && !o.full;) {
		size_t n = textesc_utf8_len(u + i, len - i);
		n = n ? n : 1;
		size_t keep = o.pos;
		textesc_text_to(&o, u + i, n, 0, hide);
		if (o.full)
			o.pos = keep;
		i += n;
	}
	out[o.pos] = '\0';
	return o.pos;
}

static void textesc_csv_to(struct textesc_out *o, const char *s, size_t len)
{
	if (!s)
		return;
	/* CR and LF never stay raw (they become \x0d, \x0a), so only a comma
	 * or a quote needs quoting. */
	int quote = memchr(s, ',', len) || memchr(s, '"', len);
	if (quote)
		textesc_putc(o, '"');
	textesc_text_to(o, (const unsigned char *)s, len, quote, NULL);
	if (quote)
		textesc_putc(o, '"');
}

void textesc_csv(FILE *out, const char *s, size_t len)
{
	struct textesc_out o = { .f = out };
	textesc_csv_to(&o, s, len);
}

void textesc_csv_ob(struct outbuf *ob, const char *s, size_t len)
{
	struct textesc_out o = { .ob = ob };
	textesc_csv_to(&o, s, len);
}
