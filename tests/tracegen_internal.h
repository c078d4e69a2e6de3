/* tracegen_internal.h: the description a struct tg holds, shared by
 * tracegen.c (building it: the model and the script) and tracegen_write.c
 * (serialising it). Only those two include it. */
#ifndef TV_TRACEGEN_INTERNAL_H
#define TV_TRACEGEN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tracegen.h"

struct tg_thr {
	uint32_t tid;
	char *name;
};

struct tg_meth {
	uint64_t id;
	char *cls, *name, *sig, *src;
	int64_t line;
};

struct tg_sym {
	char *sym;
	uint64_t id;
};

struct tg_ev {
	uint32_t tid;
	uint64_t word, cpu, wall;
};

struct tg {
	struct tg_thr *thr;
	size_t nthr, cthr;
	struct tg_meth *meth;
	size_t nmeth, cmeth;
	struct tg_sym *sym;
	size_t nsym, csym;
	struct tg_ev *ev;
	size_t nev, cev;
	uint64_t next_auto;
};

#endif
