/* anr.h: ART's long-running-method dumps inside ANR reports (traces.txt,
 * bugreports; docs/format.md, "Dumps in ANR reports").
 *
 * When a process holds a long-running-method trace, ART's SIGQUIT dump of
 * it has a line "LongRunningMethods: " followed by the dump: base64 since
 * 2025-05-27, the bytes as they are (LFs and all) before. The process
 * section it is in starts "----- pid N at DATE -----" and has a
 * "Cmd line: " line. A report may hold several processes, so several
 * dumps; one is read, by pid or the first.
 */
#ifndef TV_ANR_H
#define TV_ANR_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "read/sink.h"

/* One dump found in a report. */
struct anr_dump {
	uint32_t pid;         /* of its section; 0 when none encloses it */
	size_t cmd, cmdlen;   /* its section's "Cmd line:" text (cmdlen 0: none) */
	size_t at, len;       /* the dump's characters or bytes in the file */
	int raw;              /* the bytes as written (2025-02-20 to 05-27) */
};

/* 1 when buf holds a line starting "LongRunningMethods: ". */
int anr_detect(const uint8_t *buf, size_t len);

/* The non-empty dumps of buf, in file order: *out is malloc'd (free() it;
 * NULL when none). -1 when out of memory. */
int anr_list(const uint8_t *buf, size_t len, struct anr_dump **out, size_t *n);

/* Reads one dump of the report buf into s: the first with that pid (0:
 * the first of all), preceded by the options "pid" and "cmd-line" of its
 * section. When pid is 0 and the report holds more dumps, note (size
 * bytes, may be NULL) receives a line naming them; else it is made
 * empty. TV_ERR_NO_PID (its detail listing the pids there are) when no
 * dump has that pid; TV_ERR_NOT_TRACE when the report holds no dump
 * (every such line empty). */
enum tv_status anr_parse(const uint8_t *buf, size_t len, uint32_t pid, const struct sink *s,
                         struct tv_error *err, char *note, size_t size);

#endif
