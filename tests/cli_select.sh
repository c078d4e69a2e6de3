#!/bin/sh
# cli_select.sh: black-box tests of what the command line selects: --range
# past the trace, the jank thread's rule, and --fail-if rules that name
# nothing.
#
# Runs $TRACEVIEW (set by the Makefile's AM_TESTS_ENVIRONMENT) on the
# bundled sample and on traces written here byte by byte (clilib.sh);
# checks on the real traces in $TV_REAL_DIR are skipped when that folder is
# absent. Exit status: 0 all passed, 1 something failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# ---------------------------------------------------------------- --range outside the trace

# The sample's timeline runs from 0 to 13012.018 ms on the wall clock (the
# text report's "recording" line): a range from its last µs still meets a
# thread, one from the µs after it meets none.
run -r "$SAMPLE"
cp "$tmp/out" "$tmp/whole.txt"
run -r --range=20s..30s "$SAMPLE"
check "--range=20s..30s past a 13 s trace exits 0" status_is 0
check "--range past the end: one warning giving the trace's span" stderr_is \
	"traceview: warning: $SAMPLE: --range=20s..30s lies outside the trace: its timeline runs from 0 to 13012.018 ms (wall clock)"
check "--range past the end: the report as before, no thread selected" \
	stdout_has '^threads    0 of 56 selected$'
run -f json --range=13012018us.. "$SAMPLE"
check "--range from the last timestamp meets the trace: no warning" \
	eval '[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]'
run -f json --range=13012019us.. "$SAMPLE"
check "--range from the µs after the last timestamp: the warning" \
	stderr_has 'lies outside the trace: its timeline runs from 0 to 13012.018 ms'
run --diff --range=14s.. "$SAMPLE" "$SAMPLE"
check "--diff: the warning once per trace" \
	eval '[ "$rc" -eq 0 ] && [ "$(grep -c "lies outside the trace" "$tmp/err")" -eq 2 ]'
run --view=table --range=14s.. "$SAMPLE"
check "--view: the warning too" stderr_has 'range=14s.. lies outside the trace'

# ---------------------------------------------------------------- the jank thread

# The main thread: the one thread named main; else the one whose tid is
# the key's pid; else the first of the key's threads (among the --thread
# ones when given). Threads 5 "ui" and 7 "bg", listed 7 first; pid=5.
jank_trace() { # jank_trace [PID]: a dual trace, one call on each thread
	printf '*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n'
	[ $# -eq 0 ] || printf 'pid=%s\n' "$1"
	printf '*threads\n7\tbg\n5\tui\n*methods\n0x4\tcom.example.A\trun\t()V\tA.java\n*end\n'
	printf 'SLOW'; le 3 2; le 32 2; le 0 8; le 14 2; le 0 14
	rec 5 4 0 0; rec 5 5 10 20; rec 7 4 0 0; rec 7 5 10 20
}
jank_trace 5 >"$tmp/jank-pid.trace"
jank_trace >"$tmp/jank-first.trace"
run -f jank "$tmp/jank-pid.trace"
check "jank: no thread named main, the pid's thread" first_line_has "$tmp/out" '^Jank on thread 5 ui: 0 '
check "jank: the rule said" stdout_has \
	"^thread rule: pid (its tid is the key's pid; no one thread is named main)$"
run -f jank "$tmp/jank-first.trace"
check "jank: no main, no pid: the key's first thread" first_line_has "$tmp/out" '^Jank on thread 7 bg: 0 '
check "jank: the first rule said" stdout_has \
	"^thread rule: first (the first of the key's threads; none is named main or has the key's pid)$"
run -f jank -t 7 "$tmp/jank-pid.trace"
check "jank -t: the rule among the selected threads" stdout_has \
	"^thread rule: first (the first of the key's threads; none is named main or has the key's pid), among the selected threads$"
run -f jank "$SAMPLE"
check "jank on the sample: main, by name" stdout_has '^thread rule: main (the one thread named main)$'
if [ "$have_python" = yes ]; then
	run -f jank-json "$tmp/jank-pid.trace"
	check "jank-json: tid and thread_rule" json_ok "$tmp/out" \
		'd["tid"] == 5 and d["thread_rule"] == "pid" and list(d)[:4] == ["schema", "tid", "thread_rule", "frame_usec"]'
	run -f jank-json "$tmp/jank-first.trace"
	check "jank-json: the first rule" json_ok "$tmp/out" 'd["tid"] == 7 and d["thread_rule"] == "first"'
else
	skipped "jank-json: tid and thread_rule" "no python3"
	skipped "jank-json: the first rule" "no python3"
fi
# A real ART trace whose process thread is not called main: pid 3001's
# thread has 142 frames over budget; the key's first thread (13326) none.
LIKACI=${TV_REAL_DIR:-/nonexistent}/art-v3-dual-likaci-androidmethodtraceparser-cpu_trace.trace
if [ -r "$LIKACI" ] && [ "$have_python" = yes ]; then
	run -f jank-json "$LIKACI"
	check "likaci: jank on [3001] by the pid rule, 142 frames" json_ok "$tmp/out" \
		'd["tid"] == 3001 and d["thread_rule"] == "pid" and len(d["calls"]) == 142'
	run -f jank "$LIKACI"
	check "likaci: the text names the thread and the rule" eval \
		'first_line_has "$tmp/out" "^Jank on thread 3001 LauncherApplication-framethread: 142 frame-critical calls" && stdout_has "^thread rule: pid "'
else
	skipped "likaci: jank on [3001] by the pid rule" "no real traces or no python3"
	skipped "likaci: the text names the thread and the rule" "no real traces or no python3"
fi

# ---------------------------------------------------------------- --fail-if naming nothing

# A rule whose method or package has no call in either trace could never
# fire: one line, exit 2, nothing on standard output, whatever the other
# rules say (total:incl_cpu>=+0us holds on any pair).
nothing() { # nothing RULE: the line for a rule that names nothing
	echo "traceview: --fail-if=$1: no method with a call in either trace matches it"
}
for rule in 'com.nosuch.Foo.bar:incl_cpu>+1ms' 'Looper.loop:incl_cpu>+1ms' \
	'pkg:com.nosuch.*:excl_wall>0us' 'android.os.Looper.loop(I)V:calls>0'; do
	run --diff --fail-if="$rule" "$SAMPLE" "$SAMPLE"
	check "--fail-if=$rule names nothing: exit 2" status_is 2
	check "--fail-if=$rule: one line" stderr_is "$(nothing "$rule")"
done
run --diff --fail-if='total:incl_cpu>=+0us' --fail-if='Looper.loop:incl_cpu>+1ms' "$SAMPLE" "$SAMPLE"
check "a rule naming nothing beside one that holds: exit 2" status_is 2
check "... one line on stderr, nothing on stdout" \
	eval 'stderr_is "$(nothing "Looper.loop:incl_cpu>+1ms")" && [ ! -s "$tmp/out" ]'
run --diff -f json --fail-if='total:incl_cpu>=+0us' --fail-if='pkg:org.nosuch.*:calls>0' \
	"$SAMPLE" "$SAMPLE"
check "with -f: exit 2 before the report, one line" \
	eval '[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && stderr_is "$(nothing "pkg:org.nosuch.*:calls>0")"'
# After --thread, --range and --transform: ActivityThread.main runs only on
# [1] main, and merge takes it out of the trees.
run --diff -t 14 --fail-if='android.app.ActivityThread.main:calls>=0' "$SAMPLE" "$SAMPLE"
check "--thread leaves the method out: the rule names nothing" \
	stderr_is "$(nothing "android.app.ActivityThread.main:calls>=0")"
run --diff --transform=merge:android.app.ActivityThread.main \
	--fail-if='android.app.ActivityThread.main:calls>=0' "$SAMPLE" "$SAMPLE"
check "--transform merges the method away: the rule names nothing" status_is 2
run --diff --range=14s.. --fail-if='android.os.Looper.loop:calls>=0' "$SAMPLE" "$SAMPLE"
check "--range past the end: the rule names nothing" \
	eval '[ "$rc" -eq 2 ] && stderr_has "no method with a call in either trace matches it"'
run --diff -t 1 --fail-if='android.app.ActivityThread.main:calls>=0' "$SAMPLE" "$SAMPLE"
check "on its own thread the same rule holds: exit 3" status_is 3
check "... its line on stdout" stdout_has \
	'^FAIL android.app.ActivityThread.main:calls>=0: android/app/ActivityThread.main (\[Ljava/lang/String;)V calls 1 -> 1 (0, 0.0%)$'
run --diff --fail-if='android.os.Looper.loop:incl_cpu>+1ms' "$SAMPLE" "$SAMPLE"
check "a rule with a target that does not hold: exit 0" status_is 0

clilib_end
