/* fuzz_mapping.c: R8/ProGuard mapping text, parsed and applied to a small
 * trace whose names look obfuscated (classes a.a.a, a/a/b, methods a, b,
 * signatures naming obfuscated classes), then reported.
 *
 * mapping_apply() rewrites the trace in place, so each input gets a fresh
 * copy, loaded from bytes written once by tracegen.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/profile.h"
#include "fuzz.h"
#include "model/load.h"
#include "model/mapping.h"
#include "model/trace.h"
#include "tracegen.h"
#include "write/report.h"

static uint8_t *map_trace;
static size_t map_trace_len;
static FILE *map_null;

void fuzz_mapping_init(void)
{
	static const struct {
		const char *cls, *name, *sig, *src;
	} ms[] = {
		{"a.a.a", "a", "()V", "SourceFile"},
		{"a.a.a", "b", "(ILa/a/b;)I", "(null)"},
		{"a.a.a", "b", "(J)I", ""},
		{"a/a/b", "c", "([La/a/b;Ljava/lang/String;)La/a/a;", "Real.java"},
		{"a.a.c", "<init>", "()V", NULL},
		{"b", "a", "(Lb;[[I)Lb;", "SourceFile"},
		{"com.example.Keep", "kept", "()V", "Keep.java"},
		{"java.lang.Object", "hashCode", "()I", "Object.java"},
	};
	struct tg *tg = tg_new();
	tg_thread(tg, 1, "main");
	for (size_t i = 0; i < sizeof ms / sizeof ms[0]; i++) {
		uint64_t id = 4 * (i + 1);
		tg_method(tg, id, ms[i].cls, ms[i].name, ms[i].sig, ms[i].src);
		tg_enter(tg, 1, id, 2 * i, 2 * i);
	}
	for (size_t i = sizeof ms / sizeof ms[0]; i-- > 0;)
		tg_exit(tg, 1, 4 * (i + 1), 40 - i, 40 - i);
	map_null = fopen("/dev/null", "w");
	if (tg_write(tg, NULL, &map_trace, &map_trace_len) != 0 || !map_null)
		__builtin_trap();
	tg_free(tg);
}

static void map_apply(const struct mapping *m)
{
	struct trace tr;
	struct tv_error err;
	trace_init(&tr);
	if (load_buffer(&tr, map_trace, map_trace_len, &err) != TV_OK)
		__builtin_trap();  /* the fixed trace always loads */
	int64_t changed = mapping_apply(m, &tr);
	FUZZ_CHECK(changed >= -1 && changed <= (int64_t)tr.nmethods);
	struct profile p;
	if (profile_build(&p, &tr, NULL, &err) == TV_OK)
		report_text(map_null, &p, "fuzz.trace");
	profile_free(&p);
	/* Applying again finds nothing left to do... unless the mapping maps
	 * an original name onto another obfuscated one, so just run it. */
	mapping_apply(m, &tr);
	trace_free(&tr);
}

void fuzz_mapping_one(const uint8_t *buf, size_t len)
{
	struct mapping *m;
	struct tv_error err;
	if (mapping_parse((const char *)buf, len, &m, &err) != TV_OK) {
		FUZZ_CHECK(m == NULL);
		return;
	}
	const size_t *lines;
	size_t nlines, classes, fields, methods;
	size_t nwarn = mapping_warnings(m, &lines, &nlines);
	FUZZ_CHECK(nlines <= nwarn && nlines <= 16);
	for (size_t i = 0; i < nlines; i++)
		FUZZ_CHECK(lines[i] >= 1 && lines[i] <= len + 1);
	mapping_stats(m, &classes, &fields, &methods);
	static const char *const names[] = {"a.a.a", "a/a/b", "b", "a.a", ""};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		size_t olen;
		const char *o = mapping_class(m, names[i], strlen(names[i]), &olen);
		for (size_t k = 0; o && k < olen; k++)
			FUZZ_CHECK(o[k] != '\n');
	}
	map_apply(m);
	mapping_free(m);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(mapping)
#endif
