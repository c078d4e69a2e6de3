#!/bin/sh
# cli_select.sh: black-box tests of what the command line selects: --range
# past the trace, --thread as a set (repeated, globs) in every output, the
# jank thread's rule, and --fail-if rules that name nothing.
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

# ---------------------------------------------------------------- --thread as a set

# Thread 1 main: A [0,100] cpu / [0,200] wall holding B and C; thread 2
# worker-1: B [0,5]/[0,10]; thread 3 worker-2: B [0,7]/[0,9] holding C
# [2,4]/[3,6]. Over worker-1 and worker-2 together: toplevel incl = the
# spans 5+7 = 12 cpu, 10+9 = 19 wall, excl 0; B 2 calls, incl 12/19, excl
# 5 + (7-2) = 10 cpu, 10 + (9-3) = 16 wall; C 1 call 2/3.
{
	abc_head 1 main 2 worker-1 3 worker-2
	rec 1 4 0 0; rec 1 8 10 20; rec 1 9 30 50; rec 1 12 40 60; rec 1 13 60 100
	rec 1 5 100 200; rec 2 8 0 0; rec 2 9 5 10
	rec 3 8 0 0; rec 3 12 2 3; rec 3 13 4 6; rec 3 9 7 9
} >"$tmp/set.trace"
T=$tmp/set.trace

run -r -t worker-1 -t 3 "$T"
cp "$tmp/out" "$tmp/set.txt"
check "-t repeated: the union" stdout_has '^threads    2 of 3 selected$'
check "-t repeated: thread time is the spans' sum" stdout_has '^thread time cpu 0.012 ms wall 0.019 ms$'
check "-t repeated: B over both threads" stdout_has \
	'^       100.0        0.012        83.3        0.010       100.0        0.019        84.2        0.016          2+0       0.006       0.010  com.example.B.work (I)V$'
run -r -t 'worker*' "$T"
check "-t GLOB: every matching name, the same report" cmp -s "$tmp/out" "$tmp/set.txt"
run -r -t 'worker*' -t 3 -t worker-2 "$T"
check "-t: a thread named twice counts once" cmp -s "$tmp/out" "$tmp/set.txt"
run -r -t worker "$T"
check "-t with an ambiguous plain prefix: still an error" stderr_is \
	"traceview: $T: thread 'worker' is ambiguous: [2] worker-1, [3] worker-2"
run -r -t main -t 'nosuch*' "$T"
check "-t GLOB naming nothing: no such thread, exit 2" \
	eval '[ "$rc" -eq 2 ] && stderr_is "traceview: $T: no such thread '"'"'nosuch*'"'"'; threads: [1] main, [2] worker-1, [3] worker-2"'
run -r -t SharedPreferencesImpl-load "$SAMPLE"
check "-t NAME shared by two threads: both" eval \
	'stdout_has "^threads    2 of 56 selected$" && stdout_has "  \[25\] SharedPreferencesImpl-load$" && stdout_has "  \[57\] SharedPreferencesImpl-load$"'
run -r -t main -t main "$T"
check "-t main twice: one thread" stdout_has '^threads    1 of 3 selected$'

run -f csv -t 'worker*' "$T"
check "csv over the set: the toplevel row" stdout_has \
	'^toplevel,,(toplevel),,,100.00,12,0.00,0,100.00,19,0.00,0,2,0,6.000,9.500'
run -f tree -t 'worker*' "$T"
check "tree over the set: toplevel 19 µs wall, B 2 calls, C below" eval '[ "$(sed 1d "$tmp/out")" = "      0.019 100.0%       0.000   0.0%          2  (toplevel)
      0.019 100.0%       0.016  84.2%          2    com.example.B.work (I)V
      0.003  15.8%       0.003  15.8%          1      com.example.C.tick ()V" ]'
run -f tree --invert -t 'worker*' "$T"
check "bottom-up over the set: B's excl 16, then C's 3" eval '[ "$(sed -n 2p "$tmp/out")" = "      0.019 100.0%       0.016  84.2%          2  com.example.B.work (I)V" ]'
run -f folded -t 'worker*' "$T"
check "folded over the set: B's own 10+6 µs wall, C's 3" eval '[ "$(cat "$tmp/out")" = "com.example.B.work 16
com.example.B.work;com.example.C.tick 3" ]'
run -f calls --method=com.example.B.work -t 'worker*' "$T"
check "calls over the set: both threads' B, not main's" eval \
	'[ "$(sed -n "4,5p" "$tmp/out" | awk "{print \$1}" | tr "\n" " ")" = "2 3 " ] && stdout_has "^Calls of com.example.B.work: 2 calls"'
run -f waits --min-wait=1us -t 'worker*' "$T"
check "waits over the set: a section per selected thread" eval \
	'[ "$(grep -c "^\[" "$tmp/out")" -eq 2 ] && stdout_has "^\[3\] worker-2$" && ! stdout_has "main"'
run --view=table -t 'worker*' --width=100 "$T"
check "--view=table over the set: B's incl CPU 0.012 and wall 0.019" stdout_has \
	'^com.example.B.work (I)V  *100.0%  *0.012  *0.010  *0.019  *2+0$'
run --view=calls --method=com.example.B.work -t 'worker*' --width=100 "$T"
check "--view=calls over the set: both threads' calls, the scope said" stdout_has '^ Calls of com.example.B.work (I)V: 2 calls on these 2 threads$'
run -f jank -t 'worker*' "$T"
check "jank over the set: the key's first of the selected threads" eval \
	'first_line_has "$tmp/out" "^Jank on thread 2 worker-1: " && stdout_has "^thread rule: first .*, among the selected threads$"'
run --view=jank -t 'worker*' "$T"
check "--view=jank over the set: the same thread, by the same rule" first_line_has "$tmp/out" '^ Jank on \[2\] worker-1 (rule: first): '
run --diff -t 'worker*' "$T" "$T"
check "--diff over the set: each run's selection" stdout_has \
	'^threads    base 2 of 3 selected, new 2 of 3 selected$'
if [ "$have_python" = yes ]; then
	run -f json -t 'worker*' "$T"
	check "json over the set: threads 2 and 3, the toplevel and B as by hand" json_ok "$tmp/out" \
		'[t["tid"] for t in d["threads"]] == [2, 3] and (d["toplevel"]["incl_cpu_usec"], d["toplevel"]["incl_wall_usec"], d["toplevel"]["excl_wall_usec"]) == (12, 19, 0) and [(m["id"], m["calls"], m["incl_wall_usec"], m["excl_cpu_usec"], m["excl_wall_usec"]) for m in d["methods"]] == [("0x8", 2, 19, 10, 16), ("0xc", 1, 3, 2, 3)]'
	run --diff -f json -t 'worker*' "$T" "$T"
	check "--diff json over the set: 2 threads, no single tid" json_ok "$tmp/out" \
		'd["base"]["threads"] == 2 and d["base"]["tid"] is None'
	for fmt in chrome speedscope; do
		run -f $fmt -t 'worker*' "$T"
		cp "$tmp/out" "$tmp/set.$fmt"
	done
	check "chrome over the set: events of threads 2 and 3 only" json_ok "$tmp/set.chrome" \
		'sorted({e["tid"] for e in d["traceEvents"] if e["ph"] in "BE"}) == [2, 3]'
	check "speedscope over the set: a profile per selected thread" json_ok "$tmp/set.speedscope" \
		'sorted(p["name"] for p in d["profiles"]) == ["[2] worker-1", "[3] worker-2"]'

	# On the sample, threads 1 and 14 together: every method's numbers and
	# the toplevel are the sums of the two threads' own (recursion never
	# spans threads), and toplevel incl is the sum of their spans.
	for sel in "-t 1" "-t 14" "-t main -t 14"; do
		run -f json $sel "$SAMPLE"
		cp "$tmp/out" "$tmp/s$(echo "$sel" | tr -dc '0-9a-z').json"
	done
	check "the sample over threads 1 and 14: the sums of each thread's numbers" python3 - \
		"$tmp/st1.json" "$tmp/st14.json" "$tmp/stmaint14.json" <<'PYEOF'
import json, sys
a, b, both = (json.load(open(f)) for f in sys.argv[1:])
keys = ("calls", "recursive_calls", "incl_cpu_usec", "excl_cpu_usec", "incl_wall_usec",
        "excl_wall_usec")
def by_id(d):
    return {m["id"]: m for m in d["methods"]}
ma, mb, mboth = by_id(a), by_id(b), by_id(both)
zero = dict.fromkeys(keys, 0)
ok = set(mboth) == set(ma) | set(mb)
for i, m in mboth.items():
    ok &= all(m[k] == ma.get(i, zero)[k] + mb.get(i, zero)[k] for k in keys)
top = both["toplevel"]
ok &= [t["tid"] for t in both["threads"]] == [1, 14]
for c in ("cpu", "wall"):
    ok &= top["incl_%s_usec" % c] == sum(t["%s_usec" % c] for t in both["threads"])
    ok &= top["incl_%s_usec" % c] == a["toplevel"]["incl_%s_usec" % c] + b["toplevel"]["incl_%s_usec" % c]
    ok &= top["excl_%s_usec" % c] == a["toplevel"]["excl_%s_usec" % c] + b["toplevel"]["excl_%s_usec" % c]
ok &= (top["incl_cpu_usec"], top["incl_wall_usec"]) == (1459503 + 27903, 6497565 + 11262582)
sys.exit(0 if ok else 1)
PYEOF
else
	skipped "json, chrome, speedscope over a set" "no python3"
fi

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
# The causes of real frames, checked by hand against --format=json -t TID
# --range=START..END over each frame: likaci's longest frame (848983 µs
# wall) has 770266 µs framework (90.7%), its path ending in 0x4f8; the
# firefox trace's third frame over 1 ms on main (201491 µs) waits 68948
# µs in Object.wait and what it called (34.2%).
FIREFOX=${TV_REAL_DIR:-/nonexistent}/art-v3-dual-firefoxprofiler-art-trace-regular.trace
if [ -r "$LIKACI" ] && [ -r "$FIREFOX" ] && [ "$have_python" = yes ]; then
	run -f jank-json "$LIKACI"
	check "likaci: the longest frame's cause" json_ok "$tmp/out" \
		'd["calls"][0]["incl_wall_usec"] == 848983 and d["calls"][0]["cause"] == {"category": "framework", "share": 90, "method": "0x4f8"}'
	run -f jank --frame=1ms -t main "$FIREFOX"
	check "firefox: a frame that waited, blocked 34%" eval \
		'sed -n 13p "$tmp/out" | grep -q "^      cause: blocked 34%: java.lang.Object.wait$"'
else
	skipped "likaci: the longest frame's cause" "no real traces or no python3"
	skipped "firefox: a frame that waited, blocked 34%" "no real traces or no python3"
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
