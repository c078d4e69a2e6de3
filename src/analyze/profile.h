/* profile.h: per-method and per-edge numbers (docs/numbers.md, "Per method").
 *
 * Computed from a loaded trace over all threads, one thread, or a set. The profile
 * owns its arrays (profile_free() releases them) and borrows the trace and
 * its edge sums, which must outlive it. Numbers only: views format them.
 */
#ifndef TV_PROFILE_H
#define TV_PROFILE_H

#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"

#define PROF_TOPLEVEL UINT32_MAX   /* edge end that is a thread's root */

/* One caller or callee of a method, in two halves as Traceview shows them
 * (docs/numbers.md, "Parents and children"): in a method's parents the
 * halves split the method's calls by whether each is recursive; in its
 * children they split the child calls by whether their parent call (a call
 * of this method) is recursive. A value made when asked (profile_list_at()). */
struct prof_edge {
	uint32_t method;               /* method index, or PROF_TOPLEVEL */
	uint64_t calls;                /* the plain half */
	uint64_t incl[TV_NCLOCKS];     /* Σ callee incl over the plain half */
	uint64_t rcalls;               /* the "while recursive" half */
	uint64_t rincl[TV_NCLOCKS];
};

/* The edge sums a profile's lists read (profile.c): its own, owned, and
 * the trace's, borrowed. */
struct prof_sums;

enum prof_side { PROF_PARENTS, PROF_CHILDREN };

/* A method's parents or children, sorted like the spec says: n references
 * into the profile's edge sums, 4 bytes an edge where a whole edge takes
 * 56 (docs/architecture.md, "Profiles"), or, in a profile built by
 * profile_build_placed(), the n edges written out. Read with
 * profile_list_at(). Valid while the profile is, wherever it is moved. */
struct prof_list {
	const struct prof_sums *sums;
	const uint32_t *ref;
	const struct prof_edge *edge;  /* the edges written out, or NULL */
	uint32_t n;
	enum prof_side side;           /* which way the halves split */
};

struct prof_method {
	uint64_t calls, rcalls;        /* non-recursive, recursive */
	uint64_t incl[TV_NCLOCKS];     /* Σ incl over non-recursive calls */
	uint64_t excl[TV_NCLOCKS];     /* Σ excl over all calls */
	struct prof_list parents, children;
};

struct profile {
	const struct trace *tr;
	int filtered;                  /* a selection of one thread */
	uint32_t tid;                  /* that thread's tid */
	uint32_t *threads;             /* selected thread indices with records */
	uint32_t nthreads;
	uint64_t top_incl[TV_NCLOCKS], top_excl[TV_NCLOCKS];
	struct prof_list top_children;
	struct prof_method *methods;   /* indexed like trace.methods */
	uint32_t *order;               /* methods with a call, sorted */
	uint32_t norder;
	uint32_t *refs;                /* owns every list's references */
	struct prof_sums *sums;        /* owns (or borrows) what they refer to */
	struct prof_edge *placed;      /* owns every list's edges written out */
};

/* Edge i of l (i < l->n). */
struct prof_edge profile_list_at(const struct prof_list *l, uint32_t i);

/* Every edge of l, in order: the list's own when written out, else read
 * into room[0..l->n), which is returned. */
const struct prof_edge *profile_list_edges(const struct prof_list *l, struct prof_edge *room);

/* Build over every thread (tid NULL) or the thread with *tid
 * (TV_ERR_NO_THREAD when it has no records). On failure p holds nothing
 * (profile_free() on it is harmless). */
enum tv_status profile_build(struct profile *p, const struct trace *tr,
                             const uint32_t *tid, struct tv_error *err);

/* The same; walk_all 1 walks every call even when the loader's edge sums
 * would do (the general path, which the fast one must equal: tests). */
enum tv_status profile_build_how(struct profile *p, const struct trace *tr,
                                 const uint32_t *tid, int walk_all, struct tv_error *err);

/* Over the threads of sel together (NULL: every thread; trace.h), every
 * number as over all threads (docs/numbers.md, "Numbers"). TV_ERR_NO_THREAD
 * when none of them has records. */
enum tv_status profile_build_set(struct profile *p, const struct trace *tr,
                                 const struct trace_sel *sel, struct tv_error *err);

/* profile_build_set() with every list's edges written out in full: 56
 * bytes an edge twice, for a reader that goes through every list once
 * (the reports), which then reads each list in order rather than its edge
 * sums at random. */
enum tv_status profile_build_placed(struct profile *p, const struct trace *tr,
                                    const struct trace_sel *sel, struct tv_error *err);

/* profile_build_set() without the parent and child lists: every method's
 * numbers, their order and the threads, but every list empty (p->refs,
 * p->sums and p->placed NULL). For outputs that read no edge (the exports):
 * the lists are the largest part of a profile, and a walk then keeps no
 * edge either. */
enum tv_status profile_build_methods(struct profile *p, const struct trace *tr,
                                     const struct trace_sel *sel, struct tv_error *err);
void profile_free(struct profile *p);

/* Sort order used everywhere: plain incl of the sort clock, descending,
 * then recursive incl, descending, ties by method id (toplevel first). */
int profile_edge_cmp(const struct trace *tr, int clock,
                     const struct prof_edge *a, const struct prof_edge *b);

#endif
