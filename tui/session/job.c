/* job.c: the worker thread (see job.h). */
#include "session/job.h"

#include <pthread.h>
#include <stdlib.h>

struct job_req {
	unsigned id;
	job_fn fn;
	void *arg;
	void (*drop_arg)(void *);
	void (*drop_result)(void *);
};

struct jobs {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct job_req pending;      /* id 0: none */
	unsigned running;            /* id of the job on the worker, 0: none */
	unsigned last;               /* id of the newest request */
	unsigned done_id;            /* id of the result ready, 0: none */
	void *done;
	void (*done_drop)(void *);
	int stop;
};

static void jobs_drop_done(struct jobs *j)
{
	if (j->done_id && j->done_drop && j->done)
		j->done_drop(j->done);
	j->done_id = 0;
	j->done = NULL;
}

static void *jobs_main(void *p)
{
	struct jobs *j = p;
	pthread_mutex_lock(&j->mu);
	for (;;) {
		while (!j->stop && !j->pending.id)
			pthread_cond_wait(&j->cv, &j->mu);
		if (j->stop)
			break;
		struct job_req r = j->pending;
		j->pending.id = 0;
		j->running = r.id;
		pthread_mutex_unlock(&j->mu);
		void *res = r.fn(r.arg);
		if (r.drop_arg)
			r.drop_arg(r.arg);
		pthread_mutex_lock(&j->mu);
		j->running = 0;
		if (r.id == j->last && !j->stop) {
			jobs_drop_done(j);
			j->done_id = r.id;
			j->done = res;
			j->done_drop = r.drop_result;
		} else if (r.drop_result && res) {
			r.drop_result(res);  /* superseded while it ran */
		}
	}
	pthread_mutex_unlock(&j->mu);
	return NULL;
}

struct jobs *jobs_new(void)
{
	struct jobs *j = calloc(1, sizeof *j);
	if (!j)
		return NULL;
	if (pthread_mutex_init(&j->mu, NULL) != 0) {
		free(j);
		return NULL;
	}
	if (pthread_cond_init(&j->cv, NULL) != 0) {
		pthread_mutex_destroy(&j->mu);
		free(j);
		return NULL;
	}
	if (pthread_create(&j->thread, NULL, jobs_main, j) != 0) {
		pthread_cond_destroy(&j->cv);
		pthread_mutex_destroy(&j->mu);
		free(j);
		return NULL;
	}
	return j;
}

void jobs_free(struct jobs *j)
{
	if (!j)
		return;
	pthread_mutex_lock(&j->mu);
	j->stop = 1;
	pthread_cond_signal(&j->cv);
	pthread_mutex_unlock(&j->mu);
	pthread_join(j->thread, NULL);
	if (j->pending.id && j->pending.drop_arg)
		j->pending.drop_arg(j->pending.arg);
	jobs_drop_done(j);
	pthread_cond_destroy(&j->cv);
	pthread_mutex_destroy(&j->mu);
	free(j);
}

unsigned jobs_submit(struct jobs *j, job_fn fn, void *arg, void (*drop_arg)(void *),
                     void (*drop_result)(void *))
{
	pthread_mutex_lock(&j->mu);
	if (j->pending.id && j->pending.drop_arg)
		j->pending.drop_arg(j->pending.arg);  /* superseded before it ran */
	unsigned id = ++j->last;
	if (!id)
		id = ++j->last;
	j->pending = (struct job_req){id, fn, arg, drop_arg, drop_result};
	jobs_drop_done(j);
	pthread_cond_signal(&j->cv);
	pthread_mutex_unlock(&j->mu);
	return id;
}

/* The worker drops a request's argument once it ran and keeps the result
 * apart: the argument of a job that is its own result is a box that owns
 * the job only until it runs. */
struct jobs_box {
	job_fn fn;
	void *job;
	void (*free_job)(void *);
	int ran;
};

static void *jobs_box_run(void *arg)
{
	struct jobs_box *b = arg;
	b->ran = 1;
	return b->fn(b->job);
}

static void jobs_box_free(void *arg)
{
	struct jobs_box *b = arg;
	if (!b->ran)
		b->free_job(b->job);
	free(b);
}

unsigned jobs_submit_job(struct jobs *j, job_fn fn, void *job, void (*free_job)(void *))
{
	struct jobs_box *b = malloc(sizeof *b);
	if (!b) {
		free_job(job);
		return 0;
	}
	*b = (struct jobs_box){fn, job, free_job, 0};
	return jobs_submit(j, jobs_box_run, b, jobs_box_free, free_job);
}

int jobs_take(struct jobs *j, unsigned *id, void **result)
{
	int got = 0;
	pthread_mutex_lock(&j->mu);
	if (j->done_id) {
		*id = j->done_id;
		*result = j->done;
		j->done_id = 0;
		j->done = NULL;
		got = 1;
	}
	pthread_mutex_unlock(&j->mu);
	return got;
}

int jobs_take_for(struct jobs *j, unsigned want, void **result, void (*drop)(void *))
{
	unsigned id;
	*result = NULL;
	if (!j || !jobs_take(j, &id, result))
		return 0;
	if (id != want) {
		drop(*result);
		*result = NULL;
	}
	return 1;
}

int jobs_busy(struct jobs *j)
{
	pthread_mutex_lock(&j->mu);
	int busy = j->pending.id || j->running || j->done_id;
	pthread_mutex_unlock(&j->mu);
	return busy;
}
