/* mapping_internal.h: what the two parts of the mapping module share:
 * mapping_parse.c reads a mapping file into struct mapping, and
 * mapping_apply.c looks names up in it and renames a trace's methods.
 * mapping.h is the module's public header; nothing but the two parts
 * includes this one.
 *
 * The text is copied once; every name is a slice (offset, length) of that
 * copy. Only what renaming needs is kept: classes, and for methods only the
 * outermost frame of each inline group (inner frames are overwritten as the
 * group goes on). Hash maps are built after parsing: obfuscated class name
 * -> class, original class name -> class, (class, obfuscated method name)
 * -> first candidate. Keys are FNV-1a hashes; every hit is checked against
 * the bytes, and entries with the same key are chained through `next`.
 */
#ifndef TV_MAPPING_INTERNAL_H
#define TV_MAPPING_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/idmap.h"
#include "model/mapping.h"

#define MAPPING_NONE UINT32_MAX
#define MAPPING_WARN_KEEP 16 /* line numbers kept for mapping_warnings() */

struct mapping_slice {
	uint32_t off, len;
};

struct mapping_class_entry {
	struct mapping_slice orig, obf, source; /* source.len 0: none */
	uint32_t next_obf, next_orig;        /* hash chains */
};

struct mapping_member {
	struct mapping_slice obf, qcls, name, args, ret, resid; /* qcls/resid may be empty */
	uint32_t cls;
	uint32_t next;                       /* next candidate with the same key */
	int dead;                            /* duplicate of an earlier candidate */
};

struct mapping {
	char *text;
	size_t len;
	struct mapping_class_entry *classes;
	uint32_t nclasses, ccap;
	struct mapping_member *members;
	uint32_t nmembers, mcap;
	struct idmap by_obf, by_orig, by_member;
	size_t nfields, nmethod_lines;
	size_t nwarn, nwarn_lines;
	size_t warn_lines[MAPPING_WARN_KEEP];
};

static inline int mapping_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Trims blanks on both ends of [*s, *s + *n). */
static inline void mapping_trim(const char **s, size_t *n)
{
	while (*n && mapping_blank(**s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && mapping_blank((*s)[*n - 1]))
		(*n)--;
}

static inline uint64_t mapping_fnv(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

#define MAPPING_FNV_INIT 0xcbf29ce484222325ULL

/* FNV-1a of a class name read with '/' as '.', so both trace forms hash alike. */
static inline uint64_t mapping_hash_class(const char *s, size_t n)
{
	uint64_t h = MAPPING_FNV_INIT;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)(s[i] == '/' ? '.' : s[i]);
		h *= 0x100000001b3ULL;
	}
	return h;
}

static inline uint64_t mapping_hash_member(uint32_t cls, const char *s, size_t n)
{
	return mapping_fnv(MAPPING_FNV_INIT ^ ((uint64_t)cls * 0x9e3779b97f4a7c15ULL), s, n);
}

static inline const char *mapping_ptr(const struct mapping *m, struct mapping_slice s)
{
	return m->text + s.off;
}

static inline int mapping_slice_eq(const struct mapping *m, struct mapping_slice a, struct mapping_slice b)
{
	return a.len == b.len && memcmp(mapping_ptr(m, a), mapping_ptr(m, b), a.len) == 0;
}

#endif
