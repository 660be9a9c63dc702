#!/usr/bin/env bash
# A week of use, compressed (Benchmarks/soak/week.py; README.md says what it covers and what not).
#   Benchmarks/soak/week.sh [DAYS=7] [DAY_SECONDS=540] [SAMPLES_A_SECOND=20]
# 7 days of 540 s take about 65 minutes (each day: two 1 h workouts on the driven clock, ±2 h wall
# steps, an 8 h suspend, a mirror). Needs root for the store's tmpfs (else no disk-full).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product coach >&2
exec python3 Benchmarks/soak/week.py "$(swift build --show-bin-path)/coach" \
    --days "${1:-7}" --day-seconds "${2:-540}" --rate "${3:-20}"
