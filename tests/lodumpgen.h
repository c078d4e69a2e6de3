/* lodumpgen.h: writes ART's low-overhead and long-running-method dumps
 * byte for byte as docs/format.md ("Low-overhead dumps", "Dumps in ANR
 * reports") describes them, for the tests and the fuzz seeds. Written
 * from that page, not from the reader.
 *
 * Usage: ldg_init(), then blocks (ldg_block(), or ldg_ring() for a ring
 * that wrapped), then any raw bytes (ldg_bytes()), thread and method
 * names (ldg_thread(), ldg_method(); order does not matter), then
 * ldg_finish() for the bytes. Aborts when out of memory.
 */
#ifndef TV_LODUMPGEN_H
#define TV_LODUMPGEN_H

#include <stddef.h>
#include <stdint.h>

enum ldg_layout {
	LDG_RING2024,   /* 2024-09: 8-byte blocks, each newest first, nothing else */
	LDG_TMOL_DEC,   /* TMOL, 8-byte blocks, text trailer, decimal ids, ART thread ids */
	LDG_TMOL_HEX,   /* TMOL, 8-byte blocks, text trailer, 0x ids, Linux tids */
	LDG_TEXT8,      /* 2025-02-18: no magic, 8-byte blocks, text trailer */
	LDG_TEXT12,     /* 2025-02-26: 12-byte blocks, text trailer */
	LDG_PACKETS,    /* 2025-02-27 on: 12-byte blocks, packets */
	LDG_LONG8,      /* 2025-02-20: 8-byte long-running blocks with no flag */
};

enum ldg_mode { LDG_ALL, LDG_LONG };

/* Units of long-running times, by period. */
enum ldg_unit { LDG_TICKS, LDG_US, LDG_NS };

enum ldg_kind { LDG_ENTER, LDG_EXIT, LDG_PLACEHOLDER };

struct ldg_ev {
	enum ldg_kind kind;
	uint64_t method;   /* LDG_ENTER: an ArtMethod* (a multiple of 4) */
	uint64_t t;        /* long-running: the time in the dump's unit */
};

struct ldg {
	enum ldg_layout layout;
	enum ldg_mode mode;
	enum ldg_unit unit;
	uint32_t garbage;          /* what unwritten size fields hold */
	uint8_t *p;                /* the magic and blocks, then raw bytes */
	size_t n, cap;
	uint8_t *threads, *methods; /* the names: trailer lines or packets */
	size_t tn, tcap, mn, mcap;
};

void ldg_init(struct ldg *g, enum ldg_layout layout, enum ldg_mode mode, enum ldg_unit unit);

/* One block of thread tid holding ev[0..n) (oldest first); the 2024-09
 * layout writes it newest first, as ART did. */
void ldg_block(struct ldg *g, uint32_t tid, const struct ldg_ev *ev, size_t n);

/* The ring of an all-methods thread fed ev[0..n) in order, dumped as the
 * writer of the layout dumps it (docs/format.md, "A ring that wrapped");
 * the events the block holds, in its order, go to out (room for 2048;
 * may be NULL) and their count is returned. */
size_t ldg_ring(struct ldg *g, uint32_t tid, const struct ldg_ev *ev, size_t n,
                struct ldg_ev *out);

/* Raw bytes after the blocks (damage: stale memory, zeros). */
void ldg_bytes(struct ldg *g, const void *p, size_t n);

/* A thread's name under id (an ART thread number in LDG_TMOL_DEC). */
void ldg_thread(struct ldg *g, uint32_t id, const char *name);

/* A method's names; src NULL is written "(null)". */
void ldg_method(struct ldg *g, uint64_t id, const char *cls, const char *name, const char *sig,
                const char *src);

/* The dump (malloc'd, *len bytes); g's buffers are released. */
uint8_t *ldg_finish(struct ldg *g, size_t *len);

/* Standard base64 with '=' padding of buf, malloc'd and NUL-terminated. */
char *ldg_base64(const uint8_t *buf, size_t len);

#endif
