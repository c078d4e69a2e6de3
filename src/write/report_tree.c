/* report_tree.c: the call trees as indented text and as JSON
 * (docs/cli.md, "--format=tree"; the numbers in docs/numbers.md, "Call
 * trees").
 *
 * One depth-first walk with an explicit stack (call paths can be 100,000
 * deep) prints both forms. Pruning by --min keeps a prefix of every child
 * list, since children are sorted by the very number --min tests. A
 * bottom-up node is expanded only when its children will be printed; the
 * roots that will be are expanded together, in one pass over the calls.
 */
#include "write/report.h"

#include "analyze/methodname.h"
#include "analyze/pathtree.h"
#include "base/grow.h"
#include "base/mul128.h"
#include "base/numfmt.h"
#include "base/outbuf.h"
#include "base/textesc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { REPORT_TREE_W_TIME = 11, REPORT_TREE_W_PCT = 6, REPORT_TREE_W_CALLS = 10 };
#define REPORT_TREE_NAME_COL \
	(2 * (REPORT_TREE_W_TIME + 1 + REPORT_TREE_W_PCT + 1) + REPORT_TREE_W_CALLS + 2)

struct report_tree_frame {
	uint32_t node;          /* PATHTREE_NONE: the bottom-up roots */
	uint32_t next, shown;   /* next child to look at, children printed so far */
	uint32_t level;         /* the children's level */
};

struct report_tree_state {
	struct outbuf *out;
	struct pathtree *t;
	const struct report_tree_opts *o;
	struct report_tree_frame *stack;
	uint32_t depth, cap;
};

/* Below --min: key < min% of toplevel incl, min in millionths of a
 * percent, so key * 10^8 < min * toplevel incl. */
static int report_tree_pruned(const struct report_tree_state *r, uint32_t node)
{
	if (!r->o->min_ppm)
		return 0;
	return mul128_cmp(pathtree_key(r->t, node), 100000000u, r->o->min_ppm,
	                  r->t->top_incl[r->t->clock]) < 0;
}

static const uint32_t *report_tree_list(const struct report_tree_state *r, uint32_t node,
                                        uint32_t *n)
{
	if (node == PATHTREE_NONE) {
		*n = r->t->nroots;
		return r->t->roots;
	}
	return pathtree_children(r->t, node, n);
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

static void report_tree_text_more(struct report_tree_state *r, uint32_t level, uint32_t more)
{
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
	report_tree_json_key(out, key);
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

/* The node's fields and the opening of its children. */
static void report_tree_json_node(struct report_tree_state *r, uint32_t node)
{
	const struct trace *tr = r->t->tr;
	const struct pathtree_node *n = &r->t->nodes[node];
	const struct tv_method *m = n->method == PATHTREE_TOPLEVEL ? NULL : &tr->methods[n->method];
	struct outbuf *out = r->out;
	outbuf_puts(out, "{\"id\": ");
	methodname_id_ob(out, tr, n->method, 0);
	report_tree_json_str(out, tr, m, "class", m ? m->cls : (struct tv_str){0});
	report_tree_json_str(out, tr, m, "name", m ? m->name : (struct tv_str){0});
	report_tree_json_str(out, tr, m, "signature", m ? m->sig : (struct tv_str){0});
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
	outbuf_puts(out, ", \"children\": [");
}

/* ------------------------------------------------------------ the walk */

/* Prints node (at level) and, when its children are to be printed,
 * pushes a frame for them. */
static enum tv_status report_tree_enter(struct report_tree_state *r, uint32_t node, uint32_t level)
{
	int deeper = !r->o->depth || level < r->o->depth;
	if (deeper && pathtree_expandable(r->t, node) && pathtree_expand(r->t, node) != TV_OK)
		return TV_ERR_NOMEM;
	uint32_t n;
	pathtree_children(r->t, node, &n);
	if (r->o->json)
		report_tree_json_node(r, node);
	else
		report_tree_text_node(r, node, level);
	if (!deeper || !n) {
		if (r->o->json)
			outbuf_puts(r->out, "]}");
		return TV_OK;
	}
	if (grow_push32((void **)&r->stack, &r->cap, r->depth, sizeof *r->stack) < 0)
		return TV_ERR_NOMEM;
	r->stack[r->depth++] = (struct report_tree_frame){node, 0, 0, level + 1};
	return TV_OK;
}

static enum tv_status report_tree_walk(struct report_tree_state *r)
{
	while (r->depth) {
		struct report_tree_frame *f = &r->stack[r->depth - 1];
		uint32_t n;
		const uint32_t *kids = report_tree_list(r, f->node, &n);
		while (f->next < n && report_tree_pruned(r, kids[f->next]))
			f->next++;
		if (f->next < n) {
			uint32_t child = kids[f->next++], level = f->level;
			if (r->o->json)
				outbuf_puts(r->out, f->shown ? ",\n" : "\n");
			f->shown++;
			enum tv_status st = report_tree_enter(r, child, level);
			if (st != TV_OK)
				return st;
			continue;
		}
		if (!r->o->json && f->shown < n)
			report_tree_text_more(r, f->level, n - f->shown);
		if (r->o->json && f->node != PATHTREE_NONE)
			outbuf_puts(r->out, "]}");
		r->depth--;
	}
	return TV_OK;
}

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
	struct report_tree_state r = {&ob, t, o, NULL, 0, 0};
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
		if (st == TV_OK && grow_push32((void **)&r.stack, &r.cap, 0, sizeof *r.stack) < 0)
			st = TV_ERR_NOMEM;
		if (st == TV_OK)
			r.stack[r.depth++] = (struct report_tree_frame){PATHTREE_NONE, 0, 0, 1};
	} else {
		if (o->json)
			outbuf_putc(&ob, '\n');
		st = report_tree_enter(&r, 0, 0);
	}
	if (st == TV_OK)
		st = report_tree_walk(&r);
	if (st == TV_OK && o->json)
		outbuf_puts(&ob, o->invert ? "]\n}\n" : "\n}\n");
	free(r.stack);
	enum tv_status wst = outbuf_finish(&ob);
	return st != TV_OK ? st : wst;
}
