#!/usr/bin/env bash
# Coach recogniser vs hassil, in one run on this machine:
#  1. a venv with the pinned hassil (requirements.txt), hassil timing + answers;
#  2. the Swift harness (Benchmarks/ package, release build) on the same Intents/ and sentences;
#  3. figures side by side, the speed ratio, and answer agreement on every sentence hassil matches.
# Usage: Benchmarks/recognizer/run.sh [SWIFT_REPEATS] [HASSIL_REPEATS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${TMPDIR:-/tmp}/coach-recognizer-bench"
mkdir -p "$out"
export SWIFT_BACKTRACE=interactive=no

venv="$root/Benchmarks/.venv"
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install -q -r "$here/requirements.txt"

echo "== hassil ($("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("hassil"))'))"
if [ -f "$here/hassil/bench.py" ] && [ -n "${COACH_BENCH_USE_VOCAB_BENCH:-}" ]; then
    "$venv/bin/python" "$here/hassil/bench.py" "$out/sentences.json" "${2:-21}" > "$out/hassil.json"
else
    "$venv/bin/python" "$here/hassil_bench.py" "$out/sentences.json" "${2:-21}" > "$out/hassil.json"
fi

echo "== coach (release build)"
swift build -c release --package-path "$root/Benchmarks" --product RecognizerBench >/dev/null
"$root/Benchmarks/.build/release/RecognizerBench" "$root/Intents" "$out/sentences.json" "${1:-201}" > "$out/coach.json"

"$venv/bin/python" "$here/compare.py" "$out/hassil.json" "$out/coach.json"
