#!/usr/bin/env bash
# Coach recogniser vs hassil, in one run on this machine:
#  1. a venv with the pinned hassil (requirements.txt), hassil timing + answers;
#  2. the Swift harness (Benchmarks/ package, release build) on the same Intents/ and sentences;
#  3. figures side by side, the speed ratio, and answer agreement on every sentence hassil matches.
# Usage: Benchmarks/recognizer/run.sh [SWIFT_REPEATS] [HASSIL_REPEATS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$root/Benchmarks/hassil-venv.sh"
hassil_world recognizer-bench

echo "== hassil ($("$py" -c 'import importlib.metadata as m; print(m.version("hassil"))'))"
if [ -f "$here/hassil/bench.py" ] && [ -n "${COACH_BENCH_USE_VOCAB_BENCH:-}" ]; then
    "$py" "$here/hassil/bench.py" "$out/sentences.json" "${2:-21}" > "$out/hassil.json"
else
    "$py" "$here/hassil_bench.py" "$out/sentences.json" "${2:-21}" > "$out/hassil.json"
fi

echo "== coach (release build)"
swift build -c release --package-path "$root/Benchmarks" --product RecognizerBench >/dev/null
"$root/Benchmarks/.build/release/RecognizerBench" "$root/Intents" "$out/sentences.json" "${1:-201}" > "$out/coach.json"

"$py" "$here/compare.py" "$out/hassil.json" "$out/coach.json"
