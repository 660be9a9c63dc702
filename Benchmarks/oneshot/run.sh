#!/usr/bin/env bash
# One-shot start-up benchmark: what a status bar pays each time it polls. hyperfine runs, in the
# same run and interleaved round by round, `tmux display -p` (the peer: a C client of a running
# server), `coach status --format tmux` and `coach-status tmux`, both against a running gateway
# with a workout in progress. Prints each median and the ratios to tmux. Figures, not a test.
#
# Usage: Benchmarks/oneshot/run.sh [--runs N] [--rounds R] [--coach PATH] [--coach-status PATH]
#   default: 200 runs per command per round, 3 rounds, release builds of this checkout, `coach`
#   built as docs/cli.md says to install it (--static-swift-stdlib; Package.swift links release
#   builds without PIE), into .build-static/ so the ordinary release build is left alone.
# Needs hyperfine (apt-get install hyperfine), tmux and python3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
runs=200 rounds=3 coach="" tiny=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --coach) coach="$2"; shift 2 ;;
        --coach-status) tiny="$2"; shift 2 ;;
        *) echo "usage: $0 [--runs N] [--rounds R] [--coach PATH] [--coach-status PATH]" >&2; exit 64 ;;
    esac
done
for tool in hyperfine tmux python3; do
    command -v "$tool" >/dev/null || { echo "$0: $tool is needed (apt-get install $tool)" >&2; exit 69; }
done
if [ -z "$coach" ] || [ -z "$tiny" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product coach --scratch-path "$root/.build-static" >/dev/null \
        && swift build -c release --product coach-status >/dev/null)
    coach="${coach:-$root/.build-static/release/coach}" tiny="${tiny:-$root/.build/release/coach-status}"
fi

. "$root/Benchmarks/scratch-world.sh"
scratch_world oneshot
socket="$work/run/coach/coach.sock"

"$coach" serve --countdown 0 >"$work/gateway.log" 2>&1 & gateway_pid=$!
for _ in $(seq 200); do [ -S "$socket" ] && break; sleep 0.05; done
"$coach" start running --location outdoor --no-start >/dev/null
"$coach" sample heartRate 150 --no-start >/dev/null
tmux -L "$tmux_name" -f /dev/null new-session -d -s bench -x 80 -y 24

# What each prints, once, so a reader sees the same thing is being asked for.
echo "tmux display -p:        $(tmux -L "$tmux_name" display -p -t bench '#{session_name} #{window_width}')"
echo "coach status:           $("$coach" status --format tmux --no-start)"
echo "coach-status:           $("$tiny" tmux)"

for round in $(seq "$rounds"); do
    hyperfine -N --warmup 20 --runs "$runs" --style none --export-json "$work/round-$round.json" \
        -n tmux "tmux -L $tmux_name display -p -t bench '#{session_name} #{window_width}'" \
        -n "coach status" "$coach status --format tmux --no-start" \
        -n coach-status "$tiny tmux" \
        -n "coach status (parser path)" "$coach status --format=tmux --no-start" >/dev/null
done

python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
medians, cpu = {}, {}
for r in range(1, rounds + 1):
    for result in json.load(open(f"{work}/round-{r}.json"))["results"]:
        medians.setdefault(result["command"], []).append(result["median"] * 1000)
        cpu.setdefault(result["command"], []).append((result["user"] + result["system"]) * 1000)
tmux, tmux_cpu = statistics.median(medians["tmux"]), statistics.median(cpu["tmux"])
print(f"\n{'command':<28}{'wall median (ms)':>17}{'per round':>26}{'ratio':>8}{'CPU ms':>9}{'ratio':>8}")
for name, values in medians.items():
    m, c = statistics.median(values), statistics.median(cpu[name])
    rounds_text = ' / '.join(f'{v:.2f}' for v in values)
    print(f"{name:<28}{m:>17.2f}  {rounds_text:>24}{m / tmux:>7.2f}x{c:>9.2f}{c / tmux_cpu:>7.2f}x")
print("\nwall: median of the round medians; CPU: user + system, mean per run (median of rounds);")
print("ratios to tmux. targets: coach status <= 2x tmux, coach-status <= 1.2x tmux")
PY
