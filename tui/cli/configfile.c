/* configfile.c: the config file found and read (see configfile.h). */
#include "cli/configfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/msg.h"

int configfile_find(struct configfile *cf, int *named)
{
	const char *env = getenv("TRACEVIEW_CONFIG");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int n;
	*named = env != NULL;
	if (env)
		n = snprintf(cf->path, sizeof cf->path, "%s", env);
	else if (xdg && xdg[0] == '/')   /* a relative one is ignored, as XDG says */
		n = snprintf(cf->path, sizeof cf->path, "%s/traceview/config", xdg);
	else if (home && home[0])
		n = snprintf(cf->path, sizeof cf->path, "%s/.config/traceview/config", home);
	else
		return 0;
	return n > 0 && (size_t)n < sizeof cf->path;
}

/* The whole file into cf->text, NUL-ended; *len its bytes. 1 when it
 * does not exist and need not; 0; else MSG_EXIT_INPUT, said. */
static int configfile_slurp(struct configfile *cf, int named, size_t *len)
{
	FILE *f = fopen(cf->path, "rb");
	if (!f && errno == ENOENT && !named)
		return 1;
	if (f && (cf->text = malloc(CONFIGFILE_MAX_BYTES + 1)) != NULL) {
		*len = fread(cf->text, 1, CONFIGFILE_MAX_BYTES + 1, f);
		if (!ferror(f) && *len <= CONFIGFILE_MAX_BYTES) {
			fclose(f);
			cf->text[*len] = '\0';
			return 0;
		}
	}
	int err = !f || ferror(f) ? errno : 0;
	if (f)
		fclose(f);
	if (f && cf->text && !err)
		return msg_usage("%s: over %u bytes: not a config file", cf->path, CONFIGFILE_MAX_BYTES);
	return msg_usage("%s: cannot read the config file: %s", cf->path,
	                 err ? strerror(err) : "out of memory");
}

static int configfile_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* One line, NUL-ended in place, into e: 0; 1 when it holds nothing (a
 * comment, blanks); -1 with *why set. */
static int configfile_line(char *s, size_t len, struct configfile_entry *e, const char **why)
{
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
			return *why = "a control character in the line", -1;
	while (len && configfile_blank(s[len - 1]))
		s[--len] = '\0';
	while (configfile_blank(*s))
		s++;
	if (!*s || *s == '#')
		return 1;
	e->name = s;
	while (*s && *s != '=' && !configfile_blank(*s))
		s++;
	char *end = s;
	while (configfile_blank(*s))
		s++;
	if (end == e->name || (*s && *s != '='))
		return *why = "expected NAME = VALUE (an option without its dashes)", -1;
	e->value = NULL;
	if (*s == '=') {
		for (s++; configfile_blank(*s); s++)
			;
		e->value = s;
	}
	*end = '\0';
	return 0;
}

int configfile_read(struct configfile *cf, int named)
{
	size_t len = 0, lines = 1;
	int rc = configfile_slurp(cf, named, &len);
	if (rc)
		return rc == 1 ? 0 : rc;
	for (size_t i = 0; i < len; i++)
		lines += cf->text[i] == '\n';
	if (!(cf->entry = calloc(lines, sizeof *cf->entry)))
		return msg_usage("%s: out of memory", cf->path);
	char *p = cf->text, *end = cf->text + len;
	for (unsigned line = 1; p <= end; line++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = (size_t)((nl ? nl : end) - p);
		const char *why;
		if (n && p[n - 1] == '\r')   /* a file written on Windows */
			n--;
		p[n] = '\0';
		struct configfile_entry *e = &cf->entry[cf->n];
		int r = configfile_line(p, n, e, &why);
		if (r < 0)
			return msg_usage("%s:%u: %s", cf->path, line, why);
		if (r == 0) {
			e->line = line;
			cf->n++;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

/* Keeps s, made here, for configfile_free(); s, or NULL (said) when out of
 * memory. */
static const char *configfile_keep(struct configfile *cf, char *s)
{
	char **more = s ? realloc(cf->made, (cf->nmade + 1) * sizeof *more) : NULL;
	if (!more) {
		free(s);
		msg_usage("out of memory");
		return NULL;
	}
	cf->made = more;
	return cf->made[cf->nmade++] = s;
}

/* v with each "~" that starts a part (v; with list, each ':'-separated
 * piece) and ends it or comes before its '/' made home; written to out
 * unless NULL. Its length; *tildes gets how many were made home. */
static size_t configfile_expand(const char *v, int list, const char *home, char *out,
                            size_t *tildes)
{
	size_t n = 0, hl = strlen(home);
	*tildes = 0;
	for (const char *p = v; *p; p++) {
		int start = p == v || (list && p[-1] == ':');
		if (start && p[0] == '~' && (p[1] == '\0' || p[1] == '/' || (list && p[1] == ':'))) {
			if (out)
				memcpy(out + n, home, hl);
			n += hl;
			++*tildes;
		} else {
			if (out)
				out[n] = *p;
			n++;
		}
	}
	if (out)
		out[n] = '\0';
	return n;
}

const char *configfile_home(struct configfile *cf, const struct configfile_entry *e, int list)
{
	const char *home = getenv("HOME");
	size_t tildes;
	size_t n = configfile_expand(e->value, list, home ? home : "", NULL, &tildes);
	if (!tildes)
		return e->value;
	if (!home || !home[0]) {
		msg_usage("'~' needs HOME set");
		return NULL;
	}
	char *out = malloc(n + 1);
	if (out)
		configfile_expand(e->value, list, home, out, &tildes);
	return configfile_keep(cf, out);
}

void configfile_place(const struct configfile *cf, const struct configfile_entry *e, char *buf, size_t n)
{
	snprintf(buf, n, "%s:%u", cf->path, e->line);
}

void configfile_free(struct configfile *cf)
{
	if (!cf)
		return;
	for (size_t i = 0; i < cf->nmade; i++)
		free(cf->made[i]);
	free(cf->made);
	free(cf->entry);
	free(cf->text);
	cf->made = NULL;
	cf->entry = NULL;
	cf->text = NULL;
	cf->n = cf->nmade = 0;
}
