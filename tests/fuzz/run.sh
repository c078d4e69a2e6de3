#!/bin/sh
# run.sh: runs each fuzz harness for FUZZ_SECONDS (`make fuzz` calls it).
#
# usage: FUZZ_BIN=DIR FUZZ_SRC=DIR FUZZ_WORK=DIR FUZZ_SECONDS=N run.sh NAME...
#   FUZZ_BIN   where the fuzz_NAME programs are (build tree)
#   FUZZ_SRC   tests/fuzz in the source tree (corpus/, regress/, *.dict)
#   FUZZ_WORK  working corpora and crash inputs, kept between runs
# Each harness starts from its working corpus, topped up with the committed
# seeds and crash inputs (and the bundled sample for load). One summary line
# per harness; exits 1 when any harness crashed, with where the input is.
set -u
: "${FUZZ_BIN:?}" "${FUZZ_SRC:?}" "${FUZZ_WORK:?}"
seconds=${FUZZ_SECONDS:-60}
sample=$FUZZ_SRC/../samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace
failed=""

for name in "$@"; do
	case $name in
	mapping) dict=mapping.dict max_len=16384 ;;
	text) dict=text.dict max_len=4096 ;;
	gate) dict=gate.dict max_len=512 ;;
	keyfile) dict=trace.dict max_len=16384 ;;
	*) dict=trace.dict max_len=65536 ;;
	esac
	corpus=$FUZZ_WORK/$name
	crashes=$FUZZ_WORK/crashes/$name
	log=$FUZZ_WORK/$name.log
	mkdir -p "$corpus" "$crashes"
	for d in "$FUZZ_SRC/corpus/$name" "$FUZZ_SRC/regress/$name"; do
		[ -d "$d" ] && cp "$d"/* "$corpus"/ 2>/dev/null
	done
	[ "$name" = load ] && [ -f "$sample" ] && cp "$sample" "$corpus"/
	before=$(ls "$crashes" | wc -l)
	"$FUZZ_BIN/fuzz_$name" -max_total_time="$seconds" -max_len="$max_len" \
		-timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
		-dict="$FUZZ_SRC/$dict" -artifact_prefix="$crashes/" \
		"$corpus" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
	ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | sed 's/ft: //')
	after=$(ls "$crashes" | wc -l)
	new=$((after - before))
	printf 'fuzz_%-8s %5ss: %10s execs, cov %5s, ft %6s, corpus %5s, crashes %s\n' \
		"$name" "$seconds" "${execs:-?}" "${cov:-?}" "${ft:-?}" \
		"$(ls "$corpus" | wc -l)" "$new"
	if [ "$rc" -ne 0 ] || [ "$new" -ne 0 ]; then
		failed="$failed $name"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -n 5
		ls -t "$crashes" | head -n 3 | sed "s|^|  input: $crashes/|"
		echo "  log: $log"
	fi
done

if [ -n "$failed" ]; then
	echo "fuzz: crashes in:$failed (add the inputs to tests/fuzz/regress/NAME/)" >&2
	exit 1
fi
