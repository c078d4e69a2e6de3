/* text.h: making trace strings safe and measuring them in terminal columns.
 *
 * Every string from a trace passes through text_escape() before it is
 * drawn: control bytes, C1 controls, invalid UTF-8 and invisible format
 * characters (bidi marks, zero-width joiners) become visible escapes, so no
 * trace can move the cursor, change colours or reorder text. Widths are
 * display columns (libunistring), never bytes, so CJK and emoji names are
 * cut on character boundaries at the right column.
 *
 * No curses here: these functions write into caller buffers and can be unit
 * tested. Output is always NUL-terminated when size > 0.
 */
#ifndef TV_TEXT_H
#define TV_TEXT_H

#include <stddef.h>

/* Escape len bytes of s into out by the rule every output shares
 * (textesc_text(): "\xhh" for control bytes, C1 controls and invalid
 * UTF-8, "\u{HHHH}" for invisible characters, "\\" for a backslash),
 * plus "\u{HHHH}" for what a terminal cannot draw (private use,
 * unassigned, no width) and, with ascii, every non-ASCII character.
 * Returns the bytes written (excluding the NUL); stops early at a whole
 * escape when out is too small. */
size_t text_escape(const char *s, size_t len, int ascii, char *out, size_t size);

/* Display columns of an escaped (valid UTF-8) string. */
int text_width(const char *s);

/* Copy s into out, cut to at most cols columns; a cut string ends with an
 * ellipsis ("…", or "~" with ascii). Returns the columns used. */
int text_fit(const char *s, int cols, int ascii, char *out, size_t size);

/* Same, but cut on the left: "…tail". */
int text_fit_left(const char *s, int cols, int ascii, char *out, size_t size);

/* The ellipsis of a cut text and the mark of left-out parts ("(…)" for a
 * signature), each with its ASCII twin; draw.c's symbol table uses the
 * same strings. */
#define TEXT_ELLIPSIS "\xE2\x80\xA6"
#define TEXT_ELLIPSIS_ASCII "~"
#define TEXT_MORE "\xE2\x80\xA6"
#define TEXT_MORE_ASCII "..."

/* A method's name in at most cols columns, by the one rule every pane
 * uses (docs/ui.md "Long names"): "pkg.Class.method sig" when it fits;
 * else the signature becomes "(…)" (when that is shorter); then package
 * segments, separated by '.' or '/', are abbreviated to their first
 * character from the left, as far as needed ("a.o.Handler.method (…)"),
 * never cut inside; then the package is left out ("Handler.method (…)");
 * only when even that is too wide is it cut at the end of the name with
 * an ellipsis, the signature left out rather than cut inside (never a
 * "(" without its ")"; "Handler.meth…", "Handler.method…"). Inputs are
 * escaped strings; cls and sig may be "". Returns the columns used. */
int text_fit_method(const char *cls, const char *name, const char *sig, int cols, int ascii,
                    char *out, size_t size);

/* Bytes of s that fill at most cols columns (at least one character when
 * s is not empty and cols > 0), for wrapping a long line. */
size_t text_wrap(const char *s, int cols);

/* The same, broken after the last blank that fits, so that a word (a
 * name) is never split, unless one word fills the row alone (then as
 * text_wrap()); *skip receives the blanks after the break, which the
 * next row leaves out. */
size_t text_wrap_words(const char *s, int cols, size_t *skip);

/* Rows s takes wrapped at cols columns (1 for ""); by words, as
 * text_wrap_words() breaks them. */
int text_rows(const char *s, int cols);
int text_rows_words(const char *s, int cols);

/* Pad out (holding a string of width w) with spaces up to cols columns. */
void text_pad(char *out, size_t size, int w, int cols);

#endif
