/* report.h: the profile as JSON (docs/numbers.md, "JSON report"), text and CSV.
 *
 * Each writes one whole report to out (through an outbuf, see outbuf.h)
 * and returns TV_OK, TV_ERR_OUTPUT (a write failed) or TV_ERR_NOMEM (the
 * text report's scratch space and names, taken before anything is
 * written). Strings from the trace are escaped in every format:
 * JSON per RFC 8259, CSV per RFC 4180 with control bytes escaped, text with
 * control bytes and invalid UTF-8 shown as \xhh.
 */
#ifndef TV_REPORT_H
#define TV_REPORT_H

#include <stdio.h>

#include "profile.h"
#include "status.h"
#include "trace.h"

enum tv_status report_json(FILE *out, const struct profile *p);
/* name is the trace's file name for the header. */
enum tv_status report_text(FILE *out, const struct profile *p, const char *name);
enum tv_status report_csv(FILE *out, const struct profile *p);

#endif
