#!/usr/bin/env bash
# Idle gateway benchmark: resident memory and wake-ups of `coach serve` with no workout, beside a
# tmux server with one detached session (the peer: another daemon a terminal user keeps running).
# Both are measured in the same run, after a settle time, over the same idle window: RSS (anon and
# file-backed), threads, and context switches summed over every thread (/proc/PID/task/*/sched,
# nr_switches): each is one wake-up. Figures, not a test.
#
# Usage: Benchmarks/idle/run.sh [--window SECONDS] [--coach PATH] [-- EXTRA SERVE ARGUMENTS]
#   default: a 10 s window, the release build of this checkout.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
window=10 coach="" extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --window) window="$2"; shift 2 ;;
        --coach) coach="$2"; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        *) echo "usage: $0 [--window SECONDS] [--coach PATH] [-- EXTRA SERVE ARGUMENTS]" >&2; exit 64 ;;
    esac
done
command -v tmux >/dev/null || { echo "$0: tmux is needed (apt-get install tmux)" >&2; exit 69; }
. "$root/Benchmarks/scratch-world.sh"
release_coach
scratch_world idle

"$coach" serve "${extra[@]}" >"$work/gateway.log" 2>&1 & gateway_pid=$!
for _ in $(seq 200); do [ -S "$work/run/coach/coach.sock" ] && break; sleep 0.05; done
# One client round trip first, as a status bar would have made, then idle.
"$coach" status --no-start >/dev/null
tmux -L "$tmux_name" -f /dev/null new-session -d -s idle
tmux_pid="$(tmux -L "$tmux_name" display -p '#{pid}')"
sleep 3

# Per thread "tid switches"; a thread that ends within the window is counted up to its last reading.
switches() { for t in /proc/"$1"/task/*; do echo "${t##*/} $(awk '/^nr_switches/ {print $3}' "$t/sched" 2>/dev/null)"; done; }
wakeups() { awk 'NR == FNR {b[$1] = $2; next} {n += $2 - ($1 in b ? b[$1] : 0)} END {print n + 0}' <(echo "$1") <(echo "$2"); }
field() { awk -v k="$2:" '$1 == k {print $2}' /proc/"$1"/status; }
before_coach="$(switches "$gateway_pid")" before_tmux="$(switches "$tmux_pid")"
sleep "$window"
after_coach="$(switches "$gateway_pid")" after_tmux="$(switches "$tmux_pid")"

printf '%-14s%12s%12s%12s%10s%22s\n' "" "RSS kB" "anon kB" "file kB" "threads" "wake-ups in ${window} s"
for who in coach tmux; do
    pid="$gateway_pid"; before="$before_coach"; after="$after_coach"
    [ "$who" = tmux ] && pid="$tmux_pid" before="$before_tmux" after="$after_tmux"
    printf '%-14s%12s%12s%12s%10s%22s\n' "$who" "$(field "$pid" VmRSS)" "$(field "$pid" RssAnon)" \
        "$(field "$pid" RssFile)" "$(field "$pid" Threads)" "$(wakeups "$before" "$after")"
done
echo "RSS ratio coach/tmux: $(awk -v a="$(field "$gateway_pid" VmRSS)" -v b="$(field "$tmux_pid" VmRSS)" 'BEGIN {printf "%.1fx", a / b}')   (target: coach <= 20 MB, no wake-ups)"
echo "coach's threads: $(cat /proc/"$gateway_pid"/task/*/comm | sort | uniq -c | tr -s ' ' | tr '\n' ',' | sed 's/,$//')"
