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

/* By key (signed by direction), then earlier start, then call. */
static int jank_row_cmp(const void *pa, const void *pb)
{
	const struct jank_row *a = pa, *b = pb;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->call > b->call) - (a->call < b->call);
}

void jank_sort(struct jank *j, enum jank_key key, int descending)
{
	for (size_t i = 0; i < j->nrows; i++) {
		struct jank_row *r = &j->rows[i];
		int64_t v = key == JANK_BY_START ? (int64_t)r->start
		            : key == JANK_BY_WALL ? (int64_t)r->incl[TV_WALL]
		            : key == JANK_BY_CPU ? (int64_t)r->incl[TV_CPU]
		            : (int64_t)(r->incl[TV_WALL] - r->incl[TV_CPU]);
		r->key = descending ? -v : v;
	}
	if (j->nrows)   /* rows is NULL when none: qsort takes no NULL */
		qsort(j->rows, j->nrows, sizeof *j->rows, jank_row_cmp);
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

/* Row r's cause (jank.h): the time by category inside its call, cat[m]
 * the category of method m, and its path's last call's method. */
static void jank_cause(struct jank *j, const struct tv_thread *th, const uint32_t *end,
                       const uint8_t *cat, struct jank_row *r)
{
	static const enum category order[] = {CAT_IDLE, CAT_BLOCKED, CAT_APP, CAT_ANDROIDX,
	                                      CAT_FRAMEWORK, CAT_RUNTIME, CAT_LIBRARY, CAT_UNKNOWN};
	uint64_t wall[CAT_COUNT] = {0};
	uint32_t c = r->call;
	for (uint32_t i = c; i < end[c];) {
		uint64_t w = trace_call_incl(th, TV_WALL, i);
		uint8_t k = cat[th->method[i]];
		/* excl = incl - the children's incl: each call gives its incl
		 * and takes it back from its parent's category */
		wall[k] += w;
		if (i != c)
			wall[cat[th->method[th->parent[i]]]] -= w;
		i = k == CAT_IDLE || k == CAT_BLOCKED ? end[i] : i + 1;   /* absorbed */
	}
	enum category best = order[0];
	for (size_t i = 1; i < sizeof order / sizeof order[0]; i++)
		if (wall[order[i]] > wall[best])
			best = order[i];
	uint64_t incl = r->incl[TV_WALL];
	r->cause.cat = best;
	r->cause.share = incl ? (uint32_t)(wall[best] * 100 / incl) : 0;
	r->cause.method = th->method[j->paths[r->path + r->npath - 1]];
}

/* Each method's category as a byte, NULL when out of memory. */
static uint8_t *jank_categories(const struct trace *tr, const struct derive_glob *app,
                                uint32_t napp)
{
	uint8_t *cat = malloc(tr->nmethods ? tr->nmethods : 1);
	for (uint32_t m = 0; cat && m < tr->nmethods; m++)
		cat[m] = (uint8_t)category_of(tr, m, app, napp);
	return cat;
}

/* Each row's heaviest path and cause. */
static int jank_explain(struct jank *j, const struct tv_thread *th, const uint32_t *end,
                        const struct derive_glob *app, uint32_t napp)
{
	uint8_t *cat = jank_categories(j->tr, app, napp);
	int bad = !cat;
	for (size_t i = 0; !bad && i < j->nrows; i++) {
		struct jank_row *r = &j->rows[i];
		r->path = j->npaths;
		bad = jank_path(j, th, end, r->call) < 0;
		r->npath = j->npaths - r->path;
		if (!bad)
			jank_cause(j, th, end, cat, r);
	}
	free(cat);
	return bad ? -1 : 0;
}

enum tv_status jank_find(struct jank *j, const struct trace *tr, uint32_t thread,
                         uint64_t frame, const struct methodcalls_axis *ax,
                         const struct derive_glob *app, uint32_t napp, struct tv_error *err)
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
	if (!bad)
		jank_sort(j, JANK_BY_WALL, 1);
	bad = bad || jank_explain(j, th, end, app, napp) < 0;
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
