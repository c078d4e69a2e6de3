/* fuzz_gate.c: the --fail-if rule parser on any text (the duration and
 * method-name readers it calls are fuzzed on their own by fuzz_view). A
 * parsed rule is evaluated over a small written diff and its lines
 * written; every hit must be a target the rule holds for, and every
 * reason must be one line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/diff.h"
#include "analyze/gate.h"
#include "analyze/profile.h"
#include "fuzz.h"
#include "testutil.h"
#include "tracegen.h"

static struct {
	struct trace tr[2];
	struct profile p[2];
	struct diff d;
	FILE *sink;
	int ready;
} fg;

void fuzz_gate_init(void)
{
	static const char *const script[2] = {
		"1 > A 0 0\n1 > B 10 10\n1 < B 30 40\n1 < A 100 200\n",
		"1 > A 0 0\n1 > C 5 5\n1 < C 6 9\n1 > B 10 10\n1 < B 30 70\n1 < A 100 220\n"};
	struct tv_error err;
	for (int k = 0; k < 2; k++) {
		struct tg *tg = tg_new();
		FUZZ_CHECK(tg_script(tg, script[k]) == 0);
		FUZZ_CHECK(tu_load_tg(&fg.tr[k], tg, NULL) == TV_OK);
		FUZZ_CHECK(profile_build(&fg.p[k], &fg.tr[k], NULL, &err) == TV_OK);
		tg_free(tg);
	}
	FUZZ_CHECK(diff_build(&fg.d, &fg.p[0], &fg.p[1], &err) == TV_OK);
	fg.sink = fopen("/dev/null", "w");
	FUZZ_CHECK(fg.sink != NULL);
	fg.ready = 1;
}

static void fg_rule(const char *s)
{
	struct gate_rule r;
	char why[GATE_WHY];
	memset(why, 'x', sizeof why);
	if (gate_parse(s, &r, why, sizeof why) != 0) {
		FUZZ_CHECK(memchr(why, '\0', sizeof why) && why[0] && !strchr(why, '\n'));
		return;
	}
	FUZZ_CHECK(r.relative || !r.pct);
	FUZZ_CHECK(gate_field_clock(r.field) >= -1);
	struct gate_hit *hits;
	size_t n;
	if (gate_eval(&r, &fg.d, &hits, &n) == TV_OK) {
		FUZZ_CHECK(n <= (size_t)fg.d.nrows + 1);
		for (size_t i = 0; i < n; i++)
			FUZZ_CHECK(gate_holds(&r, hits[i].base, hits[i].next));
		gate_report(fg.sink, &r, &fg.d, hits, n);
		free(hits);
	}
	gate_rule_free(&r);
}

void fuzz_gate_one(const uint8_t *buf, size_t len)
{
	if (!fg.ready)
		fuzz_gate_init();
	char *s = malloc(len + 1);
	if (!s)
		return;
	memcpy(s, buf, len);
	s[len] = '\0';
	fg_rule(s);

	free(s);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(gate)
#endif
