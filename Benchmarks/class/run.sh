#!/usr/bin/env bash
# A class on one broker, measured against mosquitto's own clients in the same run (README.md).
# Usage: Benchmarks/class/run.sh [--coach PATH] [--riders 30] [--interval 1] [--seconds 20]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/bench.py" "$@"
