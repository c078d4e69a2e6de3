#!/bin/sh
# export_chrome.sh: `traceview --format=chrome` read back with python3.
#
# On the bundled sample and every real trace (top level and streaming/ of
# $TV_REAL_DIR, when that folder exists), the Trace Event JSON must parse and
# agree with --format=json of the same trace:
#  - per name ("Class.method"), as many X events as calls + recursive_calls;
#  - per thread, events in emission order start in time order and nest: an
#    event ends at or before the end of every event still open around it,
#    and events it does not fit in ended before it started;
#  - Σ dur of each thread's outermost events = toplevel incl - excl on the
#    clock of the timeline (otherData.time_base);
#  - every thread of the report has a thread_name event, and there is a
#    process_name event.
# Exit status: 0 passed, 1 failed, 77 skipped (no python3, or the program
# does not accept --format=chrome yet).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
SAMPLE="$srcdir/tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace"

if ! command -v python3 >/dev/null 2>&1; then
	echo "export_chrome.sh: no python3: skipped"
	exit 77
fi
if [ ! -x "$TRACEVIEW" ] || ! "$TRACEVIEW" --format=chrome "$SAMPLE" >/dev/null 2>&1; then
	echo "export_chrome.sh: $TRACEVIEW does not accept --format=chrome: skipped"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tv-chrome.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/check.py" <<'EOF'
import json, sys
from collections import Counter, defaultdict

def method_name(m):
    cls, name = m["class"], m["name"]
    if cls is None or (not cls and not name):
        return "(unknown %s)" % m["id"]
    if cls and name:
        return cls + "." + name
    return cls or name

def main(chrome_path, report_path):
    with open(chrome_path, encoding="utf-8") as f:
        doc = json.load(f)
    with open(report_path, encoding="utf-8") as f:
        rep = json.load(f)
    errors = []
    if doc.get("displayTimeUnit") != "ms":
        errors.append("displayTimeUnit is not ms")
    base = doc["otherData"]["time_base"]
    clock = "wall" if base == "wall" else "cpu"
    events = doc["traceEvents"]
    xs = [e for e in events if e["ph"] == "X"]
    metas = [e for e in events if e["ph"] == "M"]

    want = Counter()
    for m in rep["methods"]:
        want[method_name(m)] += m["calls"] + m["recursive_calls"]
    got = Counter(e["name"] for e in xs)
    if got != want:
        diff = [(k, got[k], want[k]) for k in set(got) | set(want) if got[k] != want[k]]
        errors.append("events per name differ from calls: %r" % sorted(diff)[:5])

    stacks = defaultdict(list)
    last_ts = {}
    roots = 0
    for e in xs:
        tid, ts, dur = e["tid"], e["ts"], e["dur"]
        if not (isinstance(ts, int) and isinstance(dur, int) and ts >= 0 and dur >= 0):
            errors.append("bad ts/dur %r" % e)
            break
        if ts < last_ts.get(tid, 0):
            errors.append("tid %d: event at %d after one at %d" % (tid, ts, last_ts[tid]))
            break
        last_ts[tid] = ts
        end = ts + dur
        st = stacks[tid]
        while st and not (st[-1][0] <= ts and end <= st[-1][1]):
            if st[-1][1] > ts:
                errors.append("tid %d: %s [%d,%d] overlaps [%d,%d]"
                              % (tid, e["name"], ts, end, st[-1][0], st[-1][1]))
                break
            st.pop()
        if not st:
            roots += dur
        st.append((ts, end))
        if len(errors) > 5:
            break

    top = rep["toplevel"]
    want_roots = top["incl_%s_usec" % clock] - top["excl_%s_usec" % clock]
    if roots != want_roots:
        errors.append("outermost events last %d, toplevel incl - excl is %d"
                      % (roots, want_roots))

    named = {e["tid"] for e in metas if e["name"] == "thread_name"}
    for t in rep["threads"]:
        if t["tid"] not in named:
            errors.append("thread %d has no thread_name" % t["tid"])
    if not any(e["name"] == "process_name" for e in metas):
        errors.append("no process_name")
    for msg in errors[:6]:
        print(msg)
    return 1 if errors else 0

sys.exit(main(sys.argv[1], sys.argv[2]))
EOF

pass=0
fail=0
n=0
check_trace() {
	f=$1
	name=$(basename "$f")
	n=$((n + 1))
	if "$TRACEVIEW" --format=chrome "$f" >"$tmp/c.json" &&
	   "$TRACEVIEW" --format=json "$f" >"$tmp/r.json" &&
	   python3 "$tmp/check.py" "$tmp/c.json" "$tmp/r.json"; then
		pass=$((pass + 1))
		echo "ok $n - $name"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name"
	fi
}

check_trace "$SAMPLE"
real=${TV_REAL_DIR:-}
if [ -n "$real" ] && [ -d "$real" ]; then
	for f in "$real"/*.trace "$real"/streaming/*.trace; do
		[ -f "$f" ] && check_trace "$f"
	done
else
	echo "# real traces absent: only the sample checked"
fi

echo "# $pass passed, $fail failed"
[ "$fail" -eq 0 ]
