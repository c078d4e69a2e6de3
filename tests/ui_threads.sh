#!/bin/sh
# ui_threads.sh: the threads pane (6) and thread scopes of several
# threads, driven through tmux like ui.sh, on the sample.
#
# Space marks main and Thread-360 ([14]), Enter scopes every pane to them:
# the header says "2 threads", the timeline marks their labels, the
# table's toplevel is json's over -t 1 -t 14 (1487.406 ms CPU, 17760.147
# ms wall, by hand in threads.sh), the tree's root too; `:` writes one
# --thread= each; t goes back to all threads. / and & find and filter the
# threads by name. -t 'Binder*' opens scoped to three threads, which `:`
# names by the glob of their names, Binder_*. Then the
# pane in 256 and 8 colours, without colour and in ASCII, at 80x24 and
# 250x70: its title, main's numbers, the strips' letters where the tier
# draws them (mono: every cell; 8 colours: a block's first), ASCII only
# with --ascii.
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
SAMPLE="$srcdir/tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace"

LC_ALL=C
export LC_ALL

case $SAMPLE in /*) ;; *) SAMPLE=$(pwd)/$SAMPLE ;; esac

. "$srcdir/tests/tmuxlib.sh"
tm_start uithreads

MAIN='         1     13777   1459.503   6497.565   5038.062  87.6%'

# ------------------------------------------------------------ Space, Enter, t

launch sc "" --ascii "$SAMPLE"
wait_for sc "? help  q quit"
keys sc 6
check "6 shows every thread" wait_for sc " Threads: 56 (scope: all threads)"
check "6: main's row" has "$MAIN"
keys sc Space
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do keys sc j; done
keys sc Space
check "Space twice: two threads marked" wait_for sc "; 2 marked, Enter scopes to them"
check "Space: the marks show" has "*       14       204     27.903  11262.582  11234.679"
keys sc Enter
check "Enter scopes every pane to them: the header" wait_for sc " | 2 threads | "
check "Enter: the pane marks the scope" wait_for sc " >       1     13777"
check "Enter: the timeline marks their labels" has_re "^>\[1\] main "
check "Enter: the marks are cleared" hasnt "marked"
keys sc 1
check "the table over the two threads: json's toplevel" \
	wait_re sc "^\(toplevel\) +100\.0% +1487\.406 +0\.000 +17760\.147"
keys sc 2
check "the tree over the two threads: json's toplevel, a root each" \
	wait_re sc "^ +1487\.406 100\.0% +0\.000 +0\.0% +2  - \(toplevel\)"
keys sc :
check ": names both threads" wait_for sc "traceview --thread=1 --thread=14 --clock=cpu --view=tree"
keys sc t
check "t: back to all threads" wait_for sc " | all threads | "
check "t: the tree over every thread again" wait_re sc "^ +1665\.649 100\.0%"
keys sc 6
type_text sc "/Binder"
wait_for sc " /Binder "
keys sc Enter
check "/ finds a thread by name" wait_for sc "match 1/3"
type_text sc "&Binder"
wait_for sc " &Binder "
keys sc Enter
check "& filters the threads" wait_for sc "filter: 3 of 56 threads match"
check "&: the pane says how many show" has "; 3 shown (& Enter: all)"
check "&: only the Binder threads" eval '[ "$(grep -c "  Binder_" "$scr")" -eq 3 ] && hasnt "  main"'
keys sc '&' Enter
check "& with nothing: every thread again" wait_for sc "filter cleared: every one of the threads shows"
keys sc q
check "q quits" wait_for sc "EXITED=0 TTY=same"
finish sc

launch glob "" --ascii -t 'Binder*' "$SAMPLE"
check "-t GLOB opens scoped to its three threads" wait_for glob " | 3 threads | "
keys glob 6
check "-t GLOB: the pane marks them" wait_for glob " >      18         1"
keys glob :
check ": names the three by a glob of their names, shorter and exact" \
	wait_for glob "traceview --thread='Binder_*' --clock=cpu --view=threads"
keys glob q
finish glob

# ------------------------------------------------------------ tiers and sizes

# mode NAME: the environment and options of a tier.
for m in 256 8 mono ascii; do
	case $m in
	256) vars="LANG=$UTF" opt= ;;
	8) vars="LANG=$UTF TERM=xterm" opt= ;;
	mono) vars="LANG=$UTF NO_COLOR=1" opt= ;;
	ascii) vars="" opt=--ascii ;;
	esac
	for size in 80x24 250x70; do
		launch_cols=${size%x*} launch_lines=${size#*x}
		s=t$m$size
		# shellcheck disable=SC2086
		launch "$s" "$vars" $opt "$SAMPLE"
		wait_for "$s" "? help  q quit"
		keys "$s" 6
		check "$m $size: the title" wait_for "$s" " Threads: 56 (scope: all threads)"
		check "$m $size: main's numbers" has "$MAIN"
		case $m$size in
		mono80x24) check "$m $size: main's strip in letters" has "$MAIN  ffrl  main" ;;
		mono250x70) check "$m $size: main's strip in letters" has "$MAIN  ffffffffffffffffrrrrrrrrrrrrrrrrrlllliii  main" ;;
		8250x70) check "$m $size: a letter where a block starts" has "$MAIN  f" ;;
		esac
		[ "$m" = ascii ] && check "$m $size: ASCII only" ascii_only
		keys "$s" q
		wait_for "$s" "EXITED=0 TTY=same" >/dev/null
		finish "$s"
	done
done
launch_cols= launch_lines=

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
