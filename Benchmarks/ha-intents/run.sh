#!/usr/bin/env bash
# Home Assistant's English intent tests (home-assistant/intents: sentences/en, tests/en with
# tests/en/_fixtures.yaml), run the way HA's own runner runs them — recognize_best, each test's
# intent_context, the fixtures' entities/areas/floors as slot lists, `name` as the best slot —
# through hassil (pinned, requirements.txt) and through Coach's Recognizer.recognizeBest, in one
# run; prints both pass counts (identical intent name and slots) and Coach's misses by category.
# Usage: Benchmarks/ha-intents/run.sh HA_INTENTS_CHECKOUT [-v]
#   HA_INTENTS_CHECKOUT: a directory with the repository's files (nothing of it is copied into
#   this repository; the converted files go to $TMPDIR/coach-ha-intents).
set -euo pipefail
if [ $# -lt 1 ] || [ ! -d "$1/sentences/en" ] || [ ! -f "$1/tests/en/_fixtures.yaml" ]; then
    echo "usage: $0 HA_INTENTS_CHECKOUT [-v]   (a checkout of home-assistant/intents)" >&2
    exit 64
fi
checkout="$(cd "$1" && pwd)"
shift
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
. "$root/Benchmarks/hassil-venv.sh"
hassil_world ha-intents

# The checkout's commit, when it is a git work tree of its own (an archive extracted to /tmp is not).
if [ "$(git -C "$checkout" rev-parse --show-toplevel 2>/dev/null)" = "$checkout" ]; then
    echo "== home-assistant/intents $(git -C "$checkout" log -1 --format='%h (%cs)')"
else
    echo "== home-assistant/intents in $checkout"
fi
"$py" "$here/prepare.py" "$checkout" "$out"

hassil_version="$("$py" -c 'import importlib.metadata as m; print(m.version("hassil"))')"
echo "== hassil $hassil_version"
"$py" "$here/hassil_run.py" "$checkout" "$out/tests.json" "$hassil_version" > "$out/hassil.json"

echo "== coach (release build)"
swift build -c release --package-path "$root/Benchmarks" --product HAIntentsBench >/dev/null
"$root/Benchmarks/.build/release/HAIntentsBench" "$out/intents" "$out/tests.json" > "$out/coach.json"

"$py" "$here/compare.py" "$out/tests.json" "$out/hassil.json" "$out/coach.json" "$@"
