/* keymap.h: default key bindings, looked up per focus.
 *
 * Scope 'G' keys work everywhere; 'T' keys when the table has focus, 'L'
 * keys when the timeline has. The texts people read are in actions.h; a
 * test checks that every action there has a binding here.
 */
#ifndef TV_KEYMAP_H
#define TV_KEYMAP_H

#include "actions.h"

/* Action of key ch (a curses key code) with focus 'T' or 'L'. */
enum action keymap_lookup(int ch, char focus);

/* Does any binding lead to this action? */
int keymap_binds(enum action a);

#endif
