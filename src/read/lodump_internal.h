/* lodump_internal.h: what lodump.c (layouts and blocks), lodump_info.c
 * (the thread and method names after the blocks) and lodump_emit.c (time
 * order, pairing, the records) share. Not for use outside them.
 *
 * Ownership: struct lodump owns its event and block arrays, released by
 * lodump_free(); pointers into buf are the caller's.
 */
#ifndef TV_LODUMP_INTERNAL_H
#define TV_LODUMP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "base/idmap.h"
#include "read/lodump.h"

/* A thread's ring: 2048 slots; the 2024-09 writer dumps all of them, the
 * later ones 2047 (slot 0 never), so a block that full has wrapped. */
#define LODUMP_RING 2048u
/* More events than this in one block is no dump of ART's (its buffers
 * hold 2048 slots; a long-running event takes one or two). */
#define LODUMP_MAX_EVENTS 4096u

enum lodump_mode {
	LODUMP_ALL,      /* "all methods": ring events, no time */
	LODUMP_LONG,     /* long-running: time-and-action, method deltas */
};

/* What follows the blocks. */
enum lodump_tail {
	LODUMP_TAIL_NONE,     /* nothing: the blocks run to the end (2024-09) */
	LODUMP_TAIL_TEXT,     /* "\n*threads\n...*methods\n...*end" */
	LODUMP_TAIL_PACKETS,  /* thread-info (0) and method-info (1) packets */
	LODUMP_TAIL_CUT,      /* the data ends inside a block */
	LODUMP_TAIL_BAD,      /* bytes that are none of these */
};

/* A layout and how far its blocks walk over the bytes. */
struct lodump_shape {
	enum lodump_mode mode;
	unsigned hdr;         /* block header: 8 or 12 bytes */
	int tmol;             /* starts with the "TMOL" magic */
	int reversed;         /* 2024-09: each block holds its newest event first */
	size_t start;         /* first block */
	size_t end;           /* just past the last whole block */
	size_t tail_at;       /* where the trailer or packets start (>= end) */
	enum lodump_tail tail;
	uint64_t blocks;
	uint64_t full;        /* blocks holding a whole ring (wrapped) */
	uint64_t bad;         /* entries that are no ArtMethod* */
};

/* One event. word: an entry's method id (action bits clear), or 1 for an
 * exit (which names no method). v: long-running time-and-action value. */
struct lodump_ev {
	uint64_t word;
	uint64_t v;
	uint64_t off;         /* in the dump's bytes */
};

/* The events [first, first + n) of one block, of thread tid. */
struct lodump_blk {
	uint32_t tid;
	uint32_t order;       /* position in the file */
	size_t first, n;
	uint64_t key;         /* long-running: its first event's value */
};

/* What the names after the blocks said. */
struct lodump_info {
	uint64_t methods;     /* method lines or packets */
	uint64_t threads;     /* thread lines or packets naming a tid */
	int art_ids;          /* text trailer with decimal method ids: its
	                       * *threads lists ART's thread ids */
	struct idmap ids;     /* declared method ids (value 1), when wanted */
};

struct lodump {
	const uint8_t *buf;
	size_t len;
	struct lodump_where where;
	const struct sink *s;
	struct tv_error *err;
	struct lodump_shape sh;
	struct lodump_ev *ev;
	size_t nev, evcap;
	struct lodump_blk *blk;
	size_t nblk, blkcap;
	uint64_t bad_events;  /* entries whose id is no ArtMethod* */
	int ticks_era;        /* long-running with thread names: counter ticks */
	int unrecorded;       /* LODUMP_UNRECORDED was declared */
};

/* The file offset of position pos of the dump (struct lodump_where). */
uint64_t lodump_off(const struct lodump *d, size_t pos);

/* lodump_info.c: the packets at buf[0..len): how many bytes of them form
 * a chain of whole packets from the start (the chain may stop early). */
size_t lodump_packets_len(const uint8_t *buf, size_t len);

/* The text trailer at buf[0..len) ("\n*threads\n" ... "*end"): its length
 * through "*end" (and one LF after it), or 0 when buf does not start one. */
size_t lodump_text_len(const uint8_t *buf, size_t len);

/* Sends the names in buf[0..len) (a trailer of kind tail) to d's sink,
 * and fills info (info->ids only when want_ids). -1 when the sink
 * stopped or memory ran out. */
int lodump_info_read(struct lodump *d, const uint8_t *buf, size_t len, enum lodump_tail tail,
                     int want_ids, struct lodump_info *info);

/* The start of a packet chain that runs exactly to the end of
 * buf[from..len), or len when there is none (long-running dumps whose
 * flushed data went past ART's buffer limit hold garbage before it). */
size_t lodump_packets_find(const uint8_t *buf, size_t len, size_t from);

/* lodump_emit.c: the format, then every thread's events in time order as
 * records (the blocks of a thread sorted by their first time when
 * long-running). 0, or -1 with d->err set. */
int lodump_emit(struct lodump *d);

#endif
