/* job.h: a worker thread for what takes longer than a frame.
 *
 * Each owner of work has its own worker (struct jobs): the session (its
 * scopes and rebuilds) and the panes that compute (the call trees, the
 * flame graph, the call lists, the legend), so one's work never
 * supersedes another's. The UI thread submits a request (a function and
 * its argument); the worker runs it and hands the result back; the UI
 * thread takes it with jobs_take() between keys and alone touches curses.
 * On one worker a newer request supersedes an older one: one not started
 * yet is dropped unrun, and the result of one running is dropped when it
 * ends. Functions run on a worker must only read what the UI thread does
 * not change meanwhile (the trace is read-only once loaded).
 *
 * Ownership: the jobs own each argument until the function has run (drop
 * it with drop_arg if never run) and each result until taken (dropped
 * with drop_result if superseded or never taken).
 */
#ifndef TV_JOB_H
#define TV_JOB_H

struct jobs;

typedef void *(*job_fn)(void *arg);

/* Starts the worker; NULL when a thread or memory cannot be had. */
struct jobs *jobs_new(void);
/* Waits for the running job, drops what is left. NULL is fine. */
void jobs_free(struct jobs *j);

/* Queue fn(arg), superseding any earlier request; returns its id (> 0),
 * or 0 when it cannot be queued (arg then dropped). */
unsigned jobs_submit(struct jobs *j, job_fn fn, void *arg, void (*drop_arg)(void *),
                     void (*drop_result)(void *));

/* Queue fn(job) where the job carries its own result (fn returns it, or
 * another): the jobs own job until fn ran (free_job drops it unrun) and
 * the result until taken (free_job drops it too). Returns as
 * jobs_submit(). */
unsigned jobs_submit_job(struct jobs *j, job_fn fn, void *job, void (*free_job)(void *));

/* 1 with the newest finished request's id and result (the caller owns
 * it now), 0 when none is ready. */
int jobs_take(struct jobs *j, unsigned *id, void **result);

/* A pane's poll: 1 when a finished request was taken, 0 when none is
 * ready. *result is its result when it is request want's (the caller's
 * now), else NULL (the stale result dropped with drop). */
int jobs_take_for(struct jobs *j, unsigned want, void **result, void (*drop)(void *));

/* Is a request queued or running? */
int jobs_busy(struct jobs *j);

#endif
