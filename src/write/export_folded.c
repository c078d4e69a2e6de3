/* export_folded.c: folded stacks ("root;child;leaf N") for flame graphs.
 *
 * One pass over each selected thread's calls (preorder) keeps the path from
 * the root, as profile.c does, and adds each call's excl to a node of a
 * trie of stacks (node = (parent node, frame), found through a table of
 * node indices).
 * A depth-first walk of the trie then prints every node with time, so the
 * numbers are the profile's: Σ N over stacks ending in M is M's excl.
 *
 * Frames are escaped once per method: control bytes, invalid UTF-8 and
 * backslash as textesc_text does, and ';' (the frame separator) as \x3b.
 * With signatures, the signature follows the name directly with each ';'
 * turned into ',' ("Foo.bar(Ljava/lang/String,I)V").
 */
#include "analyze/methodname.h"
#include "base/grow.h"
#include "base/idxtab.h"
#include "base/numfmt.h"
#include "base/textesc.h"
#include "model/callwalk.h"
#include "write/export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT_FOLDED_NONE UINT32_MAX

/* 24 bytes: a big trace has millions. A node's children are linked
 * newest first while the trie grows, and put in creation (time) order
 * once it is whole (export_folded_order()). */
struct export_folded_node {
	uint32_t parent, frame;
	uint32_t first, next;
	uint64_t excl;
};

struct export_folded_step {           /* a call on the current path */
	uint32_t call, node;
	uint64_t child_incl;
};

struct export_folded_build {
	const struct trace *tr;
	int clock;
	int by_calls;                  /* a trace without time: each call counts 1 */
	struct export_folded_node *nodes;
	uint32_t nnodes, nodes_cap;
	struct idxtab index;           /* the nodes by (parent, frame) */
	struct export_folded_cached {  /* direct-mapped: loops repeat stacks */
		uint64_t key;
		uint32_t node;
	} cache[4096];
	struct export_folded_step *path;
	uint32_t depth, path_cap;
	/* Frame texts: frame f (a method index, or nmethods + thread index)
	 * is text[off[f], off[f + 1]). */
	char *text;
	size_t *off;
};

/* ------------------------------------------------------------ frames */

static void export_folded_thread_frame(FILE *ms, const struct trace *tr, const struct tv_thread *th)
{
	fprintf(ms, "[%" PRIu32 "]", th->tid);
	if (tv_str_present(th->name) && th->name.len) {
		putc(' ', ms);
		textesc_text(ms, trace_str(tr, th->name), th->name.len);
	}
}

/* Moves the rendered frames into b->text with every ';' left (only raw
 * bytes of names can hold one) escaped as \x3b. */
static int export_folded_copy_frames(struct export_folded_build *b, const char *raw,
                                     const size_t *roff, uint32_t n)
{
	size_t semis = 0;
	for (size_t i = 0; i < roff[n]; i++)
		semis += raw[i] == ';';
	b->text = malloc(roff[n] + 3 * semis + 1);
	if (!b->text)
		return -1;
	size_t o = 0;
	for (uint32_t f = 0; f < n; f++) {
		b->off[f] = o;
		for (size_t i = roff[f]; i < roff[f + 1]; i++) {
			if (raw[i] == ';') {
				memcpy(b->text + o, "\\x3b", 4);
				o += 4;
			} else
				b->text[o++] = raw[i];
		}
	}
	b->off[n] = o;
	return 0;
}

static int export_folded_frames(struct export_folded_build *b, const struct profile *p,
                                const struct export_opts *o)
{
	const struct trace *tr = b->tr;
	uint32_t n = tr->nmethods + tr->nthreads;
	char *raw = NULL;
	size_t rawlen = 0;
	size_t *roff = malloc(((size_t)n + 1) * sizeof *roff);
	b->off = malloc(((size_t)n + 1) * sizeof *b->off);
	FILE *ms = roff && b->off ? open_memstream(&raw, &rawlen) : NULL;
	int rc = ms ? 0 : -1;
	for (uint32_t f = 0; rc == 0 && f < n; f++) {
		/* fflush brings rawlen up to what was written so far. */
		if (fflush(ms) != 0)
			rc = -1;
		roff[f] = rawlen;
		if (f < tr->nmethods) {
			if (rc == 0 && p->methods[f].calls + p->methods[f].rcalls)
				methodname_frame(ms, tr, f, o->signatures);
		} else if (o->per_thread)
			export_folded_thread_frame(ms, tr, &tr->threads[f - tr->nmethods]);
	}
	if (ms) {
		if (ferror(ms))
			rc = -1;
		if (fclose(ms) != 0)
			rc = -1;
		roff[n] = rawlen;
	}
	if (rc == 0)
		rc = export_folded_copy_frames(b, raw, roff, n);
	free(raw);
	free(roff);
	return rc;
}

/* ------------------------------------------------------------ the trie */

static uint32_t export_folded_new_node(struct export_folded_build *b, uint32_t parent,
                                       uint32_t frame)
{
	if (grow_push32((void **)&b->nodes, &b->nodes_cap, b->nnodes, sizeof *b->nodes) < 0)
		return EXPORT_FOLDED_NONE;
	uint32_t i = b->nnodes++;
	b->nodes[i] = (struct export_folded_node){parent, frame, EXPORT_FOLDED_NONE,
	                                          EXPORT_FOLDED_NONE, 0};
	if (i) {
		b->nodes[i].next = b->nodes[parent].first;
		b->nodes[parent].first = i;
	}
	return i;
}

static uint64_t export_folded_key_of(const void *ctx, uint32_t node)
{
	const struct export_folded_node *n = &((const struct export_folded_build *)ctx)->nodes[node];
	return (uint64_t)n->parent << 32 | n->frame;
}

static uint32_t export_folded_child(struct export_folded_build *b, uint32_t parent, uint32_t frame)
{
	uint64_t key = (uint64_t)parent << 32 | frame;
	struct export_folded_cached *c = &b->cache[(parent * 2654435761u ^ frame) & 4095];
	if (c->node != EXPORT_FOLDED_NONE && c->key == key)
		return c->node;
	/* Room for the node first: once the index holds it, it must be made. */
	if (grow_push32((void **)&b->nodes, &b->nodes_cap, b->nnodes, sizeof *b->nodes) < 0)
		return EXPORT_FOLDED_NONE;
	int added;
	uint32_t i = idxtab_get_or_put(&b->index, key, b->nnodes, export_folded_key_of, b, &added);
	if (i == IDXTAB_NONE)
		return EXPORT_FOLDED_NONE;
	if (added)
		export_folded_new_node(b, parent, frame);
	c->key = key;
	c->node = i;
	return i;
}

/* Every node's children, linked newest first, into creation order. */
static void export_folded_order(struct export_folded_build *b)
{
	for (uint32_t i = 0; i < b->nnodes; i++) {
		uint32_t prev = EXPORT_FOLDED_NONE, cur = b->nodes[i].first;
		while (cur != EXPORT_FOLDED_NONE) {
			uint32_t next = b->nodes[cur].next;
			b->nodes[cur].next = prev;
			prev = cur;
			cur = next;
		}
		b->nodes[i].first = prev;
	}
}

/* Takes the top call off the path, adding its excl (by calls: 1) to its
 * node. */
static void export_folded_finish_top(struct export_folded_build *b, const struct tv_thread *th)
{
	struct export_folded_step *s = &b->path[--b->depth];
	uint64_t incl = trace_call_incl(th, b->clock, s->call);
	b->nodes[s->node].excl += b->by_calls ? 1 : incl - s->child_incl;
	if (b->depth)
		b->path[b->depth - 1].child_incl += incl;
}

static int export_folded_thread(struct export_folded_build *b, const struct tv_thread *th,
                                uint32_t root)
{
	struct callwalk w;
	uint32_t i;
	callwalk_init(&w, th);
	for (int step; (step = callwalk_next(&w, &i)) != CALLWALK_DONE;) {
		if (step == CALLWALK_LEAVE) {
			export_folded_finish_top(b, th);
			continue;
		}
		if (grow_push32((void **)&b->path, &b->path_cap, b->depth, sizeof *b->path) < 0)
			return -1;
		uint32_t up = b->depth ? b->path[b->depth - 1].node : root;
		uint32_t node = export_folded_child(b, up, th->method[i]);
		if (node == EXPORT_FOLDED_NONE)
			return -1;
		b->path[b->depth++] = (struct export_folded_step){i, node, 0};
	}
	return 0;
}

/* ------------------------------------------------------------ output */

struct export_folded_line {
	char *buf;
	size_t cap;
	size_t *len;        /* per depth: length of the path prefix */
	uint32_t len_cap;
};

static int export_folded_line_room(struct export_folded_line *l, uint32_t depth, size_t need)
{
	if (grow_push32((void **)&l->len, &l->len_cap, depth, sizeof *l->len) < 0)
		return -1;
	return grow_to((void **)&l->buf, &l->cap, need, 1);
}

/* Sets the prefix of depth d (node's path) from the prefix of d - 1. */
static int export_folded_push_frame(const struct export_folded_build *b,
                                    struct export_folded_line *l, uint32_t d, uint32_t node)
{
	uint32_t f = b->nodes[node].frame;
	size_t flen = b->off[f + 1] - b->off[f];
	size_t at = d > 1 ? l->len[d - 1] : 0;
	if (export_folded_line_room(l, d, at + 1 + flen + 24) < 0)
		return -1;
	if (d > 1)
		l->buf[at++] = ';';
	memcpy(l->buf + at, b->text + b->off[f], flen);
	l->len[d] = at + flen;
	return 0;
}

static void export_folded_emit(FILE *out, struct export_folded_line *l, uint32_t d, uint64_t n)
{
	char *p = l->buf + l->len[d], num[NUMFMT_MAX];
	size_t len = numfmt_put_u64(num, n);
	*p++ = ' ';
	memcpy(p, num, len);
	p += len;
	*p++ = '\n';
	fwrite(l->buf, 1, (size_t)(p - l->buf), out);
}

/* Depth-first over the trie; node 0 is the root (no frame). */
static int export_folded_write(FILE *out, const struct export_folded_build *b)
{
	struct export_folded_line l = {0};
	const struct export_folded_node *n = b->nodes;
	uint32_t cur = n[0].first, d = 1;
	int rc = 0;
	while (cur != EXPORT_FOLDED_NONE) {
		if (export_folded_push_frame(b, &l, d, cur) < 0) {
			rc = -1;
			break;
		}
		if (n[cur].excl)
			export_folded_emit(out, &l, d, n[cur].excl);
		if (n[cur].first != EXPORT_FOLDED_NONE) {
			cur = n[cur].first;
			d++;
			continue;
		}
		while (cur && n[cur].next == EXPORT_FOLDED_NONE) {
			cur = n[cur].parent;
			d--;
		}
		cur = cur ? n[cur].next : EXPORT_FOLDED_NONE;
	}
	free(l.buf);
	free(l.len);
	return rc;
}

static int export_folded_run(FILE *out, struct export_folded_build *b, const struct profile *p,
                             const struct export_opts *o)
{
	const struct trace *tr = p->tr;
	if (export_folded_frames(b, p, o) < 0 ||
	    export_folded_new_node(b, 0, EXPORT_FOLDED_NONE) == EXPORT_FOLDED_NONE)
		return -1;
	for (uint32_t i = 0; i < p->nthreads; i++) {
		uint32_t root = 0;
		if (o->per_thread) {
			root = export_folded_new_node(b, 0, tr->nmethods + p->threads[i]);
			if (root == EXPORT_FOLDED_NONE)
				return -1;
		}
		if (export_folded_thread(b, &tr->threads[p->threads[i]], root) < 0)
			return -1;
		if (o->walked)
			o->walked(o->walked_ctx, p->threads[i]);
	}
	idxtab_free(&b->index);   /* the trie is whole: the writer needs no lookup */
	export_folded_order(b);
	return export_folded_write(out, b);
}

enum tv_status export_folded(FILE *out, const struct profile *p, const struct export_opts *o)
{
	struct export_folded_build *b = calloc(1, sizeof *b); /* the cache makes it big */
	if (!b)
		return TV_ERR_NOMEM;
	b->tr = p->tr;
	idxtab_init(&b->index);
	/* A clock the trace lacks has no times: fall back to the one it has. */
	b->clock = o->clock == TV_WALL ? TV_WALL : TV_CPU;
	if (!b->tr->has_clock[b->clock])
		b->clock = trace_sort_clock(b->tr);
	b->by_calls = trace_is_sequence(b->tr);
	for (size_t i = 0; i < sizeof b->cache / sizeof b->cache[0]; i++)
		b->cache[i].node = EXPORT_FOLDED_NONE;
	int rc = export_folded_run(out, b, p, o);
	free(b->nodes);
	free(b->path);
	free(b->text);
	free(b->off);
	idxtab_free(&b->index);
	free(b);
	if (rc < 0)
		return TV_ERR_NOMEM;
	return fflush(out) == 0 && !ferror(out) ? TV_OK : TV_ERR_OUTPUT;
}
