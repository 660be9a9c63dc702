#!/usr/bin/env bash
# Fault script (issue 18, item 10): what idle connections and subscribers that never read cost the
# others. A release `coach serve` runs a workout with samples arriving (so feed/status lines flow);
# the round-trip time of `ping` on one more connection is measured (p50/p99 of 5 000) with no
# other clients, with 1 000 idle connections, with 50 subscribers that never read, and with both;
# plus RSS in each phase, and whether the stuck subscribers were dropped. Figures, not a test.
#
# Usage: Benchmarks/gateway/idle-and-stuck.sh [--coach PATH]   (default: this checkout's release build)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
coach=""
[ "${1:-}" = --coach ] && coach="$2"
command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 69; }
. "$root/Benchmarks/scratch-world.sh"
release_coach
scratch_world stuck
ulimit -n 4096
serve_scratch "$work/c.sock" --countdown 0
pid=$gateway_pid
"$coach" start running --no-start --socket "$work/c.sock" >/dev/null

python3 - "$work/c.sock" "$pid" <<'PY'
import socket, statistics, sys, threading, time
path, pid = sys.argv[1], int(sys.argv[2])

def rss():
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"): return int(line.split()[1]) // 1024

def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s

# Samples keep arriving (a sensor at 10 Hz), so every subscriber has lines to fall behind on.
stop = threading.Event()
def feed():
    s = connect(); f = s.makefile("rb")
    n = 0
    while not stop.is_set():
        n += 1
        s.sendall(b'{"jsonrpc":"2.0","id":%d,"method":"sample","params":{"type":"heartRate","value":%d}}\n' % (n, 100 + n % 50))
        f.readline()
        time.sleep(0.1)
threading.Thread(target=feed, daemon=True).start()

def pings(count=5000):
    s = connect(); f = s.makefile("rb")
    times = []
    for i in range(count):
        t = time.perf_counter()
        s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
        f.readline()
        times.append((time.perf_counter() - t) * 1e6)
    s.close()
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.99)]

def stuck_subscriber():
    s = connect()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":true,"status":true,"feed":true}}\n')
    return s   # never read

rows = []
def phase(name):
    p50, p99 = pings()
    rows.append((name, p50, p99, rss()))

phase("no other clients")
idle = [connect() for _ in range(1000)]
time.sleep(1)
phase("1 000 idle connections")
for s in idle: s.close()
time.sleep(1)
stuck = [stuck_subscriber() for _ in range(50)]
time.sleep(1)
phase("50 stuck subscribers")
idle = [connect() for _ in range(1000)]
time.sleep(1)
phase("both")
# The gateway drops a subscriber 256 notifications after its socket stopped taking them: watch
# (without reading, which would unstick it) for the peer's close, up to 90 s.
import select
started = time.time()
poller = select.poll()
for s in stuck: poller.register(s, select.POLLRDHUP | select.POLLHUP)
closed_at = {}
while len(closed_at) < len(stuck) and time.time() - started < 90:
    for fd, events in poller.poll(1000):
        if fd not in closed_at: closed_at[fd] = time.time() - started
        poller.unregister(fd)
closed = len(closed_at)
stop.set()
for s in idle + stuck: s.close()
time.sleep(1)
phase("all gone")
print(f"{'phase':<26}{'ping p50 µs':>12}{'p99 µs':>10}{'RSS MB':>8}")
for name, p50, p99, mb in rows:
    print(f"{name:<26}{p50:>12.0f}{p99:>10.0f}{mb:>8}")
last = max(closed_at.values()) if closed_at else float("nan")
print(f"stuck subscribers closed by the gateway: {closed} of 50 (the last {last:.1f} s after the 'both' phase; "
      f"notifications at ~30 a second)")
PY
