#!/bin/sh
# cli_config.sh: black-box tests of the config file (docs/cli.md, "The
# config file"): where it is found, what its lines may say, that the
# command line wins over it, that its options never warn, that a bad line
# is one error naming its place, and --theme and --completions on the
# command line.
#
# Runs $TRACEVIEW (set by the Makefile's AM_TESTS_ENVIRONMENT) on a trace
# written here byte by byte (clilib.sh) with the config files written
# here; every other test reads none (TRACEVIEW_CONFIG=/dev/null).
# Exit status: 0 all passed, 1 something failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# Thread 1 main: A [0,100] cpu / [0,200] wall holding B [10,30] /
# [20,50]; thread 2 worker: B [0,5] / [0,10]. Folded on the wall clock:
# A's own 200 - 30 = 170, B under it 30, worker's B 10; on CPU 100 - 20 =
# 80, 20 and 5.
{
	abc_head 1 main 2 worker
	rec 1 4 0 0; rec 1 8 10 20; rec 1 9 30 50; rec 1 5 100 200
	rec 2 8 0 0; rec 2 9 5 10
} >"$tmp/t.trace"
T=$tmp/t.trace
printf 'com.example.A.run 170\ncom.example.A.run;com.example.B.work 30\ncom.example.B.work 10\n' \
	>"$tmp/wall.folded"
printf 'com.example.A.run 80\ncom.example.A.run;com.example.B.work 20\ncom.example.B.work 5\n' \
	>"$tmp/cpu.folded"
printf 'com.example.B.work 10\n' >"$tmp/worker.folded"
printf 'com.example.B.work 5\n' >"$tmp/worker5.folded"

home=$tmp/home
xdg=$tmp/xdg
mkdir -p "$home/.config/traceview" "$xdg/traceview"
# runc VAR=VALUE... -- ARGS...: traceview ARGS in an environment whose
# config file is found from HOME ($home) and XDG_CONFIG_HOME alone
# (TRACEVIEW_CONFIG unset), plus the variables given; as run() does.
runc() {
	seen=
	for a in "$@"; do
		shift
		if [ "$a" = -- ] && [ -z "$seen" ]; then
			set -- "$@" "$TRACEVIEW"
			seen=1
		else
			set -- "$@" "$a"
		fi
	done
	env -u TRACEVIEW_CONFIG -u XDG_CONFIG_HOME HOME="$home" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}
# cfg FILE LINE...: FILE holds these lines.
cfg() {
	f=$1
	shift
	printf '%s\n' "$@" >"$f"
}
out_is() { cmp -s "$tmp/out" "$1" || { echo "#   stdout:"; sed 's/^/#   /' "$tmp/out"; return 1; }; }
quiet() { [ ! -s "$tmp/err" ] || { echo "#   stderr: $(cat "$tmp/err")"; return 1; }; }

# ---------------------------------------------------------------- where it is

runc -- -f folded "$T"
check "no config file anywhere: wall, the default" eval 'status_is 0 && out_is "$tmp/wall.folded" && quiet'

cfg "$home/.config/traceview/config" 'clock = cpu'
runc -- -f folded "$T"
check "~/.config/traceview/config is read: clock = cpu" \
	eval 'status_is 0 && out_is "$tmp/cpu.folded" && quiet'

cfg "$xdg/traceview/config" 'clock = wall'
cfg "$home/.config/traceview/config" 'clock = cpu'
runc XDG_CONFIG_HOME="$xdg" -- -f folded --clock=cpu "$T"
check "the command line wins over the file" out_is "$tmp/cpu.folded"
cfg "$xdg/traceview/config" 'clock = cpu'
cfg "$home/.config/traceview/config" 'clock = wall'
runc XDG_CONFIG_HOME="$xdg" -- -f folded "$T"
check "\$XDG_CONFIG_HOME/traceview/config comes before ~/.config" out_is "$tmp/cpu.folded"
runc XDG_CONFIG_HOME=relative/dir -- -f folded "$T"
check "a relative XDG_CONFIG_HOME is ignored: ~/.config's" out_is "$tmp/wall.folded"

cfg "$tmp/named" 'clock = cpu'
runc XDG_CONFIG_HOME="$xdg" TRACEVIEW_CONFIG="$tmp/named" -- -f folded "$T"
cfg "$xdg/traceview/config" 'clock = blue'
check "TRACEVIEW_CONFIG names the file, before the others" out_is "$tmp/cpu.folded"
runc XDG_CONFIG_HOME="$xdg" TRACEVIEW_CONFIG= -- -f folded "$T"
check "an empty TRACEVIEW_CONFIG: no file read" eval 'status_is 0 && out_is "$tmp/wall.folded"'
runc XDG_CONFIG_HOME="$xdg" -- --no-config -f folded "$T"
check "--no-config: no file read (a bad one ignored)" eval 'status_is 0 && out_is "$tmp/wall.folded" && quiet'
runc TRACEVIEW_CONFIG="$tmp/missing" -- -f folded "$T"
check "a missing file TRACEVIEW_CONFIG names: exit 2" status_is 2
check "a missing file TRACEVIEW_CONFIG names: one line" \
	stderr_is "traceview: $tmp/missing: cannot read the config file: No such file or directory"
runc TRACEVIEW_CONFIG="$tmp" -- -f folded "$T"
check "a directory as the config file: exit 2, one line" eval 'status_is 2 &&
	stderr_is "traceview: $tmp: cannot read the config file: Is a directory"'
runc TRACEVIEW_CONFIG=/dev/null -- -f folded "$T"
check "TRACEVIEW_CONFIG=/dev/null: an empty file" eval 'status_is 0 && out_is "$tmp/wall.folded"'

# ---------------------------------------------------------------- lines

C=$tmp/c
printf '# my defaults\n\n   \t\n  # indented comment\n\tclock=cpu  \r\n' >"$C"
runc TRACEVIEW_CONFIG="$C" -- -f folded "$T"
check "comments, blank lines, blanks around, CRLF" eval 'status_is 0 && out_is "$tmp/cpu.folded"'
cfg "$C" 'thread = main' 'thread = worker' 'clock = cpu'
runc TRACEVIEW_CONFIG="$C" -- -f folded "$T"
check "repeated in the file: every thread named" out_is "$tmp/cpu.folded"
runc TRACEVIEW_CONFIG="$C" -- -f folded -t 2 --clock=wall "$T"
check "a repeatable option on the command line replaces the file's" out_is "$tmp/worker.folded"
cfg "$C" 'colour = never' 'ascii = true' 'ascii' 'signatures = false'
runc TRACEVIEW_CONFIG="$C" -- -f folded "$T"
check "an alias (colour), a flag as true, bare or false" eval 'status_is 0 && out_is "$tmp/wall.folded"'
cfg "$C" 'transform = merge:com.example.B.work'
runc TRACEVIEW_CONFIG="$C" -- -f folded "$T"
check "transform = merge:B: B's time goes to A (200)" \
	eval 'status_is 0 && [ "$(cat "$tmp/out")" = "com.example.A.run 200" ]'

# Every option set in the file, none of which text reads: no warning.
cfg "$C" 'frame = 11.1ms' 'color = never' 'ascii = true' 'theme = light' 'min-wait = 5ms' \
	'sort = excl_cpu' 'signatures = true' 'per-thread = true' 'invert = true' 'depth = 2' \
	'min = 5' 'src = ~/app/src' 'clock = cpu' 'width = 100' 'height = 10' 'method = com.example.A.run'
run -r "$T"
cp "$tmp/out" "$tmp/plain.txt"
runc TRACEVIEW_CONFIG="$C" -- -r "$T"
check "options from the file never warn, and text is as without them" \
	eval 'status_is 0 && quiet && out_is "$tmp/plain.txt"'
run -r --frame=11.1ms --theme=light "$T"
check "the same on the command line warn" eval '[ "$(cat "$tmp/err")" = "traceview: warning: --theme has no effect with --format=text
traceview: warning: --frame has no effect with --format=text" ]'
run --view=table --width=100 "$T"
cp "$tmp/out" "$tmp/view100.txt"
cfg "$C" 'width = 100'
runc TRACEVIEW_CONFIG="$C" -- --view=table "$T"
check "width from the file waits for --view, then applies" eval 'status_is 0 && out_is "$tmp/view100.txt"'
cfg "$C" 'thread = main'
run -f dump "$T"
cp "$tmp/out" "$tmp/dump.txt"
runc TRACEVIEW_CONFIG="$C" -- -f dump "$T"
check "thread from the file: dump still lists every record" eval 'status_is 0 && out_is "$tmp/dump.txt"'

# A clock or sort column from the file that the trace lacks is left aside.
{
	printf '*version\n2\ndata-file-overflow=false\nclock=thread-cpu\nvm=art\n*threads\n1\tmain\n'
	printf '*methods\n0x4\tcom.example.A\trun\t()V\tA.java\n*end\n'
	printf 'SLOW'; le 2 2; le 32 2; le 0 8; le 0 16
	le 1 2; le 4 4; le 0 4; le 1 2; le 5 4; le 40 4
} >"$tmp/cpu.trace"
run -f tree "$tmp/cpu.trace"
cp "$tmp/out" "$tmp/cputree.txt"
cfg "$C" 'clock = wall' 'sort = excl_wait'
runc TRACEVIEW_CONFIG="$C" -- -f tree "$tmp/cpu.trace"
check "a CPU-only trace: the file's wall clock and wait sort left aside" \
	eval 'status_is 0 && quiet && out_is "$tmp/cputree.txt"'
run -f tree --clock=wall "$tmp/cpu.trace"
check "the same clock on the command line: an error" status_is 2

# ---------------------------------------------------------------- bad lines

# badline LINE MESSAGE: a file of a comment and LINE exits 2 with one
# error naming the file, line 2 and MESSAGE.
badline() {
	cfg "$C" '# first' "$1"
	want="traceview: $C:2: $2"
	runc TRACEVIEW_CONFIG="$C" -- -r "$T"
	check "bad line '$1': exit 2, one line at $C:2" eval 'status_is 2 && stderr_is "$want"'
}
badline 'clock = blue' "unknown --clock value 'blue' (expected cpu, wall)"
badline 'colr = never' "unknown option 'colr' (see traceview --help)"
badline '--clock = cpu' "'--clock': options are written without their dashes"
badline 'clock wall' 'expected NAME = VALUE (an option without its dashes)'
badline '= wall' 'expected NAME = VALUE (an option without its dashes)'
badline 'clock' 'clock needs a value (clock = CLOCK)'
badline 'ascii = yes' "ascii is true or false (got 'yes')"
badline 'depth = 0' "--depth needs a whole number of levels, 1 or more (got '0')"
badline 'thread =' '--thread needs a thread id or name'
badline "$(printf 'app = a\033[31mb')" 'a control character in the line'
for opt in regression format output diff view help version fail-if no-config completions \
	keys-roff; do
	badline "$opt = x" "$opt chooses what runs: it goes on the command line"
done
cfg "$C" 'clock = blue' 'thread = nosuch'
runc TRACEVIEW_CONFIG="$C" -- -f folded --clock=cpu -t 2 "$T"
check "the values of options the command line gives are not read" \
	eval 'status_is 0 && out_is "$tmp/worker5.folded"'

# "~" starts a path: mapping's (a file) and each of src's directories.
cfg "$C" 'mapping = ~/m.txt'
runc TRACEVIEW_CONFIG="$C" -- -r "$T"
check "mapping = ~/m.txt: read from HOME" \
	eval 'status_is 2 && stderr_has "^traceview: $home/m.txt: "'
cfg "$C" 'mapping = /x/~/m.txt'
runc TRACEVIEW_CONFIG="$C" -- -r "$T"
check "a '~' inside a path stays" stderr_has '^traceview: /x/~/m.txt: '
cfg "$C" 'src = ~/a'
env -u HOME TRACEVIEW_CONFIG="$C" "$TRACEVIEW" -r "$T" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "'~' without HOME: one error at its line" \
	eval 'status_is 2 && stderr_is "traceview: $C:1: '"'"'~'"'"' needs HOME set"'

# ---------------------------------------------------------------- --theme, --completions

run --theme=sepia "$T"
check "--theme=sepia: exit 2, the themes listed" eval 'status_is 2 &&
	stderr_is "traceview: unknown --theme value '"'"'sepia'"'"' (expected dark, light, auto)"'
run --help
check "--help lists --theme and --no-config" eval 'stdout_has "^      --theme=THEME " &&
	stdout_has "^      --no-config "'
check "--help does not list --completions" eval '! stdout_has completions'
run --completions=tcsh
check "--completions=tcsh: exit 2, the shells listed" eval 'status_is 2 &&
	stderr_is "traceview: unknown --completions shell '"'"'tcsh'"'"' (expected bash, zsh, fish)"'
cfg "$C" 'clock = blue'
runc TRACEVIEW_CONFIG="$C" -- --completions=bash
check "--completions reads no config file and needs no trace" \
	eval 'status_is 0 && quiet && stdout_has "^complete -F _traceview traceview$"'

clilib_end
