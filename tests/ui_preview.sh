#!/bin/sh
# ui_preview.sh: a big trace's view opened on a preview of its first
# bytes while the whole file loads behind it, driven through tmux like
# ui.sh.
#
# A generated trace of a million records (tests/gen_bench, 14 MB) with
# TRACEVIEW_PREVIEW_BYTES=4000000 takes the preview path (its first
# sixteenth, 0.9 MB, shown at once); TRACEVIEW_TEST_PRELOAD_GATE holds the whole load after
# its first 8 MiB (eight of the readers' chunks) until a file exists, so the view is seen while
# loading on any machine. While it loads: the header says "loading 61%"
# (the share of the file read: the key section and 8 MiB of records, 8.8
# of 14.4 MB), the table has its titles and the preview's numbers (not
# the whole trace's), the timeline's cursor moves (Tab l ...), `?` opens
# the help and closes it, `e` says it waits for the whole trace. The gate opened, the mark goes away and the selected method's
# row shows --view=table's numbers for the whole trace. `q` during the
# load (the gate never opened) exits 0: the load is cancelled, not
# waited for. A trace under the threshold opens as before, without mark.
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
GEN_BENCH=${GEN_BENCH:-./tests/gen_bench}
srcdir=${srcdir:-$(dirname "$0")/..}

LC_ALL=C
export LC_ALL

[ -x "$GEN_BENCH" ] || { echo "ui_preview.sh: no gen_bench at $GEN_BENCH"; exit 1; }

. "$srcdir/tests/tmuxlib.sh"
tm_start uipreview

T=$tmp/big.trace
"$GEN_BENCH" 1000000 "$T" >/dev/null 2>&1 || { echo "ui_preview.sh: gen_bench failed"; exit 1; }
BIG="TRACEVIEW_PREVIEW_BYTES=4000000 TRACEVIEW_TEST_PRELOAD_GATE=$tmp/gate"

# The whole trace's first method, as --view=table prints it: Incl Cpu %,
# Incl Cpu, Excl Cpu, Incl Real; the screen has Excl Cpu % and Incl Real %
# between them.
set -- $("$TRACEVIEW" --view=table "$T" | sed -n 3p | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}')
[ $# -eq 4 ] || { echo "ui_preview.sh: --view=table printed no method row"; exit 1; }
esc() { printf '%s' "$1" | sed 's/\./\\./g'; }
FINAL="$(esc "$1") +$(esc "$2") +[0-9.]+% +$(esc "$3") +[0-9.]+% +$(esc "$4") "
first_row() { sed -n '/^Name /{n;p;q;}' "$scr"; }
mark_gone() { ! head -n 1 "$scr" | grep -q ' loading [0-9]*% '; }

launch_cols=160 launch_lines=45
launch pv "$BIG" "$T"
check "while loading: the mark says the share read" wait_re pv "^ big\.trace [^ ]+ loading 61% "
check "while loading: the table's titles" has_re "^Name \(sorted by Incl Cpu, CPU clock\) "
check "while loading: the preview's numbers, not the whole trace's" \
	eval 'first_row | grep -E -q "%" && ! first_row | grep -E -q -e "$FINAL"'
check "while loading: the timeline's threads" has_re "^\[1\] main "
check "while loading: the footer's keys" has "? help  q quit"
keys pv '?'
check "while loading: ? opens the help" wait_for pv "show the keys of every pane"
keys pv '?'
check "while loading: ? closes it" wait_gone pv "show the keys of every pane"
before=$(sed -n '/^ cursor /p' "$scr")
keys pv Tab l l l l l l l l
check "while loading: the timeline's cursor moves" \
	eval 'wait_cond pv eval "! grep -F -q -e \"\$before\" \"\$scr\""'
keys pv Tab e
check "while loading: e waits for the whole trace" \
	wait_for pv "still loading (61%): e waits for the whole trace"
check "while loading: still the mark" has " loading 61% "
touch "$tmp/gate"
check "loaded: the mark goes away" wait_cond pv mark_gone
check "loaded: the footer's message is gone with it" hasnt "still loading"
check "loaded: --view=table's numbers for the whole trace" eval 'first_row | grep -E -q -e "$FINAL"'
keys pv q
check "q quits" exited pv 0
finish pv

rm -f "$tmp/gate"
launch pq "$BIG" "$T"
check "q during the load: the view was loading" wait_re pq "loading 61% "
keys pq q
check "q during the load: exits 0 without waiting for it" exited pq 0
finish pq

launch small "TRACEVIEW_PREVIEW_BYTES=100000000" "$T"
check "under the threshold: the first screen as before" wait_for small "? help  q quit"
check "under the threshold: no mark" mark_gone
check "under the threshold: the whole trace's numbers at once" \
	eval 'first_row | grep -E -q -e "$FINAL"'
keys small q
check "under the threshold: q quits" exited small 0
finish small

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
