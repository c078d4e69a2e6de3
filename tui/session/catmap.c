/* catmap.c: each method's category, kept (see catmap.h). */
#include "session/catmap.h"

#include <stdlib.h>
#include <string.h>

void catmap_set(struct catmap *m, const struct trace *tr, const struct derive_glob *app,
                uint32_t napp)
{
	free(m->cat);
	m->cat = NULL;
	m->tr = tr;
	m->app = app;
	m->napp = napp;
}

enum category catmap_of(struct catmap *m, uint32_t method)
{
	if (!m->tr || method >= m->tr->nmethods)
		return CAT_UNKNOWN;
	if (!m->cat) {
		m->cat = calloc((size_t)m->tr->nmethods + 1, 1);
		if (!m->cat)
			return category_of(m->tr, method, m->app, m->napp);
	}
	if (!m->cat[method])
		m->cat[method] = (uint8_t)(category_of(m->tr, method, m->app, m->napp) + 1);
	return (enum category)(m->cat[method] - 1);
}

void catmap_free(struct catmap *m)
{
	free(m->cat);
	memset(m, 0, sizeof *m);
}
