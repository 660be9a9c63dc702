#!/usr/bin/env bash
# Voice benchmark: per-utterance decode time (CPU), real-time factor and grammar build time of
# `coach listen`, and in the same run on the same audio Debian's pocketsphinx_continuous with the
# same grammar (as JSGF) and dictionary: intent accuracy and time side by side.
#   Benchmarks/voice/run.sh [COACH_BINARY]       (default: .build/release/coach, else .build/debug/coach)
# Audio: the commands of Tests/CoachCLITests/Voice/commands.txt, synthesised in turn by espeak-ng in 7
# voices at 130–200 words a minute and by flite in its 4 voices (never tuned on), clean. Needs
# espeak-ng, flite, sox, pocketsphinx (scripts/apt-packages.txt).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"

grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/commands.txt" | sed 's/^[a-z]*: //' > "$work/texts"
say_in_turn "$work/texts" "$work"
sox "$work"/u*.wav "$work/all.wav"
audio=$(soxi -D "$work/all.wav")
n=$(wc -l < "$work/texts")

# Expected intents: what the text recogniser reads from the same sentences.
"$coach" parse --lang en --json --stdin < "$work/texts" | sed 's/.*"intent":\([^,]*\),.*/\1/' | tr -d '"' > "$work/expected" || true

# coach: cold start (the grammar compiled and cached; one utterance), then warm (cached) with
# the decode figures. The peer gets the same grammar as JSGF without the garbage loop.
"$coach" listen --input "$work/u000.wav" --no-act --json --verbose > /dev/null 2> "$work/cold.err"
cold_ms=$(grep -o 'grammar ready in [0-9]*' "$work/cold.err" | grep -o '[0-9]*$')
"$coach" listen --print-grammar --no-wake --no-filler --write-dictionary "$work/coach.dict" > "$work/coach.jsgf" 2>/dev/null
"$coach" listen --input "$work/all.wav" --no-act --json --verbose > "$work/coach.json" 2> "$work/coach.err"
build_ms=$(grep -o 'grammar ready in [0-9]*' "$work/coach.err" | grep -o '[0-9]*$')
grep -o '([0-9]* ms)' "$work/coach.err" | tr -dc '0-9\n' > "$work/coach.ms"
coach_cpu=$(awk '{s += $1} END {print s / 1000}' "$work/coach.ms")
coach_max=$(sort -n "$work/coach.ms" | tail -1)
sed 's/.*"intent":\([^,]*\),.*/\1/' "$work/coach.json" | tr -d '"' > "$work/coach.intents"

# pocketsphinx_continuous: the same grammar (JSGF, no filler loop) and dictionary, same file.
/usr/bin/time -f '%U %S' -o "$work/psc.time" pocketsphinx_continuous -hmm /usr/share/pocketsphinx/model/en-us/en-us \
    -dict "$work/coach.dict" -jsgf "$work/coach.jsgf" -infile "$work/all.wav" -logfn /dev/null > "$work/psc.txt"
psc_cpu=$(awk '{print $1 + $2}' "$work/psc.time")
"$coach" parse --lang en --json --stdin < "$work/psc.txt" | sed 's/.*"intent":\([^,]*\),.*/\1/' | tr -d '"' > "$work/psc.intents" || true

score() {  # intents in utterance order against the expected ones (counts differ when VAD splits)
    paste -d' ' "$work/expected" "$1" | awk '$1 == $2 && $1 != "null" {ok++} END {print ok + 0}'
}
score_flite() {  # the same, flite's utterances only (every nv-th from the 8th)
    paste -d' ' "$work/expected" "$1" | awk -v nv="$nv" '(NR - 1) % nv >= 7 && $1 == $2 && $1 != "null" {ok++} END {print ok + 0}'
}
printf 'utterances %d, audio %.1f s (%s)\n' "$n" "$audio" "$(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
printf '%-26s %10s %14s %10s %10s\n' "" "intent" "CPU/utterance" "max ms" "RTF"
printf '%-26s %7d/%-3d %11.0f ms %10s %10.3f\n' "coach listen" "$(score "$work/coach.intents")" "$n" \
    "$(echo "$coach_cpu * 1000 / $n" | bc -l)" "$coach_max" "$(echo "$coach_cpu / $audio" | bc -l)"
printf '%-26s %7d/%-3d %11.0f ms %10s %10.3f\n' "pocketsphinx_continuous" "$(score "$work/psc.intents")" "$n" \
    "$(echo "$psc_cpu * 1000 / $n" | bc -l)" "-" "$(echo "$psc_cpu / $audio" | bc -l)"
nf=$(awk -v nv="$nv" '(NR - 1) % nv >= 7' "$work/texts" | wc -l)
printf 'of them flite (voices never tuned on): coach %d/%d, pocketsphinx_continuous %d/%d\n' \
    "$(score_flite "$work/coach.intents")" "$nf" "$(score_flite "$work/psc.intents")" "$nf"
printf 'grammar build: %s ms cold (compile + cache + decoder), %s ms warm (cached FSG + dictionary + decoder), wall\n' "$cold_ms" "$build_ms"
printf 'targets: <= 30 ms per command, RTF <= 0.02, grammar build <= 100 ms, better accuracy than the peer\n'
