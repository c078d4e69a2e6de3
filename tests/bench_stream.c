/* bench_stream.c: the smallest single streaming pass that computes a
 * profile, for `make bench` to print beside traceview's own runs (the
 * yardstick of the speed issue; docs/performance.md).
 *
 *   bench_stream FILE.trace
 *
 * Reads a legacy version-3 file with its key section (gen_bench's) mapped
 * whole with MAP_POPULATE, on one core: a stack per thread (tid as index),
 * methods by direct index (id >> 2), each caller->callee edge found on
 * entry through a 4-entry cache in the caller's method record, else an
 * open-addressing table of 2^20 slots keyed by the pair (doubled when
 * half full: 50M records have 1.4M edges). On exit the call's
 * CPU and wall durations go to its method (incl only when it is the
 * method's outermost open call; counted as recursive otherwise), its excl
 * (less its children's), its edge and its parent frame's children sum.
 * It prints a few totals so that nothing is left out; it checks nothing
 * (well-formed input only). Standalone on purpose, like gen_bench.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define BS_METHODS (1u << 20)   /* ids below 2^22 */
#define BS_SLOTS (1u << 20)     /* edge table, first size */
#define BS_TOP (BS_METHODS - 1)  /* the toplevel's method record */

struct bs_edge { uint64_t calls, incl[2]; };
struct bs_slot { uint64_t key; uint32_t edge; };
struct bs_method {
	uint64_t calls, rcalls, incl[2], excl[2];
	uint32_t cto[4], cedge[4], cnext;   /* callee cache */
};
struct bs_frame { uint32_t m, edge, rec; uint32_t t[2]; uint64_t child[2]; };
struct bs_thread { struct bs_frame *st; uint32_t depth, cap; uint32_t *open; };

static struct bs_method *bs_m;
static struct bs_slot *bs_tab;
static struct bs_edge *bs_e;
static uint32_t bs_ne;
static uint32_t bs_bits = 20;    /* the table has 2^bs_bits slots */

static uint32_t bs_hash(uint64_t key)
{
	return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - bs_bits));
}

/* Edge sums for a table of 2^bits slots: it holds at most half as many
 * edges, numbered from 1. */
static size_t bs_edges_for(uint32_t bits)
{
	return ((size_t)1 << (bits - 1)) + 1;
}

/* Doubles the table (and the edge sums) once it is half full: 5M records
 * have 214k edges, 50M records 1.4M, where a full table's probe would
 * never end. */
static void bs_grow(void)
{
	uint32_t old = 1u << bs_bits, n = old * 2;
	size_t ne_old = bs_edges_for(bs_bits), ne = bs_edges_for(bs_bits + 1);
	struct bs_slot *t = calloc(n, sizeof *t);
	struct bs_edge *e = realloc(bs_e, ne * sizeof *e);
	if (!t || !e) {
		fprintf(stderr, "bench_stream: out of memory\n");
		exit(1);
	}
	memset(e + ne_old, 0, (ne - ne_old) * sizeof *e);
	bs_bits++;
	for (uint32_t i = 0; i < old; i++) {
		if (!bs_tab[i].edge)
			continue;
		uint32_t j = bs_hash(bs_tab[i].key);
		while (t[j].edge)
			j = (j + 1) & (n - 1);
		t[j] = bs_tab[i];
	}
	free(bs_tab);
	bs_tab = t;
	bs_e = e;
}

static uint32_t bs_edge_of(uint32_t from, uint32_t to)
{
	struct bs_method *f = &bs_m[from];
	for (int k = 0; k < 4; k++)
		if (f->cto[k] == to && f->cedge[k])
			return f->cedge[k];
	uint64_t key = (uint64_t)from << 32 | to;
	if (bs_ne >= 1u << (bs_bits - 1))
		bs_grow();
	uint32_t i = bs_hash(key);
	while (bs_tab[i].edge && bs_tab[i].key != key)
		i = (i + 1) & ((1u << bs_bits) - 1);
	if (!bs_tab[i].edge) {
		bs_tab[i].key = key;
		bs_tab[i].edge = ++bs_ne;
	}
	f->cto[f->cnext] = to;
	f->cedge[f->cnext] = bs_tab[i].edge;
	f->cnext = (f->cnext + 1) & 3;
	return bs_tab[i].edge;
}

int main(int argc, char **argv)
{
	struct stat sb;
	int fd = argc == 2 ? open(argv[1], O_RDONLY) : -1;
	if (fd < 0 || fstat(fd, &sb) < 0) {
		fprintf(stderr, "usage: bench_stream FILE.trace (a readable file)\n");
		return 1;
	}
	const uint8_t *b = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	const uint8_t *end = b + sb.st_size, *p = b == MAP_FAILED ? end : b;
	while (p + 5 + 32 <= end && memcmp(p, "*end\n", 5) != 0)   /* the key section's end */
		p = memchr(p + 1, '*', (size_t)(end - p - 1)) ? memchr(p + 1, '*', (size_t)(end - p - 1)) : end;
	bs_m = calloc(BS_METHODS, sizeof *bs_m);
	bs_tab = calloc(BS_SLOTS, sizeof *bs_tab);
	bs_e = calloc(bs_edges_for(bs_bits), sizeof *bs_e);
	struct bs_thread *th = calloc(65536, sizeof *th);
	if (p + 5 + 32 > end || !bs_m || !bs_tab || !bs_e || !th) {
		fprintf(stderr, "bench_stream: %s: not a key file, or out of memory\n", argv[1]);
		return 1;
	}
	p += 5;
	unsigned rsize = p[16] | p[17] << 8;
	for (p += p[6] | p[7] << 8; p + rsize <= end; p += rsize) {
		struct bs_thread *t = &th[p[0] | p[1] << 8];
		uint32_t w, tm[2];
		memcpy(&w, p + 2, 4);
		memcpy(tm, p + 6, 8);
		uint32_t m = (w >> 2) & (BS_METHODS - 1);
		if (!t->open && !(t->open = calloc(BS_METHODS, sizeof *t->open)))
			return 1;
		if (!(w & 3)) {   /* entry */
			if (t->depth == t->cap) {
				t->cap = t->cap ? t->cap * 2 : 256;
				if (!(t->st = realloc(t->st, t->cap * sizeof *t->st)))
					return 1;
			}
			uint32_t up = t->depth ? t->st[t->depth - 1].m : BS_TOP;
			t->st[t->depth++] = (struct bs_frame){m, bs_edge_of(up, m), t->open[m]++ > 0,
			                                      {tm[0], tm[1]}, {0, 0}};
			continue;
		}
		if (!t->depth)
			continue;
		struct bs_frame *f = &t->st[--t->depth];
		struct bs_method *bm = &bs_m[f->m];
		struct bs_edge *e = &bs_e[f->edge];
		t->open[f->m]--;
		bm->calls += !f->rec;
		bm->rcalls += f->rec;
		e->calls++;
		for (int c = 0; c < 2; c++) {
			uint64_t d = (uint32_t)(tm[c] - f->t[c]);
			bm->incl[c] += f->rec ? 0 : d;
			bm->excl[c] += d - f->child[c];
			e->incl[c] += d;
			if (t->depth)
				t->st[t->depth - 1].child[c] += d;
		}
	}
	uint64_t calls = 0, incl = 0, excl = 0;
	for (uint32_t i = 0; i < BS_METHODS; i++) {
		calls += bs_m[i].calls + bs_m[i].rcalls;
		incl += bs_m[i].incl[1];
		excl += bs_m[i].excl[1];
	}
	printf("calls %" PRIu64 " edges %" PRIu32 " incl_wall %" PRIu64 " excl_wall %" PRIu64 "\n",
	       calls, bs_ne, incl, excl);
	return 0;
}
