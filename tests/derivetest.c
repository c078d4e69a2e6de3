/* derivetest.c: the helpers the test_derive_* programs share (see
 * derivetest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyze/category.h"
#include "analyze/derive.h"
#include "analyze/match.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "derivetest.h"
#include "model/load.h"
#include "testutil.h"
#include "tracegen.h"

void load_script(struct trace *tr, const char *script)
{
	struct tg *tg = tg_new();
	assert_int_equal(tg_script(tg, script), 0);
	assert_int_equal(tu_load_tg(tr, tg, NULL), TV_OK);
	tg_free(tg);
}

void derive(const struct trace *in, struct trace *out, uint8_t *none,
                   const char *const *specs, uint32_t n)
{
	struct derive_step *st = calloc(n ? n : 1, sizeof *st);
	struct tv_error err = {0};
	assert_non_null(st);
	for (uint32_t i = 0; i < n; i++) {
		const char *why = NULL;
		if (strstr(specs[i], "..") && !strchr(specs[i], ':')) {
			struct range r;
			assert_int_equal(range_parse(specs[i], &r, &why), 0);
			assert_int_equal(derive_step_range(&r, &st[i]), 0);
		} else if (derive_step_transform(specs[i], &st[i], &why) < 0) {
			fail_msg("%s: %s", specs[i], why);
		}
	}
	assert_int_equal(derive_build(out, in, st, n, none, &err), TV_OK);
	for (uint32_t i = 0; i < n; i++)
		derive_step_free(&st[i]);
	free(st);
}

void profile_of(struct profile *p, const struct trace *tr, const uint32_t *tid)
{
	assert_int_equal(profile_build(p, tr, tid, NULL), TV_OK);
}

uint32_t mi(const struct trace *tr, const char *cls, const char *name)
{
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (tu_str_eq(tr, tr->methods[m].cls, cls) && tu_str_eq(tr, tr->methods[m].name, name))
			return m;
	fail_msg("no method %s.%s", cls, name);
	return 0;
}

const struct tv_thread *thread_of(const struct trace *tr, uint32_t tid)
{
	uint32_t t = trace_find_thread(tr, tid);
	assert_int_not_equal(t, IDMAP_NONE);
	return &tr->threads[t];
}
