/* complete.c: the shells' completions, from the option table (see
 * complete.h). */
#include "cli/complete.h"

#include <errno.h>
#include <string.h>

#include "base/status.h"
#include "cli/msg.h"
#include "cli/options.h"

/* What a row's value completes to. */
enum complete_kind { COMPLETE_NONE, COMPLETE_WORDS, COMPLETE_FILES, COMPLETE_DIRS, COMPLETE_TEXT };

static enum complete_kind complete_kind(const struct opts_row *r)
{
	if (!r->metavar)
		return COMPLETE_NONE;
	if (r->word)
		return COMPLETE_WORDS;
	return r->path == OPTS_PATH_FILE ? COMPLETE_FILES
	       : r->path == OPTS_PATH_DIRS ? COMPLETE_DIRS
	                                   : COMPLETE_TEXT;
}

/* Whether r's words begin a value that goes on (KIND:ARG, the transform
 * kinds): each is offered with its ':', and no space after it. */
static int complete_open_words(const struct opts_row *r)
{
	return r->word && strchr(r->metavar, ':') != NULL;
}

/* s, inside single quotes, to out: each character in esc after a
 * backslash, a quote as quote says, newlines (the help's lines) as
 * spaces. */
static void complete_escaped(FILE *out, const char *s, const char *esc, const char *quote)
{
	for (; *s; s++) {
		if (*s == '\n')
			fputc(' ', out);
		else if (*s == '\'')
			fputs(quote, out);
		else
			fprintf(out, "%s%c", strchr(esc, *s) ? "\\" : "", *s);
	}
}

/* r's words, space-separated, each with colon after it when they go on
 * (complete_open_words()). */
static void complete_words(FILE *out, const struct opts_row *r, const char *colon)
{
	const char *w, *more = complete_open_words(r) ? colon : "";
	for (unsigned i = 0; (w = r->word(i)) != NULL; i++)
		fprintf(out, "%s%s%s", i ? " " : "", w, more);
}

/* A quote inside a single-quoted word: sh's and zsh's way, and fish's. */
#define COMPLETE_SH_QUOTE "'\\''"
#define COMPLETE_FISH_QUOTE "\\'"

/* ------------------------------------------------------------ bash */

static const char complete_bash_head[] =
	"# bash completion for traceview(1), written from its option table by\n"
	"# `traceview --completions=bash`: do not edit, the build writes it again.\n"
	"# It needs nothing of the bash-completion package: source it, or install\n"
	"# it as $(datadir)/bash-completion/completions/traceview.\n"
	"\n"
	"# _traceview_files -f|-d WORD: the files (or directories) WORD starts.\n"
	"_traceview_files()\n"
	"{\n"
	"\tcompopt -o filenames 2>/dev/null\n"
	"\tmapfile -t COMPREPLY < <(compgen \"$1\" -- \"$2\")\n"
	"}\n"
	"\n"
	"# _traceview_values OPTION WORD: OPTION's values that WORD starts;\n"
	"# status 1 when OPTION takes no value.\n"
	"_traceview_values()\n"
	"{\n"
	"\tcase $1 in\n";

static const char complete_bash_body[] =
	"\t*) return 1 ;;\n"
	"\tesac\n"
	"\treturn 0\n"
	"}\n"
	"\n"
	"_traceview()\n"
	"{\n"
	"\tlocal IFS=$' \\t\\n' cur=${COMP_WORDS[COMP_CWORD]} prev= opt i\n"
	"\t[ \"$COMP_CWORD\" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
	"\tCOMPREPLY=()\n"
	"\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	"\t\tif [ \"${COMP_WORDS[i]}\" = -- ]; then\t# traces only, after --\n"
	"\t\t\t_traceview_files -f \"$cur\"\n"
	"\t\t\treturn 0\n"
	"\t\tfi\n"
	"\tdone\n"
	"\tcase $cur in\n"
	"\t--*=*)\t# --format=VALUE, one word: '=' is not in COMP_WORDBREAKS\n"
	"\t\topt=${cur%%=*}\n"
	"\t\t_traceview_values \"$opt\" \"${cur#*=}\" && COMPREPLY=(\"${COMPREPLY[@]/#/$opt=}\")\n"
	"\t\treturn 0 ;;\n"
	"\t=)\t# --format= split at '=': no value typed yet\n"
	"\t\t_traceview_values \"$prev\" \"\"\n"
	"\t\treturn 0 ;;\n"
	"\tesac\n"
	"\tif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -gt 1 ]; then\t# --format = VALUE\n"
	"\t\t_traceview_values \"${COMP_WORDS[COMP_CWORD-2]}\" \"$cur\"\n"
	"\t\treturn 0\n"
	"\tfi\n"
	"\t_traceview_values \"$prev\" \"$cur\" && return 0\t# --format VALUE, -f VALUE\n"
	"\tcase $cur in\n"
	"\t-*)\n";

static const char complete_bash_tail[] =
	"\t\tcase ${#COMPREPLY[@]}:${COMPREPLY[0]} in 1:*=) compopt -o nospace 2>/dev/null ;; esac\n"
	"\t\treturn 0 ;;\n"
	"\tesac\n"
	"\t_traceview_files -f \"$cur\"\n"
	"}\n"
	"complete -F _traceview traceview\n";

/* One case of _traceview_values: r's names, then what its value is. */
static void complete_bash_values(FILE *out, const struct opts_row *r)
{
	fputc('\t', out);
	if (r->letter)
		fprintf(out, "-%c|", r->letter);
	fprintf(out, "--%s) ", r->name);
	switch (complete_kind(r)) {
	case COMPLETE_WORDS:
		fputs("COMPREPLY=($(compgen -W '", out);
		complete_words(out, r, ":");
		fputs("' -- \"$2\"))", out);
		if (complete_open_words(r))
			fputs("; compopt -o nospace 2>/dev/null", out);
		break;
	case COMPLETE_FILES:
		fputs("_traceview_files -f \"$2\"", out);
		break;
	case COMPLETE_DIRS:
		fputs("_traceview_files -d \"$2\"", out);
		break;
	default:
		fputs("COMPREPLY=()", out);
		break;
	}
	fputs(" ;;\n", out);
}

static void complete_bash(FILE *out, const struct opts_row *rows, unsigned n)
{
	fputs(complete_bash_head, out);
	for (unsigned i = 0; i < n; i++)
		if (rows[i].help && rows[i].metavar)
			complete_bash_values(out, &rows[i]);
	fputs(complete_bash_body, out);
	fputs("\t\tCOMPREPLY=($(compgen -W '", out);
	for (unsigned i = 0, k = 0; i < n; i++)
		if (rows[i].help)
			fprintf(out, "%s--%s%s", k++ ? " " : "", rows[i].name, rows[i].metavar ? "=" : "");
	fputs("' -- \"$cur\"))\n", out);
	fputs(complete_bash_tail, out);
}

/* ------------------------------------------------------------ zsh */

/* One spec of _arguments for the name form (-f+ or --format=) of r. */
static void complete_zsh_spec(FILE *out, const struct opts_row *r, const char *form)
{
	/* '*': offered again once given (the repeatable ones, and getopt's
	 * last-one-wins for the rest) */
	fprintf(out, "  '*%s[", form);
	complete_escaped(out, r->help, "[]\\", COMPLETE_SH_QUOTE);
	fputc(']', out);
	enum complete_kind k = complete_kind(r);
	if (k != COMPLETE_NONE) {
		fputc(':', out);
		complete_escaped(out, r->metavar, ":\\", COMPLETE_SH_QUOTE);
		fputc(':', out);
	}
	/* words that go on are added with no space after them (a ':' in a
	 * spec is quoted) */
	if (k == COMPLETE_WORDS && complete_open_words(r)) {
		fputs("{compadd -S \"\" - ", out);
		complete_words(out, r, "\\:");
		fputc('}', out);
	} else if (k == COMPLETE_WORDS) {
		fputc('(', out);
		complete_words(out, r, "");
		fputc(')', out);
	}
	fputs(k == COMPLETE_FILES ? "_files" : k == COMPLETE_DIRS ? "_files -/"
	                                     : k == COMPLETE_TEXT ? " " : "", out);
	fputs("' \\\n", out);
}

static void complete_zsh(FILE *out, const struct opts_row *rows, unsigned n)
{
	char form[64];
	fputs("#compdef traceview\n"
	      "# zsh completion for traceview(1), written from its option table by\n"
	      "# `traceview --completions=zsh`: do not edit, the build writes it again.\n"
	      "# Install it as $(datadir)/zsh/site-functions/_traceview.\n"
	      "\n"
	      "_arguments -s -S \\\n", out);
	for (unsigned i = 0; i < n; i++) {
		const struct opts_row *r = &rows[i];
		if (!r->help)
			continue;
		if (r->letter) {
			snprintf(form, sizeof form, "-%c%s", r->letter, r->metavar ? "+" : "");
			complete_zsh_spec(out, r, form);
		}
		snprintf(form, sizeof form, "--%s%s", r->name, r->metavar ? "=" : "");
		complete_zsh_spec(out, r, form);
	}
	fputs("  '*:trace:_files'\n", out);
}

/* ------------------------------------------------------------ fish */

/* The directories the value typed starts (fish puts back "--src=" of
 * its token itself). */
#define COMPLETE_FISH_DIRS \
	"'(__fish_complete_directories (commandline -ct | string replace -r -- \"^--[^=]*=\" \"\"))'"

static void complete_fish(FILE *out, const struct opts_row *rows, unsigned n)
{
	fputs("# fish completion for traceview(1), written from its option table by\n"
	      "# `traceview --completions=fish`: do not edit, the build writes it again.\n"
	      "# Install it as $(datadir)/fish/vendor_completions.d/traceview.fish.\n"
	      "# The traces are files, fish's own completion of arguments.\n", out);
	for (unsigned i = 0; i < n; i++) {
		const struct opts_row *r = &rows[i];
		enum complete_kind k = complete_kind(r);
		if (!r->help)
			continue;
		fputs("complete -c traceview", out);
		if (r->letter)
			fprintf(out, " -s %c", r->letter);
		fprintf(out, " -l %s", r->name);
		if (k == COMPLETE_WORDS) {
			fputs(" -x -a '", out);
			complete_words(out, r, ":");
			fputc('\'', out);
		}
		fputs(k == COMPLETE_FILES ? " -r -F" : k == COMPLETE_DIRS
		                                       ? " -x -a " COMPLETE_FISH_DIRS
		                                       : k == COMPLETE_TEXT ? " -x" : "", out);
		fputs(" -d '", out);
		complete_escaped(out, r->help, "\\", COMPLETE_FISH_QUOTE);
		fputs("'\n", out);
	}
}

/* ------------------------------------------------------------ the shells */

static const struct {
	const char *name;
	void (*write)(FILE *out, const struct opts_row *rows, unsigned n);
} complete_shells[] = {{"bash", complete_bash}, {"zsh", complete_zsh}, {"fish", complete_fish}};

#define COMPLETE_NSHELLS (sizeof complete_shells / sizeof complete_shells[0])

int complete_write(FILE *out, const char *shell)
{
	unsigned n;
	const struct opts_row *rows = opts_table(&n);
	char names[64] = "";
	for (size_t i = 0; i < COMPLETE_NSHELLS; i++) {
		size_t k = strlen(names);
		snprintf(names + k, sizeof names - k, "%s%s", i ? ", " : "", complete_shells[i].name);
		if (strcmp(shell, complete_shells[i].name) != 0)
			continue;
		complete_shells[i].write(out, rows, n);
		if (fflush(out) == 0 && !ferror(out))
			return 0;
		fprintf(stderr, "traceview: standard output: %s: %s\n", tv_status_str(TV_ERR_OUTPUT),
		        strerror(errno));
		return MSG_EXIT_OUTPUT;
	}
	return msg_usage("unknown --completions shell '%s' (expected %s)", shell, names);
}
