/* steptext.c: steps for people and for the command line (see
 * steptext.h). */
#include "session/steptext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/match.h"
#include "draw/names.h"
#include "draw/text.h"
#include "draw/units.h"

/* A range in the ruler's unit for top, each end exact: "4.13659s..";
 * in events on a trace without time ("2ev..5ev"). */
static void steptext_range(const struct trace *tr, const struct range *r, uint64_t top,
                           char *buf, size_t n)
{
	char a[48] = "", b[48] = "";
	if (r->has_start)
		units_tick(tr, a, sizeof a, r->start, 1, top);
	if (r->has_end)
		units_tick(tr, b, sizeof b, r->end, 1, top);
	snprintf(buf, n, "%s..%s", a, b);
}

/* The method a step names by id, in tr; UINT32_MAX when it names one by
 * name (its text says it already) or none of tr's. */
static uint32_t steptext_method(const struct trace *tr, const struct derive_step *st)
{
	if (st->kind == DERIVE_RANGE || st->kind == DERIVE_COLLAPSE || st->kind == DERIVE_APP ||
	    st->method.kind != MATCH_ID)
		return UINT32_MAX;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (tr->methods[m].id == st->method.id && tr->methods[m].declared)
			return m;
	return UINT32_MAX;
}

static const char *steptext_kind(const struct derive_step *st)
{
	const char *w = derive_kind_word((unsigned)(st->kind - DERIVE_FOCUS));
	return w ? w : "";
}

void steptext_label(const struct trace *tr, const struct derive_step *st, uint64_t top,
                    int ascii, char *buf, size_t n)
{
	char name[600];
	uint32_t m = steptext_method(tr, st);
	if (st->kind == DERIVE_RANGE) {
		steptext_range(tr, &st->range, top, buf, n);
	} else if (m != UINT32_MAX) {
		names_method(tr, m, STEPTEXT_NAME_COLS, ascii, name, sizeof name);
		snprintf(buf, n, "%s:%s", steptext_kind(st), name);
	} else {
		text_escape(st->text, strlen(st->text), ascii, buf, n);
	}
}

void steptext_arg(const struct trace *tr, const struct derive_step *st, uint64_t top, char *buf,
                  size_t n)
{
	char name[1100];
	uint32_t m = steptext_method(tr, st);
	if (st->kind == DERIVE_RANGE) {
		steptext_range(tr, &st->range, top, buf, n);
	} else if (m != UINT32_MAX) {
		steptext_method_arg(tr, m, name, sizeof name);
		snprintf(buf, n, "%s:%s", steptext_kind(st), name);
	} else {
		snprintf(buf, n, "%s", st->text);
	}
}

/* How many of tr's methods the command line's name s selects: 0 when it
 * does not parse. */
static uint32_t steptext_selects(const struct trace *tr, const char *s, uint32_t *which)
{
	struct match_spec spec;
	const char *why;
	uint32_t k = 0;
	if (match_spec_parse(s, &spec, &why) < 0)
		return 0;
	for (uint32_t m = 0; m < tr->nmethods; m++)
		if (match_method(&spec, tr, m)) {
			*which = m;
			k++;
		}
	match_spec_free(&spec);
	return k;
}

/* A byte a shell word can carry quoted and a person can read. */
static int steptext_plain(const char *s)
{
	for (; *s; s++)
		if (*s <= ' ' || *s >= 127 || *s == '\'')
			return 0;
	return 1;
}

void steptext_method_arg(const struct trace *tr, uint32_t m, char *buf, size_t n)
{
	const struct tv_method *tm = &tr->methods[m];
	const char *cls = trace_str(tr, tm->cls), *name = trace_str(tr, tm->name),
	           *sig = trace_str(tr, tm->sig);
	char form[2][1100];
	size_t len;
	uint32_t which = UINT32_MAX;
	if (tm->declared && !tm->synthetic && cls && name && tm->cls.len && tm->name.len) {
		snprintf(form[0], sizeof form[0], "%.*s.%.*s", (int)tm->cls.len, cls, (int)tm->name.len,
		         name);
		for (size_t i = 0; form[0][i] && i < tm->cls.len; i++)
			if (form[0][i] == '/')  /* as people write a class; match reads both */
				form[0][i] = '.';
		/* "Class.name(args)ret": the descriptor holds its parentheses.
		 * Built by hand: gcc's truncation check knows nothing of the
		 * intent to cut. */
		len = strlen(form[0]);
		memcpy(form[1], form[0], len + 1);
		size_t sl = sig ? tm->sig.len : 0;
		if (len + sl + 1 <= sizeof form[1]) {
			memcpy(form[1] + len, sig ? sig : "", sl);
			form[1][len + sl] = '\0';
		}
		for (int i = 0; i < 2; i++)
			if (steptext_plain(form[i]) && steptext_selects(tr, form[i], &which) == 1 &&
			    which == m) {
				snprintf(buf, n, "%s", form[i]);
				return;
			}
	}
	snprintf(buf, n, "0x%llx", (unsigned long long)tm->id);
}

void steptext_scope_label(const struct trace *tr, const struct trace_sel *sel, int ascii,
                          char *buf, size_t n)
{
	char name[600] = "";
	if (!sel) {
		snprintf(buf, n, "all threads");
		return;
	}
	if (sel->n > 1) {
		snprintf(buf, n, "%lu threads", (unsigned long)sel->n);
		return;
	}
	uint32_t t = trace_find_thread(tr, sel->tids[0]);
	const char *s = t < tr->nthreads ? trace_str(tr, tr->threads[t].name) : NULL;
	if (s && tr->threads[t].name.len) {
		char esc[600];
		text_escape(s, tr->threads[t].name.len, ascii, esc, sizeof esc);
		text_fit(esc, STEPTEXT_NAME_COLS, ascii, name, sizeof name);
	}
	snprintf(buf, n, "thread %lu%s%s", (unsigned long)sel->tids[0], name[0] ? " " : "", name);
}

/* The longest prefix the names of sel's threads share, into buf (n >
 * 0): its length, 0 when there is none a glob can carry. */
static size_t steptext_common_name(const struct trace *tr, const struct trace_sel *sel,
                                   char *buf, size_t n)
{
	size_t len = 0;
	for (uint32_t i = 0; i < sel->n; i++) {
		uint32_t t = trace_find_thread(tr, sel->tids[i]);
		const char *s = t < tr->nthreads ? trace_str(tr, tr->threads[t].name) : NULL;
		size_t sl = s ? tr->threads[t].name.len : 0;
		if (!i) {
			len = sl < n - 1 ? sl : n - 1;
			memcpy(buf, s ? s : "", len);
		}
		size_t k = 0;
		while (k < len && k < sl && s[k] == buf[k])
			k++;
		len = k;
	}
	buf[len] = '\0';
	return len && strlen(buf) == len && !strchr(buf, '*') && steptext_plain(buf) ? len : 0;
}

int steptext_scope_glob(const struct trace *tr, const struct trace_sel *sel, char *buf,
                        size_t n)
{
	size_t each = 0, len;
	int all;
	if (!sel || sel->n < 2 || n < 2 || !(len = steptext_common_name(tr, sel, buf, n - 1)))
		return 0;
	for (uint32_t i = 0; i < sel->n; i++) {
		char d[16];
		each += strlen(" --thread=") + (size_t)snprintf(d, sizeof d, "%lu",
		                                                (unsigned long)sel->tids[i]);
	}
	memcpy(buf + len, "*", 2);
	if (strlen(" --thread=''") + len + 1 >= each)
		return 0;
	uint32_t *idx = malloc((tr->nthreads ? tr->nthreads : 1) * sizeof *idx);
	uint32_t k = idx ? match_threads(tr, buf, idx, tr->nthreads, &all) : 0;
	int exact = k == sel->n;
	for (uint32_t i = 0; exact && i < k; i++)
		exact = trace_sel_has(sel, tr->threads[idx[i]].tid);
	free(idx);
	return exact;
}
