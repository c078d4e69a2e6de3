/* reportrun.h: one trace's report or export, written where -o says.
 *
 * The output is opened only once everything it needs was computed, and
 * written through a temporary file (outfile.h), so a failure leaves no
 * half-written file; every failure is said on standard error (msg.h) and
 * returned as its exit status. Traces are borrowed.
 */
#ifndef TV_CLI_REPORTRUN_H
#define TV_CLI_REPORTRUN_H

#include <stdio.h>

#include "base/status.h"
#include "cli/outfile.h"
#include "cli/request.h"
#include "model/mapping.h"
#include "model/trace.h"

/* The report of --format for tr: loaded is the trace as read, tr the
 * same or a view of it through the steps (resolve_steps()). The caller
 * frees tr after: the output may free the calls it is done with first
 * (folded, fmt_in.spent). */
int reportrun(const struct request *rq, const struct trace *loaded, struct trace *tr);

/* Whether the report reads only sums, so its trace may be loaded for
 * them alone (loading_trace_sums()): a format of FMT_IN_SUMS or
 * FMT_IN_SUM_METHODS, shown through no steps, names not mapped, not in
 * the full-screen view. */
int reportrun_sums(const struct request *rq, const struct mapping *map);

/* The request's output reads the calls and a profile without lists
 * (FMT_IN_METHODS, no view, no diff, no full screen): the trace needs no
 * edge sums (loading_trace_calls()). */
int reportrun_calls_only(const struct request *rq);

/* --format=dump: every record of the trace's bytes, read here in one
 * pass (standard input too), its names through map (may be NULL). */
int reportrun_dump(const struct request *rq, const struct mapping *map);

/* -o naming one of the inputs (a trace, either half of a pair, the
 * --mapping file; the same file under any name, by device and inode):
 * said, MSG_EXIT_INPUT. 0 otherwise. */
int reportrun_check_output(const struct request *rq);

/* -o's file (through a temporary file: outfile.h), or standard output:
 * 0, or MSG_EXIT_OUTPUT when it cannot be opened (said). */
int reportrun_open(const struct request *rq, struct outfile *out);

/* Closes out and makes the writer's status st an exit status: 0, or
 * MSG_EXIT_OUTPUT when anything failed (said with its reason: "cannot
 * write output: No space left on device"); a failed file keeps what it
 * held before. */
int reportrun_close(const struct request *rq, struct outfile *out, enum tv_status st);

#endif
