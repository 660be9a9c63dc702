#!/usr/bin/env bash
# The power-loss simulation with more states than the suite's 240 (default 1 200): each workload
# (samples streaming with laps and saves, deletes, imports, replication pages, plans, and the
# settings and anchor files) runs under the write log (Tests/Support/powerlog/powerlog.c,
# LD_PRELOAD), then that many states a power cut could leave are built and opened, GATEWAYS of each
# workload's first with a fresh `coach serve` (history and show through its socket); prints per
# workload the states, acknowledgements checked, states that did not open, states that lost an
# acknowledged write, and gateway checks.   Usage: power-loss.sh [STATES] [SECONDS] [GATEWAYS]
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=interactive=no
export COACH_POWER_CUTS="${1:-1200}"
export COACH_POWER_SECONDS="${2:-4}"
export COACH_POWER_GATEWAYS="${3:-10}"
swift build --build-tests >&2  # coach itself too: the fresh gateways are `coach serve`
swift test --skip-build --filter PowerLossTests 2>&1 | grep -E "power loss|✔|✘|passed|failed|lost|unopenable"
