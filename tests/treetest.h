/* treetest.h: the fixture test_treepanes and test_flamechart share: an
 * off-screen terminal of 240 x 60 with the colours on, and a trace to
 * load (the bundled sample, TV_SAMPLE, or a written one); a pane's
 * context and its keys. Failures fail the calling cmocka test.
 */
#ifndef TV_TREETEST_H
#define TV_TREETEST_H

#include "draw/color.h"
#include "model/trace.h"
#include "panes/pane.h"
#include "screentest.h"

struct fx {
	struct ts_term t;
	struct color color;
	struct trace tr;
	int loaded;
};

/* cmocka's setup and teardown: *state is the struct fx. */
int fx_setup(void **state);
int fx_teardown(void **state);

/* The bundled sample into f->tr. */
void load_sample(struct fx *f);

/* The context the panes draw and act in: colours on, focused. */
struct pane_ctx ctx_of(struct fx *f);

/* Action a on pane pn in f's context; *out is what it says. */
enum pane_res act(struct fx *f, struct pane *pn, enum action a, struct pane_out *out);

#endif
