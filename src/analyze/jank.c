/* jank.c: frame-critical calls over the budget (see jank.h). */
#include "analyze/jank.h"

#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "model/callwalk.h"

/* Frame-critical methods by class, then the names of that class. */
static const struct {
	const char *cls;
	const char *names[4];
} jank_critical_methods[] = {
	{"android.os.Handler", {"dispatchMessage"}},
	{"android.view.Choreographer", {"doFrame"}},
	{"android.app.Activity", {"performCreate", "performStart", "performResume"}},
	{"android.view.LayoutInflater", {"inflate"}},
	{"android.view.ViewRootImpl", {"performTraversals"}},
	{"android.view.View", {"measure", "layout", "draw"}},
	{"androidx.recyclerview.widget.RecyclerView$Adapter",
	 {"bindViewHolder", "createViewHolder"}},
};

static int jank_same_class(const char *a, size_t alen, const char *dotted)
{
	if (alen != strlen(dotted))
		return 0;
	for (size_t i = 0; i < alen; i++)
		if ((a[i] == '/' ? '.' : a[i]) != dotted[i])
			return 0;
	return 1;
}

int jank_critical(const struct trace *tr, uint32_t m)
{
	const struct tv_method *me = &tr->methods[m];
	if (!me->declared || !me->cls.len || !me->name.len)
		return 0;
	const char *cls = trace_str(tr, me->cls), *name = trace_str(tr, me->name);
	size_t ncrit = sizeof jank_critical_methods / sizeof jank_critical_methods[0];
	for (size_t i = 0; i < ncrit; i++) {
		if (!jank_same_class(cls, me->cls.len, jank_critical_methods[i].cls))
			continue;
		for (size_t k = 0; k < 4 && jank_critical_methods[i].names[k]; k++)
			if (strlen(jank_critical_methods[i].names[k]) == me->name.len &&
			    memcmp(jank_critical_methods[i].names[k], name, me->name.len) == 0)
				return 1;
	}
	return 0;
}

/* Thread t takes part in the pick: it has records and is selected. */
static int jank_candidate(const struct trace *tr, const struct trace_sel *sel, uint32_t t)
{
	return t != IDMAP_NONE && tr->threads[t].records && trace_sel_has(sel, tr->threads[t].tid);
}

/* The one candidate named exactly "main"; JANK_NONE for none or several. */
static uint32_t jank_named_main(const struct trace *tr, const struct trace_sel *sel)
{
	uint32_t found = JANK_NONE, named = 0;
	for (uint32_t t = 0; t < tr->nthreads; t++) {
		const struct tv_thread *th = &tr->threads[t];
		const char *name = trace_str(tr, th->name);
		if (jank_candidate(tr, sel, t) && name && th->name.len == 4 &&
		    memcmp(name, "main", 4) == 0) {
			found = t;
			named++;
		}
	}
	return named == 1 ? found : JANK_NONE;
}

/* The first candidate of the key's thread list, else the first one. */
static uint32_t jank_first(const struct trace *tr, const struct trace_sel *sel)
{
	for (uint32_t k = 0; k < tr->nkeythreads; k++) {
		uint32_t t = trace_find_thread(tr, tr->keythreads[k].tid);
		if (jank_candidate(tr, sel, t))
			return t;
	}
	for (uint32_t t = 0; t < tr->nthreads; t++)
		if (jank_candidate(tr, sel, t))
			return t;
	return JANK_NONE;
}

uint32_t jank_pick(const struct trace *tr, const struct trace_sel *sel, enum jank_rule *rule)
{
	enum jank_rule r = JANK_RULE_MAIN;
	uint32_t t = jank_named_main(tr, sel);
	uint64_t pid;
	if (t == JANK_NONE && trace_option_u64(tr, "pid", &pid) && pid <= UINT32_MAX) {
		r = JANK_RULE_PID;
		t = trace_find_thread(tr, (uint32_t)pid);
		t = jank_candidate(tr, sel, t) ? t : JANK_NONE;
	}
	if (t == JANK_NONE) {
		r = JANK_RULE_FIRST;
		t = jank_first(tr, sel);
	}
	if (rule)
		*rule = r;
	return t;
}

uint32_t jank_main_thread(const struct trace *tr)
{
	return jank_pick(tr, NULL, NULL);
}

const char *jank_rule_name(enum jank_rule r)
{
	switch (r) {
	case JANK_RULE_GIVEN: return "given";
	case JANK_RULE_MAIN: return "main";
	case JANK_RULE_PID: return "pid";
	case JANK_RULE_FIRST: return "first";
	}
	return "given";
}

static int jank_row_cmp(const void *pa, const void *pb)
{
	const struct jank_row *a = pa, *b = pb;
	if (a->incl[TV_WALL] != b->incl[TV_WALL])
		return a->incl[TV_WALL] > b->incl[TV_WALL] ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->call > b->call) - (a->call < b->call);
}

/* The heaviest path below call c, appended to j->paths. end[i] is one
 * past the last call of i's subtree. */
static int jank_path(struct jank *j, const struct tv_thread *th, const uint32_t *end, uint32_t c)
{
	for (;;) {
		if (grow_push((void **)&j->paths, &j->paths_cap, j->npaths, sizeof *j->paths) < 0)
			return -1;
		j->paths[j->npaths++] = c;
		uint32_t best = TV_ROOT;
		uint64_t best_wall = 0;
		/* children in preorder are in start order: a later child wins
		 * only with a strictly larger incl */
		for (uint32_t k = c + 1; k < end[c]; k = end[k]) {
			uint64_t w = trace_call_incl(th, TV_WALL, k);
			if (best == TV_ROOT || w > best_wall) {
				best = k;
				best_wall = w;
			}
		}
		if (best == TV_ROOT)
			return 0;
		c = best;
	}
}

/* Subtree ends of every call of th: when call i leaves, every call of
 * its subtree has entered. */
static uint32_t *jank_ends(const struct tv_thread *th)
{
	uint32_t *end = malloc((th->ncalls ? th->ncalls : 1) * sizeof *end);
	if (!end)
		return NULL;
	struct callwalk w;
	uint32_t call;
	int step;
	callwalk_init(&w, th);
	while ((step = callwalk_next(&w, &call)) != CALLWALK_DONE)
		if (step == CALLWALK_LEAVE)
			end[call] = w.next;
	return end;
}

static int jank_scan(struct jank *j, const struct tv_thread *th, const uint8_t *crit,
                     const struct methodcalls_axis *ax)
{
	struct callwalk w;
	uint32_t call, listed = TV_ROOT;   /* the open listed call */
	int step;
	callwalk_init(&w, th);
	while ((step = callwalk_next(&w, &call)) != CALLWALK_DONE) {
		if (step == CALLWALK_LEAVE) {
			if (call == listed)
				listed = TV_ROOT;
			continue;
		}
		if (listed != TV_ROOT || !crit[th->method[call]] ||
		    trace_call_incl(th, TV_WALL, call) < j->frame)
			continue;
		if (grow_push((void **)&j->rows, &j->cap, j->nrows, sizeof *j->rows) < 0)
			return -1;
		struct jank_row *r = &j->rows[j->nrows++];
		memset(r, 0, sizeof *r);
		r->call = call;
		r->method = th->method[call];
		r->start = th->first[ax->clock] + trace_call_start(th, ax->clock, call) - ax->origin;
		for (int k = 0; k < TV_NCLOCKS; k++)
			r->incl[k] = j->tr->has_clock[k] ? trace_call_incl(th, k, call) : 0;
		listed = call;
	}
	return 0;
}

enum tv_status jank_find(struct jank *j, const struct trace *tr, uint32_t thread,
                         uint64_t frame, const struct methodcalls_axis *ax, struct tv_error *err)
{
	memset(j, 0, sizeof *j);   /* rule JANK_RULE_GIVEN, among 0 */
	j->tr = tr;
	j->thread = thread;
	j->frame = frame;
	const struct tv_thread *th = &tr->threads[thread];
	uint8_t *crit = malloc(tr->nmethods ? tr->nmethods : 1);
	uint32_t *end = jank_ends(th);
	int bad = !crit || !end;
	for (uint32_t m = 0; !bad && m < tr->nmethods; m++)
		crit[m] = (uint8_t)jank_critical(tr, m);
	bad = bad || jank_scan(j, th, crit, ax) < 0;
	if (!bad && j->nrows)   /* rows is NULL when none: qsort takes no NULL */
		qsort(j->rows, j->nrows, sizeof *j->rows, jank_row_cmp);
	for (size_t i = 0; !bad && i < j->nrows; i++) {
		j->rows[i].path = j->npaths;
		bad = jank_path(j, th, end, j->rows[i].call) < 0;
		j->rows[i].npath = j->npaths - j->rows[i].path;
	}
	free(crit);
	free(end);
	if (bad) {
		jank_free(j);
		return tv_fail(err, TV_ERR_NOMEM, TV_NO_OFFSET, NULL);
	}
	return TV_OK;
}

void jank_free(struct jank *j)
{
	free(j->rows);
	free(j->paths);
	j->rows = NULL;
	j->paths = NULL;
	j->nrows = j->cap = j->npaths = j->paths_cap = 0;
}
