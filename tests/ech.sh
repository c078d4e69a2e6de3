#!/bin/sh
# ech.sh: the full-screen UI never paints with erase-characters (ESC [ n X).
#
# tmux (3.3a, TERM=xterm-256color inside) drops an erase-characters
# sequence when a clear to the end of the line follows, so a terminal
# painted with it keeps old cells: timeline bars vanished right of the time
# cursor. traceview runs here in a pseudo-terminal (python3's pty) of
# 120x40 with TERM=xterm-256color; keys zoom, pan and move through the
# timeline and the table; everything written to the terminal must hold no
# ESC [ n X, and the timeline rows must have been drawn (reverse-video
# bars in colour, ESC [ 7 m).
# Exit status: 0 passed, 1 failed, 77 skipped (no python3).

set -u
TRACEVIEW=${TRACEVIEW:-./traceview}
srcdir=${srcdir:-$(dirname "$0")/..}
SAMPLE="$srcdir/tests/samples/dalvik-v3-dual-zhkl0228-tracereader-test2.trace"

if ! command -v python3 >/dev/null 2>&1; then
	echo "ech.sh: python3 is not installed: skipping"
	exit 77
fi

python3 - "$TRACEVIEW" "$SAMPLE" <<'EOF_PY'
import fcntl, os, pty, re, select, struct, sys, termios, time

prog, sample = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"}
    os.execve(prog, [prog, sample], env)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

out = bytearray()

def pump(secs):
    end = time.time() + secs
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out.extend(data)
    return True

pump(1.5)
# Timeline: zoom in and out, pan, cursor, threads; table: rows and sort.
for k in ["\t", "w", "w", "w", "d", "d", "a", "l", "l", "j", "j", "k", "s", "0",
          "\t", "j", "j", "j", ">", "<", "\t", "f", "0", "q"]:
    os.write(fd, k.encode())
    pump(0.15)
pump(0.5)
try:
    os.waitpid(pid, 0)
except ChildProcessError:
    pass
ech = re.findall(rb"\x1b\[[0-9]*X", out)
ok = True
if not out:
    print("not ok 1 - traceview wrote nothing to the terminal"); ok = False
elif ech:
    print("not ok 1 - %d erase-characters sequences written, e.g. %r" % (len(ech), ech[0])); ok = False
else:
    print("ok 1 - no ESC [ n X in %d bytes written" % len(out))
if b"[1] main" in out and re.search(rb"\x1b\[(?:[0-9]*;)*7(?:;[0-9]*)*m", out):
    print("ok 2 - the timeline rows were drawn, bars in reverse video")
else:
    print("not ok 2 - no timeline row with reverse-video bars"); ok = False
sys.exit(0 if ok else 1)
EOF_PY
