#!/usr/bin/env bash
# Builds the store benchmark in release mode and prints its figures. Arguments pass through
# (e.g. --samples 10000 --runs 11). See README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SWIFT_BACKTRACE=interactive=no
swift build -c release --product coach-store-bench >&2
exec .build/release/coach-store-bench "$@"
