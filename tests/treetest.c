/* treetest.c: the fixture of the tree and flame pane tests (see
 * treetest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "model/load.h"
#include "treetest.h"

#ifndef TV_SAMPLE
#error "TV_SAMPLE must name the bundled sample trace"
#endif

int fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	if (ts_open(&f->t, "xterm-256color", 240, 60) != 0)
		return -1;
	color_init(&f->color, 1);
	trace_init(&f->tr);
	*state = f;
	return 0;
}

int fx_teardown(void **state)
{
	struct fx *f = *state;
	ts_close(&f->t);
	trace_free(&f->tr);
	free(f);
	return 0;
}

void load_sample(struct fx *f)
{
	struct tv_error err = {TV_OK, TV_NO_OFFSET, ""};
	char errfile[4096] = "";
	assert_int_equal(load_file(&f->tr, TV_SAMPLE, &err, errfile, sizeof errfile), TV_OK);
}

struct pane_ctx ctx_of(struct fx *f)
{
	return (struct pane_ctx){&f->color, 0, 1, PANE_NONE};
}

enum pane_res act(struct fx *f, struct pane *pn, enum action a, struct pane_out *out)
{
	struct pane_ctx ctx = ctx_of(f);
	*out = (struct pane_out){PANE_NONE, ""};
	return pn->ops->act(pn->self, a, &ctx, out);
}
