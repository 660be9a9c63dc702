#!/usr/bin/env bash
# The SIGKILL crash test with more trials than the suite's 20 (default 100): a child writes through
# WorkoutManager + WorkoutStore and is killed at random moments; every acknowledged write must be in
# the reopened file, which must pass PRAGMA integrity_check.   Usage: crash-trials.sh [TRIALS]
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=interactive=no
export COACH_CRASH_TRIALS="${1:-100}"
swift build --build-tests >&2
swift test --skip-build --filter CrashTrialsTests 2>&1 | grep -E "crash trials|✔|✘|passed|failed"
