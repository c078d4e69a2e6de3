/* anr.c: long-running-method dumps found in ANR reports (see anr.h;
 * docs/format.md, "Dumps in ANR reports").
 *
 * The report is read line by line, keeping the pid and command line of
 * the process section being read. A raw dump may hold LF bytes, so its
 * length comes from its own structure (lodump_extent()) and the scan goes
 * on after it.
 */
#include "read/anr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "read/base64.h"
#include "read/lodump.h"

static const char anr_key[] = "LongRunningMethods: ";
static const char anr_pid[] = "----- pid ";
static const char anr_end[] = "----- end ";
static const char anr_cmd[] = "Cmd line: ";

#define ANR_NOTE_CMD 40   /* characters of a command line in the note */

static int anr_starts(const uint8_t *p, size_t n, const char *word)
{
	size_t k = strlen(word);
	return n >= k && memcmp(p, word, k) == 0;
}

/* The line at pos: its end (LF or len) in *eol, the next line's start. */
static size_t anr_line(const uint8_t *buf, size_t len, size_t pos, size_t *eol)
{
	const uint8_t *nl = memchr(buf + pos, '\n', len - pos);
	*eol = nl ? (size_t)(nl - buf) : len;
	return nl ? *eol + 1 : len;
}

int anr_detect(const uint8_t *buf, size_t len)
{
	size_t eol;
	for (size_t pos = 0; pos < len; pos = anr_line(buf, len, pos, &eol))
		if (anr_starts(buf + pos, len - pos, anr_key))
			return 1;
	return 0;
}

/* The decimal number at p (up to 10 digits), 0 when none. */
static uint32_t anr_number(const uint8_t *p, size_t n)
{
	uint64_t v = 0;
	for (size_t i = 0; i < n && i < 10 && p[i] >= '0' && p[i] <= '9'; i++)
		v = v * 10 + (uint64_t)(p[i] - '0');
	return v > UINT32_MAX ? 0 : (uint32_t)v;
}

/* The dump after the key of a line (text from k, line end eol) into d;
 * returns where the scan goes on. A raw dump starts with a block or a
 * packet (bytes 0 to 2), base64 with a letter, digit, '+' or '/'. */
static size_t anr_payload(const uint8_t *buf, size_t len, size_t k, size_t eol,
                          struct anr_dump *d)
{
	d->at = k;
	d->raw = k < len && buf[k] <= 2;
	if (d->raw) {
		d->len = lodump_extent(buf + k, len - k);
		return d->len ? k + d->len : eol;
	}
	size_t e = eol;
	while (e > k && (buf[e - 1] == '\r' || buf[e - 1] == ' '))
		e--;
	d->len = e - k;
	return eol;
}

int anr_list(const uint8_t *buf, size_t len, struct anr_dump **out, size_t *n)
{
	struct anr_dump cur = {0, 0, 0, 0, 0, 0};
	size_t cap = 0, pos = 0, eol, next;
	*out = NULL;
	*n = 0;
	for (; pos < len; pos = next) {
		const uint8_t *p = buf + pos;
		next = anr_line(buf, len, pos, &eol);
		size_t ln = eol - pos;
		if (anr_starts(p, ln, anr_pid)) {
			cur.pid = anr_number(p + sizeof anr_pid - 1, ln - (sizeof anr_pid - 1));
			cur.cmdlen = 0;
		} else if (anr_starts(p, ln, anr_end)) {
			cur.pid = 0;
			cur.cmdlen = 0;
		} else if (anr_starts(p, ln, anr_cmd)) {
			cur.cmd = pos + sizeof anr_cmd - 1;
			cur.cmdlen = eol - cur.cmd;
		} else if (anr_starts(p, len - pos, anr_key)) {
			next = anr_payload(buf, len, pos + sizeof anr_key - 1, eol, &cur);
			if (cur.len == 0)
				continue;
			if (grow_push((void **)out, &cap, *n, sizeof **out) < 0)
				return -1;
			(*out)[(*n)++] = cur;
		}
	}
	return 0;
}

/* " pid N (cmd)" into buf at *used, the command line shortened and its
 * bytes outside printable ASCII shown as '?' (it goes to a terminal). */
static void anr_note_one(char *buf, size_t size, size_t *used, const uint8_t *file,
                         const struct anr_dump *d)
{
	char cmd[ANR_NOTE_CMD + 4];
	size_t k = 0;
	for (; k < d->cmdlen && k < ANR_NOTE_CMD; k++) {
		uint8_t c = file[d->cmd + k];
		cmd[k] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (k < d->cmdlen)
		memcpy(cmd + k, "...", 3), k += 3;
	cmd[k] = '\0';
	if (*used >= size)
		return;
	int w = k ? snprintf(buf + *used, size - *used, " pid %u (%s)", (unsigned)d->pid, cmd)
	          : snprintf(buf + *used, size - *used, " pid %u", (unsigned)d->pid);
	*used += w > 0 ? (size_t)w : 0;
}

/* "N long-running method dumps in this file: reading pid A (cmd); also
 * pid B (cmd), ...; --pid=PID picks one". */
static void anr_note(char *buf, size_t size, const uint8_t *file, const struct anr_dump *all,
                     size_t n)
{
	size_t used = 0;
	int w = snprintf(buf, size, "%zu long-running method dumps in this file: reading", n);
	used = w > 0 ? (size_t)w : 0;
	anr_note_one(buf, size, &used, file, &all[0]);
	for (size_t i = 1; i < n; i++) {
		if (used < size)
			used += (size_t)snprintf(buf + used, size - used, i == 1 ? "; also" : ",");
		anr_note_one(buf, size, &used, file, &all[i]);
	}
	if (used < size)
		snprintf(buf + used, size - used, "; --pid=PID picks one");
}

/* The pids of the report, for the error of a pid it lacks. */
static enum tv_status anr_no_pid(struct tv_error *err, uint32_t pid, const struct anr_dump *all,
                                 size_t n)
{
	char list[120];
	size_t used = 0;
	list[0] = '\0';
	for (size_t i = 0; i < n && used < sizeof list; i++)
		used += (size_t)snprintf(list + used, sizeof list - used, "%s%u", i ? ", " : "",
		                         (unsigned)all[i].pid);
	return tv_fail(err, TV_ERR_NO_PID, TV_NO_OFFSET, "--pid=%u; the file has pid %s",
	               (unsigned)pid, list);
}

/* The section's pid and command line, as options. */
static int anr_options(const uint8_t *buf, const struct anr_dump *d, const struct sink *s)
{
	char num[16];
	struct sink_bytes pk = {"pid", 3}, ck = {"cmd-line", 8};
	struct sink_bytes pv = {num, (size_t)snprintf(num, sizeof num, "%u", (unsigned)d->pid)};
	struct sink_bytes cv = {(const char *)buf + d->cmd, d->cmdlen};
	if (!s->option)
		return 0;
	if (d->pid && s->option(s->ctx, pk, pv))
		return -1;
	return d->cmdlen ? s->option(s->ctx, ck, cv) : 0;
}

/* Decodes the base64 of d and reads it; characters past a damaged one are
 * a warning, the dump then being cut there. */
static enum tv_status anr_read_b64(const uint8_t *buf, const struct anr_dump *d,
                                   const struct sink *s, struct tv_error *err)
{
	const char *in = (const char *)buf + d->at;
	size_t n = 0, bad = 0, len = d->len;
	if (anr_starts(buf + d->at, len, "Thread:"))
		return tv_fail(err, TV_ERR_NOT_TRACE, d->at, "ART's January 2025 text form of "
		               "long-running methods is not read");
	uint8_t *bytes = malloc(base64_max(len));
	if (!bytes)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	if (base64_decode(in, len, bytes, &n, &bad) < 0) {
		sink_warn(s, TV_W_TRAILING, d->at + bad, len - bad);
		len = bad - bad % 4;
		base64_decode(in, len, bytes, &n, &bad);
	}
	struct lodump_where w = {d->at, 1};
	enum tv_status r = n ? lodump_parse(bytes, n, &w, s, err)
	                     : tv_fail(err, TV_ERR_NO_RECORDS, d->at, "LongRunningMethods "
	                               "line holds no base64");
	free(bytes);
	return r;
}

enum tv_status anr_parse(const uint8_t *buf, size_t len, uint32_t pid, const struct sink *s,
                         struct tv_error *err, char *note, size_t size)
{
	struct anr_dump *all;
	size_t n, i = 0;
	enum tv_status r;
	if (note && size)
		note[0] = '\0';
	if (anr_list(buf, len, &all, &n) < 0)
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	while (pid && i < n && all[i].pid != pid)
		i++;
	if (n == 0)
		r = tv_fail(err, TV_ERR_NOT_TRACE, 0, "ANR report whose LongRunningMethods lines "
		            "hold no dump");
	else if (i == n)
		r = anr_no_pid(err, pid, all, n);
	else if (anr_options(buf, &all[i], s) < 0)
		r = tv_fail(err, TV_ERR_NOMEM, all[i].at, NULL);
	else if (all[i].raw)
		r = lodump_parse(buf + all[i].at, all[i].len,
		                 &(struct lodump_where){all[i].at, 0}, s, err);
	else
		r = anr_read_b64(buf, &all[i], s, err);
	if (r == TV_OK && !pid && n > 1 && note && size)
		anr_note(note, size, buf, all, n);
	free(all);
	return r;
}
