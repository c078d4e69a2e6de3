/* textesc.h: safe output of trace strings.
 *
 * Strings from a trace are arbitrary bytes (control bytes, invalid UTF-8,
 * NUL). These writers make them safe for each report format; none of them
 * fails on its own: write errors stay in the stream (check ferror()) or
 * the outbuf (outbuf_finish()). Each format has one rule, written to a
 * stream (textesc_json) or to an outbuf (textesc_json_ob) alike.
 */
#ifndef TV_TEXTESC_H
#define TV_TEXTESC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct outbuf;

/* Length (1..4) of the well-formed UTF-8 sequence at s (RFC 3629: no
 * overlongs, surrogates or values above U+10FFFF), 0 when s[0] starts none.
 * Reads at most len bytes; len must be at least 1. */
size_t textesc_utf8_len(const unsigned char *s, size_t len);

/* A JSON string literal per RFC 8259, quotes included, or null when s is
 * NULL. Control bytes, DEL, C1 controls and invisible format characters
 * (bidi marks and overrides, zero-width characters, BOM, U+2028/U+2029:
 * Unicode categories Cf, Zl, Zp) become \uXXXX; each byte of invalid
 * UTF-8 becomes \ufffd, so the output is always valid UTF-8. */
void textesc_json(FILE *out, const char *s, size_t len);
void textesc_json_ob(struct outbuf *ob, const char *s, size_t len);

/* The bytes of s for people: backslash as \\, control bytes (below 0x20,
 * DEL, C1 controls U+0080..U+009F) and each byte of invalid UTF-8 as \xHH,
 * invisible format characters (as for JSON) as \u{HHHH} like the UI shows
 * them (U+202E as \u{202E}). Nothing reaches a terminal raw, nothing is
 * reordered or hidden. s NULL writes nothing. */
void textesc_text(FILE *out, const char *s, size_t len);
void textesc_text_ob(struct outbuf *ob, const char *s, size_t len);

/* A code point a caller wants escaped as \u{HHHH} too (nonzero), beyond
 * the rule above: the UI's are those a terminal cannot draw, and in ASCII
 * mode every non-ASCII one. */
typedef int (*textesc_hide_fn)(uint32_t cp);

/* textesc_text into out (size bytes, always terminated when size > 0),
 * also escaping what hide names (hide may be NULL). Stops before the
 * first character or escape that would not fit, never inside one.
 * Returns the bytes written, terminator excluded. */
size_t textesc_text_buf(const char *s, size_t len, textesc_hide_fn hide, char *out, size_t size);

/* One CSV field per RFC 4180: s escaped as by textesc_text, then quoted
 * (quotes doubled) when it holds a comma or a quote. s NULL: empty field. */
void textesc_csv(FILE *out, const char *s, size_t len);
void textesc_csv_ob(struct outbuf *ob, const char *s, size_t len);

#endif
