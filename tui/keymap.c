/* keymap.c: default key bindings (see keymap.h). */
#include "keymap.h"

#include <curses.h>
#include <stddef.h>

struct keymap_entry {
	int key;
	char scope;
	enum action action;
};

#define CTRL(c) ((c) & 0x1f)

static const struct keymap_entry keymap_table[] = {
	{'?', 'G', ACT_HELP}, {KEY_F(1), 'G', ACT_HELP},
	{'q', 'G', ACT_QUIT}, {CTRL('c'), 'G', ACT_QUIT},
	{'\t', 'G', ACT_FOCUS},
	{'t', 'G', ACT_SCOPE},
	{'c', 'G', ACT_CLOCK},
	{'/', 'G', ACT_FIND}, {'n', 'G', ACT_FIND_NEXT}, {'N', 'G', ACT_FIND_PREV},
	{'W', 'G', ACT_WARNINGS},
	{'e', 'G', ACT_EXPORT},
	{'(', 'G', ACT_SPLIT_UP}, {')', 'G', ACT_SPLIT_DOWN},

	{KEY_UP, 'T', ACT_UP}, {'k', 'T', ACT_UP},
	{KEY_DOWN, 'T', ACT_DOWN}, {'j', 'T', ACT_DOWN},
	{KEY_PPAGE, 'T', ACT_PGUP}, {KEY_NPAGE, 'T', ACT_PGDN},
	{'g', 'T', ACT_TOP}, {KEY_HOME, 'T', ACT_TOP},
	{'G', 'T', ACT_BOTTOM}, {KEY_END, 'T', ACT_BOTTOM},
	{'\n', 'T', ACT_JUMP}, {'\r', 'T', ACT_JUMP}, {KEY_ENTER, 'T', ACT_JUMP},
	{KEY_BACKSPACE, 'T', ACT_BACK}, {127, 'T', ACT_BACK}, {CTRL('h'), 'T', ACT_BACK},
	{'[', 'T', ACT_BACK}, {']', 'T', ACT_FORWARD},
	{'<', 'T', ACT_SORT_PREV}, {'>', 'T', ACT_SORT_NEXT}, {'I', 'T', ACT_SORT_REVERSE},

	{KEY_LEFT, 'L', ACT_PAN_LEFT}, {'a', 'L', ACT_PAN_LEFT},
	{KEY_RIGHT, 'L', ACT_PAN_RIGHT}, {'d', 'L', ACT_PAN_RIGHT},
	{'w', 'L', ACT_ZOOM_IN}, {'+', 'L', ACT_ZOOM_IN}, {'=', 'L', ACT_ZOOM_IN},
	{'s', 'L', ACT_ZOOM_OUT}, {'-', 'L', ACT_ZOOM_OUT},
	{'0', 'L', ACT_FIT_ALL}, {'f', 'L', ACT_FIT_CALL},
	{KEY_UP, 'L', ACT_THREAD_UP}, {'k', 'L', ACT_THREAD_UP},
	{KEY_DOWN, 'L', ACT_THREAD_DOWN}, {'j', 'L', ACT_THREAD_DOWN},
	{'.', 'L', ACT_NEXT_CALL}, {',', 'L', ACT_PREV_CALL},
	{'\n', 'L', ACT_PICK}, {'\r', 'L', ACT_PICK}, {KEY_ENTER, 'L', ACT_PICK},
	{'h', 'L', ACT_CURSOR_LEFT}, {'l', 'L', ACT_CURSOR_RIGHT},
	{KEY_SLEFT, 'L', ACT_CURSOR_LEFT}, {KEY_SRIGHT, 'L', ACT_CURSOR_RIGHT},
};

enum action keymap_lookup(int ch, char focus)
{
	size_t n = sizeof keymap_table / sizeof *keymap_table;
	for (size_t i = 0; i < n; i++)
		if (keymap_table[i].key == ch && keymap_table[i].scope == focus)
			return keymap_table[i].action;
	for (size_t i = 0; i < n; i++)
		if (keymap_table[i].key == ch && keymap_table[i].scope == 'G')
			return keymap_table[i].action;
	return ACT_NONE;
}

int keymap_binds(enum action a)
{
	for (size_t i = 0; i < sizeof keymap_table / sizeof *keymap_table; i++)
		if (keymap_table[i].action == a)
			return 1;
	return 0;
}
