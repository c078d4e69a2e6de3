/* catmap.h: each method's category, found once per trace for the panes
 * that colour by category (timeline, call chart, flame graph).
 *
 * A zeroed struct catmap is an empty map. It borrows the trace and the
 * app patterns (they must outlive it) and owns its array (catmap_free()).
 * Out of memory, catmap_of() still answers, only without keeping it.
 */
#ifndef TV_CATMAP_H
#define TV_CATMAP_H

#include <stdint.h>

#include "analyze/category.h"
#include "model/trace.h"
#include "analyze/derive.h"

struct catmap {
	const struct trace *tr;
	const struct derive_glob *app;
	uint32_t napp;
	uint8_t *cat;            /* per method: category + 1, 0 not yet known */
};

/* The trace whose methods are asked for and the app's packages (NULL, 0:
 * none is app); forgets what was known. */
void catmap_set(struct catmap *m, const struct trace *tr, const struct derive_glob *app,
                uint32_t napp);
/* The category of method m of the map's trace (CAT_UNKNOWN out of
 * range), found once and kept. */
enum category catmap_of(struct catmap *m, uint32_t method);
void catmap_free(struct catmap *m);

#endif
