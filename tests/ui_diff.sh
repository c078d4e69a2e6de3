#!/bin/sh
# ui_diff.sh: the diff screen's views (1 the table, 2 the merged call
# tree, 4 the differential flame graph) driven through tmux like ui.sh,
# on a written pair whose numbers are known by hand (cli_difftree.sh):
# A.run 0.100 -> 0.120 ms of wall time, below it B.work 0.030 -> 0.070
# (+133.3%) with B's new C.tick, and A's gone C.tick 0.020.
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}

LC_ALL=C
export LC_ALL

. "$srcdir/tests/tmuxlib.sh"
tm_start uidiff

# The pair, written byte by byte with clilib.sh's helpers (in a subshell:
# clilib.sh keeps a folder and counters of its own).
dir=$tmp
(
	. "$srcdir/tests/clilib.sh"
	{
		abc_head 1 main
		rec 1 4 0 0; rec 1 8 10 10; rec 1 9 30 40; rec 1 12 40 50; rec 1 13 50 70; rec 1 5 60 100
	} >"$dir/a.trace"
	{
		abc_head 1 main
		rec 1 4 0 0; rec 1 8 10 10; rec 1 12 20 20; rec 1 13 30 40; rec 1 9 50 80; rec 1 5 60 120
	} >"$dir/b.trace"
) >/dev/null || exit 1

launch d "" --ascii --diff "$tmp/a.trace" "$tmp/b.trace"
if wait_for d "Chg Excl"; then
	keys d 2
	check "2 shows the merged call tree" wait_for d "merged call paths"
	check "2: A.run 0.100 -> 0.120, +20.0%, calls 1->1" \
		has_re '^ +0\.100 +0\.120 +\+0\.020 +\+20\.0% +1->1  `-\+ com\.example\.A\.run \(\)V'
	keys d '*'
	check "*: the hottest path opens to B's new C.tick" \
		wait_re d '^ +- +0\.020 +\+0\.020 +new +-->1 .*com\.example\.C\.tick'
	check "2: A's gone C.tick, sized by A" \
		has_re '^ +0\.020 +- +-0\.020 +gone +1->- .*com\.example\.C\.tick'
	keys d c
	check "c: the tree on CPU, A.run 0.060 in both" \
		wait_re d '^ +0\.060 +0\.060 +0\.000 +0\.0% +1->1  `-. com\.example\.A\.run'
	keys d c 4
	check "4 shows the differential flame graph" wait_for d "(red slower, blue faster)"
	# B.work: +133.3%, the deepest red band (203) in reverse video.
	check "4: B.work in deep red" eval 'row_sgr d "^B\.work" && sgr_has fg=203 && sgr_has a=7'
	check "4: A's gone C.tick beside it in deep blue" \
		eval 'row_sgr d "^B\.work" && sgr_has fg=75'
	# From the root down the widest frames: A.run, then B.work.
	keys d j j
	check "4: the status line, d for the change in ASCII" \
		wait_re d '^ A 0\.030  B 0\.070 ms real  d \+0\.040 \(\+133\.3%\)  calls 1->1'
	keys d 1
	check "1: back to the table, B.work's row selected" \
		wait_re d '^  com\.example\.B\.work \(I\)V +\+0\.020 +\+66\.7%'
	keys d q
	check "q exits 0" wait_for d "EXITED=0 TTY=same"
else
	bad "--diff opens the diff screen"
fi
finish d

# `:` on the diff screen: the command line of the view shown, with the
# options the diff was opened with; run, it prints that view.
launch k "" --ascii --thread=main --range=0us..200us --diff "$tmp/a.trace" "$tmp/b.trace"
if wait_for k "Chg Excl"; then
	keys k c 2
	wait_for k "merged call paths"
	keys k :
	check ": the options, the clock, the view and its size, then both traces" \
		wait_for k "traceview --diff --thread=main --range=0s..200us --clock=cpu --view=tree --width=120 --height=38"
	# The command from its first word to the screen's end, its rows joined.
	cmd=$(sed -n '/^traceview --diff /,$p' "$scr" | sed 's/ *$//' | paste -s -d ' ' -)
	eval "set -- ${cmd#traceview }"
	"$TRACEVIEW" "$@" >"$tmp/k.out" 2>"$tmp/k.err"
	check ":'s command exits 0" test $? -eq 0
	check ":'s command prints the tree on CPU, A.run 0.060 in both" \
		grep -E -q '^ +0\.060 +0\.060 +0\.000 +0\.0% +1->1  `-. com\.example\.A\.run' "$tmp/k.out"
	check ":'s command prints the pane's 38 rows" test "$(wc -l <"$tmp/k.out")" -eq 38
	keys k 4 :
	check ": on the flame graph says --view=flame" wait_for k " --clock=cpu --view=flame "
	keys k q q
	check ": q exits 0" wait_for k "EXITED=0 TTY=same"
else
	bad "--diff with -t and --range opens the diff screen"
fi
finish k

launch m "NO_COLOR=1" --ascii --diff "$tmp/a.trace" "$tmp/b.trace"
if wait_for m "Chg Excl"; then
	keys m 4
	check "no colours: + fills the slower frames, - the faster" \
		wait_re m '^B\.work\+{20,}C\.tick-+'
	keys m q
	check "no colours: q exits 0" wait_for m "EXITED=0 TTY=same"
else
	bad "NO_COLOR --diff opens the diff screen"
fi
finish m

# The smallest screen and a large one: both views fit and read.
for size in 80x24 250x70; do
	launch_cols=${size%x*} launch_lines=${size#*x}
	launch z "" --ascii --diff "$tmp/a.trace" "$tmp/b.trace"
	if wait_for z "Chg Excl"; then
		keys z 2
		check "$size: 2, the tree's A.run row" \
			wait_re z '^ +0\.100 +0\.120 +\+0\.020 +\+20\.0% +1->1  `-. .*A\.run'
		keys z 4
		check "$size: 4, the flame graph's A.run frame and the status line" \
			eval 'wait_re z "^ A 0\.100  B 0\.120 ms real  d \+0\.020" && has_re "^A\.run$"'
		keys z q
		check "$size: q exits 0" wait_for z "EXITED=0 TTY=same"
	else
		bad "$size: --diff opens the diff screen"
	fi
	finish z
done
launch_cols= launch_lines=

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
