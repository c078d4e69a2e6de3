/* options_config.c: the config file's lines taken through the option
 * table's rows (see options.h, configfile.h). */
#include "cli/options.h"

#include <stdlib.h>
#include <string.h>

#include "cli/configfile.h"
#include "cli/msg.h"
#include "cli/options_internal.h"

/* The row's index in the table: its bit in rq->given and from_config. */
static unsigned opts_index(const struct opts_row *r)
{
	unsigned n;
	return (unsigned)(r - opts_table(&n));
}

/* The row of the long name name (or its alias); NULL for none. */
static const struct opts_row *opts_row_named(const char *name)
{
	unsigned n;
	const struct opts_row *rows = opts_table(&n);
	for (unsigned i = 0; i < n; i++)
		if (strcmp(rows[i].name, name) == 0 || (rows[i].alias && strcmp(rows[i].alias, name) == 0))
			return &rows[i];
	return NULL;
}

int opts_from_config(const struct request *rq, const char *name)
{
	const struct opts_row *r = opts_row_named(name);
	return r && (rq->from_config >> opts_index(r) & 1);
}

/* Room for n values of the repeatable options (and the range). */
static int opts_room(struct request *rq, size_t n)
{
	void *t = realloc(rq->threads, (n + 1) * sizeof *rq->threads);
	if (t)
		rq->threads = t;
	void *f = t ? realloc(rq->transforms, (n + 1) * sizeof *rq->transforms) : NULL;
	if (f)
		rq->transforms = f;
	void *s = f ? realloc(rq->steps, (n + 1) * sizeof *rq->steps) : NULL;
	if (!s)
		return msg_usage("out of memory");
	rq->steps = s;
	return 0;
}

/* One line of the config file into rq, through its row's setter as if
 * given, unless the command line gave the option (it wins; a repeatable
 * one's values replace the file's). Messages name the line (msg_at()). */
static int opts_config_line(struct request *rq, struct configfile *cf, const struct configfile_entry *e)
{
	const struct opts_row *r = opts_row_named(e->name);
	const char *v = e->value;
	if (!r && e->name[0] == '-')
		return msg_usage("'%s': options are written without their dashes", e->name);
	if (!r)
		return msg_usage("unknown option '%s' (see traceview --help)", e->name);
	if (r->runs)
		return msg_usage("%s chooses what runs: it goes on the command line", r->name);
	if (rq->given >> opts_index(r) & 1)
		return 0;
	if (!r->metavar && v && strcmp(v, "true") != 0 && strcmp(v, "false") != 0)
		return msg_usage("%s is true or false (got '%s')", r->name, v);
	if (!r->metavar && v && strcmp(v, "false") == 0)
		return 0;
	if (r->metavar && !v)
		return msg_usage("%s needs a value (%s = %s)", r->name, r->name, r->metavar);
	if (r->path && !(v = configfile_home(cf, e, r->path == OPTS_PATH_DIRS)))
		return MSG_EXIT_INPUT;
	rq->from_config |= (uint64_t)1 << opts_index(r);
	return r->set(rq, r->metavar ? v : NULL);
}

/* The config file (configfile.h) into rq, after the command line. */
int opts_config(struct request *rq, int argc)
{
	int named, rc;
	if (rq->no_config)
		return 0;
	if (!(rq->config = calloc(1, sizeof *rq->config)))
		return msg_usage("out of memory");
	if (!configfile_find(rq->config, &named))
		return 0;
	if ((rc = configfile_read(rq->config, named)) != 0 ||
	    (rc = opts_room(rq, (size_t)argc + rq->config->n)) != 0)
		return rc;
	for (size_t i = 0; i < rq->config->n && !rc; i++) {
		char place[sizeof rq->config->path + 16];
		configfile_place(rq->config, &rq->config->entry[i], place, sizeof place);
		msg_at(place);
		rc = opts_config_line(rq, rq->config, &rq->config->entry[i]);
		msg_at(NULL);
	}
	return rc;
}
