#!/usr/bin/env bash
# The gateway crash test (issue 7, item 8): run `coach serve` as its own process on a private store
# and socket, stream samples (each with a unique sync id) and laps through the CLI, SIGKILL the
# gateway at a random moment, restart it, and check that every sample the CLI saw acknowledged
# (exit 0) is in the store and that the file passes PRAGMA integrity_check. The restarted gateway
# recovers the killed workout, so every trial after the first also exercises recovery.
#
#   Benchmarks/store/gateway-crash.sh [TRIALS=20] [SECONDS_MAX=2]   (needs `swift build` first)
set -uo pipefail
cd "$(dirname "$0")/../.."
trials="${1:-20}"
max_seconds="${2:-2}"
coach="$PWD/.build/debug/coach"
[[ -x "$coach" ]] || { echo "build first: swift build --product coach" >&2; exit 2; }
export SWIFT_BACKTRACE=interactive=no
work="$(mktemp -d /tmp/coach-gateway-crash.XXXXXX)"
trap 'kill -9 "${serve_pid:-0}" 2>/dev/null; rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
socket="$work/coach.sock"
db="$XDG_DATA_HOME/coach/coach.sqlite"
acked="$work/acked.txt"
: > "$acked"
failures=0

for trial in $(seq 1 "$trials"); do
    "$coach" serve --socket "$socket" --countdown 0 > "$work/serve.log" 2>&1 &
    serve_pid=$!
    for _ in $(seq 1 100); do [[ -S "$socket" ]] && "$coach" status --no-start --socket "$socket" >/dev/null 2>&1 && break; sleep 0.05; done
    "$coach" start running --no-start --socket "$socket" >/dev/null 2>&1 || true  # refused after a recovery: fine
    # Stream in the background; the parent kills the gateway at a random moment.
    (
        n=0
        while :; do
            n=$((n + 1))
            id="t$trial-$n"
            if "$coach" sample heartRate $((90 + n % 60)) --sync-id "$id" --sync-version 1 --no-start --socket "$socket" >/dev/null 2>&1; then
                echo "$id" >> "$acked"
            fi
            (( n % 10 == 0 )) && "$coach" lap --no-start --socket "$socket" >/dev/null 2>&1
        done
    ) &
    streamer=$!
    sleep "$(python3 -c "import random; print(round(random.uniform(0.3, $max_seconds), 2))")"
    kill -9 "$serve_pid"; wait "$serve_pid" 2>/dev/null
    kill "$streamer"; wait "$streamer" 2>/dev/null
    rm -f "$socket"
    # Check the file as the killed gateway left it.
    python3 - "$db" "$acked" <<'PY' || failures=$((failures + 1))
import sqlite3, sys
db, acked = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
present = {row[0] for row in con.execute("SELECT syncIdentifier FROM sample WHERE syncIdentifier IS NOT NULL")}
want = [line.strip() for line in open(acked) if line.strip()]
missing = [i for i in want if i not in present]
print(f"acknowledged {len(want)}, missing {len(missing)}, integrity {integrity}")
sys.exit(0 if integrity == "ok" and not missing else 1)
PY
done
echo "$((trials - failures)) passed, $failures failed"
exit $(( failures > 0 ))
