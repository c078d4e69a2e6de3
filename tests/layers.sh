#!/bin/bash
# layers.sh: the shape of the tree as rules that fail (docs/architecture.md,
# "Rules"; docs/testing.md, "The shape of the tree"). Under src/ and tui/:
#
#   - no .c or .h file over MAX_LINES lines (the same for tests/*.c and
#     tests/*.h, whose long lists of checks have no function limit);
#   - no function over MAX_FUNC lines (from its '{' to its '}', both at
#     the start of a line, as the project writes them);
#   - a file includes only from its own layer folder and those before it
#     (SRC_LAYERS, TUI_LAYERS; src/ never from tui/), and no file sits
#     directly in src/ or in a tui/ folder the list does not name;
#   - nothing under src/ includes curses or calls exit, _Exit or abort;
#   - no include cycle between modules (a .c with its .h is one module)
#     or between folders;
#   - the option parser's name (spelled below as OPTPARSE, never written
#     out, so this file passes its own rule) appears in src/, tui/ and
#     tests/ only under tui/cli/, not even in a comment.
#
# Plain bash, find, grep, cut, sort and awk; well under a second. Run by
# make check ($srcdir set by make) or by hand: tests/layers.sh.
# Exit status: 0 every rule kept, 1 a rule broken (each one said on
# stderr), 99 no source tree (automake's plain protocol).
set -u

# 1: tui/'s rules fail like src/'s; 0 would only report them (for a tree
# in the middle of a re-cut).
TUI_STRICT=1

MAX_LINES=900
MAX_FUNC=60
# Layer folders, lowest first: a file may include from its own folder and
# the ones before it.
SRC_LAYERS="base read model analyze write"
TUI_LAYERS="draw keys session panes shell cli"

OPTPARSE='get''opt'

srcdir=${srcdir:-$(dirname "$0")/..}
cd "$srcdir" 2>/dev/null && [ -d src ] && [ -d tui ] || {
	echo "layers.sh: no source tree at $srcdir" >&2
	exit 99
}

fail=0
# say strict MESSAGE: a broken rule; strict 0 only reports it.
say() {
	if [ "$1" = 1 ]; then
		echo "layers.sh: FAIL: $2" >&2
		fail=1
	else
		echo "layers.sh: note (not failing yet, TUI_STRICT=0): $2" >&2
	fi
}

# The option parser outside tui/cli/.
while IFS= read -r hit; do
	where=${hit%%:*}:$(echo "$hit" | cut -d: -f2)
	msg="$where: '$OPTPARSE' outside tui/cli/ (only the command line parses options)"
	case $hit in
	tui/*) say "$TUI_STRICT" "$msg" ;;
	*) say 1 "$msg" ;;
	esac
done < <(grep -rIn -- "$OPTPARSE" src tui tests 2>/dev/null | grep -v '^tui/cli/')

# tests/: the size rule only.
tests_files=0
for f in tests/*.c tests/*.h; do
	[ -f "$f" ] || continue
	tests_files=$((tests_files + 1))
	n=$(wc -l < "$f")
	if [ "$n" -gt "$MAX_LINES" ]; then
		say 1 "$f: $n lines (at most $MAX_LINES): split it along its seams"
	fi
done

# Everything else from one pass over the sources. awk prints one line per
# broken rule: "1 message" fails, "0 message" only reports.
files=$(find src tui -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
while IFS= read -r line; do
	[ -n "$line" ] && say "${line%% *}" "${line#* }"
done < <({
# shellcheck disable=SC2086
awk -v max_lines="$MAX_LINES" -v max_func="$MAX_FUNC" -v tui_strict="$TUI_STRICT" \
    -v src_layers="$SRC_LAYERS" -v tui_layers="$TUI_LAYERS" \
    -v tui_flat_exempt="${TUI_FLAT_EXEMPT:-0}" '
function dirof(p) { sub(/\/[^\/]*$/, "", p); return p }
function modof(p) { sub(/\.[ch]$/, "", p); return p }
# A file's layer: its folder's place in its list (1 the lowest), -1
# directly in tui/, -2 directly in src/ or in a folder not in the list, -3
# outside src/ and tui/.
function layer(p,    n, part) {
	n = split(p, part, "/")
	if (part[1] == "src")
		return n == 2 ? -2 : (part[2] in srcrank) ? srcrank[part[2]] : -2
	if (part[1] == "tui")
		return n == 2 ? -1 : (part[2] in tuirank) ? tuirank[part[2]] : -2
	return -3
}
function strict(p) { return p ~ /^tui\// ? tui_strict : 1 }
function report(s, msg) { print s " " msg }
function endfile(   ) {
	if (cur != "" && nlines > max_lines)
		report(strict(cur), cur ": " nlines " lines (at most " max_lines "): split it along its seams")
}
BEGIN {
	n = split(src_layers, l, " ")
	for (i = 1; i <= n; i++) { srcrank[l[i]] = i; srcname[i] = l[i] }
	n = split(tui_layers, l, " ")
	for (i = 1; i <= n; i++) { tuirank[l[i]] = i; tuiname[i] = l[i] }
}
FNR == 1 {
	endfile()
	cur = FILENAME
	known[cur] = 1
	fstart = 0
	sig = ""
}
{ nlines = FNR }
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ { sig = $0; sigline = FNR }
/^\{/ { fstart = FNR; fname = sig; sub(/\(.*/, "", fname); sub(/.*[ *]/, "", fname) }
/^\}/ && fstart {
	len = FNR - fstart + 1
	if (len > max_func)
		report(strict(cur), cur ":" sigline ": " fname "() is " len " lines (at most " max_func "): cut it into steps")
	fstart = 0
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	name = $0
	sub(/^[^"]*"/, "", name)
	sub(/".*/, "", name)
	ninc++
	incfrom[ninc] = cur
	incname[ninc] = name
	incline[ninc] = FNR
}
cur ~ /^src\// && /#[ \t]*include[ \t]*[<"](n?curses|ncursesw\/|term\.h)/ {
	report(1, cur ":" FNR ": the engine includes no curses: " $0)
}
cur ~ /^src\// && /(^|[^_a-zA-Z0-9.>])(exit|_Exit|abort)\(/ {
	report(1, cur ":" FNR ": the engine never ends the process (returns an error instead): " $0)
}
END {
	endfile()
	for (f in known) {
		lf = layer(f)
		if (lf == -2 && f ~ /^src\//)
			report(1, f ": not in a layer folder of src/ (" src_layers ")")
		if (lf == -2 && f ~ /^tui\//)
			report(1, f ": its folder is not in TUI_LAYERS (" tui_layers "): add it, in order")
		if (lf == -1 && !tui_flat_exempt)
			report(1, f ": directly in tui/: move it into a layer folder (" tui_layers ")")
	}
	for (i = 1; i <= ninc; i++)
		resolve(i)
	for (m in medge_any)
		if (!(m in mseen))
			visit(m, "m", 0)
	for (d in dedge_any)
		if (!(d in dseen))
			visit(d, "d", 0)
}
# The file include i names, looked up as the compiler does: beside the
# includer, then src/, then tui/. Headers that are not ours are skipped.
function resolve(i,    from, name, to, lf, lt, dfrom, dto, mf, mt, where) {
	from = incfrom[i]; name = incname[i]
	to = dirof(from) "/" name
	if (!(to in known)) to = "src/" name
	if (!(to in known)) to = "tui/" name
	if (!(to in known))
		return
	lf = layer(from); lt = layer(to)
	where = from ":" incline[i] ": includes \"" name "\""
	if (from ~ /^src\// && to ~ /^tui\//)
		report(1, where ": the engine includes nothing from tui/")
	else if (from ~ /^src\// && lf > 0 && lt > lf)
		report(1, where ", from " srcname[lt] "/, a layer above " srcname[lf] "/ (order: " src_layers ")")
	else if (from ~ /^tui\// && to ~ /^tui\// && lf > 0 && lt > lf)
		report(1, where ", from " tuiname[lt] "/, a layer above " tuiname[lf] "/ (order: " tui_layers ")")
	else if (from ~ /^tui\// && lf > 0 && lt == -1 && !tui_flat_exempt)
		report(1, where ", a file directly in tui/, in no layer")
	mf = modof(from); mt = modof(to)
	if (mf != mt)
		edge("m", mf, mt)
	dfrom = dirof(from); dto = dirof(to)
	if (dfrom != dto && !(tui_flat_exempt && (dfrom == "tui" || dto == "tui")))
		edge("d", dfrom, dto)
}
function edge(kind, a, b) {
	if ((kind SUBSEP a SUBSEP b) in has)
		return
	has[kind, a, b] = 1
	nout[kind, a]++
	out[kind, a, nout[kind, a]] = b
	if (kind == "m") medge_any[a] = 1; else dedge_any[a] = 1
}
# Depth-first; a node met again while still on the path closes a cycle,
# reported once with the path that makes it.
function visit(v, kind, depth,    k, w, s, j) {
	if (kind == "m") mseen[v] = 1; else dseen[v] = 1
	onpath[kind, v] = 1
	path[kind, depth] = v
	for (k = 1; k <= nout[kind, v]; k++) {
		w = out[kind, v, k]
		if ((kind SUBSEP w) in onpath) {
			s = ""
			for (j = 0; j <= depth; j++)
				if (s != "" || path[kind, j] == w)
					s = s path[kind, j] " -> "
			report(s ~ /src\// ? 1 : tui_strict, "include cycle between " (kind == "m" ? "modules" : "folders") ": " s w)
		} else if (!(kind == "m" ? (w in mseen) : (w in dseen)))
			visit(w, kind, depth + 1)
	}
	delete onpath[kind, v]
}
' $files
} | LC_ALL=C sort -k2)

if [ "$fail" = 0 ]; then
	echo "layers.sh: every rule kept (src/ and tui/, $(echo "$files" | wc -l) files; sizes in tests/, $tests_files files)"
fi
exit "$fail"
