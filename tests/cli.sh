#!/bin/sh
# cli.sh: black-box tests of the traceview command line.
#
# Runs the program named by $TRACEVIEW (set by the Makefile's
# AM_TESTS_ENVIRONMENT) on the bundled sample trace and on files made on the
# spot, and checks exit statuses, messages and outputs. Checks on the real
# traces in $TV_REAL_DIR are skipped when that folder is absent.
# Exit status: 0 all passed, 1 something failed (automake's plain protocol).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
SAMPLE="$srcdir/tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace"

pass=0
fail=0
skip=0
n=0

ok() { n=$((n + 1)); pass=$((pass + 1)); echo "ok $n - $1"; }
bad() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; }
skipped() { n=$((n + 1)); skip=$((skip + 1)); echo "ok $n - $1 # SKIP $2"; }
check() { # check DESCRIPTION COMMAND...: pass when the command succeeds
	desc=$1
	shift
	if "$@"; then ok "$desc"; else bad "$desc"; fi
}

if [ ! -x "$TRACEVIEW" ]; then
	echo "cli.sh: $TRACEVIEW is not an executable program" >&2
	exit 1
fi
if [ ! -r "$SAMPLE" ]; then
	echo "cli.sh: sample trace $SAMPLE is missing" >&2
	exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tv-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

have_python=no
if command -v python3 >/dev/null 2>&1; then have_python=yes; fi

# run ARGS...: runs traceview; sets $rc, output in $tmp/out and $tmp/err.
run() {
	"$TRACEVIEW" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# status_is WANT: the last run exited with WANT and did not crash.
status_is() {
	[ "$rc" -eq "$1" ] && return 0
	echo "#   exit status $rc, expected $1; stderr:" >&2
	sed 's/^/#   /' "$tmp/err" >&2
	return 1
}

# one_error_line FILE: stderr is exactly one line "traceview: FILE: ...".
one_error_line() {
	[ "$(wc -l <"$tmp/err")" -eq 1 ] || return 1
	case $(cat "$tmp/err") in
	"traceview: $1: "?*) return 0 ;;
	*) echo "#   stderr: $(cat "$tmp/err")" >&2; return 1 ;;
	esac
}

# json_ok FILE [PYTHON-EXPRESSION]: FILE parses as JSON and, when given,
# the expression over the parsed document `d` is true.
json_ok() {
	python3 - "$1" "${2:-True}" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    d = json.load(f)
sys.exit(0 if eval(sys.argv[2], {"d": d}) else 1)
EOF
}

stdout_has() { grep -q -e "$1" "$tmp/out"; }
stderr_has() { grep -q -e "$1" "$tmp/err"; }
nonempty() { [ -s "$tmp/out" ]; }
first_line_has() { head -n 1 "$1" | grep -q -e "$2"; }

# ---------------------------------------------------------------- help, version

run --help
check "--help exits 0" status_is 0
for opt in -f --format -t --thread -o --output -r --regression -h --help -V --version text csv json \
	folded chrome speedscope dump --clock --signatures --per-thread --diff --mapping --color --ascii; do
	check "--help mentions $opt" stdout_has "$opt"
done
run -h
check "-h exits 0" status_is 0

run --version
check "--version exits 0" status_is 0
check "--version names the program and a version" stdout_has '^traceview [0-9]'
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
else
	skipped "JSON parses" "no python3"
	skipped "JSON has the spec's fields" "no python3"
fi

run --format=xml "$SAMPLE"
check "unknown format exits 2" status_is 2

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
run --format=json --thread=abc "$SAMPLE"
check "--thread with a non-number exits 2" status_is 2

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
check "unknown option says something" test -s "$tmp/err"
run
check "no TRACE exits 2" status_is 2

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
rm "$tmp/pair/split.data"
run -r "$tmp/pair/split.key"
check "key without its data exits 2" status_is 2

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
	for f in "$TV_REAL_DIR"/damaged/*.trace; do
		[ -e "$f" ] || continue
		run --format=json "$f"
		if [ "$rc" -eq 0 ] || { [ "$rc" -eq 2 ] && one_error_line "$f"; }; then
			ok "damaged trace loads or fails cleanly: ${f##*/}"
		else
			bad "damaged trace loads or fails cleanly: ${f##*/} (exit $rc)"
		fi
	done
else
	skipped "real traces" "TV_REAL_DIR absent"
fi

echo "# $skip skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
