#!/bin/sh
# ui_dumps.sh: the full-screen view, driven through tmux, on ART's
# low-overhead dumps (tests/fuzz/seeds.c writes them with lodumpgen): an
# all-methods dump, whose axis counts events and must never show µs or ms,
# and an ANR report holding two long-running dumps, whose process names
# the trace and whose other dump is told in the footer and under W.
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux, or
# a tmux that cannot start).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
ALL="$srcdir/tests/fuzz/corpus/lodump/gen-lo-packets-all"
ANR="$srcdir/tests/fuzz/corpus/anr/gen-traces"

LC_ALL=C
export LC_ALL

if [ ! -x "$TRACEVIEW" ] || [ ! -r "$ALL" ] || [ ! -r "$ANR" ]; then
	echo "ui_dumps.sh: $TRACEVIEW or the seeds are missing" >&2
	exit 1
fi
case $ALL in /*) ;; *) ALL=$(pwd)/$ALL ANR=$(pwd)/$ANR ;; esac

. "$srcdir/tests/tmuxlib.sh"
tm_start uidumps

LOC=LANG=C
[ -n "$UTF" ] && LOC=LANG=$UTF

# No µs or ms anywhere on a screen of the all-methods dump: no "0.016"
# style time cell, no unit (the dump's names hold none of these).
no_time() { ! grep -E -q -e '[0-9](us|ms|s)\b|[0-9] (us|ms|s)\b|[0-9]\.[0-9]{3}\b| ms\b' "$scr"; }

# ---------------------------------------------------------------- an all-methods dump
launch a "$LOC" "$ALL"
if wait_for a "Calls+Rec"; then
	check "all methods: the header says there is no time, and counts events" \
		has_re "│ no time │ 8 events │|\\| no time \\| 8 events \\|"
	check "all methods: the ruler ticks in events" has_re "^1.+2 of 2 +\\|0ev +\\|1ev +\\|2ev "
	check "all methods: the cursor is an event" has_re "^ cursor event 0  \\[1234\\] main  "
	check "all methods: the call under it lasts events" has "(5 events, depth 2)"
	check "all methods: the table's columns count events" \
		has_re "^Name \\(sorted by Incl Ev\\) +Incl Ev % +Incl Ev.* Excl Ev % +Excl Ev +Calls\\+Rec +Ev/Call"
	# A.run: incl 9 events of 16, excl 4, 3 calls and 1 recursive, 2 per call
	check "all methods: A.run's row in events" \
		has_re "^com\\.example\\.A\\.run \\(\\)V +56\\.3% +9 +25\\.0% +4 +3\\+1 +2$"
	check "all methods: no µs or ms on the screen" no_time
else
	bad "all methods: the table appears"
fi

# v at event 2 and at event 5: the range in events, and : prints it so.
keys a Tab
keys a Right Right v Right Right Right v
if wait_for a "2ev..5ev"; then
	ok "all methods: v..v is a range in events in the header"
	keys a :
	check "all methods: : prints --range in events" wait_for a "traceview --range=2ev..5ev "
	keys a Escape
	wait_gone a "traceview --range=" >/dev/null
else
	bad "all methods: v..v is a range in events in the header"
fi

# The panes: trees, flame graph and calls count events too.
keys a 2
check "all methods: the top-down tree counts events" wait_re a "^ +incl ev .* +excl ev .* +calls "
check "all methods: no µs or ms in the tree" no_time
keys a 4
check "all methods: the flame graph's status counts events" wait_re a "^ [0-9]+ events  [0-9.]+% of all"
keys a 5
check "all methods: the calls pane counts events" wait_re a "\\(incl, events\\)$"
check "all methods: its columns name events" has_re "^ +tid +.*start +events +cpu +wait +depth +caller"
check "all methods: no µs or ms in the calls pane" no_time
keys a e
wait_for a "Trace Event JSON" >/dev/null
keys a c
check "all methods: e c refuses the Trace Event export" \
	wait_for a "Trace Event JSON needs times and this dump has none"
keys a q
check "all methods: q quits" exited a 0
finish a

# ---------------------------------------------------------------- an ANR report
launch r "$LOC" "$ANR"
if wait_for r "Calls+Rec"; then
	check "ANR report: the header names the process" has "com.example.one (pid 111)"
	check "ANR report: the footer tells of the other dump at start" \
		has_re "^ 2 long-running method dumps in this file: reading pid 111"
	keys r W
	check "ANR report: W lists the other dump" \
		wait_re r "^note: 2 long-running method dumps in this file: .*also pid 222"
	check "ANR report: W lists the dump's warnings too" \
		has "exits of methods not on the stack"
	keys r q
	check "ANR report: q closes the warnings" wait_for r "Calls+Rec"
else
	bad "ANR report: the table appears"
fi
keys r q
check "ANR report: q quits" exited r 0
finish r

launch p "$LOC" --pid=222 "$ANR"
if wait_for p "Calls+Rec"; then
	check "--pid=222: the header names that process" has "system_server (pid 222)"
	check "--pid=222: no note" hasnt "long-running method dumps in this file"
else
	bad "--pid=222: the table appears"
fi
keys p q
finish p

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
