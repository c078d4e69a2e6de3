#!/bin/sh
# ui_calls.sh: the call lists (5, J), o (the source in the editor) and the
# OSC 52 bytes of y, driven through tmux like ui.sh.
#
# The editor is a script that writes each of its arguments on a line of a
# file, so the test sees exactly what reached it (+LINE, a path with a
# space, one argument each). OSC 52 is read two ways: with set-clipboard
# on, tmux keeps what a plain OSC 52 sets as its paste buffer
# (show-buffer); inside tmux traceview wraps it for passthrough, which
# pipe-pane shows byte for byte.
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
SAMPLE="$srcdir/tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace"

LC_ALL=C
export LC_ALL

case $SAMPLE in /*) ;; *) SAMPLE=$(pwd)/$SAMPLE ;; esac

. "$srcdir/tests/tmuxlib.sh"
tm_start uicalls

# wait_file FILE: FILE exists and is not empty (about 20 s at most).
wait_file() {
	i=0
	while [ $i -lt 200 ] && [ ! -s "$1" ]; do sleep 0.1; i=$((i + 1)); done
	[ -s "$1" ]
}

# ------------------------------------------------------------ 5 and J

launch calls "" --ascii "$SAMPLE"
wait_for calls "? help  q quit"
find_method calls "Looper.loop"
keys calls 5
check "5 shows every call of the selected method" wait_for calls " Calls of android/os/Looper.loop ()V: 7 calls"
check "5: the summary line" grep -q "^ count 7  min 0.000  mean 224.843  p50 0.000  p95 1459.503  max 1459.503" "$tmp/screen"
check "5: a histogram row of bars" grep -q "^ calls  ##" "$tmp/screen"
keys calls '>'
check "> sorts by wall, largest first" wait_for calls "vwall ms"
row=$(grep -n '^ *1  *0.000  *6497.565' "$tmp/screen" | head -n 1 | cut -d: -f1)
title=$(grep -n 'vwall ms' "$tmp/screen" | cut -d: -f1)
check "> : the longest call is the first row" test "${row:-0}" -eq $((${title:-0} + 1))
keys calls Enter
check "Enter shows the call on the timeline" wait_for calls "thread 1: the call at 0 us, 6.497565 s long"
keys calls J
check "J shows the jank list" wait_for calls " Jank on [1] main (rule: main): 7 frame-critical calls of 16.700 ms or more"
check "J: the longest first, with its cause" grep -q "^     2230.624   1184.303    595.642    588.661  runtime 63%     a" "$tmp/screen"
# first_row MARKED: the row below the column titles that hold MARKED.
first_row() {
	sed -n "/$1/{n;p;q;}" "$tmp/screen"
}
keys calls I
check "I: the jank list by wall, shortest first" wait_for calls "^wall ms"
check "I: the shortest frame is the first row" eval \
	'first_row "\^wall ms" | grep -q "^     5197.465     27.509      7.713     19.796  framework 56%   a"'
keys calls '<'
check "<: by start" wait_for calls "^start ms"
check "<: the earliest frame is the first row" eval \
	'first_row "\^start ms" | grep -q "^     1359.612     56.446     35.283     21.163  framework 89%   a"'
keys calls q
tm kill-session -t calls

# ------------------------------------------------------------ o

mkdir -p "$tmp/my src/android/os" "$tmp/two/a" "$tmp/two/b"
: >"$tmp/my src/android/os/Looper.java"
: >"$tmp/two/a/Looper.java"
: >"$tmp/two/b/Looper.java"
cat >"$tmp/editor" <<EOF
#!/bin/sh
for a in "\$@"; do printf '%s\n' "\$a"; done >$(q "$tmp/argv")
EOF
chmod +x "$tmp/editor"

launch src "VISUAL=$tmp/editor EDITOR=false" --ascii "--src=$tmp/nowhere:$tmp/my src" "$SAMPLE"
wait_for src "? help  q quit"
find_method src "Looper.loop"
rm -f "$tmp/argv"
keys src o
check "o runs \$VISUAL on the file found by package path" wait_file "$tmp/argv"
printf '+111\n%s\n' "$tmp/my src/android/os/Looper.java" >"$tmp/want"
check "o: +LINE and the path, one argument each" cmp -s "$tmp/argv" "$tmp/want"
check "o: the screen is drawn again afterwards" wait_for src "edited $tmp/my src/android/os/Looper.java"
check "o: the table is back" grep -Eq "^Name( \([^)]*\))? +Incl" "$tmp/screen"
keys src q
tm kill-session -t src

launch two "EDITOR=$tmp/editor" --ascii "--src=$tmp/two" "$SAMPLE"
wait_for two "? help  q quit"
find_method two "Looper.loop"
rm -f "$tmp/argv"
keys two o
check "o with two matches offers a choice" wait_for two " 2 files match, pick one:  1 $tmp/two/a/Looper.java  2 $tmp/two/b/Looper.java"
keys two 2
check "2 opens the second (\$EDITOR without \$VISUAL)" wait_file "$tmp/argv"
printf '+111\n%s\n' "$tmp/two/b/Looper.java" >"$tmp/want"
check "2: its path reached the editor" cmp -s "$tmp/argv" "$tmp/want"
keys two q
tm kill-session -t two

# Eleven matches: the first nine are offered, and the footer says so.
for d in 01 02 03 04 05 06 07 08 09 10 11; do
	mkdir -p "$tmp/many/$d"
	: >"$tmp/many/$d/Looper.java"
done
launch many "EDITOR=$tmp/editor" --ascii "--src=$tmp/many" "$SAMPLE"
wait_for many "? help  q quit"
find_method many "Looper.loop"
keys many o
check "o with eleven matches offers the first nine and says so" \
	wait_for many " 11 files match (the first 9 here: a narrower --src for others), pick one:  1 "
keys many x
check "a key other than 1-9 cancels the choice" wait_gone many "files match"
keys many q
tm kill-session -t many

launch none "VISUAL=$tmp/editor" --ascii "$SAMPLE"
wait_for none "? help  q quit"
keys none o
check "o without --src says how" wait_for none "o opens sources from --src=DIR[:DIR...]"
keys none q
tm kill-session -t none

launch miss "VISUAL=$tmp/editor" --ascii "--src=$tmp/two" "$SAMPLE"
wait_for miss "? help  q quit"
find_method miss "Handler.dispatchMessage"
keys miss o
check "o with no match names the file" wait_for miss "no Handler.java for android/os/Handler under --src=$tmp/two"
keys miss q
tm kill-session -t miss

# ------------------------------------------------------------ OSC 52

# y in the every-call list copies its column titles and the cursor row:
# compare the decoded payload with those two lines of the screen.
want_copy() {
	grep -E '^ +tid +\^?start ms' "$tmp/screen" | head -n 1 >"$tmp/copy.want"
	grep -E '^ +1 +0\.000 +6497\.565' "$tmp/screen" | head -n 1 >>"$tmp/copy.want"
}

launch clip "TMUX=" --ascii "$SAMPLE"
tm set-option -g set-clipboard on
wait_for clip "? help  q quit"
find_method clip "Looper.loop"
keys clip 5
wait_for clip " Calls of android/os/Looper.loop ()V: 7 calls"
want_copy
keys clip y
i=0
while [ $i -lt 100 ] && ! tm show-buffer >"$tmp/buffer" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
check "y: a plain OSC 52 sets tmux's buffer (set-clipboard on)" cmp -s "$tmp/buffer" "$tmp/copy.want"
keys clip q
tm kill-session -t clip

# Inside tmux ($TMUX set): tmux load-buffer -w takes the text.
launch tmuxbuf "" --ascii "$SAMPLE"
wait_for tmuxbuf "? help  q quit"
find_method tmuxbuf "Looper.loop"
keys tmuxbuf 5
wait_for tmuxbuf " Calls of android/os/Looper.loop ()V: 7 calls"
want_copy
tm delete-buffer >/dev/null 2>&1
keys tmuxbuf y
check "y inside tmux: said to go to tmux's buffer" \
	wait_for tmuxbuf "to tmux's buffer (tmux load-buffer -w)"
tm show-buffer >"$tmp/buffer" 2>/dev/null
check "y inside tmux: tmux's buffer holds the titles and the row" \
	cmp -s "$tmp/buffer" "$tmp/copy.want"
keys tmuxbuf q
tm kill-session -t tmuxbuf

# A tmux that refuses load-buffer -w (before 3.2): the passthrough
# wrapping, byte for byte. The tmux first on $PATH exits 1.
mkdir -p "$tmp/oldtmux"
printf '#!/bin/sh\nexit 1\n' >"$tmp/oldtmux/tmux"
chmod +x "$tmp/oldtmux/tmux"
launch wrap "PATH=$tmp/oldtmux:$PATH" --ascii "$SAMPLE"
wait_for wrap "? help  q quit"
find_method wrap "Looper.loop"
keys wrap 5
wait_for wrap " Calls of android/os/Looper.loop ()V: 7 calls"
want_copy
tm pipe-pane -o -t wrap "cat >>$(q "$tmp/raw")"
keys wrap y
wait_for wrap "to the clipboard (OSC 52 through tmux: tmux load-buffer -w failed)"
sleep 0.3
tm pipe-pane -t wrap
b64=$(base64 <"$tmp/copy.want" | tr -d '\n')
printf '\033Ptmux;\033\033]52;c;%s\a\033\\' "$b64" >"$tmp/osc.want"
check "y inside tmux: the wrapped OSC 52 with the base64 of the row" \
	grep -q -F -f "$tmp/osc.want" "$tmp/raw"
keys wrap q
tm kill-session -t wrap

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
