#!/bin/sh
# cli_waits.sh: black-box tests of the waits pane printed by --view=waits
# against --format=waits: the same calls, in the same order, with the same
# numbers, on the bundled sample (with --thread, --min-wait, a range and a
# transform) and on every real trace in $TV_REAL_DIR with both clocks (a
# trace with one clock: the pane's one line, exit 0, where the report exits
# 2). Hand-checked rows of the sample pin the numbers themselves.
#
# Runs $TRACEVIEW (set by the Makefile's AM_TESTS_ENVIRONMENT); the real
# traces are skipped when that folder is absent. Exit status: 0 all
# passed, 1 something failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# report_rows: --format=waits's calls on stdin as "TID WAIT WALL CPU START
# NAME" lines (the tid from each thread's heading; "from" lines left out).
report_rows() {
	awk '/^\[[0-9]+\]/ { t = substr($1, 2, length($1) - 2); next }
	/^ +-?[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+  [^ ]/ {
		name = $0; sub(/^ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+  /, "", name)
		print t, $1, $2, $3, $4, name }'
}

# pane_rows: the rows of --view=waits on stdin, the same way (below its
# title and column titles, above the stack).
pane_rows() {
	awk 'NR > 2 && /^ +[0-9]+ +-?[0-9]+\.[0-9]+ / {
		name = $0; sub(/^ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+  /, "", name)
		print $1, $2, $3, $4, $5, name }'
}

# same_rows LABEL ARGS... TRACE: --view=waits and --format=waits with the
# same options list the same calls (and at least one when WANT_SOME=1).
same_rows() {
	sr_label=$1
	shift
	"$TRACEVIEW" --format=waits "$@" 2>/dev/null | report_rows >"$tmp/rep"
	"$TRACEVIEW" --view=waits --width=1000 "$@" 2>"$tmp/err" | pane_rows >"$tmp/pane"
	if cmp -s "$tmp/rep" "$tmp/pane" && [ ! -s "$tmp/err" ] &&
	   { [ "${WANT_SOME:-0}" -eq 0 ] || [ -s "$tmp/pane" ]; }; then
		ok "$sr_label"
	else
		bad "$sr_label"
		diff "$tmp/rep" "$tmp/pane" | head -n 10 | sed 's/^/#   /'
		sed 's/^/#   stderr: /' "$tmp/err"
	fi
}

# ---------------------------------------------------------------- the sample

# The sample's waits of 16 ms or more (from the text report, checked
# against the table: MessageQueue.nativePollOnce's first call on [1] main
# runs 1344.142 ms of wall time on 3.341 ms of CPU, so it waited
# 1340.801 ms): 57 calls on 12 of its 56 threads.
run --view=waits --width=120 "$SAMPLE"
check "--view=waits exits 0, nothing on stderr" eval 'status_is 0 && [ ! -s "$tmp/err" ]'
check "the title: threshold, calls, threads" first_line_has "$tmp/out" \
	'^ Waits of 16\.000 ms or more: 57 calls, 12 of 56 threads (the innermost; wait = wall '
check "the column titles" stdout_has '^     tid    wait ms    wall ms     cpu ms     start ms  call$'
check "the longest wait of [1] main first" eval \
	'[ "$(sed -n 3p "$tmp/out")" = "       1   1340.801   1344.142      3.341        0.000  android/os/MessageQueue.nativePollOnce (II)V" ]'
check "the stack of the first row, innermost first" stdout_has \
	'^ stack, innermost first: android/os/MessageQueue.nativePollOnce < android/os/MessageQueue.next < android/os/Looper.loop$'
WANT_SOME=1 same_rows "the sample: the pane's rows are --format=waits's" "$SAMPLE"
WANT_SOME=1 same_rows "-t 1 --min-wait=100ms: the same rows" -t 1 --min-wait=100ms "$SAMPLE"
run --view=waits -t 1 --min-wait=100ms "$SAMPLE"
check "-t 1 --min-wait=100ms: 10 calls on its one thread" first_line_has "$tmp/out" \
	'^ Waits of 100\.000 ms or more: 10 calls, 1 of 1 thread '
WANT_SOME=1 same_rows "threads as a set (-t 1 -t 'Thread-3*'): the same rows" \
	-t 1 -t 'Thread-3*' --min-wait=1ms "$SAMPLE"
WANT_SOME=1 same_rows "a range and a transform: the same rows" --range=1s..8s \
	--transform=merge:android.os.MessageQueue.next --min-wait=5ms "$SAMPLE"
run --view=waits --min-wait=100s "$SAMPLE"
check "a threshold no call reaches: none" eval \
	'first_line_has "$tmp/out" "^ Waits of 100000\.000 ms or more: 0 calls, 0 of 56 threads" && stdout_has "^ none: no call waited that long$"'
run --view=waits --frame=5ms "$SAMPLE"
check "--frame has no effect with --view=waits" \
	stderr_is "traceview: warning: --frame has no effect with --view=waits"
run --view=table --min-wait=5ms --height=3 "$SAMPLE"
check "--min-wait has no effect with --view=table" \
	stderr_is "traceview: warning: --min-wait has no effect with --view=table"

# ---------------------------------------------------------------- real traces

if [ -n "${TV_REAL_DIR:-}" ] && [ -d "$TV_REAL_DIR" ]; then
	for f in "$TV_REAL_DIR"/*.trace "$TV_REAL_DIR"/streaming/*.trace; do
		[ -r "$f" ] || continue
		b=$(basename "$f" .trace)
		if "$TRACEVIEW" --format=waits "$f" >/dev/null 2>&1; then
			same_rows "$b: the pane's rows are --format=waits's" "$f"
			same_rows "$b at 1 ms: the same" --min-wait=1ms "$f"
		else
			run --view=waits "$f"
			check "$b (one clock): one line says why, exit 0" eval \
				'status_is 0 && [ "$(wc -l <"$tmp/out")" -eq 1 ] && stdout_has "^ Waits: they need both clocks, wall and CPU; this trace has clock="'
		fi
	done
else
	skipped "real traces" "TV_REAL_DIR absent"
fi

clilib_end
