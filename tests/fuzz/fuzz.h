/* fuzz.h: the fuzz harness bodies, shared by two drivers.
 *
 * Each tests/fuzz/fuzz_NAME.c defines fuzz_NAME_init() (run once) and
 * fuzz_NAME_one() (one input). Built with --enable-fuzzing they become
 * libFuzzer programs through FUZZ_ENTRY; compiled with -DFUZZ_NO_MAIN they
 * are linked into tests/test_regress, which replays the committed corpora
 * and crash inputs under `make check` (and its ASan build).
 *
 * A harness never fails on bad input: it only crashes (sanitizer report or
 * __builtin_trap on a broken invariant) when the code under test is wrong.
 */
#ifndef TV_FUZZ_H
#define TV_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Every harness, by name (the corpus folders are named alike). */
#define FUZZ_LIST(X) X(load) X(keyfile) X(v1) X(stream) X(v2) X(mapping) X(text) X(view) X(gate) \
	X(lodump) X(anr)

#define FUZZ_DECLARE(n)          \
	void fuzz_##n##_init(void); \
	void fuzz_##n##_one(const uint8_t *buf, size_t len);
FUZZ_LIST(FUZZ_DECLARE)
#undef FUZZ_DECLARE

/* Invariant check that survives NDEBUG and stops libFuzzer at the spot. */
#define FUZZ_CHECK(cond)                  \
	do {                              \
		if (!(cond))              \
			__builtin_trap(); \
	} while (0)

/* The libFuzzer entry points for harness n. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#define FUZZ_ENTRY(n)                                               \
	int LLVMFuzzerInitialize(int *argc, char ***argv)           \
	{                                                           \
		(void)argc;                                         \
		(void)argv;                                         \
		fuzz_##n##_init();                                  \
		return 0;                                           \
	}                                                           \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) \
	{                                                           \
		fuzz_##n##_one(data, size);                         \
		return 0;                                           \
	}

#endif
