/* srcfind.c: a method's source file under directories (see srcfind.h). */
#include "analyze/srcfind.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/grow.h"

#define SRCFIND_NAMES 2
#define SRCFIND_PATH 4096

struct srcfind_walk {
	struct srcfind *f;
	const char (*names)[256];
	int nnames;
	size_t visits;
	int nomem;
};

static int srcfind_add(struct srcfind *f, const char *path)
{
	if (f->n == SRCFIND_MAX) {
		f->capped = 1;
		return 0;
	}
	if (grow_push((void **)&f->paths, &f->cap, f->n, sizeof *f->paths) < 0)
		return -1;
	if (!(f->paths[f->n] = strdup(path)))
		return -1;
	f->n++;
	return 0;
}

static int srcfind_is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The file names to look for: the trace's (its last path part), else the
 * outer class's name with .java and .kt. Returns how many. */
static int srcfind_names(const char *cls, size_t cls_len, const char *source, size_t source_len,
                         char names[SRCFIND_NAMES][256])
{
	if (source_len) {
		size_t k = source_len;
		while (k > 0 && source[k - 1] != '/')
			k--;
		if (source_len - k == 0 || source_len - k >= 256)
			return 0;
		memcpy(names[0], source + k, source_len - k);
		names[0][source_len - k] = '\0';
		return 1;
	}
	size_t b = cls_len, e;
	while (b > 0 && cls[b - 1] != '/' && cls[b - 1] != '.')
		b--;
	for (e = b; e < cls_len && cls[e] != '$'; e++)
		;
	if (e == b || e - b > 200)
		return 0;
	snprintf(names[0], 256, "%.*s.java", (int)(e - b), cls + b);
	snprintf(names[1], 256, "%.*s.kt", (int)(e - b), cls + b);
	return 2;
}

/* A file name that could leave the directory, or a control byte: no
 * search for it. */
static int srcfind_bad_name(const char *s)
{
	if (!strcmp(s, ".") || !strcmp(s, ".."))
		return 1;
	for (; *s; s++)
		if ((unsigned char)*s < ' ' || *s == '/')
			return 1;
	return 0;
}

static int srcfind_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of dir, sorted, in a malloc'd array (NULL when it cannot be
 * read); *n their count. -1 only when out of memory. */
static int srcfind_list(const char *dir, char ***out, size_t *n)
{
	DIR *d = opendir(dir);
	*out = NULL;
	*n = 0;
	if (!d)
		return 0;
	size_t cap = 0;
	struct dirent *e;
	int rc = 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;  /* ., .., and hidden entries (.git, .gradle) */
		if (grow_push((void **)out, &cap, *n, sizeof **out) < 0 ||
		    !((*out)[*n] = strdup(e->d_name))) {
			rc = -1;
			break;
		}
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof **out, srcfind_cmp);
	return rc;
}

static void srcfind_walk(struct srcfind_walk *w, const char *dir, int depth)
{
	char **ents;
	size_t n;
	if (srcfind_list(dir, &ents, &n) < 0)
		w->nomem = 1;
	for (size_t i = 0; i < n && !w->nomem; i++) {
		char path[SRCFIND_PATH];
		struct stat st;
		if (++w->visits > SRCFIND_VISITS) {
			w->f->capped = 1;
			break;
		}
		if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, ents[i]) >= sizeof path ||
		    lstat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (depth + 1 < SRCFIND_DEPTH)
				srcfind_walk(w, path, depth + 1);
			continue;
		}
		for (int k = 0; k < w->nnames; k++)
			if (strcmp(ents[i], w->names[k]) == 0 && srcfind_is_file(path) &&
			    srcfind_add(w->f, path) < 0)
				w->nomem = 1;
	}
	for (size_t i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
}

/* The next directory of the list: [*at, its end) in buf; 0 when none. */
static int srcfind_next_dir(const char **at, char *buf, size_t n)
{
	while (**at == ':')
		(*at)++;
	if (!**at)
		return 0;
	size_t len = strcspn(*at, ":");
	snprintf(buf, n, "%.*s", (int)(len < n - 1 ? len : n - 1), *at);
	*at += len;
	while (strlen(buf) > 1 && buf[strlen(buf) - 1] == '/')
		buf[strlen(buf) - 1] = '\0';
	return 1;
}

enum tv_status srcfind_find(struct srcfind *f, const char *dirs, const char *cls, size_t cls_len,
                            const char *source, size_t source_len)
{
	char names[SRCFIND_NAMES][256];
	char pkg[SRCFIND_PATH] = "", dir[SRCFIND_PATH], path[SRCFIND_PATH];
	memset(f, 0, sizeof *f);
	int nn = srcfind_names(cls, cls_len, source, source_len, names);
	for (int k = 0; k < nn; k++)
		if (srcfind_bad_name(names[k]))
			nn = 0;
	if (!nn)
		return TV_OK;
	snprintf(f->name, sizeof f->name, "%s", names[0]);
	/* The package path: the class up to its last separator, dots as '/'. */
	size_t plen = cls_len;
	while (plen > 0 && cls[plen - 1] != '/' && cls[plen - 1] != '.')
		plen--;
	if (plen && plen < sizeof pkg) {
		for (size_t i = 0; i < plen; i++)
			pkg[i] = cls[i] == '.' ? '/' : cls[i];
		pkg[plen] = '\0';
		if (strstr(pkg, "../") || pkg[0] == '/')
			pkg[0] = '\0';  /* never outside the directory */
	}
	const char *at = dirs;
	while (srcfind_next_dir(&at, dir, sizeof dir))
		for (int k = 0; k < nn; k++)
			if ((size_t)snprintf(path, sizeof path, "%s/%s%s", dir, pkg, names[k]) < sizeof path &&
			    srcfind_is_file(path) && srcfind_add(f, path) < 0)
				return TV_ERR_NOMEM;
	if (f->n) {
		f->by_package = 1;
		return TV_OK;
	}
	struct srcfind_walk w = {f, (const char (*)[256])names, nn, 0, 0};
	at = dirs;
	while (srcfind_next_dir(&at, dir, sizeof dir) && !w.nomem)
		srcfind_walk(&w, dir, 0);
	return w.nomem ? TV_ERR_NOMEM : TV_OK;
}

void srcfind_free(struct srcfind *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->paths[i]);
	free(f->paths);
	memset(f, 0, sizeof *f);
}
