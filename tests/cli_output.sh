#!/bin/sh
# cli_output.sh: black-box tests of -o (docs/cli.md, "Output files"): it
# never overwrites an input, a regular file is replaced whole or not at
# all (through a temporary file renamed into place, following a symlink,
# keeping the mode), devices and FIFOs are written in place, and a write
# error says why.
#
# Runs $TRACEVIEW (set by the Makefile's AM_TESTS_ENVIRONMENT) on the
# bundled sample (clilib.sh). The read-only folder runs as another user
# when the tests run as root (setpriv), and is skipped when neither works.
# Exit status: 0 all passed, 1 something failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# only_files DIR NAME...: DIR holds exactly these names (hidden ones too):
# no temporary file was left behind.
only_files() {
	dir=$1
	shift
	[ "$(ls -A "$dir" | sort | tr '\n' ' ')" = "$(printf '%s\n' "$@" | sort | tr '\n' ' ')" ]
}
# mode_of FILE: its permission bits in octal (644).
mode_of() { stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"; }

run -f json "$SAMPLE"
cp "$tmp/out" "$tmp/sample.json"
run -f csv "$SAMPLE"
cp "$tmp/out" "$tmp/sample.csv"

# ---------------------------------------------------------------- never an input

d=$tmp/in
mkdir "$d"
cp "$SAMPLE" "$d/app.trace"
cp "$SAMPLE" "$d/base.trace"
ln -s app.trace "$d/link"
ln "$d/app.trace" "$d/hard"
printf 'a.B -> a.C:\n' >"$d/map.txt"
refused() { # refused DESCRIPTION OUT INPUT: exit 2, one line, the input unchanged
	check "$1: exit 2" status_is 2
	check "$1: one line naming the input" stderr_is \
		"traceview: $2: -o would overwrite an input ($3)"
	check "$1: the trace unchanged" cmp -s "$d/app.trace" "$SAMPLE"
}
run -f json -o "$d/app.trace" "$d/app.trace"
refused "-o the trace" "$d/app.trace" "$d/app.trace"
run -f json -o "$d/link" "$d/app.trace"
refused "-o a symlink to the trace" "$d/link" "$d/app.trace"
run -f json -o "$d/hard" "$d/app.trace"
refused "-o a hard link of the trace" "$d/hard" "$d/app.trace"
run -f dump -o "$d/app.trace" "$d/app.trace"
refused "--format=dump -o the trace" "$d/app.trace" "$d/app.trace"
run --diff "$d/base.trace" "$d/app.trace" -o "$d/app.trace"
refused "--diff A B -o B" "$d/app.trace" "$d/app.trace"
run --diff -f json "$d/app.trace" "$d/base.trace" -o "$d/link"
refused "--diff A B -o a link to A" "$d/link" "$d/app.trace"
run -r --mapping="$d/map.txt" -o "$d/map.txt" "$d/app.trace"
check "-o the --mapping file: refused" eval \
	'[ "$rc" -eq 2 ] && stderr_is "traceview: $d/map.txt: -o would overwrite an input ($d/map.txt)"'
# A .key/.data pair, named by its NAME: both halves are inputs.
endline=$(grep -a -b -m 1 -x '\*end' "$SAMPLE" | cut -d: -f1)
head -c $((endline + 5)) "$SAMPLE" >"$d/split.key"
tail -c +$((endline + 6)) "$SAMPLE" >"$d/split.data"
cp "$d/split.data" "$d/split.data.was"
for half in key data; do
	run -f json -o "$d/split.$half" "$d/split"
	check "-o the pair's .$half: refused" eval \
		'[ "$rc" -eq 2 ] && stderr_is "traceview: $d/split.$half: -o would overwrite an input ($d/split.$half)"'
done
check "the pair's data unchanged" cmp -s "$d/split.data" "$d/split.data.was"
run -f json -o "$d/other.json" "$d/split.key"
check "-o another file beside a pair: written" cmp -s "$d/other.json" "$tmp/sample.json"

# ---------------------------------------------------------------- regular files, replaced whole

w=$tmp/w
mkdir "$w"
run -f json -o "$w/new.json" "$SAMPLE"
check "-o a new file: exit 0, the report" eval '[ "$rc" -eq 0 ] && cmp -s "$w/new.json" "$tmp/sample.json"'
check "-o a new file: 0666 less the umask" \
	[ "$(mode_of "$w/new.json")" = "$(printf '%o' $((0666 & ~$(umask))))" ]
printf 'old\n' >"$w/kept.json"
chmod 640 "$w/kept.json"
run -f csv -o "$w/kept.json" "$SAMPLE"
check "-o an existing file: replaced by the report" cmp -s "$w/kept.json" "$tmp/sample.csv"
check "-o an existing file: its mode kept (640)" [ "$(mode_of "$w/kept.json")" = 640 ]
ln -s kept.json "$w/to-kept"
run -f json -o "$w/to-kept" "$SAMPLE"
check "-o a symlink: the file it points to replaced" cmp -s "$w/kept.json" "$tmp/sample.json"
check "-o a symlink: still a symlink, mode kept" eval \
	'[ -L "$w/to-kept" ] && [ "$(mode_of "$w/kept.json")" = 640 ]'
ln -s made.json "$w/dangling"
run -f csv -o "$w/dangling" "$SAMPLE"
check "-o a dangling symlink: the file it names made" eval \
	'[ -L "$w/dangling" ] && cmp -s "$w/made.json" "$tmp/sample.csv"'
check "no temporary file left behind" only_files "$w" new.json kept.json to-kept dangling made.json

# An interrupted write (the file size limit hit midway: 50 KiB of a 1.4 MB
# report) leaves the old file as it was and nothing else.
printf 'old\n' >"$w/big.json"
(ulimit -f 100 && trap '' XFSZ && exec "$TRACEVIEW" -f json -o "$w/big.json" "$SAMPLE") \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
check "a write that fails midway: exit 1" status_is 1
check "... the reason named" stderr_is "traceview: $w/big.json: cannot write output: File too large"
check "... the old file as it was" [ "$(cat "$w/big.json")" = old ]
sh -c 'ulimit -f 100 && exec "$@"' sh "$TRACEVIEW" -f json -o "$w/big.json" "$SAMPLE" \
	>/dev/null 2>&1
check "a run killed midway (SIGXFSZ): the old file as it was" [ "$(cat "$w/big.json")" = old ]
check "... and no half-written file beside it" \
	only_files "$w" new.json kept.json to-kept dangling made.json big.json

# ---------------------------------------------------------------- devices and FIFOs, in place

if [ -w /dev/full ]; then
	run -f json -o /dev/full "$SAMPLE"
	check "-o /dev/full: exit 1" status_is 1
	check "-o /dev/full: the reason named" stderr_is \
		"traceview: /dev/full: cannot write output: No space left on device"
	"$TRACEVIEW" -r "$SAMPLE" >/dev/full 2>"$tmp/err"
	rc=$?
	check "standard output on /dev/full: exit 1, the reason named" eval \
		'[ "$rc" -eq 1 ] && stderr_is "traceview: standard output: cannot write output: No space left on device"'
	"$TRACEVIEW" --diff --fail-if='total:calls>=0' "$SAMPLE" "$SAMPLE" >/dev/full 2>"$tmp/err"
	rc=$?
	check "the gate's lines on /dev/full: exit 1, the reason named" eval \
		'[ "$rc" -eq 1 ] && stderr_is "traceview: standard output: cannot write output: No space left on device"'
else
	skipped "-o /dev/full" "no /dev/full"
	skipped "-o /dev/full: the reason named" "no /dev/full"
	skipped "standard output on /dev/full" "no /dev/full"
	skipped "the gate's lines on /dev/full" "no /dev/full"
fi
"$TRACEVIEW" -f json -o /dev/stdout "$SAMPLE" >"$tmp/out" 2>"$tmp/err"
check "-o /dev/stdout: written in place" cmp -s "$tmp/out" "$tmp/sample.json"
if mkfifo "$tmp/fifo" 2>/dev/null; then
	cat "$tmp/fifo" >"$tmp/from-fifo" &
	reader=$!
	run -f json -o "$tmp/fifo" "$SAMPLE"
	wait $reader
	check "-o a FIFO: written in place, exit 0" eval \
		'[ "$rc" -eq 0 ] && [ -p "$tmp/fifo" ] && cmp -s "$tmp/from-fifo" "$tmp/sample.json"'
else
	skipped "-o a FIFO" "no mkfifo"
fi

# ---------------------------------------------------------------- a read-only folder

# as_user COMMAND...: COMMAND as an unprivileged user (root bypasses
# folder permissions); non-zero without a way to.
as_user() {
	if [ "$(id -u)" -ne 0 ]; then
		"$@"
	elif command -v setpriv >/dev/null 2>&1; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		return 125
	fi
}
ro=$tmp/ro-top
mkdir "$ro" "$ro/ro"
cp "$SAMPLE" "$ro/app.trace"
printf 'old\n' >"$ro/ro/locked.json"
printf 'old\n' >"$ro/ro/open.json"
chmod 644 "$ro/app.trace" "$ro/ro/locked.json"
chmod 666 "$ro/ro/open.json"
chmod 555 "$ro/ro"
chmod 755 "$tmp" "$ro"
if as_user "$TRACEVIEW" --version >/dev/null 2>&1; then
	as_user "$TRACEVIEW" -f json -o "$ro/ro/new.json" "$ro/app.trace" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "read-only folder, a new file: exit 1, why" eval \
		'[ "$rc" -eq 1 ] && stderr_is "traceview: $ro/ro/new.json: Permission denied"'
	as_user "$TRACEVIEW" -f json -o "$ro/ro/locked.json" "$ro/app.trace" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "read-only folder, a read-only file: exit 1, the file as it was" eval \
		'[ "$rc" -eq 1 ] && [ "$(cat "$ro/ro/locked.json")" = old ]'
	as_user "$TRACEVIEW" -f json -o "$ro/ro/open.json" "$ro/app.trace" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	check "read-only folder, a writable file: written in place" eval \
		'[ "$rc" -eq 0 ] && cmp -s "$ro/ro/open.json" "$tmp/sample.json"'
	check "read-only folder: nothing else made" only_files "$ro/ro" locked.json open.json
else
	skipped "read-only folder" "root without setpriv, or the build is not readable to others"
fi
chmod 755 "$ro/ro"
chmod 700 "$tmp"

clilib_end
