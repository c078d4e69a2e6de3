/* test_regress.c: replays the fuzz corpora without libFuzzer.
 *
 * For each harness NAME (tests/fuzz/fuzz.h), every file under
 * tests/fuzz/regress/NAME/ (inputs that once crashed) and
 * tests/fuzz/corpus/NAME/ (the seeds) goes through the same harness body
 * the fuzzer runs, and the bundled sample through the load harness. Built
 * like every other test, so the ASan build of `make check` replays them
 * under the sanitizers. A harness signals a bug by crashing; this program
 * fails when a folder cannot be read or holds no file it could replay.
 *
 * usage: test_regress [FUZZDIR]   (default: the compiled-in FUZZ_DIR)
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"
#include "testutil.h"

struct rg_harness {
	const char *name;
	void (*init)(void);
	void (*one)(const uint8_t *buf, size_t len);
};

/* One file through one harness; -1 when it cannot be read. */
static int rg_file(const struct rg_harness *h, const char *path)
{
	uint8_t *buf;
	size_t len;
	if (tu_read_file(path, &buf, &len) != 0) {
		fprintf(stderr, "test_regress: %s: %s\n", path, strerror(errno));
		return -1;
	}
	/* Named first, so the log shows which input a sanitizer stopped on. */
	printf("%s %s\n", h->name, path);
	fflush(stdout);
	h->one(buf, len);
	free(buf);
	return 0;
}

/* Every regular file in dir[/name]; the count replayed, or -1 on error.
 * A folder that does not exist replays nothing. */
static long rg_dir(const struct rg_harness *h, const char *top, const char *kind)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/%s/%s", top, kind, h->name);
	DIR *d = opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	long n = 0, files = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		char *path = tu_path(dir, e->d_name);
		struct stat st;
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			files++;
			if (rg_file(h, path) == 0)
				n++;
		}
		free(path);
	}
	closedir(d);
	if (n != files)
		return -1;
	printf("%-8s %-8s %ld files\n", h->name, kind, n);
	return n;
}

int main(int argc, char **argv)
{
	static const struct rg_harness hs[] = {
#define RG_ENTRY(n) {#n, fuzz_##n##_init, fuzz_##n##_one},
		FUZZ_LIST(RG_ENTRY)
#undef RG_ENTRY
	};
	const char *top = argc > 1 ? argv[1] : FUZZ_DIR;
	long total = 0;
	for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
		hs[i].init();
		long seeds = rg_dir(&hs[i], top, "corpus");
		long regress = rg_dir(&hs[i], top, "regress");
		if (seeds <= 0 || regress < 0) {
			fprintf(stderr, "test_regress: %s: no seeds, or a file could not be read\n",
			        hs[i].name);
			return 1;
		}
		total += seeds + regress;
	}
	/* The sample through load (hs[0]): the biggest input replayed here. */
	char *sample = tu_path(top, "../samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace");
	if (rg_file(&hs[0], sample) != 0)
		return 1;
	free(sample);
	printf("replayed %ld inputs\n", total + 1);
	return 0;
}
