/* limitstest.c: the V1 bytes and helpers the test_limits_* programs
 * share (see limitstest.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "write/export.h"
#include "read/keyfile.h"
#include "model/load.h"
#include "analyze/profile.h"
#include "write/report.h"
#include "limitstest.h"
#include "testutil.h"
#include "draw/text.h"
#include "base/textesc.h"
#include "analyze/timeline.h"
#include "model/trace.h"
#include "tracegen.h"
#include "read/v1.h"

/* ------------------------------------------------------------ bytes */

void bb_rec14(struct bb *b, uint32_t tid, uint32_t word, uint32_t cpu, uint32_t wall)
{
	bb_le(b, tid, 2);
	bb_le(b, word, 4);
	bb_le(b, cpu, 4);
	bb_le(b, wall, 4);
}

/* The 0xF3 start used by the sparse files: header, a thread packet for
 * tid 1 "main", a method packet for 0x4, an enter and an exit of 0x4. */
void bb_stream_head(struct bb *b)
{
	static const char line[] = "0x4\tcom.example.Hole\trun\t()V\tHole.java\n";
	bb_v1_header(b, 0xF3, 14, 0);
	bb_le(b, 0, 2);
	bb_le(b, 2, 1);
	bb_le(b, 1, 2);
	bb_le(b, 4, 2);
	bb_str(b, "main");
	bb_le(b, 0, 2);
	bb_le(b, 1, 1);
	bb_le(b, sizeof line - 1, 2);
	bb_str(b, line);
	bb_rec14(b, 1, 0x4, 0, 10);
	bb_rec14(b, 1, 0x5, 5, 20);
}

/* ------------------------------------------------------------ helpers */

double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Peak resident set of this process, MiB. */
long peak_rss_mib(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss / 1024;
}

FILE *devnull(void)
{
	FILE *f = fopen("/dev/null", "w");
	assert_non_null(f);
	return f;
}

void check_sums(const struct profile *p)
{
	char msg[256];
	if (tu_check_edge_sums(p, msg, sizeof msg) != 0)
		fail_msg("edge sums: %s", msg);
}

void lim_small_stack(char **argv)
{
	const rlim_t want = (LIM_ASAN ? 4 : 1) << 20;
	struct rlimit rl;
	if (getenv("TV_LIMITS_STACK") || getrlimit(RLIMIT_STACK, &rl) != 0 ||
	    (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur <= want) ||
	    (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want))
		return;
	rl.rlim_cur = want;
	if (setrlimit(RLIMIT_STACK, &rl) != 0 || setenv("TV_LIMITS_STACK", "1", 1) != 0)
		return;
	execv("/proc/self/exe", argv);   /* on failure, go on as we are */
}
