#!/usr/bin/env bash
# Everyday sentences that are not commands, heard by `coach listen --input` without a wake phrase
# (as a recording handed over is taken): how many act, per voice, and which. Each voice's sentences
# go in one stream (0.5 s before and 0.7 s after each); a result is counted for the sentence whose
# span holds its start.
#   Benchmarks/voice/noncommands-fresh.sh [COACH] [CORPUS] [coach listen options …]
#   CORPUS: one sentence a line, # comments (default: corpora/everyday-fresh13.txt, written
#   before the rule it was first used to measure; docs/voice.md "Refusing what is not a command").
#   NONCOMMAND_VOICES="espeak:en-us flite:kal16 …" picks the voices (default: espeak-ng en-us and
#   flite's four).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"; shift || true
corpus=${1:-$root/Benchmarks/voice/corpora/everyday-fresh13.txt}; shift || true
read -r -a voices <<< "${NONCOMMAND_VOICES:-espeak:en-us flite:kal16 flite:awb flite:rms flite:slt}"
grep -v '^#' "$corpus" | grep -v '^ *$' > "$work/texts"
total=0 acted=0
for v in "${voices[@]}"; do
    dir=$work/${v#*:}
    say_all "$v" "$work/texts" "$dir"
    for f in "$dir"/u*.wav; do soxi -D "$f"; done > "$dir/lengths"
    "$coach" listen --input "$dir/all.wav" --no-act --json "$@" > "$dir/heard.json" 2>/dev/null
    n=$(python3 - "$dir" "$work/texts" "${v}" <<'PY'
import json, sys
d, texts, voice = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(texts).read().splitlines()
starts, t = [], 0.0
for x in open(d + "/lengths").read().split():
    starts.append(t); t += float(x)
acting = set()
for raw in open(d + "/heard.json"):
    r = json.loads(raw)
    if r.get("intent") is None: continue
    i = max(k for k, s in enumerate(starts) if s <= r["start"] + 1e-6)
    acting.add(i)
    print(f"  {voice}: \"{lines[i]}\" → \"{r['heard']}\" {r['intent']}", file=sys.stderr)
print(len(acting))
PY
)
    printf '%-16s %d/%d act\n' "$v" "$n" "$(wc -l < "$work/texts")"
    total=$((total + $(wc -l < "$work/texts"))); acted=$((acted + n))
done
printf 'all voices: %d/%d act (%.1f %%)\n' "$acted" "$total" "$(echo "100 * $acted / $total" | bc -l)"
