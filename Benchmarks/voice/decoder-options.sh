#!/usr/bin/env bash
# pocketsphinx's search options against CPU per command: the 60 commands of
# Tests/CoachCLITests/Voice/commands.txt in turn in espeak-ng's 7 voices and flite's 4 (as run.sh),
# clean, decoded by `coach listen --input FILE` once per variant with the options given to the
# decoder (`--decoder-option`, hidden). Prints intents right (tune / fresh apart; in utterance
# order, as run.sh), CPU per utterance (the decoder thread's, from --verbose) and the max.
#   Benchmarks/voice/decoder-options.sh [COACH] -- "NAME:OPTION VALUE OPTION VALUE" ...
#   e.g. Benchmarks/voice/decoder-options.sh -- "default:" "hmm3000:-maxhmmpf 3000" "bp:-bestpath no"
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
arg=${1:-}; [[ $arg == -- ]] && arg=""
voice_world "$arg"
while [[ $# -gt 0 && $1 != -- ]]; do shift; done; shift || true
[[ $# -gt 0 ]] || set -- "default:"

grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/commands.txt" > "$work/lines"
sed 's/^[a-z]*: //' "$work/lines" > "$work/texts"
cut -d: -f1 "$work/lines" > "$work/parts"
say_in_turn "$work/texts" "$work"
sox "$work"/u*.wav "$work/all.wav"
n=$said
"$coach" parse --lang en --json --stdin < "$work/texts" | sed 's/.*"intent":\([^,]*\),.*/\1/' | tr -d '"' > "$work/expected" || true
"$coach" listen --input "$work/u000.wav" --no-act --json > /dev/null 2>&1   # the grammar compiled and cached

printf 'utterances %d, %s cores, load %s\n' "$n" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-22s %8s %8s %8s %14s %8s %s\n' variant right tune fresh "CPU/utterance" "max ms" options
for variant in "$@"; do
    name=${variant%%:*} opts=${variant#*:}
    args=(); [[ -n $opts ]] && args=("--decoder-option=$opts")
    "$coach" listen --input "$work/all.wav" --no-act --json --verbose "${args[@]}" > "$work/$name.json" 2> "$work/$name.err"
    sed 's/.*"intent":\([^,]*\),.*/\1/' "$work/$name.json" | tr -d '"' > "$work/$name.intents"
    grep -o '([0-9]* ms)' "$work/$name.err" | tr -dc '0-9\n' > "$work/$name.ms" || true
    read -r right tune fresh < <(paste -d' ' "$work/expected" "$work/$name.intents" "$work/parts" |
        awk '$1 == $2 && $1 != "null" {ok++; if ($3 == "tune") t++; else f++} END {print ok + 0, t + 0, f + 0}')
    read -r mean max < <(awk '{s += $1; if ($1 > m) m = $1} END {printf "%.0f %d\n", s / NR, m}' "$work/$name.ms")
    printf '%-22s %5d/%-2d %8d %8d %11s ms %8s %s\n' "$name" "$right" "$n" "$tune" "$fresh" "$mean" "$max" "$opts"
done
