/* test_idxtab.c: the table of record indices (base/idxtab.h).
 *
 * Records here are plain keys in an array, as the callers keep them:
 * dense numbers (sumreplay's methods) and packed pairs (the folded
 * trie's (parent, frame)). Every key put is found again at its index
 * through every growth, absent keys are not, and a key put twice keeps
 * its first index.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "base/idxtab.h"

struct records {
	uint64_t *key;
	uint32_t n;
};

static uint64_t key_of(const void *ctx, uint32_t i)
{
	return ((const struct records *)ctx)->key[i];
}

/* Puts key as the next record the way the callers do: room first, then
 * the index, then the record when it was new. Returns the index. */
static uint32_t put(struct idxtab *t, struct records *r, uint64_t key, int *added)
{
	uint32_t i = idxtab_get_or_put(t, key, r->n, key_of, r, added);
	if (*added)
		r->key[r->n++] = key;
	return i;
}

static void check_keys(uint64_t (*key)(uint32_t), uint32_t n)
{
	struct idxtab t;
	struct records r = {calloc(n, sizeof *r.key), 0};
	assert_non_null(r.key);
	idxtab_init(&t);
	assert_int_equal(idxtab_find(&t, key(0), key_of, &r), IDXTAB_NONE);   /* no slots yet */
	for (uint32_t i = 0; i < n; i++) {
		int added;
		assert_int_equal(put(&t, &r, key(i), &added), i);
		assert_int_equal(added, 1);
	}
	assert_int_equal(t.count, n);
	assert_true((uint64_t)t.count * 4 <= (uint64_t)(t.mask + 1) * 3);   /* at most 3/4 full */
	for (uint32_t i = 0; i < n; i++) {
		int added;
		assert_int_equal(idxtab_find(&t, key(i), key_of, &r), i);
		assert_int_equal(put(&t, &r, key(i), &added), i);     /* again: the first index */
		assert_int_equal(added, 0);
	}
	assert_int_equal(r.n, n);
	assert_int_equal(idxtab_find(&t, key(n), key_of, &r), IDXTAB_NONE);
	assert_int_equal(idxtab_find(&t, key(n + 1000), key_of, &r), IDXTAB_NONE);
	idxtab_free(&t);
	assert_null(t.slots);
	free(r.key);
}

static uint64_t dense(uint32_t i)
{
	return i;
}

static uint64_t pair(uint32_t i)   /* (parent, frame), parents repeating */
{
	return (uint64_t)(i / 7) << 32 | (i % 7) * 4;
}

static void test_dense_keys(void **state)
{
	(void)state;
	check_keys(dense, 100000);   /* past 64 slots many times over */
}

static void test_pair_keys(void **state)
{
	(void)state;
	check_keys(pair, 100000);
}

static void test_small(void **state)
{
	(void)state;
	check_keys(dense, 1);
	check_keys(pair, 48);        /* exactly 3/4 of the first 64 slots */
	check_keys(pair, 49);        /* one more: the first growth */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dense_keys),
		cmocka_unit_test(test_pair_keys),
		cmocka_unit_test(test_small),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
