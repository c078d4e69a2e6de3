/* keyhint.c: where a key works (see keyhint.h). */
#include "shell/keyhint.h"

#include <stdio.h>
#include <string.h>

#include "keys/keymap.h"
#include "shell/shell.h"

/* How to get to registry row r's pane: its key, or Tab for the
 * timeline; "" for a pane no key shows. */
static void keyhint_how(const struct registry_row *r, char *buf, size_t n)
{
	buf[0] = '\0';
	if (r->place == REGISTRY_TIMELINE)
		snprintf(buf, n, "Tab");
	else if (r->key != ACT_NONE)
		snprintf(buf, n, "%.*s", (int)strcspn(actions_info(r->key)->keys, " "),
		         actions_info(r->key)->keys);
}

int keyhint_where(const struct ui *u, int ch, char *msg, size_t n)
{
	char key[32], where[400] = "", how[32];
	const char *last = NULL;
	size_t len = 0;
	if (keymap_name(ch, key, sizeof key) < 0)
		return -1;
	for (size_t i = 0; i < u->panes.n && len < sizeof where; i++) {
		const struct pane *p = &u->panes.pane[i];
		const struct registry_row *r = shell_row((int)i);
		if (!p->ops || r->place == REGISTRY_OVERLAY || keymap_lookup(ch, p->ops->kind) == ACT_NONE)
			continue;
		keyhint_how(r, how, sizeof how);
		if (!how[0])
			continue;
		/* Panes of one word share it: "tree (2, 3)". */
		if (last && strcmp(last, r->tab) == 0)
			len += (size_t)snprintf(where + len, sizeof where - len, ", %s", how);
		else
			len += (size_t)snprintf(where + len, sizeof where - len, "%s%s (%s", last ? "), " : "",
			                        r->tab, how);
		last = r->tab;
	}
	if (!last)
		return -1;
	snprintf(msg, n, "%s: a key of the %s)", key, where);
	return 0;
}
