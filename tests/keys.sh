#!/bin/sh
# keys.sh: the KEYS sections of the man page and docs/ui.md must be exactly
# what `traceview --keys-roff` / `--keys-md` print from the action table
# (tui/keys/actions.h), so the docs cannot drift from the keys.
#
#   keys.sh            check (a test: TESTS in Makefile.am)
#   keys.sh --update   rewrite both sections in $srcdir (make update-keys)
#
# The sections sit between marker lines:
#   man/traceview.1   .\" BEGIN KEYS   ...   .\" END KEYS
#   docs/ui.md        <!-- BEGIN KEYS -->   ...   <!-- END KEYS -->
# $TRACEVIEW names the program, $srcdir the source tree (both set by make).
# Exit status: 0 all passed, 1 something failed (automake's plain protocol).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
MAN="$srcdir/man/traceview.1"
UIDOC="$srcdir/docs/ui.md"
ROFF_BEGIN='.\" BEGIN KEYS'
ROFF_END='.\" END KEYS'
MD_BEGIN='<!-- BEGIN KEYS -->'
MD_END='<!-- END KEYS -->'

if [ ! -x "$TRACEVIEW" ]; then
	echo "keys.sh: $TRACEVIEW is not an executable program" >&2
	exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tv-keys.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# markers FILE BEGIN END: true when each marker is a whole line exactly
# once, BEGIN first.
markers() {
	awk -v b="$2" -v e="$3" '
		$0 == b { nb++; lb = NR }
		$0 == e { ne++; le = NR }
		END { exit !(nb == 1 && ne == 1 && lb < le) }' "$1"
}

# between FILE BEGIN END: the lines strictly between the markers.
between() {
	awk -v b="$2" -v e="$3" '
		$0 == e { inside = 0 }
		inside { print }
		$0 == b { inside = 1 }' "$1"
}

# splice FILE BEGIN END NEW: FILE with the lines between the markers
# replaced by the file NEW, on stdout.
splice() {
	awk -v b="$2" -v e="$3" -v new="$4" '
		$0 == e { inside = 0 }
		!inside { print }
		$0 == b {
			inside = 1
			while ((getline line < new) > 0)
				print line
		}' "$1"
}

# Note: awk -v turns "\\" into "\", so the roff marker is passed escaped.
awk_arg() {
	printf '%s\n' "$1" | sed 's/\\/\\\\/g'
}

generate() {
	"$TRACEVIEW" --keys-roff >"$tmp/keys.roff" || return 1
	"$TRACEVIEW" --keys-md >"$tmp/keys.md" || return 1
	[ -s "$tmp/keys.roff" ] && [ -s "$tmp/keys.md" ]
}

if ! generate; then
	echo "keys.sh: $TRACEVIEW --keys-roff / --keys-md failed or printed nothing" >&2
	exit 1
fi

rb=$(awk_arg "$ROFF_BEGIN")
re=$(awk_arg "$ROFF_END")
mb=$MD_BEGIN
me=$MD_END

status=0
# one FILE BEGIN END GENERATED LABEL
one() {
	if [ ! -r "$1" ]; then
		echo "keys.sh: $1 is missing" >&2
		status=1
		return
	fi
	if ! markers "$1" "$2" "$3"; then
		echo "keys.sh: $1 lacks the KEYS markers (each once, on its own line)" >&2
		status=1
		return
	fi
	if [ "$mode" = update ]; then
		splice "$1" "$2" "$3" "$4" >"$tmp/new" || { status=1; return; }
		if cmp -s "$tmp/new" "$1"; then
			echo "keys.sh: $1 is up to date"
		else
			cat "$tmp/new" >"$1" && echo "keys.sh: updated $1"
		fi
		return
	fi
	between "$1" "$2" "$3" >"$tmp/have"
	if cmp -s "$tmp/have" "$4"; then
		echo "ok - $5 matches the action table"
	else
		echo "not ok - $5 differs from \`traceview $6\` (run make update-keys):"
		diff -u "$tmp/have" "$4" | sed 's/^/# /'
		status=1
	fi
}

mode=check
[ "${1:-}" = --update ] && mode=update

one "$MAN" "$rb" "$re" "$tmp/keys.roff" "man page KEYS" --keys-roff
one "$UIDOC" "$mb" "$me" "$tmp/keys.md" "docs/ui.md KEYS" --keys-md
exit $status
