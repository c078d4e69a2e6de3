/* reporttest.h: what the test_reports_* programs share: traces filled in
 * memory by hand (no loader), each with its numbers worked out by hand in
 * the comment above it in reporttest.c, and the reports written to memory
 * streams. Failures fail the calling cmocka test.
 */
#ifndef TV_REPORTTEST_H
#define TV_REPORTTEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyze/profile.h"
#include "base/status.h"
#include "model/trace.h"

/* ------------------------------------------------------------ building */

/* A string of tr's table (absent when s is NULL); CSTR for a C string. */
struct tv_str mkstr(struct trace *tr, const char *s, size_t len);
#define CSTR(tr, s) mkstr((tr), (s), (s) ? strlen(s) : 0)

struct tcall {
	uint32_t method;        /* index from add_method */
	uint32_t parent;        /* call index or TV_ROOT */
	uint32_t s[TV_NCLOCKS], e[TV_NCLOCKS];  /* µs since the thread's first */
};

/* Appends a thread with these calls; set tr->has_clock first. */
void add_thread(struct trace *tr, uint32_t tid, struct tv_str name, uint64_t records,
                uint64_t first_cpu, uint64_t first_wall,
                uint64_t span_cpu, uint64_t span_wall,
                const struct tcall *calls, uint32_t n);

/* Each fills tr from scratch; the caller trace_free()s it. */
void build_dual(struct trace *tr);      /* dual clock, two threads */
void build_cpu(struct trace *tr);       /* thread-cpu, version 2 */
void build_evil(struct trace *tr);      /* names full of trouble */
void build_rec(struct trace *tr);       /* direct and indirect recursion */

/* ------------------------------------------------------------ running */

enum fmt { F_JSON, F_TEXT, F_CSV };

/* The report of p in fmt to f. */
enum tv_status run_report(FILE *f, enum fmt fmt, const struct profile *p, const char *name);
/* The whole report of tr (over the threads tid, NULL all) as a malloc'd
 * string; *len its length (len may be NULL). */
char *render(const struct trace *tr, enum fmt fmt, const uint32_t *tid,
             const char *name, size_t *len);
/* Asserts that tr rendered in fmt is exactly want (the test fails,
 * printing both sides, when it is not). */
void assert_report_equal(const struct trace *tr, enum fmt fmt, const uint32_t *tid,
                         const char *name, const char *want);

#endif
