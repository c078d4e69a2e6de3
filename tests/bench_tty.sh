#!/bin/sh
# bench_tty.sh: the full-screen UI timed on a real terminal (tmux).
#
#   bench_tty.sh TRACE
#   bench_tty.sh --first TRACE
#
# Starts $TRACEVIEW TRACE in a private tmux server (200x50,
# TERM=xterm-256color, UTF-8) and prints, without targets, one
# "name value" pair a line:
#   first_frame_ms   start to the first complete frame: the table's title
#                    row, a timeline ruler label and thread row, the footer,
#                    and no "computing" mark
#   key_5_ms         after `j` (the table's first method, the hottest by
#                    incl), from sending `5` until the every-call pane's
#                    summary line ("count N ...") shows; then `1` returns
#                    to the table (the script below starts there)
#   pane5_calls      how many calls that pane lists
#   key_<name>_ms    for each key of a fixed script, from sending it until
#                    the screen settles (two captures 30 ms apart equal, no
#                    "computing" mark); the settle wait itself is included
# With --first, at 160x45, the first screen of a big trace (issue 21),
# three starts:
#   first_usable_ms  start to the first complete frame (as first_frame_ms
#                    but the "loading N%" mark of a preview allowed)
#   first_mark       1 when that frame showed the mark (a preview), else 0
#   final_ms         start to the first complete frame without the mark
#   view_peak_kb     the view's peak resident memory (VmHWM) 2 s after that
#   quit_ms          a second start: q sent at its first usable frame,
#                    until the process ended (quit_loading: 1 when the mark
#                    was still shown then)
#   today_ms         a third start with the preview off
#                    (TRACEVIEW_PREVIEW_BYTES past the file's size): the
#                    first complete frame as before the preview
# Times come from polling capture-pane every few ms, so they are upper
# bounds with a resolution of about 10 ms. Exit 0, 1 on failure, 77
# without tmux.

set -u
TRACEVIEW=${TRACEVIEW:-./traceview}
FIRST=
[ $# -eq 2 ] && [ "$1" = --first ] && { FIRST=1; shift; }
[ $# -eq 1 ] || { echo "usage: bench_tty.sh [--first] TRACE" >&2; exit 1; }
TRACE=$1
command -v tmux >/dev/null 2>&1 || { echo "bench_tty.sh: no tmux" >&2; exit 77; }
case $TRACEVIEW in /*) ;; *) TRACEVIEW=$(pwd)/$TRACEVIEW ;; esac
case $TRACE in /*) ;; *) TRACE=$(pwd)/$TRACE ;; esac

SOCK=tvbench-$$
tm() { tmux -L "$SOCK" -f /dev/null -u "$@"; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tv-btty.XXXXXX") || exit 1
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
cap() { tm capture-pane -p -t b >"$tmp/screen" 2>/dev/null; }
complete() {
	grep -q '^Name ' "$tmp/screen" && grep -Eq '[|][0-9.]+(s|ms|us)' "$tmp/screen" &&
	grep -q '^\[[0-9]*\] ' "$tmp/screen" && tail -n 1 "$tmp/screen" | grep -q 'q quit' &&
	! grep -q 'computing' "$tmp/screen"
}

LOC=C.UTF-8
marked() { head -n 1 "$tmp/screen" | grep -Eq ' loading [0-9]+% '; }
# start NAME COLS LINES [VAR=VALUE]: traceview TRACE in session NAME; it
# says "EXITED" when it ends.
start() {
	tm new-session -d -s "$1" -x "$2" -y "$3" \
		"env TERM=xterm-256color LANG=$LOC ${4:-} $(printf '%s' "$TRACEVIEW") $(printf '%s' "$TRACE"); echo EXITED; sleep 60"
}
# until_ms NAME TEST: poll session NAME until TEST holds on its screen.
until_ms() {
	i=0
	until tm capture-pane -p -t "$1" >"$tmp/screen" 2>/dev/null && $2; do
		i=$((i + 1))
		[ $i -lt 12000 ] || { echo "bench_tty.sh: $1: timed out" >&2; exit 1; }
		sleep 0.005
	done
}
final() { complete && ! marked; }
ended() { grep -q '^EXITED' "$tmp/screen"; }
if [ -n "$FIRST" ]; then
	t0=$(now_ms)
	start f 160 45
	until_ms f complete
	echo "first_usable_ms $(( $(now_ms) - t0 ))"
	if marked; then echo "first_mark 1"; else echo "first_mark 0"; fi
	until_ms f final
	echo "final_ms $(( $(now_ms) - t0 ))"
	# The view's peak memory, once its idle prefetch (the scope of the
	# thread under the cursor) has had time to run.
	sleep 2
	pp=$(tm list-panes -t f -F '#{pane_pid}')
	vp=$(pgrep -P "$pp" traceview | head -n 1)
	[ -n "$vp" ] && echo "view_peak_kb $(awk '/^VmHWM/ {print $2}' "/proc/$vp/status")"
	tm kill-session -t f
	start q 160 45
	until_ms q complete
	loading=0
	marked && loading=1
	t1=$(now_ms)
	tm send-keys -t q q
	until_ms q ended
	echo "quit_ms $(( $(now_ms) - t1 ))"
	echo "quit_loading $loading"
	tm kill-session -t q
	t0=$(now_ms)
	start o 160 45 TRACEVIEW_PREVIEW_BYTES=$(( $(wc -c <"$TRACE") + 1 ))
	until_ms o complete
	echo "today_ms $(( $(now_ms) - t0 ))"
	exit 0
fi
t0=$(now_ms)
tm new-session -d -s b -x 200 -y 50 \
	"env TERM=xterm-256color LANG=$LOC $(printf '%s' "$TRACEVIEW") $(printf '%s' "$TRACE"); sleep 60" ||
	exit 1
i=0
until cap && complete; do
	i=$((i + 1))
	[ $i -lt 6000 ] || { echo "bench_tty.sh: no complete first frame" >&2; exit 1; }
	sleep 0.005
done
echo "first_frame_ms $(( $(now_ms) - t0 ))"

# settle: wait for two equal captures 30 ms apart with no "computing".
settle() {
	j=0
	while [ $j -lt 1000 ]; do
		cap
		cp "$tmp/screen" "$tmp/prev"
		sleep 0.03
		cap
		if cmp -s "$tmp/screen" "$tmp/prev" && ! grep -q computing "$tmp/screen"; then
			return 0
		fi
		j=$((j + 1))
	done
	return 1
}
# Pane 5 on the table's first method (j: the cursor starts on the
# toplevel): until its summary line shows, then back to the table.
tm send-keys -t b j
settle || { echo "bench_tty.sh: the screen did not settle after j" >&2; exit 1; }
t1=$(now_ms)
tm send-keys -t b 5
i=0
until cap && grep -q '^ count [0-9]' "$tmp/screen"; do
	i=$((i + 1))
	[ $i -lt 12000 ] || { echo "bench_tty.sh: no summary line after 5" >&2; exit 1; }
	sleep 0.005
done
echo "key_5_ms $(( $(now_ms) - t1 ))"
echo "pane5_calls $(grep -m 1 '^ Calls of' "$tmp/screen" | sed -n 's/.*: \([0-9]*\) calls*$/\1/p')"
tm send-keys -t b 1
settle || { echo "bench_tty.sh: the screen did not settle after 1" >&2; exit 1; }

for k in Tab w w d t t j t 0 Tab j j NPage G g '>' '<' c c '/' q; do
	case $k in
	/) t1=$(now_ms); tm send-keys -t b -l "/run"; tm send-keys -t b Enter ;;
	q) t1=$(now_ms); tm send-keys -t b q ;;
	*) t1=$(now_ms); tm send-keys -t b "$k" ;;
	esac
	settle || { echo "bench_tty.sh: the screen did not settle after $k" >&2; exit 1; }
	echo "key_${k}_ms $(( $(now_ms) - t1 - 30 ))"
done
