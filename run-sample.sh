#!/bin/bash
# run-sample.sh: install what is missing, build traceview and print the
# report of the bundled sample trace. Extra arguments go to traceview,
# e.g. ./run-sample.sh --format=json. Only the report goes to standard
# output; the build talks on standard error.
set -euo pipefail
cd "$(dirname "$0")"

{
	.ci/deps build
	[ -x configure ] || autoreconf -fi
	[ -f config.status ] || ./configure --quiet
	make -j"$(nproc 2>/dev/null || echo 2)"
} >&2
exec ./traceview "$@" tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace
