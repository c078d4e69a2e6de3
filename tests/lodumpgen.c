/* lodumpgen.c: ART low-overhead dumps written as docs/format.md
 * describes them (see lodumpgen.h). */
#include "lodumpgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LDG_SLOTS 2048

static void ldg_put(uint8_t **p, size_t *n, size_t *cap, const void *src, size_t k)
{
	if (*n + k > *cap) {
		*cap = (*n + k) * 2 + 256;
		*p = realloc(*p, *cap);
		if (!*p)
			abort();
	}
	if (k)
		memcpy(*p + *n, src, k);
	*n += k;
}

static void ldg_le(uint8_t **p, size_t *n, size_t *cap, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++) {
		uint8_t b = (uint8_t)(v >> (8 * i));
		ldg_put(p, n, cap, &b, 1);
	}
}

static void ldg_sleb(uint8_t **p, size_t *n, size_t *cap, int64_t v)
{
	for (;;) {
		uint8_t b = (uint8_t)(v & 0x7f);
		v >>= 7;
		int done = (v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40));
		if (!done)
			b |= 0x80;
		ldg_put(p, n, cap, &b, 1);
		if (done)
			return;
	}
}

void ldg_init(struct ldg *g, enum ldg_layout layout, enum ldg_mode mode, enum ldg_unit unit)
{
	memset(g, 0, sizeof *g);
	g->layout = layout;
	g->mode = mode;
	g->unit = unit;
	g->garbage = 0xA5C3E1F7u;  /* heap leftovers: nothing like a size */
	if (layout == LDG_TMOL_DEC || layout == LDG_TMOL_HEX) {
		ldg_put(&g->p, &g->n, &g->cap, "TMOL", 4);
		ldg_le(&g->p, &g->n, &g->cap, 1, 2);
	}
}

static int ldg_hdr12(const struct ldg *g)
{
	return g->layout == LDG_TEXT12 || g->layout == LDG_PACKETS;
}

/* A block header; the size field (12-byte headers) is filled later. */
static size_t ldg_head(struct ldg *g, uint32_t tid, size_t count)
{
	uint8_t tag = 2;
	ldg_put(&g->p, &g->n, &g->cap, &tag, 1);
	ldg_le(&g->p, &g->n, &g->cap, tid, 4);
	ldg_le(&g->p, &g->n, &g->cap, count & 0xFFFF, 3);
	size_t at = g->n;
	if (ldg_hdr12(g))
		ldg_le(&g->p, &g->n, &g->cap, g->garbage, 4);
	return at;
}

/* All-methods events from raw values (entry: the method, exit: 1) in
 * the order given: October 2024 on, an exit is 1 after an entry and 0
 * after an exit; September 2024, the plain difference. */
static void ldg_all_events(struct ldg *g, const uint64_t *raw, size_t n)
{
	uint64_t prev = 0;
	int prev_exit = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t d = (int64_t)(raw[i] - prev);
		if (raw[i] == 1 && g->layout != LDG_RING2024)
			d = prev_exit ? 0 : 1;
		ldg_sleb(&g->p, &g->n, &g->cap, d);
		prev = raw[i];
		prev_exit = raw[i] == 1;
	}
}

/* An all-methods block of raw values, oldest first (the 2024-09 layout
 * writes them newest first). */
static void ldg_all_block(struct ldg *g, uint32_t tid, const uint64_t *raw, size_t n)
{
	ldg_head(g, tid, n);
	if (g->layout != LDG_RING2024) {
		ldg_all_events(g, raw, n);
		return;
	}
	uint64_t *rev = malloc((n ? n : 1) * sizeof *rev);
	if (!rev)
		abort();
	for (size_t i = 0; i < n; i++)
		rev[i] = raw[n - 1 - i];
	ldg_all_events(g, rev, n);
	free(rev);
}

/* A long-running time-and-action value: ticks with the low bit replaced
 * by the exit flag, else time << 1 | exit. */
static uint64_t ldg_tv(const struct ldg *g, const struct ldg_ev *e)
{
	if (e->kind == LDG_PLACEHOLDER)
		return 1;
	uint64_t x = e->kind == LDG_EXIT;
	return g->unit == LDG_TICKS ? (e->t & ~UINT64_C(1)) | x : e->t << 1 | x;
}

static void ldg_long_block(struct ldg *g, uint32_t tid, const struct ldg_ev *ev, size_t n)
{
	size_t at = ldg_head(g, tid, n), start = g->n;
	uint64_t pv = 0, pm = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t v = ldg_tv(g, &ev[i]);
		if (g->layout == LDG_LONG8) {  /* method first, then a flagless time */
			if (ev[i].kind == LDG_ENTER)
				ldg_sleb(&g->p, &g->n, &g->cap, (int64_t)(ev[i].method - pm));
			v &= ~UINT64_C(1);
		}
		ldg_sleb(&g->p, &g->n, &g->cap, (int64_t)(v - pv));
		pv = v;
		if (ev[i].kind == LDG_ENTER) {
			if (g->layout != LDG_LONG8)
				ldg_sleb(&g->p, &g->n, &g->cap, (int64_t)(ev[i].method - pm));
			pm = ev[i].method;
		}
	}
	if (ldg_hdr12(g)) {
		size_t size = g->n - start;
		for (int i = 0; i < 4; i++)
			g->p[at + (size_t)i] = (uint8_t)(size >> (8 * i));
	}
}

void ldg_block(struct ldg *g, uint32_t tid, const struct ldg_ev *ev, size_t n)
{
	if (g->mode == LDG_LONG) {
		ldg_long_block(g, tid, ev, n);
		return;
	}
	uint64_t *raw = malloc((n ? n : 1) * sizeof *raw);
	if (!raw)
		abort();
	for (size_t i = 0; i < n; i++)
		raw[i] = ev[i].kind == LDG_ENTER ? ev[i].method : 1;
	ldg_all_block(g, tid, raw, n);
	free(raw);
}

size_t ldg_ring(struct ldg *g, uint32_t tid, const struct ldg_ev *ev, size_t n,
                struct ldg_ev *out)
{
	uint64_t slot[LDG_SLOTS] = {0}, raw[LDG_SLOTS];
	int pos = LDG_SLOTS - 1, y2024 = g->layout == LDG_RING2024;
	for (size_t i = 0; i < n; i++) {
		if (pos < 0) {  /* the write that falls outside; then below the top */
			pos = LDG_SLOTS - 2;
			if (!y2024)
				continue;
			pos = LDG_SLOTS - 1;
		}
		slot[pos--] = ev[i].kind == LDG_ENTER ? ev[i].method : 1;
	}
	size_t k = 0;
	int low = y2024 ? 0 : 1;
	if (y2024 && slot[0] == 0)
		return 0;  /* 2024-09 writes only wrapped rings */
	for (int s = LDG_SLOTS - 1; s >= low && slot[s]; s--)
		raw[k++] = slot[s];
	ldg_all_block(g, tid, raw, k);
	for (size_t i = 0; out && i < k; i++)
		out[i] = (struct ldg_ev){raw[i] == 1 ? LDG_EXIT : LDG_ENTER, raw[i] == 1 ? 0 : raw[i], 0};
	return k;
}

void ldg_bytes(struct ldg *g, const void *p, size_t n)
{
	ldg_put(&g->p, &g->n, &g->cap, p, n);
}

static int ldg_text(const struct ldg *g)
{
	return g->layout != LDG_PACKETS && g->layout != LDG_RING2024;
}

void ldg_thread(struct ldg *g, uint32_t id, const char *name)
{
	size_t k = strlen(name);
	if (ldg_text(g)) {
		char line[64];
		int w = snprintf(line, sizeof line, "%u\t", (unsigned)id);
		ldg_put(&g->threads, &g->tn, &g->tcap, line, (size_t)w);
		ldg_put(&g->threads, &g->tn, &g->tcap, name, k);
		ldg_put(&g->threads, &g->tn, &g->tcap, "\n", 1);
		return;
	}
	uint8_t tag = 0;
	ldg_put(&g->threads, &g->tn, &g->tcap, &tag, 1);
	ldg_le(&g->threads, &g->tn, &g->tcap, id, 4);
	ldg_le(&g->threads, &g->tn, &g->tcap, k, 2);
	ldg_put(&g->threads, &g->tn, &g->tcap, name, k);
}

void ldg_method(struct ldg *g, uint64_t id, const char *cls, const char *name, const char *sig,
                const char *src)
{
	char line[1024];
	int w = snprintf(line, sizeof line, "%s\t%s\t%s\t%s\n", cls, name, sig, src ? src : "(null)");
	if (w < 0 || (size_t)w >= sizeof line)
		abort();
	if (ldg_text(g)) {
		char idtext[32];
		int k = g->layout == LDG_TMOL_DEC
		            ? snprintf(idtext, sizeof idtext, "%llu\t", (unsigned long long)id)
		            : snprintf(idtext, sizeof idtext, "0x%llx\t", (unsigned long long)id);
		ldg_put(&g->methods, &g->mn, &g->mcap, idtext, (size_t)k);
		ldg_put(&g->methods, &g->mn, &g->mcap, line, (size_t)w);
		return;
	}
	uint8_t tag = 1;
	ldg_put(&g->methods, &g->mn, &g->mcap, &tag, 1);
	ldg_le(&g->methods, &g->mn, &g->mcap, id, 8);
	ldg_le(&g->methods, &g->mn, &g->mcap, (uint64_t)w, 2);
	ldg_put(&g->methods, &g->mn, &g->mcap, line, (size_t)w);
}

uint8_t *ldg_finish(struct ldg *g, size_t *len)
{
	if (ldg_text(g)) {
		ldg_put(&g->p, &g->n, &g->cap, "\n*threads\n", 10);
		ldg_put(&g->p, &g->n, &g->cap, g->threads, g->tn);
		ldg_put(&g->p, &g->n, &g->cap, "*methods\n", 9);
		ldg_put(&g->p, &g->n, &g->cap, g->methods, g->mn);
		ldg_put(&g->p, &g->n, &g->cap, "*end", 4);
	} else if (g->layout == LDG_PACKETS) {
		ldg_put(&g->p, &g->n, &g->cap, g->threads, g->tn);
		ldg_put(&g->p, &g->n, &g->cap, g->methods, g->mn);
	}
	free(g->threads);
	free(g->methods);
	*len = g->n;
	uint8_t *out = g->p ? g->p : malloc(1);
	if (!out)
		abort();
	memset(g, 0, sizeof *g);
	return out;
}

char *ldg_base64(const uint8_t *buf, size_t len)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *out = malloc((len + 2) / 3 * 4 + 1);
	size_t o = 0;
	if (!out)
		abort();
	for (size_t i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)buf[i] << 16;
		if (i + 1 < len)
			v |= (uint32_t)buf[i + 1] << 8;
		if (i + 2 < len)
			v |= buf[i + 2];
		out[o++] = tab[v >> 18 & 63];
		out[o++] = tab[v >> 12 & 63];
		out[o++] = i + 1 < len ? tab[v >> 6 & 63] : '=';
		out[o++] = i + 2 < len ? tab[v & 63] : '=';
	}
	out[o] = '\0';
	return out;
}
