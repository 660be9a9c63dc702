#!/usr/bin/env bash
# Hostile clients against `coach serve --http` and `--wyoming` (docs/web.md, "Hostile clients"):
# 1 000 connections trickling a request head a byte every 3 s, 1 000 that connect and say nothing,
# and (HTTP) 200 event streams that are never read — each closed one back after 1 s — while one
# client asks /status (Wyoming: describe) every 100 ms on a new connection. Prints that client's
# p50/p99 and failures alone and under the attack in the same run, and the gateway's RSS: idle,
# and its peak under attack.
#   Benchmarks/http/hostile.sh [SECONDS]      (COACH=path to use another build; default: release)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seconds="${1:-20}"
work="$(mktemp -d /tmp/coach-hostile-bench.XXXXXX)"
cleanup() { kill "${coach_pid:-}" 2>/dev/null || true; wait "${coach_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

if [[ -z "${COACH:-}" ]]; then
    (cd "$root" && swift build -c release --product coach >/dev/null)
    COACH="$root/.build/release/coach"
fi

# 2 200 client sockets in the driver, as many in the gateway.
ulimit -n 16384 2>/dev/null || ulimit -n "$(ulimit -Hn)"
export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/run"
export SWIFT_BACKTRACE=interactive=no
mkdir -p "$work/config/coach" "$work/run" && chmod 700 "$work/run"
# Room for the 200 never-read streams (the default is 64): they are held, not refused.
printf 'http:\n  max_clients: 256\n' > "$work/config/coach/config.yaml"
wyoming_port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
"$COACH" serve --guest --countdown 0 --socket "$work/coach.sock" --http 127.0.0.1:0 \
    --wyoming "tcp://127.0.0.1:$wyoming_port" >"$work/serve.log" 2>&1 & coach_pid=$!
for _ in $(seq 200); do [ -S "$work/coach.sock" ] && break; sleep 0.05; done
url="$("$COACH" http url --socket "$work/coach.sock")"
port="$(sed -E 's|http://127.0.0.1:([0-9]+)/.*|\1|' <<<"$url")"
token="$(sed -E 's|.*token=||' <<<"$url")"
"$COACH" start running --socket "$work/coach.sock" >/dev/null   # a status that changes each second

# One target: the client alone, then the attack (two processes, each half of it, niced: they are
# the other machines on the network) and the same client again after 5 s of it.
measure() {
    local mode="$1" port="$2" alone attacked a1 a2 churn
    alone="$(python3 "$here/hostile.py" poll --mode "$mode" --port "$port" --token "$token" --pid "$coach_pid" --seconds "$seconds")"
    local half=(--trickle-count 500 --silent-count 500 --streams 100)
    nice python3 "$here/hostile.py" attack --mode "$mode" --port "$port" --token "$token" "${half[@]}" >"$work/attack1.json" & a1=$!
    nice python3 "$here/hostile.py" attack --mode "$mode" --port "$port" --token "$token" "${half[@]}" >"$work/attack2.json" & a2=$!
    sleep 5
    attacked="$(python3 "$here/hostile.py" poll --mode "$mode" --port "$port" --token "$token" --pid "$coach_pid" --seconds "$seconds")"
    kill -TERM "$a1" "$a2"; wait "$a1" "$a2" || true
    report "$mode" "$alone" "$attacked" "$(cat "$work/attack1.json")" "$(cat "$work/attack2.json")"
}

report() {
    python3 - "$@" "$(cat /proc/loadavg)" <<'PY'
import json, sys
mode, alone, attacked, h1, h2, load = sys.argv[1], *map(json.loads, sys.argv[2:6]), sys.argv[6]
connects = (h1["connects"] + h2["connects"]) / max(h1["seconds"], h2["seconds"])
what = "GET /status" if mode == "http" else "describe"
streams = 200 if mode == "http" else 0
print(f"{mode}: {what} every 100 ms on a new connection, {alone['n'] + alone['failures']} requests per phase; load average {load.split()[0]}")
print(f"  hostile: 1000 trickling, 1000 silent, {streams} never-read streams; {connects:.0f} hostile connects/s, "
      f"{h1['open_at_end'] + h2['open_at_end']} open at the end")
print(f"  {'client':<18}{'n':>6}{'fail':>6}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
for name, s in (("alone", alone), ("attacked", attacked)):
    print(f"  {name:<18}{s['n']:>6}{s['failures']:>6}{s['p50_ms']:>9.1f}{s['p99_ms']:>9.1f}{s['max_ms']:>9.1f}")
print(f"  ratio attacked/alone: p50 {attacked['p50_ms'] / alone['p50_ms']:.2f}x, p99 {attacked['p99_ms'] / alone['p99_ms']:.2f}x")
grown = (attacked["rss_max_kb"] - alone["rss_before_kb"]) / 1024
print(f"  gateway RSS: {alone['rss_before_kb'] / 1024:.1f} MB idle, {alone['rss_max_kb'] / 1024:.1f} MB alone, "
      f"{attacked['rss_max_kb'] / 1024:.1f} MB peak under attack (+{grown:.1f} MB)")
ok = attacked["p99_ms"] <= 100 and attacked["failures"] == 0 and grown <= 32
print(f"  verdict: {'met' if ok else 'NOT met'} (p99 <= 100 ms, no failure, RSS <= idle + 32 MB)")
PY
}

measure http "$port"
measure wyoming "$wyoming_port"
