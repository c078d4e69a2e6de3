#!/bin/sh
# hostile.sh: names made to attack a terminal, through every output and the UI.
#
# A v3 trace (written by python3 below) whose thread, class and method names
# hold ESC alone, CSI (ESC [ 2 J, ESC [ 31 m), OSC (a window title, an OSC 52
# clipboard write), BEL, C1 controls as UTF-8 (U+009B, U+0085) and as the
# raw byte 0x9b, invalid UTF-8 (0xff, a lone 0xc3), bidi controls (U+200F,
# U+202E), zero-width characters (U+200B, U+200D, U+FEFF), a TAB and a
# 3000-byte name. Then:
#  - every report and export (text, CSV, JSON, folded, chrome, speedscope, dump, and the
#    diff of the trace with itself in each format) must hold no control
#    byte but LF (CRLF in CSV), no DEL, no C1 control, only valid UTF-8,
#    no raw bidi or zero-width character; JSON must give back the exact
#    names (invalid bytes as U+FFFD), the text formats their escaped forms;
#  - the full-screen UI under tmux, with everything written to the tty
#    captured from before traceview starts: open, find the hostile method,
#    open the help and scope to a thread, quit; the captured bytes must
#    never hold the names' sequences, and the screen must show them escaped.
#    Once in UTF-8 and once with --ascii.
# Exit status: 0 all passed, 1 something failed, 77 skipped: no python3, or
# no usable tmux (the output checks still run first and fail with 1).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}

if ! command -v python3 >/dev/null 2>&1; then
	echo "hostile.sh: python3 is not installed: skipping"
	exit 77
fi
if [ ! -x "$TRACEVIEW" ]; then
	echo "hostile.sh: $TRACEVIEW is missing" >&2
	exit 1
fi
case $TRACEVIEW in /*) ;; *) TRACEVIEW=$(pwd)/$TRACEVIEW ;; esac

. "$srcdir/tests/tmuxlib.sh"
tm_init hostile

LC_ALL=C
export LC_ALL

# ---------------------------------------------------------------- the trace
# names.json: what each name is (as the bytes decode with U+FFFD for
# invalid ones), for the JSON round trip.
cat >"$tmp/gen.py" <<'EOF'
import json, struct, sys

ESC, BEL = b"\x1b", b"\x07"
LONG = b"L" * 3000
threads = {
    1: b"main" + ESC + b"[2J" + ESC + b"]0;PWNTITLE" + BEL + b"\tTAB",
    2: b"thr" + ESC + b"]52;c;UFdO" + BEL + b"\xc2\x9bC1\x9bRAW\xffFF",
    3: b"\xe2\x80\xaeRLO\xe2\x80\x8fRLM\xe2\x80\x8bZWSP\xe2\x80\x8dZWJ\xef\xbb\xbfBOM",
}
# id: (class, name)
methods = {
    0x4: (b"com.evil.Csi" + ESC + b"[2J" + ESC + b"[31mRED", b"run" + BEL),
    0x8: (b"com.evil.Osc" + ESC + b"]0;PWNTITLE" + BEL, b"osc" + ESC + b"]52;c;UFdO" + BEL),
    0xc: (b"com.evil.Cone\xc2\x9bx\xc2\x85y\x9bz", b"cone"),
    0x10: (b"com.evil.Bad\xffz\xc3q", b"bad"),
    0x14: (b"com.evil.Bidi\xe2\x80\xaegnp.exe\xe2\x80\x8f",
           b"zw\xe2\x80\x8ba\xe2\x80\x8db\xef\xbb\xbfc"),
    0x18: (b"com.evil.Long" + LONG, b"long"),
    0x1c: (b"com.evil.Esc" + ESC, b"alone" + ESC),
    0x20: (b"android.view.Choreographer", b"doFrame"),
}
# The source file field: Csi's holds a C1 CSI (as UTF-8 and raw), DEL
# and a bidi mark, but no byte below 0x20, so o looks for it and names it
# when no file matches; the others name Evil.java.
SRC = {0x4: b"Src\xc2\x9b31mC1\x9bRAW\x7fDEL\xe2\x80\xaeX.java"}
key = b"*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n*threads\n"
for tid, name in threads.items():
    key += b"%d\t" % tid + name + b"\n"
key += b"*methods\n"
for mid, (cls, name) in methods.items():
    key += (b"%#x\t" % mid + cls + b"\t" + name + b"\t()V\t" + SRC.get(mid, b"Evil.java")
            + b"\n")
key += b"*end\n"
head = b"SLOW" + struct.pack("<HHQH", 3, 32, 0, 14) + bytes(14)
recs = []
t = [0]
def rec(tid, mid, action):
    t[0] += 10
    recs.append(struct.pack("<HIII", tid, mid | action, t[0], 2 * t[0]))
# thread 1 (the main thread for jank: the key's first): Choreographer.doFrame
# (frame-critical) > Csi > Osc, Cone; thread 2: Bad > Bidi; thread 3:
# Long > Esc
rec(1, 0x20, 0)
for tid, outer, inner in ((1, 0x4, (0x8, 0xc)), (2, 0x10, (0x14,)), (3, 0x18, (0x1c,))):
    rec(tid, outer, 0)
    for m in inner:
        rec(tid, m, 0)
        rec(tid, m, 1)
    rec(tid, outer, 1)
    if tid == 1:
        rec(1, 0x20, 1)
with open(sys.argv[1], "wb") as f:
    f.write(key + head + b"".join(recs))

dec = lambda b: b.decode("utf-8", "replace")
with open(sys.argv[2], "w") as f:
    json.dump({"threads": {str(k): dec(v) for k, v in threads.items()},
               "methods": {hex(k): [dec(c), dec(n)] for k, (c, n) in methods.items()},
               "sources": {hex(k): dec(v) for k, v in SRC.items()}}, f)
EOF
TRACE=$tmp/hostile.trace
if ! python3 "$tmp/gen.py" "$TRACE" "$tmp/names.json"; then
	echo "hostile.sh: cannot write the trace" >&2
	exit 1
fi

# ---------------------------------------------------------------- outputs
# check.py KIND FILE: the byte rules for every output, and per kind the
# escaped forms (text kinds) or the round trip (JSON kinds). Prints what
# is wrong and exits 1.
cat >"$tmp/check.py" <<'EOF'
import json, sys

kind, path, names_path = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(path, "rb").read()
names = json.load(open(names_path))
errors = []

def err(msg):
    errors.append(msg)

if not data:
    err("empty output")
csv = kind.endswith("csv")
for i, b in enumerate(data):
    if b == 0x0a:
        continue
    if b == 0x0d and csv and data[i + 1:i + 2] == b"\n":
        continue
    if b < 0x20 or b == 0x7f:
        err("control byte 0x%02x at %d: %r" % (b, i, data[max(0, i - 20):i + 20]))
        break
try:
    text = data.decode("utf-8")
except UnicodeDecodeError as e:
    err("invalid UTF-8: %s: %r" % (e, data[max(0, e.start - 20):e.start + 20]))
    text = data.decode("utf-8", "replace")
for i, c in enumerate(text):
    if 0x80 <= ord(c) <= 0x9f:
        err("C1 control U+%04X at char %d" % (ord(c), i))
        break
# Raw bidi and zero-width characters: escaped in every format (JSON
# included, as \u escapes).
for c in "\u200f\u202e\u200b\u200d\ufeff\u2028\u2029":
    if c in text:
        err("raw U+%04X" % ord(c))

def want(*subs):
    for s in subs:
        if s not in text:
            err("missing %r" % s)

LONG = "L" * 3000
CSI_RUN = "com.evil.Csi\\x1b[2J\\x1b[31mRED.run\\x07"
OSC_OSC = "com.evil.Osc\\x1b]0;PWNTITLE\\x07.osc\\x1b]52;c;UFdO\\x07"
MAIN = "main\\x1b[2J\\x1b]0;PWNTITLE\\x07\\x09T"
if kind in ("calls", "viewcalls", "callsname"):
    # Osc's one call: its caller, Csi.run, in the caller column.
    want(CSI_RUN)
if kind == "viewcalls":
    want("Calls of " + OSC_OSC)
if kind == "callsname":
    want("Calls of com.evil.Csi\\x1b[2J\\x1b[31mRED.run\\x07")
if kind in ("jank", "viewjank"):
    # doFrame on the main thread (its name escaped), its heaviest path
    # through Csi.run to Osc.osc.
    want(MAIN, "android.view.Choreographer.doFrame > " + CSI_RUN + " > " + OSC_OSC)
if kind == "viewtree":
    # The hottest path open: doFrame > Csi.run > Osc.osc and Cone.
    want(CSI_RUN, OSC_OSC, "com.evil.Cone\\xc2\\x9bx\\xc2\\x85y\\x9bz.cone")
if kind in ("tree", "waits"):
    want(CSI_RUN, OSC_OSC, "com.evil.Bidi\\u{202E}gnp.exe\\u{200F}.zw\\u{200B}a",
         "com.evil.Esc\\x1b.alone\\x1b")
if kind == "waits":
    want(MAIN, "[2] thr\\x1b]52;c;UFdO\\x07\\xc2\\x9bC1\\x9bRAW\\xffFF")
if kind == "csv":
    # Csi's source file field.
    want("Src\\xc2\\x9b31mC1\\x9bRAW\\x7fDEL\\u{202E}X.java")
if kind in ("text", "csv", "dump", "folded", "difftext", "diffcsv", "difffolded"):
    # textesc_text: \xhh for control bytes and invalid UTF-8, \u{HHHH}
    # for invisible characters.
    want("com.evil.Csi\\x1b[2J\\x1b[31mRED",
         "com.evil.Bad\\xffz\\xc3q",
         "com.evil.Bidi\\u{202E}gnp.exe\\u{200F}",
         "zw\\u{200B}a\\u{200D}b\\u{FEFF}c",
         "com.evil.Long" + LONG)
    if kind in ("text", "csv", "dump", "difftext", "diffcsv"):
        want("com.evil.Osc\\x1b]0;PWNTITLE\\x07",
             "com.evil.Cone\\xc2\\x9bx\\xc2\\x85y\\x9bz",
             "com.evil.Esc\\x1b")
    if kind in ("text", "dump"):
        want("main\\x1b[2J\\x1b]0;PWNTITLE\\x07\\x09TAB",
             "thr\\x1b]52;c;UFdO\\x07\\xc2\\x9bC1\\x9bRAW\\xffFF",
             "\\u{202E}RLO\\u{200F}RLM\\u{200B}ZWSP\\u{200D}ZWJ\\u{FEFF}BOM")
elif kind in ("json", "chrome", "speedscope", "diffjson", "treejson", "jankjson",
              "callsjson", "waitsjson"):
    try:
        doc = json.loads(text)
    except ValueError as e:
        err("JSON does not parse: %s" % e)
        doc = None
    if kind == "json" and doc is not None:
        got = {m["id"]: [m["class"], m["name"]] for m in doc["methods"]}
        for mid, cn in names["methods"].items():
            if got.get(mid) != cn:
                err("method %s: %r, expected %r" % (mid, got.get(mid), cn))
        gotth = {str(t["tid"]): t["name"] for t in doc["threads"]}
        for tid, name in names["threads"].items():
            if gotth.get(tid) != name:
                err("thread %s: %r, expected %r" % (tid, gotth.get(tid), name))
    if kind == "chrome" and doc is not None:
        evnames = {e["name"] for e in doc["traceEvents"] if e.get("ph") in ("B", "E")}
        for mid, (c, n) in names["methods"].items():
            if c + "." + n not in evnames:
                err("no event named %r" % (c + "." + n))
        tnames = [e["args"]["name"] for e in doc["traceEvents"]
                  if e.get("ph") == "M" and e.get("name") == "thread_name"]
        for tid, name in names["threads"].items():
            if "[%s] %s" % (tid, name) not in tnames:
                err("no thread_name [%s] %r" % (tid, name))
    if kind == "speedscope" and doc is not None:
        frames = {f["name"] for f in doc["shared"]["frames"]}
        for mid, (c, n) in names["methods"].items():
            if c + "." + n not in frames:
                err("no frame named %r" % (c + "." + n))
        pnames = [p["name"] for p in doc["profiles"]]
        for tid, name in names["threads"].items():
            if "[%s] %s" % (tid, name) not in pnames:
                err("no profile [%s] %r" % (tid, name))
    if kind == "treejson" and doc is not None:
        # Every node: its exact names, and wait = wall - cpu (incl, excl).
        stack, seen = [doc["root"]], set()
        while stack:
            nd = stack.pop()
            stack.extend(nd["children"])
            for w, a, b in (("incl_wait_usec", "incl_wall_usec", "incl_cpu_usec"),
                            ("excl_wait_usec", "excl_wall_usec", "excl_cpu_usec")):
                if nd.get(w) != nd[a] - nd[b]:
                    err("node %s: %s %r, wall - cpu %d" % (nd["id"], w, nd.get(w),
                                                           nd[a] - nd[b]))
            if nd["id"] in names["methods"]:
                seen.add(nd["id"])
                if [nd["class"], nd["name"]] != names["methods"][nd["id"]]:
                    err("node %s: %r" % (nd["id"], [nd["class"], nd["name"]]))
        if seen != set(names["methods"]):
            err("tree nodes %s, expected %s" % (sorted(seen), sorted(names["methods"])))
    if kind == "jankjson" and doc is not None:
        if [c["path"] for c in doc["calls"]] != [["0x20", "0x4", "0x8"]]:
            err("jank paths %r" % [c["path"] for c in doc["calls"]])
    if kind == "callsjson" and doc is not None:
        if [c["caller"] for c in doc["calls"]] != ["0x4"]:
            err("callers %r" % [c["caller"] for c in doc["calls"]])
    if kind == "waitsjson" and doc is not None:
        if sum(len(t["calls"]) for t in doc["threads"]) == 0:
            err("no waits listed")
    if kind not in ("jankjson", "callsjson", "waitsjson") and "\\u202e" not in text.lower():
        err("U+202E is not \\u-escaped")
for e in errors[:8]:
    print("#   " + kind + ": " + e)
sys.exit(1 if errors else 0)
EOF

# out KIND ARGS...: run traceview ARGS into $tmp/KIND.out, then check.py.
out() {
	k=$1
	shift
	if ! "$TRACEVIEW" "$@" >"$tmp/$k.out" 2>"$tmp/$k.err"; then
		bad "$k: traceview $* succeeds"
		sed 's/^/#   /' "$tmp/$k.err" | head -n 5
		return
	fi
	check "$k: only safe bytes, names escaped or round-tripped" \
		python3 "$tmp/check.py" "$k" "$tmp/$k.out" "$tmp/names.json"
}
out text -r "$TRACE"
out csv --format=csv "$TRACE"
out json --format=json "$TRACE"
out folded --format=folded --signatures "$TRACE"
out chrome --format=chrome "$TRACE"
out speedscope --format=speedscope "$TRACE"
out dump --format=dump "$TRACE"
out difftext --diff "$TRACE" "$TRACE"
out diffcsv --diff --format=csv "$TRACE" "$TRACE"
out diffjson --diff --format=json "$TRACE" "$TRACE"
out difffolded --diff --format=folded "$TRACE" "$TRACE"
# The call tree (tree-json with its wait fields), waits, every call of a
# method (Osc: its caller is Csi), the jank (doFrame's heaviest path runs
# through Csi to Osc) and the panes --view prints.
out tree --format=tree "$TRACE"
out treejson --format=tree-json "$TRACE"
out waits --format=waits --min-wait=1us "$TRACE"
out waitsjson --format=waits-json --min-wait=1us "$TRACE"
out calls --format=calls --method=0x8 "$TRACE"
out callsname --format=calls --method="$(printf 'com.evil.Csi\033[2J\033[31mRED.run\007')" "$TRACE"
out callscsv --format=calls-csv --method=0x8 "$TRACE"
out callsjson --format=calls-json --method=0x8 "$TRACE"
out jank --format=jank --frame=10us "$TRACE"
out jankjson --format=jank-json --frame=10us "$TRACE"
out viewtable --view=table --width=200 "$TRACE"
out viewtree --view=tree --width=300 "$TRACE"
out viewcalls --view=calls --method=0x8 --width=200 "$TRACE"
out viewjank --view=jank --frame=10us --width=300 "$TRACE"
# With --per-thread the thread names become frames too.
if "$TRACEVIEW" --format=folded --per-thread "$TRACE" >"$tmp/pt.out" 2>/dev/null; then
	check "folded --per-thread: thread frames escaped" python3 -c '
import sys
d = open(sys.argv[1], "rb").read()
ok = all(b >= 0x20 and b != 0x7f for b in d.replace(b"\n", b""))
ok = ok and b"[1] main\\x1b[2J\\x1b]0\\x3bPWNTITLE\\x07\\x09TAB" in d
ok = ok and b"[3] \\u{202E}RLO" in d
sys.exit(0 if ok else 1)' "$tmp/pt.out"
else
	bad "folded --per-thread: traceview succeeds"
fi

# ---------------------------------------------------------------- the UI
ui_skip=
if ! command -v tmux >/dev/null 2>&1; then
	ui_skip="tmux is not installed"
elif ! tm_probe; then
	ui_skip="tmux cannot start a session here: $(cat "$tmp/probe")"
fi

# The trace under a hostile file name (the header, the : command line),
# and --src: a directory whose name holds an OSC, with Evil.java (what
# every method but Csi names as its source) in a subdirectory whose name
# holds a CSI; o opens it with EDITOR=true and says so on the status line.
HTRACE=$tmp/$(printf 'h\033]0;PWNFILE\007\342\200\256x').trace
SRC=$tmp/$(printf 'src\033]0;PWNDIR\007')
mkdir -p "$SRC/$(printf 'p\033[31mPATH')" && : >"$SRC/$(printf 'p\033[31mPATH')/Evil.java" &&
	cp "$TRACE" "$HTRACE" || exit 1

# launch_caught NAME ARGS...: traceview ARGS in a 120x40 session, in $tmp (so
# the trace's name is short on the : line); the runner waits
# for $tmp/NAME.go, so pipe-pane is attached before traceview writes a byte.
launch_caught() {
	name=$1
	shift
	{
		echo "unset LC_ALL LC_CTYPE LC_MESSAGES LANGUAGE NO_COLOR COLORTERM VISUAL"
		echo "EDITOR=true; export EDITOR"
		[ -z "${NO_COLOR_RUN:-}" ] || echo "NO_COLOR=1; export NO_COLOR"
		echo "TERM=xterm-256color; export TERM"
		echo "LANG=${UTF:-C}; export LANG"
		echo "cd '$tmp' || exit 1"
		echo "while [ ! -e '$tmp/$name.go' ]; do sleep 0.05; done"
		printf 'exec'
		for a in "$TRACEVIEW" "$@"; do printf " '%s'" "$a"; done
		echo
	} >"$tmp/$name.sh"
	: >"$tmp/$name.out"
	tm new-session -d -s "$name" -x 120 -y 40 "sh '$tmp/$name.sh'"
	tm pipe-pane -o -t "$name" "cat >>'$tmp/$name.out'"
	: >"$tmp/$name.go"
}
# tty_clean FILE ASCII: none of the names' sequences reached the tty.
cat >"$tmp/tty.py" <<'EOF'
import sys
d = open(sys.argv[1], "rb").read()
# curses' own palette reset (OSC 104, xterm-256color's oc) when it takes
# the screen back after the editor: not a name's.
d = d.replace(b"\x1b]104\x07", b"")
ascii_only = sys.argv[2] == "1"
bad = []
# (The escaped names hold "]0;PWNTITLE" as plain text: look for the ESC.)
for seq in (b"\x1b]0;", b"PWNTITLE\x07", b"\x1b]52", b"UFdO\x07", b"Csi\x1b",
            b"\x1b[31mRED", b"run\x07", b"Esc\x1b", b"alone\x1b", b"main\x1b",
            b"\x1b[2J\x1b]", b"\xc2\x9b", b"\xc2\x85", b"\t",
            b"\xe2\x80\xae", b"\xe2\x80\x8f", b"\xe2\x80\x8b", b"\xe2\x80\x8d",
            b"\xef\xbb\xbf", b"\x07", b"\x7fDEL", b"\x1b[31mPATH", b"PWNDIR\x07"):
    if seq in d:
        bad.append("raw %r" % seq)
t = d.decode("utf-8", "surrogateescape")
for c in t:
    if 0xdc80 <= ord(c) <= 0xdcff:
        bad.append("invalid UTF-8 byte 0x%02x" % (ord(c) - 0xdc00))
        break
    if 0x80 <= ord(c) <= 0x9f:
        bad.append("C1 U+%04X" % ord(c))
        break
if ascii_only and any(b >= 0x80 for b in d):
    bad.append("non-ASCII bytes with --ascii")
if len(d) < 1000:
    bad.append("only %d bytes captured" % len(d))
for b in bad:
    print("#   tty: " + b)
sys.exit(1 if bad else 0)
EOF

# ui NAME ASCII ARGS...: the walk through the UI; ASCII 1 for --ascii.
ui() {
	s=$1 asc=$2
	shift 2
	launch_caught "$s" --frame=10us --src="$SRC" "$@" "$(basename "$HTRACE")"
	if ! wait_for "$s" "Calls+Rec"; then
		bad "$s: traceview starts on the hostile trace"
		tm kill-session -t "$s" >/dev/null 2>&1
		return
	fi
	# Rows are cut to their column; these parts fit.
	check "$s: thread row shows [1] main\\x1b[2J\\x1b]0;PW" has '[1] main\x1b[2J\x1b]0;PW'
	check "$s: thread row shows [2] thr\\x1b]52;c;UFdO" has '[2] thr\x1b]52;c;UFdO'
	check "$s: thread row shows [3] \\u{202E}RLO\\u{200F}R" has '[3] \u{202E}RLO\u{200F}R'
	check "$s: C1 controls and the raw 0x9b shown escaped" \
		has 'com.evil.Cone\xc2\x9bx\xc2\x85y\x9bz.cone ()V'
	check "$s: invalid UTF-8 shown as \\xff and \\xc3" has 'com.evil.Bad\xffz\xc3q.bad ()V'
	check "$s: a lone ESC shown as \\x1b" has 'com.evil.Esc\x1b.alone\x1b ()V'
	tm send-keys -t "$s" -l "/Osc"
	if wait_for "$s" " /Osc "; then
		tm send-keys -t "$s" Enter
		check "$s: find shows Osc\\x1b]0;PWNTITLE\\x07.osc\\x1b]52;c;UFdO\\x07" \
			wait_for "$s" 'Osc\x1b]0;PWNTITLE\x07.osc\x1b]52;c;UFdO\x07'
	else
		bad "$s: the find prompt opens"
	fi
	tm send-keys -t "$s" -l "/Bidi"
	wait_for "$s" " /Bidi " && tm send-keys -t "$s" Enter
	check "$s: find shows .exe\\u{200F}.zw\\u{200B}a\\u{200D}b\\u{FEFF}c" \
		wait_for "$s" 'exe\u{200F}.zw\u{200B}a\u{200D}b\u{FEFF}c ()V'
	tm send-keys -t "$s" '?'
	if wait_for "$s" "Keys  (lines 1"; then
		tm send-keys -t "$s" Escape
		check "$s: the help box opens and closes" wait_gone "$s" "Keys  (lines 1"
	else
		bad "$s: the help box opens"
	fi
	tm send-keys -t "$s" t
	check "$s: t scopes the table to thread 1" wait_for "$s" " thread 1 "
	check "$s: the scoped table still shows the names escaped" \
		has 'com.evil.Csi\x1b[2J\x1b[31mRED.run\x07 ()V'

	tm send-keys -t "$s" t
	wait_for "$s" "all threads" >/dev/null
	check "$s: the header shows the trace's file name escaped" \
		has 'h\x1b]0;PWNFILE\x07\u{202E}x.trace'
	find_method "$s" Csi
	tm send-keys -t "$s" :
	check "$s: : shows the command line (Csi by id), the file name escaped" \
		wait_for "$s" "--method=0x4 'h\\x1b]0;PWNFILE\\x07\\u{202E}x.trace'"
	tm send-keys -t "$s" o
	check "$s: o with no file found names the source field escaped" wait_for "$s" \
		'no Src\xc2\x9b31mC1\x9bRAW\x7fDEL\u{202E}X.java for com.evil.Csi\x1b[2J\x1b[31mRED under --src='
	find_method "$s" Bad
	tm send-keys -t "$s" o
	check "$s: o opens the one match; the status line names it escaped" \
		wait_for "$s" "edited $tmp/src\\x1b]0;PWNDIR\\x07/p\\x1b[31mPATH/Evil.java"
	find_method "$s" Osc
	tm send-keys -t "$s" 5
	check "$s: 5 lists Osc's calls, its caller Csi.run escaped" \
		wait_for "$s" 'Csi\x1b[2J\x1b[31mRED.run\x07'
	check "$s: 5's title names Osc.osc escaped" \
		has 'Calls of com.evil.Osc\x1b]0;PWNTITLE\x07.osc\x1b]52;c;UFdO\x07'
	tm send-keys -t "$s" J
	check "$s: J lists doFrame on the main thread, its name escaped" \
		wait_for "$s" 'Jank on [1] main\x1b[2J\x1b]0;PWNTITLE\x07'
	# The path wraps between names: Osc.osc starts the second row.
	check "$s: J's heaviest path runs through Csi.run, escaped" \
		has 'doFrame > com.evil.Csi\x1b[2J\x1b[31mRED.run\x07 >'
	check "$s: J's heaviest path then Osc.osc on the next row, escaped" \
		has_re '^com[.]evil[.]Osc[\]x1b]0;PWN'
	tm send-keys -t "$s" L
	if wait_for "$s" "Legend"; then
		tm send-keys -t "$s" q
		check "$s: the legend (L) opens and closes" wait_gone "$s" "Legend"
	else
		bad "$s: the legend (L) opens"
	fi
	tm send-keys -t "$s" 4
	check "$s: the flame graph (4) names doFrame's frame" wait_for "$s" "doFrame"
	if [ "$asc" = 1 ]; then
		check "$s: without colour the timeline draws category letters" \
			eval 'grep -E -q "^\[1\] main.*(aaa|fff)" "$tmp/screen"'
	fi
	tm send-keys -t "$s" 1
	wait_for "$s" "Calls+Rec" >/dev/null
	tm send-keys -t "$s" q
	i=0
	while [ $i -lt 50 ] && tm has-session -t "$s" 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	tm pipe-pane -t "$s" 2>/dev/null
	tm kill-session -t "$s" >/dev/null 2>&1
	check "$s: the tty never received the names' escape sequences" \
		python3 "$tmp/tty.py" "$tmp/$s.out" "$asc"
	if [ "$asc" = 0 ]; then
		check "$s: the tty received the escaped names" \
			grep -F -q 'com.evil.Csi\x1b[2J\x1b[31mRED' "$tmp/$s.out"
	fi
}

if [ -n "$ui_skip" ]; then
	echo "ok - the UI # SKIP $ui_skip"
else
	if [ -n "$UTF" ]; then
		ui h1 0
	else
		echo "ok - the UI in UTF-8 # SKIP no UTF-8 locale"
	fi
	# --ascii without colour: category letters in the timeline's cells.
	NO_COLOR_RUN=1 ui h2 1 --ascii
fi

echo "1..$n"
echo "# $pass passed, $fail failed"
[ "$fail" -eq 0 ] || exit 1
# The output checks passed; without tmux the UI half did not run.
[ -z "$ui_skip" ] || exit 77
exit 0
