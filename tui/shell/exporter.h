/* exporter.h: e, the export prompt: the format (folded stacks, Trace
 * Event JSON, speedscope JSON, or the rows of the pane below the timeline
 * when its registry row and export_rows op have them), the file name
 * beside the trace's, "overwrite?" when it exists, and the file written
 * from what the session shows (its scope and clock).
 */
#ifndef TV_EXPORTER_H
#define TV_EXPORTER_H

#include <stddef.h>

#include "keys/actions.h"

struct ui;

/* A key while the prompt is open (u->mode one of the MODE_EXPORT_*). */
void exporter_key(struct ui *u, enum action a, int ch);
/* The footer line while it is open; q is the name typed, escaped. */
void exporter_line(const struct ui *u, const char *q, char *line, size_t n);

#endif
