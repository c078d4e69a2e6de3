/* clip.c: OSC 52 and $TRACEVIEW_COPY. */
#include "shell/clip.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char clip_b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Base64 of in[0..n) at out (4 * ceil(n / 3) bytes); the length. */
static size_t clip_base64(const unsigned char *in, size_t n, char *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)in[i] << 16;
		if (i + 1 < n)
			v |= (unsigned)in[i + 1] << 8;
		if (i + 2 < n)
			v |= in[i + 2];
		out[k++] = clip_b64[v >> 18 & 63];
		out[k++] = clip_b64[v >> 12 & 63];
		out[k++] = i + 1 < n ? clip_b64[v >> 6 & 63] : '=';
		out[k++] = i + 2 < n ? clip_b64[v & 63] : '=';
	}
	return k;
}

char *clip_osc52(const char *text, size_t n, int tmux, size_t *len)
{
	if (n > CLIP_MAX)
		n = CLIP_MAX;
	/* tmux passthrough: ESC P tmux; then the sequence with ESC doubled. */
	const char *pre = tmux ? "\033Ptmux;\033\033]52;c;" : "\033]52;c;";
	const char *post = tmux ? "\a\033\\" : "\a";
	size_t cap = strlen(pre) + (n + 2) / 3 * 4 + strlen(post) + 1;
	char *out = malloc(cap);
	if (!out)
		return NULL;
	size_t k = strlen(pre);
	memcpy(out, pre, k);
	k += clip_base64((const unsigned char *)text, n, out + k);
	memcpy(out + k, post, strlen(post) + 1);
	*len = k + strlen(post);
	return out;
}

/* "1.2 KB", "340 bytes". */
static void clip_size(size_t n, char *buf, size_t size)
{
	if (n < 1024)
		snprintf(buf, size, "%zu byte%s", n, n == 1 ? "" : "s");
	else
		snprintf(buf, size, "%.1f KB", (double)n / 1024.0);
}

/* text to cmd's standard input (run by the shell); its exit status. */
static int clip_command(const char *cmd, const char *text, size_t n)
{
	FILE *p = popen(cmd, "w");
	if (!p)
		return -1;
	size_t w = fwrite(text, 1, n, p);
	int st = pclose(p);
	return w == n && st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int clip_write_all(int fd, const char *b, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		b += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The child's side: text from the pipe, nothing on the screen. */
static void clip_tmux_child(int in)
{
	int null = open("/dev/null", O_WRONLY);
	dup2(in, STDIN_FILENO);
	if (null >= 0) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	execlp("tmux", "tmux", "load-buffer", "-w", "-", (char *)NULL);
	_exit(127);
}

/* text to `tmux load-buffer -w -`, run without a shell (the tmux of
 * $TMUX's server): tmux's buffer, and the outer terminal's clipboard
 * where tmux may set it. 0, or -1 when it did not take the text (tmux
 * before 3.2 has no -w). A tmux that exits early must not end the view
 * with SIGPIPE: it is ignored while the text goes. */
static int clip_tmux(const char *text, size_t n)
{
	int fd[2], st = 0;
	if (pipe(fd) < 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[1]);
		clip_tmux_child(fd[0]);
	}
	close(fd[0]);
	struct sigaction ign, old;
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	int wrote = pid > 0 ? clip_write_all(fd[1], text, n) : -1;
	close(fd[1]);
	sigaction(SIGPIPE, &old, NULL);
	while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return pid > 0 && wrote == 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

int clip_copy(const char *text, size_t n, char **seq, size_t *len, char *msg, size_t msgn)
{
	char size[32];
	const char *cmd = getenv("TRACEVIEW_COPY"), *tmux = getenv("TMUX");
	int in_tmux = tmux && *tmux, cut = n > CLIP_MAX;
	*seq = NULL;
	if (cmd && *cmd) {
		n = cut ? CLIP_MAX : n;
		clip_size(n, size, sizeof size);
		if (clip_command(cmd, text, n) < 0) {
			snprintf(msg, msgn, "copy failed: $TRACEVIEW_COPY (%.200s) did not take the text",
			         cmd);
			return -1;
		}
		snprintf(msg, msgn, "sent %s to $TRACEVIEW_COPY%s", size, cut ? " (cut there)" : "");
		return 0;
	}
	if (in_tmux && clip_tmux(text, n) == 0) {  /* tmux takes it whole */
		clip_size(n, size, sizeof size);
		snprintf(msg, msgn, "sent %s to tmux's buffer (tmux load-buffer -w)", size);
		return 0;
	}
	n = cut ? CLIP_MAX : n;
	clip_size(n, size, sizeof size);
	if (!(*seq = clip_osc52(text, n, in_tmux, len))) {
		snprintf(msg, msgn, "copy failed: out of memory");
		return -1;
	}
	snprintf(msg, msgn, "sent %s to the clipboard (OSC 52%s)%s", size,
	         in_tmux ? " through tmux: tmux load-buffer -w failed" : "",
	         cut ? ", cut to 100 KB" : "");
	return 0;
}
