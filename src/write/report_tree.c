/* report_tree.c: the call trees as indented text and as JSON
 * (docs/cli.md, "--format=tree"; the numbers in docs/numbers.md, "Call
 * trees").
 *
 * One depth-first walk (treewalk.h) prints both forms. Pruning by --min keeps a prefix of every child
 * list, since children are sorted by the very number --min tests. A
 * bottom-up node is expanded only when its children will be printed; the
 * roots that will be are expanded together, in one pass over the calls.
 */
#include "write/report.h"

#include "analyze/methodname.h"
#include "analyze/pathtree.h"
#include "base/mul128.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"
#include "write/treewalk.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { REPORT_TREE_W_TIME = 11, REPORT_TREE_W_PCT = 6, REPORT_TREE_W_CALLS = 10 };
#define REPORT_TREE_NAME_COL \
	(2 * (REPORT_TREE_W_TIME + 1 + REPORT_TREE_W_PCT + 1) + REPORT_TREE_W_CALLS + 2)

struct report_tree_state {
	struct outbuf *out;
	struct pathtree *t;
	const struct report_tree_opts *o;
};

/* Below --min: key < min% of toplevel incl, min in millionths of a
 * percent, so key * 10^8 < min * toplevel incl. */
static int report_tree_pruned(void *ctx, uint32_t node)
{
	const struct report_tree_state *r = ctx;
	if (!r->o->min_ppm)
		return 0;
	return mul128_cmp(pathtree_key(r->t, node), 100000000u, r->o->min_ppm,
	                  r->t->top_incl[r->t->clock]) < 0;
}

/* ------------------------------------------------------------ the walk's ops */

static const uint32_t *report_tree_list(void *ctx, uint32_t node, uint32_t *n)
{
	const struct report_tree_state *r = ctx;
	if (node == TREEWALK_ROOTS) {
		*n = r->t->nroots;
		return r->t->roots;
	}
	return pathtree_children(r->t, node, n);
}

static enum tv_status report_tree_expand(void *ctx, uint32_t node)
{
	struct report_tree_state *r = ctx;
	return pathtree_expandable(r->t, node) ? pathtree_expand(r->t, node) : TV_OK;
}

/* ------------------------------------------------------------ text */

/* A time in ms (a count of events on a trace without time) and its
 * percentage of the toplevel's incl ("-" of none). */
static void report_tree_time_pct(struct outbuf *out, const struct trace *tr, uint64_t usec,
                                 uint64_t top)
{
	char ms[32], pct[32];
	if (trace_is_sequence(tr))
		snprintf(ms, sizeof ms, "%" PRIu64, usec);
	else
		numfmt_ms(ms, sizeof ms, usec);
	numfmt_pct(pct, sizeof pct - 1, usec, top, 1);
	if (strcmp(pct, "-") != 0)
		strcat(pct, "%");
	outbuf_right(out, ms, strlen(ms), REPORT_TREE_W_TIME);
	outbuf_putc(out, ' ');
	outbuf_right(out, pct, strlen(pct), REPORT_TREE_W_PCT);
	outbuf_putc(out, ' ');
}

static void report_tree_text_cols(struct outbuf *out, const struct pathtree *t,
                                  const struct pathtree_node *n)
{
	int c = t->clock;
	char calls[24];
	report_tree_time_pct(out, t->tr, n->incl[c], t->top_incl[c]);
	report_tree_time_pct(out, t->tr, n->excl[c], t->top_incl[c]);
	snprintf(calls, sizeof calls, "%" PRIu64, n->calls);
	outbuf_right(out, calls, strlen(calls), REPORT_TREE_W_CALLS);
	outbuf_spaces(out, 2);
}

static uint32_t report_tree_indent(const struct report_tree_state *r, uint32_t level)
{
	return 2 * (r->o->invert ? level - 1 : level);
}

static void report_tree_text_node(struct report_tree_state *r, uint32_t node, uint32_t level)
{
	const struct pathtree_node *n = &r->t->nodes[node];
	report_tree_text_cols(r->out, r->t, n);
	outbuf_spaces(r->out, report_tree_indent(r, level));
	methodname_text_ob(r->out, r->t->tr, n->method, 1);
	outbuf_putc(r->out, '\n');
}

static void report_tree_text_more(void *ctx, uint32_t level, uint32_t more)
{
	struct report_tree_state *r = ctx;
	outbuf_spaces(r->out, REPORT_TREE_NAME_COL + report_tree_indent(r, level));
	outbuf_puts(r->out, "\xe2\x80\xa6 ");
	outbuf_u64(r->out, more);
	outbuf_puts(r->out, " more\n");
}

/* The title names the clock and the order, since the full-screen trees
 * sort by CPU and these by wall (docs/cli.md, "Call trees"). */
enum tv_status report_tree_title(FILE *f, const struct pathtree *t)
{
	char buf[OUTBUF_MIN];
	struct outbuf ob, *out = &ob;
	outbuf_init(&ob, f, buf, sizeof buf);
	int seq = trace_is_sequence(t->tr);
	const char *clock = seq ? "ev" : t->clock == TV_CPU ? "cpu" : "wall";
	char head[32];
	for (int i = 0; i < 2; i++) {
		int n = snprintf(head, sizeof head, "%s %s", i ? "excl" : "incl", clock);
		outbuf_right(out, head, (size_t)n, REPORT_TREE_W_TIME);
		outbuf_putc(out, ' ');
		outbuf_right(out, "%", 1, REPORT_TREE_W_PCT);
		outbuf_putc(out, ' ');
	}
	outbuf_right(out, "calls", 5, REPORT_TREE_W_CALLS);
	outbuf_puts(out, seq ? "  method (events; siblings sorted by "
	                     : "  method (ms; siblings sorted by ");
	outbuf_puts(out, pathtree_by_label(t->tr, t->by));
	outbuf_puts(out, t->ascending ? ", smallest first)\n" : ", largest first)\n");
	return outbuf_finish(&ob);
}

/* ------------------------------------------------------------ JSON */

/* key is written as is: the callers' keys need no escaping. */
static void report_tree_json_key(struct outbuf *out, const char *key)
{
	outbuf_puts(out, ", \"");
	outbuf_puts(out, key);
	outbuf_puts(out, "\": ");
}

static void report_tree_json_str(struct outbuf *out, const struct trace *tr,
                                 const struct tv_method *m, const char *key, struct tv_str s)
{
	outbuf_putc(out, '"');
	outbuf_puts(out, key);
	outbuf_puts(out, "\": ");
	if (!m || !m->declared)
		outbuf_puts(out, "null");
	else
		textesc_json_ob(out, trace_str(tr, s), s.len);
}

static void report_tree_json_usec(struct outbuf *out, const struct trace *tr, const char *key,
                                  int c, uint64_t v)
{
	report_tree_json_key(out, key);
	outbuf_u64_or_null(out, trace_clock_usec(tr, c), v);
}

/* Wait: wall less CPU, signed (docs/numbers.md, "Wait time"); null
 * unless the trace has both clocks. */
static void report_tree_json_wait(struct outbuf *out, const struct trace *tr, const char *key,
                                  const uint64_t *t)
{
	report_tree_json_key(out, key);
	if (!trace_clock_usec(tr, TV_CPU) || !trace_clock_usec(tr, TV_WALL)) {
		outbuf_puts(out, "null");
		return;
	}
	if (t[TV_WALL] >= t[TV_CPU]) {
		outbuf_u64(out, t[TV_WALL] - t[TV_CPU]);
	} else {
		outbuf_putc(out, '-');
		outbuf_u64(out, t[TV_CPU] - t[TV_WALL]);
	}
}

void report_tree_json_names(struct outbuf *out, const struct trace *tr, uint32_t method)
{
	const struct tv_method *m = method == PATHTREE_TOPLEVEL ? NULL : &tr->methods[method];
	report_tree_json_str(out, tr, m, "class", m ? m->cls : (struct tv_str){0});
	outbuf_puts(out, ", ");
	report_tree_json_str(out, tr, m, "name", m ? m->name : (struct tv_str){0});
	outbuf_puts(out, ", ");
	report_tree_json_str(out, tr, m, "signature", m ? m->sig : (struct tv_str){0});
}

void report_tree_json_numbers(struct outbuf *out, const struct trace *tr,
                              const struct pathtree_node *n)
{
	report_tree_json_key(out, "calls");
	outbuf_u64(out, n->calls);
	report_tree_json_usec(out, tr, "incl_cpu_usec", TV_CPU, n->incl[TV_CPU]);
	report_tree_json_usec(out, tr, "excl_cpu_usec", TV_CPU, n->excl[TV_CPU]);
	report_tree_json_usec(out, tr, "incl_wall_usec", TV_WALL, n->incl[TV_WALL]);
	report_tree_json_usec(out, tr, "excl_wall_usec", TV_WALL, n->excl[TV_WALL]);
	report_tree_json_wait(out, tr, "incl_wait_usec", n->incl);
	report_tree_json_wait(out, tr, "excl_wait_usec", n->excl);
	if (trace_is_sequence(tr)) {   /* docs/numbers.md, "Traces without time" */
		report_tree_json_key(out, "incl_events");
		outbuf_u64(out, n->incl[TV_WALL]);
		report_tree_json_key(out, "excl_events");
		outbuf_u64(out, n->excl[TV_WALL]);
	}
}

/* The node's fields and the opening of its children. */
static void report_tree_json_node(struct report_tree_state *r, uint32_t node)
{
	const struct trace *tr = r->t->tr;
	const struct pathtree_node *n = &r->t->nodes[node];
	struct outbuf *out = r->out;
	outbuf_puts(out, "{\"id\": ");
	methodname_id_ob(out, tr, n->method, 0);
	outbuf_puts(out, ", ");
	report_tree_json_names(out, tr, n->method);
	report_tree_json_numbers(out, tr, n);
	outbuf_puts(out, ", \"children\": [");
}

/* ------------------------------------------------------------ the walk */

static void report_tree_node(void *ctx, uint32_t node, uint32_t level)
{
	struct report_tree_state *r = ctx;
	if (r->o->json)
		report_tree_json_node(r, node);
	else
		report_tree_text_node(r, node, level);
}

static const struct treewalk_ops report_tree_ops = {
	report_tree_expand, report_tree_list, report_tree_pruned, report_tree_node,
	report_tree_text_more,
};

/* The bottom-up roots that will show children, expanded in one pass. */
static enum tv_status report_tree_expand_roots(struct report_tree_state *r)
{
	if (r->o->depth == 1)
		return TV_OK;
	uint32_t n = 0, *keep = malloc(((size_t)r->t->nroots + 1) * sizeof *keep);
	if (!keep)
		return TV_ERR_NOMEM;
	for (uint32_t i = 0; i < r->t->nroots; i++)
		if (!report_tree_pruned(r, r->t->roots[i]))
			keep[n++] = r->t->roots[i];
	enum tv_status st = pathtree_expand_all(r->t, keep, n);
	free(keep);
	return st;
}

enum tv_status report_tree(FILE *out, struct pathtree *t, const struct report_tree_opts *o)
{
	char buf[1 << 16];
	struct outbuf ob;
	outbuf_init(&ob, out, buf, sizeof buf);
	struct report_tree_state r = {&ob, t, o};
	struct treewalk w = {&ob, o->json, o->depth, &report_tree_ops, &r, NULL, 0, 0};
	enum tv_status st = TV_OK;
	if (o->json) {
		outbuf_puts(&ob, "{\"schema\": 2, \"clock\": \"");
		outbuf_puts(&ob, trace_is_sequence(t->tr) ? "sequence"
		                 : t->clock == TV_CPU     ? "cpu"
		                                          : "wall");
		outbuf_puts(&ob, o->invert ? "\", \"roots\": " : "\", \"root\":");
	}
	if (o->invert) {
		st = report_tree_expand_roots(&r);
		if (st == TV_OK && o->json)
			outbuf_putc(&ob, '[');
		if (st == TV_OK)
			st = treewalk_roots(&w);
	} else {
		if (o->json)
			outbuf_putc(&ob, '\n');
		st = treewalk_enter(&w, 0, 0);
	}
	if (st == TV_OK)
		st = treewalk_run(&w);
	if (st == TV_OK && o->json)
		outbuf_puts(&ob, o->invert ? "]\n}\n" : "\n}\n");
	treewalk_free(&w);
	enum tv_status wst = outbuf_finish(&ob);
	return st != TV_OK ? st : wst;
}
