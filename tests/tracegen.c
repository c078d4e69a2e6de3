/* tracegen.c: the test trace writer's model and script (see tracegen.h and
 * docs/format.md); tracegen_write.c serialises what they build. */
#include "tracegen.h"
#include "tracegen_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ memory */

static void *tg_grow(void *p, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return p;
	size_t nc = *cap ? *cap * 2 : 16;
	p = realloc(p, nc * size);
	if (!p)
		abort();
	*cap = nc;
	return p;
}

static char *tg_strdup(const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	char *d = malloc(n);
	if (!d)
		abort();
	memcpy(d, s, n);
	return d;
}

/* ------------------------------------------------------------ model */

struct tg *tg_new(void)
{
	struct tg *tg = calloc(1, sizeof *tg);
	if (!tg)
		abort();
	tg->next_auto = 4;
	return tg;
}

void tg_free(struct tg *tg)
{
	if (!tg)
		return;
	for (size_t i = 0; i < tg->nthr; i++)
		free(tg->thr[i].name);
	for (size_t i = 0; i < tg->nmeth; i++) {
		free(tg->meth[i].cls);
		free(tg->meth[i].name);
		free(tg->meth[i].sig);
		free(tg->meth[i].src);
	}
	for (size_t i = 0; i < tg->nsym; i++)
		free(tg->sym[i].sym);
	free(tg->thr);
	free(tg->meth);
	free(tg->sym);
	free(tg->ev);
	free(tg);
}

void tg_thread(struct tg *tg, uint32_t tid, const char *name)
{
	tg->thr = tg_grow(tg->thr, &tg->cthr, tg->nthr, sizeof *tg->thr);
	tg->thr[tg->nthr++] = (struct tg_thr){tid, tg_strdup(name ? name : "")};
}

void tg_method(struct tg *tg, uint64_t id, const char *cls, const char *name,
               const char *sig, const char *source)
{
	tg->meth = tg_grow(tg->meth, &tg->cmeth, tg->nmeth, sizeof *tg->meth);
	tg->meth[tg->nmeth++] = (struct tg_meth){
		id, tg_strdup(cls), tg_strdup(name), tg_strdup(sig), tg_strdup(source), 0};
}

void tg_method_line(struct tg *tg, uint64_t id, int64_t line)
{
	for (size_t i = 0; i < tg->nmeth; i++)
		if (tg->meth[i].id == id)
			tg->meth[i].line = line;
}

void tg_raw(struct tg *tg, uint32_t tid, uint64_t word, uint64_t cpu, uint64_t wall)
{
	tg->ev = tg_grow(tg->ev, &tg->cev, tg->nev, sizeof *tg->ev);
	tg->ev[tg->nev++] = (struct tg_ev){tid, word, cpu, wall};
}

void tg_enter(struct tg *tg, uint32_t tid, uint64_t id, uint64_t cpu, uint64_t wall)
{
	tg_raw(tg, tid, id & ~(uint64_t)3, cpu, wall);
}

void tg_exit(struct tg *tg, uint32_t tid, uint64_t id, uint64_t cpu, uint64_t wall)
{
	tg_raw(tg, tid, (id & ~(uint64_t)3) | 1, cpu, wall);
}

void tg_unroll(struct tg *tg, uint32_t tid, uint64_t id, uint64_t cpu, uint64_t wall)
{
	tg_raw(tg, tid, (id & ~(uint64_t)3) | 2, cpu, wall);
}

size_t tg_nrecords(const struct tg *tg)
{
	return tg->nev;
}

uint64_t tg_id(const struct tg *tg, const char *sym)
{
	for (size_t i = 0; i < tg->nsym; i++)
		if (strcmp(tg->sym[i].sym, sym) == 0)
			return tg->sym[i].id;
	return UINT64_MAX;
}

static int tg_declared(const struct tg *tg, uint64_t id)
{
	for (size_t i = 0; i < tg->nmeth; i++)
		if (tg->meth[i].id == id)
			return 1;
	return 0;
}

static void tg_add_sym(struct tg *tg, const char *sym, uint64_t id)
{
	tg->sym = tg_grow(tg->sym, &tg->csym, tg->nsym, sizeof *tg->sym);
	tg->sym[tg->nsym++] = (struct tg_sym){tg_strdup(sym), id};
}

/* The id of a symbol, declaring it with the next free id when new. */
static uint64_t tg_auto_sym(struct tg *tg, const char *sym)
{
	uint64_t id = tg_id(tg, sym);
	if (id != UINT64_MAX)
		return id;
	while (tg_declared(tg, tg->next_auto))
		tg->next_auto += 4;
	id = tg->next_auto;
	tg->next_auto += 4;
	tg_method(tg, id, "com.example.Test", sym, "()V", "Test.java");
	tg_add_sym(tg, sym, id);
	return id;
}

/* ------------------------------------------------------------ script */

#define TG_MAXTOK 16

static int tg_number(const char *s, uint64_t *v)
{
	if (!isdigit((unsigned char)s[0]))
		return -1;
	char *end;
	*v = strtoull(s, &end, 0);
	return *end ? -1 : 0;
}

/* Splits one statement in place; returns the token count. rest[i] points
 * at the text from token i on (for thread names with spaces). */
static size_t tg_tokens(char *s, char **tok, char **rest)
{
	size_t n = 0;
	while (n < TG_MAXTOK) {
		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		if (!*s)
			break;
		tok[n] = s;
		rest[n] = s;
		n++;
		while (*s && *s != ' ' && *s != '\t' && *s != '\r')
			s++;
		if (*s)
			*s++ = 0;
	}
	return n;
}

static int tg_fail(unsigned lineno, const char *what)
{
	fprintf(stderr, "tg_script: line %u: %s\n", lineno, what);
	return -1;
}

static int tg_stmt_thread(struct tg *tg, char **tok, char **rest, size_t n,
                          char *orig, unsigned lineno)
{
	uint64_t tid;
	if (n < 2 || tg_number(tok[1], &tid) || tid > UINT32_MAX)
		return tg_fail(lineno, "thread TID NAME");
	/* The name is the original text after the tid token, inner spaces kept. */
	char *name = (char *)"";
	if (n >= 3) {
		name = orig + (rest[2] - tok[0]);
		size_t k = strlen(name);
		while (k && (name[k - 1] == ' ' || name[k - 1] == '\t' || name[k - 1] == '\r'))
			name[--k] = 0;
	}
	tg_thread(tg, (uint32_t)tid, name);
	return 0;
}

static int tg_stmt_method(struct tg *tg, char **tok, size_t n, unsigned lineno)
{
	uint64_t id, line = 0;
	if (n < 6 || tg_number(tok[2], &id))
		return tg_fail(lineno, "method SYM ID CLASS NAME SIG [SOURCE [LINE]]");
	const char *src = n >= 7 && strcmp(tok[6], "-") != 0 ? tok[6] : NULL;
	tg_method(tg, id, tok[3], tok[4], tok[5], src);
	if (n >= 8) {
		if (tg_number(tok[7], &line))
			return tg_fail(lineno, "bad line number");
		tg->meth[tg->nmeth - 1].line = (int64_t)line;
	}
	tg_add_sym(tg, tok[1], id);
	return 0;
}

static int tg_stmt_event(struct tg *tg, char **tok, size_t n, unsigned lineno)
{
	uint64_t tid, id, cpu, wall;
	if (n < 4 || n > 5 || tg_number(tok[0], &tid) || tid > UINT32_MAX ||
	    strlen(tok[1]) != 1)
		return tg_fail(lineno, "TID OP M CPU [WALL]");
	if (tg_number(tok[3], &cpu) || (n == 5 && tg_number(tok[4], &wall)))
		return tg_fail(lineno, "bad time");
	if (n == 4)
		wall = cpu;
	if (tg_number(tok[2], &id)) {
		if (tok[1][0] == '*')
			return tg_fail(lineno, "raw word must be a number");
		id = tg_auto_sym(tg, tok[2]);
	}
	uint64_t action;
	switch (tok[1][0]) {
	case '>': action = 0; break;
	case '<': action = 1; break;
	case '!': action = 2; break;
	case '?': action = 3; break;
	case '*': tg_raw(tg, (uint32_t)tid, id, cpu, wall); return 0;
	default: return tg_fail(lineno, "OP is one of > < ! ? *");
	}
	tg_raw(tg, (uint32_t)tid, (id & ~(uint64_t)3) | action, cpu, wall);
	return 0;
}

static int tg_stmt(struct tg *tg, char *stmt, unsigned lineno)
{
	char *hash = strchr(stmt, '#');
	if (hash)
		*hash = 0;
	char *orig = tg_strdup(stmt);
	char *tok[TG_MAXTOK], *rest[TG_MAXTOK];
	size_t n = tg_tokens(stmt, tok, rest);
	int rc = 0;
	if (n == 0)
		rc = 0;
	else if (strcmp(tok[0], "thread") == 0)
		rc = tg_stmt_thread(tg, tok, rest, n, orig + (tok[0] - stmt), lineno);
	else if (strcmp(tok[0], "method") == 0)
		rc = tg_stmt_method(tg, tok, n, lineno);
	else
		rc = tg_stmt_event(tg, tok, n, lineno);
	free(orig);
	return rc;
}

int tg_script(struct tg *tg, const char *script)
{
	char *copy = tg_strdup(script);
	unsigned lineno = 1;
	int rc = 0;
	char *s = copy;
	while (rc == 0 && *s) {
		size_t k = strcspn(s, "\n;");
		char sep = s[k];
		s[k] = 0;
		rc = tg_stmt(tg, s, lineno);
		if (sep == '\n')
			lineno++;
		s += k + (sep ? 1 : 0);
	}
	free(copy);
	return rc;
}
