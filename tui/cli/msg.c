/* msg.c: the command line's error lines (see msg.h). */
#include "cli/msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* msg_at()'s place: a config file's line while its value is taken. */
static const char *msg_place;

void msg_at(const char *place)
{
	msg_place = place;
}

const char *msg_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "standard input" : path;
}

void msg_error(const char *file, const struct tv_error *err)
{
	char text[512];
	tv_error_format(err, text, sizeof text);
	fprintf(stderr, "traceview: %s: %s\n", msg_name(file), text);
}

int msg_oom(const char *path)
{
	fprintf(stderr, "traceview: %s: out of memory\n", msg_name(path));
	return MSG_EXIT_INPUT;
}

int msg_usage(const char *fmt, ...)
{
	va_list ap;
	fputs("traceview: ", stderr);
	if (msg_place)
		fprintf(stderr, "%s: ", msg_place);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return MSG_EXIT_INPUT;
}
