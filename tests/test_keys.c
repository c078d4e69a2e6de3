/* test_keys.c: the action table (tui/keys/actions.h) against the key map
 * (tui/keys/keymap.c).
 *
 * The key map, the help pane, the footer and the KEYS sections of the man
 * page and docs/ui.md all come from the action table; this test checks the
 * table itself: every key name parses, every key leads to its action in
 * every pane of the action's set (no two actions claim a key in one pane),
 * no action needs Esc, and every action is in one section of the docs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <curses.h>

#include "keys/actions.h"
#include "keys/keymap.h"

static void test_table_shape(void **state)
{
	(void)state;
	unsigned n;
	const struct action_info *a = actions_table(&n);
	assert_int_equal(n, ACT_COUNT - 1);
	for (unsigned i = 0; i < n; i++) {
		/* In enum order, so the table can be indexed by action - 1. */
		assert_int_equal(a[i].id, (enum action)(i + 1));
		assert_ptr_equal(actions_info(a[i].id), &a[i]);
		assert_true(a[i].panes != 0 && a[i].panes < PANE_BIT(PANE_KINDS));
		assert_true(a[i].keys[0] != '\0' && a[i].help[0] != '\0');
		/* Every action is in one section of the docs and the help. */
		int in = 0;
		for (unsigned s = 0; s < actions_nsections(); s++) {
			unsigned panes;
			actions_section(s, &panes);
			in += panes == a[i].panes;
		}
		if (in != 1)
			fail_msg("action %u is in %d sections of the docs", i + 1, in);
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

/* Calls f(action, key name, code) for every code of every key name. */
static void each_key(void (*f)(const struct action_info *, const char *, int))
{
	unsigned n;
	const struct action_info *a = actions_table(&n);
	for (unsigned i = 0; i < n; i++) {
		char buf[64];
		strncpy(buf, a[i].keys, sizeof buf - 1);
		buf[sizeof buf - 1] = '\0';
		char *save = NULL;
		for (char *k = strtok_r(buf, " ", &save); k; k = strtok_r(NULL, " ", &save)) {
			int codes[4];
			size_t nc = keymap_codes(k, codes, 4);
			if (!nc)
				fail_msg("action %u: key name \"%s\" unknown to the key map", i + 1, k);
			for (size_t c = 0; c < nc; c++)
				f(&a[i], k, codes[c]);
		}
	}
}

/* Every key works where the table says, in every pane of its set: the
 * map is made from the table, so a failure here is a key that two
 * actions claim in one pane. */
static void key_works(const struct action_info *a, const char *k, int code)
{
	for (int p = 0; p < PANE_KINDS; p++) {
		if (!(a->panes & PANE_BIT(p)))
			continue;
		enum action got = keymap_lookup(code, (enum pane_kind)p);
		if (got != a->id)
			fail_msg("key \"%s\" in pane %d: action %d, the table says %d (a clash)", k, p,
			         (int)got, (int)a->id);
	}
}

static void test_shown_keys_work(void **state)
{
	(void)state;
	each_key(key_works);
}

/* Esc arrives late (and tmux delays it more): no action may need it. */
static void test_esc_has_twin(void **state)
{
	(void)state;
	unsigned n;
	const struct action_info *a = actions_table(&n);
	int seen = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!strstr(a[i].keys, "Esc"))
			continue;
		seen++;
		char buf[64];
		snprintf(buf, sizeof buf, " %s ", a[i].keys);
		char *esc = strstr(buf, " Esc ");
		assert_non_null(esc);
		memmove(esc, esc + 4, strlen(esc + 4) + 1);
		if (strspn(buf, " ") == strlen(buf))
			fail_msg("action %u is bound to Esc alone", i + 1);
	}
	assert_true(seen >= 2);  /* closing the help, cancelling a prompt */
}

static void test_lookup(void **state)
{
	(void)state;
	/* The same key means different things per pane. */
	assert_int_equal(keymap_lookup('k', PANE_TABLE), ACT_UP);
	assert_int_equal(keymap_lookup('k', PANE_TIMELINE), ACT_THREAD_UP);
	assert_int_equal(keymap_lookup('k', PANE_HELP), ACT_UP);
	assert_int_equal(keymap_lookup('j', PANE_DIFF), ACT_DOWN);
	assert_int_equal(keymap_lookup(KEY_DOWN, PANE_TIMELINE), ACT_THREAD_DOWN);
	assert_int_equal(keymap_lookup('\n', PANE_TABLE), ACT_JUMP);
	assert_int_equal(keymap_lookup('\r', PANE_TIMELINE), ACT_PICK);
	assert_int_equal(keymap_lookup(KEY_ENTER, PANE_PROMPT), ACT_ACCEPT);
	assert_int_equal(keymap_lookup(127, PANE_TABLE), ACT_BACK);
	assert_int_equal(keymap_lookup(8, PANE_PROMPT), ACT_ERASE);
	/* '=' zooms in, as listed. */
	assert_int_equal(keymap_lookup('=', PANE_TIMELINE), ACT_ZOOM_IN);
	/* List keys are declared once for every list. */
	assert_int_equal(keymap_lookup(KEY_NPAGE, PANE_HELP), ACT_PGDN);
	assert_int_equal(keymap_lookup('G', PANE_DIFF), ACT_BOTTOM);
	/* Pane keys do not leak into other panes. */
	assert_int_equal(keymap_lookup('g', PANE_TIMELINE), ACT_NONE);
	assert_int_equal(keymap_lookup('w', PANE_TABLE), ACT_NONE);
	assert_int_equal(keymap_lookup('t', PANE_DIFF), ACT_NONE);
	assert_int_equal(keymap_lookup('t', PANE_HELP), ACT_NONE);
	/* q quits from the panes and closes the help. */
	assert_int_equal(keymap_lookup('q', PANE_TABLE), ACT_QUIT);
	assert_int_equal(keymap_lookup('q', PANE_TIMELINE), ACT_QUIT);
	assert_int_equal(keymap_lookup('q', PANE_HELP), ACT_CLOSE);
	assert_int_equal(keymap_lookup(27, PANE_HELP), ACT_CLOSE);
	assert_int_equal(keymap_lookup(7, PANE_PROMPT), ACT_CANCEL);   /* Ctrl-G */
	assert_int_equal(keymap_lookup(3, PANE_TIMELINE), ACT_QUIT);   /* Ctrl-C */
	assert_int_equal(keymap_lookup('Z', PANE_TABLE), ACT_NONE);
	assert_int_equal(keymap_lookup(-1, PANE_TABLE), ACT_NONE);     /* ERR from getch */
	assert_int_equal(keymap_lookup('x', PANE_PROMPT), ACT_NONE);   /* typed text */
	/* A key's name as the table writes it, for "PgDn: a key of ...". */
	char name[32];
	assert_int_equal(keymap_name(KEY_NPAGE, name, sizeof name), 0);
	assert_string_equal(name, "PgDn");
	assert_int_equal(keymap_name('<', name, sizeof name), 0);
	assert_string_equal(name, "<");
	assert_int_equal(keymap_name('\r', name, sizeof name), 0);
	assert_string_equal(name, "Enter");
	assert_int_equal(keymap_name('b', name, sizeof name), -1);     /* no action's */
	/* The threads pane (6): Space marks, Enter scopes, the lists' keys
	 * and sorts work there; Space is nothing elsewhere. */
	assert_int_equal(keymap_lookup('6', PANE_TABLE), ACT_PANE_THREADS);
	assert_int_equal(keymap_lookup('6', PANE_TIMELINE), ACT_PANE_THREADS);
	assert_int_equal(keymap_lookup(' ', PANE_THREADS), ACT_THREAD_MARK);
	assert_int_equal(keymap_lookup('\n', PANE_THREADS), ACT_THREAD_SCOPE);
	assert_int_equal(keymap_lookup('<', PANE_THREADS), ACT_SORT_PREV);
	assert_int_equal(keymap_lookup('j', PANE_THREADS), ACT_DOWN);
	assert_int_equal(keymap_lookup('t', PANE_THREADS), ACT_SCOPE);
	assert_int_equal(keymap_lookup(' ', PANE_TABLE), ACT_NONE);
	assert_int_equal(keymap_name(' ', name, sizeof name), 0);
	assert_string_equal(name, "Space");
	/* x, the call chart, from every pane of a trace. */
	assert_int_equal(keymap_lookup('x', PANE_TABLE), ACT_CHART);
	assert_int_equal(keymap_lookup('x', PANE_TREE), ACT_CHART);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_shape),
		cmocka_unit_test(test_shown_keys_work),
		cmocka_unit_test(test_esc_has_twin),
		cmocka_unit_test(test_lookup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
