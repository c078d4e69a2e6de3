/* fuzz_text.c: the sanitisers and column fitting every trace string goes
 * through before it is shown (tui/draw/text.h) or written (src/textesc.h).
 *
 * Input: byte 0 gives the columns (-4..251), byte 1 the flags (bit 0
 * ascii) and the size of the escape buffer, bytes 2-3 where the rest is
 * cut into class, name and signature. Invariants checked: escaped text
 * holds no control byte and is valid UTF-8 (ASCII with ascii), fitted text
 * is at most cols wide and fits its buffer, the textesc writers let no
 * control byte through (JSON: none at all, text/CSV: none but the quote
 * rules), and textesc_utf8_len stays within what it was given.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "draw/text.h"
#include "base/textesc.h"

void fuzz_text_init(void)
{
}

/* No control byte, and well-formed UTF-8 all through. */
static void tx_clean(const char *s, size_t len, int ascii)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		FUZZ_CHECK(u[i] >= 0x20 && u[i] != 0x7f);
		FUZZ_CHECK(!ascii || u[i] < 0x80);
		size_t n = textesc_utf8_len(u + i, len - i);
		FUZZ_CHECK(n >= 1 && n <= len - i);
		i += n;
	}
}

/* One fitting result: w columns claimed, out of size bytes. */
static void tx_fitted(const char *out, size_t size, int w, int cols)
{
	size_t n = strlen(out);
	FUZZ_CHECK(n < size);
	FUZZ_CHECK(w >= 0 && w <= (cols > 0 ? cols : 0));
	FUZZ_CHECK(text_width(out) <= (cols > 0 ? cols : 0));
}

static void tx_escape_fit(const char *s, size_t len, int cols, int ascii, size_t escsize)
{
	char esc[8192], out[1024];
	size_t n = text_escape(s, len, ascii, esc, escsize);
	FUZZ_CHECK(n < escsize && n == strlen(esc));
	tx_clean(esc, n, ascii);
	FUZZ_CHECK(text_width(esc) >= 0);
	size_t outsize = 1 + (size_t)(cols > 0 ? cols : 0) * 4 % sizeof out;
	tx_fitted(out, outsize, text_fit(esc, cols, ascii, out, outsize), cols);
	tx_fitted(out, sizeof out, text_fit(esc, cols, ascii, out, sizeof out), cols);
	tx_fitted(out, outsize, text_fit_left(esc, cols, ascii, out, outsize), cols);
	tx_fitted(out, sizeof out, text_fit_left(esc, cols, ascii, out, sizeof out), cols);
}

/* The three parts as the UI has them: escaped into 1 KiB each. */
static void tx_method(const char *s, size_t len, size_t cut1, size_t cut2, int cols, int ascii)
{
	char cls[1024], name[1024], sig[1024], out[1024];
	text_escape(s, cut1, ascii, cls, sizeof cls);
	text_escape(s + cut1, cut2 - cut1, ascii, name, sizeof name);
	text_escape(s + cut2, len - cut2, ascii, sig, sizeof sig);
	tx_fitted(out, sizeof out, text_fit_method(cls, name, sig, cols, ascii, out, sizeof out),
	          cols);
	tx_fitted(out, 16, text_fit_method(cls, name, sig, cols, ascii, out, 16), cols);
}

/* Runs one textesc writer into memory and hands back what it wrote. */
static char *tx_capture(void (*fn)(FILE *, const char *, size_t), const char *s, size_t len,
                        size_t *outlen)
{
	char *p = NULL;
	FILE *f = open_memstream(&p, outlen);
	if (!f)
		__builtin_trap();
	fn(f, s, len);
	if (fclose(f) != 0)
		__builtin_trap();
	return p;
}

static void tx_textesc(const char *s, size_t len)
{
	size_t n;
	char *o = tx_capture(textesc_json, s, len, &n);
	FUZZ_CHECK(n >= 2 && o[0] == '"' && o[n - 1] == '"');
	tx_clean(o, n, 0);
	free(o);
	o = tx_capture(textesc_text, s, len, &n);
	tx_clean(o, n, 0);
	free(o);
	o = tx_capture(textesc_csv, s, len, &n);
	tx_clean(o, n, 0);
	free(o);
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len; i++)
		FUZZ_CHECK(textesc_utf8_len(u + i, len - i) <= len - i);
}

void fuzz_text_one(const uint8_t *buf, size_t len)
{
	if (len < 4)
		return;
	int cols = (int)buf[0] - 4;
	int ascii = buf[1] & 1;
	size_t escsize = 1 + (size_t)(buf[1] >> 1) * 64;
	const char *s = (const char *)buf + 4;
	size_t n = len - 4;
	size_t cut1 = n ? buf[2] % (n + 1) : 0;
	size_t cut2 = cut1 + (n - cut1 ? buf[3] % (n - cut1 + 1) : 0);
	tx_escape_fit(s, n, cols, ascii, escsize);
	tx_escape_fit(s, n, cols, ascii, 8192);
	tx_method(s, n, cut1, cut2, cols, ascii);
	tx_textesc(s, n);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(text)
#endif
