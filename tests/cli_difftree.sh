#!/bin/sh
# cli_difftree.sh: black-box tests of the diff call tree on the command
# line (docs/cli.md, "The diff call tree"): --diff with --format=tree and
# tree-json, their options, and the views of the diff screen (--view).
#
# A written pair with hand-checked numbers, then on the sample and on
# real traces (TV_REAL_DIR, when there) every node of the diff's
# tree-json against each run's own tree-json: "a" and "b" are that run's
# node at the same path to the byte, every child of either is there, the
# order is B's incl, then A's. Exit status: 0 all passed, 1 something
# failed.

srcdir=${srcdir:-$(dirname "$0")/..}
. "$srcdir/tests/clilib.sh"

# BASE: A [0,100) wall [0,60) cpu calls B [10,40) then C [50,70).
# NEW:  A [0,120) wall calls B [10,80), which calls C [20,40).
{
	abc_head 1 main
	rec 1 4 0 0; rec 1 8 10 10; rec 1 9 30 40; rec 1 12 40 50; rec 1 13 50 70; rec 1 5 60 100
} >"$tmp/a.trace"
{
	abc_head 1 main
	rec 1 4 0 0; rec 1 8 10 10; rec 1 12 20 20; rec 1 13 30 40; rec 1 9 50 80; rec 1 5 60 120
} >"$tmp/b.trace"

cat >"$tmp/tree.want" <<END
A  $tmp/a.trace
B  $tmp/b.trace
     A incl      B incl        Delta   Delta%    A calls    B calls  method (ms, wall; Delta = B - A; siblings by B's incl, then A's, largest first)
      0.100       0.120       +0.020    +20.0          1          1  (toplevel)
      0.100       0.120       +0.020    +20.0          1          1    com.example.A.run ()V
      0.030       0.070       +0.040   +133.3          1          1      com.example.B.work (I)V
          -       0.020       +0.020      new          -          1        com.example.C.tick ()V
      0.020           -       -0.020     gone          1          -      com.example.C.tick ()V
END
run --diff --format=tree "$tmp/a.trace" "$tmp/b.trace"
check "--diff --format=tree exits 0" status_is 0
check "--diff --format=tree: the merged paths, hand-checked" cmp -s "$tmp/out" "$tmp/tree.want"
check "--diff --format=tree: nothing on stderr" test ! -s "$tmp/err"
run --diff --format=tree --depth=1 --min=90 "$tmp/a.trace" "$tmp/b.trace"
check "--diff --format=tree --depth=1 --min=90: the root and A" \
	eval '[ "$(cat "$tmp/out")" = "$(sed -n 1,5p "$tmp/tree.want")" ]'
run --diff --format=tree --clock=cpu "$tmp/a.trace" "$tmp/b.trace"
check "--diff --format=tree --clock=cpu: the CPU numbers" \
	stdout_has '^      0\.020       0\.040       +0\.020   +100\.0          1          1      com\.example\.B\.work'
run --diff --format=tree --invert "$tmp/a.trace" "$tmp/b.trace"
check "--diff --format=tree --invert exits 2" status_is 2
check "--diff --format=tree --invert: the message" \
	stderr_is "traceview: --diff merges the top-down trees: it takes no --invert"
run --diff --format=tree --sort=calls "$tmp/a.trace" "$tmp/b.trace"
check "--diff --format=tree --sort: warned, exit 0" status_is 0
check "--diff --format=tree --sort: the warning" \
	stderr_is "traceview: warning: --sort has no effect with --diff --format=tree"
run --diff --format=tree -t nosuch "$tmp/a.trace" "$tmp/b.trace"
check "--diff --format=tree -t nosuch exits 2" status_is 2

# --diff --view: the diff screen's panes as text (ASCII: any locale).
# The tree opens the hottest path; B.work is 0.030 ms in A (10..40) and
# 0.070 in B (10..80), +133.3%; C.tick is B's new callee of B.work
# (20..40) and A's gone callee of A.run (50..70).
cat >"$tmp/vtree.want" <<'END'
      A real    B real v      d real         d%    calls A->B  merged call paths
       0.100       0.120      +0.020     +20.0%          1->1  - (toplevel)
       0.100       0.120      +0.020     +20.0%          1->1  `-- com.example.A.run ()V
       0.030       0.070      +0.040    +133.3%          1->1    |-- com.example.B.work (I)V
           -       0.020      +0.020        new          -->1    | `-. com.example.C.tick ()V
       0.020           -      -0.020       gone          1->-    `-. com.example.C.tick ()V
END
run --diff --view=tree --width=100 --ascii "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view=tree exits 0" status_is 0
check "--diff --view=tree: the merged tree, hand-checked" cmp -s "$tmp/out" "$tmp/vtree.want"
run --diff --view=tree --width=100 --ascii --clock=cpu "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view=tree --clock=cpu: B.work 0.020 to 0.040 ms of CPU" \
	stdout_has '^       0\.020       0\.040      +0\.020    +100\.0%          1->1    |-- com\.example\.B\.work'
check "--diff --view=tree --clock=cpu: the title names the clock" \
	first_line_has "$tmp/out" '^       A cpu     B cpu v       d cpu         d%    calls A->B'
# The flame graph at 60 columns: A.run is B's 0.120 ms, the full width;
# B.work 0.070 of it (35 columns), A's gone C.tick 0.020 (10) beside it,
# B's new C.tick 0.020 (10) below B.work. Mono: + slower, - faster.
run --diff --view=flame --width=60 --ascii "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view=flame exits 0" status_is 0
check "--diff --view=flame: A.run the full width, slower" \
	stdout_has '^A\.run+\{55\}$'
check "--diff --view=flame: B.work 35 columns, the gone C.tick 10, sized by A" \
	stdout_has '^B\.work+\{29\}C\.tick-\{4\}$'
check "--diff --view=flame: the new C.tick 10 columns under B.work" stdout_has '^C\.tick+\{4\}$'
check "--diff --view=flame: the status line, d for the change in ASCII" \
	stdout_has '^ A 0\.100  B 0\.120 ms real  d +0\.020 (+20\.0%)  calls 1->1'
run --diff --view=table --width=100 --ascii "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view=table: the diff table, B.work first" \
	eval '[ "$(sed -n 2p "$tmp/out")" = "  B.work~         +0.020      +66.7%       0.030       0.050       0.030       0.070        1+0->1+0" ]'
run --diff --view=table -t main --range=0.01ms..1s --width=100 --ascii "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view with -t and --range on both runs: A.run's incl 0.090 -> 0.110" \
	stdout_has '^  A\.run ()V  *0\.000  *0\.0%  *0\.040  *0\.040  *0\.090  *0\.110 '
run --diff --view=jank "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view=jank exits 2" status_is 2
check "--diff --view=jank: the diff screen's panes listed" stderr_is \
	"traceview: --diff --view=jank: the diff screen has no such pane (expected table, tree, flame)"
run --diff --view=tree --format=tree "$tmp/a.trace" "$tmp/b.trace"
check "--diff --view --format exits 2" status_is 2
check "--diff --view --format: the message" \
	stderr_is "traceview: --view prints one pane: it takes no --format, --output or --fail-if"

if [ "$have_python" != yes ]; then
	skipped "tree-json against each run's own" "no python3"
	clilib_end
	exit $?
fi

# same_as_runs DESC ARGS... -- A B: the diff's tree-json against each
# run's own tree-json with the same ARGS, at every node.
same_as_runs() {
	desc=$1
	shift
	args=
	while [ "$1" != -- ]; do args="$args $1"; shift; done
	shift
	# shellcheck disable=SC2086
	"$TRACEVIEW" --diff -f tree-json $args "$1" "$2" >"$tmp/d.json" 2>"$tmp/err" &&
		"$TRACEVIEW" -f tree-json $args "$1" >"$tmp/ta.json" 2>>"$tmp/err" &&
		"$TRACEVIEW" -f tree-json $args "$2" >"$tmp/tb.json" 2>>"$tmp/err" || {
		bad "$desc: traceview failed"
		return
	}
	check "$desc" python3 - "$tmp/d.json" "$tmp/ta.json" "$tmp/tb.json" <<'EOF'
import json, sys
d, ta, tb = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:4])
assert d["clock"] == ta["clock"] == tb["clock"]
key = "incl_%s_usec" % d["clock"]
names = ("class", "name", "signature")
def stats(n):
    return {k: v for k, v in n.items() if k not in names and k != "children"}
def walk(x, na, nb):
    assert x["a"] is not None or x["b"] is not None
    for side, n in (("a", na), ("b", nb)):
        assert (x[side] is None) == (n is None)
        if n is not None:
            assert x[side] == stats(n), (x[side], stats(n))
            assert all(x[k] == n[k] for k in names)
    kids = [{c["id"]: c for c in (n or {"children": []})["children"]} for n in (na, nb)]
    seen = [set(), set()]
    prev = None
    for c in x["children"]:
        pair = []
        for r, side in enumerate("ab"):
            pair.append(kids[r][c[side]["id"]] if c[side] else None)
            if c[side]:
                seen[r].add(c[side]["id"])
        k = ((c["b"] or {}).get(key) or 0, (c["a"] or {}).get(key) or 0)
        assert prev is None or k <= prev, "order"
        prev = k
        walk(c, *pair)
    assert seen[0] == set(kids[0]) and seen[1] == set(kids[1]), "a child left out"
walk(d["root"], ta["root"], tb["root"])
EOF
}

same_as_runs "tree-json of the written pair: a and b are each run's" -- "$tmp/a.trace" "$tmp/b.trace"
same_as_runs "tree-json, CPU: a and b are each run's" --clock=cpu -- "$tmp/a.trace" "$tmp/b.trace"
same_as_runs "tree-json of the sample with itself" -- "$SAMPLE" "$SAMPLE"
same_as_runs "tree-json, -t main and a range, both runs" -t main --range=1s..30s -- "$SAMPLE" "$SAMPLE"
same_as_runs "tree-json after a transform, against the written pair" \
	--transform=merge:com.example.B.work -- "$tmp/a.trace" "$tmp/b.trace"
same_as_runs "tree-json of the written pair and the sample" -- "$tmp/a.trace" "$SAMPLE"

real=${TV_REAL_DIR:-}
if [ -n "$real" ] && [ -d "$real" ]; then
	prev=
	for f in "$real"/*.trace; do
		if [ -n "$prev" ]; then
			# the CPU clock: every real trace records it
			same_as_runs "real: $(basename "$prev") and $(basename "$f")" --clock=cpu -- "$prev" "$f"
		fi
		prev=$f
	done
else
	skipped "tree-json against each run's own on real traces" "no TV_REAL_DIR"
fi

clilib_end
