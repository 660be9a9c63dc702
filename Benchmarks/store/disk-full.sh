#!/usr/bin/env bash
# Fault script (issue 18, item 10): a full disk, through the gateway. A release `coach serve` keeps
# its store on a 16 MiB tmpfs; a client streams samples (each with a sync id) at ~200 a second over
# one connection while the disk fills up (dd), stays full for 3 s, and is freed again. Printed: what
# the client saw (accepted / refused, with the error codes), whether the gateway kept answering
# pings while full, how long after space returned the pending writes landed, and — after a kill -9
# and a look at the file — whether every sample acknowledged is on disk. Needs root (mount).
#
# Usage: Benchmarks/store/disk-full.sh [--coach PATH]   (default: this checkout's release build)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
coach=""
[ "${1:-}" = --coach ] && coach="$2"
[ "$(id -u)" = 0 ] || { echo "$0: needs root to mount a tmpfs" >&2; exit 77; }
command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 69; }
. "$root/Benchmarks/scratch-world.sh"
release_coach
work="$(mktemp -d /tmp/coach-diskfull.XXXXXX)"
chmod 700 "$work"
mkdir -p "$work/data" "$work/run" && chmod 700 "$work/run"
mount -t tmpfs -o size=${DISK_MIB:-16}m tmpfs "$work/data"
export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" \
    XDG_RUNTIME_DIR="$work/run" SWIFT_BACKTRACE=interactive=no
trap 'kill -9 "${pid:-}" 2>/dev/null; wait "${pid:-}" 2>/dev/null; umount -l "$work/data"; rm -rf "$work"' EXIT
serve_scratch "$work/c.sock" --countdown 0
pid=$gateway_pid
"$coach" start running --no-start --socket "$work/c.sock" >/dev/null

python3 - "$work/c.sock" "$work/data" "$pid" <<'PY'
import collections, json, os, socket, sqlite3, subprocess, sys, threading, time
path, data, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
db = os.path.join(data, "coach", "coach.sqlite")
filler = os.path.join(data, "filler")

def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect(path); return s, None

s, _ = connect(); f = s.makefile("rb")
def call(method, params, ident):
    s.sendall((json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}) + "\n").encode())
    return json.loads(f.readline())

ping_socket, _ = connect(); ping_file = ping_socket.makefile("rb")
def ping():
    t = time.perf_counter()
    ping_socket.sendall(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    ok = b"pong" in ping_file.readline()
    return ok, (time.perf_counter() - t) * 1000

acknowledged, outcomes, refused_ids = [], collections.Counter(), []
phase = "space"
pings = collections.defaultdict(list)
first_refusal = None
n = 0
def send_sample():
    global n, first_refusal
    n += 1
    sid = f"s-{n}"
    reply = call("sample", {"type": "heartRate", "value": 100 + n % 50, "syncIdentifier": sid, "syncVersion": 1}, n)
    if "result" in reply and reply["result"].get("accepted"):
        acknowledged.append(sid); outcomes[(phase, "accepted")] += 1
    else:
        code = reply.get("error", {}).get("code")
        data_code = reply.get("error", {}).get("data", {}).get("code") if isinstance(reply.get("error", {}).get("data"), dict) else None
        outcomes[(phase, f"refused {code} {data_code or ''}".strip())] += 1
        refused_ids.append(sid)
        if first_refusal is None: first_refusal = reply.get("error", {}).get("message", "")[:160]

def used():
    st = os.statvfs(data); return f"{(st.f_blocks - st.f_bfree) * st.f_frsize // 1024} KiB used of {st.f_blocks * st.f_frsize // 1024}"

def run(seconds):
    end = time.time() + seconds
    while time.time() < end:
        send_sample()
        if n % 20 == 0: pings[phase].append(ping())
        time.sleep(0.005)

run(1.5)
print("after 'space':", used())
subprocess.run(["dd", "if=/dev/zero", f"of={filler}", "bs=16k"], stderr=subprocess.DEVNULL)
phase = "full"; run(3)
print("after 'full':", used())
os.remove(filler)
print("freed:", used())
phase = "freed"
freed_at = time.time()
run(0.5)
# The gateway retries pending writes on a timer (backoff from 250 ms): wait for them to land.
def on_disk():
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = {r[0] for r in con.execute("SELECT syncIdentifier FROM sample WHERE syncIdentifier IS NOT NULL")}
    con.close(); return rows
landed_after = None
while time.time() - freed_at < 30:
    present = on_disk()
    if all(i in present for i in refused_ids): landed_after = time.time() - freed_at; break
    time.sleep(0.25)
run(1)
os.kill(pid, 9); time.sleep(0.3)
present = on_disk()
con = sqlite3.connect(db); integrity = con.execute("PRAGMA integrity_check").fetchone()[0]; con.close()
lost = [i for i in acknowledged if i not in present]
print(f"{n} samples sent over one connection; the disk filled after phase 'space'")
for (ph, what), count in sorted(outcomes.items()):
    print(f"  {ph:<6} {what:<32} {count:>6}")
if first_refusal: print(f"  first refusal said: {first_refusal}")
for ph in ("space", "full", "freed"):
    if pings[ph]:
        ok = sum(1 for good, _ in pings[ph] if good); worst = max(ms for _, ms in pings[ph])
        print(f"  pings while {ph:<6}: {ok}/{len(pings[ph])} answered, slowest {worst:.1f} ms")
print(f"refused samples on disk after space returned: "
      f"{'all, ' + format(landed_after, '.2f') + ' s after' if landed_after is not None else 'NOT within 30 s'} "
      f"({sum(1 for i in refused_ids if i in present)} of {len(refused_ids)} after the kill)")
print(f"after kill -9: acknowledged {len(acknowledged)}, lost {len(lost)}, integrity {integrity}")
sys.exit(0 if not lost and integrity == "ok" else 1)
PY
