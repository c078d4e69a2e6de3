/* actions.c: the action table as data (see actions.h). */
#include "actions.h"

static const struct action_info actions_info[] = {
#define ACTION_INFO(id, scope, keys, help) {id, scope, keys, help},
	ACTION_LIST(ACTION_INFO)
#undef ACTION_INFO
};

const struct action_info *actions_table(unsigned *n)
{
	*n = sizeof actions_info / sizeof *actions_info;
	return actions_info;
}
