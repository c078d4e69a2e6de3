/* outfile.c: -o's file written through a temporary one (see outfile.h). */
#define _GNU_SOURCE   /* O_TMPFILE, where the C library has it */

#include "cli/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUTFILE_HOPS 40    /* symlinks followed, as the kernel follows them */
#define OUTFILE_NAMES 100  /* temporary names tried before giving up */

/* A device or a process's file (/dev/full, /dev/stdout, /proc/self/fd/1):
 * written in place, whatever stat() says of it. */
static int outfile_special(const char *path)
{
	return strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0;
}

/* The folder part of path with its '/', malloc'd ("" for none). */
static char *outfile_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	return strndup(path, slash ? (size_t)(slash - path) + 1 : 0);
}

/* path with its symlinks followed one by one (the last may dangle: the
 * file it names is then created); malloc'd, or NULL with errno. */
static char *outfile_resolve(const char *path)
{
	char *cur = strdup(path), link[PATH_MAX];
	for (int hop = 0; cur && hop < OUTFILE_HOPS; hop++) {
		struct stat st;
		if (outfile_special(cur) || lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;   /* a path that cannot be looked at fails at open */
		ssize_t n = readlink(cur, link, sizeof link - 1);
		char *dir = n < 0 ? NULL : outfile_dir(cur), *next = NULL;
		if (dir) {
			link[n] = '\0';
			size_t size = strlen(dir) + (size_t)n + 1;
			if ((next = malloc(size)) != NULL)
				snprintf(next, size, "%s%s", link[0] == '/' ? "" : dir, link);
		}
		free(dir);
		free(cur);
		cur = next;
	}
	if (cur) {
		free(cur);
		errno = ELOOP;
	}
	return NULL;
}

/* The n-th temporary name beside target: ".NAME.tv-PID-N". */
static char *outfile_name(const char *target, unsigned n)
{
	const char *slash = strrchr(target, '/'), *base = slash ? slash + 1 : target;
	size_t size = strlen(target) + 48;
	char *s = malloc(size);
	if (s)
		snprintf(s, size, "%.*s.%s.tv-%ld-%u", (int)(base - target), target, base,
		         (long)getpid(), n);
	return s;
}

/* make(name, ctx) on fresh names beside the target until one is not
 * taken; that name goes to o->tmp. make's result, or -1 with errno. */
static int outfile_claim(struct outfile *o, int (*make)(const char *name, void *ctx), void *ctx)
{
	for (unsigned n = 0; n < OUTFILE_NAMES; n++) {
		char *name = outfile_name(o->target, n);
		if (!name)
			return -1;
		int r = make(name, ctx);
		if (r >= 0) {
			o->tmp = name;
			return r;
		}
		int e = errno;
		free(name);
		errno = e;
		if (e != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

static int outfile_create(const char *name, void *ctx)
{
	(void)ctx;
	return open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
}

/* The unnamed temporary file gets a name once complete. */
static int outfile_link(const char *name, void *ctx)
{
	return linkat(AT_FDCWD, (const char *)ctx, AT_FDCWD, name, AT_SYMLINK_FOLLOW);
}

/* A temporary file in the target's folder (0666 less the umask): unnamed
 * where the system can name it later through /proc, else named. */
static int outfile_temp(struct outfile *o)
{
#ifdef O_TMPFILE
	if (access("/proc/self/fd", X_OK) == 0) {
		char *dir = outfile_dir(o->target);
		if (!dir)
			return -1;
		int fd = open(*dir ? dir : ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
		int e = errno;
		free(dir);
		errno = e;
		/* EISDIR, EOPNOTSUPP, EINVAL: no O_TMPFILE on this system or disk */
		if (fd >= 0 || (e != EISDIR && e != EOPNOTSUPP && e != EINVAL))
			return fd;
	}
#endif
	return outfile_claim(o, outfile_create, NULL);
}

/* The temporary file takes the place of the existing one as it is: its
 * mode, and its owner where that is allowed. */
static int outfile_like(int fd, const struct stat *st)
{
	if (fchown(fd, st->st_uid, st->st_gid) != 0) {
		/* only root may give a file away: the new one stays ours */
	}
	return fchmod(fd, st->st_mode & 07777);
}

static void outfile_free(struct outfile *o)
{
	free(o->target);
	free(o->tmp);
	o->target = o->tmp = NULL;
	o->f = NULL;
}

int outfile_open(struct outfile *o, const char *path)
{
	*o = (struct outfile){stdout, NULL, NULL};
	if (!path)
		return 0;
	struct stat st;
	char *target = outfile_resolve(path);
	if (!target)
		return -1;
	int exists = stat(target, &st) == 0;
	if (outfile_special(target) || (exists && !S_ISREG(st.st_mode))) {
		free(target);
		return (o->f = fopen(path, "w")) ? 0 : -1;
	}
	o->target = target;
	/* a file fopen() could not write is refused as it would refuse it */
	int fd = exists && access(target, W_OK) != 0 ? -1 : outfile_temp(o);
	if (fd >= 0 && (!exists || outfile_like(fd, &st) == 0) && (o->f = fdopen(fd, "w")))
		return 0;
	int e = errno;
	if (fd < 0 && exists && (e == EACCES || e == EPERM) && access(target, W_OK) == 0) {
		/* a folder we may not write in, holding a file we may: in place */
		outfile_free(o);
		return (o->f = fopen(path, "w")) ? 0 : -1;
	}
	if (fd >= 0)
		close(fd);
	if (o->tmp)
		unlink(o->tmp);
	outfile_free(o);
	errno = e;
	return -1;
}

int outfile_close(struct outfile *o, int ok)
{
	int err = 0;
	char proc[32];
	if (fflush(o->f) != 0 || ferror(o->f))
		err = errno ? errno : EIO;
	if (o->f == stdout)
		return err ? (errno = err, -1) : 0;
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fileno(o->f));
	if (ok && !err && o->target && !o->tmp && outfile_claim(o, outfile_link, proc) < 0)
		err = errno;
	if (fclose(o->f) != 0 && !err)
		err = errno;
	if (ok && !err && o->target && rename(o->tmp, o->target) != 0)
		err = errno;
	if (o->tmp && (!ok || err))
		unlink(o->tmp);
	outfile_free(o);
	errno = err;
	return err ? -1 : 0;
}
