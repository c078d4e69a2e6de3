#!/bin/sh
# cli_select.sh: black-box tests of what the command line selects: --range
# past the trace, --thread as a set (repeated, globs), the jank thread's
# rule, and --fail-if rules that name nothing.
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

clilib_end
