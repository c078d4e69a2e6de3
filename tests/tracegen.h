/* tracegen.h: writes small Android method traces for tests (docs/format.md).
 *
 * A struct tg holds a compact description (threads, methods, records in
 * file order); tg_write() serialises it as any family, header version and
 * revision, byte for byte as docs/format.md describes, including the writer
 * quirks tests need (CRLF keys, id print styles, the 0xF2 14-byte bug...).
 *
 * Times are given in µs as the records should carry them (V1 writes the low
 * 32 bits; V2 revision (d) multiplies by 1000 unless told otherwise).
 * Record thread ids are truncated to the record's width when written (u1 in
 * header version 1, u2 in versions 2/3 and V1 streaming), so a thread
 * declared as 70000 appears as 4464 in records and 70000 in *threads.
 *
 * Script syntax (tg_script): statements separated by newlines or ';',
 * '#' starts a comment, tokens separated by blanks.
 *
 *   thread TID NAME...              a thread line; NAME is the rest (spaces ok)
 *   method SYM ID CLASS NAME SIG [SOURCE [LINE]]
 *                                   declare a method, SYM names it in events;
 *                                   '-' for SOURCE means none
 *   TID > M CPU [WALL]              enter (action 0)
 *   TID < M CPU [WALL]              exit (action 1)
 *   TID ! M CPU [WALL]              unroll (action 2)
 *   TID ? M CPU [WALL]              action 3
 *   TID * WORD CPU [WALL]           raw method word (id | action)
 *
 * M is a number (decimal or 0x hex: that method id, never declared, so it
 * is an "unknown method") or a symbol. A symbol not declared with `method`
 * is declared on first use as com.example.Test.SYM ()V Test.java with the
 * next free id (multiples of 4 from 0x4). With one time, WALL = CPU.
 * Example: "1 > A 0 10\n1 > B 5 20\n1 < B 15 40\n1 < A 20 50\n".
 *
 * Ownership: tg_new() returns a tg owned by the caller (tg_free()); the
 * strings given to it are copied. Allocation failure aborts (test code).
 * tg_write*() return 0, or -1 with a message on stderr when the options
 * make no sense (e.g. revision (a) with an id that is not a multiple of 4).
 */
#ifndef TV_TRACEGEN_H
#define TV_TRACEGEN_H

#include <stddef.h>
#include <stdint.h>

struct tg;

enum tg_family {
	TG_V1 = 0,      /* key section + SLOW header + records (versions 1-3) */
	TG_V1_STREAM,   /* 0xF1-0xF3: header, records and packets, summary */
	TG_V2,          /* versions 4/5, streaming with .streaming = 1 */
};

enum tg_clock {
	TG_CLOCK_AUTO = 0,   /* v3/v5: dual; v1/v2/v4: thread-cpu */
	TG_CLOCK_NONE,       /* no clock= line (records as for AUTO) */
	TG_CLOCK_THREAD_CPU,
	TG_CLOCK_WALL,
	TG_CLOCK_GLOBAL,
	TG_CLOCK_DUAL,
};

enum tg_line_shape {
	TG_LINE_ART5 = 0,    /* id class name sig source */
	TG_LINE_DALVIK6,     /* id class name sig source line */
	TG_LINE_4,           /* id class name sig */
	TG_LINE_2,           /* id class.name (or class alone when no name) */
};

enum tg_id_style {
	TG_ID_HASHX = 0,     /* %#x: 0x4, but plain 0 for id 0 (ART 8+) */
	TG_ID_08X,           /* 0x%08x (Dalvik) */
	TG_ID_P,             /* %p-like: 0x4, 0x0 (bionic) */
	TG_ID_NIL,           /* %p with glibc: 0x4, (nil) for 0 */
};

enum tg_tid_style {
	TG_TID_FULL = 0,     /* thread lines/packets show the id as declared */
	TG_TID_TRUNC,        /* truncated to the record width, as in records */
};

enum tg_v2_rev {
	TG_REV_C = 0,        /* 2024-06b: u3 count, u4 size, µs */
	TG_REV_D,            /* 2025: as (c) in ns, elapsed-time-nsec */
	TG_REV_B,            /* 2024-06a: u8 first value, deltas to previous */
	TG_REV_A,            /* 2024-02: u4 first value, deltas to first,
	                        u4 method index in method infos */
};

struct tg_opts {
	enum tg_family family;
	unsigned version;        /* 1-3 (V1), 4-5 (V2); 0 = 3 for V1, 5 for V2 */
	int streaming;           /* V2 only: 0xF4/0xF5 */
	enum tg_clock clock;
	uint64_t start_time;     /* header start time, stored as is (never scaled) */
	unsigned key_version;    /* number after *version; 0 = the header's */

	/* Key section / summary text. */
	int crlf;                /* key lines end with CR LF (V1 key only) */
	enum tg_line_shape shape;
	enum tg_id_style id_style;
	enum tg_tid_style tid_style;
	int overflow;            /* data-file-overflow=true */
	const char *vm;          /* vm= value; NULL = "art" */
	const char *extra_keys;  /* raw lines (each ending in \n) after the options */
	int has_num_calls;       /* write num_calls instead of the record count */
	uint64_t num_calls;
	int no_elapsed;          /* omit elapsed-time-* */

	/* V1 binary header. */
	unsigned data_offset;    /* 0 = 32; 16 = dmtracedump's short header
	                            (record size field only when >= 18) */
	unsigned record_size;    /* v3/streaming stored size; 0 = natural;
	                            larger pads each record with zero bytes */

	/* V1 streaming. */
	int no_summary;          /* no 0x03 summary packet */
	int summary_no_threads;  /* summary *threads section left empty */
	int summary_methods;     /* summary *methods lists every method */
	int stride14_bug;        /* 0xF2: header says 10, records are 14 (§6.3) */

	/* V2. */
	enum tg_v2_rev rev;
	unsigned time_mult;      /* record time scale; 0 = 1000 for (d), else 1 */
	unsigned block_events;   /* max events per entry block; 0 = one per thread */

	/* Damage applied to the final buffer (the data buffer of a pair). */
	int truncate;            /* keep only truncate_at bytes */
	size_t truncate_at;
	size_t drop_tail;        /* then drop this many bytes from the end */
};

struct tg *tg_new(void);
void tg_free(struct tg *tg);

/* A *threads line / thread packet. */
void tg_thread(struct tg *tg, uint32_t tid, const char *name);
/* A *methods line / method packet; NULL fields are written empty.
 * Declaring the same id twice writes two lines. */
void tg_method(struct tg *tg, uint64_t id, const char *cls, const char *name,
               const char *sig, const char *source);
/* The Dalvik line number of method id (6-field lines); default 0. */
void tg_method_line(struct tg *tg, uint64_t id, int64_t line);

/* Records, appended in file order. */
void tg_enter(struct tg *tg, uint32_t tid, uint64_t id, uint64_t cpu, uint64_t wall);
void tg_exit(struct tg *tg, uint32_t tid, uint64_t id, uint64_t cpu, uint64_t wall);
void tg_unroll(struct tg *tg, uint32_t tid, uint64_t id, uint64_t cpu, uint64_t wall);
void tg_raw(struct tg *tg, uint32_t tid, uint64_t word, uint64_t cpu, uint64_t wall);

/* Runs a script (syntax above). 0, or -1 with "line N: ..." on stderr. */
int tg_script(struct tg *tg, const char *script);
/* Id of a script symbol (declared or auto), or UINT64_MAX when unknown. */
uint64_t tg_id(const struct tg *tg, const char *sym);
/* Number of records so far. */
size_t tg_nrecords(const struct tg *tg);

/* One file in a malloc'd buffer (caller frees). o NULL = defaults
 * (V1 version 3 dual). */
int tg_write(const struct tg *tg, const struct tg_opts *o, uint8_t **buf, size_t *len);
/* V1 as a NAME.key text and a NAME.data part (two malloc'd buffers). */
int tg_write_pair(const struct tg *tg, const struct tg_opts *o,
                  uint8_t **key, size_t *keylen, uint8_t **data, size_t *datalen);
/* tg_write() to a file; tg_write_pair() to BASE.key and BASE.data. */
int tg_write_file(const struct tg *tg, const struct tg_opts *o, const char *path);
int tg_write_pair_files(const struct tg *tg, const struct tg_opts *o, const char *base);

#endif
