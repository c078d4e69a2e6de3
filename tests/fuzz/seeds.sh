#!/bin/sh
# seeds.sh: rewrites the committed fuzz seeds (`make fuzz-seeds` runs it).
#
# usage: seeds.sh SEEDS_PROGRAM CORPUS_DIR [REAL_DIR]
# The generated traces come from SEEDS_PROGRAM (seeds.c); from REAL_DIR
# (../shared/traces/real) only Apache-2.0 traces are taken, as NOTICE
# lists them: small perflib files whole, and cut pieces of bigger ones so
# no seed passes 100 KB. Keys and data parts are split at the "SLOW" magic.
set -eu
prog=$1 corpus=$2 real=${3:-}
mkdir -p "$corpus"
"$prog" "$corpus"
# Compressed copies for load_buffer's decoders: gzip (one member, two
# members), zstd (two frames) and a cut gzip stream. -n: no name or time
# in the header, so the seeds are the same on every run.
compressed() {
	d=$corpus/load
	if command -v gzip >/dev/null 2>&1; then
		gzip -n -c "$d/gen-v1-3-dual" >"$d/gen-v1-3-dual.gz"
		head -c 300 "$d/gen-stream-f3" | gzip -n -c >"$d/gen-stream-f3-2members.gz"
		tail -c +301 "$d/gen-stream-f3" | gzip -n -c >>"$d/gen-stream-f3-2members.gz"
		head -c 200 "$d/gen-v1-3-dual.gz" >"$d/gen-v1-3-dual-cut.gz"
	fi
	if command -v zstd >/dev/null 2>&1; then
		head -c 300 "$d/gen-v2-5-c" | zstd -q -c >"$d/gen-v2-5-c-2frames.zst"
		tail -c +301 "$d/gen-v2-5-c" | zstd -q -c >>"$d/gen-v2-5-c-2frames.zst"
	fi
}
compressed
if [ -z "$real" ] || [ ! -d "$real" ]; then
	echo "seeds.sh: no real traces (${real:-unset}); generated seeds only" >&2
	exit 0
fi
mkdir -p "$corpus/load" "$corpus/keyfile" "$corpus/v1" "$corpus/stream"

# split FILE NAME: whole file to load, its key to keyfile, its data to v1.
split() {
	cat "$1" >"$corpus/load/real-$2"
	at=$(grep -a -b -o -m 1 SLOW "$1" | head -n 1 | cut -d: -f1)
	head -c "$at" "$1" >"$corpus/keyfile/real-$2"
	tail -c +"$((at + 1))" "$1" >"$corpus/v1/real-$2"
}
split "$real/dalvik-v3-dual-perflib-basic.trace" perflib-basic
split "$real/dalvik-v3-dual-perflib-exception.trace" perflib-exception
split "$real/dalvik-v3-dual-perflib-mismatched.trace" perflib-mismatched
split "$real/dalvik-v1-threadcpu-perflib-basic-api10.trace" perflib-basic-api10
cat "$real/damaged/dalvik-v3-dual-perflib-basic-special_char-utf8-mangled.trace" \
	>"$corpus/load/real-perflib-special_char-utf8-mangled"
# The first 60 KB of big ones: packets of a real stream, UTF-8 names.
head -c 61440 "$real/streaming/art-v3-dual-streaming-perflib-streaming.trace" \
	>"$corpus/stream/real-perflib-streaming-head"
head -c 16384 "$real/art-v3-dual-perflib-char_2_bytes-utf8names.trace" \
	>"$corpus/keyfile/real-perflib-char_2_bytes-head"
