#!/bin/sh
# cli.sh: black-box tests of the traceview command line.
#
# Runs the program named by $TRACEVIEW (set by the Makefile's
# AM_TESTS_ENVIRONMENT) on the bundled sample trace and on files made on the
# spot, and checks exit statuses, messages and outputs. Checks on the real
# traces in $TV_REAL_DIR are skipped when that folder is absent.
# Exit status: 0 all passed, 1 something failed (automake's plain protocol).

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# ---------------------------------------------------------------- help, version

run --help
check "--help exits 0" status_is 0
for opt in -f --format -t --thread -o --output -r --regression -h --help -V --version text csv json \
	folded chrome speedscope dump tree tree-json --clock --signatures --per-thread --diff --mapping \
	--color --ascii --invert --depth --min; do
	check "--help mentions $opt" stdout_has "$opt"
done
run -h
check "-h exits 0" status_is 0

run --version
check "--version exits 0" status_is 0
check "--version names the program and a version" stdout_has '^traceview [0-9]'
# Whether this build reads zstd: --version says, and the build agrees.
if stdout_has '^compressed traces: gzip, zstd$'; then have_zstd=yes
elif stdout_has '^compressed traces: gzip (built without zstd)$'; then have_zstd=no
else have_zstd=unknown
fi
check "--version lists the compressions read" eval '[ $have_zstd != unknown ]'
if [ -n "${TV_HAVE_ZSTD:-}" ]; then
	check "--version's zstd is configure's ($TV_HAVE_ZSTD)" eval '[ $have_zstd = "$TV_HAVE_ZSTD" ]'
fi
run -V
check "-V exits 0" status_is 0

# ---------------------------------------------------------------- formats

run --format=text "$SAMPLE"
check "--format=text exits 0" status_is 0
check "text report is not empty" nonempty
cp "$tmp/out" "$tmp/sample.txt"

run -r "$SAMPLE"
check "-r exits 0" status_is 0
check "-r prints the text report" cmp -s "$tmp/out" "$tmp/sample.txt"

run --format=csv "$SAMPLE"
check "--format=csv exits 0" status_is 0
check "CSV has a header line and rows" test "$(wc -l <"$tmp/out")" -gt 2
check "CSV header is comma-separated" first_line_has "$tmp/out" ,

run -f json "$SAMPLE"
check "-f json exits 0" status_is 0
cp "$tmp/out" "$tmp/sample.json"
run --format=json "$SAMPLE"
check "--format=json equals -f json" cmp -s "$tmp/out" "$tmp/sample.json"
if [ $have_python = yes ]; then
	check "JSON parses" json_ok "$tmp/sample.json"
	check "JSON has the spec's fields" json_ok "$tmp/sample.json" \
		'd["version"] == 3 and d["streaming"] is False and d["clock"] == "dual" and d["records"] == 15773 and len(d["threads"]) > 1 and isinstance(d["methods"], list) and "children" in d["toplevel"] and isinstance(d["warnings"], list)'
	# -r leaves out of its categories the threads JSON has at 0 throughout.
	idle=$(sed -n 's/^\([0-9]*\) threads with no busy time on either clock left out$/\1/p' "$tmp/sample.txt")
	check "-r: 30 idle threads left out of the categories" [ "$idle" = 30 ]
	check "-r: the idle threads are the JSON's with every category 0" json_ok "$tmp/sample.json" \
		'sum(all(v["cpu_usec"] == 0 and v["wall_usec"] == 0 for v in t["categories"].values()) for t in d["threads"]) == 30'
else
	skipped "JSON parses" "no python3"
	skipped "JSON has the spec's fields" "no python3"
	skipped "-r: idle threads left out of the categories" "no python3"
	skipped "-r: the idle threads are the JSON's" "no python3"
fi

run --format=xml "$SAMPLE"
check "unknown format exits 2" status_is 2
check "unknown format: one line listing the formats" \
	stderr_is "traceview: unknown format 'xml' (expected text, csv, json, folded, chrome, dump, speedscope, tree, tree-json, waits, waits-json, calls, calls-csv, calls-json, jank, jank-json)"

# ---------------------------------------------------------------- -o FILE

run --format=json -o "$tmp/o.json" "$SAMPLE"
check "-o exits 0" status_is 0
check "-o leaves stdout empty" test ! -s "$tmp/out"
check "-o writes the report to FILE" cmp -s "$tmp/o.json" "$tmp/sample.json"

if [ -w /dev/full ]; then
	run --format=json -o /dev/full "$SAMPLE"
	check "-o /dev/full exits 1" status_is 1
	check "-o /dev/full says so on stderr" test -s "$tmp/err"
	"$TRACEVIEW" --format=text "$SAMPLE" >/dev/full 2>"$tmp/err"
	rc=$?
	check "stdout on /dev/full exits 1" status_is 1
else
	skipped "-o /dev/full exits 1" "no /dev/full"
fi

# ---------------------------------------------------------------- --thread

run --format=json --thread=1 "$SAMPLE"
check "--thread=1 exits 0" status_is 0
cp "$tmp/out" "$tmp/t1.json"
run -f json -t 1 "$SAMPLE"
check "-t 1 equals --thread=1" cmp -s "$tmp/out" "$tmp/t1.json"
if [ $have_python = yes ]; then
	check "--thread=1 selects one thread" json_ok "$tmp/t1.json" \
		'len(d["threads"]) == 1 and d["threads"][0]["tid"] == 1 and d["threads"][0]["name"] == "main"'
	check "--thread keeps the file's record count" json_ok "$tmp/t1.json" 'd["records"] == 15773'
else
	skipped "--thread=1 selects one thread" "no python3"
	skipped "--thread keeps the file's record count" "no python3"
fi
run --format=json --thread=999999 "$SAMPLE"
check "--thread with an absent tid exits 2" status_is 2
check "--thread with an absent tid: one line naming the file" one_error_line "$SAMPLE"
# By name: exact, unique prefix, hex id; each the same report as -t 1.
for spec in main ma 0x1 0X01; do
	run -f json -t "$spec" "$SAMPLE"
	check "-t $spec exits 0" status_is 0
	check "-t $spec selects thread 1" cmp -s "$tmp/out" "$tmp/t1.json"
done
run -f json -t 'OkHttp ConnectionPool' "$SAMPLE"
check "-t with a name holding a space exits 0" status_is 0
if [ $have_python = yes ]; then
	check "-t 'OkHttp ConnectionPool' selects tid 13" json_ok "$tmp/out" \
		'[t["tid"] for t in d["threads"]] == [13]'
	run -f json -t RefQueueWorker@org.apache.http.impl.conn.tsccm.ConnPoolByRoute@4511 "$SAMPLE"
	check "-t with a unique prefix of a long name selects tid 67" json_ok "$tmp/out" \
		'[t["tid"] for t in d["threads"]] == [67]'
else
	skipped "-t by name selects the thread" "no python3"
fi
run -r -t Binder "$SAMPLE"
check "-t with an ambiguous prefix exits 2" status_is 2
check "-t with an ambiguous prefix lists the matches" \
	stderr_is "traceview: $SAMPLE: thread 'Binder' is ambiguous: [9] Binder_1, [10] Binder_2, [18] Binder_3"
# A name two threads share names both (--thread selects a set:
# cli_select.sh); only a prefix of several names is ambiguous.
run -r -t SharedPreferencesImpl-load "$SAMPLE"
check "-t with a name two threads share exits 0" status_is 0
check "-t with a name two threads share selects both" stdout_has '^threads    2 of 56 selected$'
run -r -t nosuch "$SAMPLE"
check "-t with an unknown name exits 2" status_is 2
check "-t with an unknown name lists the first 20 threads and a count" \
	stderr_is "traceview: $SAMPLE: no such thread 'nosuch'; threads: [1] main, [2] GC, [3] Signal Catcher, [4] JDWP, [5] Compiler, [6] ReferenceQueueDaemon, [7] FinalizerDaemon, [8] FinalizerWatchdogDaemon, [9] Binder_1, [10] Binder_2, [11] FileObserver, [12] pool-1-thread-1, [13] OkHttp ConnectionPool, [14] Thread-360, [15] Timer-0, [16] serviceThread, [17] locationThread, [18] Binder_3, [19] WifiManager, [20] AsyncTask #1, ... and 36 more"
run -r -t '' "$SAMPLE"
check "-t '' exits 2" status_is 2
check "-t '' says what --thread needs" stderr_is "traceview: --thread needs a thread id or name"
run --diff -f json -t main "$SAMPLE" "$SAMPLE"
check "--diff -t main exits 0" status_is 0
if [ $have_python = yes ]; then
	check "--diff -t main compares thread 1 of each" json_ok "$tmp/out" \
		'd["base"]["tid"] == 1 and d["new"]["tid"] == 1'
fi
run --diff -t nosuch "$SAMPLE" "$SAMPLE"
check "--diff -t nosuch exits 2" status_is 2
check "--diff -t nosuch names BASE" first_line_has "$tmp/err" "^traceview: $SAMPLE: no such thread 'nosuch'"

# Thread names in these messages are escaped like the text report's.
{
	printf '*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n'
	printf '*threads\n1\tev\033[31mil\007x\n2\tevil2\n'
	printf '*methods\n0x4\tcom.example.Evil\trun\t()V\tEvil.java\n*end\n'
	# SLOW, version 3, data at 32, start time 0, record size 14, padding.
	printf 'SLOW\003\000\040\000\000\000\000\000\000\000\000\000\016\000'
	printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000'
	# tids 1 and 2 each enter and exit 0x4.
	printf '\001\000\004\000\000\000\000\000\000\000\000\000\000\000'
	printf '\001\000\005\000\000\000\144\000\000\000\310\000\000\000'
	printf '\002\000\004\000\000\000\000\000\000\000\000\000\000\000'
	printf '\002\000\005\000\000\000\144\000\000\000\310\000\000\000'
} >"$tmp/evil.trace"
run -r -t ev "$tmp/evil.trace"
check "-t ev on hostile names exits 2" status_is 2
check "-t ev: the names are escaped, no ESC or BEL reaches stderr" \
	stderr_is "traceview: $tmp/evil.trace: thread 'ev' is ambiguous: [1] ev\\x1b[31mil\\x07x, [2] evil2"
run -r -t "$(printf 'x\033]0;t\007')" "$tmp/evil.trace"
check "-t with control bytes: echoed escaped" \
	stderr_is "traceview: $tmp/evil.trace: no such thread 'x\\x1b]0;t\\x07'; threads: [1] ev\\x1b[31mil\\x07x, [2] evil2"
run -f json -t evil "$tmp/evil.trace"
check "-t evil: the unique prefix of evil2" status_is 0

# ---------------------------------------------------------------- call trees

# Thread 1: A [0,100] cpu / [0,200] wall, holding B [10,30]/[20,50] and C
# [40,60]/[60,100]; thread 2: B [0,5]/[0,10]. Wall: toplevel 210, A excl
# 200 - 30 - 40 = 130; CPU: toplevel 105, A excl 100 - 20 - 20 = 60.
{
	abc_head 1 main 2 worker
	rec 1 4 0 0; rec 1 8 10 20; rec 1 9 30 50; rec 1 12 40 60; rec 1 13 60 100
	rec 1 5 100 200; rec 2 8 0 0; rec 2 9 5 10
} >"$tmp/tree.trace"

# Percentages of the toplevel's 210 µs wall: 200 -> 95.2, 130 -> 61.9,
# 40 -> 19.0, 30 -> 14.3, 10 -> 4.8. The first line names the clock the
# tree chose (wall: the view's trees sort by CPU) and the order.
cat >"$tmp/tree.want" <<'END'
  incl wall      %   excl wall      %      calls  method (ms; siblings sorted by incl_wall, largest first)
      0.210 100.0%       0.000   0.0%          2  (toplevel)
      0.200  95.2%       0.130  61.9%          1    com.example.A.run ()V
      0.040  19.0%       0.040  19.0%          1      com.example.C.tick ()V
      0.030  14.3%       0.030  14.3%          1      com.example.B.work (I)V
      0.010   4.8%       0.010   4.8%          1    com.example.B.work (I)V
END
run --format=tree "$tmp/tree.trace"
check "--format=tree exits 0" status_is 0
check "--format=tree: the top-down tree, heaviest child first" cmp -s "$tmp/out" "$tmp/tree.want"
run --format=tree --depth=1 "$tmp/tree.trace"
check "--depth=1: the root and its children only" \
	eval '[ "$(cat "$tmp/out")" = "$(sed -n "1p;2p;3p;6p" "$tmp/tree.want")" ]'
run --format=tree --clock=wall "$tmp/tree.trace"
check "--clock=wall: the same tree, its title naming the clock" cmp -s "$tmp/out" "$tmp/tree.want"
run --format=tree --clock=cpu "$tmp/tree.trace"
check "--clock=cpu: the title names cpu" \
	eval 'sed -n 1p "$tmp/out" | grep -q "^   incl cpu .* excl cpu .*sorted by incl_cpu, largest first)$"'
# B at the root (4.8%) is under 10%: one "… 1 more" line at its level.
run --format=tree --min=10 "$tmp/tree.trace"
check "--min=10 exits 0" status_is 0
check "--min=10: pruned siblings become one '… N more' line" \
	eval '[ "$(cat "$tmp/out")" = "$(sed -n "1,5p" "$tmp/tree.want")
                                                    … 1 more" ]'
run --format=tree --min=19.05 "$tmp/tree.trace"
check "--min=19.05: C's 19.048% is below it, and so is B" \
	eval '[ "$(sed -n 4p "$tmp/out")" = "                                                      … 2 more" ]'
# Bottom-up by excl: A 130, then B and C tie at 40 (B's id is lower). B's
# call in thread 2 starts at a thread root: it has no caller row.
cat >"$tmp/inv.want" <<'END'
  incl wall      %   excl wall      %      calls  method (ms; siblings sorted by excl_wall, largest first)
      0.200  95.2%       0.130  61.9%          1  com.example.A.run ()V
      0.040  19.0%       0.040  19.0%          2  com.example.B.work (I)V
      0.030  14.3%       0.030  14.3%          1    com.example.A.run ()V
      0.040  19.0%       0.040  19.0%          1  com.example.C.tick ()V
      0.040  19.0%       0.040  19.0%          1    com.example.A.run ()V
END
run --format=tree --invert "$tmp/tree.trace"
check "--invert exits 0" status_is 0
check "--invert: the bottom-up tree, by excl" cmp -s "$tmp/out" "$tmp/inv.want"
run --format=tree --invert --depth=1 --min=50 "$tmp/tree.trace"
check "--invert --depth=1 --min=50: one root and '… 2 more'" \
	eval '[ "$(cat "$tmp/out")" = "$(sed -n 1,2p "$tmp/inv.want")
                                                  … 2 more" ]'
# Waits are wall less CPU: toplevel 210 - 105, A 200 - 100 and 130 - 60.
cat >"$tmp/tree.json.want" <<'END'
{"schema": 2, "clock": "cpu", "root":
{"id": "toplevel", "class": null, "name": null, "signature": null, "calls": 2, "incl_cpu_usec": 105, "excl_cpu_usec": 0, "incl_wall_usec": 210, "excl_wall_usec": 0, "incl_wait_usec": 105, "excl_wait_usec": 0, "children": [
{"id": "0x4", "class": "com.example.A", "name": "run", "signature": "()V", "calls": 1, "incl_cpu_usec": 100, "excl_cpu_usec": 60, "incl_wall_usec": 200, "excl_wall_usec": 130, "incl_wait_usec": 100, "excl_wait_usec": 70, "children": []}]}
}
END
run --format=tree-json --clock=cpu --depth=1 --min=50 "$tmp/tree.trace"
check "--format=tree-json exits 0" status_is 0
check "tree-json --clock=cpu --depth=1 --min=50: exact, no '… more'" \
	cmp -s "$tmp/out" "$tmp/tree.json.want"
if [ "$have_python" = yes ]; then
	# By CPU, A's children B and C tie at 20 µs: B (0x8) first.
	run --format=tree-json --clock=cpu "$tmp/tree.trace"
	check "tree-json parses; CPU order breaks the tie by id" json_ok "$tmp/out" \
		'[c["id"] for c in d["root"]["children"][0]["children"]] == ["0x8", "0xc"] and d["root"]["children"][0]["children"][0]["children"] == []'
	run --format=tree-json --invert -t worker "$tmp/tree.trace"
	check "tree-json --invert -t worker: one root, B, no callers" json_ok "$tmp/out" \
		'd["clock"] == "wall" and len(d["roots"]) == 1 and d["roots"][0]["id"] == "0x8" and d["roots"][0]["calls"] == 1 and d["roots"][0]["excl_wall_usec"] == 10 and d["roots"][0]["children"] == []'
	run --format=tree-json --invert "$SAMPLE"
	check "tree-json --invert on the sample parses" json_ok "$tmp/out" 'len(d["roots"]) > 100'
else
	skipped "tree-json parses" "no python3"
fi
for bad in 0 -1 x 1.5 ''; do
	run --format=tree --depth="$bad" "$tmp/tree.trace"
	check "--depth='$bad' exits 2" status_is 2
	check "--depth='$bad': one line" \
		stderr_is "traceview: --depth needs a whole number of levels, 1 or more (got '$bad')"
done
for bad in x 101 -1 100.5 '' . 5%%; do
	run --format=tree --min="$bad" "$tmp/tree.trace"
	check "--min='$bad' exits 2" status_is 2
	check "--min='$bad': one line" \
		stderr_is "traceview: --min needs a percentage from 0 to 100 (got '$bad')"
done
run --format=tree --min=100% "$tmp/tree.trace"
check "--min=100% is a percentage: only the root is left" \
	eval '[ "$(sed -n 1,2p "$tmp/out")" = "$(sed -n 1,2p "$tmp/tree.want")" ] && [ "$(wc -l <"$tmp/out")" -eq 3 ]'
run --format=json --invert --depth=2 "$tmp/tree.trace"
check "tree options with another format: one warning each" \
	eval '[ "$(cat "$tmp/err")" = "traceview: warning: --invert has no effect with --format=json
traceview: warning: --depth has no effect with --format=json" ]'

# ---------------------------------------------------------------- calls, jank, --fail-if

# Every call of B on tree.trace: worker's B at 0 (wall 10, cpu 5), main's
# at 20 under A (wall 30, cpu 20, wait 10, depth 2).
printf '%s\r\n' 'tid,id,method,start_usec,incl_wall_usec,incl_cpu_usec,wait_usec,depth,caller_id,caller' \
	'2,0x8,com.example.B.work (I)V,0,10,5,5,1,toplevel,(toplevel)' \
	'1,0x8,com.example.B.work (I)V,20,30,20,10,2,0x4,com.example.A.run ()V' >"$tmp/calls.want"
run --format=csv --transform='collapse:com.example.B' "$tmp/tree.trace"
check "csv after a collapse: the synthetic id, 25 of 105 cpu, 40 of 210 wall" stdout_has \
	'^collapse:com\.example\.B,com\.example\.B,,,,23\.81,25,23\.81,25,19\.05,40,19\.05,40,2,0,12\.500,20\.000'
check "csv after a collapse: A keeps its id" stdout_has '^0x4,com\.example\.A,run,'
run --diff -f csv --transform='collapse:com.example.B' "$tmp/tree.trace" "$tmp/tree.trace"
check "diff csv after a collapse: the synthetic id on both sides" stdout_has \
	'^same,com\.example\.B,,,25,25,.*,collapse:com\.example\.B,collapse:com\.example\.B'
run --format=calls-csv --method=com.example.B.work "$tmp/tree.trace"
check "--format=calls-csv exits 0" status_is 0
check "calls-csv: every call of B by start" cmp -s "$tmp/out" "$tmp/calls.want"
run --format=calls --method='com.example.B.work(I)V' -t main "$tmp/tree.trace"
check "--format=calls with a signature and --thread exits 0" status_is 0
check "calls: the summary of main's one call" stdout_has \
	'^Summary of incl wall (ms): count 1  min 0.030  mean 0.030  p50 0.030  p95 0.030  max 0.030$'
run --format=calls --method=com.example.B.work --clock=cpu "$tmp/tree.trace"
check "calls --clock=cpu: the summary on CPU (5, 20: mean 12)" stdout_has \
	'^Summary of incl cpu (ms): count 2  min 0.005  mean 0.012  p50 0.005  p95 0.020  max 0.020$'
if [ "$have_python" = yes ]; then
	run --format=calls-json --method=0x8 "$tmp/tree.trace"
	check "calls-json parses: two calls, nearest-rank summary" json_ok "$tmp/out" \
		'd["schema"] == 2 and d["method"] == "0x8" and [c["tid"] for c in d["calls"]] == [2, 1] and d["calls"][1]["caller"] == "0x4" and d["summary"] == {"clock": "wall", "count": 2, "min_usec": 10, "mean_usec": 20, "p50_usec": 10, "p95_usec": 30, "max_usec": 30}'
	run --format=calls-json --transform='collapse:com.example.*' \
		--method='collapse:com.example.*' "$tmp/tree.trace"
	check "calls-json after a collapse: the synthetic id as a string" json_ok "$tmp/out" \
		'[c["id"] for c in d["calls"]] == ["collapse:com.example.*"] * 2 and all(c["caller"] == "toplevel" for c in d["calls"])'
	# The synthetic method of a collapse is "collapse:GLOB" in every
	# output with ids, real methods keep theirs (B: 20 + 5 cpu, 30 + 10
	# wall, two calls).
	run --format=tree-json --transform='collapse:com.example.B' "$tmp/tree.trace"
	check "tree-json after a collapse: the synthetic id, A's own" json_ok "$tmp/out" \
		'[(k["id"], k["class"], k["name"]) for k in d["root"]["children"][0]["children"]] == [("0xc", "com.example.C", "tick"), ("collapse:com.example.B", "com.example.B", "")] and d["root"]["children"][0]["id"] == "0x4"'
	run --diff -f json --transform='collapse:com.example.B' "$tmp/tree.trace" "$tmp/tree.trace"
	check "diff json after a collapse: the synthetic id on both sides" json_ok "$tmp/out" \
		'[(m["base"]["id"], m["new"]["id"]) for m in d["methods"] if m["class"] == "com.example.B"] == [("collapse:com.example.B",) * 2] and [m["base"]["id"] for m in d["methods"] if m["class"] == "com.example.A"] == ["0x4"]'
	run --format=jank-json --frame=11.1ms "$tmp/tree.trace"
	check "jank-json on a trace without frame-critical calls: none, main's tid" json_ok \
		"$tmp/out" 'd == {"schema": 2, "tid": 1, "thread_rule": "main", "frame_usec": 11100, "calls": []}'
else
	skipped "calls-json and jank-json parse" "no python3"
fi
run --format=calls "$tmp/tree.trace"
check "--format=calls without --method exits 2" status_is 2
check "calls without --method: the message" stderr_is \
	"traceview: --format=calls needs --method=M (Class.name, Class.name(signature) or 0x1a2b)"
run --format=calls --method=work "$tmp/tree.trace"
check "--method without a class exits 2" status_is 2
check "--method=work: the message" stderr_is \
	"traceview: --method=work: expected Class.name, Class.name(signature) or 0x id"
run --format=calls-json --method=com.example.Nope.x "$tmp/tree.trace"
check "--method matching nothing exits 2" status_is 2
check "--method matching nothing: one line naming the file" stderr_is \
	"traceview: $tmp/tree.trace: no method matches --method=com.example.Nope.x"
run --format=jank "$SAMPLE"
check "--format=jank on the sample exits 0" status_is 0
check "jank on the sample: main's seven long dispatches" first_line_has "$tmp/out" \
	'^Jank on thread 1 main: 7 frame-critical calls of at least 16.700 ms wall'
# The first frame's cause, checked by hand: --format=json -t 1 over its
# span (--range=2230624us..3414927us) puts 751154 of its 1184303 µs wall
# in runtime (63.4%), and 713427 in app with --app='java.*' (60.2%).
check "jank: the first frame's cause" stdout_has \
	'^      cause: runtime 63%: java/util/HashMap.addNewEntry$'
run --format=jank --app='java.*' "$SAMPLE"
check "jank --app: the cause by the packages given" stdout_has \
	'^      cause: app 60%: java/util/HashMap.addNewEntry$'
if [ "$have_python" = yes ]; then
	run --format=jank-json "$SAMPLE"
	check "jank-json: the first frame's cause" json_ok "$tmp/out" \
		'd["calls"][0]["cause"] == {"category": "runtime", "share": 63, "method": "0x6d46cfa0"} and d["calls"][0]["path"][-1] == "0x6d46cfa0"'
else
	skipped "jank-json: the first frame's cause" "no python3"
fi
run --format=jank --frame=16 "$tmp/tree.trace"
check "--frame without a unit exits 2" status_is 2
check "--frame=16: the message" stderr_is "traceview: --frame=16: a time needs a unit (us, ms or s)"
run --format=text --frame=1ms --method=a.B.c "$tmp/tree.trace"
check "--frame and --method with the text report: warned, exit 0" status_is 0
check "--frame and --method ignored: two warnings" stderr_has \
	'^traceview: warning: --frame has no effect with --format=text$'
run --diff --format=calls --method=a.B.c "$tmp/tree.trace" "$tmp/tree.trace"
check "--diff --format=calls exits 2" status_is 2

# A CPU-only trace (version 2: one u4, thread CPU): no jank, no wall rules.
{
	printf '*version\n2\ndata-file-overflow=false\nclock=thread-cpu\nvm=art\n'
	printf '*threads\n1\tmain\n*methods\n0x4\tcom.example.A\trun\t()V\tA.java\n*end\n'
	printf 'SLOW'; le 2 2; le 32 2; le 0 8; le 0 16
	le 1 2; le 4 4; le 0 4; le 1 2; le 5 4; le 100 4
} >"$tmp/cpu.trace"
run --format=jank "$tmp/cpu.trace"
check "jank on a CPU-only trace exits 2" status_is 2
check "jank on a CPU-only trace: the message" stderr_is \
	"traceview: $tmp/cpu.trace: --format=jank needs a wall clock (clock=thread-cpu)"

# --sort. A (0x4) calls P (0x8), Q (0xc), R (0x10) once and S (0x14) three
# times; cpu / wall: P 50 / 60 (wait 10), Q 10 / 70 (60), R 40 / 80 (40), S
# 6 / 3 (wait -3); A 110 / 220, excl 4 / 7 (wait 3). Leaves: excl = incl.
{
	printf '*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n'
	printf '*threads\n1\tmain\n*methods\n'
	for m in 4:A 8:P 12:Q 16:R 20:S; do
		printf '0x%x\tcom.example.%s\tm\t()V\tX.java\n' "${m%%:*}" "${m#*:}"
	done
	printf '*end\nSLOW'; le 3 2; le 32 2; le 0 8; le 14 2; le 0 14
	rec 1 4 0 0; rec 1 8 1 1; rec 1 9 51 61; rec 1 12 51 61; rec 1 13 61 131
	rec 1 16 61 131; rec 1 17 101 211; rec 1 20 101 211; rec 1 21 103 212
	rec 1 20 103 212; rec 1 21 105 213; rec 1 20 105 213; rec 1 21 107 214
	rec 1 5 110 220
} >"$tmp/sort.trace"
# The class names of the lines, in order: "A Q R P S".
sort_names() { sed 's/.*com\.example\.\([A-Z]\)\.m.*/\1/;t;d' "$tmp/out" | tr '\n' ' ' | sed 's/ $//'; }
sort_is() { [ "$(sort_names)" = "$1" ]; }
run --format=tree "$tmp/sort.trace"
check "--sort default: by incl wall, R Q P S" sort_is "A R Q P S"
for s in incl_wait:"A Q R P S" incl_wait_usec:"A Q R P S" excl_wait:"A Q R P S" \
	incl_cpu:"A P R Q S" incl_wall:"A R Q P S" -incl_wait:"A S P R Q" calls:"A S P Q R" \
	-calls:"A P Q R S"; do
	run --format=tree --sort="${s%%:*}" "$tmp/sort.trace"
	check "--sort=${s%%:*}: ${s#*:}" sort_is "${s#*:}"
done
# --min filters by incl wall whatever the order: 25% of 220 is 55, so S
# (3) goes, the same node in both orders.
run --format=tree --min=25 --sort=calls "$tmp/sort.trace"
check "--min=25 --sort=calls: S left out, the rest by calls (ties by id)" sort_is "A P Q R"
check "--min=25 --sort=calls: one '… 1 more'" eval '[ "$(grep -c "… 1 more" "$tmp/out")" -eq 1 ]'
run --format=tree --min=25 "$tmp/sort.trace"
check "--min=25: the same nodes by incl wall" sort_is "A R Q P"
run --format=tree --invert --depth=1 --sort=excl_wait "$tmp/sort.trace"
check "--invert --sort=excl_wait: the roots by wait, 60 40 10 3 -3" sort_is "Q R P A S"
run --format=tree --invert --depth=1 --sort=-excl_cpu "$tmp/sort.trace"
check "--invert --sort=-excl_cpu: smallest first, 4 6 10 40 50" sort_is "A S Q R P"
if [ "$have_python" = yes ]; then
	run --format=tree-json --sort=incl_wait "$tmp/sort.trace"
	check "tree-json --sort=incl_wait: children by incl_wait_usec" json_ok "$tmp/out" \
		'[c["incl_wait_usec"] for c in d["root"]["children"][0]["children"]] == [60, 40, 10, -3]'
fi
# --view prints the same rows in the same order as the tree.
LC_ALL=C "$TRACEVIEW" --view=tree --clock=wall --sort=incl_wait --width=200 "$tmp/sort.trace" \
	>"$tmp/out" 2>"$tmp/err"
check "--view=tree --sort=incl_wait: the title marks the column" \
	first_line_has "$tmp/out" 'incl wait v'
check "--view=tree --sort=incl_wait: the rows of --format=tree" sort_is "A Q R P S"
run --format=tree --sort=incl "$tmp/sort.trace"
check "--sort=incl exits 2" status_is 2
check "--sort=incl: one line naming the columns" stderr_is \
	"traceview: unknown --sort column 'incl' (expected incl_cpu, excl_cpu, incl_wall, excl_wall, incl_wait, excl_wait or calls, after - for smallest first)"
run --format=tree --sort=excl_wait "$tmp/cpu.trace"
check "--sort=excl_wait on a CPU-only trace exits 2" status_is 2
check "--sort=excl_wait on a CPU-only trace: the message" stderr_is \
	"traceview: $tmp/cpu.trace: --sort=excl_wait needs both clocks; the trace has one (clock=thread-cpu)"
run --format=json --sort=calls "$tmp/sort.trace"
check "--sort with --format=json: warned, exit 0" status_is 0
check "--sort with --format=json: the warning" stderr_is \
	"traceview: warning: --sort has no effect with --format=json"

# NEW: tree.trace with main's B 30 µs longer on the wall clock (and
# everything after it later): toplevel wall 210 -> 240, B 40 -> 70.
{
	abc_head 1 main 2 worker
	rec 1 4 0 0; rec 1 8 10 20; rec 1 9 30 80; rec 1 12 40 90; rec 1 13 60 130
	rec 1 5 100 230; rec 2 8 0 0; rec 2 9 5 10
} >"$tmp/tree2.trace"
run --diff "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+5%' \
	--fail-if='com.example.B.work:incl_wall>+20us' --fail-if='*:calls>+0'
check "--fail-if: a rule holds, exit 3" status_is 3
printf '%s\n' 'FAIL total:incl_wall>+5%: toplevel incl_wall 0.210 ms -> 0.240 ms (+0.030 ms, +14.3%)' \
	'FAIL com.example.B.work:incl_wall>+20us: com.example.B.work (I)V incl_wall 0.040 ms -> 0.070 ms (+0.030 ms, +75.0%)' \
	>"$tmp/gate.want"
check "--fail-if: one line per (rule, method), nothing else" cmp -s "$tmp/out" "$tmp/gate.want"
check "--fail-if: nothing on stderr" test ! -s "$tmp/err"
run --diff "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+50%' \
	--fail-if='total:incl_cpu>+0us'
check "--fail-if: no rule holds, exit 0" status_is 0
check "--fail-if: no rule holds, no output" test ! -s "$tmp/out"
run --diff -t worker "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+0us'
check "--fail-if with --thread=worker: unchanged, exit 0" status_is 0
run --diff -t main "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+0us'
check "--fail-if with --thread=main: 200 -> 230, exit 3" status_is 3
check "--fail-if with --thread=main: the line" stdout_has \
	'^FAIL total:incl_wall>+0us: toplevel incl_wall 0.200 ms -> 0.230 ms (+0.030 ms, +15.0%)$'
run --diff -f json "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+5%'
check "--fail-if with -f json: exit 3" status_is 3
check "--fail-if with -f json: the report on stdout" first_line_has "$tmp/out" '^{$'
check "--fail-if with -f json: the gate's line on stderr" stderr_is \
	'FAIL total:incl_wall>+5%: toplevel incl_wall 0.210 ms -> 0.240 ms (+0.030 ms, +14.3%)'
run --diff "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>5'
check "--fail-if with a malformed rule exits 2" status_is 2
check "--fail-if malformed: one line naming the rule" stderr_is \
	'traceview: --fail-if=total:incl_wall>5: a time needs a unit (us, ms or s) or a signed %'
run --diff "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+5%' --fail-if='x'
check "--fail-if: any malformed rule exits 2" status_is 2
check "--fail-if malformed: no FAIL line" test ! -s "$tmp/out"
run "$tmp/tree.trace" --fail-if='total:calls>0'
check "--fail-if without --diff exits 2" status_is 2
check "--fail-if without --diff: the message" stderr_is "traceview: --fail-if needs --diff BASE NEW"
run --diff "$tmp/cpu.trace" "$tmp/tree2.trace" --fail-if='total:excl_wall>+5%'
check "--fail-if on a clock BASE lacks exits 2" status_is 2
check "--fail-if on a missing clock: the rule, the file, the clock" stderr_is \
	"traceview: --fail-if=total:excl_wall>+5%: $tmp/cpu.trace has no wall clock (clock=thread-cpu)"
run --diff "$tmp/cpu.trace" "$tmp/tree2.trace" --fail-if='com.example.A.run:calls>=1'
check "--fail-if on calls across clocks: exit 3" status_is 3
# --range applies to both traces: in [0, 100) µs both runs take 110 µs of wall.
run --diff --range=0us..100us "$tmp/tree.trace" "$tmp/tree2.trace" --fail-if='total:incl_wall>+0us'
check "--fail-if with --range: both traces clipped, no change, exit 0" status_is 0
run --diff --transform=drop:com.example.B.work "$tmp/tree.trace" "$tmp/tree2.trace" \
	--fail-if='com.example.B.work:calls>+0'
check "--fail-if with --transform: B dropped from both, the rule names nothing, exit 2" \
	status_is 2
run --format=calls-csv --method=com.example.B.work --range=20us.. "$tmp/tree.trace"
check "calls with --range: the worker's B (ends at 10 µs) is gone" test "$(wc -l <"$tmp/out")" -eq 2
check "calls with --range: main's B, start still on the axis" stdout_has '^1,0x8,com.example.B.work (I)V,20,30,20,10,2,0x4,'
run --diff "$SAMPLE" "$SAMPLE" --fail-if='*:incl_cpu>+0us' --fail-if='*:calls<-0%'
check "--fail-if: a trace against itself passes" status_is 0

# ---------------------------------------------------------------- options an output ignores

run -r --clock=cpu "$SAMPLE"
check "-r --clock=cpu exits 0" status_is 0
check "-r --clock=cpu warns that --clock does nothing" \
	stderr_is "traceview: warning: --clock has no effect with --format=text"
check "-r --clock=cpu still prints the text report" cmp -s "$tmp/out" "$tmp/sample.txt"
run -f chrome --per-thread "$SAMPLE"
check "chrome --per-thread warns" \
	stderr_is "traceview: warning: --per-thread has no effect with --format=chrome"
run -f csv --color=always "$SAMPLE"
check "csv --color warns" stderr_is "traceview: warning: --color has no effect with --format=csv"
run -f json --ascii -o "$tmp/ascii.json" "$SAMPLE"
check "json --ascii warns" stderr_is "traceview: warning: --ascii has no effect with --format=json"
run --diff -f folded --per-thread "$SAMPLE" "$SAMPLE"
check "--diff folded --per-thread warns" \
	stderr_is "traceview: warning: --per-thread has no effect with --diff --format=folded"
run --diff -f text --signatures "$SAMPLE" "$SAMPLE"
check "--diff text --signatures warns" \
	stderr_is "traceview: warning: --signatures has no effect with --diff --format=text"
run -f dump --clock=wall --signatures "$SAMPLE"
check "dump: two ignored options, two warnings" \
	eval '[ "$(cat "$tmp/err")" = "traceview: warning: --clock has no effect with --format=dump
traceview: warning: --signatures has no effect with --format=dump" ]'
run -f folded --clock=cpu --signatures --per-thread "$SAMPLE"
check "folded reads --clock, --signatures and --per-thread: no warning" test ! -s "$tmp/err"
for fmt in chrome speedscope; do
	run -f $fmt --clock=cpu --signatures "$SAMPLE"
	check "$fmt reads --clock and --signatures: no warning" test ! -s "$tmp/err"
done

# ---------------------------------------------------------------- exports
for fmt in folded chrome speedscope dump; do
	run --format=$fmt "$SAMPLE"
	check "--format=$fmt exits 0" status_is 0
	check "--format=$fmt writes something" nonempty
done
run --format=folded "$SAMPLE"
# Every line is "frames N" with one space before a whole number, and the
# numbers add up to the threads' busy time on the wall clock (the default).
check "folded: every line ends in ' N'" eval '! grep -v -E "^[^ ;][^;]*(;[^;]+)* [0-9]+$" "$tmp/out"'
awk '{s += $NF} END {print s}' "$tmp/out" >"$tmp/folded.sum"
run --format=json "$SAMPLE"
if [ "$have_python" = yes ]; then
	check "folded: the total equals toplevel incl - excl (wall)" json_ok "$tmp/out" \
		"d['toplevel']['incl_wall_usec'] - d['toplevel']['excl_wall_usec'] == $(cat "$tmp/folded.sum")"
	run --format=chrome "$SAMPLE"
	check "chrome: parses as Trace Event JSON with B/E events" json_ok "$tmp/out" \
		"d['displayTimeUnit'] and any(e['ph'] == 'B' for e in d['traceEvents'])"
	run --format=speedscope "$SAMPLE"
	check "speedscope: parses, evented profiles of distinct threads" json_ok "$tmp/out" \
		"d['profiles'] and all(p['type'] == 'evented' for p in d['profiles']) and len({p['name'] for p in d['profiles']}) == len(d['profiles'])"
else
	skipped "folded total and chrome JSON" "no python3"
fi
run --format=folded --clock=cpu --signatures --per-thread "$SAMPLE"
check "folded: --per-thread starts stacks with [tid] name" first_line_has "$tmp/out" '^\[[0-9]*\]'
# A ';' left inside a signature would split it: every frame must hold as
# many '(' as ')'.
check "folded: --signatures keeps no ';' but the separators" \
	eval 'awk "{sub(/ [0-9]+\$/, \"\"); n = split(\$0, f, \";\"); for (i = 1; i <= n; i++) if (gsub(/\\(/, \"\", f[i]) != gsub(/\\)/, \"\", f[i])) bad = 1} END {exit bad}" "$tmp/out"'
run --format=folded --clock=bogus "$SAMPLE"
check "--clock with a bad value exits 2" status_is 2
run --format=dump --thread=1 "$SAMPLE"
check "--format=dump with --thread exits 2" status_is 2
run --format=dump "$SAMPLE"
check "dump: one record line per record" \
	eval '[ "$(grep -c -v "^#" "$tmp/out")" -eq 15773 ]'

# ---------------------------------------------------------------- --diff
run --diff --format=json "$SAMPLE" "$SAMPLE"
check "--diff of a trace with itself exits 0" status_is 0
if [ "$have_python" = yes ]; then
	check "--diff of a trace with itself: nothing changed" json_ok "$tmp/out" \
		"d['counts']['changed'] == 0 and d['counts']['added'] == 0 and all(all(v == 0 for v in m['delta'].values() if v is not None) for m in d['methods'])"
fi
run --diff "$SAMPLE"
check "--diff with one trace exits 2" status_is 2
run --diff --format=chrome "$SAMPLE" "$SAMPLE"
check "--diff --format=chrome exits 2" status_is 2
run --diff --format=folded "$SAMPLE" "$SAMPLE"
check "--diff --format=folded: 'stack N N' lines with equal counts" \
	eval 'awk "NF < 3 || \$(NF-1) != \$NF {bad = 1} END {exit bad}" "$tmp/out" && [ -s "$tmp/out" ]'

# ---------------------------------------------------------------- --mapping
# The sample is a Dalvik trace (slash class names); a mapping names its
# Looper class back to a made-up original, keeping the slash style.
printf '# compiler: R8\ncom.example.RealLooper -> android.os.Looper:\n    void loop() -> loop\nthis line is malformed\n' >"$tmp/map.txt"
run -r --mapping="$tmp/map.txt" "$SAMPLE"
check "--mapping exits 0 despite a malformed line" status_is 0
check "--mapping shows the original class name" stdout_has 'com/example/RealLooper.loop ()V'
check "--mapping: the old name is gone" eval '! grep -q "android/os/Looper.loop" "$tmp/out"'
check "--mapping warns about the malformed line with its number" stderr_has 'map.txt: line 4: '
run -r --mapping="$tmp/no-such-map.txt" "$SAMPLE"
check "--mapping with a missing file exits 2" status_is 2

# ---------------------------------------------------------------- bad command lines

run --no-such-option "$SAMPLE"
check "unknown option exits 2" status_is 2
check "unknown option: one 'traceview:' line" \
	stderr_is "traceview: unknown option '--no-such-option' (see traceview --help)"
run -x "$SAMPLE"
check "unknown short option: one 'traceview:' line" \
	stderr_is "traceview: unknown option '-x' (see traceview --help)"
run "$SAMPLE" -f
check "-f without a value exits 2" status_is 2
check "-f without a value: one line" stderr_is "traceview: option '-f' needs a value"
run "$SAMPLE" --mapping
check "--mapping without a value: one line" stderr_is "traceview: option '--mapping' needs a value"
run --help=yes
check "--help=yes exits 2" status_is 2
check "--help=yes: one line" stderr_is "traceview: option '--help' takes no value"
run --color=sometimes "$SAMPLE"
check "--color=sometimes: lists the values" \
	stderr_is "traceview: unknown --color value 'sometimes' (expected auto, always, never)"
run --clock=both "$SAMPLE"
check "--clock=both: lists the values" \
	stderr_is "traceview: unknown --clock value 'both' (expected cpu, wall)"
run --diff --format=dump "$SAMPLE" "$SAMPLE"
check "--diff --format=dump: one line" \
	stderr_is "traceview: --diff cannot write --format=dump (expected text, csv, json, folded, tree, tree-json)"
run
check "no TRACE exits 2" status_is 2
check "no TRACE: one line" stderr_is "traceview: missing TRACE operand"
run "$SAMPLE" "$SAMPLE"
check "two TRACEs without --diff: one line" stderr_is "traceview: only one TRACE can be given"
# Whatever the mistake, no message starts with the program's path.
for args in "--bogus" "-q" "--format" "--format=pdf $SAMPLE" "--thread= $SAMPLE" \
	"--diff $SAMPLE" "$tmp/missing.trace" "-f dump -t 1 $SAMPLE"; do
	# shellcheck disable=SC2086
	run $args
	check "every message starts 'traceview:': $args" stderr_all_traceview
done

# ---------------------------------------------------------------- unreadable traces

run -r "$tmp/missing.trace"
check "missing file exits 2" status_is 2
check "missing file: one line naming it" one_error_line "$tmp/missing.trace"

: >"$tmp/empty.trace"
run -r "$tmp/empty.trace"
check "empty file exits 2" status_is 2
check "empty file: one line naming it" one_error_line "$tmp/empty.trace"

printf 'hello, world\nthis is not a trace\n' >"$tmp/hello.trace"
run -r "$tmp/hello.trace"
check "non-trace file exits 2" status_is 2
check "non-trace file: one line naming it" one_error_line "$tmp/hello.trace"
check "text file: named as text" stderr_is \
	"traceview: $tmp/hello.trace: not an Android method trace: a text file, not starting with '*version' (offset 0)"

# Files often named .trace that are something else: each named, exit 2.
printf '\037\213\010\000\000\000\000\000\000\003' >"$tmp/gz.trace"
printf '\050\265\057\375\044\000\001\000' >"$tmp/zst.trace"
printf 'SIMPLEPERF\001\000\000\000' >"$tmp/sp.trace"
# A Perfetto Trace: packets (field 1) holding a timestamp and a sequence id.
printf '\n\005\100\350\007\120\001\n\002\120\001' >"$tmp/perfetto.trace"
for kind in "sp:a simpleperf report-sample file; read it with simpleperf" \
	"perfetto:a Perfetto trace; open it in ui.perfetto.dev"; do
	f=$tmp/${kind%%:*}.trace
	run -r "$f"
	check "${kind%%:*}: exits 2" status_is 2
	check "${kind%%:*}: named in one line" \
		stderr_is "traceview: $f: not an Android method trace: ${kind#*:} (offset 0)"
done
# gzip and zstd are decoded, not named: a stream that stops is damage.
run -r "$tmp/gz.trace"
check "gzip header alone: exits 2" status_is 2
check "gzip header alone: cut short at its end" stderr_is \
	"traceview: $tmp/gz.trace: damaged compressed data: gzip stream cut short (offset 10)"
run -r "$tmp/zst.trace"
check "zstd header alone: exits 2" status_is 2
if [ $have_zstd = yes ]; then
	check "zstd header alone: cut short at its end" stderr_is \
		"traceview: $tmp/zst.trace: damaged compressed data: zstd stream cut short (offset 8)"
else
	check "zstd without libzstd: named, 'built without zstd'" stderr_is \
		"traceview: $tmp/zst.trace: not an Android method trace: zstd-compressed; this traceview was built without zstd: unzstd it first (offset 0)"
fi

# ---------------------------------------------------------------- stdin, compressed

# run_in FILE ARGS...: run with standard input from FILE.
run_in() {
	in=$1
	shift
	"$TRACEVIEW" "$@" <"$in" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}
# same_as FILE: stdout is FILE byte for byte.
same_as() { cmp -s "$tmp/out" "$1" || { echo "#   output differs from $1" >&2; return 1; }; }

"$TRACEVIEW" -f json "$SAMPLE" >"$tmp/plain.json"
"$TRACEVIEW" -f dump "$SAMPLE" >"$tmp/plain.dump"
cat "$SAMPLE" | "$TRACEVIEW" -f json - >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a trace piped to '-': exits 0" status_is 0
check "a trace piped to '-': the JSON of the file" same_as "$tmp/plain.json"
run_in /dev/null -r -
check "empty standard input: exits 2" status_is 2
check "empty standard input: named 'standard input'" stderr_is \
	"traceview: standard input: empty file"
run --diff - -
check "--diff - -: exits 2" status_is 2
check "--diff - -: one operand only" stderr_is \
	"traceview: --diff can read only one of its traces from standard input ('-')"
run_in "$SAMPLE" --diff -f csv "$SAMPLE" -
check "--diff FILE -: exits 0" status_is 0
"$TRACEVIEW" --diff -f csv "$SAMPLE" "$SAMPLE" >"$tmp/diff.csv"
check "--diff FILE -: as FILE FILE" same_as "$tmp/diff.csv"
# A pair cannot come from '-': its data part alone needs the key.
keyend=$(grep -abo SLOW "$SAMPLE" | head -n 1 | cut -d: -f1)
tail -c +$((keyend + 1)) "$SAMPLE" >"$tmp/bare-in.data"
run_in "$tmp/bare-in.data" -r -
check "a data part on standard input: exits 2" status_is 2
check "a data part on standard input: its key is missing" stderr_is \
	"traceview: standard input: bare data file: its .key file is missing (offset 0)"
# The progress bar goes to a terminal only: never into a pipe, even when
# the test hook draws it at once (6 MB of zeros: past the first step).
head -c 6000000 /dev/zero >"$tmp/zeros"
TRACEVIEW_TEST_PROGRESS=1 "$TRACEVIEW" -r - <"$tmp/zeros" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "6 MB of zeros from standard input: exits 2" status_is 2
check "no progress bar when stderr is not a terminal" stderr_is \
	"traceview: standard input: not an Android method trace (offset 0)"

if command -v gzip >/dev/null 2>&1; then
	gzip -c "$SAMPLE" >"$tmp/sample.trace.gz"
	run -f json "$tmp/sample.trace.gz"
	check "a gzipped trace: exits 0" status_is 0
	check "a gzipped trace: the JSON of the plain file" same_as "$tmp/plain.json"
	run_in "$tmp/sample.trace.gz" -f json -
	check "gzip on standard input: the JSON of the plain file" same_as "$tmp/plain.json"
	run_in "$tmp/sample.trace.gz" -f dump -
	check "gzip on standard input: --format=dump as the plain file" same_as "$tmp/plain.dump"
	cat "$tmp/sample.trace.gz" | "$TRACEVIEW" -f json - >"$tmp/out" 2>"$tmp/err"
	check "gzip through a pipe: the JSON of the plain file" same_as "$tmp/plain.json"
	# two members, cut inside the records
	head -c 300000 "$SAMPLE" | gzip -c >"$tmp/two.gz"
	tail -c +300001 "$SAMPLE" | gzip -c >>"$tmp/two.gz"
	run -f json "$tmp/two.gz"
	check "two gzip members: exits 0" status_is 0
	check "two gzip members: the JSON of the plain file" same_as "$tmp/plain.json"
	head -c 1000 "$tmp/sample.trace.gz" >"$tmp/cut.gz"
	run -r "$tmp/cut.gz"
	check "a cut gzip file: exits 2" status_is 2
	check "a cut gzip file: where it stops" stderr_is \
		"traceview: $tmp/cut.gz: damaged compressed data: gzip stream cut short (offset 1000)"
	run_in "$tmp/cut.gz" -r -
	check "a cut gzip stream on standard input: exits 2" status_is 2
	check "a cut gzip stream on standard input: where it stops" stderr_is \
		"traceview: standard input: damaged compressed data: gzip stream cut short (offset 1000)"
else
	skipped "gzip-compressed traces" "no gzip program"
fi
if [ $have_zstd = yes ] && command -v zstd >/dev/null 2>&1; then
	zstd -q -c "$SAMPLE" >"$tmp/sample.trace.zst"
	run -f json "$tmp/sample.trace.zst"
	check "a zstd trace: exits 0" status_is 0
	check "a zstd trace: the JSON of the plain file" same_as "$tmp/plain.json"
	head -c 300000 "$SAMPLE" | zstd -q -c >"$tmp/two.zst"
	tail -c +300001 "$SAMPLE" | zstd -q -c >>"$tmp/two.zst"
	cat "$tmp/two.zst" | "$TRACEVIEW" -f json - >"$tmp/out" 2>"$tmp/err"
	check "two zstd frames through a pipe: the JSON of the plain file" same_as "$tmp/plain.json"
else
	skipped "zstd-compressed traces" "built without libzstd, or no zstd program"
fi
# The sample copied as text: every byte a UTF-8 decoder refuses becomes
# U+FFFD. The key section is ASCII, so the binary part starts at the same
# place and the first re-encoded byte is the first of 0x80 and up after
# "SLOW".
if [ $have_python = yes ]; then
	python3 -c 'import sys; b = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(b.decode("utf-8", "replace").encode("utf-8"))' \
		"$SAMPLE" "$tmp/mangled.trace"
	off=$(python3 -c 'import sys; b = open(sys.argv[1], "rb").read(); s = b.index(b"SLOW"); print(next(i for i in range(s, len(b)) if b[i] >= 0x80))' "$SAMPLE")
	run -r "$tmp/mangled.trace"
	check "a trace copied as text exits 2" status_is 2
	check "a trace copied as text: 'use adb pull'" stderr_is \
		"traceview: $tmp/mangled.trace: binary part re-encoded as UTF-8: was it copied as text? use adb pull (offset $off)"
else
	skipped "a trace copied as text" "no python3"
fi

# The key section ends with the line "*end"; the data part starts after it.
endline=$(grep -a -b -m 1 -x '\*end' "$SAMPLE" | cut -d: -f1)
keylen=$((endline + 5))
head -c "$keylen" "$SAMPLE" >"$tmp/keyonly.trace"
run -r "$tmp/keyonly.trace"
check "key section alone exits 2" status_is 2
check "key section alone: one line naming it" one_error_line "$tmp/keyonly.trace"
check "key section alone: the message gives an offset" stderr_has "offset [0-9]"

head -c $((keylen + 20)) "$SAMPLE" >"$tmp/cut-header.trace"
run -r "$tmp/cut-header.trace"
check "data header cut short exits 2" status_is 2
check "data header cut short: message gives an offset" stderr_has "offset [0-9]"

# ---------------------------------------------------------------- damaged but readable

size=$(wc -c <"$SAMPLE")
head -c $((size - 3)) "$SAMPLE" >"$tmp/partial.trace"
run --format=json "$tmp/partial.trace"
check "partial last record still loads" status_is 0
if [ $have_python = yes ]; then
	check "partial last record is a warning" json_ok "$tmp/out" \
		'd["records"] == 15772 and any("partial record" in w for w in d["warnings"])'
else
	skipped "partial last record is a warning" "no python3"
fi
run --format=text "$tmp/partial.trace"
check "text report lists the warning" stdout_has "partial record"

# ---------------------------------------------------------------- key + data pair

mkdir "$tmp/pair"
head -c "$keylen" "$SAMPLE" >"$tmp/pair/split.key"
tail -c +$((keylen + 1)) "$SAMPLE" >"$tmp/pair/split.data"
check "split: the data part starts with SLOW" \
	test "$(head -c 4 "$tmp/pair/split.data")" = SLOW
for name in split split.key split.data; do
	run --format=json "$tmp/pair/$name"
	check "pair loads as $name" status_is 0
	check "pair as $name gives the single file's JSON" cmp -s "$tmp/out" "$tmp/sample.json"
done
mv "$tmp/pair/split.data" "$tmp/split.data.away"
for name in split split.key split.data; do
	run -r "$tmp/pair/$name"
	check "key without its data, as $name: exits 2" status_is 2
	check "key without its data, as $name: names the missing .data" \
		stderr_is "traceview: $tmp/pair/split.data: missing half of a .key/.data pair: split.key needs it"
done
mv "$tmp/split.data.away" "$tmp/pair/split.data"
mv "$tmp/pair/split.key" "$tmp/split.key.away"
run -r "$tmp/pair/split"
check "data without its key: names the missing .key" \
	stderr_is "traceview: $tmp/pair/split.key: missing half of a .key/.data pair: split.data needs it"
mv "$tmp/split.key.away" "$tmp/pair/split.key"
# An error inside a pair names the file it is in, with the offset there.
head -c 20 "$tmp/pair/split.data" >"$tmp/pair/cut.data"
cp "$tmp/pair/split.key" "$tmp/pair/cut.key"
run -r "$tmp/pair/cut"
check "a pair's cut data header: exits 2" status_is 2
check "a pair's cut data header: names the .data and an offset in it" \
	first_line_has "$tmp/err" "^traceview: $tmp/pair/cut.data: .*(offset [0-9]*)$"

# A bare data file cannot be read without its key.
tail -c +$((keylen + 1)) "$SAMPLE" >"$tmp/bare.trace"
run -r "$tmp/bare.trace"
check "bare data file exits 2" status_is 2
check "bare data file: one line naming it" one_error_line "$tmp/bare.trace"

# ---------------------------------------------------------------- real traces

if [ -n "${TV_REAL_DIR:-}" ] && [ -d "$TV_REAL_DIR" ]; then
	for f in "$TV_REAL_DIR"/*.trace "$TV_REAL_DIR"/streaming/*.trace; do
		[ -e "$f" ] || continue
		run --format=json "$f"
		check "real trace loads: ${f##*/}" status_is 0
	done
	for f in "$TV_REAL_DIR"/damaged/*-utf8-mangled.trace; do
		[ -e "$f" ] || continue
		run --format=json "$f"
		check "text-mangled real trace exits 2: ${f##*/}" status_is 2
		check "text-mangled real trace: 'use adb pull': ${f##*/}" first_line_has "$tmp/err" \
			"^traceview: $f: binary part re-encoded as UTF-8: was it copied as text? use adb pull (offset [0-9]*)$"
	done
else
	skipped "real traces" "TV_REAL_DIR absent"
fi

# ---------------------------------------------------------------- --range, --transform, --app
run --range=1x..2s "$SAMPLE"
check "--range with a bad unit exits 2" status_is 2
check "--range: one line naming the option" \
	stderr_is "traceview: --range: unknown unit (expected us, ms or s) (got '1x..2s')"
run --range=2s..1s "$SAMPLE"
check "--range with A >= B exits 2" status_is 2
check "--range A >= B: one line" \
	stderr_is "traceview: --range: the range is empty (its start must come before its end) (got '2s..1s')"
run --range=1..2s "$SAMPLE"
check "--range with a unitless end exits 2" status_is 2
run --range=-1ms..2s "$SAMPLE"
check "--range with a negative end exits 2" status_is 2
check "--range negative: one line" \
	stderr_is "traceview: --range: a time cannot be negative (got '-1ms..2s')"
run --transform=squash:a.B.c "$SAMPLE"
check "--transform of an unknown kind exits 2" status_is 2
check "--transform unknown kind: one line naming the option" stderr_has "^traceview: --transform: unknown kind"
run --transform=merge:Foo "$SAMPLE"
check "--transform with a bad method exits 2" status_is 2
check "--transform bad method: one line" \
	stderr_is "traceview: --transform: expected Class.name, Class.name(signature) or 0x id (got 'merge:Foo')"
run --app=com.a.*,,b "$SAMPLE"
check "--app with an empty pattern exits 2" status_is 2
check "--app empty pattern: one line" \
	stderr_is "traceview: --app: empty class pattern (got 'com.a.*,,b')"
run --min-wait=16 -f waits "$SAMPLE"
check "--min-wait without a unit exits 2" status_is 2
run -f json --range=0us.. "$SAMPLE"
check "--range=0us.. reports" status_is 0
check "--range gives JSON a range object" stdout_has '"range": {"clock": "wall", "start_usec": 0, "end_usec": null}'
"$TRACEVIEW" -f json "$SAMPLE" >"$tmp/whole.json" 2>/dev/null
grep -v '"range"' "$tmp/out" >"$tmp/ranged.json"
check "--range=0us.. gives the numbers of no range" cmp -s "$tmp/whole.json" "$tmp/ranged.json"
run -f json --transform=merge:no.Such.method "$SAMPLE"
check "a transform that matches nothing still reports" status_is 0
check "a transform that matches nothing warns on stderr" \
	stderr_has "^traceview: warning: .*--transform=merge:no.Such.method matches nothing"
check "and in the JSON warnings" stdout_has 'transforms matched nothing'
check "JSON lists the transforms as given" stdout_has '"transforms": \["merge:no.Such.method"\]'
run -f json --app=com.example.* "$SAMPLE"
check "--app names the app packages" stdout_has '"app_packages": \["com.example.\*"\]'
run -f waits-json --min-wait=1s "$SAMPLE"
check "waits-json reports" status_is 0
check "waits-json carries the threshold" stdout_has '"min_wait_usec": 1000000'
run -f waits --range=1s.. --transform=merge:android.os.MessageQueue.next "$SAMPLE"
check "waits with a range and a transform" status_is 0
run --diff -f json --range=..1s "$SAMPLE" "$SAMPLE"
check "--diff takes --range on both sides" status_is 0

# --view: a pane as plain text (test_panes checks it equals the pane).
run --view=table --width=100 --height=10 "$SAMPLE"
check "--view=table exits 0" status_is 0
check "--view --height=10 prints 10 rows" test "$(wc -l <"$tmp/out")" -eq 10
check "--view starts with the table's titles" first_line_has "$tmp/out" '^Name\( ([^)]*)\)\{0,1\}  *Incl Cpu %'
check "--view writes no escape sequences" sh -c "! grep -q \"$(printf '\033')\" '$tmp/out'"
run --view=table --width=100 "$SAMPLE"
"$TRACEVIEW" -f csv "$SAMPLE" >"$tmp/view.csv" 2>/dev/null
check "--view without --height: a row per method, as the CSV" \
	test "$(tail -n +2 "$tmp/out" | grep -c '^[^ ]')" -eq "$(($(wc -l <"$tmp/view.csv") - 1))"
LC_ALL=C "$TRACEVIEW" --view=tree --width=100 "$SAMPLE" >"$tmp/out" 2>"$tmp/err"
check "--view in the C locale is ASCII" sh -c "! LC_ALL=C grep -q '[^ -~]' '$tmp/out'"
check "--view=tree opens the hottest path" stdout_has '^ *1459.503  87.6%.* android/os/Looper.loop ()V'
run --view=bottom-up --width=90 --height=6 --method=android.os.Looper.loop "$SAMPLE"
check "--view --method selects the method" stdout_has 'Looper.loop ()V$'
run --view=table --width=90 --method=no.Such.method "$SAMPLE"
check "--view --method matching nothing exits 2" status_is 2
run --view=pie --width=90 "$SAMPLE"
check "--view=pie exits 2" status_is 2
run --view=table --width=5 "$SAMPLE"
check "--width=5 exits 2" status_is 2
run --width=100 "$SAMPLE"
check "--width without --view exits 2" status_is 2
run --view=flame -f json "$SAMPLE"
check "--view with --format exits 2" status_is 2
run --view=calls --method=android.os.Looper.loop "$SAMPLE"
check "--view=calls prints the pane: its title" first_line_has "$tmp/out" \
	'^ Calls of android/os/Looper.loop ()V: 7 calls$'
check "--view=calls: the summary on the CPU clock" stdout_has \
	'^ count 7  min 0.000  mean 224.843  p50 0.000  p95 1459.503  max 1459.503'
check "--view=calls: the first call's row" stdout_has \
	'^       1        0.000   6497.565   1459.503   5038.062     9  ActivityThread.ma'
run --view=calls --clock=wall --method=android.os.Looper.loop "$SAMPLE"
check "--view=calls --clock=wall: the summary on the wall clock" stdout_has \
	'^ count 7  min 0.000  mean 998.174  p50 0.000  p95 6497.565  max 6497.565'
run --view=calls --range=1s..3s --method=android.os.Handler.dispatchMessage "$SAMPLE"
check "--view=calls --range: starts on the loaded trace's axis, as the report" stdout_has \
	'^       1     2230.624    769.376    367.731    401.645    10  Looper.loop ()V'
check "--view=calls without --height: the histogram, every row, no blank rows" \
	test "$(wc -l <"$tmp/out")" -eq 11 -a "$(grep -c '^ *$' "$tmp/out")" -eq 0
run --view=calls --frame=1ms "$SAMPLE"
check "--view=calls warns that --frame is the jank pane's" stderr_has \
	'warning: --frame has no effect with --view=calls'
run -f calls --method=android.os.Looper.loop "$SAMPLE"
check "--format=calls is still the report" first_line_has "$tmp/out" \
	'^Calls of android.os.Looper.loop: 7 calls; times in ms'
run --view=jank --frame=100ms "$SAMPLE"
check "--view=jank --frame: the calls over the budget" first_line_has "$tmp/out" \
	'^ Jank on \[1\] main (rule: main): 3 frame-critical calls of 100.000 ms or more$'
check "--view=jank: the longest first, with its cause" stdout_has \
	'^     2230.624   1184.303    595.642    588.661  runtime 63%     Handler.dispatc'
check "--view=jank: the cause of the row under the cursor, at the foot" stdout_has \
	'^ cause: runtime 63%: java/util/HashMap.addNewEntry$'

# ---------------------------------------------------------------- ART dumps, ANR reports
# The fuzz seeds of tests/fuzz/seeds.c: a report with a base64 dump (pid
# 111) and a raw one (pid 222), and an all-methods dump (no time).
ANR="$srcdir/tests/fuzz/corpus/anr/gen-traces"
ALLDUMP="$srcdir/tests/fuzz/corpus/lodump/gen-lo-packets-all"
run -r "$ANR"
check "an ANR report: exits 0" status_is 0
check "an ANR report: one line names the other dump" stderr_is \
	"traceview: $ANR: 2 long-running method dumps in this file: reading pid 111 (com.example.one); also pid 222 (system_server); --pid=PID picks one"
check "an ANR report: the first dump's process" stdout_has '^pid        111$'
run -r --pid=222 "$ANR"
check "--pid=222: exits 0" status_is 0
check "--pid=222: no note" test ! -s "$tmp/err"
check "--pid=222: that process's dump" stdout_has '^pid        222$'
run -r --pid=333 "$ANR"
check "--pid of no dump: exits 2" status_is 2
check "--pid of no dump: one line with the pids there are" stderr_is \
	"traceview: $ANR: no long-running method dump of that process in the file: --pid=333; the file has pid 111, 222"
run -r --pid=0 "$ANR"
check "--pid=0: exits 2" status_is 2
check "--pid=0: a usage error" stderr_is "traceview: --pid needs a process id (got '0')"
run -f json "$ALLDUMP"
check "an all-methods dump: exits 0" status_is 0
if [ $have_python = yes ]; then
	check "an all-methods dump: the sequence clock" json_ok "$tmp/out" \
		'd["clock"] == "sequence" and d["version"] is None and d["records"] == 18'
fi


clilib_end
