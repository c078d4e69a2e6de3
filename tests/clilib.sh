# clilib.sh: what the command-line tests share (cli.sh, cli_select.sh,
# cli_output.sh): the counters and their TAP lines, running traceview
# and looking at what it said, and writing small V1 traces byte by byte.
#
# Sourced, not run: the caller sets nothing first. It sets TRACEVIEW,
# srcdir, SAMPLE, $tmp (a folder removed on exit), have_python and
# TRACEVIEW_CONFIG (/dev/null: no config file read), and
# exits 1 when the program or the sample is missing. clilib_end prints
# the totals and returns the script's exit status.

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
# No config file changes a result (cli_config.sh names its own per run).
TRACEVIEW_CONFIG=/dev/null
export TRACEVIEW_CONFIG
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
	echo "$(basename "$0"): $TRACEVIEW is not an executable program" >&2
	exit 1
fi
if [ ! -r "$SAMPLE" ]; then
	echo "$(basename "$0"): sample trace $SAMPLE is missing" >&2
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

# stderr_is TEXT: stderr is exactly the one line TEXT.
stderr_is() {
	[ "$(cat "$tmp/err")" = "$1" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && return 0
	echo "#   stderr: $(cat "$tmp/err")" >&2
	echo "#   wanted: $1" >&2
	return 1
}
# stderr_all_traceview: every line of stderr starts "traceview: ".
stderr_all_traceview() { [ -s "$tmp/err" ] && ! grep -v -q '^traceview: ' "$tmp/err"; }

stdout_has() { grep -q -e "$1" "$tmp/out"; }
stderr_has() { grep -q -e "$1" "$tmp/err"; }
nonempty() { [ -s "$tmp/out" ]; }
first_line_has() { head -n 1 "$1" | grep -q -e "$2"; }

# le VALUE BYTES: VALUE little-endian in BYTES bytes.
le() {
	v=$1
	i=0
	while [ $i -lt "$2" ]; do
		printf "\\$(printf %03o $((v & 255)))"
		v=$((v >> 8))
		i=$((i + 1))
	done
}
# rec TID METHOD-WORD CPU WALL: one V1 version-3 dual-clock record.
rec() { le "$1" 2; le "$2" 4; le "$3" 4; le "$4" 4; }
# abc_head TID NAME [TID NAME]...: the key of a V1 version-3 dual-clock
# trace with these threads and three methods, com.example.A.run 0x4,
# com.example.B.work 0x8 and com.example.C.tick 0xc, then the data
# header; the records follow (rec).
abc_head() {
	printf '*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n*threads\n'
	while [ $# -ge 2 ]; do
		printf '%s\t%s\n' "$1" "$2"
		shift 2
	done
	printf '*methods\n0x4\tcom.example.A\trun\t()V\tA.java\n'
	printf '0x8\tcom.example.B\twork\t(I)V\tB.java\n'
	printf '0xc\tcom.example.C\ttick\t()V\tC.java\n*end\n'
	printf 'SLOW'; le 3 2; le 32 2; le 0 8; le 14 2; le 0 14
}

# clilib_end: the totals; status 0 when nothing failed.
clilib_end() {
	echo "# $skip skipped"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
