#!/usr/bin/env bash
# Browser display benchmark: N SSE clients of `coach serve --http` and, as the floor measured in
# the same run, N `feed` subscribers on the same gateway's Unix socket, all read by one C client
# (http_fanout.c) while heart-rate samples arrive. Prints change → delivery p50/p99 for each and the
# gateway's RSS added per HTTP client.
#   Benchmarks/http/run.sh [CLIENTS] [CHANGES] [INTERVAL_MS]        (COACH=path to use another build)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
clients="${1:-200}" changes="${2:-200}" interval="${3:-50}"
work="$(mktemp -d /tmp/coach-http-bench.XXXXXX)"
cleanup() { kill "${coach_pid:-}" 2>/dev/null || true; wait "${coach_pid:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

cc -O2 -o "$work/http_fanout" "$here/http_fanout.c"
if [[ -z "${COACH:-}" ]]; then
    (cd "$root" && swift build -c release --product coach >/dev/null)
    COACH="$root/.build/release/coach"
fi

export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work/run"
export SWIFT_BACKTRACE=interactive=no
mkdir -p "$work/config/coach" "$work/run" && chmod 700 "$work/run"
# Room for every client: the default of 64 streams would refuse the rest with 503.
printf 'http:\n  max_clients: %d\n' "$((clients + 8))" > "$work/config/coach/config.yaml"
ulimit -n 8192 2>/dev/null || true
"$COACH" serve --guest --countdown 0 --socket "$work/coach.sock" --http 127.0.0.1:0 >"$work/serve.log" 2>&1 & coach_pid=$!
for _ in $(seq 200); do [ -S "$work/coach.sock" ] && break; sleep 0.05; done
url="$("$COACH" http url --socket "$work/coach.sock")"
port="$(sed -E 's|http://127.0.0.1:([0-9]+)/.*|\1|' <<<"$url")"
token="$(sed -E 's|.*token=||' <<<"$url")"

result="$("$work/http_fanout" "$port" "$token" "$work/coach.sock" "$coach_pid" "$clients" "$changes" "$interval")"
python3 - "$result" "$(cat /proc/loadavg)" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
print(f"{r['clients']} clients per transport, {r['changes']} heart-rate changes (load average {sys.argv[2].split()[0]})")
print(f"{'transport':<28}{'n':>8}{'p50 ms':>10}{'p99 ms':>10}")
print(f"{'HTTP SSE (/events)':<28}{r['http_n']:>8}{r['http_p50_ms']:>10.2f}{r['http_p99_ms']:>10.2f}")
print(f"{'Unix socket feed (floor)':<28}{r['unix_n']:>8}{r['unix_p50_ms']:>10.2f}{r['unix_p99_ms']:>10.2f}")
if r['unix_p50_ms'] > 0:
    print(f"ratio SSE/socket: p50 {r['http_p50_ms'] / r['unix_p50_ms']:.2f}x, p99 {r['http_p99_ms'] / r['unix_p99_ms']:.2f}x")
print(f"gateway RSS: {r['rss_before_kb']} kB before, {r['rss_http_clients_kb']} kB with the SSE clients "
      f"({r['rss_per_http_client_kb']:.1f} kB per client), {r['rss_after_kb']} kB at the end")
PY
