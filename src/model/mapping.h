/* mapping.h: R8/ProGuard mapping files, to show original names.
 *
 * A mapping holds, per obfuscated class, its original name and its
 * members (obfuscated method name -> original name, original parameter
 * and return types, line ranges). mapping_apply() rewrites a trace's
 * method classes, names and signatures in place (new strings go into the
 * trace's arena), so every view and output shows original names.
 * Overloads that share an obfuscated name are told apart by signature.
 * The mapping owns its memory (mapping_free()).
 *
 * Lines understood: "orig.Class -> obf.Class:" (unindented); indented
 * members "type name -> obf" (fields, counted only) and
 * "[a:b:]ret [q.Class.]name(args)[:n[:n]] -> obf" (methods); '#' comments,
 * of which two JSON metadata ids are used: "sourceFile" (fileName, for the
 * current class) and "com.android.tools.r8.residualsignature" (signature,
 * for the method line just before); blank lines; CRLF; a UTF-8 BOM.
 * A member line before any class line is a warning; members under a
 * malformed class line are skipped (that line carries the warning).
 *
 * Inline frames: consecutive method lines with the same obfuscated name and
 * the same obfuscated line range a:b form one group, innermost first. A
 * trace method is the outermost frame, so only the LAST line of a group is
 * kept; when it is qualified ("com.x.Other.m(...)", a method moved or
 * merged from another class) the trace method's class becomes that
 * qualifier, as retrace reports it. Groups naming the same original method
 * (several ranges of one body) count once.
 *
 * Applying, per declared method whose class (dotted "a.b.C" or Dalvik
 * "a/b/C"; the separator style is kept) is an obfuscated class:
 *  - candidates are the kept frames of that class with the method's name;
 *    the first whose obfuscated descriptor (its residual signature, else its
 *    original types with mapped classes written under their obfuscated
 *    names: "int,com.x.Foo[]" -> "(I[La/b;)") equals the trace's signature
 *    wins, and the signature becomes its original descriptor;
 *  - with no match the first candidate names the method and the signature
 *    is the trace's with mapped classes deobfuscated ("La/b;" ->
 *    "Lcom/x/Foo;"), so two overloads stay distinct;
 *  - no candidate: only the class and the signature's classes change;
 *  - the source file becomes the class's "sourceFile" metadata when the
 *    trace has none, "", "(null)" or R8's "SourceFile".
 * Methods whose class is not in the mapping are left untouched. Metadata
 * values with JSON escapes are ignored. Line numbers are not remapped.
 *
 * One module in two parts, this its public header: mapping_parse.c reads
 * the file, mapping_apply.c looks names up and renames (what they share:
 * mapping_internal.h).
 */
#ifndef TV_MAPPING_H
#define TV_MAPPING_H

#include <stddef.h>
#include <stdint.h>

#include "base/status.h"
#include "model/trace.h"

struct mapping;

/* Parse (buf, len); the bytes are copied. A malformed line is a warning
 * (its line number kept, see mapping_warnings), never a failure;
 * TV_ERR_NOMEM, or TV_ERR_TOO_BIG past 4 GiB. *out is NULL on failure. */
enum tv_status mapping_parse(const char *buf, size_t len, struct mapping **out,
                             struct tv_error *err);
/* Read and parse a file; TV_ERR_IO when it cannot be read. */
enum tv_status mapping_load(const char *path, struct mapping **out, struct tv_error *err);
void mapping_free(struct mapping *m);

/* Malformed lines: count, and the line numbers (1-based) of the first 16
 * (lines and nlines may be NULL). */
size_t mapping_warnings(const struct mapping *m, const size_t **lines, size_t *nlines);

/* Lines parsed: classes, fields, methods (every method line, inline frames
 * included). For tests and verbose output. */
void mapping_stats(const struct mapping *m, size_t *classes, size_t *fields, size_t *methods);

/* Original (dotted) name of an obfuscated class given dotted or with '/';
 * NULL when not mapped. Points into m, not NUL-terminated: *olen bytes. */
const char *mapping_class(const struct mapping *m, const char *obf, size_t len, size_t *olen);

/* Rewrite the trace's names; returns the number of methods changed (class,
 * name, signature or source), or -1 when out of memory (methods done so
 * far stay rewritten). */
int64_t mapping_apply(const struct mapping *m, struct trace *tr);

#endif
