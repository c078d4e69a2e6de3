/* text.c: escaping and column-exact truncation (see text.h). */
#include "text.h"

#include "textesc.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unictype.h>
#include <unistr.h>
#include <uniwidth.h>

/* Characters a terminal cannot be trusted to draw, escaped beyond the
 * rule every output shares (textesc.h): format and separator characters,
 * private use, unassigned, and those with no display width. */
static int text_hidden(uint32_t uc)
{
	return uc_is_general_category(uc, UC_CATEGORY_Cf) ||
	       uc_is_general_category(uc, UC_CATEGORY_Zl) ||
	       uc_is_general_category(uc, UC_CATEGORY_Zp) ||
	       uc_is_general_category(uc, UC_CATEGORY_Co) ||
	       uc_is_general_category(uc, UC_CATEGORY_Cn) ||
	       uc_width(uc, "UTF-8") < 0;
}

static int text_hidden_ascii(uint32_t uc)
{
	return uc >= 0x80 || text_hidden(uc);
}

size_t text_escape(const char *s, size_t len, int ascii, char *out, size_t size)
{
	return textesc_text_buf(s, len, ascii ? text_hidden_ascii : text_hidden, out, size);
}

/* Width and length of the character at s (valid UTF-8 assumed; a bad byte
 * counts as one column so measuring never stalls). */
static int text_char(const char *s, int *bytes)
{
	ucs4_t uc;
	int n = u8_mbtoucr(&uc, (const uint8_t *)s, strnlen(s, 4));
	if (n < 1) {
		*bytes = 1;
		return 1;
	}
	*bytes = n;
	int w = uc_width(uc, "UTF-8");
	return w < 0 ? 1 : w;
}

int text_width(const char *s)
{
	int w = 0, n;
	for (; *s; s += n)
		w += text_char(s, &n);
	return w;
}

static void text_copy(const char *s, size_t n, char *out, size_t size)
{
	if (!size)
		return;
	if (n >= size)
		n = size - 1;
	memcpy(out, s, n);
	out[n] = '\0';
}

/* Bytes of s to keep so the text fits in cols columns and bytes bytes,
 * cut on a character boundary; *w receives its width. */
static size_t text_prefix(const char *s, int cols, size_t bytes, int *w)
{
	const char *p = s;
	int used = 0, n;
	while (*p) {
		int cw = text_char(p, &n);
		if (used + cw > cols || (size_t)(p - s) + (size_t)n > bytes)
			break;
		used += cw;
		p += n;
	}
	*w = used;
	return (size_t)(p - s);
}

int text_fit(const char *s, int cols, int ascii, char *out, size_t size)
{
	int w;
	if (!size)
		return 0;
	if (cols <= 0) {
		out[0] = '\0';
		return 0;
	}
	size_t all = strlen(s);
	size_t keep = text_prefix(s, cols, size - 1, &w);
	if (keep == all) {
		text_copy(s, keep, out, size);
		return w;
	}
	/* Cut: leave room for the ellipsis in columns and in bytes. */
	const char *ell = ascii ? "~" : "\xE2\x80\xA6";
	size_t el = strlen(ell);
	if (size < el + 1) {
		out[0] = '\0';
		return 0;
	}
	keep = text_prefix(s, cols - 1, size - 1 - el, &w);
	memcpy(out, s, keep);
	memcpy(out + keep, ell, el + 1);
	return w + 1;
}

int text_fit_left(const char *s, int cols, int ascii, char *out, size_t size)
{
	int w = text_width(s);
	if (!size)
		return 0;
	if (cols <= 0) {
		out[0] = '\0';
		return 0;
	}
	if (w <= cols && strlen(s) < size) {
		text_copy(s, strlen(s), out, size);
		return w;
	}
	/* Drop characters from the front until the rest fits beside "…",
	 * then any zero-width marks that belonged to the dropped character. */
	const char *ell = ascii ? "~" : "\xE2\x80\xA6";
	size_t el = strlen(ell);
	const char *p = s;
	int n;
	while (*p && (w > cols - 1 || strlen(p) + el + 1 > size)) {
		w -= text_char(p, &n);
		p += n;
	}
	while (*p) {
		ucs4_t uc;
		int k = u8_mbtoucr(&uc, (const uint8_t *)p, strnlen(p, 4));
		if (k < 1 || uc_width(uc, "UTF-8") != 0)
			break;
		p += k;
	}
	if (size < el + 1) {
		out[0] = '\0';
		return 0;
	}
	memcpy(out, ell, el);
	text_copy(p, strlen(p), out + el, size - el);
	return w + 1;
}

int text_fit_method(const char *cls, const char *name, const char *sig, int cols, int ascii,
                    char *out, size_t size)
{
	char full[4200], tail[2048];
	const char *dot = strrchr(cls, '.');
	if (!dot)
		dot = strrchr(cls, '/');
	const char *simple = dot ? dot + 1 : cls;
	size_t pkglen = dot ? (size_t)(dot - cls) + 1 : 0;

	snprintf(full, sizeof full, "%s%s%s%s%s", cls, *cls ? "." : "", name, *sig ? " " : "", sig);
	if (text_width(full) <= cols)
		return text_fit(full, cols, ascii, out, size);
	snprintf(tail, sizeof tail, "%s%s%s%s%s", simple, *simple ? "." : "", name,
	         *sig ? " " : "", sig);
	int tw = text_width(tail);
	if (pkglen && tw + 2 <= cols) {
		/* Keep the end of the package: "…e.pkg.Class.method sig". */
		char pkg[2048];
		text_copy(cls, pkglen, pkg, sizeof pkg);
		int room = cols - tw;
		char cut[2048];
		text_fit_left(pkg, room, ascii, cut, sizeof cut);
		snprintf(full, sizeof full, "%s%s", cut, tail);
		return text_fit(full, cols, ascii, out, size);
	}
	if (tw <= cols)
		return text_fit(tail, cols, ascii, out, size);
	/* Without the signature, cut the class on the left, then the name. */
	snprintf(tail, sizeof tail, "%s%s%s", simple, *simple ? "." : "", name);
	tw = text_width(tail);
	if (tw < cols && *sig) {
		char head[4200];
		snprintf(head, sizeof head, "%s %s", tail, sig);
		return text_fit(head, cols, ascii, out, size);
	}
	if (text_width(name) + 2 <= cols)
		return text_fit_left(tail, cols, ascii, out, size);
	return text_fit(name, cols, ascii, out, size);
}

void text_pad(char *out, size_t size, int w, int cols)
{
	size_t len = strlen(out);
	while (w < cols && len + 1 < size) {
		out[len++] = ' ';
		w++;
	}
	out[len] = '\0';
}
