#!/usr/bin/env bash
# Unix-socket benchmark: the C floor (pingpong_server.c) and `coach serve`, measured in the same
# run by the same C client. Prints round-trip p50/p99 one request at a time, pipelined throughput
# on one connection, and the ratios. Usage: Benchmarks/socket/run.sh [ROUND_TRIPS] [PIPELINED] [WINDOW]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
trips="${1:-20000}" pipelined="${2:-200000}" window="${3:-256}"
work="$(mktemp -d /tmp/coach-bench.XXXXXX)"
cleanup() { kill "${server_pid:-}" "${coach_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

cc -O2 -o "$work/pingpong_server" "$here/pingpong_server.c"
cc -O2 -o "$work/bench_client" "$here/bench_client.c"
(cd "$root" && swift build -c release --product coach >/dev/null)
coach="$root/.build/release/coach"

"$work/pingpong_server" "$work/c.sock" & server_pid=$!
for _ in $(seq 100); do [ -S "$work/c.sock" ] && break; sleep 0.05; done
c_result="$("$work/bench_client" "$work/c.sock" "$trips" "$pipelined" "$window" ping)"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true

export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" SWIFT_BACKTRACE=interactive=no
"$coach" serve --socket "$work/coach.sock" >/dev/null & coach_pid=$!
for _ in $(seq 200); do [ -S "$work/coach.sock" ] && break; sleep 0.05; done
coach_ping="$("$work/bench_client" "$work/coach.sock" "$trips" "$pipelined" "$window" ping)"
coach_status="$("$work/bench_client" "$work/coach.sock" "$((trips / 4))" "$((pipelined / 4))" "$window" status)"
# Durable ingestion: each sample is committed (SQLite, synchronous=FULL) before its reply.
"$coach" start running --socket "$work/coach.sock" --no-start >/dev/null
sleep 3.2   # the countdown
coach_sample="$("$work/bench_client" "$work/coach.sock" 500 20000 "$window" sample)"
# The same from a client that writes as fast as it can (the gateway's backpressure holds it).
coach_sample_wide="$("$work/bench_client" "$work/coach.sock" 10 20000 4096 sample)"

python3 - "$c_result" "$coach_ping" "$coach_status" "$coach_sample" "$coach_sample_wide" <<'PY'
import json, sys
c, ping, status, sample, wide = (json.loads(a) for a in sys.argv[1:])
print(f"{'server':<22}{'p50 µs':>10}{'p99 µs':>10}{'pipelined req/s':>18}")
for name, r in (("C floor (ping)", c), ("coach (ping)", ping), ("coach (status)", status), ("coach (durable sample)", sample)):
    print(f"{name:<22}{r['p50_us']:>10.1f}{r['p99_us']:>10.1f}{r['req_per_s']:>18,.0f}")
print(f"p50 ratio coach/C (ping): {ping['p50_us'] / c['p50_us']:.2f}x   (target <= 1.5x, issue #15)")
print(f"pipelined ping: {ping['req_per_s']:,.0f} req/s (target >= 300,000); C/coach {c['req_per_s'] / ping['req_per_s']:.1f}x")
print(f"durable samples over the socket: {sample['req_per_s']:,.0f}/s pipelined (group commit, window {sample['window']}), "
      f"{wide['req_per_s']:,.0f}/s (window {wide['window']}); one at a time p50 {sample['p50_us']:.0f} µs (target >= 20,000/s)")
PY
