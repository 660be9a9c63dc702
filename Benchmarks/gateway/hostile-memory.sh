#!/usr/bin/env bash
# Fault script (issue 18, item 7): bounded memory under hostile clients. A release `coach serve`
# on a scratch socket and store gets 1 000 000 hostile lines over 16 connections at once (wrong
# types, 1e300 and 1e400 numbers, nesting deeper than the limit, lines of 64 KiB, invalid UTF-8,
# 10 000-element batches, unknown methods and params, everyday sentences), each connection
# pipelining as fast as the gateway reads. Checks every line is answered and the gateway is up,
# and prints RSS (total, anonymous, file-backed) idle, at peak and after. Target: after ≤ idle +
# 16 MB. Figures, not a test.
#
# Usage: Benchmarks/gateway/hostile-memory.sh [--coach PATH] [--lines N] [--connections N]
#   default: this checkout's release build, 1 000 000 lines, 16 connections.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
coach="" lines=1000000 connections=16
while [ $# -gt 0 ]; do
    case "$1" in
        --coach) coach="$2"; shift 2 ;;
        --lines) lines="$2"; shift 2 ;;
        --connections) connections="$2"; shift 2 ;;
        *) echo "usage: $0 [--coach PATH] [--lines N] [--connections N]" >&2; exit 64 ;;
    esac
done
command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 69; }
. "$root/Benchmarks/scratch-world.sh"
release_coach
scratch_world hostile
serve_scratch "$work/c.sock"
pid=$gateway_pid
"$coach" status --no-start --socket "$work/c.sock" >/dev/null

python3 - "$work/c.sock" "$pid" "$lines" "$connections" <<'PY'
import socket, sys, threading, time
path, pid, total, connections = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])

def memory():
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                fields[key] = int(value.split()[0]) // 1024
    return fields

def kinds(n):
    """The hostile line for request number n (every kind gets an answer: no notifications)."""
    k = n % 50
    if k == 0: return b"x" * 65536 + b"\n"                                   # over the 64 KiB line limit
    if k == 1: return b"[" + b"1," * 9999 + b"1]\n"                           # 10 000-element batch
    if k == 2: return b'{"jsonrpc":"2.0","id":%d,"method":"ping","params":' % n + b"[" * 200 + b"]" * 200 + b"}\n"
    if k == 3: return b'{"jsonrpc":"2.0","id":%d,"method":"ping","params":{"x":"\xff\xfe\xc0"}}\n' % n
    if k == 4: return b"what's the weather like tomorrow\n"
    if n % 1000 == 5: return b'{"jsonrpc":"2.0","id":%d,"method":"parse","params":{"text":"%s"}}\n' % (n, b"a" * 60000)
    small = [
        b'{"jsonrpc":"2.0","id":%d,"method":"history","params":{"limit":1e300}}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"history","params":{"limit":"ten"}}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"workouts.changes","params":{"anchor":1e400}}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"sample","params":{"type":"heartRate","value":"fast","syncVersion":1e300}}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"start","params":{"activty":"running"}}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"no.such.method"}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"end","params":{"save":"yes"}}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"status","params":{"lang":7}}\n',
        b'{"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"}\n',
        b'{"jsonrpc":"2.0","id":%d,"method":"ping"}\n',
    ]
    line = small[k % len(small)]
    return line % n if b"%d" in line else line

peak = {"VmRSS": 0}
done = threading.Event()
def watch():
    while not done.is_set():
        m = memory()
        if m["VmRSS"] > peak["VmRSS"]: peak.update(m)
        time.sleep(0.1)

idle = memory()
per = total // connections
answered = [0] * connections
def client(index):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(path)
    def read():
        buffer = b""
        while answered[index] < per:
            chunk = sock.recv(1 << 20)
            if not chunk: break
            answered[index] += chunk.count(b"\n")
    reader = threading.Thread(target=read)
    reader.start()
    batch = []
    for n in range(index * per, (index + 1) * per):
        batch.append(kinds(n))
        if len(batch) == 256:
            sock.sendall(b"".join(batch)); batch = []
    if batch: sock.sendall(b"".join(batch))
    reader.join()
    sock.close()

watcher = threading.Thread(target=watch); watcher.start()
started = time.time()
threads = [threading.Thread(target=client, args=(i,)) for i in range(connections)]
for t in threads: t.start()
for t in threads: t.join()
elapsed = time.time() - started
done.set(); watcher.join()
time.sleep(3)
after = memory()
time.sleep(7)
later = memory()
up = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); up.connect(path)
up.sendall(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n'); pong = up.recv(200)
print(f"{per * connections:,} hostile lines over {connections} connections in {elapsed:.1f} s "
      f"({per * connections / elapsed:,.0f} lines/s); answered {sum(answered):,}; gateway {'up' if b'pong' in pong else 'DOWN'}")
print(f"{'RSS MB':<22}{'total':>8}{'anon':>8}{'file':>8}")
for name, m in (("idle", idle), ("peak", peak), ("3 s after", after), ("10 s after", later)):
    print(f"{name:<22}{m['VmRSS']:>8}{m['RssAnon']:>8}{m['RssFile']:>8}")
growth = later["VmRSS"] - idle["VmRSS"]
print(f"after − idle: {growth} MB (target ≤ 16 MB): {'met' if growth <= 16 else 'NOT met'}")
sys.exit(0 if sum(answered) == per * connections and b"pong" in pong else 1)
PY
