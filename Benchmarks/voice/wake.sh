#!/usr/bin/env bash
# The wake phrase two ways, on the same audio: Coach's (`coach listen --wake`: "hey coach" is the
# start of the grammar, one search) against pocketsphinx's keyphrase spotting as a separate search
# (`pocketsphinx_continuous -keyphrase "hey coach" -kws_threshold T`, which only has to find the
# phrase). The voice tests' commands are said as "hey coach, <command>", clean, in espeak-ng en-us
# and flite's 4 voices; their non-commands without it. docs/voice.md, "Refusing what is not a command".
#   Benchmarks/voice/wake.sh [COACH_BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"
voices=(espeak:en-us flite:kal16 flite:awb flite:rms flite:slt)

grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/commands.txt" | sed 's/^[a-z]*: /hey coach, /' > "$work/commands.texts"
grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/noncommands.txt" | sed 's/^[a-z]*: //' > "$work/noncommands.texts"
"$coach" parse --lang en --json --stdin < "$work/commands.texts" > "$work/expected.json"
thresholds=(1e-10 1e-20 1e-30 1e-40)
printf '%-8s %-12s %22s %26s' voice corpus "coach --wake: commands" "pocketsphinx -keyphrase:"
printf ' %6s' "${thresholds[@]}"; echo
for v in "${voices[@]}"; do
    for corpus in commands noncommands; do
        dir=$work/$corpus-${v#*:}
        say_all "$v" "$work/$corpus.texts" "$dir"
        "$coach" listen --input "$dir/all.wav" --wake --no-act --json > "$dir/heard.json" 2>/dev/null
        if [[ $corpus == commands ]]; then
            ours=$(python3 - "$work/expected.json" "$dir/heard.json" <<'PY'
import json, sys
expected = [json.loads(l) for l in open(sys.argv[1])]
heard = [json.loads(l) for l in open(sys.argv[2])]
print(f"{sum(1 for e, h in zip(expected, heard) if h['intent'] == e['intent'])}/{len(expected)} right")
PY
)
        else
            ours="$(grep -c '"intent":"' "$dir/heard.json" || true)/$said acting"
        fi
        printf '%-8s %-12s %22s %26s' "${v#*:}" "$corpus" "$ours" "wake phrase found in:"
        for t in "${thresholds[@]}"; do
            n=$(pocketsphinx_continuous -infile "$dir/all.wav" -keyphrase "hey coach" -kws_threshold "$t" -logfn /dev/null 2>/dev/null | grep -c "hey coach" || true)
            printf ' %6s' "$n/$said"
        done
        echo
    done
done
