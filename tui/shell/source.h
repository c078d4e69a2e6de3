/* source.h: o, the selected method's source file found under --src
 * (srcfind.h) and opened in the user's editor (srcopen.h), the terminal
 * handed to it meanwhile; several matches open a choice on the footer.
 */
#ifndef TV_SOURCE_H
#define TV_SOURCE_H

#include <stddef.h>

struct ui;

void source_open(struct ui *u);
/* A key while the choice is open: a digit opens that file. */
void source_pick_key(struct ui *u, int ch);
/* The footer line of the choice. */
void source_line(const struct ui *u, char *line, size_t n);

#endif
