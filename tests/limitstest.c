/* limitstest.c: the byte buffer and helpers the test_limits_* programs
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

void lb_put(struct lb *b, const void *s, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n)
			cap *= 2;
		b->p = realloc(b->p, cap);
		assert_non_null(b->p);
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

/* v in n little-endian bytes; bytes past the 8th are zero. */
void lb_le(struct lb *b, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint8_t c = i < 8 ? (uint8_t)(v >> (8 * i)) : 0;
		lb_put(b, &c, 1);
	}
}

void lb_str(struct lb *b, const char *s)
{
	lb_put(b, s, strlen(s));
}

void lb_printf(struct lb *b, const char *fmt, ...)
{
	char t[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t)n < sizeof t);
	lb_put(b, t, (size_t)n);
}

void lb_uleb(struct lb *b, uint64_t v)
{
	do {
		uint8_t c = v & 0x7f;
		v >>= 7;
		if (v)
			c |= 0x80;
		lb_put(b, &c, 1);
	} while (v);
}

void lb_sleb(struct lb *b, int64_t v)
{
	for (;;) {
		uint8_t c = v & 0x7f;
		v >>= 7;  /* arithmetic on every compiler we build with */
		int done = (v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40));
		if (!done)
			c |= 0x80;
		lb_put(b, &c, 1);
		if (done)
			return;
	}
}

/* V1 header: SLOW, version, data at 32, start time 0, record size. */
void lb_v1_header(struct lb *b, unsigned version, unsigned rsize)
{
	lb_str(b, "SLOW");
	lb_le(b, version, 2);
	lb_le(b, 32, 2);
	lb_le(b, 0, 8);
	lb_le(b, rsize, 2);
	lb_le(b, 0, 8);
	lb_le(b, 0, 6);
}

void lb_rec14(struct lb *b, uint32_t tid, uint32_t word, uint32_t cpu, uint32_t wall)
{
	lb_le(b, tid, 2);
	lb_le(b, word, 4);
	lb_le(b, cpu, 4);
	lb_le(b, wall, 4);
}

/* The 0xF3 start used by the sparse files: header, a thread packet for
 * tid 1 "main", a method packet for 0x4, an enter and an exit of 0x4. */
void lb_stream_head(struct lb *b)
{
	static const char line[] = "0x4\tcom.example.Hole\trun\t()V\tHole.java\n";
	lb_v1_header(b, 0xF3, 14);
	lb_le(b, 0, 2);
	lb_le(b, 2, 1);
	lb_le(b, 1, 2);
	lb_le(b, 4, 2);
	lb_str(b, "main");
	lb_le(b, 0, 2);
	lb_le(b, 1, 1);
	lb_le(b, sizeof line - 1, 2);
	lb_str(b, line);
	lb_rec14(b, 1, 0x4, 0, 10);
	lb_rec14(b, 1, 0x5, 5, 20);
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
