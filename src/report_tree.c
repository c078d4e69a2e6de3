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
#include "report.h"

#include "cctree.h"
#include "grow.h"
#include "methodname.h"
#include "numfmt.h"
#include "textesc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { RT_W_TIME = 11, RT_W_PCT = 6, RT_W_CALLS = 10 };
#define RT_NAME_COL (RT_W_TIME + 1 + RT_W_PCT + 1 + RT_W_TIME + 1 + RT_W_PCT + 1 + RT_W_CALLS + 2)

struct rt_frame {
	uint32_t node;          /* CCTREE_NONE: the bottom-up roots */
	uint32_t next, kept;    /* next child to print, children printed in all */
	uint32_t level;         /* the children's level */
};

struct rt {
	FILE *out;
	struct cctree *t;
	const struct report_tree_opts *o;
	struct rt_frame *stack;
	uint32_t depth, cap;
};

/* a * b < c * d without overflow (128-bit products from 32-bit halves). */
static void rt_mul(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	*lo = (ll & 0xffffffffu) | mid << 32;
	*hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static int rt_less(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	uint64_t h1, l1, h2, l2;
	rt_mul(a, b, &h1, &l1);
	rt_mul(c, d, &h2, &l2);
	return h1 < h2 || (h1 == h2 && l1 < l2);
}

/* Below --min: key < min% of toplevel incl, min in millionths of a
 * percent, so key * 10^8 < min * toplevel incl. */
static int rt_pruned(const struct rt *r, uint32_t node)
{
	if (!r->o->min_ppm)
		return 0;
	return rt_less(cctree_key(r->t, node), 100000000u, r->o->min_ppm,
	               r->t->top_incl[r->t->clock]);
}

/* The kept prefix of a sibling list. */
static uint32_t rt_kept(const struct rt *r, const uint32_t *kids, uint32_t n)
{
	uint32_t k = 0;
	while (k < n && !rt_pruned(r, kids[k]))
		k++;
	return k;
}

static const uint32_t *rt_list(const struct rt *r, uint32_t node, uint32_t *n)
{
	if (node == CCTREE_NONE) {
		*n = r->t->nroots;
		return r->t->roots;
	}
	return cctree_children(r->t, node, n);
}

/* ------------------------------------------------------------ text */

static void rt_text_cols(FILE *out, const struct cctree *t, const struct cctree_node *n)
{
	int c = t->clock;
	char a[32], b[32], x[32], y[32];
	numfmt_ms(a, sizeof a, n->incl[c]);
	numfmt_pct(b, sizeof b - 1, n->incl[c], t->top_incl[c], 1);
	numfmt_ms(x, sizeof x, n->excl[c]);
	numfmt_pct(y, sizeof y - 1, n->excl[c], t->top_incl[c], 1);
	if (strcmp(b, "-") != 0)
		strcat(b, "%");
	if (strcmp(y, "-") != 0)
		strcat(y, "%");
	fprintf(out, "%*s %*s %*s %*s %*" PRIu64 "  ", RT_W_TIME, a, RT_W_PCT, b, RT_W_TIME, x,
	        RT_W_PCT, y, RT_W_CALLS, n->calls);
}

static uint32_t rt_indent(const struct rt *r, uint32_t level)
{
	return 2 * (r->o->invert ? level - 1 : level);
}

static void rt_text_node(struct rt *r, uint32_t node, uint32_t level)
{
	const struct cctree_node *n = &r->t->nodes[node];
	rt_text_cols(r->out, r->t, n);
	fprintf(r->out, "%*s", (int)rt_indent(r, level), "");
	methodname_text(r->out, r->t->tr, n->method, 1);
	putc('\n', r->out);
}

static void rt_text_more(struct rt *r, uint32_t level, uint32_t more)
{
	fprintf(r->out, "%*s\xe2\x80\xa6 %" PRIu32 " more\n", RT_NAME_COL + (int)rt_indent(r, level),
	        "", more);
}

/* ------------------------------------------------------------ JSON */

static void rt_json_str(FILE *out, const struct trace *tr, const struct tv_method *m,
                        const char *key, struct tv_str s)
{
	fprintf(out, ", \"%s\": ", key);
	if (!m || !m->declared)
		fputs("null", out);
	else
		textesc_json(out, trace_str(tr, s), s.len);
}

static void rt_json_usec(FILE *out, const struct trace *tr, const char *key, int c, uint64_t v)
{
	if (tr->has_clock[c])
		fprintf(out, ", \"%s\": %" PRIu64, key, v);
	else
		fprintf(out, ", \"%s\": null", key);
}

/* The node's fields and the opening of its children. */
static void rt_json_node(struct rt *r, uint32_t node)
{
	const struct trace *tr = r->t->tr;
	const struct cctree_node *n = &r->t->nodes[node];
	const struct tv_method *m = n->method == CCTREE_TOPLEVEL ? NULL : &tr->methods[n->method];
	FILE *out = r->out;
	if (m)
		fprintf(out, "{\"id\": \"0x%" PRIx64 "\"", m->id);
	else
		fputs("{\"id\": \"toplevel\"", out);
	rt_json_str(out, tr, m, "class", m ? m->cls : (struct tv_str){0});
	rt_json_str(out, tr, m, "name", m ? m->name : (struct tv_str){0});
	rt_json_str(out, tr, m, "signature", m ? m->sig : (struct tv_str){0});
	fprintf(out, ", \"calls\": %" PRIu64, n->calls);
	rt_json_usec(out, tr, "incl_cpu_usec", TV_CPU, n->incl[TV_CPU]);
	rt_json_usec(out, tr, "excl_cpu_usec", TV_CPU, n->excl[TV_CPU]);
	rt_json_usec(out, tr, "incl_wall_usec", TV_WALL, n->incl[TV_WALL]);
	rt_json_usec(out, tr, "excl_wall_usec", TV_WALL, n->excl[TV_WALL]);
	fputs(", \"children\": [", out);
}

/* ------------------------------------------------------------ the walk */

/* Prints node (at level) and, when its children are to be printed,
 * pushes a frame for them. */
static enum tv_status rt_enter(struct rt *r, uint32_t node, uint32_t level)
{
	int deeper = !r->o->depth || level < r->o->depth;
	if (deeper && cctree_expandable(r->t, node) && cctree_expand(r->t, node) != TV_OK)
		return TV_ERR_NOMEM;
	uint32_t n;
	cctree_children(r->t, node, &n);
	if (r->o->json)
		rt_json_node(r, node);
	else
		rt_text_node(r, node, level);
	if (!deeper || !n) {
		if (r->o->json)
			fputs("]}", r->out);
		return TV_OK;
	}
	if (grow_push32((void **)&r->stack, &r->cap, r->depth, sizeof *r->stack) < 0)
		return TV_ERR_NOMEM;
	r->stack[r->depth++] = (struct rt_frame){node, 0, 0, level + 1};
	return TV_OK;
}

static enum tv_status rt_walk(struct rt *r)
{
	while (r->depth) {
		struct rt_frame *f = &r->stack[r->depth - 1];
		uint32_t n;
		const uint32_t *kids = rt_list(r, f->node, &n);
		if (f->next == 0)
			f->kept = rt_kept(r, kids, n);
		if (f->next < f->kept) {
			uint32_t child = kids[f->next++], level = f->level;
			if (r->o->json)
				fputs(f->next > 1 ? ",\n" : "\n", r->out);
			enum tv_status st = rt_enter(r, child, level);
			if (st != TV_OK)
				return st;
			continue;
		}
		if (!r->o->json && f->kept < n)
			rt_text_more(r, f->level, n - f->kept);
		if (r->o->json && f->node != CCTREE_NONE)
			fputs("]}", r->out);
		r->depth--;
	}
	return TV_OK;
}

/* The bottom-up roots that will show children, expanded in one pass. */
static enum tv_status rt_expand_roots(struct rt *r)
{
	if (r->o->depth == 1)
		return TV_OK;
	return cctree_expand_all(r->t, r->t->roots, rt_kept(r, r->t->roots, r->t->nroots));
}

enum tv_status report_tree(FILE *out, struct cctree *t, const struct report_tree_opts *o)
{
	struct rt r = {out, t, o, NULL, 0, 0};
	enum tv_status st = TV_OK;
	const char *clock = t->clock == TV_CPU ? "cpu" : "wall";
	if (o->json)
		fprintf(out, "{\"schema\": 2, \"clock\": \"%s\", %s", clock,
		        o->invert ? "\"roots\": " : "\"root\":");
	if (o->invert) {
		st = rt_expand_roots(&r);
		if (st == TV_OK && o->json)
			fputc('[', out);
		if (st == TV_OK && grow_push32((void **)&r.stack, &r.cap, 0, sizeof *r.stack) < 0)
			st = TV_ERR_NOMEM;
		if (st == TV_OK)
			r.stack[r.depth++] = (struct rt_frame){CCTREE_NONE, 0, 0, 1};
	} else {
		if (o->json)
			fputc('\n', out);
		st = rt_enter(&r, 0, 0);
	}
	if (st == TV_OK)
		st = rt_walk(&r);
	if (st == TV_OK && o->json)
		fputs(o->invert ? "]\n}\n" : "\n}\n", out);
	free(r.stack);
	if (st == TV_OK && ferror(out))
		st = TV_ERR_OUTPUT;
	return st;
}
