/* session.c: the session model (see session.h). */
#include "session/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/category.h"
#include "session/job.h"
#include "session/steptext.h"
#include "session/tidset.h"

struct session_view;
struct session_scope;

struct session {
	struct trace *tr;              /* the base trace, borrowed */
	const struct trace *loaded;    /* the call lists' axis */
	struct profile all;            /* tr's: the timeline ranks by it */
	struct timeline tl;
	int clock;
	uint64_t frame;
	uint32_t nthreads;             /* of tr, with records */
	struct session_listener lis;
	/* The steps in force, and the trace and profile they make: the
	 * panes show cur (tr without steps); steps[0..nview) are what cur
	 * shows, more are on the worker (derive_job). */
	struct derive_step steps[SESSION_STEPS];
	uint32_t nsteps, nview;
	struct session_view *vres;     /* NULL without steps */
	const struct trace *cur;
	unsigned derive_job;
	/* The app's packages the categories use (--app, else the guessed
	 * ones), parsed once from cat_text. */
	char app_text[256];
	char cat_text[256];
	struct derive_glob *cat_app;
	uint32_t cat_napp;
	/* Profiles of thread scopes, kept once built: switching the scope
	 * back and forth costs a pass over the threads only the first time. */
	struct session_scope *scopes[SESSION_SCOPES];
	unsigned scope_used[SESSION_SCOPES];  /* last use, for eviction */
	unsigned scope_clock;
	int nscopes;
	int is_scoped;
	int scope;                     /* index in scopes[] when is_scoped */
	const char *note;              /* session_opts.note */
	/* The worker: the newest scope request is for job_set (job_sel as
	 * the engine takes it); a `t` or Enter waiting for it sets
	 * want_scope. */
	struct jobs *jobs;
	unsigned job_id;
	struct tidset job_set;
	struct trace_sel job_sel;
	int want_scope;
};

static void session_say(char *msg, size_t n, const char *s)
{
	snprintf(msg, n, "%s", s);
}

static void session_release(struct session *s, unsigned what)
{
	if (s->lis.release)
		s->lis.release(s->lis.env, what);
}

static int session_changed(struct session *s, unsigned what)
{
	return s->lis.changed ? s->lis.changed(s->lis.env, what) : 0;
}

/* ------------------------------------------------------------ scopes */

/* A scope built: its profile over the threads of set (sel is set as the
 * engine takes it; the entry never moves, so sel stays valid). */
struct session_scope {
	struct profile p;
	struct tidset set;
	struct trace_sel sel;
};

struct session_scope_job {
	const struct trace *tr;
	struct tidset set;
};

struct session_scope_result {
	struct tidset set;
	int ok;
	struct profile p;
};

static void session_scope_job_free(void *v)
{
	struct session_scope_job *j = v;
	if (j)
		tidset_free(&j->set);
	free(j);
}

/* On the worker: the set moves from the request to the result. */
static void *session_scope_run(void *arg)
{
	struct session_scope_job *j = arg;
	struct session_scope_result *r = calloc(1, sizeof *r);
	struct trace_sel buf;
	struct tv_error err;
	if (!r)
		return NULL;
	r->ok = profile_build_set(&r->p, j->tr, tidset_sel(&j->set, &buf), &err) == TV_OK;
	r->set = j->set;
	j->set = (struct tidset){NULL, 0};
	return r;
}

static void session_scope_result_free(void *v)
{
	struct session_scope_result *r = v;
	if (r && r->ok)
		profile_free(&r->p);
	if (r)
		tidset_free(&r->set);
	free(r);
}

static void session_scope_entry_free(struct session_scope *e)
{
	if (!e)
		return;
	profile_free(&e->p);
	tidset_free(&e->set);
	free(e);
}

static int session_scope_find(const struct session *s, const struct trace_sel *sel)
{
	for (int i = 0; i < s->nscopes; i++)
		if (tidset_same(&s->scopes[i]->set, sel))
			return i;
	return -1;
}

/* The least recently used slot, never the one shown, emptied. */
static int session_scope_evict(struct session *s)
{
	int slot = -1;
	for (int i = 0; i < SESSION_SCOPES; i++)
		if (!(s->is_scoped && i == s->scope) &&
		    (slot < 0 || s->scope_used[i] < s->scope_used[slot]))
			slot = i;
	session_release(s, SESSION_DROP_SCOPES);  /* a pane may be reading it */
	session_scope_entry_free(s->scopes[slot]);
	s->scopes[slot] = NULL;
	return slot;
}

/* Keep a built profile of the threads of set in the cache (taking both);
 * its slot, or -1. */
static int session_scope_keep(struct session *s, struct profile *p, struct tidset *set)
{
	int slot = s->nscopes < SESSION_SCOPES ? s->nscopes : session_scope_evict(s);
	struct session_scope *e = s->scopes[slot] = malloc(sizeof *e);
	if (!e) {
		profile_free(p);
		tidset_free(set);
		if (slot < s->nscopes) {  /* the evicted slot is empty now */
			s->scopes[slot] = s->scopes[--s->nscopes];
			s->scope_used[slot] = s->scope_used[s->nscopes];
		}
		return -1;
	}
	*e = (struct session_scope){*p, *set, {set->tids, set->n}};
	*set = (struct tidset){NULL, 0};
	if (slot == s->nscopes)
		s->nscopes++;
	s->scope_used[slot] = ++s->scope_clock;
	return slot;
}

static int session_scope_show(struct session *s, int slot)
{
	s->scope_used[slot] = ++s->scope_clock;
	s->scope = slot;
	s->is_scoped = 1;
	s->want_scope = 0;
	return session_changed(s, SESSION_SCOPE);
}

/* Build the profile of sel's threads now, on this thread (the start's
 * scope, or no worker). */
static int session_scope_now(struct session *s, const struct trace_sel *sel)
{
	struct profile p;
	struct tidset set = {NULL, 0};
	struct tv_error err;
	int slot = session_scope_find(s, sel);
	if (slot < 0) {
		if (tidset_copy(&set, sel) < 0)
			return -1;
		if (profile_build_set(&p, s->cur, sel, &err) != TV_OK) {
			tidset_free(&set);
			return -1;
		}
		slot = session_scope_keep(s, &p, &set);
	}
	return slot < 0 ? -1 : session_scope_show(s, slot);
}

static void session_scope_submit(struct session *s, const struct trace_sel *sel)
{
	if (s->job_id && tidset_same(&s->job_set, sel) && jobs_busy(s->jobs))
		return;  /* already on its way */
	struct session_scope_job *j = calloc(1, sizeof *j);
	if (!j || tidset_copy(&j->set, sel) < 0 || tidset_copy(&s->job_set, sel) < 0) {
		session_scope_job_free(j);
		return;
	}
	s->job_sel = (struct trace_sel){s->job_set.tids, s->job_set.n};
	j->tr = s->cur;
	s->job_id = jobs_submit(s->jobs, session_scope_run, j, session_scope_job_free,
	                        session_scope_result_free);
}

static const char *session_scope_fail(const struct trace_sel *sel)
{
	return sel->n == 1 ? "cannot scope to that thread" : "cannot scope to those threads";
}

/* To the threads of sel (not every thread): from the cache at once, else
 * on the worker (at once without one). */
static void session_scope_go(struct session *s, const struct trace_sel *sel, char *msg, size_t n)
{
	int slot = session_scope_find(s, sel);
	if (slot >= 0) {
		session_scope_show(s, slot);
		return;
	}
	if (!s->jobs) {
		if (session_scope_now(s, sel) < 0)
			session_say(msg, n, session_scope_fail(sel));
		return;
	}
	s->want_scope = 1;
	session_scope_submit(s, sel);
}

/* Back to every thread; 0, or -1 when that is the scope already. */
static int session_scope_all(struct session *s)
{
	if (!s->is_scoped && !s->want_scope)
		return -1;
	s->is_scoped = s->want_scope = 0;
	session_changed(s, SESSION_SCOPE);
	return 0;
}

void session_scope_toggle(struct session *s, int has_tid, uint32_t tid, char *msg, size_t n)
{
	struct trace_sel one = {&tid, 1};
	if (session_scope_all(s) == 0)
		return;
	if (s->derive_job) {
		session_say(msg, n, "the steps are being applied: t again when they are");
		return;
	}
	if (!has_tid) {
		session_say(msg, n, "no thread to scope to");
		return;
	}
	session_scope_go(s, &one, msg, n);
}

/* Whether sel holds every thread of the trace shown that takes part. */
static int session_sel_every(const struct session *s, const struct trace_sel *sel)
{
	for (uint32_t t = 0; sel && t < s->cur->nthreads; t++)
		if (trace_thread_shown(&s->cur->threads[t]) && !trace_sel_has(sel, s->cur->threads[t].tid))
			return 0;
	return 1;
}

void session_scope_to(struct session *s, const struct trace_sel *sel, char *msg, size_t n)
{
	const struct trace_sel *now = session_scope(s);
	if (session_sel_every(s, sel)) {
		if (session_scope_all(s) < 0)
			session_say(msg, n, "every thread shows already");
		return;
	}
	if (now && tidset_same(&s->scopes[s->scope]->set, sel) && !s->want_scope) {
		session_say(msg, n, "that is the scope already");
		return;
	}
	if (s->derive_job) {
		session_say(msg, n, "the steps are being applied: Enter again when they are");
		return;
	}
	session_scope_go(s, sel, msg, n);
}

void session_prefetch(struct session *s, uint32_t tid)
{
	struct trace_sel one = {&tid, 1};
	if (!s->jobs || s->is_scoped || s->derive_job || jobs_busy(s->jobs))
		return;
	if (session_scope_find(s, &one) < 0)
		session_scope_submit(s, &one);
}

static void session_scopes_clear(struct session *s)
{
	for (int i = 0; i < s->nscopes; i++) {
		session_scope_entry_free(s->scopes[i]);
		s->scopes[i] = NULL;
	}
	s->nscopes = 0;
	s->is_scoped = 0;
}

/* A scope came back from the worker: keep it, and show it when a t
 * waits for it. */
static void session_scope_take(struct session *s, struct session_scope_result *r, char *msg,
                               size_t n)
{
	struct trace_sel buf;
	s->job_id = 0;
	if (!r || !r->ok) {
		if (s->want_scope)
			session_say(msg, n, session_scope_fail(&s->job_sel));
		s->want_scope = 0;
		session_scope_result_free(r);
		return;
	}
	int wanted = s->want_scope && tidset_same(&r->set, &s->job_sel);
	int slot = session_scope_find(s, tidset_sel(&r->set, &buf));
	if (slot < 0) {
		slot = session_scope_keep(s, &r->p, &r->set);
		r->ok = 0;  /* taken */
	}
	session_scope_result_free(r);
	if (wanted && slot >= 0)
		session_scope_show(s, slot);
}

/* ------------------------------------------------------------ steps */

/* What one rebuild reads: its own copies of the steps, and the base
 * trace (read-only while the session lives). */
struct session_view_job {
	const struct trace *in;
	struct derive_step steps[SESSION_STEPS];
	uint32_t n;
};

/* The trace the steps make and its profile (which points into it, so the
 * result stays where the worker allocated it). */
struct session_view {
	int ok;
	uint32_t n;
	struct trace view;
	struct profile all;
	uint8_t unmatched[SESSION_STEPS];
};

static void session_view_job_free(void *v)
{
	struct session_view_job *j = v;
	for (uint32_t i = 0; j && i < j->n; i++)
		derive_step_free(&j->steps[i]);
	free(j);
}

static void session_view_free(void *v)
{
	struct session_view *r = v;
	if (r && r->ok && r->n) {
		profile_free(&r->all);
		trace_free(&r->view);
	}
	free(r);
}

/* On the worker: the derived trace and its profile; no steps, no trace. */
static void *session_view_run(void *arg)
{
	const struct session_view_job *j = arg;
	struct session_view *r = calloc(1, sizeof *r);
	struct tv_error err;
	if (!r)
		return NULL;
	r->n = j->n;
	if (!j->n) {
		r->ok = 1;
		return r;
	}
	if (derive_build(&r->view, j->in, j->steps, j->n, r->unmatched, &err) != TV_OK)
		return r;
	if (profile_build(&r->all, &r->view, NULL, &err) != TV_OK) {
		trace_free(&r->view);
		return r;
	}
	r->ok = 1;
	return r;
}

/* A step of our own, parsed again from the other's text (a range from its
 * range): a job owns its steps. */
static int session_step_copy(const struct derive_step *from, struct derive_step *to)
{
	const char *why;
	if (from->kind == DERIVE_RANGE)
		return derive_step_range(&from->range, to);
	return derive_step_transform(from->text, to, &why);
}

/* Show what a rebuild made (r: steps[0..r->n), taken over): the listener
 * drops what read the old trace and starts again on the new one, in the
 * same scope. Runs with the worker idle (the rebuild was its newest job),
 * so no scope job reads the trace being replaced. */
static void session_install(struct session *s, struct session_view *r, char *msg, size_t n)
{
	int scoped = s->is_scoped || s->want_scope;
	struct tidset set = {NULL, 0};
	struct trace_sel buf;
	if (scoped && tidset_copy(&set, s->is_scoped ? &s->scopes[s->scope]->sel
	                                             : tidset_sel(&s->job_set, &buf)) < 0)
		scoped = 0;
	session_release(s, SESSION_DROP_TRACE);
	if (!r->n) {
		session_view_free(r);
		r = NULL;
	}
	session_scopes_clear(s);
	s->want_scope = 0;
	session_view_free(s->vres);
	s->vres = r;
	s->cur = r ? &r->view : s->tr;
	s->nview = r ? r->n : 0;
	session_changed(s, SESSION_TRACE);
	const struct trace_sel *sel = tidset_sel(&set, &buf);
	if (scoped && s->jobs) {
		s->want_scope = 1;
		session_scope_submit(s, sel);
	} else if (scoped && session_scope_now(s, sel) < 0) {
		session_say(msg, n, set.n == 1 ? "that thread has no calls after the steps: showing "
		                                 "all threads"
		                               : "those threads have no calls after the steps: "
		                                 "showing all threads");
	}
	tidset_free(&set);
}

/* A rebuild came back: show it, or drop the steps it could not apply. */
static void session_view_apply(struct session *s, struct session_view *r, char *msg, size_t n)
{
	if (!r || !r->ok || r->n != s->nsteps) {
		session_view_free(r);
		while (s->nsteps > s->nview)
			derive_step_free(&s->steps[--s->nsteps]);
		session_say(msg, n, "out of memory: the step is not applied");
		return;
	}
	char said[320] = "", label[256];
	if (r->n && r->unmatched[r->n - 1]) {
		/* The command line's form: plain ASCII, a name rather than an id. */
		steptext_arg(s->tr, &s->steps[r->n - 1], s->tl.end - s->tl.begin, label, sizeof label);
		snprintf(said, sizeof said, "%s matched no call: nothing changed", label);
	}
	session_install(s, r, msg, n);
	if (said[0])
		session_say(msg, n, said);
}

/* Rebuild for steps[0..nsteps) on the worker (at once without one). */
static void session_view_submit(struct session *s, char *msg, size_t n)
{
	struct session_view_job *j = calloc(1, sizeof *j);
	if (!j) {
		session_view_apply(s, NULL, msg, n);
		return;
	}
	j->in = s->tr;
	for (; j->n < s->nsteps; j->n++)
		if (session_step_copy(&s->steps[j->n], &j->steps[j->n]) < 0) {
			session_view_job_free(j);
			session_view_apply(s, NULL, msg, n);
			return;
		}
	if (!s->jobs) {
		void *r = session_view_run(j);
		session_view_job_free(j);
		session_view_apply(s, r, msg, n);
		return;
	}
	s->job_id = 0;  /* a scope job under way is superseded; install redoes it */
	s->derive_job = jobs_submit(s->jobs, session_view_run, j, session_view_job_free,
	                            session_view_free);
	if (!s->derive_job)
		session_view_apply(s, NULL, msg, n);
}

void session_push(struct session *s, struct derive_step *st, char *msg, size_t n)
{
	if (s->nsteps == SESSION_STEPS) {
		derive_step_free(st);
		session_say(msg, n, "too many steps: u undoes the last one");
		return;
	}
	s->steps[s->nsteps++] = *st;
	session_view_submit(s, msg, n);
}

void session_push_text(struct session *s, const char *text, char *msg, size_t n)
{
	struct derive_step st;
	const char *why;
	if (derive_step_transform(text, &st, &why) < 0) {
		snprintf(msg, n, "%s: %s", text, why);
		return;
	}
	session_push(s, &st, msg, n);
}

void session_undo(struct session *s, int all, char *msg, size_t n)
{
	if (!s->nsteps) {
		session_say(msg, n, "no step to undo");
		return;
	}
	do
		derive_step_free(&s->steps[--s->nsteps]);
	while (all && s->nsteps);
	if (s->nview > s->nsteps)
		s->nview = s->nsteps;  /* what the panes show is older than that now */
	session_view_submit(s, msg, n);
}

/* Method m of the trace shown, when a step can name it; said why not. */
static int session_step_method(const struct session *s, uint32_t m, char *msg, size_t n)
{
	if (m == UINT32_MAX || m >= s->cur->nmethods) {
		session_say(msg, n, "select a method first");
		return -1;
	}
	if (s->cur->methods[m].synthetic) {
		session_say(msg, n, "that is a collapsed package: u undoes the collapse");
		return -1;
	}
	return 0;
}

void session_transform(struct session *s, const char *kind, uint32_t m, char *msg, size_t n)
{
	char text[64];
	if (session_step_method(s, m, msg, n) < 0)
		return;
	snprintf(text, sizeof text, "%s:0x%llx", kind, (unsigned long long)s->cur->methods[m].id);
	session_push_text(s, text, msg, n);
}

int session_package_of(const struct session *s, uint32_t m, char *buf, size_t bn, char *msg,
                       size_t n)
{
	if (session_step_method(s, m, msg, n) < 0)
		return -1;
	const struct tv_method *tm = &s->cur->methods[m];
	const char *cls = trace_str(s->cur, tm->cls);
	size_t len = cls ? tm->cls.len : 0;
	while (len > 0 && cls[len - 1] != '.' && cls[len - 1] != '/')
		len--;
	len = len < bn - 2 ? len : bn - 2;
	for (size_t i = 0; i < len; i++)  /* as people read it: '/' matches '.' */
		buf[i] = cls[i] == '/' ? '.' : cls[i];
	buf[len] = '\0';
	if (len)
		memcpy(buf + len, "*", 2);
	return 0;
}

void session_push_range(struct session *s, uint64_t a, uint64_t b, char *msg, size_t n)
{
	uint64_t origin = derive_axis_origin(s->tr);
	struct range r = {1, 1, a > origin ? a - origin : 0, b > origin ? b - origin : 0,
	                  trace_is_sequence(s->tr)};
	struct derive_step st;
	if (r.start >= r.end) {
		session_say(msg, n, "an empty range: nothing applied");
		return;
	}
	if (derive_step_range(&r, &st) < 0) {
		session_say(msg, n, "out of memory: the range is not applied");
		return;
	}
	session_push(s, &st, msg, n);
}

int session_range(const struct session *s, uint64_t *a, uint64_t *b)
{
	uint64_t origin = derive_axis_origin(s->tr);
	int on = 0;
	*a = 0;
	*b = UINT64_MAX;
	for (uint32_t i = 0; i < s->nview; i++) {
		const struct range *r = &s->steps[i].range;
		if (s->steps[i].kind != DERIVE_RANGE)
			continue;
		on = 1;
		if (r->has_start && origin + r->start > *a)
			*a = origin + r->start;
		if (r->has_end && origin + r->end < *b)
			*b = origin + r->end;
	}
	if (*b > s->tl.end + 1)
		*b = s->tl.end + 1;
	return on;
}

/* ------------------------------------------------------------ the rest */

int session_toggle_clock(struct session *s, char *msg, size_t n)
{
	if (!s->cur->has_clock[TV_CPU] || !s->cur->has_clock[TV_WALL]) {
		session_say(msg, n, "this trace has one clock only");
		return -1;
	}
	s->clock = !s->clock;
	session_changed(s, SESSION_CLOCK);
	session_say(msg, n, s->clock == TV_CPU ? "time base: CPU" : "time base: real");
	return 0;
}

int session_poll(struct session *s, char *msg, size_t n)
{
	unsigned id;
	void *res;
	if (!s->jobs || !jobs_take(s->jobs, &id, &res))
		return 0;
	if (s->derive_job && id == s->derive_job) {
		s->derive_job = 0;
		session_view_apply(s, res, msg, n);
		return 1;
	}
	session_scope_take(s, res, msg, n);
	return 1;
}

int session_busy(const struct session *s)
{
	return s->jobs && (s->want_scope || s->derive_job);
}

/* The app's packages, found once: --app, else guessed from the base
 * profile. */
static void session_find_categories(struct session *s)
{
	const char *why;
	if (s->app_text[0])
		snprintf(s->cat_text, sizeof s->cat_text, "%s", s->app_text);
	else if (category_guess_app(&s->all, s->cat_text, sizeof s->cat_text) <= 0)
		s->cat_text[0] = '\0';
	if (s->cat_text[0] && derive_parse_globs(s->cat_text, &s->cat_app, &s->cat_napp, &why) < 0) {
		s->cat_app = NULL;
		s->cat_napp = 0;
	}
}

struct session *session_new(struct trace *tr, const struct session_opts *o)
{
	struct session *s = calloc(1, sizeof *s);
	struct tv_error err;
	if (!s)
		return NULL;
	s->tr = tr;
	s->cur = tr;
	s->loaded = o->loaded ? o->loaded : tr;
	s->frame = o->frame;
	s->note = o->note && o->note[0] ? o->note : NULL;
	if (o->clock > 0 && o->clock <= TV_NCLOCKS && tr->has_clock[o->clock - 1])
		s->clock = o->clock - 1;
	else
		s->clock = tr->has_clock[TV_CPU] ? TV_CPU : TV_WALL;
	for (uint32_t i = 0; i < tr->nthreads; i++)
		s->nthreads += tr->threads[i].records != 0;
	if (o->app)
		snprintf(s->app_text, sizeof s->app_text, "%s", o->app);
	if (profile_build(&s->all, tr, NULL, &err) != TV_OK) {
		free(s);
		return NULL;
	}
	if (timeline_build(&s->tl, tr, &err) != TV_OK) {
		profile_free(&s->all);
		free(s);
		return NULL;
	}
	session_find_categories(s);
	return s;
}

void session_listen(struct session *s, const struct session_listener *l)
{
	if (l)
		s->lis = *l;
	else
		memset(&s->lis, 0, sizeof s->lis);
}

int session_start(struct session *s, const struct session_opts *o, char *msg, size_t n)
{
	if (o->scope && session_scope_now(s, o->scope) < 0)
		session_say(msg, n, "no such thread: showing all threads");
	s->jobs = jobs_new();  /* without a worker, scopes are built at once */
	if (!o->nsteps)
		return 0;
	for (uint32_t i = 0; i < o->nsteps && i < SESSION_STEPS; i++) {
		if (session_step_copy(&o->steps[i], &s->steps[i]) < 0)
			return -1;
		s->nsteps++;
	}
	/* The first screen shows them applied: built now, not on the worker. */
	struct jobs *jobs = s->jobs;
	s->jobs = NULL;
	session_view_submit(s, msg, n);
	s->jobs = jobs;
	return s->nview == s->nsteps ? 0 : -1;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	jobs_free(s->jobs);  /* first: the worker may be reading the trace */
	session_view_free(s->vres);
	for (uint32_t i = 0; i < s->nsteps; i++)
		derive_step_free(&s->steps[i]);
	session_scopes_clear(s);
	tidset_free(&s->job_set);
	free(s->cat_app);
	timeline_free(&s->tl);
	profile_free(&s->all);
	free(s);
}

const struct trace *session_base(const struct session *s)
{
	return s->tr;
}

const char *session_note(const struct session *s)
{
	return s->note;
}

const struct profile *session_base_profile(const struct session *s)
{
	return &s->all;
}

const struct trace *session_loaded(const struct session *s)
{
	return s->loaded;
}

const struct timeline *session_timeline(const struct session *s)
{
	return &s->tl;
}

const struct trace *session_trace(const struct session *s)
{
	return s->cur;
}

const struct profile *session_profile(const struct session *s)
{
	if (s->is_scoped)
		return &s->scopes[s->scope]->p;
	return session_whole_profile(s);
}

const struct profile *session_whole_profile(const struct session *s)
{
	return s->vres ? &s->vres->all : &s->all;
}

const struct trace_sel *session_scope(const struct session *s)
{
	return s->is_scoped ? &s->scopes[s->scope]->sel : NULL;
}

const struct trace_sel *session_scope_pending(const struct session *s)
{
	return s->want_scope ? &s->job_sel : NULL;
}

int session_clock(const struct session *s)
{
	return s->clock;
}

uint64_t session_frame(const struct session *s)
{
	return s->frame;
}

uint32_t session_nthreads(const struct session *s)
{
	return s->nthreads;
}

uint32_t session_nsteps(const struct session *s)
{
	return s->nsteps;
}

uint32_t session_nview(const struct session *s)
{
	return s->nview;
}

const struct derive_step *session_step(const struct session *s, uint32_t i)
{
	return &s->steps[i];
}

int session_rebuilding(const struct session *s)
{
	return s->derive_job != 0;
}

void session_categories(const struct session *s, const struct derive_glob **app, uint32_t *napp)
{
	*app = s->cat_app;
	*napp = s->cat_napp;
}

const char *session_app_text(const struct session *s)
{
	return s->cat_text;
}

int session_app_given(const struct session *s)
{
	return s->app_text[0] != '\0';
}

void session_app_prompt(const struct session *s, char *buf, size_t n)
{
	if (s->app_text[0])
		snprintf(buf, n, "%s", s->app_text);
	else if (category_guess_app(&s->all, buf, n) < 0)
		buf[0] = '\0';
}
