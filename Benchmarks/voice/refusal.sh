#!/usr/bin/env bash
# Commands heard and non-commands refused, per voice and per corpus split, on clean speech from two
# or three synthesisers: espeak-ng en-us, flite's 4 voices and Festival's 3 (never tuned on). The corpora are the voice
# tests' (Tests/CoachCLITests/Voice/*.txt), each line marked tune: or fresh: (fresh lines were
# never looked at while choosing weights). docs/voice.md, "Refusing what is not a command".
#   Benchmarks/voice/refusal.sh [COACH_BINARY] [coach listen options, e.g. --filler-weight 0.01]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"; shift || true
voices=(espeak:en-us flite:kal16 flite:awb flite:rms flite:slt)
# A third synthesiser, never tuned on, when installed: Festival's two diphone voices and its HTS
# voice (sudo apt-get install festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts).
if command -v text2wave > /dev/null; then
    voices+=(festival:kal_diphone festival:ked_diphone festival:cmu_us_slt_arctic_hts)
fi

for corpus in commands noncommands; do
    grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/$corpus.txt" > "$work/$corpus.lines"
    sed 's/^[a-z]*: //' "$work/$corpus.lines" > "$work/$corpus.texts"
    cut -d: -f1 "$work/$corpus.lines" > "$work/$corpus.splits"
    for v in "${voices[@]}"; do
        dir=$work/$corpus-${v#*:}
        say_all "$v" "$work/$corpus.texts" "$dir"
        "$coach" listen --input "$dir/all.wav" --no-act --json "$@" > "$dir/heard.json" 2>/dev/null
    done
done
"$coach" parse --lang en --json --stdin < "$work/commands.texts" > "$work/expected.json"

python3 - "$work" "${voices[@]}" <<'PY'
import json, sys
work, voices = sys.argv[1], [v.split(':')[1] for v in sys.argv[2:]]
lines = lambda p: [l for l in open(p).read().splitlines()]
expected = [json.loads(l) for l in lines(f'{work}/expected.json')]
print(f'{"voice":22} {"commands tune":>16} {"commands fresh":>16} {"slots":>7} {"non-commands acting tune":>26} {"fresh":>7}')
for v in voices:
    heard = [json.loads(l) for l in lines(f'{work}/commands-{v}/heard.json')]
    splits = lines(f'{work}/commands.splits')
    row = []
    for part in ('tune', 'fresh'):
        idx = [i for i, s in enumerate(splits) if s == part]
        ok = sum(1 for i in idx if i < len(heard) and heard[i]['intent'] == expected[i]['intent'])
        row.append(f'{ok}/{len(idx)}')
    slots = sum(1 for i, e in enumerate(expected) if i < len(heard) and heard[i]['intent'] == e['intent'] and heard[i]['slots'] == e['slots'])
    nheard = [json.loads(l) for l in lines(f'{work}/noncommands-{v}/heard.json')]
    nsplits = lines(f'{work}/noncommands.splits')
    for part in ('tune', 'fresh'):
        idx = [i for i, s in enumerate(nsplits) if s == part]
        row.append(f'{sum(1 for i in idx if i < len(nheard) and nheard[i]["intent"])}/{len(idx)}')
    print(f'{v:22} {row[0]:>16} {row[1]:>16} {slots:>4}/{len(expected)} {row[2]:>26} {row[3]:>7}')
print('(utterances compared in order; a VAD split shifts the rest of that voice)')
PY
