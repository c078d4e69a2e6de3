/* limitstest.h: what the test_limits_* programs share: V1 records and a
 * stream's start for the byte builder (bytebuild.h), which writes inputs
 * too big for tracegen (whose V2 writer scans each thread's events once
 * per thread), a clock, the edge sums every profile keeps, and the
 * small stack every program runs on. Failures fail the calling cmocka test.
 */
#ifndef TV_LIMITSTEST_H
#define TV_LIMITSTEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analyze/profile.h"
#include "bytebuild.h"

/* GiB; LIM_ASAN 1 in an AddressSanitizer build (whose frames are bigger). */
#define GiB (UINT64_C(1) << 30)

#if defined(__SANITIZE_ADDRESS__)
#define LIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LIM_ASAN 1
#endif
#endif
#ifndef LIM_ASAN
#define LIM_ASAN 0
#endif

/* ------------------------------------------------------------ bytes */

/* A 14-byte V1 record. */
void bb_rec14(struct bb *b, uint32_t tid, uint32_t word, uint32_t cpu, uint32_t wall);
/* The 0xF3 start used by the sparse files: header, a thread packet for
 * tid 1 "main", a method packet for 0x4, an enter and an exit of 0x4. */
void bb_stream_head(struct bb *b);

/* ------------------------------------------------------------ helpers */

/* Seconds on the monotonic clock. */
double now_s(void);
/* Peak resident set of this process, MiB. */
long peak_rss_mib(void);

/* Writes to /dev/null must succeed: the point is that nothing fails or
 * recurses on a big input. */
FILE *devnull(void);

/* The edge sums of docs/numbers.md ("Parents and children") hold on
 * every profile, big ones too. */
void check_sums(const struct profile *p);

/* Runs the tests on a 1 MiB stack (4 MiB under ASan, whose frames are
 * bigger): a walk that recursed once per frame of a 100,000-deep stack
 * needs at least 3 MiB, so it crashes here instead of passing quietly on
 * the usual 8 MiB. The limit takes effect for the main thread only at
 * exec, hence the re-exec. */
void lim_small_stack(char **argv);

#endif
