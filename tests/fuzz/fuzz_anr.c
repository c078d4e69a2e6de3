/* fuzz_anr.c: ANR reports holding long-running-method dumps: the scan for
 * dumps, base64 or raw, and the reading of the first one and of the one
 * of the last pid found; base64 decoding on its own. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_sink.h"
#include "read/anr.h"
#include "read/base64.h"

void fuzz_anr_init(void)
{
}

/* The dumps found lie inside the report, each after its key. */
static uint32_t anr_check_list(const uint8_t *buf, size_t len)
{
	struct anr_dump *all;
	size_t n;
	uint32_t pid = 0;
	if (anr_list(buf, len, &all, &n) < 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		FUZZ_CHECK(all[i].len > 0 && all[i].at <= len && all[i].len <= len - all[i].at);
		FUZZ_CHECK(all[i].cmdlen == 0 || all[i].cmd + all[i].cmdlen <= len);
		pid = all[i].pid;
	}
	free(all);
	return pid;
}

static void anr_base64(const uint8_t *buf, size_t len)
{
	uint8_t *out = malloc(base64_max(len));
	size_t n = 0, bad = 0;
	if (!out)
		return;
	if (base64_decode((const char *)buf, len, out, &n, &bad) < 0)
		FUZZ_CHECK(bad < len);
	FUZZ_CHECK(n <= base64_max(len));
	free(out);
}

void fuzz_anr_one(const uint8_t *buf, size_t len)
{
	struct fuzz_sink fs;
	struct sink s;
	struct tv_error err;
	char note[256];
	(void)anr_detect(buf, len);
	uint32_t pid = anr_check_list(buf, len);
	fuzz_sink_init(&fs, &s, len);
	anr_parse(buf, len, 0, &s, &err, note, sizeof note);
	FUZZ_CHECK(memchr(note, '\0', sizeof note) != NULL);
	for (size_t i = 0; note[i]; i++)   /* it goes to a terminal */
		FUZZ_CHECK(note[i] >= 0x20 && note[i] < 0x7f);
	fuzz_sink_init(&fs, &s, len);
	anr_parse(buf, len, pid ? pid : 1, &s, &err, NULL, 0);
	anr_base64(buf, len);
}

#ifndef FUZZ_NO_MAIN
FUZZ_ENTRY(anr)
#endif
