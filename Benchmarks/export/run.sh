#!/usr/bin/env bash
# Builds the export benchmark in release mode and prints its figures. Arguments pass through
# (--runs N, --seconds N, --python PATH). Needs the test venv for the peers (scripts/setup-tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=interactive=no
swift build -c release --product coach-export-bench >&2
exec nice -n 19 .build/release/coach-export-bench --python "${COACH_TEST_PYTHON:-$PWD/.venv/bin/python}" "$@"
