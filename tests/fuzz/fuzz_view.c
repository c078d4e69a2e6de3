/* fuzz_view.c: the --range, --transform, --app and --min-wait parsers and
 * the glob matcher on arbitrary text, and every step list that parses
 * applied to a small trace (derive.h), whose numbers must still add up. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "analyze/derive.h"
#include "analyze/profile.h"
#include "analyze/range.h"
#include "testutil.h"
#include "tracegen.h"

static struct trace fv_trace;

void fuzz_view_init(void)
{
	struct tg *tg = tg_new();
	static const char script[] =
		"method A 0x10 androidx.core.A a ()V\nmethod B 0x14 com.example.B b (I)V\n"
		"method C 0x18 com.example.B c ()V\nmethod D 0x1c java.lang.Object wait ()V\n"
		"1 > A 0 0\n1 > B 2 5\n1 > B 3 9\n1 > C 4 12\n1 < C 6 20\n1 < B 6 22\n1 > D 7 30\n"
		"1 ? A 7 31\n1 < D 8 60\n1 < B 9 61\n2 > C 0 10\n2 > A 1 15\n2 < A 1 15\n"
		"2 < C 4 40\n1 < A 10 70\n";
	if (tg_script(tg, script) < 0 || tu_load_tg(&fv_trace, tg, NULL) != TV_OK)
		abort();
	tg_free(tg);
}

/* Σ excl + toplevel excl = toplevel incl on every view. */
static void fv_check(const struct trace *v)
{
	struct profile p;
	if (profile_build(&p, v, NULL, NULL) != TV_OK)
		return;
	for (int c = 0; c < TV_NCLOCKS; c++) {
		uint64_t s = p.top_excl[c];
		for (uint32_t i = 0; i < p.norder; i++)
			s += p.methods[p.order[i]].excl[c];
		FUZZ_CHECK(s == p.top_incl[c]);
	}
	profile_free(&p);
}

void fuzz_view_one(const uint8_t *buf, size_t len)
{
	/* Lines of the input, each a step (or a glob list, or a time). */
	char *text = malloc(len + 1);
	if (!text)
		return;
	memcpy(text, buf, len);
	text[len] = '\0';
	struct derive_step steps[8];
	uint32_t n = 0;
	for (char *line = text, *next; line && n < 8; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		const char *why = NULL;
		struct range r;
		uint64_t us;
		struct derive_glob *g;
		uint32_t ng;
		if (range_parse(line, &r, &why) == 0) {
			FUZZ_CHECK(!r.has_end || r.end > (r.has_start ? r.start : 0));
			/* its text reads back as the same range, in the same unit */
			char back[RANGE_TEXT_MAX];
			struct range r2;
			range_format(&r, back);
			FUZZ_CHECK(range_parse(back, &r2, &why) == 0 && r2.events == r.events &&
			           r2.has_start == r.has_start && r2.has_end == r.has_end &&
			           (!r.has_start || r2.start == r.start) && (!r.has_end || r2.end == r.end));
			if (derive_step_range(&r, &steps[n]) == 0)
				n++;
		} else {
			FUZZ_CHECK(why != NULL);
		}
		if (range_parse_time(line, &us, &why) == 0)
			FUZZ_CHECK(us <= (UINT64_C(1) << 62));
		if (derive_parse_globs(line, &g, &ng, &why) == 0) {
			for (uint32_t i = 0; i < ng; i++)
				FUZZ_CHECK(g[i].len > 0 && g[i].p >= line &&
				           g[i].p + g[i].len <= line + strlen(line));
			/* A pattern matches itself when it has no '*'. */
			if (!strchr(line, '*'))
				FUZZ_CHECK(match_glob(g[0].p, g[0].len, g[0].p, g[0].len));
			free(g);
		}
		if (n < 8 && derive_step_transform(line, &steps[n], &why) == 0)
			n++;
	}
	struct trace v;
	struct tv_error err;
	uint8_t none[8];
	if (derive_build(&v, &fv_trace, steps, n, none, &err) == TV_OK) {
		fv_check(&v);
		trace_free(&v);
	}
	for (uint32_t i = 0; i < n; i++)
		derive_step_free(&steps[i]);
	free(text);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(view)
#endif
