/* text.c: escaping and column-exact truncation (see text.h). */
#include "draw/text.h"

#include "base/textesc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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
	const char *ell = ascii ? TEXT_ELLIPSIS_ASCII : TEXT_ELLIPSIS;
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
	const char *ell = ascii ? TEXT_ELLIPSIS_ASCII : TEXT_ELLIPSIS;
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

/* Is c a package separator (dotted or Dalvik's slashed class names)? */
static int text_is_sep(char c)
{
	return c == '.' || c == '/';
}

/* "cls.name sig" into out (sized for it). */
static void text_join(char *out, size_t size, const char *cls, const char *name, const char *sig)
{
	snprintf(out, size, "%s%s%s%s%s", cls, *cls ? "." : "", name, *sig ? " " : "", sig);
}

/* Abbreviate cls's package segments in place, from the left, to their
 * first character until the whole is at most cols wide (*w, the width of
 * the whole, is kept up to date); the last segment (the class) stays. */
static void text_abbrev_pkg(char *cls, int cols, int *w)
{
	char *seg = cls;
	for (char *p = cls; *p && *w > cols; p++) {
		if (!text_is_sep(*p))
			continue;
		int n;
		if (p > seg) {
			text_char(seg, &n);
			if (seg + n < p) {
				/* Keep the segment's first character only. */
				char sep = *p;
				*p = '\0';
				*w -= text_width(seg + n);
				*p = sep;
				memmove(seg + n, p, strlen(p) + 1);
				p = seg + n;
			}
		}
		seg = p + 1;
	}
}

int text_fit_method(const char *cls, const char *name, const char *sig, int cols, int ascii,
                    char *out, size_t size)
{
	size_t need = strlen(cls) + strlen(name) + strlen(sig) + 16;
	char *full = malloc(need), *pkg = malloc(strlen(cls) + 1);
	int w;
	if (!full || !pkg) {
		free(full);
		free(pkg);
		return text_fit(name, cols, ascii, out, size);
	}
	/* 1. The whole name. 2. The signature as "(…)", when that is shorter.
	 * 3. Package segments to their first character, from the left, as far
	 * as needed ("a.o.Handler.dispatchMessage (…)"): never inside a
	 * segment; then the package left out ("Handler.dispatchMessage (…)").
	 * 4. Only then a cut at the end of the name. A signature is never cut
	 * inside (a "(…" lost its closing parenthesis): the name needs the
	 * room, so the signature is left out, and an ellipsis always says
	 * so: "Handler.dispatchMessage…", "Handler.dispatchMe…". */
	text_join(full, need, cls, name, sig);
	w = text_width(full);
	if (w > cols && *sig) {
		const char *dots = ascii ? "(" TEXT_MORE_ASCII ")" : "(" TEXT_MORE ")";
		if (text_width(dots) < text_width(sig)) {
			sig = dots;
			text_join(full, need, cls, name, sig);
			w = text_width(full);
		}
	}
	if (w > cols) {
		memcpy(pkg, cls, strlen(cls) + 1);
		text_abbrev_pkg(pkg, cols, &w);
		text_join(full, need, pkg, name, sig);
	}
	const char *cls_only = cls;
	for (const char *c = cls; *c; c++)
		if (text_is_sep(*c))
			cls_only = c + 1;
	if (text_width(full) > cols)
		text_join(full, need, cls_only, name, sig);
	if (text_width(full) <= cols) {
		w = text_fit(full, cols, ascii, out, size);
	} else {
		text_join(full, need, cls_only, name, "");
		strcat(full, ascii ? TEXT_ELLIPSIS_ASCII : TEXT_ELLIPSIS);  /* need has room */
		w = text_fit(full, cols, ascii, out, size);
	}
	free(full);
	free(pkg);
	return w;
}

size_t text_wrap(const char *s, int cols)
{
	int w, n;
	size_t k = text_prefix(s, cols, strlen(s), &w);
	if (!k && *s && cols > 0) {
		text_char(s, &n);  /* a wide character in one column */
		k = (size_t)n;
	}
	return k;
}

size_t text_wrap_words(const char *s, int cols, size_t *skip)
{
	size_t k = text_wrap(s, cols), at = k;
	*skip = 0;
	if (!s[k])
		return k;
	if (s[k] != ' ') {  /* inside a word: back to its start */
		while (at > 0 && s[at - 1] != ' ')
			at--;
		if (!at)
			return k;  /* one word wider than the row: cut inside */
	}
	while (at > 0 && s[at - 1] == ' ')  /* the row ends with a word */
		at--;
	if (!at)
		return k;
	while (s[at + *skip] == ' ')
		(*skip)++;
	return at;
}

/* Rows s takes, wrapped by chars or by words. */
static int text_count_rows(const char *s, int cols, int words)
{
	int rows = 1;
	size_t len = strlen(s), skip = 0;
	for (;;) {
		size_t k = words ? text_wrap_words(s, cols, &skip) : text_wrap(s, cols);
		if (k + skip >= len || !k)
			return rows;
		s += k + skip;
		len -= k + skip;
		rows++;
	}
}

int text_rows(const char *s, int cols)
{
	return text_count_rows(s, cols, 0);
}

int text_rows_words(const char *s, int cols)
{
	return text_count_rows(s, cols, 1);
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
