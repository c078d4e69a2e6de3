/* tty.c: the terminal decision (see tty.h). */
#include "cli/tty.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int tty_reads_stdin(const struct request *rq)
{
	return strcmp(rq->path[0], "-") == 0 || (rq->path[1] && strcmp(rq->path[1], "-") == 0);
}

int tty_wants_ui(const struct request *rq)
{
	const char *term = getenv("TERM");
	return !rq->report && isatty(STDOUT_FILENO) &&
	       (isatty(STDIN_FILENO) || tty_reads_stdin(rq)) && term && *term &&
	       strcmp(term, "dumb") != 0;
}

int tty_keys_from_tty(void)
{
	if (isatty(STDIN_FILENO))
		return 0;
	int fd = open("/dev/tty", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return -1;
	int r = dup2(fd, STDIN_FILENO) < 0 ? -1 : 0;
	close(fd);
	clearerr(stdin);
	return r;
}
