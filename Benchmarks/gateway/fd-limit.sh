#!/usr/bin/env bash
# Fault script (issue 18, item 6/10): `coach serve` at its file-descriptor limit. The gateway runs
# with RLIMIT_NOFILE 128 (soft and hard, so it cannot raise it); one client connects first and
# stays; then 400 more connect and hold on. Printed: how many got in, the gateway's CPU over a
# 3 s window at the limit (a spinning accept loop shows as ~100 %; with strace installed, the
# accept4 and epoll_wait calls counted in that window), the held client's ping round
# trip meanwhile, and whether a new client is served once others leave. Figures, not a test.
#
# Usage: Benchmarks/gateway/fd-limit.sh [--coach PATH]   (default: this checkout's debug build)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
coach="$root/.build/debug/coach"
[ "${1:-}" = --coach ] && coach="$2"
command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 69; }
dir=$(mktemp -d /tmp/coach-fd.XXXXXX)
chmod 700 "$dir"
prlimit --nofile=128:128 "$coach" serve --guest --socket "$dir/c.sock" >"$dir/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do [ -S "$dir/c.sock" ] && break; sleep 0.1; done
python3 - "$dir/c.sock" "$pid" <<'PY'
import os, socket, sys, time, json
path, pid = sys.argv[1], int(sys.argv[2])
def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
def ping(s):
    t = time.perf_counter(); s.sendall(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    data = b""
    while not data.endswith(b"\n"): data += s.recv(4096)
    return (time.perf_counter() - t) * 1000, json.loads(data)
owner = socket.socket(socket.AF_UNIX); owner.connect(path)
print("owner ping before: %.2f ms" % ping(owner)[0])
held, refused = [], 0
for _ in range(400):
    s = socket.socket(socket.AF_UNIX); s.setblocking(False)
    try: s.connect(path); held.append(s)
    except (BlockingIOError, OSError): refused += 1; s.close()
time.sleep(0.5)
import subprocess
tracer = subprocess.Popen(["strace", "-f", "-c", "-e", "trace=accept4,epoll_wait", "-p", str(pid)],
                          stderr=subprocess.PIPE, text=True) if os.path.exists("/usr/bin/strace") else None
start = cpu(); time.sleep(3); spent = cpu() - start
if tracer:
    tracer.send_signal(2); counts = tracer.communicate()[1]
    for line in counts.splitlines():
        if line.strip().endswith(("accept4", "epoll_wait")):
            parts = line.split()
            print(f"  {parts[-1]}: {parts[3]} calls in 3 s" + (f" ({parts[4]} failed)" if len(parts) > 5 else ""))
fds = len(os.listdir(f"/proc/{pid}/fd"))
ms, reply = ping(owner)
print(f"connect() accepted by the kernel: {len(held)}, refused (EAGAIN: backlog full): {refused}")
print(f"gateway fds: {fds} of 128; CPU at the limit: {spent/3*100:.0f} % of a core over 3 s")
print(f"owner ping at the limit: {ms:.2f} ms, reply {reply.get('result')}")
for s in held[:200]: s.close()
held = held[200:]
t = time.perf_counter(); new = socket.socket(socket.AF_UNIX); new.settimeout(5)
try:
    new.connect(path); ms2, r2 = ping(new)
    print(f"a new client after 200 left: served in {(time.perf_counter()-t)*1000:.0f} ms ({r2.get('result')})")
except Exception as e:
    print(f"a new client after 200 left: NOT served ({e})")
PY
echo "log lines about the limit: $(grep -c 'cannot accept' "$dir/log" || true)"
grep -m1 'cannot accept' "$dir/log" || true
