#!/bin/sh
# ui_real.sh: the full-screen view on every real trace, through tmux.
#
# For each trace in $TV_REAL_DIR (and its streaming/ folder) traceview is
# opened in a private tmux server at 80x24 or 250x70, in one of four modes
# (TERM=xterm-256color, TERM=xterm with 8 colours, NO_COLOR=1, --ascii).
# It visits panes 1, 2, 3, 4, the call chart (Tab x), the thread-time
# axis (T, the chart on it; on a CPU-only trace, why T does nothing) and
# the waits (7, then Enter) and checks on each captured screen: the pane's
# title, numbers that the command line prints for the same selection (the
# table's selected method as `--view=table` names it; the first row under
# the toplevel in `2` and the first root in `3` with the columns of
# `--format=tree`; the flame graph's root with the toplevel's incl; the
# waits' title and first row as `--view=waits` prints them, and Enter's
# call on the timeline), no error line, no raw control bytes, the process
# alive;
# then q exits 0 with the terminal restored. Every trace runs in every mode
# at both sizes, three sessions at a time (about a minute on two shared
# cores). Screens are polled until they match (bounded).
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux, or no
# real traces).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
REAL=${TV_REAL_DIR:-}
LC_ALL=C
export LC_ALL

if [ -z "$REAL" ] || [ ! -d "$REAL" ]; then
	echo "ui_real.sh: no real traces (TV_REAL_DIR='$REAL'): skipping"
	exit 77
fi
[ -x "$TRACEVIEW" ] || { echo "ui_real.sh: $TRACEVIEW is missing" >&2; exit 1; }

. "$srcdir/tests/tmuxlib.sh"
tm_start uireal
LOC=LANG=${UTF:-C}
# Three sessions draw at once on shared cores: up to 30 s for a screen.
wait_tries=300

# The lanes run in parallel, so each session writes its results (TAP lines
# without numbers) to its own file, $res, labelled $lab; they are numbered
# at the end.
ok() { echo "ok - $lab: $1" >>"$res"; }
bad() { echo "not ok - $lab: $1" >>"$res"; sed 's/^/#   |/' "$scr" >>"$res"; }
check() { dd=$1; shift; if "$@"; then ok "$dd"; else bad "$dd"; fi; }

# One session: run_one NAME TRACE COLS LINES MODE; results in $tmp/NAME/res,
# the last screen of a failure after.
run_one() {
	s=$1 f=$2 cols=$3 lines=$4 mode=$5
	d=$tmp/$s
	mkdir -p "$d"
	res=$d/res
	: >"$res"
	lab="$(basename "$f" .trace) $mode ${cols}x$lines"
	vars="$LOC TERM=xterm-256color" args=
	case $mode in
	8) vars="$LOC TERM=xterm" ;;
	mono) vars="$LOC TERM=xterm-256color NO_COLOR=1" ;;
	ascii) args=--ascii ;;
	esac
	# What the command line says of the same selection (the UI's time base
	# is CPU time: every real trace records it).
	"$TRACEVIEW" --view=table --width="$cols" $args "$f" 2>/dev/null | tail -n 1 >"$d/sel"
	# (the trees' first line is their title: the clock and the order)
	"$TRACEVIEW" -f tree --clock=cpu --depth=1 "$f" 2>/dev/null | tail -n +2 >"$d/td"
	"$TRACEVIEW" -f tree --clock=cpu --invert --depth=1 "$f" 2>/dev/null | sed -n 2p >"$d/bu"
	clk=$("$TRACEVIEW" -f json "$f" 2>/dev/null | grep -o '"clock": *"[a-z-]*"' | head -n 1)
	# the waits pane as the view draws it: the title (or the one line of a
	# trace with one clock) and the first row, in the view's locale
	LC_ALL=${UTF:-C} "$TRACEVIEW" --view=waits --width="$cols" $args "$f" 2>/dev/null \
		>"$d/waits"
	scr=$d/screen
	launch_cols=$cols launch_lines=$lines
	launch "$s" "$vars" $args "$f"
	sane() { # the screen has no error line and no raw control byte
		! grep -Eq -e 'out of memory|^traceview: ' "$scr" &&
			! grep -q "$(printf '[\001-\010\013-\037\177]')" "$scr" &&
			kill -0 "$(cat "$tmp/$s.pid" 2>/dev/null)" 2>/dev/null
	}
	# nums_row FILE LINE: the screen has a row opening with the numbers
	# (incl, %, excl, %, calls) of line LINE of FILE.
	nums_row() {
		want=$(sed -n "$2p" "$1" | cut -c1-47)
		[ -n "$want" ] && grep -Fq -e "$want" "$scr"
	}
	if ! wait_re "$s" '^ \? help  q quit'; then
		bad "starts"
		finish "$s"
		return
	fi
	check "1: the table's title" grep -Eq '^Name( \([^)]*\))? +Incl ' "$scr"
	check "1: the selected method as --view=table names it" has "$(cat "$d/sel")"
	check "1: sane" sane
	keys "$s" 2
	if wait_re "$s" 'top-down call paths'; then
		check "2: the toplevel, then its first child as --format=tree" \
			eval 'has "(toplevel)" && nums_row "$d/td" 2'
		check "2: sane" sane
	else
		bad "2 shows the top-down tree"
	fi
	keys "$s" 3
	if wait_re "$s" 'bottom-up \(callers below\)'; then
		check "3: the first root as --format=tree --invert" nums_row "$d/bu" 1
		check "3: sane" sane
	else
		bad "3 shows the bottom-up tree"
	fi
	keys "$s" 4
	top=$(sed -n 1p "$d/td" | awk '{print $1}')
	if wait_re "$s" "^ *$top ms cpu +100\\.0% of all"; then
		check "4: the flame graph's root is the toplevel" grep -Eq '^ \(toplevel\)' "$scr"
		check "4: sane" sane
	else
		bad "4 shows the flame graph at the toplevel's $top ms"
	fi
	keys "$s" Tab x
	if wait_re "$s" 'call chart: '; then
		keys "$s" k
		check "x: the chart names a call at a depth" wait_re "$s" ' depth [0-9]+: '
		check "x: sane" sane
		keys "$s" x
	else
		bad "Tab x opens the call chart"
	fi
	# T: each thread's CPU time on a dual-clock trace (the ruler ends in
	# "cpu", the cursor on both clocks, the chart on it too), else why not.
	keys "$s" T
	case $clk in
	*dual*)
		check "T: the ruler ends in cpu, the cursor on both clocks" \
			wait_cond "$s" eval 'grep -Eq " of [0-9]+ .* cpu$" "$scr" &&
			                    grep -Eq "^ cursor [^ ]+ cpu, [^ ]+ wall " "$scr"'
		keys "$s" x
		check "T x: the chart on the CPU axis names a call at a depth" \
			wait_re "$s" '^ cursor [^ ]+ cpu  .* depth [0-9]+: '
		check "T: sane" sane
		keys "$s" x T
		check "T again: the ruler ends in wall" wait_re "$s" ' of [0-9]+ .* wall$' ;;
	*)
		check "T on a trace of thread CPU time alone says why it does nothing" \
			wait_for "$s" "T: no wall clock here: the timeline already shows" ;;
	esac
	keys "$s" 7 g  # g: the first row (7 opens on the table's method's)
	wt=$(sed -n 1p "$d/waits")
	if [ -n "$wt" ] && wait_for "$s" "$wt"; then
		w1=$(sed -n 3p "$d/waits")
		case $w1 in
		" none:"* | "")
			check "7: no call waited that long, as --view=waits says" has "$w1" ;;
		*)
			check "7: the first row as --view=waits prints it" has "$w1"
			keys "$s" Enter
			check "7 Enter: the call on the timeline" \
				wait_re "$s" 'thread [0-9]+: the call at [0-9.]+ [um]?s, ' ;;
		esac
		check "7: sane" sane
	else
		bad "7 shows the waits as --view=waits titles them"
	fi
	case $mode in
	ascii) check "only ASCII on the screen" ascii_only ;;
	esac
	keys "$s" q
	check "q exits 0, the terminal restored" wait_re "$s" '^EXITED=0 TTY=same'
	finish "$s"
}

# The plan: every trace in every mode at both sizes.
combos="80x24:256 80x24:8 80x24:mono 80x24:ascii 250x70:256 250x70:8 250x70:mono 250x70:ascii"
: >"$tmp/plan"
for f in "$REAL"/*.trace "$REAL"/streaming/*.trace; do
	[ -r "$f" ] || continue
	for c in $combos; do echo "$f $c" >>"$tmp/plan"; done
done
if [ ! -s "$tmp/plan" ]; then
	echo "ui_real.sh: no .trace files in $REAL: skipping"
	exit 77
fi

# Three lanes: session i runs in lane i % 3, one after another.
lanes=3
lane=0
while [ $lane -lt $lanes ]; do
	(
		i=0
		while read -r f c; do
			if [ $((i % lanes)) -eq $lane ]; then
				size=${c%%:*}
				run_one "s$i" "$f" "${size%x*}" "${size#*x}" "${c#*:}"
			fi
			i=$((i + 1))
		done <"$tmp/plan"
	) &
	lane=$((lane + 1))
done
wait

n=0 fail=0
for r in $(ls "$tmp"/s*/res | sort -V); do
	while IFS= read -r line; do
		case $line in
		"ok - "*) n=$((n + 1)); echo "ok $n ${line#ok }" ;;
		"not ok - "*) n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n ${line#not ok }" ;;
		*) echo "$line" ;;
		esac
	done <"$r"
done
echo "$((n - fail)) passed, $fail failed ($(wc -l <"$tmp/plan") sessions)"
[ "$n" -gt 0 ] && [ "$fail" -eq 0 ]
