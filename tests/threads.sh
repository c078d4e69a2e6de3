#!/bin/sh
# threads.sh: the threads pane (6) as --view=threads against
# --format=json's threads, on the sample and on every real trace in
# $TV_REAL_DIR (and its streaming/ folder): the same threads in tid order,
# each row's tid, records, CPU and wall (json's cpu_usec and wall_usec, in
# ms with three decimals, "-" for a clock the trace lacks) and its wait
# (wall - CPU). Then, on the sample, hand-checked rows, -t marking the
# scope, and a scope of two threads: --view=table and --view=tree over
# threads 1 and 14 give -f json -t 1 -t 14's toplevel.
# Exit status: 0 all passed, 1 something failed.

set -u

. "${srcdir:-$(dirname "$0")/..}/tests/clilib.sh"
REAL=${TV_REAL_DIR:-}

# json_rows FILE: json's threads as "tid records cpu wall wait", a line
# each (the writer puts each thread's numbers on one line).
json_rows() {
	awk '
	function ms(v) { return v == "null" ? "-" : sprintf("%d.%03d", int(v / 1000), v % 1000) }
	# the value after key (a quote cannot start a key inside a name: it
	# is escaped there)
	function num(key,   i, s) {
		i = index($0, "\"" key "\": ")
		s = substr($0, i + length(key) + 4)
		match(s, /^(null|[0-9]+)/)
		return substr(s, 1, RLENGTH)
	}
	/^    \{"tid": / {
		cpu = num("cpu_usec"); wall = num("wall_usec")
		w = (cpu == "null" || wall == "null") ? "-" : \
		    (wall + 0 >= cpu + 0 ? ms(wall - cpu) : "-" ms(cpu - wall))
		print num("tid"), num("records"), ms(cpu), ms(wall), w
	}' "$1"
}

# view_rows FILE: the pane's rows as the same five fields.
view_rows() {
	awk 'NR > 2 { print $1, $2, $3, $4, $5 }' "$1"
}

# same_threads TRACE: the pane's rows are json's threads.
same_threads() {
	"$TRACEVIEW" --view=threads --width=250 "$1" >"$tmp/view" 2>"$tmp/err" &&
	"$TRACEVIEW" -f json "$1" >"$tmp/json" 2>>"$tmp/err" || return 1
	json_rows "$tmp/json" >"$tmp/want"
	view_rows "$tmp/view" >"$tmp/got"
	[ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" && return 0
	echo "#   $1: the pane's rows and json's threads differ:" >&2
	diff "$tmp/want" "$tmp/got" | head -n 10 | sed 's/^/#   /' >&2
	return 1
}

check "the sample: the pane's rows are json's threads" same_threads "$SAMPLE"
if [ -n "$REAL" ] && [ -d "$REAL" ]; then
	for f in "$REAL"/*.trace "$REAL"/streaming/*.trace; do
		[ -e "$f" ] || continue
		check "$(basename "$f"): the pane's rows are json's threads" same_threads "$f"
	done
else
	skipped "real traces: the pane's rows are json's threads" "no TV_REAL_DIR"
fi

# By hand, the sample's main thread: 13777 records, CPU span 1459.503 ms,
# wall 6497.565 ms, so wait 5038.062; 87.6% of the 1665.649 ms of CPU of
# every thread (json's cpu_usec summed), 9.6% of their 67819.608 ms of
# wall; its strip in mono at 80 columns (4 cells) framework, runtime,
# library: ffrl.
run --view=threads "$SAMPLE"
check "--view=threads: every thread, the title" first_line_has "$tmp/out" \
	'^ Threads: 56 (scope: all threads)$'
check "--view=threads: main's row by hand" stdout_has \
	'^         1     13777   1459.503   6497.565   5038.062  87.6%  ffrl  main$'
check "--view=threads: 58 lines (title, titles, 56 threads)" test "$(wc -l <"$tmp/out")" -eq 58
run --view=threads --clock=wall "$SAMPLE"
check "--view=threads --clock=wall: main's share of the wall time" stdout_has \
	'^         1     13777   1459.503   6497.565   5038.062   9.6%  frii  main$'
run --view=threads -t 'Binder*' --ascii "$SAMPLE"
check "--view=threads -t GLOB: every thread listed, the scope's marked" eval \
	'first_line_has "$tmp/out" "^ Threads: 56 (scope: 3 threads)$" && stdout_has "^ >       9 " && stdout_has "^ >      10 " && stdout_has "^ >      18 " && [ "$(grep -c "^ >" "$tmp/out")" -eq 3 ]'

# Threads 1 and 14 together: toplevel incl CPU 1459.503 + 27.903 =
# 1487.406 ms and wall 6497.565 + 11262.582 = 17760.147 ms, json's too.
run -f json -t 1 -t 14 "$SAMPLE"
check "json -t 1 -t 14: the toplevel by hand" stdout_has \
	'"incl_cpu_usec": 1487406, "excl_cpu_usec": 0, "incl_wall_usec": 17760147'
run --view=table -t 1 -t 14 --width=120 "$SAMPLE"
check "--view=table over threads 1 and 14: json's toplevel" stdout_has \
	'^(toplevel)  *100.0%  *1487.406  *0.000  *17760.147  *0.000$'
run --view=tree -t main -t 14 --width=120 "$SAMPLE"
check "--view=tree over threads 1 and 14: json's toplevel, a root call each" stdout_has \
	'^   1487.406 100.0%       0.000   0.0%          2  . (toplevel)$'

clilib_end
