/* formats.c: the outputs of the command line (see formats.h). */
#include "cli/formats.h"

const char *const fmt_names[FMT_COUNT] = {
	"text", "csv", "json", "folded", "chrome", "dump", "speedscope", "tree", "tree-json",
	"waits", "waits-json", "calls", "calls-csv", "calls-json", "jank", "jank-json"};

const char *const fmt_view_names[FMT_NVIEWS] = {"table", "tree", "bottom-up", "flame", "calls",
                                                "jank"};

unsigned fmt_uses(const struct request *rq, int ui)
{
	if (ui)  /* the full-screen view starts with the steps applied */
		return FMT_USE_THREAD | FMT_USE_COLOR | FMT_USE_ASCII | FMT_USE_STEPS | FMT_USE_FRAME |
		       FMT_USE_SRC | FMT_USE_SORT;
	if (rq->view)
		return FMT_USE_THREAD | FMT_USE_CLOCK | FMT_USE_STEPS | FMT_USE_METHOD | FMT_USE_ASCII |
		       FMT_USE_SIZE |
		       (rq->view == 6 ? FMT_USE_FRAME : 0) |
		       (rq->view == 2 || rq->view == 3 ? FMT_USE_SORT : 0);
	switch (rq->format) {
	case FMT_TEXT: case FMT_CSV: case FMT_JSON:
		return FMT_USE_THREAD | FMT_USE_STEPS | (rq->diff ? FMT_USE_GATE : 0);
	case FMT_CHROME: case FMT_SPEEDSCOPE:
		return FMT_USE_THREAD | FMT_USE_CLOCK | FMT_USE_SIGNATURES | FMT_USE_STEPS;
	case FMT_FOLDED:
		return FMT_USE_THREAD | FMT_USE_CLOCK | FMT_USE_SIGNATURES | FMT_USE_STEPS |
		       (rq->diff ? FMT_USE_GATE : FMT_USE_PER_THREAD);
	case FMT_DUMP: return 0;
	case FMT_TREE: case FMT_TREE_JSON:
		return FMT_USE_THREAD | FMT_USE_CLOCK | FMT_USE_TREE | FMT_USE_STEPS | FMT_USE_SORT;
	case FMT_WAITS: case FMT_WAITS_JSON: return FMT_USE_THREAD | FMT_USE_STEPS | FMT_USE_WAITS;
	case FMT_CALLS: case FMT_CALLS_CSV: case FMT_CALLS_JSON:
		return FMT_USE_THREAD | FMT_USE_CLOCK | FMT_USE_METHOD | FMT_USE_STEPS;
	case FMT_JANK: case FMT_JANK_JSON: return FMT_USE_THREAD | FMT_USE_FRAME | FMT_USE_STEPS;
	}
	return 0;
}

const char *fmt_word(unsigned i)
{
	return i < FMT_COUNT ? fmt_names[i] : NULL;
}

const char *fmt_view_word(unsigned i)
{
	return i < FMT_NVIEWS ? fmt_view_names[i] : NULL;
}

int fmt_is_calls(int f)
{
	return f == FMT_CALLS || f == FMT_CALLS_CSV || f == FMT_CALLS_JSON;
}

int fmt_is_jank(int f)
{
	return f == FMT_JANK || f == FMT_JANK_JSON;
}
