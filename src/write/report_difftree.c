/* report_difftree.c: the diff call tree as indented text and as JSON
 * (docs/cli.md, "--diff --format=tree"; the JSON in docs/numbers.md, "The
 * diff call tree").
 *
 * The walk of treewalk.h, as report_tree.c's; a node's numbers on each
 * side are written by report_tree.c's own writer, so they are tree-json's
 * to the byte. --min keeps a node that reaches the share in either run: not a
 * prefix of the siblings, whose order is B's then A's.
 */
#include "write/report.h"

#include "analyze/difftree.h"
#include "analyze/methodname.h"
#include "base/mul128.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"
#include "write/treewalk.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { DIFFTREE_REPORT_W_TIME = 11, DIFFTREE_REPORT_W_DELTA = 12, DIFFTREE_REPORT_W_PCT = 8,
       DIFFTREE_REPORT_W_CALLS = 10 };
#define DIFFTREE_REPORT_NAME_COL \
	(2 * (DIFFTREE_REPORT_W_TIME + 1) + DIFFTREE_REPORT_W_DELTA + 1 + DIFFTREE_REPORT_W_PCT + \
	 1 + 2 * (DIFFTREE_REPORT_W_CALLS + 1) + 1)

struct difftree_report_state {
	struct outbuf *out;
	struct difftree *t;
	const struct difftree_report_opts *o;
};

/* Below --min in both runs: incl * 10^8 < min * toplevel incl in each run
 * that has the path (a run without it is below). */
static int difftree_report_pruned(void *ctx, uint32_t node)
{
	const struct difftree_report_state *r = ctx;
	if (!r->o->min_ppm)
		return 0;
	int c = r->t->clock;
	for (int run = 0; run < 2; run++)
		if (difftree_side(r->t, node, run) &&
		    mul128_cmp(difftree_incl(r->t, node, run, c), 100000000u, r->o->min_ppm,
		               r->t->run[run].top_incl[c]) >= 0)
			return 0;
	return 1;
}

/* ------------------------------------------------------------ text */

static void difftree_report_cell(struct outbuf *out, const char *s, size_t width)
{
	outbuf_right(out, s, strlen(s), width);
	outbuf_putc(out, ' ');
}

/* A, B, the change and its %, each run's calls: "-" for a run without the
 * path, the % "new" or "gone" as the diff's text report has it. */
static void difftree_report_text_cols(struct outbuf *out, const struct difftree *t,
                                      uint32_t node)
{
	const struct pathtree_node *n[2] = {difftree_side(t, node, 0), difftree_side(t, node, 1)};
	uint64_t v[2];
	char buf[48];
	for (int r = 0; r < 2; r++) {
		v[r] = difftree_incl(t, node, r, t->clock);
		strcpy(buf, "-");
		if (n[r])
			numfmt_ms(buf, sizeof buf, v[r]);
		difftree_report_cell(out, buf, DIFFTREE_REPORT_W_TIME);
	}
	numfmt_ms_change(buf, sizeof buf, v[0], v[1]);
	difftree_report_cell(out, buf, DIFFTREE_REPORT_W_DELTA);
	if (!n[0] || !n[1])
		strcpy(buf, n[0] ? "gone" : "new");
	else
		numfmt_pct_change(buf, sizeof buf, v[0], v[1], 1);
	difftree_report_cell(out, buf[0] ? buf : "-", DIFFTREE_REPORT_W_PCT);
	for (int r = 0; r < 2; r++) {
		strcpy(buf, "-");
		if (n[r])
			snprintf(buf, sizeof buf, "%" PRIu64, n[r]->calls);
		difftree_report_cell(out, buf, DIFFTREE_REPORT_W_CALLS);
	}
	outbuf_putc(out, ' ');
}

static void difftree_report_text_node(struct difftree_report_state *r, uint32_t node,
                                      uint32_t level)
{
	int run;
	uint32_t m = difftree_method(r->t, node, &run);
	difftree_report_text_cols(r->out, r->t, node);
	outbuf_spaces(r->out, 2 * level);
	methodname_text_ob(r->out, difftree_trace(r->t, run), m, 1);
	outbuf_putc(r->out, '\n');
}

static void difftree_report_text_more(void *ctx, uint32_t level, uint32_t more)
{
	struct difftree_report_state *r = ctx;
	outbuf_spaces(r->out, DIFFTREE_REPORT_NAME_COL + 2 * level);
	outbuf_puts(r->out, "\xe2\x80\xa6 ");
	outbuf_u64(r->out, more);
	outbuf_puts(r->out, " more\n");
}

/* The runs' files, then the title: the columns, the clock, the order. */
static void difftree_report_title(struct difftree_report_state *r)
{
	struct outbuf *out = r->out;
	static const char *const cols[] = {"A incl", "B incl", "Delta", "Delta%", "A calls",
	                                   "B calls"};
	static const size_t widths[] = {DIFFTREE_REPORT_W_TIME, DIFFTREE_REPORT_W_TIME,
	                                DIFFTREE_REPORT_W_DELTA, DIFFTREE_REPORT_W_PCT,
	                                DIFFTREE_REPORT_W_CALLS, DIFFTREE_REPORT_W_CALLS};
	for (int run = 0; run < 2; run++) {
		if (!r->o->name[run])
			continue;
		outbuf_puts(out, run ? "B  " : "A  ");
		textesc_text_ob(out, r->o->name[run], strlen(r->o->name[run]));
		outbuf_putc(out, '\n');
	}
	for (size_t i = 0; i < sizeof cols / sizeof *cols; i++)
		difftree_report_cell(out, cols[i], widths[i]);
	outbuf_puts(out, " method (ms, ");
	outbuf_puts(out, r->t->clock == TV_CPU ? "cpu" : "wall");
	outbuf_puts(out, "; Delta = B - A; siblings by B's incl, then A's, largest first)\n");
}

/* ------------------------------------------------------------ JSON */

/* One run's STATS: tree-json's id and numbers of the path, or null. */
static void difftree_report_json_stats(struct outbuf *out, const struct difftree *t,
                                       uint32_t node, int run)
{
	const struct pathtree_node *n = difftree_side(t, node, run);
	outbuf_puts(out, run ? ", \"b\": " : ", \"a\": ");
	if (!n) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_puts(out, "{\"id\": ");
	methodname_id_ob(out, difftree_trace(t, run), n->method, 0);
	report_tree_json_numbers(out, difftree_trace(t, run), n);
	outbuf_putc(out, '}');
}

/* The node's fields and the opening of its children. */
static void difftree_report_json_node(struct difftree_report_state *r, uint32_t node)
{
	int run;
	uint32_t m = difftree_method(r->t, node, &run);
	struct outbuf *out = r->out;
	outbuf_putc(out, '{');
	report_tree_json_names(out, difftree_trace(r->t, run), m);
	difftree_report_json_stats(out, r->t, node, 0);
	difftree_report_json_stats(out, r->t, node, 1);
	outbuf_puts(out, ", \"children\": [");
}

/* ------------------------------------------------------------ the walk */

static enum tv_status difftree_report_expand(void *ctx, uint32_t node)
{
	struct difftree_report_state *r = ctx;
	return difftree_expandable(r->t, node) ? difftree_expand(r->t, node) : TV_OK;
}

static const uint32_t *difftree_report_kids(void *ctx, uint32_t node, uint32_t *n)
{
	const struct difftree_report_state *r = ctx;
	return difftree_children(r->t, node, n);
}

static void difftree_report_node(void *ctx, uint32_t node, uint32_t level)
{
	struct difftree_report_state *r = ctx;
	if (r->o->json)
		difftree_report_json_node(r, node);
	else
		difftree_report_text_node(r, node, level);
}

static const struct treewalk_ops difftree_report_ops = {
	difftree_report_expand, difftree_report_kids, difftree_report_pruned, difftree_report_node,
	difftree_report_text_more,
};

/* The tree t as the options say. */
static enum tv_status difftree_report_tree(FILE *out, struct difftree *t,
                                           const struct difftree_report_opts *o)
{
	char buf[1 << 16];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	struct difftree_report_state r = {&ob, t, o};
	struct treewalk w = {&ob, o->json, o->depth, &difftree_report_ops, &r, NULL, 0, 0};
	if (o->json) {
		outbuf_puts(&ob, "{\"schema\": 2, \"clock\": \"");
		outbuf_puts(&ob, t->clock == TV_CPU ? "cpu" : "wall");
		outbuf_puts(&ob, "\", \"root\":\n");
	} else {
		difftree_report_title(&r);
	}
	enum tv_status st = treewalk_enter(&w, 0, 0);
	if (st == TV_OK)
		st = treewalk_run(&w);
	if (st == TV_OK && o->json)
		outbuf_puts(&ob, "\n}\n");
	treewalk_free(&w);
	enum tv_status wst = outbuf_finish(&ob);
	return st != TV_OK ? st : wst;
}

enum tv_status difftree_report(FILE *out, const struct profile *a, const struct profile *b,
                               int clock, const struct difftree_report_opts *o)
{
	struct difftree t;
	struct tv_error err;
	enum tv_status st = difftree_build(&t, a, b, clock, &err);
	if (st == TV_OK)
		st = difftree_report_tree(out, &t, o);
	difftree_free(&t);
	return st;
}
