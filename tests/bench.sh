#!/bin/sh
# bench.sh: how fast traceview turns big traces into a JSON profile.
#
# For each size (records) it generates a V1 v3 dual trace with gen_bench
# (cached in $BENCH_DIR by size), then measures:
#   - wall time of `traceview --format=json FILE > /dev/null`, best of 3,
#     and records per second;
#   - peak RSS (GNU time's %M, Debian package `time`; else polled from
#     /proc/PID/status VmHWM) and its ratio to the file size;
#   - the same time for `cat FILE > /dev/null` (the I/O floor) and the
#     ratio traceview / cat.
#
# Environment: TRACEVIEW, GEN_BENCH (paths to the programs), BENCH_SIZES
# (default "1000000 5000000 50000000"), BENCH_DIR (trace cache, default
# ${TMPDIR:-/tmp}/traceview-bench), BENCH_RUNS (default 3).
# Run through `make bench`, or directly with the two paths set.

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
GEN_BENCH=${GEN_BENCH:-./tests/gen_bench}
BENCH_SIZES=${BENCH_SIZES:-"1000000 5000000 50000000"}
BENCH_DIR=${BENCH_DIR:-${TMPDIR:-/tmp}/traceview-bench}
BENCH_RUNS=${BENCH_RUNS:-3}

die() {
	echo "bench.sh: $*" >&2
	exit 1
}

[ -x "$TRACEVIEW" ] || die "no traceview at $TRACEVIEW (set TRACEVIEW)"
[ -x "$GEN_BENCH" ] || die "no gen_bench at $GEN_BENCH (set GEN_BENCH)"
mkdir -p "$BENCH_DIR" || die "cannot create $BENCH_DIR"

GNU_TIME=
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
	GNU_TIME=/usr/bin/time
else
	echo "bench.sh: GNU time not found (Debian: apt-get install time);" \
	     "peak RSS is polled from /proc and may be low" >&2
fi

TMPF=$(mktemp "${TMPDIR:-/tmp}/bench.XXXXXX") || die "mktemp failed"
trap 'rm -f "$TMPF"' EXIT INT TERM

# Nanoseconds now (GNU date); falls back to whole seconds.
now_ns() {
	t=$(date +%s%N 2>/dev/null)
	case $t in
	*N|'') echo $(( $(date +%s) * 1000000000 )) ;;
	*) echo "$t" ;;
	esac
}

# run_rss CMD...: runs CMD (stdout to /dev/null), prints "NS KB STATUS".
run_rss() {
	if [ -n "$GNU_TIME" ]; then
		t0=$(now_ns)
		"$GNU_TIME" -f %M -o "$TMPF" "$@" > /dev/null
		st=$?
		t1=$(now_ns)
		kb=$(tail -n 1 "$TMPF")
		case $kb in *[!0-9]*|'') kb=0 ;; esac
	else
		t0=$(now_ns)
		"$@" > /dev/null &
		pid=$!
		kb=0
		while kill -0 "$pid" 2>/dev/null; do
			v=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
			[ -n "$v" ] && [ "$v" -gt "$kb" ] && kb=$v
			sleep 0.05
		done
		wait "$pid"
		st=$?
		t1=$(now_ns)
	fi
	echo "$((t1 - t0)) $kb $st"
}

# best_of CMD...: best wall time (ns) and peak RSS (KB) over BENCH_RUNS;
# prints "NS KB" or "FAIL STATUS".
best_of() {
	best=
	peak=0
	i=0
	while [ "$i" -lt "$BENCH_RUNS" ]; do
		r=$(run_rss "$@")
		ns=${r%% *}
		rest=${r#* }
		kb=${rest%% *}
		st=${rest#* }
		[ "$st" -eq 0 ] || { echo "FAIL $st"; return; }
		if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
		[ "$kb" -gt "$peak" ] && peak=$kb
		i=$((i + 1))
	done
	echo "$best $peak"
}

printf '%-10s %9s %10s %10s %9s %8s %9s %10s\n' \
	records file_MB tv_sec Mrec/s RSS_MB RSS/file cat_sec tv/cat
status=0
for n in $BENCH_SIZES; do
	f="$BENCH_DIR/bench-$n.trace"
	if [ ! -s "$f" ]; then
		"$GEN_BENCH" "$n" "$f.tmp" 2>/dev/null && mv "$f.tmp" "$f" ||
			{ rm -f "$f.tmp"; die "gen_bench $n failed"; }
	fi
	bytes=$(wc -c < "$f" | tr -d ' ')
	tv=$(best_of "$TRACEVIEW" --format=json "$f")
	case $tv in
	FAIL*)
		printf '%-10s %9s  traceview failed (status %s)\n' "$n" \
			"$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1048576}')" "${tv#FAIL }"
		status=1
		continue ;;
	esac
	ct=$(best_of cat "$f")
	awk -v n="$n" -v b="$bytes" -v tv="$tv" -v ct="$ct" 'BEGIN {
		split(tv, a, " "); split(ct, c, " ");
		ts = a[1] / 1e9; cs = c[1] / 1e9; rss = a[2] * 1024;
		rate = ts > 0 ? n / ts / 1e6 : 0; ratio = b > 0 ? rss / b : 0;
		floor = cs > 0 ? ts / cs : 0;
		printf("%-10s %9.1f %10.3f %10.2f %9.1f %8.2f %9.3f %10.1f\n",
			n, b / 1048576, ts, rate, rss / 1048576, ratio, cs, floor) }'
done
exit $status
