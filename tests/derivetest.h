/* derivetest.h: what the test_derive_* programs share: traces from
 * tracegen scripts, steps from strings, profiles and lookups that fail the
 * calling cmocka test when something is missing.
 */
#ifndef TV_DERIVETEST_H
#define TV_DERIVETEST_H

#include <stdint.h>

#include "analyze/profile.h"
#include "model/trace.h"

/* tr loaded from a tracegen script (the caller trace_free()s it). */
void load_script(struct trace *tr, const char *script);

/* Steps from strings: "A..B" is a range, anything else a transform. */
/* none: derive_build()'s out-parameter (NULL when not wanted). */
void derive(const struct trace *in, struct trace *out, uint8_t *none,
            const char *const *specs, uint32_t n);
/* The profile of tr over the threads tid (NULL: all). */
void profile_of(struct profile *p, const struct trace *tr, const uint32_t *tid);

/* Method index by class and name (declared ones). */
uint32_t mi(const struct trace *tr, const char *cls, const char *name);
/* The thread with this id. */
const struct tv_thread *thread_of(const struct trace *tr, uint32_t tid);

#endif
