/* copy.c: y and Y (see copy.h). */
#include "shell/copy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "panes/panetext.h"
#include "shell/clip.h"
#include "shell/layout.h"
#include "shell/shell.h"

void copy_text(struct ui *u, int whole)
{
	struct pane *p = shell_focused(u);
	WINDOW *w = layout_win_of(u, p);
	char *text = u->command_shown && !whole ? strdup(u->command)
	             : whole ? panetext_rows(w, 0, getmaxy(w))
	                     : panetext_selected(*p, w, u->ascii);
	if (!text) {
		shell_say(u, "copy failed: out of memory");
		return;
	}
	free(u->clip);
	clip_copy(text, strlen(text), &u->clip, &u->clip_len, u->msg, sizeof u->msg);
	free(text);
}

void copy_flush(struct ui *u)
{
	if (!u->clip)
		return;
	if (isatty(STDOUT_FILENO)) {
		fflush(stdout);
		const char *b = u->clip;
		size_t n = u->clip_len;
		while (n > 0) {
			ssize_t w = write(STDOUT_FILENO, b, n);
			if (w <= 0)
				break;
			b += w;
			n -= (size_t)w;
		}
	}
	free(u->clip);
	u->clip = NULL;
}
