/* actions.c: the action table as data, and the docs made from it (see
 * actions.h). */
#include "keys/actions.h"

static const struct action_info actions_tab[] = {
#define ACTION_INFO(id, panes, keys, footer, help) {id, panes, keys, footer, help},
	ACTION_LIST(ACTION_INFO)
#undef ACTION_INFO
};

static const struct {
	unsigned panes;
	const char *title;
} actions_sections[] = {
	{PANES_MAIN, "Anywhere"},
	{PANES_TRACE, "A trace's panes (table, timeline, call trees, flame graph, every call, jank, "
	              "threads, waits)"},
	{PANES_LIST, "Lists (table, diff table, call trees, every call, jank, threads, waits, help)"},
	{PANES_HISTORY, "Table, diff table, call trees and flame graph"},
	{PANES_METHODS, "Table and diff table"},
	{PANES_SORT, "Table, diff table, every call (5), jank (J), the call trees (2, 3) and threads (6): "
	             "sort"},
	{PANES_SHAPE, "Table, call trees and flame graph: transforms of the selected method"},
	{PANES_TL, "Timeline and call chart"},
	{PANES_DIFFS, "The diff screen (--diff): its views"},
	{PANES_TREES, "Call trees (2 top-down, 3 bottom-up; the diff's 2)"},
	{PANES_FLAMES, "Flame graphs (4; the diff's differential 4)"},
	{PANES_ROWS, "Every call (5), jank (J) and waits (7)"},
	{PANES_THREADS, "Threads (6)"},
	{PANES_WAITS, "Waits (7)"},
	{PANES_HELP, "Help"},
	{PANES_PROMPT, "Prompts (find, filter, export)"},
};

const struct action_info *actions_table(unsigned *n)
{
	*n = sizeof actions_tab / sizeof *actions_tab;
	return actions_tab;
}

const struct action_info *actions_info(enum action a)
{
	return &actions_tab[a - 1];
}

unsigned actions_nsections(void)
{
	return sizeof actions_sections / sizeof *actions_sections;
}

const char *actions_section(unsigned i, unsigned *panes)
{
	*panes = actions_sections[i].panes;
	return actions_sections[i].title;
}

void actions_doc(FILE *out, int roff)
{
	unsigned n;
	const struct action_info *a = actions_table(&n);
	for (unsigned s = 0; s < actions_nsections(); s++) {
		unsigned panes;
		const char *title = actions_section(s, &panes);
		if (roff)
			fprintf(out, ".SS %s\n", title);
		else
			fprintf(out, "%s**%s**\n\n| keys | action |\n|---|---|\n", s ? "\n" : "", title);
		for (unsigned i = 0; i < n; i++) {
			if (a[i].panes != panes)
				continue;
			if (roff)
				fprintf(out, ".TP\n.B %s\n%s.\n", a[i].keys, a[i].help);
			else
				fprintf(out, "| `%s` | %s |\n", a[i].keys, a[i].help);
		}
	}
}
