#!/bin/sh
# export_chrome.sh: `traceview --format=chrome` read back with python3.
#
# On the bundled sample and every real trace (top level and streaming/ of
# $TV_REAL_DIR, when that folder exists), the Trace Event JSON must parse and
# agree with --format=json of the same trace:
#  - only B, E and M events; per frame name (docs/exports.md: "Class.method",
#    the signature for overloads), as many B events as calls +
#    recursive_calls;
#  - per thread, ts strictly increases in file order and every E ends the
#    B on top of the thread's stack, with the same name;
#  - Σ (whole µs of E - whole µs of B) over each thread's outermost calls =
#    toplevel incl - excl on the clock of otherData.time_base;
#  - every thread of the report has a thread_name event, and there is a
#    process_name event;
#  - on a trace with both clocks (otherData.clock "dual") every B and E
#    has tts, strictly increasing per thread in file order, and per method
#    Σ (whole µs of E.tts - whole µs of B.tts) over its calls that are not
#    recursive (no call of the same name open below them) = its
#    incl_cpu_usec: each call's tts span is its incl CPU; on a trace with
#    one clock no event has tts.
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

def base_name(m):
    cls, name = m["class"], m["name"]
    if cls is None or (not cls and not name):
        return "(unknown %s)" % m["id"]
    if cls and name:
        return cls + "." + name
    return cls or name

def frame_names(methods):
    """Names as docs/exports.md says: the signature only for clashes,
    then the id for clashes that remain."""
    base = {m["id"]: base_name(m) for m in methods}
    clash = Counter(base.values())
    named = {}
    for m in methods:
        n = base[m["id"]]
        if clash[n] > 1 and not n.startswith("(unknown"):
            n += m["signature"] or ""
        named[m["id"]] = n
    clash = Counter(named.values())
    for m in methods:
        if clash[named[m["id"]]] > 1:
            named[m["id"]] += " [%s]" % m["id"]
    return named

def closes(be, key, errors):
    """Replays each thread's B and E events in file order, key ("ts" or
    "tts") strictly increasing along the thread and every E ending the B
    on top of its stack: yields (B, E, the calls still open) per E."""
    stacks = defaultdict(list)
    last = {}
    for e in be:
        tid, t = e["tid"], e.get(key)
        if not isinstance(t, float) or t < 0:
            errors.append("tid %d: bad %s in %r" % (tid, key, e))
            return
        if tid in last and t <= last[tid]:
            errors.append("tid %d: %s %r after %r" % (tid, key, t, last[tid]))
            return
        last[tid] = t
        st = stacks[tid]
        if e["ph"] == "B":
            st.append(e)
            continue
        if not st or st[-1]["name"] != e["name"]:
            errors.append("tid %d: E %r does not end the top of the stack" % (tid, e["name"]))
            return
        yield st.pop(), e, st
    for tid, st in stacks.items():
        if st:
            errors.append("tid %d: %d events never end" % (tid, len(st)))

def check_tts(be, rep, dual, errors):
    """tts on every B/E of a dual trace (none otherwise), strictly
    increasing per thread; per method, the tts spans of its non-recursive
    calls add up to its incl CPU."""
    if not dual:
        if any("tts" in e for e in be):
            errors.append("tts on a trace with one clock")
        return
    names = frame_names(rep["methods"])
    got = Counter()
    for b, e, st in closes(be, "tts", errors):
        if not any(o["name"] == b["name"] for o in st):
            got[b["name"]] += int(e["tts"]) - int(b["tts"])
    for m in rep["methods"]:
        if not errors and got[names[m["id"]]] != m["incl_cpu_usec"]:
            errors.append("%s: tts spans %d, incl_cpu_usec %d"
                          % (names[m["id"]], got[names[m["id"]]], m["incl_cpu_usec"]))

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
    be = [e for e in events if e["ph"] in ("B", "E")]
    metas = [e for e in events if e["ph"] == "M"]
    if any(e["ph"] not in ("B", "E", "M") for e in events):
        errors.append("events other than B, E and M")

    names = frame_names(rep["methods"])
    want = Counter()
    for m in rep["methods"]:
        want[names[m["id"]]] += m["calls"] + m["recursive_calls"]
    got = Counter(e["name"] for e in be if e["ph"] == "B")
    if got != want:
        diff = [(k, got[k], want[k]) for k in set(got) | set(want) if got[k] != want[k]]
        errors.append("begins per name differ from calls: %r" % sorted(diff)[:5])

    roots = sum(int(e["ts"]) - int(b["ts"]) for b, e, st in closes(be, "ts", errors) if not st)
    top = rep["toplevel"]
    want_roots = top["incl_%s_usec" % clock] - top["excl_%s_usec" % clock]
    if roots != want_roots:
        errors.append("outermost calls last %d, toplevel incl - excl is %d"
                      % (roots, want_roots))

    if not errors:
        check_tts(be, rep, doc["otherData"]["clock"] == "dual", errors)

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
