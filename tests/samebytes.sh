#!/bin/bash
# samebytes.sh: run two traceview binaries over the same invocations and
# say where their outputs differ (standard output, standard error and exit
# status, byte for byte). For changes that must not change behaviour
# (docs/testing.md, "Same bytes before and after").
#
#   tests/samebytes.sh OLD NEW [TRACE...]
#
# Without TRACE arguments it uses the bundled sample, every real trace
# under $TV_REAL_DIR (default ../shared/traces/real, with its damaged/ and
# streaming/ folders) and two traces written by gen_bench ($GEN_BENCH, or
# a gen_bench next to NEW) when one is found. Every trace gets every
# format, --view of every pane at two sizes, the option variants below and
# a few bad command lines; pairs of traces get --diff and --fail-if. Exits
# 0 when every invocation matched, 1 otherwise (the differing ones listed),
# 2 on a usage error. Not part of make check: it needs the old binary.
set -u
[ $# -ge 2 ] || { echo "usage: $0 OLD NEW [TRACE...]" >&2; exit 2; }
old=$1 new=$2
shift 2
for b in "$old" "$new"; do
	[ -x "$b" ] || { echo "$0: $b: not an executable" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
real=${TV_REAL_DIR:-$here/../../shared/traces/real}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

traces=("$@")
if [ ${#traces[@]} -eq 0 ]; then
	traces=("$here"/samples/*.trace)
	for f in "$real"/*.trace "$real"/damaged/*.trace "$real"/streaming/*.trace; do
		[ -e "$f" ] && traces+=("$f")
	done
	gen=${GEN_BENCH:-$(dirname "$new")/tests/gen_bench}
	if [ -x "$gen" ]; then
		"$gen" 200000 "$work/gen.trace" 7 >/dev/null &&
			traces+=("$work/gen.trace")
		"$gen" --jank 200000 "$work/genjank.trace" 3 >/dev/null &&
			traces+=("$work/genjank.trace")
	fi
fi

runs=0 diffs=0
# same ARGS...: run both binaries with ARGS (in $work, TERM unset so no
# terminal is assumed) and compare what they print and return.
same() {
	local o n
	runs=$((runs + 1))
	(cd "$work" && env -u TERM NO_COLOR= "$old" "$@" >o.out 2>o.err </dev/null; echo $? >o.rc)
	(cd "$work" && env -u TERM NO_COLOR= "$new" "$@" >n.out 2>n.err </dev/null; echo $? >n.rc)
	# The program's own name may appear in messages: compare it away.
	sed -i "s#$old#TRACEVIEW#g" "$work/o.err"
	sed -i "s#$new#TRACEVIEW#g" "$work/n.err"
	for o in out err rc; do
		if ! cmp -s "$work/o.$o" "$work/n.$o"; then
			diffs=$((diffs + 1))
			echo "DIFF ($o): traceview $*"
			diff "$work/o.$o" "$work/n.$o" | head -n 6
			return
		fi
	done
}

formats=(text csv json tree tree-json folded chrome speedscope dump waits waits-json jank jank-json)
views=(table tree bottom-up flame calls jank)

for t in "${traces[@]}"; do
	same -r "$t"
	for f in "${formats[@]}"; do
		same -f "$f" "$t"
	done
	for c in cpu wall; do
		same -f tree --clock=$c --min=1 "$t"
		same -f folded --clock=$c --signatures --per-thread "$t"
		same -f tree --invert --depth=3 --sort=-calls --clock=$c "$t"
	done
	same -f json -t 1 "$t"
	same -f json -t main "$t"
	same -f text --range=0.1s.. "$t"
	same -f json --transform=app:android.* --app=com.* "$t"
	same -f waits --min-wait=1ms "$t"
	same -f jank --frame=5ms "$t"
	# the busiest method by the JSON report, for --method and --view=calls
	m=$(env -u TERM "$new" -f csv "$t" 2>/dev/null | awk -F, 'NR==3 {print $1; exit}')
	if [ -n "$m" ]; then
		for f in calls calls-csv calls-json; do
			same -f $f --method="$m" "$t"
		done
		same -f json --transform="focus:$m" "$t"
		same --view=calls --method="$m" --width=120 "$t"
	fi
	for v in "${views[@]}"; do
		same --view=$v "$t"
		same --view=$v --width=200 --height=40 "$t"
		same --view=$v --ascii --width=100 --height=30 --clock=wall "$t"
	done
	same --view=tree -t main --range=..2s "$t"
	same -o "$work/x.json" -f nosuch "$t"
done

# --diff over neighbouring pairs of traces, with gates.
for ((i = 0; i + 1 < ${#traces[@]}; i += 2)); do
	a=${traces[$i]} b=${traces[$((i + 1))]}
	for f in text csv json folded; do
		same --diff -f $f "$a" "$b"
	done
	same --diff "$a" "$b" --fail-if='total:incl_wall>+5%'
	same --diff "$a" "$b" --fail-if='*:calls>+0' --fail-if='total:incl_cpu<-1ms'
	same --diff "$b" "$a" --fail-if='pkg:android.*:excl_cpu>+2ms'
done

# Bad command lines: messages and statuses.
s=${traces[0]}
same
same --help
same --version
same --nosuch "$s"
same -f json
same --view=nosuch "$s"
same --diff "$s"
same --fail-if=x "$s"
same --range=5..1 "$s"
same --transform=focus:No.such "$s"
same -f calls "$s"
same -t nosuchthread "$s"
same /nonexistent.trace
same --width=5 --view=table "$s"
same "$here/samebytes.sh"

echo "$runs invocations, $diffs differ"
[ "$diffs" -eq 0 ]
