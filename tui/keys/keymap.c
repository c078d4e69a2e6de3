/* keymap.c: the key map from the action table (see keymap.h). */
#include "keys/keymap.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#define KEYMAP_MAX_CODES 3

size_t keymap_codes(const char *k, int *codes, size_t n)
{
	static const struct {
		const char *name;
		int code[KEYMAP_MAX_CODES];
	} names[] = {
		{"Up", {KEY_UP}}, {"Down", {KEY_DOWN}}, {"Left", {KEY_LEFT}}, {"Right", {KEY_RIGHT}},
		{"Shift-Left", {KEY_SLEFT}}, {"Shift-Right", {KEY_SRIGHT}},
		{"PgUp", {KEY_PPAGE}}, {"PgDn", {KEY_NPAGE}}, {"Home", {KEY_HOME}}, {"End", {KEY_END}},
		{"Enter", {'\n', '\r', KEY_ENTER}}, {"Tab", {'\t'}},
		{"Backspace", {KEY_BACKSPACE, 127, 8}}, {"Esc", {27}}, {"Space", {' '}},
	};
	size_t got = 0;
	if (!n)
		return 0;
	if (k[0] > ' ' && k[0] < 127 && !k[1]) {
		codes[0] = (unsigned char)k[0];
		return 1;
	}
	if (strncmp(k, "Ctrl-", 5) == 0 && k[5] >= 'A' && k[5] <= 'Z' && !k[6]) {
		codes[0] = k[5] & 0x1f;
		return 1;
	}
	if (k[0] == 'F' && k[1] >= '1' && k[1] <= '9' && !k[2]) {
		codes[0] = KEY_F(k[1] - '0');
		return 1;
	}
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		if (strcmp(k, names[i].name) != 0)
			continue;
		for (size_t j = 0; j < KEYMAP_MAX_CODES && names[i].code[j] && got < n; j++)
			codes[got++] = names[i].code[j];
		return got;
	}
	return 0;
}

/* Does the blank-separated list of key names hold a name for ch? The
 * name into out (n > 0 bytes) when it does. */
static int keymap_names_hold(const char *keys, int ch, char *out, size_t n)
{
	char name[32];
	int codes[KEYMAP_MAX_CODES];
	while (*keys) {
		size_t len = strcspn(keys, " ");
		if (len && len < sizeof name) {
			memcpy(name, keys, len);
			name[len] = '\0';
			size_t got = keymap_codes(name, codes, KEYMAP_MAX_CODES);
			for (size_t i = 0; i < got; i++)
				if (codes[i] == ch) {
					snprintf(out, n, "%s", name);
					return 1;
				}
		}
		keys += len;
		while (*keys == ' ')
			keys++;
	}
	return 0;
}

enum action keymap_lookup(int ch, enum pane_kind pane)
{
	unsigned n;
	const struct action_info *a = actions_table(&n);
	if (ch < 0)
		return ACT_NONE;
	char name[32];
	for (unsigned i = 0; i < n; i++)
		if ((a[i].panes & PANE_BIT(pane)) && keymap_names_hold(a[i].keys, ch, name, sizeof name))
			return a[i].id;
	return ACT_NONE;
}

int keymap_name(int ch, char *buf, size_t n)
{
	unsigned na;
	const struct action_info *a = actions_table(&na);
	for (unsigned i = 0; i < na; i++)
		if (keymap_names_hold(a[i].keys, ch, buf, n))
			return 0;
	return -1;
}
