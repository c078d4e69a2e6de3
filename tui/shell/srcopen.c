/* srcopen.c: the editor on a file (see srcopen.h). */
#include "shell/srcopen.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define SO_WORDS 32

static const char *srcopen_editor(void)
{
	const char *e = getenv("VISUAL");
	if (!e || !*e)
		e = getenv("EDITOR");
	return e && *e ? e : "vi";
}

int srcopen_run(const char *path, int64_t line, char *msg, size_t n)
{
	char words[1024], plus[32];
	char *argv[SO_WORDS + 3];
	int argc = 0;
	snprintf(words, sizeof words, "%s", srcopen_editor());
	for (char *w = strtok(words, " \t"); w && argc < SO_WORDS; w = strtok(NULL, " \t"))
		argv[argc++] = w;
	if (!argc) {
		snprintf(msg, n, "no editor: set $VISUAL or $EDITOR");
		return -1;
	}
	if (line > 0) {
		snprintf(plus, sizeof plus, "+%lld", (long long)line);
		argv[argc++] = plus;
	}
	argv[argc++] = (char *)path;
	argv[argc] = NULL;
	/* As system() does: a Ctrl-C meant for the editor must not end the
	 * view meanwhile; the editor gets the default dispositions back. */
	struct sigaction ign, old_int, old_quit;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	pid_t pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	int st = 0, err = pid < 0 ? errno : 0;
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	if (pid < 0) {
		snprintf(msg, n, "cannot start %s: %s", argv[0], strerror(err));
		return -1;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
		snprintf(msg, n, "cannot run %s (set $VISUAL or $EDITOR)", argv[0]);
		return -1;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		snprintf(msg, n, "%s exited with status %d", argv[0],
		         WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
		return -1;
	}
	snprintf(msg, n, "edited %s", path);
	return 0;
}
