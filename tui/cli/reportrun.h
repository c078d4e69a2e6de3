/* reportrun.h: one trace's report or export, written where -o says.
 *
 * The output is opened only once everything it needs was computed, so a
 * failure leaves no half-written file; every failure is said on standard
 * error (msg.h) and returned as its exit status. Traces are borrowed.
 */
#ifndef TV_CLI_REPORTRUN_H
#define TV_CLI_REPORTRUN_H

#include <stdio.h>

#include "base/status.h"
#include "cli/request.h"
#include "model/mapping.h"
#include "model/trace.h"

/* The report of --format for tr: loaded is the trace as read, tr the
 * same or a view of it through the steps (resolve_steps()). */
int reportrun(const struct request *rq, const struct trace *loaded, const struct trace *tr);

/* --format=dump: every record of the trace's bytes, read here in one
 * pass (standard input too), its names through map (may be NULL). */
int reportrun_dump(const struct request *rq, const struct mapping *map);

/* -o's file, or standard output; NULL when it cannot be opened (said). */
FILE *reportrun_open(const struct request *rq);

/* Closes out (not standard output) and makes the writer's status st an
 * exit status: 0, or MSG_EXIT_OUTPUT when anything failed (said). */
int reportrun_close(const struct request *rq, FILE *out, enum tv_status st);

#endif
