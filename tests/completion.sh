#!/bin/sh
# completion.sh: the shells' completions the build writes from the option
# table (docs/cli.md, "Completions"): the bash one sourced in a plain bash
# (no bash-completion package, no extglob) and its function called with
# COMP_WORDS and COMP_CWORD set by hand, as bash would; zsh's and fish's
# checked for syntax, and fish's answers asked of fish, where those shells
# are installed. Every option --help lists is offered.
#
# $TV_COMPLETIONS is the build's completions/ folder, $TRACEVIEW the
# program (both set by the Makefile's AM_TESTS_ENVIRONMENT).
# Exit status: 0 all passed, 1 something failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

dir=${TV_COMPLETIONS:-$(dirname "$TRACEVIEW")/completions}
BASH_FILE=$dir/bash/traceview
ZSH_FILE=$dir/zsh/_traceview
FISH_FILE=$dir/fish/traceview.fish
for f in "$BASH_FILE" "$ZSH_FILE" "$FISH_FILE"; do
	check "the build wrote $f" test -s "$f"
done
for sh in bash zsh fish; do
	case $sh in
	bash) f=$BASH_FILE ;;
	zsh) f=$ZSH_FILE ;;
	*) f=$FISH_FILE ;;
	esac
	"$TRACEVIEW" --completions=$sh >"$tmp/$sh.now"
	check "$sh: the file is what --completions=$sh writes" cmp -s "$tmp/$sh.now" "$f"
done

# A folder of traces: any file is one (ANR traces.txt, a dump without an
# extension), and a folder.
mkdir -p "$tmp/w/sub dir" "$tmp/w/src"
: >"$tmp/w/a.trace"
: >"$tmp/w/traces.txt"
: >"$tmp/w/dump"

# comp WORD...: the candidates _traceview gives for the words, the last
# one being completed, one a line in $tmp/out (sorted), from a plain bash
# run in $tmp/w with a traceview on PATH that leaves a mark if run.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\n: >"%s/ran"\n' "$tmp" >"$tmp/bin/traceview"
chmod +x "$tmp/bin/traceview"
comp() {
	(cd "$tmp/w" && PATH="$tmp/bin:$PATH" bash --norc --noprofile -c '
		source "$0" || exit 9
		shopt -q extglob && exit 8
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		_traceview
		printf "%s\n" "${COMPREPLY[@]}"' "$BASH_FILE" traceview "$@") >"$tmp/raw" 2>"$tmp/err"
	rc=$?
	sort "$tmp/raw" >"$tmp/out"
}
# gives LINE...: the candidates were exactly these (any order).
gives() {
	printf '%s\n' "$@" | sort >"$tmp/want"
	cmp -s "$tmp/out" "$tmp/want" && [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && return 0
	echo "#   got (status $rc): $(tr '\n' ' ' <"$tmp/out") $(cat "$tmp/err")"
	echo "#   want: $(tr '\n' ' ' <"$tmp/want")"
	return 1
}

FORMATS="text csv json folded chrome dump speedscope tree tree-json waits waits-json calls calls-csv calls-json jank jank-json"
# shellcheck disable=SC2086
set -- $FORMATS
comp --format =
check "bash: --format= split at '=' (bash's default): every format" gives "$@"
comp --format = tree
check "bash: --format=tree split: tree, tree-json" gives tree tree-json
comp --format=tr
check "bash: --format=tr as one word: whole words back" gives --format=tree --format=tree-json
comp --format=
# shellcheck disable=SC2086
set -- $(for w in $FORMATS; do echo "--format=$w"; done)
check "bash: --format= as one word: every format" gives "$@"
comp -f js
check "bash: -f js" gives json
comp --format ""
check "bash: --format VALUE as two words" gives $FORMATS
comp --view =
check "bash: --view=" gives table tree bottom-up flame calls jank threads waits
comp --clock = w
check "bash: --clock=w" gives wall
comp --sort = incl
check "bash: --sort=incl" gives incl_cpu incl_wall incl_wait
comp --color=
check "bash: --color=" gives --color=auto --color=always --color=never
comp --theme =
check "bash: --theme=" gives dark light auto
comp --transform = ""
check "bash: --transform= offers the kinds, each with its ':'" \
	gives focus: merge: collapse: rec: drop: app:
comp --thread = ""
check "bash: --thread= offers nothing (names are the trace's)" gives
comp ""
check "bash: a trace: every file and folder" gives "a.trace" "dump" "sub dir" "src" "traces.txt"
comp tr
check "bash: a trace starting tr: traces.txt, no filter by extension" gives traces.txt
comp -o ""
check "bash: -o FILE: files" gives "a.trace" "dump" "sub dir" "src" "traces.txt"
comp --src = s
check "bash: --src=s: folders only" gives "src" "sub dir"
comp --invert -- -
check "bash: after --, a trace even when it starts with -" gives
comp --cl
check "bash: --cl: --clock=" gives --clock=
comp --no
check "bash: --no: --no-config" gives --no-config
check "bash: traceview is never run" test ! -e "$tmp/ran"

# Every option --help lists, and only those, after --.
"$TRACEVIEW" --help | sed -n -e 's/^  -., \(--[a-z-]*=\{0,1\}\).*/\1/p' \
	-e 's/^      \(--[a-z-]*=\{0,1\}\).*/\1/p' | sort >"$tmp/help"
comp --
check "bash: -- offers every option --help lists (with = for a value)" \
	eval 'sort "$tmp/help" | cmp -s - "$tmp/out" && [ "$(wc -l <"$tmp/out")" -gt 25 ]'

check "bash: no bash-completion helper, no extglob, registered with complete -F" \
	eval '! grep -E -q "_init_completion|_filedir|_get_comp_words|extglob|shopt" "$BASH_FILE" &&
		grep -q "^complete -F _traceview traceview$" "$BASH_FILE"'
check "bash: no line but a comment names traceview as a command" \
	eval '! grep -v "^#" "$BASH_FILE" | grep -E -q "\\\$\\(traceview|\`traceview|^[[:space:]]*traceview "'

if command -v zsh >/dev/null 2>&1; then
	check "zsh: the file parses (zsh -n)" zsh -n "$ZSH_FILE"
	check "zsh: #compdef traceview first" eval 'head -n 1 "$ZSH_FILE" | grep -qx "#compdef traceview"'
else
	skipped "zsh: the file parses" "zsh is not installed"
fi
if command -v fish >/dev/null 2>&1; then
	check "fish: the file parses (fish -n)" fish -n "$FISH_FILE"
	# fishc LINE: fish's candidates for LINE, the words only, sorted.
	fishc() {
		(cd "$tmp/w" && fish --no-config -c 'source $argv[1]; complete -C $argv[2]' \
			"$FISH_FILE" "$1") | cut -f 1 | sort >"$tmp/out"
		rc=0
		: >"$tmp/err"
	}
	fishc "traceview --clock="
	check "fish: --clock=" gives --clock=cpu --clock=wall
	fishc "traceview --theme "
	check "fish: --theme THEME" gives dark light auto
	fishc "traceview --transform=me"
	check "fish: --transform=me" gives --transform=merge:
	fishc "traceview --src=s"
	check "fish: --src=s: folders" gives "--src=src/" "--src=sub dir/"
	fishc "traceview t"
	check "fish: a trace: any file" gives traces.txt
else
	skipped "fish: the file parses" "fish is not installed"
fi

clilib_end
