#!/usr/bin/env bash
# Commands heard right and non-commands acting per room condition, with and without the speexdsp
# front end (docs/voice.md, "A front end for real rooms"). The voice tests' corpora
# (Tests/CoachCLITests/Voice/commands.txt, noncommands.txt; tune: and fresh: lines reported apart)
# in espeak-ng en-us and flite's kal16 and slt (never tuned on), each voice's sentences in one
# stream, then altered as a whole: white and pink noise at 20/10/5 dB, babble of five voices and
# music-like sound at 10 dB (continuous, through the pauses too), reverb, pitch -400/+400 cents.
#   Benchmarks/voice/rooms.sh [COACH] [-- MODE ...]
# MODE: a label and coach listen options, comma-separated, "label:--opt,--opt"; default: off:--no-front-end and
# on:--front-end. E.g. to measure warping (a file, and decoded while spoken as the microphone is):
#   rooms.sh .build/release/coach -- "w1:--no-front-end" "w0.8:--no-front-end,--warp,0.8" "auto:--no-front-end,--warp,auto" \
#       "s-auto:--no-front-end,--decoding,streaming,--warp,auto"
# ROOMS_SELECT="w0.8 w1 w1.2" adds the rows "best" and "best-ac": per utterance, the result of whichever of
# those modes fits best (path score per frame; acoustic score per frame), as a decoder choosing
# among warp factors would (docs/voice.md, "lower and higher voices").
# ROOMS_CONDITIONS="clean pink10", ROOMS_NONCOMMAND_CONDITIONS="clean" and ROOMS_VOICES="flite:slt" narrow the run; ROOMS_KEEP=DIR keeps
# the audio there for the next run, ROOMS_PREPARE_ONLY=1 only makes it. Heavy: run it under nice.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/Benchmarks/voice/say.sh"
voice_world "${1:-}"; shift || true
[[ ${1:-} == -- ]] && shift
modes=("$@"); ((${#modes[@]})) || modes=("off:--no-front-end" "on:--front-end")
read -ra voices <<< "${ROOMS_VOICES:-espeak:en-us flite:kal16 flite:slt}"
read -ra conditions <<< "${ROOMS_CONDITIONS:-clean white20 white10 white5 pink20 pink10 pink5 babble10 music10 reverb pitch-400 pitch+400}"
bench=$root/Benchmarks/voice
keep=${ROOMS_KEEP:-}  # a directory to keep the audio in (reruns reuse it)
[[ -n $keep ]] && { mkdir -p "$keep"; work_audio=$keep; } || work_audio=$work

# The sentences, each voice's in one stream (say_all: 0.5 s before, 0.7 s after each).
for corpus in commands noncommands; do
    grep -E '^(tune|fresh): ' "$root/Tests/CoachCLITests/Voice/$corpus.txt" > "$work/$corpus.lines"
    sed 's/^[a-z]*: //' "$work/$corpus.lines" > "$work/$corpus.texts"
    cut -d: -f1 "$work/$corpus.lines" > "$work/$corpus.splits"
    for v in "${voices[@]}"; do
        dir=$work_audio/$corpus-${v#*:}
        [[ -f $dir/all.wav ]] || say_all "$v" "$work/$corpus.texts" "$dir"
    done
done
# Noise beds: babble of five voices reading other sentences, and music-like sound (plucked chords
# and a bass line with a beat), each a minute, looped by the mixer (say.sh).
noise_beds "$work_audio"

# Conditions and decoding.
for corpus in commands noncommands; do
    for v in "${voices[@]}"; do
        dir=$work_audio/$corpus-${v#*:}
        for c in "${conditions[@]}"; do
            out=$dir/$c.wav
            if [[ ! -f $out ]]; then
                case $c in
                    clean) cp "$dir/all.wav" "$out" ;;
                    white*|pink*) sox -n -r 16000 -b 16 -c 1 "$work/noise.wav" synth 60 "${c%%[0-9]*}noise"
                                  python3 "$bench/rooms-mix.py" "$dir" "$work/noise.wav" "${c##*[a-z]}" "$out" ;;
                    babble*) python3 "$bench/rooms-mix.py" "$dir" "$work_audio/babble.wav" "${c#babble}" "$out" ;;
                    music*) python3 "$bench/rooms-mix.py" "$dir" "$work_audio/music.wav" "${c#music}" "$out" ;;
                    reverb) sox "$dir/all.wav" "$out" reverb 60 50 100 ;;
                    pitch*) sox "$dir/all.wav" "$out" pitch "${c#pitch}" ;;
                    *) echo "unknown condition $c" >&2; exit 64 ;;
                esac
            fi
        done
    done
done
[[ -n ${ROOMS_PREPARE_ONLY:-} ]] && exit 0
"$coach" parse --lang en --json --stdin < "$work/commands.texts" > "$work/expected.json"
read -ra nonconditions <<< "${ROOMS_NONCOMMAND_CONDITIONS:-${conditions[*]}}"
for corpus in commands noncommands; do
    for v in "${voices[@]}"; do
        for c in "${conditions[@]}"; do
            [[ $corpus == noncommands && " ${nonconditions[*]} " != *" $c "* ]] && continue
            out=$work_audio/$corpus-${v#*:}/$c.wav
            for m in "${modes[@]}"; do
                IFS=, read -ra opts <<< "${m#*:}"
                COACH_VOICE_SCORES=1 "$coach" listen --input "$out" --no-act --json "${opts[@]}" \
                    > "$work/$corpus-${v#*:}-$c-${m%%:*}.json" 2> "$work/$corpus-${v#*:}-$c-${m%%:*}.scores"
            done
        done
    done
done

python3 "$bench/rooms-score.py" "$work" "$work_audio" "${#voices[@]}" "${voices[@]}" "${conditions[@]}" -- "${modes[@]%%:*}"
