#!/bin/sh
# ui.sh: end-to-end tests of the full-screen interface, driven through tmux.
#
# Each check starts $TRACEVIEW in a session of a private tmux server (fixed
# size, TERM=xterm-256color), sends keys and reads the screen back with
# capture-pane: -p for the text, -e for the colours and attributes (SGR).
# Screens are polled until the expected text shows up (bounded), never read
# after a fixed sleep. Traces: the bundled sample, a damaged copy of it, a
# tiny v3 trace written here with printf, and real traces from $TV_REAL_DIR
# when that folder exists.
# Exit status: 0 all passed, 1 something failed, 77 skipped (no tmux, or a
# tmux that cannot start).

set -u

TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
SAMPLE="$srcdir/tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace"
REAL=${TV_REAL_DIR:-}

# The script's own greps and seds work on bytes.
LC_ALL=C
export LC_ALL

if [ ! -x "$TRACEVIEW" ] || [ ! -r "$SAMPLE" ]; then
	echo "ui.sh: $TRACEVIEW or the sample $SAMPLE is missing" >&2
	exit 1
fi
case $SAMPLE in /*) ;; *) SAMPLE=$(pwd)/$SAMPLE ;; esac

. "$srcdir/tests/tmuxlib.sh"
tm_start ui

if [ -n "$UTF" ]; then
	LOC=LANG=$UTF PM='▲' CM='▼' WARN='⚠' ARROW='→' DASH='–'
else
	skipped "UTF-8 markers" "no UTF-8 locale"
	LOC=LANG=C PM='<' CM='>' WARN='!' ARROW='->' DASH='-'
fi

# The sample's method used below: one parent, two children; its first child
# (by CPU time) has children of its own.
SEL=handleLaunchActivity
PAR='access\$800'
KID=performLaunchActivity
KID2=handleResumeActivity
GRANDKID=callActivityOnCreate
mark_row() { printf '^  %s .*%s' "$1" "$2"; }

# ---------------------------------------------------------------- 1 start
launch s1 "$LOC" "$SAMPLE"
if wait_for s1 "Calls+Rec"; then
	check "sample: header names the file" \
		has_re "^ dalvik-v3-dual-zhkl0228-tracereader-test2\\.trace "
	check "sample: header says all threads" has "all threads"
	check "sample: thread rows [1] main and [56] UmsAgent" \
		eval 'has_re "^\[1\] main " && has_re "^\[56\] UmsAgent "'
	check "sample: table title row with Name, its sort clock, Incl Cpu and Calls+Rec" \
		has_re "^Name \\(sorted by Incl Cpu, CPU clock\\) +Incl Cpu % +Incl Cpu.* Calls\\+Rec"
	check "sample: ruler labels |0s and |2s" has_re "^[0-9]+[^ ]+[0-9]+ of 56 +\\|0s +\\|2s "
	# The thread list's position: "1–7 of 56" above the labels.
	check "sample: the thread list says 1${DASH}N of 56" has_re "^1${DASH}[0-9]+ of 56 "
	check "sample: status line shows the cursor" has_re "^ cursor [0-9.]+(s|ms|us)  \[1\] main  "
	check "sample: footer on the last line" \
		eval 'tail -n 1 "$tmp/screen" | grep -q "^ ? help  q quit  Tab timeline"'
	check "sample: header sits on the first row, in colour" \
		eval 'sgr s1 0 && sgr_has bg=24 && sgr_has fg=255'
else
	bad "sample: the table appears"
fi

# ---------------------------------------------------------------- 2 find
type_text s1 "/$SEL"
if wait_for s1 " /$SEL "; then
	ok "find: the prompt echoes the query"
else
	bad "find: the prompt echoes the query"
fi
keys s1 Enter
wait_re s1 '\? help  q quit'
if wait_re s1 "$(mark_row "$PM" "$PAR")"; then
	check "find: selected method row in reverse video" \
		eval 'row_sgr s1 "^[^ ]*$SEL" && sgr_has a=7'
	check "find: the parent row is marked $PM" has_re "$(mark_row "$PM" "ActivityThread\\.$PAR")"
	check "find: two child rows marked $CM" \
		eval 'has_re "$(mark_row "$CM" $KID)" && has_re "$(mark_row "$CM" $KID2)"'
	check "find: parent row black on purple (38;5;16 / 48;5;183)" \
		eval 'row_sgr s1 "$(mark_row "$PM" "$PAR")" && sgr_has bg=183 &&
		      { sgr_has fg=16 || sgr_has fg=0; }'
	check "find: child row black on yellow (38;5;16 / 48;5;229)" \
		eval 'row_sgr s1 "$(mark_row "$CM" $KID)" && sgr_has bg=229 &&
		      { sgr_has fg=16 || sgr_has fg=0; }'
	check "find: second child row yellow too" \
		eval 'row_sgr s1 "$(mark_row "$CM" $KID2)" && sgr_has bg=229'
	check "find: the self row between them" has_re "^    self "
	check "find: parent above self above children" eval '
		p=$(row_of "$(mark_row "$PM" "$PAR")"); s=$(row_of "^    self ")
		c=$(row_of "$(mark_row "$CM" $KID)")
		[ "$p" -lt "$s" ] && [ "$s" -lt "$c" ]'
else
	bad "find: $SEL is selected with its parent and children"
fi

# ---------------------------------------------------------------- 3 jump
# Down three rows: parent, self, the first child; Enter jumps to it.
keys s1 j j j Enter
if wait_re s1 "$(mark_row "$PM" "$SEL")"; then
	ok "jump: Enter on a child row selects $KID (its parent row is $SEL)"
	check "jump: $KID is the selected row" \
		eval 'row_sgr s1 "^[^ ]*$KID" && sgr_has a=7'
	check "jump: its own children are expanded" has_re "$(mark_row "$CM" $GRANDKID)"
	check "jump: the previous expansion collapsed" \
		eval '! has_re "$(mark_row "$CM" $KID2)" && ! has_re "$(mark_row "$PM" "$PAR")"'
else
	bad "jump: Enter on a child row selects $KID"
fi
keys s1 '['
if wait_re s1 "$(mark_row "$CM" $KID2)"; then
	check "back: [ returns to $SEL" \
		eval 'has_re "$(mark_row "$PM" "$PAR")" && ! has_re "$(mark_row "$CM" $GRANDKID)"'
else
	bad "back: [ returns to $SEL"
fi
keys s1 ']'
if wait_re s1 "$(mark_row "$CM" $GRANDKID)"; then
	check "forward: ] goes to $KID again" has_re "$(mark_row "$PM" "$SEL")"
else
	bad "forward: ] goes to $KID again"
fi
keys s1 BSpace
if wait_re s1 "$(mark_row "$CM" $KID2)"; then
	ok "back: Backspace returns to $SEL"
else
	bad "back: Backspace returns to $SEL"
fi

# ---------------------------------------------------------------- 4 zoom
ruler() { sed -n 2p "$tmp/screen"; }
# ruler_step: the distance between the first two ruler labels, with their
# unit ("2s", "50ms"), or nothing when they differ in unit.
ruler_step() {
	ruler | grep -Eo '[|][0-9.]+(ms|us|s)' | head -n 2 | awk '{
		v = substr($0, 2); u = v; sub(/^[0-9.]+/, "", u); sub(/(ms|us|s)$/, "", v)
		n[NR] = v; un[NR] = u
	} END { if (NR == 2 && un[1] == un[2]) print (n[2] - n[1]) un[1] }'
}
step_is() { [ "$(ruler_step)" = "$1" ]; }
check "timeline: the whole trace has a label every 2 s" step_is 2s
keys s1 Tab
if wait_for s1 "Tab table"; then
	ok "timeline: Tab moves the focus (footer offers Tab table)"
else
	bad "timeline: Tab moves the focus (footer offers Tab table)"
fi
keys s1 w
check "timeline: w zooms in: a label every 1 s" wait_cond s1 step_is 1s
keys s1 w w w w w
# The time cursor starts inside the first method's longest call, where
# it runs its own code (6.4 s here): labels in seconds with decimals
# (|6.35s |6.4s), never 4-digit ms.
check "timeline: five more zooms: a label every 50 ms (|6.35s style, never |6350ms)" \
	eval 'wait_cond s1 step_is 0.05s && ! ruler | grep -Eq "[|][0-9]{4,}ms"'
keys s1 0
check "timeline: 0 fits the whole trace again: |0s, a label every 2 s" \
	eval 'wait_cond s1 step_is 2s && has_re "^[0-9]+[^ ]+[0-9]+ of 56 +[|]0s +[|]2s "'
# Bars are reverse-video cells in a category's colour over black (never
# erasable blanks, which tmux can drop: tests/ech.sh); in this dual-clock
# trace UmsAgent is off CPU almost throughout: light shades (glyphs, not
# blanks) in a category's colour on the terminal's background.
check "timeline: [1] main's bars are reverse-video category cells under tmux" \
	eval 'row_sgr s1 "^\[1\] main " && sgr_has a=7 && sgr_has bg=16 &&
	      grep -Eq "^fg=(114|116|111|177|222|246|254|210)\$" "$tmp/sgr"'
check "timeline: [56] UmsAgent off CPU: light shades in a category's colour" \
	eval 'row_sgr s1 "^\[56\] UmsAgent " &&
	      grep -Eq "^fg=(114|116|111|177|222|246|254|210)\$" "$tmp/sgr" &&
	      has_re "^\[56\] UmsAgent +.*░"'
# L: the legend names the app packages the categories used (the sample's
# guess) and each category's time; L closes it again.
keys s1 L
check "legend: L lists the categories, the guessed app package cn.com.* and the times" \
	eval 'wait_for s1 "Legend: blocks coloured by category" &&
	      has_re "a app +12\.754 +0\.8 +the app.s own packages: cn\.com\.\* \(guessed" &&
	      has_re "b blocked +19\.291 "'
keys s1 L
check "legend: L again closes it" wait_gone s1 "Legend: blocks coloured"

# A mouse drag along the timeline (button 1 down in one column, up in
# another, sent apart as a hand does, in xterm's SGR mouse reports) applies
# the time between as a range step, shaded on the ruler (reverse video
# and underline); u undoes it. While the button is held the program asks
# for motion reports (button-event tracking, xterm's mode 1002, which
# tmux shows as mouse_button_flag) and shades the growing span on the
# ruler in reverse video, not underlined, before anything applies; the
# release puts back tracking of presses only. Esc cancels a drag.
mouse_sgr() { tm send-keys -t "$1" -l "$(printf '\033[<%d;%d;%d%s' "$2" "$3" "$4" "$5")"; }
mouse_flags() { tm display-message -p -t "$1" '#{mouse_standard_flag}#{mouse_button_flag}#{mouse_all_flag}'; }
# rev_span NAME ROW: "FIRST LAST", the 0-based columns of the first and
# last reverse-video cells of a screen row (nothing when there are none;
# every character one column wide, as on the ruler).
rev_span() {
	tm capture-pane -p -e -t "$1" -S "$2" -E "$2" 2>/dev/null | awk '{
		s = $0; col = 0; rev = 0; first = -1; last = -1
		while (length(s) > 0) {
			if (match(s, /^\033\[[0-9;:]*m/)) {
				k = split(substr(s, 3, RLENGTH - 3), a, /[;:]/)
				if (k == 0) rev = 0
				for (i = 1; i <= k; i++) {
					c = a[i] + 0
					if ((c == 38 || c == 48) && a[i + 1] == 5) i += 2
					else if ((c == 38 || c == 48) && a[i + 1] == 2) i += 4
					else if (c == 0) rev = 0
					else if (c == 7) rev = 1
					else if (c == 27) rev = 0
				}
				s = substr(s, RLENGTH + 1)
				continue
			}
			ch = substr(s, 1, 1)
			s = substr(s, 2)
			if (ch >= "\200" && ch < "\300")
				continue  # a UTF-8 continuation byte: same column
			if (rev) { if (first < 0) first = col; last = col }
			col++
		}
		if (first >= 0) print first, last
	}'
}
span_is() { [ "$(rev_span "$1" "$2")" = "$3" ]; }
wait_span() { # wait_span NAME ROW "FIRST LAST" (or "" for none)
	i=0
	while [ $i -lt 100 ]; do
		span_is "$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "#   ruler reverse span: '$(rev_span "$1" "$2")', want '$3'"
	return 1
}
crumb_re="[0-9.]+[mu]?s[.][.][0-9.]+[mu]?s"
tm capture-pane -p -t s1 >"$tmp/screen"
mr=$(row_of "^\[1\] main ")
if [ -n "$mr" ]; then
	check "timeline: presses and releases only are tracked before a drag (mode 1000)" \
		eval '[ "$(mouse_flags s1)" = 100 ]'
	check "timeline: no range shaded on the ruler before the drag" span_is s1 $((mr - 1)) ""
	mouse_sgr s1 0 60 $((mr + 1)) M
	check "timeline: a press on the bars asks for motion while held (mode 1002)" \
		eval 'i=0; while [ "$(mouse_flags s1)" != 010 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
		      [ "$(mouse_flags s1)" = 010 ]'
	mouse_sgr s1 32 70 $((mr + 1)) M
	check "timeline: motion to column 70 shades columns 60..70 of the ruler" \
		wait_span s1 $((mr - 1)) "59 69"
	mouse_sgr s1 32 80 $((mr + 3)) M
	check "timeline: motion on to column 80 (another row) grows the shading to 60..80" \
		wait_span s1 $((mr - 1)) "59 79"
	check "timeline: the growing span is reverse video, not underlined (not applied yet)" \
		eval 'sgr s1 $((mr - 1)) && sgr_has a=7 && ! sgr_has a=4'
	tm capture-pane -p -t s1 >"$tmp/screen"
	check "timeline: nothing applies before the release" eval '! has_re "$crumb_re"'
	mouse_sgr s1 0 80 $((mr + 1)) m
	check "timeline: a drag applies a range step (its crumb in the header)" \
		wait_re s1 "$crumb_re"
	check "timeline: the range in force is shaded on the ruler" \
		eval 'sgr s1 1 && sgr_has a=7 && sgr_has a=4'
	check "timeline: the range in force covers the dragged columns 60..80" \
		wait_span s1 $((mr - 1)) "59 79"
	check "timeline: the release puts back tracking of presses only" \
		eval '[ "$(mouse_flags s1)" = 100 ]'
	keys s1 u
	check "timeline: u undoes the dragged range" \
		eval 'wait_cond s1 eval "! has_re \"$crumb_re\""'
	mouse_sgr s1 0 60 $((mr + 1)) M
	sleep 0.2
	mouse_sgr s1 32 90 $((mr + 1)) M
	check "timeline: a second drag shades 60..90" wait_span s1 $((mr - 1)) "59 89"
	keys s1 Escape
	check "timeline: Esc cancels the drag (said on the status line)" wait_for s1 "drag cancelled"
	check "timeline: the cancelled drag's shading is gone" span_is s1 $((mr - 1)) ""
	check "timeline: Esc stops the motion reports" eval '[ "$(mouse_flags s1)" = 100 ]'
	mouse_sgr s1 0 90 $((mr + 1)) m
	sleep 0.3
	tm capture-pane -p -t s1 >"$tmp/screen"
	check "timeline: the cancelled drag's release applies nothing" eval '! has_re "$crumb_re"'
else
	bad "timeline: [1] main's row for the drag"
fi

# ---------------------------------------------------------------- 11 scope
keys s1 t
if wait_for s1 " thread 1 "; then
	check "scope: t scopes the table to [1] main" hasnt "all threads"
else
	bad "scope: t scopes the table to thread 1"
fi
keys s1 t
if wait_for s1 "all threads"; then ok "scope: t again goes back to all threads"
else bad "scope: t again goes back to all threads"; fi
keys s1 j t
if wait_for s1 " thread 56 "; then ok "scope: j then t scopes to the second row, [56]"
else bad "scope: j then t scopes to the second row, [56]"; fi
keys s1 t

# ---------------------------------------------------------------- 16 copy
# y inside tmux ($TMUX is set in the session): the text goes to tmux's
# own buffer by tmux load-buffer -w; a tmux before 3.2 has no -w, and the
# view then falls back to OSC 52 through tmux, saying so. The table has
# the focus for it (t left it on the timeline), and gives it back after.
keys s1 Tab
wait_for s1 "Tab timeline" >/dev/null
keys s1 y
if wait_re s1 "sent [0-9]+ bytes to (tmux's buffer|the clipboard \(OSC 52 through tmux)"; then
	if has "tmux's buffer (tmux load-buffer -w)"; then
		check "copy: tmux's buffer holds the table's title row" \
			eval 'tm show-buffer | grep -q "^Name.* Calls+Rec"'
	else
		check "copy: an old tmux: OSC 52 through tmux, said so" has "load-buffer -w failed"
	fi
else
	bad "copy: y inside tmux says where the text went"
fi
keys s1 Tab

# ---------------------------------------------------------------- 10 help
keys s1 '?'
if wait_for s1 "Keys  (lines 1"; then
	check "help: ? lists the keys (quit)" has "quit, restoring the terminal"
	keys s1 q
	if wait_gone s1 "Keys  (lines 1"; then
		check "help: q closes it, the panes come back" has "Calls+Rec"
	else
		bad "help: q closes it"
	fi
else
	bad "help: ? opens the help pane"
fi

# ---------------------------------------------------------------- 5 resize
resize() { tm resize-window -t "$1" -x "$2" -y "$3" 2>/dev/null ||
           tm resize-pane -t "$1" -x "$2" -y "$3"; }
lines_are() { [ "$(wc -l <"$tmp/screen")" -eq "$1" ]; }
footer_last() { tail -n 1 "$tmp/screen" | grep -q "^ ? help  q quit"; }
# laid_out LINES: the screen has LINES rows, the title row and the footer
# on the last one.
laid_out() { lines_are "$1" && footer_last && has_re "^Name( \([^)]*\))? +Incl Cpu"; }
resize s1 80 24
if wait_cond s1 laid_out 24; then
	ok "resize 80x24: title row, footer on the last line"
	check "resize 80x24: no 'needs at least'" hasnt "needs at least"
else
	bad "resize 80x24: the layout follows"
fi
resize s1 160 50
if wait_cond s1 laid_out 50 && wait_re s1 "^Name .*Calls\\+Rec"; then
	ok "resize 160x50: title row, footer on the last line"
	check "resize 160x50: the wider table adds Incl Real %" has "Incl Real %"
	check "resize 160x50: header still names the file" has "tracereader-test2.trace"
else
	bad "resize 160x50: the layout follows"
fi
resize s1 70 20
if wait_for s1 "traceview needs at least 80x24"; then
	check "resize 70x20: only the size message" eval 'has "(this is 70x20)" && hasnt "Calls+Rec"'
else
	bad "resize 70x20: 'traceview needs at least 80x24'"
fi
resize s1 120 40
if wait_for s1 "Calls+Rec"; then ok "resize back to 120x40: the panes return"
else bad "resize back to 120x40: the panes return"; fi

# ---------------------------------------------------------------- 9 quit
keys s1 q
check "quit: q exits 0, leaves the alternate screen, restores tty and cursor" exited s1 0
finish s1

launch s9 "$LOC" "$SAMPLE"
wait_for s9 "Calls+Rec" && keys s9 C-c
check "quit: Ctrl-C exits 0 and restores the terminal" exited s9 0
finish s9

for sig in TERM:143 HUP:129; do
	launch s9 "$LOC" "$SAMPLE"
	if wait_for s9 "Calls+Rec" && [ -s "$tmp/s9.pid" ]; then
		kill -"${sig%:*}" "$(cat "$tmp/s9.pid")"
		check "quit: kill -${sig%:*} exits ${sig#*:} and restores the terminal" exited s9 "${sig#*:}"
	else
		bad "quit: kill -${sig%:*}: traceview did not start"
	fi
	finish s9
done

# ---------------------------------------------------------------- 6 mono
for how in "NO_COLOR=1" "--color=never"; do
	case $how in
	--*) launch s6 "$LOC" "$how" "$SAMPLE" ;;
	*) launch s6 "$LOC $how" "$SAMPLE" ;;
	esac
	wait_for s6 "Calls+Rec"
	find_method s6 "$SEL"
	if wait_re s6 "$(mark_row "$PM" "$PAR")"; then
		check "$how: markers $PM/$CM on parent and child rows" has_re "$(mark_row "$CM" $KID)"
		check "$how: parent row underlined (SGR 4), no purple" \
			eval 'row_sgr s6 "$(mark_row "$PM" "$PAR")" && sgr_has a=4 && ! sgr_has bg=183'
		check "$how: child row bold (SGR 1), no yellow" \
			eval 'row_sgr s6 "$(mark_row "$CM" $KID)" && sgr_has a=1 && ! sgr_has bg=229'
		tm capture-pane -p -e -t s6 >"$tmp/full"
		check "$how: no 256-colour backgrounds anywhere" \
			eval '! grep -Eq "48;5;(183|229|24)" "$tmp/full"'
	else
		bad "$how: find shows the parent row"
	fi
	finish s6
done

# ---------------------------------------------------------------- 7 ascii
for how in "--ascii" "LANG=C"; do
	case $how in
	--*) launch s7 "$LOC" "$how" "$SAMPLE" ;;
	*) launch s7 "$how" "$SAMPLE" ;;
	esac
	if wait_for s7 "Calls+Rec"; then
		find_method s7 "$SEL"
		if wait_re s7 "$(mark_row '<' "$PAR")"; then
			check "$how: parent and child rows marked < and >" has_re "$(mark_row '>' $KID)"
			check "$how: only ASCII bytes on the screen" ascii_only
			check "$how: header and footer with ASCII separators" \
				eval 'has " | all threads | " && has "Up/Down move"'
		else
			bad "$how: find shows < and > rows"
		fi
		keys s7 '?'
		if wait_for s7 "Keys  (lines 1"; then
			check "$how: the help pane is ASCII" eval 'ascii_only &&
				has_re "^ Keys  \(lines 1-[0-9]+ of [0-9]+;" && has_re "^  q Ctrl-C +quit"'
		else
			bad "$how: help pane"
		fi
	else
		bad "$how: traceview starts"
	fi
	finish s7
done

# ---------------------------------------------------------------- 18 clock, theme
# --clock, or the config file's clock, chooses the clock the view opens
# on, its table sorted by it, and never warns; --theme, or the file's
# theme, its colours: the title row light grey (252) on a dark
# background, dark grey (237) on a light one.
printf '# the view as I like it\nclock = wall\ntheme = light\n' >"$tmp/prefs.cfg"
for how in --clock=wall "TRACEVIEW_CONFIG=$tmp/prefs.cfg"; do
	case $how in
	--*) launch s18 "$LOC" "$how" "$SAMPLE"; title_fg=252 ;;
	*) launch s18 "$LOC $how" "$SAMPLE"; title_fg=237 ;;
	esac
	if wait_for s18 "Calls+Rec"; then
		check "$how: the table sorted by Incl Real, on the wall clock" \
			has_re "^Name \\(sorted by Incl Real, wall clock\\) .*Incl Real"
		check "$how: the header's time base is real" has_re "^ dalvik.* (│|\\|) real (│|\\|) "
		check "$how: the title row in fg=$title_fg" \
			eval 'row_sgr s18 "^Name \\(sorted" && sgr_has fg=$title_fg'
		keys s18 c
		check "$how: c turns to CPU" wait_re s18 "^Name \\(sorted by Incl Cpu, CPU clock\\)"
		keys s18 q
		check "$how: q exits 0" exited s18 0
		check "$how: no warning said" hasnt "has no effect"
	else
		bad "$how: the view opens"
	fi
	finish s18
done

# A CPU-only v2 trace (one method, 40 µs): --clock=wall and a --sort
# column of the wall clock are refused on the plain screen (the view does
# not take the terminal for the load); the config file's wall clock is
# left aside.
CPUT=$tmp/cpu.trace
{
	printf '*version\n2\ndata-file-overflow=false\nclock=thread-cpu\nvm=art\n'
	printf '*threads\n1\tmain\n*methods\n0x4\tcom.example.A\trun\t()V\tA.java\n*end\n'
	printf 'SLOW\002\000\040\000\000\000\000\000\000\000\000\000'
	printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'
	printf '\001\000\004\000\000\000\000\000\000\000'
	printf '\001\000\005\000\000\000\050\000\000\000'
} >"$CPUT"
for how in "--clock=wall:the trace has no wall clock (clock=thread-cpu)" \
	"--sort=excl_wait:--sort=excl_wait needs both clocks; the trace has one"; do
	launch s18 "$LOC" "${how%%:*}" "$CPUT"
	check "${how%%:*} on a CPU-only trace: exit 2, the terminal as it was" exited s18 2
	check "${how%%:*} on a CPU-only trace: the error on the plain screen" has "${how#*:}"
	finish s18
done
launch s18 "$LOC TRACEVIEW_CONFIG=$tmp/prefs.cfg" "$CPUT"
if wait_for s18 "Calls+Rec"; then
	check "config clock = wall, CPU-only trace: the view on CPU" \
		has_re "^Name \\(sorted by Incl Cpu, CPU clock\\)"
else
	bad "config clock = wall, CPU-only trace: the view opens"
fi
finish s18

# --theme=auto asks the terminal. tmux answers the attributes' request
# (ESC [ ? 1 ; 2 c) and not the background's: dark, and the reply never
# reaches the keys (its '?' would open the help).
launch s18 "$LOC" --theme=auto "$SAMPLE"
if wait_for s18 "Calls+Rec"; then
	check "--theme=auto under tmux: dark (title fg=252)" \
		eval 'row_sgr s18 "^Name \\(sorted" && sgr_has fg=252'
	check "--theme=auto: no reply read as keys (the table, no help)" \
		eval 'hasnt "Keys  (lines" && has_re "^ cursor "'
	keys s18 q
	check "--theme=auto: q exits 0, the terminal as it was" exited s18 0
else
	bad "--theme=auto: the view opens"
fi
finish s18

# ---------------------------------------------------------------- 8 escapes
# A v3 dual-clock trace, one thread whose name holds ESC [31m and BEL, one
# method called once: key section, 32-byte header, two 14-byte records.
EVIL=$tmp/evil.trace
{
	printf '*version\n3\ndata-file-overflow=false\nclock=dual\nvm=art\n'
	printf '*threads\n1\tev\033[31mil\007x\n'
	printf '*methods\n0x4\tcom.example.Evil\trun\t()V\tEvil.java\n*end\n'
	# SLOW, version 3, data at 32, start time 0, record size 14, padding.
	printf 'SLOW\003\000\040\000\000\000\000\000\000\000\000\000\016\000'
	printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000'
	# tid 1, enter 0x4 at cpu 0 / wall 0; exit at cpu 100 / wall 200.
	printf '\001\000\004\000\000\000\000\000\000\000\000\000\000\000'
	printf '\001\000\005\000\000\000\144\000\000\000\310\000\000\000'
} >"$EVIL"
if "$TRACEVIEW" -f json "$EVIL" >"$tmp/evil.json" 2>&1 && grep -q '"records": 2' "$tmp/evil.json"; then
	ok "escapes: the hand-made v3 trace reads cleanly"
else
	bad "escapes: the hand-made v3 trace reads cleanly"
fi
: >"$tmp/s8.hold"
: >"$tmp/s8.out"
launch s8 "$LOC" "$EVIL"
tm pipe-pane -o -t s8 "cat >>$(q "$tmp/s8.out")"
: >"$tmp/s8.go"
if wait_for s8 "Calls+Rec"; then
	check "escapes: the thread row shows [1] ev\\x1b[31mil\\x07x literally" \
		has_re '^\[1\] ev\\x1b\[31mil\\x07x '
	check "escapes: the method is listed" has "com.example.Evil.run ()V"
	check "escapes: a clean trace has no warning marker" hasnt "(W)"
	check "escapes: the tty never got the name's ESC [31m" \
		eval '[ -s "$tmp/s8.out" ] && ! grep -Fq "$(printf "\033[31m")" "$tmp/s8.out"'
	check "escapes: the tty never got a BEL" \
		eval '! grep -Fq "$(printf "\007")" "$tmp/s8.out"'
	check "escapes: the tty got the escaped text" grep -Fq 'ev\x1b[31mil\x07x' "$tmp/s8.out"
	keys s8 q
	check "escapes: q exits 0" exited s8 0
else
	bad "escapes: traceview starts on the hand-made trace"
fi
tm pipe-pane -t s8 2>/dev/null
finish s8

# ---------------------------------------------------------------- 10 warnings
DAMAGED=$tmp/damaged.trace
{ cat "$SAMPLE"; printf 'GARBAGE'; } >"$DAMAGED"
launch s10 "$LOC" "$DAMAGED"
if wait_for s10 "Calls+Rec"; then
	check "warnings: header shows $WARN 2 warnings (W)" has "$WARN 2 warnings (W)"
	keys s10 W
	if wait_for s10 "Warnings  (lines 1"; then
		check "warnings: W lists the partial record" \
			has "1 partial record at the end of the data ignored"
		check "warnings: W lists the unknown method ids" has "5 method ids with no method line"
		keys s10 Escape
		if wait_gone s10 "Warnings  (lines 1"; then ok "warnings: Esc closes the pane"
		else bad "warnings: Esc closes the pane"; fi
	else
		bad "warnings: W opens the warnings box"
	fi
else
	bad "warnings: traceview starts on the damaged trace"
fi
finish s10

# A --range past the end of the trace (13.012018 s of wall time on the
# sample) shows only zeros: the footer says so at start, as the reports
# warn on standard error, and W keeps the line.
launch s11 "$LOC" --range=20s..30s "$SAMPLE"
if wait_for s11 "Calls+Rec"; then
	check "--range outside: the footer says so at start" \
		has "--range=20s..30s lies outside the trace: its timeline runs from 0 to 13012.018 ms"
	keys s11 W
	check "--range outside: W keeps the line" \
		wait_for s11 "--range=20s..30s lies outside the trace"
else
	bad "--range outside: traceview starts on the sample"
fi
finish s11

# ---------------------------------------------------------------- 12 export
# e writes the current view (scope and clock) under a suggested name, and
# never overwrites a file without a y. The files must equal the command
# line's exports of the same scope and clock (CPU: the table's time base).
launch s12 "$LOC" "$SAMPLE"
if wait_for s12 "Calls+Rec"; then
	keys s12 e
	if wait_for s12 "export the whole view as"; then
		keys s12 f
		check "export: suggests NAME.folded beside the trace's name" \
			wait_for s12 "write folded stacks to: $(basename "$SAMPLE" .trace).folded"
		keys s12 C-u
		type_text s12 "$tmp/exp.folded"
		keys s12 Enter
		check "export: the footer says the file was written" wait_for s12 "wrote $tmp/exp.folded"
		"$TRACEVIEW" -f folded --clock=cpu "$SAMPLE" >"$tmp/cli.folded"
		check "export: the folded file equals --format=folded --clock=cpu" \
			cmp -s "$tmp/exp.folded" "$tmp/cli.folded"
		cp "$tmp/exp.folded" "$tmp/exp.before"
		keys s12 e f C-u
		type_text s12 "$tmp/exp.folded"
		keys s12 Enter
		check "export: an existing file is not overwritten without asking" \
			wait_for s12 "exp.folded exists: overwrite it? y/n"
		keys s12 n
		check "export: n keeps the file" wait_for s12 "not exported"
		check "export: the kept file is unchanged" cmp -s "$tmp/exp.folded" "$tmp/exp.before"
		keys s12 e c C-u
		type_text s12 "$tmp/exp.json"
		keys s12 Enter
		if wait_for s12 "wrote $tmp/exp.json"; then
			"$TRACEVIEW" -f chrome --clock=cpu "$SAMPLE" >"$tmp/cli.json"
			check "export: c writes the same Trace Event JSON as --format=chrome --clock=cpu" \
				cmp -s "$tmp/exp.json" "$tmp/cli.json"
		else
			bad "export: c writes Trace Event JSON"
		fi
		keys s12 Tab t
		if wait_for s12 " thread 1 "; then
			keys s12 e f C-u
			type_text s12 "$tmp/exp1.folded"
			keys s12 Enter
			wait_for s12 "wrote $tmp/exp1.folded" >/dev/null
			"$TRACEVIEW" -f folded --clock=cpu -t 1 "$SAMPLE" >"$tmp/cli1.folded"
			check "export: a thread scope exports that thread only" \
				cmp -s "$tmp/exp1.folded" "$tmp/cli1.folded"
		else
			bad "export: t scopes before exporting"
		fi
	else
		bad "export: e asks for the format"
	fi
	keys s12 q
	check "export: q exits 0 afterwards" exited s12 0
else
	bad "export: traceview starts on the sample"
fi
finish s12

# ---------------------------------------------------------------- 13 diff
# --diff opens the diff table; the selected method expands into parents
# and children of both runs, coloured like the main table.
launch s13 "$LOC" --diff "$SAMPLE" "$SAMPLE"
if wait_for s13 "Chg Excl"; then
	check "diff: the header names both traces" \
		has_re "diff +$(basename "$SAMPLE") .+ $(basename "$SAMPLE")"
	# Two rows down the cursor is on the self row, the parent row above.
	keys s13 j j
	if wait_re s13 "^    self "; then
		check "diff: parent rows on the purple background" \
			eval 'row_sgr s13 "$(mark_row "$PM" "")" && sgr_has bg=183'
	else
		bad "diff: moving down shows the selected method's parent rows"
	fi
	keys s13 q
	check "diff: q exits 0" exited s13 0
else
	bad "diff: --diff opens the diff table"
fi
finish s13

# ---------------------------------------------------------------- 15 recursion
# LayoutInflater.inflate (ILandroid/view/ViewGroup;Z) on the sample: 7 plain
# and 4 recursive calls, all from inflate (ILandroid/view/ViewGroup;). The
# plain parent row carries the plain half: 124.650 ms CPU, 100.0%, 7/11;
# under "parents while recursive" the same parent carries the recursive
# half: 20.196 ms, 20196/124650 = 16.2%, 4/11 (as Traceview showed them).
# Children: inflate (Lorg/xmlpull/...) 6/10 plain, 4/10 while recursive.
REC='inflate (ILandroid/view/ViewGroup;Z)'
# Wide enough that the overloads of inflate show their signatures beside
# the wait columns (at 120 columns they are shortened to "inflate (…)",
# docs/ui.md "Long names").
launch_cols=290
RECPAR='LayoutInflater\.inflate \(ILandroid/view/V'
# line_after REGEX: the screen line after the first one matching REGEX.
line_after() { grep -E -A 1 -e "$1" "$tmp/screen" | sed -n 2p; }
launch s15 "$LOC" "$SAMPLE"
if wait_for s15 "Calls+Rec" && find_method s15 "$REC"; then
	# Eight rows down (the last child while recursive) puts the whole
	# expansion on screen; five up is the parent while recursive.
	keys s15 j j j j j j j j
	if wait_re s15 "^    children while recursive"; then
		check "recursion: plain parent row 100.0% 124.650 7/11" \
			has_re "$(mark_row "$PM" "$RECPAR").* 100\\.0% +124\\.650 .* 7/11 *\$"
		check "recursion: a 'parents while recursive' row, then the parent's 16.2% 20.196 4/11" \
			eval 'line_after "^    parents while recursive *\$" |
			      grep -E -q "$(mark_row "$PM" "$RECPAR").* 16\\.2% +20\\.196 .* 4/11 *\$"'
		check "recursion: recursive rows between the plain parent and self" eval '
			p=$(row_of "$(mark_row "$PM" "$RECPAR").* 7/11"); l=$(row_of "^    parents while recursive")
			s=$(row_of "^    self "); [ "$p" -lt "$l" ] && [ "$l" -lt "$s" ]'
		check "recursion: plain child 6/10, after 'children while recursive' 4/10" eval '
			has_re "$(mark_row "$CM" "LayoutInflater\\.inflate \\(Lorg").* 6/10 *\$" &&
			line_after "^    children while recursive *\$" |
			grep -E -q "$(mark_row "$CM" "LayoutInflater\\.inflate \\(Lorg").* 4/10 *\$"'
		check "recursion: the label rows carry no numbers" \
			eval '! has_re "^    (parents|children) while recursive .*[0-9]"'
		keys s15 k k k k k Enter
		if wait_re s15 "$(mark_row "$PM" "setContentView").* 3/11 *\$"; then
			ok "recursion: Enter on the parent while recursive selects it (its parents show)"
			# The selected row sits right above its first parent.
			check "recursion: inflate (ILandroid/view/ViewGroup;) is the selected row" eval '
				r=$(row_of "$(mark_row "$PM" "setContentView")") && r=$((r - 1)) &&
				sed -n "$((r + 1))p" "$tmp/screen" | grep -E -q "^[a-z/]*$RECPAR" &&
				sgr s15 "$r" && sgr_has a=7'
			check "recursion: its child while recursive is the method left, 16.2% 4/11" \
				eval 'line_after "^    children while recursive *\$" |
				      grep -E -q "$(mark_row "$CM" "$RECPAR").* 16\\.2% .* 4/11 *\$"'
		else
			bad "recursion: Enter on the parent while recursive selects it"
		fi
	else
		bad "recursion: the expansion shows 'children while recursive'"
	fi
	keys s15 q
	check "recursion: q exits 0" exited s15 0
else
	bad "recursion: $REC is found"
fi
finish s15

# The diff table of the sample with itself: the same halves in both runs
# (times on the wall clock: 208.169 ms plain, 33.853 ms while recursive).
launch s16 "$LOC" --diff "$SAMPLE" "$SAMPLE"
launch_cols=
if wait_for s16 "Chg Excl" && find_method s16 "$REC"; then
	keys s16 j j j j j j j j
	if wait_re s16 "^    children while recursive"; then
		check "diff recursion: title says calls base${ARROW}new" has "Calls B${ARROW}N"
		check "diff recursion: the method row 7+4${ARROW}7+4" has_re " 208\\.169 +7\\+4${ARROW}7\\+4 *\$"
		check "diff recursion: plain parent 208.169 in both, 7${ARROW}7" \
			has_re "$(mark_row "$PM" "").* 208\\.169 +208\\.169 +7${ARROW}7 *\$"
		check "diff recursion: after 'parents while recursive' 33.853 in both, 4${ARROW}4" \
			eval 'line_after "^    parents while recursive *\$" |
			      grep -E -q "$(mark_row "$PM" "").* 33\\.853 +33\\.853 +4${ARROW}4 *\$"'
		keys s16 k k k k k Enter
		if wait_re s16 "$(mark_row "$PM" "setContentView").* 3${ARROW}3 *\$"; then
			ok "diff recursion: Enter on the parent while recursive selects it"
		else
			bad "diff recursion: Enter on the parent while recursive selects it"
		fi
	else
		bad "diff recursion: the expansion shows 'children while recursive'"
	fi
	keys s16 q
	check "diff recursion: q exits 0" exited s16 0
else
	bad "diff recursion: $REC is found in the diff table"
fi
finish s16

# ---------------------------------------------------------------- 14 fatal
# A fatal error after curses started (the UI's state cannot be allocated;
# TRACEVIEW_TEST_UI_OOM fails that allocation on purpose) gives the
# terminal back before the one-line message, and exits 2.
# A short path, so the one-line message cannot wrap on the screen.
cp "$SAMPLE" "$tmp/s.trace"
launch s14 "$LOC TRACEVIEW_TEST_UI_OOM=1" "$tmp/s.trace"
check "fatal error: exits 2 with the terminal restored" exited s14 2
check "fatal error: the message names the file" has "traceview: $tmp/s.trace: out of memory"
finish s14

# ---------------------------------------------------------------- 17 stdin
# A (gzipped) trace piped to '-': the UI opens and takes its keys from
# the terminal, not from the pipe. Then 6 MB of zeros piped to -r -, the
# progress bar drawn from the first call (TRACEVIEW_TEST_PROGRESS): it
# reaches the terminal (pipe-pane) and is blanked before the error line.
if command -v gzip >/dev/null 2>&1; then
	gzip -c "$SAMPLE" >"$tmp/in.trace.gz"
else
	cp "$SAMPLE" "$tmp/in.trace.gz"
fi
launch_in=$tmp/in.trace.gz
launch s17 "$LOC" -
launch_in=
if wait_for s17 "Calls+Rec"; then
	ok "stdin: a trace piped to '-' opens full screen"
	# the pipe is at its end: only the terminal can bring this q
	keys s17 q
	check "stdin: q typed on the terminal exits 0" exited s17 0
else
	bad "stdin: a trace piped to '-' opens full screen"
fi
finish s17
head -c 6000000 /dev/zero >"$tmp/zeros"
: >"$tmp/s18.hold"
: >"$tmp/s18.out"
launch_in=$tmp/zeros
launch s18 "$LOC TRACEVIEW_TEST_PROGRESS=1" -r -
launch_in=
tm pipe-pane -o -t s18 "cat >>$(q "$tmp/s18.out")"
: >"$tmp/s18.go"
if wait_for s18 "EXITED=2 "; then
	check "progress: the bar reached the terminal" \
		grep -Fq "traceview: reading standard input 1 MiB" "$tmp/s18.out"
	check "progress: blanked, only the error line is left" \
		eval 'has "traceview: standard input: not an Android method trace (offset 0)" &&
		      hasnt "reading"'
else
	bad "progress: traceview -r - ends on 6 MB of zeros"
fi
tm pipe-pane -t s18 2>/dev/null
finish s18

# A long load from a file in the full-screen view draws its progress bar
# on the view's own screen (the loading screen: centred, no "traceview:"
# prefix), then the view. A 7 MB trace of 250,000 calls, written here:
# the engine reports progress every 4 MiB.
awk 'BEGIN {
	printf "*version\n3\nclock=dual\n*threads\n1\tmain\n*methods\n"
	printf "0x4\tcom.example.A\trun\t()V\tA.java\n*end\n"
}' >"$tmp/big.trace"
python3 - "$tmp/big.trace" <<'PY'
import struct, sys
with open(sys.argv[1], "ab") as f:
    f.write(b"SLOW" + struct.pack("<HHQH", 3, 32, 0, 14) + bytes(14))
    recs = bytearray()
    for i in range(250000):
        recs += struct.pack("<HIII", 1, 4, 2 * i, 2 * i)
        recs += struct.pack("<HIII", 1, 5, 2 * i + 1, 2 * i + 1)
    f.write(recs)
PY
: >"$tmp/s19.hold"
: >"$tmp/s19.out"
launch s19 "$LOC TRACEVIEW_TEST_PROGRESS=1" "$tmp/big.trace"
tm pipe-pane -o -t s19 "cat >>$(q "$tmp/s19.out")"
: >"$tmp/s19.go"
if wait_for s19 "Calls+Rec"; then
	check "loading screen: the bar was drawn on the view's screen" \
		grep -Fq "parsing big.trace [" "$tmp/s19.out"
	check "loading screen: never on standard error's line" \
		eval '! grep -Fq "traceview: parsing" "$tmp/s19.out"'
	keys s19 q
	check "loading screen: q quits the view it led to, exit 0" exited s19 0
else
	bad "loading screen: a 7 MB trace opens full screen"
fi
tm pipe-pane -t s19 2>/dev/null
finish s19

# ---------------------------------------------------------------- 11 panes
# panes SESSION LABEL "VARS" COLS LINES TRACE [ARGS...]: the panes of issue
# 11 on one trace: 2 and * (the hottest path down to a leaf), 3 and Right
# (a root's callers), 4, j and z (a zoomed flame graph; colours, or shades
# without them), Tab x (the call chart) and x, 1, then q.
# A leaf's mark follows its guide: two columns a level ("└─· ") or, where
# the rows on screen are too far apart for two, one ("└· ").
if [ -n "$UTF" ]; then
	LEAF='(─|└|├)· ' OPENED='[0-9]  ▾ ' SHADES='[░▒▓]'
else
	LEAF='[-`|]\. ' OPENED='[0-9]  - ' SHADES='[:+=]'
fi
panes() {
	ps=$1 lab=$2 vars=$3 cols=$4 lines=$5 f=$6
	shift 6
	leaf=$LEAF opened=$OPENED shades=$SHADES
	case " $* " in *" --ascii "*) leaf='[-`|]\. ' opened='[0-9]  - ' shades='[:+=]' ;; esac
	# Started at its size rather than resized after the start: a resize
	# racing the first keys made a loaded machine fail these checks.
	launch_cols=$cols launch_lines=$lines
	launch "$ps" "$vars" "$@" "$f"
	launch_cols= launch_lines=
	if ! wait_cond "$ps" lines_are "$lines" || ! wait_re "$ps" '^ \? help  q quit'; then
		bad "$lab: starts at ${cols}x$lines"
		finish "$ps"
		return
	fi
	keys "$ps" 2
	if wait_for "$ps" "top-down call paths"; then
		check "$lab: 2 shows the top-down tree from (toplevel)" has "(toplevel)"
		keys "$ps" '*'
		check "$lab: * opens the hottest path down to a leaf" wait_re "$ps" "$leaf"
	else
		bad "$lab: 2 shows the top-down tree"
	fi
	keys "$ps" 3
	if wait_for "$ps" "bottom-up (callers below)"; then
		keys "$ps" Right
		check "$lab: Right opens a bottom-up root to its callers" wait_re "$ps" "$opened"
	else
		bad "$lab: 3 shows the bottom-up tree"
	fi
	keys "$ps" 4
	if wait_re "$ps" '^ \(toplevel\) *$'; then
		keys "$ps" j z
		check "$lab: j z zooms the flame graph into a frame" wait_for "$ps" "100.0% of zoom"
		check "$lab: the breadcrumb brackets the zoomed frame" has_re '^ \(toplevel\) .*\['
		tm capture-pane -p -e -t "$ps" >"$tmp/full"
		case "$vars $*" in
		*NO_COLOR*)
			check "$lab: frames are shaded, no colour" eval 'has_re "$shades" &&
				! grep -Eq "48;5;" "$tmp/full"' ;;
		*TERM=xterm\ *|*TERM=xterm)
			check "$lab: frames in 8 colours" eval 'grep -Eq "\[4[0-7]m|;4[0-7]m|\[3[0-7];7m|;7m" "$tmp/full" &&
				! grep -Eq "48;5;" "$tmp/full"' ;;
		*)
			check "$lab: frames in 256 colours" eval 'grep -Eq "(38|48);5;" "$tmp/full"' ;;
		esac
	else
		bad "$lab: 4 shows the flame graph"
	fi
	keys "$ps" Tab x
	if wait_for "$ps" "call chart: Up/Down move between depths"; then
		keys "$ps" k
		check "$lab: the chart names the call at the chosen depth" wait_re "$ps" " depth [0-9]+: "
		keys "$ps" x
		check "$lab: x folds the chart" wait_gone "$ps" "call chart:"
	else
		bad "$lab: Tab x opens the call chart"
	fi
	case "$vars $*" in
	*--ascii*) check "$lab: only ASCII bytes on the screen" ascii_only ;;
	esac
	keys "$ps" 1
	check "$lab: 1 shows the table again" wait_re "$ps" "^Name( \([^)]*\))? +Incl Cpu"
	keys "$ps" q
	check "$lab: q exits 0" exited "$ps" 0
	finish "$ps"
}
for size in "80 24" "250 70"; do
	set -- $size
	panes s11 "panes 256 $1x$2" "$LOC" "$1" "$2" "$SAMPLE"
	panes s11 "panes 8 $1x$2" "$LOC TERM=xterm" "$1" "$2" "$SAMPLE"
	panes s11 "panes mono $1x$2" "$LOC NO_COLOR=1" "$1" "$2" "$SAMPLE"
	panes s11 "panes ascii $1x$2" "$LOC" "$1" "$2" "$SAMPLE" --ascii
done

# ---------------------------------------------------------------- 18 thread time
# T on the sample (dual clock): the CPU axis, a range chosen on it applied
# as wall times, a call of 5 shown on it; then a v2 trace of the wall
# clock alone (16-byte header, two 10-byte records: tid 1 enters 0x4 at 0
# and leaves at 200 µs), where T says why it does nothing.
launch st "$LOC" "$SAMPLE"
if wait_for st "Calls+Rec"; then
	keys st Tab T
	check "T: the ruler ends in cpu" wait_re st " of 56 .* cpu$"
	check "T: the message says what the axis is" \
		has "T: each thread's own CPU time: its waits close up (T again: wall time)"
	check "T: the cursor on both clocks" has_re '^ cursor [0-9.]+s cpu, [0-9.]+s wall  \[1\] main '
	keys st 0 v l l l l l l l l l l v
	check "T v v: a range on the CPU axis applies as wall times" \
		wait_re st '^ cpu [0-9.]+ m?s[.][.][0-9.]+ m?s of thread 1 applies as wall [0-9.]+ m?s[.][.]'
	check "T v v: the breadcrumb is in wall time" has_re "$crumb_re"
	keys st u Tab 5
	if wait_for st " Calls of "; then
		keys st Enter
		check "T: Enter in 5 shows the call at its CPU time" \
			wait_re st '^ thread [0-9]+: the call at .* long [(]its CPU time[)]'
	else
		bad "T: 5 lists the calls"
	fi
	keys st Tab T
	check "T again: the ruler ends in wall" wait_re st " of 56 .* wall$"
	keys st q
	check "T: q exits 0" exited st 0
else
	bad "T: traceview starts on the sample"
fi
finish st
WALL1=$tmp/wall.trace
{
	printf '*version\n2\ndata-file-overflow=false\nclock=wall\nvm=art\n'
	printf '*threads\n1\tmain\n*methods\n0x4\tcom.example.W\trun\t()V\tW.java\n*end\n'
	printf 'SLOW\002\000\020\000\000\000\000\000\000\000\000\000'
	printf '\001\000\004\000\000\000\000\000\000\000'
	printf '\001\000\005\000\000\000\310\000\000\000'
} >"$WALL1"
launch sw "$LOC" "$WALL1"
if wait_for sw "Calls+Rec"; then
	keys sw Tab T
	check "T on a wall-only trace says why it does nothing" \
		wait_for sw "T: no thread time: this trace records wall time only"
	check "T on a wall-only trace: the ruler names no axis" eval '! has_re " of 1 .* (wall|cpu)$"'
	keys sw q
	check "T on a wall-only trace: q exits 0" exited sw 0
else
	bad "T: traceview starts on the wall-only trace"
fi
finish sw

# ---------------------------------------------------------------- 1 real
if [ -n "$REAL" ] && [ -d "$REAL" ]; then
	for base in art-v3-dual-perflib-char_2_bytes-utf8names dalvik-v3-dual-zhkl0228-tracereader-test1; do
		f=$REAL/$base.trace
		[ -r "$f" ] || { skipped "real $base" "not in $REAL"; continue; }
		launch sr "$LOC" "$f"
		if wait_for sr "Calls+Rec"; then
			check "real $base: header names the file" has_re "^ $base\\.trace "
			check "real $base: title row with Incl Cpu" has_re "^Name( \([^)]*\))? +Incl Cpu"
			row=$(grep -E -o '^\[[0-9]+\] ' "$tmp/screen" | head -n 1)
			check "real $base: the thread row ${row:-[N] }is one of the report's" \
				eval '[ -n "$row" ] && "$TRACEVIEW" -r "$f" | grep -Fq "  $row"'
			keys sr q
			check "real $base: q exits 0" exited sr 0
		else
			bad "real $base: traceview shows the table"
		fi
		finish sr
	done
	f=$REAL/art-v3-dual-perflib-char_2_bytes-utf8names.trace
	if [ -r "$f" ]; then
		panes sr "real panes 256 80x24" "$LOC" 80 24 "$f"
		panes sr "real panes ascii 250x70" "$LOC" 250 70 "$f" --ascii
	fi
else
	skipped "real traces" "TV_REAL_DIR not set or absent"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
