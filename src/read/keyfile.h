/* keyfile.h: the text key section (docs/format.md, "Key section") and summary
 * texts.
 *
 * Parses "*version\nN\n key=value... *threads ... *methods ... *end\n" from
 * (buf, len), reporting options, threads and methods to the sink. The same
 * parser reads V1 streaming and V2 summary packets (which may lack sections).
 * Tolerates CRLF, empty thread names, 2/4/5/6-field method lines and ids as
 * 0x%08x, %p, %#x (and "(nil)"); malformed lines are a TV_W_KEY_LINE warning.
 * Offsets given to the sink and in errors are base + position in buf.
 */
#ifndef TV_KEYFILE_H
#define TV_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "read/sink.h"

struct keyfile_info {
	unsigned version;   /* the number after *version (0 when unreadable) */
	size_t end;         /* bytes of buf consumed: just past the "*end" line */
};

/* TV_OK, TV_ERR_KEY (no *version line / bad version), TV_ERR_NO_END when
 * require_end and no *end line, TV_ERR_NOMEM when the sink stopped. */
enum tv_status keyfile_parse(const uint8_t *buf, size_t len, uint64_t base,
                             int require_end, const struct sink *s,
                             struct keyfile_info *info, struct tv_error *err);

/* Parse one method line (no trailing LF needed) into id and fields.
 * Returns 0, or -1 when the line is not a method line. */
int keyfile_method_line(const char *line, size_t len, uint64_t *id, struct sink_method *m);

/* Parse a V2 method-info line, which has no id field: "class\tname\tsig\t
 * source" (revisions a-d) or with a 5th line-number field (Perfetto's); a
 * trailing LF/CR is accepted. Returns 0, or -1 for another shape. */
int keyfile_method_fields(const char *line, size_t len, struct sink_method *m);

#endif
