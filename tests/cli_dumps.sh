#!/bin/sh
# cli_dumps.sh: black-box tests of the command line on ART's low-overhead
# dumps and the ANR reports that carry them (docs/numbers.md, "Traces
# without time"): --range in events, the outputs that refuse a trace
# without time, --sort and --fail-if on one, --format=dump with --pid,
# and a long-running dump's assumed tick rate in every report.
#
# Runs $TRACEVIEW on the fuzz seeds of tests/fuzz/seeds.c (written by
# tests/lodumpgen.c): an all-methods dump and an ANR report with two
# long-running dumps. Exit status: 0 all passed, 1 something failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# Thread 1234 of the all-methods seed: 0 enter A, 1 enter B, 2 enter B,
# 3 exit, 4 exit, 5 exit (A), 6 an exit with nothing open, 7 enter C,
# 8 enter A (open at the end). Thread 1240: 0-2 exits with nothing open,
# 3 enter C, 4 enter A, 5 enter A, 6 enter B, 7 enter B, 8 exit.
ALL="$srcdir/tests/fuzz/corpus/lodump/gen-lo-packets-all"
ANR="$srcdir/tests/fuzz/corpus/anr/gen-traces"
TICKS="$srcdir/tests/fuzz/corpus/lodump/gen-lo-packets-long-ticks"

# ---------------------------------------------------------------- --range in events

# [2, 6) keeps records 2..5 of each thread (4) and spans 4 events each.
run -f json --range=2ev..6ev "$ALL"
check "--range=2ev..6ev on a dump without time: exits 0" status_is 0
check "--range in events: no message" test ! -s "$tmp/err"
if [ $have_python = yes ]; then
	check "--range in events: the range in events, no µs" json_ok "$tmp/out" \
		'd["range"] == {"clock": "sequence", "start_usec": None, "end_usec": None, "start_event": 2, "end_event": 6}'
	check "--range in events: 4 records and 4 events per thread" json_ok "$tmp/out" \
		'[(t["records"], t["span_events"], t["wall_usec"]) for t in d["threads"]] == [(4, 4, None), (4, 4, None)]'
	check "--range in events: the toplevel spans 8 events" json_ok "$tmp/out" \
		'd["toplevel"]["incl_events"] == 8 and d["toplevel"]["incl_wall_usec"] is None'
fi
run -r --range=2ev.. "$ALL"
check "the text report: the range in events" stdout_has '^range      events 2 \.\.  (on the timeline)$'
run -r --range=1ms..2ms "$ALL"
check "--range in ms on a dump without time: exits 2" status_is 2
check "--range in ms on a dump without time: one line asking for events" stderr_is \
	"traceview: $ALL: --range=1ms..2ms: this trace has no time (its axis counts events): give the range in events, e.g. --range=100ev..500ev"
run -r --range=2ev..6ev "$SAMPLE"
check "--range in events on a trace with time: exits 2" status_is 2
check "--range in events on a trace with time: one line" stderr_is \
	"traceview: $SAMPLE: --range=2ev..6ev: ev counts events, for dumps without time; this trace has time: use us, ms or s"
run --view=table --range=1s.. "$ALL"
check "--view: a time range on a dump without time exits 2" status_is 2
run --diff --range=1ev.. "$ALL" "$SAMPLE"
check "--diff: a range fitting one trace only exits 2" status_is 2
check "--diff: the line names the trace it does not fit" stderr_has "^traceview: $SAMPLE: --range=1ev..: "
run -r --range=2ev..5ms "$ALL"
check "--range mixing events and time: exits 2" status_is 2
check "--range mixing events and time: a usage line" stderr_is \
	"traceview: --range: both ends in events (ev) or both in time (us, ms, s) (got '2ev..5ms')"
run -r --range=2.5ev.. "$ALL"
check "--range with a fraction of an event: a usage line" stderr_is \
	"traceview: --range: an event number is a whole number (ev) (got '2.5ev..')"
run -r --range=20ev.. "$ALL"
check "--range past a dump without time: the warning in events" stderr_is \
	"traceview: warning: $ALL: --range=20ev.. lies outside the trace: its timeline runs from 0 to 8 events (no time)"
run -r --min-wait=5ev "$SAMPLE"
check "--min-wait takes no events" status_is 2

# ---------------------------------------------------------------- outputs that need time

run -f chrome "$ALL"
check "--format=chrome on a dump without time: exits 2" status_is 2
check "--format=chrome: one line naming the exports that take it" stderr_is \
	"traceview: $ALL: --format=chrome needs times and this trace has none (clock=sequence: its axis counts events); speedscope and folded take it"
check "--format=chrome: nothing on standard output" test ! -s "$tmp/out"
run -f waits "$ALL"
check "--format=waits on a dump without time: both clocks, none there" stderr_is \
	"traceview: $ALL: --format=waits needs both clocks; the trace has none (clock=sequence)"
run -f jank-json "$ALL"
check "--format=jank-json on a dump without time: exits 2" status_is 2
check "--format=jank-json: it needs a wall clock" stderr_is \
	"traceview: $ALL: --format=jank-json needs a wall clock (clock=sequence)"
run -f speedscope "$ALL"
check "--format=speedscope: unit none" stdout_has '"unit": "none", "startValue": 0, "endValue": 8'

# Folded stacks count calls: thread 1234 has A;B;B once and C;A once,
# thread 1240 C;A twice (A in A), so "C;A" is 1 + 1.
run -f folded "$ALL"
check "--format=folded counts calls" stdout_has '^com\.example\.C\.open;com\.example\.A\.run 2$'
check "--format=folded: a call with no events counts too" \
	stdout_has '^(caller not in the dump);(caller not in the dump) 1$'

# ---------------------------------------------------------------- --sort, --fail-if, --diff

run -f tree --sort=excl_events "$ALL"
check "--sort=excl_events on a dump without time" first_line_has "$tmp/out" \
	'siblings sorted by excl_events, largest first)$'
run -f tree --sort=incl_events "$SAMPLE"
check "--sort=incl_events on a trace with time: exits 2" status_is 2
check "--sort=incl_events on a trace with time: one line" stderr_is \
	"traceview: $SAMPLE: --sort=incl_events: only a dump without time counts events; this trace has time (clock=dual)"
run --diff --fail-if='total:incl_wall>+1%' "$ALL" "$ALL"
check "--fail-if on wall time with a dump without time: exits 2" status_is 2
check "--fail-if on wall time: the dump has no wall clock" stderr_has \
	"has no wall clock (clock=sequence)$"
run --diff --fail-if='*:calls>+0' "$ALL" "$ALL"
check "--fail-if on calls with dumps without time: exits 0" status_is 0
run --diff "$ALL" "$ALL"
check "--diff of dumps without time compares calls" \
	stdout_has '^clocks     none recorded by both (a dump without time: calls compared)$'

# ---------------------------------------------------------------- --format=dump and --pid

run -f dump "$ANR"
check "--format=dump of an ANR report: exits 0" status_is 0
check "--format=dump: the first dump, and the note" stdout_has '^# option pid=111$'
check "--format=dump: the note names the other dump" stderr_is \
	"traceview: $ANR: 2 long-running method dumps in this file: reading pid 111 (com.example.one); also pid 222 (system_server); --pid=PID picks one"
check "--format=dump: a dump has no header" first_line_has "$tmp/out" \
	'^# traceview dump: no header, clock wall, 18 records$'
run -f dump --pid=222 "$ANR"
check "--format=dump --pid=222: that process's dump" stdout_has '^# option pid=222$'
check "--format=dump --pid=222: no note" test ! -s "$tmp/err"
run -f dump --pid=333 "$ANR"
check "--format=dump --pid of no dump: exits 2" status_is 2
run -f dump "$ALL"
check "--format=dump of a dump without time: events where wall would be" stdout_has \
	'^#   tid act        cpu      event  method (indented by depth)$'

# ---------------------------------------------------------------- the process and the tick rate

run -r --pid=222 "$ANR"
check "the text report names the process" stdout_has '^process    system_server$'
TICKWARN='long-running dump in counter ticks: the rate (24.576 MHz) is assumed, the dump does not say'
run -r "$TICKS"
check "the assumed tick rate: in the text report" stdout_has "^  1 $TICKWARN"
run -f json "$TICKS"
check "the assumed tick rate: in the JSON report" stdout_has "\"1 $TICKWARN"
if [ $have_python = yes ]; then
	check "a long-running dump: wall µs, version null" json_ok "$tmp/out" \
		'd["clock"] == "wall" and d["version"] is None and d["toplevel"]["incl_wall_usec"] > 0'
fi

clilib_end
