#!/usr/bin/env bash
# Idle RSS of `coach serve` per optional service (issue 43): the bar is `ps -o rss` 5 s after the
# start with nothing optional configured, then the same with one service at a time — the browser
# display (--http), Wyoming (--wyoming), Home Assistant over MQTT (--mqtt, a loopback mosquitto),
# a class (--class, same broker), speech (--speak-to DIR: espeak-ng loaded). Each row is the median
# of RUNS starts, each in a scratch world (nothing of the user's read). RSS is split into anon (the
# gateway's own heap and stacks: steady from run to run) and file-backed (the pages of the binary
# and the shared libraries mapped in: they vary with the page cache, since the kernel maps the
# neighbours of a touched page when they are cached, so compare the anon column between rows).
#
# Usage: Benchmarks/idle/services.sh [--runs N] [--coach PATH]   default: 5 runs, this checkout's release build
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs=5 coach=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --coach) coach="$2"; shift 2 ;;
        *) echo "usage: $0 [--runs N] [--coach PATH]" >&2; exit 64 ;;
    esac
done
. "$root/Benchmarks/scratch-world.sh"
release_coach
scratch_world services

broker=""
if command -v mosquitto >/dev/null; then
    port=$((20000 + RANDOM % 20000))
    printf 'listener %s 127.0.0.1\nallow_anonymous true\n' "$port" > "$work/mosquitto.conf"
    mosquitto -c "$work/mosquitto.conf" >"$work/mosquitto.log" 2>&1 & mosquitto_pid=$!
    broker="mqtt://127.0.0.1:$port"
    sleep 0.5
fi

# One start: VmRSS RssAnon RssFile (kB) 5 s after it, then the gateway is stopped.
measure() {
    local world; world="$(mktemp -d "$work/run.XXXXXX")"
    mkdir -p "$world/run" && chmod 700 "$world/run"
    XDG_RUNTIME_DIR="$world/run" XDG_DATA_HOME="$world/data" XDG_STATE_HOME="$world/state" \
        XDG_CONFIG_HOME="$world/config" HOME="$world" "$coach" serve "$@" >"$world/gateway.log" 2>&1 & local pid=$!
    sleep 5
    awk '/^(VmRSS|RssAnon|RssFile):/ {printf "%s ", $2} END {print ""}' /proc/"$pid"/status
    kill "$pid"; wait "$pid" 2>/dev/null || true
}

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

row() {
    local name="$1"; shift
    local samples=()
    for _ in $(seq "$runs"); do samples+=("$(measure "$@")"); done
    local rss anon file
    rss="$(printf '%s\n' "${samples[@]}" | awk '{print $1}' | median)"
    anon="$(printf '%s\n' "${samples[@]}" | awk '{print $2}' | median)"
    file="$(printf '%s\n' "${samples[@]}" | awk '{print $3}' | median)"
    printf '%-34s%10s%10s%10s   %s\n' "$name" "$rss" "$anon" "$file" "$(printf '%s\n' "${samples[@]}" | awk '{print $1}' | tr '\n' ' ')"
}

printf '%-34s%10s%10s%10s   %s\n' "coach serve, median of $runs" "RSS kB" "anon kB" "file kB" "each run's RSS"
row "nothing optional"
row "--http 127.0.0.1:0" --http 127.0.0.1:0
row "--wyoming tcp://127.0.0.1:0" --wyoming tcp://127.0.0.1:0
if [ -n "$broker" ]; then
    row "--mqtt (loopback mosquitto)" --mqtt "$broker"
    row "--class (loopback mosquitto)" --class bench --rider anna --class-broker "$broker"
else
    echo "(no mosquitto: MQTT and class rows left out; apt-get install mosquitto)"
fi
row "--speak-to DIR (espeak-ng loaded)" --speak-to "$work/speech"
[ -n "${mosquitto_pid:-}" ] && kill "$mosquitto_pid"
