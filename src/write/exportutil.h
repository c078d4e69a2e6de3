/* exportutil.h: what the JSON exports (Trace Event, speedscope) share.
 *
 * Frame names: one name per method with a call in the profile, the same in
 * both exports, so a frame reads alike in every viewer. Importers such as
 * speedscope's Trace Event reader tell frames apart by name alone, so two
 * methods never share a name: "Class.method" as the folded export writes
 * it (unescaped here), then, only for methods whose names would collide
 * (overloads), the signature appended ("com.ex.Foo.b(I)I"); if that still
 * collides, " [0x1a2b]" (the method id) too. With sigs every declared
 * method carries its signature. Undeclared methods are "(unknown 0x1a2b)".
 *
 * Ownership: struct exportutil_names owns its buffers; exportutil_names_free
 * releases them (also after a failed build).
 */
#ifndef TV_EXPORTUTIL_H
#define TV_EXPORTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "analyze/profile.h"

struct exportutil_names {
	/* Method m's name as a JSON string literal (quotes included, escaped
	 * like textesc_json) is json[off[m], off[m + 1]); empty for a method
	 * without a call. */
	char *json;
	size_t *off;
};

/* The names of p's methods. 0, or -1 when out of memory. */
int exportutil_names(struct exportutil_names *n, const struct profile *p, int sigs);
void exportutil_names_free(struct exportutil_names *n);

/* p's selected threads (trace thread indices), busiest first: largest CPU
 * span, else wall span; ties by tid. malloc'd, p->nthreads entries; NULL
 * when out of memory. */
uint32_t *exportutil_busiest(const struct profile *p);

/* The earliest first wall timestamp of p's selected threads (absolute µs):
 * wall times are written relative to it. */
uint64_t exportutil_wall_base(const struct profile *p);

/* clock when the trace records it, else the clock it has. */
int exportutil_clock(const struct trace *tr, int clock);

#endif
