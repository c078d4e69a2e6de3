/* test_real_dmtracedump.c: our numbers against dmtracedump's on every
 * top-level real trace (reference/ *.dmtracedump.txt.gz, read through
 * "gzip -dc", skipped when gzip is missing), compared where its semantics
 * and ours agree (below).
 *
 * The folder comes from env TV_REAL_DIR or the TV_REAL_DIR macro; every test
 * skips when it is absent. A failed check names the trace and the numbers
 * and the test goes on with the other traces, failing at the end.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <inttypes.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "analyze/profile.h"
#include "model/load.h"
#include "model/trace.h"
#include "realref.h"
#include "realtest.h"
#include "testutil.h"

/* ---- dmtracedump
 *
 * Sound subset: "Total cycles" is Σ over threads of (last − first) of the
 * record's first timestamp (CPU in dual and thread-cpu traces), i.e. our
 * toplevel incl on that clock, whatever the orphans. Per method, the
 * exclusive table (time on top of the stack, all calls) and the method line
 * of the inclusive table (non-recursive + recursive calls, incl of the
 * non-recursive calls) are compared for the same methods as with
 * Traceview (not dirty, unique full name, raw bytes: dmtracedump does not
 * mangle UTF-8). Both its tables leave out methods whose time there is 0:
 * such a method must then have 0 here. Not compared: its "excl" line under each method (non-recursive calls only),
 * edges (recursive edges are printed apart, with the recursion of the
 * caller), "(unknown)" which merges every undeclared id, the class and
 * name summaries. dmtracedump prints ART's 5-field method lines with the
 * source glued after a tab: the name is cut there. */

struct dmr_method {
	char *name;
	uint64_t excl, calls, rcalls, incl;
	int has_excl, has_incl;
};

struct dmref {
	int64_t total;
	struct dmr_method *v;
	size_t n, cap;
};

static struct dmr_method *dmr_get(struct dmref *ref, const char *name)
{
	struct dmr_method *d;

	for (size_t i = ref->n; i-- > 0;)
		if (strcmp(ref->v[i].name, name) == 0)
			return &ref->v[i];
	if (ref->n == ref->cap) {
		ref->cap = ref->cap ? 2 * ref->cap : 256;
		ref->v = xrealloc(ref->v, ref->cap * sizeof *ref->v);
	}
	d = &ref->v[ref->n++];
	memset(d, 0, sizeof *d);
	d->name = xstrdup(name);
	return d;
}

/* "[idx] name[\tsource]" → name; NULL when not of that shape. */
static char *dm_name(char *s)
{
	char *t;

	while (*s == ' ')
		s++;
	if (*s != '[' || !(t = strchr(s, ']')) || t[1] != ' ')
		return NULL;
	s = t + 2;
	t = strchr(s, '\t');
	if (t)
		*t = '\0';
	return s;
}

static void dmr_parse(struct dmref *ref, char **lines, size_t n)
{
	int sect = 0;   /* 1 exclusive table, 2 inclusive table, 3 after */

	memset(ref, 0, sizeof *ref);
	ref->total = -1;
	for (size_t i = 0; i < n; i++) {
		char *l = lines[i], *e, *nm;
		if (strncmp(l, "Total cycles: ", 14) == 0)
			ref->total = strtoll(l + 14, NULL, 10);
		else if (strstr(l, "Usecs  self %"))
			sect = 1;
		else if (strncmp(l, "index  %/total", 14) == 0)
			sect = 2;
		else if (strncmp(l, "Exclusive elapsed time for each class", 37) == 0)
			sect = 3;
		else if (sect == 1 && l[0] == ' ') {
			uint64_t us = strtoull(l, &e, 10);
			char *b = strchr(e, '[');
			if (b && (nm = dm_name(b)) != NULL) {
				struct dmr_method *d = dmr_get(ref, nm);
				d->excl = us;
				d->has_excl++;
			}
		} else if (sect == 2 && l[0] == '[') {
			/* "[3]     85.6%                     1+0        2561402 name" */
			char *q = strchr(l, '%'), *name;
			uint64_t a, b, us;
			if (!q)
				continue;
			a = strtoull(q + 1, &e, 10);
			if (*e != '+')
				continue;
			b = strtoull(e + 1, &e, 10);
			us = strtoull(e, &e, 10);
			name = e;
			while (*name == ' ')
				name++;
			if ((e = strchr(name, '\t')) != NULL)
				*e = '\0';
			{
				struct dmr_method *d = dmr_get(ref, name);
				d->calls = a;
				d->rcalls = b;
				d->incl = us;
				d->has_incl++;
			}
		}
	}
}

static void dmr_free(struct dmref *ref)
{
	for (size_t i = 0; i < ref->n; i++)
		free(ref->v[i].name);
	free(ref->v);
}

static void dm_compare(struct ctx *c, const struct real *r, const struct dmref *ref,
                       struct stats *st)
{
	const struct trace *tr = &r->tr;
	int k = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	struct profile p;
	struct tv_error err;
	struct names ns;
	uint8_t *dirty;
	unsigned before = st->methods, ndirty = 0;

	memset(&p, 0, sizeof p);
	if (profile_build(&p, tr, NULL, &err) != TV_OK) {
		CHECK(c, 0, "profile_build: %s", tv_status_str(err.code));
		return;
	}
	st->traces++;
	CHECK(c, ref->total == (int64_t)p.top_incl[k], "Total cycles %" PRId64
	      ", toplevel incl on clock %d %" PRIu64, ref->total, k, p.top_incl[k]);
	if (no_method_compare(tr)) {
		profile_free(&p);
		return;
	}
	names_build(&ns, tr, 0);
	dirty = dirty_methods(r);
	for (uint32_t i = 0; i < p.norder; i++) {
		uint32_t m = p.order[i];
		const struct prof_method *pm = &p.methods[m];
		struct dmr_method *d = NULL;
		char *name;

		if (dirty[m]) {
			ndirty++;
			continue;
		}
		name = method_fullname(tr, m, 0);
		if (name && names_find(&ns, name) < NAME_AMBIGUOUS) {
			for (size_t j = 0; j < ref->n && !d; j++)
				if (strcmp(ref->v[j].name, name) == 0)
					d = &ref->v[j];
			/* Its tables leave out methods with no exclusive (resp.
			 * inclusive) time. */
			CHECK(c, (d && d->has_incl) || pm->incl[k] == 0, "%s (incl %" PRIu64
			      ") not in dmtracedump's inclusive table", name, pm->incl[k]);
			if (!d || !d->has_incl)
				st->absent++;
			/* A name printed twice there (two ids): ambiguous. */
			else if (d->has_excl <= 1 && d->has_incl == 1) {
				st->methods++;
				CHECK(c, d->excl == pm->excl[k] && d->incl == pm->incl[k] &&
				      d->calls == pm->calls && d->rcalls == pm->rcalls,
				      "%s: excl %" PRIu64 " incl %" PRIu64 " calls %" PRIu64 "+%"
				      PRIu64 "; dmtracedump %" PRIu64 " %" PRIu64 " %" PRIu64 "+%"
				      PRIu64, name, pm->excl[k], pm->incl[k], pm->calls, pm->rcalls,
				      d->excl, d->incl, d->calls, d->rcalls);
			}
		}
		free(name);
	}
	if (ndirty == 0)
		st->full++;
	else
		st->partial++;
	print_message("  %s: dmtracedump: %u methods compared, %u skipped (orphan-exit"
	              " subtrees)\n", r->name, st->methods - before, ndirty);
	free(dirty);
	names_free(&ns);
	profile_free(&p);
}

/* One trace against dmtracedump's output. */
static void dm_one(struct ctx *c, const char *path, char **lines, size_t n, struct stats *st)
{
	struct real r;
	struct dmref ref;

	dmr_parse(&ref, lines, n);
	if (real_load(c, &r, path) == 0)
		dm_compare(c, &r, &ref, st);
	real_free(&r);
	dmr_free(&ref);
}

static void test_dmtracedump_reference(void **state)
{
	const char *dir = real_dir_or_skip();
	struct ctx c = {NULL, "dmtracedump", 0};
	struct stats st;

	(void)state;
	realref_each(dir, "dmtracedump", &c, &st, dm_one);
	print_message("dmtracedump reference: %u traces (Total cycles), %u with every"
	              " method compared, %u partly, %u methods; %u absent from its"
	              " tables (zero incl)\n", st.traces, st.full, st.partial, st.methods,
	              st.absent);
	assert_int_equal(c.fails, 0);
	assert_true(st.full >= 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dmtracedump_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
