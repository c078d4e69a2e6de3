# tmuxlib.sh: what the tests driven through tmux share (ui*.sh, hostile.sh);
# sourced, never run.
#
# A private tmux server, the runner that starts traceview in a session,
# the screen polled and read back, a row's colours, and TAP lines. The
# sourcing script sets TRACEVIEW and calls tm_start NAME before the rest
# (hostile.sh, which runs checks without tmux too, makes TRACEVIEW
# absolute and calls tm_init NAME and tm_probe itself).
# Screens are captured into $scr: $tmp/screen unless the script points it
# elsewhere (ui_real.sh's parallel sessions each have their own).

# tm_init NAME: a private directory $tmp and a tmux server of its own for
# the test NAME, both removed on exit.
tm_init() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/tv-$1.XXXXXX") || exit 1
	SOCK=tv$1-$$
	scr=$tmp/screen
	sockpath=
	# tmux leaves its socket file behind: remove it too.
	trap 'tm kill-server >/dev/null 2>&1; [ -n "$sockpath" ] && rm -f "$sockpath"; rm -rf "$tmp"' EXIT
	trap 'exit 1' HUP INT TERM
}
tm() { tmux -L "$SOCK" -f /dev/null -u "$@"; }

# tm_probe: can this tmux start a session at all (it needs a UTF-8
# locale)? When not, fails with tmux's words in $tmp/probe.
tm_probe() {
	tm new-session -d -s probe -x 80 -y 24 "sleep 5" 2>"$tmp/probe" || return 1
	sockpath=$(tm display-message -p -t probe '#{socket_path}' 2>/dev/null)
	finish probe
}

# tm_start NAME: how a test driven through tmux starts. Skips (exit 77,
# saying why) without tmux or when tmux cannot start a session here;
# else TRACEVIEW made absolute and tm_init NAME.
tm_start() {
	me=$(basename "$0")
	if ! command -v tmux >/dev/null 2>&1; then
		echo "$me: tmux is not installed: skipping"
		exit 77
	fi
	case $TRACEVIEW in /*) ;; *) TRACEVIEW=$(pwd)/$TRACEVIEW ;; esac
	tm_init "$1"
	if ! tm_probe; then
		echo "$me: tmux cannot start a session here: $(cat "$tmp/probe"); skipping"
		exit 77
	fi
}

# UTF: a UTF-8 locale for the program, or empty when the system has none.
UTF=
for l in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
	if locale -a 2>/dev/null | grep -qix "$l"; then
		UTF=$l
		break
	fi
done

# TAP: ok, bad (with the last screen captured, if any), skipped, check.
pass=0
fail=0
n=0
ok() { n=$((n + 1)); pass=$((pass + 1)); echo "ok $n - $1"; }
bad() {
	n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"
	if [ -s "$scr" ]; then
		echo "#   last screen:"
		sed 's/^/#   |/' "$scr"
	fi
}
skipped() { echo "ok - $1 # SKIP $2"; }
check() { # check DESCRIPTION COMMAND...
	d=$1
	shift
	if "$@"; then ok "$d"; else bad "$d"; fi
}

# q WORD: WORD quoted for sh.
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# launch NAME "VAR=VALUE ..." ARGS...: starts traceview ARGS in session NAME
# (120x40), in a clean environment (no config file: TRACEVIEW_CONFIG is
# /dev/null) plus the given variables. The runner
# prints EXITED=<status> and TTY=same|changed when traceview ends, writes
# traceview's pid to $tmp/NAME.pid and, when $tmp/NAME.hold exists, waits
# for $tmp/NAME.go before starting (time to attach pipe-pane). The runner
# traps SIGINT so that Ctrl-C (sent to the whole foreground group) leaves
# it alive to report; traceview itself starts with the default action.
# $launch_cols and $launch_lines (default 120 and 40) size the session.
# With $launch_in set to a file, traceview's standard input is a pipe
# from cat of that file instead of the terminal.
launch_in=
launch() {
	name=$1 vars=$2
	shift 2
	rf=$tmp/$name.sh
	{
		echo "trap ':' INT"
		echo "unset LANG LC_ALL LC_CTYPE LC_MESSAGES LANGUAGE NO_COLOR COLORTERM VISUAL EDITOR"
		echo "TERM=xterm-256color; export TERM"
		echo "TRACEVIEW_CONFIG=/dev/null; export TRACEVIEW_CONFIG"
		for v in $vars; do echo "${v%%=*}=$(q "${v#*=}"); export ${v%%=*}"; done
		echo "if [ -e $(q "$tmp/$name.hold") ]; then"
		echo "  while [ ! -e $(q "$tmp/$name.go") ]; do sleep 0.05; done"
		echo "fi"
		echo "before=\$(stty -g)"
		[ -n "$launch_in" ] && printf 'cat %s | ' "$(q "$launch_in")"
		printf 'sh -c %s %s' "$(q "echo \$\$ >$(q "$tmp/$name.pid"); exec \"\$@\"")" sh
		printf ' %s' "$(q "$TRACEVIEW")"
		for a in "$@"; do printf ' %s' "$(q "$a")"; done
		echo
		echo "st=\$?"
		echo "if [ \"\$(stty -g)\" = \"\$before\" ]; then t=same; else t=changed; fi"
		echo "echo EXITED=\$st TTY=\$t"
		echo "exec sleep 120"
	} >"$rf"
	rm -f "$tmp/$name.pid"
	# The server exits when its last session is killed (finish); a session
	# started while it is going fails with "server exited unexpectedly":
	# start it again on a new server, a few times.
	for try in 1 2 3 4 5; do
		tm new-session -d -s "$name" -x "${launch_cols:-120}" -y "${launch_lines:-40}" \
			"sh $(q "$rf")" && return 0
		sleep 0.2
	done
	return 1
}

finish() { tm kill-session -t "$1" >/dev/null 2>&1; }

# wait_cond NAME COMMAND...: capture the screen of session NAME into $scr
# until COMMAND succeeds on it and a second capture a moment later is the
# same (a redraw can be caught half written); $wait_tries tenths of a
# second at most (default 200: 20 s, for a machine busy with other builds;
# it returns as soon as the screen is right).
wait_cond() {
	ws=$1
	shift
	wi=0
	while [ $wi -lt "${wait_tries:-200}" ]; do
		tm capture-pane -p -t "$ws" >"$scr" 2>/dev/null
		if "$@"; then
			sleep 0.05
			tm capture-pane -p -t "$ws" >"$scr.again" 2>/dev/null
			cmp -s "$scr" "$scr.again" && return 0
		fi
		sleep 0.1
		wi=$((wi + 1))
	done
	return 1
}
wait_for() { wait_cond "$1" has "$2"; }
wait_re() { wait_cond "$1" has_re "$2"; }
wait_gone() { wait_cond "$1" hasnt "$2"; }
keys() { s=$1; shift; tm send-keys -t "$s" "$@"; }
# type_text NAME TEXT: literal characters.
type_text() { tm send-keys -t "$1" -l "$2"; }
# find_method NAME QUERY: / QUERY Enter, each step seen on the screen before the
# next (the table follows every key typed, so intermediate screens exist).
find_method() {
	type_text "$1" "/$2"
	wait_for "$1" " /$2 " || return 1
	keys "$1" Enter
	wait_re "$1" '\? help  q quit'
}

# exited NAME STATUS: traceview ended with STATUS, the runner saw the tty
# modes as before, and the pane left the alternate screen.
exited() {
	wait_for "$1" "EXITED=$2 " || return 1
	has "EXITED=$2 TTY=same" || { echo "#   terminal modes were not restored"; return 1; }
	alt=$(tm display-message -p -t "$1" '#{alternate_on}')
	[ "$alt" = 0 ] || { echo "#   still on the alternate screen"; return 1; }
	cur=$(tm display-message -p -t "$1" '#{cursor_flag}')
	[ "$cur" = 1 ] || { echo "#   the cursor is still hidden"; return 1; }
}

has() { grep -F -q -e "$1" "$scr"; }
hasnt() { ! grep -F -q -e "$1" "$scr"; }
has_re() { grep -E -q -e "$1" "$scr"; }
ascii_only() { [ "$(tr -d '\n -~' <"$scr" | wc -c)" -eq 0 ]; }

# row_of REGEX: 0-based screen row of the first line of $tmp/screen that
# matches, or nothing.
row_of() { grep -E -n -e "$1" "$tmp/screen" | head -n 1 | sed 's/:.*//' | awk '{print $1 - 1}'; }

# sgr NAME ROW: the attributes of one screen row, one token a line in
# $tmp/sgr: fg=N, bg=N (0-255; 30-37 are fg=0-7) or a=N (1 bold, 4
# underline, 7 reverse...). Capturing one row alone makes tmux write every
# attribute from the default state, so nothing carries over from above.
sgr() {
	tm capture-pane -p -e -t "$1" -S "$2" -E "$2" >"$tmp/line" 2>/dev/null
	awk '{
		s = $0
		while (match(s, /\033\[[0-9;:]*m/)) {
			p = substr(s, RSTART + 2, RLENGTH - 3)
			s = substr(s, RSTART + RLENGTH)
			k = split(p, a, /[;:]/)
			if (k == 0) { k = 1; a[1] = 0 }
			for (i = 1; i <= k; i++) {
				c = a[i] + 0
				if ((c == 38 || c == 48) && a[i + 1] == 5) {
					print (c == 38 ? "fg=" : "bg=") a[i + 2]; i += 2
				} else if ((c == 38 || c == 48) && a[i + 1] == 2) {
					print (c == 38 ? "fg=" : "bg=") "rgb"; i += 4
				} else if (c >= 30 && c <= 37) print "fg=" c - 30
				else if (c >= 40 && c <= 47) print "bg=" c - 40
				else if (c >= 90 && c <= 97) print "fg=" c - 82
				else if (c >= 100 && c <= 107) print "bg=" c - 92
				else print "a=" c
			}
		}
	}' "$tmp/line" >"$tmp/sgr"
}
sgr_has() { grep -q -x -e "$1" "$tmp/sgr"; }
# row_sgr NAME REGEX: sgr of the first row matching REGEX; fails if none.
row_sgr() {
	r=$(row_of "$2")
	[ -n "$r" ] || { : >"$tmp/sgr"; return 1; }
	sgr "$1" "$r"
}
