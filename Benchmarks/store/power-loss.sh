#!/usr/bin/env bash
# The power-loss simulation with more states than the suite's 240 (default 1 200): each workload
# (samples streaming with laps and saves, deletes, imports, replication pages) runs under the write
# log (Tests/Support/powerlog/powerlog.c, LD_PRELOAD), then that many states a power cut could
# leave are built and opened; prints per workload the states, acknowledgements checked, states that
# did not open and states that lost an acknowledged write.   Usage: power-loss.sh [STATES] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=interactive=no
export COACH_POWER_CUTS="${1:-1200}"
export COACH_POWER_SECONDS="${2:-4}"
swift build --build-tests >&2
swift test --skip-build --filter PowerLossTests 2>&1 | grep -E "power loss|✔|✘|passed|failed|lost|unopenable"
