/* test_keys.c: the action table (tui/actions.h) against the key map
 * (tui/keymap.c).
 *
 * The help screen and the KEYS sections of the man page and docs/ui.md are
 * printed from the action table, while keys are bound in keymap.c; this
 * test keeps the two honest: every action has a binding, and every key the
 * table shows people leads to that action where the table says it works.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <curses.h>

#include "actions.h"
#include "keymap.h"

static void test_table_shape(void **state)
{
	(void)state;
	unsigned n;
	const struct action_info *a = actions_table(&n);
	assert_int_equal(n, ACT_COUNT - 1);
	for (unsigned i = 0; i < n; i++) {
		/* In enum order, so the table can be indexed by action - 1. */
		assert_int_equal(a[i].id, (enum action)(i + 1));
		assert_non_null(strchr("GTL", a[i].scope));
		assert_true(a[i].keys[0] != '\0' && a[i].help[0] != '\0');
		/* The docs are generated: roff puts "." after the help and reads a
		 * line starting with '.' or '\'' as a request, a '\\' as an escape;
		 * Markdown tables break on '|', inline code on '`'. */
		size_t hl = strlen(a[i].help);
		if (a[i].help[hl - 1] == '.')
			fail_msg("help of action %u ends with '.': %s", i + 1, a[i].help);
		if (strpbrk(a[i].help, "|\\`\n") || strpbrk(a[i].keys, "|\\`\n"))
			fail_msg("action %u: a character the docs cannot carry", i + 1);
		if (a[i].help[0] == '.' || a[i].help[0] == '\'')
			fail_msg("action %u: help starts a roff request", i + 1);
	}
}

static void test_every_action_bound(void **state)
{
	(void)state;
	unsigned n;
	const struct action_info *a = actions_table(&n);
	for (unsigned i = 0; i < n; i++)
		if (!keymap_binds(a[i].id))
			fail_msg("action %u (keys \"%s\") has no binding in keymap.c", i + 1, a[i].keys);
	assert_false(keymap_binds(ACT_NONE));
}

/* The key code of a name as the table writes it; -1 if unknown. */
static int key_code(const char *k)
{
	static const struct {
		const char *name;
		int code;
	} names[] = {
		{"Up", KEY_UP}, {"Down", KEY_DOWN}, {"Left", KEY_LEFT}, {"Right", KEY_RIGHT},
		{"PgUp", KEY_PPAGE}, {"PgDn", KEY_NPAGE}, {"Home", KEY_HOME}, {"End", KEY_END},
		{"Enter", '\n'}, {"Tab", '\t'}, {"Backspace", KEY_BACKSPACE}, {"Esc", 27},
	};
	if (k[0] && !k[1])
		return (unsigned char)k[0];
	if (strncmp(k, "Ctrl-", 5) == 0 && k[5] && !k[6])
		return k[5] & 0x1f;
	if (k[0] == 'F' && k[1] >= '1' && k[1] <= '9' && !k[2])
		return KEY_F(k[1] - '0');
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(k, names[i].name) == 0)
			return names[i].code;
	return -1;
}

static void test_shown_keys_work(void **state)
{
	(void)state;
	unsigned n;
	const struct action_info *a = actions_table(&n);
	for (unsigned i = 0; i < n; i++) {
		char buf[64];
		strncpy(buf, a[i].keys, sizeof buf - 1);
		buf[sizeof buf - 1] = '\0';
		char *save = NULL;
		for (char *k = strtok_r(buf, " ", &save); k; k = strtok_r(NULL, " ", &save)) {
			int code = key_code(k);
			if (code < 0)
				fail_msg("action %u: key name \"%s\" unknown to this test", i + 1, k);
			/* A global key must work with either focus, so no pane key
			 * may shadow it. */
			const char *focus = a[i].scope == 'G' ? "TL" : a[i].scope == 'T' ? "T" : "L";
			for (const char *fc = focus; *fc; fc++) {
				enum action got = keymap_lookup(code, *fc);
				if (got != a[i].id)
					fail_msg("key \"%s\" with focus %c: action %d, the table says %u", k,
					         *fc, (int)got, i + 1);
			}
		}
	}
}

static void test_lookup(void **state)
{
	(void)state;
	/* The same key means different things per focus. */
	assert_int_equal(keymap_lookup('k', 'T'), ACT_UP);
	assert_int_equal(keymap_lookup('k', 'L'), ACT_THREAD_UP);
	assert_int_equal(keymap_lookup(KEY_DOWN, 'T'), ACT_DOWN);
	assert_int_equal(keymap_lookup(KEY_DOWN, 'L'), ACT_THREAD_DOWN);
	assert_int_equal(keymap_lookup('\n', 'T'), ACT_JUMP);
	assert_int_equal(keymap_lookup('\n', 'L'), ACT_PICK);
	/* Pane keys do not leak into the other pane. */
	assert_int_equal(keymap_lookup('g', 'L'), ACT_NONE);
	assert_int_equal(keymap_lookup('w', 'T'), ACT_NONE);
	/* Global keys work in both. */
	assert_int_equal(keymap_lookup('q', 'T'), ACT_QUIT);
	assert_int_equal(keymap_lookup('q', 'L'), ACT_QUIT);
	assert_int_equal(keymap_lookup(3, 'L'), ACT_QUIT);   /* Ctrl-C */
	assert_int_equal(keymap_lookup('Z', 'T'), ACT_NONE);
	assert_int_equal(keymap_lookup(-1, 'T'), ACT_NONE);  /* ERR from getch */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_shape),
		cmocka_unit_test(test_every_action_bound),
		cmocka_unit_test(test_shown_keys_work),
		cmocka_unit_test(test_lookup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
