/* test_sumname.c: the reader's naming of each entry's edge (model/sumname.h).
 *
 * Methods are small numbers here, threads 0 and 1. The namer must number
 * (caller, callee) pairs in the order they are first met, give a pair the
 * same number on every thread and after its caller's cache forgot it, and
 * move each thread's stack as the replay does: an exit pops to the newest
 * open call of its method, lost exits above it included (rule 2), or
 * empties the stack when none is open (rule 3).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "model/sumname.h"

enum { A = 1, B, C, D, X = 9 };

static struct sumname *fresh(void)
{
	struct sumname *s = sumname_new();
	assert_non_null(s);
	return s;
}

static void test_first_use_order(void **state)
{
	(void)state;
	struct sumname *s = fresh();
	assert_int_equal(sumname_enter(s, 0, A), 0);   /* root -> A */
	assert_int_equal(sumname_enter(s, 0, B), 1);   /* A -> B */
	assert_int_equal(sumname_exit(s, 0, B), 0);
	assert_int_equal(sumname_enter(s, 0, B), 1);   /* A -> B again */
	assert_int_equal(sumname_enter(s, 0, A), 2);   /* B -> A */
	assert_int_equal(sumname_enter(s, 1, A), 0);   /* root -> A, thread 1 */
	assert_int_equal(sumname_enter(s, 1, C), 3);   /* A -> C */
	assert_int_equal(sumname_count(s), 4);
	/* The end's pairs, by number. */
	assert_int_equal(sumname_edge(s, A, B), 1);
	assert_int_equal(sumname_edge(s, C, D), 4);    /* new: the next number */
	struct tv_eend *e = sumname_take_ends(s);
	assert_non_null(e);
	const struct tv_eend want[] = {{TV_ROOT, A}, {A, B}, {B, A}, {A, C}, {C, D}};
	for (int i = 0; i < 5; i++) {
		assert_int_equal(e[i].from, want[i].from);
		assert_int_equal(e[i].to, want[i].to);
	}
	free(e);
	sumname_free(s);
}

/* More callees than the caller's cache holds: numbers stay put. */
static void test_many_callees(void **state)
{
	(void)state;
	struct sumname *s = fresh();
	assert_int_equal(sumname_enter(s, 0, A), 0);
	for (uint32_t round = 0; round < 3; round++)
		for (uint32_t m = 100; m < 110; m++) {
			assert_int_equal(sumname_enter(s, 0, m), 1 + (m - 100));
			assert_int_equal(sumname_exit(s, 0, m), 0);
		}
	assert_int_equal(sumname_count(s), 11);
	sumname_free(s);
}

/* Rule 2: B exits above C, whose exit was lost: back under A. */
static void test_lost_exit(void **state)
{
	(void)state;
	struct sumname *s = fresh();
	sumname_enter(s, 0, A);
	sumname_enter(s, 0, B);                        /* 1: A -> B */
	sumname_enter(s, 0, C);                        /* 2: B -> C */
	assert_int_equal(sumname_exit(s, 0, B), 0);
	assert_int_equal(sumname_enter(s, 0, D), 3);   /* A -> D */
	assert_int_equal(sumname_exit(s, 0, D), 0);
	assert_int_equal(sumname_exit(s, 0, A), 0);
	assert_int_equal(sumname_enter(s, 0, D), 4);   /* root -> D */
	/* The newest of two open calls of A. */
	sumname_enter(s, 0, A);                        /* 5: D -> A */
	sumname_enter(s, 0, A);                        /* 6: A -> A */
	sumname_enter(s, 0, B);                        /* 1: A -> B */
	assert_int_equal(sumname_exit(s, 0, A), 0);
	assert_int_equal(sumname_enter(s, 0, C), 7);   /* A -> C, under the outer A */
	sumname_free(s);
}

/* Rule 3: an exit of a method with no open call ends every open call, on
 * its thread only; a deep stack too. */
static void test_adoption(void **state)
{
	(void)state;
	struct sumname *s = fresh();
	sumname_enter(s, 0, A);                        /* 0: root -> A */
	sumname_enter(s, 0, B);                        /* 1: A -> B */
	sumname_enter(s, 1, C);                        /* 2: root -> C */
	assert_int_equal(sumname_exit(s, 0, X), 0);
	assert_int_equal(sumname_enter(s, 0, B), 3);   /* root -> B */
	assert_int_equal(sumname_enter(s, 1, D), 4);   /* C -> D: thread 1 untouched */
	for (uint32_t i = 0; i < 100000; i++)
		assert_int_not_equal(sumname_enter(s, 0, A), UINT32_MAX);
	assert_int_equal(sumname_exit(s, 0, X), 0);
	assert_int_equal(sumname_enter(s, 0, A), 0);   /* root -> A */
	sumname_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_use_order),
		cmocka_unit_test(test_many_callees),
		cmocka_unit_test(test_lost_exit),
		cmocka_unit_test(test_adoption),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
